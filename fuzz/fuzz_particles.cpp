/// @file fuzz_particles.cpp
/// Fuzz target: move_particles on whole worlds (the scenarios of fuzz_world: tiles solid and
/// one-way, bodies static and dynamic of every size, 0- and 1-unit walls, coordinates up to
/// 2^62), every particle of every frame checked against the exact answer of the contract.
///
/// The bytes decode into a scenario (scenario.hpp); each of its move operations becomes a
/// particle: it starts at a corner of the operation's body box (or of a tile of the map), with
/// velocity delta * 60, the operation's restitution, friction and max_iterations; the body's
/// category and mask. The frame (gravity, dt, rest_speed, max_iterations) comes from the first
/// operation.
/// Then up to 6 frames of move_particles.
///
/// Checked for every alive particle of every frame (a violation aborts with
/// "sweepbox fuzz: PROPERTY VIOLATED:"):
/// 1. the same as a body (docs/contract.md, "Particles"): a zero-size dynamic body at the
///    particle's position in a world of only the static bodies and the tiles, moved by
///    World::move with Response::bounce and the particle's options, ends at the particle's
///    position with its velocity, and reports the particle's contacts (other, time, point,
///    normal, corner, junction), bit for bit; the last contact's velocity is the move's;
/// 2. never through (rule 6): the path (start, the box of every contact, end) goes through no
///    blocking static body or solid tile whose closed box did not hold the start point
///    (path_check.hpp: exact, with its rounding tolerance; 0-thickness walls by side), and
///    ends strictly inside none of them;
/// 3. energy (rule 9): every contact's velocity is no faster than the one before it (the frame's
///    velocity first), component by component;
/// 4. valid input never throws; the same input gives the same bits twice (rule 10).
///
/// SWEEPBOX_FUZZ_VERBOSE=1 prints the decoded scenario.

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include <sweepbox/particles.hpp>
#include <sweepbox/world.hpp>
#include "fuzz_common.hpp"
#include "path_check.hpp"
#include "scenario.hpp"

using namespace sweepbox;
using namespace sweepbox::fuzz;

namespace {

bool same_bits(const void* a, const void* b, std::size_t n) { return n == 0 || std::memcmp(a, b, n) == 0; }
template <class T> bool same(const T& a, const T& b) { return same_bits(&a, &b, sizeof(T)); }

struct Batch : ParticleArrays {
    std::vector<std::int32_t> iterations; // the operation's max_iterations (the frame's is the first's)
};

// The start point of a particle: a corner of a body's box or of a tile, or its min corner moved
// by a fraction, by the operation's filter seed.
Vec2 start_of(const Scenario& sc, const Op& op) {
    const std::uint32_t s = op.filter.seed;
    Aabb b = sc.bodies[op.body].box;
    if ((s & 8) && sc.has_tiles) {
        const TileMap m(sc.tiles);
        b = m.cell_box({std::int32_t(op.body % std::uint32_t(sc.tiles.columns)),
                        std::int32_t((s >> 4) % std::uint32_t(sc.tiles.rows))});
    }
    switch (s & 7) {
    case 0: return b.min;
    case 1: return b.max;
    case 2: return {b.min.x, b.max.y};
    case 3: return {b.max.x, b.min.y};
    default: return {b.min.x + (b.max.x - b.min.x) / real(s & 7), b.min.y}; // along the top face
    }
}

struct Run {
    Batch batch;
    std::vector<ParticleContact> contacts;
};

void run(const Scenario& sc, bool check, Run& out) {
    // The particles' world: everything. The bodies' world: the static bodies and the tiles, then
    // the one zero-size body (static ids are the same in both: they come first in both).
    World wp(sc.def), wb(sc.def);
    std::vector<BodyId> ids;
    build_world(sc, wp, ids);
    if (sc.has_tiles) {
        wb.set_tile_map(sc.tiles);
        for (const auto& [cell, tile] : sc.initial_tiles) wb.set_tile(cell, tile);
    }
    std::vector<BodyDef> statics;
    for (const BodyDef& b : sc.bodies)
        if (b.is_static) statics.push_back(b);
    // Ids in wp of the statics, in order, to compare the Other of a contact.
    std::vector<BodyId> wp_static_ids, wb_static_ids;
    for (std::size_t i = 0; i < sc.bodies.size(); ++i)
        if (sc.bodies[i].is_static) wp_static_ids.push_back(ids[i]);
    for (const BodyDef& b : statics) wb_static_ids.push_back(wb.add(b));
    auto to_wp = [&](const Other& o) {
        if (!o.is_body()) return o;
        for (std::size_t k = 0; k < wb_static_ids.size(); ++k)
            if (wb_static_ids[k] == o.body) return Other::of(wp_static_ids[k]);
        return o;
    };

    Batch& b = out.batch;
    for (const Op& op : sc.ops) {
        if (op.kind != Op::Kind::move) continue;
        const Vec2 p = start_of(sc, op);
        const Vec2 v = op.delta * real(60);
        if (!is_finite(p) || !is_finite(v)) continue;
        b.x.push_back(p.x);
        b.y.push_back(p.y);
        b.vx.push_back(v.x);
        b.vy.push_back(v.y);
        b.restitution.push_back(op.restitution);
        b.friction.push_back(op.friction);
        b.category.push_back(sc.bodies[op.body].category);
        b.mask.push_back(sc.bodies[op.body].mask);
        b.iterations.push_back(op.max_iterations);
        if (b.x.size() == 16) break;
    }
    if (b.x.empty()) return;
    const Op& first = sc.ops.front();
    ParticleFrame f;
    f.gravity = {(first.filter.seed & 1) ? first.friction * real(500) : real(0), first.restitution * real(2000)};
    f.dt = (first.filter.seed & 0x80) ? real(1) / real(30) : real(1) / real(60);
    f.rest_speed = real(first.filter.seed & 0x70);
    f.max_iterations = b.iterations.front();
    const BodyId body = wb.add({.box = {{0, 0}, {0, 0}}});
    std::vector<ParticleContact> buffer(16 * 32);
    for (int frame = 0; frame < 6; ++frame) {
        Batch before = b;
        const Particles before_view = before.view();
        ParticleContacts contacts{buffer.data(), buffer.size()};
        // A motion out of the finite range is bad input: then the batch must be unchanged.
        try {
            move_particles(wp, b.view(), f, contacts);
        } catch (const Error&) {
            for (std::size_t i = 0; i < b.x.size(); ++i)
                if (!same(b.x[i], before.x[i]) || !same(b.vx[i], before.vx[i]))
                    fail("frame %d: move_particles threw and changed particle %zu", frame, i);
            return;
        }
        out.contacts.insert(out.contacts.end(), buffer.begin(), buffer.begin() + std::ptrdiff_t(contacts.count));
        if (contacts.dropped != 0)
            fail("frame %d: %zu contacts dropped from a buffer of 32 per particle", frame, contacts.dropped);
        if (!check) continue;
        std::size_t next = 0;
        for (std::size_t i = 0; i < b.x.size(); ++i) {
            const Vec2 p0{before.x[i], before.y[i]};
            const FrameMotion m = frame_motion({before.vx[i], before.vy[i]}, f.gravity, f.dt);
            const MoveOptions o = particle_move_options(before_view, f, i);
            MoveResult r;
            try {
                wb.teleport(body, {p0, p0});
                wb.set_filter(body, b.category[i], b.mask[i]);
                r = wb.move(body, m.delta, o);
            } catch (const Error& e) {
                fail("frame %d particle %zu: the body's move threw where the particle's did not: %s", frame, i,
                     e.what());
            }
            const std::string who = "frame " + std::to_string(frame) + " particle " + std::to_string(i) + " from " +
                                    str(p0) + " by " + str(m.delta);
            // 1. The same as a body.
            if (!same(r.box.min, Vec2{b.x[i], b.y[i]}) || !same(r.velocity, Vec2{b.vx[i], b.vy[i]}))
                fail("%s: the particle ends at %s with velocity %s, the body at %s with %s", who.c_str(),
                     str(Vec2{b.x[i], b.y[i]}).c_str(), str(Vec2{b.vx[i], b.vy[i]}).c_str(), str(r.box.min).c_str(),
                     str(r.velocity).c_str());
            Vec2 last = m.velocity;
            for (std::size_t k = 0; k < r.contacts.size(); ++k, ++next) {
                const Contact& c = r.contacts[k];
                if (next >= contacts.count) fail("%s: the body has more contacts than the particle", who.c_str());
                const ParticleContact& pc = buffer[next];
                if (pc.particle != i || !(pc.other == to_wp(c.other)) || !same(pc.time, c.time) ||
                    !same(pc.point, c.point) || !same(pc.normal, c.normal) || pc.corner != c.corner ||
                    pc.junction != c.junction)
                    fail("%s: contact %zu differs: particle %u other %s time %s point %s normal %s; body other %s "
                         "time %s point %s normal %s",
                         who.c_str(), k, unsigned(pc.particle), other_str(pc.other).c_str(), str(pc.time).c_str(),
                         str(pc.point).c_str(), str(pc.normal).c_str(), other_str(c.other).c_str(), str(c.time).c_str(),
                         str(c.point).c_str(), str(c.normal).c_str());
                if (k + 1 == r.contacts.size() && !same(pc.velocity, r.velocity))
                    fail("%s: the last contact's velocity %s is not the move's %s", who.c_str(),
                         str(pc.velocity).c_str(), str(r.velocity).c_str());
                // 3. Energy.
                if (std::fabs(pc.velocity.x) > std::fabs(last.x) || std::fabs(pc.velocity.y) > std::fabs(last.y))
                    fail("%s: contact %zu made it faster: %s after %s", who.c_str(), k, str(pc.velocity).c_str(),
                         str(last).c_str());
                last = pc.velocity;
            }
            // 2. Never through: the path against every blocking static body and solid tile.
            std::vector<Aabb> path{Aabb{p0, p0}};
            for (const Contact& c : r.contacts) path.push_back(c.box);
            path.push_back(r.box);
            auto check_obstacle = [&](const Aabb& ob, const std::string& what) {
                if (intersects_closed(Aabb{p0, p0}, ob)) return; // starts on or in it
                if (overlaps(r.box, ob))
                    fail("%s: ends inside %s %s (rule 6)", who.c_str(), what.c_str(), str(ob).c_str());
                for (std::size_t k = 0; k + 1 < path.size(); ++k) {
                    if (!intersects_closed(merge(path[k], path[k + 1]), ob)) continue;
                    if (path_overlaps(path[k], path[k + 1], shrink(ob, tolerance(path[k], path[k + 1], ob))))
                        fail("%s: went through %s %s between %s and %s (rule 6)", who.c_str(), what.c_str(),
                             str(ob).c_str(), str(path[k]).c_str(), str(path[k + 1]).c_str());
                }
            };
            for (const BodyDef& s : statics) // (one-way bodies, as one-way tiles: in fuzz_world)
                if ((s.category & b.mask[i]) && (b.category[i] & s.mask) && s.one_way == OneWay::none)
                    check_obstacle(s.box, "static body");
            if (sc.has_tiles && (wp.tiles().def().category & b.mask[i]) && (b.category[i] & wp.tiles().def().mask))
                for (std::int32_t row = 0; row < wp.tiles().rows(); ++row)
                    for (std::int32_t col = 0; col < wp.tiles().columns(); ++col)
                        if (wp.tiles().get({col, row}) == Tile::solid)
                            check_obstacle(wp.tiles().cell_box({col, row}), "solid tile");
        }
        if (next != contacts.count) fail("frame %d: the particles have more contacts than the bodies", frame);
        if (verbose())
            std::fprintf(stderr, "frame %d: %zu particles compared, %zu contacts\n", frame, b.x.size(), next);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    const Scenario sc = decode_scenario(in, false);
    if (verbose()) print_scenario(sc);
    if (sc.ops.empty()) return 0;
    Run a, b;
    try {
        run(sc, true, a);
        run(sc, false, b);
    } catch (const Error& e) {
        fail("valid input threw: %s", e.what());
    }
    if (!same_bits(a.batch.x.data(), b.batch.x.data(), a.batch.x.size() * sizeof(real)) ||
        !same_bits(a.batch.vx.data(), b.batch.vx.data(), a.batch.vx.size() * sizeof(real)) ||
        a.contacts.size() != b.contacts.size())
        fail("not deterministic: the same input gave different particles on a second run (rule 10)");
    return 0;
}
