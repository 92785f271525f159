#pragma once
/// @file platforms.hpp
/// Moving platforms: kinematic bodies (BodyDef::is_platform) that the game moves along its own
/// path. A platform carries its riders (bodies standing on its top face, and on those) and pushes
/// the bodies in its way (which push the bodies in theirs); all move through World::move, so they
/// collide with the world and never pass a wall.
#include <cstdint>
#include <vector>
#include <sweepbox/config.hpp>
#include <sweepbox/geometry.hpp>
#include <sweepbox/id.hpp>
#include <sweepbox/world.hpp>

namespace sweepbox {

/// What a platform does when a body in its way cannot be pushed any further.
enum class Crush : std::uint8_t {
    stop, ///< the platform stops flush against the crushed body (the whole move is shortened)
    pass, ///< the platform moves the whole way, through the crushed body
};

/// How a platform moves.
struct PlatformOptions {
    /// Away from the platform's top face: one of (0, -1) (the default: y grows down), (0, 1),
    /// (-1, 0), (1, 0). A rider touches that face with its interior over the face.
    Vec2 up{0, -1};
    /// What happens at a crushed body.
    Crush crush = Crush::stop;
};

/// What a platform move did. Reuse one across calls: the move then allocates nothing.
struct PlatformResult {
    Aabb box{};                  ///< the platform's box after the move
    Vec2 moved{0, 0};            ///< the displacement applied to the platform and its riders
    bool stopped = false;        ///< Crush::stop shortened the move
    std::vector<BodyId> riders;  ///< bodies carried (stacks too), in the order they moved
    std::vector<BodyId> pushed;  ///< bodies pushed (chains too; not riders), in the order they moved
    std::vector<BodyId> crushed; ///< riders or pushed bodies that could not get out of the way
};

/// Moves a platform body by delta (or less, when Crush::stop meets a crushed body), carrying its
/// riders and pushing the bodies in its way, each through World::move; `out` lists them in the
/// order they moved. The rules (who rides, who is pushed, the order, what is crushed) are in
/// docs/character.md, "move_platform, exactly". Throws Error on a stale id, a body that is not a
/// platform, a non-finite delta, a bad `up` or `crush`, or a box out of the finite range of real;
/// a throw (also from a body's move) leaves the world as it was.
SWEEPBOX_API void move_platform(World& world, BodyId platform, Vec2 delta, const PlatformOptions& options,
                                PlatformResult& out);
/// The same, returning a fresh result.
[[nodiscard]] SWEEPBOX_API PlatformResult move_platform(World& world, BodyId platform, Vec2 delta,
                                                        const PlatformOptions& options = {});

} // namespace sweepbox
