#pragma once
// Internal: a cast's hit box on a map with slopes, where rounding may have put it into a slope or
// onto a seam the exact contact only touches. Out of line: most hits never need it.

#include <sweepbox/world.hpp>

#include "broadphase/obstacle.hpp"

namespace sweepbox::detail {

/// The contact a cast ranked first (its obstacle a slope tile at `tile` when `slope`).
struct CastContact {
    bool slope = false;
    real time = 1;
    Vec2 normal{0, 0};
    Aabb box{};
    TileCell tile{};
};

/// Moves h.box (the hit of `box` cast by `delta` at contact c) out of every slope the cast did not
/// start in, rounds a point's or plank's box as rule 5 rounds a move's end, and, as a last resort,
/// takes the first free rounded box back along the cast's path (or the start).
void settle_slope_hit(const World& w, const Selector& sel, const Aabb& box, Vec2 delta, const CastContact& c,
                      CastHit& h);

} // namespace sweepbox::detail
