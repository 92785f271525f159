// Particles: move_particles (emit_sparks is in sparks.cpp). A particle's frame is World::move's
// own loop for a zero-size box (move_unlisted in move.cpp: the same legs, contacts and responses),
// so a particle and a body can never disagree. A particle whose path meets no tile and no body's
// mark, or no obstacle but one solid tile it starts on and does not move into, takes a fast path
// with the answer that loop gives for a path that meets nothing (the moved point, no contact), and
// a particle at rest on a tile or a static body, or where solid tiles meet, one with the answer it
// gives there (rests_flush, rests_on, rests_at_junction); what lies near a path is particle_near.hpp.

#include <sweepbox/particles.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "broadphase/body_filter.hpp"
#include "narrow/junction.hpp"
#include "move/move_support.hpp"
#include "broadphase/obstacle.hpp"
#include "core/compiler.hpp"
#include "core/wide.hpp"
#include "geometry/sweep.hpp"
#include "broadphase/tile_obstacles.hpp"
#include "tiles/tile_tables.hpp"
#include "kit/particle_checks.hpp"
#include "kit/particle_near.hpp"

namespace sweepbox {

using detail::Near;
using detail::NearTest;
using detail::NearTiles;
using detail::RestFlush;
using detail::solid_and_seen;
using detail::wide;

FrameMotion frame_motion(Vec2 velocity, Vec2 gravity, real dt) {
    return detail::particle_motion(velocity, gravity, dt);
}

MoveOptions particle_move_options(const Particles& b, const ParticleFrame& f, std::size_t i) {
    MoveOptions o;
    o.response = Response::bounce;
    o.rest_speed = f.rest_speed;
    o.max_iterations = f.max_iterations;
    o.restitution = b.restitution ? b.restitution[i] : f.restitution;
    o.friction = b.friction ? b.friction[i] : f.friction;
    o.velocity = detail::particle_motion({b.vx[i], b.vy[i]}, f.gravity, f.dt).velocity;
    return o;
}

Particles ParticleArrays::view() {
    const std::size_t n = x.size();
    auto required = [&](std::size_t size, const char* name) {
        if (size != n)
            throw Error("ParticleArrays::view",
                        std::string(name) + " has " + std::to_string(size) + " entries, x has " + std::to_string(n));
    };
    auto optional = [&](auto& v, const char* name) {
        if (v.empty()) return decltype(v.data())(nullptr);
        required(v.size(), name);
        return v.data();
    };
    required(y.size(), "y");
    required(vx.size(), "vx");
    required(vy.size(), "vy");
    Particles p;
    p.count = n;
    p.x = x.data();
    p.y = y.data();
    p.vx = vx.data();
    p.vy = vy.data();
    p.alive = optional(alive, "alive");
    p.restitution = optional(restitution, "restitution");
    p.friction = optional(friction, "friction");
    p.category = optional(category, "category");
    p.mask = optional(mask, "mask");
    return p;
}

namespace {

// Particles see the tiles and the static bodies only: every other body is ignored, which moves
// a point exactly as if that body were not in the world (Response::ignore).
Response statics_only(void* /*context*/, const World& w, BodyId /*self*/, const Other& other) {
    if (other.is_body() && !WorldAccess::bodies(w)[other.body.index].is_static) return Response::ignore;
    return Response::bounce;
}

struct ParticleScratch {
    MoveResult result;
    std::vector<Vec2> velocities;
    std::vector<detail::Obstacle> solids; // rests_at_junction's
};

ParticleScratch& scratch() {
    thread_local ParticleScratch s;
    return s;
}

// The rest path: a point pressed into the face of the only obstacle near it (a solid tile, or a
// static body with extent on both axes), along one axis, slower than rest_speed, with no speed
// along the face. The move's loop then meets that obstacle at time 0 on that face (one obstacle:
// no junction, nothing to settle), drops the normal part (rest) and stops (no speed along the
// face): the point stays, its velocity is zero, and the one contact is made here from the same
// sweep and contact point. Anything else (a corner, a one-way tile, a bounce) is left to the loop.
// This part: the motion; `a` is its axis.
SWEEPBOX_FORCE_INLINE bool pressed_slowly(const FrameMotion& m, real rest_speed, int& a) {
    // (Each axis written out: glm's operator[] with a run-time index is a branch.)
    if (m.delta.x != 0) {
        a = 0;
        return m.delta.y == 0 && m.velocity.y == 0 && std::fabs(m.velocity.x) < rest_speed;
    }
    a = 1;
    return m.delta.y != 0 && m.velocity.x == 0 && std::fabs(m.velocity.y) < rest_speed;
}

// What a particle of this category and mask sees: tiles and bodies, as a body with no id.
SWEEPBOX_FORCE_INLINE detail::Selector particle_selector(std::uint32_t category, std::uint32_t mask) {
    return {BodyId{}, category, mask, true, true};
}

// The tile as the loop sees it, when it is solid and the particle sees tiles.
bool solid_tile(const World& w, const detail::Selector& sel, TileCell cell, detail::Obstacle& out) {
    const TileMap& tiles = w.tiles();
    const std::uint8_t bits = tiles.bits_in_map(cell.column, cell.row);
    if (!solid_and_seen(tiles, bits, sel)) return false;
    out = detail::tile_obstacle(tiles, cell, bits);
    return true;
}

// True when no static body the particle sees has a closed box that meets r.
[[gnu::noinline]] bool no_static_body(const World& w, const detail::Selector& sel, const Aabb& r) {
    bool found = false;
    WorldAccess::grid(w).for_each_candidate(r, [&](std::uint32_t i) {
        const auto& b = WorldAccess::bodies(w)[i];
        found = found || (b.is_static && intersects_closed(b.box, r) && detail::body_interacts(w, i, sel));
    });
    return !found;
}

// The rest path where tiles meet: a point pressed slowly into the meeting point or seam of two to
// four solid tiles (a floor's seam, where a floor meets a wall), none of which the slabs see
// it enter. The move's loop then stops it by the junction test (junction.hpp) at time 0 or one
// step of real later, rounds the stop back (settle_thin), drops the normal part (rest) and stops:
// the same calls here, on the same obstacles (the tiles of the path, no body), give its answer.
// `end`: where the point ends.
[[gnu::noinline]] bool rests_at_junction(const World& w, const detail::Selector& sel, const NearTiles& near,
                                         const Aabb& S, const FrameMotion& m, int a,
                                         std::vector<detail::Obstacle>& solids, Contact& out, Vec2& end) {
    solids.clear();
    const int j = 1 - a;
    for (int k = 0; k < near.count; ++k) {
        detail::Obstacle ob;
        if (!solid_tile(w, sel, near.cells[std::size_t(k)], ob)) return false;
        // With no motion on j, sweep() misses at once unless the point is strictly inside the
        // tile's extent on j: only then is the sweep needed.
        if (ob.box.min[j] < S.min[j] && S.min[j] < ob.box.max[j] &&
            detail::sweep(detail::SweepQuery(S, m.delta), ob.box, ob.faces, ob.seams).state != SweepState::miss)
            return false;
        solids.push_back(ob);
    }
    // Many stop where they start (on a floor's seam, where a floor meets a wall): then nothing
    // further along the path needs a look. Off every tile's edge on a, the start stops only inside
    // solid (first_junction finds that too): go on at once.
    bool on_edge = false;
    for (const detail::Obstacle& ob : solids)
        on_edge = on_edge || ob.box.min[a] == S.min[a] || ob.box.max[a] == S.min[a];
    detail::JunctionStop js;
    if (on_edge) js = detail::junction_at_start(S, m.delta, solids);
    if (!js.any) js = detail::first_junction(S, m.delta, solids);
    if (!js.any || js.normal[a] * m.velocity[a] >= 0) return false;
    const Aabb F = detail::settle_thin(S, m.delta, js.box, solids, -1);
    out.other = js.ob.other;
    out.time = real(0) + js.time * (1 - real(0)); // the loop's time of a first leg
    out.normal = js.normal;
    out.point = js.point;
    out.corner = js.corner;
    out.junction = true;
    end = F.min;
    return true;
}

// The one static body the particle sees whose closed box meets r, when there is exactly one and
// it has extent on both axes (bodies that are not static are not seen by particles).
[[gnu::noinline]] bool one_static_body(const World& w, const detail::Selector& sel, const Aabb& r,
                                       detail::Obstacle& out) {
    bool found = false, more = false;
    std::uint32_t which = 0;
    WorldAccess::grid(w).for_each_candidate(r, [&](std::uint32_t i) {
        const auto& b = WorldAccess::bodies(w)[i];
        if (!b.is_static || !intersects_closed(b.box, r) || !detail::body_interacts(w, i, sel)) return;
        more = more || (found && i != which);
        found = true;
        which = i;
    });
    if (!found || more) return false;
    detail::emit_body(w, which, [&](const detail::Obstacle& ob) { out = ob; });
    return out.box.min.x < out.box.max.x && out.box.min.y < out.box.max.y;
}

// The contact of the rest path on `ob`, when the sweep meets its face at time 0.
bool rests_on(const detail::Obstacle& ob, const Aabb& S, const FrameMotion& m, int a, Contact& out) {
    const detail::SweepQuery q(S, m.delta);
    const Sweep sw = detail::sweep(q, ob.box, ob.faces, ob.seams);
    if (sw.state != SweepState::hit || sw.time != 0 || sw.corner || sw.normal[a] == 0) return false;
    out.other = ob.other;
    out.time = real(0) + sw.time * (1 - real(0)); // the loop's time of a first leg
    out.normal = sw.normal;
    out.point = detail::contact_point(S, ob.box, sw.normal);
    out.corner = false;
    out.junction = false;
    return true;
}

SWEEPBOX_FORCE_INLINE void add_contact(ParticleContacts& contacts, std::size_t i, const Other& other, real time,
                                       Vec2 point, Vec2 normal, Vec2 velocity, bool corner, bool junction) {
    if (contacts.count == contacts.capacity) {
        ++contacts.dropped;
        return;
    }
    ParticleContact& pc = contacts.data[contacts.count++];
    pc.particle = std::uint32_t(i);
    pc.time = time;
    pc.point = point;
    pc.normal = normal;
    pc.velocity = velocity;
    pc.other = other;
    pc.corner = corner;
    pc.junction = junction;
}

void add_contact(ParticleContacts& contacts, std::size_t i, const Contact& c, Vec2 velocity) {
    add_contact(contacts, i, c.other, c.time, c.point, c.normal, velocity, c.corner, c.junction);
}

} // namespace

ParticleStats move_particles(const World& world, const Particles& b, const ParticleFrame& f,
                             ParticleContacts& contacts) {
    detail::require_particles(b, f, contacts);
    contacts.count = 0;
    contacts.dropped = 0;
    ParticleStats stats;
    const NearTest near(world);
    ParticleScratch& sc = scratch();
    Contact rest_contact;
    for (std::size_t i = 0; i < b.count; ++i) {
        if (b.alive && b.alive[i] == 0) continue;
        ++stats.moved;
        const FrameMotion m = detail::particle_motion({b.vx[i], b.vy[i]}, f.gravity, f.dt);
        const Aabb start{{b.x[i], b.y[i]}, {b.x[i], b.y[i]}};
        // (No motion: the loop runs no leg, and the point stays as it is, a -0 too.)
        const Aabb end = m.delta.x != 0 || m.delta.y != 0 ? start.translated(m.delta) : start;
        const Aabb path = merge(start, end);
        const std::uint32_t category = b.category ? b.category[i] : f.category, mask = b.mask ? b.mask[i] : f.mask;
        int axis = 0;
        const bool pressed = pressed_slowly(m, f.rest_speed, axis);
        // The rest paths' answer: the particle stays (where it is, or where the caller put it) with
        // a zero velocity.
        auto comes_to_rest = [&] {
            b.vx[i] = 0;
            b.vy[i] = 0;
            ++stats.resting;
            ++stats.touched;
        };
        if (pressed) {
            // (Its contact made in place, from registers: no Contact stored and read back.)
            // (The selector a temporary, in registers: most particle-frames end here.)
            RestFlush r;
            if (axis == 0 ? near.rests_in_place<0>(particle_selector(category, mask), start, path, m.delta.x, r)
                          : near.rests_in_place<1>(particle_selector(category, mask), start, path, m.delta.y, r)) {
                comes_to_rest();
                add_contact(contacts, i, Other::of(r.cell), 0, r.point, r.normal, Vec2{0, 0}, false, false);
                continue;
            }
        }
        const detail::Selector sel = particle_selector(category, mask);
        NearTiles tiles;
        const Near what = near(path, tiles);
        // What the move's loop gives for a path that meets nothing: the moved point.
        auto moved_freely = [&] {
            b.x[i] = end.min.x;
            b.y[i] = end.min.y;
            b.vx[i] = m.velocity.x;
            b.vy[i] = m.velocity.y;
            ++stats.quiet;
        };
        if (what == Near::nothing) {
            moved_freely();
            continue;
        }
        // No static body the particle sees meets the path (the marks of the tiles said one may).
        const bool no_statics = what == Near::tiles  ? !tiles.marked || no_static_body(world, sel, path)
                              : what == Near::bodies ? no_static_body(world, sel, path)
                                                     : false;
        if (what == Near::tiles && no_statics && pressed) {
            bool rests = false;
            Vec2 rest_at{b.x[i], b.y[i]};
            if (tiles.count == 1) {
                // (Its contact made in place, from registers: no Contact stored and read back.)
                RestFlush r;
                if (near.rests_flush(sel, tiles.cells[0], start, m, axis, r)) {
                    comes_to_rest();
                    add_contact(contacts, i, Other::of(r.cell), 0, r.point, r.normal, Vec2{0, 0}, false, false);
                    continue;
                }
                detail::Obstacle ob;
                rests = solid_tile(world, sel, tiles.cells[0], ob) && rests_on(ob, start, m, axis, rest_contact);
            } else {
                rests = rests_at_junction(world, sel, tiles, start, m, axis, sc.solids, rest_contact, rest_at);
            }
            if (rests) {
                b.x[i] = rest_at.x;
                b.y[i] = rest_at.y;
                comes_to_rest();
                add_contact(contacts, i, rest_contact, Vec2{0, 0});
                continue;
            }
        }
        // A path beside the tiles of its range, or among bodies' marks, may meet nothing still.
        if (no_statics && (what == Near::bodies || near.tiles_leave_alone(tiles, path, start.min, m.delta))) {
            moved_freely();
            continue;
        }
        if (what == Near::bodies && pressed) {
            detail::Obstacle ob;
            if (one_static_body(world, sel, path, ob) && rests_on(ob, start, m, axis, rest_contact)) {
                comes_to_rest();
                add_contact(contacts, i, rest_contact, Vec2{0, 0});
                continue;
            }
        }
        MoveOptions o = particle_move_options(b, f, i);
        o.filter = statics_only;
        // A few tiles and no body near the path (a spark bouncing off a floor): the legs inside
        // the cells of its tile range take them instead of walking the map.
        std::array<detail::Obstacle, NearTiles::max> known_tiles;
        detail::KnownObstacles known{{}, known_tiles.data(), std::size_t(tiles.count)};
        const bool knows = what == Near::tiles && near.known_tiles(sel, tiles, path, known_tiles, known.region);
        detail::move_unlisted(world, sel, start, m.delta, o, sc.result, sc.velocities, knows ? &known : nullptr);
        b.x[i] = sc.result.box.min.x;
        b.y[i] = sc.result.box.min.y;
        b.vx[i] = sc.result.velocity.x;
        b.vy[i] = sc.result.velocity.y;
        const std::size_t n = sc.result.contacts.size();
        if (n == 0) continue;
        ++stats.touched;
        for (std::size_t k = 0; k < n; ++k) add_contact(contacts, i, sc.result.contacts[k], sc.velocities[k]);
    }
    return stats;
}

} // namespace sweepbox
