// World::move: the movement loop of DESIGN.md. Each leg walks the path (whole-trip box, then
// primary-axis sub-boxes with early exit), finds the first blocking contact exactly (slabs),
// places the body flush against it (rule 5), checks the result against every candidate of the
// leg (rule 6: a clamp toward the start, and as a last resort no motion at all), reports the
// cross contacts met before it, and applies the response to the rest of the motion and to the
// velocity. Started-inside obstacles (rule 7): motion out of them is free, motion into them is
// clipped at t = 0.

#include <sweepbox/world.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "junction.hpp"
#include "sweep.hpp"
#include "platform.hpp"
#include "ranking.hpp"
#include "walk_path.hpp"

namespace sweepbox {

using detail::Obstacle;
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
};

MoveScratch& scratch() {
    thread_local MoveScratch s;
    return s;
}

bool is_blocking(Response r) { return r == Response::touch || r == Response::slide || r == Response::bounce; }

int axis_of(Vec2 n) { return n.x != 0 ? 0 : 1; }

bool is_response(Response r) { return std::uint8_t(r) <= std::uint8_t(Response::bounce); }

[[noreturn, gnu::noinline]] void bad_filter_answer(Response r) {
    throw Error("move", "the filter returned " + std::to_string(int(r)) + ", not a Response");
}

// The response to an obstacle; a filter's answer is checked as it comes (rule 11).
Response response_for(const World& w, BodyId self, const Obstacle& ob, const MoveOptions& o) {
    if (o.filter) {
        const Response r = o.filter(o.filter_context, w, self, ob.other);
        if (!is_response(r)) bad_filter_answer(r);
        return r;
    }
    if (o.category_responses && ob.category != 0)
        return (*o.category_responses)[std::size_t(std::countr_zero(ob.category))];
    return o.response;
}

real overlap_on(const Aabb& a, const Aabb& b, int k) {
    return std::min(a.max[k], b.max[k]) - std::max(a.min[k], b.min[k]);
}

// The axis on which the leg's path S + s*d, s in [0, t_end), crossed the line of B while both
// are thin on it and the other axis overlapped (a bullet through a 0-thickness wall), or -1.
// Decided on the exact path by the same slabs as the sweep (rule 2), never on the rounded end
// box, so a pass exactly through an end or a corner is no crossing here either.
int thin_crossed(const Aabb& S, Vec2 d, real t_end, const Aabb& B) {
    for (int k = 0; k < 2; ++k) {
        if (S.min[k] != S.max[k] || B.min[k] != B.max[k]) continue;
        const Sweep sw = sweep_box_box(S, d, B);
        if (sw.state == SweepState::hit && axis_of(sw.normal) == k && sw.time < t_end) return k;
    }
    return -1;
}

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

// True when make_safe has nothing to do for any candidate (the usual case): none is one-way and
// none overlaps S or F. make_safe's first pass then changes nothing, whatever the order.
bool nothing_to_check(const Aabb& S, const Aabb& F, const std::vector<Obstacle>& candidates) {
    const OverlapLanes s(S), f(F);
    for (const Obstacle& ob : candidates) {
        const auto b = obstacle_lanes(ob.box);
        const bool in_s = overlaps(s, b), in_f = overlaps(f, b);
        if (ob.one_way | in_s | in_f) return false;
    }
    return true;
}

// Rule 6 and 7 as a last line: F may not overlap a blocking obstacle that S did not overlap,
// may not have crossed a thin one, and may not deepen an overlap S had. Violations are clamped
// toward S on one axis; when that does not settle, the body stays at S.
// s_thin: S has zero extent on an axis (else no thin crossing).
Aabb make_safe(const World& w, BodyId self, const MoveOptions& o, const Aabb& S, Vec2 d, real t_end, Aabb F,
               const std::vector<Obstacle>& candidates, bool s_thin) {
    if (!s_thin && nothing_to_check(S, F, candidates)) return F;
    for (int pass = 0; pass < 4; ++pass) {
        bool changed = false;
        for (const Obstacle& ob : candidates) {
            if (ob.one_way) {
                // A one-way tile is a surface only on top: entering it from the side or from
                // below is allowed; only a path that went down through its top is a violation.
                // Its top must also be a surface (no solid tile right above it), as in the sweep.
                if ((ob.faces & face_neg_y) == 0) continue;
                if (!detail::one_way_blocks(S, ob.box) || !overlaps(F, ob.box)) continue;
                // Decided on the leg's exact path, as the sweep did (the rounded end box may
                // point a little elsewhere and graze the top).
                const Sweep top = sweep_box_box(S, d, ob.box, face_neg_y);
                if (top.state != SweepState::hit || !(top.time < t_end)) continue;
                if (!is_blocking(response_for(w, self, ob, o))) continue;
                F = place_flush(F, ob.box, Vec2{0, -1});
                changed = true;
                continue;
            }
            if (overlaps(S, ob.box)) {
                // Deeper means: moved against the way out and overlapping more on that axis
                // (a box placed flush may differ from S in width by a rounding, which alone is
                // no deepening).
                const Vec2 out_n = minimum_translation(S, ob.box).normal;
                const int k = axis_of(out_n);
                const wide moved = (wide(F.min[k]) + wide(F.max[k])) - (wide(S.min[k]) + wide(S.max[k]));
                if (!overlaps(F, ob.box) || moved * out_n[k] >= 0 ||
                    overlap_on(F, ob.box, k) <= overlap_on(S, ob.box, k))
                    continue;
                if (!is_blocking(response_for(w, self, ob, o))) continue;
                F.min[k] = S.min[k];
                F.max[k] = S.max[k];
                changed = true;
                continue;
            }
            const int thin_axis = s_thin ? thin_crossed(S, d, t_end, ob.box) : -1;
            if (thin_axis < 0 && !overlaps(F, ob.box)) continue;
            if (!is_blocking(response_for(w, self, ob, o))) continue;
            int best_k = -1;
            real best_corr = std::numeric_limits<real>::infinity();
            Vec2 best_n{0, 0};
            for (int k = 0; k < 2; ++k) {
                real corr;
                Vec2 n{0, 0};
                if (S.max[k] <= ob.box.min[k]) {
                    corr = F.max[k] - ob.box.min[k];
                    n[k] = -1;
                } else if (S.min[k] >= ob.box.max[k]) {
                    corr = ob.box.max[k] - F.min[k];
                    n[k] = 1;
                } else {
                    continue;
                }
                if (thin_axis >= 0 ? k == thin_axis : corr < best_corr) {
                    best_k = k;
                    best_corr = corr;
                    best_n = n;
                }
            }
            if (best_k < 0) return S;
            F = place_flush(F, ob.box, best_n);
            changed = true;
        }
        if (!changed) return F;
    }
    return S;
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
[[gnu::noinline]] JunctionLeg junction_leg(const World& w, BodyId self, const MoveOptions& o,
                                           const detail::Selector& sel, const Aabb& S, Vec2 d, Found& best, Aabb F,
                                           Vec2 rest) {
    std::vector<Obstacle>& solids = detail::junction_scratch();
    detail::gather_solids(w, S, d, sel, solids, true,
                          [&](const Obstacle& ob) { return is_blocking(response_for(w, self, ob, o)); });
    const detail::JunctionStop js = detail::first_junction(S, d, solids);
    JunctionLeg out{false, F, rest, {0, 0}};
    out.stop = js.any &&
               (!best.any || (!best.started && detail::stops_before(js, S, d, best.ob.box, best.sweep.normal)));
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
    detail::visit_region(w, out.F, sel, [&](const Obstacle& ob) {
        if (!ob.one_way && !overlaps(S, ob.box) && is_blocking(response_for(w, self, ob, o))) solids.push_back(ob);
    });
    out.F = detail::settle_thin(S, d, out.F, solids, best.any && !out.stop ? axis_of(best.sweep.normal) : -1);
    return out;
}

void explain_bad_result(const Aabb& box, Vec2 v, const std::vector<Contact>& contacts);

// The sweep-back point of a started contact c (the last of `contacts`): S moved back along d to
// where it just touches ob. Checked where it is made (rule 11); an error names this contact.
void set_sweep_back(Contact& c, const Aabb& S, Vec2 d, const Aabb& ob, const std::vector<Contact>& contacts) {
    const real back = sweep_back_time(S, d, ob);
    c.sweep_back = std::isfinite(back) ? S.min - d * back : S.min;
    if (!is_finite(c.sweep_back)) explain_bad_result(S, Vec2{0, 0}, contacts);
}

// Rule 7's recovery, before a move that goes anywhere (Godot's recovery): a body that overlaps a
// blocking obstacle is first pushed out along the minimum translation of the first such
// obstacle (Other's order), flush with its face, the push swept like any motion and refused when
// it would go deeper into another obstacle the body overlaps; a few rounds for a few obstacles.
// Each push is a started-overlapping contact. Returns the body's box after the pushes.
[[gnu::noinline]] Aabb recover(const World& w, BodyId self, const MoveOptions& o, const detail::Selector& sel, Aabb S,
                               Vec2 d, MoveResult& out) {
    for (int round = 0; round < 4; ++round) {
        const Obstacle* pick = nullptr;
        Obstacle picked;
        detail::visit_region(w, S, sel, [&](const Obstacle& ob) {
            if (ob.one_way || !overlaps(S, ob.box)) return;
            if (pick && !(ob.other < picked.other)) return;
            if (!is_blocking(response_for(w, self, ob, o))) return;
            picked = ob;
            pick = &picked;
        });
        if (!pick) return S;
        const Penetration pen = minimum_translation(S, picked.box);
        const Aabb target = place_flush(S, picked.box, pen.normal);
        const Vec2 push{real(wide(target.min.x) - wide(S.min.x)), real(wide(target.min.y) - wide(S.min.y))};
        if (push.x == 0 && push.y == 0) return S;
        // The push, swept against the obstacles the body does not overlap (touch).
        const detail::SweepQuery q(S, push);
        bool hit = false, deeper = false, lands_inside = false;
        Sweep hs{};
        Obstacle hob{};
        auto visit = [&](const Obstacle& ob) {
            if (ob.one_way && !detail::one_way_blocks(S, ob.box)) return;
            // (The push is the rounded difference to the target: where it rounds short of a
            // face just beyond, the target itself must still be checked.)
            if (!overlaps(S, ob.box) && overlaps(target, ob.box) && is_blocking(response_for(w, self, ob, o)))
                lands_inside = true;
            const Sweep sw = detail::sweep(q, ob.box, ob.faces, ob.seams);
            if (sw.state == SweepState::started_overlapping) {
                // Another obstacle the body overlaps: a push against its own way out would go
                // deeper into it.
                const Vec2 n = minimum_translation(S, ob.box).normal;
                if (ob.other == picked.other || push.x * n.x + push.y * n.y >= 0) return;
                if (is_blocking(response_for(w, self, ob, o))) deeper = true;
                return;
            }
            if (sw.state != SweepState::hit) return;
            if (hit && !detail::ranks_before(S, push, {sw.time, false, sw.corner, sw.normal, &ob.box, ob.other},
                                             {hs.time, false, hs.corner, hs.normal, &hob.box, hob.other}))
                return;
            if (!is_blocking(response_for(w, self, ob, o))) return;
            hit = true;
            hs = sw;
            hob = ob;
        };
        detail::walk_path(w, S, push, sel, visit, [&] { return deeper ? real(0) : hit ? hs.time : real(2); });
        if (deeper || (!hit && lands_inside)) return S;
        const Aabb F = hit ? detail::contact_box(S, push, hob.box, hs.normal) : target;
        Contact& c = out.contacts.emplace_back();
        c.other = picked.other;
        c.time = 0;
        c.normal = pen.normal;
        c.box = F;
        c.point = contact_point(F, picked.box, pen.normal);
        c.response = response_for(w, self, picked, o);
        c.started_overlapping = true;
        c.depth = pen.depth;
        set_sweep_back(c, S, d, picked.box, out.contacts);
        if (F == S) return S;
        S = F;
    }
    return S;
}

// Every entry of a category table is a Response (one max over the bytes, no branch per entry).
bool all_responses(const std::array<Response, 32>& table) {
    std::uint8_t top = 0;
    for (Response r : table) top = std::max(top, std::uint8_t(r));
    return top <= std::uint8_t(Response::bounce);
}

// Throws the Error that names what is wrong with a move's input (the slow half of require_move),
// in the order of the checks.
[[gnu::noinline]] void explain_bad_move(const Aabb& box, Vec2 delta, const MoveOptions& o) {
    if (!is_finite(delta)) throw Error("move", "delta has a NaN or infinite component");
    // MoveResult::velocity returns it: finite in, finite out.
    if (!is_finite(o.velocity)) throw Error("move", "velocity has a NaN or infinite component");
    if (o.max_iterations < 1) throw Error("move", "max_iterations must be at least 1");
    if (!(o.restitution >= 0 && o.restitution <= 1)) throw Error("move", "restitution must be in [0, 1]");
    if (!(o.friction >= 0 && o.friction <= 1)) throw Error("move", "friction must be in [0, 1]");
    if (!is_response(o.response))
        throw Error("move", "response " + std::to_string(int(o.response)) + " is not a Response");
    if (o.category_responses)
        for (std::size_t i = 0; i < 32; ++i)
            if (!is_response((*o.category_responses)[i]))
                throw Error("move", "category_responses[" + std::to_string(i) + "] = " +
                                        std::to_string(int((*o.category_responses)[i])) + " is not a Response");
    const Aabb moved = box.translated(delta);
    if (!sweepbox::is_valid(moved)) throw Error("move", "delta takes the box out of the finite range");
    if (!is_finite(moved.max - moved.min)) throw Error("move", "box is wider or taller than the finite range");
}

// The bits of x as an unsigned number are at most those of 1 exactly for x in [+0, 1] (a sign
// bit, an infinity or a NaN makes them larger): both ranges in one comparison.
using RealBits = std::conditional_t<sizeof(real) == 4, std::uint32_t, std::uint64_t>;
RealBits bits_of(real x) { return std::bit_cast<RealBits>(x); }

// The checks of a move's input in a few operations for the usual case, as require_cast does: v - v
// is 0 exactly for a finite v and NaN otherwise, so one sum of such differences is 0 exactly
// when every number in it is finite (a finite size of the moved box means finite edges, and by
// a finite delta a finite box; a size beyond the finite range is refused, as by add and the
// casts). -0 as restitution or friction takes the slow path, which accepts it.
void require_move(const Aabb& box, Vec2 delta, const MoveOptions& o) {
    const Aabb moved = box.translated(delta);
    const real w = moved.max.x - moved.min.x, h = moved.max.y - moved.min.y;
    const real z = ((delta.x - delta.x) + (delta.y - delta.y)) +
                   ((o.velocity.x - o.velocity.x) + (o.velocity.y - o.velocity.y)) + ((w - w) + (h - h));
    if (!(z == 0 && o.max_iterations >= 1 && std::max(bits_of(o.restitution), bits_of(o.friction)) <= bits_of(1) &&
          is_response(o.response) && (!o.category_responses || all_responses(*o.category_responses))))
        explain_bad_move(box, delta, o);
}

// Throws the Error that names what of a move's result is out of the finite range of real (the
// slow half of require_finite_result): the first contact with such a number, else the box, else
// the velocity. Returns when there is none (the fast sum overflowed).
[[gnu::noinline]] void explain_bad_result(const Aabb& box, Vec2 v, const std::vector<Contact>& contacts) {
    const std::string what = "the result leaves the finite range of real: ";
    for (std::size_t i = 0; i < contacts.size(); ++i) {
        const Contact& c = contacts[i];
        const char* field = !is_valid(c.box)         ? "box"
                          : !is_finite(c.point)      ? "point"
                          : !std::isfinite(c.depth)  ? "depth"
                          : !is_finite(c.sweep_back) ? "sweep_back"
                                                     : nullptr;
        if (field) throw Error("move", what + "contact " + std::to_string(i) + "'s " + field);
    }
    if (!is_valid(box)) throw Error("move", what + "the box after the move");
    if (!is_finite(v)) throw Error("move", what + "the velocity");
}

// Rule 11 on a move's result. The box and the velocity are checked at the end (a bounce can
// carry the body past the finite range). A contact's box is a box the body had on its way, finite
// when the end box is (a non-finite edge never becomes finite again: the size stays infinite);
// its point lies between finite edges no farther apart than the body's finite width; its depth
// is at most that width; its time and normal are in [0, 1] and an axis. Only the sweep-back point
// can leave the range on its own, and is checked where it is made.
#if SWEEPBOX_SSE
void require_finite_result(const Aabb& box, Vec2 v, const std::vector<Contact>& contacts) {
    __m128 z = _mm_add_ps(_mm_loadu_ps(&box.min.x),
                          _mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(&v.x)));
    z = _mm_sub_ps(z, z);
    if (_mm_movemask_ps(_mm_cmpunord_ps(z, z)) != 0) explain_bad_result(box, v, contacts);
}
#else
void require_finite_result(const Aabb& box, Vec2 v, const std::vector<Contact>& contacts) {
    const real z = (box.min.x + box.min.y) + (box.max.x + box.max.y) + (v.x + v.y);
    if (!(z - z == 0)) explain_bad_result(box, v, contacts);
}
#endif

} // namespace

MoveResult World::move(BodyId id, Vec2 delta, const MoveOptions& options) {
    MoveResult out;
    move(id, delta, options, out);
    return out;
}

void World::move(BodyId id, Vec2 delta, const MoveOptions& o, MoveResult& out) {
    const Body& body = checked(id, "move");
    require_move(body.box, delta, o);

    out.contacts.clear();
    out.iterations = 0;
    out.truncated = false;
    const detail::Selector sel{id, body.category, body.mask, true, true};
    Aabb S = body.box;
    Vec2 d = delta;
    Vec2 v = o.velocity;
    real t_start = 0;
    MoveScratch& sc = scratch();

    // The whole-trip box of the last leg whose walk visited every obstacle meeting that box.
    bool have_visited = false;
    Aabb visited_box{};
    // Rule 7's recovery is tried once, when a leg (the first, but for rounding) meets an obstacle
    // the body overlaps.
    bool recovery_tried = false;
    while (d.x != 0 || d.y != 0) {
        sc.crosses.clear();
        Found best;
        bool overlap_seen = false;
        const detail::SweepQuery q(S, d);
        // The narrow phase of one candidate. Inlined where the walk meets a candidate: a call
        // per candidate costs as much as the sweep of a clear miss.
        auto consider = [&](const Obstacle& ob) __attribute__((always_inline)) {
            if (ob.one_way && !detail::one_way_blocks(S, ob.box)) return;
            Sweep sw = detail::sweep(q, ob.box, ob.faces, ob.seams);
            if (sw.state == SweepState::miss) return;
            const bool started = sw.state == SweepState::started_overlapping;
            real depth = 0;
            if (started) {
                overlap_seen = true;
                const Penetration p = minimum_translation(S, ob.box);
                // Out of it: free. Into it or along it (a recovery that was blocked): stopped.
                if (d.x * p.normal.x + d.y * p.normal.y > 0) return;
                sw.normal = p.normal;
                sw.time = 0;
                sw.corner = false;
                depth = p.depth;
            }
            if (best.any && sw.time > best.sweep.time) return; // neither blocks first nor crosses before
            const Response r = response_for(*this, id, ob, o);
            if (r == Response::ignore) return;
            if (r == Response::cross) {
                if (!started) sc.crosses.push_back({sw, ob});
                return;
            }
            if (!best.any || detail::ranks_before(S, d, {sw.time, started, sw.corner, sw.normal, &ob.box, ob.other},
                                                  {best.sweep.time, best.started, best.sweep.corner, best.sweep.normal,
                                                   &best.ob.box, best.ob.other}))
                best = {true, sw, ob, r, started, depth};
        };
        auto visit = [&](const Obstacle& ob) __attribute__((always_inline)) {
            sc.candidates.push_back(ob);
            consider(ob);
        };
        const Aabb trip = detail::trip_box(S, d, 1);
        if (have_visited && visited_box.min.x <= trip.min.x && visited_box.min.y <= trip.min.y &&
            trip.max.x <= visited_box.max.x && trip.max.y <= visited_box.max.y) {
            // This leg stays inside that box (a slide along a wall, say): the obstacles met
            // there are known, in the order they were visited; sweep them again, where they are
            // (they are this leg's candidates too).
            for (const Obstacle& ob : sc.candidates) consider(ob);
        } else {
            sc.candidates.clear();
            have_visited = detail::walk_path(
                *this, S, d, sel, visit, [&] { return best.any ? best.sweep.time : real(2); }, false, &trip);
            visited_box = trip;
        }
        if (overlap_seen && !recovery_tried) [[unlikely]] {
            recovery_tried = true;
            const Aabb pushed = recover(*this, id, o, sel, S, d, out);
            if (!(pushed == S)) {
                S = pushed; // the leg again, from out of the obstacle
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
        } else {
            F = detail::contact_box(S, d, best.ob.box, best.sweep.normal);
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
        F = make_safe(*this, id, o, S, d, best.any ? best.sweep.time : real(1), F, sc.candidates, thin);
        // Rule 6 where obstacles meet, for points and planks (junction.hpp): a seam entered or a
        // meeting point passed before the first contact of the slabs is the contact instead.
        Vec2 junction_point;
        bool junction = false;
        if (thin) [[unlikely]] {
            const JunctionLeg jl = junction_leg(*this, id, o, sel, S, d, best, F, rest);
            F = jl.F;
            rest = jl.rest;
            junction = jl.stop;
            junction_point = jl.point;
        }

        // Cross contacts met up to the blocking one, in order, each once.
        std::sort(sc.crosses.begin(), sc.crosses.end(), [&](const CrossHit& a, const CrossHit& b) {
            return detail::ranks_before(S, d,
                                        {a.sweep.time, false, a.sweep.corner, a.sweep.normal, &a.ob.box, a.ob.other},
                                        {b.sweep.time, false, b.sweep.corner, b.sweep.normal, &b.ob.box, b.ob.other});
        });
        for (std::size_t i = 0; i < sc.crosses.size(); ++i) {
            const CrossHit& c = sc.crosses[i];
            if (best.any && c.sweep.time > best.sweep.time) break;
            bool seen = false;
            for (std::size_t j = 0; j < i && !seen; ++j) seen = sc.crosses[j].ob.other == c.ob.other;
            if (seen) continue;
            Contact& k = out.contacts.emplace_back();
            k.other = c.ob.other;
            k.time = t_start + c.sweep.time * (1 - t_start);
            k.normal = c.sweep.normal;
            k.box = detail::contact_box(S, d, c.ob.box, c.sweep.normal);
            k.point = contact_point(k.box, c.ob.box, c.sweep.normal);
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
            rest = reflect(rest, n, o.restitution, o.friction);
            if (v_into) v = reflect(v, n, o.restitution, o.friction);
            break;
        default: break;
        }
        t_start = k.time;
        S = F;
        d = rest;
        ++out.iterations;
        if (out.iterations >= o.max_iterations) {
            out.truncated = d.x != 0 || d.y != 0;
            break;
        }
    }

    // Before anything is stored: a throw leaves the world as it was.
    require_finite_result(S, v, out.contacts);
    bodies_[id.index].box = S;
    grid_.update(id.index, S);
    mark_body(S);
    out.box = S;
    out.velocity = v;
}

} // namespace sweepbox
