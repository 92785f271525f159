// The responses of a move's blocking contact on a slope's face (rule S4), and a bounce on a box's
// face that comes to rest (see responses.hpp).

#include "core/wide.hpp"
#include "move/responses.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "geometry/reflection.hpp"

namespace sweepbox::detail {

namespace {

// reflect about a slope's normal. Near the largest `real` its sums of products overflow, and a
// component of the result (never longer than v) may exceed the largest `real` as it turns toward
// an axis: such a v is reflected in wide and, like slope_slide's part along the line, scaled
// back into range with its direction kept, so every leg stays finite.
Vec2 reflect_on_slope(Vec2 v, Vec2 n, real restitution, real friction) {
    constexpr real big = std::numeric_limits<real>::max() / 4;
    if (std::fabs(v.x) <= big && std::fabs(v.y) <= big) return reflect(v, n, restitution, friction);
    wide r[2];
    reflect_about(wide(v.x), wide(v.y), wide(n.x), wide(n.y), wide(restitution), 1 - wide(friction), r[0], r[1]);
    const wide top = std::max(std::fabs(r[0]), std::fabs(r[1])), limit = wide(std::numeric_limits<real>::max());
    if (top > limit)
        for (wide& x : r) x = x / top * limit;
    return {real(r[0]), real(r[1])};
}

} // namespace

void come_to_rest(Vec2& rest, Vec2& v, Vec2 n, int a, const MoveOptions& o) {
    rest = reflect(rest, n, 1, o.friction);
    v = reflect(v, n, 1, o.friction);
    rest[a] = 0;
    v[a] = 0;
    if (std::fabs(v[1 - a]) < o.rest_speed) {
        rest = {0, 0};
        v = {0, 0};
    }
}

void slope_leg_end(const SlopeTile& s, const Aabb& S, Vec2 d, Aabb& F, Vec2& rest) {
    F = slope_contact_box(S, d, s);
    for (int k = 0; k < 2; ++k) {
        rest[k] = real(wide(d[k]) - (wide(F.min[k]) - wide(S.min[k])));
        if (rest[k] * d[k] < 0) rest[k] = 0; // (rounding carried it past the end)
    }
}

void slope_response(const SlopeTile& s, Response r, const MoveOptions& o, Vec2& rest, Vec2& v) {
    const Vec2 n = s.normal;
    const real vn = v.x * n.x + v.y * n.y;
    const bool v_into = vn < 0;
    switch (r) {
    case Response::touch:
        rest = {0, 0};
        if (v_into) v = slope_slide(v, s);
        break;
    case Response::slide:
        rest = slope_slide(rest, s);
        if (v_into) v = slope_slide(v, s);
        break;
    case Response::bounce:
        if (v_into && vn > -o.rest_speed) {
            // Too slow into the face: the normal part goes, friction acts on the rest, and too
            // slow along the face as well, the body stops.
            rest = slope_not_into(reflect_on_slope(rest, n, 0, o.friction), s);
            v = reflect_on_slope(v, n, 0, o.friction);
            if (std::hypot(v.x, v.y) < o.rest_speed) {
                rest = {0, 0};
                v = {0, 0};
            }
            break;
        }
        rest = slope_not_into(reflect_on_slope(rest, n, o.restitution, o.friction), s);
        if (v_into) v = reflect_on_slope(v, n, o.restitution, o.friction);
        break;
    default: break;
    }
}

} // namespace sweepbox::detail
