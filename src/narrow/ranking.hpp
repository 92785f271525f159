#pragma once
// Internal: rule 4's order of hits (exact time, then face before corner, then id) and the
// contact box of a hit (rule 5).

#include <cmath>
#include <sweepbox/geometry.hpp>
#include <sweepbox/id.hpp>
#include <sweepbox/tile_map.hpp>

#include "geometry/exact.hpp"
#include "tiles/slope.hpp"
#include "core/compiler.hpp"
#include "core/wide.hpp"
#include "geometry/sweep.hpp"

namespace sweepbox::detail {

/// The entry time of a hit of `a` moved by d on b with normal n, as num / den (den > 0), the
/// numerator exact.
template <int k> SWEEPBOX_FORCE_INLINE Exact entry_num_on(const Aabb& a, Vec2 d, const Aabb& b, bool neg, wide& den) {
    den = std::fabs(wide(d[k]));
    return neg ? exact_diff(b.min[k], a.max[k]) : exact_diff(a.min[k], b.max[k]);
}
inline Exact entry_num(const Aabb& a, Vec2 d, const Aabb& b, Vec2 n, wide& den) {
    return n.x != 0 ? entry_num_on<0>(a, d, b, n.x < 0, den) : entry_num_on<1>(a, d, b, n.y < 0, den);
}

/// The box `a` moved by d to its contact with b (normal n, not started inside): on the normal's
/// axis flush against b (rule 5), on the other axis at a + t*d with t = the entry fraction in
/// wide (not the time rounded to real, which may lose a tiny motion), rounded once.
template <int k> SWEEPBOX_FORCE_INLINE Aabb contact_box_on(const Aabb& a, Vec2 d, const Aabb& b, bool neg) {
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
SWEEPBOX_FORCE_INLINE Aabb contact_box(const Aabb& a, Vec2 d, const Aabb& b, Vec2 n) {
    return n.x != 0 ? contact_box_on<0>(a, d, b, n.x < 0) : contact_box_on<1>(a, d, b, n.y < 0);
}

/// Rule 4's order for two results of the same sweep of `a` by d, with the obstacles' boxes:
/// by exact time first (a start inside is at exactly 0; a hit at its exact entry fraction, so
/// the face reached first wins even when both times round to the same number, 0 included),
/// then face before corner, then the lower id. A slope tile's face is ranked on its exact line
/// (the tile map gives the line). A total order: the answer never depends on the
/// order in which obstacles are visited.
struct Ranked {
    real time;
    bool started;
    bool corner;
    Vec2 normal;
    const Aabb* box;
    Other other;
};
// The order of two entries of which one is on a slope tile: exactly, on its face or side.
inline int compare_with_slopes(const TileMap& tiles, const Aabb& a, Vec2 d, const Ranked& x, const Ranked& y) {
    SlopeTile sx, sy;
    auto entry = [&](const Ranked& r, SlopeTile& s) {
        EntryOf e{r.started, nullptr, r.box, r.normal};
        if (!r.started && r.other.is_tile() && is_slope(tiles.shape_at(r.other.tile))) {
            s = slope_tile(tiles, r.other.tile, tiles.shape_at(r.other.tile));
            e.slope = &s;
        }
        return e;
    };
    return compare_entries(a, d, entry(x, sx), entry(y, sy));
}

// Ties of the rounded time are rare: kept out of line so the common test inlines.
[[gnu::noinline]] inline bool ranks_before_same_time(const TileMap& tiles, const Aabb& a, Vec2 d, const Ranked& x,
                                                     const Ranked& y) {
    if (x.other == y.other) return false; // the same obstacle again (a body in several cells)
    int c = 0;
    auto on_slope = [&](const Ranked& r) { return r.other.is_tile() && is_slope(tiles.shape_at(r.other.tile)); };
    if (on_slope(x) || on_slope(y)) {
        c = compare_with_slopes(tiles, a, d, x, y);
    } else if (!x.started && !y.started && x.normal == y.normal) {
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
inline bool ranks_before(const TileMap& tiles, const Aabb& a, Vec2 d, const Ranked& x, const Ranked& y) {
    if (x.time != y.time) return x.time < y.time; // rounding is monotonic
    return ranks_before_same_time(tiles, a, d, x, y);
}

} // namespace sweepbox::detail
