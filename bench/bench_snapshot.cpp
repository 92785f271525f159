// Google Benchmark suite: snapshots (World::save and World::restore, docs/contract.md "Snapshots")
// of a level with 1,000 and 100,000 bodies.
//
// The level: a tile map of 256 x 64 tiles of 16 units for 1,000 movers, 2,560 x 640 for 100,000
// (a floor, ledges of solid and one-way tiles), 100 (10,000) static bodies, and N movers (12 x 20)
// on a jittered lattice, moved for 5 frames (slide, falling) with update_events after each, so the
// grid, the free list (2 % removed and added again) and the events' bookkeeping are those of a
// running game. Two snapshots are taken, of frames 4 and 5. A fixed seed: no data files.
//
// save: World::save of the level into one reused buffer, full and movable. restore: World::restore
// of the two snapshots in turn into the same world (every mover's box changes at each restore, as
// in a rollback), full and movable. Counters: us (thread CPU time per call), bytes, bytes_per_body,
// allocs (hard check: zero in the timed loop, exit status 1 otherwise). A restored world must save
// the bytes it was restored from (hard check).
// Usage: bench_snapshot [--data DIR (ignored)] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>
#include <sweepbox/world.hpp>

#include "alloc_counter.hpp"
#include "common.hpp"
#include "timing.hpp"

using namespace sweepbox;
using namespace sweepbox::bench;

namespace {

bool g_failed = false;

struct Level {
    World world{WorldDef{64, 8, false}};
    std::vector<std::byte> frame4, frame5;
    std::size_t bodies = 0;
};

Level* make_level(int movers) {
    auto* l = new Level;
    World& w = l->world;
    // The level grows with the bodies (about 4,000 square units each): 256 x 64 tiles for 1,000.
    const int scale = movers >= 100000 ? 10 : 1;
    const std::int32_t columns = 256 * scale, rows = 64 * scale;
    const real width = real(columns * 16), height = real(rows * 16);
    w.set_tile_map({.tile_size = 16, .columns = columns, .rows = rows});
    Rng rng(45);
    for (std::int32_t c = 0; c < columns; ++c) w.set_tile({c, rows - 1}, Tile::solid);
    for (int k = 0; k < 300 * scale * scale; ++k) {
        const auto r = std::int32_t(rng.range(4, rows - 4)), c0 = std::int32_t(rng.range(1, columns - 10));
        const Tile t = rng.range(0, 9) < 3 ? Tile::one_way : Tile::solid;
        for (std::int32_t c = c0; c < c0 + 6; ++c) w.set_tile({c, r}, t);
    }
    for (int k = 0; k < 100 * scale * scale; ++k) {
        const real x = rng.coordinate(0, width - 24), y = rng.coordinate(0, height - 24);
        w.add({.box = {{x, y}, {x + 24, y + 8}}, .is_static = true, .category = 2});
    }
    // Movers on a jittered lattice (none overlaps another at the start), then 5 frames of falling.
    std::vector<BodyId> ids;
    const int across = 64 * scale, down = (movers + across - 1) / across;
    for (int k = 0; k < movers; ++k) {
        const real x = real(k % across) * (width / real(across)) + rng.coordinate(0, 40);
        const real y = real(k / across) * ((height - 48) / real(down)) + rng.coordinate(0, 8);
        ids.push_back(w.add({.box = {{x, y}, {x + 12, y + 20}}}));
    }
    MoveResult r;
    for (int f = 0; f < 5; ++f) {
        for (std::size_t k = 0; k < ids.size(); ++k) {
            if (k % 50 == std::size_t(f)) { // a body leaves, another comes
                const Aabb b = w.box(ids[k]);
                w.remove(ids[k]);
                ids[k] = w.add({.box = b});
            }
            w.move(ids[k], {rng.coordinate(-3, 3), 4}, {}, r);
        }
        w.update_events();
        if (f == 3) w.save(l->frame4);
    }
    w.save(l->frame5);
    l->bodies = w.body_count();
    return l;
}

void counters(benchmark::State& state, const Level& l, std::size_t bytes, std::int64_t cpu_ns, std::uint64_t allocs) {
    state.counters["us"] = double(cpu_ns) / 1000 / double(state.iterations());
    state.counters["bytes"] = double(bytes);
    state.counters["bytes_per_body"] = double(bytes) / double(l.bodies);
    state.counters["allocs"] = double(allocs);
    g_failed |= !pass_holds(state, true, "", allocs);
}

void bm_save(benchmark::State& state, Level& level, SnapshotMode mode) {
    Level* l = &level;
    std::vector<std::byte> out;
    l->world.save(out, mode); // the buffer grows once
    std::int64_t cpu_ns = 0;
    std::uint64_t allocs = 0;
    for (auto _ : state) {
        const std::int64_t t0 = thread_cpu_ns();
        const AllocationScope scope;
        l->world.save(out, mode);
        allocs += scope.count();
        cpu_ns += thread_cpu_ns() - t0;
        benchmark::DoNotOptimize(out.data());
    }
    counters(state, *l, out.size(), cpu_ns, allocs);
}

void bm_restore(benchmark::State& state, Level& level, SnapshotMode mode) {
    Level* l = &level;
    std::vector<std::byte> a, b, check;
    l->world.restore(l->frame4);
    l->world.save(a, mode);
    l->world.restore(l->frame5);
    l->world.save(b, mode);
    l->world.restore(a); // the scratch and the tables grow once
    l->world.restore(b);
    std::int64_t cpu_ns = 0;
    std::uint64_t allocs = 0;
    bool odd = false;
    for (auto _ : state) {
        const std::vector<std::byte>& s = odd ? b : a;
        odd = !odd;
        const std::int64_t t0 = thread_cpu_ns();
        const AllocationScope scope;
        l->world.restore(s);
        allocs += scope.count();
        cpu_ns += thread_cpu_ns() - t0;
    }
    l->world.save(check, mode);
    if (check != (odd ? a : b)) {
        g_failed = true;
        state.SkipWithError("the restored world saves other bytes");
        return;
    }
    l->world.restore(l->frame5);
    counters(state, *l, a.size(), cpu_ns, allocs);
}

// The level of `movers` movers, made the first time a benchmark asks for it (so that a filter
// that leaves out the large level does not make it).
Level& level(int movers) {
    static Level* small = nullptr;
    static Level* large = nullptr;
    Level*& l = movers == 1000 ? small : large;
    if (!l) {
        l = make_level(movers);
        std::printf("snapshot: %zu bodies (%d movers), full %zu bytes, movable %zu bytes\n", l->bodies, movers,
                    l->frame5.size(), l->world.save_size(SnapshotMode::movable));
    }
    return *l;
}

} // namespace

int main(int argc, char** argv) {
    (void)data_dir(argc, argv); // run_benchmarks passes every program --data; this one makes its level
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    for (int movers : {1000, 100000}) {
        const std::string n = std::to_string(movers);
        for (SnapshotMode mode : {SnapshotMode::full, SnapshotMode::movable}) {
            const std::string m = mode == SnapshotMode::full ? "full" : "movable";
            benchmark::RegisterBenchmark(("save/" + m + "/" + n).c_str(), [=](benchmark::State& s) {
                bm_save(s, level(movers), mode);
            })->Unit(benchmark::kMicrosecond);
            benchmark::RegisterBenchmark(("restore/" + m + "/" + n).c_str(), [=](benchmark::State& s) {
                bm_restore(s, level(movers), mode);
            })->Unit(benchmark::kMicrosecond);
        }
    }
    return run_registered("bench_snapshot", g_failed);
}
