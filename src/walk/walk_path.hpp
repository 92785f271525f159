#pragma once
// Internal: the three-level walk of a path (DESIGN): the whole-trip box, primary-axis sub-boxes
// with early exit, then the exact narrow phase done by the caller's visitor.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sweepbox/world.hpp>

#include "broadphase/body_filter.hpp"
#include "walk/box_walk.hpp"
#include "walk/path_boxes.hpp"
#include "core/compiler.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"
#include "walk/ray_walk.hpp"
#include "broadphase/tile_obstacles.hpp"

namespace sweepbox::detail {

/// The best_time of walk_path while no hit is found yet: past the path's end (1), so the walk
/// never stops early for it.
inline constexpr real no_hit_yet = real(2);

/// The ray walk or the box walk for walk_path, each non-empty tile as an obstacle to visit; false
/// where neither can walk. Out of line: inlined, the walks change how the compiler treats the
/// rest of walk_path, which every move takes.
template <class Visit, class Stop>
[[gnu::noinline]] bool walk_tiles_visiting(const TileMap& tiles, const Aabb& start, Vec2 d, Visit& visit, Stop& stop) {
    auto tile = [&](std::int32_t col, std::int32_t row, std::uint8_t bits, auto&&...) {
        visit(tile_obstacle(tiles, TileCell{col, row}, bits));
        return TileAction::go_on;
    };
    const SweepQuery q(start, d);
    if (start.min == start.max)
        return walk_ray_tiles<true>(
                   tiles, q, tile, [](std::size_t) {}, stop) != RayEnd::unsure;
    bool covered = false;
    return walk_box_tiles(
        tiles, q, tile, [](std::size_t) {}, stop, covered);
}

/// The tiles of the path of `start` moved by d, for walk_path: by the ray walk or the box walk
/// where they can walk, else by sub-boxes over the part of the path on the map.
template <class Visit, class Stop>
SWEEPBOX_FORCE_INLINE void walk_path_tiles(const TileMap& tiles, const Aabb& start, Vec2 d, real body_len,
                                           bool touching, Visit& visit, Stop& stop) {
    wide lo, hi;
    if (!touching && walk_tiles_visiting(tiles, start, d, visit, stop)) {
        // walked exactly (a ray) or by the leading edges (a box)
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
        const std::int64_t max_tile_parts = 2 * (std::int64_t(tiles.columns()) + std::int64_t(tiles.rows())) + 64;
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

/// The three-level walk: visits candidate obstacles of the path of `start` moved by d, in path
/// order of their sub-boxes. `best_time()` is the time of the best hit found so far (no_hit_yet,
/// or anything above 1, when there is none): the walk stops after a sub-box when that hit is certainly
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
    constexpr wide slack = tol::walk_slack;
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
    // (A map with blocking tiles is not empty.)
    if (s.tiles && tiles.blocking_count() > 0) {
        if (sees_common_tiles(tiles, s)) {
            complete = false;
            walk_path_tiles(tiles, start, d, body_len, touching, visit, stop);
        } else if (tiles.filtered_count() != 0) [[unlikely]] {
            complete = false;
            auto seen = by_kind(tiles, s, visit);
            walk_path_tiles(tiles, start, d, body_len, touching, seen, stop);
        }
    }
    if (!s.bodies) return complete;
    const SpatialGrid& grid = WorldAccess::grid(w);
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
            visit_bodies(
                w, s, trip,
                [&](auto&& g) {
                grid.for_each_oversize(g);
                for (int i = 0; i < n; ++i) g(items[i]);
                },
                visit);
        } else {
            visit_bodies(
                w, s, trip,
                [&](auto&& g) {
                grid.for_each_oversize(g);
                grid.for_each_in_range(trip_cells, CellRange{}, g);
                },
                visit);
        }
        return complete && horizon >= 1;
    }
    const real step = std::max(body_len, grid.cell_size());
    const std::int64_t max_parts = std::int64_t(grid.cell_count()) * 2 + 64;
    // Oversize bodies would be in every sub-box's answer: visit them once, then the cells.
    visit_bodies(
        w, s, trip, [&](auto&& g) { grid.for_each_oversize(g); }, visit);
    CellRange seen{};
    walk_parts(start, d, step, 0, horizon, max_parts, [&](const Aabb& part, wide t_end) {
        const CellRange r = grid.query_cells(part);
        visit_bodies(
            w, s, trip, [&](auto&& g) { grid.for_each_in_range(r, seen, g); }, visit);
        seen = r;
        return t_end < horizon && stop(t_end);
    });
    return false;
}


} // namespace sweepbox::detail
