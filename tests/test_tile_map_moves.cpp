// Tests of moves over tiles (issue 3): sliding along seams over thousands of frames (floors,
// ceilings and walls, mirrored), one-way tiles, and doors opened and closed during a run with
// set_tile. Part of the suite `tile_map`.

#include "tile_map_support.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace {

using namespace sweepbox;
using namespace tile_test;

// ---------------------------------------------------------------- seams (mirrored orientations)

/// One orientation of a surface: the run goes along `run_axis`, gravity along `normal_axis`
/// with sign `down` (+1: the surface is on the + side of the mover). Floor: x, y, +1.
struct Orientation {
    const char* name;
    int run_axis;
    int normal_axis;
    int down;
};
constexpr std::array<Orientation, 4> orientations{
    {{"floor", 0, 1, +1}, {"ceiling", 0, 1, -1}, {"left wall", 1, 0, -1}, {"right wall", 1, 0, +1}}};

Vec2 compose(const Orientation& o, real run, real normal) {
    Vec2 v{0, 0};
    v[o.run_axis] = run;
    v[o.normal_axis] = normal;
    return v;
}
TileCell compose_cell(const Orientation& o, int run, int normal) {
    std::array<int, 2> a{};
    a[std::size_t(o.run_axis)] = run;
    a[std::size_t(o.normal_axis)] = normal;
    return {a[0], a[1]};
}
real edge(const TileMap& m, int axis, int i) { return axis == 0 ? m.edge_x(i) : m.edge_y(i); }

struct SeamCase {
    real tile_size;
    Vec2 origin;
    real width_tiles;   // mover extent along the run, in tiles
    real height_tiles;  // mover extent along the normal, in tiles
    real run_tiles;     // run per frame, in tiles
    real gravity_tiles; // push into the surface per frame, in tiles
    bool jitter;        // run changes every frame
};

/// Runs one mover along one surface for `frames` frames, reporting failures to `fails`.
void run_seam_case(const SeamCase& sc, const Orientation& o, int frames, std::uint32_t seed, Failures& fails) {
    constexpr int length = 300; // tiles along the run
    constexpr int depth = 6;    // tiles across: the mover's side and two solid layers
    TileMapDef def;
    def.origin = sc.origin;
    def.tile_size = sc.tile_size;
    const std::array<int, 2> ext = [&] {
        std::array<int, 2> e{};
        e[std::size_t(o.run_axis)] = length;
        e[std::size_t(o.normal_axis)] = depth;
        return e;
    }();
    def.columns = ext[0];
    def.rows = ext[1];
    World world;
    world.set_tile_map(def);
    const TileMap& m = world.tiles();
    // The solid layer: normal indices 4, 5 when the surface is on the + side, else 0, 1.
    const int layer0 = o.down > 0 ? depth - 2 : 0;
    for (int i = 0; i < length; ++i)
        for (int j = layer0; j < layer0 + 2; ++j) world.set_tile(compose_cell(o, i, j), Tile::solid);
    const int surface_index = o.down > 0 ? depth - 2 : 2;
    const real surface = edge(m, o.normal_axis, surface_index);
    const real s = sc.tile_size;
    const real h = sc.height_tiles * s;
    const real wdt = sc.width_tiles * s;
    const int ra = o.run_axis, na = o.normal_axis;

    Aabb start;
    const real run0 = edge(m, ra, 5) + s * real(0.25);
    start.min[ra] = run0;
    start.max[ra] = run0 + wdt;
    if (o.down > 0) {
        start.max[na] = surface;
        start.min[na] = surface - h;
    } else {
        start.min[na] = surface;
        start.max[na] = surface + h;
    }
    const real size_n0 = start.max[na] - start.min[na];
    BodyDef bd;
    bd.box = start;
    const BodyId id = world.add(bd);

    Rng rng(seed);
    const real lo = edge(m, ra, 3), hi = edge(m, ra, length - 3);
    real dir = 1;
    const Vec2 surface_normal = compose(o, 0, real(-o.down));
    std::string where = std::string(o.name) + " size " + str(s) + " origin " + str(sc.origin) + " mover " + str(wdt) +
                        "x" + str(h) + " run " + str(sc.run_tiles * s) + " gravity " + str(sc.gravity_tiles * s);
    MoveResult res;
    int frame_failures = 0;
    for (int f = 0; f < frames && frame_failures < 3; ++f) {
        const Aabb before = world.box(id);
        real run = sc.run_tiles * s * dir;
        if (sc.jitter) run = run * rng.uniform(0.25, 1.75);
        if (before.max[ra] + run * real(2) > hi) dir = -1;
        if (before.min[ra] + run * real(2) < lo) dir = 1;
        run = std::fabs(run) * dir;
        const Vec2 delta = compose(o, run, sc.gravity_tiles * s * real(o.down));
        world.move(id, delta, MoveOptions{}, res);
        const Aabb free_move = before.translated(delta); // what the run would be with no surface
        std::string bad;
        if (res.box.min[ra] != free_move.min[ra] || res.box.max[ra] != free_move.max[ra])
            bad += " run axis: got " + str(res.box.min[ra]) + ".." + str(res.box.max[ra]) + " expected " +
                   str(free_move.min[ra]) + ".." + str(free_move.max[ra]) + ";";
        const real flush = o.down > 0 ? res.box.max[na] : res.box.min[na];
        if (flush != surface) bad += " not flush: edge " + str(flush) + " surface " + str(surface) + ";";
        const real size_n = res.box.max[na] - res.box.min[na];
        if (std::fabs(size_n - size_n0) >
            std::fabs(surface) * real(4) * std::numeric_limits<real>::epsilon() + real(1e-6) * s)
            bad += " size across the surface changed to " + str(size_n) + ";";
        if (res.contacts.empty()) bad += " no contact with the surface;";
        for (const Contact& c : res.contacts)
            if (c.normal != surface_normal || c.time != 0 || !c.other.is_tile())
                bad += " unexpected contact " + str(c) + ";";
        if (res.truncated) bad += " truncated;";
        if (!bad.empty()) {
            ++frame_failures;
            fails.fail("seam: " + where + " frame " + std::to_string(f) + " from " + str(before) + " delta " +
                       str(delta) + ":" + bad + " result " + str(res));
        }
    }
}

// ---------------------------------------------------------------- one-way filters

Response ignore_one_way(void* /*context*/, const World& world, BodyId /*self*/, const Other& other) {
    if (other.is_tile() && world.tiles().get(other.tile) == Tile::one_way) return Response::ignore;
    return Response::slide;
}

Response bounce_solid_touch_one_way(void* /*context*/, const World& world, BodyId /*self*/, const Other& other) {
    if (other.is_tile() && world.tiles().get(other.tile) == Tile::one_way) return Response::touch;
    return Response::bounce;
}

} // namespace

BOOST_AUTO_TEST_SUITE(tile_map)

// ================================================================ seams

BOOST_AUTO_TEST_CASE(sliding_never_catches_on_a_seam) {
    Failures fails;
    const std::array<Vec2, 3> origins{Vec2(real(0.37), real(-13.71)), Vec2(real(-1000.3), real(517.77)),
                                      Vec2(real(0.1), real(0.2))};
    struct Mover {
        real w, h, run, gravity;
        bool jitter;
    };
    constexpr std::array<Mover, 6> movers{{
        {real(1), real(1), real(1), real(0.5), false}, // tile-sized, one tile per frame: edges land on seams
        {real(0.5), real(1.5), real(0.37), real(0.01), false},
        {real(2.3), real(0.8), real(1.7), real(1.3), false},     // gravity larger than a tile
        {real(0.75), real(0.75), real(0.013), real(0.2), false}, // slow
        {real(1), real(2), real(3), real(0.5), true},            // fast, speed changes each frame
        {real(0), real(0.5), real(0.6), real(0.3), true},        // zero width along the run
    }};
    int cases = 0;
    std::uint32_t seed = 77;
    for (real s : tile_sizes)
        for (const Vec2& origin : origins)
            for (const Orientation& o : orientations)
                for (const Mover& mv : movers) {
                    const SeamCase sc{s, origin, mv.w, mv.h, mv.run, mv.gravity, mv.jitter};
                    run_seam_case(sc, o, 1500, ++seed, fails);
                    ++cases;
                }
    BOOST_TEST_MESSAGE("tile_map: " << cases << " seam runs of 1500 frames");
    fails.summary();
}

// ================================================================ one-way tiles

namespace {
/// A level for the one-way tests: a one-way platform (row 4, columns 3..7) over a solid floor
/// (row 8), in a 12 x 10 map.
World one_way_world(real s, Vec2 origin) {
    TileMapDef d;
    d.origin = origin;
    d.tile_size = s;
    d.columns = 12;
    d.rows = 10;
    World w = make_world(d);
    paint(w, {"............", "............", "............", "............", "...=====....", "............",
              "............", "............", "############", "############"});
    return w;
}
constexpr std::array<real, 4> one_way_sizes{real(16), real(0.7), real(1) / real(3), real(1)};
} // namespace

BOOST_AUTO_TEST_CASE(one_way_landing_from_above) {
    for (real s : one_way_sizes)
        for (real dx : {real(0), real(0.3), real(-0.45)}) {
            World w = one_way_world(s, {real(0.37), real(-5.5)});
            const TileMap& m = w.tiles();
            const real top = m.edge_y(4);
            BodyDef bd;
            bd.box = {{m.edge_x(4) + s * real(0.1), m.edge_y(1)}, {m.edge_x(5), m.edge_y(2)}};
            const BodyId id = w.add(bd);
            const MoveResult r = w.move(id, {dx * s, s * real(5)});
            BOOST_TEST_CONTEXT("size " << str(s) << " dx " << str(dx) << " result " << str(r)) {
                BOOST_TEST(r.box.max.y == top);
                BOOST_TEST(r.box.max.y - r.box.min.y == bd.box.max.y - bd.box.min.y);
                BOOST_TEST_REQUIRE(r.contacts.size() >= 1u);
                BOOST_TEST((r.contacts[0].normal == Vec2(0, -1)));
                BOOST_TEST(r.contacts[0].other.is_tile());
                BOOST_TEST((m.get(r.contacts[0].other.tile) == Tile::one_way));
                BOOST_TEST(r.contacts[0].other.tile.row == 4);
                BOOST_TEST(!r.contacts[0].started_overlapping);
                // Slide: the horizontal part is kept in full (two legs, so within rounding).
                BOOST_TEST(std::fabs(r.box.min.x - (bd.box.min.x + dx * s)) <=
                           real(1e-5) * (real(1) + std::fabs(r.box.min.x)));
            }
            // Casts see the same top.
            const CastHit c = w.cast_box(bd.box, {0, s * real(5)}, QueryFilter{.ignore = id});
            BOOST_TEST((c.hit && c.normal == Vec2(0, -1) && c.box.max.y == top), str(c));
            const Vec2 ray_from{m.edge_x(5) + s * real(0.5), m.edge_y(1)};
            const CastHit rc = w.cast_ray(ray_from, {0, s * real(5)}, QueryFilter{.ignore = id});
            BOOST_TEST((rc.hit && rc.point.y == top && rc.normal == Vec2(0, -1) && rc.other.tile.row == 4), str(rc));
        }
}

BOOST_AUTO_TEST_CASE(one_way_passes_from_below_and_from_the_side) {
    for (real s : one_way_sizes) {
        World w = one_way_world(s, {real(-3.3), real(7.25)});
        const TileMap& m = w.tiles();
        BodyDef bd;
        // From below, straight up and diagonally up, through the platform.
        for (real dx : {real(0), real(0.7), real(-1.2)}) {
            bd.box = {{m.edge_x(5), m.edge_y(6)}, {m.edge_x(5) + s * real(0.8), m.edge_y(7)}};
            const BodyId id = w.add(bd);
            const Vec2 d{dx * s, -s * real(5)};
            const MoveResult r = w.move(id, d);
            BOOST_TEST((r.box == bd.box.translated(d) && r.contacts.empty()),
                       "from below, size " << str(s) << ": " << str(r));
            const CastHit c = w.cast_box(bd.box, d, QueryFilter{.ignore = id});
            BOOST_TEST(!c.hit, "cast from below: " << str(c));
            const CastHit rc = w.cast_ray(bd.box.min, d, QueryFilter{.ignore = id});
            BOOST_TEST(!rc.hit, "ray from below: " << str(rc));
            w.remove(id);
        }
        // From the side, at the platform's height, horizontally and slightly down or up.
        for (real dy : {real(0), real(0.2), real(-0.2)}) {
            for (int side : {-1, 1}) {
                const real x0 = side < 0 ? m.edge_x(1) : m.edge_x(9);
                bd.box = {{x0, m.edge_y(4) + s * real(0.25)}, {x0 + s * real(0.5), m.edge_y(4) + s * real(0.75)}};
                const BodyId id = w.add(bd);
                const Vec2 d{real(-side) * s * real(8), dy * s};
                const MoveResult r = w.move(id, d);
                BOOST_TEST((r.box == bd.box.translated(d) && r.contacts.empty()),
                           "from the side " << side << " dy " << str(dy) << ", size " << str(s) << ": " << str(r));
                w.remove(id);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(one_way_mover_starting_partly_below_passes) {
    for (real s : one_way_sizes) {
        World w = one_way_world(s, {real(0.37), real(-5.5)});
        const TileMap& m = w.tiles();
        const real top = m.edge_y(4);
        // Bottom edge just below the top (by one ulp, by a quarter tile, by most of the tile).
        for (real bottom : {std::nextafter(top, inf), top + s * real(0.25), top + s * real(0.9)}) {
            BodyDef bd;
            bd.box = {{m.edge_x(5), bottom - s}, {m.edge_x(6), bottom}};
            const BodyId id = w.add(bd);
            const Vec2 d{0, s * real(2)};
            const MoveResult r = w.move(id, d);
            BOOST_TEST((r.box == bd.box.translated(d) && r.contacts.empty()),
                       "partly below by " << str(bottom - top) << ", size " << str(s) << ": " << str(r));
            w.remove(id);
        }
        // Exactly flush on top is fully above: blocked at once.
        BodyDef bd;
        bd.box = {{m.edge_x(5), top - s}, {m.edge_x(6), top}};
        const BodyId id = w.add(bd);
        const MoveResult r = w.move(id, {0, s * real(2)});
        BOOST_TEST((r.box == bd.box && r.contacts.size() == 1u && r.contacts[0].time == 0), "flush on top: " << str(r));
    }
}

BOOST_AUTO_TEST_CASE(standing_on_a_one_way_platform_across_frames) {
    for (real s : one_way_sizes) {
        World w = one_way_world(s, {real(11.1), real(-0.3)});
        const TileMap& m = w.tiles();
        const real top = m.edge_y(4);
        BodyDef bd;
        bd.box = {{m.edge_x(3) + s * real(0.1), top - s * real(1.5)}, {m.edge_x(3) + s * real(0.9), top}};
        const BodyId id = w.add(bd);
        // Walk right along the platform (over its seams) and back, with gravity every frame.
        real dir = 1;
        for (int f = 0; f < 2000; ++f) {
            const Aabb before = w.box(id);
            if (before.max.x + s * real(0.05) > m.edge_x(8)) dir = -1;
            if (before.min.x - s * real(0.05) < m.edge_x(3)) dir = 1;
            const Vec2 d{dir * s * real(0.0437), s * real(0.25)};
            const MoveResult r = w.move(id, d);
            const bool ok = r.box.max.y == top && r.box.min.x == before.translated(d).min.x &&
                            r.contacts.size() == 1u && r.contacts[0].normal == Vec2(0, -1);
            if (!ok) {
                BOOST_ERROR("size " << str(s) << " frame " << f << " from " << str(before) << ": " << str(r));
                break;
            }
        }
        // A larger gravity step (more than a tile per frame) does not fall through either.
        for (int f = 0; f < 50; ++f) {
            const MoveResult r = w.move(id, {0, s * real(3.5)});
            if (r.box.max.y != top) {
                BOOST_ERROR("fell through with a big step, size " << str(s) << ": " << str(r));
                break;
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(dropping_through_a_one_way_platform_with_a_filter) {
    for (real s : one_way_sizes) {
        World w = one_way_world(s, {real(0.37), real(-5.5)});
        const TileMap& m = w.tiles();
        BodyDef bd;
        bd.box = {{m.edge_x(5), m.edge_y(4) - s}, {m.edge_x(6), m.edge_y(4)}};
        const BodyId id = w.add(bd);
        MoveOptions drop;
        drop.filter = &ignore_one_way;
        const MoveResult r = w.move(id, {0, s * real(6)}, drop);
        // Through the platform, onto the solid floor (row 8).
        BOOST_TEST(r.box.max.y == m.edge_y(8), str(r));
        BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
        BOOST_TEST(r.contacts[0].other.tile.row == 8);
        BOOST_TEST((r.contacts[0].normal == Vec2(0, -1)));
        // Without the filter, from the floor up through the platform and back down: lands on it.
        const MoveResult up = w.move(id, {0, -s * real(5)});
        BOOST_TEST(up.contacts.empty(), str(up));
        const MoveResult down = w.move(id, {0, s * real(5)});
        BOOST_TEST(down.box.max.y == m.edge_y(4), str(down));
        // The filter of a query can leave the tiles out altogether.
        const CastHit c = w.cast_ray({m.edge_x(5) + s * real(0.5), m.edge_y(0)}, {0, s * real(9)},
                                     QueryFilter{.ignore = id, .tiles = false});
        BOOST_TEST(!c.hit, str(c));
    }
}

BOOST_AUTO_TEST_CASE(one_way_rule_is_checked_for_each_leg) {
    // A box starting inside the platform row moves up (passes: it is not above), bounces off a
    // ceiling, and comes down: that second leg starts fully above the platform, so it lands.
    for (real s : one_way_sizes) {
        TileMapDef d;
        d.origin = {real(2.5), real(-1.25)};
        d.tile_size = s;
        d.columns = 6;
        d.rows = 9;
        World w = make_world(d);
        paint(w, {"######", "......", "......", "......", "......", ".====.", "......", "......", "######"});
        const TileMap& m = w.tiles();
        BodyDef bd;
        bd.box = {{m.edge_x(2), m.edge_y(5) + s * real(0.5)}, {m.edge_x(3), m.edge_y(6) + s * real(0.5)}};
        const BodyId id = w.add(bd);
        MoveOptions opt;
        opt.filter = &bounce_solid_touch_one_way;
        opt.restitution = 1;
        // Up 5.5 tiles to the ceiling (row 0's bottom at edge 1), then 4.5 tiles back down: the
        // platform top (edge 5) is 4 tiles below the ceiling with a 1-tile box, so it lands there.
        const MoveResult r = w.move(id, {0, -s * real(10)}, opt);
        BOOST_TEST_CONTEXT("size " << str(s) << ": " << str(r)) {
            BOOST_TEST_REQUIRE(r.contacts.size() == 2u);
            BOOST_TEST((r.contacts[0].normal == Vec2(0, 1)));
            BOOST_TEST(r.contacts[0].other.tile.row == 0);
            BOOST_TEST(r.contacts[0].box.min.y == m.edge_y(1));
            BOOST_TEST((r.contacts[1].normal == Vec2(0, -1)));
            BOOST_TEST(r.contacts[1].other.tile.row == 5);
            BOOST_TEST(r.box.max.y == m.edge_y(5));
        }
    }
}

// ================================================================ doors

BOOST_AUTO_TEST_CASE(doors_open_and_close_during_a_run) {
    for (real s : {real(16), real(0.7), real(0.1)}) {
        TileMapDef d;
        d.origin = {real(-7.75), real(3.1)};
        d.tile_size = s;
        d.columns = 20;
        d.rows = 6;
        World w = make_world(d);
        // A corridor (rows 2..3) closed by a door of two tiles at column 10.
        paint(w, {"####################", "####################", "..........#.........", "..........#.........",
                  "####################", "####################"});
        const TileMap& m = w.tiles();
        const TileCell door{10, 2};
        BodyDef bd;
        bd.box = {{m.edge_x(2), m.edge_y(2) + s * real(0.5)}, {m.edge_x(2) + s * real(0.8), m.edge_y(4)}};
        const BodyId id = w.add(bd);
        const Vec2 step{s * real(0.3), s * real(0.1)}; // walking right, with gravity into the floor
        int frame = 0;
        // Closed: the walker ends flush against the door.
        for (; frame < 60; ++frame) w.move(id, step);
        BOOST_TEST(w.box(id).max.x == m.edge_x(10),
                   "blocked by the closed door, size " << str(s) << ": " << str(w.box(id)));
        BOOST_TEST(w.box(id).max.y == m.edge_y(4));
        // Looking through the door: the ray hits it.
        const Vec2 eye{m.edge_x(3), m.edge_y(3) + s * real(0.5)};
        CastHit c = w.cast_ray(eye, {s * real(12), 0}, QueryFilter{.ignore = id});
        BOOST_TEST((c.hit && c.other == Other::of(TileCell{10, 3}) && c.normal == Vec2(-1, 0)), str(c));
        // Open (both tiles): the walker passes.
        w.set_tile(door, Tile::empty);
        w.set_tile({10, 3}, Tile::empty);
        BOOST_TEST(m.faces({10, 1}) == (face_pos_y)); // the door's lintel gained a bottom surface
        BOOST_TEST(m.faces({10, 4}) == (face_neg_y)); // and its sill a top surface
        c = w.cast_ray(eye, {s * real(12), 0}, QueryFilter{.ignore = id});
        BOOST_TEST(!c.hit, str(c));
        for (int f = 0; f < 30; ++f) {
            const Aabb before = w.box(id);
            const MoveResult r = w.move(id, step);
            if (r.box.min.x != before.translated(step).min.x) {
                BOOST_ERROR("open door still blocks, size " << str(s) << ": " << str(r));
                break;
            }
        }
        BOOST_TEST(w.box(id).min.x > m.edge_x(11));
        // Close it behind; walking back, the walker stops on the other side of the door.
        w.set_tile(door, Tile::solid);
        w.set_tile({10, 3}, Tile::solid);
        BOOST_TEST(m.faces({10, 1}) == 0);
        BOOST_TEST(m.faces({10, 2}) == (face_neg_x | face_pos_x));
        for (int f = 0; f < 60; ++f) w.move(id, {-step.x, step.y});
        BOOST_TEST(w.box(id).min.x == m.edge_x(11), "blocked from the other side: " << str(w.box(id)));
    }
}

BOOST_AUTO_TEST_CASE(seams_appear_and_disappear_with_set_tile) {
    // A floor row; a ray inside the row, moving right, hits the first tile of a solid run on its
    // left face. Removing that tile makes the next tile's left face a surface; putting it back
    // removes it. A box sliding on the floor never notices the tile under it coming back.
    for (real s : tile_sizes) {
        TileMapDef d;
        d.origin = {real(0.37), real(-13.71)};
        d.tile_size = s;
        d.columns = 8;
        d.rows = 3;
        World w = make_world(d);
        paint(w, {"........", "........", ".#######"});
        const TileMap& m = w.tiles();
        const Vec2 o{m.edge_x(0), m.edge_y(2) + s * real(0.5)};
        const Vec2 ray{s * real(8), 0};
        CastHit c = w.cast_ray(o, ray);
        BOOST_TEST((c.hit && c.other == Other::of(TileCell{1, 2}) && c.point.x == m.edge_x(1)), str(c));
        BOOST_TEST((m.faces({2, 2}) & face_neg_x) == 0);
        w.set_tile({1, 2}, Tile::empty);
        BOOST_TEST((m.faces({2, 2}) & face_neg_x) != 0);
        c = w.cast_ray(o, ray);
        BOOST_TEST((c.hit && c.other == Other::of(TileCell{2, 2}) && c.point.x == m.edge_x(2) &&
                    c.normal == Vec2(-1, 0)),
                   str(c));
        w.set_tile({1, 2}, Tile::solid);
        BOOST_TEST((m.faces({2, 2}) & face_neg_x) == 0);
        c = w.cast_ray(o, ray);
        BOOST_TEST((c.hit && c.other == Other::of(TileCell{1, 2})), str(c));
        // A walker on the floor: tiles under it change; it keeps sliding at full speed.
        BodyDef bd;
        bd.box = {{m.edge_x(2), m.edge_y(2) - s}, {m.edge_x(2) + s * real(0.6), m.edge_y(2)}};
        const BodyId id = w.add(bd);
        for (int f = 0; f < 40; ++f) {
            const TileCell flip{2 + f % 5, 2};
            w.set_tile(flip, Tile::empty);
            w.set_tile(flip, Tile::solid);
            const Aabb before = w.box(id);
            const Vec2 step{s * real(0.1), s * real(0.2)};
            const MoveResult r = w.move(id, step);
            if (r.box.min.x != before.translated(step).min.x || r.box.max.y != m.edge_y(2)) {
                BOOST_ERROR("walker caught after set_tile, size " << str(s) << ": " << str(r));
                break;
            }
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
