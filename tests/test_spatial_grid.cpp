// Suite `spatial_grid`: the sparse hashed grid: cells_of, insert, update, erase, oversize list,
// small items held loose in one cell, and the candidate walk never missing an item whose box
// meets the query (checked against a brute-force list on random boxes, small and huge, negative
// and far coordinates, and small items on cell edges).
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <type_traits>
#include <vector>
#include <boost/test/unit_test.hpp>
#include "core/wide.hpp"
#include "broadphase/spatial_grid.hpp"
#include "reference_world.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::box;

namespace {

// True when a cell of r holds more items than a cell keeps in itself (7), where gather_small
// and gather_blocks decline.
bool has_crowded_cell(const SpatialGrid& g, const CellRange& r) {
    for (std::int32_t cy = r.y0; cy <= r.y1; ++cy) {
        for (std::int32_t cx = r.x0; cx <= r.x1; ++cx) {
            std::size_t n = 0;
            g.for_each_in_range(CellRange{cx, cy, cx, cy}, CellRange{}, [&](std::uint32_t) { ++n; });
            if (n > 7) return true;
        }
    }
    return false;
}

} // namespace

BOOST_AUTO_TEST_SUITE(spatial_grid)

BOOST_AUTO_TEST_CASE(cells_of_boxes) {
    const SpatialGrid g(10);
    BOOST_TEST(g.cell_size() == real(10.0));
    const CellRange r = g.cells_of(box(0, 0, 5, 5));
    BOOST_TEST(r.x0 <= 0);
    BOOST_TEST(r.x1 >= 0);
    BOOST_TEST(r.count() >= 1);
    const CellRange n = g.cells_of(box(-15, -25, -11, -21));
    BOOST_TEST(n.x0 <= -2);
    BOOST_TEST(n.x1 >= -2);
    BOOST_TEST(n.y0 <= -3);
    BOOST_TEST(n.y1 >= -3);
    // Far coordinates are clamped, not overflowed.
    const CellRange far = g.cells_of(box(-1e30, -1e30, 1e30, 1e30));
    BOOST_TEST(far.x0 >= -(1 << 30));
    BOOST_TEST(far.x1 <= (1 << 30));
    BOOST_TEST(far.count() > 0);
}

BOOST_AUTO_TEST_CASE(cells_of_is_the_clamped_floor) {
    // cells_of computes four cells at once (vector lanes on x86): each must be exactly
    // floor(coordinate * (1 / cell size)), the product in the wide type, clamped to +-2^30,
    // at cell edges, just off them, for negative coordinates and beyond the clamp.
    using detail::wide;
    auto expect = [](real v, real inv) {
        const wide f = std::floor(wide(v) * wide(inv));
        constexpr wide limit = wide(1 << 30);
        return std::int32_t(std::clamp(f, -limit, limit));
    };
    std::mt19937 rng(7);
    std::vector<real> values = {0, -0.0f, 1e-30f, -1e-30f, 1e30f, -1e30f, 5e9f, -5e9f};
    for (int i = -300; i <= 300; ++i) {
        const real v = real(i) * real(0.25);
        values.insert(values.end(), {v, std::nextafter(v, real(-1e9)), std::nextafter(v, real(1e9))});
    }
    std::uniform_real_distribution<float> any(-1e7f, 1e7f);
    for (int i = 0; i < 2000; ++i) values.push_back(real(any(rng)));
    for (real cell : {real(1), real(7.5), real(64), real(0.1)}) {
        const SpatialGrid g(cell);
        const real inv = real(1) / cell;
        for (std::size_t i = 0; i < values.size(); ++i) {
            const real a = values[i], b = values[(i * 7 + 3) % values.size()];
            const Aabb bx{{std::min(a, b), a}, {std::max(a, b), a}};
            const CellRange r = g.cells_of(bx);
            const CellRange want{expect(bx.min.x, inv), expect(bx.min.y, inv), expect(bx.max.x, inv),
                                 expect(bx.max.y, inv)};
            if (!(r == want)) {
                BOOST_ERROR("cells_of(" << bx.min.x << ", " << bx.min.y << ", " << bx.max.x << ", " << bx.max.y
                                        << ") with cell " << cell << " is not the clamped floor");
                return;
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(cell_coord_is_the_floor_in_the_wide_type) {
    // The scalar cell arithmetic truncates through double. In a double build `wide` is long
    // double, whose numbers just below an integer round up to it in double: the floor must
    // still step down. Integers and their neighbours in the wide type, a few units of double's
    // rounding off them, both signs, up to the clamp.
    using detail::wide;
    constexpr wide limit = wide(1 << 30);
    auto expect = [&](wide v) { return std::int32_t(std::clamp(std::floor(v), -limit, limit)); };
    std::vector<wide> values = {0, -wide(0), limit, -limit, 2 * limit, -2 * limit, wide(1e300), wide(-1e300)};
    for (wide n : {wide(1), wide(2), wide(3), wide(17), wide(1000), wide(1 << 20), wide(1 << 29), limit - 1}) {
        for (wide s : {wide(1), wide(-1)}) {
            const wide v = s * n;
            values.insert(values.end(), {v, std::nextafter(v, -2 * limit), std::nextafter(v, 2 * limit)});
            for (int k = 1; k <= 4; ++k) { // a quarter to one unit in the last place of a double at v
                const wide off = std::fabs(v) * wide(k) * wide(0x1p-55);
                values.insert(values.end(), {v - off, v + off});
            }
        }
    }
    for (wide v : values) {
        if (detail::cell_coord(v) != expect(v)) {
            BOOST_ERROR("cell_coord(" << double(v) << " + " << double(v - wide(double(v))) << ") is "
                                      << detail::cell_coord(v) << ", not its floor " << expect(v));
        }
    }
    BOOST_TEST(detail::cell_coord(std::numeric_limits<wide>::quiet_NaN()) == -(1 << 30));
}

BOOST_AUTO_TEST_CASE(insert_update_erase_random) {
    for (real cell : {real(1), real(7.5), real(64)}) {
        SpatialGrid g(cell, 4);
        ref::Rng rng(77);
        std::vector<Aabb> boxes(300);
        std::vector<bool> present(300, false);
        auto random_box = [&] {
            const real x = rng.uniform(-500, 500), y = rng.uniform(-500, 500);
            const double k = rng.unit();
            const double s = k < 0.1 ? 400 : (k < 0.3 ? 0 : 20);
            return Aabb{{x, y}, {x + rng.uniform(0, s), y + rng.uniform(0, s)}};
        };
        int failures = 0;
        for (int step = 0; step < 6000; ++step) {
            const auto item = std::uint32_t(rng.uniform_int(0, 299));
            if (!present[item]) {
                boxes[item] = random_box();
                g.insert(item, boxes[item]);
                present[item] = true;
            } else if (rng.chance(0.2)) {
                g.erase(item);
                present[item] = false;
            } else {
                // Small moves (same cells, the O(1) path) and jumps.
                boxes[item] = rng.chance(0.7) ? boxes[item].translated({rng.uniform(-1, 1), rng.uniform(-1, 1)})
                                              : random_box();
                g.update(item, boxes[item]);
            }
            for (std::uint32_t i = 0; i < 300; ++i)
                if (g.contains(i) != bool(present[i]) && ++failures <= 5) BOOST_ERROR("contains(" << i << ") is wrong");
            if (step % 20 == 0) {
                const Aabb q = random_box();
                std::set<std::uint32_t> got;
                g.for_each_candidate(q, [&](std::uint32_t i) { got.insert(i); });
                for (std::uint32_t i = 0; i < 300; ++i)
                    if (present[i] && intersects_closed(boxes[i], q) && !got.count(i) && ++failures <= 5)
                        BOOST_ERROR("cell " << cell << ": candidate walk of " << ref::str(q) << " missed item " << i
                                            << " " << ref::str(boxes[i]));
                for (std::uint32_t i : got)
                    if (!present[i] && ++failures <= 5) BOOST_ERROR("candidate walk reported erased item " << i);
            }
        }
        BOOST_TEST(failures == 0);
        BOOST_TEST(g.oversize_count() > 0u);
        BOOST_TEST(g.memory_bytes() > 0u);
    }
}

// The grid reads cells from a dense directory while the cells made so far fill a compact
// rectangle, and from its hash table when they are spread out: queries must see every item in
// both, and across the switches (compact, then far apart, then compact again and many).
BOOST_AUTO_TEST_CASE(dense_directory_and_hash_agree) {
    ref::Rng rng(99);
    SpatialGrid g(4);
    std::vector<Aabb> boxes;
    int failures = 0;
    auto add = [&](real x, real y) {
        const Aabb b{{x, y}, {x + rng.uniform(0, 6), y + rng.uniform(0, 6)}};
        g.insert(std::uint32_t(boxes.size()), b);
        boxes.push_back(b);
    };
    auto check = [&](const Aabb& q) {
        std::set<std::uint32_t> got;
        g.for_each_candidate(q, [&](std::uint32_t i) { got.insert(i); });
        for (std::uint32_t i = 0; i < boxes.size(); ++i)
            if (intersects_closed(boxes[i], q) && !got.count(i) && ++failures <= 5)
                BOOST_ERROR("query " << ref::str(q) << " missed item " << i << " " << ref::str(boxes[i]));
    };
    const double far[3] = {0, 4e8, -4e8};
    for (int phase = 0; phase < 3; ++phase) {
        for (int k = 0; k < 400; ++k) {
            // Phase 0 compact; phase 1 every other item far away; phase 2 compact again, more.
            const bool away = phase == 1 && k % 2 == 1;
            const double cx = away ? far[rng.uniform_int(1, 2)] : 0, cy = away ? far[rng.uniform_int(1, 2)] : 0;
            // (+-60 with cells of 4: at most 32x32 cells, so phase 0 keeps its dense directory)
            add(real(cx + rng.uniform(-60, 60)), real(cy + rng.uniform(-60, 60)));
            const Aabb& b = boxes.back();
            check(b);
            check(Aabb{{b.min.x - 9, b.min.y - 9}, {b.max.x + 9, b.max.y + 9}});
            const real qx = rng.uniform(-70, 70), qy = rng.uniform(-70, 70);
            check(Aabb{{qx, qy}, {qx + rng.uniform(0, 40), qy + rng.uniform(0, 40)}});
        }
    }
    BOOST_TEST(failures == 0);
}

BOOST_AUTO_TEST_CASE(gather_small_gives_the_items_of_for_each_in_range) {
    // Where gather_small answers, it gives the items for_each_in_range visits, in its order,
    // each cell once (ranges one cell wide or tall included); it never answers for ranges over
    // 2 x 2 cells or with a cell holding more than it keeps in itself.
    ref::Rng rng(321);
    SpatialGrid g(4, 4);
    std::vector<bool> alive;
    int failures = 0, answered = 0, declined_full = 0, answered_two_by_two = 0;
    for (int phase = 0; phase < 3; ++phase) {
        for (int k = 0; k < 400; ++k) {
            // 0: sparse; 1: crowded near the middle (cells over 7 items); 2: erasures. All
            // within +-40 of the origin with cells of 4: the dense directory covers them.
            const double spread = phase == 1 ? 6 : 40;
            const real x = real(rng.uniform(-spread, spread)), y = real(rng.uniform(-spread, spread));
            const std::uint32_t id = std::uint32_t(alive.size());
            g.insert(id, Aabb{{x, y}, {x + rng.uniform(0, 5), y + rng.uniform(0, 5)}});
            alive.push_back(true);
            if (phase == 2 && k % 2 == 0) {
                const std::uint32_t victim = std::uint32_t(rng.uniform_int(0, int(alive.size()) - 1));
                if (alive[victim]) {
                    g.erase(victim);
                    alive[victim] = false;
                }
            }
            for (int q = 0; q < 6; ++q) {
                const std::int32_t qx = std::int32_t(rng.uniform_int(-11, 11)),
                                   qy = std::int32_t(rng.uniform_int(-11, 11));
                const CellRange r{qx, qy, qx + std::int32_t(rng.uniform_int(0, 2)),
                                  qy + std::int32_t(rng.uniform_int(0, 2))};
                std::vector<std::uint32_t> want;
                g.for_each_in_range(r, CellRange{}, [&](std::uint32_t i) { want.push_back(i); });
                const bool full = has_crowded_cell(g, r);
                const bool small = r.x1 - r.x0 <= 1 && r.y1 - r.y0 <= 1;
                std::uint32_t got[SpatialGrid::gather_room];
                const int n = g.gather_small(r, got);
                if (n < 0) {
                    // (or the range is outside the dense directory, which grows with the cells)
                    declined_full += full ? 1 : 0;
                    continue;
                }
                ++answered;
                answered_two_by_two += r.x1 > r.x0 && r.y1 > r.y0 ? 1 : 0;
                if ((!small || full || std::vector<std::uint32_t>(got, got + n) != want) && ++failures <= 5)
                    BOOST_ERROR("gather_small(" << r.x0 << ", " << r.y0 << ", " << r.x1 << ", " << r.y1 << ") gave "
                                                << n << " items, for_each_in_range " << want.size());
            }
        }
    }
    BOOST_TEST(failures == 0);
    BOOST_TEST(answered > 1000);
    BOOST_TEST(answered_two_by_two > 100);
    BOOST_TEST(declined_full > 10);
}

// gather_blocks cuts a range of up to 4 x 4 cells into blocks of at most 2 x 2 (every second
// column and row) and gives what for_each_in_range visits in each block, the blocks row by row;
// it never answers where a cell of the range holds more than a cell keeps in itself.
BOOST_AUTO_TEST_CASE(gather_blocks_gives_the_items_of_each_block) {
    ref::Rng rng(654);
    SpatialGrid g(4, 4);
    int failures = 0, answered_wide = 0, declined = 0;
    for (std::uint32_t id = 0; id < 900; ++id) {
        // Sparse at first, then crowded near the middle (cells over 7 items); within +-40 of the
        // origin with cells of 4, so the dense directory covers them.
        const double spread = id < 600 ? 40 : 6;
        const real x = real(rng.uniform(-spread, spread)), y = real(rng.uniform(-spread, spread));
        g.insert(id, Aabb{{x, y}, {x + rng.uniform(0, 5), y + rng.uniform(0, 5)}});
        for (int q = 0; q < 4; ++q) {
            const std::int32_t qx = std::int32_t(rng.uniform_int(-11, 11)), qy = std::int32_t(rng.uniform_int(-11, 11));
            const CellRange r{qx, qy, qx + std::int32_t(rng.uniform_int(0, 3)),
                              qy + std::int32_t(rng.uniform_int(0, 3))};
            std::vector<std::uint32_t> want;
            for (std::int32_t by = r.y0; by <= r.y1; by += 2) {
                for (std::int32_t bx = r.x0; bx <= r.x1; bx += 2) {
                    g.for_each_in_range(CellRange{bx, by, std::min(bx + 1, r.x1), std::min(by + 1, r.y1)}, CellRange{},
                                        [&](std::uint32_t i) { want.push_back(i); });
                }
            }
            const bool full = has_crowded_cell(g, r);
            std::uint32_t got[SpatialGrid::gather_blocks_room];
            const int n = g.gather_blocks(r, got);
            if (n < 0) {
                // (or the range is outside the dense directory, which grows with the cells)
                declined += full ? 1 : 0;
                continue;
            }
            answered_wide += r.x1 - r.x0 >= 2 || r.y1 - r.y0 >= 2 ? 1 : 0;
            if ((full || std::vector<std::uint32_t>(got, got + n) != want) && ++failures <= 5)
                BOOST_ERROR("gather_blocks(" << r.x0 << ", " << r.y0 << ", " << r.x1 << ", " << r.y1 << ") gave " << n
                                             << " items, the blocks " << want.size());
        }
    }
    BOOST_TEST(failures == 0);
    BOOST_TEST(answered_wide > 500);
    BOOST_TEST(declined > 10);
}

// A cell keeps its first items in itself and the rest in a heap array: fill one cell far past
// that, move items out, back in and within it, erase some, and check after every step that a
// query reports exactly the items there, each once.
BOOST_AUTO_TEST_CASE(update_orders_items_as_erase_then_insert) {
    // The answers of moves depend on the order in which a walk meets the bodies, so an update
    // that changes an item's cells must leave every cell's items as erase then insert would (one
    // that keeps them changes nothing): for the small item that changes one cell for another (a
    // shortcut) as for the rest. Small items (held in one cell) and items of 2 cells wander
    // over a few cells; after every update both grids report the same items in the same order.
    SpatialGrid moved(10), rebuilt(10);
    ref::Rng rng(11);
    std::vector<Aabb> boxes;
    auto sized = [](std::uint32_t i, real x, real y) { return box(x, y, x + (i % 3 ? 3 : 12), y + 3); };
    for (std::uint32_t i = 0; i < 60; ++i) {
        boxes.push_back(sized(i, rng.uniform(0, 60), rng.uniform(0, 60)));
        moved.insert(i, boxes.back());
        rebuilt.insert(i, boxes.back());
    }
    int failures = 0;
    for (int step = 0; step < 4000; ++step) {
        const auto i = std::uint32_t(rng.uniform_int(0, int(boxes.size()) - 1));
        const Aabb b = sized(i, std::clamp(boxes[i].min.x + rng.uniform(-12, 12), real(-10), real(70)),
                             std::clamp(boxes[i].min.y + rng.uniform(-12, 12), real(-10), real(70)));
        moved.update(i, b);
        if (!(rebuilt.cells_held(b) == rebuilt.cells_held(boxes[i]))) {
            rebuilt.erase(i);
            rebuilt.insert(i, b);
        }
        boxes[i] = b;
        for (const Aabb& area : {box(-20, -20, 90, 90), box(0, 0, 9, 9), box(25, 25, 44, 34)}) {
            std::vector<std::uint32_t> got, want;
            moved.for_each_in_cells(area, [&](std::uint32_t k) { got.push_back(k); });
            rebuilt.for_each_in_cells(area, [&](std::uint32_t k) { want.push_back(k); });
            if (got != want && ++failures <= 5) BOOST_ERROR("step " << step << ": update orders items differently");
        }
    }
    BOOST_TEST(failures == 0);
}

// Small items (no side longer than half a cell) are held loose, in the one cell of their min
// corner; bigger ones in every cell they touch. The queries reach back by the largest small item
// held, so an item is found from a cell its box only reaches into.
BOOST_AUTO_TEST_CASE(small_items_are_held_in_the_cell_of_their_min_corner) {
    SpatialGrid g(10);
    BOOST_TEST(g.reach().x == 0);
    BOOST_TEST(g.reach().y == 0);
    BOOST_TEST((g.cells_held(box(8, 8, 13, 13)) == CellRange{0, 0, 0, 0}));       // half a cell: small
    BOOST_TEST((g.cells_held(box(8, 8, 13.5f, 12)) == CellRange{0, 0, 1, 1}));    // longer on x: big
    BOOST_TEST((g.cells_held(box(8, -12, 9, -6.5f)) == CellRange{0, -2, 0, -1})); // longer on y: big
    BOOST_TEST((g.cells_held(box(-3, 18, -3, 18)) == CellRange{-1, 1, -1, 1}));   // a point
    BOOST_TEST((g.cells_held(box(0, 0, 40, 40)) == g.cells_of(box(0, 0, 40, 40))));
    // The reach follows the small items held, not the big ones, and never shrinks (it is the
    // size raised by 2^-50 of itself, which a float rounds away).
    auto reach_is = [&](real x, real y) {
        return g.reach().x >= x && g.reach().x <= x * real(1.000001) && g.reach().y >= y &&
               g.reach().y <= y * real(1.000001);
    };
    g.insert(1, box(8, 8, 12, 11));
    BOOST_TEST(reach_is(4, 3));
    g.insert(2, box(0, 0, 40, 40));
    g.update(2, box(1, 1, 41, 41));
    BOOST_TEST(reach_is(4, 3));
    g.insert(3, box(50, 50, 51, 55));
    BOOST_TEST(reach_is(4, 5));
    g.erase(1);
    g.erase(3);
    BOOST_TEST(reach_is(4, 5));
    g.insert(1, box(8, 8, 12, 11));
    // Item 1 reaches from cell (0, 0) into (1, 1): a query there finds it by reaching back,
    // as far as the reach (4 by 5 now): a query starting beyond it does not reach cell 0.
    BOOST_TEST((g.query_cells(box(12, 11, 15, 15)) == CellRange{0, 0, 1, 1}));
    BOOST_TEST((g.query_cells(box(14.5f, 15.5f, 16, 16)) == CellRange{1, 1, 1, 1}));
    std::vector<std::uint32_t> got;
    g.for_each_in_cells(box(12, 11, 15, 15), [&](std::uint32_t i) { got.push_back(i); });
    BOOST_TEST(std::count(got.begin(), got.end(), 1u) == 1); // held once, so reported once
    BOOST_TEST(std::count(got.begin(), got.end(), 2u) >= 1);
}

// The reach-back of the queries is computed in floating point: it must round outward. Small
// items sit on cell edges and a few units of last place off them, at coordinates from 0 to
// 1e7 where the spacing of floats exceeds a unit, with cell sizes whose inverse is inexact; each
// query box touches an item's max corner or edge exactly (closed boxes meet there) or is random.
// Every item a query's box meets must be among its candidates.
BOOST_AUTO_TEST_CASE(queries_reach_every_small_item_they_meet) {
    std::mt19937 rng(2611);
    int failures = 0, met = 0;
    for (real cell : {real(10), real(7.5), real(0.1), real(64), real(3)}) {
        for (real scale : {real(0), real(1e3), real(1e6), real(-1e7)}) {
            SpatialGrid g(cell);
            std::vector<Aabb> items;
            std::uniform_int_distribution<int> pick_cell(-6, 6), ulps(-3, 3), way(0, 3);
            std::uniform_real_distribution<float> frac(0, 1);
            auto nudge = [&](real v) {
                for (int n = ulps(rng); n != 0; n += n > 0 ? -1 : 1)
                    v = std::nextafter(v, n > 0 ? real(1e30) : real(-1e30));
                return v;
            };
            auto edge = [&](int k) { return nudge(scale + real(k) * cell); };
            for (std::uint32_t i = 0; i < 300; ++i) {
                const real x = edge(pick_cell(rng)), y = edge(pick_cell(rng));
                const int w = way(rng);
                const real half = cell / 2;
                // sizes: nothing, exactly half a cell, a random part of it, a few units of last place
                const real sx = w == 0 ? real(0) : w == 1 ? half : w == 2 ? half * real(frac(rng)) : nudge(x) - x;
                const real sy = w == 0 ? real(0) : w == 1 ? half : w == 2 ? half * real(frac(rng)) : nudge(y) - y;
                const Aabb b{{x, y}, {std::max(x, x + sx), std::max(y, y + sy)}};
                g.insert(i, b);
                items.push_back(b);
            }
            for (int q = 0; q < 600; ++q) {
                const Aabb& t = items[std::size_t(q) % items.size()];
                Aabb qb;
                if (q % 3 == 0) {
                    qb = Aabb{t.max, {t.max.x + cell * frac(rng), t.max.y + cell * frac(rng)}}; // at its max corner
                } else if (q % 3 == 1) {
                    qb = Aabb{{t.max.x, t.min.y - cell}, {t.max.x + cell, t.min.y}}; // at its right edge
                } else {
                    const real x = edge(pick_cell(rng)), y = edge(pick_cell(rng));
                    qb = Aabb{{x, y}, {x + cell * frac(rng), y + cell * frac(rng)}};
                }
                std::set<std::uint32_t> got;
                g.for_each_candidate(qb, [&](std::uint32_t i) { got.insert(i); });
                for (std::uint32_t i = 0; i < items.size(); ++i) {
                    if (!intersects_closed(items[i], qb)) continue;
                    ++met;
                    if (!got.count(i) && ++failures <= 5)
                        BOOST_ERROR("cell " << cell << ": query " << ref::str(qb) << " missed small item " << i << " "
                                            << ref::str(items[i]));
                }
            }
        }
    }
    BOOST_TEST(failures == 0);
    BOOST_TEST(met > 20000); // (the queries do meet items: most at an edge or a corner)
}

BOOST_AUTO_TEST_CASE(crowded_cell_reports_exactly_its_items) {
    SpatialGrid g(100);
    ref::Rng rng(5);
    const Aabb inside = box(10, 10, 20, 20), outside = box(310, 10, 320, 20);
    std::vector<int> where(40, -1); // -1 absent, 0 inside the cell, 1 in the cell at 300
    int failures = 0;
    auto check = [&] {
        std::multiset<std::uint32_t> got;
        g.for_each_candidate(box(0, 0, 50, 50), [&](std::uint32_t i) { got.insert(i); });
        std::multiset<std::uint32_t> want;
        for (std::uint32_t i = 0; i < where.size(); ++i)
            if (where[i] == 0) want.insert(i);
        if (got != want && ++failures <= 5)
            BOOST_ERROR("cell reports " << got.size() << " items, holds " << want.size());
    };
    for (std::uint32_t i = 0; i < where.size(); ++i) {
        g.insert(i, inside);
        where[i] = 0;
        check();
    }
    for (int step = 0; step < 2000; ++step) {
        const auto i = std::uint32_t(rng.uniform_int(0, int(where.size()) - 1));
        const int action = rng.uniform_int(0, 3);
        if (where[i] < 0) {
            g.insert(i, action % 2 ? inside : outside);
            where[i] = action % 2 ? 0 : 1;
        } else if (action == 0) {
            g.erase(i);
            where[i] = -1;
        } else if (action == 1) {
            g.update(i, where[i] == 0 ? outside : inside);
            where[i] = 1 - where[i];
        } else {
            g.update(i, where[i] == 0 ? box(12, 11, 22, 21) : box(305, 12, 315, 22)); // same cell
        }
        check();
    }
    BOOST_TEST(failures == 0);
}

// A body that roams far leaves no trail of cells: the grid drops the empty ones once they
// outnumber the items (compact), and still answers every query exactly as before.
BOOST_AUTO_TEST_CASE(roaming_items_leave_no_trail_of_cells) {
    SpatialGrid g(16);
    g.insert(0, box(0, 0, 4, 4));
    g.insert(1, box(-20, -40, 60, -30)); // held in several cells
    g.insert(2, box(5, 5, 6, 6));
    g.erase(2);
    std::size_t most = 0;
    for (int step = 1; step <= 20000; ++step) {
        const real y = real(step) * 16;
        g.update(0, box(0, y, 4, y + 4));
        most = std::max(most, g.cell_count());
    }
    BOOST_TEST(most <= 1025u);
    BOOST_TEST(g.cell_count() < 100u);
    // (A candidate held in several cells may be reported more than once.)
    std::set<std::uint32_t> found;
    g.for_each_candidate(box(0, 320000, 4, 320004), [&](std::uint32_t i) { found.insert(i); });
    BOOST_TEST((found == std::set<std::uint32_t>{0}));
    found.clear();
    g.for_each_candidate(box(50, -35, 60, -31), [&](std::uint32_t i) { found.insert(i); });
    BOOST_TEST((found == std::set<std::uint32_t>{1}));
    found.clear();
    g.for_each_candidate(box(0, 0, 4, 4), [&](std::uint32_t i) { found.insert(i); });
    BOOST_TEST(found.count(0u) == 0u);
    BOOST_TEST(g.contains(1));
    BOOST_TEST(!g.contains(2));
}

BOOST_AUTO_TEST_SUITE_END()
