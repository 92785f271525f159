#pragma once
// Internal: the walks' view of a tile map's tables (edges, tile bits, occupied bits), read in
// place rather than through TileMap's checked accessors.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <sweepbox/tile_map.hpp>

#include "core/compiler.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"

namespace sweepbox {

namespace detail {
struct ByteWriter;
struct ByteReader;
} // namespace detail

/// TileMap's tables as the walks read them, and its part of a world's snapshot (a member of
/// TileMap, so it reaches them with no friend declaration).
struct TileMap::Internals {
    using wide = detail::wide;
    /// The edges of the columns, edge_x(0) to edge_x(columns()), as one table; null when the
    /// map does not keep the table (a map so long and thin that it would outgrow the tiles).
    static const real* edges_x(const TileMap& m) { return m.edges_x_.empty() ? nullptr : m.edges_x_.data(); }
    /// The edges of the rows, as edges_x.
    static const real* edges_y(const TileMap& m) { return m.edges_y_.empty() ? nullptr : m.edges_y_.data(); }
    /// The tile bits of every cell, row by row (bits_in_map(column, row) is entry row * columns + column).
    static const std::uint8_t* bits(const TileMap& m) { return m.cells_.data(); }
    /// One bit per cell, set where the tile is not empty, 64 cells a word in the order of bits
    /// (cell i is bit i % 64 of word i / 64): a walk tests these, an eighth of the bytes of
    /// bits, and reads a tile's bits only where one is set.
    static const std::uint64_t* occupied(const TileMap& m) { return m.occupied_.data(); }
    /// Bit i of a table in occupied's layout (one bit per tile, 64 a word).
    static bool bit(const std::uint64_t* table, std::size_t i) { return ((table[i >> 6] >> (i & 63)) & 1) != 0; }
    /// The category and mask the walks give every tile without looking at its kind: the map's
    /// (TileMapDef), or 0 (no selector meets it) while the map has tiles of kinds with their own
    /// filter (TileMap::filtered_count), whose walks then test each tile's kind (by_kind).
    static std::uint32_t common_category(const TileMap& m) { return m.common_category_; }
    static std::uint32_t common_mask(const TileMap& m) { return m.common_mask_; }
    /// The kind of the tile at (col, row), inside the map.
    static const TileKind& kind_in_map(const TileMap& m, std::int32_t col, std::int32_t row) {
        return m.kinds_[m.kinds_of_[std::size_t(row) * std::size_t(m.def_.columns) + std::size_t(col)]];
    }
    /// 1 / tile_size, computed once (the walks' first guess of a tile index).
    static wide inverse_tile_size(const TileMap& m) { return walk_number(m, 0); }
    /// How far, in tiles, an edge of the map on axis k (0: x, 1: y) may lie from its exact line
    /// origin + i * tile_size (each is rounded once to real), with a margin for the walks' own
    /// rounding: the padding of a tile walk's candidate spans, computed once.
    static wide edge_error(const TileMap& m, int k) { return walk_number(m, 1 + k); }
    /// Number i of the map's walk numbers (0: inverse_tile_size, 1 + k: edge_error on axis k),
    /// held as a double (float builds) or as bytes (double builds) because TileMap's header does
    /// not know `wide`; and its setting. (memcpy: a plain load or store once compiled.)
    static wide walk_number(const TileMap& m, int i) {
        static_assert(sizeof(wide) <= sizeof(TileMap::WalkNumber));
        static_assert(alignof(wide) <= alignof(TileMap::WalkNumber));
        static_assert(std::is_trivially_copyable_v<wide>);
        static_assert(std::is_trivially_copyable_v<TileMap::WalkNumber>);
        wide v;
        std::memcpy(static_cast<void*>(&v), &m.walk_numbers_[i], sizeof v); // (void*: Extended's members are private)
        return v;
    }
    static void set_walk_number(TileMap& m, int i, wide v) {
        std::memcpy(&m.walk_numbers_[i], static_cast<const void*>(&v), sizeof v);
    }

    // The map's part of a snapshot (tile_snapshot.cpp): its size in bytes, the bytes, a check of
    // them (the reason they are not a state of this map, or null), the restore of checked bytes;
    // and a hash of the whole map (definition, kinds, tiles) for snapshots that take the map by
    // reference, from seed `h`.
    static std::size_t snapshot_size(const TileMap& m);
    static void save_snapshot(const TileMap& m, detail::ByteWriter& out);
    static const char* check_snapshot(const TileMap& m, detail::ByteReader& in);
    static void restore_snapshot(TileMap& m, detail::ByteReader& in);
    static std::uint64_t content_hash(const TileMap& m, std::uint64_t h);
};
using TileTables = TileMap::Internals;

namespace detail {

using sweepbox::TileTables;

/// The face a one-way tile or body is entered through, by its direction in the order of
/// TileShape's one-way shapes (down, up, left, right), which is OneWay's after `none`.
inline constexpr std::uint8_t one_way_entry_face[4] = {face_neg_y, face_pos_y, face_pos_x, face_neg_x};

/// How far, in tiles, a rounded tile edge may lie from its exact line origin + i * size, for
/// edges and coordinates up to magnitude mag (inv = 1 / tile_size): an edge is rounded once to
/// real, so within mag * eps; plus a margin for the division's rounding, and so that a bound that
/// lands exactly on an integer still counts the tile that ends there.
SWEEPBOX_FORCE_INLINE wide edge_error_in_tiles(wide mag, wide inv) {
    return mag * inv * wide(std::numeric_limits<real>::epsilon()) + tol::edge_margin_tiles;
}

} // namespace detail
} // namespace sweepbox
