// Particles: move_particles and emit_sparks. A particle's frame is World::move's own loop for a
// zero-size box (move_unlisted in move.cpp: the same legs, contacts and responses), so a particle
// and a body can never disagree. A particle whose path meets no tile and no body's mark, or no
// obstacle but one solid tile it starts on and does not move into, takes a fast path with the
// answer that loop gives for a path that meets nothing (the moved point, no contact), and a
// particle at rest on a tile or a static body, or where solid tiles meet, one with the answer it
// gives there (rests_flush, rests_on, rests_at_junction).

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
#include "geometry/sweep.hpp"
#include "broadphase/tile_obstacles.hpp"
#include "tiles/tile_tables.hpp"

namespace sweepbox {

using detail::wide;

namespace {

// frame_motion, inline for the loops over a batch.
SWEEPBOX_FORCE_INLINE FrameMotion motion(Vec2 velocity, Vec2 gravity, real dt) {
    FrameMotion m;
    m.velocity = velocity + gravity * dt;
    m.delta = m.velocity * dt;
    return m;
}

} // namespace

FrameMotion frame_motion(Vec2 velocity, Vec2 gravity, real dt) { return motion(velocity, gravity, dt); }

MoveOptions particle_move_options(const Particles& b, const ParticleFrame& f, std::size_t i) {
    MoveOptions o;
    o.response = Response::bounce;
    o.rest_speed = f.rest_speed;
    o.max_iterations = f.max_iterations;
    o.restitution = b.restitution ? b.restitution[i] : f.restitution;
    o.friction = b.friction ? b.friction[i] : f.friction;
    o.velocity = motion({b.vx[i], b.vy[i]}, f.gravity, f.dt).velocity;
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

// True when a tile with these bits (TileMap::bits_in_map) is solid and seen by sel with the map's
// filter: the tiles the rest paths answer for.
SWEEPBOX_FORCE_INLINE bool solid_and_seen(const TileMap& tiles, std::uint8_t bits, const detail::Selector& sel) {
    return Tile(bits & 3) == Tile::solid && detail::sees_common_tiles(tiles, sel);
}

// What lies near the path of a point over one frame (the closed box r of the path), for the fast
// paths: nothing at all, no tile but perhaps bodies, or a few tiles (and perhaps bodies: marked).
// On the map, by the tiles' occupied bits and the world's body marks (a body meeting r meets a
// tile r touches, which it marked); off it, by the body grid.
enum class Near : std::uint8_t { nothing, bodies, tiles, more };

struct NearTiles {
    static constexpr int max = 4; // a point's path on a corner of four tiles
    int count = 0;
    bool marked = false; // a body may meet r too
    std::array<TileCell, max> cells{};
};

// The contact of rests_flush (at time 0, not at a corner or junction).
struct RestFlush {
    TileCell cell;
    Vec2 normal;
    Vec2 point;
};

class NearTest {
public:
    explicit NearTest(const World& w)
        : w_(w), tiles_(w.tiles()), occupied_(detail::TileTables::occupied(tiles_)), marks_(WorldAccess::body_marks(w)),
          bits_(detail::TileTables::bits(tiles_)), ex_(detail::TileTables::edges_x(tiles_)),
          ey_(detail::TileTables::edges_y(tiles_)), inv_(detail::TileTables::inverse_tile_size(tiles_)),
          columns_(std::size_t(tiles_.columns())), on_map_(!tiles_.is_empty()) {
        if (on_map_) bounds_ = tiles_.bounds();
        origin_ = tiles_.def().origin;
        for (int k = 0; k < 2; ++k) err_[k] = detail::TileTables::edge_error(tiles_, k);
    }

    // True when the tiles of `near` (a `tiles` answer for the closed box r of the path from p by
    // d) leave the path alone: it meets none of their closed boxes (the range is padded), or one
    // solid tile only, starting on its boundary and not moving toward it on that axis (leaving a
    // face or sliding along it; an end rounded onto a face may be past it). A point that never
    // enters the one obstacle it touches has no contact with it, and a single box has no
    // junction (its free pieces around any point are joined): the move's loop gives the moved
    // point, as for a path that meets nothing.
    [[nodiscard]] bool tiles_leave_alone(const NearTiles& near, const Aabb& r, Vec2 p, Vec2 d) const {
        if (ex_ == nullptr || ey_ == nullptr) return false;
        int touched = 0;
        for (int k = 0; k < near.count; ++k) {
            const TileCell c = near.cells[std::size_t(k)];
            const Aabb t = detail::tile_box(ex_, ey_, c.column, c.row);
            if (!intersects_closed(t, r)) continue;
            const bool solid = Tile(bits_at(c) & 3) == Tile::solid;
            const bool on_boundary = (p.x == t.min.x && d.x <= 0) || (p.x == t.max.x && d.x >= 0) ||
                                     (p.y == t.min.y && d.y <= 0) || (p.y == t.max.y && d.y >= 0);
            if (++touched > 1 || !solid || !on_boundary || !(t.min.x < t.max.x && t.min.y < t.max.y)) return false;
        }
        return true;
    }

    // rests_on for the tile at `cell` (of a `tiles` answer) decided by comparisons, for a point p
    // pressed along axis a (pressed_slowly) by a particle of selector sel: true when the tile is
    // solid, seen, has extent on both axes, and p lies on the face it is pressed into, strictly
    // inside that face's extent. sweep() then takes its fast path to a hit at time 0 on that face
    // (numerator 0, exit after 0, the other axis never entered: no corner), which is the contact
    // made here without the SweepQuery's divisions. False: undecided, the caller asks rests_on.
    SWEEPBOX_FORCE_INLINE bool rests_flush(const detail::Selector& sel, TileCell cell, const Aabb& S,
                                           const FrameMotion& m, int a, RestFlush& out) const {
        if (ex_ == nullptr || ey_ == nullptr) return false;
        if (!solid_and_seen(tiles_, bits_at(cell), sel)) return false;
        const Aabb box = detail::tile_box(ex_, ey_, cell.column, cell.row);
        // (The axis as a template argument: glm's operator[] with a run-time index is a branch,
        // and a vector built through it is a store a wider load cannot take back at once.)
        return a == 0 ? flush_on<0>(cell, box, S, m.delta.x, out) : flush_on<1>(cell, box, S, m.delta.y, out);
    }

    // rests_flush without the tile range, for a point pressed along axis A by d, its path `path`
    // strictly inside the map: true when the point lies strictly inside a cell on the other axis
    // and on the line between two cells on A (the one it is pressed into solid, the one behind it
    // empty, both of extent on A, no body's mark on either), and its path ends inside the first.
    // Then the path's closed box touches those two cells only, so no other tile or body can
    // matter, and the one tile is rests_flush's case. False: undecided (the usual way decides).
    template <int A>
    SWEEPBOX_FORCE_INLINE bool rests_in_place(const detail::Selector& sel, const Aabb& S, const Aabb& path, real d,
                                              RestFlush& out) const {
        constexpr int o = 1 - A;
        if (ex_ == nullptr || ey_ == nullptr || !on_map_ ||
            !(bounds_.min.x < path.min.x && bounds_.min.y < path.min.y && path.max.x < bounds_.max.x &&
              path.max.y < bounds_.max.y))
            return false;
        const real* eo = o == 0 ? ex_ : ey_;
        const real* ea = A == 0 ? ex_ : ey_;
        const std::int32_t no = o == 0 ? tiles_.columns() : tiles_.rows();
        const std::int32_t na = A == 0 ? tiles_.columns() : tiles_.rows();
        const real q = S.min[o], p = S.min[A];
        // The cell of q on o and the edge of p on A, first guessed, then checked exactly. (Clamped
        // to at least 0 first, truncation is floor: no call to floor.)
        const wide uo = (wide(q) - wide(origin_[o])) * inv_, ua = (wide(p) - wide(origin_[A])) * inv_;
        const std::int32_t i = std::int32_t(std::clamp(uo, wide(0), wide(no - 1)));
        const std::int32_t j = std::int32_t(std::clamp(ua + wide(0.5), wide(1), wide(na - 1)));
        if (!(eo[i] < q && q < eo[i + 1] && ea[j] == p && ea[j - 1] < p && p < ea[j + 1])) return false;
        const bool pos = d > 0;
        if (pos ? !(path.max[A] < ea[j + 1]) : !(ea[j - 1] < path.min[A])) return false;
        const std::int32_t in = pos ? j : j - 1, behind = pos ? j - 1 : j;
        const TileCell cell = A == 0 ? TileCell{in, i} : TileCell{i, in};
        const std::size_t at = std::size_t(cell.row) * columns_ + std::size_t(cell.column);
        const std::size_t at_behind = A == 0 ? std::size_t(i) * columns_ + std::size_t(behind)
                                             : std::size_t(behind) * columns_ + std::size_t(i);
        using detail::TileTables;
        if (TileTables::bit(occupied_, at_behind) || TileTables::bit(marks_, at_behind) ||
            TileTables::bit(marks_, at) || !solid_and_seen(tiles_, bits_[at], sel))
            return false;
        // The cell's box is [eo[i], eo[i + 1]] on o, and ea[j] (== p) and a neighbour on A: every
        // test of flush_on holds already. (The face's edge as the table has it: p may be a -0.)
        flush_contact<A>(cell, ea[j], q, pos, out);
        return true;
    }

    // The tiles of `near` (a `tiles` answer for the closed box r of a path) as the walks build
    // them, into `out`, and the cells of r's tile range as `region`, when those tiles are every obstacle a move of a particle of
    // selector sel could find in the region's interior (detail::KnownObstacles): no body's mark in
    // the range, the particle sees the tiles with the map's filter, and the map has no slopes.
    // False otherwise.
    [[nodiscard]] bool known_tiles(const detail::Selector& sel, const NearTiles& near, const Aabb& r,
                                   std::array<detail::Obstacle, NearTiles::max>& out, Aabb& region) const {
        if (near.marked || tiles_.slope_count() != 0 || !sel.tiles || !detail::sees_common_tiles(tiles_, sel))
            return false;
        // No other tile meets the interior of the range's cells, and no body their closed boxes
        // (no marks).
        // (The range again, not kept by operator(): its store would cost every path that asks.)
        const CellRange c = range_of(r);
        region = {{ex_[c.x0], ey_[c.y0]}, {ex_[c.x1 + 1], ey_[c.y1 + 1]}};
        for (int k = 0; k < near.count; ++k) {
            const TileCell cell = near.cells[std::size_t(k)];
            out[std::size_t(k)] = detail::tile_obstacle(tiles_, cell, bits_at(cell));
        }
        return true;
    }

    // `near`: the tiles, when the answer is `tiles`.
    SWEEPBOX_FORCE_INLINE Near operator()(const Aabb& r, NearTiles& near) const {
        if (on_map_ && bounds_.min.x < r.min.x && bounds_.min.y < r.min.y && r.max.x < bounds_.max.x &&
            r.max.y < bounds_.max.y) {
            // Strictly inside the map: every point of r is on a tile of its range.
            const CellRange c = range_of(r);
            int found = 0;
            bool marked = false;
            for (std::int32_t row = c.y0; row <= c.y1; ++row)
                for (std::int32_t col = c.x0; col <= c.x1; ++col) {
                    const std::size_t at = std::size_t(row) * columns_ + std::size_t(col);
                    marked = marked || detail::TileTables::bit(marks_, at);
                    if (detail::TileTables::bit(occupied_, at)) {
                        if (found == NearTiles::max) return Near::more;
                        near.cells[std::size_t(found++)] = detail::packed_cell(col, row); // one store
                    }
                }
            near.count = found;
            near.marked = marked;
            if (found == 0) return marked ? Near::bodies : Near::nothing;
            return Near::tiles;
        }
        return off_map(r);
    }

private:
    // The tiles a box r strictly inside the map may touch: candidate_tiles' spans, with the
    // padding of the whole map (at least each box's own), computed once in the constructor.
    [[nodiscard]] SWEEPBOX_FORCE_INLINE CellRange range_of(const Aabb& r) const {
        CellRange c;
        detail::tile_span(r.min.x, r.max.x, origin_.x, tiles_.columns(), inv_, err_[0], c.x0, c.x1);
        detail::tile_span(r.min.y, r.max.y, origin_.y, tiles_.rows(), inv_, err_[1], c.y0, c.y1);
        return c;
    }

    // The walk bits of the tile at c, inside the map (TileMap::bits_in_map).
    [[nodiscard]] std::uint8_t bits_at(TileCell c) const {
        return bits_[std::size_t(c.row) * columns_ + std::size_t(c.column)];
    }

    // rests_flush on axis A, pressed by d (its component of the motion) into `box`.
    template <int A>
    SWEEPBOX_FORCE_INLINE static bool flush_on(TileCell cell, const Aabb& box, const Aabb& S, real d, RestFlush& out) {
        constexpr int o = 1 - A;
        const real p = S.min[A], q = S.min[o];
        const bool pos = d > 0;
        const real edge = pos ? box.min[A] : box.max[A];
        if (!(box.min[A] < box.max[A] && box.min[o] < q && q < box.max[o] && p == edge)) return false;
        flush_contact<A>(cell, edge, q, pos, out);
        return true;
    }

    // The contact of a point at q on axis 1 - A lying on the face at `edge` on axis A, pressed
    // along A (positive: pos).
    template <int A>
    SWEEPBOX_FORCE_INLINE static void flush_contact(TileCell cell, real edge, real q, bool pos, RestFlush& out) {
        const real n = pos ? real(-1) : real(1); // axis_normal
        const real mid = q + (q - q) / 2;        // contact_point's middle of [q, q]
        out.cell = cell;
        out.normal = A == 0 ? Vec2{n, 0} : Vec2{0, n};
        out.point = A == 0 ? Vec2{edge, mid} : Vec2{mid, edge}; // contact_point: the face's edge
    }

    [[nodiscard, gnu::noinline]] Near off_map(const Aabb& r) const {
        if (on_map_ &&
            !(r.max.x < bounds_.min.x || r.max.y < bounds_.min.y || bounds_.max.x < r.min.x || bounds_.max.y < r.min.y))
            return Near::more; // on the map's border, or partly on it: the full move decides
        const SpatialGrid& grid = w_.grid();
        bool any = grid.oversize_count() != 0;
        grid.for_each_in_cells(r, [&](std::uint32_t) { any = true; });
        return any ? Near::bodies : Near::nothing;
    }

    const World& w_;
    const TileMap& tiles_;
    const std::uint64_t* occupied_;
    const std::uint64_t* marks_;
    const std::uint8_t* bits_;
    const real* ex_;
    const real* ey_;
    wide inv_;
    std::size_t columns_;
    bool on_map_;
    Aabb bounds_{};
    Vec2 origin_{};
    wide err_[2] = {};
};

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
    w.grid().for_each_candidate(r, [&](std::uint32_t i) {
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
    w.grid().for_each_candidate(r, [&](std::uint32_t i) {
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

bool in_unit(real x) { return x >= 0 && x <= 1; }

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
    const FrameMotion m = motion(v, f.gravity, f.dt);
    if (!is_finite(m.velocity) || !is_finite(m.delta))
        throw Error("move_particles", who + "the frame's velocity or motion leaves the finite range of real");
    throw Error("move_particles", who + "the frame's motion takes it out of the finite range of real");
}

// True when particle i's numbers are fine. The position after a frame lies within the frame's
// motion's length of the start (a bounce never lengthens what is left of it, though off a slope
// it turns it toward the other axis), so twice |dx| + |dy| within the finite range keeps every
// result finite.
SWEEPBOX_FORCE_INLINE bool particle_ok(const Particles& b, const ParticleFrame& f, std::size_t i) {
    const FrameMotion m = motion({b.vx[i], b.vy[i]}, f.gravity, f.dt);
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
        // motion() and particle_ok's tests, the same operations in the same order.
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
    require_particles(b, f, contacts);
    contacts.count = 0;
    contacts.dropped = 0;
    ParticleStats stats;
    const NearTest near(world);
    ParticleScratch& sc = scratch();
    Contact rest_contact;
    for (std::size_t i = 0; i < b.count; ++i) {
        if (b.alive && b.alive[i] == 0) continue;
        ++stats.moved;
        const FrameMotion m = motion({b.vx[i], b.vy[i]}, f.gravity, f.dt);
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
    if (!in_unit(cone.min_speed)) throw Error(where, "min_speed must be in [0, 1]");
    if (!in_unit(cone.restitution)) throw Error(where, "restitution must be in [0, 1]");
    if (!in_unit(cone.friction)) throw Error(where, "friction must be in [0, 1]");
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
