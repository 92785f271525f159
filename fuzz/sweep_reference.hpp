#pragma once
/// @file sweep_reference.hpp
/// The exact meaning of `sweep_box_box` (docs/contract.md, rules 1-4), computed on the same
/// float inputs with exact integer arithmetic (exact.hpp), written from the contract alone.
///
/// Per axis, the set of times at which the moving box A + t*d and B "overlap" on that axis:
/// - d == 0: every time when A's and B's open intervals overlap, else never. When A and B both
///   have zero extent on the axis they never overlap on it without motion (moving along a thin
///   wall is not a hit, rule 3).
/// - d != 0, not both thin: the open interval (enter, exit) with
///   enter = (B.min - A.max) / d, exit = (B.max - A.min) / d (for d > 0; mirrored for d < 0).
/// - d != 0, both thin (rule 2): the single instant at which A's line crosses B's line.
/// The hit is the earliest time of the intersection of the two sets, if it lies in [0, 1).
/// For open sets that is the largest entry time, provided it is smaller than every exit time;
/// a single instant must lie strictly inside the other axis's open interval (passing a corner
/// is not a hit, rule 3) or equal the other axis's instant.
/// The normal is the axis that entered last, against d; when both entered at the same instant
/// the normal is along the larger |d| component, ties y (rule 4), and `corner` is set.
/// With `faces`: a normal whose face is not a surface takes the other axis at a corner, and
/// there is no contact otherwise.

#include <sweepbox/geometry.hpp>
#include "exact.hpp"

namespace sweepbox::fuzz {

/// One axis's set of overlapping times.
struct AxisTimes {
    enum class Kind { never, always, open, instant } kind = Kind::never;
    Frac enter{}; ///< open: lower end (exclusive); instant: the instant
    Frac exit{};  ///< open: upper end (exclusive); instant: the instant
};

/// The set of times at which [amin, amax] + t*d overlaps [bmin, bmax] on one axis.
inline AxisTimes axis_times(real amin, real amax, real d, real bmin, real bmax) {
    AxisTimes r;
    const bool both_thin = amin == amax && bmin == bmax;
    if (d == 0) {
        r.kind = (!both_thin && amin < bmax && bmin < amax) ? AxisTimes::Kind::always : AxisTimes::Kind::never;
        return r;
    }
    const Big D = to_big(d);
    const Big lo = to_big(bmin) - to_big(amax); // A.max reaches B.min
    const Big hi = to_big(bmax) - to_big(amin); // A.min reaches B.max
    if (d > 0) {
        r.enter = frac(lo, D);
        r.exit = frac(hi, D);
    } else {
        r.enter = frac(hi, D);
        r.exit = frac(lo, D);
    }
    r.kind = both_thin ? AxisTimes::Kind::instant : AxisTimes::Kind::open;
    return r;
}

/// The exact answer of a sweep.
struct RefSweep {
    SweepState state = SweepState::miss; ///< miss, hit or started_overlapping
    Frac time{};                         ///< hit: the exact time of impact
    int axis = 0;                        ///< hit: 0 for x, 1 for y
    Vec2 normal{0, 0};                   ///< hit: the normal
    bool corner = false;                 ///< hit: both axes entered at the same instant
    /// Contract ambiguity: the implementation may answer `miss` instead of this hit. Set for a
    /// thin-against-thin contact at exactly t = 0 (a bullet lying on a 0-thickness wall's line:
    /// it is flush with both faces, moving into one and away from the other) and for a point
    /// against a point (both axes thin), which the contract does not settle.
    bool may_miss = false;
    /// Contract ambiguity: with faces != face_all the contract does not say whether a start
    /// inside counts, so `miss` is accepted too (as is `started_overlapping` then).
    bool started_may_miss = false;
};

/// The face flag of the face hit on `axis` when moving with sign `dsign`.
inline std::uint8_t face_hit(int axis, real dsign) {
    if (axis == 0) return dsign > 0 ? face_neg_x : face_pos_x;
    return dsign > 0 ? face_neg_y : face_pos_y;
}

/// The exact answer of sweep_box_box(a, d, b, faces) by the contract.
inline RefSweep reference_sweep(const Aabb& a, Vec2 d, const Aabb& b, std::uint8_t faces) {
    using K = AxisTimes::Kind;
    RefSweep r;
    const AxisTimes ax[2] = {axis_times(a.min.x, a.max.x, d.x, b.min.x, b.max.x),
                             axis_times(a.min.y, a.max.y, d.y, b.min.y, b.max.y)};
    if (ax[0].kind == K::never || ax[1].kind == K::never) return r;

    // Interiors overlap at t = 0 (only open/always axes can contain 0 in their interior).
    bool start_inside = true;
    for (const AxisTimes& s : ax) {
        if (s.kind == K::instant) start_inside = false;
        if (s.kind == K::open && !(compare(s.enter, 0) < 0 && compare(s.exit, 0) > 0)) start_inside = false;
    }
    if (start_inside) {
        r.state = SweepState::started_overlapping;
        r.started_may_miss = faces != face_all;
        return r;
    }

    // The candidate time T: the largest entry time (always-axes have entry -infinity).
    int last = -1; // the axis with the largest entry
    bool tie = false;
    for (int i = 0; i < 2; ++i) {
        if (ax[i].kind == K::always) continue;
        if (last < 0) {
            last = i;
            continue;
        }
        const int c = compare(ax[i].enter, ax[last].enter);
        if (c > 0) {
            last = i;
            tie = false;
        } else if (c == 0) tie = true;
    }
    // (both axes always would have been a start inside)
    const Frac T = ax[last].enter;
    if (compare(T, 0) < 0 || compare(T, 1) >= 0) return r; // before the start or at/after the end

    const bool instant0 = ax[0].kind == K::instant, instant1 = ax[1].kind == K::instant;
    if (instant0 || instant1) {
        if (instant0 && instant1) {
            if (!tie) return r; // the two lines are crossed at different times
            r.may_miss = true;  // a point against a point: not settled by the contract
        } else {
            const AxisTimes& other = ax[instant0 ? 1 : 0];
            if (tie) return r; // the instant coincides with the other axis's entry: a corner pass
            if (other.kind == K::open && compare(T, other.exit) >= 0) return r;
            // T is the largest entry, so T > other.enter here.
            if (int(instant0 ? 0 : 1) != last) return r; // the instant came first: no overlap after it
        }
        if (compare(T, 0) == 0) r.may_miss = true;
    } else {
        for (const AxisTimes& s : ax)
            if (s.kind == K::open && compare(T, s.exit) >= 0) return r; // left an axis before entering the other
    }

    int axis = last;
    if (tie) {
        // Rule 4: both axes entered at the same instant: the axis of the larger |d| (ties: y).
        axis = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1;
        r.corner = true;
    }
    const real dk = axis == 0 ? d.x : d.y;
    if ((faces & face_hit(axis, dk)) == 0) {
        if (!tie) return r; // the face met is not a surface: no contact
        axis = 1 - axis;    // a corner: take the other axis if its face is a surface
        const real dk2 = axis == 0 ? d.x : d.y;
        if ((faces & face_hit(axis, dk2)) == 0) return r;
    }
    const real dsign = axis == 0 ? d.x : d.y;
    r.state = SweepState::hit;
    r.time = T;
    r.axis = axis;
    r.normal = axis == 0 ? Vec2{dsign > 0 ? real(-1) : real(1), 0} : Vec2{0, dsign > 0 ? real(-1) : real(1)};
    return r;
}

/// True when time t is within the stated bound of the exact time T = num / den (den > 0, T >= 0):
///   |t - T| <= 4 u T + 2 * (smallest subnormal),   u = 2^-digits (float: 2^-24).
/// Why this bound: the exact time is a quotient of two exact differences of inputs. An
/// implementation that rounds the numerator difference once (relative error <= u, the
/// denominator d is an input and exact) and then the quotient once (<= u) is within
/// (1+u)^2 - 1 < 2.0001 u; computing in double and rounding once gives <= u. 4u leaves a
/// factor of two for a differently ordered but still correctly rounded computation, and is
/// still 1 ulp-scale: tight enough to catch any sampling, bisection, epsilon padding or
/// catastrophic cancellation (e.g. growing B by A's size first and subtracting A afterwards).
/// The absolute term covers results in the subnormal range, where a relative bound is
/// impossible. The time may also be rounded up to 1 when T is within half an ulp of 1.
inline bool time_within_bound(real t, const Frac& T) {
    if (!std::isfinite(t) || t < 0 || t > 1) return false;
    // Everything scaled by 2^exact_shift: tb = t * 2^S, and T * 2^S = num * 2^S / den.
    const Big tb = to_big(t);
    Big err = tb * T.den - (T.num << exact_shift); // (t - T) * den * 2^S
    if (sign(err) < 0) err = -err;
    constexpr int digits = std::numeric_limits<real>::digits;
    // err * 2^(digits-2) <= num * 2^S + 2 * den * 2^(digits-2)   (both sides times den * 2^S * 2^(digits-2))
    const Big lhs = err << (digits - 2);
    const Big rhs = (T.num << exact_shift) + ((T.den * 2) << (digits - 2));
    return lhs <= rhs;
}

} // namespace sweepbox::fuzz
