// Sensor and contact events (docs/events.md): the overlapping and touching pairs of now against
// those of the last update_events, plus the sensors a move's path passed through in between
// (Box2D v3's begin and end events). Every list is kept between calls and sorted.

#include <sweepbox/world.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

#include "geometry/exact.hpp"
#include "broadphase/obstacle.hpp"
#include "tiles/slope.hpp"
#include "broadphase/tile_obstacles.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"

namespace sweepbox {

using detail::wide;

namespace {

// A time num / den, den > 0, each an exact difference of two coordinates.
struct Time {
    detail::Exact num, den;
};
// a < b exactly: the sign of a.num * b.den - b.num * a.den, every product split exactly and the
// sixteen parts summed as an expansion (src/exact.hpp).
bool less(const Time& a, const Time& b) {
    wide v[16];
    int n = 0;
    auto products = [&](const detail::Exact& x, const detail::Exact& y, wide sign) {
        for (const wide xi : {x.hi, x.lo})
            for (const wide yi : {y.hi, y.lo}) {
                wide p, e;
                detail::two_product(xi, yi, p, e);
                v[n++] = sign * p;
                v[n++] = sign * e;
            }
    };
    products(a.num, b.den, 1);
    products(b.num, a.den, -1);
    return detail::sign_of_sum(v) < 0;
}

// True when the box `from` moved by t * (to.min - from.min), for some t in [0, 1], has its
// interior overlapping b's: per moving axis the open interval (enter, leave) of t where the
// projections overlap; their intersection (latest enter, earliest leave) must be non-empty and
// meet [0, 1]. Exact.
bool path_overlaps(const Aabb& from, const Aabb& to, const Aabb& b) {
    const detail::Exact one{1, 0}, zero{0, 0};
    Time enter{{-1, 0}, one}, leave{{2, 0}, one}; // outside [0, 1] until an axis moves
    for (int k = 0; k < 2; ++k) {
        const real a0 = from.min[k], a1 = from.max[k], b0 = b.min[k], b1 = b.max[k];
        if (to.min[k] == a0) {
            if (!(a0 < b1 && b0 < a1)) return false;
            continue;
        }
        const bool forward = to.min[k] > a0;
        const detail::Exact d = forward ? detail::exact_diff(to.min[k], a0) : detail::exact_diff(a0, to.min[k]);
        const Time in{forward ? detail::exact_diff(b0, a1) : detail::exact_diff(a0, b1), d};
        const Time out{forward ? detail::exact_diff(b1, a0) : detail::exact_diff(a1, b0), d};
        if (less(enter, in)) enter = in;
        if (less(out, leave)) leave = out;
    }
    return less(enter, leave) && less(enter, Time{one, one}) && less(Time{zero, one}, leave);
}

// A box holding every box of a leg's path (`from` moved by t * (to.min - from.min), t in [0, 1]),
// for the broad phase. The last of them is `to` only up to rounding (at 1e9 a placed box may
// change size by 16), so its max, from.max + (to.min - from.min), may lie beyond to.max: the
// hull reaches it, rounded up past a margin far above the rounding of wide.
Aabb path_reach(const Aabb& from, const Aabb& to) {
    Aabb r = merge(from, to);
    for (int k = 0; k < 2; ++k) {
        const wide far = wide(from.max[k]) + (wide(to.min[k]) - wide(from.min[k]));
        if (far <= wide(r.max[k])) continue;
        const wide mag = std::max(
            {std::fabs(wide(from.min[k])), std::fabs(wide(from.max[k])), std::fabs(wide(to.min[k]))});
        const wide up = far + mag * detail::tol::path_reach_rel;
        r.max[k] = up >= wide(std::numeric_limits<real>::max())
                     ? std::numeric_limits<real>::max()
                     : std::nextafter(real(up), std::numeric_limits<real>::max());
    }
    return r;
}

bool filters_meet(std::uint32_t category_a, std::uint32_t mask_a, std::uint32_t category_b, std::uint32_t mask_b) {
    return (category_a & mask_b) != 0 && (category_b & mask_a) != 0;
}

template <class T> void sort_unique(std::vector<T>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

// begin = now - before, end = before - now, and a pair met in between (`between`, sorted) that
// is in neither list both begins and ends. Sorted lists in, sorted lists out, memory reused.
template <class T>
void differences(const std::vector<T>& before, const std::vector<T>& now, const std::vector<T>& between,
                 std::vector<T>& begin, std::vector<T>& end) {
    begin.clear();
    end.clear();
    std::set_difference(now.begin(), now.end(), before.begin(), before.end(), std::back_inserter(begin));
    std::set_difference(before.begin(), before.end(), now.begin(), now.end(), std::back_inserter(end));
    const std::size_t begins = begin.size(), ends = end.size();
    for (const T& e : between) {
        if (std::binary_search(before.begin(), before.end(), e) || std::binary_search(now.begin(), now.end(), e))
            continue;
        begin.push_back(e);
        end.push_back(e);
    }
    // Sorted again (std::sort allocates nothing; std::inplace_merge may).
    if (begin.size() != begins) std::sort(begin.begin(), begin.end());
    if (end.size() != ends) std::sort(end.begin(), end.end());
}

} // namespace

// The path: from the box before the move (not yet replaced), through each contact's box, to the
// end; and the contact pair of each contact (as update_events names it: the movable body, of two
// the lower index; none between two static bodies).
__attribute__((noinline, cold)) void World::note_path(BodyId id, const MoveResult& out) {
    const Body& b = bodies_[id.index];
    if (frame_on_) note_motion(id, b.box, out);
    if (events_on_ && !b.is_sensor)
        for (const Contact& c : out.contacts) {
            if (c.other.is_tile()) {
                if (!b.is_static) touched_.push_back({id, c.other});
                continue;
            }
            const Body& o = bodies_[c.other.body.index];
            if (b.is_static && o.is_static) continue;
            const bool mover_first = !b.is_static && (o.is_static || id.index < c.other.body.index);
            touched_.push_back(mover_first ? ContactEvent{id, c.other} : ContactEvent{c.other.body, Other::of(id)});
        }
    if (!has_sensors()) return;
    Aabb at = b.box;
    auto leg = [&](const Aabb& to) {
        if (to == at) return;
        legs_.push_back({id, at, to, b.category, masks_[id.index], b.is_sensor});
        at = to;
    };
    for (const Contact& c : out.contacts) leg(c.box);
    leg(out.box);
}

void World::update_events() {
    // Everything of the world that meets the closed box `reach`: every body and every tile in
    // reference mode (brute_force), else the grid's and the map's candidates.
    auto each_body = [&](const Aabb& reach, auto&& f) {
        if (def_.brute_force) {
            for (std::uint32_t j = 1; j < bodies_.size(); ++j) f(j);
        } else {
            grid().for_each_candidate(reach, f);
        }
    };
    auto each_tile = [&](const Aabb& reach, auto&& f) {
        if (tiles_.is_empty()) return;
        const CellRange r = def_.brute_force ? CellRange{0, 0, tiles_.columns() - 1, tiles_.rows() - 1}
                                             : tiles_.cells_of(reach);
        for (std::int32_t row = r.y0; row <= r.y1; ++row)
            for (std::int32_t col = r.x0; col <= r.x1; ++col) f(TileCell{col, row});
    };
    auto id_of = [&](std::uint32_t i) { return BodyId{i, bodies_[i].generation}; };
    const bool sensor_tiles = tiles_.sensor_count() != 0;

    // The sensor pairs of now.
    sensor_next_.clear();
    for (std::uint32_t i = 1; i < bodies_.size(); ++i) {
        const Body& v = bodies_[i];
        if (!v.alive) continue;
        if (v.is_sensor) {
            each_body(v.box, [&](std::uint32_t j) {
                const Body& o = bodies_[j];
                if (o.alive && !o.is_sensor && overlaps(v.box, o.box) &&
                    filters_meet(v.category, masks_[i], o.category, o.mask))
                    sensor_next_.push_back({Other::of(id_of(i)), id_of(j)});
            });
        } else if (sensor_tiles) {
            each_tile(v.box, [&](TileCell c) {
                const TileKind& k = tiles_.kind(tiles_.kind_at(c));
                if (k.sensor && overlaps(tiles_.cell_box(c), v.box) &&
                    filters_meet(k.category, k.mask, v.category, v.mask))
                    sensor_next_.push_back({Other::of(c), id_of(i)});
            });
        }
    }
    sort_unique(sensor_next_);

    // The pairs the paths passed through.
    crossed_.clear();
    for (const PathLeg& l : legs_) {
        const Aabb hull = path_reach(l.from, l.to);
        each_body(hull, [&](std::uint32_t j) {
            const Body& o = bodies_[j];
            if (!o.alive || j == l.id.index || o.is_sensor == l.is_sensor || !path_overlaps(l.from, l.to, o.box))
                return;
            if (l.is_sensor && filters_meet(l.category, l.mask, o.category, o.mask))
                crossed_.push_back({Other::of(l.id), id_of(j)});
            else if (!l.is_sensor && filters_meet(o.category, masks_[j], l.category, l.mask))
                crossed_.push_back({Other::of(id_of(j)), l.id});
        });
        if (!l.is_sensor && sensor_tiles)
            each_tile(hull, [&](TileCell c) {
                const TileKind& k = tiles_.kind(tiles_.kind_at(c));
                if (k.sensor && filters_meet(k.category, k.mask, l.category, l.mask) &&
                    path_overlaps(l.from, l.to, tiles_.cell_box(c)))
                    crossed_.push_back({Other::of(c), l.id});
            });
    }
    legs_.clear();
    sort_unique(crossed_);

    // A pair passed through that is in neither list also begins and ends.
    differences(sensor_pairs_, sensor_next_, crossed_, sensor_begin_, sensor_end_);
    sensor_pairs_.assign(sensor_next_.begin(), sensor_next_.end()); // a copy, not a swap: each keeps its memory

    // The contact pairs of now: each movable body with what its closed box meets.
    contact_next_.clear();
    const bool tiles_meet_any = !tiles_.is_empty() && tiles_.blocking_count() != 0;
    for (std::uint32_t i = 1; i < bodies_.size(); ++i) {
        const Body& a = bodies_[i];
        if (!a.alive || a.is_static || a.is_sensor) continue;
        each_body(a.box, [&](std::uint32_t j) {
            const Body& o = bodies_[j];
            if (j == i || !o.alive || o.is_sensor || (!o.is_static && j < i)) return;
            if (intersects_closed(a.box, o.box) && filters_meet(a.category, a.mask, o.category, o.mask))
                contact_next_.push_back({id_of(i), Other::of(id_of(j))});
        });
        // Tiles by the map's filter, or each by its kind's while some kinds have their own.
        const bool by_kind = tiles_.filtered_count() != 0;
        if (!tiles_meet_any ||
            (!by_kind && !filters_meet(a.category, a.mask, tiles_.def().category, tiles_.def().mask)))
            continue;
        each_tile(a.box, [&](TileCell c) {
            const std::uint8_t bits = tiles_.bits_in_map(c.column, c.row);
            if ((bits & 3) == 0) return;
            if (by_kind) {
                const TileKind& k = tiles_.kind(tiles_.kind_at(c));
                if (!filters_meet(a.category, a.mask, k.category, k.mask)) return;
            }
            const Aabb tb = tiles_.cell_box(c);
            if (!intersects_closed(a.box, tb)) return;
            if (Tile(bits & 3) == Tile::one_way && !detail::one_way_blocks(a.box, tb, detail::tile_faces(bits).faces))
                return;
            if (Tile(bits & 3) == Tile::slope &&
                !detail::slope_intersects_closed(a.box, detail::slope_tile(tiles_, c, tiles_.shape_at(c))))
                return;
            contact_next_.push_back({id_of(i), Other::of(c)});
        });
    }
    sort_unique(contact_next_);
    // A pair a move's contact touched that touches at neither call also begins and ends.
    sort_unique(touched_);
    differences(contact_pairs_, contact_next_, touched_, contact_begin_, contact_end_);
    touched_.clear();
    contact_pairs_.assign(contact_next_.begin(), contact_next_.end());
    if (!events_on_) {
        events_on_ = true;
        refresh_record_paths();
    }
}

} // namespace sweepbox
