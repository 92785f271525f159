#pragma once
/// @file relative_path.hpp
/// The frame's motion as docs/contract.md ("Moving targets", T1 and T2) defines it, for the
/// reference and fuzz_moving: a body's legs with their frame times, and the relative path of a
/// cast over its part of one leg. Written from the contract text, not from src/.

#include <algorithm>
#include <cmath>
#include <vector>
#include <sweepbox/world.hpp>

namespace sweepbox::reference {

/// One leg of a motion: from -> to over the frame times [t0, t1].
struct Leg {
    Aabb from{}, to{};
    double t0 = 0, t1 = 1;
};

/// T1: the legs of a path (World::frame_path), each taking the part of the frame proportional to
/// its length (of the min corner, in double), the last ending at 1.
inline std::vector<Leg> legs_of(const std::vector<Aabb>& path) {
    std::vector<Leg> legs;
    std::vector<double> len;
    double total = 0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        const double dx = double(path[i].min.x) - double(path[i - 1].min.x);
        const double dy = double(path[i].min.y) - double(path[i - 1].min.y);
        len.push_back(std::sqrt(dx * dx + dy * dy));
        total += len.back();
    }
    double start = 0;
    for (std::size_t i = 0; i < len.size(); ++i) {
        legs.push_back({path[i], path[i + 1], start / total, i + 1 == len.size() ? 1.0 : (start + len[i]) / total});
        start += len[i];
    }
    return legs;
}

/// T2: the cast's part [a, b] of a leg, the cast box at a moved back by where the body was then
/// (r) and the relative displacement over the part (rel), against leg.from.
struct RelativePath {
    double a = 0, b = 0;
    Aabb r{};
    Vec2 rel{0, 0};
};

/// False when the cast's interval [t0, t1] and the leg do not overlap (t0 == t1: the leg holds t0).
inline bool relative_path(const Leg& leg, const Aabb& box, Vec2 delta, double t0, double t1, RelativePath& p) {
    const double span = t1 - t0;
    p.a = p.b = t0;
    if (span > 0) {
        p.a = std::max(t0, leg.t0);
        p.b = std::min(t1, leg.t1);
        if (!(p.a < p.b)) return false;
    } else if (!(leg.t0 <= t0 && t0 <= leg.t1)) {
        return false;
    }
    const double ca = span > 0 ? (p.a - t0) / span : 0, cb = span > 0 ? (p.b - t0) / span : 1;
    const double ua = (p.a - leg.t0) / (leg.t1 - leg.t0), ub = (p.b - leg.t0) / (leg.t1 - leg.t0);
    for (int k = 0; k < 2; ++k) {
        const double e = double(leg.to.min[k]) - double(leg.from.min[k]);
        const double shift = double(delta[k]) * ca - e * ua;
        p.r.min[k] = real(double(box.min[k]) + shift);
        p.r.max[k] = real(double(box.max[k]) + shift);
        p.rel[k] = real(double(delta[k]) * (cb - ca) - e * (ub - ua));
    }
    return true;
}

/// T5's allowance: the box shrunk by m on each axis where it is wider than 2m, the interior that a
/// move against motion never enters beyond rounding.
inline Aabb shrunk(const Aabb& b, real m) {
    Aabb s = b;
    for (int k = 0; k < 2; ++k)
        if (b.max[k] - b.min[k] > 2 * m) {
            s.min[k] += m;
            s.max[k] -= m;
        }
    return s;
}

} // namespace sweepbox::reference
