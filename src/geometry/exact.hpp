#pragma once
// Internal: exact signs of the small sums and products that decide a sweep.
//
// A difference of two `real` coordinates is kept exactly as hi + lo (Knuth's TwoSum: hi is the
// rounded difference in `wide`, lo the rounding error, itself a `wide`), whatever the two
// magnitudes are (1.4e-45 beside 113 included). Comparing two times p / q and r / s (q, s > 0)
// is the sign of p*s - r*q: a fast estimate in `wide` decides it when it is far enough from
// zero (almost always); otherwise every product is split exactly (Dekker's TwoProduct with
// Veltkamp's split) and the exact sum is accumulated as a nonoverlapping expansion (Shewchuk,
// "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997),
// whose sign is that of its largest component. Needs round-to-nearest and no contraction of
// a*b+c into fma (the library builds with -ffp-contract=off).

#include <cmath>
#include <limits>

#include "core/compiler.hpp"
#include "core/wide.hpp"

namespace sweepbox::detail {

/// 2^-k, exactly: the bounds below scale with wide's digits, and 1ull << k would not do for k of
/// 64 or more.
constexpr wide half_power(int k) {
    wide r = 1;
    for (int i = 0; i < k; ++i) r *= wide(0.5);
    return r;
}

/// hi + lo, exactly.
struct Exact {
    wide hi = 0;
    wide lo = 0;
    friend bool operator==(const Exact&, const Exact&) = default;
};

/// s + e == a + b exactly, s the rounded sum.
SWEEPBOX_FORCE_INLINE void two_sum(wide a, wide b, wide& s, wide& e) {
    s = a + b;
    const wide bb = s - a;
    e = (a - (s - bb)) + (b - bb);
}

/// a - b exactly (a, b of type real). Forced inline: the compiler left it out of line in the
/// casts' finish, a call per hit.
SWEEPBOX_FORCE_INLINE Exact exact_diff(real a, real b) {
    Exact r;
    two_sum(wide(a), -wide(b), r.hi, r.lo);
    return r;
}

/// Sign of an exact value: hi is the rounded value, zero only when the value is.
inline int sign(const Exact& x) { return x.hi > 0 ? 1 : (x.hi < 0 ? -1 : 0); }

/// p + e == a * b exactly, p the rounded product.
inline void two_product(wide a, wide b, wide& p, wide& e) {
    constexpr int half = (std::numeric_limits<wide>::digits + 1) / 2;
    constexpr wide splitter = wide((1ull << half) + 1);
    p = a * b;
    auto split = [&](wide v, wide& h, wide& l) {
        const wide t = splitter * v;
        h = t - (t - v);
        l = v - h;
    };
    wide ah, al, bh, bl;
    split(a, ah, al);
    split(b, bh, bl);
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

/// The exact sum of v[0..n) as a nonoverlapping expansion e[0..m), smallest first (e holds n).
inline int grow_expansion(const wide* v, int n, wide* e) {
    int m = 0;
    for (int i = 0; i < n; ++i) {
        // Grow-Expansion with zero elimination.
        wide q = v[i];
        int k = 0;
        for (int j = 0; j < m; ++j) {
            wide s, h;
            two_sum(q, e[j], s, h);
            q = s;
            if (h != 0) e[k++] = h;
        }
        if (q != 0) e[k++] = q;
        m = k;
    }
    return m;
}

/// Sign of the exact sum of n values.
template <int N> int sign_of_sum(const wide (&v)[N]) {
    wide e[N];
    const int m = grow_expansion(v, N, e);
    return m == 0 ? 0 : (e[m - 1] > 0 ? 1 : -1);
}

/// The exact sum of n values, rounded (within a few units of the last place of the result,
/// however much the values cancel).
template <int N> wide sum_of(const wide (&v)[N]) {
    wide e[N];
    const int m = grow_expansion(v, N, e);
    wide r = 0;
    for (int i = 0; i < m; ++i) r += e[i];
    return r;
}

/// x + (num / den) * d, for the position at a contact: computed as (x * den + num * d) / den
/// with the numerator summed exactly, so it is right to a rounding even when x and the motion
/// cancel (a body arriving at 0 from 98206.7 away).
SWEEPBOX_FORCE_INLINE wide along(real x, const Exact& num, wide den, real d) {
    if (d == 0) return wide(x);
    // Fast: in wide, good to a few units of wide's last place of |x| + |q|; kept when that is
    // far below real's last place of the result (no strong cancellation), as it nearly always is.
    // (num.hi + num.lo rounds to num.hi, by two_sum's own rounding: lo only matters below)
    const wide q = num.hi * wide(d) / den;
    const wide r = wide(x) + q;
    constexpr int spare = std::numeric_limits<wide>::digits - std::numeric_limits<real>::digits - 4;
    constexpr wide rel = half_power(spare);
    if (std::fabs(r) >= (std::fabs(wide(x)) + std::fabs(q)) * rel) return r;
    wide v[6];
    two_product(wide(x), den, v[0], v[1]);
    two_product(num.hi, wide(d), v[2], v[3]);
    two_product(num.lo, wide(d), v[4], v[5]);
    return sum_of(v) / den;
}

/// Sign of a - b exactly.
inline int compare(const Exact& a, wide b) {
    // Fast: the rounded difference decides unless it is within its own rounding plus lo.
    const wide est = a.hi - b;
    constexpr wide rel = half_power(std::numeric_limits<wide>::digits - 1);
    const wide err = std::fabs(a.lo) + std::fabs(est) * rel;
    if (est > err) return 1;
    if (est < -err) return -1;
    const wide v[3] = {a.lo, a.hi, -b};
    return sign_of_sum(v);
}

/// The sign of l - rr, for the products l = p*s and rr = r*q of a cross-product comparison
/// computed in wide from rounded numerators, when it is clear; 0 when it is not (near a tie).
/// Each neglected term (the numerators' rounding or lo parts, the roundings of the products and
/// of the difference) is below 2^-digits of |l| + |rr|; 16 of those is a safe bound.
inline int clear_cross_sign(wide l, wide rr) {
    const wide est = l - rr;
    constexpr wide rel = half_power(std::numeric_limits<wide>::digits - 4);
    const wide bound = (std::fabs(l) + std::fabs(rr)) * rel;
    if (est > bound) return 1;
    if (est < -bound) return -1;
    return 0;
}

/// Sign of p / q - r / s for q, s > 0 (q and s are real values held in wide).
inline int compare(const Exact& p, wide q, const Exact& r, wide s) {
    if (const int c = clear_cross_sign(p.hi * s, r.hi * q)) return c;
    wide v[8];
    two_product(p.hi, s, v[0], v[1]);
    two_product(p.lo, s, v[2], v[3]);
    two_product(-r.hi, q, v[4], v[5]);
    two_product(-r.lo, q, v[6], v[7]);
    return sign_of_sum(v);
}

/// A difference a - b of two `real` values, kept as the two values and their difference rounded
/// in wide, which is exact unless the magnitudes are far apart; the comparisons below decide on
/// the rounded difference when it is clearly one way and compute the exact one only near a tie.
struct Diff {
    real a = 0, b = 0;
    wide approx = 0;
    [[nodiscard]] Exact exact() const { return exact_diff(a, b); }
};

inline Diff diff(real a, real b) { return {a, b, wide(a) - wide(b)}; }

/// One axis of a box [a_min, a_max] moving by d against [b_min, b_max]: entry and exit times as
/// numerator / den (den = |d| > 0), the numerators exact on demand, or the whole line (always
/// overlapping, d == 0), or never. Boxes and slope tiles both start from it.
struct Slab {
    enum Kind : unsigned char { moving, always, never } kind = never;
    Diff enter{}, exit{};
    wide den = 1;
    bool thin = false; // the Minkowski extent on this axis is zero (both boxes thin here)
};

SWEEPBOX_FORCE_INLINE Slab slab(real a_min, real a_max, real d, real b_min, real b_max) {
    Slab s;
    if (d == 0) {
        s.kind = (b_min < a_max && a_min < b_max) ? Slab::always : Slab::never;
        return s;
    }
    s.kind = Slab::moving;
    if (d > 0) {
        s.enter = diff(b_min, a_max);
        s.exit = diff(b_max, a_min);
        s.den = wide(d);
    } else {
        s.enter = diff(a_min, b_max);
        s.exit = diff(a_max, b_min);
        s.den = -wide(d);
    }
    s.thin = a_min == a_max && b_min == b_max;
    return s;
}

/// Sign of a difference (the rounded difference has the exact one's sign; zero only if a == b).
inline int sign(const Diff& x) { return x.approx > 0 ? 1 : (x.approx < 0 ? -1 : 0); }

/// Sign of x - c.
inline int compare(const Diff& x, wide c) {
    const wide est = x.approx - c;
    constexpr wide rel = half_power(std::numeric_limits<wide>::digits - 3);
    const wide err = (std::fabs(x.approx) + std::fabs(est)) * rel;
    if (est > err) return 1;
    if (est < -err) return -1;
    return compare(x.exact(), c);
}

/// Sign of p / q - r / s for q, s > 0.
inline int compare(const Diff& p, wide q, const Diff& r, wide s) {
    if (const int c = clear_cross_sign(p.approx * s, r.approx * q)) return c;
    return compare(p.exact(), q, r.exact(), s);
}

} // namespace sweepbox::detail
