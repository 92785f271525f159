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

#if defined(__SSE2__) && !defined(SWEEPBOX_DOUBLE)
#    include <xmmintrin.h>
#endif

#include "sweep.hpp"
#include "world_internal.hpp"

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

Response response_for(const World& w, BodyId self, const Obstacle& ob, const MoveOptions& o) {
    if (o.filter) return o.filter(o.filter_context, w, self, ob.other);
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

#if defined(__SSE2__) && !defined(SWEEPBOX_DOUBLE)
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
Aabb make_safe(const World& w, BodyId self, const MoveOptions& o, const Aabb& S, Vec2 d, real t_end, Aabb F,
               const std::vector<Obstacle>& candidates) {
    const bool s_thin = S.min.x == S.max.x || S.min.y == S.max.y; // else no thin crossing
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

// Throws the Error that names what is wrong with a move's input (the slow half of require_move),
// in the order of the checks.
[[gnu::noinline]] void explain_bad_move(const Aabb& box, Vec2 delta, const MoveOptions& o) {
    if (!is_finite(delta)) throw Error("move", "delta has a NaN or infinite component");
    if (o.has_velocity && !is_finite(o.velocity)) throw Error("move", "velocity has a NaN or infinite component");
    if (o.max_iterations < 1) throw Error("move", "max_iterations must be at least 1");
    if (!std::isfinite(o.restitution) || !std::isfinite(o.friction))
        throw Error("move", "restitution and friction must be finite");
    if (!sweepbox::is_valid(box.translated(delta))) throw Error("move", "delta takes the box out of the finite range");
}

// The checks of a move's input in a few operations for the usual case, as require_cast does: v - v
// is 0 exactly for a finite v and NaN otherwise, so one sum of such differences is 0 exactly
// when every number in it is finite (the moved box, finite, means a finite delta too).
void require_move(const Aabb& box, Vec2 delta, const MoveOptions& o) {
    const Aabb moved = box.translated(delta);
    real z = ((delta.x - delta.x) + (delta.y - delta.y)) + ((o.restitution - o.restitution) + (o.friction - o.friction)) +
             ((moved.min.x - moved.min.x) + (moved.min.y - moved.min.y)) +
             ((moved.max.x - moved.max.x) + (moved.max.y - moved.max.y));
    if (o.has_velocity) z += (o.velocity.x - o.velocity.x) + (o.velocity.y - o.velocity.y);
    if (!(z == 0 && o.max_iterations >= 1 && moved.min.x <= moved.max.x && moved.min.y <= moved.max.y))
        explain_bad_move(box, delta, o);
}

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
    while (d.x != 0 || d.y != 0) {
        sc.crosses.clear();
        Found best;
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
                const Penetration p = minimum_translation(S, ob.box);
                if (d.x * p.normal.x + d.y * p.normal.y >= 0) return; // out of it or along: free
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
                                                  {best.sweep.time, best.started, best.sweep.corner,
                                                   best.sweep.normal, &best.ob.box, best.ob.other}))
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
            have_visited =
                detail::walk_path(*this, S, d, sel, visit, [&] { return best.any ? best.sweep.time : real(2); }, false,
                                  &trip);
            visited_box = trip;
        }

        Aabb F;
        Vec2 rest{0, 0};
        if (!best.any) {
            F = S.translated(d);
        } else if (best.started) {
            F = S;
            rest = d;
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
        F = make_safe(*this, id, o, S, d, best.any ? best.sweep.time : real(1), F, sc.candidates);

        // Cross contacts met up to the blocking one, in order, each once.
        std::sort(sc.crosses.begin(), sc.crosses.end(), [&](const CrossHit& a, const CrossHit& b) {
            return detail::ranks_before(S, d, {a.sweep.time, false, a.sweep.corner, a.sweep.normal, &a.ob.box, a.ob.other},
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
        if (best.started) {
            k.depth = best.depth;
            const real s = sweep_back_time(S, d, best.ob.box);
            k.sweep_back = std::isfinite(s) ? S.min - d * s : S.min;
        }

        const Vec2 n = best.sweep.normal;
        const int a = axis_of(n);
        const bool v_into = o.has_velocity && v[a] * n[a] < 0; // a velocity not given stays as it is
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

    bodies_[id.index].box = S;
    grid_.update(id.index, S);
    mark_body(S);
    out.box = S;
    out.velocity = v;
}

} // namespace sweepbox
