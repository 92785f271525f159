// The sparse uniform grid: cells found through an open-addressing hash table keyed by the
// cell coordinates (fixed multiplicative mixing, no seed), items kept in per-cell arrays with
// swap-remove (as in the Unity partition-grid tutorial), big boxes in an oversize list.

#include <sweepbox/spatial_grid.hpp>

#include <algorithm>
#include <cmath>
#include <sweepbox/error.hpp>

#include "wide.hpp"

namespace sweepbox {

namespace {

constexpr std::int32_t cell_limit = 1 << 30;

std::int32_t cell_coord(detail::wide v) {
    if (!(v > -detail::wide(cell_limit))) return -cell_limit; // also catches NaN
    if (v > detail::wide(cell_limit)) return cell_limit;
    // floor without a library call: truncate, then step down for negative fractions.
    const std::int32_t i = std::int32_t(v);
    return detail::wide(i) > v ? i - 1 : i;
}

std::uint64_t cell_key(std::int32_t x, std::int32_t y) {
    return std::uint64_t(std::uint32_t(x)) | (std::uint64_t(std::uint32_t(y)) << 32);
}

std::uint64_t mix(std::uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

} // namespace

SpatialGrid::SpatialGrid(real cell_size, std::int32_t oversize_cells)
    : cell_size_(cell_size), inv_cell_size_(real(1) / cell_size), oversize_cells_(oversize_cells) {
    if (!(cell_size > 0) || !std::isfinite(cell_size) || !std::isfinite(inv_cell_size_))
        throw Error("SpatialGrid", "cell size must be positive and finite");
    if (oversize_cells < 1 || oversize_cells > 255) throw Error("SpatialGrid", "oversize_cells must be 1 to 255");
    slots_.assign(64, 0);
}

CellRange SpatialGrid::cells_of(const Aabb& box) const {
    const detail::wide inv = detail::wide(inv_cell_size_);
    return {cell_coord(detail::wide(box.min.x) * inv), cell_coord(detail::wide(box.min.y) * inv),
            cell_coord(detail::wide(box.max.x) * inv), cell_coord(detail::wide(box.max.y) * inv)};
}

const SpatialGrid::Cell* SpatialGrid::find(std::int32_t x, std::int32_t y) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = std::size_t(mix(cell_key(x, y))) & mask;
    while (true) {
        const std::uint32_t s = slots_[i];
        if (s == 0) return nullptr;
        const Cell& c = cells_[s - 1];
        if (c.x == x && c.y == y) return &c;
        i = (i + 1) & mask;
    }
}

void SpatialGrid::grow_slots() {
    std::vector<std::uint32_t> fresh(slots_.size() * 2, 0);
    const std::size_t mask = fresh.size() - 1;
    for (std::size_t ci = 0; ci < cells_.size(); ++ci) {
        std::size_t i = std::size_t(mix(cell_key(cells_[ci].x, cells_[ci].y))) & mask;
        while (fresh[i] != 0) i = (i + 1) & mask;
        fresh[i] = std::uint32_t(ci + 1);
    }
    slots_.swap(fresh);
}

SpatialGrid::Cell& SpatialGrid::find_or_add(std::int32_t x, std::int32_t y) {
    if ((cells_.size() + 1) * 2 > slots_.size()) grow_slots();
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = std::size_t(mix(cell_key(x, y))) & mask;
    while (true) {
        const std::uint32_t s = slots_[i];
        if (s == 0) break;
        Cell& c = cells_[s - 1];
        if (c.x == x && c.y == y) return c;
        i = (i + 1) & mask;
    }
    cells_.push_back(Cell{x, y, {}});
    slots_[i] = std::uint32_t(cells_.size());
    return cells_.back();
}

void SpatialGrid::add_to_cells(std::uint32_t item, const CellRange& r) {
    for (std::int32_t y = r.y0; y <= r.y1; ++y)
        for (std::int32_t x = r.x0; x <= r.x1; ++x) find_or_add(x, y).items.push_back(item);
}

void SpatialGrid::remove_from_cells(std::uint32_t item, const CellRange& r) {
    for (std::int32_t y = r.y0; y <= r.y1; ++y)
        for (std::int32_t x = r.x0; x <= r.x1; ++x) {
            Cell* c = const_cast<Cell*>(find(x, y));
            if (!c) continue;
            auto it = std::find(c->items.begin(), c->items.end(), item);
            if (it == c->items.end()) continue;
            *it = c->items.back();
            c->items.pop_back();
        }
}

void SpatialGrid::insert(std::uint32_t item, const Aabb& box) {
    if (item >= items_.size()) items_.resize(std::size_t(item) + 1);
    Item& it = items_[item];
    const CellRange r = cells_of(box);
    const bool big = std::int64_t(r.x1) - r.x0 >= oversize_cells_ || std::int64_t(r.y1) - r.y0 >= oversize_cells_;
    if (big) {
        it.state = 2;
        it.oversize_slot = std::uint32_t(oversize_.size());
        oversize_.push_back(item);
    } else {
        it.state = 1;
        it.x0 = r.x0;
        it.y0 = r.y0;
        it.w = std::uint8_t(r.x1 - r.x0);
        it.h = std::uint8_t(r.y1 - r.y0);
        add_to_cells(item, r);
    }
}

void SpatialGrid::erase(std::uint32_t item) {
    if (item >= items_.size()) return;
    Item& it = items_[item];
    if (it.state == 1) {
        remove_from_cells(item, it.range());
    } else if (it.state == 2) {
        const std::uint32_t last = oversize_.back();
        oversize_[it.oversize_slot] = last;
        items_[last].oversize_slot = it.oversize_slot;
        oversize_.pop_back();
    }
    it.state = 0;
}

void SpatialGrid::update(std::uint32_t item, const Aabb& box) {
    Item& it = items_[item];
    if (it.state == 1 && cells_of(box) == it.range()) return; // O(1): same cells
    if (it.state == 2) {
        const CellRange r = cells_of(box);
        if (std::int64_t(r.x1) - r.x0 >= oversize_cells_ || std::int64_t(r.y1) - r.y0 >= oversize_cells_) return;
    }
    erase(item);
    insert(item, box);
}

bool SpatialGrid::contains(std::uint32_t item) const {
    return item < items_.size() && items_[item].state != 0;
}

std::size_t SpatialGrid::memory_bytes() const {
    std::size_t n = cells_.capacity() * sizeof(Cell) + slots_.capacity() * sizeof(std::uint32_t) +
                    items_.capacity() * sizeof(Item) + oversize_.capacity() * sizeof(std::uint32_t);
    for (const Cell& c : cells_) n += c.items.capacity() * sizeof(std::uint32_t);
    return n;
}

} // namespace sweepbox
