// Casts against the frame's motion (docs/contract.md, "Moving targets", T2-T4): still bodies and
// tiles through the plain cast, each moving body by the relative displacement against the box it
// had at the start of each leg, through the same sweep.

#include <algorithm>
#include <cmath>
#include <limits>
#include <sweepbox/world.hpp>

#include "broadphase/body_filter.hpp"
#include "world/cast_kept.hpp"

namespace sweepbox {

namespace {

// What a moving cast keeps of the plain cast: still obstacles the game's filter keeps.
bool keep_still(const void* options, const World& w, const Other& o) {
    if (o.is_body() && detail::is_moving(w, o.body.index)) return false;
    return detail::keep_by_options(options, w, o);
}

// A moving body's first contact with the cast, in frame time.
struct MovingHit {
    bool hit = false;
    double time = 2;
    CastHit h{};
};

// Whether the cast sees moving body `index` (as it would see the body standing still).
bool sees(const World& w, std::uint32_t index, const QueryFilter& f, const CastOptions& o) {
    const auto& b = WorldAccess::bodies(w)[index];
    if (!b.alive || !f.bodies || (b.is_sensor && !f.sensors)) return false;
    const BodyId id{index, b.generation};
    if (id == f.ignore) return false;
    if (!((b.category & f.mask) != 0 && (f.category & WorldAccess::masks(w)[index]) != 0)) return false;
    return o.filter == nullptr || o.filter(o.filter_context, w, Other::of(id));
}

// The cast's first contact with a leg, in frame time (T2, T3).
bool hit_leg(const detail::MotionLeg& leg, const Aabb& box, Vec2 delta, const CastOptions& fc, MovingHit& out) {
    detail::LegSweep ls;
    if (!detail::sweep_leg(leg, box, delta, fc.t0, fc.t1, ls)) return false;
    const Sweep& sw = ls.sweep;
    if (sw.state == SweepState::miss) return false;
    const bool started = sw.state == SweepState::started_overlapping;
    const double s = started ? 0.0 : double(sw.time);
    // The time as reported, and the body's box then (World::frame_box gives the same).
    const real t = real(ls.a + s * (ls.b - ls.a));
    const Aabb body = detail::leg_box_at(leg, double(t));
    const Aabb c = started ? ls.r : place_flush(ls.r.translated(ls.rel * sw.time), leg.from, sw.normal);
    const Vec2 p = contact_point(c, leg.from, sw.normal);
    CastHit& h = out.h;
    h.hit = true;
    h.started_overlapping = started && ls.a == double(fc.t0);
    h.time = t;
    h.normal = sw.normal;
    h.corner = sw.corner;
    for (int k = 0; k < 2; ++k) {
        const double off = double(body.min[k]) - double(leg.from.min[k]);
        h.box.min[k] = real(double(c.min[k]) + off);
        h.box.max[k] = real(double(c.max[k]) + off);
        h.point[k] = real(double(p[k]) + off);
    }
    out.hit = true;
    out.time = t;
    return true;
}

// Calls f(MovingHit) for each moving body the cast meets, at its first contact.
template <class F>
void each_moving_hit(const World& w, const Aabb& box, Vec2 delta, const QueryFilter& filter, const CastOptions& fc,
                     F&& f) {
    const Aabb reach = merge(box, box.translated(delta));
    const bool brute = w.def().brute_force;
    detail::for_each_moving_near(w, reach, [&](std::uint32_t i) {
        if (!sees(w, i, filter, fc)) return;
        MovingHit mh;
        detail::for_each_leg(w, i, [&](const detail::MotionLeg& leg) {
            if (mh.hit) return;
            // The cast's reach and the leg's: apart by more than rounding, nothing meets.
            if (!brute && !detail::near_leg(reach, merge(leg.from, leg.to))) return;
            hit_leg(leg, box, delta, fc, mh);
        });
        if (!mh.hit) return;
        mh.h.other = Other::of(BodyId{i, WorldAccess::bodies(w)[i].generation});
        f(mh);
    });
}

// A still hit in frame time (T3): the time mapped into [t0, t1].
void to_frame(const CastOptions& fc, CastHit& h) {
    if (h.hit) h.time = detail::frame_time(fc.t0, fc.t1, h.time);
}

CastHit cast_moving(const World& w, bool ray, const Aabb& box, Vec2 delta, const QueryFilter& filter,
                    const CastOptions& fc) {
    const char* where = ray ? "cast_ray" : "cast_box";
    detail::require_frame_times(where, fc.t0, fc.t1);
    CastHit best = detail::cast_kept(w, ray, box, delta, filter, keep_still, &fc);
    to_frame(fc, best);
    double best_time = best.hit ? double(best.time) : 2.0;
    bool moving = false;
    each_moving_hit(w, box, delta, filter, fc, [&](const MovingHit& mh) {
        if (mh.time < best_time || (moving && mh.time == best_time && mh.h.other < best.other)) {
            best = mh.h;
            best_time = mh.time;
            moving = true;
        }
    });
    return best;
}

} // namespace

CastHit World::cast_ray(Vec2 origin, Vec2 delta, const QueryFilter& filter, const CastOptions& options) const {
    if (options.moving) return cast_moving(*this, true, Aabb{origin, origin}, delta, filter, options);
    if (!options.filter) return cast_ray(origin, delta, filter);
    return detail::cast_kept(*this, true, Aabb{origin, origin}, delta, filter, detail::keep_by_options, &options);
}

CastHit World::cast_box(const Aabb& box, Vec2 delta, const QueryFilter& filter, const CastOptions& options) const {
    if (options.moving) return cast_moving(*this, false, box, delta, filter, options);
    if (!options.filter) return cast_box(box, delta, filter);
    return detail::cast_kept(*this, false, box, delta, filter, detail::keep_by_options, &options);
}

void World::cast_all(const Aabb& box, Vec2 delta, std::vector<CastHit>& out, const QueryFilter& filter,
                     const CastOptions& options) const {
    if (!options.moving)
        return detail::cast_all_kept(*this, box, delta, out, filter, detail::keep_by_options, &options);
    detail::require_frame_times("cast_all", options.t0, options.t1);
    detail::cast_all_kept(*this, box, delta, out, filter, keep_still, &options);
    for (CastHit& h : out) to_frame(options, h);
    thread_local std::vector<std::pair<double, CastHit>> moving;
    thread_local std::vector<CastHit> still;
    moving.clear();
    each_moving_hit(*this, box, delta, filter, options,
                    [&](const MovingHit& mh) { moving.emplace_back(mh.time, mh.h); });
    if (moving.empty()) return;
    std::sort(moving.begin(), moving.end(), [](const auto& x, const auto& y) {
        return x.first != y.first ? x.first < y.first : x.second.other < y.second.other;
    });
    // Merged by frame time, still hits first on a tie (T3); no allocation once the lists have grown.
    still.assign(out.begin(), out.end());
    out.clear();
    std::size_t i = 0;
    for (const auto& m : moving) {
        while (i < still.size() && !(m.second.time < still[i].time)) out.push_back(still[i++]);
        out.push_back(m.second);
    }
    out.insert(out.end(), still.begin() + std::ptrdiff_t(i), still.end());
}

} // namespace sweepbox
