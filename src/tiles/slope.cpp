// The narrow phase of slope tiles: three slabs (x, y and the line's normal, slope_slabs.hpp)
// against the solid part's own extent on each, every decision exact.

#include "tiles/slope.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <cmath>
#include <limits>

#include "geometry/expansion.hpp"
#include "geometry/sweep.hpp"
#include "tiles/slope_slabs.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"

namespace sweepbox::detail {

namespace {

// One step of `real` in direction sgn (+1 up, -1 down).
real step(real x, int sgn) {
    return std::nextafter(x, sgn > 0 ? std::numeric_limits<real>::infinity() : -std::numeric_limits<real>::infinity());
}

} // namespace

SlopeTile slope_tile(const TileMap& tiles, TileCell c, TileShape shape) {
    SlopeTile s;
    s.shape = shape;
    s.cell = tiles.cell_box(c);
    SlopeLine l = slope_line(shape);
    Vec2 p{tiles.edge_x(c.column + l.pu), tiles.edge_y(c.row + l.pv)};
    Vec2 q{tiles.edge_x(c.column + l.qu), tiles.edge_y(c.row + l.qv)};
    // w = perp(q - p), turned to point into the solid part (the sign of a).
    if (is_finite(p) && is_finite(q)) {
        s.A = exact_diff(p.y, q.y);
        s.B = exact_diff(q.x, p.x);
    } else {
        // A lattice corner beyond the map's finite range (a map at the ends of `real`, the
        // piece at its edge, whose partner could not be in the map): the other point is a corner
        // of the cell, and q - p is whole multiples of the cell's sides, exact in wide.
        if (!is_finite(p)) {
            std::swap(p, q);
            std::swap(l.pu, l.qu);
            std::swap(l.pv, l.qv);
        }
        const Exact w = exact_diff(s.cell.max.x, s.cell.min.x), h = exact_diff(s.cell.max.y, s.cell.min.y);
        const wide du = wide(l.qu - l.pu), dv = wide(l.qv - l.pv);
        s.A = {-dv * h.hi, -dv * h.lo};
        s.B = {du * w.hi, du * w.lo};
    }
    s.p = p;
    s.sx = l.a > 0 ? 1 : -1;
    s.sy = l.b > 0 ? 1 : -1;
    if ((s.A.hi > 0) != (l.a > 0)) {
        s.A = {-s.A.hi, -s.A.lo};
        s.B = {-s.B.hi, -s.B.lo};
    }
    s.normal = slope_normal(shape);
    // The half-height pieces: a shallow ramp's low piece is half as tall as its cell, a steep
    // ramp's high piece half as wide.
    const int i = int(shape) - int(TileShape::slope45_ul);
    if (i >= 4) s.tip = std::int16_t((i - 4) % 2 == (i < 12 ? 0 : 1) ? (i < 12 ? 1 : 0) : -1);
    if (s.tip >= 0) {
        // The line runs between lattice corners two cells apart on the other axis j, and the tip
        // lies on the edge between them: it is the middle of p and q on the tip's axis when that
        // edge is the middle of theirs on j, and a `real` when that middle is.
        const int k = s.tip, j = 1 - k;
        const real mid_j = (j == 0 ? s.sx : s.sy) > 0 ? s.cell.max[j] : s.cell.min[j];
        wide sum_j, err_j, sum_k, err_k;
        two_sum(wide(p[j]), wide(q[j]), sum_j, err_j);
        two_sum(wide(p[k]), wide(q[k]), sum_k, err_k);
        const real at = real(sum_k / 2);
        s.tip_real = is_finite(p) && is_finite(q) && err_j == 0 && sum_j == 2 * wide(mid_j) && err_k == 0 &&
                     wide(at) == sum_k / 2;
        s.tip_at = at;
    }
    return s;
}

namespace {

// A hit's entry time as num / den (den > 0), exactly.
void entry_time(const Aabb& a, Vec2 d, const EntryOf& e, SlabNum& num, SlabDen& den) {
    num = SlabNum{};
    den = widen_den(terms(wide(1)));
    if (e.started) return;
    SlabTime sl;
    if (e.slope != nullptr && is_slope_normal(e.normal)) {
        int wd_sign = 0;
        sl = normal_slab(a, d, *e.slope, wd_sign);
    } else if (e.slope != nullptr) {
        sl = side_slab(a, d, *e.slope, e.normal.x != 0 ? 0 : 1);
    } else {
        const int k = e.normal.x != 0 ? 0 : 1;
        sl = axis_slab(a.min[k], a.max[k], d[k], e.box->min[k], e.box->max[k]);
    }
    if (sl.kind != SlabTime::moving) return; // not a hit of a moving box: ranked as at 0
    num = sl.enter;
    den = sl.den;
}

} // namespace

void slope_entry_time(const Aabb& a, Vec2 d, const EntryOf& x, Terms<16>& num, Terms<8>& den) {
    entry_time(a, d, x, num, den);
}

int compare_entries(const Aabb& a, Vec2 d, const EntryOf& x, const EntryOf& y) {
    SlabNum nx, ny;
    SlabDen dx, dy;
    entry_time(a, d, x, nx, dx);
    entry_time(a, d, y, ny, dy);
    return compare_times(nx, dx, ny, dy);
}

Sweep sweep_slope(const Aabb& a, Vec2 d, const SlopeTile& s, std::uint8_t faces, std::uint8_t seams) {
    Sweep out;
    if (slope_overlaps(a, s)) {
        out.state = SweepState::started_overlapping;
        out.time = 0;
        out.normal = slope_penetration(a, s).normal;
        return out;
    }
    SlabTime slabs[3];
    slabs[0] = side_slab(a, d, s, 0);
    slabs[1] = side_slab(a, d, s, 1);
    if (slabs[0].kind == SlabTime::never || slabs[1].kind == SlabTime::never) return out;
    int wd_sign = 0;
    slabs[2] = normal_slab(a, d, s, wd_sign);
    if (slabs[2].kind == SlabTime::never) return out;
    // Not overlapping at t = 0, so some slab moves: the entry is the latest of the moving ones.
    int latest = -1;
    bool tied[3] = {false, false, false};
    for (int i = 0; i < 3; ++i) {
        if (slabs[i].kind != SlabTime::moving) continue;
        if (latest < 0) {
            latest = i;
            tied[i] = true;
            continue;
        }
        const int c = compare_times(slabs[i].enter, slabs[i].den, slabs[latest].enter, slabs[latest].den);
        if (c > 0) {
            tied[0] = tied[1] = tied[2] = false;
            latest = i;
            tied[i] = true;
        } else if (c == 0) {
            tied[i] = true;
        }
    }
    const SlabTime& e = slabs[latest];
    // In [0, 1): 0 <= num < den.
    if (sign(e.enter) < 0 || sign(e.enter - e.den) >= 0) return out;
    // Strictly before every other moving slab's exit; at an exit, a graze (junction.hpp).
    for (int i = 0; i < 3; ++i) {
        if (slabs[i].kind != SlabTime::moving || tied[i]) continue;
        const int c = compare_times(e.enter, e.den, slabs[i].exit, slabs[i].den);
        if (c >= 0) {
            out.corner = c == 0;
            return out;
        }
    }
    for (int i = 0; i < 3; ++i) {
        if (!tied[i] || i == latest) continue;
        // A tied slab's own exit (a point meeting a vertex of the polygon) is after its entry
        // but may equal the entry of another: the path then touches one point only.
        if (compare_times(e.enter, e.den, slabs[i].exit, slabs[i].den) >= 0) {
            out.corner = true;
            return out;
        }
    }
    const int ties = int(tied[0]) + int(tied[1]) + int(tied[2]);
    out.corner = ties > 1;
    // An axis slab's time as sweep_box_box rounds it (so a tile side and a box side met at
    // the same instant have the same time); the slope's and a tip's correctly rounded.
    const bool by_tip = latest == s.tip && (d[latest] > 0) == ((latest == 0 ? s.sx : s.sy) > 0);
    if (latest < 2 && !by_tip) {
        const int k = latest;
        const Diff num = d[k] > 0 ? diff(s.cell.min[k], a.max[k]) : diff(a.min[k], s.cell.max[k]);
        out.time = contact_time(num, std::fabs(wide(d[k])));
    } else {
        out.time = to_time(e);
    }
    out.state = SweepState::hit;
    // The slope's face when it is entered from the free side (at a tie too: the box's corner
    // meets the line where it meets a side, and the side yields, so a box sliding along a floor
    // runs up the ramp). The far vertex of the polygon is the sides' corner, never the slope's.
    if (tied[2] && wd_sign > 0) {
        out.normal = s.normal;
        return out;
    }
    // Otherwise the box rules among the tied sides (sweep_box_box): the axis of the larger |d|
    // component, ties y; a seam yields to the other side.
    int axis;
    if (tied[0] && tied[1]) {
        axis = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1;
    } else if (tied[0] || tied[1]) {
        axis = tied[0] ? 0 : 1;
    } else {
        // Only the far side of the normal slab is latest: it is the sides' corner, so the
        // sides tie with it, unless the box only touches; not a contact of the slope's face.
        out = Sweep{};
        out.corner = true;
        return out;
    }
    Vec2 n;
    if (!entered_face(axis, tied[0] && tied[1], d, faces, seams, n)) return Sweep{};
    out.normal = n;
    return out;
}

Penetration slope_penetration(const Aabb& a, const SlopeTile& s) {
    // The least of the five ways out (estimated: a recovery's direction, not a contact).
    const Corners c = corners(a, s);
    const wide len = std::sqrt((s.A.hi + s.A.lo) * (s.A.hi + s.A.lo) + (s.B.hi + s.B.lo) * (s.B.hi + s.B.lo));
    wide depth[5] = {wide(a.max.y) - wide(s.cell.min.y), wide(s.cell.max.y) - wide(a.min.y),
                     wide(a.max.x) - wide(s.cell.min.x), wide(s.cell.max.x) - wide(a.min.x),
                     value(along_normal(s, c.lead.x, s.p.x, c.lead.y, s.p.y)) / len};
    if (s.tip >= 0) {
        // Out by the tip's side: back until the lead edge is at the tip (h grows by |A_k| a unit).
        const int k = s.tip, sg = k == 0 ? s.sx : s.sy;
        const Exact ak = k == 0 ? s.A : s.B;
        depth[(k == 1 ? 0 : 2) + (sg > 0 ? 0 : 1)] = value(tip_side(s, sg > 0 ? a.max[k] : a.min[k])) /
                                                     std::fabs(ak.hi + ak.lo);
    }
    const Vec2 normals[5] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}, s.normal};
    int best = 0;
    for (int i = 1; i < 5; ++i)
        if (depth[i] < depth[best]) best = i;
    return {real(depth[best]), normals[best]};
}

// Separating axes x, y and w: the box's extent along w, [h(trail), h(lead)], against the
// polygon's, [0, h(far)].
bool slope_overlaps(const Aabb& a, const SlopeTile& s) {
    if (!overlaps(a, s.cell)) return false;
    if (s.tip >= 0 && !side_holds(a, s, s.tip, false)) return false;
    const Corners c = corners(a, s);
    return sign(along_normal(s, c.lead.x, s.p.x, c.lead.y, s.p.y)) > 0 &&
           sign(along_normal(s, c.far.x, c.trail.x, c.far.y, c.trail.y)) > 0;
}

bool slope_intersects_closed(const Aabb& a, const SlopeTile& s) {
    if (!intersects_closed(a, s.cell)) return false;
    if (s.tip >= 0 && !side_holds(a, s, s.tip, true)) return false;
    const Corners c = corners(a, s);
    return sign(along_normal(s, c.lead.x, s.p.x, c.lead.y, s.p.y)) >= 0 &&
           sign(along_normal(s, c.far.x, c.trail.x, c.far.y, c.trail.y)) >= 0;
}

Vec2 slope_corner(const Aabb& a, const SlopeTile& s) { return corners(a, s).lead; }

bool slope_segment_meets(Vec2 a, Vec2 d, const SlopeTile& s, wide& entry) {
    const Aabb p{a, a};
    if (slope_intersects_closed(p, s)) {
        entry = 0;
        return true;
    }
    // Closed slabs: a slab the segment does not move along must hold it (closed); the latest
    // entry must come no later than the earliest exit and than 1.
    SlabTime slabs[3];
    slabs[0] = side_slab(p, d, s, 0);
    slabs[1] = side_slab(p, d, s, 1);
    int wd_sign = 0;
    slabs[2] = normal_slab(p, d, s, wd_sign);
    if (d.x == 0 && !side_holds(p, s, 0, true)) return false;
    if (d.y == 0 && !side_holds(p, s, 1, true)) return false;
    if (wd_sign == 0 && sign(along_normal(s, a.x, s.p.x, a.y, s.p.y)) < 0) return false;
    int latest = -1;
    for (int i = 0; i < 3; ++i) {
        if (slabs[i].kind != SlabTime::moving) continue;
        if (latest < 0 || compare_times(slabs[i].enter, slabs[i].den, slabs[latest].enter, slabs[latest].den) > 0)
            latest = i;
    }
    if (latest < 0) return false; // (not moving and not inside: apart)
    const SlabTime& e = slabs[latest];
    if (sign(e.enter - e.den) > 0) return false;
    for (const SlabTime& x : slabs)
        if (x.kind == SlabTime::moving && (sign(x.exit) < 0 || compare_times(e.enter, e.den, x.exit, x.den) > 0))
            return false;
    entry = std::max(wide(0), value(e.enter) / value(e.den));
    return true;
}

Aabb slope_contact_box(const Aabb& a, Vec2 d, const SlopeTile& s) {
    int wd_sign = 0;
    const SlabTime n = normal_slab(a, d, s, wd_sign);
    const wide t = value(n.enter) / value(n.den);
    if (!(t > 0)) return a;
    Aabb c = a;
    for (int k = 0; k < 2; ++k) {
        if (d[k] == 0) continue;
        const wide size = wide(a.max[k]) - wide(a.min[k]);
        c.min[k] = real(along_slab(a.min[k], n, t, d[k]));
        c.max[k] = a.max[k] == a.min[k] ? c.min[k] : std::max(real(wide(c.min[k]) + size), c.min[k]);
    }
    // Never inside: stepped out on the axes the motion moved (it came from the free side); where
    // a few steps do not do it (numbers near the smallest `real`s), the start, which is free.
    if (!slope_step_out(c, s, d.x != 0, d.y != 0, &a)) return a;
    return c;
}

bool slope_step_out(Aabb& c, const SlopeTile& s, bool x, bool y, const Aabb* limit) {
    const bool thin[2] = {c.min.x == c.max.x, c.min.y == c.max.y};
    const bool axes[2] = {x, y};
    for (int i = 0; i < tol::max_ulp_steps; ++i) {
        const Vec2 lead = slope_corner(c, s);
        if (sign(along_normal(s, lead.x, s.p.x, lead.y, s.p.y)) <= 0) return true;
        bool moved = false;
        for (int k = 0; k < 2; ++k) {
            if (!axes[k]) continue;
            const int out_sign = (k == 0 ? s.sx : s.sy) > 0 ? -1 : 1;
            // Not past the limit box on this axis (the leg's start), nor out of the finite range:
            // there it stops.
            if (limit && (out_sign > 0 ? c.min[k] >= limit->min[k] : c.min[k] <= limit->min[k])) continue;
            // The edge on the slope's side one step out, the other keeping the size (as flush
            // does: stepping both would widen the box where their steps differ).
            const bool lead_max = out_sign < 0;
            const real lead_edge = step(lead_max ? c.max[k] : c.min[k], out_sign);
            const wide size = wide(c.max[k]) - wide(c.min[k]);
            const real other = thin[k] ? lead_edge
                                       : (lead_max ? std::min(real(wide(lead_edge) - size), lead_edge)
                                                   : std::max(real(wide(lead_edge) + size), lead_edge));
            if (!std::isfinite(lead_edge) || !std::isfinite(other)) continue;
            c.min[k] = lead_max ? other : lead_edge;
            c.max[k] = lead_max ? lead_edge : other;
            if (limit && (out_sign > 0 ? c.min[k] > limit->min[k] : c.min[k] < limit->min[k])) {
                c.min[k] = limit->min[k];
                c.max[k] = limit->max[k];
            }
            moved = true;
        }
        if (!moved) break;
    }
    const Vec2 lead = slope_corner(c, s);
    return sign(along_normal(s, lead.x, s.p.x, lead.y, s.p.y)) <= 0;
}

Aabb slope_tip_box(const Aabb& a, Vec2 d, const SlopeTile& s) {
    const int k = s.tip, j = 1 - k, sg = k == 0 ? s.sx : s.sy;
    const SlabTime sl = side_slab(a, d, s, k);
    const wide t = value(sl.enter) / value(sl.den);
    if (!(t > 0)) return a;
    Aabb c = a;
    if (d[j] != 0) {
        const wide size = wide(a.max[j]) - wide(a.min[j]);
        c.min[j] = real(along_slab(a.min[j], sl, t, d[j]));
        c.max[j] = a.max[j] == a.min[j] ? c.min[j] : std::max(real(wide(c.min[j]) + size), c.min[j]);
    }
    const real e = tip_free(s);
    const wide size = wide(a.max[k]) - wide(a.min[k]);
    if (sg > 0) {
        c.max[k] = e;
        c.min[k] = a.min[k] == a.max[k] ? e : std::min(real(wide(e) - size), e);
    } else {
        c.min[k] = e;
        c.max[k] = a.min[k] == a.max[k] ? e : std::max(real(wide(e) + size), e);
    }
    return c;
}

Vec2 slope_contact_point(const Aabb& c, const SlopeTile& s, Vec2 n) {
    if (is_slope_normal(n)) return slope_corner(c, s);
    const int k = n.x != 0 ? 0 : 1, j = 1 - k;
    if (is_tip_side(s, n)) {
        // The tip itself (the nearest `real` on the free side).
        Vec2 p;
        p[k] = tip_free(s);
        p[j] = (j == 0 ? s.sx : s.sy) > 0 ? s.cell.max[j] : s.cell.min[j];
        return p;
    }
    // The side's solid part, in world units, meets c's face (half a side ends at the tip).
    const std::uint8_t face = face_of(k, n[k]);
    const SideCover cov = side_cover(s.shape, face);
    const real lo_e = s.cell.min[j], hi_e = s.cell.max[j];
    auto at = [&](real t) {
        if (t != 0 && t != 1 && s.tip == j) return tip_free(s);
        return t == 0 ? lo_e : (t == 1 ? hi_e : real(wide(lo_e) + (wide(hi_e) - wide(lo_e)) / 2));
    };
    Vec2 p;
    p[k] = n[k] < 0 ? s.cell.min[k] : s.cell.max[k];
    const real lo = std::max(c.min[j], at(cov.lo)), hi = std::min(c.max[j], at(cov.hi));
    p[j] = lo <= hi ? lo + (hi - lo) / 2 : (c.max[j] < at(cov.lo) ? at(cov.lo) : at(cov.hi));
    return p;
}

Vec2 slope_not_into(Vec2 v, const SlopeTile& s) {
    // A step of one unit of the last place toward 0 on a component that goes into the line
    // (the larger part of w . v): never longer, and a few steps cover the rounding.
    const wide a = s.A.hi + s.A.lo, b = s.B.hi + s.B.lo;
    for (int i = 0; i < tol::max_ulp_steps && sign(normal_dot(s, v)) > 0; ++i) {
        const wide px = a * wide(v.x), py = b * wide(v.y);
        const int k = px > 0 && (px >= py || !(py > 0)) ? 0 : 1;
        v[k] = std::nextafter(v[k], real(0));
    }
    return sign(normal_dot(s, v)) > 0 ? Vec2{0, 0} : v;
}

Vec2 slope_slide(Vec2 v, const SlopeTile& s) {
    if (sign(normal_dot(s, v)) <= 0) return v; // along the exact line or away from it
    // The part along the exact line: v projected on its direction (B, -A).
    const wide tx = s.B.hi + s.B.lo, ty = -(s.A.hi + s.A.lo);
    const wide k = (wide(v.x) * tx + wide(v.y) * ty) / (tx * tx + ty * ty);
    wide rx = k * tx, ry = k * ty;
    // A component of the part along the line may exceed the largest `real` where v's do not
    // (v near the largest reals): scaled back into range, its direction kept.
    const wide top = std::max(std::fabs(rx), std::fabs(ry)), limit = wide(std::numeric_limits<real>::max());
    if (top > limit) {
        rx = rx / top * limit;
        ry = ry / top * limit;
    }
    Vec2 r = slope_not_into({real(rx), real(ry)}, s);
    // Rounding to `real` (coarse among the subnormals) may lengthen it: toward 0 by units of the
    // last place, the longer component first, until it is no longer than v (exactly).
    auto longer = [&](Vec2 x) {
        return sign(terms(wide(x.x)) * terms(wide(x.x)) + terms(wide(x.y)) * terms(wide(x.y)) -
                    terms(wide(v.x)) * terms(wide(v.x)) - terms(wide(v.y)) * terms(wide(v.y))) > 0;
    };
    for (int i = 0; i < tol::max_ulp_steps && longer(r); ++i) {
        const int axis = std::fabs(r.x) >= std::fabs(r.y) ? 0 : 1;
        r[axis] = std::nextafter(r[axis], real(0));
    }
    return longer(r) ? Vec2{0, 0} : slope_not_into(r, s);
}

} // namespace sweepbox::detail
