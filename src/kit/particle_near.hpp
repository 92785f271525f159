#pragma once
// Internal: what lies near a particle's path over one frame, read from the map's tables and the
// world's body marks, for move_particles' fast paths (particles.cpp).

#include <sweepbox/particles.hpp>
#include <sweepbox/world.hpp>

#include <algorithm>
#include <array>
#include <cstdint>

#include "broadphase/body_filter.hpp"
#include "broadphase/obstacle.hpp"
#include "broadphase/tile_obstacles.hpp"
#include "core/compiler.hpp"
#include "core/wide.hpp"
#include "tiles/tile_tables.hpp"

namespace sweepbox::detail {

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
        const SpatialGrid& grid = WorldAccess::grid(w_);
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

} // namespace sweepbox::detail
