// Grenades bouncing in a closed room until they rest. Each frame: velocity += gravity * dt,
// then move by velocity * dt with the `bounce` response, which reflects both the rest of the
// motion and the velocity (restitution scales the normal part, friction the tangent part).
// `rest_speed` lets them come to rest by themselves: a bounce slower than it is dropped.
// Grenades use category 2 and see only category 1 (the walls), so they pass through each other.
#include <cmath>
#include <cstdio>
#include <vector>
#include <sweepbox/sweepbox.hpp>

using namespace sweepbox;

int main() {
    World world;
    // The room: inside is x 0..320, y 0..200 (y grows downward: the floor is at y = 200).
    const Aabb walls[] = {{{-20, -20}, {340, 0}},    // ceiling
                          {{-20, 200}, {340, 220}},  // floor
                          {{-20, 0}, {0, 200}},      // left wall
                          {{320, 0}, {340, 200}},    // right wall
                          {{150, 150}, {190, 200}}}; // a crate on the floor
    for (const Aabb& w : walls) world.add({.box = w, .is_static = true, .category = 1});

    struct Grenade {
        BodyId id;
        Vec2 velocity;
        int bounces = 0;
        int rest_frame = -1;
    };
    std::vector<Grenade> grenades;
    const Vec2 throws[] = {{250, -300}, {-120, -150}, {400, -50}};
    for (int i = 0; i < 3; ++i) {
        const real x = real(40 + 80 * i);
        const BodyId id = world.add({.box = {{x, 100}, {x + 6, 106}}, .category = 2, .mask = 1});
        grenades.push_back({id, throws[i]});
    }

    const Vec2 gravity{0, 600};
    const real dt = real(1) / real(60);
    MoveOptions bounce;
    bounce.response = Response::bounce;
    bounce.restitution = real(0.55);
    bounce.friction = real(0.2);
    // Slower than this into a face, no bounce: the normal part is dropped, so a grenade settles on
    // the floor by itself. Above one frame of gravity (600 / 60 = 10), so resting is stable.
    bounce.rest_speed = 40;
    MoveResult result; // reused every frame: no allocation in steady state

    // Every grenade moves every frame, at rest or not: a resting one meets the floor, drops the
    // frame's gravity and stays where it is, bit for bit.
    int last_rest = -1;
    for (int frame = 0; frame < 1200 && (last_rest < 0 || frame < last_rest + 60); ++frame) {
        bool all_resting = true;
        for (std::size_t g = 0; g < grenades.size(); ++g) {
            Grenade& gr = grenades[g];
            gr.velocity += gravity * dt;
            bounce.velocity = gr.velocity;
            const Aabb before = world.box(gr.id);
            world.move(gr.id, gr.velocity * dt, bounce, result);
            gr.velocity = result.velocity;
            for (const Contact& c : result.contacts) {
                // Report the real bounces, not the little hops of a grenade settling down.
                if (std::fabs(c.normal.x * bounce.velocity.x + c.normal.y * bounce.velocity.y) > bounce.rest_speed) {
                    ++gr.bounces;
                    std::printf("frame %3d: grenade %zu bounces at (%6.1f, %6.1f), normal (%2g, %2g), "
                                "velocity now (%7.1f, %7.1f)\n",
                                frame, g, double(c.point.x), double(c.point.y), double(c.normal.x), double(c.normal.y),
                                double(gr.velocity.x), double(gr.velocity.y));
                }
            }
            const bool resting = ground_state(result).on_floor && gr.velocity == Vec2{0, 0};
            if (gr.rest_frame >= 0 && (!resting || !(world.box(gr.id) == before))) return 1; // rest must hold
            if (resting && gr.rest_frame < 0) {
                gr.rest_frame = frame;
                const Aabb& b = world.box(gr.id);
                std::printf("frame %3d: grenade %zu rests at (%.2f, %.2f) after %d bounces\n", frame, g,
                            double(b.min.x), double(b.min.y), gr.bounces);
            }
            all_resting = all_resting && gr.rest_frame >= 0;
        }
        if (all_resting && last_rest < 0) last_rest = frame;
    }
    // Every grenade rests inside the room, on the floor or on the crate, and stayed there for the
    // last 60 frames.
    for (const Grenade& gr : grenades) {
        const Aabb& b = world.box(gr.id);
        const bool inside = b.min.x >= 0 && b.max.x <= 320 && b.min.y >= 0 && b.max.y <= 200;
        if (gr.rest_frame < 0 || !inside) return 1;
    }
    std::printf("all %zu grenades at rest, still for 60 frames\n", grenades.size());
    return 0;
}
