// Suite `character`: the character kit (character.hpp): the ground state of a move's contacts
// against `up` and max_floor_angle.
#include <cmath>
#include <boost/test/unit_test.hpp>
#include <sweepbox/character.hpp>
#include "test_support.hpp"

using namespace sweepbox;
using sbt::add_mover;
using sbt::add_static;
using sbt::box;
using sbt::v2;

BOOST_AUTO_TEST_SUITE(character)

// A room: a floor of tiles, a wall body, a ceiling body. Falling onto the floor is on_floor (the
// floor a tile), running into the wall on_wall, jumping into the ceiling on_ceiling.
BOOST_AUTO_TEST_CASE(floor_wall_and_ceiling) {
    World w;
    TileMapDef td;
    td.tile_size = 16;
    td.columns = 10;
    td.rows = 6;
    w.set_tile_map(td);
    for (std::int32_t c = 0; c < 10; ++c) w.set_tile({c, 5}, Tile::solid);
    const BodyId wall = add_static(w, box(100, 0, 110, 80));
    const BodyId ceiling = add_static(w, box(0, 0, 100, 10));
    const BodyId hero = add_mover(w, box(20, 40, 30, 60));

    GroundState g = ground_state(w.move(hero, v2(5, 40)));
    BOOST_TEST(g.on_floor);
    BOOST_TEST(!g.on_wall);
    BOOST_TEST(!g.on_ceiling);
    BOOST_TEST(bool(g.floor_normal == v2(0, -1)));
    BOOST_TEST(g.floor.is_tile());
    BOOST_TEST(g.floor.tile.row == 5);

    // Running right into the wall while pressed down: floor and wall.
    g = ground_state(w.move(hero, v2(100, 2)));
    BOOST_TEST(g.on_floor);
    BOOST_TEST(g.on_wall);
    BOOST_TEST(!g.on_ceiling);

    // Jumping up into the ceiling.
    g = ground_state(w.move(hero, v2(-10, -100)));
    BOOST_TEST(!g.on_floor);
    BOOST_TEST(g.on_ceiling);
    BOOST_TEST(w.is_valid(wall));
    BOOST_TEST(w.is_valid(ceiling));

    // Moving along the floor without pressing into it meets nothing: no floor this move.
    w.teleport(hero, box(20, 70, 30, 80));
    g = ground_state(w.move(hero, v2(10, 0)));
    BOOST_TEST(!g.on_floor);
}

// A crossed obstacle is never ground; a body standing on a body names it; a push out of a floor
// (a body that starts inside it) lands on it.
BOOST_AUTO_TEST_CASE(what_counts) {
    World w;
    const BodyId crate = add_static(w, box(0, 20, 40, 30));
    BodyDef coin_def;
    coin_def.is_static = true;
    coin_def.category = 2;
    coin_def.box = box(12, 10, 14, 20);
    w.add(coin_def);
    const BodyId hero = add_mover(w, box(10, 0, 20, 10));
    std::array<Response, 32> table{};
    table.fill(Response::slide);
    table[1] = Response::cross;
    MoveOptions o;
    o.category_responses = &table;
    MoveResult r = w.move(hero, v2(0, 30), o);
    BOOST_REQUIRE(r.contacts.size() == 2u); // the coin crossed, the crate landed on
    GroundState g = ground_state(r);
    BOOST_TEST(g.on_floor);
    BOOST_TEST(bool(g.floor == Other::of(crate)));
    BOOST_TEST(!g.on_wall);
    // Only the coin: no ground.
    w.teleport(hero, box(10, 10, 20, 19));
    o.response = Response::cross;
    table.fill(Response::cross);
    r = w.move(hero, v2(0, 0.5), o);
    BOOST_TEST(!ground_state(r).on_floor);
    // Started 2 units inside the crate's top: pushed out up onto it, a floor.
    w.teleport(hero, box(10, 12, 20, 22));
    r = w.move(hero, v2(1, 0));
    BOOST_REQUIRE(!r.contacts.empty());
    BOOST_TEST(r.contacts[0].started_overlapping);
    BOOST_TEST(ground_state(r).on_floor);
}

// Up is the game's: with y growing upward, up is (0, 1) and a floor's normal is (0, 1). With a
// max_floor_angle of 0 an axis floor is still a floor; a bad up or angle throws.
BOOST_AUTO_TEST_CASE(rules) {
    World w;
    add_static(w, box(-100, -10, 100, 0)); // the ground of a y-up world
    const BodyId hero = add_mover(w, box(0, 5, 10, 15));
    const MoveResult r = w.move(hero, v2(0, -20));
    GroundRules y_up;
    y_up.up = v2(0, 3);
    GroundState g = ground_state(r, y_up);
    BOOST_TEST(g.on_floor);
    BOOST_TEST(bool(g.floor_normal == v2(0, 1)));
    BOOST_TEST(ground_state(r).on_ceiling); // with the default up, the same contact is a ceiling
    y_up.max_floor_angle = 0;
    BOOST_TEST(ground_state(r, y_up).on_floor);
    // A wall for the default up is a floor when up points along it.
    GroundRules sideways;
    sideways.up = v2(-1, 0);
    BOOST_TEST(!ground_state(r, sideways).on_floor);
    BOOST_TEST(ground_state(r, sideways).on_wall);

    GroundRules bad;
    bad.up = v2(0, 0);
    BOOST_CHECK_THROW((void)ground_state(r, bad), Error);
    bad.up = v2(std::nan(""), 1);
    BOOST_CHECK_THROW((void)ground_state(r, bad), Error);
    bad.up = v2(0, -1);
    bad.max_floor_angle = 90;
    BOOST_CHECK_THROW((void)ground_state(r, bad), Error);
    bad.max_floor_angle = -1;
    BOOST_CHECK_THROW((void)ground_state(r, bad), Error);
}

BOOST_AUTO_TEST_SUITE_END()
