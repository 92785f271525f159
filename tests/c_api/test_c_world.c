/* The C API from C: the library, the defaults, the world, bodies, tiles and slope kinds. */
#include "c_api_checks.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- the library ---- */

void test_library(void) {
    char header_version[32];
    sprintf(header_version, "%d.%d.%d", SWEEPBOX_VERSION_MAJOR, SWEEPBOX_VERSION_MINOR, SWEEPBOX_VERSION_PATCH);
    CHECK(strcmp(sweepbox_version_string(), header_version) == 0);
    CHECK(sweepbox_version() == SWEEPBOX_VERSION_NUMBER);
    CHECK(sweepbox_real_size() == 4 || sweepbox_real_size() == 8);
    CHECK(strcmp(sweepbox_status_name(SWEEPBOX_OK), "ok") == 0);
    CHECK(strcmp(sweepbox_status_name(SWEEPBOX_BAD_ARGUMENT), "bad_argument") == 0);
    CHECK(strcmp(sweepbox_status_name(SWEEPBOX_BAD_ID), "bad_id") == 0);
    CHECK(strcmp(sweepbox_status_name(SWEEPBOX_TOO_SMALL), "too_small") == 0);
    CHECK(strcmp(sweepbox_status_name(SWEEPBOX_OUT_OF_MEMORY), "out_of_memory") == 0);
    CHECK(strcmp(sweepbox_status_name(SWEEPBOX_INTERNAL_ERROR), "internal_error") == 0);
    CHECK(strcmp(sweepbox_status_name(99), "unknown") == 0);
    CHECK(strcmp(sweepbox_status_name(-1), "unknown") == 0);
}

void test_defaults(void) {
    const sweepbox_world_def w = sweepbox_world_def_default();
    const sweepbox_body_def b = sweepbox_body_def_default();
    const sweepbox_tile_map_def t = sweepbox_tile_map_def_default();
    const sweepbox_move_options o = sweepbox_move_options_default();
    const sweepbox_query_filter f = sweepbox_query_filter_default();
    CHECK(w.cell_size == 64 && w.oversize_cells == 8 && w.brute_force == 0);
    CHECK(same_box(b.box, box4(0, 0, 0, 0)) && b.is_static == 0 && b.category == 1 && b.mask == 0xffffffffu &&
          b.user_data == 0);
    CHECK(t.origin.x == 0 && t.origin.y == 0 && t.tile_size == 16 && t.columns == 0 && t.rows == 0 && t.category == 1 &&
          t.mask == 0xffffffffu);
    CHECK(o.response == SWEEPBOX_RESPONSE_SLIDE && o.max_iterations == 8 && o.restitution == 1 && o.friction == 0 &&
          o.velocity.x == 0 && o.velocity.y == 0 && o.category_responses == NULL && o.filter == NULL &&
          o.filter_context == NULL);
    CHECK(f.category == 0xffffffffu && f.mask == 0xffffffffu && f.ignore.index == 0 && f.ignore.generation == 0 &&
          f.bodies == 1 && f.tiles == 1);
}

/* ---- the world ---- */

void test_world(void) {
    static char not_a_world;
    sweepbox_world* w = (sweepbox_world*)(void*)&not_a_world; /* a failed create must set it to NULL */
    sweepbox_world_def def = sweepbox_world_def_default();

    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_world_create(NULL, NULL));
    def.cell_size = 0;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_world_create(&def, &w));
    CHECK(w == NULL);
    EXPECT_MESSAGE(NULL, "cell size");
    def.cell_size = NAN;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_world_create(&def, &w));
    def.cell_size = -INFINITY;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_world_create(&def, &w));
    def.cell_size = 1e300; /* beyond float; a double build takes it */
    EXPECT(NULL, sweepbox_real_size() == 4 ? SWEEPBOX_BAD_ARGUMENT : SWEEPBOX_OK, sweepbox_world_create(&def, &w));
    if (sweepbox_real_size() == 4) EXPECT_MESSAGE(NULL, "beyond the range of float");
    sweepbox_world_destroy(w);
    def.cell_size = 32;
    def.oversize_cells = 0;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_world_create(&def, &w));
    def.oversize_cells = 256;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_world_create(&def, &w));
    EXPECT_MESSAGE(NULL, "oversize_cells");
    def.oversize_cells = 255;
    def.brute_force = 1;
    EXPECT(NULL, SWEEPBOX_OK, sweepbox_world_create(&def, &w));
    CHECK(w != NULL);
    CHECK(strcmp(sweepbox_last_error(w), "") == 0); /* a new world has failed nothing */
    sweepbox_world_destroy(w);
    sweepbox_world_destroy(NULL); /* does nothing */
}

/* Every function given a null world returns BAD_ARGUMENT and says so in this thread's error. */
void test_null_world(void) {
    sweepbox_world* const w = NULL;
    const sweepbox_body_def def = sweepbox_body_def_default();
    const sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    const sweepbox_box b = box4(0, 0, 1, 1);
    sweepbox_body_id id = {1, 1};
    sweepbox_box box_out;
    sweepbox_body_def body_out;
    sweepbox_cast_hit hit;
    sweepbox_other others[4];
    sweepbox_pair pairs[4];
    sweepbox_body_id ids[4];
    sweepbox_move_result result;
    size_t count = 0;
    int32_t value = 0;
    memset(&result, 0, sizeof result);

    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_add(w, &def, &id));
    EXPECT_MESSAGE(NULL, "the world is null");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_remove(w, &id));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_teleport(w, &id, &b));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_is_valid(w, &id, &value));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_box(w, &id, &box_out));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_info(w, &id, &body_out));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_user_data(w, &id, 1));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_filter(w, &id, 1, 1));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_body_count(w, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_body_ids(w, ids, 4, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile_map(w, &map));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile(w, 0, 0, SWEEPBOX_TILE_SOLID));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_tile(w, 0, 0, &value));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_tile_kind(w, 0, NULL));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &id, 1, 0, NULL, &result));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_ray(w, 0, 0, 1, 0, NULL, &hit));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_box(w, &b, 1, 0, NULL, &hit));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_all(w, &b, 1, 0, NULL, &hit, 1, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_rect(w, &b, NULL, others, 4, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_point(w, 0, 0, NULL, others, 4, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_segment(w, 0, 0, 1, 1, NULL, others, 4, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_overlapping_pairs(w, pairs, 4, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_update_events(w));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_sensor_events(w, SWEEPBOX_EVENTS_BEGIN, NULL, 0, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_contact_events(w, SWEEPBOX_EVENTS_BEGIN, NULL, 0, &count));
}

/* ---- bodies ---- */

void test_bodies(void) {
    sweepbox_world* w = new_world();
    sweepbox_world* other_world = new_world();
    sweepbox_body_def def = sweepbox_body_def_default();
    const sweepbox_body_id null_id = {0, 0};
    const sweepbox_body_id foreign = {1000, 1};
    sweepbox_body_id a, b, c, stale, ids[4];
    sweepbox_body_def info;
    sweepbox_box out;
    size_t count = 99;
    int32_t valid = -1;
    snapshot before;

    /* add */
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_add(w, NULL, &a));
    EXPECT_MESSAGE(w, "def is null");
    def.box = box4(0, 0, 10, 10);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_add(w, &def, NULL));
    def.box = box4(0, NAN, 10, 10);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_add(w, &def, &a));
    EXPECT_MESSAGE(w, "NaN");
    def.box = box4(0, 0, INFINITY, 10);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_add(w, &def, &a));
    def.box = box4(10, 0, 0, 10);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_add(w, &def, &a));
    EXPECT_MESSAGE(w, "min > max");
    def.box = box4(0, 0, 1e300, 10);
    EXPECT(w, sweepbox_real_size() == 4 ? SWEEPBOX_BAD_ARGUMENT : SWEEPBOX_OK, sweepbox_add(w, &def, &a));
    if (sweepbox_real_size() == 8) EXPECT(w, SWEEPBOX_OK, sweepbox_remove(w, &a));
    EXPECT(w, SWEEPBOX_OK, sweepbox_body_count(w, &count));
    CHECK(count == 0);

    a = add_body(w, box4(0, 0, 10, 10), 0, 1, 11);
    b = add_body(w, box4(5, 5, 15, 15), 1, 2, 22);
    c = add_body(w, box4(100, 100, 101, 101), 0, 4, 33);
    CHECK(a.index == 1 && b.index == 2 && c.index == 3);
    EXPECT(w, SWEEPBOX_OK, sweepbox_body_count(w, &count));
    CHECK(count == 3);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_body_count(w, NULL));

    /* is_valid: a stale or null id is an answer, not an error */
    EXPECT(w, SWEEPBOX_OK, sweepbox_is_valid(w, &a, &valid));
    CHECK(valid == 1);
    EXPECT(w, SWEEPBOX_OK, sweepbox_is_valid(w, &null_id, &valid));
    CHECK(valid == 0);
    EXPECT(w, SWEEPBOX_OK, sweepbox_is_valid(w, &foreign, &valid));
    CHECK(valid == 0);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_is_valid(w, &a, NULL));

    /* get_box, get_info */
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_box(w, &b, &out));
    CHECK(same_box(out, box4(5, 5, 15, 15)));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_box(w, &b, NULL));
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_get_box(w, &null_id, &out));
    EXPECT_MESSAGE(w, "null body id");
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_get_box(w, &foreign, &out));
    EXPECT_MESSAGE(w, "not of this world");
    /* an id is passed by pointer: a null pointer is a bad argument, for every call that takes one */
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_box(w, NULL, &out));
    EXPECT_MESSAGE(w, "sweepbox_get_box: id is null");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_info(w, NULL, &info));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_is_valid(w, NULL, &valid));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_remove(w, NULL));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_teleport(w, NULL, &out));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_user_data(w, NULL, 1));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_filter(w, NULL, 1, 1));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, NULL, 1, 0, NULL, NULL));
    EXPECT_MESSAGE(w, "sweepbox_move: id is null");
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_info(w, &b, &info));
    CHECK(same_box(info.box, box4(5, 5, 15, 15)) && info.is_static == 1 && info.category == 2 &&
          info.mask == 0xffffffffu && info.user_data == 22);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_info(w, &b, NULL));
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_get_info(w, &null_id, &info));

    /* set_user_data, set_filter */
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_user_data(w, &a, 0x123456789abcdefull));
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_filter(w, &a, 8, 0x0f));
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_info(w, &a, &info));
    CHECK(info.user_data == 0x123456789abcdefull && info.category == 8 && info.mask == 0x0f && info.is_static == 0);
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_set_user_data(w, &foreign, 1));
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_set_filter(w, &null_id, 1, 1));

    /* teleport */
    {
        const sweepbox_box to = box4(200, 200, 204, 208);
        const sweepbox_box nan_box = box4(NAN, 0, 1, 1);
        const sweepbox_box inverted = box4(0, 10, 1, 1);
        take(w, &before);
        EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_teleport(w, &c, NULL));
        EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_teleport(w, &c, &nan_box));
        EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_teleport(w, &c, &inverted));
        EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_teleport(w, &foreign, &to));
        CHECK(unchanged(w, &before));
        EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &c, &to));
        EXPECT(w, SWEEPBOX_OK, sweepbox_get_box(w, &c, &out));
        CHECK(same_box(out, to));
    }

    /* body_ids: too small reports the count and fills what fits; NULL with 0 asks for the count */
    EXPECT(w, SWEEPBOX_OK, sweepbox_body_ids(w, ids, 4, &count));
    CHECK(count == 3 && same_id(ids[0], a) && same_id(ids[1], b) && same_id(ids[2], c));
    memset(ids, 0, sizeof ids);
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_body_ids(w, ids, 2, &count));
    CHECK(count == 3 && same_id(ids[0], a) && same_id(ids[1], b) && ids[2].index == 0);
    EXPECT_MESSAGE(w, "room for 2, 3 are needed");
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_body_ids(w, NULL, 0, &count));
    CHECK(count == 3);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_body_ids(w, NULL, 2, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_body_ids(w, ids, 4, NULL));

    /* remove: the id goes stale, the slot is reused with a new generation */
    take(w, &before);
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_remove(w, &null_id));
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_remove(w, &foreign));
    CHECK(unchanged(w, &before));
    EXPECT(w, SWEEPBOX_OK, sweepbox_remove(w, &b));
    stale = b;
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_remove(w, &stale));
    EXPECT_MESSAGE(w, "stale body id");
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_get_box(w, &stale, &out));
    EXPECT(w, SWEEPBOX_OK, sweepbox_is_valid(w, &stale, &valid));
    CHECK(valid == 0);
    b = add_body(w, box4(1, 1, 2, 2), 0, 1, 0);
    CHECK(b.index == stale.index && b.generation != stale.generation);
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_teleport(w, &stale, &out));

    /* an id of another world is bad there (index beyond its table) */
    EXPECT(other_world, SWEEPBOX_BAD_ID, sweepbox_remove(other_world, &c));
    CHECK(strstr(sweepbox_last_error(w), "sweepbox_teleport") != NULL); /* errors are per world */

    sweepbox_world_destroy(other_world);
    sweepbox_world_destroy(w);
}

/* ---- tiles ---- */

void test_tiles(void) {
    sweepbox_world* w = new_world();
    sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    int32_t tile = -1;
    snapshot before;

    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile_map(w, NULL));
    map.tile_size = 0;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile_map(w, &map));
    EXPECT_MESSAGE(w, "tile size");
    map.tile_size = 16;
    map.origin = v2(NAN, 0);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile_map(w, &map));
    map.origin = v2(0, 0);
    map.columns = -1;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile_map(w, &map));
    map.columns = 20;
    map.rows = 8;
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_map(w, &map));

    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, 3, 7, SWEEPBOX_TILE_SOLID));
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, 4, 7, SWEEPBOX_TILE_ONE_WAY));
    take(w, &before);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile(w, 5, 7, 256));
    EXPECT_MESSAGE(w, "not a kind index");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile(w, 5, 7, -1));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile(w, 20, 0, SWEEPBOX_TILE_SOLID));
    EXPECT_MESSAGE(w, "outside the tile map");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile(w, 0, -1, SWEEPBOX_TILE_SOLID));
    CHECK(unchanged(w, &before));

    EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile(w, 3, 7, &tile));
    CHECK(tile == SWEEPBOX_TILE_SOLID);
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile(w, 4, 7, &tile));
    CHECK(tile == SWEEPBOX_TILE_ONE_WAY);
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile(w, 5, 7, &tile));
    CHECK(tile == SWEEPBOX_TILE_EMPTY);
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile(w, 500, -3, &tile)); /* outside the map: empty */
    CHECK(tile == SWEEPBOX_TILE_EMPTY);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_tile(w, 0, 0, NULL));
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, 3, 7, SWEEPBOX_TILE_EMPTY));
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile(w, 3, 7, &tile));
    CHECK(tile == SWEEPBOX_TILE_EMPTY);
    sweepbox_world_destroy(w);
}

/* ---- slope kinds ---- */

void test_slope_kinds(void) {
    sweepbox_world* w = new_world();
    sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    sweepbox_tile_kind kind = {SWEEPBOX_SHAPE_EMPTY, 1, 0xffffffffu, 0};
    sweepbox_tile_kind got = {-1, 0, 0, -1};
    int32_t shape = 0, tile = -1;
    map.columns = 30;
    map.rows = 4;
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_map(w, &map));
    /* The defaults read back: 0 empty, 1 solid, 2 one-way down, 3 (and the rest) empty. */
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile_kind(w, 2, &got));
    CHECK(got.shape == SWEEPBOX_SHAPE_ONE_WAY_DOWN && got.category == 1u && got.mask == 0xffffffffu && got.sensor == 0);
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile_kind(w, 255, &got));
    CHECK(got.shape == SWEEPBOX_SHAPE_EMPTY);
    /* Every slope shape as its own kind, 10 + shape: set, read back, a tile of it is a slope. */
    for (shape = SWEEPBOX_SHAPE_SLOPE45_UL; shape <= SWEEPBOX_SHAPE_STEEP_DR_HIGH; ++shape) {
        kind.shape = shape;
        EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_kind(w, 10 + shape, &kind));
        EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile_kind(w, 10 + shape, &got));
        CHECK(got.shape == shape && got.category == 1u && got.mask == 0xffffffffu && got.sensor == 0);
        EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, shape, 2, 10 + shape));
        EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile(w, shape, 2, &tile));
        CHECK(tile == SWEEPBOX_TILE_SLOPE);
    }
    CHECK(SWEEPBOX_SHAPE_SLOPE45_UL == 6 && SWEEPBOX_SHAPE_SHALLOW_UL_LOW == 10 && SWEEPBOX_SHAPE_STEEP_UL_LOW == 18 &&
          SWEEPBOX_SHAPE_STEEP_DR_HIGH == 25);
    /* Past the last shape, and below the first: refused, the kind unchanged. */
    kind.shape = SWEEPBOX_SHAPE_STEEP_DR_HIGH + 1;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile_kind(w, 10 + SWEEPBOX_SHAPE_STEEP_DR_HIGH, &kind));
    EXPECT_MESSAGE(w, "is not a sweepbox_tile_shape");
    kind.shape = -1;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile_kind(w, 10 + SWEEPBOX_SHAPE_STEEP_DR_HIGH, &kind));
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile_kind(w, 10 + SWEEPBOX_SHAPE_STEEP_DR_HIGH, &got));
    CHECK(got.shape == SWEEPBOX_SHAPE_STEEP_DR_HIGH);
    /* A slope is not a sensor shape; a slope kind may have its own category and mask. */
    kind.shape = SWEEPBOX_SHAPE_SLOPE45_UR;
    kind.sensor = 1;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile_kind(w, 40, &kind));
    EXPECT_MESSAGE(w, "sensor");
    kind.sensor = 0;
    kind.category = 2;
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_kind(w, 40, &kind));
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile_kind(w, 40, &got));
    CHECK(got.shape == SWEEPBOX_SHAPE_SLOPE45_UR && got.category == 2 && got.sensor == 0);
    /* Redefining the kind back to empty empties its tile. */
    kind.shape = SWEEPBOX_SHAPE_EMPTY;
    kind.category = 1;
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_kind(w, 10 + SWEEPBOX_SHAPE_SLOPE45_UL, &kind));
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile(w, SWEEPBOX_SHAPE_SLOPE45_UL, 2, &tile));
    CHECK(tile == SWEEPBOX_TILE_EMPTY);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_tile_kind(w, 256, &got));
    EXPECT_MESSAGE(w, "not a kind index");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_tile_kind(w, -1, &got));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_tile_kind(w, 0, NULL));
    sweepbox_world_destroy(w);
}
