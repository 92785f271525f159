// The C API's casts and queries (include/sweepbox/sweepbox.h): const calls, safe on many threads
// at once, each answer list copied into the caller's array through a per-thread scratch vector.

#include "c_api_support.hpp"

#include <vector>

using namespace sweepbox::c_api;

// ---- casts and queries ----

sweepbox_status sweepbox_cast_ray(const sweepbox_world* world, sweepbox_vec2 origin, sweepbox_vec2 delta,
                                  const sweepbox_query_filter* filter, sweepbox_cast_hit* out) {
    return guarded(world, "sweepbox_cast_ray", [&] {
        require(out, "out");
        *out = from_hit(world->world.cast_ray(to_vec(origin), to_vec(delta), to_filter(filter)));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_cast_box(const sweepbox_world* world, const sweepbox_box* box, sweepbox_vec2 delta,
                                  const sweepbox_query_filter* filter, sweepbox_cast_hit* out) {
    return guarded(world, "sweepbox_cast_box", [&] {
        require(box, "box");
        require(out, "out");
        *out = from_hit(world->world.cast_box(to_box(*box), to_vec(delta), to_filter(filter)));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_cast_all(const sweepbox_world* world, const sweepbox_box* box, sweepbox_vec2 delta,
                                  const sweepbox_query_filter* filter, sweepbox_cast_hit* out, std::size_t capacity,
                                  std::size_t* count) {
    return guarded(world, "sweepbox_cast_all", [&] {
        require(box, "box");
        require_array(out, capacity, count);
        std::vector<sweepbox::CastHit>& hits = scratch<sweepbox::CastHit>();
        world->world.cast_all(to_box(*box), to_vec(delta), hits, to_filter(filter));
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

sweepbox_status sweepbox_query_point(const sweepbox_world* world, sweepbox_vec2 point,
                                     const sweepbox_query_filter* filter, sweepbox_other* out, std::size_t capacity,
                                     std::size_t* count) {
    return guarded(world, "sweepbox_query_point", [&] {
        require_array(out, capacity, count);
        std::vector<sweepbox::Other>& found = scratch<sweepbox::Other>();
        world->world.query_point(to_vec(point), found, to_filter(filter));
        return copy_out(found, out, capacity, count, from_other);
    });
}

sweepbox_status sweepbox_query_segment(const sweepbox_world* world, sweepbox_vec2 a, sweepbox_vec2 b,
                                       const sweepbox_query_filter* filter, sweepbox_other* out, std::size_t capacity,
                                       std::size_t* count) {
    return guarded(world, "sweepbox_query_segment", [&] {
        require_array(out, capacity, count);
        std::vector<sweepbox::Other>& found = scratch<sweepbox::Other>();
        world->world.query_segment(to_vec(a), to_vec(b), found, to_filter(filter));
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
