// Casts: the closest hit of a moving box or a ray (a zero-size box), and every hit for
// piercing shots. They walk the path like move does (three levels) and share its narrow phase.

#include <sweepbox/world.hpp>

#include <algorithm>
#include <limits>
#include <utility>

#include "narrow/held_line.hpp"
#include "narrow/junction.hpp"
#include "narrow/slope_junction.hpp"
#include "narrow/narrow_phase.hpp"
#include "geometry/sweep.hpp"
#include "core/compiler.hpp"
#include "narrow/ranking.hpp"
#include "world/cast_hit.hpp"
#include "world/cast_settle.hpp"
#include "world/sensors.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"
#include "walk/walk_path.hpp"

namespace sweepbox {

using detail::Obstacle;
using detail::wide;

namespace detail {

void finish_slope(const TileMap& tiles, const Aabb& box, Vec2 d, CastHit& h) {
    const detail::SlopeTile s = detail::slope_tile(tiles, h.other.tile, tiles.shape_at(h.other.tile));
    if (h.started_overlapping) {
        h.box = box;
    } else {
        h.box = detail::slope_hit_box(box, d, s, h.normal);
    }
    h.point = detail::slope_contact_point(h.box, s, h.normal);
}

} // namespace detail

namespace {

using detail::Best;

// What a ray's fast walk over the tiles found.
enum class RayTiles : std::uint8_t {
    miss,   ///< the ray meets no blocking tile in [0, 1)
    hit,    ///< `TileHit` is the best tile contact, as the exact walk and the sweep would rank it
    unsure, ///< a case it leaves to the exact walk
};

// A tile contact: the tile, its box and the sweep of the ray against it.
struct TileHit {
    TileCell cell{};
    Aabb box{};
    Sweep sweep{};
    // Some tile the walk passed (up to its answer) is marked in the body marks (a body may be
    // near); set on every answer but `unsure`, with `left` (the ray left the map).
    bool near = false;
    bool left = false;
    bool slope = false; // the tile is a slope
};

// A ray's fast walk meeting a slope tile: its sweep of the tile decides when it is clear. A hit
// strictly inside the tile's cell, clearly before the ray leaves it, is the walk's answer (any
// tile after is entered later); a clear miss lets the walk go on; a graze or a tie is left to
// the exact walk (and the junction test).
[[gnu::noinline]] detail::TileAction slope_tile_step(const TileMap& tiles, const detail::SweepQuery& q,
                                                     std::int32_t col, std::int32_t row, std::uint8_t bits,
                                                     TileHit& out) {
    const TileCell c{col, row};
    const detail::SlopeTile s = detail::slope_tile(tiles, c, tiles.shape_at(c));
    const detail::TileFaces f = detail::tile_faces(bits);
    const Sweep sw = detail::sweep_slope(q.a, q.d, s, f.faces, f.seams);
    if (sw.state == SweepState::miss) return sw.corner ? detail::TileAction::unsure : detail::TileAction::go_on;
    if (sw.state != SweepState::hit || sw.corner) return detail::TileAction::unsure;
    wide t_exit = std::numeric_limits<wide>::infinity();
    for (int k = 0; k < 2; ++k)
        if (q.d[k] != 0)
            t_exit = std::min(t_exit, ((q.d[k] > 0 ? wide(s.cell.max[k]) : wide(s.cell.min[k])) - wide(q.a.min[k])) *
                                          q.inv[k] * (q.d[k] > 0 ? 1 : -1));
    if (!(wide(sw.time) < t_exit * (1 - detail::tol::end_slack))) return detail::TileAction::unsure;
    out.cell = c;
    out.box = s.cell;
    out.sweep = sw;
    out.slope = true;
    return detail::TileAction::done;
}

// A ray's closest tile contact in its usual case: the fast ray walk, whose first non-empty tile
// must be solid and hit (the walk's argument makes it the best tile). Out of line: inlined, it
// changes the compiler's choices in the rest of cast_closest for the worse.
[[gnu::noinline]] RayTiles ray_tiles(const TileMap& tiles, const detail::SweepQuery& q, const std::uint64_t* marks,
                                     TileHit& out) {
    const real* ex = detail::TileTables::edges_x(tiles);
    const real* ey = detail::TileTables::edges_y(tiles);
    bool near = false;
    auto tile = [&](std::int32_t col, std::int32_t row, std::uint8_t bits, auto&& entry) SWEEPBOX_FORCE_INLINE_LAMBDA {
        if (Tile(bits & 3) != Tile::solid) [[unlikely]] {
            if (Tile(bits & 3) != Tile::slope) return detail::TileAction::unsure;
            return slope_tile_step(tiles, q, col, row, bits, out);
        }
        out.cell = detail::packed_cell(col, row);
        out.box = detail::tile_box(ex, ey, col, row);
        if (!entry(out.sweep)) {
            out.sweep = detail::sweep(q, out.box, face_all, detail::tile_faces(bits).seams);
            if (out.sweep.state != SweepState::hit) return detail::TileAction::unsure;
        }
        return detail::TileAction::done;
    };
    auto passed = [&](std::size_t at) SWEEPBOX_FORCE_INLINE_LAMBDA { near |= detail::TileTables::bit(marks, at); };
    const detail::RayEnd end = detail::walk_ray_tiles<false>(tiles, q, tile, passed, [](wide) { return false; });
    if (end == detail::RayEnd::unsure) return RayTiles::unsure;
    out.near = near;
    out.left = end == detail::RayEnd::left;
    return end == detail::RayEnd::stopped ? RayTiles::hit : RayTiles::miss; // (only a hit stops it)
}

// A cast of a point or plank: when a junction stop comes before the best hit, h is that stop
// and the answer is true. Out of line: most casts never get here.
[[gnu::noinline]] bool junction_cast(const World& w, const QueryFilter& filter, const Aabb& box, Vec2 delta,
                                     const Best& best, CastHit& h) {
    if (best.any && best.started) return false;
    const detail::JunctionStop js = detail::junction_of(w, detail::selector_of(filter), box, delta);
    if (!js.any) return false;
    if (best.any) {
        detail::SlopeTile s;
        if (best.slope) s = detail::slope_tile(w.tiles(), best.other.tile, w.tiles().shape_at(best.other.tile));
        if (!detail::stops_before(js, box, delta, best.box, best.normal, best.time, best.slope ? &s : nullptr))
            return false;
    }
    detail::junction_hit(js, h);
    return true;
}

// True when the hit's box b meets the solid part of a slope tile other than the one hit (closed,
// for a point or plank; interiors, for a box): only then may rounding have put it on a seam or
// into a slope it did not touch exactly. From the map's cells, before any broad-phase walk: most hits
// lie on one tile alone.
bool meets_another_slope(const TileMap& tiles, const Aabb& b, const Other& hit) {
    CellRange r;
    const Aabb cell = hit.is_tile() ? tiles.cell_box(hit.tile) : Aabb{};
    if (b.min == b.max && hit.is_tile() && intersects_closed(b, cell)) {
        // A point on the tile hit: that tile and those across the sides of it the point is on.
        r.x0 = hit.tile.column - int(b.min.x == cell.min.x);
        r.x1 = hit.tile.column + int(b.min.x == cell.max.x);
        r.y0 = hit.tile.row - int(b.min.y == cell.min.y);
        r.y1 = hit.tile.row + int(b.min.y == cell.max.y);
        if (r.x0 == r.x1 && r.y0 == r.y1) return false;
    } else {
        r = tiles.cells_of(b);
    }
    for (std::int32_t row = r.y0; row <= r.y1; ++row)
        for (std::int32_t col = r.x0; col <= r.x1; ++col) {
            const TileCell c{col, row};
            if (tiles.get(c) != Tile::slope || (hit.is_tile() && hit.tile == c)) continue;
            const detail::SlopeTile s = detail::slope_tile(tiles, c, tiles.shape_at(c));
            if (detail::is_thin(b) ? detail::slope_intersects_closed(b, s) : detail::slope_overlaps(b, s)) return true;
        }
    return false;
}

// The closest hit of a checked cast. Inline in cast_box and cast_ray (two copies), so the result
// is not built through a pointer. A hit on a zero-thickness wall that the cast leaves from its
// line, held by a face there (held_line.hpp), is none.
SWEEPBOX_FORCE_INLINE CastHit cast_closest(const World& w, const Aabb& box, Vec2 delta, const QueryFilter& filter) {
    const detail::SweepQuery q(box, delta);
    auto take = [&](Best& b, const Sweep& sw, const Aabb& ob_box, const Other& other)
                    SWEEPBOX_FORCE_INLINE_LAMBDA { detail::take(b, w.tiles(), box, delta, sw, ob_box, other); };
    auto take_special = [&](Best& b, const Obstacle& ob) {
        const Sweep sw = detail::sweep_special(w.tiles(), q, ob);
        detail::take(b, w.tiles(), box, delta, sw, ob.box, ob.other, ob.shape != 0);
        return sw;
    };
    auto consider = [&](Best& b, const Aabb& ob_box, const Other& other, std::uint8_t faces, std::uint8_t seams)
                        SWEEPBOX_FORCE_INLINE_LAMBDA {
        take(b, detail::sweep(q, ob_box, faces, seams), ob_box, other);
    };
    // The best so far. The tile walks below use it in place; walk_path, which is out of line,
    // gets a copy (`walked`), so that this one's address never leaves the function and the
    // compiler may assume it unchanged across the walks.
    Best best;
    detail::Selector sel = detail::selector_of(filter);
    // Whether the path of a point or plank may meet a junction of obstacles (junction.hpp): a
    // plank's, a path along a line, or one that passed exactly through a corner (a tile walk's
    // exact step, an obstacle grazed; grazes are marked for boxes with area too, and left).
    bool junction_possible = false;
    const TileMap& tiles = w.tiles();
    // The casts' own tile walks, where walk_path would walk the tiles (not in reference mode).
    const bool own_tile_walk = sel.tiles && !w.def().brute_force && tiles.blocking_count() > 0 &&
                               detail::sees_common_tiles(tiles, sel);
    if (own_tile_walk && box.min == box.max) {
        // A ray over the tile map: its usual case walks the tiles on its own (ray_tiles);
        // the bodies are then walked up to that tile's time.
        TileHit th;
        const RayTiles rt = ray_tiles(tiles, q, WorldAccess::body_marks(w), th);
        junction_possible = rt == RayTiles::unsure; // (which a ray along an axis is)
        if (rt != RayTiles::unsure) {
            if (rt == RayTiles::hit) {
                best.any = true;
                best.time = th.sweep.time;
                best.normal = th.sweep.normal;
                best.corner = th.sweep.corner;
                best.box = th.box;
                best.other = Other::of(th.cell);
                best.slope = th.slope;
            }
            sel.tiles = false;
            // Its path up to that answer stayed on the map over tiles no body has marked: no
            // body can be met before it (a body meeting the path meets a passed tile, and
            // marked it; see World::body_marks_).
            if (!th.near && !th.left) sel.bodies = false;
        }
    } else {
        junction_possible = detail::is_thin(box) && (box.min != box.max || delta.x == 0 || delta.y == 0);
        if (own_tile_walk) {
            // A box over the tile map, each tile taken straight from the map.
            const real* ex = detail::TileTables::edges_x(tiles);
            const real* ey = detail::TileTables::edges_y(tiles);
            auto tile = [&](std::int32_t col, std::int32_t row, std::uint8_t bits) SWEEPBOX_FORCE_INLINE_LAMBDA {
                const Aabb tb = detail::tile_box(ex, ey, col, row);
                const detail::TileFaces f = detail::tile_faces(bits);
                if ((bits & 3) >= std::uint8_t(Tile::one_way)) [[unlikely]] {
                    take_special(best, detail::tile_obstacle(tiles, detail::packed_cell(col, row), bits));
                    return;
                }
                consider(best, tb, Other::of(detail::packed_cell(col, row)), f.faces, f.seams);
            };
            constexpr wide slack = detail::tol::walk_slack;
            auto stop = [&](wide t_end) { return wide(best.stop_time()) < t_end - slack; };
            const std::uint64_t* marks = WorldAccess::body_marks(w);
            bool near = false;
            auto passed = [&](std::size_t at)
                              SWEEPBOX_FORCE_INLINE_LAMBDA { near |= detail::TileTables::bit(marks, at); };
            bool covered = false;
            if (detail::walk_box_tiles(tiles, q, tile, passed, stop, covered)) {
                sel.tiles = false;
                // As for a ray: the box stayed on the map, over tiles no body has marked.
                if (covered && !near) sel.bodies = false;
            }
        }
    }
    if (sel.tiles | sel.bodies) {
        Best walked = best;
        auto visit = [&](const Obstacle& ob) {
            if (ob.special) [[unlikely]] {
                const Sweep sw = detail::sweep_special(w.tiles(), q, ob);
                junction_possible |= (sw.state == SweepState::miss) & sw.corner;
                detail::take(walked, w.tiles(), box, delta, sw, ob.box, ob.other, ob.shape != 0);
                return;
            }
            const Sweep sw = detail::sweep(q, ob.box, ob.faces, ob.seams);
            junction_possible |= (sw.state == SweepState::miss) & sw.corner;
            if (detail::leaves_held_line(w, filter, box, delta, ob.box, sw)) [[unlikely]]
                return;
            take(walked, sw, ob.box, ob.other);
        };
        auto best_time = [&] { return walked.stop_time(); };
        detail::walk_path(w, box, delta, sel, visit, best_time);
        best = walked;
    }
    CastHit h;
    if (junction_possible && detail::is_thin(box) && junction_cast(w, filter, box, delta, best, h)) return h;
    if (!best.any) return h;
    // Field by field through a volatile view: the best's fields were stored one by one (see
    // packed_cell), and the compiler would otherwise merge neighbouring copies into wider loads.
    const volatile Best& kept = best;
    h.hit = true;
    h.started_overlapping = kept.started;
    h.time = kept.time;
    h.normal.x = kept.normal.x;
    h.normal.y = kept.normal.y;
    h.corner = kept.corner;
    h.other.kind = kept.other.kind;
    h.other.body.index = kept.other.body.index;
    h.other.body.generation = kept.other.body.generation;
    h.other.tile.column = kept.other.tile.column;
    h.other.tile.row = kept.other.tile.row;
    detail::finish(tiles, box, delta, best.box, best.slope, h);
    if (!kept.started && tiles.slope_count() != 0 && meets_another_slope(tiles, h.box, h.other)) [[unlikely]] {
        const detail::CastContact c{best.slope, best.time, best.normal, best.box, best.other.tile};
        detail::settle_slope_hit(w, detail::selector_of(filter), box, delta, c, h);
    }
    return h;
}

} // namespace

CastHit World::cast_box(const Aabb& box, Vec2 delta, const QueryFilter& filter) const {
    // (The flag first: tested after the check, it costs the usual ray a few instructions more.)
    if (filter.sensors) [[unlikely]]
        return detail::cast_sensing(*this, "cast_box", box, delta, filter);
    detail::require_cast("cast_box", box, delta);
    return cast_closest(*this, box, delta, filter);
}

CastHit World::cast_ray(Vec2 origin, Vec2 delta, const QueryFilter& filter) const {
    const Aabb box = detail::point_box(origin);
    if (filter.sensors) [[unlikely]]
        return detail::cast_sensing(*this, "cast_ray", box, delta, filter);
    detail::require_cast("cast_ray", box, delta);
    return cast_closest(*this, box, delta, filter);
}

} // namespace sweepbox
