#pragma once
// Internal: rule 6 where a slope tile meets other obstacles, for points and planks (junction.hpp
// does it among boxes). At a corner q of a slope's solid part that lies on the mover's path,
// each obstacle whose closed set holds q covers a closed cone of directions from q: a box by its
// sides through q, a slope by its sides and its line through q. A mover may not go on into a
// direction the cones cover together while none covers it alone (a seam: along a floor under a
// ramp's foot, down between a ramp's two pieces), nor pass q when the cones cut the free
// directions on both sides of its line (two ramps' tips touching, a ramp's tip on a box's
// corner). Every test is a sign of a sum of products of `real` differences, exact.

#include <vector>
#include <sweepbox/tile_map.hpp>

#include "narrow/junction.hpp"
#include "broadphase/obstacle.hpp"

namespace sweepbox::detail {

/// The first such stop of `a` (is_thin: a point in any direction, a plank along its own line,
/// its leading end) moved by d in [0, 1), at the corners of the slope tiles `slopes`, with the
/// boxes `solids` around them (gather_solids). Corners at half a tile that are not exactly a
/// `real` are not tested.
[[nodiscard]] JunctionStop first_slope_junction(const TileMap& tiles, const Aabb& a, Vec2 d,
                                                const std::vector<Obstacle>& slopes,
                                                const std::vector<Obstacle>& solids, bool* judged_start = nullptr);

/// The slope tiles that `sel` selects along the whole path of `a` moved by d, touching ones
/// included, leaving out those `a` overlaps when `skip_overlapped` (as gather_solids); none when
/// the map has no slopes. Out of line, in its own file: the moves' walks keep their code.
void gather_slopes(const World& w, const Aabb& a, Vec2 d, const Selector& sel, bool skip_overlapped,
                   std::vector<Obstacle>& out);

/// True when the point q lies inside the solid of the slopes and boxes around it (in one, or on a
/// seam of two) or where they meet with free sides that only q joins (rule 5's rounding keeps a
/// point off such places: settle_thin); with `closed_only`, only when no direction from q is free.
[[nodiscard]] bool unsafe_among_slopes(const TileMap& tiles, Vec2 q, const std::vector<Obstacle>& slopes,
                                       const std::vector<Obstacle>& solids, bool closed_only = false);

/// The point or plank F, the rounded end of a leg from S by d whose exact end is S + end * d, when
/// its corner toward a slope lies on the solid side of the slope's line (on the slope's closed
/// part) and the exact end's does not: moved toward the exact end (not on the flush axis
/// keep_axis) by units of the last place until it does not either: on one axis where that lands
/// clear of every such line and of the boxes `solids` (when given), else on both.
[[nodiscard]] Aabb off_slope_lines(const TileMap& tiles, const Aabb& S, Vec2 d, const StopTime& end, Aabb F,
                                   const std::vector<Obstacle>& slopes, int keep_axis,
                                   const std::vector<Obstacle>* solids = nullptr);

/// The junction stop of `a` moved by d among boxes and slopes: the earlier of box_stop
/// (first_junction's) and first_slope_junction's, the slopes' at a tie (they know both); a point
/// stopped one step before a meeting point inside a slope there is moved back on one axis instead.
[[nodiscard]] JunctionStop with_slopes(const TileMap& tiles, const Aabb& a, Vec2 d, const JunctionStop& box_stop,
                                       const std::vector<Obstacle>& slopes, const std::vector<Obstacle>& solids);

} // namespace sweepbox::detail
