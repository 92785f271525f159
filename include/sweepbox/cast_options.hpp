#pragma once
/// @file cast_options.hpp
/// What a cast sees beyond its QueryFilter: the frame's motion of the bodies (docs/contract.md,
/// "Moving targets") and a game's own filter for casts and queries.

#include <sweepbox/config.hpp>
#include <sweepbox/id.hpp>

namespace sweepbox {

class World;

/// A game's own rule for what a cast or query sees (teams, enemies already hit, a ghost power-up):
/// true keeps the obstacle. `context` is the caller's; the world comes const.
using QueryCallback = bool (*)(void* context, const World& world, const Other& other);

/// What a cast sees beyond its QueryFilter: the frame's motion (docs/contract.md, "Moving
/// targets") and the game's own filter.
struct CastOptions {
    /// Meet each body that moved since begin_frame() where it was when the cast got there, and
    /// report frame times; false: the bodies where they are, the cast's own times.
    bool moving = false;
    real t0 = 0; ///< moving: the frame time the cast starts at, in [0, 1]
    real t1 = 1; ///< moving: the frame time it ends at, in [t0, 1]
    /// When set: asked about each obstacle the QueryFilter lets through; false leaves it out.
    /// Junction stops of points and planks (rule 6) still see every obstacle the bits let through.
    QueryCallback filter = nullptr;
    void* filter_context = nullptr; ///< passed to `filter`
};

} // namespace sweepbox
