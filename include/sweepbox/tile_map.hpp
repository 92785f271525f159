#pragma once
/// @file tile_map.hpp
/// The broad phase for level geometry: a dense grid of tiles with per-edge flags.
/// An edge shared by two solid tiles is no surface (the N tutorial's edge flags), so a box
/// sliding over a floor of tiles never catches on a seam.

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>
#include <sweepbox/geometry.hpp>
#include <sweepbox/id.hpp>
#include <sweepbox/cell_range.hpp>

namespace sweepbox {

/// How a tile blocks (TileMap::get); the values are also the default kinds 0, 1 and 2.
enum class Tile : std::uint8_t {
    empty,   ///< blocks nothing (an empty or sensor tile)
    solid,   ///< blocks from every side
    one_way, ///< blocks only movers moving in its direction that start fully on the near side of it
    slope,   ///< the part of the cell on one side of a sloped line (TileShape's slope shapes)
};

/// The shape of a tile kind. A one-way shape is named for the direction a body must move to be
/// blocked: `one_way_down` blocks only movers that start fully above it (y smaller), moving +y.
enum class TileShape : std::uint8_t {
    empty,         ///< nothing
    solid,         ///< the whole cell
    one_way_down,  ///< blocks movers moving +y that start fully above it (a jump-through platform)
    one_way_up,    ///< blocks movers moving -y that start fully below it
    one_way_left,  ///< blocks movers moving -x that start fully right of it
    one_way_right, ///< blocks movers moving +x that start fully left of it
    // Slopes (docs/contract.md, "Slopes"): the cell cut by a line whose ends lie on the cell's
    // border at heights 0, 1/2 or 1. In tile units (u right, v down, 0 to 1 across the cell) the
    // `_ul` shapes are solid where a*u + b*v >= c; `_ur` mirrors u (u -> 1 - u), `_dl` mirrors v
    // (a ceiling), `_dr` both. A ramp's floor rises to the right for `_ul`, to the left for `_ur`.
    slope45_ul,      ///< u + v >= 1: 45 degrees
    slope45_ur,      ///< mirror of slope45_ul in u
    slope45_dl,      ///< mirror of slope45_ul in v
    slope45_dr,      ///< mirror of slope45_ul in u and v
    shallow_ul_low,  ///< u + 2v >= 2: the low piece (a triangle) of a ramp rising 1 over 2 tiles
    shallow_ul_high, ///< u + 2v >= 1: the high piece (a trapezoid) of that ramp
    shallow_ur_low,  ///< mirror of shallow_ul_low in u
    shallow_ur_high, ///< mirror of shallow_ul_high in u
    shallow_dl_low,  ///< mirror of shallow_ul_low in v
    shallow_dl_high, ///< mirror of shallow_ul_high in v
    shallow_dr_low,  ///< mirror of shallow_ul_low in u and v
    shallow_dr_high, ///< mirror of shallow_ul_high in u and v
    steep_ul_low,    ///< 2u + v >= 1: the lower piece (a trapezoid) of a ramp rising 2 over 1 tile
    steep_ul_high,   ///< 2u + v >= 2: the upper piece (a triangle) of that ramp
    steep_ur_low,    ///< mirror of steep_ul_low in u
    steep_ur_high,   ///< mirror of steep_ul_high in u
    steep_dl_low,    ///< mirror of steep_ul_low in v
    steep_dl_high,   ///< mirror of steep_ul_high in v
    steep_dr_low,    ///< mirror of steep_ul_low in u and v
    steep_dr_high,   ///< mirror of steep_ul_high in u and v
};

/// The number of shapes (TileShape's values are 0 to tile_shape_count - 1).
inline constexpr int tile_shape_count = int(TileShape::steep_dr_high) + 1;

/// True for the 20 slope shapes.
[[nodiscard]] constexpr bool is_slope(TileShape s) {
    return int(s) >= int(TileShape::slope45_ul) && int(s) < tile_shape_count;
}

/// A slope shape's line and solid side, in tile units (u right, v down, 0 to 1 across the
/// cell): the solid part is where a*u + b*v >= c, and the line passes through the two lattice
/// corners p and q (integer u, v, perhaps outside the cell), which is how the map places it
/// exactly: through the tile edges of those corners.
struct SlopeLine {
    std::int32_t a = 0, b = 0, c = 0;
    std::int32_t pu = 0, pv = 0, qu = 0, qv = 0;
};
/// The line of a slope shape (a zero line for any other shape).
[[nodiscard]] SWEEPBOX_API SlopeLine slope_line(TileShape s);
/// The outward unit normal of a slope shape's sloped face, correctly rounded: (+-1, +-1)/sqrt(2),
/// (+-1, +-2)/sqrt(5) or (+-2, +-1)/sqrt(5). (0, 0) for any other shape.
[[nodiscard]] SWEEPBOX_API Vec2 slope_normal(TileShape s);
/// The corners of a slope shape's solid part in tile units, in order around it: 3 (a triangle)
/// or 4 (a trapezoid); the count is returned. 0 for any other shape.
[[nodiscard]] SWEEPBOX_API int slope_polygon(TileShape s, Vec2 (&out)[4]);

/// The name of a shape ("empty", "solid", "one_way_down", ...; "invalid" for any other value).
[[nodiscard]] SWEEPBOX_API const char* to_string(TileShape s);

/// The number of kinds a map holds; a kind index is 0 to max_tile_kinds - 1.
inline constexpr std::int32_t max_tile_kinds = 256;

/// What the tiles of one kind are. The game keeps its own data per kind, looked up by the index.
struct TileKind {
    TileShape shape = TileShape::empty; ///< how the tiles block (a sensor kind: solid, the whole cell)
    std::uint32_t category = 1;         ///< category bits of the kind's tiles
    std::uint32_t mask = 0xffffffffu;   ///< mask bits of the kind's tiles
    bool sensor = false;                ///< never blocks; reports the bodies overlapping it (events)
};

/// How to build a tile map.
struct TileMapDef {
    Vec2 origin{0, 0};                ///< world position of the min corner of tile (0, 0)
    real tile_size = 16;              ///< side of a tile in world units; any positive finite value
    std::int32_t columns = 0;         ///< number of tiles along x
    std::int32_t rows = 0;            ///< number of tiles along y (row 0 is at origin.y, the top)
    std::uint32_t category = 1;       ///< category bits of the default kinds (TileMap::kind)
    std::uint32_t mask = 0xffffffffu; ///< mask bits of the default kinds
};

/// A dense tile map. Tile edges are computed as `origin + index * tile_size` in one place, so
/// neighbouring tiles share their edge value exactly even when the size is not representable.
class SWEEPBOX_API TileMap {
public:
    /// An empty map with no tiles.
    TileMap();
    /// A map of def.columns x def.rows empty tiles. Throws Error on a bad definition.
    explicit TileMap(const TileMapDef& def);
    /// Throws Error, naming `where`, unless def is a valid tile map definition.
    static void validate(const TileMapDef& def, const char* where);

    /// The definition the map was built from.
    [[nodiscard]] const TileMapDef& def() const { return def_; }
    /// Number of columns.
    [[nodiscard]] std::int32_t columns() const { return def_.columns; }
    /// Number of rows.
    [[nodiscard]] std::int32_t rows() const { return def_.rows; }
    /// True when the map has no tiles at all.
    [[nodiscard]] bool is_empty() const { return def_.columns == 0 || def_.rows == 0; }
    /// True when (column, row) is inside the map.
    [[nodiscard]] bool in_map(TileCell c) const {
        return c.column >= 0 && c.row >= 0 && c.column < def_.columns && c.row < def_.rows;
    }
    /// The tile at c; outside the map every tile is empty.
    [[nodiscard]] Tile get(TileCell c) const { return in_map(c) ? Tile(cells_[index(c)] & 3) : Tile::empty; }
    /// The faces of the tile at c that are surfaces (see Face); 0 for empty tiles.
    [[nodiscard]] std::uint8_t faces(TileCell c) const {
        return in_map(c) ? std::uint8_t((cells_[index(c)] >> 2) & face_all) : 0;
    }
    /// Sets the tile at c to kind t (Tile's values are the kind indices 0, 1, 2) and updates the
    /// edge flags of it and its four neighbours. Throws Error when c is outside the map.
    void set(TileCell c, Tile t);
    /// Sets the tile at c to kind index `kind`, as above. Throws Error when c is outside the map
    /// or kind is not 0 to max_tile_kinds - 1; the map is then unchanged.
    void set(TileCell c, std::int32_t kind);
    /// The kind index of the tile at c; 0 outside the map.
    [[nodiscard]] std::uint8_t kind_at(TileCell c) const { return in_map(c) ? kinds_of_[index(c)] : 0; }
    /// Kind `index` (0 to max_tile_kinds - 1; out of range throws Error). By default kind 0 is
    /// empty, 1 solid, 2 one_way_down and every other kind empty, all with the map's category and mask.
    [[nodiscard]] const TileKind& kind(std::int32_t index) const;
    /// Redefines kind `index`; every tile of that kind changes with it. A blocking kind may have
    /// its own category and mask: a mover sees its tiles by those, and a side shared with a tile
    /// of another category or mask is a surface of both (docs/contract.md, "Tile kinds"). Throws
    /// Error, leaving the map unchanged, on an index out of range, a shape out of the enum, or a
    /// sensor kind whose shape is not solid.
    void set_kind(std::int32_t index, const TileKind& kind);
    /// Number of blocking tiles whose kind's category or mask differ from the map's (TileMapDef).
    /// While there are any, every walk tests each tile's kind (docs/contract.md, "Tile kinds").
    [[nodiscard]] std::size_t filtered_count() const { return filtered_; }
    /// Number of sensor tiles.
    [[nodiscard]] std::size_t sensor_count() const { return sensors_; }
    /// Number of slope tiles.
    [[nodiscard]] std::size_t slope_count() const { return slopes_; }

    /// The x of the left edge of column i (also the right edge of column i-1): origin.x + i *
    /// tile_size computed in double (long double for double builds), rounded once to real.
    [[nodiscard]] real edge_x(std::int32_t i) const {
        return std::uint32_t(i) < edges_x_.size() ? edges_x_[std::size_t(i)] : edge(def_.origin.x, i);
    }
    /// The y of the top edge of row j (also the bottom edge of row j-1), as edge_x.
    [[nodiscard]] real edge_y(std::int32_t j) const {
        return std::uint32_t(j) < edges_y_.size() ? edges_y_[std::size_t(j)] : edge(def_.origin.y, j);
    }
    /// The box of tile c.
    [[nodiscard]] Aabb cell_box(TileCell c) const {
        return {{edge_x(c.column), edge_y(c.row)}, {edge_x(c.column + 1), edge_y(c.row + 1)}};
    }
    /// The tiles a closed box may touch, clamped to the map (with a little slack around the
    /// division, so rounding never drops a tile the box touches). Empty when the box misses the map.
    [[nodiscard]] CellRange cells_of(const Aabb& box) const;
    /// The column holding x, not clamped (floor((x - origin.x) / tile_size)), saturated to int32.
    [[nodiscard]] std::int32_t column_of(real x) const;
    /// The row holding y, not clamped, saturated to int32.
    [[nodiscard]] std::int32_t row_of(real y) const;
    /// The box covering the whole map.
    [[nodiscard]] const Aabb& bounds() const { return bounds_; }
    /// The tile bits (bits 0-1: Tile, 2-5: faces, 6-7: a one-way tile's direction, TileShape's
    /// order from one_way_down) of a cell known to be inside the map.
    [[nodiscard]] std::uint8_t bits_in_map(std::int32_t column, std::int32_t row) const {
        return cells_[std::size_t(row) * std::size_t(def_.columns) + std::size_t(column)];
    }
    /// The shape of the tile at c as it blocks: its kind's shape, empty for a sensor tile or
    /// outside the map.
    [[nodiscard]] TileShape shape_at(TileCell c) const { return blocking_shape(c); }
    /// Number of solid, one-way and slope tiles (sensor tiles do not block).
    [[nodiscard]] std::size_t blocking_count() const { return blocking_; }

    /// The library's own way to the tables below (the walks' view of them, the map's part of a
    /// snapshot): declared here, defined in src/ only.
    struct Internals;

private:
    // origin + i * tile_size in the wider type W, rounded once to real: the one formula of an edge.
    template <class W> [[nodiscard]] real edge_in(real origin, std::int32_t i) const {
        return real(W(origin) + W(i) * W(def_.tile_size));
    }
    // Inline for float builds, whose wider type is double; out of line for double builds, whose
    // wider type (the x87's 80 bits) stays out of this header.
    [[nodiscard]] real edge(real origin, std::int32_t i) const {
        if constexpr (sizeof(real) == 4) return edge_in<double>(origin, i);
        else return wide_edge(origin, i);
    }
    [[nodiscard]] real wide_edge(real origin, std::int32_t i) const;
    [[nodiscard]] std::size_t index(TileCell c) const {
        return std::size_t(c.row) * std::size_t(def_.columns) + std::size_t(c.column);
    }
    void refresh_faces(TileCell c);
    [[nodiscard]] TileShape blocking_shape(TileCell c) const; // empty for sensors and outside
    void write_tile(std::size_t i, std::uint8_t kind, const TileKind& was_kind);
    [[nodiscard]] bool same_filter(TileCell a, TileCell b) const; // both in the map, kinds of one filter
    [[nodiscard]] bool own_filter(const TileKind& k) const;       // blocking, not the map's filter

    TileMapDef def_{};
    std::vector<std::uint8_t> cells_;     // bits 0-1: Tile, bits 2-5: faces, 6-7: one-way direction
    std::vector<std::uint64_t> occupied_; // one bit per cell, set where the tile is not empty
    std::size_t blocking_ = 0;
    Aabb bounds_{};
    // 1 / tile_size and how far, in tiles, an edge on axis x and y may lie from its exact line,
    // computed once for the walks in the library's wider type (Internals): double for float
    // builds; for double builds the x87's 80-bit format, which stays out of this header, as bytes.
    struct WideBytes {
        alignas(16) std::byte bytes[16];
    };
    using WalkNumber = std::conditional_t<sizeof(real) == 4, double, WideBytes>;
    WalkNumber walk_numbers_[3]{};
    // The edges of the map's columns and rows, computed once (the same values as edge()), unless
    // the map is so long and thin that the tables would outgrow the tiles.
    std::vector<real> edges_x_, edges_y_;
    std::vector<std::uint8_t> kinds_of_; // the kind index of each tile
    std::vector<TileKind> kinds_;        // max_tile_kinds entries once constructed
    std::size_t sensors_ = 0;
    std::size_t slopes_ = 0;
    std::size_t filtered_ = 0;
    // The filter the walks give every tile without looking at its kind: the map's, or none (0)
    // while filtered_ tiles make each tile's kind matter (TileTables::common_category).
    std::uint32_t common_category_ = 1, common_mask_ = 0xffffffffu;
};

} // namespace sweepbox
