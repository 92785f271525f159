// The golden simulation of contract rule 10 (golden_simulation.hpp). Its inputs come from Rng
// (tests/rng.hpp: std::mt19937, whose output the standard fixes, with hand-written
// distributions), so they depend neither on the standard library nor on the machine.

#include "golden_simulation.hpp"

#include <vector>
#include <sweepbox/sweepbox.hpp>

#include "answer_hash.hpp"
#include "rng.hpp"

namespace sweepbox::determinism {

using reference::Rng;

namespace {
Vec2 v2(double x, double y) { return {real(x), real(y)}; }
} // namespace

std::uint64_t golden_simulation(long& moves_out, std::FILE* trace) {
    AnswerHash f;
    f.trace = trace;
    Rng rng(20261122);
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
    moves_out = moves;
    return f.h;
}

} // namespace sweepbox::determinism
