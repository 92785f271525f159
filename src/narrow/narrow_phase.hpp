#pragma once
// Internal: the narrow phase of one obstacle, whatever it is: a box (sweep.hpp, inline), or a
// special one (one-way, or a slope tile: slope.hpp), out of line. The contact box, point and
// way out of each, for the moves and casts.

#include <sweepbox/tile_map.hpp>

#include "broadphase/obstacle.hpp"
#include "core/compiler.hpp"
#include "narrow/ranking.hpp"
#include "tiles/slope.hpp"
#include "geometry/sweep.hpp"

namespace sweepbox::detail {

/// The slope tile of a slope obstacle (ob.shape != 0).
inline SlopeTile slope_of(const TileMap& tiles, const Obstacle& ob) {
    return slope_tile(tiles, ob.other.tile, TileShape(ob.shape));
}

/// The sweep of q against a special obstacle: a miss when a one-way obstacle does not block
/// this mover (it starts on the wrong side).
[[gnu::noinline]] SWEEPBOX_API Sweep sweep_special(const TileMap& tiles, const SweepQuery& q, const Obstacle& ob);

/// The sweep of q against ob.
SWEEPBOX_FORCE_INLINE Sweep sweep_obstacle(const TileMap& tiles, const SweepQuery& q, const Obstacle& ob) {
    if (ob.special) [[unlikely]]
        return sweep_special(tiles, q, ob);
    return sweep(q, ob.box, ob.faces, ob.seams);
}

/// True when the interiors of box a and ob overlap.
SWEEPBOX_API bool overlaps_obstacle(const TileMap& tiles, const Aabb& a, const Obstacle& ob);

/// The way out of ob for a box a that overlaps it (minimum_translation; a slope's among its
/// tile's axes).
SWEEPBOX_API Penetration penetration_of(const TileMap& tiles, const Aabb& a, const Obstacle& ob);

/// The box a moved by d to its contact of normal n with the slope tile s (not started inside):
/// on its face (rule S3), at a half-height piece's tip, or flush against a side of its cell.
inline Aabb slope_hit_box(const Aabb& a, Vec2 d, const SlopeTile& s, Vec2 n) {
    if (is_slope_normal(n)) return slope_contact_box(a, d, s);
    if (is_tip_side(s, n)) return slope_tip_box(a, d, s);
    return contact_box(a, d, s.cell, n);
}

/// The box a moved by d to its contact with ob of normal n (not started inside).
SWEEPBOX_API Aabb contact_box_of(const TileMap& tiles, const Aabb& a, Vec2 d, const Obstacle& ob, Vec2 n);

/// The contact point of box c touching ob with normal n.
SWEEPBOX_API Vec2 contact_point_of(const TileMap& tiles, const Aabb& c, const Obstacle& ob, Vec2 n);

} // namespace sweepbox::detail
