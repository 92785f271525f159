#pragma once
// Internal: rule 7 for World::move: a body that starts inside blocking obstacles is first moved
// out of all of them at once, to the nearest free place along an axis (push_out.cpp).

#include <vector>
#include <sweepbox/world.hpp>

#include "broadphase/obstacle.hpp"

namespace sweepbox::detail {

/// The lists push_out fills (a move's own, reused).
struct PushScratch {
    std::vector<Obstacle> started;        ///< the blocking obstacles the body overlaps
    std::vector<Obstacle> near;           ///< the blocking boxes that touch a way out's end
    std::vector<Obstacle> solids, slopes; ///< the junction test's (rule 6)
};

/// Rule 7 (docs/contract.md): the body `self` (null for a particle) with box S, about to move by
/// d, seeing what `sel` selects. When S overlaps blocking obstacles, it is moved to the nearest
/// free place along one axis: for each of -y, +y, -x, +x (the order of ties), where it has left
/// the last of them; a place counts when it lies within o.push_out_sides times S's larger side,
/// S overlaps no blocking obstacle there and its way there crosses none it did not start in
/// (for a point or plank: no seam, no meeting point, no thin wall's line at its ends). Appends
/// the push's contact to out.contacts and returns the box there. Returns S when S overlaps no
/// blocking obstacle, or, setting out.stuck, when no way out is free.
Aabb push_out(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S, Vec2 d,
              MoveResult& out, PushScratch& sc);

} // namespace sweepbox::detail
