// Google Benchmark suite: how the cost of a query grows.
//
//  scaling/path/...      cost against path length, 1 to 4,096 units, for paths that hit
//                        nothing and pass obstacles all along (a lattice of 8x8 bodies at pitch
//                        32, or of 16x16 solid tiles at pitch 64). The aim is linear growth:
//                        ns_per_unit must flatten out for long paths, and the time for 4,096
//                        must be about twice the time for 2,048. Google Benchmark's BigO line
//                        (oN) is printed under each family.
//  scaling/bodies/N      cost of 8x8 box casts (length <= 128) and rays (<= 512) in worlds of
//                        N = 1,000 to 1,000,000 bodies of 4..16 units at a constant density of one
//                        per 32x32 units; the aim is a flat line.
//  scaling/cell_size/C   the tile world as static bodies (19,766 in the shared set) with grid
//                        cells of C units (rays and box casts, hit counts checked against the
//                        data's expected checksums).
//  scaling/large_share/P 20,000 bodies of which P per mille are large (64..1,024 units, some
//                        in the oversize list), 8x8 box casts.
// Usage: bench_scaling [--data DIR] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "alloc_counter.hpp"
#include "common.hpp"
#include "timing.hpp"

using namespace sweepbox;
using namespace sweepbox::bench;

namespace {

bool g_failed = false;

// Sets ns_per_query from the thread's CPU time over all iterations.
void per_query(benchmark::State& state, std::int64_t cpu_ns, double queries_per_iteration) {
    state.counters["ns_per_query"] = double(cpu_ns) / (double(state.iterations()) * queries_per_iteration);
}

constexpr int path_batch = 64; // queries per iteration of a path benchmark (one CPU clock read per batch)

// ---- path length ----

constexpr std::int32_t lattice_side = 160; // 160 x 160 bodies at pitch 32: 5,120 units
constexpr real lattice_pitch = 32;

const World& lattice_world() {
    static const World world = [] {
        World w;
        for (std::int32_t j = 0; j < lattice_side; ++j)
            for (std::int32_t i = 0; i < lattice_side; ++i) {
                BodyDef b;
                b.box = {{real(i) * lattice_pitch, real(j) * lattice_pitch},
                         {real(i) * lattice_pitch + 8, real(j) * lattice_pitch + 8}};
                b.is_static = true;
                w.add(b);
            }
        return w;
    }();
    return world;
}

// Solid tiles every 4th column and row (16x16 tiles at pitch 64), 320 x 320 tiles.
const World& tile_lattice_world() {
    static const World world = [] {
        World w;
        TileMapDef def;
        def.tile_size = 16;
        def.columns = def.rows = 320;
        w.set_tile_map(def);
        for (std::int32_t j = 0; j < def.rows; j += 4)
            for (std::int32_t i = 0; i < def.columns; i += 4) w.set_tile({i, j}, Tile::solid);
        return w;
    }();
    return world;
}

enum class Path { box_horizontal, box_diagonal, ray_diagonal, move_diagonal, tile_box_diagonal, tile_ray_diagonal };

// Every path below keeps a clearance of at least 4 units from every obstacle it passes:
//  - horizontal: a 4x4 box in the lane y in [18, 22] + 32j between rows of 8x8 bodies;
//  - diagonal (bodies): x - y of the moving box spans [12, 20] (+32k), obstacles span [-8, 8];
//  - diagonal (tiles): x - y spans [28, 36], tiles at pitch 64 span [-16, 16] (+64k).
void bm_path(benchmark::State& state, Path path) {
    const real length = real(state.range(0));
    const real diag = length / std::sqrt(real(2));
    CastHit hit;
    std::size_t hits = 0;
    std::int64_t cpu_ns = 0;
    if (path == Path::move_diagonal) {
        World w = lattice_world(); // a copy: the move changes it
        BodyDef b;
        b.box = {{148, 132}, {152, 136}};
        const BodyId id = w.add(b);
        MoveResult result;
        const MoveOptions options{};
        w.move(id, {diag, diag}, options, result);
        w.move(id, {-diag, -diag}, options, result);
        real sign = 1;
        for (auto _ : state) {
            const std::int64_t t0 = thread_cpu_ns();
            for (int k = 0; k < path_batch; ++k) {
                w.move(id, {sign * diag, sign * diag}, options, result);
                hits += result.contacts.size();
                sign = -sign;
            }
            cpu_ns += thread_cpu_ns() - t0;
        }
    } else {
        const bool tiles = path == Path::tile_box_diagonal || path == Path::tile_ray_diagonal;
        const World& w = tiles ? tile_lattice_world() : lattice_world();
        Aabb box{};
        Vec2 d{};
        bool ray = false;
        switch (path) {
        case Path::box_horizontal:
            box = {{140, 146}, {144, 150}};
            d = {length, 0};
            break;
        case Path::box_diagonal:
            box = {{148, 132}, {152, 136}};
            d = {diag, diag};
            break;
        case Path::ray_diagonal:
            box = {{150, 134}, {150, 134}};
            d = {diag, diag};
            ray = true;
            break;
        case Path::tile_box_diagonal:
            box = {{100, 68}, {104, 72}};
            d = {diag, diag};
            break;
        case Path::tile_ray_diagonal:
            box = {{102, 70}, {102, 70}};
            d = {diag, diag};
            ray = true;
            break;
        case Path::move_diagonal: break;
        }
        for (auto _ : state) {
            const std::int64_t t0 = thread_cpu_ns();
            for (int k = 0; k < path_batch; ++k) {
                hit = ray ? w.cast_ray(box.min, d) : w.cast_box(box, d);
                benchmark::DoNotOptimize(hit);
                hits += hit.hit ? 1 : 0;
            }
            cpu_ns += thread_cpu_ns() - t0;
        }
    }
    if (hits != 0) {
        g_failed = true;
        state.SkipWithError("a path that should hit nothing hit something");
    }
    per_query(state, cpu_ns, path_batch);
    state.counters["ns_per_unit"] = double(cpu_ns) / (double(state.iterations()) * path_batch * double(length));
    state.SetComplexityN(state.range(0));
}

// ---- body count ----

struct RandomWorld {
    std::unique_ptr<World> world;
    std::vector<BoxCast> boxcasts;
    std::vector<Ray> rays;
};

// N bodies of 4..16 units at one per 32x32 units; `large_per_mille` of them 64..1024 units.
RandomWorld make_random_world(std::int64_t n, std::int64_t large_per_mille, std::uint64_t seed) {
    RandomWorld r;
    r.world = std::make_unique<World>();
    Rng rng(seed);
    const real side = real(std::sqrt(double(n)) * 32.0);
    for (std::int64_t k = 0; k < n; ++k) {
        const bool large = rng.range(0, 999) < large_per_mille;
        const real w = large ? rng.coordinate(64, 1024) : rng.coordinate(4, 16);
        const real h = large ? rng.coordinate(64, 1024) : rng.coordinate(4, 16);
        const real x = rng.coordinate(0, side), y = rng.coordinate(0, side);
        BodyDef b;
        b.box = {{x, y}, {x + w, y + h}};
        b.is_static = true;
        r.world->add(b);
    }
    for (int q = 0; q < 4096; ++q) {
        const real x = rng.coordinate(0, side), y = rng.coordinate(0, side);
        const real angle = real(rng.range(0, 1 << 20)) * real(6.283185307179586 / double(1 << 20));
        const real len = rng.coordinate(real(0.5), 128);
        r.boxcasts.push_back({{{x, y}, {x + 8, y + 8}}, {len * std::cos(angle), len * std::sin(angle)}});
        r.rays.push_back({{x, y}, {4 * len * std::cos(angle), 4 * len * std::sin(angle)}});
    }
    return r;
}

// One world at a time (1,000,000 bodies are big), rebuilt when the parameters change.
const RandomWorld& random_world(std::int64_t n, std::int64_t large_per_mille) {
    static RandomWorld cached;
    static std::int64_t cached_n = -1, cached_large = -1;
    if (n != cached_n || large_per_mille != cached_large) {
        cached = RandomWorld{};
        cached = make_random_world(n, large_per_mille, 0x5eedULL + std::uint64_t(n));
        cached_n = n;
        cached_large = large_per_mille;
    }
    return cached;
}

void bm_bodies(benchmark::State& state, bool rays, std::int64_t large_per_mille) {
    const std::int64_t n = large_per_mille < 0 ? state.range(0) : 20000;
    const std::int64_t large = large_per_mille < 0 ? 0 : state.range(0);
    const RandomWorld& r = random_world(n, large);
    std::size_t hits = 0;
    std::int64_t cpu_ns = 0;
    for (auto _ : state) {
        const std::int64_t t0 = thread_cpu_ns();
        if (rays) {
            for (const Ray& q : r.rays) hits += r.world->cast_ray(q.origin, q.delta).hit ? 1 : 0;
        } else {
            for (const BoxCast& q : r.boxcasts) hits += r.world->cast_box(q.box, q.delta).hit ? 1 : 0;
        }
        cpu_ns += thread_cpu_ns() - t0;
    }
    benchmark::DoNotOptimize(hits);
    per_query(state, cpu_ns, double(r.rays.size()));
    state.counters["bodies"] = double(r.world->body_count());
    state.counters["oversize"] = double(r.world->grid_stats().oversize);
    state.counters["hit_share"] = double(hits) / (double(state.iterations()) * double(r.rays.size()));
}

// ---- cell size ----

const TileWorldData* g_data = nullptr;

void bm_cell_size(benchmark::State& state, bool rays) {
    const World w = make_body_world(*g_data, real(state.range(0)));
    std::size_t hits = 0;
    std::int64_t cpu_ns = 0;
    for (auto _ : state) {
        const std::int64_t t0 = thread_cpu_ns();
        std::size_t h = 0;
        if (rays) {
            for (const Ray& q : g_data->rays) h += w.cast_ray(q.origin, q.delta).hit ? 1 : 0;
        } else {
            for (const BoxCast& q : g_data->boxcasts) h += w.cast_box(q.box, q.delta).hit ? 1 : 0;
        }
        hits = h;
        cpu_ns += thread_cpu_ns() - t0;
    }
    per_query(state, cpu_ns, double(g_data->rays.size()));
    state.counters["cells"] = double(w.grid_stats().cells);
    state.counters["grid_bytes_per_body"] = double(w.grid_stats().memory_bytes) / double(w.body_count());
    if (hits != (rays ? g_data->expected.rays.hits : g_data->expected.boxcasts.hits)) {
        g_failed = true;
        state.SkipWithError("hit count differs from the expected checksum");
    }
}

} // namespace

int main(int argc, char** argv) {
    const std::string dir = data_dir(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    TileWorldData data;
    if (!load_or_report("bench_scaling", [&] { data = load_tile_world(dir); })) return 2;
    g_data = &data;

    const struct {
        const char* name;
        Path path;
    } paths[] = {{"box_horizontal", Path::box_horizontal},       {"box_diagonal", Path::box_diagonal},
                 {"ray_diagonal", Path::ray_diagonal},           {"move_diagonal", Path::move_diagonal},
                 {"tile_box_diagonal", Path::tile_box_diagonal}, {"tile_ray_diagonal", Path::tile_ray_diagonal}};
    for (const auto& p : paths)
        benchmark::RegisterBenchmark((std::string("scaling/path/") + p.name).c_str(), bm_path, p.path)
            ->RangeMultiplier(4)
            ->Range(1, 4096)
            ->Arg(2048)
            ->Unit(benchmark::kMicrosecond)
            ->Complexity(benchmark::oN);
    benchmark::RegisterBenchmark("scaling/bodies/boxcasts", bm_bodies, false, std::int64_t(-1))
        ->RangeMultiplier(10)
        ->Range(1000, 1000000)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark("scaling/bodies/rays", bm_bodies, true, std::int64_t(-1))
        ->RangeMultiplier(10)
        ->Range(1000, 1000000)
        ->Unit(benchmark::kMicrosecond);
    for (bool rays : {false, true})
        benchmark::RegisterBenchmark(rays ? "scaling/cell_size/rays" : "scaling/cell_size/boxcasts", bm_cell_size, rays)
            ->RangeMultiplier(2)
            ->Range(8, 512)
            ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("scaling/large_share/boxcasts", bm_bodies, false, std::int64_t(0))
        ->Arg(0)
        ->Arg(10)
        ->Arg(50)
        ->Arg(200)
        ->Unit(benchmark::kMicrosecond);
    return run_registered("bench_scaling", g_failed);
}
