// Google Benchmark suite: the tile world (DATA/tile_world, bench/README.md).
//
// 100,000 closest-hit rays and 100,000 closest-hit 8x8 box casts, against
//  - tile_map: the level as a tile map (World::set_tile_map, 256x256 tiles of 16 units at (0,0))
//    plus the 200 walls as static bodies in the grid;
//  - bodies:   the level as static bodies in the grid, every solid tile and every wall (19,766 in
//    the shared set);
//  - tile_map_kinds: tile_map with the solid kind given a category of its own (2, which the
//    queries' filter meets): the same answers, found by the general walk that looks up each
//    tile's kind (docs/contract.md, "Tile kinds").
// Before any timing, every answer is checked against the data's expected checksums (its
// checksums.txt, or the published ones of the shared set) and, query by query, against an exact
// reference; a mismatch prints the first differing queries and the program exits with status 1
// without timing anything; --check-only stops after these checks. Every timed pass is checked
// again (hit count) and must allocate nothing (hard check: exit status 1).
//
// One iteration runs all 100,000 queries; the counter ns_per_query is the thread's CPU time for
// them / queries (the machine is shared; CPU time is what the query costs).
// Usage: bench_tile_world [--data DIR] [--cell-size N] [--check-only] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "common.hpp"
#include "timing.hpp"

using namespace sweepbox;
using namespace sweepbox::bench;

namespace {

bool g_failed = false;

void bm_rays(benchmark::State& state, const World* world, const TileWorldData* data) {
    g_failed |= !time_casts(state, std::span<const Ray>(data->rays), data->expected.rays.hits,
                            [world](const Ray& r) { return world->cast_ray(r.origin, r.delta); });
}

void bm_boxcasts(benchmark::State& state, const World* world, const TileWorldData* data) {
    g_failed |= !time_casts(state, std::span<const BoxCast>(data->boxcasts), data->expected.boxcasts.hits,
                            [world](const BoxCast& b) { return world->cast_box(b.box, b.delta); });
}

} // namespace

int main(int argc, char** argv) {
    const std::string dir = data_dir(argc, argv);
    const real cell_size = real(std::atof(take_option(argc, argv, "cell-size", "64").c_str()));
    const bool check_only = take_switch(argc, argv, "check-only");
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;

    TileWorldData data;
    if (!load_or_report("bench_tile_world", [&] { data = load_tile_world(dir); })) return 2;
    const World tile_world = make_tile_map_world(data, cell_size);
    const World body_world = make_body_world(data, cell_size);
    World kinds_world = make_tile_map_world(data, cell_size);
    kinds_world.set_tile_kind(1, {TileShape::solid, 2, 0xffffffffu, false});
    std::printf("tile world: %s: %zu solid tiles, %zu walls, %zu static bodies in the body world, cell size %g\n"
                "expected checksums: %s\n",
                dir.c_str(), data.solid_count(), data.walls.size(), body_world.body_count(), double(cell_size),
                data.expected.source.c_str());

    // The proof that the timed work is the expected work.
    const Answers ref_rays = reference_rays(data);
    const Answers ref_boxes = reference_boxcasts(data);
    bool ok = true;
    auto ray_text = [&](std::size_t i) { return describe_ray(data, i); };
    auto box_text = [&](std::size_t i) { return describe_boxcast(data, i); };
    const ExpectedChecksums& e = data.expected;
    ok &= verify_answers("rays/tile_map", sweepbox_rays(tile_world, data), ref_rays, e.rays, e.source, ray_text);
    ok &= verify_answers("boxcasts/tile_map", sweepbox_boxcasts(tile_world, data), ref_boxes, e.boxcasts, e.source,
                         box_text);
    ok &= verify_answers("rays/tile_map_kinds", sweepbox_rays(kinds_world, data), ref_rays, e.rays, e.source, ray_text);
    ok &= verify_answers("boxcasts/tile_map_kinds", sweepbox_boxcasts(kinds_world, data), ref_boxes, e.boxcasts,
                         e.source, box_text);
    ok &= verify_answers("rays/bodies", sweepbox_rays(body_world, data), ref_rays, e.rays, e.source, ray_text);
    ok &= verify_answers("boxcasts/bodies", sweepbox_boxcasts(body_world, data), ref_boxes, e.boxcasts, e.source,
                         box_text);
    if (!ok) {
        std::fprintf(stderr, "bench_tile_world: sweepbox's answers differ from the expected checksums; "
                             "nothing was timed\n");
        return 1;
    }
    if (check_only) return 0;

    benchmark::RegisterBenchmark("tile_world/rays/tile_map", bm_rays, &tile_world, &data)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("tile_world/boxcasts/tile_map", bm_boxcasts, &tile_world, &data)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("tile_world/rays/tile_map_kinds", bm_rays, &kinds_world, &data)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("tile_world/boxcasts/tile_map_kinds", bm_boxcasts, &kinds_world, &data)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("tile_world/rays/bodies", bm_rays, &body_world, &data)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("tile_world/boxcasts/bodies", bm_boxcasts, &body_world, &data)
        ->Unit(benchmark::kMillisecond);
    return run_registered("bench_tile_world", g_failed);
}
