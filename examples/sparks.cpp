// A shower of sparks. A bullet hits a wall; emit_sparks seeds a cone of sparks around the
// reflected direction at the hit, and move_particles moves them all, frame by frame, under
// gravity: each bounces exactly as a zero-size body would (never through a wall, however fast)
// and comes to rest on the floor (rest_speed). The game owns the particle arrays (structure of
// arrays, grown once) and the contact buffer; nothing is allocated per frame.
#include <cstdio>
#include <vector>
#include <sweepbox/sweepbox.hpp>

using namespace sweepbox;

// The game's sparks: one array per field (ParticleArrays: position, velocity, alive), so a
// batch is a few pointers, plus the game's own fields beside them.
struct Sparks : ParticleArrays {
    std::vector<real> life; // seconds left; the game's own field, not the library's

    explicit Sparks(std::size_t capacity) : life(capacity, 0) {
        x.resize(capacity);
        y.resize(capacity);
        vx.resize(capacity);
        vy.resize(capacity);
        alive.resize(capacity, 0);
    }
};

int main() {
    // A room of 16-unit tiles: floor, ceiling, side walls and a pillar; one static plank.
    World world;
    TileMapDef map;
    map.columns = 30;
    map.rows = 16;
    world.set_tile_map(map);
    for (std::int32_t c = 0; c < 30; ++c) {
        world.set_tile({c, 0}, Tile::solid);
        world.set_tile({c, 15}, Tile::solid);
    }
    for (std::int32_t r = 0; r < 16; ++r) {
        world.set_tile({0, r}, Tile::solid);
        world.set_tile({29, r}, Tile::solid);
    }
    for (std::int32_t r = 5; r < 15; ++r) world.set_tile({24, r}, Tile::solid);
    world.add({.box = {{280, 150}, {340, 151}}, .is_static = true});

    // The bullet: a ray over one frame of travel at 27,000 units/s.
    const Vec2 muzzle{40, 150}, bullet_velocity{27000, -2700};
    const real dt = real(1) / real(60);
    const CastHit hit = world.cast_ray(muzzle, bullet_velocity * dt);
    if (!hit.hit) return 1;
    std::printf("bullet hits tile [%d, %d] at (%g, %g), normal (%g, %g)\n", hit.other.tile.column, hit.other.tile.row,
                double(hit.point.x), double(hit.point.y), double(hit.normal.x), double(hit.normal.y));

    // 200 sparks around the reflection, slowed to a 60th of the bullet's speed, for 4 seconds.
    Sparks sparks(200);
    SparkCone cone;
    cone.count = 200;
    cone.spread = 120;
    cone.min_speed = real(0.3);
    cone.seed = 7; // the same seed, the same shower
    emit_sparks(hit, bullet_velocity / real(60), cone, sparks.view(), 0);
    for (std::size_t i = 0; i < 200; ++i) {
        sparks.alive[i] = 1;
        sparks.life[i] = 4;
    }

    ParticleFrame frame;
    frame.gravity = {0, 900};
    frame.dt = dt;
    frame.restitution = real(0.5); // every spark loses half its speed into a face at a bounce
    frame.friction = real(0.3);
    frame.rest_speed = 30; // above gravity * dt = 15: a spark on the floor stays there
    std::vector<ParticleContact> buffer(1024);
    ParticleContacts contacts{buffer.data(), buffer.size()};

    std::size_t bounces = 0, inside = 0;
    for (int f = 0; f < 300; ++f) {
        const ParticleStats st = move_particles(world, sparks.view(), frame, contacts);
        for (std::size_t k = 0; k < contacts.count; ++k)
            if (buffer[k].velocity != Vec2{0, 0}) ++bounces; // a bounce, not a spark at rest
        if (f % 60 == 59)
            std::printf("after %d s: %zu sparks alive, %zu flying freely, %zu at rest, %zu contacts\n", (f + 1) / 60,
                        st.moved, st.quiet, st.resting, contacts.count + contacts.dropped);
        for (std::size_t i = 0; i < 200; ++i) {
            sparks.life[i] -= dt;
            if (sparks.life[i] <= 0) sparks.alive[i] = 0; // the game decides when a spark dies
        }
    }
    for (std::size_t i = 0; i < 200; ++i)
        inside += sparks.x[i] > 16 && sparks.x[i] < 464 && sparks.y[i] > 16 && sparks.y[i] <= 240 ? 1u : 0u;
    std::printf("%zu bounces in all; %zu of 200 sparks ended inside the room\n", bounces, inside);
    return inside == 200 && bounces > 200 ? 0 : 1;
}
