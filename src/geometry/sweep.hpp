#pragma once
// Internal: the fast path of sweep_box_box, the per-query constants it needs, and place_flush
// inline for the casts and moves.
//
// A cast or a move sweeps one box by one displacement against many obstacles, so |d| and 1/|d|
// are computed once per query (SweepQuery). Per obstacle, the slab times are estimated in
// `wide` (each within a few units of wide's last place of the exact time) and every decision
// that is clear by a margin far above that error is taken on them: most candidates are clear
// misses, most hits enter one face clearly first, strictly before their exit and before t = 1.
// Anything near a tie (a corner, a graze, an entry at t = 1, thin against thin, a start inside)
// goes to the exact routine. The time of a hit is computed by the same expression the exact
// routine uses, so the answer is the exact routine's, bit for bit (tests and fuzz_sweep check).

#include <algorithm>
#include <cmath>
#include <limits>
#include <sweepbox/geometry.hpp>

#include "geometry/exact.hpp"
#include "core/compiler.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"

namespace sweepbox::detail {

/// `sweep_box_box` with every decision taken by the exact comparisons (sweep_box_box answers
/// the clear cases on rounded times first and is checked against this one, bit for bit, by the
/// tests and fuzz_sweep, which is why it is exported).
[[nodiscard]] SWEEPBOX_API Sweep sweep_box_box_exact(const Aabb& a, Vec2 d, const Aabb& b, std::uint8_t faces,
                                                     std::uint8_t seams);

/// sweep_box_box_exact, except that a miss whose path meets b's closed box at one instant only
/// (a point passing exactly through a corner of b) has `corner` set: a graze, which the junction
/// test of points needs to hear of (junction.hpp). Every other miss is Sweep{} (sweep() also
/// marks a box that only touches b at the start and leaves it).
Sweep sweep_exact(const Aabb& a, Vec2 d, const Aabb& b, std::uint8_t faces, std::uint8_t seams);

/// The face flag of the side of axis `axis` whose outward normal has sign normal_sign.
inline std::uint8_t face_of(int axis, real normal_sign) {
    if (axis == 0) return normal_sign < 0 ? face_neg_x : face_pos_x;
    return normal_sign < 0 ? face_neg_y : face_pos_y;
}

/// The unit normal on axis `axis` against a motion of component d_component.
inline Vec2 axis_normal(int axis, real d_component) {
    Vec2 n{0, 0};
    n[axis] = d_component > 0 ? real(-1) : real(1);
    return n;
}

/// The face a sweep by d entered on `axis` (rule 4 and the tile masks): that axis's face, unless
/// it may not be entered or, at a corner (both axes entered at once), it is a seam and the other
/// face is a true surface; then the other face. False when no face may be entered.
inline bool entered_face(int axis, bool corner, Vec2 d, std::uint8_t faces, std::uint8_t seams, Vec2& n) {
    n = axis_normal(axis, d[axis]);
    const std::uint8_t f = face_of(axis, n[axis]);
    const bool ok = (faces & f) != 0;
    if (ok && (seams & f) == 0) return true;
    if (corner) {
        const int other = 1 - axis;
        const Vec2 n2 = axis_normal(other, d[other]);
        const std::uint8_t f2 = face_of(other, n2[other]);
        if ((faces & f2) != 0 && ((seams & f2) == 0 || !ok)) {
            n = n2;
            return true;
        }
    }
    return ok;
}

/// The time num / den of a contact as `real`: +0 for a zero or negative numerator (however the
/// zero was signed), and strictly below 1 (a hit is before the end; rounding must not say
/// otherwise).
inline real contact_time(const Diff& num, wide den) {
    real t = real(num.approx / den);
    if (!(t > 0)) t = 0;
    if (t >= 1) t = std::nextafter(real(1), real(0));
    return t;
}

/// What every sweep of box a by d shares.
struct SweepQuery {
    Aabb a;
    Vec2 d;
    wide den[2]; ///< |d| per axis
    wide inv[2]; ///< 1 / |d| per axis (0 where d is 0)

    SweepQuery(const Aabb& box, Vec2 delta) : a(box), d(delta) {
        for (int k = 0; k < 2; ++k) {
            den[k] = std::fabs(wide(d[k]));
            inv[k] = d[k] != 0 ? 1 / den[k] : wide(0);
        }
    }
};

/// sweep_box_box of q.a by q.d against b: the exact answer (see the file comment); a graze is
/// marked as sweep_exact marks it.
SWEEPBOX_FORCE_INLINE Sweep sweep(const SweepQuery& q, const Aabb& b, std::uint8_t faces = face_all,
                                  std::uint8_t seams = 0) {
    const Aabb& a = q.a;
    wide num[2] = {0, 0};
    wide t_in[2];
    wide t_out = std::numeric_limits<wide>::infinity();
    for (int k = 0; k < 2; ++k) {
        if (q.d[k] == 0) {
            // Never overlapping on this axis (strict, as the exact slab): no contact, and no
            // start inside either.
            if (!(b.min[k] < a.max[k] && a.min[k] < b.max[k])) return Sweep{};
            t_in[k] = -std::numeric_limits<wide>::infinity();
            continue;
        }
        // The numerators of the exact routine (the rounded difference has the exact sign).
        const bool pos = q.d[k] > 0;
        num[k] = pos ? wide(b.min[k]) - wide(a.max[k]) : wide(a.min[k]) - wide(b.max[k]);
        const wide x = pos ? wide(b.max[k]) - wide(a.min[k]) : wide(a.max[k]) - wide(b.min[k]);
        t_in[k] = num[k] * q.inv[k];
        t_out = std::min(t_out, x * q.inv[k]);
    }
    const wide t_max = std::max(t_in[0], t_in[1]);
    {
        // Clear misses (most candidates of a walk are).
        const wide margin = (std::fabs(t_max) + std::fabs(t_out) + 1) * tol::miss_margin_rel;
        if (t_max > t_out + margin || t_max > 1 + margin || t_out < -margin) return Sweep{};
    }
    constexpr wide rel = tol::clear_rel;
    int axis;
    if (q.d[0] == 0) {
        axis = 1;
    } else if (q.d[1] == 0) {
        axis = 0;
    } else {
        const wide gap = t_in[0] - t_in[1];
        const wide m = (std::fabs(t_in[0]) + std::fabs(t_in[1])) * rel;
        if (gap > m) {
            axis = 0;
        } else if (gap < -m) {
            axis = 1;
        } else {
            return sweep_exact(a, q.d, b, faces, seams); // a corner, or nearly
        }
    }
    // Entered before t = 0: a start inside (exact routine), or passed already.
    if (num[axis] < 0) {
        if (overlaps(a, b)) return sweep_exact(a, q.d, b, faces, seams);
        // Touching at the start and leaving at once (an exit at exactly 0): a graze too.
        Sweep g{};
        g.corner = t_out == 0;
        return g;
    }
    const wide t = t_in[axis]; // >= 0
    // Strictly before the exit (thin against thin has entry == exit: exact routine) and before 1.
    if (!(t_out - t > (t + std::fabs(t_out)) * rel) || !(t < 1 - rel)) return sweep_exact(a, q.d, b, faces, seams);
    // Not a corner: the entered face is the contact, if it may be entered (seams only matter
    // at a corner tie).
    Sweep out;
    out.normal[axis] = q.d[axis] > 0 ? real(-1) : real(1);
    const std::uint8_t face = axis == 0 ? (out.normal.x < 0 ? face_neg_x : face_pos_x)
                                        : (out.normal.y < 0 ? face_neg_y : face_pos_y);
    if ((faces & face) == 0) return Sweep{};
    out.state = SweepState::hit;
    // The exact routine's time: the numerator over |d|, rounded once, below 1, and +0 where
    // the numerator is -0 (a face at 0 met from a start at -0: -0 - 0 is -0).
    out.time = real(num[axis] / q.den[axis]) + real(0);
    if (out.time >= 1) out.time = std::nextafter(real(1), real(0));
    return out;
}

/// place_flush (geometry.hpp) on axis k, in place: `box` (a's edges on k) is placed against
/// b's face with normal sign neg ? -1 : +1. (The axis is a template argument: glm's operator[]
/// with a run-time index is a switch, a branch per access.)
template <int k> SWEEPBOX_FORCE_INLINE void flush_axis(Aabb& box, const Aabb& b, bool neg) {
    const real lo = box.min[k], hi = box.max[k];
    if (hi == lo && b.max[k] == b.min[k]) {
        // Thin against thin. Already on the line (it started there): stays, since the number
        // next to the line may lie inside something else (never moved backwards).
        if (lo == b.min[k]) return;
        const real side = neg ? -std::numeric_limits<real>::infinity() : std::numeric_limits<real>::infinity();
        box.min[k] = box.max[k] = std::nextafter(b.min[k], side);
        return;
    }
    // Already flush: keep the box as it is (recomputing the far edge could round it).
    if (neg ? hi == b.min[k] : lo == b.max[k]) return;
    // The far edge keeps a's size as closely as `real` allows: the size in `wide` (exact unless
    // the two edges are of very different magnitudes), added once and rounded once (a size may
    // still change by a rounding; see the README's limits). (This is the sum hi + lo of
    // exact_diff(hi, lo), which rounds to its hi part: the same number, without the error term.)
    const wide size = wide(hi) - wide(lo);
    if (neg) {
        box.max[k] = b.min[k];
        box.min[k] = std::min(real(wide(b.min[k]) - size), box.max[k]);
    } else {
        box.min[k] = b.max[k];
        box.max[k] = std::max(real(wide(b.max[k]) + size), box.min[k]);
    }
}

/// contact_point (geometry.hpp), inline for the moves.
SWEEPBOX_FORCE_INLINE Vec2 contact_point(const Aabb& a, const Aabb& b, Vec2 n) {
    Vec2 p{0, 0};
    for (int k = 0; k < 2; ++k) {
        if (n[k] != 0) {
            p[k] = n[k] < 0 ? b.min[k] : b.max[k];
        } else {
            const real lo = std::max(a.min[k], b.min[k]);
            const real hi = std::min(a.max[k], b.max[k]);
            p[k] = lo + (hi - lo) / 2;
        }
    }
    return p;
}

/// place_flush (geometry.hpp), inline for the casts and moves.
inline Aabb flush(const Aabb& a, const Aabb& b, Vec2 n) {
    Aabb out = a;
    if (n.x != 0) flush_axis<0>(out, b, n.x < 0);
    if (n.y != 0) flush_axis<1>(out, b, n.y < 0);
    return out;
}

} // namespace sweepbox::detail
