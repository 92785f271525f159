#pragma once
// Internal: the corners of a slope tile's solid part, exactly. A corner on the line halfway along
// a side of the cell is where the line (through two lattice corners) crosses that side: the
// middle of the side when the tile edges are evenly spaced, else a rational point between two
// `real`s. Such a point is kept as (x / w, y / w) with sums of products of `real` differences
// (expansion.hpp), and every test on it (which side of a line, of a box's side, on a path) is a
// sign, exactly.

#include <sweepbox/geometry.hpp>

#include "geometry/expansion.hpp"
#include "tiles/slope.hpp"

namespace sweepbox::detail {

/// A point (x / w, y / w) with w > 0, exactly.
struct HPoint {
    Terms<12> x, y;
    Terms<2> w;
    bool real_point = true; ///< x / w and y / w are `real`s (then w is 1)
};

/// The point q, a `real` one.
HPoint hpoint(Vec2 q);

/// The corners of the tile's solid part, in order around it (3 or 4; slope_polygon's order).
int slope_vertices(const SlopeTile& s, HPoint (&out)[4]);

/// The sign of q's coordinate on axis k minus c.
int coord_sign(const HPoint& q, int k, real c);

/// The sign of h(q) = w . (q - p) for the slope's line: positive on the solid side.
int line_side(const SlopeTile& s, const HPoint& q);

/// True when the closed solid part holds q.
bool slope_holds(const SlopeTile& s, const HPoint& q);

/// True when the closed box holds q.
bool box_holds(const Aabb& b, const HPoint& q);

/// q's coordinate on axis k: the nearest `real` (toward == 0), or the nearest on the side of
/// `toward` (+1: at or above it, -1: at or below it).
real coord_of(const HPoint& q, int k, int toward = 0);

/// The sign of m . (c - q), exactly.
int offset_sign(const Exact& mx, const Exact& my, Vec2 c, const HPoint& q);

/// True when q lies on the line through p along d (d not zero).
bool on_path(const HPoint& q, Vec2 p, Vec2 d);

/// The time t at which p + t d reaches q (on_path), measured on axis m (d[m] != 0), as
/// num / den with den > 0.
void path_time(const HPoint& q, Vec2 p, Vec2 d, int m, Terms<16>& num, Terms<4>& den);

} // namespace sweepbox::detail
