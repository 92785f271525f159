// The dense tile map and its edge flags (the N tutorial: a tile edge shared by two solid tiles
// is no surface, so seams between tiles cannot catch a sliding box).

#include <sweepbox/tile_map.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sweepbox/error.hpp>

#include "platform.hpp"
#include "tolerances.hpp"

namespace sweepbox {

using detail::wide;

namespace {
constexpr std::int64_t max_tiles = std::int64_t(1) << 28;

// floor(v) saturated to +-2^30, without a library call (std::floor is one on plain x86-64).
std::int32_t floor_saturated(wide v) {
    constexpr wide lim = wide(1 << 30);
    if (!(v > -lim)) return -(1 << 30); // also NaN
    if (v > lim) return 1 << 30;
    const std::int32_t i = std::int32_t(v);
    return wide(i) > v ? i - 1 : i;
}
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

TileMap::TileMap(const TileMapDef& def) : def_(def) {
    validate(def, "TileMap");
    cells_.assign(std::size_t(def.columns) * std::size_t(def.rows), 0);
    occupied_.assign((cells_.size() + 63) / 64, 0);
    if (std::int64_t(def.columns) + def.rows <= (std::int64_t(1) << 20)) {
        for (std::int32_t i = 0; i <= def.columns; ++i) edges_x_.push_back(edge(def.origin.x, i));
        for (std::int32_t j = 0; j <= def.rows; ++j) edges_y_.push_back(edge(def.origin.y, j));
    }
    bounds_ = {{edge_x(0), edge_y(0)}, {edge_x(def_.columns), edge_y(def_.rows)}};
    inv_size_ = 1 / wide(def.tile_size);
    // The largest coordinate of the map's edges or origin, in tiles, times real's epsilon (an
    // edge is rounded once), plus a margin so that a bound landing exactly on an integer still
    // counts the tile that ends there (detail::edge_error_in_tiles, for the whole map).
    for (int k = 0; k < 2; ++k) {
        const wide mag = std::max(std::fabs(wide(bounds_.min[k])), std::fabs(wide(bounds_.max[k]))) +
                         std::fabs(wide(k == 0 ? def.origin.x : def.origin.y));
        edge_error_[k] = mag * inv_size_ * wide(std::numeric_limits<real>::epsilon()) + detail::tol::edge_margin_tiles;
    }
}

std::int32_t TileMap::column_of(real x) const {
    return floor_saturated((wide(x) - wide(def_.origin.x)) / wide(def_.tile_size));
}

std::int32_t TileMap::row_of(real y) const {
    return floor_saturated((wide(y) - wide(def_.origin.y)) / wide(def_.tile_size));
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
        const wide err = mag * wide(std::numeric_limits<real>::epsilon()) * inv + detail::tol::edge_margin_tiles;
        const wide ulo = (wide(lo_v) - wide(origin)) * inv;
        const wide uhi = (wide(hi_v) - wide(origin)) * inv;
        const std::int32_t ilo = floor_saturated(ulo), ihi = floor_saturated(uhi);
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

void TileMap::refresh_faces(TileCell c) {
    if (!in_map(c)) return;
    std::uint8_t& cell = cells_[index(c)];
    const Tile t = Tile(cell & 3);
    std::uint8_t faces = 0;
    auto solid = [&](std::int32_t dc, std::int32_t dr) { return get({c.column + dc, c.row + dr}) == Tile::solid; };
    if (t == Tile::solid) {
        if (!solid(-1, 0)) faces |= face_neg_x;
        if (!solid(1, 0)) faces |= face_pos_x;
        if (!solid(0, -1)) faces |= face_neg_y;
        if (!solid(0, 1)) faces |= face_pos_y;
    } else if (t == Tile::one_way) {
        if (!solid(0, -1)) faces |= face_neg_y; // only the top is a surface
    }
    cell = std::uint8_t((cell & 3) | (faces << 2));
}

void TileMap::set(TileCell c, Tile t) {
    if (!in_map(c)) throw Error("set_tile", "cell outside the tile map");
    if (t != Tile::empty && t != Tile::solid && t != Tile::one_way) throw Error("set_tile", "unknown tile value");
    std::uint8_t& cell = cells_[index(c)];
    const bool was = Tile(cell & 3) != Tile::empty;
    const bool now = t != Tile::empty;
    if (was && !now) --blocking_;
    if (!was && now) ++blocking_;
    cell = std::uint8_t((cell & ~3u) | std::uint8_t(t));
    const std::size_t i = index(c);
    const std::uint64_t bit = std::uint64_t(1) << (i & 63);
    occupied_[i >> 6] = now ? occupied_[i >> 6] | bit : occupied_[i >> 6] & ~bit;
    refresh_faces(c);
    refresh_faces({c.column - 1, c.row});
    refresh_faces({c.column + 1, c.row});
    refresh_faces({c.column, c.row - 1});
    refresh_faces({c.column, c.row + 1});
}

} // namespace sweepbox
