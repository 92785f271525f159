// Google Benchmark suite: a spark shower in the tile world (DATA/tile_world, bench/README.md).
//
// 100,000 sparks, 10 from each of the first 10,000 rays of rays.txt that hit (emit_sparks at the
// hit: the ray's direction at 600 units/s reflected with restitution 0.5, a 90-degree cone,
// speeds 0.3 to 1 of the reflection, seed = the ray's index), then 300 frames of 1/60 s under
// gravity (0, 900) with restitution 0.5, friction 0.3 and rest_speed 30 (above 900/60, so sparks
// on a floor come to rest) against the tile map and the 200 walls (static bodies).
//
// In one run, frame by frame, the same particle states go through
//  - rays:      one closest-hit cast_ray per alive particle along its path of the frame
//               (frame_motion's delta), the loop a game without move_particles would run, which
//               answers less (no bounce, no rest, no second contact);
//  - particles: move_particles for the whole batch (every bounce, contacts into a buffer).
// Counters: ns_per_particle_frame and ns_per_ray_frame (thread CPU time / particle-frames),
// ray_over_particles (the ratio; the aim is at least 4), quiet_share and resting_share
// (particle-frames that took the fast path for a path that meets nothing, or the rest path), contacts_per_frame, allocs (hard check: zero in both loops after a warm-up pass of the 300 frames,
// exit status 1 otherwise).
// particles/open_air: 100,000 particles in the air above an empty map (only a floor row), 60
// frames under the same gravity: every particle-frame meets nothing, so this is the fast path's
// cost against a ray's on the same paths.
// Usage: bench_particles [--data DIR] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>
#include <sweepbox/particles.hpp>

#include "alloc_counter.hpp"
#include "common.hpp"
#include "timing.hpp"

using namespace sweepbox;
using namespace sweepbox::bench;

namespace {

constexpr std::size_t spark_count = 100000;
constexpr std::size_t sparks_per_hit = 10;
constexpr int shower_frames = 300;
constexpr int open_air_frames = 60;

bool g_failed = false;

using Shower = ParticleArrays;

Shower seed_shower(const World& world, const TileWorldData& data) {
    Shower s;
    s.x.resize(spark_count);
    s.y.resize(spark_count);
    s.vx.resize(spark_count);
    s.vy.resize(spark_count);
    const Particles view = s.view();
    std::size_t filled = 0;
    for (std::size_t i = 0; i < data.rays.size() && filled < spark_count; ++i) {
        const Ray& r = data.rays[i];
        const CastHit hit = world.cast_ray(r.origin, r.delta);
        if (!hit.hit) continue;
        const double len = std::hypot(double(r.delta.x), double(r.delta.y));
        const Vec2 bullet{real(double(r.delta.x) / len * 600), real(double(r.delta.y) / len * 600)};
        SparkCone cone;
        cone.count = sparks_per_hit;
        cone.spread = 90;
        cone.min_speed = real(0.3);
        cone.restitution = real(0.5);
        cone.seed = i;
        emit_sparks(hit, bullet, cone, view, filled);
        filled += sparks_per_hit;
    }
    return s;
}

// The open-air case: the same map size with only a floor row, and 100,000 particles in the air
// above it that meet nothing in 60 frames (the fast path's cost against a ray's).
World open_world() {
    World w;
    TileMapDef def;
    def.columns = TileWorldData::tiles_per_side;
    def.rows = TileWorldData::tiles_per_side;
    def.tile_size = TileWorldData::tile_size;
    w.set_tile_map(def);
    for (std::int32_t c = 0; c < def.columns; ++c) w.set_tile({c, def.rows - 1}, Tile::solid);
    return w;
}

Shower seed_in_air() {
    Shower s;
    std::uint32_t state = 1; // a fixed linear congruential sequence: the same particles everywhere
    auto unit = [&] {
        state = state * 1664525u + 1013904223u;
        return double(state >> 8) / 16777216.0;
    };
    for (std::size_t i = 0; i < spark_count; ++i) {
        s.x.push_back(real(100 + 3800 * unit()));
        s.y.push_back(real(100 + 1000 * unit()));
        s.vx.push_back(real(600 * unit() - 300));
        s.vy.push_back(real(-600 * unit()));
    }
    return s;
}

ParticleFrame shower_frame() {
    ParticleFrame f;
    f.gravity = {0, 900};
    f.dt = real(1) / real(60);
    f.rest_speed = 30;
    f.restitution = real(0.5);
    f.friction = real(0.3);
    return f;
}

void bm_shower(benchmark::State& state, const World* world, const Shower* seeded, int frame_count) {
    const ParticleFrame f = shower_frame();
    std::vector<ParticleContact> buffer(4 * spark_count);
    ParticleContacts contacts;
    contacts.data = buffer.data();
    contacts.capacity = buffer.size();
    // A warm-up pass on a copy: the scratch lists of the thread grow to what the workload needs.
    {
        Shower warm = *seeded;
        for (int k = 0; k < frame_count; ++k) move_particles(*world, warm.view(), f, contacts);
    }
    std::int64_t ns_particles = 0, ns_rays = 0;
    std::uint64_t allocs_particles = 0, allocs_rays = 0;
    std::size_t particle_frames = 0, quiet = 0, resting = 0, contact_count = 0, dropped = 0, ray_hits = 0;
    for (auto _ : state) {
        state.PauseTiming();
        Shower s = *seeded;
        const Particles view = s.view();
        state.ResumeTiming();
        for (int frame = 0; frame < frame_count; ++frame) {
            // The ray loop on this frame's states (the same paths).
            std::int64_t t0 = thread_cpu_ns();
            AllocationScope ray_scope;
            std::size_t hits = 0;
            for (std::size_t i = 0; i < spark_count; ++i) {
                const FrameMotion m = frame_motion({s.vx[i], s.vy[i]}, f.gravity, f.dt);
                hits += world->cast_ray({s.x[i], s.y[i]}, m.delta).hit ? 1u : 0u;
            }
            allocs_rays += ray_scope.count();
            ns_rays += thread_cpu_ns() - t0;
            ray_hits += hits;
            // The particles.
            t0 = thread_cpu_ns();
            AllocationScope scope;
            const ParticleStats st = move_particles(*world, view, f, contacts);
            allocs_particles += scope.count();
            ns_particles += thread_cpu_ns() - t0;
            particle_frames += st.moved;
            quiet += st.quiet;
            resting += st.resting;
            contact_count += contacts.count;
            dropped += contacts.dropped;
        }
        benchmark::DoNotOptimize(s.x.data());
    }
    const double pf = double(particle_frames);
    state.counters["ns_per_particle_frame"] = double(ns_particles) / pf;
    state.counters["ns_per_ray_frame"] = double(ns_rays) / pf;
    state.counters["ray_over_particles"] = double(ns_rays) / double(ns_particles);
    state.counters["quiet_share"] = double(quiet) / pf;
    state.counters["resting_share"] = double(resting) / pf;
    state.counters["ray_hit_share"] = double(ray_hits) / pf;
    state.counters["contacts_per_frame"] = double(contact_count) / (double(state.iterations()) * frame_count);
    state.counters["allocs"] = double(allocs_particles + allocs_rays);
    if (allocs_particles + allocs_rays != 0) {
        g_failed = true;
        state.SkipWithError("a steady-state frame allocated");
    } else if (dropped != 0) {
        g_failed = true;
        state.SkipWithError("the contact buffer was too small");
    }
}

} // namespace

int main(int argc, char** argv) {
    const std::string dir = data_dir(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    TileWorldData data;
    if (!load_or_report("bench_particles", [&] { data = load_tile_world(dir); })) return 2;
    const World world = make_tile_map_world(data, 64);
    const Shower seeded = seed_shower(world, data);
    const World open = open_world();
    const Shower in_air = seed_in_air();
    std::printf("particles: %s: %zu sparks, %d frames; open air: %zu, %d frames\n", dir.c_str(), seeded.x.size(),
                shower_frames, in_air.x.size(), open_air_frames);
    benchmark::RegisterBenchmark("particles/spark_shower", bm_shower, &world, &seeded, shower_frames)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
    benchmark::RegisterBenchmark("particles/open_air", bm_shower, &open, &in_air, open_air_frames)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
    return run_registered("bench_particles", g_failed);
}
