// Suite `cast`: cast_ray, cast_box and cast_all on small hand-made worlds, mirrored through the
// eight symmetries: time, normal, point (rule 8: ray origin + t*d; box: middle of the shared
// face), box flush (rule 5), filters, ignore, started inside (rule 7), piercing order (rule 4).
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstring>
#include "reference_world.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::box;
using sbt::v2;

namespace {
BodyId add_body(World& w, const Aabb& b, std::uint32_t category = 1, bool is_static = true) {
    BodyDef d;
    d.box = b;
    d.category = category;
    d.is_static = is_static;
    return w.add(d);
}
} // namespace

BOOST_AUTO_TEST_SUITE(cast)

// The design example's cast_ray (scenes/design_example.json): from (0,10) by (300,0) hits the wall [100,0,101,400] at 1/3.
BOOST_AUTO_TEST_CASE(scene_example_ray) {
    World w;
    const BodyId wall = add_body(w, box(100, 0, 101, 400));
    const CastHit h = w.cast_ray(v2(0, 10), v2(300, 0));
    BOOST_REQUIRE(h.hit);
    BOOST_TEST(h.time == real(1) / real(3));
    SB_CHECK_VEC_NEAR(h.point, v2(100, 10), 1e-4);
    SB_CHECK_VEC(h.normal, v2(-1, 0));
    BOOST_TEST(bool(h.other == Other::of(wall)));
    BOOST_TEST(!h.started_overlapping);
    // And cast_box [0,0,8,8] by (0,300) misses it.
    BOOST_TEST(!w.cast_box(box(0, 0, 8, 8), v2(0, 300)).hit);
}

BOOST_AUTO_TEST_CASE(ray_and_box_mirrored) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            const BodyId near_wall = add_body(w, s.apply(box(10, -5, 12, 5)));
            add_body(w, s.apply(box(20, -5, 22, 5)));
            // Ray: hits the near wall at (10 - 2) / 16 = 0.5, point (10, 1).
            CastHit h = w.cast_ray(s.apply(v2(2, 0)), s.apply(v2(16, 2)));
            BOOST_REQUIRE(h.hit);
            BOOST_TEST(h.time == real(0.5));
            SB_CHECK_VEC(h.normal, s.apply(v2(-1, 0)));
            SB_CHECK_VEC(h.point, s.apply(v2(10, 1)));
            BOOST_TEST(bool(h.other == Other::of(near_wall)));
            // Box [0,0,2,2] by (16,4): t = 0.5, box [8,2,10,4], point (10, 3).
            h = w.cast_box(s.apply(box(0, 0, 2, 2)), s.apply(v2(16, 4)));
            BOOST_REQUIRE(h.hit);
            BOOST_TEST(h.time == real(0.5));
            SB_CHECK_BOX(h.box, s.apply(box(8, 2, 10, 4)));
            SB_CHECK_VEC(h.point, s.apply(v2(10, 3)));
            SB_CHECK_VEC(h.normal, s.apply(v2(-1, 0)));
            // Ignoring the near wall finds the far one at (20 - 2) / 32.
            QueryFilter f;
            f.ignore = near_wall;
            h = w.cast_box(s.apply(box(0, 0, 2, 2)), s.apply(v2(32, 0)), f);
            BOOST_REQUIRE(h.hit);
            BOOST_TEST(h.time == real(18.0) / real(32.0));
            // Too short: miss. Ending exactly flush: miss (t = 1 is excluded).
            BOOST_TEST(!w.cast_box(s.apply(box(0, 0, 2, 2)), s.apply(v2(7, 0))).hit);
            BOOST_TEST(!w.cast_box(s.apply(box(0, 0, 2, 2)), s.apply(v2(8, 0))).hit);
            // Flush and moving into it: t = 0 (rule 3); moving along: miss.
            h = w.cast_box(s.apply(box(8, 0, 10, 2)), s.apply(v2(3, 0)));
            BOOST_TEST(h.hit);
            BOOST_TEST(h.time == real(0.0));
            BOOST_TEST(!h.started_overlapping);
            BOOST_TEST(!w.cast_box(s.apply(box(8, 5, 10, 7)), s.apply(v2(0, 30))).hit);
        }
    }
}

// Rule 7 for casts: starting inside reports time 0, started_overlapping, minimum translation.
BOOST_AUTO_TEST_CASE(started_inside) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            const BodyId b = add_body(w, s.apply(box(0, 0, 10, 10)));
            CastHit h = w.cast_ray(s.apply(v2(1, 4)), s.apply(v2(-30, 0)));
            BOOST_REQUIRE(h.hit);
            BOOST_TEST(h.started_overlapping);
            BOOST_TEST(h.time == real(0.0));
            BOOST_TEST(bool(h.other == Other::of(b)));
            SB_CHECK_VEC(h.normal, s.apply(v2(-1, 0))); // 1 to the -x face, 6 to the -y face
            h = w.cast_box(s.apply(box(7, 2, 9, 4)), s.apply(v2(0, 30)));
            BOOST_REQUIRE(h.hit);
            BOOST_TEST(h.started_overlapping);
            SB_CHECK_VEC(h.normal, s.apply(v2(1, 0))); // 3 out of +x, 4 out of -y
            // On the boundary is not inside.
            h = w.cast_ray(s.apply(v2(0, 4)), s.apply(v2(-30, 0)));
            BOOST_TEST(!h.hit);
        }
    }
}

// cast_all: every obstacle once, sorted by time, then face before corner, then by id; tiles after
// bodies at the same time, by row then column.
BOOST_AUTO_TEST_CASE(cast_all_order) {
    World w;
    TileMapDef td;
    td.origin = v2(0, 0);
    td.tile_size = 10;
    td.columns = 10;
    td.rows = 4;
    w.set_tile_map(td);
    w.set_tile({6, 1}, Tile::solid);                   // [60,10,70,20]
    const BodyId c = add_body(w, box(40, 0, 41, 30));  // t = (40-2)/100
    const BodyId a = add_body(w, box(20, 0, 21, 30));  // t = (20-2)/100
    const BodyId b = add_body(w, box(20, 12, 21, 14)); // same time as a, higher id
    const BodyId d = add_body(w, box(60, 0, 61, 10));  // same time as tile (6,1) at its face
    std::vector<CastHit> out;
    w.cast_all(box(0, 11, 2, 13), v2(100, 0), out);
    BOOST_REQUIRE(out.size() == 4u);
    // b's y [12,14] overlaps the box's [11,13]; d's [0,10] does not (it is never hit).
    BOOST_TEST(bool(out[0].other == Other::of(a)));
    BOOST_TEST(bool(out[1].other == Other::of(b)));
    BOOST_TEST(bool(out[2].other == Other::of(c)));
    BOOST_TEST(bool(out[3].other == Other::of(TileCell{6, 1})));
    BOOST_TEST(out[0].time == real(0.18));
    BOOST_TEST(out[1].time == real(0.18));
    BOOST_TEST(out[3].time == real(0.58));
    (void)d;
    // A corner contact at the same time ranks after a face contact even with a lower id.
    World w2;
    const BodyId corner_body = add_body(w2, box(10, 10, 20, 20)); // lower id, corner at t = 0.5
    const BodyId face_body = add_body(w2, box(10, -10, 20, 7));   // face at t = 0.5
    w2.cast_all(box(0, 4, 4, 8), v2(12, 4), out);
    // x enters both at (10-4)/12 = 0.5; y: corner_body entered at (10-8)/4 = 0.5 too.
    BOOST_REQUIRE(out.size() == 2u);
    BOOST_TEST(bool(out[0].other == Other::of(face_body)));
    BOOST_TEST(!out[0].corner);
    BOOST_TEST(bool(out[1].other == Other::of(corner_body)));
    BOOST_TEST(out[1].corner);
    // And the closest hit is the face contact.
    BOOST_TEST(bool(w2.cast_box(box(0, 4, 4, 8), v2(12, 4)).other == Other::of(face_body)));
}

// Filters: category and mask both ways, bodies / tiles switches.
BOOST_AUTO_TEST_CASE(filters) {
    World w;
    TileMapDef td;
    td.tile_size = 10;
    td.columns = 10;
    td.rows = 1;
    td.category = 4;
    w.set_tile_map(td);
    w.set_tile({5, 0}, Tile::solid); // [50,0,60,10]
    const BodyId glass = add_body(w, box(20, 0, 21, 10), 2);
    QueryFilter f;
    CastHit h = w.cast_ray(v2(0, 5), v2(100, 0), f);
    BOOST_TEST(bool(h.other == Other::of(glass)));
    f.mask = ~2u;
    h = w.cast_ray(v2(0, 5), v2(100, 0), f);
    BOOST_TEST(bool(h.other == Other::of(TileCell{5, 0})));
    f.tiles = false;
    BOOST_TEST(!w.cast_ray(v2(0, 5), v2(100, 0), f).hit);
    f = {};
    f.bodies = false;
    h = w.cast_ray(v2(0, 5), v2(100, 0), f);
    BOOST_TEST(bool(h.other == Other::of(TileCell{5, 0})));
    // The obstacle's mask must see the query's category.
    w.set_filter(glass, 2, ~8u);
    f = {};
    f.category = 8;
    h = w.cast_ray(v2(0, 5), v2(100, 0), f);
    BOOST_TEST(bool(h.other == Other::of(TileCell{5, 0})));
}

// Thin against thin and high speed in casts.
BOOST_AUTO_TEST_CASE(bullets) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            const BodyId thin = add_body(w, s.apply(box(1e5, -1, 1e5, 1)));
            const CastHit h = w.cast_ray(s.apply(v2(0, 0)), s.apply(v2(1e6, 0)));
            BOOST_REQUIRE(h.hit);
            BOOST_TEST(bool(h.other == Other::of(thin)));
            BOOST_TEST(h.time == real(0.1));
            SB_CHECK_VEC(h.normal, s.apply(v2(-1, 0)));
            // Exactly through the wall's end point: a corner, no hit.
            BOOST_TEST(!w.cast_ray(s.apply(v2(0, 1)), s.apply(v2(1e6, 0))).hit);
        }
    }
}

namespace {
bool same_bits(real a, real b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool same_bits(Vec2 a, Vec2 b) { return same_bits(a.x, b.x) && same_bits(a.y, b.y); }
bool same_hit(const CastHit& a, const CastHit& b) {
    if (a.hit != b.hit) return false;
    if (!a.hit) return true;
    return same_bits(a.time, b.time) && same_bits(a.normal, b.normal) && same_bits(a.point, b.point) &&
           same_bits(a.box.min, b.box.min) && same_bits(a.box.max, b.box.max) && a.other == b.other &&
           a.started_overlapping == b.started_overlapping && a.corner == b.corner;
}
} // namespace

// The casts' own tile walks (a ray's fast walk_ray_tiles, a box's walk_box_tiles) against the
// brute-force world, bit for bit, where they are most likely to go wrong: origins and boxes on
// tile edges and corners, directions along the axes and exactly through tile corners, ends on
// edges, seams, one-way tiles, thin walls between tiles, and tile sizes that are not exact.
BOOST_AUTO_TEST_CASE(tile_walks_match_brute_force_on_edges_and_corners) {
    long casts = 0, hits = 0, failures = 0;
    for (const real tile_size : {real(8), real(7.3), real(0.1)}) {
        ref::Rng rng(std::uint32_t(77 + 10 * tile_size));
        WorldDef fast_def, brute_def;
        fast_def.cell_size = tile_size * 3;
        brute_def.cell_size = fast_def.cell_size;
        brute_def.brute_force = true;
        World fast(fast_def), brute(brute_def);
        TileMapDef td;
        td.origin = v2(-5 * double(tile_size), 3 * double(tile_size));
        td.tile_size = tile_size;
        td.columns = 24;
        td.rows = 18;
        for (World* w : {&fast, &brute}) w->set_tile_map(td);
        for (std::int32_t r = 0; r < td.rows; ++r)
            for (std::int32_t c = 0; c < td.columns; ++c) {
                const double u = rng.unit();
                const Tile t = u < 0.25 ? Tile::solid : (u < 0.3 ? Tile::one_way : Tile::empty);
                for (World* w : {&fast, &brute}) w->set_tile({c, r}, t);
            }
        // A few thin walls on tile edges, as bodies.
        for (int i = 0; i < 6; ++i) {
            const std::int32_t c = rng.uniform_int(1, td.columns - 2), r = rng.uniform_int(1, td.rows - 2);
            const Aabb wall = i % 2 == 0 ? Aabb{{fast.tiles().edge_x(c), fast.tiles().edge_y(r)},
                                                {fast.tiles().edge_x(c), fast.tiles().edge_y(r + 2)}}
                                         : Aabb{{fast.tiles().edge_x(c), fast.tiles().edge_y(r)},
                                                {fast.tiles().edge_x(c + 2), fast.tiles().edge_y(r)}};
            for (World* w : {&fast, &brute}) add_body(*w, wall);
        }
        // Points on a lattice of quarter tiles (on edges and corners a quarter of the time each).
        auto lattice = [&](double lo, std::int32_t n) {
            return real(lo + rng.uniform_int(-4, 4 * n + 4) * double(tile_size) / 4);
        };
        const Aabb& mb = fast.tiles().bounds();
        for (int i = 0; i < 6000; ++i) {
            const Vec2 o{lattice(mb.min.x, td.columns), lattice(mb.min.y, td.rows)};
            // Directions along the axes, exact diagonals, and lattice directions.
            const std::int32_t kind = rng.uniform_int(0, 3);
            const double len = double(tile_size) * rng.uniform_int(1, 40) / 4;
            Vec2 d;
            if (kind == 0) {
                d = rng.chance(0.5) ? v2(rng.chance(0.5) ? len : -len, 0) : v2(0, rng.chance(0.5) ? len : -len);
            } else if (kind == 1) {
                d = v2(rng.chance(0.5) ? len : -len, rng.chance(0.5) ? len : -len);
            } else {
                d = v2(double(tile_size) * rng.uniform_int(-40, 40) / 4,
                       double(tile_size) * rng.uniform_int(-40, 40) / 4);
            }
            const real size = real(double(tile_size) * rng.uniform_int(0, 6) / 4);
            const Aabb b{o, {o.x + size, o.y + (rng.chance(0.8) ? size : real(0))}};
            for (int filter = 0; filter < 2; ++filter) {
                QueryFilter f;
                f.bodies = filter == 0;
                const CastHit want_ray = brute.cast_ray(o, d, f), got_ray = fast.cast_ray(o, d, f);
                const CastHit want_box = brute.cast_box(b, d, f), got_box = fast.cast_box(b, d, f);
                casts += 2;
                hits += want_ray.hit + want_box.hit;
                if (!same_hit(want_ray, got_ray) || !same_hit(want_box, got_box)) {
                    if (++failures <= 5)
                        BOOST_ERROR("tile size " << tile_size << ": cast from " << ref::str(b) << " by " << ref::str(d)
                                                 << " differs from the brute-force world (ray "
                                                 << same_hit(want_ray, got_ray) << ", box "
                                                 << same_hit(want_box, got_box) << ")");
                }
            }
        }
    }
    BOOST_TEST_MESSAGE("tile walks: " << casts << " casts, " << hits << " hits");
    BOOST_TEST(failures == 0);
    BOOST_TEST(hits > casts / 4);
}

// A hit's time is +0, never -0, however the zero of its numerator was signed: a start at y = -0
// against a face at y = 0 (moving toward -y, the numerator min.y - max.y is -0 - 0 = -0), in the
// sweep's fast path (one face entered last), in its exact routine (a corner tie), and through
// every walk of the casts: bodies, the tile map, each in both the accelerated and the
// reference-mode world (fuzz_queries found the tile-map ray answering +0 where the reference
// answered -0).
BOOST_AUTO_TEST_CASE(hit_times_are_never_negative_zero) {
    const real nz = -real(0);
    const Sweep face = sweep_box_box(Aabb{v2(9, nz), v2(9, nz)}, v2(-3, -3), box(0, -16, 16, 0));
    BOOST_TEST(face.is_hit());
    BOOST_TEST((face.normal == v2(0, 1)));
    BOOST_TEST(!std::signbit(face.time));
    const Sweep corner = sweep_box_box(Aabb{v2(nz, nz), v2(nz, nz)}, v2(-3, -3), box(-16, -16, 0, 0));
    BOOST_TEST(corner.is_hit());
    BOOST_TEST(corner.corner);
    BOOST_TEST(!std::signbit(corner.time));
    for (const bool brute : {false, true}) {
        WorldDef def;
        def.brute_force = brute;
        World bodies(def);
        add_body(bodies, box(0, -16, 16, 0));
        World tiles(def);
        TileMapDef td;
        td.origin = v2(0, -16);
        td.tile_size = 16;
        td.columns = 4;
        td.rows = 2;
        tiles.set_tile_map(td);
        tiles.set_tile({0, 0}, Tile::solid); // [0,-16,16,0]
        for (const World* w : {&bodies, &tiles}) {
            const CastHit ray = w->cast_ray(v2(9, nz), v2(-3, -3));
            BOOST_TEST(ray.hit);
            BOOST_TEST(!std::signbit(ray.time));
            const CastHit b = w->cast_box(box(9, nz, 11, 2), v2(-3, -3));
            BOOST_TEST(b.hit);
            BOOST_TEST(!std::signbit(b.time));
            std::vector<CastHit> all;
            w->cast_all(Aabb{v2(9, nz), v2(9, nz)}, v2(-3, -3), all);
            BOOST_REQUIRE(all.size() == 1u);
            BOOST_TEST(!std::signbit(all[0].time));
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
