#pragma once
// The four one-way directions of the tests (tiles and bodies): the tile shape and the body's
// OneWay of each, the motion it blocks and the normal of the hit; and the box that meets a
// one-way obstacle at [64, 80]^2 from 24 units away.

#include <array>
#include <sweepbox/world.hpp>

namespace sbt {

struct OneWayDirection {
    sweepbox::TileShape shape;
    sweepbox::OneWay way;
    sweepbox::Vec2 motion; // unit motion in the blocked direction
    sweepbox::Vec2 normal; // the normal of the hit: against the motion
};
inline constexpr std::array<OneWayDirection, 4> one_way_directions{
    {{sweepbox::TileShape::one_way_down, sweepbox::OneWay::down, {0, 1}, {0, -1}},
     {sweepbox::TileShape::one_way_up, sweepbox::OneWay::up, {0, -1}, {0, 1}},
     {sweepbox::TileShape::one_way_left, sweepbox::OneWay::left, {-1, 0}, {1, 0}},
     {sweepbox::TileShape::one_way_right, sweepbox::OneWay::right, {1, 0}, {-1, 0}}}};

/// The 8 x 8 box centred 24 units from (72, 72), the middle of [64, 80]^2, against `motion`.
inline sweepbox::Aabb one_way_start_box(sweepbox::Vec2 motion) {
    using sweepbox::real;
    const real cx = 72 - 24 * motion.x, cy = 72 - 24 * motion.y;
    return {{cx - 4, cy - 4}, {cx + 4, cy + 4}};
}

} // namespace sbt
