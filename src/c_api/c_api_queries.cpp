// The C API's casts and queries (include/sweepbox/sweepbox.h): const calls, safe on many threads
// at once, each answer list copied into the caller's array through a per-thread scratch vector.

#include "c_api_support.hpp"

#include <span>
#include <vector>

using namespace sweepbox::c_api;

// ---- casts and queries ----

sweepbox_status sweepbox_cast_ray(const sweepbox_world* world, double x, double y, double dx, double dy,
                                  const sweepbox_query_filter* filter, sweepbox_cast_hit* out) {
    return guarded(world, "sweepbox_cast_ray", [&] {
        require(out, "out");
        *out = from_hit(world->world.cast_ray(to_vec({x, y}), to_vec({dx, dy}), to_filter(filter)));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_cast_box(const sweepbox_world* world, const sweepbox_box* box, double dx, double dy,
                                  const sweepbox_query_filter* filter, sweepbox_cast_hit* out) {
    return guarded(world, "sweepbox_cast_box", [&] {
        require(box, "box");
        require(out, "out");
        *out = from_hit(world->world.cast_box(to_box(*box), to_vec({dx, dy}), to_filter(filter)));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_cast_all(const sweepbox_world* world, const sweepbox_box* box, double dx, double dy,
                                  const sweepbox_query_filter* filter, sweepbox_cast_hit* out, std::size_t capacity,
                                  std::size_t* count) {
    return guarded(world, "sweepbox_cast_all", [&] {
        require(box, "box");
        require_array(out, capacity, count);
        std::vector<sweepbox::CastHit>& hits = scratch<sweepbox::CastHit>();
        world->world.cast_all(to_box(*box), to_vec({dx, dy}), hits, to_filter(filter));
        return copy_out(hits, out, capacity, count, from_hit);
    });
}

sweepbox_status sweepbox_query_rect(const sweepbox_world* world, const sweepbox_box* rect,
                                    const sweepbox_query_filter* filter, sweepbox_other* out, std::size_t capacity,
                                    std::size_t* count) {
    return guarded(world, "sweepbox_query_rect", [&] {
        require(rect, "rect");
        require_array(out, capacity, count);
        std::vector<sweepbox::Other>& found = scratch<sweepbox::Other>();
        world->world.query_rect(to_box(*rect), found, to_filter(filter));
        return copy_out(found, out, capacity, count, from_other);
    });
}

sweepbox_status sweepbox_query_point(const sweepbox_world* world, double x, double y,
                                     const sweepbox_query_filter* filter, sweepbox_other* out, std::size_t capacity,
                                     std::size_t* count) {
    return guarded(world, "sweepbox_query_point", [&] {
        require_array(out, capacity, count);
        std::vector<sweepbox::Other>& found = scratch<sweepbox::Other>();
        world->world.query_point(to_vec({x, y}), found, to_filter(filter));
        return copy_out(found, out, capacity, count, from_other);
    });
}

sweepbox_status sweepbox_query_segment(const sweepbox_world* world, double ax, double ay, double bx, double by,
                                       const sweepbox_query_filter* filter, sweepbox_other* out, std::size_t capacity,
                                       std::size_t* count) {
    return guarded(world, "sweepbox_query_segment", [&] {
        require_array(out, capacity, count);
        std::vector<sweepbox::Other>& found = scratch<sweepbox::Other>();
        world->world.query_segment(to_vec({ax, ay}), to_vec({bx, by}), found, to_filter(filter));
        return copy_out(found, out, capacity, count, from_other);
    });
}

sweepbox_status sweepbox_overlapping_pairs(const sweepbox_world* world, sweepbox_pair* out, std::size_t capacity,
                                           std::size_t* count) {
    return guarded(world, "sweepbox_overlapping_pairs", [&] {
        require_array(out, capacity, count);
        std::vector<sweepbox::Pair>& pairs = scratch<sweepbox::Pair>();
        world->world.overlapping_pairs(pairs);
        return copy_out(pairs, out, capacity, count, from_pair);
    });
}

namespace {
// Copies a list of events into a caller's array (as copy_out).
template <class In, class Out, class Convert>
sweepbox_status copy_events(std::span<const In> events, Out* out, std::size_t capacity, std::size_t* count,
                            Convert convert) {
    for (std::size_t i = 0; i < events.size() && i < capacity; ++i) out[i] = convert(events[i]);
    *count = events.size();
    if (events.size() > capacity)
        sweepbox::c_api::fail(SWEEPBOX_TOO_SMALL, "the output has room for %zu, %zu are needed", capacity,
                              events.size());
    return SWEEPBOX_OK;
}
void require_list(std::int32_t which) {
    if (which != SWEEPBOX_EVENTS_BEGIN && which != SWEEPBOX_EVENTS_END)
        sweepbox::c_api::fail(SWEEPBOX_BAD_ARGUMENT, "which = %d is not a sweepbox_event_list", int(which));
}
} // namespace

sweepbox_status sweepbox_update_events(sweepbox_world* world) {
    return guarded(world, "sweepbox_update_events", [&] {
        world->world.update_events();
        return SWEEPBOX_OK;
    });
}

namespace {
// One list of the last update's events into the caller's array.
template <class Out, class Pick, class Convert>
sweepbox_status read_events(const sweepbox_world* world, const char* name, std::int32_t which, Out* out,
                            std::size_t capacity, std::size_t* count, Pick pick, Convert convert) {
    return guarded(world, name, [&] {
        require_array(out, capacity, count);
        require_list(which);
        return copy_events(pick(world->world.events(), which == SWEEPBOX_EVENTS_BEGIN), out, capacity, count, convert);
    });
}
} // namespace

sweepbox_status sweepbox_sensor_events(const sweepbox_world* world, std::int32_t which, sweepbox_sensor_event* out,
                                       std::size_t capacity, std::size_t* count) {
    return read_events(
        world, "sweepbox_sensor_events", which, out, capacity, count,
        [](const sweepbox::Events& e, bool begin) { return begin ? e.sensor_begin : e.sensor_end; },
        [](const sweepbox::SensorEvent& s) {
        return sweepbox_sensor_event{from_other(s.sensor), from_id(s.visitor)};
        });
}

sweepbox_status sweepbox_contact_events(const sweepbox_world* world, std::int32_t which, sweepbox_contact_event* out,
                                        std::size_t capacity, std::size_t* count) {
    return read_events(
        world, "sweepbox_contact_events", which, out, capacity, count,
        [](const sweepbox::Events& e, bool begin) { return begin ? e.contact_begin : e.contact_end; },
        [](const sweepbox::ContactEvent& c) {
        return sweepbox_contact_event{from_id(c.body), from_other(c.other)};
        });
}
