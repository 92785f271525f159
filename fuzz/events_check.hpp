#pragma once
/// @file events_check.hpp
/// Property 10 of fuzz_world: World::update_events against a brute-force recomputation from the
/// bodies' boxes and the paths of the moves, written from docs/events.md. After every operation
/// the model lists the sensor pairs (a sensor's interior overlaps a non-sensor body's, the two
/// interact both ways; sensors are sensor bodies and every cell of the map whose kind, as the
/// model saw it written, is a sensor kind), the paths' crossings (each piece of a move's path,
/// the start box moved by t * (end.min - start.min) for t in [0, 1], overlaps a sensor's
/// interior at some t; decided with exact integers; paths are kept only from moves made while
/// the world held a sensor), and the contact pairs (a movable body's closed box meets a
/// non-sensor body's or a blocking tile's; two movable bodies once, under the lower index; a
/// one-way tile only from above, through a top that is a surface), and the pairs the moves'
/// contacts touched since the last call (a pair touching at neither call begins and ends), and
/// compares its begins and ends with the library's lists.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <span>
#include <string>
#include <vector>
#include <sweepbox/world.hpp>
#include "exact.hpp"
#include "fuzz_common.hpp"

namespace sweepbox::fuzz {

class EventModel {
public:
    /// Starts the model's copy of the map's kinds: every cell kind 0 (call after set_tile_map).
    void set_map(const TileMap& m) {
        columns_ = m.columns();
        kind_of_.assign(std::size_t(m.columns()) * std::size_t(m.rows()), 0);
    }
    /// Kind `index` was (re)defined.
    void set_kind(std::int32_t index, const TileKind& kind) { kinds_[std::size_t(index)] = kind; }
    /// The tile at c was set to kind `index`.
    void set_tile(TileCell c, std::int32_t index) {
        kind_of_[std::size_t(c.row) * std::size_t(columns_) + std::size_t(c.column)] = std::uint8_t(index);
    }

    /// Records the path of a move of `id` that started at `start` (call after the move). `ids`:
    /// every live body.
    void note_move(const World& w, const std::vector<BodyId>& ids, BodyId id, const Aabb& start, const MoveResult& r) {
        const BodyInfo info = w.info(id);
        // Once update_events has run, each contact is a touch of the mover and what it met,
        // named by the movable one (of two, the lower index; two static ones are no pair).
        for (const Contact& c : r.contacts) {
            if (!called_ || info.is_sensor) break;
            if (c.other.is_tile()) {
                if (!info.is_static) touched_.push_back({id, c.other});
            } else if (!info.is_static && (w.info(c.other.body).is_static || id.index < c.other.body.index)) {
                touched_.push_back({id, c.other});
            } else if (!w.info(c.other.body).is_static) {
                touched_.push_back({c.other.body, Other::of(id)});
            }
        }
        // The docs: moves record their paths only while the world holds a sensor (a sensor tile
        // written after the move does not see it pass).
        bool sensors = std::any_of(kind_of_.begin(), kind_of_.end(), [&](std::uint8_t k) { return kinds_[k].sensor; });
        for (BodyId b : ids) sensors = sensors || w.info(b).is_sensor;
        if (!sensors) return;
        Aabb at = start;
        auto leg = [&](const Aabb& to) {
            if (to == at) return;
            legs_.push_back({id, at, to, info.category, info.mask, info.is_sensor});
            at = to;
        };
        for (const Contact& c : r.contacts) leg(c.box);
        leg(r.box);
    }

    /// Calls update_events and fails unless its lists are the model's. `ids`: every live body.
    void check(World& w, const std::vector<BodyId>& ids, std::size_t op) {
        std::vector<SensorEvent> now, crossed;
        std::vector<ContactEvent> touching;
        std::vector<BodyInfo> infos;
        for (BodyId id : ids) infos.push_back(w.info(id));
        auto meet = [](std::uint32_t ca, std::uint32_t ma, std::uint32_t cb, std::uint32_t mb) {
            return (ca & mb) != 0 && (cb & ma) != 0;
        };
        for (std::size_t s = 0; s < ids.size(); ++s) {
            if (!infos[s].is_sensor) continue;
            for (std::size_t v = 0; v < ids.size(); ++v)
                if (!infos[v].is_sensor && overlaps(infos[s].box, infos[v].box) &&
                    meet(infos[s].category, infos[s].mask, infos[v].category, infos[v].mask))
                    now.push_back({Other::of(ids[s]), ids[v]});
        }
        for (const Leg& l : legs_)
            for (std::size_t o = 0; o < ids.size(); ++o) {
                if (ids[o] == l.id || infos[o].is_sensor == l.sensor ||
                    !meet(l.category, l.mask, infos[o].category, infos[o].mask))
                    continue;
                if (!path_overlaps(l.from, l.to, infos[o].box)) continue;
                if (l.sensor) crossed.push_back({Other::of(l.id), ids[o]});
                else crossed.push_back({Other::of(ids[o]), l.id});
            }
        // Sensor tiles: every cell of the map (not the broad phase's candidates), its kind the
        // one the model saw written.
        const TileMap& m = w.tiles();
        for (std::int32_t r = 0; r < m.rows(); ++r)
            for (std::int32_t c = 0; c < m.columns(); ++c) {
                const std::uint8_t kind = kind_of_[std::size_t(r) * std::size_t(columns_) + std::size_t(c)];
                if (m.kind_at({c, r}) != kind)
                    fail("op %zu: tile (%d, %d) holds kind %d, but kind %d was written (property 10)", op, c, r,
                         int(m.kind_at({c, r})), int(kind));
                const TileKind& k = kinds_[kind];
                if (!k.sensor) continue;
                const Aabb tb = m.cell_box({c, r});
                const Other tile = Other::of(TileCell{c, r});
                for (std::size_t v = 0; v < ids.size(); ++v)
                    if (!infos[v].is_sensor && overlaps(tb, infos[v].box) &&
                        meet(k.category, k.mask, infos[v].category, infos[v].mask))
                        now.push_back({tile, ids[v]});
                for (const Leg& l : legs_)
                    if (!l.sensor && meet(k.category, k.mask, l.category, l.mask) && path_may_meet(l.from, l.to, tb) &&
                        path_overlaps(l.from, l.to, tb))
                        crossed.push_back({tile, l.id});
            }
        legs_.clear();
        for (std::size_t a = 0; a < ids.size(); ++a) {
            const BodyInfo& A = infos[a];
            if (A.is_static || A.is_sensor) continue;
            for (std::size_t o = 0; o < ids.size(); ++o) {
                const BodyInfo& O = infos[o];
                if (o == a || O.is_sensor || (!O.is_static && ids[o].index < ids[a].index)) continue;
                if (intersects_closed(A.box, O.box) && meet(A.category, A.mask, O.category, O.mask))
                    touching.push_back({ids[a], Other::of(ids[o])});
            }
            for (std::int32_t r = 0; r < m.rows(); ++r)
                for (std::int32_t c = 0; c < m.columns(); ++c) {
                    const Tile t = m.get({c, r});
                    const Aabb tb = m.cell_box({c, r});
                    const TileKind& k = m.kind(m.kind_at({c, r})); // a tile meets by its kind's filter
                    if (t == Tile::empty || !intersects_closed(A.box, tb) ||
                        !meet(A.category, A.mask, k.category, k.mask))
                        continue;
                    if (t == Tile::one_way && !(A.box.max.y <= tb.min.y && (m.faces({c, r}) & face_neg_y) != 0))
                        continue;
                    touching.push_back({ids[a], Other::of(TileCell{c, r})});
                }
        }
        sort_unique(now);
        sort_unique(crossed);
        sort_unique(touching);
        std::vector<SensorEvent> sb, se;
        std::vector<ContactEvent> cb, ce;
        sort_unique(touched_);
        changes(sensors_, now, crossed, sb, se);
        changes(contacts_, touching, touched_, cb, ce);
        touched_.clear();
        called_ = true;
        sensors_ = now;
        contacts_ = touching;
        w.update_events();
        const Events e = w.events();
        compare("sensor_begin", op, sb, e.sensor_begin);
        compare("sensor_end", op, se, e.sensor_end);
        compare("contact_begin", op, cb, e.contact_begin);
        compare("contact_end", op, ce, e.contact_end);
    }

private:
    static std::string name(const Other& o) {
        char buf[48];
        if (o.is_tile()) std::snprintf(buf, sizeof buf, "tile (%d, %d)", int(o.tile.column), int(o.tile.row));
        else std::snprintf(buf, sizeof buf, "body %u/%u", o.body.index, o.body.generation);
        return buf;
    }
    static std::string name(const SensorEvent& e) { return name(e.sensor) + " visitor " + name(Other::of(e.visitor)); }
    static std::string name(const ContactEvent& e) { return name(Other::of(e.body)) + " other " + name(e.other); }
    // Fails, naming the first event only one side lists, unless the library's list is the model's.
    template <class T>
    static void compare(const char* list, std::size_t op, const std::vector<T>& model, std::span<const T> lib) {
        if (std::equal(model.begin(), model.end(), lib.begin(), lib.end())) return;
        const auto [m, l] = std::mismatch(model.begin(), model.end(), lib.begin(), lib.end());
        const bool model_only = l == lib.end() || (m != model.end() && *m < *l);
        fail("op %zu: %s: %zu events, the model %zu; first difference: %s, listed only by the %s (property 10)", op,
             list, lib.size(), model.size(), name(model_only ? *m : *l).c_str(), model_only ? "model" : "library");
    }
    struct Leg {
        BodyId id;
        Aabb from, to;
        std::uint32_t category, mask;
        bool sensor;
    };
    // begin = now - before, end = before - now, plus each pair of `between` in neither list as
    // both, sorted.
    template <class T>
    static void changes(const std::vector<T>& before, const std::vector<T>& now, const std::vector<T>& between,
                        std::vector<T>& begin, std::vector<T>& end) {
        std::set_difference(now.begin(), now.end(), before.begin(), before.end(), std::back_inserter(begin));
        std::set_difference(before.begin(), before.end(), now.begin(), now.end(), std::back_inserter(end));
        for (const T& e : between)
            if (!std::binary_search(now.begin(), now.end(), e) &&
                !std::binary_search(before.begin(), before.end(), e)) {
                begin.push_back(e);
                end.push_back(e);
            }
        std::sort(begin.begin(), begin.end());
        std::sort(end.begin(), end.end());
    }
    template <class T> static void sort_unique(std::vector<T>& v) {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
    }
    // False only where no box of the path can meet b's closed box: the path's extent per axis
    // (from.min + t*d to from.max + t*d), in long double with a margin far above its rounding.
    // Only a cheap skip before the exact test.
    static bool path_may_meet(const Aabb& from, const Aabb& to, const Aabb& b) {
        for (int k = 0; k < 2; ++k) {
            const long double a0 = from.min[k], a1 = from.max[k], d = static_cast<long double>(to.min[k]) - a0;
            const long double lo = std::min(a0, a0 + d), hi = std::max(a1, a1 + d);
            const long double mag = std::max(
                {std::fabs(a0), std::fabs(a1), std::fabs(static_cast<long double>(to.min[k]))});
            const long double slack = std::ldexp(mag, -40);
            if (hi + slack < b.min[k] || b.max[k] < lo - slack) return false;
        }
        return true;
    }
    // Some t in [0, 1] where the moving box's interior overlaps b's, in exact integers.
    static bool path_overlaps(const Aabb& from, const Aabb& to, const Aabb& b) {
        Big en = -1, ed = 1, ln = 2, ld = 1; // enter = en / ed, leave = ln / ld
        for (int k = 0; k < 2; ++k) {
            const Big a0 = to_big(from.min[k]), a1 = to_big(from.max[k]), b0 = to_big(b.min[k]), b1 = to_big(b.max[k]);
            const Big d = to_big(to.min[k]) - a0;
            if (d == 0) {
                if (!(a0 < b1 && b0 < a1)) return false;
                continue;
            }
            // a0 + t d < b1 and b0 < a1 + t d.
            const Big in = d > 0 ? b0 - a1 : a0 - b1, out = d > 0 ? b1 - a0 : a1 - b0, dd = d > 0 ? d : Big(-d);
            if (en * dd < in * ed) en = in, ed = dd;
            if (out * ld < ln * dd) ln = out, ld = dd;
        }
        return en * ld < ln * ed && en < ed && ln > 0;
    }

    std::int32_t columns_ = 0;
    std::vector<std::uint8_t> kind_of_;            // the kind index of each cell, as written
    std::array<TileKind, max_tile_kinds> kinds_{}; // as defined (sensor kinds matter; the rest are empty)
    std::vector<Leg> legs_;
    std::vector<ContactEvent> touched_; // the moves' contacts since the last check
    bool called_ = false;               // update_events has run
    std::vector<SensorEvent> sensors_;
    std::vector<ContactEvent> contacts_;
};

} // namespace sweepbox::fuzz
