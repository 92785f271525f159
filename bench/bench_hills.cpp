// Google Benchmark suite: the hills (DATA/hills, bench/README.md) beside the tile world.
//
// The same three kinds of query on two 256x256 maps of 16-unit tiles, in one run:
//  - hills:      a map of ramps (every slope shape: 45-degree, shallow and steep, floors and
//                ceilings), floors and ledges; 100,000 rays, 100,000 8x8 box casts and 100,000
//                slide moves of an 8x8 box, all starting near the ramps;
//  - tile_world: the flat tile world (tiles and the 200 walls as static bodies); its rays and box
//                casts, and as its slide moves its box casts' boxes and deltas.
// A slide move puts one 8x8 body at the move's box (World::teleport, timed with the move) and
// moves it by delta with the slide response; its checksum is the sum of the final min.x and min.y.
// The teleports alone are timed too (map/teleports), so their share can be taken off.
// Before any timing, the rays and box casts are checked against the data's exact checksums (the
// tile world's also query by query against the exact reference of common.cpp), and the moves are
// run twice (the same checksum); with --check-reference, the first N queries of every kind
// (--reference-count N, default 2,000) are compared field by field with the brute-force world
// (WorldDef::brute_force). A mismatch prints the first differing queries and exits with status 1
// before timing anything; --check-only stops after these checks. Every timed pass is checked again
// (hits, or the move checksum) and must allocate nothing (hard check: exit status 1).
//
// One iteration runs all 100,000 queries; ns_per_query is the thread's CPU time / queries.
// Usage: bench_hills [--data DIR] [--hills DIR] [--check-reference] [--reference-count N]
//                    [--check-only] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "alloc_counter.hpp"
#include "common.hpp"
#include "timing.hpp"

using namespace sweepbox;
using namespace sweepbox::bench;

namespace {

bool g_failed = false;

// One map and its queries.
struct Map {
    const char* name;
    const TileWorldData* data;
    const std::vector<BoxCast>* moves; // the hills' moves.txt, or the tile world's box casts
    World world;                       // the map (and walls); casts run here
    World mover_world;                 // the same plus the moving body
    BodyId mover{};
    double move_checksum = 0;
};

void bm_rays(benchmark::State& state, const Map* m) {
    g_failed |= !time_casts(state, std::span<const Ray>(m->data->rays), m->data->expected.rays.hits,
                            [m](const Ray& r) { return m->world.cast_ray(r.origin, r.delta); });
}

void bm_boxcasts(benchmark::State& state, const Map* m) {
    g_failed |= !time_casts(state, std::span<const BoxCast>(m->data->boxcasts), m->data->expected.boxcasts.hits,
                            [m](const BoxCast& b) { return m->world.cast_box(b.box, b.delta); });
}

// The teleports of the slide moves alone (to each move's box in turn): their share of a slide
// move's time. The checksum is the sum of the boxes' min.x and min.y.
MoveTotals run_teleports(World& world, BodyId mover, std::span<const BoxCast> moves) {
    MoveTotals t;
    for (const BoxCast& m : moves) {
        world.teleport(mover, m.box);
        t.checksum += double(m.box.min.x) + double(m.box.min.y);
    }
    return t;
}

void bm_moves(benchmark::State& state, Map* m, bool teleports_only) {
    MoveResult result;
    auto pass = [&] {
        return teleports_only ? run_teleports(m->mover_world, m->mover, *m->moves)
                              : run_moves(m->mover_world, m->mover, *m->moves, result);
    };
    const MoveTotals first = pass(); // warm-up
    std::uint64_t allocations = 0;
    std::int64_t cpu_ns = 0;
    MoveTotals totals;
    bool deterministic = teleports_only || first.checksum == m->move_checksum;
    for (auto _ : state) {
        const std::int64_t t0 = thread_cpu_ns();
        const AllocationScope scope;
        totals = pass();
        allocations += scope.count();
        cpu_ns += thread_cpu_ns() - t0;
        deterministic &= totals.checksum == first.checksum;
    }
    const double n = double(state.iterations()) * double(m->moves->size());
    state.counters["ns_per_query"] = double(cpu_ns) / n;
    state.counters["allocs_per_query"] = double(allocations) / n;
    state.counters["contacts_per_move"] = double(totals.contacts) / double(m->moves->size());
    g_failed |= !pass_holds(state, deterministic, "the checksum changed between runs", allocations);
}

bool same_hit(const CastHit& a, const CastHit& b) {
    return a.hit == b.hit && (!a.hit || (a.time == b.time && a.normal == b.normal && a.point == b.point &&
                                         a.box == b.box && a.started_overlapping == b.started_overlapping));
}

bool same_move(const MoveResult& a, const MoveResult& b) {
    if (!(a.box == b.box) || !(a.velocity == b.velocity) || a.contacts.size() != b.contacts.size()) return false;
    for (std::size_t k = 0; k < a.contacts.size(); ++k) {
        const Contact &p = a.contacts[k], &q = b.contacts[k];
        if (p.time != q.time || !(p.normal == q.normal) || !(p.point == q.point) || !(p.box == q.box)) return false;
    }
    return true;
}

// The first `count` queries of every kind on `m`, field by field against the brute-force world.
bool check_reference(const Map& m, std::size_t count) {
    const World ref = make_tile_map_world(*m.data, m.world.def().cell_size, /*brute_force=*/true);
    World ref_movers = ref;
    const BodyId ref_mover = add_mover(ref_movers, *m.moves);
    std::size_t differing = 0;
    auto report = [&](const char* kind, std::size_t i) {
        if (differing++ < 8) std::fprintf(stderr, "  %s/%s %zu differs from the brute-force world\n", m.name, kind, i);
    };
    const TileWorldData& d = *m.data;
    for (std::size_t i = 0; i < count && i < d.rays.size(); ++i)
        if (!same_hit(m.world.cast_ray(d.rays[i].origin, d.rays[i].delta),
                      ref.cast_ray(d.rays[i].origin, d.rays[i].delta)))
            report("rays", i);
    for (std::size_t i = 0; i < count && i < d.boxcasts.size(); ++i)
        if (!same_hit(m.world.cast_box(d.boxcasts[i].box, d.boxcasts[i].delta),
                      ref.cast_box(d.boxcasts[i].box, d.boxcasts[i].delta)))
            report("boxcasts", i);
    World movers = m.mover_world;
    MoveResult a, b;
    const MoveOptions options{};
    for (std::size_t i = 0; i < count && i < m.moves->size(); ++i) {
        const BoxCast& mv = (*m.moves)[i];
        movers.teleport(m.mover, mv.box);
        movers.move(m.mover, mv.delta, options, a);
        ref_movers.teleport(ref_mover, mv.box);
        ref_movers.move(ref_mover, mv.delta, options, b);
        if (!same_move(a, b)) report("slide_moves", i);
    }
    if (differing != 0) {
        std::fprintf(stderr,
                     "*** %s: %zu of the first %zu queries of each kind differ from the brute-force world ***\n",
                     m.name, differing, count);
        return false;
    }
    std::printf("%s: the first %zu rays, box casts and slide moves agree with the brute-force world\n", m.name, count);
    return true;
}

} // namespace

int main(int argc, char** argv) {
    const std::string dir = data_dir(argc, argv);
    const std::string hdir = hills_dir(argc, argv, dir);
    const bool check_ref = take_switch(argc, argv, "check-reference");
    const auto reference_count = std::size_t(std::atoll(take_option(argc, argv, "reference-count", "2000").c_str()));
    const bool check_only = take_switch(argc, argv, "check-only");
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;

    TileWorldData flat, hills;
    if (!load_or_report("bench_hills", [&] {
            flat = load_tile_world(dir);
            hills = load_hills(hdir);
        }))
        return 2;
    Map maps[2] = {{"hills", &hills, &hills.moves, make_tile_map_world(hills), World{}, {}, 0},
                   {"tile_world", &flat, &flat.boxcasts, make_tile_map_world(flat), World{}, {}, 0}};
    std::printf("hills: %s/hills: %zu solid tiles, %zu slope tiles; tile world: %s: %zu solid tiles, %zu walls\n",
                hdir.c_str(), hills.solid_count(), hills.slope_count(), dir.c_str(), flat.solid_count(),
                flat.walls.size());

    // The proof that the timed work is the expected work.
    bool ok = true;
    for (Map& m : maps) {
        const TileWorldData& d = *m.data;
        const bool exact = &d == &flat; // the tile world has a reference query by query
        const std::string name = m.name;
        ok &= verify_answers(name + "/rays", sweepbox_rays(m.world, d), exact ? reference_rays(d) : Answers{},
                             d.expected.rays, d.expected.source, [&](std::size_t i) { return describe_ray(d, i); });
        ok &= verify_answers(name + "/boxcasts", sweepbox_boxcasts(m.world, d),
                             exact ? reference_boxcasts(d) : Answers{}, d.expected.boxcasts, d.expected.source,
                             [&](std::size_t i) { return describe_boxcast(d, i); });
        m.mover_world = m.world;
        m.mover = add_mover(m.mover_world, *m.moves);
        MoveResult result;
        const MoveTotals first = run_moves(m.mover_world, m.mover, *m.moves, result);
        const MoveTotals second = run_moves(m.mover_world, m.mover, *m.moves, result);
        m.move_checksum = first.checksum;
        std::printf("%s/slide_moves: checksum (sum of final min.x + min.y) %.6f, %zu contacts\n", m.name,
                    first.checksum, first.contacts);
        if (second.checksum != first.checksum || second.contacts != first.contacts) {
            std::fprintf(stderr, "*** %s/slide_moves: a second run gives %.6f, %zu contacts ***\n", m.name,
                         second.checksum, second.contacts);
            ok = false;
        }
        if (check_ref) ok &= check_reference(m, reference_count);
    }
    if (!ok) {
        std::fprintf(stderr, "bench_hills: sweepbox's answers differ from the expected ones; nothing was timed\n");
        return 1;
    }
    if (check_only) return 0;

    for (Map& m : maps) {
        const std::string name = m.name;
        benchmark::RegisterBenchmark((name + "/rays").c_str(), bm_rays, &m)->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark((name + "/boxcasts").c_str(), bm_boxcasts, &m)->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark((name + "/slide_moves").c_str(), bm_moves, &m, false)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark((name + "/teleports").c_str(), bm_moves, &m, true)->Unit(benchmark::kMillisecond);
    }
    return run_registered("bench_hills", g_failed);
}
