#pragma once
/// @file reference_moving.hpp
/// The brute-force reference for casts against the frame's motion (docs/contract.md, "Moving
/// targets"), written from the contract's text: still obstacles through reference::cast_all,
/// then every body with a motion and every leg of it, its relative sweep in __float128
/// (reference::sweep). Legs and their frame times come from World::frame_path and T1's rule.

#include <vector>
#include <sweepbox/sweepbox.hpp>
#include "reference_world.hpp"

namespace sweepbox::reference {

/// One hit of a cast against motion, as the reference sees it.
struct MovingRefHit {
    Other other{};                    ///< body or tile
    long double time = 0;             ///< frame time of the contact (a rounding of the exact time)
    Vec2 normal{0, 0};                ///< face normal
    bool started_overlapping = false; ///< inside at t0
    bool moving = false;              ///< the obstacle is a moving body
};

/// Every obstacle the cast over the frame times [o.t0, o.t1] meets (o.filter applied), sorted by T3's order (still
/// obstacles, junction stops included, as reference::cast_all lists them).
[[nodiscard]] std::vector<MovingRefHit> moving_cast_all(const World& w, const Aabb& box, Vec2 delta,
                                                        const QueryFilter& f, const CastOptions& o);

} // namespace sweepbox::reference
