// The C API against the C++ API: seeded random scenes (bodies, tiles, one-way tiles) driven
// through both with the same calls (moves with every option, teleports, removals, tiles, casts,
// queries, bad input), compared bit for bit; then what only C++ can provoke: an allocation that
// fails (SWEEPBOX_OUT_OF_MEMORY) and a filter that throws (SWEEPBOX_INTERNAL_ERROR), each leaving
// the world as it was; and const calls on many threads at once.
#define BOOST_TEST_MODULE c_api_vs_cpp
#include <boost/test/unit_test.hpp>

#include <sweepbox/sweepbox.h>
#include <sweepbox/sweepbox_answers.h>
#include <sweepbox/sweepbox_moving.h>
#include <sweepbox/sweepbox.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace sbt { // failing_allocator.cpp
bool can_fail_allocations();
void fail_allocations(bool on);
} // namespace sbt

namespace {

using namespace sweepbox;

// ---- the same value on both sides ----

sweepbox_vec2 c_vec(Vec2 v) { return {double(v.x), double(v.y)}; }
sweepbox_box c_box(const Aabb& b) { return {c_vec(b.min), c_vec(b.max)}; }
sweepbox_body_id c_id(BodyId id) { return {id.index, id.generation}; }

std::string str(Vec2 v) {
    std::ostringstream out;
    out.precision(17);
    out << "(" << v.x << ", " << v.y << ")";
    return out.str();
}

bool same(sweepbox_vec2 c, Vec2 v) { return c.x == double(v.x) && c.y == double(v.y); }
bool same(const sweepbox_box& c, const Aabb& b) { return same(c.min, b.min) && same(c.max, b.max); }
bool same(const sweepbox_other& c, const Other& o) {
    switch (o.kind) {
    case Other::Kind::none: return c.kind == SWEEPBOX_OTHER_NONE;
    case Other::Kind::body:
        return c.kind == SWEEPBOX_OTHER_BODY && c.body.index == o.body.index && c.body.generation == o.body.generation;
    case Other::Kind::tile:
        return c.kind == SWEEPBOX_OTHER_TILE && c.tile.column == o.tile.column && c.tile.row == o.tile.row;
    }
    return false;
}
std::uint32_t flags(bool started, bool corner, bool junction) {
    return (started ? 1u : 0u) | (corner ? 2u : 0u) | (junction ? 4u : 0u);
}
bool same(const sweepbox_contact& c, const Contact& k) {
    return same(c.other, k.other) && c.response == std::int32_t(k.response) &&
           c.flags == flags(k.started_overlapping, k.corner, k.junction) && c.time == double(k.time) &&
           same(c.normal, k.normal) && same(c.point, k.point) && same(c.box, k.box) && c.depth == double(k.depth) &&
           same(c.sweep_back, k.sweep_back);
}
bool same(const sweepbox_cast_hit& c, const CastHit& h) {
    if (c.hit != (h.hit ? 1 : 0)) return false;
    return !h.hit ||
           (c.flags == flags(h.started_overlapping, h.corner, h.junction) && c.time == double(h.time) &&
            same(c.normal, h.normal) && same(c.point, h.point) && same(c.box, h.box) && same(c.other, h.other));
}
bool same(const sweepbox_pair& c, const Pair& p) {
    return c.a.index == p.a.index && c.a.generation == p.a.generation && c.b.index == p.b.index &&
           c.b.generation == p.b.generation && c.depth == double(p.overlap.depth) && same(c.normal, p.overlap.normal);
}

// The same pure filter on both sides: bodies by index, tiles by parity.
Response pick(bool is_body, std::uint32_t index, std::int32_t column, std::int32_t row) {
    if (is_body) return Response(index % 5);
    return (column + row) % 2 != 0 ? Response::slide : Response::bounce;
}
Response cpp_filter(void* /*context*/, const World& /*world*/, BodyId /*self*/, const Other& o) {
    return pick(o.is_body(), o.body.index, o.tile.column, o.tile.row);
}
int c_filter(void* /*context*/, const sweepbox_world* /*world*/, const sweepbox_body_id* /*self*/,
             const sweepbox_other* o) {
    return int(pick(o->kind == SWEEPBOX_OTHER_BODY, o->body.index, o->tile.column, o->tile.row));
}

// A C++ world and a C world built and driven with the same calls.
struct Twin {
    World cpp;
    sweepbox_world* c = nullptr;
    explicit Twin(const WorldDef& def) : cpp(def) {
        sweepbox_world_def d = sweepbox_world_def_default();
        d.cell_size = double(def.cell_size);
        d.oversize_cells = def.oversize_cells;
        d.brute_force = def.brute_force ? 1 : 0;
        BOOST_REQUIRE_EQUAL(sweepbox_world_create(&d, &c), SWEEPBOX_OK);
    }
    ~Twin() { sweepbox_world_destroy(c); }
    // The tests' map on both sides: 26 x 20 empty tiles of 16 from (-32, -16).
    TileMapDef set_test_map() {
        const TileMapDef map{
            .origin = {-32, -16}, .tile_size = 16, .columns = 26, .rows = 20, .category = 1, .mask = ~0u};
        sweepbox_tile_map_def c_map = sweepbox_tile_map_def_default();
        c_map.origin = {-32, -16};
        c_map.columns = 26;
        c_map.rows = 20;
        cpp.set_tile_map(map);
        BOOST_REQUIRE_EQUAL(sweepbox_set_tile_map(c, &c_map), SWEEPBOX_OK);
        return map;
    }
    // A body of this box, static flag and category on both sides.
    BodyId add(const BodyDef& d) {
        const BodyId id = cpp.add(d);
        sweepbox_body_def def = sweepbox_body_def_default();
        def.box = {{double(d.box.min.x), double(d.box.min.y)}, {double(d.box.max.x), double(d.box.max.y)}};
        def.is_static = d.is_static ? 1 : 0;
        def.category = d.category;
        sweepbox_body_id out{};
        BOOST_REQUIRE_EQUAL(sweepbox_add(c, &def, &out), SWEEPBOX_OK);
        BOOST_REQUIRE(out.index == id.index && out.generation == id.generation);
        return id;
    }
    void set_tile(std::int32_t column, std::int32_t row, int tile) {
        cpp.set_tile({column, row}, Tile(tile));
        BOOST_REQUIRE_EQUAL(sweepbox_set_tile(c, column, row, tile), SWEEPBOX_OK);
    }
    Twin(const Twin&) = delete;
    Twin& operator=(const Twin&) = delete;
};

struct Rng {
    std::mt19937 g;
    explicit Rng(unsigned seed) : g(seed) {}
    double uniform(double a, double b) { return std::uniform_real_distribution<double>(a, b)(g); }
    int below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(g); }
    bool chance(double p) { return uniform(0, 1) < p; }
    // A coordinate, often on a grid of quarter units so that boxes touch exactly.
    real coordinate(double a, double b) {
        const double x = uniform(a, b);
        return real(chance(0.5) ? std::round(x * 4) / 4 : x);
    }
    Aabb box() {
        const real x = coordinate(-40, 360), y = coordinate(-30, 280);
        const real w = chance(0.15) ? real(0) : coordinate(0.25, 40), h = chance(0.15) ? real(0) : coordinate(0.25, 40);
        return {{x, y}, {x + w, y + h}};
    }
    Vec2 delta() {
        const double len = chance(0.2) ? 400 : 120;
        Vec2 d{coordinate(-len, len), coordinate(-len, len)};
        if (chance(0.2)) d.x = 0;
        if (chance(0.2)) d.y = 0;
        return d;
    }
};

// Every body of both worlds: the same ids, boxes and words.
std::string compare_bodies(const Twin& t) {
    std::vector<BodyId> ids;
    t.cpp.body_ids(ids);
    std::vector<sweepbox_body_id> c_ids(ids.size() + 1);
    std::size_t count = 0;
    if (sweepbox_body_ids(t.c, c_ids.data(), c_ids.size(), &count) != SWEEPBOX_OK || count != ids.size())
        return "body_ids differ";
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (c_ids[i].index != ids[i].index || c_ids[i].generation != ids[i].generation) return "body ids differ";
        sweepbox_body_def c{};
        const BodyInfo b = t.cpp.info(ids[i]);
        if (sweepbox_get_info(t.c, &c_ids[i], &c) != SWEEPBOX_OK || !same(c.box, b.box) ||
            c.is_static != (b.is_static ? 1 : 0) || c.is_platform != (b.is_platform ? 1 : 0) ||
            c.is_sensor != (b.is_sensor ? 1 : 0) || c.category != b.category || c.mask != b.mask ||
            c.user_data != b.user_data || c.one_way != std::int32_t(b.one_way))
            return "body " + std::to_string(ids[i].index) + " differs";
    }
    return "";
}

// What a C call must return when the C++ call threw `e` (or OK when it did not).
sweepbox_status expected_status(const std::string& error) {
    if (error.empty()) return SWEEPBOX_OK;
    return error.find("body id") != std::string::npos ? SWEEPBOX_BAD_ID : SWEEPBOX_BAD_ARGUMENT;
}

template <class F> std::string error_of(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// An answered move (sweepbox_answers.h) driven as a caller drives it: each body it asks about is
// answered as cpp_filter answers (the table grows when a body's index is past its end), then it is
// called again. `rounds` counts the calls, `met` the bodies the move itself asked for (met outside
// the reach the first call lists).
struct Answerer {
    std::vector<sweepbox_answer> table = std::vector<sweepbox_answer>(4);
    std::uint32_t stamp = 0;
    int rounds = 0, met = 0;
    sweepbox_status run(sweepbox_world* moving, const sweepbox_world* world, const sweepbox_body_id* id, double dx,
                        double dy, const sweepbox_move_options* o, sweepbox_move_result* r) {
        std::array<sweepbox_body_id, 3> asked{};
        sweepbox_answers a{};
        a.stamp = ++stamp;
        a.asked = asked.data();
        a.asked_capacity = asked.size();
        for (int call = 0; call < 1000; ++call) {
            a.table = table.data();
            a.size = table.size();
            ++rounds;
            const std::string before = sweepbox_last_error(world);
            const sweepbox_status status = moving ? sweepbox_move_answered(moving, id, dx, dy, o, &a, r)
                                                  : sweepbox_check_answered(world, id, dx, dy, o, &a, r);
            if (status != SWEEPBOX_UNANSWERED) return status;
            // A listing leaves the last error alone; a body the move met is named there.
            const std::string after = sweepbox_last_error(world);
            if (after != before && after.find("which has no answer") != std::string::npos) ++met;
            for (std::size_t i = 0; i < a.asked_count; ++i) {
                const std::uint32_t index = asked[i].index;
                if (index >= table.size()) table.resize(index + 1);
                table[index] = {a.stamp, std::int32_t(pick(true, index, 0, 0))};
            }
        }
        return SWEEPBOX_UNANSWERED;
    }
};

// What the random scenes exercised, printed at the end (so a change that makes them trivial shows).
struct Tally {
    int moves = 0, refused = 0, undone = 0, contacts = 0, hits = 0, found = 0;
    std::size_t particles = 0;
};

void run_scene(unsigned seed, Tally& tally) {
    Rng rng(seed);
    WorldDef def;
    def.cell_size = real(16 << rng.below(3));
    def.brute_force = rng.chance(0.2);
    Twin t(def);

    const TileMapDef map = t.set_test_map();
    for (std::int32_t row = 0; row < map.rows; ++row)
        for (std::int32_t column = 0; column < map.columns; ++column)
            if (rng.chance(0.12)) t.set_tile(column, row, rng.chance(0.8) ? 1 : 2);

    std::vector<BodyId> live, stale;
    auto add = [&] {
        BodyDef d;
        d.box = rng.box();
        d.is_static = rng.chance(0.4);
        d.category = 1u << rng.below(3);
        d.mask = rng.chance(0.8) ? ~0u : 1u | (1u << rng.below(3));
        d.user_data = std::uint64_t(rng.below(1000));
        if (rng.chance(0.1)) d.one_way = OneWay(1 + rng.below(4));
        const BodyId id = t.cpp.add(d);
        sweepbox_body_def c = sweepbox_body_def_default();
        c.box = c_box(d.box);
        c.is_static = d.is_static ? 1 : 0;
        c.category = d.category;
        c.mask = d.mask;
        c.user_data = d.user_data;
        c.one_way = std::int32_t(d.one_way);
        sweepbox_body_id c_out{};
        BOOST_REQUIRE_EQUAL(sweepbox_add(t.c, &c, &c_out), SWEEPBOX_OK);
        BOOST_REQUIRE(c_out.index == id.index && c_out.generation == id.generation);
        live.push_back(id);
    };
    for (int i = 0; i < 24; ++i) add();

    std::array<Response, 32> table{};
    std::array<std::int32_t, 32> c_table{};
    std::vector<sweepbox_contact> contacts(64);
    std::vector<sweepbox_cast_hit> hits(64);
    std::vector<sweepbox_other> others(256);
    std::vector<sweepbox_pair> pairs(256);
    const real nan = std::numeric_limits<real>::quiet_NaN();

    for (int op = 0; op < 250; ++op) {
        std::ostringstream where;
        where << "seed " << seed << ", op " << op;
        const BodyId id = rng.chance(0.05) && !stale.empty() ? stale[std::size_t(rng.below(int(stale.size())))]
                        : live.empty()                       ? BodyId{}
                                                             : live[std::size_t(rng.below(int(live.size())))];
        const sweepbox_body_id cid = c_id(id);
        const int kind = rng.below(10);
        if (kind <= 3) { // move, with every option
            MoveOptions o;
            o.response = Response(rng.below(5));
            o.restitution = rng.chance(0.5) ? real(rng.below(3)) / 2 : real(rng.uniform(0, 1));
            o.friction = rng.chance(0.5) ? real(0) : real(rng.uniform(0, 1));
            o.max_iterations = 1 + rng.below(10);
            o.velocity = rng.delta();
            o.rest_speed = rng.chance(0.3) ? real(rng.uniform(0, 50)) : real(0);
            if (rng.chance(0.02)) o.rest_speed = real(-1);
            o.drop_through = rng.chance(0.1);
            const real reaches[] = {8, 0, 1, std::numeric_limits<real>::infinity(), real(2.5)};
            o.push_out_sides = rng.chance(0.5) ? real(8) : reaches[rng.below(5)];
            if (rng.chance(0.02)) o.push_out_sides = real(-1);
            if (rng.chance(0.2)) {
                for (std::size_t i = 0; i < 32; ++i) table[i] = Response(rng.below(5));
                o.category_responses = &table;
            }
            if (rng.chance(0.2)) o.filter = cpp_filter;
            Vec2 d = rng.delta();
            if (rng.chance(0.03)) d.y = nan;
            if (rng.chance(0.03)) o.restitution = real(1.5);

            sweepbox_move_options c = sweepbox_move_options_default();
            c.response = std::int32_t(o.response);
            c.restitution = double(o.restitution);
            c.friction = double(o.friction);
            c.max_iterations = o.max_iterations;
            c.velocity = c_vec(o.velocity);
            c.rest_speed = double(o.rest_speed);
            c.drop_through = o.drop_through ? 1 : 0;
            c.push_out_sides = double(o.push_out_sides);
            if (o.category_responses) {
                for (std::size_t i = 0; i < 32; ++i) c_table[i] = std::int32_t(table[i]);
                c.category_responses = c_table.data();
            }
            if (o.filter) c.filter = c_filter;
            sweepbox_move_result cr{};
            cr.contacts = contacts.data();
            cr.capacity = contacts.size();

            // The dry run first, on both sides: C's check must give C++'s move answer.
            std::vector<sweepbox_contact> checked_contacts(contacts.size());
            sweepbox_move_result checked{};
            checked.contacts = checked_contacts.data();
            checked.capacity = checked_contacts.size();
            const sweepbox_status check_status = sweepbox_check(t.c, &cid, double(d.x), double(d.y), &c, &checked);
            MoveResult r;
            const std::string error = error_of([&] { t.cpp.move(id, d, o, r); });
            BOOST_TEST_REQUIRE(check_status == expected_status(error), where.str() << ": check");
            if (error.empty()) {
                bool same_check = checked.count == r.contacts.size() && same(checked.box, r.box) &&
                                  same(checked.velocity, r.velocity) && checked.iterations == r.iterations &&
                                  checked.stuck == (r.stuck ? 1 : 0);
                for (std::size_t i = 0; same_check && i < r.contacts.size(); ++i)
                    same_check = same(checked_contacts[i], r.contacts[i]);
                BOOST_TEST_REQUIRE(same_check, where.str() << ": check differs from C++'s move");
            }
            if (error.empty() && !r.contacts.empty() && rng.chance(0.3)) {
                // One contact too few: the move is undone, so the full move below must still
                // give the C++ answer.
                cr.capacity = r.contacts.size() - 1;
                BOOST_TEST_REQUIRE(sweepbox_move(t.c, &cid, double(d.x), double(d.y), &c, &cr) == SWEEPBOX_TOO_SMALL,
                                   where.str());
                BOOST_TEST_REQUIRE(cr.count == r.contacts.size(), where.str());
                cr.capacity = contacts.size();
                ++tally.undone;
            }
            const sweepbox_status status = sweepbox_move(t.c, &cid, double(d.x), double(d.y), &c, &cr);
            BOOST_TEST_REQUIRE(status == expected_status(error),
                               where.str() << ": move: C gave " << sweepbox_status_name(status) << " ("
                                           << sweepbox_last_error(t.c) << "), C++ " << error);
            ++tally.moves;
            if (!error.empty()) {
                ++tally.refused;
                continue;
            }
            tally.contacts += int(r.contacts.size());
            bool ok = cr.count == r.contacts.size() && same(cr.box, r.box) && same(cr.velocity, r.velocity) &&
                      cr.iterations == r.iterations && cr.truncated == (r.truncated ? 1 : 0) &&
                      cr.stuck == (r.stuck ? 1 : 0);
            for (std::size_t i = 0; ok && i < r.contacts.size(); ++i) ok = same(contacts[i], r.contacts[i]);
            BOOST_TEST_REQUIRE(ok, where.str()
                                       << ": move results differ; C++ box " << str(r.box.min) << " " << str(r.box.max));
        } else if (kind == 4) { // teleport, remove, add, a tile
            const int what = rng.below(4);
            if (what == 0) {
                Aabb b = rng.box();
                if (rng.chance(0.05)) b.min.x = nan;
                const std::string error = error_of([&] { t.cpp.teleport(id, b); });
                const sweepbox_box cb = c_box(b);
                BOOST_TEST_REQUIRE(sweepbox_teleport(t.c, &cid, &cb) == expected_status(error), where.str());
            } else if (what == 1 && !live.empty()) {
                const std::string error = error_of([&] { t.cpp.remove(id); });
                BOOST_TEST_REQUIRE(sweepbox_remove(t.c, &cid) == expected_status(error), where.str());
                if (error.empty()) {
                    std::erase(live, id);
                    stale.push_back(id);
                }
            } else if (what == 2) {
                add();
            } else {
                // One draw per statement: the order of a call's arguments is the compiler's.
                const std::int32_t column = rng.below(map.columns);
                const std::int32_t row = rng.below(map.rows);
                t.set_tile(column, row, rng.below(3));
            }
        } else if (kind <= 6) { // the casts
            QueryFilter f;
            sweepbox_query_filter cf = sweepbox_query_filter_default();
            if (rng.chance(0.3)) {
                f.mask = cf.mask = 1u | (1u << rng.below(3));
                f.ignore = id;
                cf.ignore = c_id(id);
                f.tiles = rng.chance(0.7);
                cf.tiles = f.tiles ? 1 : 0;
            }
            const Aabb b = rng.box();
            const Vec2 d = rng.delta();
            const sweepbox_box cb = c_box(b);
            CastHit h;
            sweepbox_cast_hit ch{};
            BOOST_REQUIRE_EQUAL(sweepbox_cast_ray(t.c, double(b.min.x), double(b.min.y), double(d.x), double(d.y), &cf,
                                                  &ch),
                                SWEEPBOX_OK);
            h = t.cpp.cast_ray(b.min, d, f);
            BOOST_TEST_REQUIRE(same(ch, h), where.str() << ": cast_ray differs");
            BOOST_REQUIRE_EQUAL(sweepbox_cast_box(t.c, &cb, double(d.x), double(d.y), &cf, &ch), SWEEPBOX_OK);
            h = t.cpp.cast_box(b, d, f);
            BOOST_TEST_REQUIRE(same(ch, h), where.str() << ": cast_box differs");
            std::vector<CastHit> all;
            t.cpp.cast_all(b, d, all, f);
            std::size_t count = 0;
            BOOST_REQUIRE_EQUAL(sweepbox_cast_all(t.c, &cb, double(d.x), double(d.y), &cf, hits.data(), hits.size(),
                                                  &count),
                                SWEEPBOX_OK);
            BOOST_TEST_REQUIRE(count == all.size(), where.str());
            tally.hits += int(count);
            for (std::size_t i = 0; i < count; ++i)
                BOOST_TEST_REQUIRE(same(hits[i], all[i]), where.str() << ": cast_all differs at " << i);
        } else { // the queries
            const Aabb b = rng.box();
            const Vec2 e = b.min + rng.delta();
            std::vector<Other> found;
            std::size_t count = 0;
            auto compare = [&](const char* what) {
                BOOST_TEST_REQUIRE(count == found.size(), where.str() << ": " << what);
                for (std::size_t i = 0; i < count; ++i)
                    BOOST_TEST_REQUIRE(same(others[i], found[i]), where.str() << ": " << what << " differs at " << i);
            };
            const sweepbox_box cb = c_box(b);
            t.cpp.query_rect(b, found);
            BOOST_REQUIRE_EQUAL(sweepbox_query_rect(t.c, &cb, nullptr, others.data(), others.size(), &count),
                                SWEEPBOX_OK);
            compare("query_rect");
            tally.found += int(count);
            t.cpp.query_point(b.max, found);
            BOOST_REQUIRE_EQUAL(sweepbox_query_point(t.c, double(b.max.x), double(b.max.y), nullptr, others.data(),
                                                     others.size(), &count),
                                SWEEPBOX_OK);
            compare("query_point");
            t.cpp.query_segment(b.min, e, found);
            BOOST_REQUIRE_EQUAL(sweepbox_query_segment(t.c, double(b.min.x), double(b.min.y), double(e.x), double(e.y),
                                                       nullptr, others.data(), others.size(), &count),
                                SWEEPBOX_OK);
            compare("query_segment");
            std::vector<Pair> cpp_pairs;
            t.cpp.overlapping_pairs(cpp_pairs);
            BOOST_REQUIRE_EQUAL(sweepbox_overlapping_pairs(t.c, pairs.data(), pairs.size(), &count), SWEEPBOX_OK);
            BOOST_TEST_REQUIRE(count == cpp_pairs.size(), where.str());
            for (std::size_t i = 0; i < count; ++i)
                BOOST_TEST_REQUIRE(same(pairs[i], cpp_pairs[i]), where.str() << ": overlapping_pairs differs at " << i);
        }
        if (op % 25 == 0) {
            const std::string d = compare_bodies(t);
            BOOST_TEST_REQUIRE(d.empty(), where.str() << ": " << d);
        }
    }
    const std::string d = compare_bodies(t);
    BOOST_TEST_REQUIRE(d.empty(), "seed " << seed << " at the end: " << d);
}

// A batch of particles moved through C and through C++ on the same world, frame by frame, and
// sparks emitted from the same hits: the same positions, velocities and contacts, bit for bit.
void run_particles(unsigned seed, Tally& tally) {
    Rng rng(seed);
    Twin t(WorldDef{});
    const TileMapDef map = t.set_test_map();
    for (std::int32_t row = 0; row < map.rows; ++row)
        for (std::int32_t column = 0; column < map.columns; ++column)
            if (row == 0 || row == map.rows - 1 || column == 0 || column == map.columns - 1 || rng.chance(0.1))
                t.set_tile(column, row, rng.chance(0.85) ? 1 : 2);
    for (int i = 0; i < 12; ++i) {
        BodyDef d;
        d.box = rng.box();
        d.is_static = rng.chance(0.7);
        d.category = 1u << rng.below(3);
        (void)t.add(d);
    }

    const std::size_t n = 300;
    ParticleArrays a;
    for (std::size_t i = 0; i < n; ++i) {
        a.x.push_back(rng.coordinate(-16, 368));
        a.y.push_back(rng.coordinate(0, 288));
        a.vx.push_back(rng.coordinate(-900, 900));
        a.vy.push_back(rng.coordinate(-900, 900));
    }
    if (rng.chance(0.7))
        for (std::size_t i = 0; i < n; ++i) a.alive.push_back(rng.chance(0.9) ? 1 : 0);
    if (rng.chance(0.7))
        for (std::size_t i = 0; i < n; ++i) a.restitution.push_back(real(rng.uniform(0, 1)));
    if (rng.chance(0.5))
        for (std::size_t i = 0; i < n; ++i) a.friction.push_back(rng.chance(0.5) ? real(0) : real(rng.uniform(0, 1)));
    if (rng.chance(0.5))
        for (std::size_t i = 0; i < n; ++i) a.category.push_back(1u << rng.below(3));
    if (rng.chance(0.5))
        for (std::size_t i = 0; i < n; ++i) a.mask.push_back(rng.chance(0.7) ? ~0u : 1u | (1u << rng.below(3)));
    const Particles batch = a.view();
    // The C batch: doubles, every real widened exactly.
    auto widen = [](const std::vector<real>& v) { return std::vector<double>(v.begin(), v.end()); };
    std::vector<double> x = widen(a.x), y = widen(a.y), vx = widen(a.vx), vy = widen(a.vy);
    const std::vector<double> restitution = widen(a.restitution), friction = widen(a.friction);
    sweepbox_particles c{};
    c.count = n;
    c.x = x.data();
    c.y = y.data();
    c.vx = vx.data();
    c.vy = vy.data();
    c.alive = batch.alive;
    c.restitution = a.restitution.empty() ? nullptr : restitution.data();
    c.friction = a.friction.empty() ? nullptr : friction.data();
    c.category = batch.category;
    c.mask = batch.mask;

    ParticleFrame frame;
    frame.gravity = {real(rng.uniform(-50, 50)), real(rng.uniform(0, 900))};
    frame.rest_speed = rng.chance(0.5) ? real(rng.uniform(0, 60)) : real(0);
    frame.max_iterations = 1 + rng.below(8);
    frame.restitution = real(rng.uniform(0, 1));
    sweepbox_particle_frame c_frame = sweepbox_particle_frame_default();
    c_frame.gravity = c_vec(frame.gravity);
    c_frame.dt = double(frame.dt);
    c_frame.rest_speed = double(frame.rest_speed);
    c_frame.max_iterations = frame.max_iterations;
    c_frame.restitution = double(frame.restitution);

    const std::size_t capacity = std::size_t(rng.below(2 * int(n)));
    std::vector<ParticleContact> buffer(capacity);
    std::vector<sweepbox_particle_contact> c_buffer(capacity);
    auto same_batch = [&] {
        for (std::size_t i = 0; i < n; ++i)
            if (x[i] != double(a.x[i]) || y[i] != double(a.y[i]) || vx[i] != double(a.vx[i]) ||
                vy[i] != double(a.vy[i]))
                return false;
        return true;
    };
    for (int f = 0; f < 40; ++f) {
        ParticleContacts contacts{buffer.data(), capacity, 0, 0};
        sweepbox_particle_result r{};
        r.contacts = c_buffer.data();
        r.capacity = capacity;
        const bool bad = rng.chance(0.05);
        if (bad) {
            frame.dt = 0;
            c_frame.dt = 0;
        }
        const std::string error = error_of([&] {
            const ParticleStats stats = move_particles(t.cpp, batch, frame, contacts);
            tally.particles += stats.moved;
        });
        const sweepbox_status status = sweepbox_move_particles(t.c, &c, &c_frame, &r);
        BOOST_TEST_REQUIRE(status == expected_status(error), "seed " << seed << ", frame " << f << ": " << error);
        BOOST_TEST_REQUIRE(same_batch(), "seed " << seed << ", frame " << f << ": the batches differ");
        frame.dt = real(1) / real(60);
        c_frame.dt = double(frame.dt);
        if (bad) {
            ++tally.refused;
            continue;
        }
        BOOST_TEST_REQUIRE((r.count == contacts.count && r.dropped == contacts.dropped));
        for (std::size_t k = 0; k < contacts.count; ++k) {
            const ParticleContact& p = buffer[k];
            const sweepbox_particle_contact& q = c_buffer[k];
            BOOST_TEST_REQUIRE((q.particle == p.particle && q.time == double(p.time) && same(q.point, p.point) &&
                                same(q.normal, p.normal) && same(q.velocity, p.velocity) && same(q.other, p.other) &&
                                q.flags == flags(false, p.corner, p.junction)),
                               "seed " << seed << ", frame " << f << ": contact " << k << " differs");
        }
        tally.contacts += int(contacts.count);
    }

    // Sparks from a ray's hit, through both.
    const Vec2 shot{real(rng.uniform(-600, 600)), real(rng.uniform(-600, 600))};
    const CastHit hit = t.cpp.cast_ray({160, 140}, shot);
    sweepbox_cast_hit c_hit{};
    BOOST_REQUIRE_EQUAL(sweepbox_cast_ray(t.c, 160, 140, double(shot.x), double(shot.y), nullptr, &c_hit), SWEEPBOX_OK);
    BOOST_TEST_REQUIRE(same(c_hit, hit));
    if (!hit.hit) return;
    SparkCone cone;
    cone.count = 20;
    cone.seed = seed;
    cone.spread = real(rng.uniform(0, 180));
    sweepbox_spark_cone c_cone = sweepbox_spark_cone_default();
    c_cone.count = cone.count;
    c_cone.seed = cone.seed;
    c_cone.spread = double(cone.spread);
    const Vec2 bullet{real(rng.uniform(-900, 900)), real(rng.uniform(-900, 900))};
    emit_sparks(hit, bullet, cone, batch, 10);
    BOOST_REQUIRE_EQUAL(sweepbox_emit_sparks(&c_hit, double(bullet.x), double(bullet.y), &c_cone, &c, 10), SWEEPBOX_OK);
    BOOST_TEST_REQUIRE(same_batch(), "seed " << seed << ": the sparks differ");
}

} // namespace

BOOST_AUTO_TEST_SUITE(c_api_vs_cpp)

BOOST_AUTO_TEST_CASE(random_scenes_give_the_same_bits) {
    Tally tally;
    for (unsigned seed = 1; seed <= 40; ++seed) run_scene(seed, tally);
    BOOST_TEST_MESSAGE(tally.moves << " moves (" << tally.refused << " refused as bad input, " << tally.undone
                                   << " undone once as too small), " << tally.contacts << " contacts, " << tally.hits
                                   << " cast_all hits, " << tally.found
                                   << " query_rect answers: the same in C and C++");
    BOOST_TEST(tally.contacts > 1000);
    BOOST_TEST(tally.refused > 10);
    BOOST_TEST(tally.undone > 100);
}

namespace {

// The same pure cast filter on both sides (sweepbox_moving.h): bodies of odd index only.
bool cpp_odd(void* /*context*/, const World& /*world*/, const Other& o) { return o.is_body() && o.body.index % 2 == 1; }
int c_odd(void* /*context*/, const sweepbox_world* /*world*/, const sweepbox_other* o) {
    return o->kind == SWEEPBOX_OTHER_BODY && o->body.index % 2 == 1 ? 1 : 0;
}

} // namespace

// sweepbox_moving.h against the C++ World: begin_frame, moves, then casts against the frame's
// motion over random frame intervals, with and without a filter callback, and frame_box.
BOOST_AUTO_TEST_CASE(moving_targets_give_the_same_bits) {
    std::size_t casts = 0, hits_seen = 0, moves = 0, move_contacts = 0;
    std::vector<sweepbox_cast_hit> hits(256);
    for (unsigned seed = 1; seed <= 20; ++seed) {
        Rng rng(seed * 7919u);
        Twin t(WorldDef{});
        std::vector<BodyId> ids;
        for (int i = 0; i < 30; ++i) {
            BodyDef d;
            d.box = rng.box();
            d.is_static = rng.chance(0.2);
            ids.push_back(t.add(d));
        }
        t.cpp.begin_frame();
        BOOST_REQUIRE_EQUAL(sweepbox_begin_frame(t.c), SWEEPBOX_OK);
        const sweepbox_move_options slide = sweepbox_move_options_default();
        for (int i = 0; i < 40; ++i) {
            const BodyId id = ids[std::size_t(rng.below(int(ids.size())))];
            const Vec2 d = rng.delta();
            (void)t.cpp.move(id, d);
            const sweepbox_body_id cid = c_id(id);
            std::array<sweepbox_contact, 64> contacts{};
            sweepbox_move_result r{};
            r.contacts = contacts.data();
            r.capacity = contacts.size();
            BOOST_REQUIRE_EQUAL(sweepbox_move(t.c, &cid, double(d.x), double(d.y), &slide, &r), SWEEPBOX_OK);
        }
        for (int i = 0; i < 300; ++i, ++casts) {
            const Aabb b = rng.box();
            const Vec2 d = rng.delta();
            CastOptions o;
            o.moving = true;
            o.t0 = rng.chance(0.5) ? real(0) : real(rng.uniform(0, 1));
            o.t1 = rng.chance(0.5) ? real(1) : std::max(o.t0, real(rng.uniform(0, 1)));
            if (rng.chance(0.3)) o.filter = cpp_odd;
            sweepbox_cast_options co = sweepbox_cast_options_moving();
            co.t0 = double(o.t0);
            co.t1 = double(o.t1);
            if (o.filter) co.filter = c_odd;
            const sweepbox_box cb = c_box(b);
            const std::string where = "seed " + std::to_string(seed) + ", cast " + std::to_string(i);
            sweepbox_cast_hit ch{};
            BOOST_REQUIRE_EQUAL(sweepbox_cast_ray_with(t.c, double(b.min.x), double(b.min.y), double(d.x), double(d.y),
                                                       nullptr, &co, &ch),
                                SWEEPBOX_OK);
            BOOST_TEST_REQUIRE(same(ch, t.cpp.cast_ray(b.min, d, {}, o)), where << ": cast_ray differs");
            BOOST_REQUIRE_EQUAL(sweepbox_cast_box_with(t.c, &cb, double(d.x), double(d.y), nullptr, &co, &ch),
                                SWEEPBOX_OK);
            const CastHit h = t.cpp.cast_box(b, d, {}, o);
            BOOST_TEST_REQUIRE(same(ch, h), where << ": cast_box differs");
            if (h.hit && h.other.is_body()) {
                sweepbox_box was{};
                const sweepbox_body_id cid = c_id(h.other.body);
                BOOST_REQUIRE_EQUAL(sweepbox_frame_box(t.c, &cid, double(h.time), &was), SWEEPBOX_OK);
                BOOST_TEST_REQUIRE(same(was, t.cpp.frame_box(h.other.body, h.time)), where << ": frame_box differs");
            }
            std::vector<CastHit> all;
            t.cpp.cast_all(b, d, all, {}, o);
            std::size_t count = 0;
            BOOST_REQUIRE_EQUAL(sweepbox_cast_all_with(t.c, &cb, double(d.x), double(d.y), nullptr, &co, hits.data(),
                                                       hits.size(), &count),
                                SWEEPBOX_OK);
            BOOST_TEST_REQUIRE(count == all.size(), where);
            hits_seen += count;
            for (std::size_t k = 0; k < count; ++k)
                BOOST_TEST_REQUIRE(same(hits[k], all[k]), where << ": cast_all differs at " << k);
        }
        // Moves against motion (T5): checks of each body, with frame times.
        for (int i = 0; i < 100; ++i, ++moves) {
            const BodyId id = ids[std::size_t(rng.below(int(ids.size())))];
            const Vec2 d = rng.delta();
            MoveOptions o;
            o.moving = true;
            o.response = rng.chance(0.5) ? Response::slide : Response::bounce;
            o.t0 = rng.chance(0.5) ? real(0) : real(rng.uniform(0, 1));
            o.t1 = std::max(o.t0, real(rng.uniform(0, 1)));
            sweepbox_move_options co = sweepbox_move_options_default();
            co.moving = 1;
            co.response = std::int32_t(o.response);
            co.t0 = double(o.t0);
            co.t1 = double(o.t1);
            const MoveResult k = t.cpp.check(id, d, o);
            std::array<sweepbox_contact, 64> contacts{};
            sweepbox_move_result r{};
            r.contacts = contacts.data();
            r.capacity = contacts.size();
            const sweepbox_body_id cid = c_id(id);
            BOOST_REQUIRE_EQUAL(sweepbox_check(t.c, &cid, double(d.x), double(d.y), &co, &r), SWEEPBOX_OK);
            BOOST_TEST_REQUIRE(same(r.box, k.box));
            BOOST_TEST_REQUIRE(r.count == k.contacts.size());
            for (std::size_t c = 0; c < r.count; ++c) BOOST_TEST_REQUIRE(same(contacts[c], k.contacts[c]));
            move_contacts += r.count;
        }
    }
    BOOST_TEST_MESSAGE(casts << " casts against motion, " << hits_seen << " cast_all hits, " << moves
                             << " moves against motion with " << move_contacts << " contacts: the same in C and C++");
    BOOST_TEST(hits_seen > 1000u);
    BOOST_TEST(move_contacts > 100u);
}

BOOST_AUTO_TEST_CASE(answered_moves_give_the_filtered_bits) {
    // The bodies' responses as answers (the tiles' by the options' filter), on random scenes with
    // overlapping bodies: C's answered check and move against C++'s move with cpp_filter.
    int moves = 0, contacts = 0;
    Answerer answerer;
    for (unsigned seed = 1; seed <= 30; ++seed) {
        Rng rng(seed + 1000);
        WorldDef def;
        def.cell_size = real(16 << rng.below(3));
        Twin t(def);
        const TileMapDef map = t.set_test_map();
        for (std::int32_t row = 0; row < map.rows; ++row)
            for (std::int32_t column = 0; column < map.columns; ++column)
                if (rng.chance(0.08)) t.set_tile(column, row, 1);
        std::vector<BodyId> live;
        for (int i = 0; i < 40; ++i) {
            BodyDef d;
            d.box = rng.box();
            d.is_static = rng.chance(0.5);
            d.category = 1u << rng.below(2);
            live.push_back(t.add(d));
        }
        std::vector<sweepbox_contact> c_contacts(64);
        for (int op = 0; op < 150; ++op) {
            const BodyId id = live[std::size_t(rng.below(int(live.size())))];
            const sweepbox_body_id cid = c_id(id);
            MoveOptions o;
            o.response = Response(1 + rng.below(4));
            o.max_iterations = 1 + rng.below(8);
            o.velocity = rng.delta();
            o.filter = cpp_filter;
            sweepbox_move_options c = sweepbox_move_options_default();
            c.response = std::int32_t(o.response);
            c.max_iterations = o.max_iterations;
            c.velocity = c_vec(o.velocity);
            c.filter = c_filter; // the tiles' responses
            const Vec2 d = rng.delta();
            sweepbox_move_result checked{}, moved{};
            std::vector<sweepbox_contact> checked_contacts(64);
            checked.contacts = checked_contacts.data();
            checked.capacity = checked_contacts.size();
            moved.contacts = c_contacts.data();
            moved.capacity = c_contacts.size();
            const sweepbox_status check_status = answerer.run(nullptr, t.c, &cid, double(d.x), double(d.y), &c,
                                                              &checked);
            MoveResult r;
            const std::string error = error_of([&] { t.cpp.move(id, d, o, r); });
            const sweepbox_status status = answerer.run(t.c, t.c, &cid, double(d.x), double(d.y), &c, &moved);
            std::ostringstream where;
            where << "seed " << seed << ", op " << op;
            BOOST_TEST_REQUIRE(check_status == expected_status(error), where.str() << ": check");
            BOOST_TEST_REQUIRE(status == expected_status(error), where.str() << ": " << sweepbox_last_error(t.c));
            if (!error.empty()) continue;
            for (const sweepbox_move_result* answer : {&checked, &moved}) {
                bool ok = answer->count == r.contacts.size() && same(answer->box, r.box) &&
                          same(answer->velocity, r.velocity) && answer->iterations == r.iterations &&
                          answer->truncated == (r.truncated ? 1 : 0);
                for (std::size_t i = 0; ok && i < r.contacts.size(); ++i) ok = same(answer->contacts[i], r.contacts[i]);
                BOOST_TEST_REQUIRE(ok, where.str() << ": the answered move differs from C++'s filtered move");
            }
            ++moves;
            contacts += int(r.contacts.size());
        }
        BOOST_TEST_REQUIRE(compare_bodies(t).empty(), "seed " << seed);
    }
    BOOST_TEST_MESSAGE(moves << " answered moves and checks, " << contacts << " contacts, " << answerer.rounds
                             << " calls, " << answerer.met
                             << " bodies asked for by the move itself: the same as C++'s filtered moves");
    BOOST_TEST(moves > 3000);
    BOOST_TEST(contacts > 1000);
    BOOST_TEST(answerer.met > 0);
}

BOOST_AUTO_TEST_CASE(particles_give_the_same_bits) {
    Tally tally;
    for (unsigned seed = 1; seed <= 20; ++seed) run_particles(seed, tally);
    BOOST_TEST_MESSAGE(tally.particles << " particle-frames, " << tally.contacts << " contacts, " << tally.refused
                                       << " frames refused: the same in C and C++");
    BOOST_TEST(tally.contacts > 1000);
    BOOST_TEST(tally.refused > 5);
}

// Platforms: random bodies and platforms, random platform moves (any axis up, stop or pass):
// the same riders, pushed and crushed ids, the same platform box and every body's box, in C and C++.
BOOST_AUTO_TEST_CASE(platform_moves_give_the_same_bits) {
    static constexpr Vec2 ups[] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};
    std::size_t listed = 0;
    for (unsigned seed = 1; seed <= 20; ++seed) {
        Rng rng(seed);
        Twin t(WorldDef{});
        std::vector<BodyId> platforms;
        for (int i = 0; i < 30; ++i) {
            BodyDef d;
            d.box = rng.box();
            d.is_platform = rng.chance(0.3);
            d.is_static = !d.is_platform && rng.chance(0.2);
            const BodyId id = t.cpp.add(d);
            sweepbox_body_def c = sweepbox_body_def_default();
            c.box = c_box(d.box);
            c.is_static = d.is_static ? 1 : 0;
            c.is_platform = d.is_platform ? 1 : 0;
            sweepbox_body_id c_out{};
            BOOST_REQUIRE_EQUAL(sweepbox_add(t.c, &c, &c_out), SWEEPBOX_OK);
            if (d.is_platform) platforms.push_back(id);
        }
        if (platforms.empty()) continue;
        std::array<sweepbox_body_id, 32> riders{}, pushed{}, crushed{};
        PlatformResult r;
        for (int op = 0; op < 60; ++op) {
            const BodyId p = platforms[std::size_t(rng.below(int(platforms.size())))];
            const Vec2 d{rng.coordinate(-12, 12), rng.coordinate(-12, 12)};
            const Vec2 up = ups[rng.below(4)];
            const Crush crush = rng.chance(0.5) ? Crush::stop : Crush::pass;
            move_platform(t.cpp, p, d, {.up = up, .crush = crush}, r);
            sweepbox_platform_result c{};
            c.riders = riders.data();
            c.riders_capacity = riders.size();
            c.pushed = pushed.data();
            c.pushed_capacity = pushed.size();
            c.crushed = crushed.data();
            c.crushed_capacity = crushed.size();
            const sweepbox_body_id c_id{p.index, p.generation};
            BOOST_REQUIRE_EQUAL(sweepbox_move_platform(t.c, &c_id, double(d.x), double(d.y), double(up.x), double(up.y),
                                                       crush == Crush::pass ? 1 : 0, &c),
                                SWEEPBOX_OK);
            auto same_ids = [](const std::vector<BodyId>& a, const sweepbox_body_id* b, std::size_t n) {
                if (a.size() != n) return false;
                for (std::size_t i = 0; i < n; ++i)
                    if (a[i].index != b[i].index || a[i].generation != b[i].generation) return false;
                return true;
            };
            BOOST_TEST_REQUIRE(same_ids(r.riders, riders.data(), c.riders_count));
            BOOST_TEST_REQUIRE(same_ids(r.pushed, pushed.data(), c.pushed_count));
            BOOST_TEST_REQUIRE(same_ids(r.crushed, crushed.data(), c.crushed_count));
            BOOST_TEST_REQUIRE(same(c.box, r.box));
            BOOST_TEST_REQUIRE(same(c.moved, r.moved));
            BOOST_TEST_REQUIRE(c.stopped == (r.stopped ? 1 : 0));
            listed += r.riders.size() + r.pushed.size();
        }
        const std::string diff = compare_bodies(t);
        BOOST_TEST_REQUIRE(diff.empty(), "seed " << seed << ": " << diff);
    }
    BOOST_TEST(listed > 20); // the moves did carry and push
}

BOOST_AUTO_TEST_CASE(the_version_and_precision_are_the_cpp_ones) {
    BOOST_TEST(std::strcmp(sweepbox_version_string(), version_string) == 0);
    BOOST_TEST(sweepbox_version() == version_major * 10000 + version_minor * 100 + version_patch);
    BOOST_TEST(sweepbox_real_size() == std::int32_t(sizeof(real)));
    BOOST_TEST(SWEEPBOX_VERSION_NUMBER == sweepbox_version());
}

// Every shape constant is the C++ shape of the same name; a kind set through C reads back through
// C as the C++ world built by the same calls has it, kinds and tiles alike.
BOOST_AUTO_TEST_CASE(slope_kinds_through_c_are_the_cpp_ones) {
    const std::pair<std::int32_t, TileShape> names[] = {{SWEEPBOX_SHAPE_ONE_WAY_RIGHT, TileShape::one_way_right},
                                                        {SWEEPBOX_SHAPE_SLOPE45_UL, TileShape::slope45_ul},
                                                        {SWEEPBOX_SHAPE_SLOPE45_DR, TileShape::slope45_dr},
                                                        {SWEEPBOX_SHAPE_SHALLOW_UL_LOW, TileShape::shallow_ul_low},
                                                        {SWEEPBOX_SHAPE_SHALLOW_DR_HIGH, TileShape::shallow_dr_high},
                                                        {SWEEPBOX_SHAPE_STEEP_UL_LOW, TileShape::steep_ul_low},
                                                        {SWEEPBOX_SHAPE_STEEP_UR_HIGH, TileShape::steep_ur_high},
                                                        {SWEEPBOX_SHAPE_STEEP_DR_HIGH, TileShape::steep_dr_high}};
    for (const auto& [c, cpp] : names) BOOST_TEST(c == int(cpp), to_string(cpp));

    sweepbox_world* w = nullptr;
    BOOST_REQUIRE_EQUAL(sweepbox_world_create(nullptr, &w), SWEEPBOX_OK);
    sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    map.columns = tile_shape_count;
    map.rows = 3;
    BOOST_REQUIRE_EQUAL(sweepbox_set_tile_map(w, &map), SWEEPBOX_OK);
    World cw;
    TileMapDef td;
    td.columns = tile_shape_count;
    td.rows = 3;
    cw.set_tile_map(td);
    // Shape k as kind 100 + k, on column k of row 1, over a solid row 2.
    for (std::int32_t k = 0; k < tile_shape_count; ++k) {
        const sweepbox_tile_kind kind{k, 1, 0xffffffffu, 0};
        BOOST_REQUIRE_EQUAL(sweepbox_set_tile_kind(w, 100 + k, &kind), SWEEPBOX_OK);
        BOOST_REQUIRE_EQUAL(sweepbox_set_tile(w, k, 1, 100 + k), SWEEPBOX_OK);
        BOOST_REQUIRE_EQUAL(sweepbox_set_tile(w, k, 2, SWEEPBOX_TILE_SOLID), SWEEPBOX_OK);
        cw.set_tile_kind(100 + k, {TileShape(k), 1, 0xffffffffu, false});
        cw.set_tile({k, 1}, 100 + k);
        cw.set_tile({k, 2}, Tile::solid);
    }
    for (std::int32_t k = 0; k < tile_shape_count; ++k) {
        BOOST_TEST_CONTEXT(to_string(TileShape(k))) {
            sweepbox_tile_kind got{};
            BOOST_REQUIRE_EQUAL(sweepbox_get_tile_kind(w, 100 + k, &got), SWEEPBOX_OK);
            const TileKind& want = cw.tiles().kind(100 + k);
            BOOST_TEST(got.shape == int(want.shape));
            BOOST_TEST(got.shape == k);
            BOOST_TEST((got.category == want.category && got.mask == want.mask && got.sensor == 0));
            for (std::int32_t r = 1; r < 3; ++r) {
                std::int32_t tile = -1;
                BOOST_REQUIRE_EQUAL(sweepbox_get_tile(w, k, r, &tile), SWEEPBOX_OK);
                BOOST_TEST(tile == int(cw.tiles().get({k, r})));
            }
            std::int32_t tile = -1;
            BOOST_REQUIRE_EQUAL(sweepbox_get_tile(w, k, 1, &tile), SWEEPBOX_OK);
            BOOST_TEST((tile == SWEEPBOX_TILE_SLOPE) == is_slope(TileShape(k)));
        }
    }
    const sweepbox_tile_kind past{tile_shape_count, 1, 0xffffffffu, 0};
    BOOST_TEST(sweepbox_set_tile_kind(w, 99, &past) == SWEEPBOX_BAD_ARGUMENT);
    BOOST_CHECK_THROW(cw.set_tile_kind(99, {TileShape(tile_shape_count), 1, 0xffffffffu, false}), Error);
    sweepbox_world_destroy(w);
}

BOOST_AUTO_TEST_CASE(a_throwing_filter_is_an_internal_error_and_changes_nothing) {
    sweepbox_world* w = nullptr;
    BOOST_REQUIRE_EQUAL(sweepbox_world_create(nullptr, &w), SWEEPBOX_OK);
    sweepbox_body_def def = sweepbox_body_def_default();
    def.box = {{0, 0}, {10, 10}};
    sweepbox_body_id mover{}, wall{};
    BOOST_REQUIRE_EQUAL(sweepbox_add(w, &def, &mover), SWEEPBOX_OK);
    def.box = {{20, 0}, {30, 10}};
    BOOST_REQUIRE_EQUAL(sweepbox_add(w, &def, &wall), SWEEPBOX_OK);
    sweepbox_move_options o = sweepbox_move_options_default();
    // A C++ function given as the C filter: what a C filter must never do, thrown through the core.
    o.filter = [](void*, const sweepbox_world*, const sweepbox_body_id*, const sweepbox_other*) -> int {
        throw std::runtime_error("the game's filter broke");
    };
    BOOST_TEST(sweepbox_move(w, &mover, 100, 0, &o, nullptr) == SWEEPBOX_INTERNAL_ERROR);
    BOOST_TEST(std::string(sweepbox_last_error(w)) == "sweepbox_move: the game's filter broke");
    sweepbox_box b{};
    BOOST_REQUIRE_EQUAL(sweepbox_get_box(w, &mover, &b), SWEEPBOX_OK);
    BOOST_TEST((b.min.x == 0 && b.max.x == 10));
    sweepbox_world_destroy(w);
}

BOOST_AUTO_TEST_CASE(a_failed_allocation_is_out_of_memory_and_changes_nothing) {
    if (!sbt::can_fail_allocations()) {
        BOOST_TEST_MESSAGE("skipped under AddressSanitizer (it owns operator new)");
        return;
    }
    sweepbox_world* w = nullptr;
    BOOST_REQUIRE_EQUAL(sweepbox_world_create(nullptr, &w), SWEEPBOX_OK);
    sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    map.columns = 4;
    map.rows = 4;
    BOOST_REQUIRE_EQUAL(sweepbox_set_tile_map(w, &map), SWEEPBOX_OK);
    BOOST_REQUIRE_EQUAL(sweepbox_set_tile(w, 1, 1, SWEEPBOX_TILE_SOLID), SWEEPBOX_OK);
    map.columns = 1000;
    map.rows = 1000;
    sbt::fail_allocations(true);
    const sweepbox_status status = sweepbox_set_tile_map(w, &map);
    sweepbox_world* second = nullptr;
    const sweepbox_status create = sweepbox_world_create(nullptr, &second);
    sbt::fail_allocations(false);
    BOOST_TEST(status == SWEEPBOX_OUT_OF_MEMORY);
    BOOST_TEST(std::string(sweepbox_last_error(w)) == "sweepbox_set_tile_map: out of memory");
    BOOST_TEST(create == SWEEPBOX_OUT_OF_MEMORY);
    BOOST_TEST(second == nullptr);
    BOOST_TEST(std::string(sweepbox_last_error(nullptr)) == "sweepbox_world_create: out of memory");
    std::int32_t tile = -1;
    BOOST_REQUIRE_EQUAL(sweepbox_get_tile(w, 1, 1, &tile), SWEEPBOX_OK); // the old map is still there
    BOOST_TEST(tile == SWEEPBOX_TILE_SOLID);
    BOOST_REQUIRE_EQUAL(sweepbox_get_tile(w, 500, 500, &tile), SWEEPBOX_OK);
    BOOST_TEST(tile == SWEEPBOX_TILE_EMPTY);
    sweepbox_world_destroy(w);
}

BOOST_AUTO_TEST_CASE(const_calls_run_on_many_threads_at_once) {
    sweepbox_world* w = nullptr;
    BOOST_REQUIRE_EQUAL(sweepbox_world_create(nullptr, &w), SWEEPBOX_OK);
    Rng rng(7);
    for (int i = 0; i < 300; ++i) {
        sweepbox_body_def def = sweepbox_body_def_default();
        def.box = c_box(rng.box());
        sweepbox_body_id id{};
        BOOST_REQUIRE_EQUAL(sweepbox_add(w, &def, &id), SWEEPBOX_OK);
    }
    // Each thread casts the same boxes, fails a call now and then (the last error is shared
    // and locked), and sums what it saw; every sum must be the one-thread sum.
    auto work = [w](unsigned seed, double* sum, int* bad) {
        Rng r(seed);
        std::vector<sweepbox_cast_hit> hits(400);
        for (int i = 0; i < 300; ++i) {
            const sweepbox_box b = c_box(r.box());
            const sweepbox_vec2 d = c_vec(r.delta());
            std::size_t count = 0;
            if (sweepbox_cast_all(w, &b, d.x, d.y, nullptr, hits.data(), hits.size(), &count) != SWEEPBOX_OK) ++*bad;
            for (std::size_t k = 0; k < count; ++k) *sum += hits[k].time + hits[k].point.x;
            if (sweepbox_cast_ray(w, std::nan(""), 0, d.x, d.y, nullptr, hits.data()) != SWEEPBOX_BAD_ARGUMENT) ++*bad;
            if (std::strncmp(sweepbox_last_error(w), "sweepbox_cast_ray: ", 19) != 0) ++*bad;
        }
    };
    double expected = 0;
    int bad = 0;
    work(11, &expected, &bad);
    std::array<double, 4> sums{};
    std::array<int, 4> bads{};
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < sums.size(); ++i) threads.emplace_back(work, 11u, &sums[i], &bads[i]);
    for (std::thread& th : threads) th.join();
    BOOST_TEST(bad == 0);
    for (std::size_t i = 0; i < sums.size(); ++i) {
        BOOST_TEST(sums[i] == expected);
        BOOST_TEST(bads[i] == 0);
    }
    sweepbox_world_destroy(w);
}

BOOST_AUTO_TEST_SUITE_END()
