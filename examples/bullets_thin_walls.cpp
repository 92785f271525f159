// Bullets against thin walls. A bullet is a zero-size box; the walls are 1 unit and 0 units
// thick. Each shot is cast as a ray over one frame of travel at speeds up to 10^6 units per
// second: the hit is exact at any speed (no tunnelling), and the spark flies off in the
// reflected direction, sweepbox::reflect(direction, normal, 1, 0).
// Then one bullet is a body that moves with `touch` and stops flush against the wall it hits.
#include <cmath>
#include <cstdio>
#include <sweepbox/sweepbox.hpp>

using namespace sweepbox;

int main() {
    World world;
    // A 1-unit wall at x = 100..101 and a 0-thickness wall on the line x = 200.
    const BodyId thick = world.add({.box = {{100, 0}, {101, 200}}, .is_static = true});
    const BodyId thin = world.add({.box = {{200, 0}, {200, 200}}, .is_static = true});

    struct Shot {
        Vec2 muzzle;
        Vec2 direction; // unit vector
        real speed;     // units per second
    };
    const Shot shots[] = {
        {{0, 50}, {1, 0}, 8000},             // straight at the 1-unit wall
        {{0, 20}, {0.8f, 0.6f}, 50000},      // at an angle, fast
        {{150, 100}, {1, 0}, 1.0e6f},        // between the walls, at 10^6 units/s
        {{300, 150}, {-0.6f, -0.8f}, 30000}, // from the right, into the 0-thickness wall
        {{150, 180}, {0.6f, 0.8f}, 1000},    // too slow to reach anything this frame
    };
    const real dt = real(1) / real(60);
    int hits = 0;
    for (const Shot& s : shots) {
        const Vec2 travel = s.direction * (s.speed * dt); // where the bullet gets to this frame
        const CastHit h = world.cast_ray(s.muzzle, travel);
        std::printf("shot from (%g, %g) at %g units/s: ", double(s.muzzle.x), double(s.muzzle.y), double(s.speed));
        if (!h.hit) {
            std::printf("no hit this frame (travels %g units)\n", double(s.speed * dt));
            continue;
        }
        ++hits;
        const Vec2 spark = reflect(s.direction, h.normal, 1, 0); // mirror the direction on the face
        std::printf("hits the %s wall at (%g, %g) after %.4g of the frame, normal (%g, %g), spark (%g, %g)\n",
                    h.other.body == thick ? "1-unit" : "0-unit", double(h.point.x), double(h.point.y), double(h.time),
                    double(h.normal.x), double(h.normal.y), double(spark.x), double(spark.y));
    }

    // A bullet body: moves with `touch`, so it stops where it meets the wall, flush against it.
    const BodyId bullet = world.add({.box = {{60, 120}, {60, 120}}, .category = 2});
    MoveOptions touch;
    touch.response = Response::touch;
    const MoveResult r = world.move(bullet, {1000, 10}, touch);
    if (r.contacts.empty()) return 1;
    const Contact& c = r.contacts.front();
    std::printf("bullet body stops at (%g, %g) touching the %s wall (time %.4g)\n", double(r.box.min.x),
                double(r.box.min.y), c.other.body == thick ? "1-unit" : "0-unit", double(c.time));
    (void)thin;
    // Never through: the bullet is still on the near side of the 1-unit wall.
    return (hits == 4 && r.box.max.x <= 100) ? 0 : 1;
}
