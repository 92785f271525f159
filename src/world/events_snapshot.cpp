// The events' bookkeeping in a world's snapshot (snapshot.hpp): whether update_events was called,
// the path legs and contact pairs the moves noted since, the pairs of the last update_events and
// its lists of events. An id or tile cell is 9 bytes: the kind (0 none, 1 body, 2 tile), then index
// and generation or column and row.

#include "world/snapshot.hpp"

#include <algorithm>

namespace sweepbox {

using detail::ByteReader;
using detail::ByteWriter;

namespace {

constexpr std::size_t other_bytes = 9;
constexpr std::size_t event_bytes = other_bytes + 8; // SensorEvent, ContactEvent
constexpr std::size_t leg_bytes = 8 + 8 * sizeof(real) + 4 + 4 + 1;

void put(ByteWriter& out, BodyId id) {
    out.u32(id.index);
    out.u32(id.generation);
}
void put(ByteWriter& out, const Other& o) {
    out.u8(std::uint8_t(o.kind));
    if (o.is_tile()) {
        out.i32(o.tile.column);
        out.i32(o.tile.row);
    } else {
        put(out, o.body);
    }
}
void put(ByteWriter& out, const SensorEvent& e) {
    put(out, e.sensor);
    put(out, e.visitor);
}
void put(ByteWriter& out, const ContactEvent& e) {
    put(out, e.body);
    put(out, e.other);
}
void put(ByteWriter& out, const Aabb& b) {
    out.r(b.min.x);
    out.r(b.min.y);
    out.r(b.max.x);
    out.r(b.max.y);
}

void get(ByteReader& in, BodyId& id) {
    id.index = in.u32();
    id.generation = in.u32();
}
void get(ByteReader& in, Other& o) {
    const std::uint8_t kind = in.u8();
    o = {};
    if (kind > std::uint8_t(Other::Kind::tile)) {
        in.failed = true; // not an Other
        return;
    }
    o.kind = Other::Kind(kind);
    if (o.is_tile()) {
        o.tile.column = in.i32();
        o.tile.row = in.i32();
    } else {
        get(in, o.body);
        if (!o.is_body() && !o.body.is_null()) in.failed = true;
    }
}
void get(ByteReader& in, SensorEvent& e) {
    get(in, e.sensor);
    get(in, e.visitor);
}
void get(ByteReader& in, ContactEvent& e) {
    get(in, e.body);
    get(in, e.other);
}
void get(ByteReader& in, Aabb& b) {
    b.min.x = in.r();
    b.min.y = in.r();
    b.max.x = in.r();
    b.max.y = in.r();
}

template <class T> void put_list(ByteWriter& out, const std::vector<T>& v) {
    out.u32(std::uint32_t(v.size()));
    for (const T& e : v) put(out, e);
}

// Reads a list of events (into `to`, when given), or says why the bytes are not one: `order` is
// 0 for any order, 1 for sorted, 2 for sorted without repeats.
template <class T> const char* get_list(ByteReader& in, int order, std::vector<T>* to) {
    const std::uint32_t n = in.u32();
    if (in.failed || std::uint64_t(n) * event_bytes > in.left()) return "cut short in the events";
    if (to) to->clear();
    T last{}, e{};
    for (std::uint32_t k = 0; k < n; ++k) {
        get(in, e);
        if (in.failed) return "an event that names neither a body nor a tile";
        if (k != 0 && ((order == 1 && e < last) || (order == 2 && !(last < e)))) return "events out of order";
        last = e;
        if (to) to->push_back(e);
    }
    return nullptr;
}

} // namespace

// The lists after the legs, in their order, with the order each keeps.
template <class W, class F> const char* WorldSnapshot::each_list(W& w, F&& f) {
    const char* p = nullptr;
    auto one = [&](auto& list, int order) {
        if (!p) p = f(list, order);
    };
    one(w.touched_, 0);
    one(w.sensor_pairs_, 2);
    one(w.contact_pairs_, 2);
    one(w.sensor_begin_, 1);
    one(w.sensor_end_, 1);
    one(w.contact_begin_, 1);
    one(w.contact_end_, 1);
    return p;
}

std::size_t WorldSnapshot::events_size(const World& w) {
    std::size_t n = 1 + 4 + w.legs_.size() * leg_bytes;
    each_list(w, [&](const auto& list, int) -> const char* {
        n += 4 + list.size() * event_bytes;
        return nullptr;
    });
    return n;
}

void WorldSnapshot::write_events(ByteWriter& out, const World& w) {
    out.u8(w.events_on_ ? 1 : 0);
    out.u32(std::uint32_t(w.legs_.size()));
    for (const World::PathLeg& l : w.legs_) {
        put(out, l.id);
        put(out, l.from);
        put(out, l.to);
        out.u32(l.category);
        out.u32(l.mask);
        out.u8(l.is_sensor ? 1 : 0);
    }
    each_list(w, [&](const auto& list, int) -> const char* {
        put_list(out, list);
        return nullptr;
    });
}

namespace {

// Both reads of the events: the check (into nothing) and the restore (into the world's lists).
template <class Legs> const char* read_all(ByteReader& in, std::uint8_t& on, Legs* legs) {
    on = in.u8();
    if (on > 1) return "an unknown events flag";
    const std::uint32_t n = in.u32();
    if (in.failed || std::uint64_t(n) * leg_bytes > in.left()) return "cut short in the events";
    if (legs) legs->clear();
    for (std::uint32_t k = 0; k < n; ++k) {
        typename Legs::value_type l;
        get(in, l.id);
        get(in, l.from);
        get(in, l.to);
        l.category = in.u32();
        l.mask = in.u32();
        const std::uint8_t sensor = in.u8();
        l.is_sensor = sensor != 0;
        for (const Aabb& b : {l.from, l.to})
            if (sensor > 1 || !is_finite(b.min) || !is_finite(b.max) || b.min.x > b.max.x || b.min.y > b.max.y)
                return "a path leg that is not a pair of boxes";
        if (legs) legs->push_back(l);
    }
    return nullptr;
}

} // namespace

const char* WorldSnapshot::check_events(ByteReader& in) {
    std::uint8_t on = 0;
    if (const char* p = read_all<std::vector<World::PathLeg>>(in, on, nullptr)) return p;
    struct Lists {
        std::vector<ContactEvent> touched_;
        std::vector<SensorEvent> sensor_pairs_, sensor_begin_, sensor_end_;
        std::vector<ContactEvent> contact_pairs_, contact_begin_, contact_end_;
    } none;
    return each_list(none, [&](auto& list, int order) { return get_list(in, order, decltype (&list)(nullptr)); });
}

void WorldSnapshot::read_events(ByteReader& in, World& w) {
    std::uint8_t on = 0;
    read_all(in, on, &w.legs_);
    w.events_on_ = on != 0;
    each_list(w, [&](auto& list, int order) { return get_list(in, order, &list); });
}

} // namespace sweepbox
