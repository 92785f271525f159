#pragma once
/// @file slope_reference.hpp
/// The exact meaning of a box (or a point) swept against a slope tile (docs/contract.md and
/// the design's "Slopes", rules S1-S2), computed with exact integers (exact.hpp) from the shape
/// table of the design, independently of src/tiles/slope.cpp.
///
/// The shape: the tile's cell (its rounded edges, as TileMap::cell_box gives them) cut by the
/// half-plane h(X) = w . (X - p) >= 0, where the line passes through two lattice corners of the
/// map (the two ends of the whole ramp: the cell's diagonal for 45 degrees, the ends of the
/// 2-tile span for the shallow and steep pieces, so the two pieces of a ramp share one line)
/// and w = perp(q - p) points into the solid part. The polygon is convex with edges normal to
/// x, y and w, so the moving box and the polygon overlap (interiors) exactly when their open
/// projections on x, y and w overlap. Per axis the set of times of overlap is an open interval
/// (entry, exit), all time (not moving along it, overlapping) or never:
/// - x, y: the box's edges against the polygon's extent on that axis (its least and greatest
///   vertex: the cell's side, or the tip of a half-height piece, where the line crosses the
///   cell's side; a rational point when the tile edges are rounded), as for two boxes;
/// - w: the box's extent [min h, max h] over its four corners moves by t * (w . d); the
///   polygon's extent is [max(0, min h over the cell), max h over the cell].
/// The hit is the latest entry T among the moving axes when it is in [0, 1) and strictly before
/// every exit; started_overlapping when every axis holds t = 0 in its open set.
/// At T the face entered last is the normal: the slope's face when w's entry is among the latest
/// and the box comes from the free side (w . d > 0); otherwise the cell's sides entered at T by
/// the box rules (sweep_box_box's `faces` and `seams`: the axis of the larger |d|, ties y; a
/// face that may not be entered yields to the other at a corner, else no contact; a seam yields
/// to a true surface). `corner`: more than one axis entered at T.
/// The reported time: the slope's face at T alone is T correctly rounded to `real` (ties to
/// even); when a side of the cell is entered at T too, the side's time as sweep_box_box rounds
/// it (the rounded difference over |d|, rounded once to real) is accepted as well, so a tile
/// side and a box side met at one instant keep one time.

#include <array>
#include <cmath>
#include <cstdint>
#include <utility>
#include <limits>
#include <sweepbox/config.hpp>
#include <sweepbox/geometry.hpp>
#include <sweepbox/tile_map.hpp>
#include "core/wide.hpp"
#include "exact.hpp"

namespace sweepbox::fuzz {

/// A slope shape in tile units (u right, v down, 0 to 1 across its cell): solid where
/// a*u + b*v >= c; the line through the lattice corners (pu, pv) and (qu, qv).
struct RefShapeLine {
    int a = 0, b = 0, c = 0;
    int pu = 0, pv = 0, qu = 0, qv = 0;
};

/// The design's table: the `_ul` shapes, then the mirrors (`_ur`: u -> 1 - u, `_dl`: v -> 1 - v,
/// `_dr`: both). False for a shape that is not a slope.
inline bool ref_shape_line(TileShape s, RefShapeLine& out) {
    struct Entry {
        TileShape shape;
        int family; // 0: 45 degrees, 1: shallow low, 2: shallow high, 3: steep low, 4: steep high
        bool mirror_u, mirror_v;
    };
    using T = TileShape;
    static constexpr Entry entries[] = {
        {T::slope45_ul, 0, false, false},     {T::slope45_ur, 0, true, false},
        {T::slope45_dl, 0, false, true},      {T::slope45_dr, 0, true, true},
        {T::shallow_ul_low, 1, false, false}, {T::shallow_ul_high, 2, false, false},
        {T::shallow_ur_low, 1, true, false},  {T::shallow_ur_high, 2, true, false},
        {T::shallow_dl_low, 1, false, true},  {T::shallow_dl_high, 2, false, true},
        {T::shallow_dr_low, 1, true, true},   {T::shallow_dr_high, 2, true, true},
        {T::steep_ul_low, 3, false, false},   {T::steep_ul_high, 4, false, false},
        {T::steep_ur_low, 3, true, false},    {T::steep_ur_high, 4, true, false},
        {T::steep_dl_low, 3, false, true},    {T::steep_dl_high, 4, false, true},
        {T::steep_dr_low, 3, true, true},     {T::steep_dr_high, 4, true, true},
    };
    // `_ul`: a*u + b*v >= c and the ramp's two ends (a 45-degree tile is its own ramp; the low
    // shallow piece is the left tile of a ramp spanning u in [0, 2], the high piece the right
    // one, u in [-1, 1]; the low steep piece is the lower tile of a ramp spanning v in [-1, 1],
    // the high piece the upper one, v in [0, 2]).
    static constexpr RefShapeLine ul[5] = {
        {1, 1, 1, 0, 1, 1, 0},  // u + v >= 1
        {1, 2, 2, 0, 1, 2, 0},  // u + 2v >= 2
        {1, 2, 1, -1, 1, 1, 0}, // u + 2v >= 1
        {2, 1, 1, 0, 1, 1, -1}, // 2u + v >= 1
        {2, 1, 2, 0, 2, 1, 0},  // 2u + v >= 2
    };
    for (const Entry& e : entries) {
        if (e.shape != s) continue;
        RefShapeLine l = ul[e.family];
        if (e.mirror_u) { // a*(1 - u) + b*v >= c  <=>  -a*u + b*v >= c - a
            l.c -= l.a;
            l.a = -l.a;
            l.pu = 1 - l.pu;
            l.qu = 1 - l.qu;
        }
        if (e.mirror_v) {
            l.c -= l.b;
            l.b = -l.b;
            l.pv = 1 - l.pv;
            l.qv = 1 - l.qv;
        }
        out = l;
        return true;
    }
    return false;
}

/// A slope tile placed in a map, in exact integers (every coordinate times 2^exact_shift).
struct RefSlope {
    TileShape shape{};
    Aabb cell{};               ///< the cell as `real`s
    Big x[2], y[2];            ///< the cell's min and max on x and y
    Big px, py;                ///< p, a point of the line
    Big wx, wy;                ///< w, normal to the line, pointing into the solid part
    Big poly_lo, poly_hi;      ///< the polygon's extent along w (h values)
    Frac ext_lo[2], ext_hi[2]; ///< the polygon's extent on x and y (its vertices' least and greatest)
    Vec2 line_p{}, line_q{};   ///< the two lattice corners, as `real`s
};

/// h(X) = w . (X - p) for X given exactly.
inline Big ref_h(const RefSlope& s, const Big& X, const Big& Y) { return s.wx * (X - s.px) + s.wy * (Y - s.py); }

/// The least and greatest h over the four corners of the box [X0, X1] x [Y0, Y1].
inline void ref_extent(const RefSlope& s, const Big& X0, const Big& X1, const Big& Y0, const Big& Y1, Big& lo,
                       Big& hi) {
    bool first = true;
    for (const Big* X : {&X0, &X1})
        for (const Big* Y : {&Y0, &Y1}) {
            const Big h = ref_h(s, *X, *Y);
            if (first || h < lo) lo = h;
            if (first || h > hi) hi = h;
            first = false;
        }
}

/// The slope tile at c (inside the map) of slope shape `shape`.
inline RefSlope ref_slope(const TileMap& map, TileCell c, TileShape shape) {
    RefShapeLine l;
    (void)ref_shape_line(shape, l);
    RefSlope s;
    s.shape = shape;
    s.cell = {{map.edge_x(c.column), map.edge_y(c.row)}, {map.edge_x(c.column + 1), map.edge_y(c.row + 1)}};
    s.x[0] = to_big(s.cell.min.x);
    s.x[1] = to_big(s.cell.max.x);
    s.y[0] = to_big(s.cell.min.y);
    s.y[1] = to_big(s.cell.max.y);
    s.line_p = {map.edge_x(c.column + l.pu), map.edge_y(c.row + l.pv)};
    s.line_q = {map.edge_x(c.column + l.qu), map.edge_y(c.row + l.qv)};
    if (!is_finite(s.line_p)) {
        // A lattice corner beyond the finite range (docs/contract.md, "Slopes"): the line goes
        // through the other one, a corner of the cell, along whole multiples of the cell's sides.
        std::swap(s.line_p, s.line_q);
        std::swap(l.pu, l.qu);
        std::swap(l.pv, l.qv);
    }
    s.px = to_big(s.line_p.x);
    s.py = to_big(s.line_p.y);
    if (is_finite(s.line_q)) {
        const Big qx = to_big(s.line_q.x), qy = to_big(s.line_q.y);
        // perp(q - p) = (-(qy - py), qx - px); turned so that the cell corner the design's
        // (a, b) points to (the deepest point of the solid part) is on its positive side.
        s.wx = s.py - qy;
        s.wy = qx - s.px;
    } else {
        s.wx = -Big(l.qv - l.pv) * (s.y[1] - s.y[0]);
        s.wy = Big(l.qu - l.pu) * (s.x[1] - s.x[0]);
    }
    const Big& fx = l.a > 0 ? s.x[1] : s.x[0];
    const Big& fy = l.b > 0 ? s.y[1] : s.y[0];
    if (sign(ref_h(s, fx, fy)) < 0) {
        s.wx = -s.wx;
        s.wy = -s.wy;
    }
    // The polygon's extent along w: the cell's, clipped to h >= 0 (the projection of a box cut
    // by a half-plane is the box's projection cut at 0).
    Big lo, hi;
    ref_extent(s, s.x[0], s.x[1], s.y[0], s.y[1], lo, hi);
    s.poly_lo = sign(lo) > 0 ? lo : Big(0);
    s.poly_hi = hi;
    // Its extent on x and y: over its vertices, the cell's corners on the solid side and the
    // points where the line crosses the cell's sides (X + f * (Y - X) with h(X) + f * (h(Y) -
    // h(X)) = 0, f = h(X) / (h(X) - h(Y)), kept as a fraction).
    const Big cx[4] = {s.x[0], s.x[1], s.x[1], s.x[0]}, cy[4] = {s.y[0], s.y[0], s.y[1], s.y[1]};
    bool first = true;
    auto take = [&](const Frac& x, const Frac& y) {
        const Frac v[2] = {x, y};
        for (int k = 0; k < 2; ++k) {
            if (first || compare(v[k], s.ext_lo[k]) < 0) s.ext_lo[k] = v[k];
            if (first || compare(v[k], s.ext_hi[k]) > 0) s.ext_hi[k] = v[k];
        }
        first = false;
    };
    for (int i = 0; i < 4; ++i) {
        const int j = (i + 1) % 4;
        const Big hi_ = ref_h(s, cx[i], cy[i]), hj = ref_h(s, cx[j], cy[j]);
        if (sign(hi_) >= 0) take({cx[i], Big(1)}, {cy[i], Big(1)});
        if (sign(hi_) * sign(hj) < 0) {
            const Big den = hi_ - hj; // X + hX / (hX - hY) * (Y - X)
            take(frac(cx[i] * den + hi_ * (cx[j] - cx[i]), den), frac(cy[i] * den + hi_ * (cy[j] - cy[i]), den));
        }
    }
    return s;
}

/// One axis's set of times of (open) overlap.
struct RefSlab {
    enum class Kind { never, always, moving } kind = Kind::never;
    Frac enter{}, exit{};
};

/// The moving interval [lo + t*k, hi + t*k] against the fixed interval [olo, ohi], open overlap.
inline RefSlab ref_slab(const Big& lo, const Big& hi, const Big& k, const Frac& olo, const Frac& ohi) {
    RefSlab r;
    // (x - o) as a fraction over o's denominator.
    auto minus = [](const Big& x, const Frac& o) { return Big(x * o.den - o.num); };
    if (sign(k) == 0) {
        r.kind = (sign(minus(lo, ohi)) < 0 && sign(minus(hi, olo)) > 0) ? RefSlab::Kind::always : RefSlab::Kind::never;
        return r;
    }
    r.kind = RefSlab::Kind::moving;
    // lo + t*k < ohi and olo < hi + t*k.
    if (sign(k) > 0) {
        r.enter = frac(-minus(hi, olo), olo.den * k);
        r.exit = frac(-minus(lo, ohi), ohi.den * k);
    } else {
        r.enter = frac(-minus(lo, ohi), ohi.den * k);
        r.exit = frac(-minus(hi, olo), olo.den * k);
    }
    return r;
}

/// The three slabs (x, y, w) of box a moved by d against the slope tile.
inline std::array<RefSlab, 3> ref_slabs(const Aabb& a, Vec2 d, const RefSlope& s) {
    const Big ax0 = to_big(a.min.x), ax1 = to_big(a.max.x), ay0 = to_big(a.min.y), ay1 = to_big(a.max.y);
    const Big dx = to_big(d.x), dy = to_big(d.y);
    std::array<RefSlab, 3> r;
    r[0] = ref_slab(ax0, ax1, dx, s.ext_lo[0], s.ext_hi[0]);
    r[1] = ref_slab(ay0, ay1, dy, s.ext_lo[1], s.ext_hi[1]);
    Big lo, hi;
    ref_extent(s, ax0, ax1, ay0, ay1, lo, hi);
    r[2] = ref_slab(lo, hi, s.wx * dx + s.wy * dy, {s.poly_lo, Big(1)}, {s.poly_hi, Big(1)});
    return r;
}

/// True when the interiors of box a and the slope tile overlap (every axis's open projections).
inline bool ref_slope_overlaps(const Aabb& a, const RefSlope& s) {
    for (const RefSlab& sl : ref_slabs(a, {0, 0}, s))
        if (sl.kind != RefSlab::Kind::always) return false;
    return true;
}

/// True when the closed box a and the closed polygon share a point (every axis's closed
/// projections meet).
inline bool ref_slope_intersects_closed(const Aabb& a, const RefSlope& s) {
    const Big ax0 = to_big(a.min.x), ax1 = to_big(a.max.x), ay0 = to_big(a.min.y), ay1 = to_big(a.max.y);
    const Frac ax[2] = {{ax0, Big(1)}, {ax1, Big(1)}}, ay[2] = {{ay0, Big(1)}, {ay1, Big(1)}};
    if (compare(ax[1], s.ext_lo[0]) < 0 || compare(s.ext_hi[0], ax[0]) < 0 || compare(ay[1], s.ext_lo[1]) < 0 ||
        compare(s.ext_hi[1], ay[0]) < 0)
        return false;
    Big lo, hi;
    ref_extent(s, ax0, ax1, ay0, ay1, lo, hi);
    return !(hi < s.poly_lo || s.poly_hi < lo);
}

/// True when the closed segment a + t*d, t in [0, 1], meets the closed polygon; `entry` is then
/// the first such t.
inline bool ref_segment_meets(Vec2 a, Vec2 d, const RefSlope& s, Frac& entry) {
    const std::array<RefSlab, 3> sl = ref_slabs({a, a}, d, s);
    const Big X = to_big(a.x), Y = to_big(a.y), h = ref_h(s, X, Y);
    // Closed projections: a slab not moving must hold the point (closed); a moving one holds
    // it for t in [enter, exit].
    const Frac fx{X, Big(1)}, fy{Y, Big(1)};
    const bool held[3] = {compare(s.ext_lo[0], fx) <= 0 && compare(fx, s.ext_hi[0]) <= 0,
                          compare(s.ext_lo[1], fy) <= 0 && compare(fy, s.ext_hi[1]) <= 0,
                          s.poly_lo <= h && h <= s.poly_hi};
    Frac lo{Big(0), Big(1)}, hi{Big(1), Big(1)};
    for (int i = 0; i < 3; ++i) {
        if (sl[i].kind != RefSlab::Kind::moving) {
            if (!held[i]) return false;
            continue;
        }
        if (compare(sl[i].enter, lo) > 0) lo = sl[i].enter;
        if (compare(sl[i].exit, hi) < 0) hi = sl[i].exit;
    }
    if (compare(lo, hi) > 0) return false;
    entry = lo;
    return true;
}

/// The exact answer of a sweep against a slope tile.
struct RefSlopeSweep {
    SweepState state = SweepState::miss;
    Frac time{};                          ///< hit: T, exact
    Vec2 normal{0, 0};                    ///< hit: the slope's normal or a unit axis vector
    bool slope_face = false;              ///< hit: the slope's face is the normal
    bool corner = false;                  ///< hit: more than one axis entered at T
    bool tied[3] = {false, false, false}; ///< hit: the axes (x, y, w) entered at T
};

/// The face flag of the side of the cell met on axis k moving with d_k.
inline std::uint8_t ref_side_face(int k, real dk) {
    if (k == 0) return dk > 0 ? face_neg_x : face_pos_x;
    return dk > 0 ? face_neg_y : face_pos_y;
}

/// The exact answer of sweeping box a by d against the slope tile, the cell's sides entered
/// only through `faces` and `seams` the sides shared with more solid. `slope_normal` is the
/// normal reported for the slope's face.
inline RefSlopeSweep ref_sweep_slope(const Aabb& a, Vec2 d, const RefSlope& s, std::uint8_t faces, std::uint8_t seams,
                                     Vec2 slope_normal) {
    using K = RefSlab::Kind;
    RefSlopeSweep r;
    const std::array<RefSlab, 3> sl = ref_slabs(a, d, s);
    for (const RefSlab& x : sl)
        if (x.kind == K::never) return r;
    bool inside = true;
    for (const RefSlab& x : sl)
        if (x.kind == K::moving && !(compare(x.enter, 0) < 0 && compare(x.exit, 0) > 0)) inside = false;
    if (inside) {
        r.state = SweepState::started_overlapping;
        return r;
    }
    // T: the latest entry among the moving axes (some axis moves, or the start was inside).
    int last = -1;
    for (int i = 0; i < 3; ++i)
        if (sl[i].kind == K::moving && (last < 0 || compare(sl[i].enter, sl[last].enter) > 0)) last = i;
    const Frac T = sl[last].enter;
    if (compare(T, 0) < 0 || compare(T, 1) >= 0) return r;
    for (const RefSlab& x : sl)
        if (x.kind == K::moving && compare(T, x.exit) >= 0) return r;
    int ties = 0;
    for (int i = 0; i < 3; ++i) {
        r.tied[i] = sl[i].kind == K::moving && compare(sl[i].enter, T) == 0;
        ties += r.tied[i] ? 1 : 0;
    }
    r.corner = ties > 1;
    r.time = T;
    const bool from_free_side = sign(s.wx * to_big(d.x) + s.wy * to_big(d.y)) > 0;
    if (r.tied[2] && from_free_side) {
        r.state = SweepState::hit;
        r.slope_face = true;
        r.normal = slope_normal;
        return r;
    }
    // The cell's sides entered at T (w entered from the solid side is the polygon's far vertex,
    // which the sides share: they are entered at T too).
    int primary = -1, secondary = -1;
    if (r.tied[0] && r.tied[1]) {
        primary = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1;
        secondary = 1 - primary;
    } else if (r.tied[0] || r.tied[1]) {
        primary = r.tied[0] ? 0 : 1;
    } else {
        return r; // only the far vertex: no face of the polygon is met
    }
    auto enterable = [&](int k) { return k >= 0 && (faces & ref_side_face(k, d[k])) != 0; };
    auto seam = [&](int k) { return (seams & ref_side_face(k, d[k])) != 0; };
    int axis = -1;
    if (enterable(primary) && !seam(primary)) axis = primary;
    else if (enterable(secondary) && !seam(secondary)) axis = secondary;
    else if (enterable(primary)) axis = primary;
    else if (enterable(secondary)) axis = secondary;
    if (axis < 0) return r; // no face that may be entered
    r.state = SweepState::hit;
    r.normal = axis == 0 ? Vec2{d.x > 0 ? real(-1) : real(1), 0} : Vec2{0, d.y > 0 ? real(-1) : real(1)};
    return r;
}

/// The time sweep_box_box gives a hit of box a by d on the side of cell `cell` met on axis k:
/// the difference of the two edges rounded in `wide`, over |d_k| in `wide`, rounded once to
/// real; +0 for a difference that is not positive, and below 1.
inline real ref_side_time(const Aabb& a, Vec2 d, const Aabb& cell, int k) {
    using detail::wide;
    const wide num = d[k] > 0 ? wide(cell.min[k]) - wide(a.max[k]) : wide(a.min[k]) - wide(cell.max[k]);
    real t = real(num / std::fabs(wide(d[k])));
    if (!(t > 0)) t = 0;
    if (t >= 1) t = std::nextafter(real(1), real(0));
    return t;
}

/// True when t is T (0 <= T < 1) rounded to the nearest `real`, ties to even, then clamped
/// below 1 (the largest real below 1 when T rounds up to 1).
inline bool ref_correctly_rounded(real t, const Frac& T) {
    if (!(t >= 0) || !(t < 1)) return false;
    // Midpoints of neighbouring reals in [0, 1] are integers once scaled by 2^(exact_shift + 1).
    const Big Tn = T.num << (exact_shift + 1); // T * 2^(S+1) = Tn / den
    auto cmp_mid = [&](real x, real y) {       // sign of T - (x + y) / 2
        const Big m = (to_big(x) + to_big(y)) * T.den;
        return Tn < m ? -1 : (Tn > m ? 1 : 0);
    };
    auto even = [](real x) {
        int e = 0;
        const long double m = std::frexp(static_cast<long double>(x), &e);
        if (x == 0) return true;
        // The last bit of the significand at x's precision (subnormals have fewer bits).
        const int lowest = std::max(e - std::numeric_limits<real>::digits, -exact_shift);
        const long double units = std::ldexp(m, e - lowest);
        return std::fmod(units, 2.0L) == 0;
    };
    constexpr real inf = std::numeric_limits<real>::infinity();
    if (t > 0) {
        const real below = std::nextafter(t, real(0));
        const int c = cmp_mid(below, t);
        if (c < 0 || (c == 0 && !even(t))) return false;
    }
    const real above = std::nextafter(t, inf);
    if (above == 1) return true; // everything from the lower midpoint up rounds to t or to 1
    const int c = cmp_mid(t, above);
    return c < 0 || (c == 0 && even(t));
}

/// True when `normal` is the outward unit normal of the slope's face correctly rounded: each
/// component is the `real` nearest to -w_k / |w| for the design's integer w = (a, b).
inline bool ref_normal_correctly_rounded(Vec2 normal, const RefShapeLine& l) {
    const int a2b2 = l.a * l.a + l.b * l.b;
    for (int k = 0; k < 2; ++k) {
        const int wk = k == 0 ? l.a : l.b;
        const real n = normal[k];
        if ((wk > 0) == (n > 0) || n == 0) return false; // outward: against (a, b)
        // |n| is nearest to |wk| / sqrt(a2b2): (|n| -+ half an ulp)^2 * a2b2 brackets wk^2
        // (no tie is possible: the exact value is irrational or a power of two's neighbour).
        const real m = std::fabs(n);
        const Big lo = to_big(m) + to_big(std::nextafter(m, real(0))); // 2 * lower midpoint * 2^S
        const Big hi = to_big(m) + to_big(std::nextafter(m, real(2)));
        const Big target = Big(wk * wk) << (2 * exact_shift + 2); // (2 * 2^S)^2 * wk^2 / a2b2
        if (!(lo * lo * a2b2 < target && target < hi * hi * a2b2)) return false;
    }
    return true;
}

} // namespace sweepbox::fuzz
