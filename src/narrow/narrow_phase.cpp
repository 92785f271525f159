// The narrow phase of the special obstacles (one-way ones, slope tiles) and the contact
// geometry of any obstacle.

#include "narrow/narrow_phase.hpp"

namespace sweepbox::detail {

Sweep sweep_special(const TileMap& tiles, const SweepQuery& q, const Obstacle& ob) {
    if (ob.shape != 0) return sweep_slope(q.a, q.d, slope_of(tiles, ob), ob.faces, ob.seams);
    if (!one_way_blocks(q.a, ob.box, ob.faces)) return Sweep{};
    return sweep(q, ob.box, ob.faces, ob.seams);
}

bool overlaps_obstacle(const TileMap& tiles, const Aabb& a, const Obstacle& ob) {
    if (ob.shape != 0) return slope_overlaps(a, slope_of(tiles, ob));
    return overlaps(a, ob.box);
}

Penetration penetration_of(const TileMap& tiles, const Aabb& a, const Obstacle& ob) {
    if (ob.shape != 0) return slope_penetration(a, slope_of(tiles, ob));
    return minimum_translation(a, ob.box);
}

Aabb contact_box_of(const TileMap& tiles, const Aabb& a, Vec2 d, const Obstacle& ob, Vec2 n) {
    if (ob.shape != 0) return slope_hit_box(a, d, slope_of(tiles, ob), n);
    return contact_box(a, d, ob.box, n);
}

Vec2 contact_point_of(const TileMap& tiles, const Aabb& c, const Obstacle& ob, Vec2 n) {
    if (ob.shape != 0) return slope_contact_point(c, slope_of(tiles, ob), n);
    return detail::contact_point(c, ob.box, n);
}

} // namespace sweepbox::detail
