// The C API's particles (include/sweepbox/sweepbox.h): sweepbox_move_particles and
// sweepbox_emit_sparks over the C++ functions of particles.hpp. The batch's arrays are doubles;
// in a double build they are the core's own arrays, in a float build they are rounded once into
// per-thread copies (reused, so a steady state allocates nothing) and the answers written back.

#include "c_api_support.hpp"

#include <sweepbox/particles.hpp>

#include <cinttypes>
#include <type_traits>
#include <vector>

using namespace sweepbox::c_api;

namespace {

using sweepbox::real;
constexpr bool real_is_double = std::is_same_v<real, double>;

// The caller's double array as the core's, in a double build (the float build never calls it).
template <class D> auto own(D* p) {
    using R = std::conditional_t<std::is_const_v<D>, const real, real>;
    if constexpr (real_is_double) {
        return p;
    } else {
        return static_cast<R*>(nullptr);
    }
}

// The float build's copies of a batch's double arrays, one set per thread. (Unused in a double
// build, where the core moves the caller's arrays: maybe_unused keeps Clang from saying so.)
struct RealArrays {
    std::vector<real> x, y, vx, vy, restitution, friction;
};

[[maybe_unused]] RealArrays& real_arrays() {
    thread_local RealArrays a;
    return a;
}

[[maybe_unused]] real* copy_in(std::vector<real>& to, const double* from, std::size_t n) {
    to.resize(n);
    for (std::size_t i = 0; i < n; ++i) to[i] = to_real(from[i]);
    return to.data();
}

[[maybe_unused]] void copy_out(double* to, const real* from, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) to[i] = double(from[i]);
}

void require_arrays(const sweepbox_particles& b, std::size_t count) {
    if (count == 0) return;
    if (!b.x || !b.y || !b.vx || !b.vy)
        fail(SWEEPBOX_BAD_ARGUMENT, "batch->x, y, vx and vy may not be null when particles are to be written");
}

// The batch as the core sees it: the caller's arrays themselves, or this thread's float copies.
sweepbox::Particles view_of(const sweepbox_particles& b) {
    require_arrays(b, b.count);
    sweepbox::Particles p;
    p.count = b.count;
    p.alive = b.alive;
    p.category = b.category;
    p.mask = b.mask;
    if constexpr (real_is_double) {
        p.x = own(b.x);
        p.y = own(b.y);
        p.vx = own(b.vx);
        p.vy = own(b.vy);
        p.restitution = own(b.restitution);
        p.friction = own(b.friction);
    } else {
        RealArrays& a = real_arrays();
        p.x = copy_in(a.x, b.x, b.count);
        p.y = copy_in(a.y, b.y, b.count);
        p.vx = copy_in(a.vx, b.vx, b.count);
        p.vy = copy_in(a.vy, b.vy, b.count);
        if (b.restitution) p.restitution = copy_in(a.restitution, b.restitution, b.count);
        if (b.friction) p.friction = copy_in(a.friction, b.friction, b.count);
    }
    return p;
}

// Writes particles [0, n) of the core's view back to the caller's arrays from `first` on (nothing
// to do in a double build, where they are the same arrays).
void write_back(const sweepbox_particles& b, const sweepbox::Particles& p, std::size_t first, std::size_t n) {
    if constexpr (!real_is_double) {
        copy_out(b.x + first, p.x, n);
        copy_out(b.y + first, p.y, n);
        copy_out(b.vx + first, p.vx, n);
        copy_out(b.vy + first, p.vy, n);
    }
}

sweepbox::ParticleFrame to_frame(const sweepbox_particle_frame& f) {
    sweepbox::ParticleFrame c;
    c.gravity = to_vec(f.gravity);
    c.dt = to_real(f.dt);
    c.rest_speed = to_real(f.rest_speed);
    c.max_iterations = f.max_iterations;
    c.restitution = to_real(f.restitution);
    c.friction = to_real(f.friction);
    c.category = f.category;
    c.mask = f.mask;
    return c;
}

sweepbox_particle_contact from_particle_contact(const sweepbox::ParticleContact& k) {
    sweepbox_particle_contact c{};
    c.particle = k.particle;
    c.flags = flags_of(false, k.corner, k.junction);
    c.time = double(k.time);
    c.point = from_vec(k.point);
    c.normal = from_vec(k.normal);
    c.velocity = from_vec(k.velocity);
    c.other = from_other(k.other);
    return c;
}

sweepbox::CastHit to_hit(const sweepbox_cast_hit& c) {
    sweepbox::CastHit h;
    h.hit = c.hit != 0;
    h.time = to_real(c.time);
    h.normal = to_vec(c.normal);
    h.point = to_vec(c.point);
    h.box = to_box(c.box);
    h.other = to_other(c.other);
    h.started_overlapping = (c.flags & SWEEPBOX_STARTED_OVERLAPPING) != 0;
    h.corner = (c.flags & SWEEPBOX_CORNER) != 0;
    h.junction = (c.flags & SWEEPBOX_JUNCTION) != 0;
    return h;
}

} // namespace

sweepbox_particle_frame sweepbox_particle_frame_default() {
    const sweepbox::ParticleFrame d;
    sweepbox_particle_frame f{};
    f.gravity = from_vec(d.gravity);
    f.dt = double(d.dt);
    f.rest_speed = double(d.rest_speed);
    f.max_iterations = d.max_iterations;
    f.restitution = double(d.restitution);
    f.friction = double(d.friction);
    f.category = d.category;
    f.mask = d.mask;
    return f;
}

sweepbox_spark_cone sweepbox_spark_cone_default() {
    const sweepbox::SparkCone d;
    sweepbox_spark_cone c{};
    c.count = d.count;
    c.spread = double(d.spread);
    c.min_speed = double(d.min_speed);
    c.restitution = double(d.restitution);
    c.friction = double(d.friction);
    c.seed = d.seed;
    return c;
}

sweepbox_status sweepbox_move_particles(const sweepbox_world* world, const sweepbox_particles* batch,
                                        const sweepbox_particle_frame* frame, sweepbox_particle_result* result) {
    return guarded(world, "sweepbox_move_particles", [&] {
        require(batch, "batch");
        if (result && !result->contacts && result->capacity != 0)
            fail(SWEEPBOX_BAD_ARGUMENT, "result->contacts is null but result->capacity is %zu", result->capacity);
        const sweepbox::ParticleFrame f = to_frame(frame ? *frame : sweepbox_particle_frame_default());
        const sweepbox::Particles p = view_of(*batch);
        std::vector<sweepbox::ParticleContact>& buffer = scratch<sweepbox::ParticleContact>();
        const std::size_t capacity = result ? result->capacity : 0;
        if (buffer.size() < capacity) buffer.resize(capacity);
        sweepbox::ParticleContacts contacts{buffer.data(), capacity, 0, 0};
        const sweepbox::ParticleStats stats = sweepbox::move_particles(world->world, p, f, contacts);
        write_back(*batch, p, 0, batch->count);
        if (result) {
            for (std::size_t i = 0; i < contacts.count; ++i) result->contacts[i] = from_particle_contact(buffer[i]);
            result->count = contacts.count;
            result->dropped = contacts.dropped;
            result->moved = stats.moved;
            result->quiet = stats.quiet;
            result->resting = stats.resting;
            result->touched = stats.touched;
        }
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_emit_sparks(const sweepbox_cast_hit* hit, double bullet_vx, double bullet_vy,
                                     const sweepbox_spark_cone* cone, const sweepbox_particles* batch,
                                     std::size_t first) {
    return guarded_on(nullptr, "sweepbox_emit_sparks", [&] {
        require(hit, "hit");
        require(batch, "batch");
        const sweepbox_spark_cone c = cone ? *cone : sweepbox_spark_cone_default();
        if (first > batch->count || c.count > batch->count - first)
            fail(SWEEPBOX_BAD_ARGUMENT, "particles [%zu, %zu + %zu) pass the batch's count %zu", first, first, c.count,
                 batch->count);
        require_arrays(*batch, c.count);
        sweepbox::SparkCone k;
        k.count = c.count;
        k.spread = to_real(c.spread);
        k.min_speed = to_real(c.min_speed);
        k.restitution = to_real(c.restitution);
        k.friction = to_real(c.friction);
        k.seed = c.seed;
        const sweepbox::CastHit h = to_hit(*hit);
        const sweepbox::Vec2 velocity = to_vec({bullet_vx, bullet_vy});
        if constexpr (real_is_double) {
            sweepbox::Particles p;
            p.count = batch->count;
            p.x = own(batch->x);
            p.y = own(batch->y);
            p.vx = own(batch->vx);
            p.vy = own(batch->vy);
            sweepbox::emit_sparks(h, velocity, k, p, first);
        } else {
            // Only the seeded range is written: the float copies hold just those particles.
            RealArrays& a = real_arrays();
            for (std::vector<real>* v : {&a.x, &a.y, &a.vx, &a.vy}) v->resize(c.count);
            sweepbox::Particles p;
            p.count = c.count;
            p.x = a.x.data();
            p.y = a.y.data();
            p.vx = a.vx.data();
            p.vy = a.vy.data();
            sweepbox::emit_sparks(h, velocity, k, p, 0);
            write_back(*batch, p, first, c.count);
        }
        return SWEEPBOX_OK;
    });
}
