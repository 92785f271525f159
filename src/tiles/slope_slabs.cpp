// The slabs of a box swept against a slope tile's polygon, exactly (slope_slabs.hpp).

#include "tiles/slope_slabs.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "core/bit_cast.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"

namespace sweepbox::detail {

SlabTime axis_slab(real a_min, real a_max, real d, real b_min, real b_max) {
    const Slab s = slab(a_min, a_max, d, b_min, b_max); // (the boxes' slab, widened)
    SlabTime t;
    t.kind = SlabTime::Kind(s.kind);
    if (s.kind != Slab::moving) return t;
    t.enter = widen(terms(s.enter.exact()));
    t.exit = widen(terms(s.exit.exact()));
    t.den = widen_den(terms(s.den));
    return t;
}

SlabTime normal_slab(const Aabb& a, Vec2 d, const SlopeTile& s, int& wd_sign) {
    const Corners c = corners(a, s);
    SlabTime sl;
    const SlabDen wd = normal_dot(s, d);
    wd_sign = sign(wd);
    if (wd_sign == 0) {
        const bool in = sign(along_normal(s, c.lead.x, s.p.x, c.lead.y, s.p.y)) > 0 &&
                        sign(along_normal(s, c.far.x, c.trail.x, c.far.y, c.trail.y)) > 0;
        sl.kind = in ? SlabTime::always : SlabTime::never;
        return sl;
    }
    sl.kind = SlabTime::moving;
    if (wd_sign > 0) {
        sl.enter = along_normal(s, s.p.x, c.lead.x, s.p.y, c.lead.y);
        sl.exit = along_normal(s, c.far.x, c.trail.x, c.far.y, c.trail.y);
        sl.den = wd;
    } else {
        sl.enter = along_normal(s, c.trail.x, c.far.x, c.trail.y, c.far.y);
        sl.exit = along_normal(s, c.lead.x, s.p.x, c.lead.y, s.p.y);
        sl.den = -wd;
    }
    return sl;
}

namespace {

// The box's edges on the tip's axis k: the one nearer the solid part (lead), the other (trail),
// and the polygon's far side; sg = +1 when the far side is the cell's max.
struct TipAxis {
    int sg;
    real lead, trail, far;
};
TipAxis tip_axis(const Aabb& a, const SlopeTile& s) {
    const int k = s.tip;
    const int sg = k == 0 ? s.sx : s.sy;
    return {sg, sg > 0 ? a.max[k] : a.min[k], sg > 0 ? a.min[k] : a.max[k], sg > 0 ? s.cell.max[k] : s.cell.min[k]};
}

} // namespace

SlabTime tip_slab(const Aabb& a, Vec2 d, const SlopeTile& s) {
    const int k = s.tip;
    // h at the tip's side grows by |A_k| per unit toward the solid part: the box's lead edge is
    // past the tip while g > 0, and g moves by |A_k| |d_k| per unit of time.
    const TipAxis t = tip_axis(a, s);
    const SlabNum g = tip_side(s, t.lead);
    SlabTime sl;
    if (d[k] == 0) {
        const bool far_ok = t.sg > 0 ? t.trail < t.far : t.trail > t.far;
        sl.kind = far_ok && sign(g) > 0 ? SlabTime::always : SlabTime::never;
        return sl;
    }
    sl.kind = SlabTime::moving;
    const Exact ak = k == 0 ? s.A : s.B;
    const Exact abs_a = t.sg > 0 ? ak : Exact{-ak.hi, -ak.lo};
    sl.den = widen_den(terms(abs_a) * terms(std::fabs(wide(d[k]))));
    // Before the far side: positive while the trail edge has not passed it.
    const Exact gap = t.sg > 0 ? exact_diff(t.far, t.trail) : exact_diff(t.trail, t.far);
    if ((d[k] > 0) == (t.sg > 0)) { // toward the solid part: in by the tip, out by the far side
        sl.enter = -g;
        sl.exit = widen(terms(abs_a) * terms(gap));
    } else { // away from it: in by the far side, out by the tip
        sl.enter = widen(terms(abs_a) * -terms(gap));
        sl.exit = g;
    }
    return sl;
}

bool side_holds(const Aabb& a, const SlopeTile& s, int k, bool closed) {
    if (k != s.tip || s.tip_real) {
        const bool up = (k == 0 ? s.sx : s.sy) > 0;
        const real lo = k == s.tip && up ? s.tip_at : s.cell.min[k];
        const real hi = k == s.tip && !up ? s.tip_at : s.cell.max[k];
        return closed ? a.min[k] <= hi && lo <= a.max[k] : a.min[k] < hi && lo < a.max[k];
    }
    const TipAxis t = tip_axis(a, s);
    const bool far_ok = t.sg > 0 ? (closed ? t.trail <= t.far : t.trail < t.far)
                                 : (closed ? t.trail >= t.far : t.trail > t.far);
    if (!far_ok) return false;
    const int g = sign(tip_side(s, t.lead));
    return closed ? g >= 0 : g > 0;
}

real to_time(const SlabTime& s) {
    const wide q = value(s.enter) / value(s.den);
    real t = real(q);
    if (t == 0 && q > 0) {
        // Below the smallest `real`: it, when the exact time is above half of it (a tie goes to
        // the even 0).
        const real tiny = std::numeric_limits<real>::denorm_min();
        if (sign(s.enter - terms(wide(tiny) / 2) * s.den) > 0) t = tiny;
    } else if (t > 0 && t < 1) {
        const real below = std::nextafter(t, real(0)), above = std::nextafter(t, real(2));
        const wide lo = (wide(t) + wide(below)) / 2, hi = (wide(t) + wide(above)) / 2; // exact in wide
        constexpr wide near = tol::midpoint_near_rel;
        if (q - lo < std::fabs(q) * near || hi - q < std::fabs(q) * near) {
            auto side = [&](wide m) { return sign(s.enter - terms(m) * s.den); }; // sign of num/den - m
            auto even = [](real x) {
                return (detail::bit_cast<std::conditional_t<sizeof(real) == 4, std::uint32_t, std::uint64_t>>(x) & 1) ==
                       0;
            };
            const int l = side(lo), h = side(hi);
            if (l < 0 || (l == 0 && !even(t))) t = below;
            else if (h > 0 || (h == 0 && !even(t))) t = above;
        }
    }
    if (!(t > 0)) t = 0;
    if (t >= 1) t = std::nextafter(real(1), real(0));
    return t;
}

wide along_slab(real x, const SlabTime& s, wide t, real d) {
    const wide q = t * wide(d), r = wide(x) + q;
    constexpr wide rel = half_power(std::numeric_limits<wide>::digits - std::numeric_limits<real>::digits - 8);
    if (std::fabs(r) >= (std::fabs(wide(x)) + std::fabs(q)) * rel) return r;
    return value(terms(wide(x)) * s.den + s.enter * terms(wide(d))) / value(s.den);
}

real tip_free(const SlopeTile& s) {
    if (s.tip_real) return s.tip_at;
    const int k = s.tip, j = 1 - k;
    const int sg = k == 0 ? s.sx : s.sy;
    const real far_j = j == 0 ? (s.sx > 0 ? s.cell.max.x : s.cell.min.x) : (s.sy > 0 ? s.cell.max.y : s.cell.min.y);
    const Exact ak = k == 0 ? s.A : s.B, aj = k == 0 ? s.B : s.A;
    // p_k - A_j (far_j - p_j) / A_k, near enough for a few steps to settle it.
    const wide est = wide(s.p[k]) - (aj.hi + aj.lo) * (wide(far_j) - wide(s.p[j])) / (ak.hi + ak.lo);
    constexpr real inf = std::numeric_limits<real>::infinity();
    real e = std::fmin(std::fmax(real(est), s.cell.min[k]), s.cell.max[k]);
    auto step = [&](real x, int dir) { return std::nextafter(x, dir * sg > 0 ? inf : -inf); };
    for (int i = 0; i < tol::max_ulp_steps && sign(tip_side(s, e)) > 0; ++i) e = step(e, -1);
    for (int i = 0; i < tol::max_ulp_steps && sign(tip_side(s, step(e, 1))) <= 0; ++i) e = step(e, 1);
    return e;
}

} // namespace sweepbox::detail
