// The corners of a slope tile's solid part, exactly (slope_vertices.hpp).

#include "tiles/slope_vertices.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"

#include <cmath>
#include <limits>

namespace sweepbox::detail {

namespace {

const Terms<12>& coord(const HPoint& q, int k) { return k == 0 ? q.x : q.y; }

// q_k - c * w, exactly.
Terms<16> minus(const HPoint& q, int k, real c) { return coord(q, k) - terms(wide(c)) * q.w; }

} // namespace

HPoint hpoint(Vec2 q) {
    HPoint h;
    h.x.add(wide(q.x));
    h.y.add(wide(q.y));
    h.w.add(1);
    return h;
}

int slope_vertices(const SlopeTile& s, HPoint (&out)[4]) {
    Vec2 uv[4];
    const int n = slope_polygon(s.shape, uv);
    for (int i = 0; i < n; ++i) {
        auto edge = [&](int k, real t) { return t == 0 ? s.cell.min[k] : s.cell.max[k]; };
        const real half = real(0.5);
        if (uv[i].x != half && uv[i].y != half) {
            out[i] = hpoint({edge(0, uv[i].x), edge(1, uv[i].y)});
            continue;
        }
        // On the side where axis j is `side`, at the line: A_k (q_k - p_k) + A_j (side - p_j) = 0.
        const int k = uv[i].x == half ? 0 : 1, j = 1 - k;
        const real side = edge(j, uv[i][j]);
        const Exact ak = k == 0 ? s.A : s.B, aj = k == 0 ? s.B : s.A;
        Terms<12> num = terms(ak) * terms(wide(s.p[k])) - terms(aj) * terms(exact_diff(side, s.p[j]));
        Terms<2> w = terms(ak);
        if (ak.hi < 0) {
            num = -num;
            w = -w;
        }
        HPoint q;
        q.w = w;
        (k == 0 ? q.x : q.y) = num;
        (k == 0 ? q.y : q.x) = widen_to<12>(terms(wide(side)) * w);
        q.real_point = false;
        // A `real` after all (evenly spaced edges): kept as one.
        const real c = coord_of(q, k);
        if (coord_sign(q, k, c) == 0) {
            Vec2 r;
            r[k] = c;
            r[j] = side;
            q = hpoint(r);
        }
        out[i] = q;
    }
    return n;
}

int coord_sign(const HPoint& q, int k, real c) {
    if (q.real_point) {
        const wide v = coord(q, k).approx(); // (the `real` itself, its only term)
        return v > wide(c) ? 1 : (v < wide(c) ? -1 : 0);
    }
    return sign(minus(q, k, c));
}

int line_side(const SlopeTile& s, const HPoint& q) {
    return sign(terms(s.A) * minus(q, 0, s.p.x) + terms(s.B) * minus(q, 1, s.p.y));
}

bool box_holds(const Aabb& b, const HPoint& q) {
    for (int k = 0; k < 2; ++k)
        if (coord_sign(q, k, b.min[k]) < 0 || coord_sign(q, k, b.max[k]) > 0) return false;
    return true;
}

bool slope_holds(const SlopeTile& s, const HPoint& q) { return box_holds(s.cell, q) && line_side(s, q) >= 0; }

real coord_of(const HPoint& q, int k, int toward) {
    real c = real(value(coord(q, k)) / value(q.w));
    if (toward == 0 || q.real_point) return c;
    constexpr real inf = std::numeric_limits<real>::infinity();
    const real up = toward > 0 ? inf : -inf;
    // At or beyond q on the side of `toward`, and the next one back is not.
    for (int i = 0; i < tol::max_ulp_steps && coord_sign(q, k, c) * toward > 0; ++i) c = std::nextafter(c, up);
    for (int i = 0; i < tol::max_ulp_steps; ++i) {
        const real back = std::nextafter(c, -up);
        if (coord_sign(q, k, back) * toward > 0) break;
        c = back;
    }
    return c;
}

int offset_sign(const Exact& mx, const Exact& my, Vec2 c, const HPoint& q) {
    // m . (c w - q) / w, w > 0
    return sign(terms(mx) * -minus(q, 0, c.x) + terms(my) * -minus(q, 1, c.y));
}

bool on_path(const HPoint& q, Vec2 p, Vec2 d) {
    return sign(minus(q, 0, p.x) * terms(wide(d.y)) - minus(q, 1, p.y) * terms(wide(d.x))) == 0;
}

void path_time(const HPoint& q, Vec2 p, Vec2 d, int m, Terms<16>& num, Terms<4>& den) {
    const Terms<16> gap = minus(q, m, p[m]);
    num = widen_to<16>(d[m] > 0 ? gap : -gap);
    den = widen_to<4>(q.w * terms(std::fabs(wide(d[m]))));
}

} // namespace sweepbox::detail
