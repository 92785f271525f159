// Google Benchmark suite: a level of moving platforms with riders (made here, seeded; no data).
//
// 1,000 platforms (48 x 8) in a 40 x 25 grid of 100 x 80 cells, each with two riders (12 x 24)
// standing on it side by side, and a static post (8 x 40) in each cell beside its reach; half
// the platforms go back and forth along x (0.75 units a frame), half up and down (1.25 a frame),
// reversing every 32 frames. A frame: every rider's own move (gravity, 2 units down onto
// its platform), then every platform's move_platform. 100 frames.
// Counters: ns_per_platform_move (thread CPU time of the move_platform calls / calls; each
// carries its two riders), ns_per_rider_move (the riders' own moves, for scale), riders_per_move,
// allocs (hard check: zero after a warm-up pass, exit status 1 otherwise); and a check that every
// rider ends on its platform at its spot, bit for bit (exit status 1 otherwise).
// Usage: bench_platforms [--data DIR (ignored: the level is made here)] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <vector>
#include <sweepbox/platforms.hpp>

#include "alloc_counter.hpp"
#include "common.hpp"

using namespace sweepbox;
using namespace sweepbox::bench;

namespace {

constexpr int columns = 40, rows = 25, frames = 100;

bool g_failed = false;

struct Level {
    World world;
    std::vector<BodyId> platforms, riders;
    std::vector<Vec2> steps;   // per platform
    std::vector<real> offsets; // per rider: its min.x minus its platform's
};

Level make_level() {
    Level l;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            const real x = real(c * 100), y = real(r * 80);
            l.world.add({.box = {{x + 90, y}, {x + 98, y + 40}}, .is_static = true});
            const BodyId p = l.world.add({.box = {{x + 20, y + 50}, {x + 68, y + 58}}, .is_platform = true});
            l.platforms.push_back(p);
            l.steps.push_back((r + c) % 2 == 0 ? Vec2{0.75f, 0} : Vec2{0, 1.25f});
            for (int k = 0; k < 2; ++k) {
                const real rx = x + 30 + real(k * 12);
                l.riders.push_back(l.world.add({.box = {{rx, y + 26}, {rx + 12, y + 50}}}));
                l.offsets.push_back(rx - (x + 20));
            }
        }
    return l;
}

// One frame: the riders' own moves, then the platforms'. Returns the riders carried.
std::size_t frame(Level& l, int f, MoveResult& m, PlatformResult& r, std::int64_t& ns_riders,
                  std::int64_t& ns_platforms) {
    std::int64_t t0 = thread_cpu_ns();
    for (BodyId b : l.riders) l.world.move(b, {0, 2}, {}, m);
    ns_riders += thread_cpu_ns() - t0;
    const real sign = (f / 32) % 2 == 0 ? real(1) : real(-1);
    std::size_t carried = 0;
    t0 = thread_cpu_ns();
    for (std::size_t i = 0; i < l.platforms.size(); ++i) {
        move_platform(l.world, l.platforms[i], l.steps[i] * sign, {}, r);
        carried += r.riders.size();
    }
    ns_platforms += thread_cpu_ns() - t0;
    return carried;
}

void bm_platforms(benchmark::State& state) {
    MoveResult m;
    PlatformResult r;
    r.riders.reserve(16);
    r.pushed.reserve(16);
    r.crushed.reserve(16);
    std::int64_t ns_riders = 0, ns_platforms = 0;
    std::uint64_t allocs = 0;
    std::size_t carried = 0, moves = 0;
    bool kept = true;
    for (auto _ : state) {
        state.PauseTiming();
        Level l = make_level();
        {
            // Warm-up: the library's lists and the grid's cells reach their size.
            Level warm = make_level();
            std::int64_t a = 0, b = 0;
            for (int f = 0; f < frames; ++f) (void)frame(warm, f, m, r, a, b);
        }
        state.ResumeTiming();
        AllocationScope scope;
        for (int f = 0; f < frames; ++f) carried += frame(l, f, m, r, ns_riders, ns_platforms);
        allocs += scope.count();
        moves += l.platforms.size() * frames;
        for (std::size_t i = 0; i < l.riders.size(); ++i) {
            const Aabb rb = l.world.box(l.riders[i]), pb = l.world.box(l.platforms[i / 2]);
            kept = kept && rb.min.x - pb.min.x == l.offsets[i] && rb.max.y == pb.min.y;
        }
    }
    state.counters["ns_per_platform_move"] = double(ns_platforms) / double(moves);
    state.counters["ns_per_rider_move"] = double(ns_riders) / double(moves * 2);
    state.counters["riders_per_move"] = double(carried) / double(moves);
    state.counters["allocs"] = double(allocs);
    if (allocs != 0) {
        g_failed = true;
        state.SkipWithError("a steady-state frame allocated");
    } else if (!kept) {
        g_failed = true;
        state.SkipWithError("a rider left its spot on its platform");
    }
}

} // namespace

int main(int argc, char** argv) {
    (void)data_dir(argc, argv); // accepted like every suite's, unused
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    std::printf("platforms: %d platforms with 2 riders each, %d frames\n", columns * rows, frames);
    benchmark::RegisterBenchmark("platforms/level", bm_platforms)->Unit(benchmark::kMillisecond)->Iterations(1);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return g_failed ? 1 : 0;
}
