// Tests of sensors and events (issue 28): sensor bodies never block and are never pushed, the
// sensors option of the queries, begin and end events across add, remove, teleport, tile changes
// and fast crossings, contact events, their order, and the grid world against reference mode.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <ostream>
#include <vector>
#include <boost/test/unit_test.hpp>
#include "reference_world.hpp"
#include "test_support.hpp"

namespace sweepbox {
std::ostream& operator<<(std::ostream& os, const Other& o) {
    if (o.is_body()) return os << "body " << o.body.index << "/" << o.body.generation;
    if (o.is_tile()) return os << "tile " << o.tile.column << "," << o.tile.row;
    return os << "none";
}
std::ostream& operator<<(std::ostream& os, const SensorEvent& e) {
    return os << "{" << e.sensor << " : body " << e.visitor.index << "/" << e.visitor.generation << "}";
}
std::ostream& operator<<(std::ostream& os, const ContactEvent& e) {
    return os << "{body " << e.body.index << "/" << e.body.generation << " : " << e.other << "}";
}
} // namespace sweepbox

// An event list equals the expected one (printed element by element when not).
#define SB_EQ(actual, ...) BOOST_TEST(actual == (__VA_ARGS__), boost::test_tools::per_element())

namespace {

using namespace sweepbox;
using sbt::add_mover;
using sbt::add_static;
using sbt::box;
using sbt::v2;

BodyId add_sensor(World& w, const Aabb& b, std::uint32_t category = 1, std::uint32_t mask = ~0u) {
    BodyDef d;
    d.box = b;
    d.is_sensor = true;
    d.category = category;
    d.mask = mask;
    return w.add(d);
}

std::vector<SensorEvent> list(std::span<const SensorEvent> s) { return {s.begin(), s.end()}; }
std::vector<ContactEvent> list(std::span<const ContactEvent> s) { return {s.begin(), s.end()}; }

SensorEvent sensor_event(BodyId sensor, BodyId visitor) { return {Other::of(sensor), visitor}; }
SensorEvent sensor_event(TileCell sensor, BodyId visitor) { return {Other::of(sensor), visitor}; }

bool no_events(const World& w) {
    const Events e = w.events();
    return e.sensor_begin.empty() && e.sensor_end.empty() && e.contact_begin.empty() && e.contact_end.empty();
}

/// A 10 x 10 map of 16-unit tiles with kind 5 = water (a sensor of category 2).
World water_world(const WorldDef& def = {}) {
    World w(def);
    TileMapDef td;
    td.columns = td.rows = 10;
    w.set_tile_map(td);
    w.set_tile_kind(5, {TileShape::solid, 2, ~0u, true});
    return w;
}

/// A water world on a grid of 16-unit cells and its reference-mode twin, with `tiles` random
/// writes of water, solid and one-way tiles.
struct Twins {
    World grid, brute;
    /// Adds the body to both; the same id.
    BodyId add(const BodyDef& d) {
        brute.add(d);
        return grid.add(d);
    }
};
/// A body at b: a sensor by chance `sensor`, else static by chance `fixed`; category 1 or 2,
/// mask all or 1.
BodyDef random_body(reference::Rng& rng, const Aabb& b, double sensor, double fixed) {
    BodyDef d;
    d.box = b;
    d.is_sensor = rng.chance(sensor);
    d.is_static = !d.is_sensor && rng.chance(fixed);
    d.category = rng.chance(0.8) ? 1u : 2u;
    d.mask = rng.chance(0.8) ? ~0u : 1u;
    return d;
}
Twins twin_water_worlds(reference::Rng& rng, int tiles) {
    WorldDef bd;
    bd.brute_force = true;
    bd.cell_size = 16;
    WorldDef gd;
    gd.cell_size = 16;
    Twins t{water_world(gd), water_world(bd)};
    for (int i = 0; i < tiles; ++i) {
        const TileCell c{rng.uniform_int(0, 9), rng.uniform_int(0, 9)};
        const std::int32_t kind = rng.chance(0.5) ? 5 : rng.chance(0.5) ? 1 : 2;
        t.grid.set_tile(c, kind);
        t.brute.set_tile(c, kind);
    }
    return t;
}

} // namespace

BOOST_AUTO_TEST_SUITE(events)

BOOST_AUTO_TEST_CASE(sensor_bodies_never_block_and_are_never_pushed) {
    World w;
    const BodyId s = add_sensor(w, box(40, 0, 60, 20), 4, 6);
    const BodyInfo info = w.info(s);
    BOOST_TEST(info.is_sensor);
    BOOST_TEST(info.mask == 6u);
    BOOST_TEST(info.category == 4u);
    const BodyId m = add_mover(w, box(0, 5, 10, 15));
    MoveResult r = w.move(m, v2(100, 0));
    BOOST_TEST(r.contacts.empty());
    SB_CHECK_VEC(r.box.min, v2(100, 5));
    // Moved into and out of a body overlapping it, it pushes nothing and is not pushed.
    w.teleport(m, box(45, 5, 55, 15));
    r = w.move(m, v2(1, 0));
    BOOST_TEST(r.contacts.empty());
    SB_CHECK_BOX(w.box(s), box(40, 0, 60, 20));
    // The sensor moves through a wall.
    add_static(w, box(70, 0, 72, 20));
    r = w.move(s, v2(50, 0));
    BOOST_TEST(r.contacts.empty());
    SB_CHECK_VEC(r.box.min, v2(90, 0));
    // Casts never see it; the region queries only when asked.
    QueryFilter f;
    f.ignore = m;
    BOOST_TEST(!w.cast_ray(v2(80, 10), v2(40, 0), f).hit);
    BOOST_TEST(!w.cast_box(box(80, 9, 81, 10), v2(40, 0), f).hit);
    std::vector<Other> found;
    w.query_rect(box(85, 0, 95, 5), found, f);
    BOOST_TEST(found.empty());
    f.sensors = true;
    w.query_rect(box(85, 0, 95, 5), found, f);
    BOOST_TEST_REQUIRE(found.size() == 1u);
    BOOST_TEST((found[0] == Other::of(s)));
    w.query_point(v2(110, 20), found, f);
    BOOST_TEST(found.size() == 1u);
    w.query_segment(v2(60, 10), v2(120, 10), found, f);
    BOOST_TEST_REQUIRE(found.size() == 2u); // the wall, then the sensor
    BOOST_TEST((found[1] == Other::of(s)));
    // The filter applies to sensors too (the sensor's category 4, mask 6).
    f.mask = 2;
    w.query_rect(box(85, 0, 95, 5), found, f);
    BOOST_TEST(found.empty());
    // Never in overlapping_pairs.
    w.teleport(m, box(95, 5, 100, 10));
    std::vector<Pair> pairs;
    w.overlapping_pairs(pairs);
    BOOST_TEST(pairs.empty());
}

BOOST_AUTO_TEST_CASE(sensor_tiles_in_queries) {
    World w = water_world();
    w.set_tile({2, 3}, 5);
    std::vector<Other> found;
    QueryFilter f;
    w.query_rect(box(30, 50, 40, 60), found, f);
    BOOST_TEST(found.empty());
    f.sensors = true;
    w.query_rect(box(30, 50, 40, 60), found, f);
    BOOST_TEST_REQUIRE(found.size() == 1u);
    BOOST_TEST((found[0] == Other::of(TileCell{2, 3})));
    f.tiles = false;
    w.query_rect(box(30, 50, 40, 60), found, f);
    BOOST_TEST(found.empty());
}

BOOST_AUTO_TEST_CASE(begin_and_end_across_add_teleport_and_remove) {
    World w;
    const BodyId s = add_sensor(w, box(0, 0, 10, 10));
    w.update_events();
    BOOST_TEST(no_events(w));
    const BodyId b = add_mover(w, box(2, 2, 4, 4));
    w.update_events();
    SB_EQ(list(w.events().sensor_begin), std::vector<SensorEvent>{sensor_event(s, b)});
    BOOST_TEST(w.events().sensor_end.empty());
    w.update_events(); // still inside: nothing new
    BOOST_TEST(no_events(w));
    w.teleport(b, box(10, 2, 12, 4)); // touching is not overlapping
    w.update_events();
    SB_EQ(list(w.events().sensor_end), std::vector<SensorEvent>{sensor_event(s, b)});
    BOOST_TEST(w.events().sensor_begin.empty());
    w.teleport(b, box(9, 2, 11, 4));
    w.update_events();
    SB_EQ(list(w.events().sensor_begin), std::vector<SensorEvent>{sensor_event(s, b)});
    // A teleport has no path: out and back in between two updates is no event.
    w.teleport(b, box(50, 2, 52, 4));
    w.teleport(b, box(5, 2, 7, 4));
    w.update_events();
    BOOST_TEST(no_events(w));
    // Removing the body ends its overlap, with its (now stale) id.
    w.remove(b);
    w.update_events();
    SB_EQ(list(w.events().sensor_end), std::vector<SensorEvent>{sensor_event(s, b)});
    // Removing the sensor ends its overlaps.
    const BodyId c = add_mover(w, box(1, 1, 2, 2));
    w.update_events();
    BOOST_TEST(w.events().sensor_begin.size() == 1u);
    w.remove(s);
    w.update_events();
    SB_EQ(list(w.events().sensor_end), std::vector<SensorEvent>{sensor_event(s, c)});
    // A static body is a visitor too; another sensor is not.
    const BodyId s2 = add_sensor(w, box(0, 0, 10, 10));
    add_sensor(w, box(5, 5, 6, 6));
    const BodyId st = add_static(w, box(8, 8, 20, 20));
    w.update_events();
    SB_EQ(list(w.events().sensor_begin), (std::vector<SensorEvent>{sensor_event(s2, c), sensor_event(s2, st)}));
}

BOOST_AUTO_TEST_CASE(filters_pick_what_a_sensor_reports) {
    World w;
    const BodyId s = add_sensor(w, box(0, 0, 10, 10), 2, 4); // reports category 4 only
    BodyDef d;
    d.box = box(1, 1, 2, 2);
    d.category = 8;
    const BodyId other = w.add(d);
    d.category = 4;
    d.mask = 1; // does not see category 2
    const BodyId blind = w.add(d);
    d.mask = 2;
    const BodyId seen = w.add(d);
    w.update_events();
    SB_EQ(list(w.events().sensor_begin), std::vector<SensorEvent>{sensor_event(s, seen)});
    w.set_filter(other, 4, ~0u);
    w.set_filter(blind, 4, 3);
    w.update_events();
    SB_EQ(list(w.events().sensor_begin), (std::vector<SensorEvent>{sensor_event(s, other), sensor_event(s, blind)}));
}

BOOST_AUTO_TEST_CASE(fast_crossings_get_begin_and_end) {
    World w = water_world();
    for (int r = 0; r < 10; ++r) w.set_tile({6, r}, 5);        // a water column: x in [96, 112]
    const BodyId trigger = add_sensor(w, box(40, 0, 41, 160)); // a thin trigger line
    const BodyId bullet = add_mover(w, box(0, 20, 0, 20));     // a point
    w.update_events();
    BOOST_TEST(no_events(w));
    // Across both in one move; it ends past them.
    w.move(bullet, v2(150, 0));
    w.update_events();
    const std::vector<SensorEvent> both{sensor_event(trigger, bullet), sensor_event(TileCell{6, 1}, bullet)};
    SB_EQ(list(w.events().sensor_begin), both);
    SB_EQ(list(w.events().sensor_end), both);
    // A bullet removed in the same frame still reports what it crossed.
    w.teleport(bullet, box(0, 20, 0, 20));
    w.update_events();
    w.move(bullet, v2(50, 0));
    w.remove(bullet);
    w.update_events();
    SB_EQ(list(w.events().sensor_begin), std::vector<SensorEvent>{sensor_event(trigger, bullet)});
    SB_EQ(list(w.events().sensor_end), std::vector<SensorEvent>{sensor_event(trigger, bullet)});
    // A path that only touches the trigger's side does not cross it.
    const BodyId b = add_mover(w, box(30, 0, 40, 10));
    w.update_events();
    w.move(b, v2(0, 50));
    w.update_events();
    BOOST_TEST(no_events(w));
    // Slid along a wall into the water and out, all in one move: the path's legs count.
    add_static(w, box(0, 100, 160, 110));
    const BodyId c = add_mover(w, box(60, 80, 70, 90));
    w.update_events();
    w.move(c, v2(100, 50)); // lands on the wall's top at y 100, slides through the water
    w.update_events();
    std::vector<SensorEvent> water;
    for (const SensorEvent& e : w.events().sensor_begin)
        if (e.visitor == c) water.push_back(e);
    BOOST_TEST((water.size() == 2u && water[0] == sensor_event(TileCell{6, 5}, c) &&
                water[1] == sensor_event(TileCell{6, 6}, c)));
    BOOST_TEST(w.events().sensor_end.size() == 2u);
    // A moving sensor that sweeps over a body reports it too.
    const BodyId sweeper = add_sensor(w, box(0, 120, 5, 125));
    const BodyId still = add_static(w, box(50, 121, 52, 123));
    w.update_events();
    w.move(sweeper, v2(100, 0));
    w.update_events();
    SB_EQ(list(w.events().sensor_begin), std::vector<SensorEvent>{sensor_event(sweeper, still)});
}

BOOST_AUTO_TEST_CASE(a_path_beyond_its_end_box_crosses_tiles_there) {
    // At 1e9 (a float; 1e18 for a double) a placed box changes size by rounding: its min moves
    // 16384, its max 16367.6. The path's last box (start moved by end.min - start.min) reaches y
    // 31.4, into tile (0, 1), beyond the end box's max of 15.001, and the grid must look there as
    // the reference does.
    constexpr bool single = sizeof(real) == sizeof(float);
    const double start_min = single ? -1000016320.0 : -1152921504606859264.0;
    const double end_min = single ? -999999936.0 : -1152921504606842880.0;
    for (const bool brute : {false, true}) {
        WorldDef def;
        def.brute_force = brute;
        World w = water_world(def);
        w.set_tile({0, 1}, 5); // y in [16, 32]
        add_static(w, box(-10, 15.001f, 20, 40));
        const BodyId tall = add_mover(w, box(1, start_min, 2, -16352.6162109375));
        w.update_events();
        const MoveResult r = w.move(tall, v2(0, 1e6f), {.response = Response::touch});
        BOOST_TEST_REQUIRE(r.box.max.y == 15.001f);
        BOOST_TEST_REQUIRE(double(r.box.min.y) == end_min);
        w.update_events();
        const std::vector<SensorEvent> crossed{sensor_event(TileCell{0, 1}, tall)};
        SB_EQ(list(w.events().sensor_begin), crossed);
        SB_EQ(list(w.events().sensor_end), crossed);
    }
}

BOOST_AUTO_TEST_CASE(a_default_kind_made_a_sensor_reports_crossings) {
    World w;
    TileMapDef td;
    td.columns = td.rows = 10;
    w.set_tile_map(td);
    w.set_tile_kind(1, {TileShape::solid, 1, ~0u, true}); // "solid" tiles become sensors
    w.set_tile({5, 1}, Tile::solid);
    const BodyId bullet = add_mover(w, box(0, 20, 0, 20));
    w.update_events();
    w.move(bullet, v2(150, 0));
    w.update_events();
    SB_EQ(list(w.events().sensor_begin), std::vector<SensorEvent>{sensor_event(TileCell{5, 1}, bullet)});
    SB_EQ(list(w.events().sensor_end), std::vector<SensorEvent>{sensor_event(TileCell{5, 1}, bullet)});
}

BOOST_AUTO_TEST_CASE(tile_changes_begin_and_end) {
    World w = water_world();
    const BodyId b = add_mover(w, box(20, 20, 30, 30)); // in tiles (1..1, 1..1)
    w.update_events();
    w.set_tile({1, 1}, 5);
    w.update_events();
    SB_EQ(list(w.events().sensor_begin), std::vector<SensorEvent>{sensor_event(TileCell{1, 1}, b)});
    w.set_tile_kind(5, {TileShape::solid, 2, 1, true}); // reports category 1 still
    w.update_events();
    BOOST_TEST(no_events(w));
    w.set_tile_kind(5, {TileShape::solid, 2, 4, true}); // no longer
    w.update_events();
    SB_EQ(list(w.events().sensor_end), std::vector<SensorEvent>{sensor_event(TileCell{1, 1}, b)});
    w.set_tile_kind(5, {TileShape::solid, 2, ~0u, true});
    w.update_events();
    BOOST_TEST(w.events().sensor_begin.size() == 1u);
    w.set_tile({1, 1}, Tile::empty);
    w.update_events();
    SB_EQ(list(w.events().sensor_end), std::vector<SensorEvent>{sensor_event(TileCell{1, 1}, b)});
    // The tile touched but not overlapped is no event.
    w.set_tile({2, 1}, 5); // x from 32
    w.update_events();
    BOOST_TEST(no_events(w));
}

BOOST_AUTO_TEST_CASE(contact_begin_and_end) {
    World w;
    TileMapDef td;
    td.columns = td.rows = 10;
    w.set_tile_map(td);
    for (int c = 0; c < 10; ++c) w.set_tile({c, 8}, Tile::solid); // floor top at y 128
    w.set_tile({3, 4}, Tile::one_way);                            // a platform at y 64, x 48..64
    const BodyId a = add_mover(w, box(10, 100, 20, 110));
    w.update_events();
    BOOST_TEST(no_events(w));
    w.move(a, v2(0, 40)); // lands on the floor, on tile (0, 8) and (1, 8)
    w.update_events();
    SB_EQ(list(w.events().contact_begin),
          (std::vector<ContactEvent>{{a, Other::of(TileCell{0, 8})}, {a, Other::of(TileCell{1, 8})}}));
    w.update_events();
    BOOST_TEST(no_events(w));
    // Another body beside it: one contact for the pair, under the lower index.
    const BodyId b = add_mover(w, box(20, 118, 25, 128));
    const BodyId st = add_static(w, box(0, 90, 10, 118));
    w.update_events();
    SB_EQ(list(w.events().contact_begin),
          (std::vector<ContactEvent>{{a, Other::of(b)}, {a, Other::of(st)}, {b, Other::of(TileCell{1, 8})}}));
    w.move(a, v2(0, -30));
    w.update_events();
    SB_EQ(
        list(w.events().contact_end),
        (std::vector<ContactEvent>{{a, Other::of(b)}, {a, Other::of(TileCell{0, 8})}, {a, Other::of(TileCell{1, 8})}}));
    BOOST_TEST(w.events().contact_begin.empty()); // still touching the static body's side
    // A one-way tile: touched from the side it blocks only.
    w.teleport(b, box(50, 54, 54, 64));
    w.update_events();
    SB_EQ(list(w.events().contact_begin), std::vector<ContactEvent>{{b, Other::of(TileCell{3, 4})}});
    w.teleport(b, box(50, 80, 54, 90)); // below it, touching its bottom: no contact
    w.teleport(b, box(50, 64, 54, 74));
    w.update_events();
    SB_EQ(list(w.events().contact_end), std::vector<ContactEvent>{{b, Other::of(TileCell{3, 4})}});
    // Sensors never touch.
    add_sensor(w, box(0, 0, 200, 200));
    w.update_events();
    BOOST_TEST(w.events().contact_begin.empty());
    BOOST_TEST(w.events().sensor_begin.size() == 3u);
}

BOOST_AUTO_TEST_CASE(contacts_within_one_frame_begin_and_end) {
    World w;
    const BodyId b = add_mover(w, box(100, 0, 110, 10)); // lower index than a
    const BodyId a = add_mover(w, box(10, 100, 20, 110));
    const BodyId wall = add_static(w, box(50, 90, 60, 120));
    MoveOptions bounce;
    bounce.response = Response::bounce;
    // Before the first call nothing is kept: the first call lists only what touches then.
    w.move(a, v2(60, 0), bounce);
    w.update_events();
    BOOST_TEST(no_events(w));
    // A bounce off the wall within one move: a begin and an end.
    MoveResult r = w.move(a, v2(60, 0), bounce);
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    SB_CHECK_BOX(r.box, box(10, 100, 20, 110));
    w.update_events();
    SB_EQ(list(w.events().contact_begin), std::vector<ContactEvent>{{a, Other::of(wall)}});
    SB_EQ(list(w.events().contact_end), std::vector<ContactEvent>{{a, Other::of(wall)}});
    // Two moves in one frame, touch then leave: a begin and an end, each once.
    w.move(a, v2(40, 0));
    w.move(a, v2(-20, 0));
    w.move(a, v2(40, 0));
    w.move(a, v2(-20, 0));
    w.update_events();
    SB_EQ(list(w.events().contact_begin), std::vector<ContactEvent>{{a, Other::of(wall)}});
    SB_EQ(list(w.events().contact_end), std::vector<ContactEvent>{{a, Other::of(wall)}});
    w.update_events();
    BOOST_TEST(no_events(w));
    // A touch that lasts to the call only begins; leaving in the next frame ends it.
    w.move(a, v2(40, 0));
    w.update_events();
    SB_EQ(list(w.events().contact_begin), std::vector<ContactEvent>{{a, Other::of(wall)}});
    BOOST_TEST(w.events().contact_end.empty());
    w.move(a, v2(-20, 0));
    w.move(a, v2(20, 0));
    w.update_events(); // touching at both calls, left in between: no event
    BOOST_TEST(no_events(w));
    w.move(a, v2(-20, 0));
    w.update_events();
    SB_EQ(list(w.events().contact_end), std::vector<ContactEvent>{{a, Other::of(wall)}});
    BOOST_TEST(w.events().contact_begin.empty());
    // Two movable bodies: under the lower index, whichever moved; a static body moved into a
    // movable one: under the movable one. In the documented order (body, then other).
    w.teleport(a, box(100, 20, 110, 30));
    w.move(a, v2(0, -30), bounce); // bounces off b's bottom
    w.teleport(wall, box(200, 0, 210, 10));
    w.move(wall, v2(-100, 0)); // stops flush against b's right side
    w.teleport(wall, box(200, 0, 210, 10));
    w.update_events();
    const std::vector<ContactEvent> both{{b, Other::of(a)}, {b, Other::of(wall)}};
    SB_EQ(list(w.events().contact_begin), both);
    SB_EQ(list(w.events().contact_end), both);
}

BOOST_AUTO_TEST_CASE(random_events_grid_equals_reference_mode) {
    reference::Rng rng(28);
    std::size_t sensor_events = 0, contact_events = 0, crossings = 0, touches = 0;
    for (int round = 0; round < 40; ++round) {
        Twins t = twin_water_worlds(rng, 12);
        World &grid = t.grid, &brute = t.brute;
        std::vector<World*> worlds{&grid, &brute};
        std::vector<BodyId> ids;
        auto random_box = [&] {
            const real x = rng.grid(-2, 40, 4), y = rng.grid(-2, 40, 4);
            const real wd = rng.chance(0.2) ? real(0) : rng.grid(1, 6, 4),
                       ht = rng.chance(0.2) ? real(0) : rng.grid(1, 6, 4);
            return Aabb{{x, y}, {x + wd, y + ht}};
        };
        auto add = [&] { ids.push_back(t.add(random_body(rng, random_box(), 0.25, 0.2))); };
        for (int i = 0; i < 20; ++i) add();
        for (int frame = 0; frame < 30; ++frame) {
            for (int op = 0; op < 8; ++op) {
                const double u = rng.unit();
                if (ids.empty() || u < 0.1) {
                    add();
                    continue;
                }
                const std::size_t k = std::size_t(rng.uniform_int(0, std::int32_t(ids.size()) - 1));
                if (u < 0.15) {
                    for (World* w : worlds) w->remove(ids[k]);
                    ids.erase(ids.begin() + std::ptrdiff_t(k));
                } else if (u < 0.25) {
                    const Aabb b = random_box();
                    for (World* w : worlds) w->teleport(ids[k], b);
                } else if (u < 0.3) {
                    const TileCell c{rng.uniform_int(0, 9), rng.uniform_int(0, 9)};
                    const std::int32_t kind = rng.uniform_int(0, 5);
                    for (World* w : worlds) w->set_tile(c, kind);
                } else {
                    const Vec2 d{rng.grid(-60, 60, 2), rng.grid(-60, 60, 2)};
                    MoveOptions o;
                    o.response = rng.chance(0.5) ? Response::slide : Response::bounce;
                    const MoveResult rg = grid.move(ids[k], d, o);
                    const MoveResult rb = brute.move(ids[k], d, o);
                    BOOST_TEST_REQUIRE((rg.box == rb.box));
                }
            }
            for (World* w : worlds) w->update_events();
            const Events g = grid.events(), b = brute.events();
            sensor_events += g.sensor_begin.size() + g.sensor_end.size();
            contact_events += g.contact_begin.size() + g.contact_end.size();
            for (const SensorEvent& e : g.sensor_begin)
                crossings += std::size_t(std::binary_search(g.sensor_end.begin(), g.sensor_end.end(), e));
            for (const ContactEvent& e : g.contact_begin)
                touches += std::size_t(std::binary_search(g.contact_end.begin(), g.contact_end.end(), e));
            BOOST_TEST_CONTEXT("round " << round << " frame " << frame) {
                SB_EQ(list(g.sensor_begin), list(b.sensor_begin));
                SB_EQ(list(g.sensor_end), list(b.sensor_end));
                SB_EQ(list(g.contact_begin), list(b.contact_begin));
                SB_EQ(list(g.contact_end), list(b.contact_end));
            }
        }
    }
    // The worlds made events of every sort, and crossings within one move (begin and end in the
    // same frame): the comparison covered them.
    BOOST_TEST_MESSAGE("events compared: " << sensor_events << " sensor, " << contact_events << " contact, "
                                           << crossings << " crossings and " << touches << " touches within one frame");
    BOOST_TEST(sensor_events > 100u);
    BOOST_TEST(contact_events > 100u);
    BOOST_TEST(crossings > 0u);
    BOOST_TEST(touches > 0u);
}

BOOST_AUTO_TEST_CASE(casts_see_sensor_bodies_when_asked) {
    World w;
    const BodyId wall = add_static(w, box(100, 0, 110, 100));
    const BodyId s = add_sensor(w, box(40, 0, 60, 100), 4, 6);
    QueryFilter f;
    // Not by default: the wall.
    CastHit h = w.cast_ray(v2(0, 50), v2(200, 0), f);
    BOOST_TEST_REQUIRE(h.hit);
    BOOST_TEST((h.other == Other::of(wall)));
    f.sensors = true;
    h = w.cast_ray(v2(0, 50), v2(200, 0), f);
    BOOST_TEST_REQUIRE(h.hit);
    BOOST_TEST((h.other == Other::of(s)));
    BOOST_TEST(h.time == real(0.2));
    SB_CHECK_VEC(h.normal, v2(-1, 0));
    SB_CHECK_VEC(h.point, v2(40, 50));
    BOOST_TEST(!h.started_overlapping);
    // A ray that starts inside reports it started overlapping, at time 0.
    h = w.cast_ray(v2(50, 50), v2(200, 0), f);
    BOOST_TEST_REQUIRE(h.hit);
    BOOST_TEST((h.other == Other::of(s)));
    BOOST_TEST(h.started_overlapping);
    BOOST_TEST(h.time == real(0));
    // A box stops flush against the sensor's face, as against an obstacle.
    h = w.cast_box(box(0, 40, 10, 50), v2(200, 0), f);
    BOOST_TEST_REQUIRE(h.hit);
    BOOST_TEST((h.other == Other::of(s)));
    BOOST_TEST(h.time == real(0.15));
    SB_CHECK_BOX(h.box, box(30, 40, 40, 50));
    // Whatever comes first wins: the wall, cast from between the two.
    h = w.cast_ray(v2(70, 50), v2(100, 0), f);
    BOOST_TEST((h.other == Other::of(wall)));
    // cast_all lists both, in order; without the flag only the wall.
    std::vector<CastHit> all;
    w.cast_all(box(0, 40, 10, 50), v2(200, 0), all, f);
    BOOST_TEST_REQUIRE(all.size() == 2u);
    BOOST_TEST((all[0].other == Other::of(s)));
    BOOST_TEST((all[1].other == Other::of(wall)));
    SB_CHECK_BOX(all[0].box, box(30, 40, 40, 50));
    f.sensors = false;
    w.cast_all(box(0, 40, 10, 50), v2(200, 0), all, f);
    BOOST_TEST_REQUIRE(all.size() == 1u);
    BOOST_TEST((all[0].other == Other::of(wall)));
    // The filter, `bodies` and `ignore` apply to sensors as to obstacles.
    f.sensors = true;
    f.mask = 1; // the sensor's category is 4
    BOOST_TEST((w.cast_ray(v2(0, 50), v2(200, 0), f).other == Other::of(wall)));
    f.mask = ~0u;
    f.category = 1; // the sensor's mask is 6
    BOOST_TEST((w.cast_ray(v2(0, 50), v2(200, 0), f).other == Other::of(wall)));
    f.category = 2;
    BOOST_TEST((w.cast_ray(v2(0, 50), v2(200, 0), f).other == Other::of(s)));
    f.ignore = s;
    BOOST_TEST((w.cast_ray(v2(0, 50), v2(200, 0), f).other == Other::of(wall)));
    f.ignore = {};
    f.bodies = false;
    BOOST_TEST(!w.cast_ray(v2(0, 50), v2(200, 0), f).hit);
    // Moves never see sensors.
    const BodyId m = add_mover(w, box(0, 40, 10, 50));
    const MoveResult r = w.move(m, v2(80, 0));
    BOOST_TEST(r.contacts.empty());
}

BOOST_AUTO_TEST_CASE(casts_see_sensor_tiles_when_asked) {
    World w = water_world();
    w.set_tile({2, 3}, 5); // water, x 32..48, y 48..64
    w.set_tile({3, 3}, 5);
    w.set_tile({6, 3}, Tile::solid);
    QueryFilter f;
    CastHit h = w.cast_ray(v2(0, 56), v2(160, 0), f);
    BOOST_TEST_REQUIRE(h.hit);
    BOOST_TEST((h.other == Other::of(TileCell{6, 3})));
    f.sensors = true;
    h = w.cast_ray(v2(0, 56), v2(160, 0), f);
    BOOST_TEST_REQUIRE(h.hit);
    BOOST_TEST((h.other == Other::of(TileCell{2, 3})));
    BOOST_TEST(h.time == real(0.2));
    SB_CHECK_VEC(h.normal, v2(-1, 0));
    // From inside the water: started overlapping.
    h = w.cast_box(box(34, 50, 36, 52), v2(0, -40), f);
    BOOST_TEST(h.started_overlapping);
    BOOST_TEST((h.other == Other::of(TileCell{2, 3})));
    // Each sensor tile is a lone box: cast_all meets both water tiles, then the wall.
    std::vector<CastHit> all;
    w.cast_all(box(0, 52, 4, 56), v2(160, 0), all, f);
    BOOST_TEST_REQUIRE(all.size() == 3u);
    BOOST_TEST((all[0].other == Other::of(TileCell{2, 3})));
    BOOST_TEST((all[1].other == Other::of(TileCell{3, 3})));
    BOOST_TEST((all[2].other == Other::of(TileCell{6, 3})));
    BOOST_TEST(all[1].time == real(44) / 160);
    // `tiles` and the kind's category (2) apply.
    f.mask = 1;
    BOOST_TEST((w.cast_ray(v2(0, 56), v2(160, 0), f).other == Other::of(TileCell{6, 3})));
    f.mask = ~0u;
    f.tiles = false;
    BOOST_TEST(!w.cast_ray(v2(0, 56), v2(160, 0), f).hit);
}

// Casts that see sensors: the grid world, reference mode and the brute-force reference of the
// tests agree (every field between the two worlds, bit for bit).
BOOST_AUTO_TEST_CASE(random_sensor_casts_grid_equals_reference_mode) {
    reference::Rng rng(2828);
    std::size_t casts = 0, sensor_hits = 0, started = 0;
    auto same = [](const CastHit& a, const CastHit& b) {
        return a.hit == b.hit && (!a.hit || (std::signbit(a.time) == std::signbit(b.time) && a.time == b.time &&
                                             a.normal == b.normal && a.point == b.point && a.box == b.box &&
                                             a.other == b.other && a.started_overlapping == b.started_overlapping &&
                                             a.corner == b.corner && a.junction == b.junction));
    };
    for (int round = 0; round < 30; ++round) {
        Twins t = twin_water_worlds(rng, 16);
        World &grid = t.grid, &brute = t.brute;
        std::vector<World*> worlds{&grid, &brute};
        std::vector<BodyId> ids;
        auto random_box = [&](int lo, int hi) {
            const real x = rng.grid(lo, hi, 4), y = rng.grid(lo, hi, 4);
            const real wd = rng.chance(0.2) ? real(0) : rng.grid(1, 8, 4),
                       ht = rng.chance(0.2) ? real(0) : rng.grid(1, 8, 4);
            return Aabb{{x, y}, {x + wd, y + ht}};
        };
        for (int i = 0; i < 20; ++i) ids.push_back(t.add(random_body(rng, random_box(-2, 40), 0.3, 0.5)));
        for (int q = 0; q < 200; ++q) {
            QueryFilter f;
            f.sensors = rng.chance(0.8);
            f.category = rng.chance(0.8) ? ~0u : 1u;
            f.mask = rng.chance(0.8) ? ~0u : rng.chance(0.5) ? 1u : 2u;
            f.bodies = rng.chance(0.9);
            f.tiles = rng.chance(0.9);
            if (rng.chance(0.1)) f.ignore = ids[std::size_t(rng.uniform_int(0, 19))];
            Aabb b = random_box(-4, 44);
            if (rng.chance(0.4)) b.max = b.min;
            const Vec2 d{rng.grid(-60, 60, 2), rng.grid(-60, 60, 2)};
            const int which = rng.uniform_int(0, 2);
            BOOST_TEST_CONTEXT("round " << round << " query " << q << " kind " << which << " sensors " << f.sensors) {
                ++casts;
                if (which < 2) {
                    const CastHit g = which == 0 ? grid.cast_ray(b.min, d, f) : grid.cast_box(b, d, f);
                    const CastHit r = which == 0 ? brute.cast_ray(b.min, d, f) : brute.cast_box(b, d, f);
                    BOOST_TEST(same(g, r));
                    const auto ref = which == 0 ? reference::cast_ray(grid, b.min, d, f)
                                                : reference::cast_box(grid, b, d, f);
                    BOOST_TEST_REQUIRE(g.hit == ref.has_value());
                    if (!g.hit) continue;
                    BOOST_TEST((g.other == ref->other));
                    BOOST_TEST((g.normal == ref->normal));
                    BOOST_TEST(g.started_overlapping == ref->started_overlapping);
                    BOOST_TEST(g.junction == ref->junction);
                    BOOST_TEST((ref->started_overlapping || reference::time_matches(g.time, ref->time)));
                    const bool sensor = g.other.is_body()
                                          ? grid.info(g.other.body).is_sensor
                                          : grid.tiles().kind(grid.tiles().kind_at(g.other.tile)).sensor;
                    sensor_hits += sensor;
                    started += sensor && g.started_overlapping;
                } else {
                    std::vector<CastHit> ga, ra;
                    grid.cast_all(b, d, ga, f);
                    brute.cast_all(b, d, ra, f);
                    BOOST_TEST_REQUIRE(ga.size() == ra.size());
                    for (std::size_t i = 0; i < ga.size(); ++i) BOOST_TEST(same(ga[i], ra[i]));
                    const auto ref = reference::cast_all(grid, b, d, f);
                    BOOST_TEST_REQUIRE(ref.size() == ga.size());
                    for (std::size_t i = 0; i < ga.size(); ++i) BOOST_TEST((ga[i].other == ref[i].other));
                }
            }
        }
    }
    // The casts met sensors, from outside and from inside.
    BOOST_TEST_MESSAGE("sensor casts: " << casts << " casts, " << sensor_hits << " first hits on a sensor, " << started
                                        << " of them started inside");
    BOOST_TEST(sensor_hits > 100u);
    BOOST_TEST(started > 10u);
}

BOOST_AUTO_TEST_SUITE_END()
