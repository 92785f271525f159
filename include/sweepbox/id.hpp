#pragma once
/// @file id.hpp
/// Value handles: body ids with generations, tile cells, and `Other`, the thing a contact names.

#include <compare>
#include <cstdint>

namespace sweepbox {

/// A handle to a body: an index into the world's body table and a generation that changes
/// when the slot is reused. The zero id is null; a removed body's id is stale.
struct BodyId {
    std::uint32_t index = 0;      ///< slot in the body table (slot 0 is never used)
    std::uint32_t generation = 0; ///< generation of the slot when the id was issued

    /// True only for the null id (index and generation both zero).
    [[nodiscard]] constexpr bool is_null() const { return index == 0 && generation == 0; }
    /// Ids compare by index, then generation.
    friend constexpr auto operator<=>(const BodyId&, const BodyId&) = default;
};

/// A tile cell by column and row (row 0 is the top row of the tile map).
struct TileCell {
    std::int32_t column = 0; ///< x index of the tile
    std::int32_t row = 0;    ///< y index of the tile

    /// Cells compare by row, then column.
    friend constexpr auto operator<=>(const TileCell& a, const TileCell& b) {
        if (auto c = a.row <=> b.row; c != 0) return c;
        return a.column <=> b.column;
    }
    /// Exact equality.
    friend constexpr bool operator==(const TileCell&, const TileCell&) = default;
};

/// What a contact or a query result names: a body, a tile cell, or nothing.
struct Other {
    /// Which of the members is meaningful.
    enum class Kind : std::uint8_t { none, body, tile };
    Kind kind = Kind::none; ///< none, body or tile
    BodyId body{};          ///< the body, when kind is body
    TileCell tile{};        ///< the tile cell, when kind is tile

    /// An Other naming body b.
    static constexpr Other of(BodyId b) { return {Kind::body, b, {}}; }
    /// An Other naming tile cell c.
    static constexpr Other of(TileCell c) { return {Kind::tile, {}, c}; }
    /// True when it names a body.
    [[nodiscard]] constexpr bool is_body() const { return kind == Kind::body; }
    /// True when it names a tile.
    [[nodiscard]] constexpr bool is_tile() const { return kind == Kind::tile; }
    /// The tie-break order of the contract (rule 4): bodies by id, then tiles by row and column.
    friend constexpr auto operator<=>(const Other& a, const Other& b) {
        if (auto c = a.kind <=> b.kind; c != 0) return c;
        if (a.kind == Kind::body) return a.body <=> b.body;
        if (a.kind == Kind::tile) return a.tile <=> b.tile;
        return std::strong_ordering::equal;
    }
    /// Equality of what is named.
    friend constexpr bool operator==(const Other& a, const Other& b) { return (a <=> b) == 0; }
};

} // namespace sweepbox
