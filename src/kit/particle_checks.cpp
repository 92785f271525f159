// The checks of move_particles' input: every number of the batch and the frame, with a fast
// check of the whole batch that the compiler vectorizes, and the error that names the problem.

#include "core/wide.hpp"
#include "kit/particle_checks.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "geometry/sweep.hpp"

namespace sweepbox::detail {

namespace {

// The checks of move_particles' input that name the problem; `i` is the first particle whose
// numbers the fast check refused (or count when none did).
[[noreturn, gnu::noinline]] void bad_particle(const Particles& b, const ParticleFrame& f, std::size_t i) {
    const std::string who = "particle " + std::to_string(i) + ": ";
    const Vec2 p{b.x[i], b.y[i]}, v{b.vx[i], b.vy[i]};
    if (!is_finite(p)) throw Error("move_particles", who + "position has a NaN or infinite coordinate");
    if (!is_finite(v)) throw Error("move_particles", who + "velocity has a NaN or infinite component");
    if (b.restitution && !in_unit(b.restitution[i]))
        throw Error("move_particles", who + "restitution must be in [0, 1]");
    if (b.friction && !in_unit(b.friction[i])) throw Error("move_particles", who + "friction must be in [0, 1]");
    const FrameMotion m = particle_motion(v, f.gravity, f.dt);
    if (!is_finite(m.velocity) || !is_finite(m.delta))
        throw Error("move_particles", who + "the frame's velocity or motion leaves the finite range of real");
    throw Error("move_particles", who + "the frame's motion takes it out of the finite range of real");
}

// True when particle i's numbers are fine. The position after a frame lies within the frame's
// motion's length of the start (a bounce never lengthens what is left of it, though off a slope
// it turns it toward the other axis), so twice |dx| + |dy| within the finite range keeps every
// result finite.
SWEEPBOX_FORCE_INLINE bool particle_ok(const Particles& b, const ParticleFrame& f, std::size_t i) {
    const FrameMotion m = particle_motion({b.vx[i], b.vy[i]}, f.gravity, f.dt);
    const wide limit = wide(std::numeric_limits<real>::max());
    const wide path = 2 * (std::fabs(wide(m.delta.x)) + std::fabs(wide(m.delta.y)));
    const wide reach_x = std::fabs(wide(b.x[i])) + path;
    const wide reach_y = std::fabs(wide(b.y[i])) + path;
    // (A NaN anywhere fails a comparison; an infinity makes a reach infinite.)
    bool ok = reach_x <= limit && reach_y <= limit && std::fabs(m.velocity.x) <= std::numeric_limits<real>::max() &&
              std::fabs(m.velocity.y) <= std::numeric_limits<real>::max();
    if (b.restitution) ok = ok && in_unit(b.restitution[i]);
    if (b.friction) ok = ok && in_unit(b.friction[i]);
    return ok;
}

// particle_ok for a whole batch, with no branch per particle so that the compiler vectorizes
// it: true when every alive particle's numbers are fine. Only a batch with a bad particle is
// looked at again one by one (particle_ok), for the first bad one.
template <bool with_alive> bool batch_ok(const Particles& b, const ParticleFrame& f) {
    constexpr real most = std::numeric_limits<real>::max();
    const wide limit = wide(most);
    const real gx = f.gravity.x * f.dt, gy = f.gravity.y * f.dt, dt = f.dt;
    unsigned ok = 1;
    for (std::size_t i = 0; i < b.count; ++i) {
        // particle_motion() and particle_ok's tests, the same operations in the same order.
        const real vx = b.vx[i] + gx, vy = b.vy[i] + gy;
        const real dx = vx * dt, dy = vy * dt;
        const wide path = 2 * (std::fabs(wide(dx)) + std::fabs(wide(dy)));
        unsigned fine = unsigned(std::fabs(wide(b.x[i])) + path <= limit) &
                        unsigned(std::fabs(wide(b.y[i])) + path <= limit) & unsigned(std::fabs(vx) <= most) &
                        unsigned(std::fabs(vy) <= most);
        if constexpr (with_alive) fine |= unsigned(b.alive[i] == 0);
        ok &= fine;
    }
    auto in_range = [&](const real* v) {
        unsigned all = 1;
        for (std::size_t i = 0; i < b.count; ++i) {
            unsigned fine = unsigned(v[i] >= 0) & unsigned(v[i] <= 1);
            if constexpr (with_alive) fine |= unsigned(b.alive[i] == 0);
            all &= fine;
        }
        return all != 0;
    };
    return ok != 0 && (!b.restitution || in_range(b.restitution)) && (!b.friction || in_range(b.friction));
}

} // namespace

void require_particles(const Particles& b, const ParticleFrame& f, const ParticleContacts& c) {
    const char* where = "move_particles";
    if (b.count > 0 && (!b.x || !b.y || !b.vx || !b.vy))
        throw Error(where, "the batch's position and velocity arrays may not be null");
    if (b.count > std::size_t(std::numeric_limits<std::uint32_t>::max()))
        throw Error(where, "a batch holds at most 2^32 - 1 particles");
    if (c.capacity > 0 && !c.data) throw Error(where, "contacts.data is null with a capacity above 0");
    if (!(std::isfinite(f.dt) && f.dt > 0)) throw Error(where, "dt must be finite and above 0");
    if (!is_finite(f.gravity)) throw Error(where, "gravity has a NaN or infinite component");
    if (!(std::isfinite(f.rest_speed) && f.rest_speed >= 0))
        throw Error(where, "rest_speed must be finite and at least 0");
    if (f.max_iterations < 1) throw Error(where, "max_iterations must be at least 1");
    if (!in_unit(f.restitution)) throw Error(where, "restitution must be in [0, 1]");
    if (!in_unit(f.friction)) throw Error(where, "friction must be in [0, 1]");
    if (b.alive ? batch_ok<true>(b, f) : batch_ok<false>(b, f)) return;
    for (std::size_t i = 0; i < b.count; ++i)
        if ((!b.alive || b.alive[i] != 0) && !particle_ok(b, f, i)) bad_particle(b, f, i);
}

} // namespace sweepbox::detail
