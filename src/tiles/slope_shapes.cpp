// The slope shapes in tile units: lines, normals, polygons and the solid part of each side.

#include <sweepbox/tile_map.hpp>

#include "tiles/slope.hpp"

namespace sweepbox {

SlopeLine slope_line(TileShape s) {
    if (!is_slope(s)) return {};
    const int i = int(s) - int(TileShape::slope45_ul);
    // The `_ul` lines: 45 degrees, shallow low and high, steep low and high (a, b, c, p, q).
    static constexpr SlopeLine base[5] = {
        {1, 1, 1, 0, 1, 1, 0},  {1, 2, 2, 0, 1, 2, 0}, {1, 2, 1, -1, 1, 1, 0},
        {2, 1, 1, 0, 1, 1, -1}, {2, 1, 2, 0, 2, 1, 0},
    };
    const int family = i < 4 ? 0 : (i < 12 ? 1 : 3);
    const int orient = i < 4 ? i : ((i - 4) % 8) / 2; // ul, ur, dl, dr
    const int piece = i < 4 ? 0 : (i - 4) % 2;        // low, high
    SlopeLine l = base[family + piece];
    if (orient & 1) { // u -> 1 - u
        l.c -= l.a;
        l.a = -l.a;
        l.pu = 1 - l.pu;
        l.qu = 1 - l.qu;
    }
    if (orient & 2) { // v -> 1 - v
        l.c -= l.b;
        l.b = -l.b;
        l.pv = 1 - l.pv;
        l.qv = 1 - l.qv;
    }
    return l;
}

Vec2 slope_normal(TileShape s) {
    if (!is_slope(s)) return {0, 0};
    const SlopeLine l = slope_line(s);
    // 1/sqrt(2), 1/sqrt(5) and 2/sqrt(5) to more digits than any `real` holds.
    constexpr real r2 = real(0.70710678118654752440084436210484904L);
    constexpr real r5 = real(0.44721359549995793928183473374625524L);
    constexpr real r5x2 = real(0.89442719099991587856366946749251049L);
    auto part = [&](int k, int other) {
        const int m = k < 0 ? -k : k, o = other < 0 ? -other : other;
        const real v = m == o ? r2 : (m > o ? r5x2 : r5);
        return k > 0 ? -v : v; // outward: against (a, b)
    };
    return {part(l.a, l.b), part(l.b, l.a)};
}

int slope_polygon(TileShape s, Vec2 (&out)[4]) {
    if (!is_slope(s)) return 0;
    const SlopeLine l = slope_line(s);
    // The unit square clipped to a*u + b*v >= c (Sutherland-Hodgman with one plane); every
    // corner is a multiple of 1/2, exact in any `real`.
    const real sq[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    auto g = [&](const real* p) { return real(l.a) * p[0] + real(l.b) * p[1] - real(l.c); };
    int n = 0;
    for (int i = 0; i < 4; ++i) {
        const real* p = sq[i];
        const real* q = sq[(i + 1) % 4];
        const real gp = g(p), gq = g(q);
        if (gp >= 0) out[n++] = {p[0], p[1]};
        if ((gp > 0 && gq < 0) || (gp < 0 && gq > 0)) {
            const real t = gp / (gp - gq);
            out[n++] = {p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])};
        }
    }
    return n;
}

namespace detail {

SideCover side_cover(TileShape s, std::uint8_t face) {
    if (s == TileShape::solid) return {0, 1};
    if (!is_slope(s)) return {};
    const SlopeLine l = slope_line(s);
    // The side from its start (t = 0) to its end (t = 1) in tile units.
    real u0 = 0, v0 = 0, u1 = 0, v1 = 0;
    switch (face) {
    case face_neg_x: v1 = 1; break;
    case face_pos_x: u0 = u1 = 1, v1 = 1; break;
    case face_neg_y: u1 = 1; break;
    default: v0 = v1 = 1, u1 = 1; break;
    }
    const real g0 = real(l.a) * u0 + real(l.b) * v0 - real(l.c);
    const real g1 = real(l.a) * u1 + real(l.b) * v1 - real(l.c);
    if (g0 < 0 && g1 < 0) return {};
    if (g0 >= 0 && g1 >= 0) return {0, 1};
    const real t = g0 / (g0 - g1); // where g crosses 0: 0, 1/2 or 1
    return g0 >= 0 ? SideCover{0, t} : SideCover{t, 1};
}

} // namespace detail
} // namespace sweepbox
