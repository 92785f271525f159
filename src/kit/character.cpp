// The character kit's ground state and floor snap (character.hpp).
#include <sweepbox/character.hpp>
#include <sweepbox/error.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "tiles/slope.hpp"

namespace sweepbox {

namespace {
// A slope's normal is a unit vector rounded to `real` (in float, off by under 1e-7), so the cosine
// limit allows that much and more: a 45-degree ramp is a floor under the default limit of 45.
constexpr double floor_cosine_slack = 1e-6;
} // namespace

GroundState ground_state(std::span<const Contact> contacts, const GroundRules& rules) {
    const double ux = double(rules.up.x), uy = double(rules.up.y);
    const double length = std::hypot(ux, uy);
    if (!std::isfinite(length) || length == 0) throw Error("ground_state", "up must be a finite direction, not (0, 0)");
    const double angle = double(rules.max_floor_angle);
    if (!(angle >= 0 && angle < 90)) throw Error("ground_state", "max_floor_angle must be in [0, 90) degrees");
    // cos of the angle between a normal and up, against the cosine of the limit (in double: a
    // unit normal and up are exact inputs).
    const double limit = std::cos(angle * std::numbers::pi / 180) - floor_cosine_slack;
    GroundState g;
    for (const Contact& c : contacts) {
        if (c.response == Response::cross) continue;
        const double cosine = (double(c.normal.x) * ux + double(c.normal.y) * uy) / length;
        if (cosine >= limit) {
            g.on_floor = true;
            g.floor_normal = c.normal;
            g.floor = c.other;
        } else if (-cosine >= limit) {
            g.on_ceiling = true;
        } else {
            g.on_wall = true;
        }
    }
    return g;
}

namespace {

// The delta a walk on slopes takes (SnapRules::constant_speed, stop_on_steep): along the sloped
// floor the body stands on, at the speed of its part across up; or without its part across up
// when that goes into a steep slope the move would meet.
Vec2 slope_walk(World& world, BodyId id, Vec2 delta, const MoveOptions& options, bool was_on_floor,
                const SnapRules& rules) {
    const double ux = double(rules.ground.up.x), uy = double(rules.ground.up.y);
    const double length = std::hypot(ux, uy);
    const double nx = ux / length, ny = uy / length; // up, unit
    const double hx = -ny, hy = nx;                  // across up (the walk's axis)
    const double up_part = double(delta.x) * nx + double(delta.y) * ny;
    const double walk = double(delta.x) * hx + double(delta.y) * hy;
    if (walk == 0 || up_part > 0) return delta; // standing, or a jump
    thread_local MoveResult probe;
    const MoveOptions touch{.response = Response::touch, .velocity = options.velocity};
    if (rules.constant_speed && was_on_floor) {
        // The floor under the body: a dry run down by the snap length (at least a unit).
        const double reach = std::max(double(rules.snap), 1.0);
        world.check(id, {real(-nx * reach), real(-ny * reach)}, touch, probe);
        const GroundState g = ground_state(probe, rules.ground);
        if (g.on_floor && detail::is_slope_normal(g.floor_normal)) {
            // Along the floor: its direction across the normal, as far across up as the walk.
            double tx = -double(g.floor_normal.y), ty = double(g.floor_normal.x);
            const double across = tx * hx + ty * hy;
            if (across * walk < 0) {
                tx = -tx;
                ty = -ty;
            }
            const double k = walk / (tx * hx + ty * hy);
            return {real(tx * k), real(ty * k)};
        }
    }
    if (rules.stop_on_steep) {
        world.check(id, delta, options, probe);
        for (const Contact& c : probe.contacts) {
            if (!detail::is_slope_normal(c.normal) || c.response == Response::cross) continue;
            const GroundState g = ground_state(std::span<const Contact>(&c, 1), rules.ground);
            const double into = (double(c.normal.x) * hx + double(c.normal.y) * hy) * walk;
            if (g.on_wall && into < 0) return {real(nx * up_part), real(ny * up_part)}; // the walk dropped
        }
    }
    return delta;
}

} // namespace

void move_and_snap(World& world, BodyId id, Vec2 delta, const MoveOptions& options, bool was_on_floor,
                   const SnapRules& rules, MoveResult& out) {
    if (!std::isfinite(rules.snap) || rules.snap < 0) throw Error("move_and_snap", "snap must be finite and >= 0");
    // A snap or a walk makes several moves, each of which would take the whole frame interval.
    if (options.moving && (rules.snap > 0 || rules.constant_speed || rules.stop_on_steep))
        throw Error("move_and_snap", "a move against motion (MoveOptions::moving) takes no snap or walk");
    (void)ground_state(std::span<const Contact>(), rules.ground); // checks the rules before anything moves
    const Vec2 asked = delta;
    real snap = rules.snap;
    if (rules.constant_speed || rules.stop_on_steep) {
        (void)world.info(id); // a bad id throws here, before the dry runs
        if (!is_finite(delta)) throw Error("move_and_snap", "delta has a NaN or infinite component");
        delta = slope_walk(world, id, delta, options, was_on_floor, rules);
        // A walk turned along a ramp ends on its line, touching it without pressing: the snap
        // (at least a unit) finds the floor again.
        if (!(delta == asked) && rules.constant_speed) snap = std::max(snap, real(1));
    }
    world.move(id, delta, options, out);
    const double ux = double(rules.ground.up.x), uy = double(rules.ground.up.y);
    if (!was_on_floor || snap == 0 || double(asked.x) * ux + double(asked.y) * uy > 0) return;
    if (ground_state(out, rules.ground).on_floor) return;
    const double length = std::hypot(ux, uy);
    const Vec2 down{real(-ux / length * double(snap)), real(-uy / length * double(snap))};
    // The snap as a dry run first: kept only when it lands on a floor.
    thread_local MoveResult probe;
    const MoveOptions touch{.response = Response::touch, .velocity = out.velocity};
    world.check(id, down, touch, probe);
    if (!ground_state(probe, rules.ground).on_floor) return;
    world.move(id, down, touch, probe);
    for (Contact c : probe.contacts) {
        c.time = 1;
        out.contacts.push_back(c);
    }
    out.box = probe.box;
    out.velocity = probe.velocity;
}

} // namespace sweepbox
