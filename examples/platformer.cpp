// A small platformer level in code (the level of scenes/platformer.json): a hill of 45-degree
// ramps, a one-way gate, a ledge of one-way tiles, a ferry (a moving jump-through platform), a
// low ceiling and a gem. The hero walks over the hill at a constant speed, passes the gate,
// jumps up through the ledge and the ferry and lands on the ferry, rides it, is crushed when it
// rises into the ceiling, drops through it to the floor (after a dry run says where it would
// land), walks back and is stopped by the gate's solid side. The gem bounces and comes to rest.
// Each frame of the hero is what a game writes: input, gravity, move_and_snap, ground_state.
// Prints what it checks; exits 1 if any of it does not hold.
#include <sweepbox/sweepbox.hpp>
#include <cmath>
#include <cstdio>
#include <cstring>

using namespace sweepbox;

namespace {

constexpr real dt = real(1) / real(60), gravity = 900, walk_speed = 120, jump_speed = 400;

// The game's hero: its body, velocity, and whether its last frame ended on a floor.
struct Hero {
    BodyId id;
    Vec2 v{0, 0};
    bool on_floor = false;
    MoveResult last;
};

// One frame of the hero. On a floor the fall speed is dropped (a slide up a ramp leaves a
// velocity pointing up the slope, which would read as a jump); the input sets the walk speed
// and may jump. move_and_snap walks ramps at the walk speed across and keeps the hero on them.
void frame(World& world, Hero& hero, real walk, bool jump = false, bool drop_through = false) {
    if (hero.on_floor) hero.v.y = jump ? -jump_speed : 0;
    hero.v.x = walk;
    hero.v.y += gravity * dt;
    MoveOptions options;
    options.velocity = hero.v;
    options.drop_through = drop_through; // pass one-way tiles and bodies
    const SnapRules walking{.snap = 4, .constant_speed = true, .stop_on_steep = true};
    move_and_snap(world, hero.id, hero.v * dt, options, hero.on_floor, walking, hero.last);
    hero.v = hero.last.velocity;
    hero.on_floor = ground_state(hero.last).on_floor;
}

bool touched(const MoveResult& r, BodyId id) {
    for (const Contact& c : r.contacts)
        if (c.other.is_body() && c.other.body == id) return true;
    return false;
}

} // namespace

int main() {
    // y grows downward; row 0 is the top. '#' solid, '=' one-way (jump-through), '/' a ramp
    // rising to the right, '\' one rising to the left, '.' empty. Tiles are 16 units.
    const char* level[] = {
        "################################",  "#.....................######...#",  "#.....................######...#",
        "#.....................######...#",  "#.....................######...#",  "#.....................######...#",
        "#..............................#",  "#..............................#",  "#..............................#",
        "#..............................#",  "#......./###\\....====..........#", "#....../#####\\.................#",
        "#...../#######\\................#", "################################",
    };
    const int rows = int(sizeof level / sizeof level[0]);
    const int columns = int(std::strlen(level[0]));
    World world;
    world.set_tile_map({.origin = {0, 0}, .tile_size = 16, .columns = columns, .rows = rows});
    // Kinds 3 and 4: the two 45-degree ramps (kinds 0, 1 and 2 are empty, solid and one-way).
    const TileMapDef& def = world.tiles().def();
    world.set_tile_kind(3, {TileShape::slope45_ul, def.category, def.mask, false});
    world.set_tile_kind(4, {TileShape::slope45_ur, def.category, def.mask, false});
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            const char t = level[r][c];
            if (t == '#') world.set_tile({c, r}, Tile::solid);
            else if (t == '=') world.set_tile({c, r}, Tile::one_way);
            else if (t == '/') world.set_tile({c, r}, 3);
            else if (t == '\\') world.set_tile({c, r}, 4);
        }

    Hero hero;
    hero.id = world.add({.box = {{20, 184}, {32, 208}}}); // 12 x 24, standing on the floor (y = 208)
    hero.on_floor = true;
    // A one-way gate: it blocks only movers going left (coming from its right).
    const BodyId gate = world.add({.box = {{256, 160}, {258, 208}}, .is_static = true, .one_way = OneWay::left});
    // The ferry: a moving platform that is also one-way down, a jump-through platform.
    const BodyId ferry = world.add({.box = {{272, 144}, {320, 148}}, .is_platform = true, .one_way = OneWay::down});
    bool all_ok = true;
    auto report = [&](bool ok, const char* what) {
        std::printf("%s: %s\n", ok ? "ok" : "FAILED", what);
        all_ok = all_ok && ok;
    };

    // 1. Walk right over the hill and through the gate. A frame that starts on a ramp walks
    // 2 units across (120 units/s), up or down; snap keeps the hero on the floor every frame.
    int ramp_frames = 0, ramp_frames_at_speed = 0;
    bool always_on_floor = true, gate_touched = false;
    for (int f = 0; f < 133; ++f) {
        const bool on_ramp = hero.on_floor && ground_state(hero.last).floor_normal.x != 0;
        const real x = world.box(hero.id).min.x;
        frame(world, hero, walk_speed);
        if (on_ramp) {
            ++ramp_frames;
            ramp_frames_at_speed += std::fabs(world.box(hero.id).min.x - x - 2) < real(1e-4) ? 1 : 0;
        }
        always_on_floor = always_on_floor && hero.on_floor;
        gate_touched = gate_touched || touched(hero.last, gate);
    }
    std::printf("walked over the hill to x = %g: %d frames on the ramps, %d of them 2 units across\n",
                double(world.box(hero.id).min.x), ramp_frames, ramp_frames_at_speed);
    report(ramp_frames >= 40 && ramp_frames_at_speed == ramp_frames, "constant speed up and down the ramps");
    report(always_on_floor, "on a floor after every frame (floor snap over the crests)");
    report(!gate_touched && world.box(hero.id).min.x > 258, "the gate lets a rightward walker through");

    // 2. Jump straight up: through the one-way ledge (row 10) and the ferry, onto the ferry.
    bool left_floor = false, through_ledge = false;
    frame(world, hero, 0, true);
    for (int f = 0; f < 90 && !hero.on_floor; ++f) {
        left_floor = true;
        through_ledge = through_ledge || overlaps(world.box(hero.id), world.tiles().cell_box({18, 10}));
        frame(world, hero, 0);
    }
    const bool on_ferry = hero.on_floor && ground_state(hero.last).floor == Other::of(ferry);
    std::printf("jumped and landed at y = %g\n", double(world.box(hero.id).max.y));
    report(left_floor && through_ledge && on_ferry && world.box(hero.id).max.y == world.box(ferry).min.y,
           "up through the one-way ledge and the ferry, landed on the ferry's top");

    // 3. The ferry carries the hero 96 units right: each frame the hero's own move (gravity
    // presses it onto the ferry), then the ferry's. The hero keeps its spot on it exactly.
    const real spot = world.box(hero.id).min.x - world.box(ferry).min.x;
    PlatformResult moved; // reused: no allocation per frame
    bool kept_spot = true;
    for (int f = 0; f < 48; ++f) {
        frame(world, hero, 0);
        move_platform(world, ferry, {2, 0}, {}, moved);
        const Aabb h = world.box(hero.id), p = world.box(ferry);
        kept_spot = kept_spot && moved.riders.size() == 1 && h.min.x - p.min.x == spot && h.max.y == p.min.y;
    }
    std::printf("rode the ferry to x = %g\n", double(world.box(hero.id).min.x));
    report(kept_spot, "kept its spot on the ferry every frame");

    // 4. The ferry rises into the low ceiling (its bottom at y = 96): it stops where the hero is
    // crushed between them.
    move_platform(world, ferry, {0, -60}, {.crush = Crush::stop}, moved);
    const bool crushed = moved.stopped && moved.crushed.size() == 1 && moved.crushed[0] == hero.id;
    std::printf("the ferry rose %g and stopped; hero top at y = %g\n", double(-moved.moved.y),
                double(world.box(hero.id).min.y));
    report(crushed && world.box(hero.id).min.y == 96, "crushed against the ceiling; the ferry stopped");

    // 5. A dry run (check): where would dropping through land? Nothing moves.
    const Aabb before = world.box(hero.id);
    MoveOptions drop;
    drop.drop_through = true;
    const MoveResult would = world.check(hero.id, {0, 120}, drop);
    std::printf("check: dropping through would land at y = %g\n", double(would.box.max.y));
    report(world.box(hero.id) == before && would.box.max.y == 208, "the dry run moved nothing and finds the floor");

    // 6. Drop through the ferry: one-way bodies and tiles let a drop_through move pass.
    bool ferry_touched = false;
    hero.on_floor = false;
    hero.v = {0, 0};
    for (int f = 0; f < 60 && !hero.on_floor; ++f) {
        frame(world, hero, 0, false, true);
        ferry_touched = ferry_touched || touched(hero.last, ferry);
    }
    std::printf("dropped through to y = %g\n", double(world.box(hero.id).max.y));
    const Aabb landed = world.box(hero.id);
    report(!ferry_touched && landed.max.y == would.box.max.y && landed.min.x == would.box.min.x,
           "fell through the ferry onto the floor the check found");

    // 7. Walk back left: the gate's solid side stops the hero flush against it.
    for (int f = 0; f < 90; ++f) frame(world, hero, -walk_speed);
    const GroundState g = ground_state(hero.last);
    std::printf("walked back left to x = %g\n", double(world.box(hero.id).min.x));
    report(g.on_wall && touched(hero.last, gate) && world.box(hero.id).min.x == world.box(gate).max.x,
           "the gate blocks a leftward walker, flush against it");

    // 8. A gem dropped on the plateau bounces (restitution 0.5) until rest_speed stops it.
    const BodyId gem = world.add({.box = {{165, 40}, {171, 46}}, .category = 2, .mask = 1});
    MoveOptions bounce{.response = Response::bounce, .restitution = 0.5f};
    bounce.rest_speed = 40;
    Vec2 v{0, 0};
    int bounces = 0;
    MoveResult r;
    for (int f = 0; f < 90; ++f) {
        v.y += gravity * dt;
        bounce.velocity = v;
        world.move(gem, v * dt, bounce, r);
        bounces += !r.contacts.empty() && v.y > 0 && r.velocity.y < 0 ? 1 : 0;
        v = r.velocity;
    }
    std::printf("the gem bounced %d times and lies at y = %g, velocity (%g, %g)\n", bounces,
                double(world.box(gem).max.y), double(v.x), double(v.y));
    report(bounces >= 2 && world.box(gem).max.y == 160 && v.x == 0 && v.y == 0, "the gem came to rest on the plateau");
    return all_ok ? 0 : 1;
}
