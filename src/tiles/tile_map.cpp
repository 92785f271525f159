// The dense tile map and its edge flags (the N tutorial: a tile edge shared by two solid tiles
// is no surface, so seams between tiles cannot catch a sliding box).

#include <sweepbox/tile_map.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sweepbox/error.hpp>

#include "core/cell_coord.hpp"
#include "core/compiler.hpp"
#include "tiles/slope.hpp"
#include "tiles/tile_tables.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"

namespace sweepbox {

using detail::wide;

namespace {
constexpr std::int64_t max_tiles = std::int64_t(1) << 28;
} // namespace

void TileMap::validate(const TileMapDef& def, const char* where) {
    if (!std::isfinite(def.tile_size) || !(def.tile_size > 0))
        throw Error(where, "tile size must be positive and finite");
    if (!is_finite(def.origin)) throw Error(where, "origin must be finite");
    if (def.columns < 0 || def.rows < 0) throw Error(where, "columns and rows must not be negative");
    if (std::int64_t(def.columns) * def.rows > max_tiles) throw Error(where, "too many tiles (at most 2^28)");
    const wide far_x = wide(def.origin.x) + wide(def.columns) * wide(def.tile_size);
    const wide far_y = wide(def.origin.y) + wide(def.rows) * wide(def.tile_size);
    if (!std::isfinite(real(far_x)) || !std::isfinite(real(far_y)))
        throw Error(where, "the map does not fit in finite coordinates");
    // Every tile must have a positive size once its edges are rounded to real: the tile size
    // must exceed the spacing of real numbers at the map's coordinates (then two neighbouring
    // edges, each rounded by at most half that spacing, differ).
    auto spacing = [](wide a, wide b) {
        const real m = real(std::max(std::fabs(a), std::fabs(b)));
        return std::nextafter(m, std::numeric_limits<real>::infinity()) - m;
    };
    if (!(def.tile_size > spacing(wide(def.origin.x), far_x)) || !(def.tile_size > spacing(wide(def.origin.y), far_y)))
        throw Error(where, "tile size too small for the map's coordinates (tiles would have no width)");
}

const char* to_string(TileShape s) {
    switch (s) {
    case TileShape::empty: return "empty";
    case TileShape::solid: return "solid";
    case TileShape::one_way_down: return "one_way_down";
    case TileShape::one_way_up: return "one_way_up";
    case TileShape::one_way_left: return "one_way_left";
    case TileShape::one_way_right: return "one_way_right";
    case TileShape::slope45_ul: return "slope45_ul";
    case TileShape::slope45_ur: return "slope45_ur";
    case TileShape::slope45_dl: return "slope45_dl";
    case TileShape::slope45_dr: return "slope45_dr";
    case TileShape::shallow_ul_low: return "shallow_ul_low";
    case TileShape::shallow_ul_high: return "shallow_ul_high";
    case TileShape::shallow_ur_low: return "shallow_ur_low";
    case TileShape::shallow_ur_high: return "shallow_ur_high";
    case TileShape::shallow_dl_low: return "shallow_dl_low";
    case TileShape::shallow_dl_high: return "shallow_dl_high";
    case TileShape::shallow_dr_low: return "shallow_dr_low";
    case TileShape::shallow_dr_high: return "shallow_dr_high";
    case TileShape::steep_ul_low: return "steep_ul_low";
    case TileShape::steep_ul_high: return "steep_ul_high";
    case TileShape::steep_ur_low: return "steep_ur_low";
    case TileShape::steep_ur_high: return "steep_ur_high";
    case TileShape::steep_dl_low: return "steep_dl_low";
    case TileShape::steep_dl_high: return "steep_dl_high";
    case TileShape::steep_dr_low: return "steep_dr_low";
    case TileShape::steep_dr_high: return "steep_dr_high";
    }
    return "invalid";
}

namespace {
std::vector<TileKind> default_kinds(std::uint32_t category, std::uint32_t mask) {
    std::vector<TileKind> k(std::size_t(max_tile_kinds), TileKind{TileShape::empty, category, mask, false});
    k[1].shape = TileShape::solid;
    k[2].shape = TileShape::one_way_down;
    return k;
}

// The walk bits of a tile of kind k, before its faces: how it blocks (a sensor blocks nothing)
// and a one-way tile's direction in bits 6-7 (a slope's shape is its kind's).
std::uint8_t walk_bits(const TileKind& k) {
    if (k.sensor || k.shape == TileShape::empty) return std::uint8_t(Tile::empty);
    if (k.shape == TileShape::solid) return std::uint8_t(Tile::solid);
    if (is_slope(k.shape)) return std::uint8_t(Tile::slope);
    const int dir = int(k.shape) - int(TileShape::one_way_down);
    return std::uint8_t(std::uint8_t(Tile::one_way) | (dir << 6));
}
} // namespace

TileMap::TileMap() {
    TileTables::set_walk_number(*this, 0, 1 / wide(16)); // the default tile size's
    TileTables::set_walk_number(*this, 1, 0);
    TileTables::set_walk_number(*this, 2, 0);
}

static_assert(sizeof(real) != 4 || std::is_same_v<wide, double>,
              "a float build's wider type is double (TileMap::edge)");
real TileMap::wide_edge(real origin, std::int32_t i) const { return edge_in<wide>(origin, i); }

TileMap::TileMap(const TileMapDef& def) : def_(def) {
    validate(def, "TileMap");
    cells_.assign(std::size_t(def.columns) * std::size_t(def.rows), 0);
    kinds_of_.assign(cells_.size(), 0);
    kinds_ = default_kinds(def.category, def.mask);
    common_category_ = def.category;
    common_mask_ = def.mask;
    occupied_.assign((cells_.size() + 63) / 64, 0);
    if (std::int64_t(def.columns) + def.rows <= (std::int64_t(1) << 20)) {
        for (std::int32_t i = 0; i <= def.columns; ++i) edges_x_.push_back(edge(def.origin.x, i));
        for (std::int32_t j = 0; j <= def.rows; ++j) edges_y_.push_back(edge(def.origin.y, j));
    }
    bounds_ = {{edge_x(0), edge_y(0)}, {edge_x(def_.columns), edge_y(def_.rows)}};
    const wide inv_size = 1 / wide(def.tile_size);
    TileTables::set_walk_number(*this, 0, inv_size);
    // For the whole map: its largest coordinate, edges or origin.
    for (int k = 0; k < 2; ++k) {
        const wide mag = std::max(std::fabs(wide(bounds_.min[k])), std::fabs(wide(bounds_.max[k]))) +
                         std::fabs(wide(k == 0 ? def.origin.x : def.origin.y));
        TileTables::set_walk_number(*this, 1 + k, detail::edge_error_in_tiles(mag, inv_size));
    }
}

std::int32_t TileMap::column_of(real x) const {
    return detail::cell_coord((wide(x) - wide(def_.origin.x)) / wide(def_.tile_size));
}

std::int32_t TileMap::row_of(real y) const {
    return detail::cell_coord((wide(y) - wide(def_.origin.y)) / wide(def_.tile_size));
}

CellRange TileMap::cells_of(const Aabb& box) const {
    if (is_empty()) return {};
    // Tile i meets the closed box when edge(i) <= max and min <= edge(i + 1), on the same
    // rounded edges the tile boxes use. The division gives a first guess; exact comparisons
    // with the edges then settle it, so no touched tile is ever left out at any scale.
    const wide size = wide(def_.tile_size);
    const wide inv = 1 / size;
    // Far from every edge (more than the rounding of the edges and of the division) the floor
    // of the division is the answer; only near an edge do the exact comparisons run.
    auto range = [&](real lo_v, real hi_v, real origin, std::int32_t n, std::int32_t& lo, std::int32_t& hi) {
        const wide mag = std::max(std::fabs(wide(lo_v)), std::fabs(wide(hi_v))) + std::fabs(wide(origin)) + size;
        const wide err = detail::edge_error_in_tiles(mag, inv);
        const wide ulo = (wide(lo_v) - wide(origin)) * inv;
        const wide uhi = (wide(hi_v) - wide(origin)) * inv;
        const std::int32_t ilo = detail::cell_coord(ulo), ihi = detail::cell_coord(uhi);
        const wide flo = ulo - wide(ilo), fhi = uhi - wide(ihi);
        lo = std::clamp(ilo, 0, n - 1);
        if (!(flo > err && flo < 1 - err)) {
            while (lo > 0 && edge(origin, lo) >= lo_v) --lo;
            while (lo < n - 1 && edge(origin, lo + 1) < lo_v) ++lo;
        }
        hi = std::clamp(ihi, 0, n - 1);
        if (!(fhi > err && fhi < 1 - err)) {
            while (hi < n - 1 && edge(origin, hi + 1) <= hi_v) ++hi;
            while (hi > 0 && edge(origin, hi) > hi_v) --hi;
        }
    };
    CellRange r;
    range(box.min.x, box.max.x, def_.origin.x, def_.columns, r.x0, r.x1);
    range(box.min.y, box.max.y, def_.origin.y, def_.rows, r.y0, r.y1);
    // Outside the map on an axis: an empty range.
    if (box.max.x < edge_x(0) || box.min.x > edge_x(def_.columns)) r.x1 = r.x0 - 1;
    if (box.max.y < edge_y(0) || box.min.y > edge_y(def_.rows)) r.y1 = r.y0 - 1;
    return r;
}

TileShape TileMap::blocking_shape(TileCell c) const {
    if (!in_map(c)) return TileShape::empty;
    const TileKind& k = kinds_[kinds_of_[index(c)]];
    return k.sensor ? TileShape::empty : k.shape;
}

void TileMap::refresh_faces(TileCell c) {
    if (!in_map(c)) return;
    std::uint8_t& cell = cells_[index(c)];
    const Tile t = Tile(cell & 3);
    const TileShape shape = blocking_shape(c);
    std::uint8_t faces = 0;
    // A side is a seam where the neighbour's solid part of the shared side covers this tile's
    // (a solid tile against a solid tile or a ramp's full back; a ramp's pieces; not a solid
    // tile against a ramp's half side).
    static constexpr std::uint8_t opposite[9] = {0, face_pos_x, face_neg_x, 0, face_pos_y, 0, 0, 0, face_neg_y};
    // Only a neighbour of the same category and mask covers a side: a mover that sees one of two
    // tiles of different filters must meet the side between them.
    auto covered = [&](std::int32_t dc, std::int32_t dr, std::uint8_t face) {
        const TileCell n{c.column + dc, c.row + dr};
        if (!same_filter(c, n)) return false;
        const detail::SideCover mine = detail::side_cover(shape, face);
        const detail::SideCover theirs = detail::side_cover(blocking_shape(n), opposite[face]);
        return mine.lo <= mine.hi && theirs.lo <= mine.lo && mine.hi <= theirs.hi;
    };
    if (t == Tile::solid || t == Tile::slope) {
        if (!covered(-1, 0, face_neg_x)) faces |= face_neg_x;
        if (!covered(1, 0, face_pos_x)) faces |= face_pos_x;
        if (!covered(0, -1, face_neg_y)) faces |= face_neg_y;
        if (!covered(0, 1, face_pos_y)) faces |= face_pos_y;
    } else if (t == Tile::one_way) {
        // Only the face a blocked mover enters is a surface (down: the top), unless a solid
        // tile covers it.
        static constexpr std::int32_t dc[4] = {0, 0, 1, -1}, dr[4] = {-1, 1, 0, 0};
        const int dir = cell >> 6;
        const TileCell n{c.column + dc[dir], c.row + dr[dir]};
        if (get(n) != Tile::solid || !same_filter(c, n)) faces |= detail::one_way_entry_face[dir];
    }
    cell = std::uint8_t((cell & 0xc3u) | (faces << 2));
}

bool TileMap::same_filter(TileCell a, TileCell b) const {
    if (!in_map(a) || !in_map(b)) return false;
    const TileKind& ka = kinds_[kinds_of_[index(a)]];
    const TileKind& kb = kinds_[kinds_of_[index(b)]];
    return ka.category == kb.category && ka.mask == kb.mask;
}

bool TileMap::own_filter(const TileKind& k) const {
    return !k.sensor && k.shape != TileShape::empty && (k.category != def_.category || k.mask != def_.mask);
}

void TileMap::write_tile(std::size_t i, std::uint8_t kind, const TileKind& was_kind) {
    std::uint8_t& cell = cells_[i];
    const bool was = Tile(cell & 3) != Tile::empty;
    const std::uint8_t bits = walk_bits(kinds_[kind]);
    const bool now = Tile(bits & 3) != Tile::empty;
    if (was && !now) --blocking_;
    if (!was && now) ++blocking_;
    sensors_ -= std::size_t(was_kind.sensor);
    sensors_ += std::size_t(kinds_[kind].sensor);
    filtered_ -= std::size_t(own_filter(was_kind));
    filtered_ += std::size_t(own_filter(kinds_[kind]));
    common_category_ = filtered_ != 0 ? 0 : def_.category;
    common_mask_ = filtered_ != 0 ? 0 : def_.mask;
    slopes_ -= std::size_t(Tile(cell & 3) == Tile::slope);
    slopes_ += std::size_t(Tile(bits & 3) == Tile::slope);
    kinds_of_[i] = kind;
    cell = bits;
    const std::uint64_t bit = std::uint64_t(1) << (i & 63);
    occupied_[i >> 6] = now ? occupied_[i >> 6] | bit : occupied_[i >> 6] & ~bit;
}

void TileMap::set(TileCell c, Tile t) {
    if (t != Tile::empty && t != Tile::solid && t != Tile::one_way) throw Error("set_tile", "unknown tile value");
    set(c, std::int32_t(t));
}

void TileMap::set(TileCell c, std::int32_t kind) {
    if (!in_map(c)) throw Error("set_tile", "cell outside the tile map");
    if (kind < 0 || kind >= max_tile_kinds) throw Error("set_tile", "kind index must be 0 to 255");
    write_tile(index(c), std::uint8_t(kind), kinds_[kinds_of_[index(c)]]);
    refresh_faces(c);
    refresh_faces({c.column - 1, c.row});
    refresh_faces({c.column + 1, c.row});
    refresh_faces({c.column, c.row - 1});
    refresh_faces({c.column, c.row + 1});
}

const TileKind& TileMap::kind(std::int32_t index) const {
    if (index < 0 || index >= max_tile_kinds) throw Error("tile_kind", "kind index must be 0 to 255");
    if (kinds_.empty()) {
        static const std::vector<TileKind> fallback = default_kinds(TileMapDef{}.category, TileMapDef{}.mask);
        return fallback[std::size_t(index)];
    }
    return kinds_[std::size_t(index)];
}

void TileMap::set_kind(std::int32_t index, const TileKind& k) {
    if (index < 0 || index >= max_tile_kinds) throw Error("set_tile_kind", "kind index must be 0 to 255");
    if (int(k.shape) >= tile_shape_count) throw Error("set_tile_kind", "unknown tile shape");
    if (k.sensor && k.shape != TileShape::solid) throw Error("set_tile_kind", "a sensor kind's shape must be solid");
    if (kinds_.empty()) kinds_ = default_kinds(def_.category, def_.mask);
    const TileKind was = kinds_[std::size_t(index)];
    kinds_[std::size_t(index)] = k;
    // Rewrite the tiles of the kind, then every edge flag (a change may add or remove a surface anywhere).
    for (std::size_t i = 0; i < kinds_of_.size(); ++i)
        if (kinds_of_[i] == index) write_tile(i, std::uint8_t(index), was);
    for (std::int32_t r = 0; r < def_.rows; ++r)
        for (std::int32_t c = 0; c < def_.columns; ++c) refresh_faces({c, r});
}

} // namespace sweepbox
