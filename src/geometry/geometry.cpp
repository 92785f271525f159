// Pure geometry: overlap, slabs on the Minkowski-grown box, minimum translation, reflection.
// The slab method follows Ericson, Real-Time Collision Detection, 5.3.3 (intersecting a ray
// against a box) and 5.5.8 (moving boxes), with entry and exit times kept as fractions
// (numerator / |d|) and compared by cross-multiplication, so a tie is a tie.

#include <sweepbox/geometry.hpp>

#include <cmath>
#include <limits>

#include "geometry/exact.hpp"
#include "geometry/reflection.hpp"
#include "geometry/sweep.hpp"
#include "core/compiler.hpp"
#include "core/wide.hpp"

namespace sweepbox {

using detail::wide;

Sweep detail::sweep_exact(const Aabb& a, Vec2 d, const Aabb& b, std::uint8_t faces, std::uint8_t seams) {
    Sweep out;
    if (overlaps(a, b)) {
        out.state = SweepState::started_overlapping;
        out.time = 0;
        out.normal = minimum_translation(a, b).normal;
        return out;
    }
    // Seams only choose the face at a corner tie; touching a seam side is still touching
    // (contract rules 1 and 3), so the slabs are the plain ones.
    const Slab sx = detail::slab(a.min.x, a.max.x, d.x, b.min.x, b.max.x);
    const Slab sy = detail::slab(a.min.y, a.max.y, d.y, b.min.y, b.max.y);
    if (sx.kind == Slab::never || sy.kind == Slab::never) return out;
    // Not overlapping at t = 0, so at least one axis moves.
    int axis = -1;
    bool corner = false;
    detail::Diff num{};
    wide den = 1;
    // The entry at num/den must come strictly before the exit of s.
    // A path that meets b's closed box at a single instant (a point passing exactly through a
    // corner or the end of a thin box) is no contact; it is marked as a graze (junction.hpp).
    auto before_exit = [&out](const detail::Diff& n, wide dn, const Slab& s) {
        const int c = compare(n, dn, s.exit, s.den);
        out.corner = c == 0;
        return c < 0;
    };
    // num/den in [0, 1): num >= 0 and num < den.
    auto in_unit = [](const detail::Diff& n, wide dn) { return sign(n) >= 0 && compare(n, dn) < 0; };
    if (sx.kind == Slab::moving && sy.kind == Slab::moving && sx.thin && sy.thin) {
        return out; // a point against a point: measure zero, never a hit
    }
    if ((sx.kind == Slab::moving && sx.thin) || (sy.kind == Slab::moving && sy.thin)) {
        // Rule 2: thin against thin on one axis: crossing that line while the other axis
        // overlaps (strictly) is a hit.
        const int k = (sx.kind == Slab::moving && sx.thin) ? 0 : 1;
        const Slab& t = k == 0 ? sx : sy;
        const Slab& o = k == 0 ? sy : sx;
        if (!in_unit(t.enter, t.den)) return out; // crossing not in [0, 1)
        if (o.kind == Slab::moving) {
            if (const int c = compare(o.enter, o.den, t.enter, t.den); c >= 0) {
                out.corner = c == 0;
                return out;
            }
            if (!before_exit(t.enter, t.den, o)) return out;
        }
        axis = k;
        num = t.enter;
        den = t.den;
    } else {
        // Rule 1: entry = the latest per-axis entry; it must come before the earliest exit and
        // before 1. Axes that always overlap put no bound.
        if (sx.kind == Slab::always) {
            axis = 1;
        } else if (sy.kind == Slab::always) {
            axis = 0;
        } else {
            const int c = compare(sx.enter, sx.den, sy.enter, sy.den);
            if (c == 0) {
                corner = true;
                // Rule 4: the axis of the larger |d| component, ties y.
                axis = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1;
            } else {
                axis = c > 0 ? 0 : 1;
            }
        }
        const Slab& e = axis == 0 ? sx : sy;
        num = e.enter;
        den = e.den;
        if (!in_unit(num, den)) return out;
        if (sx.kind == Slab::moving && !before_exit(num, den, sx)) return out;
        if (sy.kind == Slab::moving && !before_exit(num, den, sy)) return out;
    }
    // Which face: the entering axis's, unless it may not be entered (one-way tiles) or, at a
    // corner, it is a seam and the other face is a true surface (no snag on tile seams).
    Vec2 n;
    if (!detail::entered_face(axis, corner, d, faces, seams, n)) return out;
    out.state = SweepState::hit;
    out.time = detail::contact_time(num, den);
    out.normal = n;
    out.corner = corner;
    return out;
}

Sweep detail::sweep_box_box_exact(const Aabb& a, Vec2 d, const Aabb& b, std::uint8_t faces, std::uint8_t seams) {
    const Sweep s = sweep_exact(a, d, b, faces, seams);
    return s.state == SweepState::miss ? Sweep{} : s;
}

Sweep sweep_box_box(const Aabb& a, Vec2 d, const Aabb& b, std::uint8_t faces, std::uint8_t seams) {
    const Sweep s = detail::sweep(detail::SweepQuery(a, d), b, faces, seams);
    return s.state == SweepState::miss ? Sweep{} : s;
}

Sweep segment_box(Vec2 origin, Vec2 d, const Aabb& b, std::uint8_t faces, std::uint8_t seams) {
    return sweep_box_box(Aabb{origin, origin}, d, b, faces, seams);
}

Penetration minimum_translation(const Aabb& a, const Aabb& b) {
    // The four ways out, as distances; the least wins (ties: y before x, negative before
    // positive). Compared exactly (sums of the four coordinates), so rounding never picks the
    // longer way at large coordinates.
    struct Way {
        real hi, lo; // distance = hi - lo
        Vec2 normal;
    };
    const Way ways[4] = {{a.max.y, b.min.y, {0, -1}},
                         {b.max.y, a.min.y, {0, 1}},
                         {a.max.x, b.min.x, {-1, 0}},
                         {b.max.x, a.min.x, {1, 0}}};
    const Way* best = &ways[0];
    for (int i = 1; i < 4; ++i) {
        const wide v[4] = {wide(ways[i].hi), -wide(ways[i].lo), -wide(best->hi), wide(best->lo)};
        if (detail::sign_of_sum(v) < 0) best = &ways[i];
    }
    return {real(wide(best->hi) - wide(best->lo)), best->normal};
}

real sweep_back_time(const Aabb& a, Vec2 d, const Aabb& b) {
    if (!overlaps(a, b)) return 0;
    real best = std::numeric_limits<real>::infinity();
    for (int k = 0; k < 2; ++k) {
        if (d[k] == 0) continue;
        // Moving by -s*d: the axis separates when the trailing edge clears b.
        const wide gap = d[k] > 0 ? wide(a.max[k]) - wide(b.min[k]) : wide(b.max[k]) - wide(a.min[k]);
        const real s = real(gap / std::fabs(wide(d[k])));
        if (s < best) best = s;
    }
    return best;
}

Vec2 contact_point(const Aabb& a, const Aabb& b, Vec2 n) { return detail::contact_point(a, b, n); }

Aabb place_flush(const Aabb& a, const Aabb& b, Vec2 n) { return detail::flush(a, b, n); }

Vec2 reflect(Vec2 v, Vec2 n, real restitution, real friction) {
    const real keep = 1 - friction;
    if (n.x != 0 && n.y == 0) return {-v.x * restitution, v.y * keep};
    if (n.y != 0 && n.x == 0) return {v.x * keep, -v.y * restitution};
    Vec2 r;
    detail::reflect_about(v.x, v.y, n.x, n.y, restitution, keep, r.x, r.y);
    return r;
}

} // namespace sweepbox
