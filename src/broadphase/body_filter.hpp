#pragma once
// Internal: the bodies a walk visits, filtered by category, mask and reach without a branch
// per candidate, and the obstacles of a region.

#include <cstddef>
#include <cstdint>
#include <sweepbox/world.hpp>

#include "broadphase/obstacle.hpp"
#include "core/compiler.hpp"
#include "broadphase/tile_obstacles.hpp"

namespace sweepbox::detail {

/// True when body `index` passes the selector's category and mask: the filters combined without
/// a branch (each is hard to predict in a stream of candidates).
SWEEPBOX_FORCE_INLINE bool body_interacts(const World& w, std::uint32_t index, const Selector& s) {
    const auto& b = WorldAccess::bodies(w)[index];
    return ((b.category & s.mask) != 0) & ((s.category & b.mask) != 0);
}
/// body_interacts, and it is not the skipped body.
SWEEPBOX_FORCE_INLINE bool body_selected(const World& w, std::uint32_t index, const Selector& s) {
    return (index != s.skip.index) & body_interacts(w, index, s);
}

#if SWEEPBOX_SSE
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
SWEEPBOX_FORCE_INLINE bool meets(const ReachLanes& r, const Aabb& box) {
    static_assert(sizeof(Aabb) == 4 * sizeof(float));
    const __m128 b = _mm_xor_ps(_mm_loadu_ps(&box.min.x), _mm_setr_ps(0.0f, 0.0f, -0.0f, -0.0f));
    return _mm_movemask_ps(_mm_cmple_ps(b, r.v)) == 15;
}
#elif SWEEPBOX_SSE_DOUBLE
/// The same for double boxes in two vector compares: box (min.x, min.y) <= the reach's (max.x,
/// max.y), and (-max.x, -max.y) <= the reach's (-min.x, -min.y).
struct ReachLanes {
    __m128d max, neg_min;
};
inline ReachLanes reach_lanes(const Aabb& r) {
    static_assert(sizeof(Aabb) == 4 * sizeof(double) && offsetof(Aabb, max) == 2 * sizeof(double));
    return {_mm_loadu_pd(&r.max.x), _mm_xor_pd(_mm_loadu_pd(&r.min.x), _mm_set1_pd(-0.0))};
}
SWEEPBOX_FORCE_INLINE bool meets(const ReachLanes& r, const Aabb& box) {
    const __m128d lo = _mm_cmple_pd(_mm_loadu_pd(&box.min.x), r.max);
    const __m128d hi = _mm_cmple_pd(_mm_xor_pd(_mm_loadu_pd(&box.max.x), _mm_set1_pd(-0.0)), r.neg_min);
    return _mm_movemask_pd(_mm_and_pd(lo, hi)) == 3;
}
#else
struct ReachLanes {
    Aabb box;
};
inline ReachLanes reach_lanes(const Aabb& r) { return {r}; }
SWEEPBOX_FORCE_INLINE bool meets(const ReachLanes& r, const Aabb& box) { return intersects_closed(r.box, box); }
#endif

/// body_interacts, and its box meets the reach (the skipped body is the caller's to leave out).
SWEEPBOX_FORCE_INLINE bool body_interacts(const World& w, std::uint32_t index, const Selector& s,
                                          const ReachLanes& reach) {
    const bool met = meets(reach, WorldAccess::bodies(w)[index].box), interacts = body_interacts(w, index, s);
    return met & interacts;
}

/// Calls f with body `index` as an obstacle. Inline: the compiler had left it out of line in
/// move's walk, a call per candidate.
template <class F> SWEEPBOX_FORCE_INLINE void emit_body(const World& w, std::uint32_t index, F&& f) {
    const auto& b = WorldAccess::bodies(w)[index];
    Obstacle ob;
    ob.other = Other::of(BodyId{index, b.generation});
    ob.box = b.box;
    ob.category = b.category;
    ob.mask = b.mask;
    if (b.one_way) [[unlikely]] { // a one-way body: entered through the one face of its direction
        ob.special = true;
        ob.faces = one_way_entry_face[b.one_way - 1];
    }
    f(ob);
}

/// The obstacle `other` is, as the walks build it (its one-way direction and category).
inline Obstacle obstacle_of(const World& w, const Other& other) {
    if (!other.is_body()) return tile_obstacle_at(w.tiles(), other.tile);
    Obstacle ob;
    emit_body(w, other.body.index, [&](const Obstacle& o) { ob = o; });
    return ob;
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
    if (s.tiles && !tiles.is_empty()) {
        // Reference mode tests every tile of the map.
        auto range = [&] {
            return w.def().brute_force ? CellRange{0, 0, tiles.columns() - 1, tiles.rows() - 1}
                                       : tiles.cells_of(region);
        };
        if (sees_common_tiles(tiles, s)) {
            visit_tiles_in(tiles, range(), f);
        } else if (tiles.filtered_count() != 0) [[unlikely]] {
            auto seen = by_kind(tiles, s, f);
            visit_tiles_in(tiles, range(), seen);
        }
    }
    if (s.bodies) {
        if (w.def().brute_force) {
            const auto& bodies = WorldAccess::bodies(w);
            for (std::uint32_t i = 1; i < bodies.size(); ++i)
                if (bodies[i].alive) visit_body(w, i, s, f);
        } else {
            WorldAccess::grid(w).for_each_candidate(region, [&](std::uint32_t i) { visit_body(w, i, s, f); });
        }
    }
}

} // namespace sweepbox::detail
