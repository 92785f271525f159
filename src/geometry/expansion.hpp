#pragma once
// Internal: values kept exactly as short sums of `wide` terms, for the slope tests. A slope's
// decisions are signs of sums of products of two or three `real` differences (the line's
// normal, a corner's offset, the motion); each product is split exactly (two_product), and the
// sign of the sum is taken from its nonoverlapping expansion (exact.hpp). A rounded estimate
// with an error bound decides first, as everywhere else; the expansion runs only near a tie.

#include <cmath>
#include <limits>

#include "core/wide.hpp"
#include "geometry/exact.hpp"

namespace sweepbox::detail {

/// A value as the exact sum of up to N terms (zero terms are dropped).
template <int N> struct Terms {
    wide v[N]{};
    int n = 0;

    void add(wide x) {
        if (x != 0) v[n++] = x;
    }
    /// The terms summed in order, in wide (deterministic; within n units of wide's last place
    /// of magnitude()).
    [[nodiscard]] wide approx() const {
        wide s = 0;
        for (int i = 0; i < n; ++i) s += v[i];
        return s;
    }
    /// The sum of the terms' magnitudes (a bound for the error of approx()).
    [[nodiscard]] wide magnitude() const {
        wide s = 0;
        for (int i = 0; i < n; ++i) s += std::fabs(v[i]);
        return s;
    }
};

/// t as a Terms of N >= M places.
template <int N, int M> Terms<N> widen_to(const Terms<M>& t) {
    static_assert(M <= N);
    Terms<N> r;
    for (int i = 0; i < t.n; ++i) r.v[r.n++] = t.v[i];
    return r;
}

inline Terms<2> terms(const Exact& e) {
    Terms<2> t;
    t.add(e.hi);
    t.add(e.lo);
    return t;
}
inline Terms<1> terms(wide x) {
    Terms<1> t;
    t.add(x);
    return t;
}

template <int M, int K> Terms<M + K> operator+(const Terms<M>& a, const Terms<K>& b) {
    Terms<M + K> t;
    for (int i = 0; i < a.n; ++i) t.v[t.n++] = a.v[i];
    for (int i = 0; i < b.n; ++i) t.v[t.n++] = b.v[i];
    return t;
}
template <int M> Terms<M> operator-(const Terms<M>& a) {
    Terms<M> t = a;
    for (int i = 0; i < t.n; ++i) t.v[i] = -t.v[i];
    return t;
}
template <int M, int K> Terms<M + K> operator-(const Terms<M>& a, const Terms<K>& b) { return a + (-b); }
/// The exact product: every pair of terms, split into its rounded product and its error.
template <int M, int K> Terms<2 * M * K> operator*(const Terms<M>& a, const Terms<K>& b) {
    Terms<2 * M * K> t;
    for (int i = 0; i < a.n; ++i)
        for (int j = 0; j < b.n; ++j) {
            wide p, e;
            two_product(a.v[i], b.v[j], p, e);
            t.add(p);
            t.add(e);
        }
    return t;
}

/// The sum as a nonoverlapping expansion e[0..m), smallest first (exact.hpp); returns m.
template <int N> int expansion_of(const Terms<N>& t, wide (&e)[N]) { return grow_expansion(t.v, t.n, e); }

/// The exact sign of the sum.
template <int N> int exact_sign(const Terms<N>& t) {
    wide e[N];
    const int m = expansion_of(t, e);
    return m == 0 ? 0 : (e[m - 1] > 0 ? 1 : -1);
}

/// The sum, within a few units of wide's last place of itself however much the terms cancel
/// (the expansion summed smallest first); approx() is within units of the terms' magnitude.
template <int N> wide value(const Terms<N>& t) {
    wide e[N];
    const int m = expansion_of(t, e);
    wide s = 0;
    for (int i = 0; i < m; ++i) s += e[i];
    return s;
}

/// The sign of the sum: the estimate where it is clear, else exact.
template <int N> int sign(const Terms<N>& t) {
    const wide est = t.approx();
    const wide bound = t.magnitude() * wide(t.n + 2) * std::numeric_limits<wide>::epsilon();
    if (est > bound) return 1;
    if (est < -bound) return -1;
    return exact_sign(t);
}

/// The sign of p / q - r / s for q, s > 0.
template <int A, int B, int C, int D>
int compare(const Terms<A>& p, const Terms<B>& q, const Terms<C>& r, const Terms<D>& s) {
    const wide est = p.approx() * s.approx() - r.approx() * q.approx();
    const wide bound = (p.magnitude() * s.magnitude() + r.magnitude() * q.magnitude()) * wide(A + B + C + D + 8) *
                       std::numeric_limits<wide>::epsilon();
    if (est > bound) return 1;
    if (est < -bound) return -1;
    return exact_sign(p * s - r * q);
}

} // namespace sweepbox::detail
