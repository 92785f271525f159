// Every hit of a cast for piercing shots (cast_all), a cast that also sees sensors, and a point's
// or plank's junction stop as a hit.

#include <sweepbox/world.hpp>

#include <algorithm>
#include <utility>
#include <vector>

#include "narrow/held_line.hpp"
#include "narrow/slope_junction.hpp"
#include "world/cast_hit.hpp"
#include "world/sensors.hpp"
#include "walk/walk_path.hpp"

namespace sweepbox {

using detail::no_hit_yet;
using detail::Obstacle;

namespace detail {

void explain_bad_cast(const char* where, const Aabb& box, Vec2 delta) {
    if (!is_finite(box.min) || !is_finite(box.max))
        throw Error(where, "box or origin has a NaN or infinite coordinate");
    if (box.min.x > box.max.x || box.min.y > box.max.y) throw Error(where, "box has min > max");
    if (!is_finite(delta)) throw Error(where, "delta has a NaN or infinite component");
    const Aabb moved = box.translated(delta);
    if (!is_valid(moved)) throw Error(where, "delta takes the box out of the finite range");
    const Vec2 size = box.max - box.min, moved_size = moved.max - moved.min;
    if (!is_finite(size) || !is_finite(moved_size)) throw Error(where, "box is wider or taller than the finite range");
}

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

namespace {

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

// The box of the obstacle a cast hit (not a junction stop): the body's or the tile's cell.
Aabb obstacle_box(const World& w, const Other& o) {
    return o.is_body() ? WorldAccess::bodies(w)[o.body.index].box : w.tiles().cell_box(o.tile);
}

} // namespace

CastHit cast_sensing(const World& w, const char* where, const Aabb& box, Vec2 delta, const QueryFilter& filter) {
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

} // namespace detail

void World::cast_all(const Aabb& box, Vec2 delta, std::vector<CastHit>& out, const QueryFilter& filter) const {
    detail::require_cast("cast_all", box, delta);
    out.clear();
    const detail::SweepQuery q(box, delta);
    thread_local std::vector<std::pair<CastHit, Aabb>> hits;
    hits.clear();
    auto visit = [&](const Obstacle& ob) {
        CastHit h;
        if (!detail::cast_one(tiles_, q, ob, h)) return;
        const Sweep sw{h.started_overlapping ? SweepState::started_overlapping : SweepState::hit, h.time, h.normal};
        if (!ob.special && detail::leaves_held_line(*this, filter, box, delta, ob.box, sw)) return;
        hits.emplace_back(h, ob.box);
    };
    detail::walk_path(*this, box, delta, detail::selector_of(filter), visit, [] { return no_hit_yet; });
    if (filter.sensors)
        detail::visit_sensors(*this, merge(box, box.translated(delta)), filter,
                              [&](const Other& other, const Aabb& sb) {
            Obstacle ob;
            ob.other = other;
            ob.box = sb;
            CastHit h;
            if (detail::cast_one(tiles_, q, ob, h)) hits.emplace_back(h, ob.box); // (a lone box: nothing holds it)
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
    if (detail::is_thin(box)) js = detail::junction_of(*this, detail::selector_of(filter), box, delta);
    bool placed = !js.any;
    for (auto& [h, ob_box] : hits) {
        const bool slope = h.other.is_tile() && tiles_.get(h.other.tile) == Tile::slope;
        detail::SlopeTile s;
        if (slope && !placed) s = detail::slope_tile(tiles_, h.other.tile, tiles_.shape_at(h.other.tile));
        if (!placed && !h.started_overlapping &&
            detail::stops_before(js, box, delta, ob_box, h.normal, h.time, slope ? &s : nullptr)) {
            detail::junction_hit(js, out.emplace_back());
            placed = true;
        }
        if (js.any && h.other == js.ob.other) {
            if (placed) continue;
            placed = true; // met as a plain hit first
        }
        detail::finish(tiles_, box, delta, ob_box, slope, h);
        out.push_back(h);
    }
    if (!placed) detail::junction_hit(js, out.emplace_back());
}

} // namespace sweepbox
