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

/// Moves a platform body by delta (or less, when Crush::stop meets a crushed body). The platform
/// itself collides with nothing: it follows the game's path through tiles and static bodies.
/// The bodies it moves are movable, non-platform bodies (platforms are kinematic: never carried
/// nor pushed by another), at their position at the start of the call:
/// - riders: touching its top face (against `up`) with their interior over it, interacting with
///   it (category and mask both ways), and the bodies standing so on a rider, transitively
///   (stacks; a body on two riders stands on the first of the lowest level, then by id). Each
///   moves by `moved` (bit for bit the platform's own translation), or, for a stacked rider when
///   `delta` does not go toward `up`, by the displacement the body under it got; so a stack that
///   meets nothing keeps every offset. Riders do not push;
/// - pushed: in the way of its sweep (World::cast_all), interacting with it; each moves along
///   the contact's axis just far enough to lie flush against the platform's new box, after
///   pushing the movable bodies that block that move face on (World::check) just clear of its
///   goal, transitively (chains: a row of crates). Each body moves at most once a call. A
///   one-way platform (BodyDef::one_way) pushes only with its blocking face and passes through
///   the bodies its other faces meet.
/// Order: pushed bodies first (cast_all's order, each after the bodies it pushes), then riders
/// when `delta` goes toward `up` (they are in front; top of a stack first), then the platform,
/// then the other riders (bottom of a stack first); riders of a level go front first along
/// `delta` (ties: by id), so a rider never blocks the next one. The lists hold the bodies in the
/// order they moved. Every body moves through World::move with the default options (slide). A
/// body in front of the platform (pushed, or riding it toward `up`) that ends where the
/// platform's path meets it, having not got out of the way, is crushed (and any body that ends
/// inside the platform). With Crush::stop the whole move is tried first and undone when it
/// crushes a body. A body that overlapped the platform at the start is left out.
/// Throws Error on a stale id, a body that is not a platform, a non-finite delta, a bad `up` or
/// `crush`, or a box out of the finite range of real; a throw (also from a body's move) leaves
/// the world as it was.
SWEEPBOX_API void move_platform(World& world, BodyId platform, Vec2 delta, const PlatformOptions& options,
                                PlatformResult& out);
/// The same, returning a fresh result.
[[nodiscard]] SWEEPBOX_API PlatformResult move_platform(World& world, BodyId platform, Vec2 delta,
                                                        const PlatformOptions& options = {});

} // namespace sweepbox
