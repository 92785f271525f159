#pragma once
// Internal: what a cast's files share (cast.cpp, cast_all.cpp): the check of its input, the
// contact box and point of a hit (finish), the best hit so far by rule 4, and a point's or
// plank's junction stop as a hit.

#include <sweepbox/world.hpp>

#include <algorithm>

#include "core/compiler.hpp"
#include "core/wide.hpp"
#include "geometry/sweep.hpp"
#include "narrow/junction.hpp"
#include "narrow/narrow_phase.hpp"
#include "narrow/ranking.hpp"

namespace sweepbox::detail {

/// Throws the Error that names what is wrong with a cast's input (the slow half of require_cast).
[[gnu::noinline]] void explain_bad_cast(const char* where, const Aabb& box, Vec2 delta);

SWEEPBOX_FORCE_INLINE void require_cast(const char* where, const Aabb& box, Vec2 delta) {
    // The usual case in a few operations: v - v is 0 exactly for a finite v and NaN otherwise;
    // a finite size of the moved box means finite edges, and by a finite delta a finite box. A
    // box wider or taller than the finite range would meet a body as wide at a point of infinite
    // coordinate (the middle of the touching faces).
    const Aabb moved = box.translated(delta);
    const real w = moved.max.x - moved.min.x, h = moved.max.y - moved.min.y;
    const real z = ((delta.x - delta.x) + (delta.y - delta.y)) + ((w - w) + (h - h));
    if (!(z == 0 && box.min.x <= box.max.x && box.min.y <= box.max.y && moved.min.x <= moved.max.x &&
          moved.min.y <= moved.max.y))
        explain_bad_cast(where, box, delta);
}

// contact_point of the contact box c on obstacle's face of axis k (normal sign neg ? -1 : +1),
// without its general cases: on the face, and the middle of the overlap of c and the obstacle
// on the other axis (empty or one point for a ray).
template <int k> SWEEPBOX_FORCE_INLINE Vec2 face_point(const Aabb& c, const Aabb& obstacle, bool neg) {
    constexpr int j = 1 - k;
    Vec2 p;
    p[k] = neg ? obstacle.min[k] : obstacle.max[k];
    const real lo = std::max(c.min[j], obstacle.min[j]), hi = std::min(c.max[j], obstacle.max[j]);
    p[j] = lo + (hi - lo) / 2;
    return p;
}

// finish for a ray (a zero-size box) that hit a face of a box with extent on that axis, not
// started inside: the same numbers as contact_box and contact_point, without their general
// cases (the contact is on the face on the normal's axis and at origin + t * d on the other).
template <int k> SWEEPBOX_FORCE_INLINE void finish_ray_on(Vec2 o, Vec2 d, const Aabb& obstacle, CastHit& h) {
    constexpr int j = 1 - k;
    const bool neg = h.normal[k] < 0;
    wide den;
    const detail::Exact num = detail::entry_num_on<k>(Aabb{o, o}, d, obstacle, neg, den);
    Vec2 p;
    p[k] = neg ? obstacle.min[k] : obstacle.max[k];
    p[j] = detail::sign(num) > 0 ? real(detail::along(o[j], num, den, d[j])) : o[j];
    const Aabb c{p, p};
    h.box = c;
    h.point = face_point<k>(c, obstacle, neg);
}

// finish for a hit on a face of axis k, not started inside: contact_box, then face_point.
template <int k> SWEEPBOX_FORCE_INLINE void finish_on(const Aabb& box, Vec2 d, const Aabb& obstacle, CastHit& h) {
    const bool neg = h.normal[k] < 0;
    h.box = detail::contact_box_on<k>(box, d, obstacle, neg);
    h.point = face_point<k>(h.box, obstacle, neg);
}

/// finish for a hit on a slope tile's face, or on a side of a slope tile (whose solid part may
/// be only a part of the side).
[[gnu::noinline]] void finish_slope(const TileMap& tiles, const Aabb& box, Vec2 d, CastHit& h);

// The contact box and point of a hit (h holds its time, normal and start; `slope`: the obstacle
// is a slope tile). Inline: a call spills and reloads at the end of every hit.
SWEEPBOX_FORCE_INLINE void finish(const TileMap& tiles, const Aabb& box, Vec2 d, const Aabb& obstacle, bool slope,
                                  CastHit& h) {
    if (slope) [[unlikely]]
        return finish_slope(tiles, box, d, h);
    if (box.min == box.max && !h.started_overlapping) {
        if (h.normal.y == 0 && obstacle.min.x != obstacle.max.x) return finish_ray_on<0>(box.min, d, obstacle, h);
        if (h.normal.x == 0 && obstacle.min.y != obstacle.max.y) return finish_ray_on<1>(box.min, d, obstacle, h);
    }
    if (!h.started_overlapping) {
        // A hit's normal lies along one axis (axis_normal in geometry.cpp).
        if (h.normal.y == 0) return finish_on<0>(box, d, obstacle, h);
        return finish_on<1>(box, d, obstacle, h);
    }
    h.box = box;
    h.point = ::sweepbox::contact_point(box, obstacle, h.normal);
}

// The best contact of a cast so far, as rule 4 ranks it; the CastHit is made once, at the end.
// Kept as separate members rather than a Sweep: a Sweep built field by field and then copied
// whole is a wide load of narrow stores just made, which a store buffer does not forward.
struct Best {
    bool any = false;
    bool corner = false;
    bool started = false;
    bool slope = false; // the obstacle is a slope tile
    real time = 1;
    Vec2 normal{0, 0};
    Aabb box{};
    Other other{};

    // The time the walks stop by: the best's, or above 1 when there is none.
    [[nodiscard]] real stop_time() const { return any ? time : no_hit_yet; }
};

// Keeps the obstacle with this box in b if its contact ranks before b's (rule 4).
SWEEPBOX_FORCE_INLINE void take(Best& b, const TileMap& tiles, const Aabb& box, Vec2 delta, const Sweep& sw,
                                const Aabb& ob_box, const Other& other, bool slope = false) {
    if (sw.state == SweepState::miss) return;
    const bool started = sw.state == SweepState::started_overlapping;
    const real time = started ? real(0) : sw.time;
    if (b.any && (time > b.time ||
                  (time == b.time &&
                   !detail::ranks_before(tiles, box, delta, {time, started, sw.corner, sw.normal, &ob_box, other},
                                         {b.time, b.started, b.corner, b.normal, &b.box, b.other}))))
        return;
    b.any = true;
    b.time = time;
    // (Component by component: the sweep stores its normal in pieces; see packed_cell.)
    b.normal.x = sw.normal.x;
    b.normal.y = sw.normal.y;
    b.corner = sw.corner;
    b.started = started;
    b.box = ob_box;
    b.other = other;
    b.slope = slope;
}

/// The first junction stop (junction.hpp) of a cast of a point or plank.
JunctionStop junction_of(const World& w, const Selector& sel, const Aabb& box, Vec2 delta);

/// The cast's hit that is the junction stop js.
void junction_hit(const JunctionStop& js, CastHit& h);

/// A cast that also sees sensors (QueryFilter::sensors): the obstacles' answer, then each sensor
/// met as a lone box (every face enterable, no seams, no junctions) ranked against it by rule 4.
/// Out of line: the usual cast pays one test of the flag.
[[gnu::noinline]] CastHit cast_sensing(const World& w, const char* where, const Aabb& box, Vec2 delta,
                                       const QueryFilter& filter);

} // namespace sweepbox::detail
