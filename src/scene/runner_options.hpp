#pragma once
// Internal to the scene layer: a step's fields as the library's option structs, each written once
// (a field's meaning is the one of docs/scenes.md).

#include <sweepbox/character.hpp>
#include <sweepbox/particles.hpp>
#include <sweepbox/platforms.hpp>
#include <sweepbox/scene.hpp>

namespace sweepbox::detail {

/// The response and its numbers of a move or a frame (not its filters: a scene has none).
[[nodiscard]] MoveOptions move_options_of(const SceneStep& step);
/// Floor snap and the ground rules of move_and_snap.
[[nodiscard]] SnapRules snap_rules_of(const SceneStep& step);
/// A platform's `up` and what it does at a crushed body.
[[nodiscard]] PlatformOptions platform_options_of(const SceneStep& step);
/// One frame of a `particles` step.
[[nodiscard]] ParticleFrame particle_frame_of(const SceneStep& step);
/// A spark cone of a `particles` step's "emit"; the bounce numbers are the step's.
[[nodiscard]] SparkCone spark_cone_of(const SceneEmit& emit, const SceneStep& step);
/// A frame's input velocity when the step walks: `velocity` with its part across `up` set to
/// the step's "walk" (docs/scenes.md, "frames"); `velocity` itself when it does not.
[[nodiscard]] Vec2 with_walk(Vec2 velocity, const SceneStep& step, bool on_floor);

} // namespace sweepbox::detail
