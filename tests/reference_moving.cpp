// The reference for casts against motion: brute force over every body and every leg.

#include "reference_moving.hpp"
#include "relative_path.hpp"

#include <algorithm>
#include <cmath>

namespace sweepbox::reference {

namespace {

// T2 for one leg: the relative path, then the exact sweep.
bool leg_hit(const Leg& leg, const Aabb& box, Vec2 delta, double t0, double t1, MovingRefHit& out) {
    RelativePath p;
    if (!relative_path(leg, box, delta, t0, t1, p)) return false;
    const RefSweep s = sweep(p.r, p.rel, leg.from);
    if (!s.is_hit_or_started()) return false;
    const bool started = s.state == SweepState::started_overlapping;
    out.time = (long double)p.a + (started ? 0.0L : s.time.value()) * ((long double)p.b - (long double)p.a);
    out.normal = s.normal;
    out.started_overlapping = started && p.a == t0;
    out.moving = true;
    return true;
}

} // namespace

std::vector<MovingRefHit> moving_cast_all(const World& w, const Aabb& box, Vec2 delta, const QueryFilter& f,
                                          const CastOptions& o) {
    std::vector<MovingRefHit> out;
    std::vector<BodyId> ids;
    w.body_ids(ids);
    std::vector<Aabb> path;
    auto moving = [&](BodyId id) {
        w.frame_path(id, path);
        return !path.empty();
    };
    const real t0 = o.t0, t1 = o.t1;
    auto kept = [&](const Other& x) { return o.filter == nullptr || o.filter(o.filter_context, w, x); };
    for (const RefHit& h : cast_all(w, box, delta, f)) {
        if ((h.other.is_body() && moving(h.other.body)) || !kept(h.other)) continue;
        const long double s = h.started_overlapping ? 0.0L : h.time.value();
        out.push_back({h.other, (long double)t0 + s * ((long double)t1 - (long double)t0), h.normal,
                       h.started_overlapping, false});
    }
    const std::size_t still = out.size();
    for (const BodyId id : ids) {
        if (!moving(id) || id == f.ignore || !f.bodies) continue;
        const BodyInfo info = w.info(id);
        if ((info.is_sensor && !f.sensors) || !passes(f, info.category, info.mask) || !kept(Other::of(id))) continue;
        for (const Leg& leg : legs_of(path)) {
            MovingRefHit h;
            if (!leg_hit(leg, box, delta, t0, t1, h)) continue;
            h.other = Other::of(id);
            out.push_back(h);
            break;
        }
    }
    std::stable_sort(out.begin() + std::ptrdiff_t(still), out.end(), [](const MovingRefHit& x, const MovingRefHit& y) {
        return x.time != y.time ? x.time < y.time : x.other < y.other;
    });
    std::inplace_merge(out.begin(), out.begin() + std::ptrdiff_t(still), out.end(),
                       [](const MovingRefHit& x, const MovingRefHit& y) { return x.time < y.time; });
    return out;
}

} // namespace sweepbox::reference
