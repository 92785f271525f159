// Google Benchmark suite: sensor and contact events (docs/events.md) in a generated world.
//
// 10,000 movers (8 x 8) wander a 4,096 x 4,096 field among 1,000 sensor bodies (32 x 32: water,
// coins, triggers) and 200 static walls; every frame each mover moves once (slide) with its own
// velocity, turned around at the field's border, then update_events lists the frame's events.
// Movers do not block each other (their masks leave each other out), so a frame's cost is the
// moves plus the events. The world is made from a fixed seed: no data files.
//
// The timed pass replays the frames of an untimed warm-up pass from the same start, so every
// list has already grown to its size. Counters: ns_per_frame, events_per_frame (begins and ends
// of both kinds), crossings_per_frame (a sensor passed within one frame), allocs (hard check: zero
// in the timed pass, exit status 1 otherwise).
// Usage: bench_sensors [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>
#include <sweepbox/world.hpp>

#include "alloc_counter.hpp"
#include "common.hpp"
#include "timing.hpp"

using namespace sweepbox;
using namespace sweepbox::bench;

namespace {

constexpr int mover_count = 10000;
constexpr int sensor_count = 1000;
constexpr int wall_count = 200;
constexpr int frames = 120;
constexpr real field = 4096;

bool g_failed = false;

struct Field {
    World world;
    std::vector<BodyId> movers;
    std::vector<Aabb> start;
    std::vector<Vec2> start_velocity;
};

Field make_field() {
    Field f{World(WorldDef{64, 8, false}), {}, {}, {}};
    Lcg rng{28};
    for (int i = 0; i < wall_count; ++i) {
        const real x = rng.in(0, field - 64), y = rng.in(0, field - 64);
        const bool across = rng.unit() < 0.5;
        BodyDef d;
        d.box = across ? Aabb{{x, y}, {x + 64, y + 4}} : Aabb{{x, y}, {x + 4, y + 64}};
        d.is_static = true;
        d.category = 4;
        f.world.add(d);
    }
    for (int i = 0; i < sensor_count; ++i) {
        const real x = rng.in(0, field - 32), y = rng.in(0, field - 32);
        BodyDef d;
        d.box = {{x, y}, {x + 32, y + 32}};
        d.is_sensor = true;
        d.category = 2;
        d.mask = 1;
        f.world.add(d);
    }
    for (int i = 0; i < mover_count; ++i) {
        const real x = rng.in(0, field - 8), y = rng.in(0, field - 8);
        BodyDef d;
        d.box = {{x, y}, {x + 8, y + 8}};
        d.category = 1;
        d.mask = 2 | 4; // sensors and walls, not each other
        f.movers.push_back(f.world.add(d));
        f.start.push_back(d.box);
        f.start_velocity.push_back({rng.in(-6, 6), rng.in(-6, 6)});
    }
    return f;
}

struct PassCounts {
    std::size_t events = 0, crossings = 0;
    std::uint64_t allocs = 0; // in the frames (not in the reset to the start)
};

// One pass of `frames` frames from the start positions; returns what the events listed.
PassCounts run_pass(Field& f, std::vector<Vec2>& velocity, MoveResult& result) {
    for (std::size_t i = 0; i < f.movers.size(); ++i) f.world.teleport(f.movers[i], f.start[i]);
    velocity = f.start_velocity;
    f.world.update_events(); // the start's pairs
    PassCounts c;
    MoveOptions o;
    const AllocationScope scope;
    for (int frame = 0; frame < frames; ++frame) {
        for (std::size_t i = 0; i < f.movers.size(); ++i) {
            Vec2& v = velocity[i];
            const Aabb b = f.world.box(f.movers[i]);
            if ((b.min.x < 0 && v.x < 0) || (b.max.x > field && v.x > 0)) v.x = -v.x;
            if ((b.min.y < 0 && v.y < 0) || (b.max.y > field && v.y > 0)) v.y = -v.y;
            o.velocity = v;
            f.world.move(f.movers[i], v, o, result);
            v = result.velocity;
        }
        f.world.update_events();
        const Events e = f.world.events();
        c.events += e.sensor_begin.size() + e.sensor_end.size() + e.contact_begin.size() + e.contact_end.size();
        for (const SensorEvent& s : e.sensor_begin)
            c.crossings += std::size_t(std::binary_search(e.sensor_end.begin(), e.sensor_end.end(), s));
    }
    c.allocs = scope.count();
    return c;
}

void bm_events(benchmark::State& state, Field* f) {
    std::vector<Vec2> velocity;
    MoveResult result;
    const PassCounts warm = run_pass(*f, velocity, result); // lists grow to their size
    PassCounts c;
    for (auto _ : state) c = run_pass(*f, velocity, result);
    const std::uint64_t allocs = c.allocs;
    state.counters["ns_per_frame"] = benchmark::Counter(double(frames), benchmark::Counter::kIsIterationInvariantRate |
                                                                            benchmark::Counter::kInvert);
    state.counters["events_per_frame"] = double(c.events) / frames;
    state.counters["crossings_per_frame"] = double(c.crossings) / frames;
    state.counters["allocs"] = double(allocs);
    if (c.events != warm.events) {
        g_failed = true;
        state.SkipWithError("the replayed pass listed other events");
    } else if (allocs != 0) {
        g_failed = true;
        state.SkipWithError("a steady-state frame allocated");
    }
}

} // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    Field f = make_field();
    std::printf("sensors: %d movers, %d sensor bodies, %d walls, %d frames\n", mover_count, sensor_count, wall_count,
                frames);
    benchmark::RegisterBenchmark("sensors/events", bm_events, &f)->Unit(benchmark::kMillisecond)->Iterations(1);
    return run_registered("bench_sensors", g_failed);
}
