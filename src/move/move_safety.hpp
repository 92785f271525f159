#pragma once
// Internal: rule 6 and 7 as the last line of World::move (move_safety.cpp), and the quick test
// that lets the usual leg skip it.

#include <vector>
#include <sweepbox/world.hpp>

#include "broadphase/body_filter.hpp"
#include "broadphase/obstacle.hpp"
#include "core/compiler.hpp"
#include "move/move_support.hpp"

namespace sweepbox::detail {

/// Rule 6 and 7 as a last line: F may not overlap a blocking obstacle that S did not overlap,
/// may not have crossed a thin one, and may not deepen an overlap S had. Violations are clamped
/// toward S on one axis; when that does not settle, the body stays at S. s_thin: S has zero
/// extent on an axis (else no thin crossing). Returns the settled end box.
Aabb settle_violations(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S, Vec2 d,
                       real t_end, Aabb F, const std::vector<Obstacle>& candidates, bool s_thin);

#if SWEEPBOX_SSE
// overlaps(a, b) for float boxes in one vector compare: (b.min, -b.max) < (a.max, -a.min) on every
// lane (finite boxes, so no lane is NaN).
struct OverlapLanes {
    __m128 v;
    explicit OverlapLanes(const Aabb& a) : v(reach_lanes(a).v) {} // the same lanes
};
inline __m128 obstacle_lanes(const Aabb& b) {
    return _mm_xor_ps(_mm_loadu_ps(&b.min.x), _mm_setr_ps(0.0f, 0.0f, -0.0f, -0.0f));
}
inline bool overlaps(const OverlapLanes& a, __m128 b) { return _mm_movemask_ps(_mm_cmplt_ps(b, a.v)) == 15; }
#else
struct OverlapLanes {
    Aabb box;
    explicit OverlapLanes(const Aabb& a) : box(a) {}
};
inline const Aabb& obstacle_lanes(const Aabb& b) { return b; }
inline bool overlaps(const OverlapLanes& a, const Aabb& b) { return ::sweepbox::overlaps(a.box, b); }
#endif

// True when make_safe has nothing to do for any candidate (the usual case): none is one-way and
// none overlaps S or F. make_safe's first pass then changes nothing, whatever the order.
SWEEPBOX_FORCE_INLINE bool nothing_to_check(const Aabb& S, const Aabb& F, const std::vector<Obstacle>& candidates) {
    const OverlapLanes s(S), f(F);
    for (const Obstacle& ob : candidates) {
        const auto b = obstacle_lanes(ob.box);
        const bool in_s = overlaps(s, b), in_f = overlaps(f, b);
        if (ob.special | in_s | in_f) return false;
    }
    return true;
}

/// Rule 6 and 7 as a last line (settle_violations, out of line), after the usual case is found
/// to have nothing to check. Inline: every leg of every move takes it.
SWEEPBOX_FORCE_INLINE Aabb make_safe(const World& w, BodyId self, const MoveOptions& o, const Selector& sel,
                                     const Aabb& S, Vec2 d, real t_end, Aabb F, const std::vector<Obstacle>& candidates,
                                     bool s_thin) {
    if (!s_thin && nothing_to_check(S, F, candidates)) return F;
    return settle_violations(w, self, o, sel, S, d, t_end, F, candidates, s_thin);
}

} // namespace sweepbox::detail
