// The C API (include/sweepbox/sweepbox.h) over sweepbox::World: the library, the defaults, the
// world, bodies, tiles and move (the casts and queries are in c_api_queries.cpp). Every entry
// point runs its body in `guarded`, which turns each exception into a status and a message, so
// nothing is thrown across the C boundary. Checks that only the C side can make (null pointers,
// enum values held in an int32_t, numbers beyond float's range, stale ids as SWEEPBOX_BAD_ID) come
// first; the rest is the core's own checking, which leaves the world unchanged when it throws.

#include "c_api_support.hpp"
#include "core/depth_lease.hpp"

#include <sweepbox/character.hpp>
#include <sweepbox/platforms.hpp>

#include <array>
#include <cinttypes>
#include <cstdio>
#include <mutex>
#include <new>
#include <optional>

using namespace sweepbox::c_api;
using sweepbox::Aabb;
using sweepbox::BodyId;
using sweepbox::real;
using sweepbox::Response;
using sweepbox::Vec2;

// The C constants are the C++ values: shapes and tiles pass through as integers.
static_assert(SWEEPBOX_SHAPE_ONE_WAY_RIGHT == int(sweepbox::TileShape::one_way_right));
static_assert(SWEEPBOX_SHAPE_SLOPE45_UL == int(sweepbox::TileShape::slope45_ul));
static_assert(SWEEPBOX_SHAPE_SHALLOW_UL_LOW == int(sweepbox::TileShape::shallow_ul_low));
static_assert(SWEEPBOX_SHAPE_STEEP_UL_LOW == int(sweepbox::TileShape::steep_ul_low));
static_assert(SWEEPBOX_SHAPE_STEEP_DR_HIGH == int(sweepbox::TileShape::steep_dr_high));
static_assert(SWEEPBOX_SHAPE_STEEP_DR_HIGH + 1 == sweepbox::tile_shape_count);
static_assert(SWEEPBOX_TILE_SLOPE == int(sweepbox::Tile::slope));

namespace {

Response to_response(std::int32_t r, const char* name) {
    if (r < SWEEPBOX_RESPONSE_IGNORE || r > SWEEPBOX_RESPONSE_BOUNCE)
        fail(SWEEPBOX_BAD_ARGUMENT, "%s = %" PRId32 " is not a sweepbox_response (0 to 4)", name, r);
    return Response(r);
}

// The C filter behind the C++ one. An answer outside the enum is remembered and passed on as an
// invalid Response, which the core rejects (throwing before anything changes).
struct FilterCall {
    const sweepbox_world* world;
    sweepbox_filter filter;
    void* context;
    bool bad = false;
    int answer = 0;
};

Response call_filter(void* context, const sweepbox::World& /*world*/, BodyId self, const sweepbox::Other& other) {
    auto& call = *static_cast<FilterCall*>(context);
    const sweepbox_other o = from_other(other);
    const sweepbox_body_id id = from_id(self);
    const int answer = call.filter(call.context, call.world, &id, &o);
    if (answer >= SWEEPBOX_RESPONSE_IGNORE && answer <= SWEEPBOX_RESPONSE_BOUNCE) return Response(answer);
    if (!call.bad) {
        call.bad = true;
        call.answer = answer;
    }
    return Response(0xff);
}

} // namespace

// ---- the library ----

const char* sweepbox_version_string() { return sweepbox::version_string; }

std::int32_t sweepbox_version() {
    return sweepbox::version_major * 10000 + sweepbox::version_minor * 100 + sweepbox::version_patch;
}

std::int32_t sweepbox_real_size() { return std::int32_t(sizeof(real)); }

const char* sweepbox_status_name(std::int32_t status) {
    switch (status) {
    case SWEEPBOX_OK: return "ok";
    case SWEEPBOX_BAD_ARGUMENT: return "bad_argument";
    case SWEEPBOX_BAD_ID: return "bad_id";
    case SWEEPBOX_TOO_SMALL: return "too_small";
    case SWEEPBOX_OUT_OF_MEMORY: return "out_of_memory";
    case SWEEPBOX_INTERNAL_ERROR: return "internal_error";
    case SWEEPBOX_UNANSWERED: return "unanswered";
    default: return "unknown";
    }
}

const char* sweepbox_last_error(const sweepbox_world* world) {
    // A copy per thread: another thread's failure may overwrite the world's text at any time.
    thread_local Message copy{};
    if (!world) {
        copy = no_world_error();
        return copy.data();
    }
    try {
        const std::lock_guard<std::mutex> lock(world->error_mutex);
        copy = world->error;
    } catch (...) {
        std::snprintf(copy.data(), copy.size(), "sweepbox_last_error: the message could not be read");
    }
    return copy.data();
}

// ---- defaults ----

sweepbox_world_def sweepbox_world_def_default() {
    const sweepbox::WorldDef d;
    return {double(d.cell_size), d.oversize_cells, d.brute_force ? 1 : 0};
}

sweepbox_body_def sweepbox_body_def_default() {
    const sweepbox::BodyDef d;
    return {from_box(d.box), d.is_static ? 1 : 0,   d.category,          d.mask,
            d.user_data,     d.is_platform ? 1 : 0, d.is_sensor ? 1 : 0, std::int32_t(d.one_way)};
}

sweepbox_tile_map_def sweepbox_tile_map_def_default() {
    const sweepbox::TileMapDef d;
    return {from_vec(d.origin), double(d.tile_size), d.columns, d.rows, d.category, d.mask};
}

sweepbox_move_options sweepbox_move_options_default() {
    const sweepbox::MoveOptions d;
    sweepbox_move_options o{};
    o.response = std::int32_t(d.response);
    o.max_iterations = d.max_iterations;
    o.restitution = double(d.restitution);
    o.friction = double(d.friction);
    o.velocity = from_vec(d.velocity);
    o.rest_speed = double(d.rest_speed);
    o.drop_through = d.drop_through ? 1 : 0;
    o.push_out_sides = double(d.push_out_sides);
    return o;
}

sweepbox_query_filter sweepbox_query_filter_default() {
    const sweepbox::QueryFilter d;
    return {d.category, d.mask, from_id(d.ignore), d.bodies ? 1 : 0, d.tiles ? 1 : 0, d.sensors ? 1 : 0};
}

// ---- the world ----

sweepbox_status sweepbox_world_create(const sweepbox_world_def* def, sweepbox_world** out) {
    return guarded_on(nullptr, "sweepbox_world_create", [&] {
        require(out, "out");
        *out = nullptr;
        sweepbox::WorldDef d;
        if (def) {
            d.cell_size = to_real(def->cell_size);
            d.oversize_cells = def->oversize_cells;
            d.brute_force = def->brute_force != 0;
        }
        *out = new sweepbox_world(d);
        return SWEEPBOX_OK;
    });
}

void sweepbox_world_destroy(sweepbox_world* world) { delete world; }

// ---- bodies ----

sweepbox_status sweepbox_add(sweepbox_world* world, const sweepbox_body_def* def, sweepbox_body_id* out) {
    return guarded(world, "sweepbox_add", [&] {
        require(def, "def");
        require(out, "out");
        const sweepbox::BodyDef d{.box = to_box(def->box),
                                  .is_static = def->is_static != 0,
                                  .is_platform = def->is_platform != 0,
                                  .category = def->category,
                                  .mask = def->mask,
                                  .user_data = def->user_data,
                                  .is_sensor = def->is_sensor != 0,
                                  .one_way = to_one_way(def->one_way)};
        *out = from_id(world->world.add(d));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_remove(sweepbox_world* world, const sweepbox_body_id* id) {
    return guarded(world, "sweepbox_remove", [&] {
        require_id(world->world, to_id(id));
        world->world.remove(to_id(id));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_teleport(sweepbox_world* world, const sweepbox_body_id* id, const sweepbox_box* box) {
    return guarded(world, "sweepbox_teleport", [&] {
        require(box, "box");
        require_id(world->world, to_id(id));
        world->world.teleport(to_id(id), to_box(*box));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_is_valid(const sweepbox_world* world, const sweepbox_body_id* id, std::int32_t* valid) {
    return guarded(world, "sweepbox_is_valid", [&] {
        require(valid, "valid");
        *valid = world->world.is_valid(to_id(id)) ? 1 : 0;
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_get_box(const sweepbox_world* world, const sweepbox_body_id* id, sweepbox_box* out) {
    return guarded(world, "sweepbox_get_box", [&] {
        require(out, "out");
        require_id(world->world, to_id(id));
        *out = from_box(world->world.box(to_id(id)));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_get_body(const sweepbox_world* world, const sweepbox_body_id* id, sweepbox_body_def* out) {
    return guarded(world, "sweepbox_get_body", [&] {
        require(out, "out");
        require_id(world->world, to_id(id));
        const sweepbox::BodyInfo b = world->world.info(to_id(id));
        *out = {from_box(b.box), b.is_static ? 1 : 0,   b.category,          b.mask,
                b.user_data,     b.is_platform ? 1 : 0, b.is_sensor ? 1 : 0, std::int32_t(b.one_way)};
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_set_user_data(sweepbox_world* world, const sweepbox_body_id* id, std::uint64_t user_data) {
    return guarded(world, "sweepbox_set_user_data", [&] {
        require_id(world->world, to_id(id));
        world->world.set_user_data(to_id(id), user_data);
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_set_category_mask(sweepbox_world* world, const sweepbox_body_id* id, std::uint32_t category,
                                           std::uint32_t mask) {
    return guarded(world, "sweepbox_set_category_mask", [&] {
        require_id(world->world, to_id(id));
        world->world.set_filter(to_id(id), category, mask);
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_set_one_way(sweepbox_world* world, const sweepbox_body_id* id, std::int32_t one_way) {
    return guarded(world, "sweepbox_set_one_way", [&] {
        require_id(world->world, to_id(id));
        world->world.set_one_way(to_id(id), to_one_way(one_way));
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_body_count(const sweepbox_world* world, std::size_t* count) {
    return guarded(world, "sweepbox_body_count", [&] {
        require(count, "count");
        *count = world->world.body_count();
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_body_ids(const sweepbox_world* world, sweepbox_body_id* out, std::size_t capacity,
                                  std::size_t* count) {
    return guarded(world, "sweepbox_body_ids", [&] {
        require_array(out, capacity, count);
        std::vector<BodyId>& ids = scratch<BodyId>();
        world->world.body_ids(ids);
        return copy_out(ids, out, capacity, count, from_id);
    });
}

// ---- tiles ----

sweepbox_status sweepbox_set_tile_map(sweepbox_world* world, const sweepbox_tile_map_def* def) {
    return guarded(world, "sweepbox_set_tile_map", [&] {
        require(def, "def");
        sweepbox::TileMapDef d;
        d.origin = to_vec(def->origin);
        d.tile_size = to_real(def->tile_size);
        d.columns = def->columns;
        d.rows = def->rows;
        d.category = def->category;
        d.mask = def->mask;
        world->world.set_tile_map(d);
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_set_tile(sweepbox_world* world, std::int32_t column, std::int32_t row, std::int32_t tile) {
    return guarded(world, "sweepbox_set_tile", [&] {
        if (tile < 0 || tile >= sweepbox::max_tile_kinds)
            fail(SWEEPBOX_BAD_ARGUMENT, "tile = %" PRId32 " is not a kind index (0 to 255)", tile);
        world->world.set_tile({column, row}, tile);
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_set_tile_kind(sweepbox_world* world, std::int32_t index, const sweepbox_tile_kind* kind) {
    return guarded(world, "sweepbox_set_tile_kind", [&] {
        require(kind, "kind");
        if (kind->shape < SWEEPBOX_SHAPE_EMPTY || kind->shape > SWEEPBOX_SHAPE_STEEP_DR_HIGH)
            fail(SWEEPBOX_BAD_ARGUMENT, "shape = %" PRId32 " is not a sweepbox_tile_shape", kind->shape);
        world->world.set_tile_kind(index,
                                   {sweepbox::TileShape(kind->shape), kind->category, kind->mask, kind->sensor != 0});
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_get_tile_kind(const sweepbox_world* world, std::int32_t index, sweepbox_tile_kind* kind) {
    return guarded(world, "sweepbox_get_tile_kind", [&] {
        require(kind, "kind");
        if (index < 0 || index >= sweepbox::max_tile_kinds)
            fail(SWEEPBOX_BAD_ARGUMENT, "index = %" PRId32 " is not a kind index (0 to 255)", index);
        const sweepbox::TileKind& k = world->world.tiles().kind(index);
        *kind = {std::int32_t(k.shape), k.category, k.mask, k.sensor ? 1 : 0};
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_get_tile(const sweepbox_world* world, std::int32_t column, std::int32_t row,
                                  std::int32_t* tile) {
    return guarded(world, "sweepbox_get_tile", [&] {
        require(tile, "tile");
        *tile = std::int32_t(world->world.tiles().get({column, row}));
        return SWEEPBOX_OK;
    });
}

// ---- movement ----

namespace sweepbox::c_api {

// The core's answer of a check, per depth: a filter may run a check while a check is in progress.
using CheckResult = sweepbox::detail::DepthLease<sweepbox::MoveResult>;

// sweepbox_move (world not null) and sweepbox_check (moving null): the options converted, the
// move made or only answered, the answer copied out. With `snap`, the move is move_and_snap.
sweepbox_status move_or_check(const sweepbox_world* world, sweepbox_world* moving, const char* function,
                              const sweepbox_body_id* id, double dx, double dy, const sweepbox_move_options* options,
                              sweepbox_move_result* result, const sweepbox::SnapRules* snap, bool was_on_floor,
                              sweepbox::ResponseFilter filter, void* filter_context) {
    return guarded(world, function, [&] {
        const BodyId body = to_id(id);
        require_id(world->world, body);
        if (result && !result->contacts && result->capacity != 0)
            fail(SWEEPBOX_BAD_ARGUMENT, "result->contacts is null but result->capacity is %zu", result->capacity);
        const sweepbox_move_options o = options ? *options : sweepbox_move_options_default();
        sweepbox::MoveOptions m;
        m.response = to_response(o.response, "response");
        m.max_iterations = o.max_iterations;
        m.restitution = to_real(o.restitution);
        m.friction = to_real(o.friction);
        m.velocity = to_vec(o.velocity);
        m.rest_speed = to_real(o.rest_speed);
        m.drop_through = o.drop_through != 0;
        m.push_out_sides = to_real(o.push_out_sides);
        std::array<Response, 32> table{};
        if (o.category_responses) {
            for (std::size_t i = 0; i < table.size(); ++i) {
                const std::int32_t r = o.category_responses[i];
                if (r < SWEEPBOX_RESPONSE_IGNORE || r > SWEEPBOX_RESPONSE_BOUNCE)
                    fail(SWEEPBOX_BAD_ARGUMENT, "category_responses[%zu] = %" PRId32 " is not a sweepbox_response", i,
                         r);
                table[i] = Response(r);
            }
            m.category_responses = &table;
        }
        FilterCall call{world, o.filter, o.filter_context};
        if (filter) {
            m.filter = filter;
            m.filter_context = filter_context;
        } else if (o.filter) {
            m.filter = call_filter;
            m.filter_context = &call;
        }
        const Vec2 d{to_real(dx), to_real(dy)};
        const Aabb before = world->world.box(body);
        std::optional<CheckResult> checked; // leased by a check only: a lease costs two thread_locals
        sweepbox::MoveResult& r = moving ? moving->move_result : checked.emplace().get();
        try {
            if (moving && snap) sweepbox::move_and_snap(moving->world, body, d, m, was_on_floor, *snap, r);
            else if (moving) moving->world.move(body, d, m, r);
            else world->world.check(body, d, m, r);
        } catch (const sweepbox::Error&) {
            if (call.bad) fail(SWEEPBOX_BAD_ARGUMENT, "the filter returned %d, not a sweepbox_response", call.answer);
            throw;
        }
        if (!result) return SWEEPBOX_OK;
        result->count = r.contacts.size();
        if (result->contacts && r.contacts.size() > result->capacity) {
            // The caller will move again with room for every contact: undo this move, so that the
            // world is as it was, as after every failed call (the same move then gives the same
            // answer: no answer depends on the grid's internal order).
            if (moving) moving->world.teleport(body, before);
            fail(SWEEPBOX_TOO_SMALL, "result->contacts has room for %zu contacts, %zu are needed", result->capacity,
                 r.contacts.size());
        }
        if (result->contacts)
            for (std::size_t i = 0; i < r.contacts.size(); ++i) result->contacts[i] = from_contact(r.contacts[i]);
        result->box = from_box(r.box);
        result->velocity = from_vec(r.velocity);
        result->iterations = r.iterations;
        result->truncated = r.truncated ? 1 : 0;
        result->stuck = r.stuck ? 1 : 0;
        return SWEEPBOX_OK;
    });
}

} // namespace sweepbox::c_api

sweepbox_status sweepbox_move(sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                              const sweepbox_move_options* options, sweepbox_move_result* result) {
    return move_or_check(world, world, "sweepbox_move", id, dx, dy, options, result);
}

sweepbox_status sweepbox_check(const sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                               const sweepbox_move_options* options, sweepbox_move_result* result) {
    return move_or_check(world, nullptr, "sweepbox_check", id, dx, dy, options, result);
}

sweepbox_status sweepbox_move_and_snap(sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                                       const sweepbox_move_options* options, std::int32_t was_on_floor, double snap,
                                       double up_x, double up_y, double max_floor_angle, sweepbox_move_result* result) {
    sweepbox::SnapRules rules;
    return guarded(world, "sweepbox_move_and_snap", [&] {
        rules.snap = to_real(snap);
        rules.ground.up = {to_real(up_x), to_real(up_y)};
        rules.ground.max_floor_angle = to_real(max_floor_angle);
        return move_or_check(world, world, "sweepbox_move_and_snap", id, dx, dy, options, result, &rules,
                             was_on_floor != 0);
    });
}

sweepbox_status sweepbox_move_and_walk(sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                                       const sweepbox_move_options* options, std::int32_t was_on_floor, double snap,
                                       double up_x, double up_y, double max_floor_angle, std::int32_t walk_flags,
                                       sweepbox_move_result* result) {
    sweepbox::SnapRules rules;
    return guarded(world, "sweepbox_move_and_walk", [&] {
        if ((walk_flags & ~(SWEEPBOX_WALK_CONSTANT_SPEED | SWEEPBOX_WALK_STOP_ON_STEEP)) != 0)
            fail(SWEEPBOX_BAD_ARGUMENT, "walk_flags = %" PRId32 " has bits that are no SWEEPBOX_WALK_* value",
                 walk_flags);
        rules.snap = to_real(snap);
        rules.ground.up = {to_real(up_x), to_real(up_y)};
        rules.ground.max_floor_angle = to_real(max_floor_angle);
        rules.constant_speed = (walk_flags & SWEEPBOX_WALK_CONSTANT_SPEED) != 0;
        rules.stop_on_steep = (walk_flags & SWEEPBOX_WALK_STOP_ON_STEEP) != 0;
        return move_or_check(world, world, "sweepbox_move_and_walk", id, dx, dy, options, result, &rules,
                             was_on_floor != 0);
    });
}

// ---- the character kit ----

sweepbox_status sweepbox_move_platform(sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                                       double up_x, double up_y, std::int32_t crush, sweepbox_platform_result* result) {
    return guarded(world, "sweepbox_move_platform", [&] {
        const BodyId body = to_id(id);
        require_id(world->world, body);
        if (crush != SWEEPBOX_CRUSH_STOP && crush != SWEEPBOX_CRUSH_PASS)
            fail(SWEEPBOX_BAD_ARGUMENT, "crush = %" PRId32 " is not a sweepbox_crush", crush);
        if (result) {
            if (!result->riders && result->riders_capacity != 0)
                fail(SWEEPBOX_BAD_ARGUMENT, "result->riders is null but its capacity is %zu", result->riders_capacity);
            if (!result->pushed && result->pushed_capacity != 0)
                fail(SWEEPBOX_BAD_ARGUMENT, "result->pushed is null but its capacity is %zu", result->pushed_capacity);
            if (!result->crushed && result->crushed_capacity != 0)
                fail(SWEEPBOX_BAD_ARGUMENT, "result->crushed is null but its capacity is %zu",
                     result->crushed_capacity);
        }
        const Vec2 d{to_real(dx), to_real(dy)};
        sweepbox::PlatformOptions o;
        o.up = {to_real(up_x), to_real(up_y)};
        o.crush = sweepbox::Crush(crush);
        // Every body the move can reach meets the closed box of the platform's path: kept, so
        // that a move whose answer does not fit can be undone.
        thread_local std::vector<sweepbox::Other> near;
        thread_local std::vector<std::pair<BodyId, Aabb>> before;
        thread_local sweepbox::PlatformResult r;
        const Aabb start = world->world.box(body);
        const Aabb end = start.translated(d);
        near.clear();
        if (sweepbox::is_finite(end.min) && sweepbox::is_finite(end.max)) // (else move_platform refuses the move)
            world->world.query_rect(merge(start, end), near, sweepbox::QueryFilter{.tiles = false});
        before.clear();
        before.emplace_back(body, start);
        for (const sweepbox::Other& other : near) before.emplace_back(other.body, world->world.box(other.body));
        sweepbox::move_platform(world->world, body, d, o, r);
        if (!result) return SWEEPBOX_OK;
        result->riders_count = r.riders.size();
        result->pushed_count = r.pushed.size();
        result->crushed_count = r.crushed.size();
        const bool fits = (!result->riders || r.riders.size() <= result->riders_capacity) &&
                          (!result->pushed || r.pushed.size() <= result->pushed_capacity) &&
                          (!result->crushed || r.crushed.size() <= result->crushed_capacity);
        if (!fits) {
            for (const auto& [b, box] : before) world->world.teleport(b, box);
            fail(SWEEPBOX_TOO_SMALL,
                 "result has room for %zu riders, %zu pushed, %zu crushed; %zu, %zu, %zu are needed",
                 result->riders_capacity, result->pushed_capacity, result->crushed_capacity, r.riders.size(),
                 r.pushed.size(), r.crushed.size());
        }
        auto copy = [](const std::vector<BodyId>& from, sweepbox_body_id* to) {
            if (to)
                for (std::size_t i = 0; i < from.size(); ++i) to[i] = from_id(from[i]);
        };
        copy(r.riders, result->riders);
        copy(r.pushed, result->pushed);
        copy(r.crushed, result->crushed);
        result->box = from_box(r.box);
        result->moved = from_vec(r.moved);
        result->stopped = r.stopped ? 1 : 0;
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_ground_state(const sweepbox_move_result* result, double up_x, double up_y,
                                      double max_floor_angle, sweepbox_ground* out) {
    return guarded_on(nullptr, "sweepbox_ground_state", [&] {
        require(result, "result");
        require(out, "out");
        if (result->count != 0 && !result->contacts)
            fail(SWEEPBOX_BAD_ARGUMENT, "result->contacts is null but result->count is %zu", result->count);
        thread_local std::vector<sweepbox::Contact> contacts;
        contacts.resize(result->count);
        for (std::size_t i = 0; i < result->count; ++i) {
            const sweepbox_contact& c = result->contacts[i];
            sweepbox::Contact& k = contacts[i];
            k.other = to_other(c.other);
            k.response = to_response(c.response, "a contact's response");
            k.normal = {to_real(c.normal.x), to_real(c.normal.y)};
        }
        const sweepbox::GroundState g = sweepbox::ground_state(
            contacts, sweepbox::GroundRules{{to_real(up_x), to_real(up_y)}, to_real(max_floor_angle)});
        *out = {g.on_floor ? 1 : 0, g.on_wall ? 1 : 0, g.on_ceiling ? 1 : 0, from_vec(g.floor_normal),
                from_other(g.floor)};
        return SWEEPBOX_OK;
    });
}
