// Suite `rooms`: rule 6's "never through, and closed rooms hold" (obstacles that touch form one
// solid: a seam or a corner where two of them meet is no passage, for a body of any size, a
// point or a zero-thickness plank included), rule 5's rounding case (a stored edge never lands
// on a line the move did not contact) and rule 7's started-inside cases.
//
// - Regressions: each reproduction of the contract's examples as its own case.
// - closed_rooms_hold: rooms of solid tiles (tile sizes 0.5, 1, 16, 24; rectangular and
//   L-shaped), of four zero-thickness body walls and of thick body walls touching, with points,
//   planks and small boxes moved long distances in eleven directions (the exact diagonals
//   through the room's corners, along the walls' lines, generic ones), with slide, bounce and
//   touch, several moves in a row: the body never ends outside the room's closed interior, and
//   no part of it ends strictly inside solid. Every comparison is exact.
// - Rays along the seam lines of a solid 3x3 block hit it at its boundary, and cast_box of a
//   zero-size box stops at the same place as cast_ray.
//
// Everything here holds in float and double builds: the one case that depends on rounding
// (rule 5) is scaled by the spacing of `real` at 1e6.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <vector>
#include <boost/test/unit_test.hpp>
#include "reference_world.hpp"
#include "room_check.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::add_mover;
using sbt::add_static;
using sbt::box;
using sbt::v2;
using sweepbox::rooms::reaches_solid_interior;

namespace {

MoveOptions with(Response r) {
    MoveOptions o;
    o.response = r;
    o.restitution = 1;
    o.friction = 0;
    return o;
}

bool within(const Aabb& inner, const Aabb& outer) {
    return outer.min.x <= inner.min.x && inner.max.x <= outer.max.x && outer.min.y <= inner.min.y &&
           inner.max.y <= outer.max.y;
}


/// "" when the body is in the room's closed interior (inside `bounds`, no part strictly inside
/// solid), else what is wrong.
std::string room_violation(const Aabb& b, const Aabb& bounds, const std::vector<Aabb>& solids) {
    if (!within(b, bounds)) return "ends outside the room " + ref::str(bounds);
    if (reaches_solid_interior(b, solids)) return "ends (partly) strictly inside solid";
    return {};
}

/// Rule 7: a body that started overlapping `obstacle` (from `start`) ends still overlapping it,
/// or separated from it on the side of the minimum translation it had at the start.
bool started_inside_ok(const Aabb& start, const Aabb& end, const Aabb& obstacle) {
    if (overlaps(end, obstacle)) return true;
    const Penetration p = minimum_translation(start, obstacle);
    if (p.normal.x > 0) return end.min.x >= obstacle.max.x;
    if (p.normal.x < 0) return end.max.x <= obstacle.min.x;
    if (p.normal.y > 0) return end.min.y >= obstacle.max.y;
    return end.max.y <= obstacle.min.y;
}

std::string describe(const CastHit& h) {
    std::ostringstream s;
    if (!h.hit) return "miss";
    s << "hit " << ref::str(h.other) << " time " << h.time << " point " << ref::str(h.point) << " normal "
      << ref::str(h.normal) << " box " << ref::str(h.box) << (h.started_overlapping ? " started_overlapping" : "")
      << (h.corner ? " corner" : "");
    return s.str();
}

bool same_cast(const CastHit& a, const CastHit& b) {
    if (a.hit != b.hit) return false;
    if (!a.hit) return true;
    return a.time == b.time && a.normal == b.normal && a.point == b.point && a.box == b.box && a.other == b.other &&
           a.started_overlapping == b.started_overlapping && a.corner == b.corner;
}

/// The 3x3 tile map of 16-unit tiles, all solid but (1, 1): the closed room [16, 32]^2.
void three_by_three_room(World& w) {
    w.set_tile_map({.origin = {0, 0}, .tile_size = 16, .columns = 3, .rows = 3});
    for (std::int32_t r = 0; r < 3; ++r)
        for (std::int32_t c = 0; c < 3; ++c)
            if (!(c == 1 && r == 1)) w.set_tile({c, r}, Tile::solid);
}

std::vector<Aabb> solid_tile_boxes(const World& w) {
    std::vector<Aabb> out;
    const TileMap& m = w.tiles();
    for (std::int32_t r = 0; r < m.rows(); ++r)
        for (std::int32_t c = 0; c < m.columns(); ++c)
            if (m.get({c, r}) == Tile::solid) out.push_back(m.cell_box({c, r}));
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(rooms)

// The checker itself (it decides every property below): seams between touching solids are
// inside, faces and lone thin walls are not.
BOOST_AUTO_TEST_CASE(solid_interior_checker) {
    const std::vector<Aabb> two = {box(0, 0, 16, 16), box(16, 0, 32, 16)};
    BOOST_TEST(!reaches_solid_interior(box(16, 16, 16, 16), two)); // on the common face's end
    BOOST_TEST(reaches_solid_interior(box(16, 8, 16, 8), two));    // on the seam
    BOOST_TEST(!reaches_solid_interior(box(8, 16, 24, 16), two));  // plank along the bottom face
    BOOST_TEST(reaches_solid_interior(box(16, 0, 16, 16), two));   // plank along the seam
    BOOST_TEST(reaches_solid_interior(box(15, 16, 17, 17), two) == false);
    BOOST_TEST(reaches_solid_interior(box(15, 15, 17, 17), two));
    BOOST_TEST(!reaches_solid_interior(box(16, 0, 16, 16), {box(16, 0, 16, 16)})); // a 0-thickness wall
    BOOST_TEST(!reaches_solid_interior(box(16, 16, 16, 16), {box(0, 0, 16, 16), box(16, 16, 32, 32)})); // diagonal
    const std::vector<Aabb> four = {box(0, 0, 16, 16), box(16, 0, 32, 16), box(0, 16, 16, 32), box(16, 16, 32, 32)};
    BOOST_TEST(reaches_solid_interior(box(16, 16, 16, 16), four));
    BOOST_TEST(!reaches_solid_interior(box(32, 16, 32, 16), four));
}

// ---- regressions: the contract's reproductions ----

// A point aimed exactly at the room's bottom-left corner with the default slide: the corner
// tie picks one face, the slide then runs along the seam between two solid tiles (inside the
// solid), out of the room. It must stay in the closed square.
BOOST_AUTO_TEST_CASE(tile_room_point_diagonal_into_corner) {
    World w;
    three_by_three_room(w);
    const BodyId p = add_mover(w, box(24, 24, 24, 24));
    const MoveResult r = w.move(p, v2(-100, 100));
    BOOST_TEST(within(r.box, box(16, 16, 32, 32)), "point ended at " << ref::str(r.box));
    BOOST_TEST(!reaches_solid_interior(r.box, solid_tile_boxes(w)), "point ended at " << ref::str(r.box));
}

// A zero-height plank lying on the room's floor line, moved right: the line y = 32 continues
// as the seam between tiles (2, 1) and (2, 2). It must stop at x = 32.
BOOST_AUTO_TEST_CASE(tile_room_plank_along_floor_line) {
    World w;
    three_by_three_room(w);
    const BodyId p = add_mover(w, box(20, 32, 28, 32));
    const MoveResult r = w.move(p, v2(100, 0));
    BOOST_TEST(r.box.max.x <= real(32), "plank ended at " << ref::str(r.box));
    BOOST_TEST(within(r.box, box(16, 16, 32, 32)), "plank ended at " << ref::str(r.box));
}

// A point in the room's corner moved up along the wall line x = 16: above y = 16 the line is
// the seam between tiles (0, 0) and (1, 0).
BOOST_AUTO_TEST_CASE(tile_room_point_up_along_wall_line) {
    World w;
    three_by_three_room(w);
    const BodyId p = add_mover(w, box(16, 32, 16, 32));
    const MoveResult r = w.move(p, v2(0, -1000));
    BOOST_TEST(r.box.min.y >= real(16), "point ended at " << ref::str(r.box));
    BOOST_TEST(within(r.box, box(16, 16, 32, 32)), "point ended at " << ref::str(r.box));
}

// A ray from the floor line toward the left wall hits it at x = 16.
BOOST_AUTO_TEST_CASE(tile_room_ray_along_floor_line) {
    World w;
    three_by_three_room(w);
    const CastHit h = w.cast_ray(v2(24, 32), v2(-100, 0));
    BOOST_TEST(h.hit, describe(h));
    if (h.hit) {
        BOOST_TEST(h.point.x == real(16), describe(h));
        BOOST_TEST(h.point.y == real(32), describe(h));
        SB_CHECK_VEC(h.normal, v2(1, 0));
    }
}

// Every ray fired from the room's edge along one of its lines (the seam lines of the block)
// hits where it leaves the closed room, with the normal against the motion; from a corner
// straight out, at time 0.
BOOST_AUTO_TEST_CASE(tile_room_rays_along_seam_lines_from_room_edge) {
    World w;
    three_by_three_room(w);
    const Aabb room = box(16, 16, 32, 32);
    const real L = 100;
    const real coords[] = {16, 24, 32};
    for (real ox : coords)
        for (real oy : coords) {
            if (ox == 24 && oy == 24) continue; // the room's middle is on no line
            const Vec2 o{ox, oy};
            const Vec2 dirs[] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
            for (Vec2 e : dirs) {
                // Along a line through o: a horizontal ray on y = 16 or 32, a vertical one on x = 16 or 32.
                const bool on_line = e.x != 0 ? (oy == 16 || oy == 32) : (ox == 16 || ox == 32);
                if (!on_line) continue;
                Vec2 expect = o;
                if (e.x < 0) expect.x = room.min.x;
                if (e.x > 0) expect.x = room.max.x;
                if (e.y < 0) expect.y = room.min.y;
                if (e.y > 0) expect.y = room.max.y;
                const CastHit h = w.cast_ray(o, e * L);
                BOOST_TEST(h.hit, "ray from " << ref::str(o) << " by " << ref::str(e * L) << ": " << describe(h));
                if (!h.hit) continue;
                BOOST_TEST(bool(h.point == expect), "ray from " << ref::str(o) << " by " << ref::str(e * L) << ": "
                                                                << describe(h) << ", expected the point "
                                                                << ref::str(expect));
                BOOST_TEST(bool(h.normal == -e),
                           "ray from " << ref::str(o) << " by " << ref::str(e * L) << ": " << describe(h));
                const CastHit b = w.cast_box({o, o}, e * L);
                BOOST_TEST(same_cast(h, b), "ray from " << ref::str(o) << " by " << ref::str(e * L) << ": ray "
                                                        << describe(h) << " but zero-size box " << describe(b));
            }
        }
}

// A thick wall standing on a floor (two static bodies touching): a point walking left on the
// floor's top meets the wall's foot and stops flush against it.
BOOST_AUTO_TEST_CASE(bodies_point_stops_at_foot_of_wall) {
    World w;
    add_static(w, box(0, 0, 16, 32));
    add_static(w, box(0, 32, 100, 48));
    const BodyId p = add_mover(w, box(50, 32, 50, 32));
    const MoveResult r = w.move(p, v2(-100, 0));
    SB_CHECK_BOX(r.box, box(16, 32, 16, 32));
    bool normal_ok = false;
    for (const Contact& c : r.contacts)
        if (c.normal == v2(1, 0)) normal_ok = true;
    BOOST_TEST(normal_ok, "no contact with normal (1, 0); contacts: " << r.contacts.size());
    const CastHit h = w.cast_ray(v2(50, 32), v2(-100, 0));
    BOOST_TEST(h.hit, describe(h));
    if (h.hit) {
        SB_CHECK_VEC(h.point, v2(16, 32));
        SB_CHECK_VEC(h.normal, v2(1, 0));
    }
}

// Four zero-thickness walls meeting at the corners of [0, 100]^2: a point aimed exactly at the
// corner (0, 0) stays in the square, and the ray on that path hits.
BOOST_AUTO_TEST_CASE(zero_thickness_room_point_through_corner) {
    World w;
    add_static(w, box(0, 0, 0, 100));
    add_static(w, box(0, 0, 100, 0));
    add_static(w, box(100, 0, 100, 100));
    add_static(w, box(0, 100, 100, 100));
    const BodyId p = add_mover(w, box(10, 10, 10, 10));
    const MoveResult r = w.move(p, v2(-20, -20));
    BOOST_TEST(within(r.box, box(0, 0, 100, 100)), "point ended at " << ref::str(r.box));
    const CastHit h = w.cast_ray(v2(10, 10), v2(-20, -20));
    BOOST_TEST(h.hit, describe(h));
    if (h.hit) BOOST_TEST(contains_point(box(0, 0, 100, 100), h.point), describe(h));
    const CastHit b = w.cast_box(box(10, 10, 10, 10), v2(-20, -20));
    BOOST_TEST(same_cast(h, b), "ray " << describe(h) << " but zero-size box " << describe(b));
}

// The same room, starting exactly at its corner (in the room's closed interior) and moving or
// casting diagonally out between the two walls that meet there: stopped at once. (With a box
// resting in that corner the walls and the box are one solid whose corner the point is on,
// outside it: no part of the room's free interior touches the point, so it is not in the room.)
BOOST_AUTO_TEST_CASE(zero_thickness_room_from_corner_diagonal_out) {
    for (int with_box = 0; with_box < 1; ++with_box) {
        World w;
        add_static(w, box(0, 0, 0, 100));
        add_static(w, box(0, 0, 100, 0));
        add_static(w, box(100, 0, 100, 100));
        add_static(w, box(0, 100, 100, 100));
        if (with_box) add_mover(w, box(0, 0, 12, 36));
        const BodyId p = add_mover(w, box(0, 0, 0, 0));
        const MoveResult r = w.move(p, v2(-20, -20));
        BOOST_TEST(within(r.box, box(0, 0, 100, 100)),
                   "with box " << with_box << ": point ended at " << ref::str(r.box));
        const CastHit h = w.cast_ray(v2(0, 0), v2(-20, -20));
        BOOST_TEST(h.hit, "with box " << with_box << ": " << describe(h));
        if (h.hit) BOOST_TEST(contains_point(box(0, 0, 100, 100), h.point), describe(h));
        const CastHit b = w.cast_box(box(0, 0, 0, 0), v2(-20, -20));
        BOOST_TEST(same_cast(h, b),
                   "with box " << with_box << ": ray " << describe(h) << " but zero-size box " << describe(b));
    }
}

// Rule 5: a point resting one step of `real` off a zero-thickness wall at 1e6 and nudged toward
// it by less than that step (the sum rounds onto the wall's line) must not be stored on the
// line, and can then move away. The nudge is 0.8 of the spacing of `real` below 1e6 (0.05 in
// float builds), so the case means the same in double builds.
BOOST_AUTO_TEST_CASE(rounding_never_stores_an_edge_on_an_uncontacted_line) {
    World w;
    const real wall_x = real(1e6);
    add_static(w, box(1e6, 0, 1e6, 1e7));
    const BodyId p = add_mover(w, box(999990, 500, 999990, 500));
    const real before_wall = std::nextafter(wall_x, -std::numeric_limits<real>::infinity());
    const real step = wall_x - before_wall;

    MoveResult r = w.move(p, v2(20, 0));
    BOOST_TEST(r.box.min.x == before_wall, "after move(20, 0): " << ref::str(r.box));
    BOOST_TEST(r.box.max.x == before_wall, "after move(20, 0): " << ref::str(r.box));

    const real nudge = real(0.8) * step;
    BOOST_TEST_MESSAGE("nudge " << nudge << " (step " << step << ")");
    r = w.move(p, Vec2{nudge, real(1)});
    BOOST_TEST(r.box.min.x < wall_x, "after move(" << nudge << ", 1): stored on the wall's line: " << ref::str(r.box));
    BOOST_TEST(r.box.max.x < wall_x, "after move(" << nudge << ", 1): " << ref::str(r.box));
    BOOST_TEST(r.box.min.y == real(501), "after move(" << nudge << ", 1): " << ref::str(r.box));

    const Aabb at = r.box;
    r = w.move(p, v2(-20, 0));
    BOOST_TEST(r.box.min.x < at.min.x,
               "move(-20, 0) from " << ref::str(at) << " did not move away: " << ref::str(r.box));
    BOOST_TEST(r.contacts.empty(),
               "move(-20, 0) from " << ref::str(at) << " reported " << r.contacts.size() << " contacts");
}

// Rule 7: a body inside a static box moved far sideways ends still overlapping it, or separated
// on the side of its minimum translation at the start (here +y: a tie, y wins), never on the
// far side it would reach by passing through.
BOOST_AUTO_TEST_CASE(started_inside_never_leaves_by_the_far_side) {
    World w;
    const Aabb s = box(0, 0, 100, 100);
    add_static(w, s);
    const BodyId b = add_mover(w, box(80, 80, 90, 90));
    const Penetration mt = minimum_translation(box(80, 80, 90, 90), s);
    SB_CHECK_VEC(mt.normal, v2(0, 1));
    const MoveResult r = w.move(b, v2(-300, 0));
    BOOST_TEST(!(r.box == box(-220, 80, -210, 90)), "ended on the far side: " << ref::str(r.box));
    BOOST_TEST(started_inside_ok(box(80, 80, 90, 90), r.box, s),
               "ended neither inside nor on the minimum translation's side: " << ref::str(r.box));
}

// Rule 7: a body sunk 1 unit into a long floor and walked along it is not stuck: it walks off
// the floor's end. (Where it ends on y is the kernel's choice within rule 7: still overlapping
// the floor's box on y, i.e. separated only by the floor's end, is "another side" unless it is
// also on the minimum translation's side, on top of the floor: max.y <= 100.)
BOOST_AUTO_TEST_CASE(started_sunk_in_floor_walks_off_its_end) {
    World w;
    const Aabb floor = box(0, 100, 1000, 116);
    add_static(w, floor);
    const BodyId b = add_mover(w, box(500, 85, 516, 101));
    const MoveResult r = w.move(b, v2(1000, 0));
    BOOST_TEST(r.box.min.x >= real(1000), "did not walk off the floor's end: " << ref::str(r.box));
    BOOST_TEST(started_inside_ok(box(500, 85, 516, 101), r.box, floor),
               "ended beside the floor's end but not on its top side (rule 7): " << ref::str(r.box));
}

// ---- closed rooms ----

namespace {

struct Room {
    std::string name;
    Aabb bounds{};               // the room's closed interior's bounding box
    std::vector<Aabb> starts;    // rectangles inside the free interior to start in
    std::vector<Aabb> solids;    // every obstacle (tiles and walls)
    TileMapDef map{};            // columns == 0: no tiles
    std::vector<TileCell> tiles; // the solid tiles
    std::vector<Aabb> walls;     // the static body walls
};

/// A ring of solid tiles around an interior of `iw` x `ih` tiles (columns and rows 1 ..), the
/// tiles outside the ring empty; `notch` > 0 fills a notch x notch square of the interior's
/// top-right corner (an L-shaped room).
Room tile_room(real t, Vec2 origin, std::int32_t iw, std::int32_t ih, std::int32_t notch) {
    Room r;
    std::ostringstream n;
    n << "tiles " << t << " at " << ref::str(origin) << " " << iw << "x" << ih << (notch ? " L" : "");
    r.name = n.str();
    r.map = {.origin = origin, .tile_size = t, .columns = iw + 4, .rows = ih + 4};
    const TileMap m(r.map);
    for (std::int32_t row = 1; row <= ih + 2; ++row)
        for (std::int32_t c = 1; c <= iw + 2; ++c) {
            const bool ring = row == 1 || row == ih + 2 || c == 1 || c == iw + 2;
            const bool in_notch = notch > 0 && c >= iw + 2 - notch && c <= iw + 1 && row >= 2 && row < 2 + notch;
            if (ring || in_notch) {
                r.tiles.push_back({c, row});
                r.solids.push_back(m.cell_box({c, row}));
            }
        }
    r.bounds = {{m.edge_x(2), m.edge_y(2)}, {m.edge_x(iw + 2), m.edge_y(ih + 2)}};
    if (notch > 0) {
        r.starts.push_back({{m.edge_x(2), m.edge_y(2 + notch)}, {m.edge_x(iw + 2), m.edge_y(ih + 2)}});
        r.starts.push_back({{m.edge_x(2), m.edge_y(2)}, {m.edge_x(iw + 2 - notch), m.edge_y(ih + 2)}});
    } else {
        r.starts.push_back(r.bounds);
    }
    return r;
}

/// Four static walls around [x0, x1] x [y0, y1], `th` thick (0: zero-thickness walls meeting at
/// the corners). style 0: top and bottom span the corners, left and right fit between them;
/// style 1: a pinwheel (each wall runs past one corner).
Room wall_room(const Aabb& in, real th, int style) {
    Room r;
    std::ostringstream n;
    n << "walls " << th << " thick, style " << style << " around " << ref::str(in);
    r.name = n.str();
    const real x0 = in.min.x, y0 = in.min.y, x1 = in.max.x, y1 = in.max.y;
    if (style == 0) {
        r.walls = {{{x0 - th, y0 - th}, {x1 + th, y0}},
                   {{x0 - th, y1}, {x1 + th, y1 + th}},
                   {{x0 - th, y0}, {x0, y1}},
                   {{x1, y0}, {x1 + th, y1}}};
    } else {
        r.walls = {{{x0 - th, y0 - th}, {x1, y0}},
                   {{x1, y0 - th}, {x1 + th, y1}},
                   {{x0, y1}, {x1 + th, y1 + th}},
                   {{x0 - th, y0}, {x0, y1 + th}}};
    }
    r.solids = r.walls;
    r.bounds = in;
    r.starts.push_back(in);
    return r;
}

std::vector<Room> all_rooms() {
    std::vector<Room> rooms;
    const real sizes[] = {real(0.5), 1, 16, 24};
    for (real t : sizes) {
        rooms.push_back(tile_room(t, {0, 0}, 3, 2, 0));
        rooms.push_back(tile_room(t, {real(-100), real(36)}, 2, 3, 0));
        rooms.push_back(tile_room(t, {0, 0}, 4, 4, 2));
        rooms.push_back(tile_room(t, {real(-100), real(36)}, 1, 1, 0));
    }
    rooms.push_back(wall_room(box(0, 0, 100, 100), 0, 0));
    rooms.push_back(wall_room(box(-40, 8, 8, 40), 0, 0));
    rooms.push_back(wall_room(box(1000, 1000, 1003, 1002), 0, 0));
    rooms.push_back(wall_room(box(0, 0, 48, 32), 16, 0));
    rooms.push_back(wall_room(box(0, 0, 48, 32), 16, 1));
    rooms.push_back(wall_room(box(-40, 8, 8, 40), 1, 1));
    rooms.push_back(wall_room(box(0, 0, 0.75, 1.5), 0.5, 0));
    return rooms;
}

void build(const Room& room, World& w) {
    if (room.map.columns > 0) {
        w.set_tile_map(room.map);
        for (TileCell c : room.tiles) w.set_tile(c, Tile::solid);
    }
    for (const Aabb& b : room.walls) add_static(w, b);
}

struct Mover {
    const char* name;
    real w, h; // size as fractions of the start rectangle's smaller side (0: thin)
};

const char* response_name(Response r) { return to_string(r); }

} // namespace

BOOST_AUTO_TEST_CASE(closed_rooms_hold) {
    const Mover movers[] = {{"point", 0, 0},
                            {"horizontal plank", real(0.5), 0},
                            {"vertical plank", 0, real(0.5)},
                            {"box", real(0.25), real(0.25)}};
    const Vec2 dirs[] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1},  {-1, 0}, {1, 0},
                         {0, -1},  {0, 1},  {3, -7}, {-5, 2}, {2, 9}};
    const Response responses[] = {Response::slide, Response::bounce, Response::touch};
    std::size_t moves = 0, failures = 0;
    std::vector<std::string> first, keys;
    for (const Room& room : all_rooms()) {
        const real room_size = std::max(room.bounds.max.x - room.bounds.min.x, room.bounds.max.y - room.bounds.min.y);
        const real L = real(1000) * room_size;
        for (const Aabb& sr : room.starts) {
            const real side = std::min(sr.max.x - sr.min.x, sr.max.y - sr.min.y);
            const real a = side / 8; // distance from the walls of a start aimed at a corner
            for (const Mover& mv : movers) {
                const real mw = mv.w * side, mh = mv.h * side;
                for (Vec2 dir : dirs) {
                    // Starting boxes for this direction.
                    std::vector<Aabb> starts;
                    const auto at = [&](real x, real y) { return Aabb{{x, y}, {x + mw, y + mh}}; };
                    const bool diagonal = std::fabs(dir.x) == std::fabs(dir.y);
                    if (diagonal) {
                        // The leading corner at distance a from both walls it is aimed at: the path
                        // passes exactly through the room's corner.
                        const real x = dir.x < 0 ? sr.min.x + a : sr.max.x - a - mw;
                        const real y = dir.y < 0 ? sr.min.y + a : sr.max.y - a - mh;
                        starts.push_back(at(x, y));
                    } else if (dir.y == 0) {
                        // On the walls' lines: flush with the top and with the bottom, moving along.
                        const real x = sr.min.x + (sr.max.x - sr.min.x - mw) / 2;
                        starts.push_back(at(x, sr.min.y));
                        starts.push_back(at(x, sr.max.y - mh));
                    } else if (dir.x == 0) {
                        const real y = sr.min.y + (sr.max.y - sr.min.y - mh) / 2;
                        starts.push_back(at(sr.min.x, y));
                        starts.push_back(at(sr.max.x - mw, y));
                    } else {
                        starts.push_back(
                            at(sr.min.x + (sr.max.x - sr.min.x - mw) / 2, sr.min.y + (sr.max.y - sr.min.y - mh) / 2));
                        starts.push_back(at(sr.min.x, sr.min.y));
                        starts.push_back(at(sr.max.x - mw, sr.max.y - mh));
                    }
                    for (const Aabb& start : starts)
                        for (Response resp : responses) {
                            World w;
                            build(room, w);
                            const BodyId id = add_mover(w, start);
                            // The direction, then turned a quarter, then back, then the first again.
                            const Vec2 seq[] = {dir * L, Vec2{-dir.y, dir.x} * L, -dir * L, dir * L};
                            for (std::size_t i = 0; i < std::size(seq); ++i) {
                                const Aabb before = w.box(id);
                                const MoveResult r = w.move(id, seq[i], with(resp));
                                ++moves;
                                const std::string v = room_violation(r.box, room.bounds, room.solids);
                                if (v.empty()) continue;
                                ++failures;
                                // The first violation of each room and mover, at most 16.
                                const std::string key = room.name + " / " + mv.name;
                                if (std::find(keys.begin(), keys.end(), key) == keys.end() && first.size() < 16) {
                                    keys.push_back(key);
                                    std::ostringstream s;
                                    s << room.name << ", " << mv.name << " from " << ref::str(start) << ", "
                                      << response_name(resp) << ", move " << i << " from " << ref::str(before) << " by "
                                      << ref::str(seq[i]) << ": " << v << ": " << ref::str(r.box);
                                    first.push_back(s.str());
                                }
                                break; // the rest of this sequence starts from a broken state
                            }
                        }
                }
            }
        }
    }
    for (const std::string& s : first) BOOST_ERROR(s);
    BOOST_TEST(failures == 0u, failures << " of " << moves << " moves ended outside their room (the first of "
                                        << first.size() << " rooms and movers above)");
    BOOST_TEST_MESSAGE("closed_rooms_hold: " << moves << " moves, " << failures << " violations");
}

// ---- rays along the seam lines of a solid block ----

// A solid 3x3 block of tiles (tiles (1..3, 1..3) of a 5x5 map): rays along its inner seam lines
// (two vertical, two horizontal), in both directions, from outside the map, from the map just
// outside the block and from the block's boundary, hit the block where the line enters it,
// with the normal against the motion (time 0 from the boundary). cast_box of the zero-size box
// gives the same answer.
BOOST_AUTO_TEST_CASE(rays_along_seams_of_a_solid_block) {
    const real sizes[] = {real(0.5), 1, 16, 24};
    for (real t : sizes) {
        World w;
        w.set_tile_map({.origin = {0, 0}, .tile_size = t, .columns = 5, .rows = 5});
        for (std::int32_t r = 1; r <= 3; ++r)
            for (std::int32_t c = 1; c <= 3; ++c) w.set_tile({c, r}, Tile::solid);
        const TileMap& m = w.tiles();
        const real lo = m.edge_x(1), hi = m.edge_x(4); // the block is [lo, hi]^2
        const real L = real(40) * t;
        for (std::int32_t i = 2; i <= 3; ++i) {
            const real line = m.edge_x(i);
            for (int axis = 0; axis < 2; ++axis)
                for (int sign = -1; sign <= 1; sign += 2) {
                    // Moving along `axis` with `sign`; the line is at `line` on the other axis.
                    const real entry = sign > 0 ? lo : hi;
                    const real froms[] = {entry - real(sign) * real(10) * t, entry - real(sign) * t / 2, entry};
                    for (real from : froms) {
                        Vec2 o{0, 0}, d{0, 0}, expect{0, 0};
                        o[axis] = from;
                        o[1 - axis] = line;
                        d[axis] = real(sign) * L;
                        d[1 - axis] = 0;
                        expect[axis] = entry;
                        expect[1 - axis] = line;
                        Vec2 n{0, 0};
                        n[axis] = real(-sign);
                        const CastHit h = w.cast_ray(o, d);
                        const CastHit b = w.cast_box({o, o}, d);
                        BOOST_TEST(h.hit, "tile " << t << ": ray from " << ref::str(o) << " by " << ref::str(d) << ": "
                                                  << describe(h));
                        if (h.hit) {
                            BOOST_TEST(bool(h.point == expect), "tile " << t << ": ray from " << ref::str(o) << " by "
                                                                        << ref::str(d) << ": " << describe(h)
                                                                        << ", expected the point " << ref::str(expect));
                            BOOST_TEST(bool(h.normal == n), "tile " << t << ": ray from " << ref::str(o) << " by "
                                                                    << ref::str(d) << ": " << describe(h));
                        }
                        BOOST_TEST(same_cast(h, b), "tile " << t << ": from " << ref::str(o) << " by " << ref::str(d)
                                                            << ": ray " << describe(h) << " but zero-size box "
                                                            << describe(b));
                    }
                }
        }
    }
}

// The other side of the same rule (README, "No seams"; rule 3): a ray or a point running along
// the block's outer face touches it and is not stopped, not even where two of its tiles meet
// on that face.
BOOST_AUTO_TEST_CASE(rays_along_outer_faces_of_a_solid_block_graze) {
    World w;
    w.set_tile_map({.origin = {0, 0}, .tile_size = 16, .columns = 5, .rows = 5});
    for (std::int32_t r = 1; r <= 3; ++r)
        for (std::int32_t c = 1; c <= 3; ++c) w.set_tile({c, r}, Tile::solid);
    // The block is [16, 64]^2; its faces' lines are x = 16, x = 64, y = 16, y = 64.
    const struct {
        Vec2 o, d;
    } rays[] = {{v2(16, 0), v2(0, 80)}, {v2(16, 80), v2(0, -80)}, {v2(64, 0), v2(0, 80)}, {v2(64, 80), v2(0, -80)},
                {v2(0, 16), v2(80, 0)}, {v2(80, 16), v2(-80, 0)}, {v2(0, 64), v2(80, 0)}, {v2(80, 64), v2(-80, 0)}};
    for (const auto& ray : rays) {
        const CastHit h = w.cast_ray(ray.o, ray.d);
        BOOST_TEST(!h.hit, "ray from " << ref::str(ray.o) << " by " << ref::str(ray.d) << ": " << describe(h));
        const CastHit b = w.cast_box({ray.o, ray.o}, ray.d);
        BOOST_TEST(!b.hit,
                   "zero-size box from " << ref::str(ray.o) << " by " << ref::str(ray.d) << ": " << describe(b));
    }
    // A point sliding along the top face, over the seams of three tiles.
    const BodyId p = add_mover(w, box(8, 16, 8, 16));
    const MoveResult r = w.move(p, v2(64, 0));
    SB_CHECK_BOX(r.box, box(72, 16, 72, 16));
}

// A filter may cast while the move asks it for a response (it gets the world, const): the
// move's junction test keeps its own list of obstacles, which the cast's junction test must not
// touch. Two boxes meeting at a corner; a point moving diagonally through that corner stops
// there, whether the filter casts a ray along an axis (which runs the cast's junction test)
// or not.
BOOST_AUTO_TEST_CASE(filter_that_casts_during_a_move) {
    struct Run {
        static Response plain(void*, const World&, BodyId, const Other&) { return Response::slide; }
        static Response casting(void*, const World& w, BodyId, const Other&) {
            (void)w.cast_ray(v2(-50, -50), v2(0, 30)); // far from both boxes: finds no obstacle
            return Response::slide;
        }
    };
    MoveResult expected, got;
    for (int k = 0; k < 2; ++k) {
        World w;
        add_static(w, box(0, 0, 10, 10));
        add_static(w, box(10, 10, 20, 20));
        const BodyId p = add_mover(w, box(5, 15, 5, 15));
        MoveOptions o;
        o.filter = k == 0 ? &Run::plain : &Run::casting;
        (k == 0 ? expected : got) = w.move(p, v2(10, -10), o);
    }
    BOOST_TEST_REQUIRE(expected.contacts.size() >= 1u);
    BOOST_TEST(expected.contacts[0].junction);
    BOOST_TEST((got.box == expected.box));
    BOOST_TEST(got.contacts.size() == expected.contacts.size());
}

BOOST_AUTO_TEST_SUITE_END()
