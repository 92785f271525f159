#pragma once
/// @file slope_oracle.hpp
/// The exact first stop of a point, plank or box moved across a tile map of solid and slope
/// tiles, from the contract's words alone (rules 1, 3, 6 and "Slopes"), in exact integers
/// (exact.hpp): an oracle for the casts and moves of a World holding such a map.
///
/// The solid is the union of the tiles' closed solid parts: convex polygons, each the cell cut
/// by at most one half-plane (slope_reference.hpp), written here as half-planes m . X >= c.
/// - A box with area, or a plank moving off its own line, stops at the first time its interior
///   meets the interior of a polygon (the per-tile exact sweeps of slope_reference.hpp and
///   sweep_reference.hpp; their least time).
/// - A point (or a plank moving along its own line: its leading end, the plank behind it) stops
///   at the first time t in [0, 1) at which, at Q = P(t),
///   (a) it goes on into the interior of the solid: direction d lies in the interior of the union
///       of the cones the polygons holding Q cover at Q (inside a polygon, along a seam where two
///       solids touch, into a corner where solids meet);
///   (b) or it passes a meeting point: t > 0 and solids touch Q from both open sides of its path
///       (two tips, a tip on a tile's corner, two tiles touching diagonally), or, for a point
///       starting there (t = 0), the free directions at Q fall apart in arcs that d does not all
///       border (it could be on any side: it goes only where every side may).
///   The local structure changes only where the path crosses a polygon's side or line, so these
///   event times (and 0) are the only ones to test.
/// A point, plank or box is *inside* the solid when some point of it (of a plank: of the open
/// segment) lies in the interior of the union.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>
#include <sweepbox/geometry.hpp>
#include <sweepbox/tile_map.hpp>
#include <sweepbox/world.hpp>
#include "exact.hpp"
#include "slope_reference.hpp"
#include "sweep_reference.hpp"

namespace sweepbox::fuzz {

/// A closed half-plane m . X >= c of scaled integer coordinates (x * 2^exact_shift).
struct Half {
    Big mx, my, c;
};

/// A tile's closed solid part: the cell's four sides and a slope's line.
struct OraclePoly {
    TileCell cell{};
    TileShape shape{};
    Aabb box{};
    Half h[5];
    int n = 0;
    RefSlope slope{}; ///< a slope tile's reference
};

/// A point (x / w, y / w) of scaled coordinates, w > 0.
struct HPoint {
    Big x, y, w;
};

/// A direction, scaled or not (only signs of products are taken).
struct BigDir {
    Big x, y;
};

inline BigDir perp(const BigDir& v) { return {Big(-v.y), v.x}; }
inline BigDir negated(const BigDir& v) { return {Big(-v.x), Big(-v.y)}; }
inline int dot_sign(const Big& mx, const Big& my, const BigDir& u) { return sign(Big(mx * u.x + my * u.y)); }

/// The polygons of every solid or slope tile of the map (others block nothing here).
inline std::vector<OraclePoly> oracle_polygons(const TileMap& map) {
    std::vector<OraclePoly> out;
    for (std::int32_t r = 0; r < map.rows(); ++r)
        for (std::int32_t c = 0; c < map.columns(); ++c) {
            const TileShape s = map.shape_at({c, r});
            if (s != TileShape::solid && !is_slope(s)) continue;
            OraclePoly p;
            p.cell = {c, r};
            p.shape = s;
            p.box = map.cell_box({c, r});
            const Big x0 = to_big(p.box.min.x), x1 = to_big(p.box.max.x);
            const Big y0 = to_big(p.box.min.y), y1 = to_big(p.box.max.y);
            p.h[p.n++] = {Big(1), Big(0), x0};
            p.h[p.n++] = {Big(-1), Big(0), Big(-x1)};
            p.h[p.n++] = {Big(0), Big(1), y0};
            p.h[p.n++] = {Big(0), Big(-1), Big(-y1)};
            if (is_slope(s)) {
                p.slope = ref_slope(map, {c, r}, s);
                const RefSlope& rs = p.slope;
                p.h[p.n++] = {rs.wx, rs.wy, Big(rs.wx * rs.px + rs.wy * rs.py)};
            }
            out.push_back(p);
        }
    return out;
}

/// m . Q - c, scaled by Q.w (its sign is the half-plane's side of Q).
inline Big side_of(const Half& h, const HPoint& q) { return h.mx * q.x + h.my * q.y - h.c * q.w; }

/// The local picture at a point Q: for each polygon holding Q, the half-planes through Q (its
/// tangent cone: the directions u with m . u >= 0 for each).
struct LocalCones {
    std::vector<std::vector<const Half*>> cones;
};

inline LocalCones cones_at(const std::vector<const OraclePoly*>& polys, const HPoint& q) {
    LocalCones l;
    for (const OraclePoly* p : polys) {
        std::vector<const Half*> active;
        bool in = true;
        for (int i = 0; i < p->n && in; ++i) {
            const int s = sign(side_of(p->h[i], q));
            if (s < 0) in = false;
            if (s == 0) active.push_back(&p->h[i]);
        }
        if (in) l.cones.push_back(std::move(active));
    }
    return l;
}

/// Whether u + eps * v (eps > 0 infinitesimal) lies in the closed cone.
inline bool in_cone(const std::vector<const Half*>& cone, const BigDir& u, const BigDir& v) {
    for (const Half* h : cone) {
        const int s = dot_sign(h->mx, h->my, u);
        if (s < 0 || (s == 0 && dot_sign(h->mx, h->my, v) < 0)) return false;
    }
    return true;
}
inline bool covered(const LocalCones& l, const BigDir& u, const BigDir& v) {
    for (const auto& c : l.cones)
        if (in_cone(c, u, v)) return true;
    return false;
}

/// (a): direction u lies in the interior of the union of the cones.
inline bool goes_inside(const LocalCones& l, const BigDir& u) {
    return covered(l, u, perp(u)) && covered(l, u, negated(perp(u)));
}

/// Whether the cone meets the open half-plane n . u > 0 (tested on its edges' directions, the
/// half-planes' own normals and n itself).
inline bool cone_meets_open(const std::vector<const Half*>& cone, const BigDir& n) {
    std::vector<BigDir> cand{n};
    for (const Half* h : cone) {
        const BigDir m{h->mx, h->my};
        cand.push_back(m);
        cand.push_back(perp(m));
        cand.push_back(negated(perp(m)));
    }
    for (const BigDir& u : cand)
        if (dot_sign(n.x, n.y, u) > 0 && in_cone(cone, u, BigDir{Big(0), Big(0)})) return true;
    return false;
}

/// (b) for t > 0: solids touch Q from both open sides of the path.
inline bool pinched(const LocalCones& l, const BigDir& d) {
    const BigDir n = perp(d);
    bool side[2] = {false, false};
    for (const auto& c : l.cones) {
        side[0] = side[0] || cone_meets_open(c, n);
        side[1] = side[1] || cone_meets_open(c, negated(n));
    }
    return side[0] && side[1];
}

/// The number of open arcs of free (uncovered) directions at Q; 1 when nothing holds Q.
inline int free_arcs(const LocalCones& l) {
    std::vector<BigDir> dirs;
    for (const auto& c : l.cones)
        for (const Half* h : c) {
            const BigDir m{h->mx, h->my};
            dirs.push_back(perp(m));
            dirs.push_back(negated(perp(m)));
        }
    if (l.cones.empty()) return 1;
    const BigDir zero{Big(0), Big(0)};
    // An arc of free directions starts (turning one way) at a covered direction whose neighbour
    // that way is free; count each such direction once.
    std::vector<BigDir> starts;
    for (const BigDir& b : dirs) {
        if (!covered(l, b, zero) || covered(l, b, perp(b))) continue;
        bool seen = false;
        for (const BigDir& s : starts)
            if (sign(Big(s.x * b.y - s.y * b.x)) == 0 && sign(Big(s.x * b.x + s.y * b.y)) > 0) seen = true;
        if (!seen) starts.push_back(b);
    }
    return int(starts.size());
}

/// The free arcs next to direction d: the one d lies in, else those on either side of it (a
/// point starting at a meeting point may go along d only when every free arc is one of these).
inline int arcs_beside(const LocalCones& l, const BigDir& d) {
    if (!covered(l, d, BigDir{Big(0), Big(0)})) return 1;
    return int(!covered(l, d, perp(d))) + int(!covered(l, d, negated(perp(d))));
}

/// The polygons whose closed cells the closed box meets.
inline std::vector<const OraclePoly*> near_polys(const std::vector<OraclePoly>& polys, const Aabb& b) {
    std::vector<const OraclePoly*> out;
    for (const OraclePoly& p : polys)
        if (p.box.min.x <= b.max.x && b.min.x <= p.box.max.x && p.box.min.y <= b.max.y && b.min.y <= p.box.max.y)
            out.push_back(&p);
    return out;
}

/// A stop of the oracle.
struct OracleStop {
    enum class Kind { none, enters, passes } kind = Kind::none;
    Frac time{};
};

/// The first stop of the point p moved by d (scaled integers, exactly) over t in [0, 1) (see the
/// file's comment); `span`: a box holding the path. `start_rule`: a point that does not know
/// its side at a meeting point it starts on (a plank's end knows it: the plank lies behind it).
/// `enters_only`: the first time it goes into the solid, passing meeting points.
inline OracleStop point_stop(const std::vector<OraclePoly>& polys, const Big& ax, const Big& ay, const BigDir& dd,
                             const Aabb& span, bool start_rule, bool enters_only = false) {
    const std::vector<const OraclePoly*> near = near_polys(polys, span);
    std::vector<Frac> events{{Big(0), Big(1)}};
    for (const OraclePoly* poly : near)
        for (int i = 0; i < poly->n; ++i) {
            const Half& h = poly->h[i];
            const Big md = h.mx * dd.x + h.my * dd.y;
            if (sign(md) == 0) continue;
            const Frac t = frac(h.c - h.mx * ax - h.my * ay, md);
            if (compare(t, 0) > 0 && compare(t, 1) < 0) events.push_back(t);
        }
    std::sort(events.begin(), events.end(), [](const Frac& a, const Frac& b) { return compare(a, b) < 0; });
    OracleStop out;
    for (std::size_t e = 0; e < events.size(); ++e) {
        if (e > 0 && compare(events[e], events[e - 1]) == 0) continue;
        const Frac& t = events[e];
        const HPoint q{ax * t.den + dd.x * t.num, ay * t.den + dd.y * t.num, t.den};
        const LocalCones l = cones_at(near, q);
        if (l.cones.empty()) continue;
        const bool at_start = e == 0;
        if (goes_inside(l, dd)) {
            out.kind = OracleStop::Kind::enters;
        } else if (!enters_only && (at_start && start_rule ? free_arcs(l) > arcs_beside(l, dd) : pinched(l, dd))) {
            out.kind = OracleStop::Kind::passes;
        } else {
            continue;
        }
        out.time = t;
        return out;
    }
    return out;
}

/// The closed box holding the segment from a to b (reals).
inline Aabb span_of(Vec2 a, Vec2 b) {
    return {{std::min(a.x, b.x), std::min(a.y, b.y)}, {std::max(a.x, b.x), std::max(a.y, b.y)}};
}

/// point_stop for the point p moved by d (reals), the path p + t * d exactly.
inline OracleStop point_stop(const std::vector<OraclePoly>& polys, Vec2 p, Vec2 d, bool start_rule) {
    // (p + d rounded may differ from the exact end by a rounding: the span is widened by a step.)
    Aabb span = span_of(p, {real(p.x + d.x), real(p.y + d.y)});
    for (int k = 0; k < 2; ++k) {
        span.min[k] = std::nextafter(span.min[k], -std::numeric_limits<real>::infinity());
        span.max[k] = std::nextafter(span.max[k], std::numeric_limits<real>::infinity());
    }
    return point_stop(polys, to_big(p.x), to_big(p.y), {to_big(d.x), to_big(d.y)}, span, start_rule);
}

/// point_stop for the segment from a to b (reals), exactly.
inline OracleStop segment_stop(const std::vector<OraclePoly>& polys, Vec2 a, Vec2 b, bool start_rule,
                               bool enters_only = false) {
    const Big ax = to_big(a.x), ay = to_big(a.y);
    return point_stop(polys, ax, ay, {Big(to_big(b.x) - ax), Big(to_big(b.y) - ay)}, span_of(a, b), start_rule,
                      enters_only);
}

/// True when the point (x / w, y / w) lies in the interior of the solid.
inline bool point_inside(const std::vector<OraclePoly>& polys, const HPoint& q, const Aabb& near_box) {
    const LocalCones l = cones_at(near_polys(polys, near_box), q);
    if (l.cones.empty()) return false;
    // Inside when no direction is free: every cone edge's direction is covered on both sides
    // (a point inside a polygon has an empty cone, which covers everything).
    for (const auto& c : l.cones)
        if (c.empty()) return true;
    for (const auto& c : l.cones)
        for (const Half* h : c) {
            const BigDir m{h->mx, h->my};
            for (const BigDir& b : {perp(m), negated(perp(m))})
                if (!goes_inside(l, b)) return false;
        }
    return true;
}

/// True when box b (a point, a plank or a box with area) is inside the solid.
inline bool box_inside(const std::vector<OraclePoly>& polys, const Aabb& b) {
    if (b.min == b.max) return point_inside(polys, {to_big(b.min.x), to_big(b.min.y), Big(1)}, b);
    if (b.min.x == b.max.x || b.min.y == b.max.y) {
        // A plank: a point running along it from one end goes into the solid before the other.
        return segment_stop(polys, b.min, b.max, false, true).kind == OracleStop::Kind::enters;
    }
    for (const OraclePoly* p : near_polys(polys, b)) {
        if (!(p->box.min.x < b.max.x && b.min.x < p->box.max.x && p->box.min.y < b.max.y && b.min.y < p->box.max.y))
            continue;
        if (p->shape == TileShape::solid || ref_slope_overlaps(b, p->slope)) return true;
    }
    return false;
}

/// A sweep's exact first time of interior overlap of box a moved by (dx, dy) with a polygon.
struct PolySweep {
    enum class State { miss, started, hit } state = State::miss;
    Frac time{};
};

PolySweep poly_sweep(const OraclePoly& p, const Aabb& a, const Big& dx, const Big& dy) {
    const Big ax0 = to_big(a.min.x), ax1 = to_big(a.max.x), ay0 = to_big(a.min.y), ay1 = to_big(a.max.y);
    std::vector<RefSlab> sl;
    if (is_slope(p.shape)) {
        const RefSlope& s = p.slope;
        sl.push_back(ref_slab(ax0, ax1, dx, s.ext_lo[0], s.ext_hi[0]));
        sl.push_back(ref_slab(ay0, ay1, dy, s.ext_lo[1], s.ext_hi[1]));
        Big lo, hi;
        ref_extent(s, ax0, ax1, ay0, ay1, lo, hi);
        sl.push_back(ref_slab(lo, hi, s.wx * dx + s.wy * dy, {s.poly_lo, Big(1)}, {s.poly_hi, Big(1)}));
    } else {
        const Frac x0{to_big(p.box.min.x), Big(1)}, x1{to_big(p.box.max.x), Big(1)};
        const Frac y0{to_big(p.box.min.y), Big(1)}, y1{to_big(p.box.max.y), Big(1)};
        sl.push_back(ref_slab(ax0, ax1, dx, x0, x1));
        sl.push_back(ref_slab(ay0, ay1, dy, y0, y1));
    }
    PolySweep out;
    bool any_moving = false;
    Frac enter, exit;
    for (const RefSlab& s : sl) {
        if (s.kind == RefSlab::Kind::never) return out;
        if (s.kind != RefSlab::Kind::moving) continue;
        if (!any_moving || compare(s.enter, enter) > 0) enter = s.enter;
        if (!any_moving || compare(s.exit, exit) < 0) exit = s.exit;
        any_moving = true;
    }
    if (!any_moving) {
        out.state = PolySweep::State::started;
        return out;
    }
    if (compare(enter, exit) >= 0 || compare(enter, 1) >= 0 || compare(exit, 0) <= 0) return out;
    if (compare(enter, 0) < 0) {
        out.state = PolySweep::State::started;
        return out;
    }
    out.state = PolySweep::State::hit;
    out.time = enter;
    return out;
}

/// The first stop of box a moved by (dx, dy) (exact), `span` a box holding its path: for a point,
/// or a plank along its own line, point_stop's (a plank that starts inside stops at once); for
/// the others the least time of the polygons' sweeps.
OracleStop first_stop(const std::vector<OraclePoly>& polys, const Aabb& a, const Big& dx, const Big& dy,
                      const Aabb& span) {
    const bool flat_x = a.min.x == a.max.x, flat_y = a.min.y == a.max.y;
    if (sign(dx) == 0 && sign(dy) == 0) {
        // No motion meets only what it starts inside of (an obstacle's interior).
        for (const OraclePoly* p : near_polys(polys, span))
            if (poly_sweep(*p, a, dx, dy).state == PolySweep::State::started)
                return {OracleStop::Kind::enters, {Big(0), Big(1)}};
        return {};
    }
    const bool along = (flat_x && flat_y) || (flat_x && sign(dx) == 0) || (flat_y && sign(dy) == 0);
    if (along) {
        if (!(a.min == a.max) && box_inside(polys, a)) return {OracleStop::Kind::enters, {Big(0), Big(1)}};
        Vec2 lead = a.min;
        if (flat_x && !flat_y) lead.y = sign(dy) > 0 ? a.max.y : a.min.y;
        if (flat_y && !flat_x) lead.x = sign(dx) > 0 ? a.max.x : a.min.x;
        Aabb s = span;
        return point_stop(polys, to_big(lead.x), to_big(lead.y), {dx, dy}, s, flat_x && flat_y);
    }
    OracleStop out;
    for (const OraclePoly* p : near_polys(polys, span)) {
        const PolySweep s = poly_sweep(*p, a, dx, dy);
        if (s.state == PolySweep::State::miss) continue;
        const Frac t = s.state == PolySweep::State::hit ? s.time : Frac{Big(0), Big(1)};
        if (out.kind == OracleStop::Kind::none || compare(t, out.time) < 0) {
            out.kind = OracleStop::Kind::enters;
            out.time = t;
        }
    }
    return out;
}

Aabb span_box(const Aabb& a, const Aabb& b) {
    Aabb s{{std::min(a.min.x, b.min.x), std::min(a.min.y, b.min.y)},
           {std::max(a.max.x, b.max.x), std::max(a.max.y, b.max.y)}};
    for (int k = 0; k < 2; ++k) {
        s.min[k] = std::nextafter(s.min[k], -std::numeric_limits<real>::infinity());
        s.max[k] = std::nextafter(s.max[k], std::numeric_limits<real>::infinity());
    }
    return s;
}

/// The contact rule 4 ranks first among the polygons a box with area meets at exactly T: its
/// tile and normal by the references (with the map's seams: a seam yields at a corner).
bool expected_contact(const TileMap& map, const std::vector<OraclePoly>& polys, const Aabb& a, Vec2 d, const Frac& T,
                      TileCell& cell, Vec2& normal) {
    bool found = false, found_corner = false;
    for (const OraclePoly* p : near_polys(polys, span_box(a, a.translated(d)))) {
        const std::uint8_t seams = std::uint8_t(~map.faces(p->cell) & face_all);
        bool corner = false;
        Vec2 n;
        Frac t;
        if (is_slope(p->shape)) {
            const RefSlopeSweep s = ref_sweep_slope(a, d, p->slope, face_all, seams, slope_normal(p->shape));
            if (s.state != SweepState::hit) continue;
            t = s.time;
            corner = s.corner;
            n = s.normal;
        } else {
            const RefSweep s = reference_sweep(a, d, p->box, face_all);
            if (s.state != SweepState::hit) continue;
            t = s.time;
            corner = s.corner;
            n = s.normal;
            if (corner) {
                // A seam yields to the other side at a corner (sweep_box_box's faces and seams).
                const int k = n.x != 0 ? 0 : 1;
                auto face = [&](int axis) { return ref_side_face(axis, d[axis]); };
                if ((seams & face(k)) != 0 && (seams & face(1 - k)) == 0)
                    n = k == 0 ? Vec2{0, d.y > 0 ? real(-1) : real(1)} : Vec2{d.x > 0 ? real(-1) : real(1), 0};
            }
        }
        if (compare(t, T) != 0) continue;
        // (polys are in row-major order: the first of a kind is the lowest id)
        if (!found || (found_corner && !corner)) {
            found = true;
            found_corner = corner;
            cell = p->cell;
            normal = n;
        }
    }
    return found;
}


/// The verdict on a cast's answer h for box a moved by d.
struct CastCheck {
    enum Verdict { agree, skipped, disagree, inside } verdict = agree;
    std::string what; ///< for disagree and inside
};

/// Checks a cast's answer against the oracle: the same hit or miss, the time within rounding of
/// the exact first stop, for a box with area the tile and normal rule 4 ranks first, and the hit's
/// box outside the solid. A plank lying on a seam at its start is skipped (rule 6 is about where
/// a plank may go, not where it is put).
inline CastCheck check_cast_hit(const TileMap& map, const std::vector<OraclePoly>& polys, const Aabb& a, Vec2 d,
                                const CastHit& h) {
    CastCheck out;
    const bool thin = a.min.x == a.max.x || a.min.y == a.max.y;
    const bool start_inside = box_inside(polys, a);
    if (!(a.min == a.max) && thin && start_inside) {
        bool overlaps = false;
        for (const OraclePoly* p : near_polys(polys, a))
            overlaps = overlaps || poly_sweep(*p, a, Big(0), Big(0)).state == PolySweep::State::started;
        if (!overlaps) {
            out.verdict = CastCheck::skipped;
            return out;
        }
    }
    const OracleStop s = first_stop(polys, a, to_big(d.x), to_big(d.y), span_box(a, a.translated(d)));
    const bool hit = s.kind != OracleStop::Kind::none;
    char buf[400];
    if (h.hit != hit || (hit && !time_within_bound(h.time, s.time))) {
        std::snprintf(buf, sizeof buf, "hit %d time %.9g%s; the oracle: hit %d at %.12Lg (%s)", int(h.hit),
                      double(h.time), h.junction ? " junction" : "", int(hit), hit ? approx(s.time) : -1.0L,
                      s.kind == OracleStop::Kind::passes ? "passes" : "enters");
        return {CastCheck::disagree, buf};
    }
    if (!hit) return out;
    if (!thin && !h.started_overlapping) {
        TileCell cell{};
        Vec2 n{};
        if (expected_contact(map, polys, a, d, s.time, cell, n) && (!(cell == h.other.tile) || !(n == h.normal))) {
            std::snprintf(buf, sizeof buf,
                          "tile (%d, %d) normal (%.9g, %.9g); rule 4's first: tile (%d, %d) normal "
                          "(%.9g, %.9g)",
                          h.other.tile.column, h.other.tile.row, double(h.normal.x), double(h.normal.y), cell.column,
                          cell.row, double(n.x), double(n.y));
            return {CastCheck::disagree, buf};
        }
    }
    if (!h.started_overlapping && !start_inside && box_inside(polys, h.box)) {
        std::snprintf(buf, sizeof buf, "the hit's box [%.9g, %.9g, %.9g, %.9g] is inside the solid",
                      double(h.box.min.x), double(h.box.min.y), double(h.box.max.x), double(h.box.max.y));
        return {CastCheck::inside, buf};
    }
    return out;
}

} // namespace sweepbox::fuzz
