// Moves against the frame's motion (docs/contract.md, "Moving targets", T5): each moving body met
// by its relative motion in every leg of the move, where it was then.

#include <sweepbox/geometry.hpp>
#include <sweepbox/world.hpp>

#include "broadphase/body_filter.hpp"
#include "broadphase/tile_obstacles.hpp"
#include "move/move_legs.hpp"
#include "move/move_moving.hpp"
#include "move/move_support.hpp"
#include "core/wide.hpp"

namespace sweepbox::detail {

bool moving_body_selected(const World& w, std::uint32_t index, const Selector& sel, bool drop_through) {
    const auto& b = WorldAccess::bodies(w)[index];
    return b.alive && !b.is_sensor && !(drop_through && b.one_way) && body_selected(w, index, sel);
}

bool first_moving_contact(const World& w, std::uint32_t index, const Aabb& S, Vec2 d, double ta, double t1,
                          MovingContact& out) {
    const Aabb reach = merge(S, S.translated(d));
    const bool brute = w.def().brute_force;
    bool found = false;
    for_each_leg(w, index, [&](const MotionLeg& leg) {
        if (found || (!brute && !near_leg(reach, merge(leg.from, leg.to)))) return;
        LegSweep ls;
        if (!sweep_leg(leg, S, d, ta, t1, ls)) return;
        Sweep sw = ls.sweep;
        if (sw.state == SweepState::started_overlapping) {
            const Penetration p = minimum_translation(ls.r, leg.from);
            if (p.depth <= leg_rounding(magnitude(ls.r) + magnitude(leg.from))) {
                // Inside by no more than the rounding of the relative box (a mover that slid off
                // this body in the leg before): flush against it, as it was in the world.
                sw = sweep_box_box(place_flush(ls.r, leg.from, p.normal), ls.rel, leg.from);
            } else if (ls.rel.x * p.normal.x + ls.rel.y * p.normal.y >= 0) {
                return; // inside, going out of it or along it: free
            } else {
                sw = Sweep{SweepState::hit, 0, p.normal, false}; // inside, going deeper: met at once
            }
        }
        if (sw.state != SweepState::hit) return;
        const double tm = ls.a + double(sw.time) * (ls.b - ls.a);
        const double span = t1 - ta;
        emit_body(w, index, [&](const Obstacle& ob) { out.ob = ob; });
        // A body moving this frame blocks from every side (as for the casts, T2), where it was then.
        out.ob.special = false;
        out.ob.faces = face_all;
        out.ob.box = leg_box_at(leg, tm);
        out.sweep = sw;
        out.sweep.time = span > 0 ? real((tm - ta) / span) : sw.time;
        found = true;
    });
    return found;
}

void MovingFrame::end_leg(const World& w, const Aabb& S, Vec2 d, const Found& best, Aabb& F, Vec2& rest) const {
    if (!best.any || best.started || !best.ob.other.is_body() || !is_moving(w, best.ob.other.body.index)) return;
    // The body moved: the mover is where its own motion took it by then, flush against the body's
    // box of that time (unless it was inside that box beyond a rounding already).
    const wide s = best.sweep.time;
    Aabb c = S;
    for (int k = 0; k < 2; ++k) {
        c.min[k] = real(wide(S.min[k]) + wide(d[k]) * s);
        c.max[k] = S.max[k] == S.min[k] ? c.min[k] : real(wide(S.max[k]) + wide(d[k]) * s);
    }
    const Penetration p = minimum_translation(c, best.ob.box);
    F = p.depth > leg_rounding(magnitude(c) + magnitude(best.ob.box)) ? c
                                                                      : place_flush(c, best.ob.box, best.sweep.normal);
    rest = rest_after(S, d, F, best.sweep.normal);
}

namespace {

// RunOptions' filter: the moving bodies are met by the hook, one-way obstacles are dropped
// through, everything else answers as the caller says.
Response unusual_filter(void* context, const World& w, BodyId self, const Other& other) {
    const MoveOptions& o = **static_cast<const MoveOptions* const*>(context);
    if (o.moving && other.is_body() && is_moving(w, other.body.index)) return Response::ignore;
    const Obstacle ob = obstacle_of(w, other);
    if (o.drop_through && ob.special && ob.shape == 0) return Response::ignore;
    return response_for(w, self, ob, o);
}

} // namespace

RunOptions::RunOptions(const MoveOptions& o) : run(o), caller(&o) {
    run.drop_through = false;
    run.moving = false;
    run.filter = unusual_filter;
    run.filter_context = &caller;
}

} // namespace sweepbox::detail

namespace sweepbox {

void World::resolve_against(BodyId id, Vec2 delta, const MoveOptions& o, MoveResult& out, bool dry) const {
    detail::require_frame_times("move", o.t0, o.t1);
    const detail::RunOptions r(o);
    resolve_move(id, delta, r.run, out, dry, detail::MovingFrame{o});
    for (Contact& c : out.contacts) c.time = detail::frame_time(o.t0, o.t1, c.time);
}

} // namespace sweepbox
