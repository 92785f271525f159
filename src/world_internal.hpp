#pragma once
// Internal: how move and the queries see the world's obstacles, and the path walk of the
// three-level pipeline (DESIGN.md): whole-trip box, primary-axis sub-boxes with early exit,
// then the exact narrow phase done by the caller's visitor.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <sweepbox/world.hpp>

#include "exact.hpp"
#include "hot.hpp"
#include "sweep.hpp"
#include "wide.hpp"

#if defined(__SSE2__) && !defined(SWEEPBOX_DOUBLE)
#    include <emmintrin.h>
#endif

namespace sweepbox {

/// Friend of World: read access to its private tables for the implementation files.
struct WorldAccess {
    static const auto& bodies(const World& w) { return w.bodies_; }
    static auto& bodies(World& w) { return w.bodies_; }
    static SpatialGrid& grid(World& w) { return w.grid_; }
    static const std::uint64_t* body_marks(const World& w) { return w.body_marks_.data(); }
};

namespace detail {

/// One obstacle as the narrow phase sees it: a body or a tile, as a box with its surfaces.
struct Obstacle {
    Other other{};
    Aabb box{};
    std::uint32_t category = 0;
    std::uint32_t mask = 0;
    std::uint8_t faces = face_all; // faces that may be entered (one-way tiles: the top)
    std::uint8_t seams = 0;        // faces shared with another solid tile
    bool one_way = false;
    bool is_static = false;
};

/// Which obstacles a walk reports.
struct Selector {
    BodyId skip{};                  ///< the moving body or the query's ignored body
    std::uint32_t category = ~0u;   ///< the mover's category
    std::uint32_t mask = ~0u;       ///< the mover's mask
    bool bodies = true;
    bool tiles = true;
};

inline bool interacts(const Selector& s, std::uint32_t category, std::uint32_t mask) {
    return (category & s.mask) != 0 && (s.category & mask) != 0;
}

/// A one-way tile blocks only a mover that starts fully above it (rule of DESIGN.md).
inline bool one_way_blocks(const Aabb& start, const Aabb& tile) { return start.max.y <= tile.min.y; }

/// The entry time of a hit of `a` moved by d on b with normal n, as num / den (den > 0), the
/// numerator exact.
template <int k> SWEEPBOX_HOT Exact entry_num_on(const Aabb& a, Vec2 d, const Aabb& b, bool neg, wide& den) {
    den = std::fabs(wide(d[k]));
    return neg ? exact_diff(b.min[k], a.max[k]) : exact_diff(a.min[k], b.max[k]);
}
inline Exact entry_num(const Aabb& a, Vec2 d, const Aabb& b, Vec2 n, wide& den) {
    return n.x != 0 ? entry_num_on<0>(a, d, b, n.x < 0, den) : entry_num_on<1>(a, d, b, n.y < 0, den);
}

/// The box `a` moved by d to its contact with b (normal n, not started inside): on the normal's
/// axis flush against b (rule 5), on the other axis at a + t*d with t = the entry fraction in
/// wide (not the time rounded to real, which may lose a tiny motion), rounded once.
template <int k> SWEEPBOX_HOT Aabb contact_box_on(const Aabb& a, Vec2 d, const Aabb& b, bool neg) {
    constexpr int j = 1 - k;
    wide den;
    const Exact num = entry_num_on<k>(a, d, b, neg, den);
    Aabb c = a;
    if (sign(num) > 0) {
        c.min[j] = real(along(a.min[j], num, den, d[j]));
        c.max[j] = a.max[j] == a.min[j] ? c.min[j] : real(along(a.max[j], num, den, d[j]));
    }
    flush_axis<k>(c, b, neg);
    return c;
}
SWEEPBOX_HOT Aabb contact_box(const Aabb& a, Vec2 d, const Aabb& b, Vec2 n) {
    return n.x != 0 ? contact_box_on<0>(a, d, b, n.x < 0) : contact_box_on<1>(a, d, b, n.y < 0);
}

/// Rule 4's order for two results of the same sweep of `a` by d, with the obstacles' boxes:
/// by exact time first (a start inside is at exactly 0; a hit at its exact entry fraction, so
/// the face reached first wins even when both times round to the same number, 0 included),
/// then face before corner, then the lower id. A total order: the answer never depends on the
/// order in which obstacles are visited.
struct Ranked {
    real time;
    bool started;
    bool corner;
    Vec2 normal;
    const Aabb* box;
    Other other;
};
// Ties of the rounded time are rare: kept out of line so the common test inlines.
[[gnu::noinline]] inline bool ranks_before_same_time(const Aabb& a, Vec2 d, const Ranked& x, const Ranked& y) {
    int c = 0;
    if (!x.started && !y.started && x.normal == y.normal) {
        // The same face direction (two tiles of one floor, say): the entry numerators are the
        // obstacles' faces minus the same edge of a, so the faces decide, exactly.
        const int k = x.normal.x != 0 ? 0 : 1;
        const real fx = x.normal[k] < 0 ? x.box->min[k] : -x.box->max[k];
        const real fy = y.normal[k] < 0 ? y.box->min[k] : -y.box->max[k];
        c = fx < fy ? -1 : (fy < fx ? 1 : 0);
    } else if (!x.started || !y.started) {
        wide dx = 1, dy = 1;
        const Exact nx = x.started ? Exact{} : entry_num(a, d, *x.box, x.normal, dx);
        const Exact ny = y.started ? Exact{} : entry_num(a, d, *y.box, y.normal, dy);
        c = compare(nx, dx, ny, dy);
    }
    if (c != 0) return c < 0;
    if (x.corner != y.corner) return !x.corner;
    return x.other < y.other;
}
inline bool ranks_before(const Aabb& a, Vec2 d, const Ranked& x, const Ranked& y) {
    if (x.time != y.time) return x.time < y.time; // rounding is monotonic
    if (x.other == y.other) return false; // the same obstacle again (a body in several cells)
    return ranks_before_same_time(a, d, x, y);
}

/// A solid tile may be entered through every face; those shared with solid neighbours are
/// seams. A one-way tile may be entered only through its top surface and has no seams.
struct TileFaces {
    std::uint8_t faces; // the faces that may be entered
    std::uint8_t seams; // the faces shared with another solid tile
};
/// The faces and seams of a non-empty tile from its bits (TileMap::bits_in_map).
SWEEPBOX_HOT TileFaces tile_faces(std::uint8_t bits) {
    const std::uint8_t surfaces = std::uint8_t(bits >> 2);
    if (Tile(bits & 3) == Tile::one_way) return {std::uint8_t(surfaces & face_neg_y), 0};
    return {std::uint8_t(face_all), std::uint8_t(~surfaces & face_all)};
}
inline void set_tile_faces(Obstacle& ob, std::uint8_t bits) {
    const TileFaces f = tile_faces(bits);
    ob.one_way = Tile(bits & 3) == Tile::one_way;
    ob.faces = f.faces;
    ob.seams = f.seams;
    ob.is_static = true;
}

/// The obstacle of the tile at c (inside the map) with its bits (TileMap::bits_in_map).
SWEEPBOX_HOT Obstacle tile_obstacle(const TileMap& tiles, TileCell c, std::uint8_t bits) {
    Obstacle ob;
    ob.other = Other::of(c);
    ob.box = tiles.cell_box(c);
    ob.category = tiles.def().category;
    ob.mask = tiles.def().mask;
    set_tile_faces(ob, bits);
    return ob;
}

/// Visits the tile at (col, row), inside the map, unless it is empty.
template <class F> SWEEPBOX_HOT void visit_tile(const TileMap& tiles, std::int32_t col, std::int32_t row, F&& f) {
    if (const std::uint8_t bits = tiles.bits_in_map(col, row); (bits & 3) != 0)
        f(tile_obstacle(tiles, TileCell{col, row}, bits));
}

/// Visits the non-empty tiles of r (a range inside the map, as TileMap::cells_of and
/// candidate_tiles give) that are not in `skip`.
template <class F> void visit_tiles_in(const TileMap& tiles, const CellRange& r, F&& f, const CellRange& skip = {}) {
    for (std::int32_t row = r.y0; row <= r.y1; ++row) {
        const bool row_skipped = row >= skip.y0 && row <= skip.y1;
        for (std::int32_t col = r.x0; col <= r.x1; ++col) {
            if (row_skipped && col >= skip.x0 && col <= skip.x1) {
                col = skip.x1;
                continue;
            }
            visit_tile(tiles, col, row, f);
        }
    }
}

/// How far, in tiles, a rounded tile edge may lie from its exact line origin + i * size, for
/// edges and coordinates up to magnitude mag (inv = 1 / tile_size): an edge is rounded once to
/// real, so within mag * eps; plus a margin for the division's rounding, and so that a bound that
/// lands exactly on an integer still counts the tile that ends there.
SWEEPBOX_HOT wide edge_error_in_tiles(wide mag, wide inv) {
    return mag * inv * wide(std::numeric_limits<real>::epsilon()) + wide(1e-9);
}

/// The tiles [lo, hi] (clamped to 0..n-1; lo > hi when none) that the closed interval
/// [lo_v, hi_v] of one axis may touch: every tile it touches and, where it ends within err tiles
/// (edge_error_in_tiles) of a tile edge, perhaps one more (the exact sweep decides anyway).
/// inv is 1 / tile_size.
SWEEPBOX_HOT void tile_span(wide lo_v, wide hi_v, real origin, std::int32_t n, wide inv, wide err, std::int32_t& lo,
                            std::int32_t& hi) {
    const wide o = wide(origin);
    const wide ulo = (lo_v - o) * inv, uhi = (hi_v - o) * inv;
    // Clamped to +-2^30 before the conversions; a NaN (an infinite part box at the limits of
    // `real`, minus an infinite margin) counts as the far end, which keeps every tile.
    constexpr wide lim = wide(1 << 30);
    const wide flo = ulo - err > -lim ? std::min(ulo - err, lim) : -lim;
    const wide fhi = uhi + err < lim ? std::max(uhi + err, -lim) : lim;
    std::int32_t i = std::int32_t(flo), j = std::int32_t(fhi); // floor of the clamped values
    if (wide(i) > flo) --i;
    if (wide(j) > fhi) --j;
    lo = std::max(i, 0);
    hi = std::min(j, n - 1);
}

/// The tiles a walk looks at for the closed box `box` (tile_span on both axes): cheaper than
/// TileMap::cells_of, which settles ends near an edge by exact edge comparisons. Empty when
/// the box misses the map.
SWEEPBOX_HOT CellRange candidate_tiles(const TileMap& tiles, const Aabb& box, wide inv) {
    const real ox = tiles.def().origin.x, oy = tiles.def().origin.y;
    auto err = [&](real lo_v, real hi_v, real o) {
        return edge_error_in_tiles(std::max(std::fabs(wide(lo_v)), std::fabs(wide(hi_v))) + std::fabs(wide(o)), inv);
    };
    CellRange r;
    tile_span(box.min.x, box.max.x, ox, tiles.columns(), inv, err(box.min.x, box.max.x, ox), r.x0, r.x1);
    tile_span(box.min.y, box.max.y, oy, tiles.rows(), inv, err(box.min.y, box.max.y, oy), r.y0, r.y1);
    if (r.x0 > r.x1 || r.y0 > r.y1) return {};
    return r;
}

/// True when body `index` passes the selector's category and mask: the filters combined without
/// a branch (each is hard to predict in a stream of candidates).
SWEEPBOX_HOT bool body_interacts(const World& w, std::uint32_t index, const Selector& s) {
    const auto& b = WorldAccess::bodies(w)[index];
    return ((b.category & s.mask) != 0) & ((s.category & b.mask) != 0);
}
/// body_interacts, and it is not the skipped body.
SWEEPBOX_HOT bool body_selected(const World& w, std::uint32_t index, const Selector& s) {
    return (index != s.skip.index) & body_interacts(w, index, s);
}

#if defined(__SSE2__) && !defined(SWEEPBOX_DOUBLE)
/// intersects_closed(reach, box) for float boxes in one vector compare: with reach given as
/// (max.x, max.y, -min.x, -min.y) (reach_lanes), box (min.x, min.y, -max.x, -max.y) <= it on
/// every lane. The boxes are finite, so no lane is NaN.
struct ReachLanes {
    __m128 v;
};
inline ReachLanes reach_lanes(const Aabb& r) {
    const __m128 b = _mm_loadu_ps(&r.min.x); // swapped halves, the min negated
    return {_mm_xor_ps(_mm_shuffle_ps(b, b, _MM_SHUFFLE(1, 0, 3, 2)), _mm_setr_ps(0.0f, 0.0f, -0.0f, -0.0f))};
}
SWEEPBOX_HOT bool meets(const ReachLanes& r, const Aabb& box) {
    static_assert(sizeof(Aabb) == 4 * sizeof(float));
    const __m128 b = _mm_xor_ps(_mm_loadu_ps(&box.min.x), _mm_setr_ps(0.0f, 0.0f, -0.0f, -0.0f));
    return _mm_movemask_ps(_mm_cmple_ps(b, r.v)) == 15;
}
#else
struct ReachLanes {
    Aabb box;
};
inline ReachLanes reach_lanes(const Aabb& r) { return {r}; }
SWEEPBOX_HOT bool meets(const ReachLanes& r, const Aabb& box) { return intersects_closed(r.box, box); }
#endif

/// body_interacts, and its box meets the reach (the skipped body is the caller's to leave out).
SWEEPBOX_HOT bool body_interacts(const World& w, std::uint32_t index, const Selector& s, const ReachLanes& reach) {
    const bool met = meets(reach, WorldAccess::bodies(w)[index].box), interacts = body_interacts(w, index, s);
    return met & interacts;
}

/// Calls f with body `index` as an obstacle. Inline: the compiler had left it out of line in
/// move's walk, a call per candidate.
template <class F> SWEEPBOX_HOT void emit_body(const World& w, std::uint32_t index, F&& f) {
    const auto& b = WorldAccess::bodies(w)[index];
    Obstacle ob;
    ob.other = Other::of(BodyId{index, b.generation});
    ob.box = b.box;
    ob.category = b.category;
    ob.mask = b.mask;
    ob.is_static = b.is_static;
    f(ob);
}

template <class F> void visit_body(const World& w, std::uint32_t index, const Selector& s, F&& f) {
    if (body_selected(w, index, s)) emit_body(w, index, f);
}

/// Visits the selected bodies met by `reach` among those for_each(g) passes to g, in that
/// order. The filter pass only writes the index and bumps a count by the filter's answer: no
/// branch depends on a body's record, so the records' cache misses overlap instead of each
/// waiting for the branch before it.
template <class ForEach, class F>
void visit_bodies(const World& w, const Selector& s, const Aabb& reach, ForEach&& for_each, F&& f) {
    constexpr std::size_t cap = 64;
    const ReachLanes lanes = reach_lanes(reach);
    std::uint32_t kept[cap];
    std::size_t n = 0;
    // The skipped body (a mover, itself in the cells it walks) is left out here, among the few
    // kept, rather than tested in the filter of every candidate.
    auto flush = [&] {
        for (std::size_t i = 0; i < n; ++i)
            if (kept[i] != s.skip.index) emit_body(w, kept[i], f);
        n = 0;
    };
    for_each([&](std::uint32_t i) {
        kept[n] = i;
        n += body_interacts(w, i, s, lanes);
        if (n == cap) flush();
    });
    flush();
}

/// Visits every obstacle whose box may meet the closed region (bodies may repeat).
template <class F> void visit_region(const World& w, const Aabb& region, const Selector& s, F&& f) {
    const TileMap& tiles = w.tiles();
    if (s.tiles && !tiles.is_empty() && interacts(s, tiles.def().category, tiles.def().mask)) {
        // Reference mode tests every tile of the map.
        const CellRange all{0, 0, tiles.columns() - 1, tiles.rows() - 1};
        visit_tiles_in(tiles, w.def().brute_force ? all : tiles.cells_of(region), f);
    }
    if (s.bodies) {
        if (w.def().brute_force) {
            const auto& bodies = WorldAccess::bodies(w);
            for (std::uint32_t i = 1; i < bodies.size(); ++i)
                if (bodies[i].alive) visit_body(w, i, s, f);
        } else {
            w.grid().for_each_candidate(region, [&](std::uint32_t i) { visit_body(w, i, s, f); });
        }
    }
}

/// The box swept by `start` between times ta and tb of displacement d, grown a little so that
/// rounding never loses an obstacle at its border.
SWEEPBOX_HOT Aabb swept_part(const Aabb& start, Vec2 d, wide ta, wide tb) {
    Aabb out;
    for (int k = 0; k < 2; ++k) {
        const wide p0 = ta * wide(d[k]), p1 = tb * wide(d[k]);
        // (adding the same number keeps the order: the same as the min and max of the sums)
        const wide lo = wide(start.min[k]) + std::min(p0, p1), hi = wide(start.max[k]) + std::max(p0, p1);
        const wide margin = (std::fabs(lo) + std::fabs(hi)) * wide(1e-6) + wide(1e-30);
        out.min[k] = real(lo - margin);
        out.max[k] = real(hi + margin);
    }
    return out;
}

/// The box swept by `start` between times 0 and h <= 1 of displacement d, grown a little: as
/// swept_part(start, d, 0, h), with a margin that does not wait for the box's ends (it bounds
/// theirs from start and d alone, so it is at least as wide), which shortens the chain of
/// dependent operations from the best hit to the bodies' cells.
SWEEPBOX_HOT Aabb trip_box(const Aabb& start, Vec2 d, wide h) {
    Aabb out;
#if defined(__SSE2__) && !defined(SWEEPBOX_DOUBLE)
    // Both axes at once, in double lanes: the same operations in the same order as the loop
    // of the #else branch, so the same bits (min and max of p against 0 may differ in the sign of a zero
    // only, which adding the nonzero margin erases).
    const __m128 box = _mm_loadu_ps(&start.min.x); // min.x, min.y, max.x, max.y
    const __m128d lo = _mm_cvtps_pd(box);
    const __m128d hi = _mm_cvtps_pd(_mm_movehl_ps(box, box));
    const __m128d dk = _mm_cvtps_pd(_mm_castpd_ps(_mm_load_sd(reinterpret_cast<const double*>(&d.x))));
    const __m128d p = _mm_mul_pd(_mm_set1_pd(h), dk);
    const __m128d abs_mask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffll));
    const __m128d abs_d = _mm_and_pd(dk, abs_mask);
    const __m128d sum = _mm_add_pd(_mm_add_pd(_mm_and_pd(lo, abs_mask), _mm_and_pd(hi, abs_mask)),
                                   _mm_add_pd(abs_d, abs_d));
    const __m128d margin = _mm_add_pd(_mm_mul_pd(sum, _mm_set1_pd(1e-6)), _mm_set1_pd(1e-30));
    const __m128d zero = _mm_setzero_pd();
    const __m128 out_lo = _mm_cvtpd_ps(_mm_add_pd(lo, _mm_sub_pd(_mm_min_pd(p, zero), margin)));
    const __m128 out_hi = _mm_cvtpd_ps(_mm_add_pd(hi, _mm_add_pd(_mm_max_pd(p, zero), margin)));
    // One 16-byte store: the callers read the box back with 16-byte loads (cells_of, reach_lanes),
    // which a store buffer hands over from one store but not from two 8-byte halves just made
    // (the load then waits for them to reach the cache; measured: casts over a tile map 6 ns
    // faster with one store).
    _mm_storeu_ps(&out.min.x, _mm_movelh_ps(out_lo, out_hi));
#else
    for (int k = 0; k < 2; ++k) {
        const wide dk = wide(d[k]), p = h * dk;
        const wide margin =
            (std::fabs(wide(start.min[k])) + std::fabs(wide(start.max[k])) + 2 * std::fabs(dk)) * wide(1e-6) + wide(1e-30);
        out.min[k] = real(wide(start.min[k]) + (std::min(p, wide(0)) - margin));
        out.max[k] = real(wide(start.max[k]) + (std::max(p, wide(0)) + margin));
    }
#endif
    return out;
}

/// The zero-size box at p, written with one 16-byte store: the walks read a box back with
/// 16-byte loads (SweepQuery's copy, trip_box), which a store buffer hands over from one store
/// but not from two 8-byte halves just made (measured: rays over a tile map 4 ns faster).
SWEEPBOX_HOT Aabb point_box(Vec2 p) {
#if defined(__SSE2__) && !defined(SWEEPBOX_DOUBLE)
    Aabb b;
    const __m128 v = _mm_castpd_ps(_mm_load_sd(reinterpret_cast<const double*>(&p.x)));
    _mm_storeu_ps(&b.min.x, _mm_movelh_ps(v, v));
    return b;
#else
    return {p, p};
#endif
}

/// The time interval [lo, hi] in which the box `start` moved by t*d meets the closed box `area`;
/// false when it never does.
inline bool time_in(const Aabb& start, Vec2 d, const Aabb& area, real pad, wide& lo, wide& hi) {
    lo = 0;
    hi = 1;
    for (int k = 0; k < 2; ++k) {
        if (d[k] == 0) {
            if (start.max[k] < area.min[k] || area.max[k] < start.min[k]) return false;
            continue;
        }
        wide t0 = (wide(area.min[k]) - wide(start.max[k])) / wide(d[k]);
        wide t1 = (wide(area.max[k]) - wide(start.min[k])) / wide(d[k]);
        if (t0 > t1) std::swap(t0, t1);
        lo = std::max(lo, t0);
        hi = std::min(hi, t1);
    }
    if (lo > hi) return false;
    // Rounding slack: a relative part, and `pad` units of path (a fixed fraction of a huge trip
    // would make a long walk of a small area).
    const wide len = std::max(std::fabs(wide(d.x)), std::fabs(wide(d.y)));
    const wide slack = wide(1e-9) + (len > 0 ? wide(pad) / len : wide(0));
    lo = std::max(wide(0), lo - slack - std::fabs(lo) * wide(1e-9));
    hi = std::min(wide(1), hi + slack + std::fabs(hi) * wide(1e-9));
    return true;
}

/// Walks [t_lo, t_hi] of the path in sub-boxes `step` long along the primary axis, in path order.
/// query(sub_box, t_end) returns true to stop early. Falls back to one pass over the whole
/// range when the walk would take more than max_parts sub-boxes.
template <class Q>
void walk_parts(const Aabb& start, Vec2 d, real step, wide t_lo, wide t_hi, std::int64_t max_parts, Q&& query) {
    const int p = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1;
    const wide len = std::fabs(wide(d[p])) * (t_hi - t_lo);
    wide parts = std::ceil(len / wide(step));
    if (!(parts >= 1)) parts = 1;
    if (parts > wide(max_parts)) parts = 1;
    const std::int64_t n = std::int64_t(parts);
    // Each part ends where the next begins (the same expression), the last at t_hi exactly.
    const wide dt = (t_hi - t_lo) / wide(n);
    wide ta = t_lo;
    for (std::int64_t k = 0; k < n; ++k) {
        const wide tb = (k + 1 == n) ? t_hi : t_lo + dt * wide(k + 1);
        if (query(swept_part(start, d, ta, tb), tb)) return;
        ta = tb;
    }
}

/// Rays over tiles: the Amanatides-Woo grid walk ("A Fast Voxel Traversal Algorithm for Ray
/// Tracing", 1987), visiting the tiles in the exact order the ray enters them. The next boundary
/// is the one with the smaller (boundary - origin) / |d| on the same rounded edges the tile boxes
/// use: decided on the rounded quotients when they differ clearly, else exactly by
/// cross-multiplication, so a ray through a tile corner steps diagonally (it only touches the
/// two side tiles, which is no hit) and no cell is skipped.
/// Returns false when it cannot walk (origin outside the map); the caller then uses sub-boxes.
template <class Visit, class Stop>
SWEEPBOX_HOT bool walk_ray_tiles(const TileMap& tiles, Vec2 o, Vec2 d, Visit&& visit, Stop&& stop) {
    // stop(t_end): true when the best hit so far is before every tile not yet visited.
    const Aabb& b = tiles.bounds();
    if (!(b.min.x <= o.x && o.x < b.max.x && b.min.y <= o.y && o.y < b.max.y)) return false;
    const std::int32_t columns = tiles.columns(), rows = tiles.rows();
    // A first guess (o is at or right of / below the map's first edges, so truncation is the
    // floor), then settled on the rounded edges themselves.
    const wide inv_size = 1 / wide(tiles.def().tile_size);
    std::int32_t col = std::min(std::int32_t((wide(o.x) - wide(tiles.def().origin.x)) * inv_size), columns - 1);
    std::int32_t row = std::min(std::int32_t((wide(o.y) - wide(tiles.def().origin.y)) * inv_size), rows - 1);
    while (col > 0 && o.x < tiles.edge_x(col)) --col;
    while (col + 1 < columns && o.x >= tiles.edge_x(col + 1)) ++col;
    while (row > 0 && o.y < tiles.edge_y(row)) --row;
    while (row + 1 < rows && o.y >= tiles.edge_y(row + 1)) ++row;
    const int sx = d.x > 0 ? 1 : (d.x < 0 ? -1 : 0);
    const int sy = d.y > 0 ? 1 : (d.y < 0 ? -1 : 0);
    if (sx == 0 && sy == 0) {
        visit_tile(tiles, col, row, visit);
        return true;
    }
    const wide ax = std::fabs(wide(d.x)), ay = std::fabs(wide(d.y));
    const wide inv_x = sx != 0 ? 1 / ax : wide(0), inv_y = sy != 0 ? 1 / ay : wide(0);
    constexpr wide inf = std::numeric_limits<wide>::infinity();
    // The rounded quotients are within 2^-50 of the exact ones, relative; 1e-14 is far above.
    constexpr wide rel = wide(1e-14);
    while (true) {
        visit_tile(tiles, col, row, visit);
        // The next boundaries ahead (detail::Diff: exact on demand) and their fractions of d.
        const real ex = tiles.edge_x(sx > 0 ? col + 1 : col);
        const real ey = tiles.edge_y(sy > 0 ? row + 1 : row);
        const Diff fx = sx > 0 ? diff(ex, o.x) : diff(o.x, ex);
        const Diff fy = sy > 0 ? diff(ey, o.y) : diff(o.y, ey);
        const wide tx = sx != 0 ? fx.approx * inv_x : inf;
        const wide ty = sy != 0 ? fy.approx * inv_y : inf;
        bool step_x = tx < ty, step_y = ty < tx;
        if (sx != 0 && sy != 0 && std::fabs(tx - ty) <= (tx + ty) * rel) {
            // Nearly or exactly through a corner: decided exactly (a corner steps diagonally).
            const int order = compare(fx, ax, fy, ay);
            step_x = order <= 0;
            step_y = order >= 0;
        }
        const wide t_exit = step_x ? tx : ty;
        // The boundary at or beyond the end of the segment (fraction >= 1): done.
        if (t_exit > 1 + rel) return true;
        if (!(t_exit < 1 - rel) && (step_x ? compare(fx, ax) >= 0 : compare(fy, ay) >= 0)) return true;
        if (stop(t_exit)) return true;
        if (step_x && step_y) {
            // Through a corner exactly: the two side tiles are only touched, but a side tile
            // may be the one whose closed seam makes the corner solid (a concave corner).
            for (const TileCell side : {TileCell{col + sx, row}, TileCell{col, row + sy}})
                if (tiles.in_map(side)) visit_tile(tiles, side.column, side.row, visit);
        }
        if (step_x) col += sx;
        if (step_y) row += sy;
        if (std::uint32_t(col) >= std::uint32_t(columns) || std::uint32_t(row) >= std::uint32_t(rows)) return true;
    }
}

/// What first_tile_of_ray found.
enum class RayTiles : std::uint8_t {
    miss,   ///< the ray meets no blocking tile in [0, 1)
    hit,    ///< `TileHit` is the best tile contact, as walk_ray_tiles and the sweep would rank it
    unsure, ///< a case it leaves to walk_ray_tiles (see first_tile_of_ray)
};

// Store forwarding. A value stored in pieces (narrow stores) and soon read back in one wider
// load cannot be forwarded from the store queue: the load waits until the stores have reached
// the cache, and the core stalls behind it. The casts keep their best hit in the stack frame
// and copy it out at the end, so the tiles' cells and boxes are made here in one store each and
// the best's fields are copied one by one (see cast_closest; measured with a store-queue model
// over a trace of the box casts, and A/B: box casts -1.5 to -2 ns, short hits -4 ns).

/// TileCell{col, row} made as one 64-bit value (one store where it is kept).
SWEEPBOX_HOT TileCell packed_cell(std::int32_t col, std::int32_t row) {
    static_assert(sizeof(TileCell) == 8 && offsetof(TileCell, row) == 4);
    const std::uint64_t c = std::uint32_t(col), r = std::uint32_t(row);
    return std::bit_cast<TileCell>(std::endian::native == std::endian::little ? c | r << 32 : r | c << 32);
}

/// The box of tile (col, row) from the map's edge tables, made in one register where it can be
/// (one 16-byte store where it is kept).
SWEEPBOX_HOT Aabb tile_box(const real* ex, const real* ey, std::int32_t col, std::int32_t row) {
#if defined(__SSE2__) && !defined(SWEEPBOX_DOUBLE)
    static_assert(sizeof(Aabb) == 4 * sizeof(float) && offsetof(Aabb, max) == 2 * sizeof(float));
    // (ex[col], ex[col + 1]) and (ey[row], ey[row + 1]) as two 8-byte loads, interleaved.
    const __m128 xs = _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(ex + col)));
    const __m128 ys = _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(ey + row)));
    Aabb b;
    _mm_storeu_ps(&b.min.x, _mm_unpacklo_ps(xs, ys));
    return b;
#else
    return {{ex[col], ey[row]}, {ex[col + 1], ey[row + 1]}};
#endif
}

/// A tile contact: the tile, its box and the sweep of the ray against it.
struct TileHit {
    TileCell cell{};
    Aabb box{};
    Sweep sweep{};
    /// Some tile the walk passed (up to its answer) is marked in `marks` (a body may be near);
    /// set on every answer but `unsure`, with `left` (the ray left the map, where no tile covers
    /// its path).
    bool near = false;
    bool left = false;
};

/// The ray's walk over the tiles for a closest-hit cast, in its usual case: the walk of
/// walk_ray_tiles (the same tiles in the same order) with the edges read from the map's tables
/// and nothing else per step, answering `unsure` whenever walk_ray_tiles would take an exact
/// decision or the case is not the plain one (the caller then walks with walk_ray_tiles).
/// The plain case: the ray starts on the map in an empty tile, every step is clearly along one
/// axis (no corner within the rounding), and the first non-empty tile is solid and the sweep
/// hits it. Then that tile is the best of every tile the walk would visit: the tiles before it
/// are empty, and every tile after it is first touched clearly later than the ray enters it,
/// so even at an equal rounded time the exact ranking puts it first.
SWEEPBOX_HOT RayTiles first_tile_of_ray(const TileMap& tiles, const SweepQuery& q, const std::uint64_t* marks,
                                         TileHit& out) {
    const real* ex = tiles.edge_table_x();
    const real* ey = tiles.edge_table_y();
    const Vec2 o = q.a.min, d = q.d;
    const Aabb& mb = tiles.bounds();
    if (ex == nullptr || ey == nullptr || !(mb.min.x <= o.x && o.x < mb.max.x && mb.min.y <= o.y && o.y < mb.max.y))
        return RayTiles::unsure;
    const std::int32_t columns = tiles.columns(), rows = tiles.rows();
    // The start tile: a first guess by the division, settled on the edges (as walk_ray_tiles).
    static_assert(std::is_same_v<TileMap::inverse_type, wide>);
    const wide inv_size = tiles.inverse_tile_size();
    std::int32_t col = std::min(std::int32_t((wide(o.x) - wide(tiles.def().origin.x)) * inv_size), columns - 1);
    std::int32_t row = std::min(std::int32_t((wide(o.y) - wide(tiles.def().origin.y)) * inv_size), rows - 1);
    while (col > 0 && o.x < ex[col]) --col;
    while (col + 1 < columns && o.x >= ex[col + 1]) ++col;
    while (row > 0 && o.y < ey[row]) --row;
    while (row + 1 < rows && o.y >= ey[row + 1]) ++row;
    const std::uint8_t* bits = tiles.bits_table();
    const std::uint64_t* occupied = tiles.occupied_table();
    std::size_t at = std::size_t(row) * std::size_t(columns) + std::size_t(col);
    if (TileMap::occupied(occupied, at)) return RayTiles::unsure;
    // A start on a tile corner may be a meeting point of tiles (junction.hpp).
    if (o.x == ex[col] && o.y == ey[row]) return RayTiles::unsure;
    // Whether a tile passed is marked (the path up to the answer lies in them).
    bool near = TileMap::occupied(marks, at);
    // The signs of d, and what depends on them, without a branch: a ray's direction is a coin
    // toss for the branch predictor (products by the sign and bools as numbers; the same values).
    const int sx = int(d.x > 0) - int(d.x < 0);
    const int sy = int(d.y > 0) - int(d.y < 0);
    // The fraction of d at which the ray reaches the next column (row) edge: the edge minus the
    // origin over d, signed (the query's 1 / |d| with d's sign, the same number), which is
    // walk_ray_tiles' quotient and the sweep's slab time bit for bit. An axis without motion
    // never steps: its time is 0 * (edge - origin) + 4, past every end and far from every tie.
    // (1 / |d| is 0 where d is: the product is then 0, and 0 * (edge - origin) + 4 is 4 as well)
    const wide inv_x = q.inv[0] * wide(sx), inv_y = q.inv[1] * wide(sy);
    const wide still_x = wide(4 * int(sx == 0)), still_y = wide(4 * int(sy == 0));
    const int ax = int(sx > 0), ay = int(sy > 0); // the edge ahead of a tile: its own or the next
    const wide wox = wide(o.x), woy = wide(o.y);
#define SWEEPBOX_TIME_X(edge) ((wide(ex[edge]) - wox) * inv_x + still_x)
#define SWEEPBOX_TIME_Y(edge) ((wide(ey[edge]) - woy) * inv_y + still_y)
    // The walk steps by adding the time of one tile to the time of the edge it has crossed,
    // rather than computing the next edge's time as above (a load, a difference and a product
    // in the chain of each step). A sum t stays within drift * t + base of the expression for
    // its edge: each sum and the tile's time are rounded once a step, by at most 2^-52 of a
    // time below 2 (a time beyond only ends the walk), and k steps need k <= t / (time of a
    // tile); the expressions round twice themselves; and the map's edges, each rounded to
    // real, are a tile apart only within edge_error tiles. (drift and base bound these with
    // room: 2^-50 where 2^-52 would do.) Every decision below is taken on the sums only where
    // it is clear by that bound, and is then the decision on the expressions: the same tiles
    // in the same order as walk_ray_tiles.
    wide tx = SWEEPBOX_TIME_X(col + ax), ty = SWEEPBOX_TIME_Y(row + ay);
    const wide size = wide(tiles.def().tile_size);
    const wide step_tx = size * q.inv[0], step_ty = size * q.inv[1]; // 0 on an axis that never steps
    constexpr wide unit = wide(1) / wide(std::uint64_t(1) << 50);
    const wide drift = unit * std::max(q.den[0], q.den[1]) * inv_size;
    const wide base = tiles.edge_error(0) * step_tx + tiles.edge_error(1) * step_ty + 64 * unit;
    // As in walk_ray_tiles: the quotients are within 2^-50 of the exact ones, relative.
    constexpr wide rel = wide(1e-14);
    const wide corner = rel + 2 * drift, corner_base = 2 * base;
    // t < 1 - rel - (drift t + base) and t > 1 + rel + (drift t + base), as bounds on t (drift
    // is far below 1/2, and the roundings of these bounds far below base).
    const wide go_on = (1 - rel - base) * (1 - drift) - unit, past = (1 + rel + base) * (1 + 2 * drift) + unit;
    const std::ptrdiff_t row_step = std::ptrdiff_t(sy) * std::ptrdiff_t(columns);
    while (true) {
        const wide t = std::min(tx, ty);
        if (!(t < go_on)) {
            if (!(t > past)) return RayTiles::unsure; // near the end: exact
            out.near = near;
            return RayTiles::miss;
        }
        if (std::fabs(tx - ty) <= (tx + ty) * corner + corner_base) return RayTiles::unsure; // near a corner: exact
        const bool step_x = tx < ty;
        if (step_x) {
            col += sx;
            if (std::uint32_t(col) >= std::uint32_t(columns)) break; // off the map
            at += std::size_t(std::ptrdiff_t(sx));
            tx += step_tx;
        } else {
            row += sy;
            if (std::uint32_t(row) >= std::uint32_t(rows)) break;
            at += std::size_t(row_step);
            ty += step_ty;
        }
        near |= TileMap::occupied(marks, at);
        if (!TileMap::occupied(occupied, at)) continue;
        const std::uint8_t b = bits[at];
        if (Tile(b & 3) != Tile::solid) return RayTiles::unsure;
        out.cell = packed_cell(col, row);
        out.box = tile_box(ex, ey, col, row);
        // The sweep's answer where its own tests are clear (it would take the same route): the
        // face just crossed was entered last, clearly after the other slab and clearly before
        // the tile is left; its time is the sweep's, rounded once. Anything else: the sweep.
        // The sweep's slab times: t of the edge just crossed and t_out of the edges ahead, each
        // within `off` of the walk's sums (its bound above; the tests are clear by it too), and
        // in_other, the expression for the edge behind on the other axis (the ray entered the
        // current row, or column, there or at the start).
        const wide in_other = step_x ? SWEEPBOX_TIME_Y(row + 1 - ay) : SWEEPBOX_TIME_X(col + 1 - ax);
        const wide t_out = std::min(tx, ty);
        const wide off = drift * t_out + base;
        if (sx != 0 && sy != 0 && t - in_other > (t + std::fabs(in_other)) * rel + off &&
            t_out - t > (t + std::fabs(t_out)) * rel + 2 * off) {
            // (Written field by field, as the caller reads them: a Sweep built in a local and
            // copied whole is a wide load of narrow stores just made; see cast_closest.)
            const wide num = step_x ? std::fabs(wide(ex[col + 1 - ax]) - wox) : std::fabs(wide(ey[row + 1 - ay]) - woy);
            real time = real(num / (step_x ? q.den[0] : q.den[1]));
            if (time >= 1) time = std::nextafter(real(1), real(0));
            out.sweep.state = SweepState::hit;
            out.sweep.time = time;
            out.sweep.normal = step_x ? Vec2{real(-sx), 0} : Vec2{0, real(-sy)};
            out.sweep.corner = false;
            out.near = near;
            return RayTiles::hit;
        }
        out.sweep = sweep(q, out.box, face_all, tile_faces(b).seams);
        out.near = near;
        return out.sweep.state == SweepState::hit ? RayTiles::hit : RayTiles::unsure;
    }
    // Off the map: a miss of the tiles, and the rest of the path is covered by none.
    out.left = true;
    return RayTiles::miss;
}
#undef SWEEPBOX_TIME_X
#undef SWEEPBOX_TIME_Y

/// Boxes over tiles: the tiles the box touches at the start, then, in time order, each column
/// (row) of tiles its leading x (y) edge reaches, over the rows (columns) the box covers at that
/// moment. A tile is first touched when the later of its column and its row is reached, and at
/// that moment the other one is covered, so no touched tile is left out; the walk stops once
/// the best hit is before the next moment. It only picks candidates (the exact sweep decides),
/// so its times are rounded and the covered ranges padded well beyond that rounding.
/// Returns false (the caller uses sub-boxes) unless the start box lies within the map.
template <class Visit, class Stop>
bool walk_box_tiles(const TileMap& tiles, const Aabb& a, Vec2 d, Visit&& visit, Stop&& stop) {
    const Aabb& mb = tiles.bounds();
    if (!(mb.min.x <= a.min.x && a.max.x <= mb.max.x && mb.min.y <= a.min.y && a.max.y <= mb.max.y)) return false;
    const wide inv_size = tiles.inverse_tile_size();
    const std::int32_t count[2] = {tiles.columns(), tiles.rows()};
    const wide origin[2] = {wide(tiles.def().origin.x), wide(tiles.def().origin.y)};
    // Every edge inside the map is within err tiles of its line, the map's largest coordinate
    // deciding (edge_error_in_tiles for the whole map, kept by the map).
    const wide err[2] = {tiles.edge_error(0), tiles.edge_error(1)};
    // tile_span with the walk's err, and its clamp to [-1, n] instead of +-2^30: the box is
    // on the map, so truncation then does the floor's work (in (-1, 0) the clamp to tile 0
    // follows anyway) at less cost per crossing.
    auto span = [&](int k, wide lo_v, wide hi_v, std::int32_t& lo, std::int32_t& hi) {
        const wide n = wide(count[k]);
        const wide ulo = (lo_v - origin[k]) * inv_size - err[k], uhi = (hi_v - origin[k]) * inv_size + err[k];
        const wide flo = ulo > -1 ? std::min(ulo, n) : wide(-1); // (a NaN keeps every tile)
        const wide fhi = uhi < n ? std::max(uhi, wide(-1)) : n;
        lo = std::max(std::int32_t(flo), 0);
        hi = fhi < 0 ? -1 : std::min(std::int32_t(fhi), count[k] - 1);
    };
    std::int32_t first[2], last[2];
    span(0, a.min.x, a.max.x, first[0], last[0]);
    span(1, a.min.y, a.max.y, first[1], last[1]);
    for (std::int32_t row = first[1]; row <= last[1]; ++row)
        for (std::int32_t col = first[0]; col <= last[0]; ++col) visit_tile(tiles, col, row, visit);
    std::int32_t next[2]; // the column and the row the leading edges reach next
    wide inv[2];
    for (int k = 0; k < 2; ++k) {
        next[k] = d[k] > 0 ? last[k] + 1 : first[k] - 1;
        inv[k] = d[k] != 0 ? 1 / std::fabs(wide(d[k])) : wide(0);
    }
    // When the leading edge on axis k reaches tile next[k] (infinity: never, in this map).
    auto reach_time = [&](int k) {
        if (d[k] == 0 || std::uint32_t(next[k]) >= std::uint32_t(count[k])) return std::numeric_limits<wide>::infinity();
        if (k == 0)
            return d.x > 0 ? (wide(tiles.edge_x(next[0])) - wide(a.max.x)) * inv[0]
                           : (wide(a.min.x) - wide(tiles.edge_x(next[0] + 1))) * inv[0];
        return d.y > 0 ? (wide(tiles.edge_y(next[1])) - wide(a.max.y)) * inv[1]
                       : (wide(a.min.y) - wide(tiles.edge_y(next[1] + 1))) * inv[1];
    };
    wide t[2] = {reach_time(0), reach_time(1)};
    constexpr wide end = 1 + wide(1e-9); // beyond: after the path (the exact end is 1)
    while (true) {
        const int k = t[0] <= t[1] ? 0 : 1;
        if (!(t[k] <= end) || stop(t[k])) return true;
        // The span of the other axis at that moment, padded for the rounding of the time.
        const int j = 1 - k;
        const wide tk = std::max(t[k], wide(0));
        const wide lo = wide(a.min[j]) + tk * wide(d[j]), hi = wide(a.max[j]) + tk * wide(d[j]);
        const wide pad = (std::fabs(lo) + std::fabs(hi) + std::fabs(wide(d[j]))) * wide(1e-12) + wide(1e-30);
        std::int32_t i0, i1;
        span(j, lo - pad, hi + pad, i0, i1);
        for (std::int32_t i = i0; i <= i1; ++i) {
            if (k == 0) {
                visit_tile(tiles, next[0], i, visit);
            } else {
                visit_tile(tiles, i, next[1], visit);
            }
        }
        next[k] += d[k] > 0 ? 1 : -1;
        t[k] = reach_time(k);
    }
}

/// walk_box_tiles for a closest-hit cast, on the map's edge tables: the start tiles, then each
/// crossing of a leading edge in time order over the tiles the box covers at that moment, until
/// `stop`, each non-empty tile passed to tile(column, row, bits) as it is in the map. The spans
/// at a crossing come from per-walk constants (the box's edges and d in tile units) with one
/// padding for the whole walk, at least walk_box_tiles' (they only pick candidates: the exact
/// sweep decides, and its ranking is a total order, so more candidates never change the answer).
/// Returns false (nothing visited) where walk_box_tiles would not walk, or the map keeps no
/// edge tables. `near`: some visited tile is marked in `marks` (see first_tile_of_ray);
/// `covered`: the box stayed on the map for the whole walk, so the tiles visited hold its path
/// up to where the walk stopped.
template <class Tile_, class Stop>
SWEEPBOX_HOT bool walk_box_tiles_cast(const TileMap& tiles, const SweepQuery& q, const std::uint64_t* marks, Tile_&& tile,
                                      Stop&& stop, bool& near, bool& covered) {
    const Aabb& a = q.a;
    const Vec2 d = q.d;
    const Aabb& mb = tiles.bounds();
    const real* ex = tiles.edge_table_x();
    const real* ey = tiles.edge_table_y();
    if (ex == nullptr || ey == nullptr ||
        !(mb.min.x <= a.min.x && a.max.x <= mb.max.x && mb.min.y <= a.min.y && a.max.y <= mb.max.y))
        return false;
    const wide inv_size = tiles.inverse_tile_size();
    const std::int32_t columns = tiles.columns(), rows = tiles.rows();
    const std::uint8_t* bits = tiles.bits_table();
    // In tile units from the map's origin: the box's edges at the start moved out by the padding
    // of an edge (lo - pad, hi + pad), and d. The padding: the rounding of the map's edges
    // (edge_error_in_tiles, as walk_box_tiles) plus that of the position at a crossing
    // (walk_box_tiles pads by 1e-12 of the coordinates and d). It is applied here, once, so that
    // a span's edge at a crossing is one sum after the product (lo + t * d): a shorter chain from
    // the crossing's time to its tile test, whose branch the predictor often misses (box casts
    // -1.5 ns, measured A/B, against (lo + t * d) - pad). The two differ by a rounding of `wide`
    // of an edge in tiles, which is below the map's size in tiles where the spans go unclamped:
    // far below edge_error, real's rounding at the map's largest coordinate, in the padding.
    struct Axis {
        wide lo, hi, d;
    };
    // After its first, the walk takes each crossing's time as the last one's plus the time of a
    // tile (step_x, step_y), not by reach_x's expression below (a load, a difference and a
    // product in the chain of each crossing). The sums stay within err_x (err_y) of the
    // expressions while they are below 2 (beyond, a time ends the walk): each sum and the
    // tile's time rounded once per crossing, k crossings with k <= tx / step_x, and a tile's
    // edges a tile apart within edge_error tiles. The walk takes that into account: the spans
    // of the other axis at a crossing are padded by the distance moved in err_x (err_y), and
    // the end and the stop by err_x + err_y (a crossing visited a little out of order is then
    // still visited before the walk stops).
    const wide size = wide(tiles.def().tile_size);
    const wide step_x = size * q.inv[0], step_y = size * q.inv[1]; // 0 on an axis that never crosses
    constexpr wide unit = wide(1) / wide(std::uint64_t(1) << 50);
    const wide err_x = tiles.edge_error(0) * step_x + unit * (64 + 2 * q.den[0] * inv_size);
    const wide err_y = tiles.edge_error(1) * step_y + unit * (64 + 2 * q.den[1] * inv_size);
    const wide err = err_x + err_y;
    const wide end = 1 + wide(1e-9) + err; // beyond: after the path (the exact end is 1)
    // Each axis in tile units, and whether the padded spans stay on the map for every time up
    // to `end` (the usual case; they are monotone in t, so the two ends of the walk tell): then
    // they need no clamp, and truncation is the floor.
    Axis X, Y;
    bool on_map;
#if defined(__SSE2__) && !defined(SWEEPBOX_DOUBLE)
    {
        // Both axes at once in double lanes (x, y): the operations of the scalar version below,
        // in its order, so the same numbers.
        static_assert(sizeof(Aabb) == 4 * sizeof(float) && sizeof(Vec2) == 2 * sizeof(float));
        const __m128d inv = _mm_set1_pd(inv_size);
        const __m128d abs_mask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL));
        const __m128 box = _mm_loadu_ps(&a.min.x);
        const __m128d lo = _mm_cvtps_pd(box), hi = _mm_cvtps_pd(_mm_movehl_ps(box, box));
        const __m128d dv = _mm_cvtps_pd(_mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(&d))));
        const __m128d o = _mm_cvtps_pd(
            _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(&tiles.def().origin))));
        const __m128d adv = _mm_and_pd(dv, abs_mask);
        const __m128d path = _mm_add_pd(_mm_add_pd(_mm_and_pd(lo, abs_mask), _mm_and_pd(hi, abs_mask)),
                                        _mm_mul_pd(_mm_set1_pd(3), adv));
        const __m128d map_err = _mm_setr_pd(tiles.edge_error(0), tiles.edge_error(1));
        const __m128d other_err = _mm_setr_pd(err_y, err_x);
        const __m128d plo = _mm_mul_pd(_mm_sub_pd(lo, o), inv), phi = _mm_mul_pd(_mm_sub_pd(hi, o), inv);
        const __m128d pd = _mm_mul_pd(dv, inv);
        const __m128d pad = _mm_add_pd(
            _mm_add_pd(map_err, _mm_mul_pd(_mm_add_pd(_mm_mul_pd(path, _mm_set1_pd(1e-12)), _mm_set1_pd(1e-30)), inv)),
            _mm_mul_pd(_mm_mul_pd(other_err, adv), inv));
        const __m128d lo_p = _mm_sub_pd(plo, pad), hi_p = _mm_add_pd(phi, pad);
        // min(u, s) and max(u, s) with the shifted s second: a NaN in s is kept, and fails.
        const __m128d shift = _mm_mul_pd(_mm_set1_pd(end), pd);
        const __m128d low = _mm_min_pd(lo_p, _mm_add_pd(lo_p, shift));
        const __m128d high = _mm_max_pd(hi_p, _mm_add_pd(hi_p, shift));
        const __m128d n = _mm_setr_pd(double(columns), double(rows));
        on_map = _mm_movemask_pd(_mm_and_pd(_mm_cmpge_pd(low, _mm_setzero_pd()), _mm_cmplt_pd(high, n))) == 3;
        X = {_mm_cvtsd_f64(lo_p), _mm_cvtsd_f64(hi_p), _mm_cvtsd_f64(pd)};
        Y = {_mm_cvtsd_f64(_mm_unpackhi_pd(lo_p, lo_p)), _mm_cvtsd_f64(_mm_unpackhi_pd(hi_p, hi_p)),
             _mm_cvtsd_f64(_mm_unpackhi_pd(pd, pd))};
    }
#else
    auto axis = [&](real lo_v, real hi_v, real dv, real o, wide map_err, wide other_err) {
        const wide wo = wide(o);
        const wide path = std::fabs(wide(lo_v)) + std::fabs(wide(hi_v)) + 3 * std::fabs(wide(dv));
        const wide pad =
            map_err + (path * wide(1e-12) + wide(1e-30)) * inv_size + other_err * std::fabs(wide(dv)) * inv_size;
        return Axis{(wide(lo_v) - wo) * inv_size - pad, (wide(hi_v) - wo) * inv_size + pad, wide(dv) * inv_size};
    };
    X = axis(a.min.x, a.max.x, d.x, tiles.def().origin.x, tiles.edge_error(0), err_y);
    Y = axis(a.min.y, a.max.y, d.y, tiles.def().origin.y, tiles.edge_error(1), err_x);
    auto stays = [&](const Axis& A, std::int32_t n) {
        const wide shift = end * A.d;
        // (The shifted end first: std::min and std::max then keep a NaN, which fails the tests.)
        const wide low = std::min(A.lo + shift, A.lo), high = std::max(A.hi + shift, A.hi);
        return (low >= 0) & (high < wide(n));
    };
    on_map = stays(X, columns) & stays(Y, rows);
#endif
    // The tiles [lo, hi] of 0..n-1 that the axis covers at time t, padded (as tile_span).
    auto span = [&](const Axis& A, std::int32_t n, wide t, std::int32_t& lo, std::int32_t& hi) SWEEPBOX_HOT_LAMBDA {
        const wide shift = t * A.d;
        const wide ulo = A.lo + shift, uhi = A.hi + shift;
        if (on_map) {
            lo = std::int32_t(ulo);
            hi = std::int32_t(uhi);
            return;
        }
        const wide wn = wide(n);
        const wide flo = ulo > -1 ? std::min(ulo, wn) : wide(-1); // (a NaN keeps every tile)
        const wide fhi = uhi < wn ? std::max(uhi, wide(-1)) : wn;
        lo = std::max(std::int32_t(flo), 0);
        hi = fhi < 0 ? -1 : std::min(std::int32_t(fhi), n - 1);
    };
    const std::uint64_t* occupied = tiles.occupied_table();
    covered = on_map;
    auto visit = [&](std::int32_t col, std::int32_t row) SWEEPBOX_HOT_LAMBDA {
        const std::size_t at = std::size_t(row) * std::size_t(columns) + std::size_t(col);
        near |= TileMap::occupied(marks, at);
        if (TileMap::occupied(occupied, at)) tile(col, row, bits[at]);
    };
    std::int32_t x0, x1, y0, y1;
    span(X, columns, 0, x0, x1);
    span(Y, rows, 0, y0, y1);
    for (std::int32_t row = y0; row <= y1; ++row)
        for (std::int32_t col = x0; col <= x1; ++col) visit(col, row);
    // The column (row) the leading x (y) edge reaches next, and when (walk_box_tiles' times).
    const int sx = d.x > 0 ? 1 : (d.x < 0 ? -1 : 0), sy = d.y > 0 ? 1 : (d.y < 0 ? -1 : 0);
    std::int32_t nx = sx > 0 ? x1 + 1 : x0 - 1, ny = sy > 0 ? y1 + 1 : y0 - 1;
    const wide lead_x = sx > 0 ? wide(a.max.x) : wide(a.min.x), lead_y = sy > 0 ? wide(a.max.y) : wide(a.min.y);
    const wide inv_x = q.inv[0], inv_y = q.inv[1];
    constexpr wide never = std::numeric_limits<wide>::infinity();
    // (The near edge of tile n: its own for +d, the next one's for -d.)
    const int near_x = sx > 0 ? 0 : 1, near_y = sy > 0 ? 0 : 1;
    auto reach_x = [&]() SWEEPBOX_HOT_LAMBDA {
        if (sx == 0 || std::uint32_t(nx) >= std::uint32_t(columns)) return never;
        return (wide(ex[nx + near_x]) - lead_x) * (sx > 0 ? inv_x : -inv_x);
    };
    auto reach_y = [&]() SWEEPBOX_HOT_LAMBDA {
        if (sy == 0 || std::uint32_t(ny) >= std::uint32_t(rows)) return never;
        return (wide(ey[ny + near_y]) - lead_y) * (sy > 0 ? inv_y : -inv_y);
    };
    wide tx = reach_x(), ty = reach_y();
    // The next crossing's time is tested against the end and the stop before the axis is
    // picked: the walk then leaves without a branch on which axis comes next, a branch the
    // predictor often misses (box casts 102 -> 100 ns, measured A/B).
    //
    // Every crossing's time is positive, so a span is taken at the time itself, with no clamp
    // to 0 on the chain of each crossing (box casts -1.3 ns, measured A/B). The first column a
    // leading edge reaches lies beyond the start span, which holds the box's edge moved out by
    // the padding, and the padding exceeds edge_error (edge_error_in_tiles: twice real's
    // rounding at the map's largest coordinate, plus 1e-9 tiles), so that column's near edge,
    // within half of edge_error of its place, is beyond the box's edge, and its time is a
    // positive difference times 1 / |d|. (Where the start span is clamped to the map, the padded
    // edge lies beyond the clamped end as well, or the column reached next is off the map and
    // its time is `never`.) The later times add steps. The same for rows.
    for (wide t = std::min(tx, ty); t <= end && !stop(t - err); t = std::min(tx, ty)) {
        std::int32_t i0, i1;
        if (tx <= ty) {
            span(Y, rows, tx, i0, i1);
            for (std::int32_t i = i0; i <= i1; ++i) visit(nx, i);
            nx += sx;
            tx = std::uint32_t(nx) < std::uint32_t(columns) ? tx + step_x : never;
        } else {
            span(X, columns, ty, i0, i1);
            for (std::int32_t i = i0; i <= i1; ++i) visit(i, ny);
            ny += sy;
            ty = std::uint32_t(ny) < std::uint32_t(rows) ? ty + step_y : never;
        }
    }
    return true;
}

/// The three-level walk: visits candidate obstacles of the path of `start` moved by d, in path
/// order of their sub-boxes. `best_time()` is the time of the best hit found so far (anything
/// above 1 when there is none): the walk stops after a sub-box when that hit is certainly
/// before every obstacle not yet visited (they all meet the path only after the sub-box ends),
/// and the bodies are only walked over the part of the path before it. Visits may repeat an
/// obstacle. `touching`: the caller counts tiles the path only touches (query_segment), so a
/// zero-size start walks the tile rows too instead of the Amanatides-Woo cells it enters.
///
/// Returns true when the walk visited every obstacle whose box meets the whole-trip box
/// trip_box(start, d, 1) (no tiles walked, and the bodies' cells of that box visited in
/// one pass): a later leg whose whole-trip box lies inside it may reuse the visited obstacles.
/// `whole_trip`: that box when the caller has computed it already (a move), else null.
template <class Visit, class BestTime>
bool walk_path(const World& w, const Aabb& start, Vec2 d, const Selector& s, Visit&& visit, BestTime&& best_time,
               bool touching = false, const Aabb* whole_trip = nullptr) {
    constexpr wide slack = wide(1e-6);
    auto stop = [&](wide t_end) { return wide(best_time()) < t_end - slack; };
    if (w.def().brute_force) {
        visit_region(w, merge(start, start.translated(d)), s, visit);
        return false;
    }
    bool complete = true;
    const int p = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1;
    const real body_len = start.max[p] - start.min[p];
    // Tiles: only the part of the path over the map.
    const TileMap& tiles = w.tiles();
    if (s.tiles && !tiles.is_empty() && tiles.blocking_count() > 0 &&
        interacts(s, tiles.def().category, tiles.def().mask)) {
        complete = false;
        wide lo, hi;
        const bool ray = !touching && start.min == start.max;
        if (ray && walk_ray_tiles(tiles, start.min, d, visit, stop)) {
            // walked exactly
        } else if (!touching && !ray && walk_box_tiles(tiles, start, d, visit, stop)) {
            // walked by the leading edges
        } else if (time_in(start, d, tiles.bounds(), tiles.def().tile_size, lo, hi)) {
            // Tiles of a sub-box that the (slightly grown) trip box misses cannot be met: skip
            // them before the exact test.
            const Aabb reach = swept_part(start, d, 0, 1);
            auto near_visit = [&](const Obstacle& ob) {
                if (intersects_closed(reach, ob.box)) visit(ob);
            };
            const real step = std::max(body_len, tiles.def().tile_size);
            // The clipped range crosses at most the map plus the padding: more sub-boxes than
            // that means rounding at huge scales, and one pass over the range is then cheaper.
            const std::int64_t max_tile_parts =
                2 * (std::int64_t(tiles.columns()) + std::int64_t(tiles.rows())) + 64;
            // Sub-box ranges move monotonically along a straight path, so skipping the range
            // seen last visits every tile once.
            const wide inv = 1 / wide(tiles.def().tile_size);
            CellRange seen{};
            walk_parts(start, d, step, lo, hi, max_tile_parts, [&](const Aabb& part, wide t_end) {
                const CellRange r = candidate_tiles(tiles, part, inv);
                visit_tiles_in(tiles, r, near_visit, seen);
                seen = r;
                return t_end < hi && stop(t_end);
            });
        }
    }
    if (!s.bodies) return complete;
    const SpatialGrid& grid = w.grid();
    // Only the path up to the best hit so far can hold an earlier one: bodies whose box misses
    // the (slightly grown) trip box up to that horizon are skipped before the exact test.
    const wide horizon = std::min(wide(1), wide(best_time()) + slack);
    const Aabb trip = whole_trip && horizon >= 1 ? *whole_trip : trip_box(start, d, horizon);
    const CellRange trip_cells = grid.query_cells(trip);
    // Up to 4 x 4 cells (nothing near in a sparse world, a move's trip in a crowd) without a
    // loop per cell, which mispredicts its way out of each cell.
    if (trip_cells.count() <= 16) {
        std::uint32_t items[SpatialGrid::gather_blocks_room];
        if (const int n = grid.gather_blocks(trip_cells, items); n >= 0) {
            visit_bodies(w, s, trip, [&](auto&& g) {
                grid.for_each_oversize(g);
                for (int i = 0; i < n; ++i) g(items[i]);
            }, visit);
        } else {
            visit_bodies(w, s, trip, [&](auto&& g) {
                grid.for_each_oversize(g);
                grid.for_each_in_range(trip_cells, CellRange{}, g);
            }, visit);
        }
        return complete && horizon >= 1;
    }
    const real step = std::max(body_len, grid.cell_size());
    const std::int64_t max_parts = std::int64_t(grid.cell_count()) * 2 + 64;
    // Oversize bodies would be in every sub-box's answer: visit them once, then the cells.
    visit_bodies(w, s, trip, [&](auto&& g) { grid.for_each_oversize(g); }, visit);
    CellRange seen{};
    walk_parts(start, d, step, 0, horizon, max_parts, [&](const Aabb& part, wide t_end) {
        const CellRange r = grid.query_cells(part);
        visit_bodies(w, s, trip, [&](auto&& g) { grid.for_each_in_range(r, seen, g); }, visit);
        seen = r;
        return t_end < horizon && stop(t_end);
    });
    return false;
}

} // namespace detail
} // namespace sweepbox
