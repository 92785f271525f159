#pragma once
/// @file path_check.hpp
/// Exact tests of whether a body's path went through an obstacle, for fuzz_world.
///
/// A move's path is rebuilt from what it reports: the start box, each contact's box, the end
/// box. Between two of those boxes the body moved in a straight line, so each corner is
/// interpolated linearly: box(t) = P + t * (Q - P), t in [0, 1]. The positions a move reports
/// are rounded (a contact at time t is at start + t*d rounded to `real`), so the rebuilt path
/// may miss the true one by a few ulps; the obstacle is therefore shrunk by `tol` on each
/// side before the exact test (an obstacle thinner than 2*tol becomes the line at its min
/// edge, which a path still cannot cross without being caught). What is caught is a path that
/// goes through an obstacle, not one that grazes a corner within rounding.

#include <cmath>
#include <limits>
#include <sweepbox/geometry.hpp>
#include "exact.hpp"

namespace sweepbox::fuzz {

/// A box in exact scaled integers (exact.hpp).
struct BigBox {
    Big min[2];
    Big max[2];
    Big need[2]; ///< how far a path must reach past a collapsed axis to count (rounding)
};

/// The obstacle shrunk by tol on each side, or collapsed to its min edge on an axis thinner
/// than 2*tol.
inline BigBox shrink(const Aabb& o, const Big& tol) {
    BigBox r;
    const real lo[2] = {o.min.x, o.min.y}, hi[2] = {o.max.x, o.max.y};
    for (int k = 0; k < 2; ++k) {
        r.min[k] = to_big(lo[k]);
        r.max[k] = to_big(hi[k]);
        if (r.max[k] - r.min[k] > 2 * tol) {
            r.min[k] += tol;
            r.max[k] -= tol;
        } else {
            // Too thin to shrink: the path must then reach past the line by tol on both
            // sides, so that grazing an end or a corner within rounding is not a crossing.
            r.max[k] = r.min[k];
            r.need[k] = tol;
        }
    }
    return r;
}

/// A rounding tolerance for a path leg from P to Q near obstacle O: 2^-20 of the largest
/// magnitude involved (16 ulps of a float at that magnitude; a contact position is within
/// about 1 ulp of the largest coordinate or of the leg's length), and never less than two
/// units of the smallest subnormal.
inline Big tolerance(const Aabb& p, const Aabb& q, const Aabb& o) {
    double m = 0;
    for (const Aabb* b : {&p, &q, &o})
        for (real v : {b->min.x, b->min.y, b->max.x, b->max.y}) m = std::fmax(m, std::fabs(double(v)));
    // At least two units of the smallest subnormal (Big 2): at that scale one rounding of a
    // position is a whole unit.
    if (m == 0) return Big(2);
    const int e = std::ilogb(m) - 20 + exact_shift;
    if (e < 1) return Big(2);
    return Big(1) << e;
}

/// A set of times t in [lo, hi], each end open or closed, narrowed by constraints.
class TimeSet {
public:
    /// Keeps only t with alpha + beta * t < 0.
    void below_zero(const Big& alpha, const Big& beta) {
        if (empty_) return;
        const int s = sign(beta);
        if (s == 0) {
            if (sign(alpha) >= 0) empty_ = true;
            return;
        }
        const Frac bound = frac(Big(-alpha), beta);
        if (s > 0) narrow_hi(bound, false);
        else narrow_lo(bound, false);
    }
    /// Keeps only t == v.
    void equal(const Frac& v) {
        narrow_lo(v, true);
        narrow_hi(v, true);
    }
    /// True when some t remains.
    [[nodiscard]] bool nonempty() const {
        if (empty_) return false;
        const int c = compare(lo_, hi_);
        return c < 0 || (c == 0 && lo_closed_ && hi_closed_);
    }
    /// Marks the set empty.
    void clear() { empty_ = true; }

private:
    void narrow_lo(const Frac& v, bool closed) {
        const int c = compare(v, lo_);
        if (c > 0 || (c == 0 && !closed)) {
            lo_ = v;
            lo_closed_ = closed;
        }
    }
    void narrow_hi(const Frac& v, bool closed) {
        const int c = compare(v, hi_);
        if (c < 0 || (c == 0 && !closed)) {
            hi_ = v;
            hi_closed_ = closed;
        }
    }
    Frac lo_{Big(0), Big(1)};
    Frac hi_{Big(1), Big(1)};
    bool lo_closed_ = true;
    bool hi_closed_ = true;
    bool empty_ = false;
};

/// True when the constraints `ts` (on the other axis) hold at the instant a coordinate moving
/// in a straight line from `a` to the reported end `b` is on `line`, for every end within 2
/// ulps of `b`. The end is rounded: when the motion on this axis is a few ulps, that moves the
/// instant a lot, so a crossing counts only if it happens for every such end (a graze within
/// rounding is no crossing; a real one overlaps throughout). False when some such end does not
/// reach the line, or lies the other way. `from_line`: whether starting on the line (t = 0)
/// counts (a one-way tile's top: yes; a thin wall the body starts on: no, rule 2).
inline bool holds_at_crossing(const TimeSet& ts, real a, real b, const Big& line, bool from_line) {
    const Big a0 = to_big(a), b0 = to_big(b);
    const Big dd = b0 - a0;
    if (sign(dd) == 0) return false;
    const Frac t = frac(line - a0, dd);
    const int c0 = compare(t, 0);
    if (c0 < 0 || (c0 == 0 && !from_line) || compare(t, 1) >= 0) return false;
    const real mag = std::fmax(std::fabs(a), std::fabs(b));
    const Big slack = to_big(std::nextafter(mag, std::numeric_limits<real>::infinity()) - mag) * 2;
    for (const Big& end : {Big(b0 - slack), Big(b0 + slack)}) {
        const Big de = end - a0;
        if (sign(de) != sign(dd)) return false; // the direction itself is within rounding
        TimeSet at = ts;
        at.equal(frac(line - a0, de));
        if (!at.nonempty()) return false;
    }
    TimeSet at = ts;
    at.equal(t);
    return at.nonempty();
}

/// True when the body moving in a straight line from box p to box q has its interior overlap
/// the obstacle's (already shrunk) interior at some t in [0, 1]. On an axis where the body
/// (at both ends) and the obstacle have zero extent, "overlap" means crossing the line: the
/// body is on it at some t strictly between 0 and 1 and was not on it all along (rule 2).
inline bool path_overlaps(const Aabb& p, const Aabb& q, const BigBox& o) {
    TimeSet ts;
    int instant_axis = -1, instants = 0;
    const real pmin[2] = {p.min.x, p.min.y}, pmax[2] = {p.max.x, p.max.y};
    const real qmin[2] = {q.min.x, q.min.y}, qmax[2] = {q.max.x, q.max.y};
    for (int k = 0; k < 2; ++k) {
        const Big a0 = to_big(pmin[k]), a1 = to_big(pmax[k]);
        const Big b0 = to_big(qmin[k]), b1 = to_big(qmax[k]);
        if (a0 == a1 && b0 == b1 && o.min[k] == o.max[k]) {
            instant_axis = k;
            ++instants;
        } else {
            // min(t) < o.max:  (a0 - o.max) + t (b0 - a0) < 0
            ts.below_zero(a0 - o.max[k] + o.need[k], b0 - a0);
            // o.min < max(t):  (o.min - a1) - t (b1 - a1) < 0
            ts.below_zero(o.min[k] + o.need[k] - a1, a1 - b1);
        }
    }
    // A point passing through a point (thin on both axes) has measure zero: the contract does
    // not call it a crossing (and the library never reports it as a hit).
    if (instants == 2) return false;
    if (instant_axis < 0) return ts.nonempty();
    // Crossing a thin line: the other axis must overlap at the instant the body is on it.
    if (!ts.nonempty()) return false;
    return holds_at_crossing(ts, pmin[instant_axis], qmin[instant_axis], o.min[instant_axis], false);
}

/// True when the body moving in a straight line from p to q crosses the top edge of a
/// one-way tile downward: its max.y goes from <= top to > top, and at the instant it passes
/// `top` its x interior overlaps the (shrunk) open x range [x0, x1].
inline bool crosses_top_downward(const Aabb& p, const Aabb& q, const Big& top, const Big& x0, const Big& x1) {
    const Big y0 = to_big(p.max.y), y1 = to_big(q.max.y);
    if (!(y0 <= top && top < y1)) return false;
    TimeSet ts;
    const Big a0 = to_big(p.min.x), a1 = to_big(p.max.x);
    const Big b0 = to_big(q.min.x), b1 = to_big(q.max.x);
    ts.below_zero(a0 - x1, b0 - a0);
    ts.below_zero(x0 - a1, a1 - b1);
    return holds_at_crossing(ts, p.max.y, q.max.y, top, true);
}

} // namespace sweepbox::fuzz
