#pragma once
// Internal: a box's walk over the tiles by its leading edges.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <sweepbox/tile_map.hpp>

#include "core/compiler.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"
#include "geometry/sweep.hpp"
#include "broadphase/tile_obstacles.hpp"

namespace sweepbox::detail {

/// Boxes over tiles: the tiles the box touches at the start, then, in time order, each column
/// (row) of tiles its leading x (y) edge reaches, over the rows (columns) the box covers at that
/// moment. A tile is first touched when the later of its column and its row is reached, and at
/// that moment the other one is covered, so no touched tile is left out; the walk stops once
/// stop(t) says the best hit is before the next moment t. It only picks candidates (the exact
/// sweep decides, and its ranking is a total order, so more candidates never change the
/// answer), so its times are rounded and the covered ranges padded well beyond that rounding.
///
/// Each tile passed is given to passed(index in the map's tables), each non-empty one to
/// tile(column, row, bits) as it is in the map. Returns false (nothing visited; the caller uses
/// sub-boxes) unless the start box lies within the map and the map keeps its edge tables.
/// `covered`: the box stayed on the map for the whole walk, so the tiles visited hold its path
/// up to where the walk stopped.
template <class Tile_, class Passed, class Stop>
SWEEPBOX_FORCE_INLINE bool walk_box_tiles(const TileMap& tiles, const SweepQuery& q, Tile_&& tile, Passed&& passed,
                                          Stop&& stop, bool& covered) {
    const Aabb& a = q.a;
    const Vec2 d = q.d;
    const Aabb& mb = tiles.bounds();
    const real* ex = TileTables::edges_x(tiles);
    const real* ey = TileTables::edges_y(tiles);
    if (ex == nullptr || ey == nullptr ||
        !(mb.min.x <= a.min.x && a.max.x <= mb.max.x && mb.min.y <= a.min.y && a.max.y <= mb.max.y))
        return false;
    const wide inv_size = TileTables::inverse_tile_size(tiles);
    const std::int32_t columns = tiles.columns(), rows = tiles.rows();
    const std::uint8_t* bits = TileTables::bits(tiles);
    // In tile units from the map's origin: the box's edges at the start moved out by the padding
    // of an edge (lo - pad, hi + pad), and d. The padding: the rounding of the map's edges
    // (edge_error_in_tiles) plus that of the position at a crossing (span_pad_rel of the
    // coordinates and d). It is applied once, so a span's edge at a crossing is one sum after
    // the product (lo + t * d), a short chain to a hard-to-predict tile test. Padding before or
    // after the sum differs by a rounding of `wide` of an edge in tiles, which is below the map's size in tiles where the spans go unclamped:
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
    const wide err_x = TileTables::edge_error(tiles, 0) * step_x + unit * (64 + 2 * q.den[0] * inv_size);
    const wide err_y = TileTables::edge_error(tiles, 1) * step_y + unit * (64 + 2 * q.den[1] * inv_size);
    const wide err = err_x + err_y;
    const wide end = 1 + tol::end_slack + err; // beyond: after the path (the exact end is 1)
    // Each axis in tile units, and whether the padded spans stay on the map for every time up
    // to `end` (the usual case; they are monotone in t, so the two ends of the walk tell): then
    // they need no clamp, and truncation is the floor.
    Axis X, Y;
    bool on_map;
#if SWEEPBOX_SSE
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
        const __m128d map_err = _mm_setr_pd(TileTables::edge_error(tiles, 0), TileTables::edge_error(tiles, 1));
        const __m128d other_err = _mm_setr_pd(err_y, err_x);
        const __m128d plo = _mm_mul_pd(_mm_sub_pd(lo, o), inv), phi = _mm_mul_pd(_mm_sub_pd(hi, o), inv);
        const __m128d pd = _mm_mul_pd(dv, inv);
        const __m128d pad =
            _mm_add_pd(_mm_add_pd(map_err, _mm_mul_pd(_mm_add_pd(_mm_mul_pd(path, _mm_set1_pd(tol::span_pad_rel)),
                                                                 _mm_set1_pd(tol::margin_floor)),
                                                      inv)),
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
        const wide pad = map_err + (path * tol::span_pad_rel + tol::margin_floor) * inv_size +
                         other_err * std::fabs(wide(dv)) * inv_size;
        return Axis{(wide(lo_v) - wo) * inv_size - pad, (wide(hi_v) - wo) * inv_size + pad, wide(dv) * inv_size};
    };
    X = axis(a.min.x, a.max.x, d.x, tiles.def().origin.x, TileTables::edge_error(tiles, 0), err_y);
    Y = axis(a.min.y, a.max.y, d.y, tiles.def().origin.y, TileTables::edge_error(tiles, 1), err_x);
    auto stays = [&](const Axis& A, std::int32_t n) {
        const wide shift = end * A.d;
        // (The shifted end first: std::min and std::max then keep a NaN, which fails the tests.)
        const wide low = std::min(A.lo + shift, A.lo), high = std::max(A.hi + shift, A.hi);
        const bool above = low >= 0, below = high < wide(n); // (named: Clang warns of & on calls)
        return above & below;
    };
    on_map = stays(X, columns) & stays(Y, rows);
#endif
    // The tiles [lo, hi] of 0..n-1 that the axis covers at time t, padded (as tile_span).
    auto span = [&](const Axis& A, std::int32_t n, wide t, std::int32_t& lo, std::int32_t& hi)
                    SWEEPBOX_FORCE_INLINE_LAMBDA {
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
    const std::uint64_t* occupied = TileTables::occupied(tiles);
    covered = on_map;
    auto visit = [&](std::int32_t col, std::int32_t row) SWEEPBOX_FORCE_INLINE_LAMBDA {
        const std::size_t at = std::size_t(row) * std::size_t(columns) + std::size_t(col);
        passed(at);
        if (TileTables::bit(occupied, at)) tile(col, row, bits[at]);
    };
    std::int32_t x0, x1, y0, y1;
    span(X, columns, 0, x0, x1);
    span(Y, rows, 0, y0, y1);
    for (std::int32_t row = y0; row <= y1; ++row)
        for (std::int32_t col = x0; col <= x1; ++col) visit(col, row);
    // The column (row) the leading x (y) edge reaches next, and when .
    const int sx = d.x > 0 ? 1 : (d.x < 0 ? -1 : 0), sy = d.y > 0 ? 1 : (d.y < 0 ? -1 : 0);
    std::int32_t nx = sx > 0 ? x1 + 1 : x0 - 1, ny = sy > 0 ? y1 + 1 : y0 - 1;
    const wide lead_x = sx > 0 ? wide(a.max.x) : wide(a.min.x), lead_y = sy > 0 ? wide(a.max.y) : wide(a.min.y);
    const wide inv_x = q.inv[0], inv_y = q.inv[1];
    constexpr wide never = std::numeric_limits<wide>::infinity();
    // (The near edge of tile n: its own for +d, the next one's for -d.)
    const int near_x = sx > 0 ? 0 : 1, near_y = sy > 0 ? 0 : 1;
    auto reach_x = [&]() SWEEPBOX_FORCE_INLINE_LAMBDA {
        if (sx == 0 || std::uint32_t(nx) >= std::uint32_t(columns)) return never;
        return (wide(ex[nx + near_x]) - lead_x) * (sx > 0 ? inv_x : -inv_x);
    };
    auto reach_y = [&]() SWEEPBOX_FORCE_INLINE_LAMBDA {
        if (sy == 0 || std::uint32_t(ny) >= std::uint32_t(rows)) return never;
        return (wide(ey[ny + near_y]) - lead_y) * (sy > 0 ? inv_y : -inv_y);
    };
    wide tx = reach_x(), ty = reach_y();
    // The next crossing's time is tested against the end and the stop before the axis is
    // picked, so the walk leaves without a branch on which axis comes next (hard to predict).
    //
    // Every crossing's time is positive, so a span is taken at the time itself, with no clamp
    // to 0 on the chain of each crossing. The first column a
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

} // namespace sweepbox::detail
