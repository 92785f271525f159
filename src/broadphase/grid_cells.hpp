#pragma once
// Internal: the cell arithmetic of SpatialGrid, inline because the walks ask for the
// cells of every sub-box, in the library's wider type (a product of two floats is exact in
// double), with its SIMD form.

#include <cstdint>
#include <sweepbox/cell_range.hpp>
#include <sweepbox/geometry.hpp>
#include "core/cell_coord.hpp"
#include "core/simd.hpp"
#include "core/wide.hpp"

namespace sweepbox::detail {

#if SWEEPBOX_SSE
/// The four cell_coord of (lo.x, lo.y) and (hi.x, hi.y) at once: the same clamps (maxpd and
/// minpd keep v unless it is out of range or NaN, as the tests of cell_coord), the same floor
/// (truncate, then one down where that went up).
inline CellRange cell_range(__m128d lo, __m128d hi) {
    auto floor_clamped = [](__m128d v) {
        constexpr double limit = double(coord_limit);
        v = _mm_min_pd(_mm_max_pd(v, _mm_set1_pd(-limit)), _mm_set1_pd(limit));
        const __m128i i = _mm_cvttpd_epi32(v);
        const __m128i up = _mm_castpd_si128(_mm_cmpgt_pd(_mm_cvtepi32_pd(i), v));
        return _mm_add_epi32(i, _mm_shuffle_epi32(up, _MM_SHUFFLE(2, 0, 2, 0))); // -1 where it went up
    };
    CellRange r;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(&r), _mm_unpacklo_epi64(floor_clamped(lo), floor_clamped(hi)));
    return r;
}
#endif

/// The cells a closed box touches, for cells of side 1 / inv (coordinates clamped to +-coord_limit).
inline CellRange grid_cells_of(const Aabb& box, wide inv) {
#if SWEEPBOX_SSE
    static_assert(sizeof(Aabb) == 4 * sizeof(float) && sizeof(CellRange) == 4 * sizeof(std::int32_t));
    const __m128 b = _mm_loadu_ps(&box.min.x);
    const __m128d vinv = _mm_set1_pd(inv);
    return cell_range(_mm_mul_pd(_mm_cvtps_pd(b), vinv), _mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(b, b)), vinv));
#else
    return {cell_coord(wide(box.min.x) * inv), cell_coord(wide(box.min.y) * inv), cell_coord(wide(box.max.x) * inv),
            cell_coord(wide(box.max.y) * inv)};
#endif
}

/// grid_cells_of(box) with the min corner moved back by reach on each axis.
inline CellRange grid_query_cells(const Aabb& box, wide inv, const wide (&reach)[2]) {
    // A small item meeting the box has min >= box.min - size >= box.min - reach exactly, and
    // rounding is monotone: (box.min - reach) rounded is at most min (a real, exact in the
    // wider type), and times inv rounded at most min * inv rounded, the product that placed
    // the item. So the floor is at most the item's cell, with no slack.
#if SWEEPBOX_SSE
    const __m128 b = _mm_loadu_ps(&box.min.x);
    const __m128d vinv = _mm_set1_pd(inv);
    const __m128d back = _mm_sub_pd(_mm_cvtps_pd(b), _mm_setr_pd(reach[0], reach[1]));
    return cell_range(_mm_mul_pd(back, vinv), _mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(b, b)), vinv));
#else
    return {cell_coord((wide(box.min.x) - reach[0]) * inv), cell_coord((wide(box.min.y) - reach[1]) * inv),
            cell_coord(wide(box.max.x) * inv), cell_coord(wide(box.max.y) * inv)};
#endif
}

} // namespace sweepbox::detail
