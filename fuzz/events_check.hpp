#pragma once
/// @file events_check.hpp
/// Property 10 of fuzz_world: World::update_events against a brute-force recomputation from the
/// bodies' boxes and the paths of the moves, written from docs/events.md. After every operation
/// the model lists the sensor pairs (a sensor body's interior overlaps a non-sensor body's, the
/// two interact both ways), the paths' crossings (each piece of a move's path, the start box
/// moved by t * (end.min - start.min) for t in [0, 1], overlaps a sensor's interior at some t;
/// decided with exact integers), and the contact pairs (a movable body's closed box meets a
/// non-sensor body's or a blocking tile's; two movable bodies once, under the lower index; a
/// one-way tile only from above, through a top that is a surface), and the pairs the moves'
/// contacts touched since the last call (a pair touching at neither call begins and ends), and
/// compares its begins and ends with the library's lists.

#include <algorithm>
#include <string>
#include <vector>
#include <sweepbox/world.hpp>
#include "exact.hpp"
#include "fuzz_common.hpp"

namespace sweepbox::fuzz {

class EventModel {
public:
    /// Records the path of a move of `id` that started at `start` (call after the move).
    void note_move(const World& w, BodyId id, const Aabb& start, const MoveResult& r) {
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
        legs_.clear();
        const TileMap& m = w.tiles();
        for (std::size_t a = 0; a < ids.size(); ++a) {
            const BodyInfo& A = infos[a];
            if (A.is_static || A.is_sensor) continue;
            for (std::size_t o = 0; o < ids.size(); ++o) {
                const BodyInfo& O = infos[o];
                if (o == a || O.is_sensor || (!O.is_static && ids[o].index < ids[a].index)) continue;
                if (intersects_closed(A.box, O.box) && meet(A.category, A.mask, O.category, O.mask))
                    touching.push_back({ids[a], Other::of(ids[o])});
            }
            if (!meet(A.category, A.mask, m.def().category, m.def().mask)) continue;
            for (std::int32_t r = 0; r < m.rows(); ++r)
                for (std::int32_t c = 0; c < m.columns(); ++c) {
                    const Tile t = m.get({c, r});
                    const Aabb tb = m.cell_box({c, r});
                    if (t == Tile::empty || !intersects_closed(A.box, tb)) continue;
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
        if (!std::equal(sb.begin(), sb.end(), e.sensor_begin.begin(), e.sensor_begin.end()))
            fail("op %zu: sensor_begin: %zu events, the model %zu (property 10)", op, e.sensor_begin.size(), sb.size());
        if (!std::equal(se.begin(), se.end(), e.sensor_end.begin(), e.sensor_end.end()))
            fail("op %zu: sensor_end: %zu events, the model %zu (property 10)", op, e.sensor_end.size(), se.size());
        if (!std::equal(cb.begin(), cb.end(), e.contact_begin.begin(), e.contact_begin.end()))
            fail("op %zu: contact_begin: %zu events, the model %zu (property 10)", op, e.contact_begin.size(),
                 cb.size());
        if (!std::equal(ce.begin(), ce.end(), e.contact_end.begin(), e.contact_end.end()))
            fail("op %zu: contact_end: %zu events, the model %zu (property 10)", op, e.contact_end.size(), ce.size());
    }

private:
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

    std::vector<Leg> legs_;
    std::vector<ContactEvent> touched_; // the moves' contacts since the last check
    bool called_ = false;               // update_events has run
    std::vector<SensorEvent> sensors_;
    std::vector<ContactEvent> contacts_;
};

} // namespace sweepbox::fuzz
