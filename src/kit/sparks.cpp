// emit_sparks: a cone of particles off a hit, from a seeded generator that gives the same
// sparks everywhere.

#include <sweepbox/particles.hpp>

#include <cmath>
#include <cstdint>
#include <string>

#include "kit/particle_checks.hpp"

namespace sweepbox {

namespace {

// splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators"): a seed
// gives the same sequence everywhere.
struct SplitMix {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, 1], from the top 53 bits.
    double unit() { return double(next() >> 11) * (1.0 / 9007199254740991.0); }
};

} // namespace

void emit_sparks(const CastHit& hit, Vec2 bullet_velocity, const SparkCone& cone, const Particles& batch,
                 std::size_t first) {
    const char* where = "emit_sparks";
    if (!hit.hit) throw Error(where, "the cast hit nothing");
    if (!is_finite(hit.point) || !is_finite(hit.normal)) throw Error(where, "the hit has a NaN or infinite number");
    if (!is_finite(bullet_velocity)) throw Error(where, "bullet_velocity has a NaN or infinite component");
    if (!(cone.spread >= 0 && cone.spread <= 180)) throw Error(where, "spread must be in [0, 180] degrees");
    if (!detail::in_unit(cone.min_speed)) throw Error(where, "min_speed must be in [0, 1]");
    if (!detail::in_unit(cone.restitution)) throw Error(where, "restitution must be in [0, 1]");
    if (!detail::in_unit(cone.friction)) throw Error(where, "friction must be in [0, 1]");
    if (first > batch.count || cone.count > batch.count - first)
        throw Error(where, "particles [" + std::to_string(first) + ", " + std::to_string(first) + " + " +
                               std::to_string(cone.count) + ") pass the batch's count " + std::to_string(batch.count));
    if (cone.count > 0 && (!batch.x || !batch.y || !batch.vx || !batch.vy))
        throw Error(where, "the batch's position and velocity arrays may not be null");
    const Vec2 r = reflect(bullet_velocity, hit.normal, cone.restitution, cone.friction);
    const double rx = double(r.x), ry = double(r.y);
    const double nx = double(hit.normal.x), ny = double(hit.normal.y);
    const double half = double(cone.spread) * (3.14159265358979323846 / 360.0);
    SplitMix rng{cone.seed};
    for (std::size_t k = 0; k < cone.count; ++k) {
        const double angle = (2 * rng.unit() - 1) * half;
        const double scale = double(cone.min_speed) + (1 - double(cone.min_speed)) * rng.unit();
        const double c = std::cos(angle), s = std::sin(angle);
        double vx = (rx * c - ry * s) * scale, vy = (rx * s + ry * c) * scale;
        // Into the face (a wide cone at a grazing hit): mirrored out of it.
        if (const double into = vx * nx + vy * ny; into < 0) {
            vx -= 2 * into * nx;
            vy -= 2 * into * ny;
        }
        const std::size_t i = first + k;
        batch.x[i] = hit.point.x;
        batch.y[i] = hit.point.y;
        batch.vx[i] = real(vx);
        batch.vy[i] = real(vy);
    }
}

} // namespace sweepbox
