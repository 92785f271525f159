// A hill of ramps in code: a floor, a shallow ramp up to a plateau, a 45-degree ramp down the
// other side. A box walks right with gravity over all of it without stopping at a junction; a
// hero walks it at a constant speed (floor snap and constant_speed); a bullet fired at the ramp
// hits its line with the slope's normal and throws its spark along the reflection; a grenade
// bounces off the ramp. Exits 1 if any of that does not happen.
#include <sweepbox/sweepbox.hpp>
#include <cmath>
#include <cstdio>

int main() {
    using namespace sweepbox;
    World world;
    world.set_tile_map({.origin = {0, 0}, .tile_size = 16, .columns = 24, .rows = 8});
    // Kinds 3 to 5 are slope shapes (kinds 0, 1 and 2 are empty, solid and one-way).
    const TileMapDef& def = world.tiles().def();
    world.set_tile_kind(3, {TileShape::shallow_ul_low, def.category, def.mask, false});  // ramp up, low piece
    world.set_tile_kind(4, {TileShape::shallow_ul_high, def.category, def.mask, false}); // ramp up, high piece
    world.set_tile_kind(5, {TileShape::slope45_ur, def.category, def.mask, false});      // ramp down (45 degrees)
    for (int c = 0; c < 24; ++c) world.set_tile({c, 7}, Tile::solid);                    // the floor, top at y = 112
    world.set_tile({6, 6}, 3);
    world.set_tile({7, 6}, 4);
    for (int c = 8; c <= 12; ++c) world.set_tile({c, 6}, Tile::solid); // the plateau, top at y = 96
    world.set_tile({13, 6}, 5);

    // The box walks right, pressed down by gravity: up the ramp, over the plateau, down the
    // other side. Every frame moves it right; it ends on the floor beyond the hill.
    BodyId box = world.add({.box = {{8, 100}, {20, 112}}});
    bool always_moved = true;
    real highest = 112;
    MoveResult r;
    for (int frame = 0; frame < 160; ++frame) {
        const real x = world.box(box).min.x;
        world.move(box, {2, 2}, {}, r);
        always_moved = always_moved && r.box.min.x > x;
        highest = std::min(highest, r.box.max.y);
    }
    // (Over the ramp's crest the motion still goes up a little: it leaves the plateau by a hair
    // for a frame; docs/character.md's floor snap keeps a character on it.)
    std::printf("box walked to x %g, bottom %g; highest bottom %g (plateau top 96)\n", r.box.min.x, r.box.max.y,
                highest);
    const bool walked = always_moved && highest <= 96 && highest > 95 && r.box.max.y == 112 && r.box.min.x > 224;

    // A hero walks the same hill with constant_speed: 2 units across every frame, up and down
    // the ramps alike (but for the frames that meet a ramp's foot), kept on them by the snap.
    BodyId hero = world.add({.box = {{8, 100}, {16, 112}}});
    const SnapRules walk{.snap = 4, .constant_speed = true, .stop_on_steep = true};
    bool on_floor = true;
    int at_speed = 0;
    for (int frame = 0; frame < 130; ++frame) {
        const real x = world.box(hero).min.x;
        move_and_snap(world, hero, {2, 1}, {}, on_floor, walk, r);
        on_floor = ground_state(r).on_floor;
        at_speed += std::fabs(r.box.min.x - x - 2) < 1e-4f ? 1 : 0;
    }
    std::printf("hero walked to x %g; %d of 130 frames at 2 units across\n", r.box.min.x, at_speed);
    const bool hero_walked = at_speed >= 127 && r.box.max.y == 112;

    // A bullet straight down onto the low piece of the ramp: the hit is on the line u + 2v = 2
    // (at x = 104, y = 108), with the normal (-1, -2)/sqrt(5); the spark flies along the reflection.
    const CastHit h = world.cast_ray({104, 40}, {0, 100});
    const Vec2 spark = reflect({0, 600}, h.normal, 1, 0);
    std::printf("bullet hits (%g, %g), normal (%g, %g), spark velocity (%g, %g)\n", h.point.x, h.point.y, h.normal.x,
                h.normal.y, spark.x, spark.y);
    const bool bullet = h.hit && h.point.x == 104 && h.point.y == 108 &&
                        h.normal == slope_normal(TileShape::shallow_ul_low);

    // A grenade dropped on the 45-degree ramp bounces off it to the right, away from the face
    // (the ramp falls to the right; restitution 0.6 keeps the part along the ramp whole).
    BodyId grenade = world.add({.box = {{216, 40}, {222, 46}}});
    MoveOptions bounce{.response = Response::bounce, .restitution = 0.6f, .velocity = {0, 300}};
    r = world.move(grenade, {0, 60}, bounce);
    std::printf("grenade: %zu contact(s), normal (%g, %g), velocity after (%g, %g)\n", r.contacts.size(),
                r.contacts.empty() ? 0.0f : r.contacts[0].normal.x, r.contacts.empty() ? 0.0f : r.contacts[0].normal.y,
                r.velocity.x, r.velocity.y);
    const bool bounced = !r.contacts.empty() && r.contacts[0].normal == slope_normal(TileShape::slope45_ur) &&
                         r.velocity.x > 0 &&
                         r.velocity.x * r.contacts[0].normal.x + r.velocity.y * r.contacts[0].normal.y > 0;

    return walked && hero_walked && bullet && bounced ? 0 : 1;
}
