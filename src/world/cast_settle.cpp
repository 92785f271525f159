// A cast's hit box on a map with slopes settled where rounding put it into a slope or onto a
// seam (cast_settle.hpp).

#include "world/cast_settle.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include "broadphase/body_filter.hpp"
#include "narrow/junction.hpp"
#include "narrow/narrow_phase.hpp"
#include "narrow/slope_junction.hpp"
#include "narrow/thin_end.hpp"

namespace sweepbox::detail {

namespace {

// A point's or plank's hit on a map with slopes: its box rounded as rule 5 rounds a move's end
// (toward the exact contact, off slope lines it did not cross and the seams and meeting points of
// the obstacles there), so a cast stops where a move does. (Rounding onto a box's side cannot
// carry a point past it; onto a slope's, it can.)
void settle_thin_hit(const World& w, const Selector& sel, const Aabb& box, Vec2 delta, const CastContact& best,
                     CastHit& h) {
    thread_local std::vector<Obstacle> solids, slopes;
    solids.clear();
    slopes.clear();
    visit_region(w, h.box, sel, [&](const Obstacle& ob) {
        if (ob.shape != 0) slopes.push_back(ob);
        else if (!ob.special) solids.push_back(ob);
    });
    if (slopes.empty()) return;
    SlopeTile s;
    if (best.slope) s = slope_tile(w.tiles(), best.tile, w.tiles().shape_at(best.tile));
    const StopTime end = hit_time(box, delta, best.box, best.normal, best.slope ? &s : nullptr);
    const int flush = is_slope_normal(best.normal) ? -1 : (best.normal.x != 0 ? 0 : 1);
    h.box = settle_thin(box, delta, h.box, solids, flush, &end, {&w.tiles(), &slopes});
}

// A hit's box on a map with slopes that rounding put into a slope tile the cast did not start in
// (its position along a slope's line, where the exact one touches it): stepped out toward the
// start as a move's end is (settle_violations), into nothing the start was not in.
void settle_hit_in_slopes(const World& w, const Selector& sel, const Aabb& box, CastHit& h) {
    thread_local std::vector<Obstacle> near;
    near.clear();
    visit_region(w, h.box, sel, [&](const Obstacle& ob) {
        if (!(ob.special && ob.shape == 0)) near.push_back(ob);
    });
    for (const Obstacle& ob : near) {
        if (ob.shape == 0 || !overlaps_obstacle(w.tiles(), h.box, ob) || overlaps_obstacle(w.tiles(), box, ob))
            continue;
        (void)step_out_of_slope(h.box, box, slope_of(w.tiles(), ob), [&](const Aabb& G) {
            for (const Obstacle& other : near)
                if (overlaps_obstacle(w.tiles(), G, other) && !overlaps_obstacle(w.tiles(), box, other)) return false;
            return true;
        });
    }
}

// The last resort for a hit's box still inside what the cast did not start in (a plank wedged
// between two slopes' lines, its exact ends on both, where no rounding of the box meets them):
// back along the cast's own path, whose exact boxes before the contact are free, to the first
// rounded one that is free too.
void back_to_free(const World& w, const Selector& sel, const Aabb& box, Vec2 delta, CastHit& h) {
    auto lands_inside = [&](const Aabb& G) {
        bool in = false;
        visit_region(w, G, sel, [&](const Obstacle& ob) {
            if (!in && !(ob.special && ob.shape == 0) && overlaps_obstacle(w.tiles(), G, ob) &&
                !overlaps_obstacle(w.tiles(), box, ob))
                in = true;
        });
        return in;
    };
    if (!lands_inside(h.box)) return;
    h.box = detail::back_along_path(box, delta, h.time, [&](const Aabb& G) { return !lands_inside(G); });
}

} // namespace

[[gnu::noinline]] void settle_slope_hit(const World& w, const Selector& sel, const Aabb& box, Vec2 delta,
                                        const CastContact& c, CastHit& h) {
    // Out of a slope's interior first (as a move's last checks do), then a point's or plank's
    // rounding (as a move's end's).
    settle_hit_in_slopes(w, sel, box, h);
    if (is_thin(box)) settle_thin_hit(w, sel, box, delta, c, h);
    back_to_free(w, sel, box, delta, h);
}

} // namespace sweepbox::detail
