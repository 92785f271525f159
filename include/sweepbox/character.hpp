#pragma once
/// @file character.hpp
/// The character kit: what a move's contacts say about the ground under a body (Godot's
/// is_on_floor, is_on_wall, is_on_ceiling), and floor snap (Godot's floor_snap_length). Moving
/// platforms are in platforms.hpp.
#include <span>
#include <sweepbox/config.hpp>
#include <sweepbox/geometry.hpp>
#include <sweepbox/id.hpp>
#include <sweepbox/world.hpp>

namespace sweepbox {

/// Which way is up, and how steep a floor may be.
struct GroundRules {
    /// The direction away from the floor (any length but zero; y grows down, so (0, -1)).
    Vec2 up{0, -1};
    /// A contact whose normal makes at most this angle with `up` is a floor, at most this angle
    /// with `-up` a ceiling, anything else a wall (within the rounding of a slope's normal: a
    /// 45-degree ramp is a floor at 45). Degrees, in [0, 90).
    real max_floor_angle = 45;
};

/// What a move's contacts say. A contact counts when it blocked or pushed the body (touch,
/// slide, bounce, or a push out of an obstacle it started in); a `cross` contact never does.
struct GroundState {
    bool on_floor = false;   ///< a contact was a floor
    bool on_wall = false;    ///< a contact was a wall
    bool on_ceiling = false; ///< a contact was a ceiling
    Vec2 floor_normal{0, 0}; ///< the normal of the last floor contact, when on_floor
    Other floor{};           ///< what that floor is (a body or a tile), when on_floor
};

/// The ground state of a move's (or a check's) contacts. A body resting on a floor touches it in
/// a move only when the move presses into it (gravity does, every frame). Throws Error when `up`
/// is zero or not finite, or max_floor_angle is outside [0, 90).
[[nodiscard]] SWEEPBOX_API GroundState ground_state(std::span<const Contact> contacts, const GroundRules& rules = {});
/// The same for a finished move: ground_state(result.contacts, rules).
[[nodiscard]] inline GroundState ground_state(const MoveResult& result, const GroundRules& rules = {}) {
    return ground_state(std::span<const Contact>(result.contacts), rules);
}

/// Floor snap: how far a body on a floor may be pulled back down onto it after a move; and how
/// it walks on slopes.
struct SnapRules {
    /// At most this far (units, finite, >= 0; 0 never snaps) along -up.
    real snap = 0;
    /// What a floor is (`up`, `max_floor_angle`).
    GroundRules ground{};
    /// On a sloped floor (a ramp no steeper than max_floor_angle), walk at the speed of the
    /// move's part across `up` (its horizontal part): the body climbs and descends the ramp as
    /// fast as it walks on flat ground (N and Godot style), instead of the slide's slower climb
    /// and the fall-and-land of a descent.
    bool constant_speed = false;
    /// Against a slope steeper than max_floor_angle, the walk does not climb: the move's part
    /// across `up` that goes into it is dropped, so the body slides down it instead.
    bool stop_on_steep = false;
};

/// World::move, then floor snap (Godot's floor snap): when the body was on a floor before the
/// move (`was_on_floor`, the game's answer from its last move), the move did not go away from
/// the floor (delta . up <= 0) and left it on no floor, it is moved along -up by at most
/// `rules.snap` with the touch response, kept only when that lands on a floor; so walking down a
/// step or over a ramp's crest does not hop, and a ledge deeper than `snap` is left in the air.
/// The snap is a World::move (never into or through anything); its contacts follow the move's
/// with time 1, and out.box and out.velocity are after it. With `constant_speed` or
/// `stop_on_steep`, the delta is first turned along the slope the body stands on, or its walk
/// into a steep slope dropped, as SnapRules says (the floor is found by a dry run along -up).
/// Throws Error as World::move does, and for a bad `snap` or GroundRules, or `options.moving`
/// with a snap or a walk (several moves), before anything moves.
SWEEPBOX_API void move_and_snap(World& world, BodyId id, Vec2 delta, const MoveOptions& options, bool was_on_floor,
                                const SnapRules& rules, MoveResult& out);

} // namespace sweepbox
