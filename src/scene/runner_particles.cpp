// The runner's `particles` steps: the batch from the step's "emit" list, then `frames` frames of
// move_particles; every position, velocity and contact for a small batch, counts and a checksum
// for a big one.
#include <sweepbox/scene.hpp>

#include <sweepbox/particles.hpp>

#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "json_line.hpp"
#include "runner_errors.hpp"
#include "runner_options.hpp"

namespace sweepbox {

using detail::JsonLine;

namespace {

// FNV-1a over the bits of every number (Fowler, Noll, Vo): the same runs print the same checksum.
struct Checksum {
    std::uint64_t hash = 0xcbf29ce484222325ull;
    void add(real v) {
        unsigned char bytes[sizeof(real)];
        std::memcpy(bytes, &v, sizeof bytes);
        for (unsigned char byte : bytes) hash = (hash ^ byte) * 0x100000001b3ull;
    }
    [[nodiscard]] std::string text() const {
        char buffer[17];
        std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(hash));
        return buffer;
    }
};

std::size_t particle_count(const SceneStep& step) {
    std::size_t count = 0;
    for (const SceneEmit& emit : step.emit) count += emit.cone ? std::size_t(emit.count) : 1;
    return count;
}

void write_contact(JsonLine& line, const ParticleContact& contact, std::int32_t frame, const std::string& other) {
    line.open('{');
    line.key("particle").integer(contact.particle);
    line.key("frame").integer(frame);
    line.key("point").vec(contact.point);
    line.key("normal").vec(contact.normal);
    line.key("velocity").vec(contact.velocity);
    line.key("other").raw(other);
    if (contact.junction) line.key("junction").boolean(true);
    line.close('}');
}

// A batch too big to list: its contacts, how many rest, and a checksum of its state.
void write_batch_summary(JsonLine& line, const ParticleArrays& arrays, std::size_t contacts) {
    Checksum sum;
    std::size_t resting = 0;
    for (std::size_t k = 0; k < arrays.x.size(); ++k) {
        sum.add(arrays.x[k]);
        sum.add(arrays.y[k]);
        sum.add(arrays.vx[k]);
        sum.add(arrays.vy[k]);
        resting += arrays.vx[k] == 0 && arrays.vy[k] == 0 ? 1u : 0u;
    }
    line.key("contacts").integer(static_cast<long long>(contacts));
    line.key("at_rest").integer(static_cast<long long>(resting));
    line.key("checksum").str(sum.text());
}

} // namespace

// The batch of a `particles` step: its "emit" list in order, single particles and spark cones.
void SceneRunner::emit_particles(std::size_t index, const std::string& where, const Particles& batch) const {
    const SceneStep& step = scene_.steps[index];
    std::size_t next = 0;
    for (const SceneEmit& emit : step.emit) {
        if (!emit.cone) {
            batch.x[next] = emit.from.x;
            batch.y[next] = emit.from.y;
            batch.vx[next] = emit.velocity.x;
            batch.vy[next] = emit.velocity.y;
            ++next;
            continue;
        }
        const auto hit = cast_hits_.find(emit.hit_step);
        if (hit == cast_hits_.end() || !hit->second.hit)
            throw SceneError(file_, where,
                             "field \"emit\": the cast of step " + std::to_string(emit.hit_step) + " hit nothing");
        const SparkCone cone = detail::spark_cone_of(emit, step);
        emit_sparks(hit->second, scene_.steps[emit.hit_step].delta, cone, batch, next);
        next += cone.count;
    }
}

std::string SceneRunner::run_particles(std::size_t index, const std::string& where) {
    const SceneStep& step = scene_.steps[index];
    const std::size_t count = particle_count(step);
    ParticleArrays arrays;
    arrays.x.resize(count);
    arrays.y.resize(count);
    arrays.vx.resize(count);
    arrays.vy.resize(count);
    const std::vector<real>&x = arrays.x, &y = arrays.y, &vx = arrays.vx, &vy = arrays.vy;
    const Particles batch = arrays.view();
    emit_particles(index, where, batch);
    const ParticleFrame frame_rules = detail::particle_frame_of(step);
    // Room for every contact a frame can have: max_iterations bounces and the pushes out of an
    // obstacle (rule 7, at most 4) per particle.
    std::vector<ParticleContact> buffer(count * (std::size_t(step.max_iterations) + 4));
    ParticleContacts contacts;
    contacts.data = buffer.data();
    contacts.capacity = buffer.size();
    const bool listed = count <= max_listed_particles;
    const std::size_t stride = std::size_t(step.count) + 1; // a particle's positions in the trace
    ParticleTrace trail;
    const bool traced = trace_move(index, count * std::size_t(step.count));
    if (traced) {
        trail.step = index;
        trail.count = count;
        trail.frames = step.count;
        trail.positions.resize(count * stride);
        for (std::size_t k = 0; k < count; ++k) trail.positions[k * stride] = {x[k], y[k]};
    }
    JsonLine contact_list;
    std::size_t total = 0, shown = 0, omitted = 0;
    std::vector<Vec2> last_normal(traced ? count : 0, Vec2{0, 0});
    for (std::int32_t frame = 0; frame < step.count; ++frame) {
        try {
            move_particles(world_, batch, frame_rules, contacts);
        } catch (const Error& e) {
            throw SceneError(file_, where + ", frame " + std::to_string(frame), detail::problem_of(e));
        }
        total += contacts.count;
        for (std::size_t k = 0; k < contacts.count; ++k) {
            const ParticleContact& contact = buffer[k];
            if (traced) {
                // A particle at rest touches its floor every frame: its landing is drawn once.
                const bool again = contact.normal == last_normal[contact.particle] && contact.velocity == Vec2{0, 0};
                last_normal[contact.particle] = contact.normal;
                if (!again) {
                    Contact& bounce = trail.bounces.emplace_back();
                    bounce.point = contact.point;
                    bounce.normal = contact.normal;
                }
            }
            if (!listed) continue;
            if (shown == max_listed_contacts) {
                ++omitted;
                continue;
            }
            ++shown;
            write_contact(contact_list, contact, frame, other_json(contact.other));
        }
        if (traced)
            for (std::size_t k = 0; k < count; ++k) trail.positions[k * stride + std::size_t(frame) + 1] = {x[k], y[k]};
    }
    JsonLine line;
    line.key("particles").integer(static_cast<long long>(count));
    line.key("frames").integer(step.count);
    if (listed) {
        line.key("positions").open('[');
        for (std::size_t k = 0; k < count; ++k) line.vec({x[k], y[k]});
        line.close(']');
        line.key("velocities").open('[');
        for (std::size_t k = 0; k < count; ++k) line.vec({vx[k], vy[k]});
        line.close(']');
        line.key("alive").open('[');
        for (std::size_t k = 0; k < count; ++k) line.boolean(true);
        line.close(']');
        line.key("contacts").open('[');
        if (shown > 0) line.raw(contact_list.take());
        line.close(']');
        if (omitted > 0) line.key("contacts_omitted").integer(static_cast<long long>(omitted));
    } else {
        write_batch_summary(line, arrays, total);
    }
    if (traced) trace_.particles.push_back(std::move(trail));
    return line.take();
}

} // namespace sweepbox
