// Suite `determinism` (contract rule 10): a long scripted simulation (thousands of moves with
// bounces and slides, casts and queries, over bodies and tiles) hashed bit for bit with FNV-1a
// over the raw bytes of every real and integer of every answer, compared with the golden value
// in tests/data/determinism_hash.txt (determinism_hash_double.txt when real is double). GCC and
// Clang builds at any optimisation level must print the same hash.
//
// The inputs come from ref::Rng (std::mt19937, whose output the standard fixes, with
// hand-written distributions), so they do not depend on the standard library either.
//
// To regenerate the golden value after an intended change of results: run
//   sweepbox_tests --run_test=determinism --log_level=message
// and copy the printed hash into the data file (one line of 16 hex digits).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <boost/test/unit_test.hpp>
#include "reference_world.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::box;
using sbt::v2;

namespace {

// FNV-1a, 64 bits, over raw bytes (http://www.isthe.com/chongo/tech/comp/fnv/).
// When the environment variable SWEEPBOX_DETERMINISM_TRACE names a file, every hashed value is
// also written there as hex bytes, one per line, so two builds can be compared with diff.
struct Fnv {
    std::uint64_t h = 14695981039346656037ull;
    std::FILE* trace = nullptr;
    void bytes(const void* p, std::size_t n) {
        const auto* b = static_cast<const unsigned char*>(p);
        for (std::size_t i = 0; i < n; ++i) {
            h ^= b[i];
            h *= 1099511628211ull;
        }
        if (trace) {
            for (std::size_t i = 0; i < n; ++i) std::fprintf(trace, "%02x", b[i]);
            std::fprintf(trace, "\n");
        }
    }
    void mark(const char* what, long k, Vec2 a = {0, 0}, Vec2 b = {0, 0}) {
        if (trace)
            std::fprintf(trace, "# %s %ld (%.9g, %.9g) (%.9g, %.9g)\n", what, k, double(a.x), double(a.y), double(b.x),
                         double(b.y));
    }
    void r(real v) { bytes(&v, sizeof v); }
    void i(std::int64_t v) { bytes(&v, sizeof v); }
    void v(Vec2 x) {
        r(x.x);
        r(x.y);
    }
    void box(const Aabb& b) {
        v(b.min);
        v(b.max);
    }
    void other(const Other& o) {
        i(std::int64_t(o.kind));
        if (o.is_body()) {
            i(o.body.index);
            i(o.body.generation);
        } else if (o.is_tile()) {
            i(o.tile.column);
            i(o.tile.row);
        }
    }
    void move(const MoveResult& m) {
        box(m.box);
        v(m.velocity);
        i(m.iterations);
        i(m.truncated);
        i(std::int64_t(m.contacts.size()));
        for (const Contact& c : m.contacts) {
            other(c.other);
            r(c.time);
            v(c.normal);
            v(c.point);
            box(c.box);
            i(std::int64_t(c.response));
            i(c.started_overlapping);
            i(c.corner);
            i(c.junction);
            if (c.started_overlapping) {
                r(c.depth);
                v(c.sweep_back);
            }
        }
    }
    void cast(const CastHit& c) {
        i(c.hit);
        if (!c.hit) return;
        r(c.time);
        v(c.normal);
        v(c.point);
        box(c.box);
        other(c.other);
        i(c.started_overlapping);
        i(c.corner);
        i(c.junction);
    }
};

std::string hex(std::uint64_t h) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::uint64_t run_simulation(long* moves_out) {
    Fnv f;
    const char* trace_path = std::getenv("SWEEPBOX_DETERMINISM_TRACE");
    if (trace_path) f.trace = std::fopen(trace_path, "w");
    ref::Rng rng(20261122);
    WorldDef def;
    def.cell_size = 32;
    World w(def);
    TileMapDef td;
    td.origin = v2(-256, -256);
    td.tile_size = 16;
    td.columns = 32;
    td.rows = 32;
    w.set_tile_map(td);
    // A closed room of solid tiles with platforms, some one-way.
    for (int c = 0; c < 32; ++c) {
        w.set_tile({c, 0}, Tile::solid);
        w.set_tile({c, 31}, Tile::solid);
        w.set_tile({0, c}, Tile::solid);
        w.set_tile({31, c}, Tile::solid);
    }
    for (int k = 0; k < 40; ++k) {
        const int row = rng.uniform_int(4, 28), col = rng.uniform_int(2, 24), len = rng.uniform_int(2, 6);
        for (int c = col; c < col + len; ++c) w.set_tile({c, row}, rng.chance(0.3) ? Tile::one_way : Tile::solid);
    }
    // Static bodies: pillars and 0-thickness walls.
    for (int k = 0; k < 30; ++k) {
        BodyDef d;
        d.is_static = true;
        const real x = rng.uniform(-230, 220), y = rng.uniform(-230, 220);
        d.box = rng.chance(0.3) ? Aabb{{x, y}, {x, y + rng.uniform(5, 60)}}
                                : Aabb{{x, y}, {x + rng.uniform(1, 20), y + rng.uniform(1, 20)}};
        d.category = 2;
        w.add(d);
    }
    // Movers: grenades (bounce), characters (slide), bullets (zero-size).
    std::vector<BodyId> movers;
    std::vector<int> kinds;
    std::vector<Vec2> velocity;
    for (int k = 0; k < 60; ++k) {
        BodyDef d;
        const int kind = k % 3;
        const real s = kind == 2 ? real(0) : rng.uniform(2, 12);
        const real x = rng.uniform(-220, 200), y = rng.uniform(-220, 200);
        d.box = {{x, y}, {x + s, y + s}};
        d.category = kind == 2 ? 8u : 4u;
        d.mask = kind == 2 ? ~8u : 0xffffffffu;
        movers.push_back(w.add(d));
        kinds.push_back(kind);
        velocity.push_back({rng.uniform(-400, 400), rng.uniform(-400, 400)});
    }
    const real dt = real(1.0) / 60;
    const Vec2 gravity{0, 600};
    MoveResult r;
    std::vector<CastHit> hits;
    std::vector<Other> found;
    long moves = 0;
    for (int step = 0; step < 120; ++step) {
        for (std::size_t k = 0; k < movers.size(); ++k) {
            MoveOptions o;
            o.has_velocity = true;
            if (kinds[k] != 2) velocity[k] = velocity[k] + gravity * dt;
            o.velocity = velocity[k];
            if (kinds[k] == 0) {
                o.response = Response::bounce;
                o.restitution = real(0.7);
                o.friction = real(0.05);
            } else if (kinds[k] == 1) {
                o.response = Response::slide;
            } else {
                o.response = step % 2 ? Response::bounce : Response::cross;
            }
            f.mark("move", moves);
            w.move(movers[k], velocity[k] * dt, o, r);
            velocity[k] = r.velocity;
            f.move(r);
            ++moves;
        }
        // Shots, sweeps and queries.
        for (int q = 0; q < 25; ++q) {
            const Vec2 from{rng.uniform(-240, 240), rng.uniform(-240, 240)};
            const Vec2 d{rng.uniform(-600, 600), rng.uniform(-600, 600)};
            f.mark("casts from, delta", step * 25 + q, from, d);
            f.cast(w.cast_ray(from, d));
            const Aabb b{from, from + v2(8, 8)};
            f.cast(w.cast_box(b, d));
            w.cast_all(b, d, hits);
            f.i(std::int64_t(hits.size()));
            for (const CastHit& h : hits) f.cast(h);
            w.query_rect({from, from + v2(40, 40)}, found);
            for (const Other& o : found) f.other(o);
            f.mark("query_segment to", 0, from + d);
            w.query_segment(from, from + d, found);
            for (const Other& o : found) f.other(o);
        }
        // Doors open and close.
        // (Each draw in its own statement: the order of evaluation of function arguments differs
        // between GCC and Clang.)
        if (step % 10 == 5) {
            const TileCell cell{rng.uniform_int(1, 30), rng.uniform_int(1, 30)};
            const Tile tile = Tile(rng.uniform_int(0, 2));
            w.set_tile(cell, tile);
        }
        std::vector<Pair> pairs;
        w.overlapping_pairs(pairs);
        for (const Pair& p : pairs) {
            f.i(p.a.index);
            f.i(p.b.index);
            f.r(p.overlap.depth);
            f.v(p.overlap.normal);
        }
    }
    *moves_out = moves;
    if (f.trace) std::fclose(f.trace);
    return f.h;
}

} // namespace

BOOST_AUTO_TEST_SUITE(determinism)

BOOST_AUTO_TEST_CASE(golden_hash) {
    long moves = 0;
    const std::uint64_t h = run_simulation(&moves);
#if defined(SWEEPBOX_DOUBLE)
    const std::string file = std::string(SWEEPBOX_TEST_DATA_DIR) + "/determinism_hash_double.txt";
#else
    const std::string file = std::string(SWEEPBOX_TEST_DATA_DIR) + "/determinism_hash.txt";
#endif
    BOOST_TEST_MESSAGE("determinism hash: " << hex(h) << " (" << moves << " moves; golden file " << file << ")");
    BOOST_TEST(moves >= 5000);
    std::ifstream in(file);
    std::string golden;
    BOOST_REQUIRE_MESSAGE(bool(in >> golden), "cannot read the golden hash from " << file << "; computed " << hex(h));
    BOOST_TEST(golden == hex(h), "golden " << golden << " in " << file << ", computed " << hex(h));
}

// The same run twice in one process gives the same hash (no hidden state, no address order).
BOOST_AUTO_TEST_CASE(same_run_same_hash) {
    long m1 = 0, m2 = 0;
    const std::uint64_t a = run_simulation(&m1);
    const std::uint64_t b = run_simulation(&m2);
    BOOST_TEST(hex(a) == hex(b));
    BOOST_TEST(m1 == m2);
}

BOOST_AUTO_TEST_SUITE_END()
