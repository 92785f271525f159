// The C API's moving targets and cast filters (include/sweepbox/sweepbox_moving.h): the C options
// turned into CastOptions, the C callback behind the C++ one.

#include <sweepbox/sweepbox_moving.h>

#include "c_api_support.hpp"

#include <vector>

using namespace sweepbox::c_api;

namespace {

// The C callback and its world behind a QueryCallback.
struct KeepCall {
    const sweepbox_world* world;
    sweepbox_query_callback keep;
    void* context;
};

bool call_keep(void* context, const sweepbox::World& /*world*/, const sweepbox::Other& other) {
    const auto& call = *static_cast<const KeepCall*>(context);
    const sweepbox_other o = from_other(other);
    return call.keep(call.context, call.world, &o) != 0;
}

// The C options as CastOptions; `call` holds the callback's context while the cast runs.
sweepbox::CastOptions to_options(const sweepbox_world* world, const sweepbox_cast_options* o, KeepCall& call) {
    sweepbox::CastOptions c;
    if (!o) return c;
    c.moving = o->moving != 0;
    c.t0 = to_real(o->t0);
    c.t1 = to_real(o->t1);
    if (o->filter) {
        call = {world, o->filter, o->filter_context};
        c.filter = call_keep;
        c.filter_context = &call;
    }
    return c;
}

} // namespace

sweepbox_cast_options sweepbox_cast_options_moving(void) { return {1, 0, 1, nullptr, nullptr}; }

sweepbox_status sweepbox_begin_frame(sweepbox_world* world) {
    return guarded(world, "sweepbox_begin_frame", [&] {
        world->world.begin_frame();
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_frame_box(const sweepbox_world* world, const sweepbox_body_id* id, double t,
                                   sweepbox_box* out) {
    return guarded(world, "sweepbox_frame_box", [&] {
        require(out, "out");
        require_id(world->world, to_id(id));
        *out = from_box(world->world.frame_box(to_id(id), to_real(t)));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_cast_ray_with(const sweepbox_world* world, double x, double y, double dx, double dy,
                                       const sweepbox_query_filter* filter, const sweepbox_cast_options* options,
                                       sweepbox_cast_hit* out) {
    return guarded(world, "sweepbox_cast_ray_with", [&] {
        require(out, "out");
        KeepCall call{};
        *out = from_hit(world->world.cast_ray(to_vec({x, y}), to_vec({dx, dy}), to_filter(filter),
                                              to_options(world, options, call)));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_cast_box_with(const sweepbox_world* world, const sweepbox_box* box, double dx, double dy,
                                       const sweepbox_query_filter* filter, const sweepbox_cast_options* options,
                                       sweepbox_cast_hit* out) {
    return guarded(world, "sweepbox_cast_box_with", [&] {
        require(box, "box");
        require(out, "out");
        KeepCall call{};
        *out = from_hit(
            world->world.cast_box(to_box(*box), to_vec({dx, dy}), to_filter(filter), to_options(world, options, call)));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_cast_all_with(const sweepbox_world* world, const sweepbox_box* box, double dx, double dy,
                                       const sweepbox_query_filter* filter, const sweepbox_cast_options* options,
                                       sweepbox_cast_hit* out, size_t capacity, size_t* count) {
    return guarded(world, "sweepbox_cast_all_with", [&] {
        require(box, "box");
        require_array(out, capacity, count);
        KeepCall call{};
        std::vector<sweepbox::CastHit>& hits = scratch<sweepbox::CastHit>();
        world->world.cast_all(to_box(*box), to_vec({dx, dy}), hits, to_filter(filter),
                              to_options(world, options, call));
        return copy_out(hits, out, capacity, count, from_hit);
    });
}

sweepbox_status sweepbox_query_rect_with(const sweepbox_world* world, const sweepbox_box* rect,
                                         const sweepbox_query_filter* filter, sweepbox_query_callback keep,
                                         void* context, sweepbox_other* out, size_t capacity, size_t* count) {
    return guarded(world, "sweepbox_query_rect_with", [&] {
        require(rect, "rect");
        require_array(out, capacity, count);
        KeepCall call{world, keep, context};
        std::vector<sweepbox::Other>& found = scratch<sweepbox::Other>();
        world->world.query_rect(to_box(*rect), found, to_filter(filter), keep ? call_keep : nullptr, &call);
        return copy_out(found, out, capacity, count, from_other);
    });
}
