// World::move: the movement loop of docs/contract.md. Each leg walks the path (whole-trip box, then
// primary-axis sub-boxes with early exit), finds the first blocking contact exactly (slabs),
// places the body flush against it (rule 5), checks the result against every candidate of the
// leg (rule 6: a clamp toward the start, and as a last resort no motion at all), reports the
// cross contacts met before it, and applies the response to the rest of the motion and to the
// velocity. Started inside (rule 7): the first leg pushes the body out of what it overlaps
// (push_out.cpp); where it stays, motion out of those obstacles is free, motion into them is
// clipped at t = 0.

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
#include "move/move_support.hpp"
#include "move/push_out.hpp"
#include "narrow/narrow_phase.hpp"
#include "geometry/sweep.hpp"
#include "core/compiler.hpp"
#include "narrow/ranking.hpp"
#include "geometry/reflection.hpp"
#include "narrow/slope_junction.hpp"
#include "narrow/thin_end.hpp"
#include "walk/walk_path.hpp"

namespace sweepbox {

using detail::axis_of;
using detail::is_blocking;
using detail::Obstacle;
using detail::require_finite_result;
using detail::require_move;
using detail::response_for;
using detail::set_sweep_back;
using detail::wide;

namespace {

struct Found {
    bool any = false;
    Sweep sweep{};
    Obstacle ob{};
    Response response = Response::slide;
    bool started = false;
    real depth = 0;
};

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
SWEEPBOX_SHARED_OUT_OF_LINE MoveScratch& move_scratch() {
    thread_local MoveScratch s;
    return s;
}

// The lists of a const move (check, particles): a move's filter may run one while the move is
// in progress, and a check's filter another, so one set per depth.
using ConstScratch = detail::DepthLease<MoveScratch>;

#if SWEEPBOX_SSE
// overlaps(a, b) for float boxes in one vector compare: (b.min, -b.max) < (a.max, -a.min) on every
// lane (finite boxes, so no lane is NaN).
struct OverlapLanes {
    __m128 v;
    explicit OverlapLanes(const Aabb& a) : v(detail::reach_lanes(a).v) {} // the same lanes
};
inline __m128 obstacle_lanes(const Aabb& b) {
    return _mm_xor_ps(_mm_loadu_ps(&b.min.x), _mm_setr_ps(0.0f, 0.0f, -0.0f, -0.0f));
}
inline bool overlaps(const OverlapLanes& a, __m128 b) { return _mm_movemask_ps(_mm_cmplt_ps(b, a.v)) == 15; }
#else
struct OverlapLanes {
    Aabb box;
    explicit OverlapLanes(const Aabb& a) : box(a) {}
};
inline const Aabb& obstacle_lanes(const Aabb& b) { return b; }
inline bool overlaps(const OverlapLanes& a, const Aabb& b) { return sweepbox::overlaps(a.box, b); }
#endif

// True when the closed box a lies inside the closed box `region`.
inline bool inside(const Aabb& a, const Aabb& region) {
    return region.min.x <= a.min.x && region.min.y <= a.min.y && a.max.x <= region.max.x && a.max.y <= region.max.y;
}

// True when the closed box a lies in the interior of `region`.
inline bool strictly_inside(const Aabb& a, const Aabb& region) {
    return region.min.x < a.min.x && region.min.y < a.min.y && a.max.x < region.max.x && a.max.y < region.max.y;
}

// True when make_safe has nothing to do for any candidate (the usual case): none is one-way and
// none overlaps S or F. make_safe's first pass then changes nothing, whatever the order.
bool nothing_to_check(const Aabb& S, const Aabb& F, const std::vector<Obstacle>& candidates) {
    const OverlapLanes s(S), f(F);
    for (const Obstacle& ob : candidates) {
        const auto b = obstacle_lanes(ob.box);
        const bool in_s = overlaps(s, b), in_f = overlaps(f, b);
        if (ob.special | in_s | in_f) return false;
    }
    return true;
}

// True when `other` was already reported crossed at `time`: a leg that starts at the instant of
// a blocking contact meets, at its own time 0, the crossing the leg before reported then.
[[gnu::noinline]] bool crossed_at(const std::vector<Contact>& contacts, const Other& other, real time) {
    for (const Contact& k : contacts)
        if (k.response == Response::cross && k.time == time && k.other == other) return true;
    return false;
}

// Rule 6 and 7 as a last line (settle_violations, out of line), after the usual case is found
// to have nothing to check.
Aabb make_safe(const World& w, BodyId self, const MoveOptions& o, const detail::Selector& sel, const Aabb& S, Vec2 d,
               real t_end, Aabb F, const std::vector<Obstacle>& candidates, bool s_thin) {
    if (!s_thin && nothing_to_check(S, F, candidates)) return F;
    return detail::settle_violations(w, self, o, sel, S, d, t_end, F, candidates, s_thin);
}

// The junction test of one leg of a point or plank (junction.hpp), after the slabs: when a stop
// comes before their best contact, it becomes the contact (best, and in the answer the leg's
// end, what is left of the motion and the junction point). Then rule 5's rounding of the end
// (settle_thin). Out of line, and with F and rest passed by value (their addresses would keep
// them out of registers in every move): most moves are of boxes with area.
struct JunctionLeg {
    bool stop;
    Aabb F;
    Vec2 rest;
    Vec2 point;
};
// `known`: the leg lies inside this region of known obstacles (else null).
[[gnu::noinline]] JunctionLeg junction_leg(const World& w, BodyId self, const MoveOptions& o,
                                           const detail::Selector& sel, const Aabb& S, Vec2 d, Found& best, Aabb F,
                                           Vec2 rest, std::vector<Obstacle>& solids, std::vector<Obstacle>& slopes,
                                           const detail::KnownObstacles* known) {
    if (known) slopes.clear(); // (a known region has no slopes)
    const detail::JunctionStop js = known ? detail::known_junction(w, self, o, S, d, *known, solids)
                                          : detail::move_junction(w, self, o, sel, S, d, solids, slopes);
    JunctionLeg out{false, F, rest, {0, 0}};
    detail::SlopeTile slope;
    if (best.any && best.ob.shape != 0) slope = detail::slope_of(w.tiles(), best.ob);
    out.stop = js.any && (!best.any || (!best.started &&
                                        detail::stops_before(js, S, d, best.ob.box, best.sweep.normal, best.sweep.time,
                                                             best.ob.shape != 0 ? &slope : nullptr)));
    if (out.stop) {
        best.any = true;
        best.sweep = Sweep{SweepState::hit, js.time, js.normal, js.corner};
        best.ob = js.ob;
        best.response = response_for(w, self, js.ob, o);
        best.started = false;
        best.depth = 0;
        out.F = js.box;
        out.point = js.point;
        for (int k = 0; k < 2; ++k) out.rest[k] = real(wide(d[k]) - (wide(out.F.min[k]) - wide(S.min[k])));
        if (out.rest.x * d.x < 0) out.rest.x = 0;
        if (out.rest.y * d.y < 0) out.rest.y = 0;
    }
    // The obstacles at the end itself too: rounding may put it on one the exact path never met.
    // (Inside a known region, those are among the known solids already.)
    auto gather = [&](const Obstacle& ob) {
        if (detail::junction_solid(w, self, o, S, ob)) solids.push_back(ob);
        if (ob.shape != 0 && !detail::overlaps_obstacle(w.tiles(), S, ob) && is_blocking(response_for(w, self, ob, o)))
            slopes.push_back(ob);
    };
    if (!known || !strictly_inside(out.F, known->region)) detail::visit_region(w, out.F, sel, gather);
    // Rule 5's rounding, toward the exact end of the leg: its contact, or S + d.
    detail::StopTime end;
    const bool exact_end = !out.stop && !(best.any && best.started);
    if (exact_end && !best.any) {
        end.num.add(1);
        end.den.add(1);
    } else if (exact_end) {
        end = detail::hit_time(S, d, best.ob.box, best.sweep.normal, best.ob.shape != 0 ? &slope : nullptr);
    }
    const bool flush = best.any && !out.stop && !detail::is_slope_normal(best.sweep.normal);
    const int keep = flush ? axis_of(best.sweep.normal) : -1;
    out.F = detail::settle_thin(S, d, out.F, solids, keep, exact_end ? &end : nullptr, {&w.tiles(), &slopes});
    if (flush) {
        const real face = best.sweep.normal[keep] < 0 ? best.ob.box.min[keep] : best.ob.box.max[keep];
        out.F = detail::off_thin_line(S, out.F, keep, face, solids);
    }
    // Where no rounding next to the exact end is clear of the slopes there: back along the path,
    // seeing every obstacle around it (thin_end.hpp).
    if (!known && w.tiles().slope_count() != 0 && !(out.F == S)) {
        const real t_end = best.any ? best.sweep.time : real(1);
        solids.clear();
        slopes.clear();
        const Aabb region = detail::thin_end_region(S, d, t_end, out.F);
        // (only what meets the region: a reference world visits every tile)
        detail::visit_region(w, region, sel, [&](const Obstacle& ob) {
            if (intersects_closed(ob.box, region)) gather(ob);
        });
        if (!slopes.empty()) (void)detail::clear_thin_end(w.tiles(), S, d, t_end, out.F, out.rest, slopes, solids);
    }
    return out;
}

// A bounce too slow into the face (rest_speed): the normal part goes as in a slide and friction
// acts on the rest; too slow along the face as well, the body stops (a grenade comes to rest on
// the floor instead of creeping ever slower). Out of line: moves that bounce are the rarer ones.
[[gnu::noinline, gnu::cold]] void come_to_rest(Vec2& rest, Vec2& v, Vec2 n, int a, const MoveOptions& o) {
    rest = reflect(rest, n, 1, o.friction);
    v = reflect(v, n, 1, o.friction);
    rest[a] = 0;
    v[a] = 0;
    if (std::fabs(v[1 - a]) < o.rest_speed) {
        rest = {0, 0};
        v = {0, 0};
    }
}

// A leg that ends on a slope's face: the contact box (rule S3) and what is left of the motion.
[[gnu::noinline]] void slope_leg_end(const detail::SlopeTile& s, const Aabb& S, Vec2 d, Aabb& F, Vec2& rest) {
    F = detail::slope_contact_box(S, d, s);
    for (int k = 0; k < 2; ++k) {
        rest[k] = real(wide(d[k]) - (wide(F.min[k]) - wide(S.min[k])));
        if (rest[k] * d[k] < 0) rest[k] = 0; // (rounding carried it past the end)
    }
}

// reflect about a slope's normal. Near the largest `real` its sums of products overflow, and a
// component of the result (never longer than v) may exceed the largest `real` as it turns toward
// an axis: such a v is reflected in wide and, like slope_slide's part along the line, scaled
// back into range with its direction kept, so every leg stays finite.
Vec2 reflect_on_slope(Vec2 v, Vec2 n, real restitution, real friction) {
    constexpr real big = std::numeric_limits<real>::max() / 4;
    if (std::fabs(v.x) <= big && std::fabs(v.y) <= big) return reflect(v, n, restitution, friction);
    wide r[2];
    detail::reflect_about(wide(v.x), wide(v.y), wide(n.x), wide(n.y), wide(restitution), 1 - wide(friction), r[0],
                          r[1]);
    const wide top = std::max(std::fabs(r[0]), std::fabs(r[1])), limit = wide(std::numeric_limits<real>::max());
    if (top > limit)
        for (wide& x : r) x = x / top * limit;
    return {real(r[0]), real(r[1])};
}

// The response on a slope's face (rule S4): as on a side, about the slope's normal; what is left
// of the motion never goes into the exact line, so the next leg does not meet it again at once.
[[gnu::noinline]] void slope_response(const detail::SlopeTile& s, Response r, const MoveOptions& o, Vec2& rest,
                                      Vec2& v) {
    const Vec2 n = s.normal;
    const real vn = v.x * n.x + v.y * n.y;
    const bool v_into = vn < 0;
    switch (r) {
    case Response::touch:
        rest = {0, 0};
        if (v_into) v = detail::slope_slide(v, s);
        break;
    case Response::slide:
        rest = detail::slope_slide(rest, s);
        if (v_into) v = detail::slope_slide(v, s);
        break;
    case Response::bounce:
        if (v_into && vn > -o.rest_speed) {
            // Too slow into the face: the normal part goes, friction acts on the rest, and too
            // slow along the face as well, the body stops.
            rest = detail::slope_not_into(reflect_on_slope(rest, n, 0, o.friction), s);
            v = reflect_on_slope(v, n, 0, o.friction);
            if (std::hypot(v.x, v.y) < o.rest_speed) {
                rest = {0, 0};
                v = {0, 0};
            }
            break;
        }
        rest = detail::slope_not_into(reflect_on_slope(rest, n, o.restitution, o.friction), s);
        if (v_into) v = reflect_on_slope(v, n, o.restitution, o.friction);
        break;
    default: break;
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
template <class Responded>
SWEEPBOX_FORCE_INLINE Legs move_legs(const World& w, BodyId id, const detail::Selector& sel, Aabb S, Vec2 delta,
                                     const MoveOptions& o, MoveResult& out, MoveScratch& sc, Responded&& responded,
                                     const detail::KnownObstacles* known) {
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
                w, S, d, sel, visit, [&] { return best.any ? best.sweep.time : real(2); }, false, &trip);
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
            detail::walk_path(w, S, d, sel, careful, [&] { return best.any ? best.sweep.time : real(2); });
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

        Aabb F;
        Vec2 rest{0, 0};
        if (!best.any) {
            F = S.translated(d);
        } else if (best.started) {
            F = S;
            // Into it, the slide keeps the tangent part; along it, nothing is left.
            if (d.x * best.sweep.normal.x + d.y * best.sweep.normal.y < 0) rest = d;
        } else if (best.ob.shape != 0 && detail::is_slope_normal(best.sweep.normal)) [[unlikely]] {
            slope_leg_end(detail::slope_of(w.tiles(), best.ob), S, d, F, rest);
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
        // Points and planks: the thin crossings of make_safe, and the junction test.
        const bool thin = detail::is_thin(S);
        F = make_safe(w, id, o, sel, S, d, best.any ? best.sweep.time : real(1), F, sc.candidates, thin);
        // Rule 6 where obstacles meet, for points and planks (junction.hpp): a seam entered or a
        // meeting point passed before the first contact of the slabs is the contact instead.
        Vec2 junction_point;
        bool junction = false;
        if (thin) [[unlikely]] {
            const JunctionLeg jl = junction_leg(w, id, o, sel, S, d, best, F, rest, sc.solids, sc.slopes,
                                                known_leg ? known : nullptr);
            F = jl.F;
            rest = jl.rest;
            junction = jl.stop;
            junction_point = jl.point;
        }

        // Cross contacts met up to the blocking one, in order, each once.
        std::sort(sc.crosses.begin(), sc.crosses.end(), [&](const CrossHit& a, const CrossHit& b) {
            return detail::ranks_before(w.tiles(), S, d,
                                        {a.sweep.time, false, a.sweep.corner, a.sweep.normal, &a.ob.box, a.ob.other},
                                        {b.sweep.time, false, b.sweep.corner, b.sweep.normal, &b.ob.box, b.ob.other});
        });
        for (std::size_t i = 0; i < sc.crosses.size(); ++i) {
            const CrossHit& c = sc.crosses[i];
            if (best.any && c.sweep.time > best.sweep.time) break;
            bool seen = false;
            for (std::size_t j = 0; j < i && !seen; ++j) seen = sc.crosses[j].ob.other == c.ob.other;
            const real time = t_start + c.sweep.time * (1 - t_start);
            if (seen || (c.sweep.time == 0 && crossed_at(out.contacts, c.ob.other, time))) continue;
            Contact& k = out.contacts.emplace_back();
            k.other = c.ob.other;
            k.time = time;
            k.normal = c.sweep.normal;
            k.box = detail::contact_box_of(w.tiles(), S, d, c.ob, c.sweep.normal);
            k.point = detail::contact_point_of(w.tiles(), k.box, c.ob, c.sweep.normal);
            k.response = Response::cross;
            k.corner = c.sweep.corner;
        }
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
        const int a = axis_of(n);
        const bool v_into = v[a] * n[a] < 0;
        if (best.ob.shape != 0 && detail::is_slope_normal(n)) [[unlikely]] {
            slope_response(detail::slope_of(w.tiles(), best.ob), best.response, o, rest, v);
        } else switch (best.response) {
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
                    come_to_rest(rest, v, n, a, o);
                    break;
                }
                rest = reflect(rest, n, o.restitution, o.friction);
                if (v_into) v = reflect(v, n, o.restitution, o.friction);
                break;
            default: break;
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

// MoveOptions::drop_through, kept out of the movement loop (the crowd's hot path): the move runs
// with a filter that ignores one-way obstacles and answers for every other obstacle as the
// caller's options do. The obstacle is rebuilt as the walk built it, for its one-way direction
// and category.
struct DropThrough {
    const MoveOptions* options;
};

Response drop_through_filter(void* context, const World& w, BodyId self, const Other& other) {
    Obstacle ob;
    if (other.is_body()) {
        detail::emit_body(w, other.body.index, [&](const Obstacle& o) { ob = o; });
    } else {
        ob = detail::tile_obstacle_at(w.tiles(), other.tile);
    }
    if (ob.special && ob.shape == 0) return Response::ignore;
    return response_for(w, self, ob, *static_cast<const DropThrough*>(context)->options);
}

// Calls move_or_check with the options of a drop-through move (out of line: rare).
template <class Call> [[gnu::noinline]] void dropping_through(const MoveOptions& o, Call&& move_or_check) {
    DropThrough context{&o};
    MoveOptions through = o;
    through.drop_through = false;
    through.filter = drop_through_filter;
    through.filter_context = &context;
    move_or_check(through);
}

} // namespace

// Inlined into move and check (one source, the move keeps its own code); `dry` picks the lists.
SWEEPBOX_FORCE_INLINE void World::resolve_move(BodyId id, Vec2 delta, const MoveOptions& o, MoveResult& out,
                                               bool dry) const {
    const Body& body = checked(id, "move");
    require_move(body.box, delta, o);
    const detail::Selector sel{id, body.category, body.mask, true, true};
    std::optional<ConstScratch> lease;
    if (dry) lease.emplace();
    MoveScratch& sc = dry ? lease->get() : move_scratch();
    const auto [S, v] = move_legs(
        *this, id, sel, body.box, delta, o, out, sc, [](Vec2) {}, nullptr);
    // Before move stores anything: a throw leaves the world as it was.
    require_finite_result(S, v, out.contacts);
    out.box = S;
    out.velocity = v;
}

MoveResult World::move(BodyId id, Vec2 delta, const MoveOptions& options) {
    MoveResult out;
    move(id, delta, options, out);
    return out;
}

void World::move(BodyId id, Vec2 delta, const MoveOptions& o, MoveResult& out) {
    if (o.drop_through) [[unlikely]] {
        dropping_through(o, [&](const MoveOptions& through) { move(id, delta, through, out); });
        return;
    }
    resolve_move(id, delta, o, out, false);
    if (record_paths_) [[unlikely]]
        note_path(id, out); // cold: only while a sensor exists
    if (bodies_[id.index].is_static) level_changed();
    bodies_[id.index].box = out.box;
    grid_.update(id.index, out.box);
    mark_body(out.box);
}

MoveResult World::check(BodyId id, Vec2 delta, const MoveOptions& options) const {
    MoveResult out;
    check(id, delta, options, out);
    return out;
}

void World::check(BodyId id, Vec2 delta, const MoveOptions& o, MoveResult& out) const {
    if (o.drop_through) [[unlikely]] {
        dropping_through(o, [&](const MoveOptions& through) { check(id, delta, through, out); });
        return;
    }
    resolve_move(id, delta, o, out, true);
}

namespace detail {

void move_unlisted(const World& w, const Selector& sel, const Aabb& start, Vec2 delta, const MoveOptions& o,
                   MoveResult& out, std::vector<Vec2>& velocities, const KnownObstacles* known) {
    velocities.clear();
    Vec2 last = o.velocity;
    const ConstScratch scratch;
    const auto [S, v] = move_legs(
        w, BodyId{}, sel, start, delta, o, out, scratch.get(),
        [&](Vec2 after) {
        // Contacts without a response of their own (rule 7's pushes) keep the velocity of the moment.
        while (velocities.size() + 1 < out.contacts.size()) velocities.push_back(last);
        velocities.push_back(after);
        last = after;
        },
        known);
    while (velocities.size() < out.contacts.size()) velocities.push_back(last);
    require_finite_result(S, v, out.contacts);
    out.box = S;
    out.velocity = v;
}

} // namespace detail

} // namespace sweepbox
