// Suite `character`: the character kit (character.hpp): the ground state of a move's contacts
// against `up` and max_floor_angle.
#include <cmath>
#include <random>
#include <boost/test/unit_test.hpp>
#include <sweepbox/character.hpp>
#include "room_check.hpp"
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

// Floor snap: walking down a staircase of 4-unit steps, pressed down by only 1 unit a frame, a
// body with snap 6 is on a floor after every move (flush on the step under it); without snap it
// hops (in the air after each step's edge).
BOOST_AUTO_TEST_CASE(snap_walks_down_stairs) {
    for (const real snap : {real(0), real(6)}) {
        World w;
        for (int i = 0; i < 8; ++i) add_static(w, box(i * 20, 100 + i * 4, i * 20 + 20, 200));
        const BodyId hero = add_mover(w, box(0, 80, 10, 100));
        MoveResult r;
        bool on_floor = true, always = true;
        for (int frame = 0; frame < 28; ++frame) {
            move_and_snap(w, hero, v2(5, 1), {}, on_floor, {.snap = snap}, r);
            on_floor = ground_state(r).on_floor;
            always = always && on_floor;
            const Aabb b = w.box(hero);
            BOOST_TEST(bool(b == r.box));
            if (on_floor && snap > 0) {
                const int under = (int(b.min.x) - 1) / 20; // the step under the body's left edge
                BOOST_TEST(b.max.y == real(100 + under * 4));
            }
        }
        BOOST_TEST(always == (snap > 0));
        BOOST_TEST(w.box(hero).min.x == 140);
    }
}

// No snap off a ledge deeper than `snap`, when the move goes up (a jump), or when the body was
// not on a floor; a snap's contacts come last, with time 1.
BOOST_AUTO_TEST_CASE(snap_only_where_it_should) {
    World w;
    add_static(w, box(0, 100, 20, 200));
    add_static(w, box(20, 110, 60, 200));  // 10 below: too deep for snap 6
    add_static(w, box(60, 114, 100, 200)); // 4 below that
    // Just off the first step: 10 down to the next, too deep; the body stays in the air.
    const BodyId hero = add_mover(w, box(25, 80, 35, 100));
    MoveResult r;
    move_and_snap(w, hero, v2(10, 1), {}, true, {.snap = 6}, r);
    BOOST_TEST(bool(r.box == box(35, 81, 45, 101)));
    BOOST_TEST(!ground_state(r).on_floor);
    // Just off the second step, 4 above the third.
    w.teleport(hero, box(60, 90, 70, 110));
    move_and_snap(w, hero, v2(10, -1), {}, true, {.snap = 6}, r); // a jump: no snap
    BOOST_TEST(bool(r.box == box(70, 89, 80, 109)));
    w.teleport(hero, box(60, 90, 70, 110));
    move_and_snap(w, hero, v2(10, 1), {}, false, {.snap = 6}, r); // not on a floor before
    BOOST_TEST(bool(r.box == box(70, 91, 80, 111)));
    w.teleport(hero, box(60, 90, 70, 110));
    move_and_snap(w, hero, v2(10, 1), {}, true, {.snap = 6}, r);
    BOOST_TEST(bool(r.box == box(70, 94, 80, 114)));
    BOOST_TEST(ground_state(r).on_floor);
    BOOST_REQUIRE(!r.contacts.empty());
    BOOST_TEST(r.contacts.back().time == 1);
    BOOST_TEST(bool(r.contacts.back().normal == v2(0, -1)));
    // Another up: a body on a wall (up = +x) snaps back onto it.
    World side;
    add_static(side, box(-20, 0, 0, 50));
    add_static(side, box(-20, 50, -3, 100));
    const BodyId climber = add_mover(side, box(0, 40, 10, 50));
    move_and_snap(side, climber, v2(0, 10), {}, true, {.snap = 4, .ground = {.up = v2(1, 0)}}, r);
    BOOST_TEST(bool(r.box == box(-3, 50, 7, 60)));
}

// Bad snap or rules throw before anything moves.
BOOST_AUTO_TEST_CASE(snap_bad_input) {
    World w;
    const BodyId hero = add_mover(w, box(0, 0, 10, 10));
    MoveResult r;
    BOOST_CHECK_THROW(move_and_snap(w, hero, v2(1, 0), {}, true, {.snap = -1}, r), Error);
    BOOST_CHECK_THROW(move_and_snap(w, hero, v2(1, 0), {}, true, {.snap = real(std::nan(""))}, r), Error);
    BOOST_CHECK_THROW(move_and_snap(w, hero, v2(1, 0), {}, true, {.snap = 1, .ground = {.up = v2(0, 0)}}, r), Error);
    BOOST_TEST(bool(w.box(hero) == box(0, 0, 10, 10)));
}

// Snap never moves a body into anything: random steps and blocks, bodies walking with snap 8.
BOOST_AUTO_TEST_CASE(snap_never_into_anything) {
    std::mt19937 rng(6);
    std::uniform_int_distribution<int> coord(0, 60), size(1, 16), step(-3, 6);
    int snapped = 0;
    for (int world_i = 0; world_i < 40; ++world_i) {
        World w;
        std::vector<Aabb> solids;
        for (int i = 0; i < 12; ++i) {
            const double x = coord(rng) * 2, y = 40 + coord(rng);
            solids.push_back(box(x, y, x + size(rng), y + size(rng) / 2.0 + 0.5));
            add_static(w, solids.back());
        }
        const double x = coord(rng);
        const Aabb start = box(x, 0, x + 1 + coord(rng) % 12, 12);
        if (rooms::reaches_solid_interior(start, solids)) continue;
        const BodyId hero = add_mover(w, start);
        MoveResult r;
        bool on_floor = false;
        for (int frame = 0; frame < 60; ++frame) {
            move_and_snap(w, hero, v2(step(rng) * 0.75, 2), {}, on_floor, {.snap = 8}, r);
            on_floor = ground_state(r).on_floor;
            snapped += !r.contacts.empty() && r.contacts.back().time == 1 ? 1 : 0;
            BOOST_TEST(!rooms::reaches_solid_interior(w.box(hero), solids));
        }
    }
    BOOST_TEST(snapped > 0); // the worlds did snap
}

namespace {

/// A 45-degree ramp rising right from a floor (top 96) to a ledge (top 80), and a steep ramp
/// (63 degrees) rising right from the floor at x 320 to a ledge (top 64): 24 x 8 tiles of 16.
World ramp_world() {
    World w;
    TileMapDef td;
    td.columns = 24;
    td.rows = 8;
    w.set_tile_map(td);
    w.set_tile_kind(3, {TileShape::slope45_ul, td.category, td.mask, false});
    w.set_tile_kind(4, {TileShape::steep_ul_low, td.category, td.mask, false});
    w.set_tile_kind(5, {TileShape::steep_ul_high, td.category, td.mask, false});
    for (int c = 0; c < 24; ++c) w.set_tile({c, 6}, 1);
    w.set_tile({4, 5}, 3);
    for (int c = 5; c < 10; ++c) w.set_tile({c, 5}, 1);
    w.set_tile({20, 5}, 4);
    w.set_tile({20, 4}, 5);
    for (int c = 21; c < 24; ++c) {
        w.set_tile({c, 5}, 1);
        w.set_tile({c, 4}, 1);
    }
    return w;
}

/// Walks a body from x0 for `frames` frames by `step` a frame (gravity 1 a frame) with the rules;
/// returns the horizontal distance of each frame.
std::vector<double> walk(World& w, BodyId id, real step, int frames, const SnapRules& rules) {
    std::vector<double> dx;
    bool on_floor = true;
    MoveResult r;
    for (int f = 0; f < frames; ++f) {
        const real x = w.box(id).min.x;
        move_and_snap(w, id, v2(step, 1), {}, on_floor, rules, r);
        on_floor = ground_state(r, rules.ground).on_floor;
        dx.push_back(double(w.box(id).min.x) - double(x));
    }
    return dx;
}

} // namespace

// constant_speed: up and down a 45-degree ramp at the walking speed of flat ground, on the ramp
// every frame; without it the climb is slower.
BOOST_AUTO_TEST_CASE(constant_speed_on_ramps) {
    SnapRules rules{.snap = 4, .constant_speed = true};
    World w = ramp_world();
    const BodyId id = add_mover(w, box(40, 84, 48, 96));
    const std::vector<double> up = walk(w, id, 3, 12, rules); // x 40 to 76: the foot at 64, the top at 80
    // Every frame at the walking speed but the one that meets the ramp's foot (a slide there).
    int at_speed = 0;
    for (const double d : up) at_speed += int(std::fabs(d - 3) < 1e-4);
    BOOST_TEST(at_speed >= int(up.size()) - 1);
    BOOST_TEST(w.box(id).max.y < 96); // it climbed
    // Back down: every frame on the floor or the ramp (snap) at the same speed.
    bool always_on_floor = true;
    bool on_floor = true;
    MoveResult r;
    for (int f = 0; f < 10; ++f) {
        const real x = w.box(id).min.x;
        move_and_snap(w, id, v2(-3, 1), {}, on_floor, rules, r);
        on_floor = ground_state(r, rules.ground).on_floor;
        always_on_floor = always_on_floor && on_floor;
        BOOST_TEST(std::fabs(double(w.box(id).min.x) - double(x) + 3) < 1e-4);
    }
    BOOST_TEST(always_on_floor);
    // Without constant_speed the slide climbs the ramp more slowly than it walks.
    World slow = ramp_world();
    const BodyId s = add_mover(slow, box(40, 84, 48, 96));
    const std::vector<double> dx = walk(slow, s, 3, 12, {.snap = 4});
    BOOST_TEST(dx.back() < 2.5);
}

// stop_on_steep: walking into a ramp steeper than max_floor_angle does not climb it.
BOOST_AUTO_TEST_CASE(stop_on_steep_slopes) {
    for (const bool stop : {false, true}) {
        World w = ramp_world();
        const BodyId id = add_mover(w, box(300, 84, 308, 96)); // the steep ramp's foot is at x 320
        SnapRules rules{.snap = 4, .stop_on_steep = stop};
        walk(w, id, 3, 40, rules);
        if (stop) {
            BOOST_TEST(w.box(id).max.y == 96); // still on the floor at the foot
            BOOST_TEST(w.box(id).max.x <= 320);
        } else {
            BOOST_TEST(w.box(id).max.y < 96); // the slide crept up the ramp
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
