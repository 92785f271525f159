#pragma once
// Internal: a platform's moves as motion of the frame (docs/contract.md, "Moving targets", T1);
// the legs themselves are read through narrow/motion_legs.hpp.

#include <cstdint>
#include <utility>
#include <vector>
#include <sweepbox/world.hpp>

#include "broadphase/obstacle.hpp"

namespace sweepbox::detail {

/// Puts body `id` at `box` (World::teleport's checks) as a move of the frame: a leg from its box
/// while the frame records (a platform's move, T1), where a teleport drops the motion.
void move_to(World& w, BodyId id, const Aabb& box);

/// Frame motions put back when moves are undone (move_platform's undone rounds): `mark` before
/// the moves, `save` before each body's first move since, `restore` once the bodies are back.
class MotionUndo {
public:
    void mark(const World& w);
    void save(const World& w, BodyId id);
    void restore(World& w);

private:
    std::size_t legs_ = 0; // the frame's legs at the mark
    std::vector<std::pair<std::uint32_t, WorldAccess::Motion>> saved_;
};

} // namespace sweepbox::detail
