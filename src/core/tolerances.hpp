#pragma once
// Internal: the tolerances of the walks, each with its reason. None of them decides an answer:
// they only widen what a walk looks at (more candidates, which the exact tests then reject) or
// say when a rounded comparison is clear enough to skip the exact one. Times are fractions of
// the path; the rounded times and quotients are within 2^-50 of the exact ones, relative.

#include <sweepbox/config.hpp>

#include "core/wide.hpp"

namespace sweepbox::detail::tol {

/// A rounded time or quotient comparison is taken as clear beyond this, relative: ten times the
/// 2^-50 by which each side may be off.
inline constexpr wide clear_rel = wide(1e-14);

/// A walk stops once the best hit is this far before every obstacle not yet visited, and looks
/// for bodies this far past it: far above the rounding of times, so an obstacle that the exact
/// order ranks first is never left out.
inline constexpr wide walk_slack = wide(1e-6);

/// The growth of a swept box on each side, relative to its coordinates and motion, so that
/// rounding its corners never loses an obstacle at its border.
inline constexpr wide box_margin_rel = wide(1e-6);

/// The absolute floor of the margins, so that a box at coordinate 0 still grows.
inline constexpr wide margin_floor = wide(1e-30);

/// The padding of a tile span at a leading-edge crossing, relative to the coordinates and the
/// motion: above the rounding of the crossing's position (a few ulps of `wide`).
inline constexpr wide span_pad_rel = wide(1e-12);

/// The margin, in tiles, added to the rounding of a map's edges, so that a bound that lands
/// exactly on a tile edge still counts the tile that ends there.
inline constexpr wide edge_margin_tiles = wide(1e-9);

/// A time this far past the end of the path (1) is certainly after it.
inline constexpr wide end_slack = wide(1e-9);

/// The clear-miss test of the sweep's estimate, relative to the times compared.
inline constexpr wide miss_margin_rel = wide(1e-12);

/// A slab time rounded to `real` is checked exactly when its quotient lies this close,
/// relative, to a midpoint between two `real`s (2^-40: far above the quotient's 2^-50 error).
inline constexpr wide midpoint_near_rel = wide(1) / wide(1ull << 40);

/// The growth, relative to its coordinates, of the box that holds a leg's path for the sensors'
/// broad phase past its rounded end (2^-40: far above the rounding of `wide`).
inline constexpr wide path_reach_rel = wide(1) / wide(1ull << 40);

/// The most steps of one unit in the last place that a slope's rounding fix takes: rounding is
/// settled in a few, and where it is not (near the smallest `real`s) the caller falls back.
inline constexpr int max_ulp_steps = 64;

} // namespace sweepbox::detail::tol
