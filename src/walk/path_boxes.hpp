#pragma once
// Internal: the boxes a path sweeps (the whole trip, its sub-boxes along the primary axis) and
// the walk over the sub-boxes.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <sweepbox/geometry.hpp>

#include "core/compiler.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"

namespace sweepbox::detail {

/// The box swept by `start` between times ta and tb of displacement d, grown a little so that
/// rounding never loses an obstacle at its border.
SWEEPBOX_FORCE_INLINE Aabb swept_part(const Aabb& start, Vec2 d, wide ta, wide tb) {
    Aabb out;
    for (int k = 0; k < 2; ++k) {
        const wide p0 = ta * wide(d[k]), p1 = tb * wide(d[k]);
        // (adding the same number keeps the order: the same as the min and max of the sums)
        const wide lo = wide(start.min[k]) + std::min(p0, p1), hi = wide(start.max[k]) + std::max(p0, p1);
        const wide margin = (std::fabs(lo) + std::fabs(hi)) * tol::box_margin_rel + tol::margin_floor;
        out.min[k] = real(lo - margin);
        out.max[k] = real(hi + margin);
    }
    return out;
}

/// The box swept by `start` between times 0 and h <= 1 of displacement d, grown a little: as
/// swept_part(start, d, 0, h), with a margin that does not wait for the box's ends (it bounds
/// theirs from start and d alone, so it is at least as wide), which shortens the chain of
/// dependent operations from the best hit to the bodies' cells.
SWEEPBOX_FORCE_INLINE Aabb trip_box(const Aabb& start, Vec2 d, wide h) {
    Aabb out;
#if SWEEPBOX_SSE
    // Both axes at once, in double lanes: the same operations in the same order as the loop
    // of the #else branch, so the same bits (min and max of p against 0 may differ in the sign of a zero
    // only, which adding the nonzero margin erases).
    const __m128 box = _mm_loadu_ps(&start.min.x); // min.x, min.y, max.x, max.y
    const __m128d lo = _mm_cvtps_pd(box);
    const __m128d hi = _mm_cvtps_pd(_mm_movehl_ps(box, box));
    const __m128d dk = _mm_cvtps_pd(_mm_castpd_ps(_mm_load_sd(reinterpret_cast<const double*>(&d.x))));
    const __m128d p = _mm_mul_pd(_mm_set1_pd(h), dk);
    const __m128d abs_mask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffll));
    const __m128d abs_d = _mm_and_pd(dk, abs_mask);
    const __m128d sum = _mm_add_pd(_mm_add_pd(_mm_and_pd(lo, abs_mask), _mm_and_pd(hi, abs_mask)),
                                   _mm_add_pd(abs_d, abs_d));
    const __m128d margin = _mm_add_pd(_mm_mul_pd(sum, _mm_set1_pd(tol::box_margin_rel)),
                                      _mm_set1_pd(tol::margin_floor));
    const __m128d zero = _mm_setzero_pd();
    const __m128 out_lo = _mm_cvtpd_ps(_mm_add_pd(lo, _mm_sub_pd(_mm_min_pd(p, zero), margin)));
    const __m128 out_hi = _mm_cvtpd_ps(_mm_add_pd(hi, _mm_add_pd(_mm_max_pd(p, zero), margin)));
    // One 16-byte store: the callers read the box back with 16-byte loads (cells_of, reach_lanes),
    // which a store buffer forwards from one store but not from two 8-byte halves just made.
    _mm_storeu_ps(&out.min.x, _mm_movelh_ps(out_lo, out_hi));
#else
    for (int k = 0; k < 2; ++k) {
        const wide dk = wide(d[k]), p = h * dk;
        const wide margin = (std::fabs(wide(start.min[k])) + std::fabs(wide(start.max[k])) + 2 * std::fabs(dk)) *
                                tol::box_margin_rel +
                            tol::margin_floor;
        out.min[k] = real(wide(start.min[k]) + (std::min(p, wide(0)) - margin));
        out.max[k] = real(wide(start.max[k]) + (std::max(p, wide(0)) + margin));
    }
#endif
    return out;
}

/// The zero-size box at p, written with one 16-byte store: the walks read a box back with
/// 16-byte loads (SweepQuery's copy, trip_box), which a store buffer hands over from one store
/// but not from two 8-byte halves just made.
SWEEPBOX_FORCE_INLINE Aabb point_box(Vec2 p) {
#if SWEEPBOX_SSE
    Aabb b;
    const __m128 v = _mm_castpd_ps(_mm_load_sd(reinterpret_cast<const double*>(&p.x)));
    _mm_storeu_ps(&b.min.x, _mm_movelh_ps(v, v));
    return b;
#else
    return {p, p};
#endif
}

/// The slabs: the interval [lo, hi] of t in [0, 1] in which the closed box `start` moved by t*d
/// meets the closed box `area`, in rounded quotients; false when it never does.
inline bool slab_interval(const Aabb& start, Vec2 d, const Aabb& area, wide& lo, wide& hi) {
    lo = 0;
    hi = 1;
    for (int k = 0; k < 2; ++k) {
        if (d[k] == 0) {
            if (start.max[k] < area.min[k] || area.max[k] < start.min[k]) return false;
            continue;
        }
        wide t0 = (wide(area.min[k]) - wide(start.max[k])) / wide(d[k]);
        wide t1 = (wide(area.max[k]) - wide(start.min[k])) / wide(d[k]);
        if (t0 > t1) std::swap(t0, t1);
        lo = std::max(lo, t0);
        hi = std::min(hi, t1);
    }
    return lo <= hi;
}

/// slab_interval grown by the rounding slack, so that a walk over `area` misses no part of it.
inline bool time_in(const Aabb& start, Vec2 d, const Aabb& area, real pad, wide& lo, wide& hi) {
    if (!slab_interval(start, d, area, lo, hi)) return false;
    // Rounding slack: a relative part, and `pad` units of path (a fixed fraction of a huge trip
    // would make a long walk of a small area).
    const wide len = std::max(std::fabs(wide(d.x)), std::fabs(wide(d.y)));
    const wide slack = tol::end_slack + (len > 0 ? wide(pad) / len : wide(0));
    lo = std::max(wide(0), lo - slack - std::fabs(lo) * tol::end_slack);
    hi = std::min(wide(1), hi + slack + std::fabs(hi) * tol::end_slack);
    return true;
}

/// Walks [t_lo, t_hi] of the path in sub-boxes `step` long along the primary axis, in path order.
/// query(sub_box, t_end) returns true to stop early. Falls back to one pass over the whole
/// range when the walk would take more than max_parts sub-boxes.
template <class Q>
void walk_parts(const Aabb& start, Vec2 d, real step, wide t_lo, wide t_hi, std::int64_t max_parts, Q&& query) {
    const int p = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1;
    const wide len = std::fabs(wide(d[p])) * (t_hi - t_lo);
    wide parts = std::ceil(len / wide(step));
    if (!(parts >= 1)) parts = 1;
    if (parts > wide(max_parts)) parts = 1;
    const std::int64_t n = std::int64_t(parts);
    // Each part ends where the next begins (the same expression), the last at t_hi exactly.
    const wide dt = (t_hi - t_lo) / wide(n);
    wide ta = t_lo;
    for (std::int64_t k = 0; k < n; ++k) {
        const wide tb = (k + 1 == n) ? t_hi : t_lo + dt * wide(k + 1);
        if (query(swept_part(start, d, ta, tb), tb)) return;
        ta = tb;
    }
}

} // namespace sweepbox::detail
