#pragma once
// Internal: the three slabs of a box swept against a slope tile's solid part (slope.cpp), each
// entry and exit time a fraction num / den kept exactly (expansion.hpp). The polygon's extent on
// x and y is the cell's, but for a half-height piece (a triangle half as tall or as wide as its
// cell) whose near end on that axis is its tip: the point where the line crosses the cell's side,
// exact whatever the tile edges (the line's value h at the box's edge, taken at the tip's side).

#include <cstdint>
#include <sweepbox/geometry.hpp>

#include "core/wide.hpp"
#include "geometry/expansion.hpp"
#include "tiles/slope.hpp"

namespace sweepbox::detail {

using SlabNum = Terms<16>;
using SlabDen = Terms<8>;

/// One separating axis of a sweep: entry and exit at num / den (den > 0), or the whole line
/// (not moving along it and overlapping), or never.
struct SlabTime {
    enum Kind : unsigned char { moving, always, never } kind = never;
    SlabNum enter, exit;
    SlabDen den;
};

template <int N> SlabNum widen(const Terms<N>& t) {
    static_assert(N <= 16);
    SlabNum r;
    for (int i = 0; i < t.n; ++i) r.v[r.n++] = t.v[i];
    return r;
}
template <int N> SlabDen widen_den(const Terms<N>& t) {
    static_assert(N <= 8);
    SlabDen r;
    for (int i = 0; i < t.n; ++i) r.v[r.n++] = t.v[i];
    return r;
}

/// A*(x1 - x0) + B*(y1 - y0), exactly.
inline SlabNum along_normal(const SlopeTile& s, real x1, real x0, real y1, real y0) {
    return terms(s.A) * terms(exact_diff(x1, x0)) + terms(s.B) * terms(exact_diff(y1, y0));
}

/// w . d, exactly.
inline SlabDen normal_dot(const SlopeTile& s, Vec2 d) {
    return terms(s.A) * terms(wide(d.x)) + terms(s.B) * terms(wide(d.y));
}

/// The box's corners deepest and least deep along w, and the polygon's deepest (a corner of the
/// cell, the sides' corner).
struct Corners {
    Vec2 lead, trail, far;
};
inline Corners corners(const Aabb& a, const SlopeTile& s) {
    Corners c;
    c.lead = {s.sx > 0 ? a.max.x : a.min.x, s.sy > 0 ? a.max.y : a.min.y};
    c.trail = {s.sx > 0 ? a.min.x : a.max.x, s.sy > 0 ? a.min.y : a.max.y};
    c.far = {s.sx > 0 ? s.cell.max.x : s.cell.min.x, s.sy > 0 ? s.cell.max.y : s.cell.min.y};
    return c;
}

/// The slab of one axis of two boxes (as geometry.cpp's, with exact numerators).
SlabTime axis_slab(real a_min, real a_max, real d, real b_min, real b_max);

/// The slab of the line's normal: the box's extent along w is [h(trail), h(lead)], the
/// polygon's [0, h(far)] (h(X) = w . (X - p)); wd_sign is the sign of w . d.
SlabTime normal_slab(const Aabb& a, Vec2 d, const SlopeTile& s, int& wd_sign);

/// side_slab on the tip's axis of a tip that is no `real` (out of line: rare).
SlabTime tip_slab(const Aabb& a, Vec2 d, const SlopeTile& s);

/// The slab of axis k against the polygon's extent on it.
inline SlabTime side_slab(const Aabb& a, Vec2 d, const SlopeTile& s, int k) {
    if (k != s.tip) return axis_slab(a.min[k], a.max[k], d[k], s.cell.min[k], s.cell.max[k]);
    if (!s.tip_real) return tip_slab(a, d, s);
    const bool up = (k == 0 ? s.sx : s.sy) > 0; // the far side is the max
    return axis_slab(a.min[k], a.max[k], d[k], up ? s.tip_at : s.cell.min[k], up ? s.cell.max[k] : s.tip_at);
}

/// h at the tip's side (the cell's far side on the other axis) and coordinate e on the tip's
/// axis: positive exactly when e lies beyond the tip, toward the solid part.
inline SlabNum tip_side(const SlopeTile& s, real e) {
    const int k = s.tip;
    const real far_j = k == 0 ? (s.sy > 0 ? s.cell.max.y : s.cell.min.y) : (s.sx > 0 ? s.cell.max.x : s.cell.min.x);
    return k == 0 ? along_normal(s, e, s.p.x, far_j, s.p.y) : along_normal(s, far_j, s.p.x, e, s.p.y);
}

/// True when the box's extent on axis k and the polygon's overlap (open intervals), or meet
/// (closed).
bool side_holds(const Aabb& a, const SlopeTile& s, int k, bool closed);

/// The entry time num / den correctly rounded to `real` (+0 for 0, below 1).
real to_time(const SlabTime& s);

/// x + (enter / den) * d, the position at the slab's entry (t: enter / den in wide): x + t * d
/// when x and the motion do not cancel, else from the numerator x * den + enter * d summed
/// exactly (a contact at t ~ 1 that lands near 0, as exact.hpp's `along`).
wide along_slab(real x, const SlabTime& s, wide t, real d);

/// The sign of p / q - r / s.
inline int compare_times(const SlabNum& p, const SlabDen& q, const SlabNum& r, const SlabDen& s) {
    return compare(p, q, r, s);
}

/// The tip's coordinate on its axis, the `real` on the free side of it nearest to it (the tip
/// itself when it is a `real`).
real tip_free(const SlopeTile& s);

} // namespace sweepbox::detail
