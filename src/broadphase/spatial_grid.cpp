// The sparse uniform grid: cells found through an open-addressing hash table keyed by the
// cell coordinates (fixed multiplicative mixing, no seed), items kept in per-cell arrays with
// swap-remove (as in the Unity partition-grid tutorial), small items loose in the cell of their
// min corner (as in N's grid), big boxes in an oversize list.

#include "broadphase/spatial_grid.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <utility>
#include <sweepbox/error.hpp>

#include "core/compiler.hpp"
#include "core/wide.hpp"

namespace sweepbox {

namespace {

// The hash of cell (x, y) is (row_seed(y) + x) * hash_step and its home slot the top bits of
// that (Fibonacci hashing): consecutive cells of a row land a golden-ratio fraction of the table
// apart, and rows start at unrelated places because row_seed scrambles y, so rows, columns,
// blocks and sloped lines of cells do not pile up in one run of slots (a plain multiplicative
// hash of the packed coordinates does, for some slopes). A row's seed is computed once for the
// row; the old two-multiply mixer per cell cost more. Fixed constants, no seed, no address
// (rule 10).
constexpr std::uint64_t hash_step = 0x9e3779b97f4a7c15ull;

std::uint64_t row_seed(std::int32_t y) {
    const std::uint64_t k = std::uint64_t(std::uint32_t(y)) * 0xff51afd7ed558ccdull;
    return k ^ (k >> 32);
}

std::uint64_t row_hash(std::uint64_t seed, std::int32_t x) {
    return (seed + std::uint64_t(std::int64_t(x))) * hash_step;
}

std::uint64_t cell_hash(std::int32_t x, std::int32_t y) { return row_hash(row_seed(y), x); }

// The key a slot stores: the coordinates packed. They are clamped to +-2^30, so no cell has
// empty_key (y = -2^31).
std::uint64_t cell_key(std::int32_t x, std::int32_t y) {
    return (std::uint64_t(std::uint32_t(y)) << 32) | std::uint32_t(x);
}

constexpr std::uint64_t empty_key = std::uint64_t(1) << 63;

} // namespace

SpatialGrid::SpatialGrid(real cell_size, std::int32_t oversize_cells)
    : cell_size_(cell_size), inv_cell_size_(real(1) / cell_size), half_cell_(cell_size / 2),
      oversize_cells_(oversize_cells) {
    if (!(cell_size > 0) || !std::isfinite(cell_size) || !std::isfinite(inv_cell_size_))
        throw Error("SpatialGrid", "cell size must be positive and finite");
    if (oversize_cells < 1 || oversize_cells > 255) throw Error("SpatialGrid", "oversize_cells must be 1 to 255");
    static_assert(std::is_same_v<coord_wide, detail::wide>, "cells_of must round as the rest of the library");
    reset_slots(64);
}

void SpatialGrid::grow_slots() { reset_slots(slot_keys_.size() * 2); }

void SpatialGrid::reset_slots(std::size_t size) {
    slot_keys_.assign(size, empty_key);
    slot_cells_.assign(size, 0);
    slot_shift_ = std::uint32_t(64 - std::countr_zero(size));
    // Cells go back in creation order, so the layout depends only on the cells in order (a
    // snapshot's restore makes the same table).
    for (std::size_t ci = 0; ci < cells_.size(); ++ci) {
        std::size_t i = std::size_t(cell_hash(cells_[ci].x, cells_[ci].y) >> slot_shift_);
        while (slot_keys_[i] != empty_key) i = (i + 1) & (size - 1);
        slot_keys_[i] = cell_key(cells_[ci].x, cells_[ci].y);
        slot_cells_[i] = std::uint32_t(ci + 1);
    }
}

// The probe reads only the key array, so a miss touches no Cell.
std::uint32_t SpatialGrid::slot_of(std::uint64_t hash, std::uint64_t key) const {
    const std::size_t mask = slot_keys_.size() - 1;
    for (std::size_t i = std::size_t(hash >> slot_shift_);; i = (i + 1) & mask) {
        const std::uint64_t k = slot_keys_[i];
        if (k == key) return slot_cells_[i];
        if (k == empty_key) return 0;
    }
}

std::uint32_t SpatialGrid::cell_at(std::int32_t x, std::int32_t y, std::uint64_t seed) const {
    // Inside the dense directory's rectangle it knows every cell (note_new_cell): one read, of
    // a line the query before the move has usually just read, where the hash table's slots
    // are cold.
    if (std::size_t i; !dense_.empty() && dense_index(x, y, i)) return dense_[i];
    return slot_of(row_hash(seed, x), cell_key(x, y));
}

const SpatialGrid::Cell* SpatialGrid::find_hashed(std::int32_t x, std::int32_t y) const {
    const std::uint32_t c = slot_of(cell_hash(x, y), cell_key(x, y));
    return c ? &cells_[c - 1] : nullptr;
}

SpatialGrid::Cell& SpatialGrid::add_cell(std::uint64_t hash, std::int32_t x, std::int32_t y) {
    if ((cells_.size() + 1) * 2 > slot_keys_.size()) grow_slots();
    const std::size_t mask = slot_keys_.size() - 1;
    std::size_t i = std::size_t(hash >> slot_shift_);
    while (slot_keys_[i] != empty_key) i = (i + 1) & mask;
    Cell cell;
    cell.x = x;
    cell.y = y;
    cells_.push_back(std::move(cell));
    slot_keys_[i] = cell_key(x, y);
    slot_cells_[i] = std::uint32_t(cells_.size());
    note_new_cell(x, y);
    return cells_.back();
}

void SpatialGrid::note_new_cell(std::int32_t x, std::int32_t y) {
    const std::uint32_t index1 = std::uint32_t(cells_.size());
    if (made_.x0 > made_.x1) {
        made_ = {x, y, x, y};
    } else {
        made_ = {std::min(made_.x0, x), std::min(made_.y0, y), std::max(made_.x1, x), std::max(made_.y1, y)};
    }
    if (std::size_t i; !dense_.empty() && dense_index(x, y, i)) {
        dense_[i] = index1;
        return;
    }
    // Outside the directory (or none yet): a new one over the rectangle of all cells grown by
    // half its size on each side, or by a quarter, an eighth... of it, as much as fits (a
    // growing world rebuilds it a logarithmic number of times, even one that grows a row at a
    // time), or none when even the rectangle itself is more than 4 entries per cell (plus
    // 4096), so its memory stays a small multiple of the hash table's.
    const std::int64_t w = std::int64_t(made_.x1) - made_.x0 + 1, h = std::int64_t(made_.y1) - made_.y0 + 1;
    const std::int64_t limit = 4 * std::int64_t(cells_.size()) + 4096;
    // a * b <= limit, without overflow (a side can be 2^31 cells).
    auto fits = [&](std::int64_t a, std::int64_t b) { return a <= limit && b <= limit / a; };
    std::int64_t gx = w / 2 + 1, gy = h / 2 + 1;
    while ((gx > 0 || gy > 0) && !fits(w + 2 * gx, h + 2 * gy)) {
        gx /= 2;
        gy /= 2;
    }
    const std::int64_t x0 = made_.x0 - gx, y0 = made_.y0 - gy, dw = w + 2 * gx, dh = h + 2 * gy;
    if (!fits(dw, dh)) {
        dense_.clear();
        dense_.shrink_to_fit();
        dense_w_ = dense_h_ = 0; // (dense_square and gather_small read the directory by its size alone)
        return;
    }
    // The grown rectangle may leave int32 near the clamp of +-2^30; that is still exact in int64.
    dense_x0_ = std::int32_t(std::max<std::int64_t>(x0, -(std::int64_t(1) << 31)));
    dense_y0_ = std::int32_t(std::max<std::int64_t>(y0, -(std::int64_t(1) << 31)));
    dense_w_ = std::uint64_t(x0 + dw - dense_x0_);
    dense_h_ = std::uint64_t(y0 + dh - dense_y0_);
    dense_.assign(std::size_t(dense_w_ * dense_h_), 0);
    for (std::size_t c = 0; c < cells_.size(); ++c) {
        // (always inside: the rectangle holds every cell)
        if (std::size_t i; dense_index(cells_[c].x, cells_[c].y, i)) dense_[i] = std::uint32_t(c + 1);
    }
}

void SpatialGrid::add_to_cells(std::uint32_t item, const CellRange& r, const CellRange& skip) {
    for (std::int32_t y = r.y0; y <= r.y1; ++y) {
        const std::uint64_t seed = row_seed(y);
        const bool row_skipped = y >= skip.y0 && y <= skip.y1;
        for (std::int32_t x = r.x0; x <= r.x1; ++x) {
            if (row_skipped && x >= skip.x0 && x <= skip.x1) continue;
            const std::uint32_t c = cell_at(x, y, seed);
            (c ? cells_[c - 1] : add_cell(row_hash(seed, x), x, y)).push_back(item);
        }
    }
}

void SpatialGrid::remove_from_cells(std::uint32_t item, const CellRange& r, const CellRange& keep) {
    for (std::int32_t y = r.y0; y <= r.y1; ++y) {
        const std::uint64_t seed = row_seed(y);
        const bool row_kept = y >= keep.y0 && y <= keep.y1;
        for (std::int32_t x = r.x0; x <= r.x1; ++x)
            if (const std::uint32_t c = cell_at(x, y, seed))
                cells_[c - 1].take_out(item, row_kept && x >= keep.x0 && x <= keep.x1);
    }
}

bool SpatialGrid::is_oversize(const CellRange& r) const {
    return std::int64_t(r.x1) - r.x0 >= oversize_cells_ || std::int64_t(r.y1) - r.y0 >= oversize_cells_;
}

void SpatialGrid::place(std::uint32_t item, const CellRange& r) {
    Item& it = items_[item];
    if (is_oversize(r)) {
        it.state = 2;
        it.oversize_slot = std::uint32_t(oversize_.size());
        oversize_.push_back(item);
    } else {
        it.state = 1;
        it.set_range(r);
        add_to_cells(item, r, CellRange{});
    }
}

CellRange SpatialGrid::hold(const Aabb& box) {
    if (is_small(box)) {
        const coord_wide rw = raised_size<0>(box), rh = raised_size<1>(box);
        // Written only when it grows (rarely): query_cells reads both halves in one 16-byte load,
        // which waits for the cache when it comes from two 8-byte stores just made.
        if (rw > reach_[0]) reach_[0] = rw;
        if (rh > reach_[1]) reach_[1] = rh;
    }
    return cells_held(box);
}

void SpatialGrid::insert(std::uint32_t item, const Aabb& box) {
    if (item >= items_.size()) items_.resize(std::size_t(item) + 1);
    place(item, hold(box));
    if (cells_.size() > compact_at_) compact();
}

void SpatialGrid::erase(std::uint32_t item) {
    if (item >= items_.size()) return;
    Item& it = items_[item];
    if (it.state == 1) {
        remove_from_cells(item, it.range(), CellRange{});
    } else if (it.state == 2) {
        const std::uint32_t last = oversize_.back();
        oversize_[it.oversize_slot] = last;
        items_[last].oversize_slot = it.oversize_slot;
        oversize_.pop_back();
    }
    it.state = 0;
}

bool SpatialGrid::move_small(std::uint32_t item, const CellRange& old, const CellRange& r) {
    const std::uint64_t ox0 = dense_column(old.x0), ox1 = dense_column(old.x1);
    const std::uint64_t oy0 = dense_row(old.y0), oy1 = dense_row(old.y1);
    const std::uint64_t nx0 = dense_column(r.x0), nx1 = dense_column(r.x1);
    const std::uint64_t ny0 = dense_row(r.y0), ny1 = dense_row(r.y1);
    if (!(dense_square(ox0, ox1, oy0, oy1) && dense_square(nx0, nx1, ny0, ny1))) return false;
    const std::size_t w = std::size_t(dense_w_);
    const std::size_t o = std::size_t(oy0) * w + std::size_t(ox0), n = std::size_t(ny0) * w + std::size_t(nx0);
    const std::size_t ow = std::size_t(ox1 - ox0), oh = std::size_t(oy1 - oy0);
    const std::size_t nw = std::size_t(nx1 - nx0), nh = std::size_t(ny1 - ny0);
    const std::uint32_t* d = dense_.data();
    const std::size_t n_down = n + nh * w;
    // Every cell entered must exist already (making one is add_to_cells' work), checked before
    // anything changes (a one-wide range reads a cell twice, which does no harm).
    if ((d[n] == 0) | (d[n + nw] == 0) | (d[n_down] == 0) | (d[n_down + nw] == 0)) return false;
    // Out of each old cell, then into each new one. In a cell both ranges share, taking the
    // item out and appending it leaves the cell's items as the loops' "kept" does (the item
    // moved to the back), so the cells end as remove_from_cells then add_to_cells leave them.
    auto cell = [&](std::size_t i) -> Cell& { return cells_[d[i] - 1]; };
    const std::size_t o_down = o + oh * w;
    cell(o).take_out(item, false);
    if (ow) cell(o + 1).take_out(item, false);
    if (oh) cell(o_down).take_out(item, false);
    if (ow & oh) cell(o_down + 1).take_out(item, false);
    cell(n).push_back(item);
    if (nw) cell(n + 1).push_back(item);
    if (nh) cell(n_down).push_back(item);
    if (nw & nh) cell(n_down + 1).push_back(item);
    return true;
}

void SpatialGrid::update_held(std::uint32_t item, const Aabb& box) {
    Item& it = items_[item];
    const CellRange r = hold(box);
    const bool big = is_oversize(r);
    if (it.state == 1 && !big) {
        // The common move shifts the range by a column or a row: only the cells that differ
        // are left or entered, the shared ones are looked up once.
        const CellRange old = it.range();
        if (r == old) return; // O(1): same cells
        if (std::size_t from, to; old.count() == 1 && r.count() == 1 && !dense_.empty() &&
                                  dense_index(old.x0, old.y0, from) && dense_index(r.x0, r.y0, to) &&
                                  dense_[from] != 0 && dense_[to] != 0) {
            // From one cell to another, both known to the dense directory (the usual change of
            // a small item): what remove_from_cells and add_to_cells do there, without their loops.
            cells_[dense_[from] - 1].take_out(item, false);
            cells_[dense_[to] - 1].push_back(item);
        } else if (!move_small(item, old, r)) {
            remove_from_cells(item, old, r);
            add_to_cells(item, r, old);
            it.set_range(r);
            if (cells_.size() > compact_at_) compact();
            return;
        }
        it.set_range(r);
        return;
    }
    if (it.state == 2 && big) return;
    erase(item);
    place(item, r);
    if (cells_.size() > compact_at_) compact();
}

void SpatialGrid::compact() {
    cells_.clear();
    reset_slots(64);
    dense_.clear();
    dense_w_ = dense_h_ = 0;
    made_ = CellRange{0, 0, -1, -1};
    // Items go back in index order, each into the cells it is recorded in.
    for (std::uint32_t item = 0; item < items_.size(); ++item)
        if (items_[item].state == 1) add_to_cells(item, items_[item].range(), CellRange{});
    compact_at_ = std::max(2 * cells_.size(), 4 * items_.size()) + 64;
}

bool SpatialGrid::contains(std::uint32_t item) const { return item < items_.size() && items_[item].state != 0; }

std::size_t SpatialGrid::memory_bytes() const {
    std::size_t n = cells_.capacity() * sizeof(Cell) + slot_keys_.capacity() * sizeof(std::uint64_t) +
                    slot_cells_.capacity() * sizeof(std::uint32_t) + items_.capacity() * sizeof(Item) +
                    oversize_.capacity() * sizeof(std::uint32_t) + dense_.capacity() * sizeof(std::uint32_t);
    for (const Cell& c : cells_) n += c.more.capacity() * sizeof(std::uint32_t);
    return n;
}

} // namespace sweepbox
