// The grid's part of a world's snapshot (World::save, docs/contract.md "Snapshots"): its cells in
// the order they were made, each with its items in their order, the oversize list in its order,
// the reach, the compaction threshold and the dense directory's rectangle. Restored, the grid is
// the one saved: the same candidates in the same order for every later query and move, the same
// hash slots (a function of the cells in order), the same compactions. The items' records follow
// from the cells they are in.

#include "broadphase/spatial_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/byte_order.hpp"
#include "core/cell_coord.hpp"
#include "core/wide.hpp"

namespace sweepbox {

namespace {

using detail::wide;

// A reach as a double: exact when wide is double, else the next double up (a reach may only
// grow: it is the least distance a query looks back).
double reach_bytes(wide v) {
    double d = double(v);
    if (wide(d) < v) d = std::nextafter(d, std::numeric_limits<double>::infinity());
    return d;
}

// Per item while a snapshot's cells are checked: the cells it is in.
struct Seen {
    std::int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    std::uint32_t cells = 0;     // cells holding it
    std::uint32_t oversize = 0;  // entries in the oversize list
    std::uint32_t last_cell = 0; // index + 1 of the last cell that listed it (once per cell)
};

struct CheckScratch {
    std::vector<Seen> seen;
    std::vector<std::uint64_t> keys; // a set of cell keys, open addressing (empty: no_key)
};

constexpr std::uint64_t no_key = std::uint64_t(1) << 63; // no cell: y = -2^31 is out of range

// Adds key to the set; false when it was there.
bool add_key(std::vector<std::uint64_t>& set, std::uint64_t key) {
    const std::size_t mask = set.size() - 1;
    for (std::size_t i = std::size_t((key * 0x9e3779b97f4a7c15ull) >> 40) & mask;; i = (i + 1) & mask) {
        if (set[i] == key) return false;
        if (set[i] == no_key) {
            set[i] = key;
            return true;
        }
    }
}

CheckScratch& check_scratch() {
    thread_local CheckScratch s;
    return s;
}

} // namespace

std::size_t SpatialGrid::snapshot_size() const {
    std::size_t n = 8 + 8 + 8 + 1 + (dense_.empty() ? 0 : 4 + 4 + 8 + 8) + 4 + 4 + 4 * oversize_.size();
    for (const Cell& c : cells_) n += 12 + 4 * std::size_t(c.n);
    return n;
}

void SpatialGrid::save_snapshot(detail::ByteWriter& out) const {
    out.f64(reach_bytes(reach_[0]));
    out.f64(reach_bytes(reach_[1]));
    out.u64(compact_at_);
    out.u8(dense_.empty() ? 0 : 1);
    if (!dense_.empty()) {
        out.i32(dense_x0_);
        out.i32(dense_y0_);
        out.u64(dense_w_);
        out.u64(dense_h_);
    }
    out.u32(std::uint32_t(cells_.size()));
    for (const Cell& c : cells_) {
        out.i32(c.x);
        out.i32(c.y);
        out.u32(c.n);
        c.for_each([&](std::uint32_t item) { out.u32(item); });
    }
    out.u32(std::uint32_t(oversize_.size()));
    for (std::uint32_t item : oversize_) out.u32(item);
}

const char* SpatialGrid::check_snapshot(detail::ByteReader& in, std::span<const Aabb> boxes,
                                        std::span<const std::uint8_t> present) const {
    const double rx = in.f64(), ry = in.f64();
    in.u64();
    if (in.failed) return "cut short in the grid";
    if (!(rx >= 0 && ry >= 0 && std::isfinite(rx) && std::isfinite(ry))) return "a grid reach that is not a size";
    const std::uint8_t dense_flag = in.u8();
    if (dense_flag > 1) return "an unknown grid flag";
    const bool dense = dense_flag == 1;
    std::int64_t dx0 = 0, dy0 = 0;
    std::uint64_t dw = 0, dh = 0;
    if (dense) {
        dx0 = in.i32();
        dy0 = in.i32();
        dw = in.u64();
        dh = in.u64();
    }
    const std::uint32_t cells = in.u32();
    if (in.failed || std::uint64_t(cells) * 12 > in.left()) return "cut short in the grid";
    if (dense &&
        (dw == 0 || dh == 0 || dw > 4 * std::uint64_t(cells) + 4096 || dh > (4 * std::uint64_t(cells) + 4096) / dw))
        return "a dense directory larger than the grid allows";
    CheckScratch& s = check_scratch();
    s.seen.assign(boxes.size(), Seen{});
    std::size_t set_size = 64;
    while (set_size < 2 * std::size_t(cells)) set_size *= 2;
    s.keys.assign(set_size, no_key);
    for (std::uint32_t ci = 0; ci < cells; ++ci) {
        const std::int32_t x = in.i32(), y = in.i32();
        const std::uint32_t n = in.u32();
        if (in.failed || std::uint64_t(n) * 4 > in.left()) return "cut short in the grid";
        if (x < -detail::coord_limit || x > detail::coord_limit || y < -detail::coord_limit || y > detail::coord_limit)
            return "a grid cell out of range";
        if (dense && (x < dx0 || std::uint64_t(x - dx0) >= dw || y < dy0 || std::uint64_t(y - dy0) >= dh))
            return "a grid cell outside the dense directory";
        if (!add_key(s.keys, std::uint64_t(std::uint32_t(y)) << 32 | std::uint32_t(x)))
            return "two grid cells at one place";
        for (std::uint32_t k = 0; k < n; ++k) {
            const std::uint32_t item = in.u32();
            if (item >= boxes.size() || !present[item]) return "a grid cell lists no body of the snapshot";
            Seen& e = s.seen[item];
            if (e.last_cell == ci + 1) return "a grid cell lists a body twice";
            if (e.cells == 0) {
                e.x0 = e.x1 = x;
                e.y0 = e.y1 = y;
            }
            e.x0 = std::min(e.x0, x);
            e.y0 = std::min(e.y0, y);
            e.x1 = std::max(e.x1, x);
            e.y1 = std::max(e.y1, y);
            ++e.cells;
            e.last_cell = ci + 1;
        }
    }
    const std::uint32_t over = in.u32();
    if (in.failed || std::uint64_t(over) * 4 > in.left()) return "cut short in the grid";
    for (std::uint32_t k = 0; k < over; ++k) {
        const std::uint32_t item = in.u32();
        if (item >= boxes.size() || !present[item]) return "the oversize list names no body of the snapshot";
        ++s.seen[item].oversize;
    }
    // Every body in exactly the cells its box is kept in (cells_held), or once in the oversize list.
    for (std::size_t item = 0; item < boxes.size(); ++item) {
        if (!present[item]) continue;
        const Aabb& box = boxes[item];
        const CellRange r = cells_held(box);
        const Seen& e = s.seen[item];
        if (is_oversize(r)) {
            if (e.oversize != 1 || e.cells != 0) return "a large body not once in the oversize list";
            continue;
        }
        if (e.oversize != 0 || std::int64_t(e.cells) != r.count() || e.x0 != r.x0 || e.y0 != r.y0 || e.x1 != r.x1 ||
            e.y1 != r.y1)
            return "a body not in the grid cells of its box";
        if (is_small(box) && (wide(rx) < raised_size<0>(box) || wide(ry) < raised_size<1>(box)))
            return "a grid reach smaller than a body";
    }
    return nullptr;
}

void SpatialGrid::restore_snapshot(detail::ByteReader& in, std::size_t items) {
    reach_[0] = wide(in.f64());
    reach_[1] = wide(in.f64());
    compact_at_ = std::size_t(in.u64());
    dense_.clear();
    dense_w_ = dense_h_ = 0;
    if (in.u8() != 0) {
        dense_x0_ = in.i32();
        dense_y0_ = in.i32();
        dense_w_ = in.u64();
        dense_h_ = in.u64();
    }
    items_.assign(items, Item{});
    cells_.resize(in.u32());
    made_ = CellRange{0, 0, -1, -1};
    for (Cell& c : cells_) {
        c.x = in.i32();
        c.y = in.i32();
        c.n = in.u32();
        c.more.clear();
        std::fill(std::begin(c.local), std::end(c.local), 0u);
        for (std::uint32_t k = 0; k < c.n; ++k) {
            const std::uint32_t item = in.u32();
            if (k < local_count) {
                c.local[k] = item;
            } else {
                c.more.push_back(item);
            }
            Item& it = items_[item];
            if (it.state == 0) {
                it.state = 1;
                it.x0 = c.x;
                it.y0 = c.y;
                it.w = it.h = 0;
            } else { // cells come row by row from the range's first: the last one is its far corner
                const CellRange r{std::min(it.x0, c.x), std::min(it.y0, c.y), std::max(it.x0 + it.w, c.x),
                                  std::max(it.y0 + it.h, c.y)};
                it.set_range(r);
            }
        }
        made_ = made_.x0 > made_.x1 ? CellRange{c.x, c.y, c.x, c.y}
                                    : CellRange{std::min(made_.x0, c.x), std::min(made_.y0, c.y),
                                                std::max(made_.x1, c.x), std::max(made_.y1, c.y)};
    }
    oversize_.resize(in.u32());
    for (std::size_t k = 0; k < oversize_.size(); ++k) {
        const std::uint32_t item = in.u32();
        oversize_[k] = item;
        items_[item].state = 2;
        items_[item].oversize_slot = std::uint32_t(k);
    }
    // The hash table of a grid whose cells were made in this order (grow_slots' layout), and the
    // dense directory over its rectangle.
    std::size_t slots = 64;
    while (cells_.size() * 2 > slots) slots *= 2;
    reset_slots(slots);
    if (dense_w_ != 0) {
        dense_.assign(std::size_t(dense_w_ * dense_h_), 0);
        for (std::size_t c = 0; c < cells_.size(); ++c)
            if (std::size_t i; dense_index(cells_[c].x, cells_[c].y, i)) dense_[i] = std::uint32_t(c + 1);
    }
}

} // namespace sweepbox
