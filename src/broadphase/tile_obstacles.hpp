#pragma once
// Internal: tiles as obstacles (faces, seams, boxes from the edge tables) and the tile ranges
// a box may touch.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <sweepbox/tile_map.hpp>

#include "broadphase/obstacle.hpp"
#include "core/bit_cast.hpp"
#include "core/cell_coord.hpp"
#include "core/compiler.hpp"
#include "tiles/tile_tables.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"

namespace sweepbox::detail {

/// A solid tile may be entered through every face; those shared with solid neighbours are
/// seams. A one-way tile may be entered only through the face of its direction and has no seams.
struct TileFaces {
    std::uint8_t faces; // the faces that may be entered
    std::uint8_t seams; // the faces shared with another solid tile
};
/// The faces and seams of a non-empty tile from its bits (TileMap::bits_in_map).
SWEEPBOX_FORCE_INLINE TileFaces tile_faces(std::uint8_t bits) {
    const std::uint8_t surfaces = std::uint8_t(bits >> 2);
    if (Tile(bits & 3) == Tile::one_way) return {std::uint8_t(surfaces & face_all), 0};
    return {std::uint8_t(face_all), std::uint8_t(~surfaces & face_all)};
}
inline void set_tile_faces(Obstacle& ob, std::uint8_t bits) {
    const TileFaces f = tile_faces(bits);
    ob.special = (bits & 3) >= std::uint8_t(Tile::one_way); // one-way or slope
    ob.faces = f.faces;
    ob.seams = f.seams;
}

/// The obstacle of the tile at c (inside the map) with its bits (TileMap::bits_in_map).
SWEEPBOX_FORCE_INLINE Obstacle tile_obstacle(const TileMap& tiles, TileCell c, std::uint8_t bits) {
    Obstacle ob;
    ob.other = Other::of(c);
    ob.box = tiles.cell_box(c);
    ob.category = tiles.def().category;
    ob.mask = tiles.def().mask;
    set_tile_faces(ob, bits);
    if (Tile(bits & 3) == Tile::slope) [[unlikely]]
        ob.shape = std::uint8_t(tiles.shape_at(c));
    return ob;
}

/// A tile's obstacle (of a cell inside the map) with the category and mask of the tile's kind.
inline Obstacle with_kind_filter(const TileMap& tiles, Obstacle ob) {
    const TileKind& k = TileTables::kind_in_map(tiles, ob.other.tile.column, ob.other.tile.row);
    ob.category = k.category;
    ob.mask = k.mask;
    return ob;
}

/// The obstacle of the tile at c (inside the map) with its kind's category and mask, for a
/// caller that rebuilds an obstacle from its Other (the walks give the map's filter where
/// sees_common_tiles holds, and by_kind's otherwise).
inline Obstacle tile_obstacle_at(const TileMap& tiles, TileCell c) {
    return with_kind_filter(tiles, tile_obstacle(tiles, c, tiles.bits_in_map(c.column, c.row)));
}

/// True when s sees every blocking tile of the map with the map's filter, so that a walk takes
/// each tile as it is, without its kind: the usual case. False for every selector while the map
/// has tiles of kinds with their own filter (TileMap::filtered_count); the walks then visit
/// through by_kind.
SWEEPBOX_FORCE_INLINE bool sees_common_tiles(const TileMap& tiles, const Selector& s) {
    return interacts(s, TileTables::common_category(tiles), TileTables::common_mask(tiles));
}

/// A tile visitor that passes on to f the tiles s sees by their kinds' category and mask, each
/// obstacle with those.
template <class F> auto by_kind(const TileMap& tiles, const Selector& s, F& f) {
    return [&tiles, &s, &f](const Obstacle& ob) {
        const Obstacle seen = with_kind_filter(tiles, ob);
        if (interacts(s, seen.category, seen.mask)) f(seen);
    };
}

/// Visits the tile at (col, row), inside the map, unless it is empty.
template <class F>
SWEEPBOX_FORCE_INLINE void visit_tile(const TileMap& tiles, std::int32_t col, std::int32_t row, F&& f) {
    if (const std::uint8_t bits = tiles.bits_in_map(col, row); (bits & 3) != 0)
        f(tile_obstacle(tiles, TileCell{col, row}, bits));
}

/// Visits the non-empty tiles of r (a range inside the map, as TileMap::cells_of and
/// candidate_tiles give) that are not in `skip`.
template <class F> void visit_tiles_in(const TileMap& tiles, const CellRange& r, F&& f, const CellRange& skip = {}) {
    for (std::int32_t row = r.y0; row <= r.y1; ++row) {
        const bool row_skipped = row >= skip.y0 && row <= skip.y1;
        for (std::int32_t col = r.x0; col <= r.x1; ++col) {
            if (row_skipped && col >= skip.x0 && col <= skip.x1) {
                col = skip.x1;
                continue;
            }
            visit_tile(tiles, col, row, f);
        }
    }
}

/// The tiles [lo, hi] (clamped to 0..n-1; lo > hi when none) that the closed interval
/// [lo_v, hi_v] of one axis may touch: every tile it touches and, where it ends within err tiles
/// (edge_error_in_tiles) of a tile edge, perhaps one more (the exact sweep decides anyway).
/// inv is 1 / tile_size.
SWEEPBOX_FORCE_INLINE void tile_span(wide lo_v, wide hi_v, real origin, std::int32_t n, wide inv, wide err,
                                     std::int32_t& lo, std::int32_t& hi) {
    const wide o = wide(origin);
    const wide ulo = (lo_v - o) * inv, uhi = (hi_v - o) * inv;
    // Clamped to +-coord_limit as cell_coord does, except that a NaN (an infinite part box at
    // the limits of `real`, minus an infinite margin) counts as the far end, which keeps every tile.
    constexpr wide lim = wide(coord_limit);
    const wide flo = ulo - err > -lim ? std::min(ulo - err, lim) : -lim;
    const wide fhi = uhi + err < lim ? std::max(uhi + err, -lim) : lim;
    lo = std::max(floor_in_range(flo), 0);
    hi = std::min(floor_in_range(fhi), n - 1);
}

/// The tiles a walk looks at for the closed box `box` (tile_span on both axes): cheaper than
/// TileMap::cells_of, which settles ends near an edge by exact edge comparisons. Empty when
/// the box misses the map.
SWEEPBOX_FORCE_INLINE CellRange candidate_tiles(const TileMap& tiles, const Aabb& box, wide inv) {
    const real ox = tiles.def().origin.x, oy = tiles.def().origin.y;
    auto err = [&](real lo_v, real hi_v, real o) {
        return edge_error_in_tiles(std::max(std::fabs(wide(lo_v)), std::fabs(wide(hi_v))) + std::fabs(wide(o)), inv);
    };
    CellRange r;
    tile_span(box.min.x, box.max.x, ox, tiles.columns(), inv, err(box.min.x, box.max.x, ox), r.x0, r.x1);
    tile_span(box.min.y, box.max.y, oy, tiles.rows(), inv, err(box.min.y, box.max.y, oy), r.y0, r.y1);
    if (r.x0 > r.x1 || r.y0 > r.y1) return {};
    return r;
}

/// TileCell{col, row} made as one 64-bit value (one store where it is kept).
SWEEPBOX_FORCE_INLINE TileCell packed_cell(std::int32_t col, std::int32_t row) {
    static_assert(sizeof(TileCell) == 8 && offsetof(TileCell, row) == 4);
    const std::uint64_t c = std::uint32_t(col), r = std::uint32_t(row);
    return detail::bit_cast<TileCell>(std::endian::native == std::endian::little ? c | r << 32 : r | c << 32);
}

/// The box of tile (col, row) from the map's edge tables, made in one register where it can be
/// (one 16-byte store where it is kept).
SWEEPBOX_FORCE_INLINE Aabb tile_box(const real* ex, const real* ey, std::int32_t col, std::int32_t row) {
#if SWEEPBOX_SSE
    static_assert(sizeof(Aabb) == 4 * sizeof(float) && offsetof(Aabb, max) == 2 * sizeof(float));
    // (ex[col], ex[col + 1]) and (ey[row], ey[row + 1]) as two 8-byte loads, interleaved.
    const __m128 xs = _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(ex + col)));
    const __m128 ys = _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(ey + row)));
    Aabb b;
    _mm_storeu_ps(&b.min.x, _mm_unpacklo_ps(xs, ys));
    return b;
#else
    return {{ex[col], ey[row]}, {ex[col + 1], ey[row + 1]}};
#endif
}

} // namespace sweepbox::detail
