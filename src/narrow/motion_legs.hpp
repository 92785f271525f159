#pragma once
// Internal: the bodies' motion of the frame as legs with their frame times (docs/contract.md,
// "Moving targets", T1), and one leg met by a box moving over a part of the frame (T2): the
// relative sweep that casts and moves against motion share.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>
#include <sweepbox/world.hpp>

#include "broadphase/obstacle.hpp"

namespace sweepbox::detail {

/// One leg of a body's motion: its box goes from `from` to `to` over the frame times [t0, t1].
struct MotionLeg {
    Aabb from{}, to{};
    double t0 = 0, t1 = 1;
};

/// True when body `index` has a motion this frame.
inline bool is_moving(const World& w, std::uint32_t index) {
    const auto& m = WorldAccess::frame_motion(w);
    return index < m.size() && m[index].first != 0;
}

/// Calls f(MotionLeg) for each leg of body `index`'s motion, in order. A leg takes the part of
/// the frame proportional to its length; the last ends at 1 exactly.
template <class F> void for_each_leg(const World& w, std::uint32_t index, F&& f) {
    const auto& legs = WorldAccess::frame_legs(w);
    const auto& m = WorldAccess::frame_motion(w)[index];
    for (std::uint32_t at = m.first; at != 0; at = legs[at - 1].next) {
        const auto& l = legs[at - 1];
        const double t1 = l.next == 0 ? 1.0 : (l.start + l.length) / m.length;
        f(MotionLeg{l.from, l.to, l.start / m.length, t1});
    }
}

/// The box of a leg at frame time t (clamped to the leg), each coordinate rounded once.
Aabb leg_box_at(const MotionLeg& leg, double t);

/// A box moved by `delta` over the frame times [t0, t1] against one leg, over the part of the
/// frame they share, [a, b]: the box at a moved back by where the body was then (relative to the
/// leg's start box), `rel` the box's displacement over the part minus the leg's, and their sweep
/// against the leg's start box (T2). With t0 == t1 the box stands at t0.
struct LegSweep {
    double a = 0, b = 0;
    Aabb r{};
    Vec2 rel{0, 0};
    Sweep sweep{};
};
/// False when the two do not share a part of the frame.
bool sweep_leg(const MotionLeg& leg, const Aabb& box, Vec2 delta, double t0, double t1, LegSweep& out);

/// Throws Error unless 0 <= t0 <= t1 <= 1 (`where`: the call): a cast's or move's frame times.
void require_frame_times(const char* where, real t0, real t1);

/// The frame time of fraction s of a cast or move spanning [t0, t1], rounded once (T3, T5).
inline real frame_time(real t0, real t1, real s) { return real(double(t0) + double(s) * (double(t1) - double(t0))); }

/// The largest magnitude of a box's coordinates.
inline real magnitude(const Aabb& b) {
    return std::max(std::max(std::abs(b.min.x), std::abs(b.min.y)), std::max(std::abs(b.max.x), std::abs(b.max.y)));
}

/// The rounding sweep_leg's sums may carry, for boxes of these magnitudes.
inline real leg_rounding(real magnitudes) {
    return 64 * std::numeric_limits<real>::epsilon() * magnitudes + std::numeric_limits<real>::min();
}

/// Calls f(index) once for each moving body, by index, that may meet a path inside `reach`:
/// every mover in reference mode, else those the grid holds near the reach (a body's box is never
/// further from its motion than the frame's spread).
template <class F> void for_each_moving_near(const World& w, const Aabb& reach, F&& f) {
    // A list per thread, lent out: a game's filter called from f may cast too, and gets its own.
    thread_local std::vector<std::uint32_t> pool;
    std::vector<std::uint32_t> candidates;
    candidates.swap(pool);
    candidates.clear();
    if (w.def().brute_force) {
        candidates.assign(WorldAccess::frame_movers(w).begin(), WorldAccess::frame_movers(w).end());
    } else {
        const real m = WorldAccess::frame_spread(w) + leg_rounding(magnitude(reach));
        const Aabb around{{reach.min.x - m, reach.min.y - m}, {reach.max.x + m, reach.max.y + m}};
        WorldAccess::grid(w).for_each_candidate(around, [&](std::uint32_t i) {
            if (is_moving(w, i)) candidates.push_back(i);
        });
        std::sort(candidates.begin(), candidates.end());
        candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    }
    for (const std::uint32_t i : candidates)
        if (is_moving(w, i)) f(i);
    candidates.swap(pool);
}

/// True when the closed boxes meet or lie apart by no more than the rounding of sweep_leg's sums.
inline bool near_leg(const Aabb& a, const Aabb& b) {
    const real m = leg_rounding(magnitude(a) + magnitude(b));
    return a.min.x - m <= b.max.x && b.min.x <= a.max.x + m && a.min.y - m <= b.max.y && b.min.y <= a.max.y + m;
}

} // namespace sweepbox::detail
