// Tests of slope tiles (issue 26, docs/contract.md "Slopes"): rules S1-S6 for each of the 20
// shapes, the seams where slopes meet other tiles, closed rooms of slopes, and the grid walks
// against the brute-force world on random sloped maps.

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>
#include <boost/test/unit_test.hpp>
#include "tiles/slope.hpp" // src/: the exact side-of-line test the checks below use
#include "test_support.hpp"

namespace {

using namespace sweepbox;
using sbt::add_mover;
using sbt::box;
using sbt::v2;

constexpr int first_slope = int(TileShape::slope45_ul);
constexpr int slope_count = tile_shape_count - first_slope;

TileShape shape_of(int i) { return TileShape(first_slope + i); }

/// Kinds 3 to 22 are the 20 slope shapes, in TileShape's order.
int kind_of(TileShape s) { return 3 + int(s) - first_slope; }

/// A map of 16-unit tiles at the origin, with the slope kinds defined.
World slope_world(std::int32_t columns, std::int32_t rows, bool brute_force = false, real size = 16,
                  Vec2 origin = {0, 0}) {
    WorldDef wd;
    wd.brute_force = brute_force;
    World w(wd);
    TileMapDef td;
    td.columns = columns;
    td.rows = rows;
    td.tile_size = size;
    td.origin = origin;
    w.set_tile_map(td);
    for (int i = 0; i < slope_count; ++i)
        w.set_tile_kind(kind_of(shape_of(i)), {shape_of(i), td.category, td.mask, false});
    return w;
}

/// A 9 x 9 map with one slope tile of shape s at (4, 4).
World one_slope_world(TileShape s) {
    World w = slope_world(9, 9);
    w.set_tile({4, 4}, kind_of(s));
    return w;
}

/// a*u + b*v - c of the slope of tile (col, row) at p, in tile units (exact for these maps:
/// 16-unit tiles at the origin); >= 0 on the solid side.
long double side(TileShape s, TileCell c, Vec2 p) {
    const SlopeLine l = slope_line(s);
    const long double u = (long double)p.x / 16 - c.column, v = (long double)p.y / 16 - c.row;
    return l.a * u + l.b * v - l.c;
}

/// The points of the slope's line inside its cell, in tile units: the polygon's corners that
/// lie on the line (two of them).
std::array<Vec2, 2> line_ends(TileShape s) {
    Vec2 poly[4];
    const int n = slope_polygon(s, poly);
    const SlopeLine l = slope_line(s);
    std::array<Vec2, 2> ends{};
    int k = 0;
    for (int i = 0; i < n; ++i)
        if (real(l.a) * poly[i].x + real(l.b) * poly[i].y == real(l.c) && k < 2) ends[std::size_t(k++)] = poly[i];
    BOOST_TEST_REQUIRE(k == 2);
    return ends;
}

/// The point at fraction f of the slope's line within cell c, in world units (16-unit tiles).
Vec2 on_line(TileShape s, TileCell c, real f) {
    const auto e = line_ends(s);
    const Vec2 p = e[0] + (e[1] - e[0]) * f;
    return {(real(c.column) + p.x) * 16, (real(c.row) + p.y) * 16};
}

/// The box of size h x h whose corner that leads into the slope (the corner on the side of the
/// line's inward normal) is at p.
Aabb box_with_lead_at(TileShape s, Vec2 p, real h) {
    const SlopeLine l = slope_line(s);
    const real x0 = l.a > 0 ? p.x - h : p.x, y0 = l.b > 0 ? p.y - h : p.y;
    return {{x0, y0}, {x0 + h, y0 + h}};
}

/// True when the slope tile at c and box b have overlapping interiors, decided exactly.
bool inside_slope(const World& w, TileCell c, const Aabb& b) {
    return detail::slope_overlaps(b, detail::slope_tile(w.tiles(), c, w.tiles().shape_at(c)));
}

} // namespace

BOOST_AUTO_TEST_SUITE(slopes)

BOOST_AUTO_TEST_CASE(shapes_lines_normals_and_polygons) {
    for (int i = 0; i < slope_count; ++i) {
        const TileShape s = shape_of(i);
        BOOST_TEST_CONTEXT(to_string(s)) {
            BOOST_TEST(is_slope(s));
            const SlopeLine l = slope_line(s);
            // The two lattice corners lie on the line.
            BOOST_TEST(l.a * l.pu + l.b * l.pv == l.c);
            BOOST_TEST(l.a * l.qu + l.b * l.qv == l.c);
            // The normal is outward (against (a, b)), a unit vector to rounding.
            const Vec2 n = slope_normal(s);
            BOOST_TEST(n.x * real(l.a) < 0);
            BOOST_TEST(n.y * real(l.b) < 0);
            BOOST_TEST(std::fabs(double(n.x) * n.x + double(n.y) * n.y - 1) < 1e-6);
            BOOST_TEST(std::fabs(double(n.x) * l.b - double(n.y) * l.a) < 1e-6); // along (a, b)
            // The polygon: 3 or 4 corners, all in the cell and on the solid side.
            Vec2 poly[4];
            const int count = slope_polygon(s, poly);
            BOOST_TEST((count == 3 || count == 4));
            for (int k = 0; k < count; ++k) {
                BOOST_TEST(real(l.a) * poly[k].x + real(l.b) * poly[k].y >= real(l.c));
                BOOST_TEST((poly[k].x >= 0 && poly[k].x <= 1 && poly[k].y >= 0 && poly[k].y <= 1));
            }
        }
    }
    BOOST_TEST(!is_slope(TileShape::solid));
    BOOST_TEST(bool(slope_normal(TileShape::solid) == v2(0, 0)));
}

BOOST_AUTO_TEST_CASE(a_slope_kind_is_a_slope_tile) {
    World w = slope_world(5, 5);
    w.set_tile({2, 2}, kind_of(TileShape::shallow_ur_high));
    BOOST_TEST(int(w.tiles().get({2, 2})) == int(Tile::slope));
    BOOST_TEST(int(w.tiles().shape_at({2, 2})) == int(TileShape::shallow_ur_high));
    BOOST_TEST(w.tiles().blocking_count() == 1u);
    // A sensor kind must still be solid; a slope shape is refused there.
    BOOST_CHECK_THROW(w.set_tile_kind(40, {TileShape::slope45_ul, 1, 0xffffffffu, true}), Error);
    BOOST_CHECK_THROW(w.set_tile_kind(40, {TileShape(tile_shape_count), 1, 0xffffffffu, false}), Error);
}

// S1 and "rays hit a slope at the exact point on its line with the slope's normal": rays at
// three points of each slope's face, along its inward normal and along each axis that enters it.
BOOST_AUTO_TEST_CASE(rays_hit_the_line_with_the_slope_normal) {
    for (int i = 0; i < slope_count; ++i) {
        const TileShape s = shape_of(i);
        World w = one_slope_world(s);
        const TileCell c{4, 4};
        const SlopeLine l = slope_line(s);
        const Vec2 n = slope_normal(s);
        for (real f : {real(0.25), real(0.5), real(0.75)}) {
            const Vec2 target = on_line(s, c, f);
            const Vec2 dirs[3] = {-n, {real(l.a > 0 ? 1 : -1), 0}, {0, real(l.b > 0 ? 1 : -1)}};
            for (const Vec2 dir : dirs) {
                BOOST_TEST_CONTEXT(to_string(s) << " at " << f << " along (" << dir.x << ", " << dir.y << ")") {
                    const Vec2 origin = target - dir * real(20);
                    const CastHit h = w.cast_ray(origin, dir * real(30));
                    BOOST_TEST_REQUIRE(h.hit);
                    BOOST_TEST(!h.started_overlapping);
                    BOOST_TEST(bool(h.normal == n));
                    BOOST_TEST(h.other.is_tile());
                    // On the line to rounding, never inside.
                    const long double g = side(s, c, h.point);
                    BOOST_TEST(g <= 0);
                    BOOST_TEST(g > -1e-5);
                    BOOST_TEST(bool(h.box.min == h.point));
                    // The time is that of the exact hit point.
                    BOOST_TEST(std::fabs(double(h.time) - 20.0 / 30.0) < 1e-5);
                    if (dir.x == 0 || dir.y == 0) BOOST_TEST(bool(h.point == target)); // exact along an axis
                }
            }
        }
    }
}

// S2: a box whose corner is on the line touches it; moving along the line or away is no hit;
// moving into it is a hit at time 0.
BOOST_AUTO_TEST_CASE(touching_along_and_away_are_no_hits) {
    for (int i = 0; i < slope_count; ++i) {
        const TileShape s = shape_of(i);
        BOOST_TEST_CONTEXT(to_string(s)) {
            World w = one_slope_world(s);
            const TileCell c{4, 4};
            const SlopeLine l = slope_line(s);
            const Aabb b = box_with_lead_at(s, on_line(s, c, real(0.5)), 2);
            BOOST_TEST(!inside_slope(w, c, b));
            const Vec2 along{real(l.b), real(-l.a)};
            const Vec2 away{real(-l.a), real(-l.b)};
            BOOST_TEST(!w.cast_box(b, along * real(0.5)).hit);
            BOOST_TEST(!w.cast_box(b, -along * real(0.5)).hit);
            BOOST_TEST(!w.cast_box(b, away * real(2)).hit);
            const CastHit into = w.cast_box(b, -away);
            BOOST_TEST_REQUIRE(into.hit);
            BOOST_TEST(into.time == 0);
            BOOST_TEST(bool(into.normal == slope_normal(s)));
            BOOST_TEST(bool(into.box == b));
        }
    }
}

// S3 and "a box resting on a slope keeps the same bits": stopped on the face, its corner is on
// the line (representable here), and pressing on for 100 frames changes nothing.
BOOST_AUTO_TEST_CASE(a_box_stopped_by_a_slope_rests_on_the_line) {
    for (int i = 0; i < slope_count; ++i) {
        const TileShape s = shape_of(i);
        BOOST_TEST_CONTEXT(to_string(s)) {
            World w = one_slope_world(s);
            const TileCell c{4, 4};
            const SlopeLine l = slope_line(s);
            const Vec2 target = on_line(s, c, real(0.5));
            const Vec2 down{0, real(l.b > 0 ? 1 : -1)}; // into the face along y (gravity for a floor)
            const Aabb start = box_with_lead_at(s, target - down * real(6), 4);
            const BodyId id = add_mover(w, start);
            MoveOptions touch;
            touch.response = Response::touch;
            const MoveResult r = w.move(id, down * real(10), touch);
            BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
            BOOST_TEST(bool(r.contacts[0].normal == slope_normal(s)));
            const Aabb rest = w.box(id);
            BOOST_TEST(bool(detail::slope_corner(rest, detail::slope_tile(w.tiles(), c, s)) == target));
            BOOST_TEST(bool(r.contacts[0].point == target));
            BOOST_TEST(!inside_slope(w, c, rest));
            for (int frame = 0; frame < 100; ++frame) w.move(id, down * real(3), touch);
            BOOST_TEST(bool(w.box(id) == rest));
        }
    }
}

// S4: a slide keeps the part of the motion along the slope and ends on the face; a bounce
// reflects the velocity about the slope's normal.
BOOST_AUTO_TEST_CASE(slide_follows_and_bounce_reflects_about_the_normal) {
    for (int i = 0; i < slope_count; ++i) {
        const TileShape s = shape_of(i);
        BOOST_TEST_CONTEXT(to_string(s)) {
            const SlopeLine l = slope_line(s);
            const Vec2 n = slope_normal(s);
            const Vec2 down{0, real(l.b > 0 ? 1 : -1)};
            const TileCell c{4, 4};
            const Vec2 target = on_line(s, c, real(0.5));
            const Aabb start = box_with_lead_at(s, target - down * real(2), 2);
            {
                World w = one_slope_world(s);
                const BodyId id = add_mover(w, start);
                MoveOptions slide;
                slide.velocity = down * real(60);
                const MoveResult r = w.move(id, down * real(4), slide);
                BOOST_TEST_REQUIRE(!r.contacts.empty());
                BOOST_TEST(bool(r.contacts[0].normal == n));
                const Aabb end = w.box(id);
                // It went down the slope: along the tangent, away from the line's high end.
                BOOST_TEST(!inside_slope(w, c, end));
                const Vec2 moved = end.min - start.min;
                BOOST_TEST(moved.x * real(l.a) < 0); // down a floor rising to the right (a > 0) goes left
                BOOST_TEST(std::fabs(double(
                               side(s, c, detail::slope_corner(end, detail::slope_tile(w.tiles(), c, s))))) < 1e-4);
                // The velocity keeps only its part along the slope.
                BOOST_TEST(std::fabs(double(r.velocity.x) * n.x + double(r.velocity.y) * n.y) < 1e-3);
            }
            {
                World w = one_slope_world(s);
                const BodyId id = add_mover(w, start);
                MoveOptions bounce;
                bounce.response = Response::bounce;
                bounce.restitution = real(0.5);
                bounce.friction = real(0.25);
                bounce.velocity = down * real(60);
                const MoveResult r = w.move(id, down * real(4), bounce);
                BOOST_TEST_REQUIRE(!r.contacts.empty());
                BOOST_TEST(bool(r.velocity == reflect(bounce.velocity, n, real(0.5), real(0.25))));
                BOOST_TEST(!inside_slope(w, c, w.box(id)));
                // The rebound leaves the face.
                BOOST_TEST(double(r.velocity.x) * n.x + double(r.velocity.y) * n.y > 0);
            }
        }
    }
}

// The seams of slopes: a ramp's pieces, its foot on a floor and its back against a wall have no
// surface between them; a solid tile against a ramp's half side keeps its face.
BOOST_AUTO_TEST_CASE(edges_shared_with_slopes_are_seams) {
    World w = slope_world(8, 6);
    // Floor on row 4; a shallow ramp rising right (low at 1, high at 2) on it, a ledge at 3.
    for (int col = 0; col < 8; ++col) w.set_tile({col, 4}, 1);
    w.set_tile({1, 3}, kind_of(TileShape::shallow_ul_low));
    w.set_tile({2, 3}, kind_of(TileShape::shallow_ul_high));
    w.set_tile({3, 3}, 1);
    const TileMap& m = w.tiles();
    // The low piece: its bottom on the floor and its right side against the high piece.
    BOOST_TEST((m.faces({1, 3}) & face_pos_y) == 0);
    BOOST_TEST((m.faces({1, 3}) & face_pos_x) == 0);
    // The high piece: left against the low piece, bottom on the floor, right against the ledge.
    BOOST_TEST((m.faces({2, 3}) & face_neg_x) == 0);
    BOOST_TEST((m.faces({2, 3}) & face_pos_y) == 0);
    BOOST_TEST((m.faces({2, 3}) & face_pos_x) == 0);
    // The ledge's left side against the ramp's full back; the floor under the ramp.
    BOOST_TEST((m.faces({3, 3}) & face_neg_x) == 0);
    BOOST_TEST((m.faces({1, 4}) & face_neg_y) == 0);
    // A solid tile against the low piece's left side (a point): the tile keeps its face.
    w.set_tile({0, 3}, 1);
    BOOST_TEST((m.faces({0, 3}) & face_pos_x) != 0);
    // A solid tile against the high piece's top (a point at its right end) keeps its face too.
    w.set_tile({2, 2}, 1);
    BOOST_TEST((m.faces({2, 2}) & face_pos_y) != 0);
}

// S5: a box pushed right along a floor climbs a ramp of each kind onto the ledge, and walks back
// down it, without a catch: every frame moves it.
BOOST_AUTO_TEST_CASE(a_box_climbs_and_descends_every_ramp_without_a_catch) {
    struct Ramp {
        const char* name;
        std::vector<std::pair<TileCell, TileShape>> tiles;
        int ledge_row; // the ledge's top row
    };
    const Ramp ramps[] = {
        {"45", {{{4, 5}, TileShape::slope45_ul}}, 5},
        {"shallow", {{{4, 5}, TileShape::shallow_ul_low}, {{5, 5}, TileShape::shallow_ul_high}}, 5},
        {"steep", {{{4, 5}, TileShape::steep_ul_low}, {{4, 4}, TileShape::steep_ul_high}}, 4},
    };
    // The same ramps rising to the right (as listed) and to the left (mirrored: u -> 1 - u).
    auto mirror = [](TileShape t) {
        const int i = int(t) - first_slope;
        const int j = i < 4 ? i ^ 1 : 4 + ((i - 4) / 8) * 8 + ((((i - 4) % 8) / 2) ^ 1) * 2 + (i - 4) % 2;
        return shape_of(j);
    };
    for (const bool left : {false, true}) {
        const real sx = left ? real(-1) : real(1);
        auto col_of = [&](int c) { return left ? 15 - c : c; };
        auto x_of = [&](real x) { return left ? real(256) - x : x; }; // 16 columns of 16
        for (const Ramp& ramp : ramps) {
            BOOST_TEST_CONTEXT(ramp.name << (left ? " rising left" : " rising right")) {
                World w = slope_world(16, 8);
                for (int col = 0; col < 16; ++col) w.set_tile({col, 6}, 1); // the floor, top at 96
                int last_col = 0;
                std::vector<TileCell> cells;
                for (const auto& [cell, shape] : ramp.tiles) {
                    cells.push_back({col_of(cell.column), cell.row});
                    w.set_tile(cells.back(), kind_of(left ? mirror(shape) : shape));
                    last_col = std::max(last_col, cell.column);
                }
                for (int col = last_col + 1; col < 16; ++col)
                    for (int row = ramp.ledge_row; row < 6; ++row) w.set_tile({col_of(col), row}, 1);
                const real ledge_top = real(ramp.ledge_row * 16);
                const real x0 = x_of(8), x1 = x_of(16);
                const BodyId id = add_mover(w, box(std::min(x0, x1), 88, std::max(x0, x1), 96));
                MoveOptions slide;
                const real past_ledge = real((last_col + 2) * 16);
                // The distance walked from the start side, along the walk.
                auto walked = [&](const Aabb& b) { return left ? real(256) - b.max.x : b.min.x; };
                for (int frame = 0; frame < 400 && walked(w.box(id)) < past_ledge; ++frame) {
                    const Aabb before = w.box(id);
                    w.move(id, v2(3 * sx, 1), slide); // walking up, pressed down
                    const Aabb after = w.box(id);
                    BOOST_TEST_REQUIRE(walked(after) > walked(before));
                    for (const TileCell c : cells) BOOST_TEST_REQUIRE(!inside_slope(w, c, after));
                }
                BOOST_TEST(w.box(id).max.y == ledge_top); // on the ledge
                for (int frame = 0; frame < 60; ++frame) {
                    const Aabb before = w.box(id);
                    w.move(id, v2(-3 * sx, 3), slide); // walking back down, pressed down
                    const Aabb after = w.box(id);
                    if (walked(after) <= 1) break;
                    BOOST_TEST_REQUIRE(walked(after) < walked(before));
                    for (const TileCell c : cells) BOOST_TEST_REQUIRE(!inside_slope(w, c, after));
                }
                BOOST_TEST(w.box(id).max.y == 96); // back on the floor
            }
        }
    }
}

// S6 and rule 6: points and boxes bouncing in a closed room whose corners are slopes never leave
// it and never end inside a slope.
BOOST_AUTO_TEST_CASE(closed_rooms_of_slopes_hold) {
    World w = slope_world(8, 8);
    for (int k = 0; k < 8; ++k) {
        w.set_tile({k, 0}, 1);
        w.set_tile({k, 7}, 1);
        w.set_tile({0, k}, 1);
        w.set_tile({7, k}, 1);
    }
    const std::pair<TileCell, TileShape> corners[] = {
        {{1, 1}, TileShape::slope45_dr}, {{6, 1}, TileShape::slope45_dl},      {{1, 6}, TileShape::slope45_ur},
        {{6, 6}, TileShape::slope45_ul}, {{3, 1}, TileShape::shallow_dr_high}, {{4, 6}, TileShape::steep_ul_low}};
    for (const auto& [cell, shape] : corners) w.set_tile(cell, kind_of(shape));
    std::mt19937 rng(26);
    std::uniform_real_distribution<float> pos(36, 92), vel(-400, 400), size(0, 6);
    const Aabb room = box(16, 16, 112, 112);
    for (int body = 0; body < 200; ++body) {
        const real s = body % 4 == 0 ? real(0) : real(size(rng));
        const real x = pos(rng), y = pos(rng);
        const Aabb start = box(x, y, x + s, y + s);
        bool clear = true;
        for (const auto& [cell, shape] : corners) clear = clear && !inside_slope(w, cell, start);
        if (!clear) continue;
        const BodyId id = add_mover(w, start);
        MoveOptions bounce;
        bounce.response = Response::bounce;
        bounce.restitution = real(0.9);
        bounce.max_iterations = 16;
        Vec2 v = v2(vel(rng), vel(rng));
        for (int frame = 0; frame < 30; ++frame) {
            bounce.velocity = v;
            const MoveResult r = w.move(id, v * real(1.0 / 30), bounce);
            v = r.velocity;
            const Aabb b = w.box(id);
            BOOST_TEST_REQUIRE(
                (b.min.x >= room.min.x && b.min.y >= room.min.y && b.max.x <= room.max.x && b.max.y <= room.max.y));
            for (const auto& [cell, shape] : corners) BOOST_TEST_REQUIRE(!inside_slope(w, cell, b));
        }
        w.remove(id);
    }
    // Rays from inside the room in every direction stop inside it.
    for (int k = 0; k < 360; ++k) {
        const double a = k * 3.14159265358979 / 180;
        const Vec2 o = v2(64 + k % 7, 64 - k % 5);
        const CastHit h = w.cast_ray(o, v2(400 * std::cos(a), 400 * std::sin(a)));
        BOOST_TEST_REQUIRE(h.hit);
        BOOST_TEST((h.point.x >= 16 && h.point.x <= 112 && h.point.y >= 16 && h.point.y <= 112));
    }
}

// Rule 6 where a slope meets other obstacles at a single point or along a side, for points: a
// ray along a floor does not run under a ramp's foot, a ray down between a ramp's two pieces
// stops on the ramp, and a point passing exactly between two tips that touch (two ramps, or a
// ramp and a tile) stops there.
BOOST_AUTO_TEST_CASE(points_do_not_pass_where_slopes_meet_other_obstacles) {
    World w = slope_world(12, 8);
    for (int col = 0; col < 12; ++col) w.set_tile({col, 6}, 1); // floor, top at 96
    w.set_tile({4, 5}, kind_of(TileShape::slope45_ul));         // foot at (64, 96), tip at (80, 80)
    w.set_tile({5, 4}, kind_of(TileShape::slope45_dr));         // its tip at (80, 80) too
    w.set_tile({7, 5}, kind_of(TileShape::shallow_ul_low));     // pieces meet at (128, 88)
    w.set_tile({8, 5}, kind_of(TileShape::shallow_ul_high));
    w.set_tile({10, 4}, 1);                             // a tile whose corner (160, 80)...
    w.set_tile({9, 5}, kind_of(TileShape::slope45_ul)); // ...is this ramp's tip
    // Along the floor into the ramp's foot: stopped at the foot, not under the ramp.
    const CastHit along = w.cast_ray(v2(20, 96), v2(100, 0));
    BOOST_TEST_REQUIRE(along.hit);
    BOOST_TEST(along.point.x == 64);
    BOOST_TEST(along.point.y == 96);
    // Straight down onto the meeting point of the shallow pieces: stopped there.
    const CastHit down = w.cast_ray(v2(128, 40), v2(0, 100));
    BOOST_TEST_REQUIRE(down.hit);
    BOOST_TEST(down.point.y <= 88);
    BOOST_TEST(down.point.y > 87);
    // Between two tips, and between a tip and a tile's corner: stopped before the meeting point.
    for (const Vec2 tip : {v2(80, 80), v2(160, 80)}) {
        BOOST_TEST_CONTEXT("tip " << tip.x) {
            const CastHit h = w.cast_ray(tip - v2(10, 10), v2(20, 20));
            BOOST_TEST_REQUIRE(h.hit);
            BOOST_TEST(h.point.x <= tip.x);
            BOOST_TEST(h.point.y <= tip.y);
            BOOST_TEST(h.time > 0.49);
            const BodyId p = add_mover(w, box(tip.x - 10, tip.y - 10, tip.x - 10, tip.y - 10));
            const MoveResult r = w.move(p, v2(20, 20));
            BOOST_TEST_REQUIRE(!r.contacts.empty());
            BOOST_TEST(w.box(p).min.x <= tip.x);
            BOOST_TEST(w.box(p).min.y <= tip.y);
            w.remove(p);
        }
    }
    // A point moved along the floor stops at the foot as well.
    const BodyId p = add_mover(w, box(20, 96, 20, 96));
    w.move(p, v2(100, 0));
    BOOST_TEST(w.box(p).min.x <= 64);
}

// Hits whose times round to the same number (here 0: a motion of 1e25 across tiles two
// subnormals wide) rank by their exact times, a slope's face included (rule 4): the ray meets
// the ramp before the wall beyond it, though the wall's tile comes first by id.
BOOST_AUTO_TEST_CASE(a_slope_face_ranks_by_its_exact_time) {
    const real u = std::numeric_limits<real>::denorm_min();
    for (const bool brute : {false, true}) {
        BOOST_TEST_CONTEXT("brute force " << brute) {
            World w = slope_world(8, 4, brute, 2 * u, {-3 * u, -4 * u});
            w.set_tile({4, 2}, kind_of(TileShape::slope45_ul)); // the line x + y = 7u
            w.set_tile({7, 1}, 1);
            w.set_tile({7, 2}, 1);
            const Vec2 p{5 * u, 1 * u};
            const Vec2 d = v2(1.2440484e25, -1.5678257e24);
            for (const CastHit& h : {w.cast_ray(p, d), w.cast_box({p, p}, d)}) {
                BOOST_TEST_REQUIRE(h.hit);
                BOOST_TEST(h.time == 0);
                BOOST_TEST(bool(h.other.tile == TileCell{4, 2}));
                BOOST_TEST(bool(h.normal == slope_normal(TileShape::slope45_ul)));
            }
            const BodyId b = add_mover(w, {p, p});
            MoveOptions o;
            o.response = Response::bounce;
            const MoveResult r = w.move(b, d, o);
            BOOST_TEST_REQUIRE(!r.contacts.empty());
            BOOST_TEST(bool(r.contacts[0].other.tile == TileCell{4, 2}));
            for (const Contact& c : r.contacts) BOOST_TEST(c.other.tile.column < 7); // bounced off the ramp
        }
    }
}

// A bounce off a slope near the largest `real`: the reflected motion, never longer, may turn a
// component beyond the largest `real`; it is scaled back (its direction kept), so every leg is
// finite and the body stays in its room.
BOOST_AUTO_TEST_CASE(a_bounce_near_the_largest_real_stays_finite) {
    const real big = std::numeric_limits<real>::max();
    for (const TileShape s : {TileShape::slope45_ul, TileShape::shallow_ul_high, TileShape::steep_ul_low}) {
        BOOST_TEST_CONTEXT(to_string(s)) {
            World w = slope_world(6, 6);
            for (int i = 0; i < 6; ++i)
                for (const TileCell c : {TileCell{i, 0}, TileCell{i, 5}, TileCell{0, i}, TileCell{5, i}})
                    w.set_tile(c, 1);
            w.set_tile({3, 3}, kind_of(s));
            const BodyId b = add_mover(w, box(36, 36, 40, 40));
            MoveOptions o;
            o.response = Response::bounce;
            o.restitution = real(2) / 3;
            o.friction = real(1) / 3;
            o.max_iterations = 8;
            const MoveResult r = w.move(b, v2(big, big), o);
            BOOST_TEST(r.iterations >= 2);
            const Aabb e = w.box(b);
            BOOST_TEST((e.min.x >= 16 && e.min.y >= 16 && e.max.x <= 80 && e.max.y <= 80));
        }
    }
}

// The grid walks give the brute-force world's answers, bit for bit, on random sloped maps with
// a tile size and origin that are not representable.
BOOST_AUTO_TEST_CASE(grid_equals_brute_force_on_random_sloped_maps) {
    std::mt19937 rng(2026);
    int hits = 0, slope_hits = 0;
    for (int map = 0; map < 12; ++map) {
        const real size = map % 2 ? real(0.7) : real(16);
        const Vec2 origin = map % 3 ? v2(0.1, -0.3) : v2(0, 0);
        World grid = slope_world(24, 16, false, size, origin);
        World brute = slope_world(24, 16, true, size, origin);
        std::uniform_int_distribution<int> pick(0, 9), shape(0, slope_count - 1);
        for (int r = 0; r < 16; ++r)
            for (int c = 0; c < 24; ++c) {
                const int p = pick(rng);
                const int kind = p < 6 ? 0 : (p < 8 ? kind_of(shape_of(shape(rng))) : 1);
                grid.set_tile({c, r}, kind);
                brute.set_tile({c, r}, kind);
            }
        const real span_x = 24 * size, span_y = 16 * size;
        std::uniform_real_distribution<float> ux(0, 1), ud(-1, 1);
        for (int q = 0; q < 300; ++q) {
            const Vec2 o = origin + v2(ux(rng) * span_x, ux(rng) * span_y);
            const Vec2 d = v2(ud(rng) * span_x / 2, ud(rng) * span_y / 2);
            const real s = q % 3 == 0 ? real(0) : size * ux(rng);
            const Aabb b{o, o + v2(s, s * real(0.5))};
            const CastHit g = grid.cast_box(b, d), f = brute.cast_box(b, d);
            BOOST_TEST_REQUIRE(g.hit == f.hit);
            if (g.hit) {
                ++hits;
                slope_hits += int(g.normal.x != 0 && g.normal.y != 0);
                BOOST_TEST_REQUIRE(g.time == f.time);
                BOOST_TEST_REQUIRE(bool(g.normal == f.normal));
                BOOST_TEST_REQUIRE(bool(g.other == f.other));
                BOOST_TEST_REQUIRE(bool(g.box == f.box));
                BOOST_TEST_REQUIRE(bool(g.point == f.point));
            }
            const CastHit gr = grid.cast_ray(o, d), fr = brute.cast_ray(o, d);
            BOOST_TEST_REQUIRE(gr.hit == fr.hit);
            if (gr.hit) {
                BOOST_TEST_REQUIRE(gr.time == fr.time);
                BOOST_TEST_REQUIRE(bool(gr.normal == fr.normal));
                BOOST_TEST_REQUIRE(bool(gr.point == fr.point));
            }
            // The same move in both worlds.
            const BodyId a = add_mover(grid, b), z = add_mover(brute, b);
            MoveOptions mo;
            mo.response = q % 2 ? Response::slide : Response::bounce;
            mo.velocity = d;
            const MoveResult mg = grid.move(a, d, mo), mf = brute.move(z, d, mo);
            BOOST_TEST_REQUIRE(bool(grid.box(a) == brute.box(z)));
            BOOST_TEST_REQUIRE(bool(mg.velocity == mf.velocity));
            BOOST_TEST_REQUIRE(mg.contacts.size() == mf.contacts.size());
            grid.remove(a);
            brute.remove(z);
        }
    }
    // The comparison covered slope faces.
    BOOST_TEST(hits > 1000);
    BOOST_TEST(slope_hits > 200);
}

BOOST_AUTO_TEST_SUITE_END()
