// A platformer character over a tile map: it walks, jumps, lands on one-way platforms and
// slides along walls made of tiles. Each frame: apply the input and gravity to the velocity,
// move by velocity * dt with the `slide` response (the velocity loses its part into each
// surface it meets), and read the ground state of the move (ground_state: on a floor, on a wall).
// One-way tiles ('=') block only movers that come from above; the character jumps up through
// them and lands on top. Before each jump, World::check (a move's answer, nothing moved) says
// how much headroom there is. Tile edges shared by two solid tiles are no surfaces, so walking over
// a floor made of many tiles never catches on a seam. At the end a lift (a moving platform)
// carries the character up and down.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sweepbox/sweepbox.hpp>

using namespace sweepbox;

int main() {
    // y grows downward; row 0 is the top. '#' solid, '=' one-way, '.' empty. Tiles are 16 units.
    const char* level[] = {
        "####################", "#..................#", "#..................#", "#.............######",
        "#..................#", "#.......=====......#", "#..................#", "#..................#",
        "#..............#####", "#..............#...#", "####################",
    };
    const int rows = int(sizeof level / sizeof level[0]);
    const int columns = int(std::strlen(level[0]));
    World world;
    world.set_tile_map({.origin = {0, 0}, .tile_size = 16, .columns = columns, .rows = rows});
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c)
            if (level[r][c] != '.') world.set_tile({c, r}, level[r][c] == '#' ? Tile::solid : Tile::one_way);

    // The character: 12 x 24, standing on the floor (row 10 starts at y = 160).
    const BodyId hero = world.add({.box = {{24, 136}, {36, 160}}});
    Vec2 v{0, 0};
    const real dt = real(1) / real(60), gravity = 900, run_speed = 110, jump_speed = 400;
    MoveOptions slide;
    slide.response = Response::slide;
    MoveResult result;

    bool grounded = true, landed_on_one_way = false, slid_on_wall = false, was_on_wall = false;
    bool headroom_checked = true;
    for (int frame = 0; frame < 240; ++frame) {
        // The input script: run right; jump at frame 40 (up through the one-way platform);
        // keep running right; at frame 100 jump again, toward the wall of row 8.
        const bool jump = (frame == 40 || frame == 100) && grounded;
        v.x = frame < 160 ? run_speed : 0;
        if (jump) {
            // A dry run (check) first: how much headroom the jump has, with nothing moved.
            const Aabb before = world.box(hero);
            const MoveResult room = world.check(hero, {0, -80}, MoveOptions{.response = Response::touch});
            headroom_checked = headroom_checked && world.box(hero) == before;
            v.y = -jump_speed;
            std::printf("frame %3d: jump from x = %.1f (headroom %g)\n", frame, double(before.min.x),
                        double(before.min.y - room.box.min.y));
        }
        v.y += gravity * dt;
        slide.velocity = v;
        world.move(hero, v * dt, slide, result);
        v = result.velocity;

        // The ground state of the move (character.hpp): standing, against a wall, and on what.
        const GroundState ground = ground_state(result);
        const bool was_grounded = grounded;
        grounded = ground.on_floor;
        const bool on_wall = ground.on_wall;
        if (grounded && !was_grounded) {
            const bool one_way = ground.floor.is_tile() && world.tiles().get(ground.floor.tile) == Tile::one_way;
            std::printf("frame %3d: lands on %s tile (%d, %d) at y = %g\n", frame, one_way ? "a one-way" : "a solid",
                        ground.floor.tile.column, ground.floor.tile.row, double(result.box.max.y));
            landed_on_one_way = landed_on_one_way || one_way;
        }
        if (on_wall && !grounded) {
            if (!was_on_wall)
                std::printf("frame %3d: slides along the wall at x = %g (velocity y %.1f)\n", frame,
                            double(result.box.max.x), double(v.y));
            slid_on_wall = true;
        }
        was_on_wall = on_wall && !grounded;
    }
    const Aabb b = world.box(hero);
    std::printf("ends at (%.2f, %.2f)-(%.2f, %.2f), %s\n", double(b.min.x), double(b.min.y), double(b.max.x),
                double(b.max.y), grounded ? "standing" : "in the air");

    // A lift (a moving platform, platforms.hpp) sunk into the floor at the left, its top flush
    // with the floor, and the hero put on it: it rises 32 units and comes back down, twice, while
    // the hero keeps pressing down under gravity. The hero rides it: its spot on the lift never
    // changes, bit for bit.
    const BodyId lift = world.add({.box = {{40, 160}, {72, 168}}, .is_platform = true});
    world.teleport(hero, {{50, 136}, {62, 160}});
    v = {0, 0};
    const real spot = world.box(hero).min.x - world.box(lift).min.x;
    PlatformResult ride;
    bool kept_spot = true;
    real highest = world.box(hero).max.y;
    for (int frame = 0; frame < 256; ++frame) {
        v = {0, v.y + gravity * dt};
        slide.velocity = v;
        world.move(hero, v * dt, slide, result); // the hero's own move first: it lands on the lift
        v = result.velocity;
        move_platform(world, lift, {0, frame / 64 % 2 == 0 ? real(-0.5) : real(0.5)}, {}, ride);
        const Aabb h = world.box(hero), l = world.box(lift);
        kept_spot = kept_spot && ride.riders.size() == 1 && h.min.x - l.min.x == spot && h.max.y == l.min.y;
        highest = std::min(highest, h.max.y);
    }
    std::printf("rides the lift up to y = %g and back: %s\n", double(highest),
                kept_spot ? "on the same spot every frame" : "slipped");
    return (landed_on_one_way && slid_on_wall && grounded && headroom_checked && kept_spot) ? 0 : 1;
}
