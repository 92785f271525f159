// A level drawn in an editor (the README's editor tour): the example platformer loaded from
// Tiled's TMX, Tiled's JSON and LDtk, the same world from each; a hero placed at the level's
// "hero" spawn point walks over the ramps into the water (a sensor kind), rides the lift (a
// platform object) up and walks into the goal (a sensor object).
// Usage: example_editor_level [LEVEL_DIR] (default: the repository's scenes/levels). Exits 1 if
// any of that does not happen, so ctest checks the README's claims.
#include <sweepbox/character.hpp>
#include <sweepbox/levels.hpp>
#include <sweepbox/platforms.hpp>
#include <cstdio>
#include <string>

namespace {

// The id of the level's body named `name` (add_level returns ids in level.bodies' order).
sweepbox::BodyId body_named(const sweepbox::Level& level, const std::vector<sweepbox::BodyId>& ids,
                            const std::string& name) {
    for (std::size_t i = 0; i < level.bodies.size(); ++i)
        if (level.bodies[i].name == name) return ids[i];
    return {};
}

} // namespace

int main(int argc, char** argv) {
    using namespace sweepbox;
    const std::string dir = argc > 1 ? argv[1] : SWEEPBOX_EXAMPLE_LEVELS;
    // One call reads the level: tiles with their kinds, bodies, spawn points.
    Level level = load_level(dir + "/platformer.tmx");
    bool same = true;
    for (const char* other : {"/platformer.tmj", "/platformer.ldtk"}) {
        Level l = load_level(dir + other);
        l.file = level.file, l.name = level.name;
        same = same && l == level;
    }
    std::printf("%s: %d x %d tiles, %zu kinds, %zu bodies, %zu spawn points; .tmj and .ldtk the same: %s\n",
                level.name.c_str(), level.map.columns, level.map.rows, level.kinds.size(), level.bodies.size(),
                level.spawns.size(), same ? "yes" : "no");

    World world;
    const std::vector<BodyId> ids = add_level(world, level); // the world's map and bodies
    Vec2 spawn{0, 0};
    for (const SpawnPoint& s : level.spawns)
        if (s.name == "hero") spawn = s.position;
    const BodyId hero = world.add({.box = {{spawn.x - 6, spawn.y - 24}, {spawn.x + 6, spawn.y}}});

    // Walk right at 2 units a frame under gravity, up and down the ramps at a constant speed.
    const SnapRules walk{.snap = 4, .constant_speed = true};
    MoveResult r;
    bool on_floor = true;
    world.update_events();
    bool wet = false;
    for (int frame = 0; frame < 200; ++frame) {
        move_and_snap(world, hero, {2, 3}, {}, on_floor, walk, r);
        on_floor = ground_state(r).on_floor;
        world.update_events();
        for (const SensorEvent& e : world.events().sensor_begin)
            wet = wet || (e.sensor.is_tile() && world.tiles().kind(world.tiles().kind_at(e.sensor.tile)).sensor);
    }
    std::printf("hero walked to x %g..%g, bottom %g (the pool's wall is at 384), in the water: %s\n", r.box.min.x,
                r.box.max.x, r.box.max.y, wet ? "yes" : "no");
    const bool walked = r.box.max.x == 384 && r.box.max.y == 176 && wet;

    // Onto the lift, which rises 64 units and carries the hero.
    const BodyId lift = body_named(level, ids, "lift");
    world.teleport(hero, {{440, 128}, {452, 152}});
    const PlatformResult ride = move_platform(world, lift, {0, -64});
    std::printf("the lift rose to %g, the hero rode it to %g\n", world.box(lift).min.y, world.box(hero).max.y);
    const bool rode = ride.riders.size() == 1 && world.box(hero).max.y == 88;

    // Jump through the one-way ledge, then walk into the goal, a sensor body.
    world.move(hero, {24, -40});
    for (int frame = 0; frame < 20; ++frame) world.move(hero, {1, 2}, {}, r);
    world.update_events();
    bool goal = false;
    for (const SensorEvent& e : world.events().sensor_begin)
        goal = goal || e.sensor.body == body_named(level, ids, "goal");
    std::printf("hero on the ledge at bottom %g, in the goal: %s\n", world.box(hero).max.y, goal ? "yes" : "no");
    const bool reached = world.box(hero).max.y == 48 && goal;
    return same && walked && rode && reached ? 0 : 1;
}
