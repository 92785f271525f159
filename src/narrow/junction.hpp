#pragma once
// Internal: rule 6 where obstacles meet, for movers with zero extent on an axis (points and
// planks). Two touching obstacles form one solid, but a point or a zero-thickness plank that
// travels along the seam between them never overlaps the interior of either, and a point that
// passes exactly through the meeting point of two obstacles (the corner of two thin walls, two
// tiles touching diagonally, a thin wall standing on a floor) touches both without entering
// either. The slabs cannot see either case: they look at one obstacle at a time. These
// functions look at the few obstacles around such a point together.
//
// The neighbourhood of a point q among axis-aligned closed boxes that contain q has nine pieces:
// q, four open quadrants and four open half-lines (rays) from q along the axes. A box covers a
// quadrant when it extends beyond q on both of its axes, a ray when it extends beyond q along
// it. Free quadrants are joined through uncovered rays; a covered ray with a free quadrant
// beside it is a surface of that quadrant; a covered ray between two covered quadrants is a
// seam (inside solid). A point arriving at q from the piece behind it may go on into the piece
// ahead only when that piece is free and joined to the one behind; otherwise it stops there.
// A point on a zero-thickness wall belongs to both sides of it: it goes on only where both do.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

#include "core/wide.hpp"
#include "geometry/exact.hpp"
#include "geometry/expansion.hpp"
#include "broadphase/obstacle.hpp"
#include "narrow/ranking.hpp"
#include "walk/path_boxes.hpp"
#include "walk/walk_path.hpp"
#include "geometry/sweep.hpp"

namespace sweepbox::detail {

/// The exact time num / den (den > 0) of a stop at a point that is not a `real`: a slope's vertex
/// where its line crosses a side of its cell, on a map whose tile edges are rounded.
struct StopTime {
    Terms<16> num;
    Terms<8> den;
};

/// Where a zero-extent mover stops at a junction: before its path enters a seam (the leading
/// point flush at the seam's end, normal against the motion) or passes a meeting point it may
/// not pass (one step of `real` before it, on the side it came from).
struct JunctionStop {
    bool any = false;
    bool corner = false; ///< a diagonal path stopped at a meeting point
    Diff num{};          ///< the exact time of the stop is num / den (num >= 0), unless `exact`
    wide den = 1;
    std::optional<StopTime> exact; ///< the exact time when the meeting point is not a `real`
    real time = 0;                 ///< num / den rounded, in [0, 1)
    Vec2 normal{0, 0};             ///< against the motion, on the axis of the face entered
    Vec2 point{0, 0};              ///< the junction point
    Aabb box{};                    ///< the mover's box at the stop
    Obstacle ob{};                 ///< the lowest-ranked obstacle at the junction
};

/// True when `a` has zero extent on some axis (the movers this file is for).
inline bool is_thin(const Aabb& a) { return a.min.x == a.max.x || a.min.y == a.max.y; }

/// The first junction stop of `a` (is_thin) moved by d in [0, 1) among `solids` (the blocking
/// obstacles near the path; duplicates are harmless). A plank is tested only when it moves
/// along its own line (its leading end, with the plank behind it); a point in every direction.
/// A point that starts on a meeting point could be on any side of it: it goes on only into a
/// piece joined to every side (a point on a zero-thickness wall may slide along it, not leave
/// it); a plank knows its side.
/// `skip_start`: a point's start is judged elsewhere (where a slope holds it: with_slopes).
[[nodiscard]] JunctionStop first_junction(const Aabb& a, Vec2 d, const std::vector<Obstacle>& solids,
                                          bool skip_start = false);

/// first_junction's answer for a point `a` moved by d along one axis (d != 0 on that axis, 0 on
/// the other) when it stops at its start, at time 0 (entering a seam there or at a meeting point
/// it may not leave that way); `any` is false when the start does not stop it (first_junction
/// then looks further along the path). Cheaper: no events along the path are gathered.
[[nodiscard]] JunctionStop junction_at_start(const Aabb& a, Vec2 d, const std::vector<Obstacle>& solids);

/// The stop's exact time.
[[nodiscard]] StopTime stop_time(const JunctionStop& j);
/// The sign of x's time minus y's, exactly.
[[nodiscard]] int compare_stops(const JunctionStop& x, const JunctionStop& y);

/// The exact time of a hit of `a` moved by d on `b` with normal n (not started inside); on the
/// slope tile `slope` when given (its face or side).
[[nodiscard]] StopTime hit_time(const Aabb& a, Vec2 d, const Aabb& b, Vec2 n, const SlopeTile* slope);

/// True when the stop comes strictly before a hit of `a` moved by d on `b` with normal n (not
/// started inside) at `time`: exactly, on the numerators; a hit on the slope tile `slope` (when
/// given) on its exact face or side (else a slope's face on the rounded times).
[[nodiscard]] bool stops_before(const JunctionStop& j, const Aabb& a, Vec2 d, const Aabb& b, Vec2 n, real time,
                                const SlopeTile* slope = nullptr);

/// Rule 5's rounding for a thin body: the end box F of a leg from S by d, rounded onto a line
/// that the leg did not contact, is moved one step of `real` toward where the exact position
/// is (back toward S, or ahead where the motion on that axis was lost to rounding). The lines:
/// that of a zero-thickness obstacle F lies on (then the body would be on neither side), and a
/// meeting point of obstacles that a point comes to rest on (then it would be on every side).
/// keep_axis (0, 1, or -1 for none): the axis of the contact's normal; the body stays flush on
/// it (moved on the other axis only, or not at all when that does not settle it).
/// `end`: the exact time of the end on the leg (its exact position is S + end * d), which a point
/// is moved toward (without it, toward S or, where the motion was lost, ahead); `slopes`: the
/// slope tiles near the end, whose seams and meeting points count too (slope_junction.hpp).
struct SlopeView {
    const TileMap* tiles = nullptr;
    const std::vector<Obstacle>* slopes = nullptr;
};
[[nodiscard]] Aabb settle_thin(const Aabb& S, Vec2 d, const Aabb& F, const std::vector<Obstacle>& solids, int keep_axis,
                               const StopTime* end = nullptr, SlopeView slopes = {});

/// A box holding the whole path of `a` moved by d, a step of `real` wider on every side than its
/// rounded ends: the junction tests gather what meets it, so that a walk and a reference world's
/// visit of everything gather the same obstacles.
inline Aabb closed_path_box(const Aabb& a, Vec2 d) {
    constexpr real inf = std::numeric_limits<real>::infinity();
    Aabb p;
    for (int k = 0; k < 2; ++k) {
        p.min[k] = std::nextafter(std::min(a.min[k], real(a.min[k] + d[k])), -inf);
        p.max[k] = std::nextafter(std::max(a.max[k], real(a.max[k] + d[k])), inf);
    }
    return p;
}

/// What the junction tests gather: an obstacle whose closed box the closed path of `a` moved by d
/// meets (in the slabs' rounded quotients), and that meets the path's box. A walk visits every
/// such obstacle (its parts are wider than any rounding here) and a reference world visits all,
/// so both gather the same; the path's box alone would let a reference world gather tiles far off
/// a diagonal path, or a step beside its start, that a walk never sees.
struct PathNear {
    Aabb a;
    Vec2 d;
    Aabb box;
    PathNear(const Aabb& a_, Vec2 d_) : a(a_), d(d_), box(closed_path_box(a_, d_)) {}
    [[nodiscard]] bool meets(const Aabb& b) const {
        wide lo, hi;
        return intersects_closed(b, box) && slab_interval(a, d, b, lo, hi);
    }
};

/// Gathers the obstacles that `sel` selects along the whole path of `a` moved by d, touching
/// ones included, that `blocks(ob)` says block. One-way and slope tiles never take part (the
/// slopes' junctions: slope_junction.hpp). A move leaves out the obstacles `a` overlaps at its
/// start (`skip_overlapped`: rule 7 decides about those); a cast starting inside one reports
/// that obstacle first anyway.
template <class Blocks>
void gather_solids(const World& w, const Aabb& a, Vec2 d, const Selector& sel, std::vector<Obstacle>& out,
                   bool skip_overlapped, Blocks&& blocks) {
    out.clear();
    const PathNear path(a, d);
    auto visit = [&](const Obstacle& ob) {
        if (ob.special || !path.meets(ob.box) || (skip_overlapped && overlaps(a, ob.box)) || !blocks(ob)) return;
        out.push_back(ob);
    };
    walk_path(
        w, a, d, sel, visit, [] { return no_hit_yet; }, true);
}

} // namespace sweepbox::detail
