// Rule 6 where obstacles meet, for a move's points and planks: see move_junction.hpp.

#include "core/wide.hpp"
#include "move/move_junction.hpp"

#include <cmath>

#include "narrow/narrow_phase.hpp"
#include "narrow/slope_junction.hpp"
#include "narrow/thin_end.hpp"
#include "walk/walk_path.hpp"

namespace sweepbox::detail {

JunctionStop move_junction(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S,
                           Vec2 d, std::vector<Obstacle>& solids, std::vector<Obstacle>& slopes) {
    auto blocks = [&](const Obstacle& ob) { return is_blocking(response_for(w, self, ob, o)); };
    gather_solids(w, S, d, sel, solids, true, blocks);
    const JunctionStop js = first_junction(S, d, solids);
    gather_slopes(w, S, d, sel, true, slopes);
    std::erase_if(slopes, [&](const Obstacle& ob) { return !blocks(ob); });
    return slopes.empty() ? js : with_slopes(w.tiles(), S, d, js, slopes, solids);
}

bool junction_solid(const World& w, BodyId self, const MoveOptions& o, const Aabb& S, const Obstacle& ob) {
    return !ob.special && !overlaps(S, ob.box) && is_blocking(response_for(w, self, ob, o));
}

JunctionStop known_junction(const World& w, BodyId self, const MoveOptions& o, const Aabb& S, Vec2 d,
                            const KnownObstacles& known, std::vector<Obstacle>& solids) {
    solids.clear();
    for (std::size_t i = 0; i < known.count; ++i)
        if (junction_solid(w, self, o, S, known.obstacles[i])) solids.push_back(known.obstacles[i]);
    return first_junction(S, d, solids);
}

bool held_by_face(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S, Vec2 d,
                  int k) {
    return held_off_line(w, sel, S, d, k,
                         [&](const Obstacle& ob) { return is_blocking(response_for(w, self, ob, o)); });
}

Aabb off_thin_line(const Aabb& S, const Aabb& F, int k, real face, const std::vector<Obstacle>& solids) {
    const int j = 1 - k;
    const real line = F.min[k];
    // Only a mover resting on the face it stopped at: one already stepped off a thin wall's line
    // may lie on another face, whose solid side is the way back.
    if (F.max[k] != line || S.min[k] == line || line != face) return F;
    for (const Obstacle& s : solids) {
        if (s.box.min[k] != line || s.box.max[k] != line) continue;
        if (!(s.box.min[j] < F.max[j] && F.min[j] < s.box.max[j])) continue;
        Aabb out = F;
        out.min[k] = out.max[k] = std::nextafter(line, S.min[k]);
        return out;
    }
    return F;
}

JunctionLeg junction_leg(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S, Vec2 d,
                         Found& best, Aabb F, Vec2 rest, std::vector<Obstacle>& solids, std::vector<Obstacle>& slopes,
                         const KnownObstacles* known) {
    if (known) slopes.clear(); // (a known region has no slopes)
    const JunctionStop js = known ? known_junction(w, self, o, S, d, *known, solids)
                                  : move_junction(w, self, o, sel, S, d, solids, slopes);
    JunctionLeg out{false, F, rest, {0, 0}};
    SlopeTile slope;
    if (best.any && best.ob.shape != 0) slope = slope_of(w.tiles(), best.ob);
    out.stop = js.any &&
               (!best.any || (!best.started && stops_before(js, S, d, best.ob.box, best.sweep.normal, best.sweep.time,
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
    // (Only what meets `near`: a reference world visits everything.)
    auto gather_near = [&](const Aabb& near, const Obstacle& ob) {
        if (!intersects_closed(ob.box, near)) return;
        if (junction_solid(w, self, o, S, ob)) solids.push_back(ob);
        if (ob.shape != 0 && !overlaps_obstacle(w.tiles(), S, ob) && is_blocking(response_for(w, self, ob, o)))
            slopes.push_back(ob);
    };
    if (!known || !strictly_inside(out.F, known->region))
        visit_region(w, out.F, sel, [&](const Obstacle& ob) { gather_near(out.F, ob); });
    // Rule 5's rounding, toward the exact end of the leg: its contact, or S + d.
    StopTime end;
    const bool exact_end = !out.stop && !(best.any && best.started);
    if (exact_end && !best.any) {
        end.num.add(1);
        end.den.add(1);
    } else if (exact_end) {
        end = hit_time(S, d, best.ob.box, best.sweep.normal, best.ob.shape != 0 ? &slope : nullptr);
    }
    const bool flush = best.any && !out.stop && !is_slope_normal(best.sweep.normal);
    const int keep = flush ? axis_of(best.sweep.normal) : -1;
    out.F = settle_thin(S, d, out.F, solids, keep, exact_end ? &end : nullptr, {&w.tiles(), &slopes});
    if (flush) {
        const real face = best.sweep.normal[keep] < 0 ? best.ob.box.min[keep] : best.ob.box.max[keep];
        out.F = off_thin_line(S, out.F, keep, face, solids);
    }
    // Where no rounding next to the exact end is clear of the slopes there: back along the path,
    // seeing every obstacle around it (thin_end.hpp).
    if (!known && w.tiles().slope_count() != 0 && !(out.F == S)) {
        const real t_end = best.any ? best.sweep.time : real(1);
        solids.clear();
        slopes.clear();
        const Aabb region = thin_end_region(S, d, t_end, out.F);
        // (every box tried back along the path lies in the region, not only the end)
        visit_region(w, region, sel, [&](const Obstacle& ob) { gather_near(region, ob); });
        if (!slopes.empty()) (void)clear_thin_end(w.tiles(), S, d, t_end, out.F, out.rest, slopes, solids);
    }
    return out;
}

} // namespace sweepbox::detail
