// Google Benchmark suite: casts against the frame's motion (docs/contract.md, "Moving targets").
//
// 1,000 enemies (16 x 24) run at 300 units/s across a 4,096 x 4,096 field with 200 static walls
// (slide, turned around at the field's border); each frame begin_frame, the enemies' moves, then
// 10,000 bullets at 2,000 units/s cast over their frame of travel. Three passes of the same
// frames: the bullets' plain casts (moving/plain), the casts with CastOptions::moving
// (moving/against_motion), and the frame's moves alone (moving/moves_only, its cost subtracted
// in bench/README.md). Counters: ns_per_cast (the whole frame over 10,000), hits per frame,
// allocs (hard check: zero in the timed pass). The world is made from a fixed seed.
// Usage: bench_moving [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <cmath>
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

constexpr int enemy_count = 1000, bullet_count = 10000, wall_count = 200, frames = 30;
constexpr real field = 4096, dt = real(1) / real(60);

bool g_failed = false;

struct Field {
    World world{WorldDef{64, 8, false}};
    std::vector<BodyId> enemies;
    std::vector<Aabb> start;
    std::vector<Vec2> velocity;
    std::vector<Vec2> muzzle, shot; // the bullets' frame of travel, from their muzzles
};

Field make_field() {
    Field f;
    Lcg rng{44};
    for (int i = 0; i < wall_count; ++i) {
        const real x = rng.in(0, field - 64), y = rng.in(0, field - 64);
        const bool across = rng.unit() < 0.5;
        f.world.add({.box = {{x, y}, {x + (across ? 64 : 4), y + (across ? 4 : 64)}}, .is_static = true});
    }
    for (int i = 0; i < enemy_count; ++i) {
        const real x = rng.in(0, field - 16), y = rng.in(0, field - 24);
        const double a = rng.unit() * 6.283185307179586;
        f.enemies.push_back(f.world.add({.box = {{x, y}, {x + 16, y + 24}}}));
        f.start.push_back(f.world.box(f.enemies.back()));
        f.velocity.push_back({real(300 * std::cos(a)), real(300 * std::sin(a))});
    }
    for (int i = 0; i < bullet_count; ++i) {
        f.muzzle.push_back({rng.in(0, field), rng.in(0, field)});
        const double a = rng.unit() * 6.283185307179586;
        f.shot.push_back({real(2000 * std::cos(a)) * dt, real(2000 * std::sin(a)) * dt});
    }
    return f;
}

enum class Pass { plain, against_motion, moves_only };

struct Counts {
    std::uint64_t hits = 0, allocs = 0;
};

Counts run(Field& f, Pass pass, std::vector<Vec2>& v, MoveResult& result) {
    for (std::size_t i = 0; i < f.enemies.size(); ++i) f.world.teleport(f.enemies[i], f.start[i]);
    v = f.velocity;
    Counts c;
    CastOptions moving;
    moving.moving = true;
    const AllocationScope scope;
    for (int frame = 0; frame < frames; ++frame) {
        f.world.begin_frame();
        for (std::size_t i = 0; i < f.enemies.size(); ++i) {
            const Aabb b = f.world.box(f.enemies[i]);
            if (b.min.x < 0 || b.max.x > field) v[i].x = -v[i].x;
            if (b.min.y < 0 || b.max.y > field) v[i].y = -v[i].y;
            f.world.move(f.enemies[i], v[i] * dt, MoveOptions{}, result);
        }
        if (pass == Pass::moves_only) continue;
        for (std::size_t i = 0; i < f.muzzle.size(); ++i) {
            const CastHit h = pass == Pass::plain ? f.world.cast_ray(f.muzzle[i], f.shot[i])
                                                  : f.world.cast_ray(f.muzzle[i], f.shot[i], {}, moving);
            c.hits += h.hit;
        }
    }
    c.allocs = scope.count();
    return c;
}

void bm(benchmark::State& state, Field* f, Pass pass) {
    std::vector<Vec2> v;
    MoveResult result;
    (void)run(*f, pass, v, result); // lists grow to their size
    Counts c;
    for (auto _ : state) c = run(*f, pass, v, result);
    state.counters["ns_per_cast"] = benchmark::Counter(
        double(frames) * bullet_count, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["hits_per_frame"] = double(c.hits) / frames;
    state.counters["allocs"] = double(c.allocs);
    if (c.allocs != 0) {
        g_failed = true;
        state.SkipWithError("a steady-state frame allocated");
    }
}

} // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    Field f = make_field();
    std::printf("moving: %d enemies at 300 units/s, %d bullets at 2,000 units/s, %d walls, %d frames\n", enemy_count,
                bullet_count, wall_count, frames);
    benchmark::RegisterBenchmark("moving/plain", bm, &f, Pass::plain)->Unit(benchmark::kMillisecond)->Iterations(3);
    benchmark::RegisterBenchmark("moving/against_motion", bm, &f, Pass::against_motion)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
    benchmark::RegisterBenchmark("moving/moves_only", bm, &f, Pass::moves_only)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
    return run_registered("bench_moving", g_failed);
}
