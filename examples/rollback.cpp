// Rollback netcode with snapshots. Two players run and jump in a room with a ramp, a one-way
// ledge, a moving platform and crates; a door opens halfway. This program is peer A: its own
// player's input is known at once, the other player's arrives 4 frames late. Every frame it
// guesses the missing input (the last one it has), simulates, and saves the world (World::save)
// with the game's own state beside it. When a late input arrives, it restores the frame that
// input belongs to (World::restore) and simulates again from there with what it now knows: a
// rollback and re-simulation on every frame. At the end it compares its world, bit for bit, with
// the same inputs played with no delay. Prints what it checks; exits 1 if any of it does not hold.
#include <sweepbox/sweepbox.hpp>
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

using namespace sweepbox;

namespace {

constexpr real dt = real(1) / real(60), gravity = 900, walk_speed = 110, jump_speed = 380;
constexpr int frames = 240, delay = 4, door_frame = 120;

// A player's input of one frame.
struct Input {
    std::int8_t walk = 0; // -1, 0, 1
    bool jump = false;
    friend bool operator==(const Input&, const Input&) = default;
};

// The input of player p at frame f: a fixed script from a small generator (the same on every
// machine), standing for what the players pressed.
Input scripted(int p, int f) {
    std::uint32_t x = std::uint32_t(f / 20) * 2654435761u + std::uint32_t(p) * 40503u + 7u;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    x ^= x >> 15;
    return {std::int8_t(int(x % 3) - 1), f % 20 == 3 && (x & 4) != 0};
}

// The game's state beside the world: what a snapshot of the world does not hold.
struct Game {
    std::array<BodyId, 2> player{};
    std::array<Vec2, 2> v{};
    std::array<bool, 2> on_floor{};
    BodyId lift{};
    int frame = 0;
};

// The level: a room of tiles with a ramp, a ledge of one-way tiles and a door (closed), a
// moving platform, three crates and the two players.
Game build(World& world) {
    world.set_tile_map({.origin = {0, 0}, .tile_size = 16, .columns = 40, .rows = 16});
    for (std::int32_t c = 0; c < 40; ++c) {
        world.set_tile({c, 0}, Tile::solid);
        world.set_tile({c, 15}, Tile::solid);
    }
    for (std::int32_t r = 0; r < 16; ++r) {
        world.set_tile({0, r}, Tile::solid);
        world.set_tile({39, r}, Tile::solid);
    }
    world.set_tile_kind(3, {TileShape::slope45_ul});
    for (std::int32_t k = 0; k < 3; ++k) world.set_tile({8 + k, 14 - k}, 3);
    for (std::int32_t c = 11; c < 14; ++c)
        for (std::int32_t r = 12; r < 15; ++r) world.set_tile({c, r}, Tile::solid);
    for (std::int32_t c = 20; c < 25; ++c) world.set_tile({c, 10}, Tile::one_way);
    for (std::int32_t r = 11; r < 15; ++r) world.set_tile({30, r}, Tile::solid); // the door
    Game g;
    g.lift = world.add({.box = {{130, 150}, {170, 156}}, .is_platform = true, .category = 2});
    for (int k = 0; k < 3; ++k) {
        const real x = real(240 + 40 * k);
        world.add({.box = {{x, 226}, {x + 14, 240}}, .category = 4});
    }
    g.player[0] = world.add({.box = {{40, 200}, {52, 224}}});
    g.player[1] = world.add({.box = {{560, 200}, {572, 224}}});
    return g;
}

// One frame of the game with these inputs: the lift, the door, the players, the crates' fall.
void step(World& world, Game& g, const std::array<Input, 2>& in, PlatformResult& lift, MoveResult& r) {
    const Vec2 lift_step{(g.frame / 60) % 2 == 0 ? real(1) : real(-1), 0};
    move_platform(world, g.lift, lift_step, {}, lift);
    if (g.frame == door_frame)
        for (std::int32_t row = 11; row < 15; ++row) world.set_tile({30, row}, Tile::empty);
    for (int p = 0; p < 2; ++p) {
        if (g.on_floor[std::size_t(p)]) g.v[std::size_t(p)].y = in[std::size_t(p)].jump ? -jump_speed : 0;
        g.v[std::size_t(p)].x = walk_speed * real(in[std::size_t(p)].walk);
        g.v[std::size_t(p)].y += gravity * dt;
        MoveOptions o;
        o.velocity = g.v[std::size_t(p)];
        const SnapRules walking{.snap = 4, .constant_speed = true, .stop_on_steep = true};
        move_and_snap(world, g.player[std::size_t(p)], g.v[std::size_t(p)] * dt, o, g.on_floor[std::size_t(p)], walking,
                      r);
        g.v[std::size_t(p)] = r.velocity;
        g.on_floor[std::size_t(p)] = ground_state(r).on_floor;
    }
    world.update_events();
    ++g.frame;
}

// What peer A keeps for each frame: the world and the game at its start, and the inputs it used.
struct Saved {
    std::vector<std::byte> world;
    Game game;
    std::array<Input, 2> used{};
};

} // namespace

int main() {
    int failures = 0;
    auto check = [&](bool ok, const char* what) {
        std::printf("%s: %s\n", ok ? "ok" : "FAILED", what);
        failures += ok ? 0 : 1;
    };
    PlatformResult lift;
    MoveResult r;

    // The reference: every input known on time.
    World straight;
    Game sg = build(straight);
    for (int f = 0; f < frames; ++f) step(straight, sg, {scripted(0, f), scripted(1, f)}, lift, r);

    // Peer A: player 1's input of frame f arrives at frame f + delay.
    World world;
    Game g = build(world);
    std::vector<Saved> history(frames);
    std::vector<Input> known; // player 1's inputs received so far, by frame
    Input last_known;         // the prediction: player 1 goes on doing what it last did
    int rollbacks = 0, resimulated = 0, mispredicted = 0;
    std::size_t largest = 0;
    for (int now = 0; now < frames + delay; ++now) {
        // The late input of frame now - delay arrives; if it differs from what was predicted, go
        // back to that frame and play again every frame since with what is known now.
        if (const int late = now - delay; late >= 0) {
            known.push_back(scripted(1, late));
            last_known = known.back();
            mispredicted += history[std::size_t(late)].used[1] == known.back() ? 0 : 1;
            {
                // (Every frame, right or wrong: a game would skip this when the guess was right.)
                world.restore(history[std::size_t(late)].world);
                g = history[std::size_t(late)].game;
                ++rollbacks;
                for (int f = late; f < std::min(now, frames); ++f) {
                    Saved& s = history[std::size_t(f)];
                    world.save(s.world); // (the same bytes at `late`: restore then save is exact)
                    s.game = g;
                    s.used = {scripted(0, f), std::size_t(f) < known.size() ? known[std::size_t(f)] : last_known};
                    step(world, g, s.used, lift, r);
                    ++resimulated;
                }
            }
        }
        if (now >= frames) continue;
        Saved& s = history[std::size_t(now)];
        world.save(s.world);
        largest = std::max(largest, s.world.size());
        s.game = g;
        s.used = {scripted(0, now), last_known};
        step(world, g, s.used, lift, r);
    }

    std::vector<std::byte> a, b;
    world.save(a);
    straight.save(b);
    std::printf(
        "%d frames, player 1's input %d frames late: %d rollbacks, %d frames simulated again, %d wrong guesses\n",
        frames, delay, rollbacks, resimulated, mispredicted);
    std::printf("snapshots of up to %zu bytes (%zu bodies)\n", largest, world.body_count());
    check(mispredicted > 5, "some guesses of player 1's input were wrong");
    check(a == b, "peer A's world is bit for bit the world played with no delay");
    check(g.frame == sg.frame && g.v == sg.v && g.on_floor == sg.on_floor, "and so is its game state");
    bool same_boxes = true;
    for (int p = 0; p < 2; ++p)
        same_boxes &= world.box(g.player[std::size_t(p)]) == straight.box(sg.player[std::size_t(p)]);
    check(same_boxes, "both players stand where they stand with no delay");
    const Aabb p0 = world.box(g.player[0]), p1 = world.box(g.player[1]);
    std::printf("player 0 at (%g, %g), player 1 at (%g, %g)\n", double(p0.min.x), double(p0.min.y), double(p1.min.x),
                double(p1.min.y));
    return failures == 0 ? 0 : 1;
}
