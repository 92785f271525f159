#pragma once
// Internal: the last check of a point's or plank's rounded end on a map with slopes (rules 5 and
// 6). Where the tile is a few steps of `real` wide, no rounding next to the exact end may be free
// (two ramps' tips touching between two `real`s): the end then goes back along the exact path,
// whose positions before the contact are free, to the first rounded one that is.

#include <cmath>
#include <limits>
#include <vector>
#include <sweepbox/tile_map.hpp>

#include "core/wide.hpp"
#include "broadphase/obstacle.hpp"

namespace sweepbox::detail {

/// True when the point or plank S moved straight to G (a rounding near its exact end) stays clear
/// of the solid: its way there enters none of `slopes` and `solids` (blocking, S not inside them)
/// before G, G is inside none, a point G is on no seam and no meeting point of them
/// (unsafe_among_slopes), and a plank's ends have a free direction each.
[[nodiscard]] bool thin_end_clear(const TileMap& tiles, const Aabb& S, const Aabb& G,
                                  const std::vector<Obstacle>& slopes, const std::vector<Obstacle>& solids);

/// The first box back along the path of S moved by d, from time t_end toward 0, rounded, that
/// clear(G) accepts (halving the distance back each time, as many times as `real` has digits); S
/// when none does.
template <class Clear> Aabb back_along_path(const Aabb& S, Vec2 d, real t_end, Clear&& clear) {
    Aabb last = S;
    for (int k = std::numeric_limits<real>::digits; k > 0; --k) {
        const wide t = wide(t_end) - std::ldexp(wide(t_end), -k);
        const Aabb G{{real(wide(S.min.x) + wide(d.x) * t), real(wide(S.min.y) + wide(d.y) * t)},
                     {real(wide(S.max.x) + wide(d.x) * t), real(wide(S.max.y) + wide(d.y) * t)}};
        if (G == last) continue;
        last = G;
        if (clear(G)) return G;
    }
    return S;
}

/// The region holding S, F and every rounded box back_along_path tries (S moved by d up to t_end),
/// with a few steps of `real` around: the obstacles that decide thin_end_clear there.
[[nodiscard]] Aabb thin_end_region(const Aabb& S, Vec2 d, real t_end, const Aabb& F);

/// A leg's end F of the point or plank S moved by d, its contact (or end) at time t_end, made
/// clear as above: unchanged when it is, else back along the path; `rest` (what is left of the
/// motion after a contact) recomputed from the new end. True when F changed.
bool clear_thin_end(const TileMap& tiles, const Aabb& S, Vec2 d, real t_end, Aabb& F, Vec2& rest,
                    const std::vector<Obstacle>& slopes, const std::vector<Obstacle>& solids);

} // namespace sweepbox::detail
