#pragma once
/// @file slope_legs.hpp
/// A move's legs against the exact oracle (slope_oracle.hpp): each leg, from one contact's box to
/// the next, reported rounded, stays out of the solid and passes no meeting point, within the
/// rounding of its two ends.

#include <cmath>
#include <cstdlib>
#include <limits>
#include <vector>
#include "slope_oracle.hpp"

namespace sweepbox::fuzz {

/// A straight motion from box `from` to box `to` stays out of the solid and passes no meeting
/// point (a point starting on one may leave it only where every free side may, `start_rule`).
inline bool clean(const std::vector<OraclePoly>& polys, const Aabb& from, const Aabb& to, bool start_rule) {
    const Big dx = to_big(to.min.x) - to_big(from.min.x), dy = to_big(to.min.y) - to_big(from.min.y);
    if (sign(dx) == 0 && sign(dy) == 0) return true;
    if (from.min == from.max && !start_rule) {
        const OracleStop s = point_stop(polys, to_big(from.min.x), to_big(from.min.y), {dx, dy}, span_box(from, to),
                                        false);
        return s.kind == OracleStop::Kind::none || (s.kind == OracleStop::Kind::passes && compare(s.time, 0) == 0);
    }
    if (first_stop(polys, from, dx, dy, span_box(from, to)).kind == OracleStop::Kind::none) return true;
    // A box's or plank's size may change by a rounding (flush places one edge, the other keeps
    // the size as closely as `real` allows): moved by the max corner's displacement instead.
    if (from.min == from.max) return false;
    const Big ex = to_big(to.max.x) - to_big(from.max.x), ey = to_big(to.max.y) - to_big(from.max.y);
    return first_stop(polys, from, ex, ey, span_box(from, to)).kind == OracleStop::Kind::none;
}

/// One leg of a move, from box `from` to box `to`, reported rounded: the straight path to `to`
/// is clean, or to an end within four steps of `real` of it on each axis from which `to` is
/// reached cleanly (a path along a face, or a graze of a corner, within rounding is no crossing;
/// rounding past a meeting point or across a seam is). (A box's exact end may itself be a step
/// from any `real`, a tip between two: the straight path to its rounded end then turns by a
/// step, which past a corner the exact path touches is a few steps of `real` there.) The start
/// is a rounding too (of the exact box at the contact before): the leg may also begin within
/// four steps of `from`, reached cleanly from it (an exact path grazing a corner midway that the
/// straight path between the two roundings cuts by less than a step).
inline bool leg_ok(const std::vector<OraclePoly>& polys, const Aabb& from, const Aabb& to) {
    if (clean(polys, from, to, false)) return true;
    constexpr real inf = std::numeric_limits<real>::infinity();
    auto steps = [&](real x, int n) {
        for (int i = 0; i < std::abs(n); ++i) x = std::nextafter(x, n > 0 ? inf : -inf);
        return x;
    };
    auto near_of = [&](const Aabb& b, int i) {
        const int step[2] = {i % 9 - 4, i / 9 - 4};
        Aabb near = b;
        for (int k = 0; k < 2; ++k) {
            near.min[k] = steps(b.min[k], step[k]);
            near.max[k] = b.min[k] == b.max[k] ? near.min[k] : steps(b.max[k], step[k]);
        }
        return near;
    };
    for (int i = 0; i < 81; ++i) {
        if (i == 40) continue; // (no step on either axis)
        const Aabb near = near_of(to, i);
        if (!box_inside(polys, near) && clean(polys, from, near, false) && clean(polys, near, to, true)) return true;
    }
    for (int i = 0; i < 81; ++i) {
        if (i == 40) continue;
        const Aabb near = near_of(from, i);
        if (!box_inside(polys, near) && clean(polys, from, near, true) && clean(polys, near, to, false)) return true;
    }
    return false;
}

} // namespace sweepbox::fuzz
