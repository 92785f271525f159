// The C API (include/sweepbox/sweepbox.h) over sweepbox::World: the library, the defaults, the
// world, bodies and tiles (moves and the character kit are in c_api_moves.cpp, the casts and
// queries in c_api_queries.cpp). Every entry point runs its body in `guarded`, which turns each
// exception into a status and a message, so nothing is thrown across the C boundary. Checks that
// only the C side can make (null pointers, enum values held in an int32_t, numbers beyond float's
// range, stale ids as SWEEPBOX_BAD_ID) come first; the rest is the core's own checking, which
// leaves the world unchanged when it throws.

#include "c_api_support.hpp"

#include <cinttypes>
#include <cstdio>
#include <mutex>
#include <new>

using namespace sweepbox::c_api;
using sweepbox::BodyId;
using sweepbox::real;

// The C constants are the C++ values: shapes and tiles pass through as integers.
static_assert(SWEEPBOX_SHAPE_ONE_WAY_RIGHT == int(sweepbox::TileShape::one_way_right));
static_assert(SWEEPBOX_SHAPE_SLOPE45_UL == int(sweepbox::TileShape::slope45_ul));
static_assert(SWEEPBOX_SHAPE_SHALLOW_UL_LOW == int(sweepbox::TileShape::shallow_ul_low));
static_assert(SWEEPBOX_SHAPE_STEEP_UL_LOW == int(sweepbox::TileShape::steep_ul_low));
static_assert(SWEEPBOX_SHAPE_STEEP_DR_HIGH == int(sweepbox::TileShape::steep_dr_high));
static_assert(SWEEPBOX_SHAPE_STEEP_DR_HIGH + 1 == sweepbox::tile_shape_count);
static_assert(SWEEPBOX_TILE_SLOPE == int(sweepbox::Tile::slope));

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

sweepbox_body_def sweepbox_body_def_default() { return from_body_def(sweepbox::BodyDef{}); }

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
    o.moving = d.moving ? 1 : 0;
    o.t0 = double(d.t0);
    o.t1 = double(d.t1);
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
        *out = from_id(world->world.add(to_body_def(*def)));
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

namespace {

sweepbox_status get_info(const sweepbox_world* world, const char* function, const sweepbox_body_id* id,
                         sweepbox_body_def* out) {
    return guarded(world, function, [&] {
        require(out, "out");
        require_id(world->world, to_id(id));
        *out = from_body_def(world->world.info(to_id(id)));
        return SWEEPBOX_OK;
    });
}

sweepbox_status set_filter(sweepbox_world* world, const char* function, const sweepbox_body_id* id,
                           std::uint32_t category, std::uint32_t mask) {
    return guarded(world, function, [&] {
        require_id(world->world, to_id(id));
        world->world.set_filter(to_id(id), category, mask);
        return SWEEPBOX_OK;
    });
}

} // namespace

sweepbox_status sweepbox_get_info(const sweepbox_world* world, const sweepbox_body_id* id, sweepbox_body_def* out) {
    return get_info(world, "sweepbox_get_info", id, out);
}

sweepbox_status sweepbox_get_body(const sweepbox_world* world, const sweepbox_body_id* id, sweepbox_body_def* out) {
    return get_info(world, "sweepbox_get_body", id, out);
}

sweepbox_status sweepbox_set_user_data(sweepbox_world* world, const sweepbox_body_id* id, std::uint64_t user_data) {
    return guarded(world, "sweepbox_set_user_data", [&] {
        require_id(world->world, to_id(id));
        world->world.set_user_data(to_id(id), user_data);
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_set_filter(sweepbox_world* world, const sweepbox_body_id* id, std::uint32_t category,
                                    std::uint32_t mask) {
    return set_filter(world, "sweepbox_set_filter", id, category, mask);
}

sweepbox_status sweepbox_set_category_mask(sweepbox_world* world, const sweepbox_body_id* id, std::uint32_t category,
                                           std::uint32_t mask) {
    return set_filter(world, "sweepbox_set_category_mask", id, category, mask);
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
