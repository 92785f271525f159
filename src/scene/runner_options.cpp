// A step's fields as the library's option structs (runner_options.hpp).
#include "runner_options.hpp"

#include <cmath>

namespace sweepbox::detail {

MoveOptions move_options_of(const SceneStep& step) {
    MoveOptions options;
    options.response = step.response;
    options.restitution = step.restitution;
    options.friction = step.friction;
    options.max_iterations = step.max_iterations;
    options.rest_speed = step.rest_speed;
    options.has_velocity = step.has_velocity;
    options.velocity = step.velocity;
    options.drop_through = step.drop_through;
    options.push_out_sides = step.push_out_sides;
    options.moving = step.moving;
    options.t0 = step.t0;
    options.t1 = step.t1;
    return options;
}

SnapRules snap_rules_of(const SceneStep& step) {
    return {.snap = step.snap,
            .ground = {.up = step.up, .max_floor_angle = step.max_floor_angle},
            .constant_speed = step.constant_speed,
            .stop_on_steep = step.stop_on_steep};
}

PlatformOptions platform_options_of(const SceneStep& step) { return {.up = step.up, .crush = step.crush}; }

ParticleFrame particle_frame_of(const SceneStep& step) {
    ParticleFrame frame;
    frame.gravity = step.gravity;
    frame.dt = step.dt;
    frame.rest_speed = step.rest_speed;
    frame.max_iterations = step.max_iterations;
    frame.restitution = step.restitution;
    frame.friction = step.friction;
    frame.category = step.category;
    frame.mask = step.mask;
    return frame;
}

SparkCone spark_cone_of(const SceneEmit& emit, const SceneStep& step) {
    SparkCone cone;
    cone.count = std::size_t(emit.count);
    cone.spread = emit.spread;
    cone.min_speed = emit.min_speed;
    cone.restitution = step.restitution;
    cone.friction = step.friction;
    cone.seed = emit.seed;
    return cone;
}

// As a game's walk sets it: the part along `up` is kept in the air and dropped on a floor, where
// the slide left it along the ramp (upward, it would read as a jump). Exact for an axis `up`.
Vec2 with_walk(Vec2 velocity, const SceneStep& step, bool on_floor) {
    if (!step.has_walk) return velocity;
    const Vec2 up = step.up;
    if (up.x == 0) return {up.y < 0 ? step.walk : -step.walk, on_floor ? 0 : velocity.y};
    if (up.y == 0) return {on_floor ? 0 : velocity.x, up.x > 0 ? step.walk : -step.walk};
    const real length = std::hypot(up.x, up.y); // no overflow for a long `up`
    const Vec2 unit_up{up.x / length, up.y / length}, across{-unit_up.y, unit_up.x};
    const real along = on_floor ? 0 : velocity.x * unit_up.x + velocity.y * unit_up.y;
    return {along * unit_up.x + step.walk * across.x, along * unit_up.y + step.walk * across.y};
}

} // namespace sweepbox::detail
