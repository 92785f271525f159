// Suite `one_way`: one-way bodies in the four directions (moves, casts, a ray, by symmetry), a
// body switched one-way and back, drop-through of one-way tiles and bodies (never of a solid
// one), and bad values. Random worlds with one-way bodies and drop-through moves are compared
// with the brute-force world in test_reference.cpp (random_moves_grid_equals_brute_force) and
// with the reference's casts (random_casts_and_queries_match_reference).

#include <array>
#include <boost/test/unit_test.hpp>
#include "one_way_directions.hpp"
#include "test_support.hpp"

namespace {

using namespace sweepbox;
using sbt::add_mover;
using sbt::box;
using sbt::v2;

} // namespace

BOOST_AUTO_TEST_SUITE(one_way)

BOOST_AUTO_TEST_CASE(one_way_bodies_block_only_their_direction) {
    for (const sbt::OneWayDirection& dir : sbt::one_way_directions) {
        BOOST_TEST_CONTEXT("one_way " << to_string(dir.way)) {
            World w;
            const BodyId plank = w.add({.box = box(64, 64, 80, 80), .is_static = true, .one_way = dir.way});
            BOOST_TEST(int(w.info(plank).one_way) == int(dir.way));
            const BodyId m = add_mover(w, sbt::one_way_start_box(dir.motion));
            // Moving in the direction from the near side: stopped flush on the entry face.
            MoveResult r = w.move(m, dir.motion * real(40), {Response::touch});
            BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
            SB_CHECK_VEC(r.contacts[0].normal, dir.normal);
            BOOST_TEST((r.contacts[0].other == Other::of(plank)));
            SB_CHECK_VEC(r.box.min, sbt::one_way_start_box(dir.motion).min + dir.motion * real(12));
            QueryFilter bodies_only;
            bodies_only.tiles = false;
            bodies_only.ignore = m;
            const CastHit h = w.cast_box(sbt::one_way_start_box(dir.motion), dir.motion * real(40), bodies_only);
            BOOST_TEST(h.hit);
            SB_CHECK_VEC(h.normal, dir.normal);
            const Aabb near = sbt::one_way_start_box(dir.motion);
            const Vec2 c = (near.min + near.max) * real(0.5);
            BOOST_TEST(w.cast_ray(c, dir.motion * real(40), bodies_only).hit);
            BOOST_TEST(!w.cast_ray(c + dir.motion * real(48), dir.motion * real(-40), bodies_only).hit);
            // From the far side, against the direction: passes through.
            w.teleport(m, sbt::one_way_start_box(dir.motion * real(-1)));
            r = w.move(m, dir.motion * real(-40), {Response::touch});
            BOOST_TEST(r.contacts.empty());
            SB_CHECK_VEC(r.box.min, sbt::one_way_start_box(dir.motion * real(-1)).min - dir.motion * real(40));
            // Across it, sideways: passes through.
            const Vec2 side{dir.motion.y, dir.motion.x};
            w.teleport(m, sbt::one_way_start_box(side));
            r = w.move(m, side * real(40), {Response::touch});
            BOOST_TEST(r.contacts.empty());
            // A body that starts inside it is not pushed out (it is entered only through its face).
            w.teleport(m, box(68, 68, 76, 76));
            r = w.move(m, dir.motion * real(4), {Response::slide});
            BOOST_TEST(r.contacts.empty());
        }
    }
}

BOOST_AUTO_TEST_CASE(a_body_switched_one_way_and_back) {
    World w;
    const BodyId ledge = w.add({.box = box(0, 50, 100, 60), .is_static = true});
    const BodyId hero = add_mover(w, box(40, 70, 50, 90));
    // Solid: a jump from below hits its underside.
    MoveResult r = w.move(hero, v2(0, -40));
    BOOST_TEST(r.contacts.size() == 1u);
    BOOST_TEST(r.box.min.y == 60);
    // A jump-through ledge: the jump passes, the fall lands on it.
    w.set_one_way(ledge, OneWay::down);
    w.teleport(hero, box(40, 70, 50, 90));
    r = w.move(hero, v2(0, -60));
    BOOST_TEST(r.contacts.empty());
    BOOST_TEST(r.box.max.y == 30);
    r = w.move(hero, v2(0, 40));
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    BOOST_TEST(r.box.max.y == 50);
    SB_CHECK_VEC(r.contacts[0].normal, v2(0, -1));
    // Solid again.
    w.set_one_way(ledge, OneWay::none);
    w.teleport(hero, box(40, 70, 50, 90));
    r = w.move(hero, v2(0, -40));
    BOOST_TEST(r.box.min.y == 60);
}

BOOST_AUTO_TEST_CASE(drop_through_passes_one_way_tiles_and_bodies_only) {
    World w;
    TileMapDef td;
    td.columns = 10;
    td.rows = 10;
    w.set_tile_map(td);
    for (std::int32_t c = 0; c < 10; ++c) {
        w.set_tile({c, 3}, Tile::one_way); // a jump-through floor at y 48
        w.set_tile({c, 9}, Tile::solid);   // the ground at y 144
    }
    const BodyId plank = w.add({.box = box(0, 100, 160, 104), .is_static = true, .one_way = OneWay::down});
    const BodyId hero = add_mover(w, box(20, 28, 30, 48)); // standing on the one-way tiles
    MoveOptions fall;
    // Without drop_through: it stays on the one-way floor.
    MoveResult r = w.move(hero, v2(0, 5), fall);
    BOOST_TEST(r.box.max.y == 48);
    BOOST_TEST(r.contacts.size() == 1u);
    // With it: through the tiles, through the plank, onto the solid ground.
    fall.drop_through = true;
    MoveResult c;
    w.check(hero, v2(0, 200), fall, c);
    r = w.move(hero, v2(0, 200), fall);
    BOOST_TEST(r.box.max.y == 144);
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    BOOST_TEST((r.contacts[0].other == Other::of(TileCell{1, 9})));
    BOOST_TEST((c.box == r.box)); // the dry run agrees
    // Without it again, from above the plank: the plank holds.
    fall.drop_through = false;
    w.teleport(hero, box(20, 70, 30, 90));
    r = w.move(hero, v2(0, 60), fall);
    BOOST_TEST(r.box.max.y == 100);
    BOOST_TEST((r.contacts.at(0).other == Other::of(plank)));
    // A bounce with drop_through passes one-way obstacles too: through the plank, off the
    // ground (144) and back up by the 6 units left.
    fall.drop_through = true;
    fall.response = Response::bounce;
    w.teleport(hero, box(20, 70, 30, 90));
    r = w.move(hero, v2(0, 60), fall);
    BOOST_TEST(r.box.max.y == 138);
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    BOOST_TEST((r.contacts[0].other == Other::of(TileCell{1, 9})));
}

BOOST_AUTO_TEST_CASE(bad_one_way_values_throw_and_change_nothing) {
    World w;
    BodyDef bad;
    bad.box = box(0, 0, 1, 1);
    bad.one_way = OneWay(7);
    BOOST_CHECK_THROW(w.add(bad), Error);
    BOOST_TEST(w.body_count() == 0u);
    const BodyId b = w.add({.box = box(0, 0, 1, 1), .one_way = OneWay::up});
    BOOST_CHECK_THROW(w.set_one_way(b, OneWay(5)), Error);
    BOOST_TEST(int(w.info(b).one_way) == int(OneWay::up));
    BOOST_CHECK_THROW(w.set_one_way(BodyId{}, OneWay::down), Error);
    BOOST_TEST(std::string(to_string(OneWay::left)) == "left");
    BOOST_TEST(std::string(to_string(OneWay(9))) == "invalid");
}

BOOST_AUTO_TEST_SUITE_END()
