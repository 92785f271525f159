#pragma once
// Internal: the responses of a move's blocking contact off its hot path (rules 8 and S4): what is
// left of the motion and the velocity on a slope's face, and a bounce that comes to rest (a box's
// face is answered in the move loop itself, move.cpp).

#include <sweepbox/world.hpp>

#include "tiles/slope.hpp"

namespace sweepbox::detail {

/// A bounce too slow into the face (rest_speed): the normal part goes as in a slide and friction
/// acts on the rest; too slow along the face as well, the body stops (a grenade comes to rest on
/// the floor instead of creeping ever slower). Out of line: moves that bounce are the rarer ones.
[[gnu::noinline, gnu::cold]] void come_to_rest(Vec2& rest, Vec2& v, Vec2 n, int a, const MoveOptions& o);

/// A leg that ends on a slope's face: the contact box (rule S3) and what is left of the motion.
[[gnu::noinline]] void slope_leg_end(const SlopeTile& s, const Aabb& S, Vec2 d, Aabb& F, Vec2& rest);

/// The response on a slope's face (rule S4): as on a side, about the slope's normal; what is left
/// of the motion never goes into the exact line, so the next leg does not meet it again at once.
[[gnu::noinline]] void slope_response(const SlopeTile& s, Response r, const MoveOptions& o, Vec2& rest, Vec2& v);

} // namespace sweepbox::detail
