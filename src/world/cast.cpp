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
#include "world/cast_settle.hpp"
#include "world/sensors.hpp"
#include "core/tolerances.hpp"
#include "walk/walk_path.hpp"

namespace sweepbox {

using detail::Obstacle;
using detail::wide;

namespace {

// Throws the Error that names what is wrong with a cast's input (the slow half of require_cast).
[[gnu::noinline]] void explain_bad_cast(const char* where, const Aabb& box, Vec2 delta) {
    if (!is_finite(box.min) || !is_finite(box.max))
        throw Error(where, "box or origin has a NaN or infinite coordinate");
    if (box.min.x > box.max.x || box.min.y > box.max.y) throw Error(where, "box has min > max");
    if (!is_finite(delta)) throw Error(where, "delta has a NaN or infinite component");
    const Aabb moved = box.translated(delta);
    if (!is_valid(moved)) throw Error(where, "delta takes the box out of the finite range");
    const Vec2 size = box.max - box.min, moved_size = moved.max - moved.min;
    if (!is_finite(size) || !is_finite(moved_size)) throw Error(where, "box is wider or taller than the finite range");
}

SWEEPBOX_FORCE_INLINE void require_cast(const char* where, const Aabb& box, Vec2 delta) {
    // The usual case in a few operations: v - v is 0 exactly for a finite v and NaN otherwise;
    // a finite size of the moved box means finite edges, and by a finite delta a finite box. A
    // box wider or taller than the finite range would meet a body as wide at a point of infinite
    // coordinate (the middle of the touching faces).
    const Aabb moved = box.translated(delta);
    const real w = moved.max.x - moved.min.x, h = moved.max.y - moved.min.y;
    const real z = ((delta.x - delta.x) + (delta.y - delta.y)) + ((w - w) + (h - h));
    if (!(z == 0 && box.min.x <= box.max.x && box.min.y <= box.max.y && moved.min.x <= moved.max.x &&
          moved.min.y <= moved.max.y))
        explain_bad_cast(where, box, delta);
}

// The sweep of one obstacle as a cast sees it, or false when it is not met.
bool cast_one(const TileMap& tiles, const detail::SweepQuery& q, const Obstacle& ob, CastHit& h) {
    const Sweep sw = detail::sweep_obstacle(tiles, q, ob);
    if (sw.state == SweepState::miss) return false;
    h.hit = true;
    h.started_overlapping = sw.state == SweepState::started_overlapping;
    h.time = h.started_overlapping ? real(0) : sw.time;
    h.normal = sw.normal;
    h.corner = sw.corner;
    h.other = ob.other;
    return true;
}

// contact_point of the contact box c on obstacle's face of axis k (normal sign neg ? -1 : +1),
// without its general cases: on the face, and the middle of the overlap of c and the obstacle
// on the other axis (empty or one point for a ray).
template <int k> SWEEPBOX_FORCE_INLINE Vec2 face_point(const Aabb& c, const Aabb& obstacle, bool neg) {
    constexpr int j = 1 - k;
    Vec2 p;
    p[k] = neg ? obstacle.min[k] : obstacle.max[k];
    const real lo = std::max(c.min[j], obstacle.min[j]), hi = std::min(c.max[j], obstacle.max[j]);
    p[j] = lo + (hi - lo) / 2;
    return p;
}

// finish for a ray (a zero-size box) that hit a face of a box with extent on that axis, not
// started inside: the same numbers as contact_box and contact_point, without their general
// cases (the contact is on the face on the normal's axis and at origin + t * d on the other).
template <int k> SWEEPBOX_FORCE_INLINE void finish_ray_on(Vec2 o, Vec2 d, const Aabb& obstacle, CastHit& h) {
    constexpr int j = 1 - k;
    const bool neg = h.normal[k] < 0;
    wide den;
    const detail::Exact num = detail::entry_num_on<k>(Aabb{o, o}, d, obstacle, neg, den);
    Vec2 p;
    p[k] = neg ? obstacle.min[k] : obstacle.max[k];
    p[j] = detail::sign(num) > 0 ? real(detail::along(o[j], num, den, d[j])) : o[j];
    const Aabb c{p, p};
    h.box = c;
    h.point = face_point<k>(c, obstacle, neg);
}

// finish for a hit on a face of axis k, not started inside: contact_box, then face_point.
template <int k> SWEEPBOX_FORCE_INLINE void finish_on(const Aabb& box, Vec2 d, const Aabb& obstacle, CastHit& h) {
    const bool neg = h.normal[k] < 0;
    h.box = detail::contact_box_on<k>(box, d, obstacle, neg);
    h.point = face_point<k>(h.box, obstacle, neg);
}

// finish for a hit on a slope tile's face, or on a side of a slope tile (whose solid part may
// be only a part of the side).
[[gnu::noinline]] void finish_slope(const TileMap& tiles, const Aabb& box, Vec2 d, CastHit& h) {
    const detail::SlopeTile s = detail::slope_tile(tiles, h.other.tile, tiles.shape_at(h.other.tile));
    if (h.started_overlapping) {
        h.box = box;
    } else {
        h.box = detail::slope_hit_box(box, d, s, h.normal);
    }
    h.point = detail::slope_contact_point(h.box, s, h.normal);
}

// The contact box and point of a hit (h holds its time, normal and start; `slope`: the obstacle
// is a slope tile). Inline: a call spills and reloads at the end of every hit.
SWEEPBOX_FORCE_INLINE void finish(const TileMap& tiles, const Aabb& box, Vec2 d, const Aabb& obstacle, bool slope,
                                  CastHit& h) {
    if (slope) [[unlikely]]
        return finish_slope(tiles, box, d, h);
    if (box.min == box.max && !h.started_overlapping) {
        if (h.normal.y == 0 && obstacle.min.x != obstacle.max.x) return finish_ray_on<0>(box.min, d, obstacle, h);
        if (h.normal.x == 0 && obstacle.min.y != obstacle.max.y) return finish_ray_on<1>(box.min, d, obstacle, h);
    }
    if (!h.started_overlapping) {
        // A hit's normal lies along one axis (axis_normal in geometry.cpp).
        if (h.normal.y == 0) return finish_on<0>(box, d, obstacle, h);
        return finish_on<1>(box, d, obstacle, h);
    }
    h.box = box;
    h.point = contact_point(box, obstacle, h.normal);
}

// The best contact of a cast so far, as rule 4 ranks it; the CastHit is made once, at the end.
// Kept as separate members rather than a Sweep: a Sweep built field by field and then copied
// whole is a wide load of narrow stores just made, which a store buffer does not forward.
struct Best {
    bool any = false;
    bool corner = false;
    bool started = false;
    bool slope = false; // the obstacle is a slope tile
    real time = 1;
    Vec2 normal{0, 0};
    Aabb box{};
    Other other{};

    // The time the walks stop by: the best's, or above 1 when there is none.
    [[nodiscard]] real stop_time() const { return any ? time : real(2); }
};

// Keeps the obstacle with this box in b if its contact ranks before b's (rule 4).
SWEEPBOX_FORCE_INLINE void take(Best& b, const TileMap& tiles, const Aabb& box, Vec2 delta, const Sweep& sw,
                                const Aabb& ob_box, const Other& other, bool slope = false) {
    if (sw.state == SweepState::miss) return;
    const bool started = sw.state == SweepState::started_overlapping;
    const real time = started ? real(0) : sw.time;
    if (b.any && (time > b.time ||
                  (time == b.time &&
                   !detail::ranks_before(tiles, box, delta, {time, started, sw.corner, sw.normal, &ob_box, other},
                                         {b.time, b.started, b.corner, b.normal, &b.box, b.other}))))
        return;
    b.any = true;
    b.time = time;
    // (Component by component: the sweep stores its normal in pieces; see packed_cell.)
    b.normal.x = sw.normal.x;
    b.normal.y = sw.normal.y;
    b.corner = sw.corner;
    b.started = started;
    b.box = ob_box;
    b.other = other;
    b.slope = slope;
}

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

// The first junction stop (junction.hpp) of a cast of a point or plank.
detail::JunctionStop junction_of(const World& w, const detail::Selector& sel, const Aabb& box, Vec2 delta) {
    // One list per thread, no allocation once grown (a move keeps its own: its filter may cast).
    thread_local std::vector<Obstacle> solids, slopes;
    detail::gather_solids(w, box, delta, sel, solids, false, [](const Obstacle&) { return true; });
    const detail::JunctionStop js = detail::first_junction(box, delta, solids);
    detail::gather_slopes(w, box, delta, sel, false, slopes);
    if (slopes.empty()) return js;
    return detail::with_slopes(w.tiles(), box, delta, js, slopes, solids);
}

void junction_hit(const detail::JunctionStop& js, CastHit& h) {
    h.hit = true;
    h.started_overlapping = false;
    h.time = js.time;
    h.normal = js.normal;
    h.corner = js.corner;
    h.junction = true;
    h.other = js.ob.other;
    h.box = js.box;
    h.point = js.point;
}

// A cast of a point or plank: when a junction stop comes before the best hit, h is that stop
// and the answer is true. Out of line: most casts never get here.
[[gnu::noinline]] bool junction_cast(const World& w, const QueryFilter& filter, const Aabb& box, Vec2 delta,
                                     const Best& best, CastHit& h) {
    if (best.any && best.started) return false;
    const detail::JunctionStop js = junction_of(w, detail::selector_of(filter), box, delta);
    if (!js.any) return false;
    if (best.any) {
        detail::SlopeTile s;
        if (best.slope) s = detail::slope_tile(w.tiles(), best.other.tile, w.tiles().shape_at(best.other.tile));
        if (!detail::stops_before(js, box, delta, best.box, best.normal, best.time, best.slope ? &s : nullptr))
            return false;
    }
    junction_hit(js, h);
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
                    SWEEPBOX_FORCE_INLINE_LAMBDA { ::sweepbox::take(b, w.tiles(), box, delta, sw, ob_box, other); };
    auto take_special = [&](Best& b, const Obstacle& ob) {
        const Sweep sw = detail::sweep_special(w.tiles(), q, ob);
        ::sweepbox::take(b, w.tiles(), box, delta, sw, ob.box, ob.other, ob.shape != 0);
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
                ::sweepbox::take(walked, w.tiles(), box, delta, sw, ob.box, ob.other, ob.shape != 0);
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
    finish(tiles, box, delta, best.box, best.slope, h);
    if (!kept.started && tiles.slope_count() != 0 && meets_another_slope(tiles, h.box, h.other)) [[unlikely]] {
        const detail::CastContact c{best.slope, best.time, best.normal, best.box, best.other.tile};
        detail::settle_slope_hit(w, detail::selector_of(filter), box, delta, c, h);
    }
    return h;
}

// The box of the obstacle a cast hit (not a junction stop): the body's or the tile's cell.
Aabb obstacle_box(const World& w, const Other& o) {
    return o.is_body() ? WorldAccess::bodies(w)[o.body.index].box : w.tiles().cell_box(o.tile);
}

// A cast that also sees sensors (QueryFilter::sensors): the obstacles' answer, then each sensor
// met as a lone box (every face enterable, no seams, no junctions) ranked against it by rule 4.
// Out of line: the usual cast pays one test of the flag.
[[gnu::noinline]] CastHit cast_sensing(const World& w, const char* where, const Aabb& box, Vec2 delta,
                                       const QueryFilter& filter) {
    require_cast(where, box, delta);
    QueryFilter solid = filter;
    solid.sensors = false;
    CastHit h = w.cast_box(box, delta, solid);
    if (!detail::has_sensors(w)) return h;
    const detail::SweepQuery q(box, delta);
    const TileMap& tiles = w.tiles();
    Best s;
    detail::visit_sensors(w, merge(box, box.translated(delta)), filter, [&](const Other& other, const Aabb& sb) {
        take(s, tiles, box, delta, detail::sweep(q, sb, face_all, 0), sb, other);
    });
    if (!s.any) return h;
    if (h.hit) {
        if (h.junction) {
            // A started sensor ranks first; else the stop's exact time decides (as in cast_all).
            const detail::JunctionStop js = junction_of(w, detail::selector_of(solid), box, delta);
            if (!s.started && detail::stops_before(js, box, delta, s.box, s.normal, s.time)) return h;
        } else {
            const Aabb hb = obstacle_box(w, h.other);
            if (!detail::ranks_before(tiles, box, delta, {s.time, s.started, s.corner, s.normal, &s.box, s.other},
                                      {h.time, h.started_overlapping, h.corner, h.normal, &hb, h.other}))
                return h;
        }
    }
    CastHit out;
    out.hit = true;
    out.started_overlapping = s.started;
    out.time = s.time;
    out.normal = s.normal;
    out.corner = s.corner;
    out.other = s.other;
    finish(tiles, box, delta, s.box, false, out);
    return out;
}

} // namespace

CastHit World::cast_box(const Aabb& box, Vec2 delta, const QueryFilter& filter) const {
    // (The flag first: tested after the check, it costs the usual ray a few instructions more.)
    if (filter.sensors) [[unlikely]]
        return cast_sensing(*this, "cast_box", box, delta, filter);
    require_cast("cast_box", box, delta);
    return cast_closest(*this, box, delta, filter);
}

CastHit World::cast_ray(Vec2 origin, Vec2 delta, const QueryFilter& filter) const {
    const Aabb box = detail::point_box(origin);
    if (filter.sensors) [[unlikely]]
        return cast_sensing(*this, "cast_ray", box, delta, filter);
    require_cast("cast_ray", box, delta);
    return cast_closest(*this, box, delta, filter);
}

void World::cast_all(const Aabb& box, Vec2 delta, std::vector<CastHit>& out, const QueryFilter& filter) const {
    require_cast("cast_all", box, delta);
    out.clear();
    const detail::SweepQuery q(box, delta);
    thread_local std::vector<std::pair<CastHit, Aabb>> hits;
    hits.clear();
    auto visit = [&](const Obstacle& ob) {
        CastHit h;
        if (!cast_one(tiles_, q, ob, h)) return;
        const Sweep sw{h.started_overlapping ? SweepState::started_overlapping : SweepState::hit, h.time, h.normal};
        if (!ob.special && detail::leaves_held_line(*this, filter, box, delta, ob.box, sw)) return;
        hits.emplace_back(h, ob.box);
    };
    detail::walk_path(*this, box, delta, detail::selector_of(filter), visit, [] { return real(2); });
    if (filter.sensors)
        detail::visit_sensors(*this, merge(box, box.translated(delta)), filter,
                              [&](const Other& other, const Aabb& sb) {
            Obstacle ob;
            ob.other = other;
            ob.box = sb;
            CastHit h;
            if (cast_one(tiles_, q, ob, h)) hits.emplace_back(h, ob.box); // (a lone box: nothing holds it)
        });
    auto before = [&](const std::pair<CastHit, Aabb>& x, const std::pair<CastHit, Aabb>& y) {
        const CastHit& a = x.first;
        const CastHit& b = y.first;
        return detail::ranks_before(tiles_, box, delta,
                                    {a.time, a.started_overlapping, a.corner, a.normal, &x.second, a.other},
                                    {b.time, b.started_overlapping, b.corner, b.normal, &y.second, b.other});
    };
    // Each obstacle once (visits may repeat it), then in contact order.
    std::sort(hits.begin(), hits.end(), [&](const auto& x, const auto& y) {
        if (x.first.other != y.first.other) return x.first.other < y.first.other;
        return before(x, y);
    });
    hits.erase(std::unique(hits.begin(), hits.end(),
                           [](const auto& x, const auto& y) { return x.first.other == y.first.other; }),
               hits.end());
    std::sort(hits.begin(), hits.end(), before);
    // A point or plank that enters a seam or may not pass a meeting point (junction.hpp): that
    // stop is a hit too, in its place by exact time; its obstacle is then not listed again.
    detail::JunctionStop js;
    if (detail::is_thin(box)) js = junction_of(*this, detail::selector_of(filter), box, delta);
    bool placed = !js.any;
    for (auto& [h, ob_box] : hits) {
        const bool slope = h.other.is_tile() && tiles_.get(h.other.tile) == Tile::slope;
        detail::SlopeTile s;
        if (slope && !placed) s = detail::slope_tile(tiles_, h.other.tile, tiles_.shape_at(h.other.tile));
        if (!placed && !h.started_overlapping &&
            detail::stops_before(js, box, delta, ob_box, h.normal, h.time, slope ? &s : nullptr)) {
            junction_hit(js, out.emplace_back());
            placed = true;
        }
        if (js.any && h.other == js.ob.other) {
            if (placed) continue;
            placed = true; // met as a plain hit first
        }
        finish(tiles_, box, delta, ob_box, slope, h);
        out.push_back(h);
    }
    if (!placed) junction_hit(js, out.emplace_back());
}

} // namespace sweepbox
