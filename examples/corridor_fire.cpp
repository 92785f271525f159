// Soldiers running across a corridor under fire. Each frame the soldiers move first (300 units/s,
// back and forth between the corridor's walls), then every bullet in flight (2,000 units/s) is
// cast over its frame of travel. The plain cast judges a bullet against where each soldier ended
// the frame; the cast with CastOptions::moving against where the soldier was when the bullet got
// there (docs/contract.md, "Moving targets"). Both are asked on the same seeded run (the bullets
// fly by the moving answers) and compared with the truth: each soldier's straight path this frame
// against the bullet's, solved here on their own in double. A miss: the truth's first soldier is
// not the answer's; a false hit: the answer names a soldier the bullet never met.
#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>
#include <sweepbox/sweepbox.hpp>

using namespace sweepbox;

namespace {

// The first time in [0, 1) at which point p moving by d is strictly inside box b moving by e;
// 2 when never.
double first_inside(Vec2 p, Vec2 d, const Aabb& b, Vec2 e) {
    double lo = 0, hi = 1;
    for (int k = 0; k < 2; ++k) {
        const double rel = double(d[k]) - double(e[k]);
        const double near = double(b.min[k]) - double(p[k]), far = double(b.max[k]) - double(p[k]);
        if (rel == 0) {
            if (!(near < 0 && 0 < far)) return 2;
            continue;
        }
        double enter = near / rel, leave = far / rel;
        if (rel < 0) std::swap(enter, leave);
        lo = std::max(lo, enter);
        hi = std::min(hi, leave);
    }
    return lo < hi ? lo : 2;
}

struct Soldier {
    BodyId id;
    Vec2 velocity;
    Aabb start;
};

struct Bullet {
    Vec2 at;
    bool alive = true;
};

} // namespace

int main() {
    constexpr real dt = real(1) / real(60), bullet_speed = 2000, run_speed = 300, length = 2000;
    World world;
    world.add({.box = {{0, -20}, {length, 0}}, .is_static = true}); // the corridor's walls
    world.add({.box = {{0, 200}, {length, 220}}, .is_static = true});
    std::mt19937 rng(44);
    std::vector<Soldier> soldiers;
    for (int i = 0; i < 40; ++i) {
        const real x = real(150 + 45 * i), y = real(rng() % 176);
        const real dir = (rng() & 1) ? run_speed : -run_speed;
        soldiers.push_back({world.add({.box = {{x, y}, {x + 16, y + 24}}}), {0, dir}, {}});
    }
    std::vector<Bullet> bullets;
    long shots = 0, truth_hits = 0, plain_miss = 0, plain_false = 0, moving_miss = 0, moving_false = 0;
    MoveOptions run;
    run.response = Response::touch;
    CastOptions moving;
    moving.moving = true;
    for (int frame = 0; frame < 1200; ++frame) {
        world.begin_frame();
        for (Soldier& s : soldiers) {
            s.start = world.box(s.id);
            const MoveResult r = world.move(s.id, s.velocity * dt, run);
            if (!r.contacts.empty()) s.velocity.y = -s.velocity.y; // turn at a wall
        }
        for (int k = 0; k < 3; ++k) bullets.push_back({{0, real(2 + rng() % 196)}});
        shots += 3;
        for (Bullet& b : bullets) {
            if (!b.alive) continue;
            const Vec2 d{bullet_speed * dt, 0};
            // The truth: the first soldier whose path this frame the bullet's path enters.
            double first = 2;
            BodyId truth{};
            for (const Soldier& s : soldiers) {
                const double t = first_inside(b.at, d, s.start, world.box(s.id).min - s.start.min);
                if (t < first) {
                    first = t;
                    truth = s.id;
                }
            }
            truth_hits += !truth.is_null();
            auto judge = [&](const CastHit& h, long& miss, long& false_hit) {
                const bool soldier = h.hit && h.other.is_body() && h.other.body.index > 2;
                if (!truth.is_null() && !(soldier && h.other.body == truth)) ++miss;
                if (soldier && truth.is_null()) ++false_hit;
            };
            judge(world.cast_ray(b.at, d), plain_miss, plain_false);
            const CastHit h = world.cast_ray(b.at, d, {}, moving);
            judge(h, moving_miss, moving_false);
            b.at = b.at + d;
            if (h.hit || b.at.x > length) b.alive = false;
        }
        std::erase_if(bullets, [](const Bullet& b) { return !b.alive; });
    }
    std::printf("corridor: 40 soldiers at %g units/s, %ld bullets at %g units/s, 1200 frames, seed 44\n",
                double(run_speed), shots, double(bullet_speed));
    std::printf("bullet-frames whose path met a soldier: %ld\n", truth_hits);
    std::printf("plain casts:           %ld misses, %ld false hits\n", plain_miss, plain_false);
    std::printf("casts against motion:  %ld misses, %ld false hits\n", moving_miss, moving_false);
    return moving_miss == 0 && moving_false == 0 && plain_miss > 0 ? 0 : 1;
}
