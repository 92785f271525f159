// Google Benchmark suite: allocations per call, memory per body, time to build a world.
//
//  alloc/<call>   every steady-state call of move (the overload that fills a reused MoveResult),
//                 cast_ray, cast_box, cast_all, query_rect, query_point and query_segment on the
//                 tile world (tile map + 200 wall bodies) or the crowd must allocate nothing:
//                 one warm-up pass over the workload, then every timed pass is counted by the
//                 replaced global operator new (alloc_counter.cpp). Counter allocs_per_call; any
//                 allocation is a hard failure (exit status 1). alloc/move_returning_result (the
//                 overload that returns a fresh MoveResult) and alloc/overlapping_pairs are
//                 reported but not checked: they return new vectors by design.
//  build/N        time to build a world of N bodies (World + N x add) of 4..16 units at one per
//                 32x32 units, and the memory it holds: grid_bytes_per_body
//                 (grid_stats().memory_bytes / N), table_bytes_per_body_est (body records of
//                 body_record_bytes = 32 + 8 bytes x the capacity a doubling vector would
//                 have, / N), heap_bytes_per_body (measured: live heap bytes after the build minus
//                 before, / N, everything the world holds including every vector's slack and
//                 malloc's own rounding).
//  build/tile_world_bodies, build/crowd   the same for the workloads' worlds.
//  build/rows_N   the same for N 8x8 bodies on a square grid of pitch 24 in cells of 32 (the
//                 scenes of bench/make_scene.py), added row by row as a level file lists them:
//                 the grid's directory of cells grows a row at a time.
// Usage: bench_memory [--data DIR] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "alloc_counter.hpp"
#include "common.hpp"

using namespace sweepbox;
using namespace sweepbox::bench;

namespace {

bool g_failed = false;
const TileWorldData* g_tiles = nullptr;
const CrowdData* g_crowd = nullptr;

enum class Call { move, move_returning, cast_ray, cast_box, cast_all, query_rect, query_point, query_segment, pairs };

Aabb swept(const BoxCast& b) {
    const Aabb end = b.box.translated(b.delta);
    return merge(b.box, end);
}

void bm_alloc(benchmark::State& state, const char* name, Call call, bool must_be_zero) {
    std::uint64_t allocations = 0;
    std::size_t calls = 0;
    std::int64_t cpu_ns = 0;
    if (call == Call::move || call == Call::move_returning) {
        std::vector<BodyId> movers;
        World world = make_crowd_world(*g_crowd, movers);
        MoveResult result;
        run_crowd(world, *g_crowd, movers, result); // warm-up
        for (auto _ : state) {
            state.PauseTiming();
            reset_crowd(world, *g_crowd, movers);
            state.ResumeTiming();
            const std::int64_t t0 = thread_cpu_ns();
            const AllocationScope scope;
            const Vec2* delta = g_crowd->deltas.data();
            for (std::size_t f = 0; f < g_crowd->frames(); ++f)
                for (std::size_t i = 0; i < movers.size(); ++i, ++delta) {
                    if (call == Call::move) {
                        world.move(movers[i], *delta, {}, result);
                    } else {
                        MoveResult r = world.move(movers[i], *delta);
                        benchmark::DoNotOptimize(r);
                    }
                }
            allocations += scope.count();
            cpu_ns += thread_cpu_ns() - t0;
            calls += g_crowd->deltas.size();
        }
    } else {
        const World world = make_tile_map_world(*g_tiles);
        std::vector<CastHit> hits;
        std::vector<Other> others;
        std::vector<Pair> pairs;
        auto pass = [&] {
            std::size_t n = 0;
            switch (call) {
            case Call::cast_ray:
                for (const Ray& r : g_tiles->rays) benchmark::DoNotOptimize(world.cast_ray(r.origin, r.delta));
                n = g_tiles->rays.size();
                break;
            case Call::cast_box:
                for (const BoxCast& b : g_tiles->boxcasts) benchmark::DoNotOptimize(world.cast_box(b.box, b.delta));
                n = g_tiles->boxcasts.size();
                break;
            case Call::cast_all:
                for (const BoxCast& b : g_tiles->boxcasts) world.cast_all(b.box, b.delta, hits);
                n = g_tiles->boxcasts.size();
                break;
            case Call::query_rect:
                for (const BoxCast& b : g_tiles->boxcasts) world.query_rect(swept(b), others);
                n = g_tiles->boxcasts.size();
                break;
            case Call::query_point:
                for (const Ray& r : g_tiles->rays) world.query_point(r.origin + r.delta, others);
                n = g_tiles->rays.size();
                break;
            case Call::query_segment:
                for (const Ray& r : g_tiles->rays) world.query_segment(r.origin, r.origin + r.delta, others);
                n = g_tiles->rays.size();
                break;
            case Call::pairs:
                world.overlapping_pairs(pairs);
                n = 1;
                break;
            default: break;
            }
            return n;
        };
        pass(); // warm-up: thread-local scratch and output vectors reach their steady size
        for (auto _ : state) {
            const std::int64_t t0 = thread_cpu_ns();
            const AllocationScope scope;
            calls += pass();
            allocations += scope.count();
            cpu_ns += thread_cpu_ns() - t0;
        }
    }
    const double per_call = double(allocations) / double(calls);
    state.counters["allocs_per_call"] = per_call;
    state.counters["ns_per_call"] = double(cpu_ns) / double(calls);
    if (must_be_zero && allocations != 0) {
        g_failed = true;
        std::fprintf(stderr, "*** %s: %llu allocations in %zu steady-state calls ***\n", name,
                     static_cast<unsigned long long>(allocations), calls);
        state.SkipWithError("allocations in steady state (must be zero)");
    }
}

// ---- build time and memory ----

std::vector<BodyDef> random_bodies(std::int64_t n) {
    Rng rng(0xb0d1e5ULL);
    const real side = real(std::sqrt(double(n)) * 32.0);
    std::vector<BodyDef> out;
    out.reserve(std::size_t(n));
    for (std::int64_t k = 0; k < n; ++k) {
        BodyDef b;
        const real w = rng.coordinate(4, 16), h = rng.coordinate(4, 16);
        const real x = rng.coordinate(0, side), y = rng.coordinate(0, side);
        b.box = {{x, y}, {x + w, y + h}};
        b.is_static = (k % 2) == 0;
        out.push_back(b);
    }
    return out;
}

std::vector<BodyDef> bodies_in_rows(std::int64_t n) {
    std::int64_t side = 1;
    while (side * side < n) ++side;
    std::vector<BodyDef> out;
    out.reserve(std::size_t(n));
    for (std::int64_t k = 0; k < n; ++k) {
        const real x = real(24 * (k % side)), y = real(24 * (k / side));
        out.push_back(BodyDef{.box = {{x, y}, {x + 8, y + 8}}, .is_static = (k % 2) == 0});
    }
    return out;
}

void bm_build(benchmark::State& state, const std::vector<BodyDef>* defs, real cell_size) {
    std::optional<World> world;
    std::int64_t heap = 0;
    std::int64_t cpu_ns = 0;
    for (auto _ : state) {
        state.PauseTiming();
        world.reset();
        const std::int64_t before = live_heap_bytes();
        state.ResumeTiming();
        const std::int64_t t0 = thread_cpu_ns();
        world.emplace(WorldDef{.cell_size = cell_size});
        for (const BodyDef& b : *defs) world->add(b);
        benchmark::ClobberMemory();
        cpu_ns += thread_cpu_ns() - t0;
        state.PauseTiming();
        heap = live_heap_bytes() - before;
        state.ResumeTiming();
    }
    const double n = double(defs->size());
    state.counters["bodies"] = n;
    state.counters["ms_per_build"] = double(cpu_ns) * 1e-6 / double(state.iterations());
    state.counters["ns_per_body"] = double(cpu_ns) / (double(state.iterations()) * n);
    state.counters["grid_bytes_per_body"] = double(world->grid_stats().memory_bytes) / n;
    state.counters["table_bytes_per_body_est"] = double(body_record_bytes * std::bit_ceil(defs->size() + 1)) / n;
    state.counters["heap_bytes_per_body"] = double(heap) / n;
    state.counters["cells"] = double(world->grid_stats().cells);
}

} // namespace

int main(int argc, char** argv) {
    const std::string dir = data_dir(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    TileWorldData tiles;
    CrowdData crowd;
    if (!load_or_report("bench_memory", [&] {
            tiles = load_tile_world(dir);
            crowd = load_crowd(dir);
        }))
        return 2;
    g_tiles = &tiles;
    g_crowd = &crowd;

    const struct {
        const char* name;
        Call call;
        bool must_be_zero;
    } calls[] = {{"alloc/move", Call::move, true},
                 {"alloc/cast_ray", Call::cast_ray, true},
                 {"alloc/cast_box", Call::cast_box, true},
                 {"alloc/cast_all", Call::cast_all, true},
                 {"alloc/query_rect", Call::query_rect, true},
                 {"alloc/query_point", Call::query_point, true},
                 {"alloc/query_segment", Call::query_segment, true},
                 {"alloc/move_returning_result", Call::move_returning, false},
                 {"alloc/overlapping_pairs", Call::pairs, false}};
    for (const auto& c : calls)
        benchmark::RegisterBenchmark(c.name, bm_alloc, c.name, c.call, c.must_be_zero)->Unit(benchmark::kMillisecond);

    std::vector<std::vector<BodyDef>> sets;
    sets.reserve(7);
    for (std::int64_t n : {1000, 10000, 100000}) sets.push_back(random_bodies(n));
    {
        std::vector<BodyDef> s;
        for (const Aabb& b : tiles.statics()) s.push_back(BodyDef{.box = b, .is_static = true});
        sets.push_back(std::move(s));
        std::vector<BodyDef> c;
        for (const Aabb& b : crowd.statics) c.push_back(BodyDef{.box = b, .is_static = true});
        for (const Aabb& b : crowd.movers) c.push_back(BodyDef{.box = b});
        sets.push_back(std::move(c));
    }
    for (std::int64_t n : {100000, 1000000}) sets.push_back(bodies_in_rows(n));
    const struct {
        const char* name;
        real cell_size;
    } builds[] = {{"build/1000", 64},        {"build/10000", 64},
                  {"build/100000", 64},      {"build/tile_world_bodies", 64},
                  {"build/crowd", 64},       {"build/rows_100000", 32},
                  {"build/rows_1000000", 32}};
    for (std::size_t i = 0; i < sets.size(); ++i)
        benchmark::RegisterBenchmark(builds[i].name, bm_build, &sets[i], builds[i].cell_size)
            ->Unit(benchmark::kMillisecond);

    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (g_failed) {
        std::fprintf(stderr, "bench_memory: FAILED: a steady-state call allocated (see above)\n");
        return 1;
    }
    return 0;
}
