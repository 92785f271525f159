// Tests of the tile walks of rays and box casts (issue 3): rays through exact tile corners and
// into concave corners (Amanatides-Woo), long diagonals over a checkerboard, long ray and box walks
// over coarsely rounded edges far from the origin, and casts that skip the bodies where no body
// can be. Part of the suite `tile_map`.

#include "tile_map_support.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace sweepbox;
using namespace tile_test;

} // namespace

BOOST_AUTO_TEST_SUITE(tile_map)

// ================================================================ Amanatides-Woo corners

BOOST_AUTO_TEST_CASE(rays_through_exact_tile_corners) {
    // Around the shared corner V of tiles (1..2, 1..2) of a 4x4 map, for each of the four
    // diagonal directions (sx, sy): `behind` is the tile the ray comes from, `ahead` the one
    // it goes to, `side_x` the tile ahead in x only, `side_y` the tile ahead in y only.
    Failures fails;
    struct Arrangement {
        const char* name;
        bool ahead, side_x, side_y;
    };
    constexpr std::array<Arrangement, 6> arrangements{{
        {"diagonal gap (the other diagonal solid)", false, true, true},
        {"only side_x", false, true, false},
        {"only side_y", false, false, true},
        {"ahead alone", true, false, false},
        {"ahead with side_x (a wall continues)", true, true, false},
        {"ahead with side_y (a floor continues)", true, false, true},
    }};
    for (real s : tile_sizes)
        for (Vec2 origin : {Vec2(0, 0), Vec2(real(0.37), real(-13.71)), Vec2(real(-250.5), real(99.125))})
            for (int sx : {-1, 1})
                for (int sy : {-1, 1})
                    for (const Arrangement& arr : arrangements)
                        for (real ratio : {real(1), real(0.5), real(2)}) {
                            TileMapDef def;
                            def.origin = origin;
                            def.tile_size = s;
                            def.columns = 4;
                            def.rows = 4;
                            Level level;
                            level.def = def;
                            level.tiles.assign(16, Tile::empty);
                            const TileCell ahead{sx > 0 ? 2 : 1, sy > 0 ? 2 : 1};
                            const TileCell behind{sx > 0 ? 1 : 2, sy > 0 ? 1 : 2};
                            const TileCell side_x{ahead.column, behind.row};
                            const TileCell side_y{behind.column, ahead.row};
                            auto put = [&](TileCell c) {
                                level.tiles[std::size_t(c.row * 4 + c.column)] = Tile::solid;
                            };
                            if (arr.ahead) put(ahead);
                            if (arr.side_x) put(side_x);
                            if (arr.side_y) put(side_y);
                            Worlds w(level);
                            const TileMap& m = w.map();
                            const Vec2 v{m.edge_x(2), m.edge_y(2)};
                            // Offsets: powers of two below the tile size, so that v - offset is exact.
                            const real a = std::ldexp(real(1), std::ilogb(s) - 1);
                            const Vec2 off{a * (ratio >= 1 ? real(1) : ratio), a / (ratio > 1 ? ratio : real(1))};
                            const Vec2 o{v.x - real(sx) * off.x, v.y - real(sy) * off.y};
                            BOOST_REQUIRE(double(v.x) - double(o.x) == double(sx) * double(off.x));
                            BOOST_REQUIRE(double(v.y) - double(o.y) == double(sy) * double(off.y));
                            const Vec2 d{real(sx) * off.x * real(2), real(sy) * off.y * real(2)};
                            const CastHit g = w.grid.cast_ray(o, d), t = w.brute.cast_ray(o, d),
                                          b = w.boxes.cast_ray(o, d);
                            std::vector<CastHit> all_b;
                            w.boxes.cast_all(Aabb{o, o}, d, all_b);
                            const std::string where = "\n  " + std::string(arr.name) + " dir (" + std::to_string(sx) +
                                                      "," + std::to_string(sy) + ") ratio " + str(ratio) + " level " +
                                                      level.text() + "  ray " + str(o) + " delta " + str(d) +
                                                      "\n  grid " + str(g) + "\n  brute " + str(t) + "\n  boxes " +
                                                      str(b);
                            if (!same(g, t)) fails.fail("corner: grid walk differs from brute: " + where);
                            if (const std::string e = compare_closest(w, t, b, all_b, d); !e.empty())
                                fails.fail("corner vs box world: " + e + ": " + where);
                            if (const std::string e = check_tile_hit(m, t, Aabb{o, o}, d); !e.empty())
                                fails.fail("corner: " + e + ": " + where);
                            // What the contract says, spelled out.
                            const Vec2 nx{real(-sx), 0}, ny{0, real(-sy)};
                            if (!arr.ahead && arr.side_x && arr.side_y) {
                                // Two tiles meeting at v form one solid: the ray may not pass
                                // between them (rule 6), and stops one step before v.
                                if (!(g.hit && g.junction && g.corner && g.time == real(0.5) && g.point == v &&
                                      g.box.min == g.box.max && g.box.min.x * real(sx) < v.x * real(sx) &&
                                      g.box.min.y * real(sy) < v.y * real(sy) &&
                                      std::nextafter(g.box.min.x, v.x) == v.x &&
                                      std::nextafter(g.box.min.y, v.y) == v.y))
                                    fails.fail("corner: the meeting point of two tiles must stop the ray: " + where);
                            } else if (!arr.ahead) {
                                if (g.hit) fails.fail("corner: touching one corner only must not hit: " + where);
                            } else {
                                if (!(g.hit && g.time == real(0.5) && g.point == v && g.other == Other::of(ahead)))
                                    fails.fail("corner: must hit `ahead` at the corner, t=0.5: " + where);
                                // Which face: the tie rule when both are surfaces, else the surface.
                                const Vec2 want = arr.side_x ? nx
                                                : arr.side_y ? ny
                                                             : (std::fabs(d.x) > std::fabs(d.y) ? nx : ny);
                                if (g.hit && g.normal != want)
                                    fails.fail("corner: normal should be " + str(want) + ": " + where);
                            }
                        }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(ray_into_a_concave_tile_corner_hits) {
    // `ahead`, `side_x` and `side_y` all solid: the ray meets the inner corner of an L of solid
    // tiles exactly. Both faces of `ahead` that face the ray are seams, but the ray enters solid
    // ground at the corner: it must hit there (never through, rule 6), like the box world does.
    Failures fails;
    for (real s : tile_sizes)
        for (int sx : {-1, 1})
            for (int sy : {-1, 1})
                for (real ratio : {real(1), real(0.5), real(2)}) {
                    Level level;
                    level.def.origin = {real(0.37), real(-13.71)};
                    level.def.tile_size = s;
                    level.def.columns = 4;
                    level.def.rows = 4;
                    level.tiles.assign(16, Tile::empty);
                    const TileCell ahead{sx > 0 ? 2 : 1, sy > 0 ? 2 : 1};
                    const TileCell behind{sx > 0 ? 1 : 2, sy > 0 ? 1 : 2};
                    for (TileCell c : {ahead, TileCell{ahead.column, behind.row}, TileCell{behind.column, ahead.row}})
                        level.tiles[std::size_t(c.row * 4 + c.column)] = Tile::solid;
                    Worlds w(level);
                    const TileMap& m = w.map();
                    const Vec2 v{m.edge_x(2), m.edge_y(2)};
                    const real a = std::ldexp(real(1), std::ilogb(s) - 1);
                    const Vec2 off{a * (ratio >= 1 ? real(1) : ratio), a / (ratio > 1 ? ratio : real(1))};
                    const Vec2 o{v.x - real(sx) * off.x, v.y - real(sy) * off.y};
                    const Vec2 d{real(sx) * off.x * real(2), real(sy) * off.y * real(2)};
                    const CastHit b = w.boxes.cast_ray(o, d);
                    const std::string where = "\n  size " + str(s) + " dir (" + std::to_string(sx) + "," +
                                              std::to_string(sy) + ") ray " + str(o) + " delta " + str(d);
                    BOOST_TEST_REQUIRE(b.hit); // the box world hits `ahead` at its corner
                    for (const World* world : {&w.grid, &w.brute}) {
                        const CastHit t = world->cast_ray(o, d);
                        const bool against = t.normal == Vec2(real(-sx), 0) || t.normal == Vec2(0, real(-sy));
                        if (!(t.hit && t.time == b.time && against && !t.started_overlapping))
                            fails.fail(std::string(world == &w.grid ? "grid" : "brute") +
                                       ": ray into a concave corner must hit at t=" + str(b.time) + ": " + where +
                                       "\n  got " + str(t) + "\n  boxes " + str(b));
                    }
                    // And a bullet moved there stops at the corner instead of entering the solid tile.
                    World bullet_world;
                    bullet_world.set_tile_map(level.def);
                    for (int r = 0; r < 4; ++r)
                        for (int c = 0; c < 4; ++c)
                            if (level.tiles[std::size_t(r * 4 + c)] == Tile::solid)
                                bullet_world.set_tile({c, r}, Tile::solid);
                    BodyDef bd;
                    bd.box = {o, o};
                    const BodyId id = bullet_world.add(bd);
                    MoveOptions touch;
                    touch.response = Response::touch;
                    const MoveResult r = bullet_world.move(id, d, touch);
                    if (!(r.box == Aabb{v, v} && r.contacts.size() == 1))
                        fails.fail("bullet into a concave corner should stop at it: " + where + "\n  got " + str(r));
                }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(long_diagonal_rays_over_a_checkerboard) {
    // Tiles with (column + row) odd are solid: a ray along the exact diagonal through the empty
    // tiles passes only through corners of solid ones. With exact sizes the ray misses; for every
    // size the answers agree with the box world.
    Failures fails;
    for (real s : tile_sizes)
        for (Vec2 origin : {Vec2(0, 0), Vec2(real(0.37), real(-13.71))}) {
            Level level;
            level.def.origin = origin;
            level.def.tile_size = s;
            level.def.columns = 40;
            level.def.rows = 40;
            level.tiles.assign(1600, Tile::empty);
            for (int r = 0; r < 40; ++r)
                for (int c = 0; c < 40; ++c)
                    if ((r + c) % 2 == 1) level.tiles[std::size_t(r * 40 + c)] = Tile::solid;
            Worlds w(level);
            const TileMap& m = w.map();
            const bool exact = origin == Vec2(0, 0) && (s == real(1) || s == real(16) || s == real(24));
            std::vector<CastHit> all_g, all_t, all_b;
            std::vector<Other> q_g, q_b;
            for (int k = 0; k < 4; ++k) {
                const int sx = (k & 1) ? -1 : 1, sy = (k & 2) ? -1 : 1;
                // From a tile corner on a diagonal of empty tiles, as far as the map goes.
                for (int start : {0, 2, 11}) {
                    const int ci = sx > 0 ? start : 40 - start;
                    int ri = sy > 0 ? start : 40 - start;
                    const int first_c = sx > 0 ? ci : ci - 1, first_r = sy > 0 ? ri : ri - 1;
                    if ((first_c + first_r) % 2 != 0) ri += sy; // start on the even diagonal
                    const int steps = std::min(sx > 0 ? 40 - ci : ci, sy > 0 ? 40 - ri : ri);
                    const Vec2 o{m.edge_x(ci), m.edge_y(ri)};
                    const Vec2 d{real(sx) * real(steps) * s, real(sy) * real(steps) * s};
                    const CastHit g = w.grid.cast_ray(o, d), t = w.brute.cast_ray(o, d), b = w.boxes.cast_ray(o, d);
                    w.boxes.cast_all(Aabb{o, o}, d, all_b);
                    w.grid.cast_all(Aabb{o, o}, d, all_g);
                    w.brute.cast_all(Aabb{o, o}, d, all_t);
                    const std::string where = "\n  size " + str(s) + " origin " + str(origin) + " ray " + str(o) +
                                              " delta " + str(d) + "\n  grid " + str(g) + "\n  brute " + str(t) +
                                              "\n  boxes " + str(b);
                    if (!same(g, t)) fails.fail("checkerboard: grid differs from brute: " + where);
                    if (!same(all_g, all_t)) fails.fail("checkerboard: cast_all grid differs from brute: " + where);
                    if (const std::string e = compare_closest(w, t, b, all_b, d); !e.empty())
                        fails.fail("checkerboard vs box world: " + e + ": " + where);
                    if (const std::string e = compare_all(w, all_t, all_b, d); !e.empty())
                        fails.fail("checkerboard cast_all vs box world: " + e + ": " + where);
                    // The solid tiles meet at the corners the ray passes: it stops before the
                    // first one after its start (rule 6). A ray that starts on such a corner
                    // (inside the map) could be on either side of it, and does not leave it.
                    const Vec2 first = start == 0 ? Vec2{m.edge_x(ci + sx), m.edge_y(ri + sy)} : o;
                    if (exact && !(g.hit && g.junction && g.point == first))
                        fails.fail("checkerboard: an exact diagonal through corners must stop at the first one: " +
                                   where);
                    // Touching counts for query_segment: every solid tile whose corner the ray passes.
                    w.grid.query_segment(o, o + d, q_g);
                    w.boxes.query_segment(o, o + d, q_b);
                    if (q_g != as_tiles(w, q_b))
                        fails.fail("checkerboard: query_segment differs: " + where + "\n  grid " + str(q_g) +
                                   "\n  boxes " + str(as_tiles(w, q_b)));
                    if (exact) {
                        std::vector<TileCell> touched;
                        for (int step = 0; step <= steps; ++step)
                            for (int dc : {-1, 0})
                                for (int dr : {-1, 0}) {
                                    const TileCell c{ci + step * sx + dc, ri + step * sy + dr};
                                    if (m.get(c) == Tile::solid &&
                                        std::find(touched.begin(), touched.end(), c) == touched.end())
                                        touched.push_back(c);
                                }
                        if (q_g.size() != touched.size())
                            fails.fail("checkerboard: query_segment misses tiles touched at corners; expected " +
                                       std::to_string(touched.size()) + " solid tiles at the corners passed: " + where +
                                       "\n  got " + std::to_string(q_g.size()));
                    }
                }
            }
        }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(long_walks_over_coarsely_rounded_edges) {
    // Far from the origin a map's edges are rounded to real coarsely (near 2^17 a float is a
    // multiple of 2^-7, a tenth of a tile of 0.1 here): the tiles' widths differ, while the
    // casts' walks step by the time of one tile and must allow for it. Rays and boxes aimed at
    // exact tile corners many tiles away, where a step taken in the wrong order changes the
    // answer, must answer as reference mode (every tile tested), bit for bit.
    Failures fails;
    long corners_hit = 0;
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        Rng rng(0xc0a25e00u + seed);
        Level level;
        const std::array<real, 4> sizes{real(0.1), real(1) / real(3), real(0.7), real(1.3)};
        level.def.tile_size = rng.pick(sizes);
        const real far = seed % 3 == 0 ? real(-131072.37) : seed % 3 == 1 ? real(98304.81) : real(16777.3);
        level.def.origin = {far, real(-0.61) * far};
        level.def.columns = 48;
        level.def.rows = 48;
        level.tiles.assign(48 * 48, Tile::empty);
        const int style = int(seed % 2); // 0: noise, 1: checkerboard (corners everywhere)
        for (int r = 0; r < 48; ++r)
            for (int c = 0; c < 48; ++c) {
                const bool solid = style == 0 ? rng.chance(0.2) : ((r + c) % 2 == 1 && rng.chance(0.9));
                if (solid) level.tiles[std::size_t(r * 48 + c)] = Tile::solid;
            }
        const Worlds w(level);
        const TileMap& m = w.map();
        for (int q = 0; q < 300; ++q) {
            // From inside an empty tile, through the exact corner of tiles at least 8 away.
            const auto [c0, r0] = random_empty_tile(rng, m);
            int ci, ri;
            do {
                ci = rng.range(1, 47);
                ri = rng.range(1, 47);
            } while (std::abs(ci - c0) + std::abs(ri - r0) < 8);
            const Vec2 v{m.edge_x(ci), m.edge_y(ri)};
            const Aabb tile = m.cell_box({c0, r0});
            const Vec2 o = (tile.min + tile.max) * real(0.5);
            const Vec2 d = (v - o) * real(rng.chance(0.5) ? 1 : 1.5);
            const CastHit g = w.grid.cast_ray(o, d), t = w.brute.cast_ray(o, d);
            const std::string where = "\n  seed " + std::to_string(seed) + " size " + str(level.def.tile_size) +
                                      " origin " + str(level.def.origin) + "  ray " + str(o) + " delta " + str(d) +
                                      "\n  grid " + str(g) + "\n  brute " + str(t);
            if (!same(g, t)) fails.fail("far ray: grid walk differs from brute: " + where);
            if (t.hit && t.corner) ++corners_hit;
            // A box a third of a tile wide, its leading corner aimed at v.
            const real half = level.def.tile_size / real(6);
            const Aabb box{o - Vec2(half, half), o + Vec2(half, half)};
            const Vec2 lead{d.x > 0 ? box.max.x : box.min.x, d.y > 0 ? box.max.y : box.min.y};
            const Vec2 db = (v - lead) * real(rng.chance(0.5) ? 1 : 1.5);
            const CastHit gb = w.grid.cast_box(box, db), tb = w.brute.cast_box(box, db);
            if (!same(gb, tb))
                fails.fail("far box: grid walk differs from brute:\n  seed " + std::to_string(seed) + " box " +
                           str(box) + " delta " + str(db) + "\n  grid " + str(gb) + "\n  brute " + str(tb));
        }
    }
    BOOST_TEST_MESSAGE("long_walks_over_coarsely_rounded_edges: " << corners_hit << " ray hits on a corner");
    fails.summary();
}

BOOST_AUTO_TEST_CASE(steep_and_flat_box_walks_over_coarse_edges) {
    // The box walk's crossings of one axis are times summed tile by tile, off the edges' own
    // times by up to the map's rounding; at such a crossing the span of the other axis is taken
    // at that time, and for a steep (or flat) motion a small error in time is a large one in the
    // position along the fast axis. The walk pads those spans for it. Boxes moving 10 to 200
    // times faster along one axis than the other, over maps whose edges are coarsely rounded,
    // must answer as reference mode, bit for bit; half of them aimed at exact tile corners.
    Failures fails;
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        Rng rng(0x57ee9000u + seed);
        Level level;
        const std::array<real, 3> sizes{real(0.1), real(1) / real(3), real(0.7)};
        level.def.tile_size = rng.pick(sizes);
        const real far = seed % 2 == 0 ? real(-131072.37) : real(98304.81);
        level.def.origin = {far, real(-0.61) * far};
        level.def.columns = 64;
        level.def.rows = 64;
        level.tiles.assign(64 * 64, Tile::empty);
        for (auto& t : level.tiles)
            if (rng.chance(0.12)) t = Tile::solid;
        const Worlds w(level);
        const TileMap& m = w.map();
        for (int q = 0; q < 400; ++q) {
            const auto [c0, r0] = random_empty_tile(rng, m);
            const Aabb tile = m.cell_box({c0, r0});
            const Vec2 o = (tile.min + tile.max) * real(0.5);
            const real half = level.def.tile_size * real(rng.chance(0.5) ? 0.2 : 0.45);
            const Aabb box{o - Vec2(half, half), o + Vec2(half, half)};
            Vec2 d;
            if (q % 2 == 0) {
                const real fast = level.def.tile_size * real(rng.range(8, 60)) * (rng.chance(0.5) ? 1 : -1);
                const real slow = fast / real(rng.range(10, 200)) * (rng.chance(0.5) ? 1 : -1);
                d = rng.chance(0.5) ? Vec2(fast, slow) : Vec2(slow, fast);
            } else {
                // The leading corner aimed at an exact tile corner 1 to 3 tiles away on one axis
                // and 20 or more on the other, where a step in the wrong order changes the answer.
                const int near = rng.range(1, 3) * (rng.chance(0.5) ? 1 : -1);
                int far_off = rng.range(20, 60) * (rng.chance(0.5) ? 1 : -1);
                const bool steep = rng.chance(0.5);
                int ci = c0 + (steep ? near : far_off), ri = r0 + (steep ? far_off : near);
                if (ci < 1 || ci > 63 || ri < 1 || ri > 63) {
                    far_off = -far_off;
                    ci = c0 + (steep ? near : far_off);
                    ri = r0 + (steep ? far_off : near);
                    if (ci < 1 || ci > 63 || ri < 1 || ri > 63) continue;
                }
                const Vec2 v{m.edge_x(ci + (ci > c0 ? 0 : 1)), m.edge_y(ri + (ri > r0 ? 0 : 1))};
                const Vec2 lead{ci > c0 ? box.max.x : box.min.x, ri > r0 ? box.max.y : box.min.y};
                d = (v - lead) * real(rng.chance(0.5) ? 1 : 1.5);
            }
            const CastHit g = w.grid.cast_box(box, d), t = w.brute.cast_box(box, d);
            if (!same(g, t))
                fails.fail("steep box: grid walk differs from brute:\n  seed " + std::to_string(seed) + " box " +
                           str(box) + " delta " + str(d) + "\n  grid " + str(g) + "\n  brute " + str(t));
        }
    }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(box_walks_past_many_tiles_of_one_axis_before_a_few_of_the_other) {
    // The same padding, where it is most of the span's padding: a box moving 170 to 480 times
    // faster along one axis than the other, over a map far from the origin whose tile size float
    // cannot hold (its edges off their lines by up to half a unit in the last place, 6e-5), passes
    // hundreds of tiles along the fast axis and two to four lines of the slow one before the first
    // solid tile, which lies in a band beyond those lines. Each crossing of a slow line after the
    // first is a summed time, off that line's own time by the edges' rounding; at that crossing
    // the span along the fast axis, taken at that time, is off by the ratio times as much (about
    // a tenth of a tile), and the walk pads it for that (the other axis's time error times |d|).
    // Without that padding on the spans along x, 111 of these 8,000 casts answer differently, and
    // 106 without it along y (measured by removing each in the SSE set-up of the float build);
    // with it, every cast answers as reference mode, bit for bit. (In a double build the walk's
    // padding of 1e-12 of the coordinates is the larger one at any such ratio, so there the test
    // is a plain comparison.) The eight variants: fast axis x or y, each axis moving + or -.
    Failures fails;
    long casts = 0, hits = 0;
    for (int variant = 0; variant < 8; ++variant) {
        const bool steep = (variant & 1) != 0, fast_back = (variant & 2) != 0, slow_back = (variant & 4) != 0;
        for (int j = 0; j < 4; ++j) {
            Rng rng(0xba5d0000u + 97u * std::uint32_t(variant) + 13u * std::uint32_t(j));
            TileMapDef def;
            def.origin = {real(2000.3) + real(0.0137) * real(j), real(2000.7) + real(0.0291) * real(j)};
            def.tile_size = real(0.1);
            const int along = 1400, across = 16;
            def.columns = steep ? across : along;
            def.rows = steep ? along : across;
            WorldDef brute_def;
            brute_def.brute_force = true;
            World grid, brute(brute_def);
            grid.set_tile_map(def);
            brute.set_tile_map(def);
            // The band of solid tiles: slow lines 11-12 ahead of the start (3-4 behind it when the
            // slow axis moves back), half of them solid.
            for (int s = 0; s < across; ++s)
                for (int f = 0; f < along; ++f)
                    if ((slow_back ? (s == 3 || s == 4) : (s == 11 || s == 12)) && rng.chance(0.5)) {
                        const TileCell c = steep ? TileCell{s, f} : TileCell{f, s};
                        grid.set_tile(c, Tile::solid);
                        brute.set_tile(c, Tile::solid);
                    }
            for (int q = 0; q < 250; ++q) {
                // Starting on slow lines 7-8, within the first (or last) 55 tiles of the fast axis.
                const double fast_at = fast_back ? along * 0.1 - 0.5 - 5 * rng.unit() : 0.5 + 5 * rng.unit();
                const double slow_at = 0.72 + 0.1 * rng.unit();
                const real w = rng.uniform(0.02, 0.08), h = rng.uniform(0.02, 0.08);
                const real fast_d = rng.uniform(200, 290) * real(fast_back ? -1 : 1);
                const real slow_d = rng.uniform(0.6, 1.2) * real(slow_back ? -1 : 1);
                const Vec2 min{def.origin.x + real(steep ? slow_at : fast_at),
                               def.origin.y + real(steep ? fast_at : slow_at)};
                const Aabb box{min, {min.x + (steep ? h : w), min.y + (steep ? w : h)}};
                const Vec2 d = steep ? Vec2{slow_d, fast_d} : Vec2{fast_d, slow_d};
                const CastHit g = grid.cast_box(box, d), t = brute.cast_box(box, d);
                ++casts;
                hits += t.hit ? 1 : 0;
                if (!same(g, t))
                    fails.fail("long box walk: grid walk differs from brute:\n  variant " + std::to_string(variant) +
                               " origin " + str(def.origin) + " box " + str(box) + " delta " + str(d) + "\n  grid " +
                               str(g) + "\n  brute " + str(t));
            }
        }
    }
    BOOST_TEST_MESSAGE("box_walks_past_many_tiles_of_one_axis_before_a_few_of_the_other: " << casts << " casts, "
                                                                                           << hits << " hits");
    BOOST_TEST(hits > casts * 9 / 10);
    fails.summary();
}

BOOST_AUTO_TEST_CASE(casts_skip_bodies_only_where_no_body_can_be) {
    // A cast whose tile walk stays on the map over tiles no body has marked (the tiles of every
    // box a body has had) skips the bodies. Bodies added before and after the map, moved and
    // teleported, big ones in the oversize list (on the wider maps, more than 128 tiles across:
    // marks over several words), walls and points on tile edges, rays and boxes that leave the
    // map to meet a body outside it: every cast answers as reference mode (which tests every
    // tile and every body), bit for bit.
    Failures fails;
    long body_hits = 0;
    for (std::uint32_t seed = 1; seed <= 16; ++seed) {
        Rng rng(0xb0d1e500u + seed);
        const std::array<real, 4> cells{real(64), real(8), real(3.3), real(200)};
        WorldDef gdef, bdef;
        gdef.cell_size = bdef.cell_size = rng.pick(cells);
        gdef.oversize_cells = bdef.oversize_cells = 4;
        bdef.brute_force = true;
        World grid(gdef), brute(bdef);
        TileMapDef map;
        const std::array<real, 3> sizes{real(16), real(0.7), real(3)};
        map.tile_size = rng.pick(sizes);
        map.origin = {real(-37.5) * map.tile_size / 16, real(12.25)};
        const int cols = seed % 4 == 0 ? 150 : 40;
        map.columns = cols;
        map.rows = 30;
        const Vec2 lo = map.origin, hi = map.origin + Vec2(real(cols), real(30)) * map.tile_size;
        const real ts = map.tile_size;
        std::vector<BodyId> gids, bids;
        // A body somewhere near the map: a small box, a wall (on a tile edge half of the
        // time), a point, or now and then a big box that goes to the oversize list.
        auto random_body = [&] {
            BodyDef b;
            const real x = rng.chance(0.5) ? map.origin.x + ts * real(rng.range(-3, cols + 3))
                                           : rng.uniform(double(lo.x - 3 * ts), double(hi.x + 3 * ts));
            const real y = rng.chance(0.5) ? map.origin.y + ts * real(rng.range(-3, 33))
                                           : rng.uniform(double(lo.y - 3 * ts), double(hi.y + 3 * ts));
            const int kind = rng.range(0, 9);
            const real w = kind < 4 ? ts * rng.uniform(0.1, 1.5) : kind < 6 ? ts * real(rng.range(1, 4)) : 0;
            const real h = kind < 4 ? ts * rng.uniform(0.1, 1.5)
                         : kind < 6 ? 0
                         : kind < 8 ? ts * real(rng.range(1, 4))
                                    : 0;
            b.box = Aabb{{x, y}, {x + w, y + h}};
            if (kind == 9 && rng.chance(0.3)) b.box = Aabb{{x, y}, {x + gdef.cell_size * 6, y + gdef.cell_size * 5}};
            return b;
        };
        auto add = [&] {
            const BodyDef b = random_body();
            gids.push_back(grid.add(b));
            bids.push_back(brute.add(b));
        };
        for (int i = 0; i < 6; ++i) add(); // before the map: set_tile_map marks their cells
        grid.set_tile_map(map);
        brute.set_tile_map(map);
        for (int r = 0; r < map.rows; ++r)
            for (int c = 0; c < map.columns; ++c)
                if (rng.chance(0.15)) {
                    const Tile t = rng.chance(0.8) ? Tile::solid : Tile::one_way;
                    grid.set_tile({c, r}, t);
                    brute.set_tile({c, r}, t);
                }
        MoveOptions ignore;
        ignore.response = Response::ignore; // moves that go where they are sent
        for (int step = 0; step < 60; ++step) {
            const int what = rng.range(0, 5);
            if (what == 0 || gids.empty()) {
                add();
            } else if (what == 1) {
                const std::size_t i = std::size_t(rng.range(0, int(gids.size()) - 1));
                const Aabb b = random_body().box;
                grid.teleport(gids[i], b);
                brute.teleport(bids[i], b);
            } else if (what == 2) {
                const std::size_t i = std::size_t(rng.range(0, int(gids.size()) - 1));
                const Vec2 d{rng.uniform(-20, 20) * ts, rng.uniform(-20, 20) * ts};
                grid.move(gids[i], d, ignore);
                brute.move(bids[i], d, ignore);
            } else if (what == 3 && gids.size() > 3) {
                const std::size_t i = std::size_t(rng.range(0, int(gids.size()) - 1));
                grid.remove(gids[i]);
                brute.remove(bids[i]);
                gids.erase(gids.begin() + std::ptrdiff_t(i));
                bids.erase(bids.begin() + std::ptrdiff_t(i));
            }
            for (int q = 0; q < 40; ++q) {
                // From an empty tile, any direction, up to beyond the map; every other cast
                // from a tile near a body, aimed at a point of it (short paths over few tiles).
                const bool aimed = q % 2 == 1;
                const Aabb target = brute.box(bids[std::size_t(rng.range(0, int(bids.size()) - 1))]);
                const Vec2 at{rng.uniform(double(target.min.x), double(target.max.x)),
                              rng.uniform(double(target.min.y), double(target.max.y))};
                const int ac = std::clamp(grid.tiles().column_of(at.x), 0, cols - 1),
                          ar = std::clamp(grid.tiles().row_of(at.y), 0, 29);
                int c0, r0, tries = 0;
                do {
                    c0 = aimed && tries < 50 ? std::clamp(ac + rng.range(-3, 3), 0, cols - 1) : rng.range(0, cols - 1);
                    r0 = aimed && tries < 50 ? std::clamp(ar + rng.range(-3, 3), 0, 29) : rng.range(0, 29);
                    ++tries;
                } while (grid.tiles().get({c0, r0}) != Tile::empty);
                const Aabb t = grid.tiles().cell_box({c0, r0});
                const Vec2 o{rng.uniform(double(t.min.x), double(t.max.x)),
                             rng.uniform(double(t.min.y), double(t.max.y))};
                const Vec2 d = aimed ? (at - o) * real(1.25)
                                     : Vec2{rng.uniform(-30, 30) * ts, rng.uniform(-30, 30) * ts};
                auto check = [&](const Aabb& box) {
                    const CastHit g = grid.cast_box(box, d), b = brute.cast_box(box, d);
                    if (!same(g, b))
                        fails.fail("cast: grid differs from reference:\n  seed " + std::to_string(seed) + " step " +
                                   std::to_string(step) + " box " + str(box) + " delta " + str(d) + "\n  grid " +
                                   str(g) + "\n  reference " + str(b));
                    if (b.hit && b.other.is_body()) ++body_hits;
                };
                check(Aabb{o, o}); // a ray (cast_ray is cast_box of the point)
                const real half = ts * real(rng.chance(0.5) ? 0.2 : 0.45);
                check(Aabb{o - Vec2(half, half), o + Vec2(half, half)});
            }
        }
    }
    BOOST_TEST_MESSAGE("casts_skip_bodies_only_where_no_body_can_be: " << body_hits << " body hits");
    BOOST_TEST(body_hits > 1000); // the casts do meet bodies
    fails.summary();
}

BOOST_AUTO_TEST_SUITE_END()
