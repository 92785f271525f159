// Suite `snapshot` (docs/contract.md, "Snapshots"): World::save and World::restore. Restore then
// replay gives the original run bit for bit (ids, contact order, events), in a fresh world and in
// the same world rolled back, in both modes; the bytes round-trip; a snapshot of another map,
// precision, version or level, or bytes cut short or inconsistent, are refused with the world
// unchanged; sizes.

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>
#include <boost/test/unit_test.hpp>
#include "determinism/answer_hash.hpp"
#include "determinism/random_scenes.hpp"
#include "reference_world.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::box;
using sbt::v2;
using Bytes = std::vector<std::byte>;

namespace {

// A level: a map with solid, one-way, slope and sensor tiles and a kind of its own; static bodies,
// a platform, sensors and movers; some removed (free slots), events on.
struct Level {
    World world{WorldDef{.cell_size = 32}};
    std::vector<BodyId> movers;

    explicit Level(std::uint32_t seed, int movers_count = 60) {
        ref::Rng rng(seed);
        world.set_tile_map({.origin = v2(-320, -240), .tile_size = 16, .columns = 40, .rows = 30});
        world.set_tile_kind(3, {TileShape::solid, 1, 0xffffffffu, true});
        world.set_tile_kind(4, {TileShape::slope45_ul});
        world.set_tile_kind(5, {TileShape::solid, 16, ~4u, false});
        for (std::int32_t c = 0; c < 40; ++c) world.set_tile({c, 29}, Tile::solid);
        for (int k = 0; k < 30; ++k) {
            const std::int32_t c = rng.uniform_int(0, 39);
            const std::int32_t r = rng.uniform_int(2, 28);
            const std::int32_t kind = rng.uniform_int(1, 5);
            world.set_tile({c, r}, kind);
        }
        for (int k = 0; k < 20; ++k) {
            const real x = rng.uniform(-300, 280);
            const real y = rng.uniform(-220, 200);
            world.add({.box = box(x, y, x + 20, y + 6), .is_static = true, .category = 2});
        }
        world.add({.box = box(0, 100, 48, 108), .is_platform = true});
        world.add({.box = box(-100, 150, -20, 200), .is_sensor = true});
        for (int k = 0; k < movers_count; ++k) {
            const real x = rng.uniform(-300, 280);
            const real y = rng.uniform(-220, 200);
            const real s = k % 3 == 0 ? real(0) : rng.uniform(2, 12);
            movers.push_back(world.add({.box = box(x, y, x + s, y + s), .user_data = std::uint64_t(k)}));
        }
        for (int k = 0; k < movers_count; k += 7) world.remove(movers[std::size_t(k)]);
        world.update_events();
    }
};

// One frame of the game: every mover falls and bounces, events are listed, answers hashed.
void frame(World& w, std::vector<BodyId>& movers, int f, determinism::AnswerHash& h) {
    MoveResult r;
    for (std::size_t k = 0; k < movers.size(); ++k) {
        if (!w.is_valid(movers[k])) continue;
        const Vec2 d = v2(double((k * 7 + std::size_t(f)) % 11) - 5, 6);
        w.move(movers[k], d, {.response = k % 2 ? Response::bounce : Response::slide, .restitution = real(0.5)}, r);
        h.move(r);
    }
    if (f % 5 == 2) { // a body leaves and another comes (a free slot is reused)
        const std::size_t k = std::size_t(f) % movers.size();
        if (w.is_valid(movers[k])) {
            const Aabb b = w.box(movers[k]);
            w.remove(movers[k]);
            movers[k] = w.add({.box = b});
            h.id(movers[k]);
        }
    }
    w.update_events();
    h.events(w.events());
    h.cast(w.cast_ray(v2(-310, -200), v2(600, 420)));
}

std::uint64_t run(World& w, std::vector<BodyId> movers, int from, int to) {
    determinism::AnswerHash h;
    for (int f = from; f < to; ++f) frame(w, movers, f, h);
    return h.h;
}

Bytes saved(const World& w, SnapshotMode mode = SnapshotMode::full) {
    Bytes b;
    w.save(b, mode);
    return b;
}

// A fresh world of the same definitions as w (what a peer or a reloaded game has).
World fresh_like(const World& w) {
    World f(w.def());
    f.set_tile_map(w.tiles().def());
    return f;
}

// Restoring `bytes` into w throws Error and leaves w as it was.
void refused(World& w, const Bytes& bytes, const std::string& says) {
    const Bytes before = saved(w), before_movable = saved(w, SnapshotMode::movable);
    try {
        w.restore(bytes);
        BOOST_ERROR("restored, expected a refusal saying '" << says << "'");
    } catch (const Error& e) {
        BOOST_TEST(std::string(e.what()).find(says) != std::string::npos,
                   "the message '" << e.what() << "' lacks '" << says << "'");
    }
    BOOST_TEST((saved(w) == before));
    BOOST_TEST((saved(w, SnapshotMode::movable) == before_movable));
}

} // namespace

BOOST_AUTO_TEST_SUITE(snapshot)

// Random scenes of every feature (tests/determinism/random_scenes.cpp), saved at several frames:
// restored into a fresh world, the rest of the run is the original's; rolled back in both modes,
// a window of frames answers the same again.
BOOST_AUTO_TEST_CASE(restore_then_replay_is_the_original_run) {
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        for (int at : {0, 14, 41}) { // (no door opens in the 4 frames from these)
            Bytes bytes;
            const determinism::SnapshotAnswers a = determinism::snapshot_scene(seed, 60, at, 4, bytes, false);
            BOOST_TEST(a.restored == a.original, "seed " << seed << " at " << at);
            BOOST_TEST(a.window_again_full == a.window, "seed " << seed << " at " << at);
            BOOST_TEST(a.window_again_movable == a.window, "seed " << seed << " at " << at);
            BOOST_TEST(a.bytes > 0u);
        }
    }
}

// The same on a level with free slots and events: the ids a later add hands out are the
// original's, and saving the restored world gives the same bytes.
BOOST_AUTO_TEST_CASE(ids_events_and_bytes_survive) {
    for (SnapshotMode mode : {SnapshotMode::full, SnapshotMode::movable}) {
        Level a(7);
        run(a.world, a.movers, 0, 10);
        const Bytes at10 = saved(a.world, mode);
        Level b(7); // the same level, run elsewhere
        if (mode == SnapshotMode::full) b.world = fresh_like(a.world);
        run(b.world, b.movers, 0, 3); // somewhere else in time
        b.world.restore(at10);
        BOOST_TEST((saved(b.world, mode) == at10));
        BOOST_TEST(run(b.world, a.movers, 10, 30) == run(a.world, a.movers, 10, 30));
        // (A movable restore moves the bodies in the grid, whose order it does not hold: the
        // answers are the same, the full snapshots need not be.)
        BOOST_TEST((saved(b.world, mode) == saved(a.world, mode)));
        const BodyId next_a = a.world.add({.box = box(0, 0, 1, 1)});
        const BodyId next_b = b.world.add({.box = box(0, 0, 1, 1)});
        BOOST_TEST((next_a == next_b));
    }
}

// Rolled back to the start of a window every frame, as a game with late inputs is: after the
// last frame the world is the one that never rolled back.
BOOST_AUTO_TEST_CASE(rolled_back_every_frame) {
    for (SnapshotMode mode : {SnapshotMode::full, SnapshotMode::movable}) {
        Level straight(11), rolled(11);
        run(straight.world, straight.movers, 0, 40);
        Bytes snap;
        std::vector<BodyId> movers = rolled.movers;
        for (int f = 0; f < 40; ++f) {
            rolled.world.save(snap, mode);
            const std::vector<BodyId> kept = movers;
            run(rolled.world, movers, f, f + 1); // a guess
            rolled.world.restore(snap);
            movers = kept;
            determinism::AnswerHash h;
            frame(rolled.world, movers, f, h); // the frame again, as it was
        }
        BOOST_TEST((saved(rolled.world, mode) == saved(straight.world, mode)));
        BOOST_TEST(run(rolled.world, movers, 40, 60) == run(straight.world, movers, 40, 60));
    }
}

BOOST_AUTO_TEST_CASE(refuses_other_builds_maps_and_levels) {
    Level a(3);
    run(a.world, a.movers, 0, 5);
    const Bytes good = saved(a.world), good_movable = saved(a.world, SnapshotMode::movable);
    World w = a.world;
    auto with = [&](std::size_t at, std::uint8_t value) {
        Bytes b = good;
        b[at] = std::byte(value);
        return b;
    };
    refused(w, with(0, 'S'), "no sweepbox header");
    refused(w, with(8, 2), "format 2");
    refused(w, with(11, 9), "a snapshot of sweepbox 0.9.0");
    refused(w, with(13, sizeof(real) == 4 ? 8 : 4), sizeof(real) == 4 ? "real is double" : "real is float");
    refused(w, with(14, 7), "unknown mode");
    refused(w, Bytes(good.begin(), good.end() - 1), "cut short");
    Bytes longer = good;
    longer.push_back(std::byte(0));
    refused(w, longer, "cut short, or has bytes after its end");
    refused(w, Bytes(good.begin(), good.begin() + 20), "too short for its header");

    World other_cells(WorldDef{.cell_size = 64});
    other_cells.set_tile_map(a.world.tiles().def());
    refused(other_cells, good, "another cell size");
    World other_map(a.world.def());
    TileMapDef md = a.world.tiles().def();
    md.tile_size = 8;
    other_map.set_tile_map(md);
    refused(other_map, good, "another tile map");

    // A movable snapshot takes the static bodies and tiles by reference.
    World moved_static = a.world;
    std::vector<BodyId> ids;
    moved_static.body_ids(ids);
    moved_static.teleport(ids[0], box(0, 0, 3, 3)); // ids[0] is the first static body
    refused(moved_static, good_movable, "another level");
    World door = a.world;
    door.set_tile({5, 5}, door.tiles().kind_at({5, 5}) == 1 ? 0 : 1);
    refused(door, good_movable, "another level");
    World more_statics = a.world;
    more_statics.add({.box = box(0, 0, 1, 1), .is_static = true});
    refused(more_statics, good_movable, "another level");
    door.restore(good); // a full snapshot holds the tiles
    BOOST_TEST((saved(door) == good));
}

// Every byte changed, one at a time, in a small world's snapshot: each result is either refused
// with the world unchanged or a world whose snapshot is those bytes (no crash, no half restore).
BOOST_AUTO_TEST_CASE(every_byte_flipped_is_refused_or_exact) {
    Level a(5, 12);
    run(a.world, a.movers, 0, 3);
    for (SnapshotMode mode : {SnapshotMode::full, SnapshotMode::movable}) {
        const Bytes good = saved(a.world, mode);
        int refusals = 0;
        for (std::size_t i = 0; i < good.size(); ++i) {
            for (std::uint8_t bit : {std::uint8_t(1), std::uint8_t(0x80)}) {
                Bytes b = good;
                b[i] ^= std::byte(bit);
                World w = a.world;
                const Bytes before = saved(w);
                try {
                    w.restore(b);
                } catch (const Error&) {
                    ++refusals;
                    BOOST_TEST((saved(w) == before), "byte " << i);
                    continue;
                }
                BOOST_TEST((saved(w, mode) == b), "byte " << i << ", bit " << int(bit) << ", mode " << int(mode));
            }
        }
        BOOST_TEST(refusals > 0);
    }
}

BOOST_AUTO_TEST_CASE(save_into_a_span) {
    Level a(2);
    const std::size_t n = a.world.save_size();
    Bytes buffer(n + 10, std::byte(0xee));
    BOOST_TEST(a.world.save(std::span<std::byte>(buffer)) == n);
    BOOST_TEST((Bytes(buffer.begin(), buffer.begin() + std::ptrdiff_t(n)) == saved(a.world)));
    BOOST_TEST((buffer[n] == std::byte(0xee)));
    Bytes small(n - 1);
    BOOST_CHECK_THROW(a.world.save(std::span<std::byte>(small)), Error);
    BOOST_TEST(a.world.save_size(SnapshotMode::movable) == saved(a.world, SnapshotMode::movable).size());
}

// At most 64 bytes a body plus the tiles (float builds): 1,000 movers, events on.
BOOST_AUTO_TEST_CASE(size_per_body) {
    World w;
    w.set_tile_map({.tile_size = 16, .columns = 100, .rows = 60});
    for (std::int32_t c = 0; c < 100; ++c) w.set_tile({c, 59}, Tile::solid);
    ref::Rng rng(9);
    for (int k = 0; k < 1000; ++k) {
        const real x = rng.uniform(0, 1580);
        const real y = rng.uniform(0, 900);
        w.add({.box = box(x, y, x + 12, y + 20)});
    }
    w.update_events();
    const std::size_t bodies = w.save_size(SnapshotMode::movable), all = w.save_size();
    BOOST_TEST_MESSAGE("1,000 bodies: full " << all << " bytes, movable " << bodies << " bytes");
    if (sizeof(real) == 4) {
        BOOST_TEST(bodies <= 64u * 1000 + 300);
        BOOST_TEST(all <= 64u * 1000 + 300 + 100 * 8 + 8); // the floor: one run of 100 tiles
    }
}

BOOST_AUTO_TEST_SUITE_END()
