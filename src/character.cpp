// The character kit's ground state (character.hpp).
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

} // namespace sweepbox
