// A tile level in code (the README's tile tour): a floor, a one-way platform and a low wall.
// A hero slides over the floor's seams and stops flush against the wall, lands on the platform
// from above, jumps through it from below; a bullet walks the tile grid and names its tile.
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

    return walked && landed && jumped && shot ? 0 : 1;
}
