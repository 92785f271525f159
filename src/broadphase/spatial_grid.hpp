#pragma once
// Internal: the broad phase for bodies: a sparse uniform grid of hashed cells (no world bounds), with an
// oversize list for boxes that would flood many cells. Items are small integers (body slots).
// Ideas from Gauntlet's occupy/trymove and N's grid; cells are found by an open-addressing hash
// with a fixed mixing function, so nothing depends on addresses or seeds (rule 10), and, while
// the cells made so far fill a compact rectangle (a game's level), by a dense directory over it.
//
// Loose for small items, as N's grid: an item no wider and no taller than half a cell is kept
// in the one cell of its min corner (a move changes at most one cell, and a query meets it
// once), and a query looks back from its box's min corner by the largest such item's size
// (query_cells). Bigger items are kept in every cell their box touches (cells_of).

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>
#include <sweepbox/cell_range.hpp>
#include <sweepbox/geometry.hpp>
#include "core/wide.hpp"
#include "broadphase/grid_cells.hpp"


namespace sweepbox {

namespace detail {
struct ByteWriter;
struct ByteReader;
} // namespace detail

/// A sparse uniform grid over an unbounded plane.
class SWEEPBOX_API SpatialGrid {
public:
    /// A grid of square cells of `cell_size` units; an item whose box spans more than
    /// `oversize_cells` cells on either axis (1 to 255) goes to the oversize list instead.
    explicit SpatialGrid(real cell_size = 64, std::int32_t oversize_cells = 8);

    /// The side of a cell, in world units.
    [[nodiscard]] real cell_size() const { return cell_size_; }
    /// The cells a closed box touches (cell coordinates clamped to +-2^30).
    [[nodiscard]] CellRange cells_of(const Aabb& box) const { return detail::grid_cells_of(box, inv_cell_size_); }
    /// The cells that hold every item whose closed box meets the closed box `box`: cells_of(box)
    /// reaching back, on each axis, from its min corner by the largest small item (reach()).
    /// The range every query walks.
    [[nodiscard]] CellRange query_cells(const Aabb& box) const {
        return detail::grid_query_cells(box, inv_cell_size_, reach_);
    }
    /// The cells an item with this box is kept in: the one cell of its min corner when it is
    /// small (no side longer than half a cell), else cells_of(box).
    [[nodiscard]] CellRange cells_held(const Aabb& box) const {
        CellRange r = cells_of(box);
        if (is_small(box)) {
            r.x1 = r.x0;
            r.y1 = r.y0;
        }
        return r;
    }
    /// How far back, on each axis, a query looks for small items: at least the size of every
    /// small item the grid has held (it never shrinks: a stale reach only adds candidates).
    [[nodiscard]] Vec2 reach() const { return {real(reach_[0]), real(reach_[1])}; }

    /// Adds item (a new small integer) with its box. The item must not be present.
    void insert(std::uint32_t item, const Aabb& box);
    /// Moves item to a new box; O(1) when the cells it is held in do not change.
    void update(std::uint32_t item, const Aabb& box) {
        // Inline, the usual move of a small item: it stays small, within the reach, and in its
        // cell or goes to another the dense directory knows (a call out of a move costs the
        // move its spills and reloads). Everything else: update_held.
        Item& it = items_[item];
        if ((it.state == 1) & ((it.w | it.h) == 0) && is_small(box) && within_reach(box)) {
            const CellRange r = cells_of(box);
            if ((r.x0 == it.x0) & (r.y0 == it.y0)) return; // O(1): the same cell
            if (std::size_t from, to; dense_index(it.x0, it.y0, from) && dense_index(r.x0, r.y0, to) &&
                                      dense_[from] != 0 && dense_[to] != 0) {
                // What remove_from_cells and add_to_cells do there, without their loops.
                cells_[dense_[from] - 1].take_out(item, false);
                cells_[dense_[to] - 1].push_back(item);
                it.x0 = r.x0;
                it.y0 = r.y0;
                return;
            }
        }
        update_held(item, box);
    }
    /// Removes item.
    void erase(std::uint32_t item);
    /// Drops the cells no item is held in and rebuilds the tables from the items. Done by itself
    /// when the cells outnumber four per item slot and twice those of the last compaction, so
    /// a body that roams far (a long fall) leaves no trail of empty cells for walks to cross.
    void compact();
    /// True when item is present.
    [[nodiscard]] bool contains(std::uint32_t item) const;

    /// Calls f(item) for every item held in the cells of query_cells(box), and for every
    /// oversize item: every item whose box meets `box`, and others. An item bigger than a small
    /// one may be reported more than once; callers test the exact box themselves.
    template <class F> void for_each_candidate(const Aabb& box, F&& f) const {
        for_each_oversize(f);
        for_each_in_cells(box, f);
    }
    /// Calls f(item) for every item of the oversize list.
    template <class F> void for_each_oversize(F&& f) const {
        for (std::uint32_t item : oversize_) f(item);
    }
    /// Calls f(item) for every item (not oversize) held in the cells of query_cells(box).
    template <class F> void for_each_in_cells(const Aabb& box, F&& f) const {
        for_each_in_range(query_cells(box), CellRange{}, f);
    }
    /// Calls f(item) for every item (not oversize) in the cells of r that are not in `skip`
    /// (a walk along a path passes the range it saw last, so no cell is visited twice).
    template <class F> void for_each_in_range(const CellRange& r, const CellRange& skip, F&& f) const {
        if (r.count() == 0) return;
        if (r.count() > std::int64_t(cells_.size())) {
            // The query covers more cells than exist: walk the existing cells instead.
            for (const Cell& c : cells_) {
                if (c.x < r.x0 || c.x > r.x1 || c.y < r.y0 || c.y > r.y1) continue;
                if (c.x >= skip.x0 && c.x <= skip.x1 && c.y >= skip.y0 && c.y <= skip.y1) continue;
                c.for_each(f);
            }
            return;
        }
        for (std::int32_t y = r.y0; y <= r.y1; ++y) {
            const bool row_skipped = y >= skip.y0 && y <= skip.y1;
            for (std::int32_t x = r.x0; x <= r.x1; ++x) {
                if (row_skipped && x >= skip.x0 && x <= skip.x1) continue;
                if (const Cell* c = find(x, y)) c->for_each(f);
            }
        }
    }

    /// Room gather_small needs in its output.
    static constexpr std::size_t gather_room = 28;
    /// The items of the cells of r (not the oversize ones), written to out in the order of
    /// for_each_in_range, and their number, when r spans at most 2 x 2 cells inside the dense
    /// directory and none of them holds more items than a cell keeps in itself; else -1 (out
    /// then holds nothing of use). No branch on the cells: the caller filters the items in one
    /// loop, where a loop per cell mispredicts its way out of each cell. `out` holds gather_room.
    [[nodiscard]] int gather_small(const CellRange& r, std::uint32_t* out) const {
        const std::uint64_t ux0 = dense_column(r.x0), ux1 = dense_column(r.x1);
        const std::uint64_t uy0 = dense_row(r.y0), uy1 = dense_row(r.y1);
        if (!dense_square(ux0, ux1, uy0, uy1)) return -1;
        const std::uint32_t* d = dense_.data();
        auto cell = [&](std::uint64_t ux, std::uint64_t uy) -> const Cell* {
            const std::uint32_t c = d[uy * dense_w_ + ux];
            return c ? &cells_[c - 1] : &none_;
        };
        const Cell* c00 = cell(ux0, uy0);
        const Cell* c10 = cell(ux1, uy0);
        const Cell* c01 = cell(ux0, uy1);
        const Cell* c11 = cell(ux1, uy1);
        // A cell counted once where the range is one column or one row wide.
        const bool two_x = ux1 != ux0, two_y = uy1 != uy0;
        const std::uint32_t n00 = c00->n, n10 = two_x ? c10->n : 0, n01 = two_y ? c01->n : 0,
                            n11 = (two_x && two_y) ? c11->n : 0;
        if ((n00 | n10 | n01 | n11) > local_count) return -1; // (n > 7 exactly where a bit above 7's is set)
        std::uint32_t at = 0;
        std::memcpy(out + at, c00->local, sizeof c00->local);
        at += n00;
        std::memcpy(out + at, c10->local, sizeof c10->local);
        at += n10;
        std::memcpy(out + at, c01->local, sizeof c01->local);
        at += n01;
        std::memcpy(out + at, c11->local, sizeof c11->local);
        at += n11;
        return int(at);
    }

    /// Room gather_blocks needs in its output.
    static constexpr std::size_t gather_blocks_room = 4 * gather_room;
    /// The items of the cells of r as gather_small gives them for each block of at most 2 x 2
    /// cells (r cut every second column and row; the blocks row by row), and their number; -1
    /// when r spans more than 4 x 4 cells or gather_small does not answer for a block (out then
    /// holds nothing of use). A range of at most 2 x 2 cells is one block: gather_small's answer.
    /// The walks' gather: a move's trip box, reaching back for small items, often crosses two
    /// cell edges, where a loop per cell costs as much as the rest of the move. `out` holds
    /// gather_blocks_room.
    [[nodiscard]] int gather_blocks(const CellRange& r, std::uint32_t* out) const {
        if (std::int64_t(r.x1) - r.x0 >= 4 || std::int64_t(r.y1) - r.y0 >= 4) return -1;
        int n = 0;
        for (std::int32_t y = r.y0; y <= r.y1; y += 2) {
            for (std::int32_t x = r.x0; x <= r.x1; x += 2) {
                const int k = gather_small({x, y, std::min(x + 1, r.x1), std::min(y + 1, r.y1)}, out + n);
                if (k < 0) return -1;
                n += k;
            }
        }
        return n;
    }

    /// Number of cells ever created (cells are kept when they empty, for steady-state speed).
    [[nodiscard]] std::size_t cell_count() const { return cells_.size(); }
    /// Number of items in the oversize list.
    [[nodiscard]] std::size_t oversize_count() const { return oversize_.size(); }
    /// Bytes held by the grid's own tables (cells, hash slots, item records).
    [[nodiscard]] std::size_t memory_bytes() const;

    // The grid's part of a world's snapshot (grid_snapshot.cpp): its size in bytes, the bytes, a
    // check of them against the boxes of the snapshot's bodies (items where `present` is non-zero):
    // the reason they are not this grid's state, or null; then the restore of checked bytes
    // (`items`: the item table's size).
    [[nodiscard]] std::size_t snapshot_size() const;
    void save_snapshot(detail::ByteWriter& out) const;
    [[nodiscard]] const char* check_snapshot(detail::ByteReader& in, std::span<const Aabb> boxes,
                                             std::span<const std::uint8_t> present) const;
    void restore_snapshot(detail::ByteReader& in, std::size_t items);

private:
    // cells_of is inline because the path walks call it for every sub-box. It computes in the
    // library's wider type: a product of two floats is exact in double.
    using coord_wide = detail::wide;
    // A box's size on axis k in the wider type, raised by 2^-50 of itself: at least the exact
    // size (the difference is exact there unless the edges' magnitudes are far apart, and then
    // within 2^-53 of it). What the reach is made of.
    template <int k> [[nodiscard]] static coord_wide raised_size(const Aabb& box) {
        constexpr coord_wide raise = coord_wide(1) / coord_wide(std::uint64_t(1) << 50);
        const coord_wide s = coord_wide(box.max[k]) - coord_wide(box.min[k]);
        return s + s * raise;
    }
    // True when a small box's size is within the reach already (hold would not grow it).
    [[nodiscard]] bool within_reach(const Aabb& box) const {
        return raised_size<0>(box) <= reach_[0] && raised_size<1>(box) <= reach_[1];
    }
    // update, the general case.
    void update_held(std::uint32_t item, const Aabb& box);
    // Small: no side longer than half a cell (kept loose, in one cell).
    [[nodiscard]] bool is_small(const Aabb& box) const {
        return box.max.x - box.min.x <= half_cell_ && box.max.y - box.min.y <= half_cell_;
    }
    static std::int32_t cell_coord(coord_wide v) { return detail::cell_coord(v); }
    // A cell and its items, as one array in order: the first `local_count` in the cell itself
    // (a cell is one cache line, so a query or a move that reaches a cell has its first items
    // without following a pointer), the rest in `more`.
    static constexpr std::uint32_t local_count = 7;
    static_assert(gather_room == std::size_t(4) * local_count);
    struct alignas(64) Cell {
        std::int32_t x = 0, y = 0;
        std::uint32_t n = 0; // number of items
        std::uint32_t local[local_count] = {};
        std::vector<std::uint32_t> more;

        [[nodiscard]] std::uint32_t& at(std::uint32_t i) { return i < local_count ? local[i] : more[i - local_count]; }
        void push_back(std::uint32_t item) {
            if (n < local_count) {
                local[n] = item;
            } else {
                more.push_back(item);
            }
            ++n;
        }
        void pop_back() {
            --n;
            if (n >= local_count) more.pop_back();
        }
        // Takes item out (swap-remove), or when `kept` moves it to the back, where taking it out
        // and appending it again would leave it; nothing when it is not here.
        void take_out(std::uint32_t item, bool kept) {
            // From the back: an item that never leaves a cell keeps its place at the front
            // (swap-remove fills a hole with the last item, which sits behind the hole), so
            // the search for a moving item passes only items that arrived after it.
            std::uint32_t i = n;
            while (i != 0 && at(i - 1) != item) --i;
            if (i == 0) return;
            std::uint32_t& last = at(n - 1);
            if (kept) {
                // So that moving an item reports the cells' items in the same order as erase
                // then insert did.
                std::swap(at(i - 1), last);
            } else {
                at(i - 1) = last;
                pop_back();
            }
        }
        template <class F> void for_each(F&& f) const {
            // One loop over the two parts (one call site of f, which is inlined).
            const std::uint32_t* p = local;
            const std::uint32_t* end = local + (n < local_count ? n : local_count);
            for (bool rest = n > local_count;; rest = false) {
                for (; p != end; ++p) f(*p);
                if (!rest) return;
                p = more.data();
                end = p + more.size();
            }
        }
    };
    // 16 bytes an item: the cell range as its first cell and 8-bit extents (an item in cells
    // spans at most oversize_cells <= 255 cells per axis), or the slot in the oversize list.
    struct Item {
        std::int32_t x0 = 0, y0 = 0;
        std::uint8_t w = 0, h = 0; // extents minus one
        std::uint8_t state = 0;    // 0 absent, 1 in cells, 2 oversize
        std::uint32_t oversize_slot = 0;
        [[nodiscard]] CellRange range() const { return {x0, y0, x0 + w, y0 + h}; }
        void set_range(const CellRange& r) {
            x0 = r.x0;
            y0 = r.y0;
            w = std::uint8_t(r.x1 - r.x0);
            h = std::uint8_t(r.y1 - r.y0);
        }
    };
    // The cell index + 1 of the cell whose key and hash are these (see spatial_grid.cpp), or 0.
    [[nodiscard]] std::uint32_t slot_of(std::uint64_t hash, std::uint64_t key) const;
    // The cell (x, y), or null: one read of the dense directory when there is one, else a probe
    // of the hash table.
    [[nodiscard]] const Cell* find(std::int32_t x, std::int32_t y) const {
        if (!dense_.empty()) {
            std::size_t i;
            if (!dense_index(x, y, i)) return nullptr;
            const std::uint32_t c = dense_[i];
            return c ? &cells_[c - 1] : nullptr;
        }
        return find_hashed(x, y);
    }
    // Where cell (x, y) sits in the dense directory's rectangle; false outside it.
    // Cell column x (row y) from the directory's left (top) edge, unsigned: a cell left of
    // (above) the directory wraps to a huge value, so one compare with the width (height) tells
    // inside from outside.
    [[nodiscard]] std::uint64_t dense_column(std::int32_t x) const {
        return std::uint64_t(std::int64_t(x) - dense_x0_);
    }
    [[nodiscard]] std::uint64_t dense_row(std::int32_t y) const { return std::uint64_t(std::int64_t(y) - dense_y0_); }
    // Whether the cells [ux0, ux1] x [uy0, uy1] of the directory (dense_column, dense_row) are
    // at most 2 x 2, all inside it (no directory has width and height 0), without a branch.
    [[nodiscard]] bool dense_square(std::uint64_t ux0, std::uint64_t ux1, std::uint64_t uy0, std::uint64_t uy1) const {
        return (ux1 < dense_w_) & (uy1 < dense_h_) & (ux0 <= ux1) & (uy0 <= uy1) & (ux1 - ux0 <= 1) & (uy1 - uy0 <= 1);
    }
    [[nodiscard]] bool dense_index(std::int32_t x, std::int32_t y, std::size_t& i) const {
        const std::uint64_t ux = dense_column(x), uy = dense_row(y);
        if (ux >= dense_w_ || uy >= dense_h_) return false;
        i = std::size_t(uy * dense_w_ + ux);
        return true;
    }
    [[nodiscard]] const Cell* find_hashed(std::int32_t x, std::int32_t y) const;
    // The index + 1 of cell (x, y), or 0 (seed: the row's hash seed, for the hash table): one
    // read of the dense directory where it covers the cell, else a probe of the hash table.
    [[nodiscard]] std::uint32_t cell_at(std::int32_t x, std::int32_t y, std::uint64_t seed) const;
    // Keeps the dense directory in step with a cell just made (index + 1 = cell_count()).
    void note_new_cell(std::int32_t x, std::int32_t y);
    // Creates cell (x, y), which has this hash and no cell yet.
    Cell& add_cell(std::uint64_t hash, std::int32_t x, std::int32_t y);
    // Appends item to the cells of r that are not in skip.
    void add_to_cells(std::uint32_t item, const CellRange& r, const CellRange& skip);
    // Takes item out of the cells of r that are not in keep, and moves it to the back in those
    // that are.
    void remove_from_cells(std::uint32_t item, const CellRange& r, const CellRange& keep);
    // remove_from_cells(item, old, r) then add_to_cells(item, r, old), with the same result,
    // when both ranges span at most 2 x 2 cells inside the dense directory and every cell of r
    // exists; else false, and nothing changed.
    bool move_small(std::uint32_t item, const CellRange& old, const CellRange& r);
    [[nodiscard]] bool is_oversize(const CellRange& r) const;
    // Records where item goes (the cells of r, or the oversize list when r is too big) and puts
    // it there.
    void place(std::uint32_t item, const CellRange& r);
    // cells_held(box), after growing the reach to a small box's size.
    CellRange hold(const Aabb& box);
    void grow_slots();
    // An empty hash table of `size` slots (a power of two), then the cells in order put in it.
    void reset_slots(std::size_t size);

    real cell_size_;
    real inv_cell_size_;
    real half_cell_;
    // Per axis, at least the exact size of every small item held so far (see query_cells).
    coord_wide reach_[2] = {0, 0};
    std::int32_t oversize_cells_;
    std::vector<Cell> cells_;
    // Open addressing with linear probing, a power of two of slots, at most half full: each slot
    // holds a cell's packed coordinates (a key no cell has when free) and, in the parallel
    // array, the cell's index + 1.
    std::vector<std::uint64_t> slot_keys_;
    std::vector<std::uint32_t> slot_cells_;
    std::uint32_t slot_shift_ = 0; // 64 - log2(slot count): the home slot is hash >> slot_shift_
    std::vector<Item> items_;
    std::vector<std::uint32_t> oversize_;
    // The rectangle of cells made so far (empty: x0 > x1), and a dense directory of the cells
    // (index + 1, 0 = none) over a rectangle containing it, kept while that is small next to the
    // number of cells (games fill a bounded area); empty when the cells are too spread out.
    CellRange made_{0, 0, -1, -1};
    std::size_t compact_at_ = 1024; // compact() when there are more cells than this
    std::vector<std::uint32_t> dense_;
    Cell none_; // stands for a cell never made (no items), for gather_small
    std::int32_t dense_x0_ = 0, dense_y0_ = 0;
    std::uint64_t dense_w_ = 0, dense_h_ = 0;
};

} // namespace sweepbox
