// Tests of slope tiles decided on their solid part (issue 39, docs/contract.md "Slopes"): the tip
// of a half-height piece is a vertex like a box's corner, points and planks stop on the free side
// where slopes meet other tiles, half-tile corners at tile sizes that are not exact, and rule
// 5's rounding toward the exact end, never past a meeting point. Each scenario runs in the
// eight mirror images of the square.

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <boost/test/unit_test.hpp>
#include "tiles/slope.hpp" // src/: the exact tests of a slope's solid part the checks use
#include "tiles/slope_vertices.hpp"
#include "test_support.hpp"
#include "../fuzz/slope_legs.hpp"   // a move's legs against it
#include "../fuzz/slope_oracle.hpp" // the exact oracle of slope_casts

namespace {

using namespace sweepbox;
using sbt::add_mover;
using sbt::v2;

int kind_of(TileShape s) { return 3 + int(s) - int(TileShape::slope45_ul); }

/// One of the eight mirror images of a square map of n x n tiles: x flipped, y flipped, and x
/// and y swapped (after the flips).
struct Mirror {
    bool fx = false, fy = false, swap = false;
    real side = 0; // the map's side in world units

    [[nodiscard]] Vec2 point(Vec2 p) const {
        if (fx) p.x = side - p.x;
        if (fy) p.y = side - p.y;
        return swap ? Vec2{p.y, p.x} : p;
    }
    [[nodiscard]] Vec2 vec(Vec2 d) const {
        if (fx) d.x = -d.x;
        if (fy) d.y = -d.y;
        return swap ? Vec2{d.y, d.x} : d;
    }
    [[nodiscard]] Aabb box(const Aabb& b) const {
        const Vec2 p = point(b.min), q = point(b.max);
        return {{std::min(p.x, q.x), std::min(p.y, q.y)}, {std::max(p.x, q.x), std::max(p.y, q.y)}};
    }
    [[nodiscard]] TileCell cell(TileCell c, std::int32_t n) const {
        if (fx) c.column = n - 1 - c.column;
        if (fy) c.row = n - 1 - c.row;
        return swap ? TileCell{c.row, c.column} : c;
    }
    // The shape whose polygon is the mirror image of s's (in tile units).
    [[nodiscard]] TileShape shape(TileShape s) const {
        if (!is_slope(s)) return s;
        Vec2 poly[4], image[4];
        const int n = slope_polygon(s, poly);
        for (int i = 0; i < n; ++i) {
            Vec2 p = poly[i];
            if (fx) p.x = 1 - p.x;
            if (fy) p.y = 1 - p.y;
            image[i] = swap ? Vec2{p.y, p.x} : p;
        }
        for (int k = int(TileShape::slope45_ul); k < tile_shape_count; ++k) {
            Vec2 other[4];
            if (slope_polygon(TileShape(k), other) != n) continue;
            int found = 0;
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) found += int(image[i] == other[j]);
            if (found == n) return TileShape(k);
        }
        return s;
    }
};

template <class Body> void for_each_mirror(real side, Body&& body) {
    for (int m = 0; m < 8; ++m) {
        const Mirror mr{(m & 1) != 0, (m & 2) != 0, (m & 4) != 0, side};
        BOOST_TEST_CONTEXT("mirror flip x " << mr.fx << " flip y " << mr.fy << " swap " << mr.swap) { body(mr); }
    }
}

/// A map of n x n tiles of size `size` at `origin`, with the slope kinds defined.
World map_world(std::int32_t n, real size, Vec2 origin = {0, 0}) {
    World w;
    TileMapDef td;
    td.columns = n;
    td.rows = n;
    td.tile_size = size;
    td.origin = origin;
    w.set_tile_map(td);
    for (int i = int(TileShape::slope45_ul); i < tile_shape_count; ++i)
        w.set_tile_kind(kind_of(TileShape(i)), {TileShape(i), td.category, td.mask, false});
    return w;
}

void set(World& w, const Mirror& m, TileCell c, TileShape s) {
    const TileCell at = m.cell(c, w.tiles().columns());
    w.set_tile(at, s == TileShape::solid ? 1 : kind_of(m.shape(s)));
}

detail::SlopeTile slope_at(const World& w, const Mirror& m, TileCell c) {
    const TileCell at = m.cell(c, w.tiles().columns());
    return detail::slope_tile(w.tiles(), at, w.tiles().shape_at(at));
}

/// True when point p lies on the closed solid parts of both tiles (whose interiors lie on either
/// side of it): inside the solid the two make together.
bool on_both(const World& w, const Mirror& m, TileCell a, TileCell b, Vec2 p) {
    const Aabb pb{p, p};
    auto holds = [&](TileCell c) {
        const TileCell at = m.cell(c, w.tiles().columns());
        if (w.tiles().shape_at(at) == TileShape::solid) return intersects_closed(pb, w.tiles().cell_box(at));
        return detail::slope_intersects_closed(pb, slope_at(w, m, c));
    };
    return holds(a) && holds(b);
}

/// True when p is a corner of the slope tile at c that is a `real` point.
bool is_real_corner(const World& w, TileCell c, Vec2 p) {
    detail::HPoint corner[4];
    const int n = detail::slope_vertices(detail::slope_tile(w.tiles(), c, w.tiles().shape_at(c)), corner);
    for (int i = 0; i < n; ++i)
        if (corner[i].real_point && detail::coord_of(corner[i], 0) == p.x && detail::coord_of(corner[i], 1) == p.y)
            return true;
    return false;
}

} // namespace

BOOST_AUTO_TEST_SUITE(slopes)

// Issue 39, item 2: the low piece of a shallow ramp is the triangle (32, 32), (48, 24), (48, 32);
// its tip (48, 24) is a vertex like a box's corner, and the line's extension beyond the cell is
// nothing. A box cast down past the tip meets the tip at t = 0.8 with normal (0, -1), not the
// extension at t = 0.75; a box resting on the tip and moved (0.01, 1) or straight down presses
// on it (normal (0, -1)) and ends outside the triangle.
BOOST_AUTO_TEST_CASE(a_half_height_piece_is_met_at_its_tip) {
    for_each_mirror(128, [](const Mirror& m) {
        World w = map_world(8, 16);
        set(w, m, {2, 1}, TileShape::shallow_ul_low);
        const detail::SlopeTile s = slope_at(w, m, {2, 1});
        const CastHit h = w.cast_box(m.box(sbt::box(47, 3, 50, 8)), m.vec(v2(0, 20)));
        BOOST_TEST_REQUIRE(h.hit);
        BOOST_TEST(h.time == real(0.8));
        BOOST_TEST(bool(h.normal == m.vec(v2(0, -1))));
        BOOST_TEST(bool(h.box == m.box(sbt::box(47, 19, 50, 24))));
        BOOST_TEST(bool(h.point == m.point(v2(48, 24))));
        for (const Vec2 d : {v2(0.01, 1), v2(0, 1)}) {
            BOOST_TEST_CONTEXT("moved by " << d.x << ", " << d.y) {
                const Aabb start = m.box(sbt::box(47, 20, 52, 24));
                const BodyId b = add_mover(w, start);
                const MoveResult r = w.move(b, m.vec(d));
                BOOST_TEST_REQUIRE(!r.contacts.empty());
                BOOST_TEST(r.contacts[0].time == 0);
                BOOST_TEST(!r.contacts[0].started_overlapping);
                BOOST_TEST(bool(r.contacts[0].normal == m.vec(v2(0, -1))));
                BOOST_TEST(!detail::slope_overlaps(r.box, s));
                BOOST_TEST(bool(r.box == start.translated(m.vec(v2(d.x, 0)))));
                w.remove(b);
            }
        }
    });
}

// Issue 39, item 3: a point stopped one step before a meeting point of a slope and tiles rests
// on the free side, not on the seam the step would reach. A ray up along a 45-degree ceiling's
// face to where it meets a solid tile above and one to the left stops beside (2, 9), not at
// (2 + 2^-22, 9) under the tile; a point up along a steep piece's face to where a shallow piece
// above and a tile to the left meet it stops beside (6, 13), not at (6 + 2^-21, 13) between the
// two pieces.
BOOST_AUTO_TEST_CASE(points_stop_on_the_free_side_where_slopes_meet_tiles) {
    struct Case {
        TileShape below, above;
        TileCell below_at, above_at, solid_at;
        Vec2 start, d, q;
    };
    const Case cases[] = {
        {TileShape::slope45_dl, TileShape::solid, {2, 9}, {2, 8}, {1, 9}, v2(2.5, 9.5), v2(-1, -1), v2(2, 9)},
        {TileShape::steep_dl_low,
         TileShape::shallow_ur_low,
         {6, 13},
         {6, 12},
         {5, 13},
         v2(6.25, 13.5),
         v2(-0.5, -1),
         v2(6, 13)},
    };
    for (const Case& c : cases) {
        BOOST_TEST_CONTEXT(to_string(c.below) << " below " << to_string(c.above)) {
            for_each_mirror(16, [&](const Mirror& m) {
                World w = map_world(16, 1);
                set(w, m, c.below_at, c.below);
                set(w, m, c.above_at, c.above);
                set(w, m, c.solid_at, TileShape::solid);
                const Vec2 q = m.point(c.q);
                const BodyId p = add_mover(w, {m.point(c.start), m.point(c.start)});
                const MoveResult r = w.move(p, m.vec(c.d));
                for (const CastHit& h : {w.cast_ray(m.point(c.start), m.vec(c.d)),
                                         w.cast_box({m.point(c.start), m.point(c.start)}, m.vec(c.d))}) {
                    BOOST_TEST_REQUIRE(h.hit);
                    BOOST_TEST(h.junction);
                    BOOST_TEST(h.time == real(0.5));
                    BOOST_TEST(bool(h.point == q));
                    BOOST_TEST(bool(h.box == r.box)); // the move stops where the casts do
                }
                // One step of `real` from the meeting point, on the side the point came from: on
                // neither the seam of the two pieces, nor of the piece below and the tile.
                const Vec2 e = r.box.min;
                BOOST_TEST(std::fabs(e.x - q.x) <= std::fabs(std::nextafter(q.x, real(99)) - q.x));
                BOOST_TEST(std::fabs(e.y - q.y) <= std::fabs(std::nextafter(q.y, real(99)) - q.y));
                BOOST_TEST(!(e == q));
                BOOST_TEST(!on_both(w, m, c.below_at, c.above_at, e));
                BOOST_TEST(!on_both(w, m, c.below_at, c.solid_at, e));
                BOOST_TEST(!on_both(w, m, c.above_at, c.solid_at, e));
                BOOST_TEST(!detail::slope_overlaps(r.box, slope_at(w, m, c.below_at)));
            });
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(slopes)

// Issue 39, item 4: where the tile edges are rounded (tile sizes 0.7 and 3.3, an origin that is
// not a whole number), a half-height piece's tip lies between two `real`s. Points moved along
// the side two tips share (two low pieces of a peak, their ceilings, two high steep pieces), and
// planks slid under a high steep piece along the floor it stands on, stop at the first tip that
// closes the way, on the free side: never on the seam beyond it.
BOOST_AUTO_TEST_CASE(half_tile_corners_hold_at_every_tile_size) {
    int uneven = 0, stops = 0;
    for (const real size : {real(0.7), real(3.3)}) {
        for (const Vec2 origin : {v2(0, 0), v2(0.1, -0.3), v2(-1e3, 2.5e3)}) {
            BOOST_TEST_CONTEXT("tile size " << size << " origin " << origin.x << ", " << origin.y) {
                World w = map_world(24, size, origin);
                const TileMap& t = w.tiles();
                const Mirror id{};
                struct Pair {
                    TileShape a, b;
                    TileCell at_a, at_b;
                    Vec2 from, d;
                };
                std::vector<Pair> pairs;
                // (Shallow pairs in rows 4 and 8 of columns 1 to 12, steep ones in columns 14 and
                // 18 of rows 1 to 17, planks in rows 20 and 21: no two on one cell.)
                for (std::int32_t c = 1; c < 17; c += 3) {
                    const real X = t.edge_x(c + 1), Y = t.edge_y(c + 1), s3 = 3 * size;
                    // A peak and a ceiling's peak of shallow low pieces, points along x = X; two
                    // high steep pieces pointing left and right, points along y = Y.
                    if (c + 1 <= 12)
                        pairs.push_back({TileShape::shallow_ul_low,
                                         TileShape::shallow_ur_low,
                                         {c, 4},
                                         {c + 1, 4},
                                         {X, t.edge_y(2)},
                                         {0, s3}});
                    if (c + 1 <= 12)
                        pairs.push_back({TileShape::shallow_dl_low,
                                         TileShape::shallow_dr_low,
                                         {c, 8},
                                         {c + 1, 8},
                                         {X, t.edge_y(11)},
                                         {0, -s3}});
                    pairs.push_back({TileShape::steep_ul_high,
                                     TileShape::steep_dl_high,
                                     {14, c},
                                     {14, c + 1},
                                     {t.edge_x(12), Y},
                                     {s3, 0}});
                    pairs.push_back({TileShape::steep_ur_high,
                                     TileShape::steep_dr_high,
                                     {18, c},
                                     {18, c + 1},
                                     {t.edge_x(21), Y},
                                     {-s3, 0}});
                    uneven += int(t.edge_x(c + 1) - t.edge_x(c) != t.edge_x(c + 2) - t.edge_x(c + 1));
                }
                for (const Pair& p : pairs) {
                    set(w, id, p.at_a, p.a);
                    set(w, id, p.at_b, p.b);
                }
                for (const Pair& p : pairs) {
                    BOOST_TEST_CONTEXT(to_string(p.a) << " at " << p.at_a.column << ", " << p.at_a.row) {
                        const BodyId b = add_mover(w, {p.from, p.from});
                        const MoveResult r = w.move(b, p.d);
                        const CastHit h = w.cast_ray(p.from, p.d);
                        BOOST_TEST_REQUIRE(h.hit);
                        BOOST_TEST(bool(h.box == r.box));
                        stops += int(h.junction);
                        // (On both only at the seam's end: a tip that is a `real`.)
                        BOOST_TEST((!on_both(w, id, p.at_a, p.at_b, r.box.min) ||
                                    is_real_corner(w, p.at_a, r.box.min) || is_real_corner(w, p.at_b, r.box.min)));
                        w.remove(b);
                    }
                }
                // A plank slid right along a floor under a high steep piece (its tip on the
                // floor): its leading end stops short of the tip, never under the piece.
                for (std::int32_t c = 2; c < 22; c += 4) {
                    set(w, id, {c, 20}, TileShape::steep_ul_high);
                    set(w, id, {c, 21}, TileShape::solid);
                    set(w, id, {c - 1, 21}, TileShape::solid);
                    const real y = t.edge_y(21), x0 = t.edge_x(c - 1);
                    const BodyId b = add_mover(w, {{x0, y}, {real(x0 + size / 4), y}});
                    const MoveResult r = w.move(b, {2 * size, 0});
                    BOOST_TEST_CONTEXT("plank under the steep piece at column " << c) {
                        BOOST_TEST_REQUIRE(!r.contacts.empty());
                        // At the tip when it is a `real` (flush at the seam's end), else short of it.
                        const Vec2 lead = r.box.max;
                        BOOST_TEST((!on_both(w, id, {c, 20}, {c, 21}, lead) || is_real_corner(w, {c, 20}, lead)));
                        BOOST_TEST(lead.x > t.edge_x(c));
                    }
                    w.remove(b);
                }
            }
        }
    }
    BOOST_TEST(uneven > 10); // tips between two `real`s were met
    BOOST_TEST(stops > 100); // and the points stopped at a tip
}

// Two casts of planks from random sloped maps (fuzz/slope_casts --count 100000 --seed 1, sizes
// 16 and 0.7) whose hit boxes rounding had put inside a slope they only touch exactly, wedged
// between two slopes' lines: the hit's box lies outside every tile's solid part.
// The two cases are float's: in the double build the map's edges round otherwise and both planks
// start inside a slope, so there the cast says so (rule 7) and its box is the start.
BOOST_AUTO_TEST_CASE(a_planks_cast_ends_outside_slopes_it_is_wedged_between) {
    struct Case {
        double size, ox, oy;
        const char* rows[8];
        double box[4], dx, dy;
    };
    const Case cases[] = {
        {16,
         -2.3517370223999023,
         2.2348470687866211,
         {"solid empty steep_ul_high steep_dl_high steep_dl_low empty empty steep_ur_high shallow_ul_low "
          "shallow_ul_low",
          "steep_ul_low solid shallow_ul_low solid steep_dl_high empty shallow_ur_low empty solid slope45_dr",
          "solid empty steep_dl_high slope45_dr steep_dl_high shallow_dl_low empty empty steep_dl_high empty",
          "empty slope45_ur steep_dr_high steep_dr_high empty shallow_dr_high steep_dl_low steep_dr_low "
          "shallow_dl_high empty",
          "empty steep_ur_high empty solid shallow_dr_high empty steep_dr_low steep_dr_high shallow_dr_low empty",
          "slope45_ur slope45_dl steep_ul_high steep_dr_low steep_dl_high shallow_ul_low steep_dr_high empty empty "
          "shallow_ul_low",
          "empty empty slope45_dl slope45_dr solid steep_ul_high steep_dr_high steep_ul_high empty steep_dl_high",
          "steep_ul_high slope45_dr solid solid shallow_ul_low solid shallow_ur_low solid solid empty"},
         {61.648262023925781, 66.234848022460938, 79.58929443359375, 66.234848022460938},
         16,
         -16},
        {0.7,
         0,
         0,
         {"empty steep_dr_low shallow_ur_high shallow_dr_high slope45_dl empty empty empty empty empty",
          "slope45_ul steep_dl_low solid solid shallow_dr_low empty steep_ul_high solid shallow_ur_high solid",
          "shallow_dr_low shallow_dr_high solid solid shallow_ur_low shallow_dr_high solid shallow_dr_high solid empty",
          "steep_dr_high empty slope45_dl empty shallow_dr_low steep_dr_low empty steep_ul_low empty empty",
          "empty empty shallow_ur_low steep_dl_high shallow_ur_high solid steep_ur_low empty solid solid",
          "solid empty steep_dr_high slope45_ur empty steep_ul_high steep_ur_low empty empty empty",
          "shallow_dr_low empty empty steep_ul_high empty empty empty shallow_dl_low empty slope45_dr",
          "steep_ul_high steep_dl_low steep_dl_high empty steep_ur_high steep_dl_low empty empty empty steep_ul_low"},
         {3.8742063045501709, 2.9628968238830566, 4.0651164054870605, 2.9628968238830566},
         0.48869025707244873,
         -0.24434530735015869},
    };
    for (const Case& k : cases) {
        BOOST_TEST_CONTEXT("tile size " << k.size) {
            World w = map_world(12, real(k.size), v2(k.ox, k.oy));
            const TileMap& t = w.tiles();
            for (std::int32_t row = 0; row < 10; ++row)
                for (std::int32_t c = 0; c < 12; ++c) w.set_tile({c, row}, 1); // the ring (and rows past it)
            for (std::int32_t row = 1; row <= 8; ++row) {
                std::string line = k.rows[row - 1];
                std::int32_t c = 1;
                for (std::size_t at = 0; at <= line.size(); ++c) {
                    const std::size_t end = std::min(line.find(' ', at), line.size());
                    const std::string name = line.substr(at, end - at);
                    at = end + 1;
                    if (name == "empty") w.set_tile({c, row}, 0);
                    for (int i = int(TileShape::slope45_ul); i < tile_shape_count; ++i)
                        if (name == to_string(TileShape(i))) w.set_tile({c, row}, kind_of(TileShape(i)));
                }
            }
            const Aabb a{{real(k.box[0]), real(k.box[1])}, {real(k.box[2]), real(k.box[3])}};
            const CastHit h = w.cast_box(a, {real(k.dx), real(k.dy)});
            BOOST_TEST_REQUIRE(h.hit);
            if constexpr (std::is_same_v<real, double>) {
                BOOST_TEST(h.started_overlapping);
                BOOST_TEST((h.box == a));
                continue;
            }
            BOOST_TEST(!h.started_overlapping);
            const CellRange r = t.cells_of(h.box);
            for (std::int32_t row = r.y0; row <= r.y1; ++row)
                for (std::int32_t c = r.x0; c <= r.x1; ++c) {
                    const TileShape s = t.shape_at({c, row});
                    BOOST_TEST_CONTEXT("tile " << c << ", " << row << " " << to_string(s)) {
                        if (is_slope(s)) BOOST_TEST(!detail::slope_overlaps(h.box, detail::slope_tile(t, {c, row}, s)));
                        else if (s == TileShape::solid) {
                            const Aabb cell = t.cell_box({c, row});
                            BOOST_TEST(!(h.box.min.y > cell.min.y && h.box.min.y < cell.max.y &&
                                         h.box.min.x < cell.max.x && h.box.max.x > cell.min.x));
                        }
                    }
                }
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(rooms)

// Issue 39, item 6 (rules 5 and 6): tiles of 0.37 near x = 2e6, where a step of `real` is 0.125
// (in a double build near 2^49, where it is too). A point falling steeply past the corner of
// tile (6, 5) lands on tile (5, 6)'s top at x ~ 2000046.21, just short of the point 2000046.25
// where (5, 6) and (6, 5) meet. The nearest `real` is the meeting point itself; rounding must take
// the point toward its exact end, to 2000046.125 on (5, 6)'s side, not past the meeting point
// under (6, 5), from where the next move down would enter the closed cell (6, 6) without a contact.
BOOST_AUTO_TEST_CASE(rounding_never_carries_a_point_past_a_meeting_point) {
    const double base = std::numeric_limits<real>::digits == 24 ? 2e6 : std::ldexp(1.0, 49);
    World w = map_world(10, real(0.37), v2(base + 44, 0));
    for (const TileCell c : {TileCell{5, 6}, TileCell{6, 5}, TileCell{7, 6}, TileCell{6, 7}}) w.set_tile(c, 1);
    const Vec2 q{w.tiles().edge_x(6), w.tiles().edge_y(6)};
    BOOST_TEST_REQUIRE(q.x == real(base + 46.25));
    const BodyId p = add_mover(w, {v2(base + 46.375, 0), v2(base + 46.375, 0)});
    const MoveResult first = w.move(p, v2(-0.3, 4));
    BOOST_TEST_REQUIRE(!first.contacts.empty());
    BOOST_TEST(bool(first.contacts[0].other.tile == TileCell{5, 6}));
    BOOST_TEST(first.contacts[0].box.min.x == real(base + 46.125));
    BOOST_TEST(first.contacts[0].box.min.y == q.y);
    for (const Contact& c : first.contacts) BOOST_TEST(c.box.min.x < q.x);
    BOOST_TEST(w.box(p).min.x < q.x);
    const MoveResult next = w.move(p, v2(0, 0.1));
    BOOST_TEST_REQUIRE(next.contacts.size() == 1u);
    BOOST_TEST(bool(next.contacts[0].other.tile == TileCell{5, 6}));
    BOOST_TEST(w.box(p).min.y == q.y);
}

// Reduced from slope_casts --size 0.37 --far-at 2e6 (a tile three steps of `real`): each cast
// agrees with the exact oracle, each move's legs stay out of the solid and its end outside it. A
// plank bounced off a tip is stepped off the tip's line on one axis, not into its neighbour's
// solid part (case 0); a plank cast onto two slopes' seam (4); a point sliding into two tips that
// touch between two `real`s, where no rounding near them is free, stays back along its path (1,
// 5); planks stop before a seam with a free direction at each end (2, 3, 6).
BOOST_AUTO_TEST_CASE(far_thin_ends_stay_out_of_the_solid) {
    // (A step of `real` is 0.125 on both axes: in double, x above 2^49 and y below -2^49.)
    const bool single = std::numeric_limits<real>::digits == 24;
    const double base = single ? 2e6 : std::ldexp(1.0, 49), base_y = single ? 2e6 : 1.5 * std::ldexp(1.0, 49);
    struct Case {
        double origin_x;
        std::vector<std::pair<TileCell, TileShape>> tiles;
        double box[4]; // offsets from (base, -base)
        Vec2 d;
        Response response;
    };
    using S = TileShape;
    const Case cases[] = {
        {2.25,
         {{{2, 4}, S::shallow_ur_high}, {{3, 4}, S::shallow_dl_low}},
         {3.125, 1.5, 3.375, 1.5},
         {real(0.079819142818450928), real(0.032363444566726685)},
         Response::bounce},
        {1.625,
         {{{4, 3}, S::shallow_ur_high}, {{5, 3}, S::shallow_dr_low}},
         {3.875, 1.5, 3.875, 1.5},
         {real(-0.5), real(-0.375)},
         Response::slide},
        {0.625,
         {{{5, 6}, S::solid}, {{4, 7}, S::steep_dr_low}, {{5, 7}, S::steep_ul_low}},
         {2.5, 2.75, 2.625, 2.75},
         {real(0.37000000476837158), real(-0.37000000476837158)},
         Response::slide},
        {2,
         {{{6, 5}, S::slope45_dl}, {{6, 6}, S::shallow_ul_low}, {{7, 6}, S::shallow_dr_high}},
         {4.25, 2.5, 4.25, 2.625},
         {real(0.71125435829162598), real(-0.2745203971862793)},
         Response::slide},
        {2.125,
         {{{6, 3}, S::shallow_ur_low},
          {{7, 3}, S::steep_dr_low},
          {{6, 4}, S::steep_dr_low},
          {{7, 4}, S::steep_dl_high}},
         {5, 1.875, 5.125, 1.875},
         {real(-0.37000000476837158), real(-0.74000000953674316)},
         Response::bounce},
        {2.25,
         {{{0, 1}, S::solid}, {{1, 1}, S::steep_ur_high}, {{1, 2}, S::steep_ul_low}},
         {2.625, 0.375, 2.625, 0.375},
         {real(0.038080662488937378), real(0.84439277648925781)},
         Response::slide},
        {1.625,
         {{{0, 7}, S::solid}, {{1, 7}, S::shallow_dr_low}, {{2, 7}, S::steep_dr_high}, {{1, 8}, S::steep_ur_high}},
         {2.375, 2.875, 2.375, 3},
         {real(2.25), real(-0.375)},
         Response::bounce},
    };
    int index = 0;
    for (const Case& c : cases) {
        BOOST_TEST_CONTEXT("case " << index++) {
            World w = map_world(12, real(0.37), v2(base + c.origin_x, -base_y));
            for (const auto& [cell, shape] : c.tiles) w.set_tile(cell, shape == S::solid ? 1 : kind_of(shape));
            const std::vector<fuzz::OraclePoly> polys = fuzz::oracle_polygons(w.tiles());
            const Aabb a{v2(base + c.box[0], -base_y + c.box[1]), v2(base + c.box[2], -base_y + c.box[3])};
            BOOST_TEST_REQUIRE(a.min.x == real(base + c.box[0]));
            BOOST_TEST_REQUIRE(!fuzz::box_inside(polys, a));
            const CastHit h = w.cast_box(a, c.d);
            BOOST_TEST(fuzz::check_cast_hit(w.tiles(), polys, a, c.d, h).verdict == fuzz::CastCheck::agree);
            const BodyId id = add_mover(w, a);
            MoveOptions o;
            o.response = c.response;
            o.velocity = c.d;
            const MoveResult r = w.move(id, c.d, o);
            Aabb prev = a;
            for (const Contact& k : r.contacts) {
                if (k.started_overlapping || k.response == Response::cross) continue;
                BOOST_TEST(fuzz::leg_ok(polys, prev, k.box));
                prev = k.box;
            }
            BOOST_TEST(fuzz::leg_ok(polys, prev, r.box));
            BOOST_TEST(!fuzz::box_inside(polys, r.box));
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
