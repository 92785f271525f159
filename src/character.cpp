// The character kit's ground state and floor snap (character.hpp).
#include <sweepbox/character.hpp>
#include <sweepbox/error.hpp>

#include <cmath>
#include <numbers>

namespace sweepbox {

GroundState ground_state(std::span<const Contact> contacts, const GroundRules& rules) {
    const double ux = double(rules.up.x), uy = double(rules.up.y);
    const double length = std::hypot(ux, uy);
    if (!std::isfinite(length) || length == 0) throw Error("ground_state", "up must be a finite direction, not (0, 0)");
    const double angle = double(rules.max_floor_angle);
    if (!(angle >= 0 && angle < 90)) throw Error("ground_state", "max_floor_angle must be in [0, 90) degrees");
    // cos of the angle between a normal and up, against the cosine of the limit (in double: a
    // unit normal and up are exact inputs, the comparison is the only rounding).
    const double limit = std::cos(angle * std::numbers::pi / 180);
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

void move_and_snap(World& world, BodyId id, Vec2 delta, const MoveOptions& options, bool was_on_floor,
                   const SnapRules& rules, MoveResult& out) {
    if (!std::isfinite(rules.snap) || rules.snap < 0) throw Error("move_and_snap", "snap must be finite and >= 0");
    (void)ground_state(std::span<const Contact>(), rules.ground); // checks the rules before anything moves
    world.move(id, delta, options, out);
    const double ux = double(rules.ground.up.x), uy = double(rules.ground.up.y);
    if (!was_on_floor || rules.snap == 0 || double(delta.x) * ux + double(delta.y) * uy > 0) return;
    if (ground_state(out, rules.ground).on_floor) return;
    const double length = std::hypot(ux, uy);
    const Vec2 down{real(-ux / length * double(rules.snap)), real(-uy / length * double(rules.snap))};
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
