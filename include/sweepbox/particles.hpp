#pragma once
/// @file particles.hpp
/// Particles: a batch of points (sparks, debris) moved for one frame against the tile map and the
/// static bodies, each bouncing exactly as a zero-size body's `move` with Response::bounce would;
/// the frame integrator they share with the scene `frames` step; and a spark emitter.

#include <cstddef>
#include <cstdint>
#include <vector>
#include <sweepbox/world.hpp>

namespace sweepbox {

/// A batch of particles as a structure of arrays owned by the caller: entry i of every array is
/// particle i. The optional arrays (null) take the value in ParticleFrame for every particle.
struct Particles {
    std::size_t count = 0;                   ///< number of particles (entries in each array)
    real* x = nullptr;                       ///< position x, updated by move_particles
    real* y = nullptr;                       ///< position y, updated
    real* vx = nullptr;                      ///< velocity x, units per second, updated
    real* vy = nullptr;                      ///< velocity y, updated
    const std::uint8_t* alive = nullptr;     ///< non-zero: the particle moves; 0: skipped. Null: all move
    const real* restitution = nullptr;       ///< per particle, in [0, 1], or null: ParticleFrame::restitution
    const real* friction = nullptr;          ///< per particle, in [0, 1], or null: ParticleFrame::friction
    const std::uint32_t* category = nullptr; ///< per particle, or null: ParticleFrame::category
    const std::uint32_t* mask = nullptr;     ///< per particle, or null: ParticleFrame::mask
};

/// A batch's arrays held in vectors, for a game without arrays of its own: fill them (x, y, vx
/// and vy of one size; an optional array empty or of that size) and pass view().
struct ParticleArrays {
    std::vector<real> x, y, vx, vy;            ///< position and velocity, one entry a particle
    std::vector<std::uint8_t> alive;           ///< empty: every particle moves
    std::vector<real> restitution, friction;   ///< empty: ParticleFrame's value for all
    std::vector<std::uint32_t> category, mask; ///< empty: ParticleFrame's value for all
    /// The batch over these vectors (an empty optional array as null). Throws Error when an
    /// array's size is neither x.size() nor, for an optional one, 0.
    [[nodiscard]] SWEEPBOX_API Particles view();
};

/// One frame of a batch: the integrator's numbers and the bounce options every particle shares.
struct ParticleFrame {
    Vec2 gravity{0, 0};               ///< constant acceleration, units per second squared, finite
    real dt = real(1) / real(60);     ///< seconds per frame, finite and > 0
    real rest_speed = 0;              ///< MoveOptions::rest_speed: slower into a face than this, no bounce
    std::int32_t max_iterations = 8;  ///< MoveOptions::max_iterations, >= 1
    real restitution = 1;             ///< for a batch without a restitution array, in [0, 1]
    real friction = 0;                ///< for a batch without a friction array, in [0, 1]
    std::uint32_t category = 1;       ///< for a batch without a category array
    std::uint32_t mask = 0xffffffffu; ///< for a batch without a mask array
};

/// One contact of a particle in a frame: what a zero-size body's move would report, plus the
/// velocity after the bounce.
struct ParticleContact {
    std::uint32_t particle = 0; ///< index of the particle in the batch
    real time = 0;              ///< fraction of the frame at contact, in [0, 1] (Contact::time)
    Vec2 point{0, 0};           ///< where the particle met the obstacle (Contact::point)
    Vec2 normal{0, 0};          ///< unit axis vector out of the obstacle (Contact::normal)
    Vec2 velocity{0, 0};        ///< the particle's velocity after this contact's response
    Other other{};              ///< the tile or static body met
    bool corner = false;        ///< both axes entered at the same instant (Contact::corner)
    bool junction = false;      ///< stopped where obstacles meet (Contact::junction)
};

/// A caller-owned buffer for the contacts of a frame. move_particles writes contacts in particle
/// order, each particle's in the order met, up to `capacity`; the others are only counted.
struct ParticleContacts {
    ParticleContact* data = nullptr; ///< room for `capacity` contacts (may be null when capacity is 0)
    std::size_t capacity = 0;        ///< how many fit
    std::size_t count = 0;           ///< set by move_particles: how many were written
    std::size_t dropped = 0;         ///< set by move_particles: how many more there were
};

/// What a frame of move_particles did, in counts.
struct ParticleStats {
    std::size_t moved = 0;   ///< alive particles, each moved for the frame
    std::size_t quiet = 0;   ///< of those, how many took the fast path (their path met nothing)
    std::size_t resting = 0; ///< of those, how many lay at rest on a tile (the rest path)
    std::size_t touched = 0; ///< particles with at least one contact in the frame
};

/// One frame of semi-implicit Euler: the new velocity v + gravity·dt and the displacement
/// velocity·dt. The integrator of move_particles and of the scene `frames` step.
struct FrameMotion {
    Vec2 velocity{0, 0}; ///< v + gravity * dt
    Vec2 delta{0, 0};    ///< the new velocity * dt
};

/// The motion of one frame (FrameMotion), computed as the library computes it (no fused
/// multiply-add, whatever the caller's flags).
[[nodiscard]] SWEEPBOX_API FrameMotion frame_motion(Vec2 velocity, Vec2 gravity, real dt);

/// The options with which World::move moves a zero-size body exactly as move_particles moves
/// particle i of `batch` (docs/contract.md, P1): Response::bounce, the particle's restitution
/// and friction, the frame's rest_speed and max_iterations, and the frame's velocity
/// (frame_motion). The body takes the particle's category and mask as its own; the motion is
/// frame_motion's delta. No check is made (move_particles and World::move make them).
[[nodiscard]] SWEEPBOX_API MoveOptions particle_move_options(const Particles& batch, const ParticleFrame& frame,
                                                             std::size_t i);

/// Moves every alive particle for one frame: its velocity becomes v + gravity·dt (frame_motion),
/// then it moves by velocity·dt against the tiles and the static bodies of `world` exactly as a
/// zero-size dynamic body at its position would by `world.move(body, delta, options)` with
/// Response::bounce, its restitution and friction, the frame's rest_speed and max_iterations, its
/// category and mask, and that velocity: the same position, velocity and contacts, bit for bit
/// (docs/contract.md, "Particles"). Bodies that are not static are not seen. Contacts go to
/// `contacts` (count and dropped are reset first). The world is not changed. Throws Error on bad
/// input (null arrays, a non-finite number, an option out of its range, a motion that would leave
/// the finite range of real), naming the first bad particle; every particle is checked before
/// any moves, so the batch is then unchanged.
SWEEPBOX_API ParticleStats move_particles(const World& world, const Particles& batch, const ParticleFrame& frame,
                                          ParticleContacts& contacts);

/// How emit_sparks seeds a shower.
struct SparkCone {
    std::size_t count = 16;     ///< particles to seed
    real spread = 60;           ///< full angle of the cone around the reflected direction, degrees, in [0, 180]
    real min_speed = real(0.5); ///< slowest spark as a fraction of the reflected speed, in [0, 1]
    real restitution = 1;       ///< of the bullet's reflection, in [0, 1]
    real friction = 0;          ///< of the bullet's reflection, in [0, 1]
    std::uint64_t seed = 0;     ///< the same seed gives the same sparks
};

/// Seeds particles [first, first + cone.count) of `batch` at a cast's hit: position hit.point,
/// velocity reflect(bullet_velocity, hit.normal, restitution, friction) turned by an angle in
/// [-spread/2, spread/2] and scaled by a factor in [min_speed, 1], both from `seed`
/// (deterministic); a direction that would point into the face is mirrored out of it. Writes x, y,
/// vx, vy only. Throws Error when the hit is no hit, the range passes batch.count, an array is
/// null, or a number is out of its range.
SWEEPBOX_API void emit_sparks(const CastHit& hit, Vec2 bullet_velocity, const SparkCone& cone, const Particles& batch,
                              std::size_t first);

} // namespace sweepbox
