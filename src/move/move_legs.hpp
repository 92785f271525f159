#pragma once
// Internal: World::move's movement loop (docs/contract.md), shared by move.cpp (every move) and
// move_moving.cpp (a move against the frame's motion, its own instantiation, out of the hot
// path's file). Each leg walks the path (whole-trip box, then primary-axis sub-boxes with early
// exit), finds the first blocking contact exactly (slabs), places the body flush against it
// (rule 5), checks the result against every candidate of the leg (rule 6: a clamp toward the
// start, and as a last resort no motion at all), reports the cross contacts met before it, and
// applies the response to the rest of the motion and to the velocity. Started inside (rule 7):
// the first leg pushes the body out of what it overlaps (push_out.cpp); where it stays, motion out
// of those obstacles is free, motion into them is clipped at t = 0. The responses are in
// responses.hpp, a point's or plank's junction test of a leg in move_junction.cpp, and rules 6
// and 7's last line in move_safety.hpp.

#include <sweepbox/world.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "core/depth_lease.hpp"
#include "narrow/junction.hpp"
#include "move/move_checks.hpp"
#include "move/move_junction.hpp"
#include "move/move_moving.hpp"
#include "move/move_safety.hpp"
#include "move/move_support.hpp"
#include "move/push_out.hpp"
#include "move/responses.hpp"
#include "narrow/narrow_phase.hpp"
#include "geometry/sweep.hpp"
#include "core/compiler.hpp"
#include "core/wide.hpp"
#include "narrow/ranking.hpp"
#include "narrow/slope_junction.hpp"
#include "narrow/thin_end.hpp"
#include "walk/walk_path.hpp"

namespace sweepbox {

using detail::axis_of;
using detail::Found;
using detail::inside;
using detail::is_blocking;
using detail::no_hit_yet;
using detail::Obstacle;
using detail::require_finite_result;
using detail::require_move;
using detail::response_for;
using detail::set_sweep_back;
using detail::strictly_inside;
using detail::wide;

namespace {

struct CrossHit {
    Sweep sweep;
    Obstacle ob;
};

struct MoveScratch {
    std::vector<Obstacle> candidates;
    std::vector<CrossHit> crosses;
    // The junction test's obstacles: the move's own, as a filter it calls may cast, and a cast
    // fills its own list.
    std::vector<Obstacle> solids;
    std::vector<Obstacle> slopes; // the junction test's slope tiles
    detail::PushScratch push;     // rule 7's
};

// World::move's lists: a move never runs inside another (a filter sees a const world). Out of
// line in a shared library, which finds an inlined thread_local anew, by a call, after each call
// it makes; inline in a program, where finding it is one instruction.
#if defined(__PIC__) && !defined(__PIE__)
#    define SWEEPBOX_SHARED_OUT_OF_LINE [[gnu::noinline]]
#else
#    define SWEEPBOX_SHARED_OUT_OF_LINE
#endif
SWEEPBOX_SHARED_OUT_OF_LINE inline MoveScratch& move_scratch() {
    thread_local MoveScratch s;
    return s;
}

// The lists of a const move (check, particles): a move's filter may run one while the move is
// in progress, and a check's filter another, so one set per depth.
using ConstScratch = detail::DepthLease<MoveScratch>;

// True when `other` was already reported crossed at `time`: a leg that starts at the instant of
// a blocking contact meets, at its own time 0, the crossing the leg before reported then.
[[gnu::noinline]] inline bool crossed_at(const std::vector<Contact>& contacts, const Other& other, real time) {
    for (const Contact& k : contacts)
        if (k.response == Response::cross && k.time == time && k.other == other) return true;
    return false;
}

// Where a leg ends (F: S moved to its blocking contact, or by all of d) and what is left of the
// motion after it (rest, zero when nothing blocks).
SWEEPBOX_FORCE_INLINE void leg_end(const World& w, const Aabb& S, Vec2 d, const Found& best, Aabb& F, Vec2& rest) {
    if (!best.any) {
        F = S.translated(d);
    } else if (best.started) {
        F = S;
        // Into it, the slide keeps the tangent part; along it, nothing is left.
        if (d.x * best.sweep.normal.x + d.y * best.sweep.normal.y < 0) rest = d;
    } else if (best.ob.shape != 0 && detail::is_slope_normal(best.sweep.normal)) [[unlikely]] {
        detail::slope_leg_end(detail::slope_of(w.tiles(), best.ob), S, d, F, rest);
    } else {
        F = detail::contact_box(S, d, best.ob.box, best.sweep.normal);
        if (best.ob.shape != 0) [[unlikely]] // a slope tile's side: its tip, or its cell's
            F = detail::contact_box_of(w.tiles(), S, d, best.ob, best.sweep.normal);
        // What is left is what was not travelled (d - (F - S)): a slide keeps the whole
        // tangential motion and a bounce reflects exactly the rest into the face. On the
        // normal's axis the travel is measured at the leading edge, the one now on the face
        // (the far edge may carry the rounding of the body's size).
        const int k = axis_of(best.sweep.normal);
        const bool lead_max = best.sweep.normal[k] < 0;
        const wide moved_k = lead_max ? wide(F.max[k]) - wide(S.max[k]) : wide(F.min[k]) - wide(S.min[k]);
        const wide moved_j = wide(F.min[1 - k]) - wide(S.min[1 - k]);
        rest[k] = real(wide(d[k]) - moved_k);
        rest[1 - k] = real(wide(d[1 - k]) - moved_j);
        // Rounding the position at contact may carry the body past the end of its motion on
        // the other axis (near 1e9 a float is a multiple of 64): then nothing of that motion
        // is left, and the body never goes back along it.
        if (rest[1 - k] * d[1 - k] < 0) rest[1 - k] = 0;
    }
}

// The cross contacts a leg met up to its blocking one (best), in order, each once, into contacts.
SWEEPBOX_FORCE_INLINE void report_crosses(const World& w, const Aabb& S, Vec2 d, const Found& best, real t_start,
                                          std::vector<CrossHit>& crosses, std::vector<Contact>& contacts) {
    std::sort(crosses.begin(), crosses.end(), [&](const CrossHit& a, const CrossHit& b) {
        return detail::ranks_before(w.tiles(), S, d,
                                    {a.sweep.time, false, a.sweep.corner, a.sweep.normal, &a.ob.box, a.ob.other},
                                    {b.sweep.time, false, b.sweep.corner, b.sweep.normal, &b.ob.box, b.ob.other});
    });
    for (std::size_t i = 0; i < crosses.size(); ++i) {
        const CrossHit& c = crosses[i];
        if (best.any && c.sweep.time > best.sweep.time) break;
        bool seen = false;
        for (std::size_t j = 0; j < i && !seen; ++j) seen = crosses[j].ob.other == c.ob.other;
        const real time = t_start + c.sweep.time * (1 - t_start);
        if (seen || (c.sweep.time == 0 && crossed_at(contacts, c.ob.other, time))) continue;
        Contact& k = contacts.emplace_back();
        k.other = c.ob.other;
        k.time = time;
        k.normal = c.sweep.normal;
        k.box = detail::contact_box_of(w.tiles(), S, d, c.ob, c.sweep.normal);
        k.point = detail::contact_point_of(w.tiles(), k.box, c.ob, c.sweep.normal);
        k.response = Response::cross;
        k.corner = c.sweep.corner;
    }
}

// The end of a move's legs: the box and the velocity.
struct Legs {
    Aabb box;
    Vec2 velocity;
};

// The movement loop of World::move for the box S of `id` (null for a box that is no body of w,
// a particle), seeing what `sel` selects: every leg, contact and response, into `out`, nothing
// stored. `responded(v)` is called after each blocking contact's response with the velocity
// after it (the particles report it per contact). Inline in both callers, so World::move keeps
// the code it had as one function.
// `known`: what the caller knows of the obstacles (null for a body's move).
// `frame`: a move against the frame's motion meets the moving bodies through it (move_moving.hpp).
template <class Responded, class Frame = detail::NoFrame>
SWEEPBOX_FORCE_INLINE Legs move_legs(const World& w, BodyId id, const detail::Selector& sel, Aabb S, Vec2 delta,
                                     const MoveOptions& o, MoveResult& out, MoveScratch& sc, Responded&& responded,
                                     const detail::KnownObstacles* known, const Frame& frame = {}) {
    out.contacts.clear();
    out.iterations = 0;
    out.truncated = false;
    out.stuck = false;
    Vec2 d = delta;
    Vec2 v = o.velocity;
    real t_start = 0;

    // The whole-trip box of the last leg whose walk visited every obstacle meeting that box.
    bool have_visited = false;
    Aabb visited_box{};
    while (d.x != 0 || d.y != 0) {
        sc.crosses.clear();
        Found best;
        bool overlap_seen = false;
        bool blocking_overlap = false;       // an overlapped obstacle rule 7 may push out of
        bool leave_line[2] = {false, false}; // thin walls on S's lines (axis k) that the leg leaves
        const detail::SweepQuery q(S, d);
        // The narrow phase of one candidate. Inlined where the walk meets a candidate: a call
        // per candidate costs as much as the sweep of a clear miss.
        auto consider = [&](const Obstacle& ob) __attribute__((always_inline)) {
            // An obstacle a filter ignores costs no sweep (debris that pass through each other);
            // only a start inside it is noted, for rule 7 (a box's sweep starts inside exactly
            // when the boxes overlap).
            if (o.filter && !ob.special) [[unlikely]] {
                if (response_for(w, id, ob, o) == Response::ignore) {
                    if (overlaps(S, ob.box)) overlap_seen = true;
                    return;
                }
            }
            Sweep sw = detail::sweep_obstacle(w.tiles(), q, ob);
            if (sw.state == SweepState::miss) return;
            const bool started = sw.state == SweepState::started_overlapping;
            real depth = 0;
            if (started) {
                overlap_seen = true;
                // Only a blocking obstacle needs the way out (a pile of debris that pass through
                // each other overlaps many it does not).
                if (!is_blocking(response_for(w, id, ob, o))) return;
                blocking_overlap = blocking_overlap || !ob.special || ob.shape != 0; // not a one-way one
                const Penetration p = detail::penetration_of(w.tiles(), S, ob);
                // Out of it: free. Into it or along it (a recovery that was blocked): stopped.
                if (d.x * p.normal.x + d.y * p.normal.y > 0) return;
                sw.normal = p.normal;
                sw.time = 0;
                sw.corner = false;
                depth = p.depth;
            }
            if (best.any && sw.time > best.sweep.time) return; // neither blocks first nor crosses before
            const Response r = response_for(w, id, ob, o);
            if (r == Response::ignore) return;
            if (r == Response::cross) {
                if (!started) sc.crosses.push_back({sw, ob});
                return;
            }
            if (!best.any ||
                detail::ranks_before(w.tiles(), S, d, {sw.time, started, sw.corner, sw.normal, &ob.box, ob.other},
                                     {best.sweep.time, best.started, best.sweep.corner, best.sweep.normal, &best.ob.box,
                                      best.ob.other}))
                best = {true, sw, ob, r, started, depth};
        };
        auto visit = [&](const Obstacle& ob) __attribute__((always_inline)) {
            sc.candidates.push_back(ob);
            consider(ob);
        };
        const Aabb trip = detail::trip_box(S, d, 1);
        const bool known_leg = known != nullptr && strictly_inside(trip, known->region);
        if (known_leg) {
            // Every obstacle the walk could meet is known (as the walk builds it).
            sc.candidates.assign(known->obstacles, known->obstacles + known->count);
            for (const Obstacle& ob : sc.candidates) consider(ob);
            have_visited = false;
        } else if (have_visited && inside(trip, visited_box)) {
            // This leg stays inside that box (a slide along a wall, say): the obstacles met
            // there are known, in the order they were visited; sweep them again, where they are
            // (they are this leg's candidates too).
            for (const Obstacle& ob : sc.candidates) consider(ob);
        } else {
            sc.candidates.clear();
            have_visited = detail::walk_path(
                w, S, d, sel, visit, [&] { return best.any ? best.sweep.time : no_hit_yet; }, false, &trip);
            visited_box = trip;
        }
        // A point or plank leaving a zero-thickness wall's line that lies on a face it is held by
        // meets nothing there (held_line.hpp): when such a hit is the best, the leg is walked again
        // without the thin walls on that line. (Here, not in `consider`: the usual leg pays nothing.)
        for (int line = 0; line < 2 && best.any && !best.started && best.sweep.time == 0; ++line) {
            const int k = axis_of(best.sweep.normal);
            if (best.ob.special || !detail::starts_on_thin_line(S, best.ob.box, best.sweep) ||
                !detail::held_by_face(w, id, o, sel, S, d, k)) [[likely]]
                break;
            leave_line[k] = true;
            best = Found{};
            overlap_seen = false;
            sc.crosses.clear();
            sc.candidates.clear();
            have_visited = false;
            auto careful = [&](const Obstacle& ob) {
                for (int a = 0; a < 2; ++a)
                    if (leave_line[a] && !ob.special && ob.box.min[a] == ob.box.max[a] && ob.box.min[a] == S.min[a])
                        return;
                visit(ob);
            };
            detail::walk_path(w, S, d, sel, careful, [&] { return best.any ? best.sweep.time : no_hit_yet; });
        }
        // Rule 7's push out, when the first leg meets an obstacle the body overlaps: it is about
        // where the move starts (a later leg that starts inside one, by a rounding, is stopped
        // going into it, as a stuck body's is). After a complete walk the candidates hold every
        // obstacle the body overlaps: when none of them blocks, there is nothing to push out of.
        if (overlap_seen && out.contacts.empty() && (blocking_overlap || !have_visited)) [[unlikely]] {
            const Aabb pushed = detail::push_out(w, id, o, sel, S, d, out, sc.push);
            if (!(pushed == S)) {
                S = pushed; // the leg again, from out of the obstacles
                // The push is one of the blocking contacts max_iterations counts.
                if (++out.iterations >= o.max_iterations) {
                    out.truncated = true;
                    break;
                }
                continue;
            }
        }

        if constexpr (Frame::on)
            frame.meet(w, sel, S, d, t_start, [&](const Obstacle& ob, const Sweep& sw) {
                if (best.any && sw.time > best.sweep.time) return;
                const Response r = response_for(w, id, ob, frame.options);
                if (r == Response::ignore) return;
                if (r == Response::cross) {
                    sc.crosses.push_back({sw, ob});
                    return;
                }
                if (!best.any ||
                    detail::ranks_before(w.tiles(), S, d, {sw.time, false, sw.corner, sw.normal, &ob.box, ob.other},
                                         {best.sweep.time, best.started, best.sweep.corner, best.sweep.normal,
                                          &best.ob.box, best.ob.other}))
                    best = {true, sw, ob, r, false, 0};
            });

        Aabb F;
        Vec2 rest{0, 0};
        leg_end(w, S, d, best, F, rest);
        if constexpr (Frame::on) frame.end_leg(w, S, d, best, F, rest);
        // Points and planks: the thin crossings of make_safe, and the junction test.
        const bool thin = detail::is_thin(S);
        F = detail::make_safe(w, id, o, sel, S, d, best.any ? best.sweep.time : real(1), F, sc.candidates, thin);
        // Rule 6 where obstacles meet, for points and planks (junction.hpp): a seam entered or a
        // meeting point passed before the first contact of the slabs is the contact instead.
        Vec2 junction_point;
        bool junction = false;
        if (thin) [[unlikely]] {
            const detail::JunctionLeg jl = detail::junction_leg(w, id, o, sel, S, d, best, F, rest, sc.solids,
                                                                sc.slopes, known_leg ? known : nullptr);
            F = jl.F;
            rest = jl.rest;
            junction = jl.stop;
            junction_point = jl.point;
        }

        report_crosses(w, S, d, best, t_start, sc.crosses, out.contacts);
        if (!best.any) {
            S = F;
            break;
        }

        // Made in place: a Contact built in a local and copied in is wide loads of the narrow
        // stores just made (see cast_closest in cast.cpp).
        Contact& k = out.contacts.emplace_back();
        k.other = best.ob.other;
        k.time = t_start + best.sweep.time * (1 - t_start);
        k.normal = best.sweep.normal;
        k.box = F;
        k.point = detail::contact_point(F, best.ob.box, best.sweep.normal);
        if (best.ob.shape != 0) [[unlikely]]
            k.point = detail::contact_point_of(w.tiles(), F, best.ob, best.sweep.normal);
        k.response = best.response;
        k.started_overlapping = best.started;
        k.corner = best.sweep.corner;
        if (junction) [[unlikely]] {
            k.junction = true;
            k.point = junction_point;
        }
        if (best.started) {
            k.depth = best.depth;
            set_sweep_back(k, S, d, best.ob.box, out.contacts);
        }

        const Vec2 n = best.sweep.normal;
        if (best.ob.shape != 0 && detail::is_slope_normal(n)) [[unlikely]]
            detail::slope_response(detail::slope_of(w.tiles(), best.ob), best.response, o, rest, v);
        else {
            // A box's face (rule 8): here in the loop, where every blocking contact of the crowd
            // takes it (a function for it, even inlined, costs the crowd a few instructions a move).
            const int a = axis_of(n);
            const bool v_into = v[a] * n[a] < 0;
            switch (best.response) {
            case Response::touch:
                rest = {0, 0};
                if (v_into) v[a] = 0;
                break;
            case Response::slide:
                if (rest[a] * n[a] < 0) rest[a] = 0;
                if (v_into) v[a] = 0;
                break;
            case Response::bounce:
                if (rest[a] * n[a] > 0) rest[a] = 0; // (a rounding left it past the face)
                if (v_into && v[a] * n[a] > -o.rest_speed) [[unlikely]] {
                    detail::come_to_rest(rest, v, n, a, o);
                    break;
                }
                rest = reflect(rest, n, o.restitution, o.friction);
                if (v_into) v = reflect(v, n, o.restitution, o.friction);
                break;
            default: break;
            }
        }
        responded(v);
        t_start = k.time;
        S = F;
        d = rest;
        ++out.iterations;
        if (out.iterations >= o.max_iterations) {
            out.truncated = d.x != 0 || d.y != 0;
            break;
        }
    }

    return {S, v};
}

} // namespace

// Inlined into move and check (one source, the move keeps its own code); `dry` picks the lists.
template <class Frame>
SWEEPBOX_FORCE_INLINE void World::resolve_move(BodyId id, Vec2 delta, const MoveOptions& o, MoveResult& out, bool dry,
                                               const Frame& frame) const {
    const Body& body = checked(id, "move");
    require_move(body.box, delta, o);
    const detail::Selector sel{id, body.category, body.mask, true, true};
    std::optional<ConstScratch> lease;
    if (dry) lease.emplace();
    MoveScratch& sc = dry ? lease->get() : move_scratch();
    const auto [S, v] = move_legs(
        *this, id, sel, body.box, delta, o, out, sc, [](Vec2) {}, nullptr, frame);
    // Before move stores anything: a throw leaves the world as it was.
    require_finite_result(S, v, out.contacts);
    out.box = S;
    out.velocity = v;
}

} // namespace sweepbox
