#pragma once
// Internal: a particle's frame motion, and the checks of move_particles' input (particle_checks.cpp).

#include <sweepbox/particles.hpp>

#include "core/compiler.hpp"

namespace sweepbox::detail {

/// frame_motion, inline for the loops over a batch.
SWEEPBOX_FORCE_INLINE FrameMotion particle_motion(Vec2 velocity, Vec2 gravity, real dt) {
    FrameMotion m;
    m.velocity = velocity + gravity * dt;
    m.delta = m.velocity * dt;
    return m;
}

/// True when x is in [0, 1].
inline bool in_unit(real x) { return x >= 0 && x <= 1; }

/// Throws the Error that names what is wrong with move_particles' input: the batch, the frame,
/// the contacts' array, or the first alive particle whose numbers could leave the finite range.
void require_particles(const Particles& b, const ParticleFrame& f, const ParticleContacts& c);

} // namespace sweepbox::detail
