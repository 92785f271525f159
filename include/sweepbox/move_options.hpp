#pragma once
/// @file move_options.hpp
/// What a move does when it meets an obstacle (the responses, a game's filter, the options) and
/// what it reports (its contacts and result); World::move in world.hpp.

#include <array>
#include <cstdint>
#include <vector>
#include <sweepbox/config.hpp>
#include <sweepbox/geometry.hpp>
#include <sweepbox/id.hpp>

namespace sweepbox {

class World;

/// What a moving body does when it meets an obstacle.
enum class Response : std::uint8_t {
    ignore, ///< nothing: no contact is reported, the body passes
    touch,  ///< stop at the contact; the velocity loses its part into the surface
    slide,  ///< stop the part of the motion into the surface, continue with the rest
    cross,  ///< report the contact and pass through
    bounce, ///< reflect the rest of the motion and the velocity (restitution, friction)
};

/// The name of a response ("ignore", "touch", "slide", "cross", "bounce"; "invalid" for any other value).
[[nodiscard]] SWEEPBOX_API const char* to_string(Response r);

/// Picks the response for one obstacle. `context` is MoveOptions::filter_context. It may read
/// the world (bodies, tiles, casts and queries), which it gets const.
using ResponseFilter = Response (*)(void* context, const World& world, BodyId self, const Other& other);

/// How a move responds and what it reports.
struct MoveOptions {
    /// Response for every obstacle, unless `category_responses` or `filter` says otherwise.
    /// Here, in the table and from the filter, a value outside the enum throws Error.
    Response response = Response::slide;
    /// When set: the response for an obstacle is entry i, i = the lowest set bit of its category.
    const std::array<Response, 32>* category_responses = nullptr;
    /// When set: called once per obstacle met; its answer wins over everything else.
    ResponseFilter filter = nullptr;
    /// Passed to `filter`.
    void* filter_context = nullptr;
    /// Bounce: the normal part of motion and velocity is scaled by -restitution, in [0, 1] (1 keeps
    /// the speed; above 1 every bounce would gain some, without bound between two walls).
    real restitution = 1;
    /// Bounce: the tangent part of motion and velocity is scaled by 1 - friction, in [0, 1] (1 stops
    /// it; above 1 it would turn back, which no surface does).
    real friction = 0;
    /// At most this many blocking contacts (rule 7's push out included; cross contacts are not
    /// counted) are resolved; then the rest of the motion is dropped.
    std::int32_t max_iterations = 8;
    /// Kept for source compatibility; it changes nothing: `velocity` is always carried.
    bool has_velocity = false;
    /// The body's velocity (any unit, finite): the responses change it as they change the motion,
    /// and MoveResult::velocity returns it (a zero velocity stays zero).
    Vec2 velocity{0, 0};
    /// Bounce: when the velocity's speed into the face is below this (units per second, finite,
    /// >= 0), its normal part and that of the motion are dropped instead of reflected, and when
    /// the speed along the face after friction is below it too, velocity and motion stop: a
    /// bouncing body comes to rest. 0 (the default) always reflects. (Last, so that braced
    /// initialisers of the fields before it keep their meaning.)
    real rest_speed = 0;
    /// When set, one-way tiles and bodies never block this move: the body drops (or jumps)
    /// through them. Solid obstacles still block.
    bool drop_through = false;
    /// Meet each body that moved since begin_frame() where it was when this move got there, over
    /// the frame times [t0, t1]; contact times are frame times (docs/contract.md, "Moving targets").
    bool moving = false;
    /// Rule 7: a body that starts inside blocking obstacles is first moved out of all of them to
    /// the nearest free place along an axis, when that lies within this many times its larger
    /// side (>= 0; infinity: at any distance, points included); else it stays (MoveResult::stuck).
    real push_out_sides = 8;
    real t0 = 0; ///< moving: the frame time the move starts at, in [0, 1]
    real t1 = 1; ///< moving: the frame time it ends at, in [t0, 1]
};

/// One contact of a move, in the order met.
struct Contact {
    Other other{};                       ///< the body or tile met
    real time = 0;                       ///< fraction of the move's time at contact, in [0, 1], non-decreasing
    Vec2 normal{0, 0};                   ///< unit axis vector out of the obstacle, against the motion
    Vec2 point{0, 0};                    ///< middle of the segment where the touching faces meet
    Aabb box{};                          ///< the body's box at contact (flush against the face)
    Response response = Response::slide; ///< the response applied
    bool started_overlapping = false;    ///< the body overlapped the obstacle at the start of the leg
    bool corner = false;                 ///< both axes entered at the same instant
    bool junction = false;               ///< a point or plank stopped where obstacles meet (rule 6): `point` is
                                         ///< the meeting point; `box` is flush at a seam it would enter, else
                                         ///< one step of `real` before a meeting point it may not pass
    real depth = 0;                      ///< started_overlapping: minimum translation depth out of the obstacle
    Vec2 sweep_back{0, 0};               ///< started_overlapping: the min corner of the body moved back along
                                         ///< the leg's -d to where it would first have touched (its own min
                                         ///< corner when -d never separates them)
};

/// What a move did.
struct MoveResult {
    Aabb box{};                    ///< the body's box after the move (also stored in the world)
    Vec2 velocity{0, 0};           ///< MoveOptions::velocity after every response
    std::vector<Contact> contacts; ///< every contact in order (cross contacts included)
    std::int32_t iterations = 0;   ///< blocking contacts resolved: every contact but the crosses
    bool truncated = false;        ///< max_iterations was reached with motion left; the rest was dropped
    bool stuck = false;            ///< started inside blocking obstacles, no free place within reach: not pushed out
};

} // namespace sweepbox
