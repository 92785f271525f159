// A tile level in code (the README's tile tour): a floor, a one-way platform and a low wall.
// A hero slides over the floor's seams and stops flush against the wall, lands on the platform
// from above, jumps through it from below; a bullet walks the tile grid and names its tile; a
// glass wall (a tile kind of its own category) stops a slime and lets the hero through.
// Exits 1 if any of that does not happen, so ctest checks the README's claims.
#include <sweepbox/sweepbox.hpp>
#include <cstdio>

int main() {
    using namespace sweepbox;
    World world;
    // 20 x 8 tiles of 16 units; row 0 is the top, +y points down (as on screen).
    world.set_tile_map({.origin = {0, 0}, .tile_size = 16, .columns = 20, .rows = 8});
    for (int c = 0; c < 20; ++c) world.set_tile({c, 7}, Tile::solid);   // the floor
    for (int c = 6; c <= 9; ++c) world.set_tile({c, 4}, Tile::one_way); // a platform
    for (int r = 5; r <= 6; ++r) world.set_tile({14, r}, Tile::solid);  // a low wall

    // The hero walks right with gravity: it slides along the floor over every seam between
    // floor tiles, then stops flush against the wall.
    BodyId hero = world.add({.box = {{20, 80}, {32, 100}}});
    MoveResult r;
    for (int frame = 0; frame < 120; ++frame) world.move(hero, {2.5f, 3}, {}, r);
    std::printf("hero at x %g..%g, bottom %g\n", r.box.min.x, r.box.max.x, r.box.max.y);
    for (const Contact& c : r.contacts)
        std::printf("  touches tile (%d, %d), normal (%g, %g)\n", c.other.tile.column, c.other.tile.row, c.normal.x,
                    c.normal.y);
    const bool walked = r.box.max.x == 224 && r.box.max.y == 112;

    // Falling onto the one-way platform from above lands on it...
    world.teleport(hero, {{100, 30}, {112, 50}});
    r = world.move(hero, {0, 40});
    std::printf("lands on the platform: bottom %g (platform top 64)\n", r.box.max.y);
    const bool landed = r.box.max.y == 64;
    // ...jumping up through it from below passes.
    world.teleport(hero, {{100, 85}, {112, 105}});
    r = world.move(hero, {0, -60});
    std::printf("jumps through it: top %g, %zu contacts\n", r.box.min.y, r.contacts.size());
    const bool jumped = r.box.min.y == 25 && r.contacts.empty();

    // A bullet walks the tile grid (Amanatides-Woo) and names the tile it hits.
    CastHit h = world.cast_ray({0, 60}, {400, 60});
    if (h.hit)
        std::printf("bullet hits tile (%d, %d) at (%g, %g)\n", h.other.tile.column, h.other.tile.row, h.point.x,
                    h.point.y);
    const bool shot = h.hit && h.other.is_tile() && h.other.tile.column == 14 && h.other.tile.row == 5 &&
                      h.point.x == 224;

    // A glass wall only slimes meet: kind 3 is solid with category 2, which the hero's mask (now
    // 1, the floor's category) lacks. Hero and slime do not meet each other either.
    world.set_tile_kind(3, {.shape = TileShape::solid, .category = 2});
    for (int row = 5; row <= 6; ++row) world.set_tile({4, row}, 3);
    BodyId slime = world.add({.box = {{20, 100}, {36, 112}}, .category = 4, .mask = 3});
    world.teleport(hero, {{20, 92}, {32, 112}});
    world.set_filter(hero, 1, 1);
    world.update_events(); // what touches now; the next call lists what changed
    r = world.move(hero, {60, 0});
    const MoveResult s = world.move(slime, {60, 0});
    std::printf("hero walks through the glass to x %g; the slime stops at x %g\n", r.box.max.x, s.box.max.x);
    world.update_events();
    int slime_on_glass = 0, hero_on_glass = 0;
    for (const ContactEvent& e : world.events().contact_begin)
        if (e.other.is_tile() && e.other.tile.column == 4 && e.other.tile.row < 7) {
            std::printf("  %s touches the glass\n", e.body == slime ? "the slime" : "the hero");
            (e.body == slime ? slime_on_glass : hero_on_glass) += 1;
        }
    const bool glass = r.box.max.x == 92 && s.box.max.x == 64 && slime_on_glass == 1 && hero_on_glass == 0;

    return walked && landed && jumped && shot && glass ? 0 : 1;
}
