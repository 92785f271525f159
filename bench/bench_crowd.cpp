// Google Benchmark suite: the crowd (DATA/crowd, bench/README.md).
//
// 10,000 static 16x16 boxes, 1,000 movers of 8x8; 100 frames in which every mover, in file
// order, does goal = current min + delta; move(id, goal - min) with the slide response
// (MoveOptions{}), colliding with the statics and the other movers at their current positions.
// One iteration runs all 100 frames (100,000 moves) from the start positions (the reset by
// World::teleport is not timed); the counter ns_per_move is the thread's CPU time / moves.
//
// The crowd has no independent checksum (slide moves have no reference outside the library):
// the program prints it (sum of the final min.x and min.y), and fails (exit 1) when two runs
// give different checksums (rule 10, determinism), when a timed run allocates (hard check), or,
// with --check-reference, when the grid world's final boxes differ from those of the
// brute-force reference world (WorldDef::brute_force). --check-only stops before any timing.
// Usage: bench_crowd [--data DIR] [--check-reference] [--check-only] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

#include "alloc_counter.hpp"
#include "common.hpp"
#include "timing.hpp"

using namespace sweepbox;
using namespace sweepbox::bench;

namespace {

bool g_failed = false;
double g_checksum = 0;

void bm_crowd(benchmark::State& state, const CrowdData* data) {
    std::vector<BodyId> movers;
    World world = make_crowd_world(*data, movers);
    MoveResult result;
    run_crowd(world, *data, movers, result); // warm-up: grid cells and result capacity exist
    std::uint64_t allocations = 0;
    std::size_t moves = 0, contacts = 0;
    bool deterministic = true;
    std::int64_t cpu_ns = 0;
    for (auto _ : state) {
        state.PauseTiming();
        reset_crowd(world, *data, movers);
        state.ResumeTiming();
        const std::int64_t t0 = thread_cpu_ns();
        const AllocationScope scope;
        const MoveOptions options{};
        const std::size_t n = movers.size();
        const Vec2* delta = data->deltas.data();
        const std::size_t frames = data->frames();
        for (std::size_t f = 0; f < frames; ++f) {
            for (std::size_t i = 0; i < n; ++i, ++delta) {
                const Vec2 min = world.box(movers[i]).min;
                const Vec2 goal = min + *delta;
                world.move(movers[i], goal - min, options, result);
                contacts += result.contacts.size();
            }
        }
        moves = frames * n;
        allocations += scope.count();
        cpu_ns += thread_cpu_ns() - t0;
        state.PauseTiming();
        deterministic &= crowd_checksum(world, movers) == g_checksum;
        state.ResumeTiming();
    }
    state.counters["ns_per_move"] = double(cpu_ns) / (double(state.iterations()) * double(moves));
    state.counters["allocs_per_move"] = double(allocations) / (double(state.iterations()) * double(moves));
    state.counters["contacts_per_move"] = double(contacts) / (double(state.iterations()) * double(moves));
    g_failed |= !pass_holds(state, deterministic, "the checksum changed between runs", allocations);
}

} // namespace

int main(int argc, char** argv) {
    const std::string dir = data_dir(argc, argv);
    const bool check_reference = take_switch(argc, argv, "check-reference");
    const bool check_only = take_switch(argc, argv, "check-only");
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;

    CrowdData data;
    if (!load_or_report("bench_crowd", [&] { data = load_crowd(dir); })) return 2;

    std::vector<BodyId> movers;
    World world = make_crowd_world(data, movers);
    MoveResult result;
    run_crowd(world, data, movers, result);
    g_checksum = crowd_checksum(world, movers);
    std::printf("crowd: %s: %zu statics, %zu movers, %zu frames; checksum (sum of final min.x + min.y) = %.6f\n",
                dir.c_str(), data.statics.size(), data.movers.size(), data.frames(), g_checksum);

    if (check_reference) {
        std::vector<BodyId> ref_movers;
        World reference = make_crowd_world(data, ref_movers, /*brute_force=*/true);
        MoveResult ref_result;
        run_crowd(reference, data, ref_movers, ref_result);
        const double ref_checksum = crowd_checksum(reference, ref_movers);
        std::size_t differing = 0;
        for (std::size_t i = 0; i < movers.size(); ++i) {
            const Aabb a = world.box(movers[i]), b = reference.box(ref_movers[i]);
            if (!(a == b)) {
                if (differing < 8)
                    std::fprintf(stderr,
                                 "  mover %zu: grid (%.9g, %.9g, %.9g, %.9g) reference (%.9g, %.9g, %.9g, %.9g)\n", i,
                                 double(a.min.x), double(a.min.y), double(a.max.x), double(a.max.y), double(b.min.x),
                                 double(b.min.y), double(b.max.x), double(b.max.y));
                ++differing;
            }
        }
        if (differing != 0) {
            std::fprintf(stderr,
                         "*** crowd: %zu movers end elsewhere in the brute-force reference world "
                         "(checksum %.6f vs %.6f) ***\n",
                         differing, g_checksum, ref_checksum);
            return 1;
        }
        std::printf("crowd: brute-force reference world agrees bit for bit (checksum %.6f)\n", ref_checksum);
    }
    if (check_only) return 0;

    benchmark::RegisterBenchmark("crowd/slide_move", bm_crowd, &data)->Unit(benchmark::kMillisecond);
    return run_registered("bench_crowd", g_failed);
}
