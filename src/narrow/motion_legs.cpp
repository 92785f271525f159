// A leg of a body's frame motion: where the body was at a frame time, and the relative sweep of
// a box moving over a part of the frame against it (docs/contract.md, "Moving targets", T2).

#include <algorithm>
#include <sweepbox/error.hpp>
#include <sweepbox/geometry.hpp>

#include "narrow/motion_legs.hpp"

namespace sweepbox::detail {

Aabb leg_box_at(const MotionLeg& leg, double t) {
    if (t <= leg.t0) return leg.from;
    if (t >= leg.t1) return leg.to;
    const double u = (t - leg.t0) / (leg.t1 - leg.t0);
    Aabb b;
    for (int k = 0; k < 2; ++k) {
        const double e = double(leg.to.min[k]) - double(leg.from.min[k]);
        const double off = e * u;
        b.min[k] = real(double(leg.from.min[k]) + off);
        b.max[k] = real(double(leg.from.max[k]) + off);
    }
    return b;
}

void require_frame_times(const char* where, real t0, real t1) {
    if (!(t0 >= 0 && t0 <= t1 && t1 <= 1)) throw Error(where, "frame times need 0 <= t0 <= t1 <= 1");
}

bool sweep_leg(const MotionLeg& leg, const Aabb& box, Vec2 delta, double t0, double t1, LegSweep& out) {
    const double span = t1 - t0;
    double a, b;
    if (span > 0) {
        a = std::max(t0, leg.t0);
        b = std::min(t1, leg.t1);
        if (!(a < b)) return false;
    } else {
        if (!(leg.t0 <= t0 && t0 <= leg.t1)) return false;
        a = b = t0;
    }
    const double ca = span > 0 ? (a - t0) / span : 0, cb = span > 0 ? (b - t0) / span : 1;
    const double lt = leg.t1 - leg.t0, ua = (a - leg.t0) / lt, ub = (b - leg.t0) / lt;
    for (int k = 0; k < 2; ++k) {
        const double e = double(leg.to.min[k]) - double(leg.from.min[k]), d = delta[k];
        const double shift = d * ca - e * ua;
        out.r.min[k] = real(double(box.min[k]) + shift);
        out.r.max[k] = real(double(box.max[k]) + shift);
        out.rel[k] = real(d * (cb - ca) - e * (ub - ua));
    }
    out.a = a;
    out.b = b;
    out.sweep = sweep_box_box(out.r, out.rel, leg.from);
    return true;
}

} // namespace sweepbox::detail
