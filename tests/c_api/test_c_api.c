/* The C API from C (C99, warnings as errors): every status path of every function (a null world,
 * null pointers, bad ids, NaN and out-of-range input, output arrays too small, a filter's bad
 * answer), that a failed call leaves the world as it was, and the answers on small known scenes:
 * the README's grenade and bullet, a tile level's slide, one-way platform and ray.
 * Prints each failed check and exits 1 if there was any. */
#include <sweepbox/sweepbox.h>
#include <sweepbox/sweepbox_answers.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

static void check_at(int ok, const char* what, int line) {
    ++checks;
    if (!ok) {
        fprintf(stderr, "test_c_api.c:%d: check failed: %s\n", line, what);
        ++failures;
    }
}
#define CHECK(condition) check_at((condition) != 0, #condition, __LINE__)

/* Checks the status of a call and, when it is not OK, that the world's last error (or this
 * thread's, for a null world) is "<the function's name>: <problem>". */
static void expect_at(sweepbox_status got, sweepbox_status expected, const sweepbox_world* world, const char* call,
                      int line) {
    const size_t name_length = strcspn(call, "(");
    const char* message;
    ++checks;
    if (got != expected) {
        fprintf(stderr, "test_c_api.c:%d: %s gave %s, expected %s (last error: %s)\n", line, call,
                sweepbox_status_name(got), sweepbox_status_name(expected), sweepbox_last_error(world));
        ++failures;
        return;
    }
    if (expected == SWEEPBOX_OK || expected == SWEEPBOX_UNANSWERED) return; /* (an answer: no message) */
    message = sweepbox_last_error(world);
    if (strncmp(message, call, name_length) != 0 || message[name_length] != ':' || strlen(message) < name_length + 3) {
        fprintf(stderr, "test_c_api.c:%d: the last error of %s is \"%s\", not \"%.*s: <problem>\"\n", line, call,
                message, (int)name_length, call);
        ++failures;
    }
}
#define EXPECT(world, status, call) expect_at((call), (status), (world), #call, __LINE__)

/* The last error contains `part`. */
static void expect_message_at(const sweepbox_world* world, const char* part, int line) {
    const char* message = sweepbox_last_error(world);
    ++checks;
    if (!strstr(message, part)) {
        fprintf(stderr, "test_c_api.c:%d: the last error \"%s\" does not say \"%s\"\n", line, message, part);
        ++failures;
    }
}
#define EXPECT_MESSAGE(world, part) expect_message_at((world), (part), __LINE__)

static sweepbox_vec2 v2(double x, double y) {
    sweepbox_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

static sweepbox_box box4(double x0, double y0, double x1, double y1) {
    sweepbox_box b;
    b.min = v2(x0, y0);
    b.max = v2(x1, y1);
    return b;
}

static int same_box(sweepbox_box a, sweepbox_box b) {
    return a.min.x == b.min.x && a.min.y == b.min.y && a.max.x == b.max.x && a.max.y == b.max.y;
}

static int same_id(sweepbox_body_id a, sweepbox_body_id b) {
    return a.index == b.index && a.generation == b.generation;
}

static int is_body(const sweepbox_other* o, sweepbox_body_id id) {
    return o->kind == SWEEPBOX_OTHER_BODY && same_id(o->body, id);
}

static int is_tile(const sweepbox_other* o, int32_t column, int32_t row) {
    return o->kind == SWEEPBOX_OTHER_TILE && o->tile.column == column && o->tile.row == row;
}

/* The library's float (or double, in a double build) nearest to x. */
static double real_of(double x) { return sweepbox_real_size() == 4 ? (double)(float)x : x; }

static sweepbox_body_id add_body(sweepbox_world* w, sweepbox_box box, int is_static, uint32_t category,
                                 uint64_t user_data) {
    sweepbox_body_def def = sweepbox_body_def_default();
    sweepbox_body_id id = {0, 0};
    def.box = box;
    def.is_static = is_static;
    def.category = category;
    def.user_data = user_data;
    EXPECT(w, SWEEPBOX_OK, sweepbox_add(w, &def, &id));
    return id;
}

static sweepbox_world* new_world(void) {
    sweepbox_world* w = NULL;
    EXPECT(NULL, SWEEPBOX_OK, sweepbox_world_create(NULL, &w));
    return w;
}

/* ---- what a failed call must leave alone: every body and the tiles of the first 32 x 16 ---- */

enum { max_bodies = 32, snap_columns = 32, snap_rows = 16 };

typedef struct snapshot {
    size_t count;
    sweepbox_body_id ids[max_bodies];
    sweepbox_body_def bodies[max_bodies];
    int32_t tiles[snap_rows][snap_columns];
} snapshot;

static void take(const sweepbox_world* w, snapshot* s) {
    size_t i;
    int32_t column, row;
    memset(s, 0, sizeof *s);
    EXPECT(w, SWEEPBOX_OK, sweepbox_body_ids(w, s->ids, max_bodies, &s->count));
    for (i = 0; i < s->count; ++i) EXPECT(w, SWEEPBOX_OK, sweepbox_get_body(w, &s->ids[i], &s->bodies[i]));
    for (row = 0; row < snap_rows; ++row)
        for (column = 0; column < snap_columns; ++column)
            EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile(w, column, row, &s->tiles[row][column]));
}

static int unchanged(const sweepbox_world* w, const snapshot* before) {
    snapshot now;
    size_t i;
    take(w, &now);
    if (now.count != before->count) return 0;
    for (i = 0; i < now.count; ++i) {
        const sweepbox_body_def* a = &now.bodies[i];
        const sweepbox_body_def* b = &before->bodies[i];
        if (!same_id(now.ids[i], before->ids[i]) || !same_box(a->box, b->box) || a->is_static != b->is_static ||
            a->category != b->category || a->mask != b->mask || a->user_data != b->user_data ||
            a->one_way != b->one_way)
            return 0;
    }
    return memcmp(now.tiles, before->tiles, sizeof now.tiles) == 0;
}

/* ---- the library ---- */

static void test_library(void) {
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

static void test_defaults(void) {
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

static void test_world(void) {
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
static void test_null_world(void) {
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
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_body(w, &id, &body_out));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_user_data(w, &id, 1));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_category_mask(w, &id, 1, 1));
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

static void test_bodies(void) {
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

    /* get_box, get_body */
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
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_body(w, NULL, &info));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_is_valid(w, NULL, &valid));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_remove(w, NULL));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_teleport(w, NULL, &out));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_user_data(w, NULL, 1));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_category_mask(w, NULL, 1, 1));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, NULL, 1, 0, NULL, NULL));
    EXPECT_MESSAGE(w, "sweepbox_move: id is null");
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_body(w, &b, &info));
    CHECK(same_box(info.box, box4(5, 5, 15, 15)) && info.is_static == 1 && info.category == 2 &&
          info.mask == 0xffffffffu && info.user_data == 22);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_get_body(w, &b, NULL));
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_get_body(w, &null_id, &info));

    /* set_user_data, set_category_mask */
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_user_data(w, &a, 0x123456789abcdefull));
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_category_mask(w, &a, 8, 0x0f));
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_body(w, &a, &info));
    CHECK(info.user_data == 0x123456789abcdefull && info.category == 8 && info.mask == 0x0f && info.is_static == 0);
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_set_user_data(w, &foreign, 1));
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_set_category_mask(w, &null_id, 1, 1));

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

static void test_tiles(void) {
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

static void test_slope_kinds(void) {
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

/* ---- sensors, tile kinds and events ---- */

static void test_sensors_and_events(void) {
    sweepbox_world* w = new_world();
    sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    sweepbox_tile_kind water = {SWEEPBOX_SHAPE_SOLID, 2, 0xffffffffu, 1};
    sweepbox_tile_kind bad = {SWEEPBOX_SHAPE_ONE_WAY_UP, 2, 0xffffffffu, 1};
    sweepbox_body_def def = sweepbox_body_def_default();
    sweepbox_body_def got;
    sweepbox_body_id trigger = {0, 0}, bullet = {0, 0};
    sweepbox_sensor_event se[4];
    sweepbox_contact_event ce[4];
    sweepbox_contact contacts[4];
    sweepbox_move_result r;
    size_t count = 99;
    memset(&r, 0, sizeof r);
    r.contacts = contacts;
    r.capacity = 4;
    map.columns = 10;
    map.rows = 10;
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_map(w, &map));
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_kind(w, 5, &water));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile_kind(w, 5, &bad));
    EXPECT_MESSAGE(w, "sensor");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile_kind(w, 256, &water));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_tile_kind(w, 5, NULL));
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, 6, 1, 5)); /* water at x 96..112, y 16..32 */
    def.box = box4(40, 0, 41, 160);
    def.is_sensor = 1;
    EXPECT(w, SWEEPBOX_OK, sweepbox_add(w, &def, &trigger));
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_body(w, &trigger, &got));
    CHECK(got.is_sensor == 1);
    bullet = add_body(w, box4(0, 20, 0, 20), 0, 1, 0);
    EXPECT(w, SWEEPBOX_OK, sweepbox_update_events(w));
    EXPECT(w, SWEEPBOX_OK, sweepbox_sensor_events(w, SWEEPBOX_EVENTS_BEGIN, se, 4, &count));
    CHECK(count == 0);
    /* Through the trigger and the water in one move: each begins and ends; neither blocks. */
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &bullet, 150, 0, NULL, &r));
    CHECK(r.count == 0);
    EXPECT(w, SWEEPBOX_OK, sweepbox_update_events(w));
    EXPECT(w, SWEEPBOX_OK, sweepbox_sensor_events(w, SWEEPBOX_EVENTS_BEGIN, se, 4, &count));
    CHECK(count == 2);
    CHECK(is_body(&se[0].sensor, trigger) && same_id(se[0].visitor, bullet));
    CHECK(is_tile(&se[1].sensor, 6, 1) && same_id(se[1].visitor, bullet));
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_sensor_events(w, SWEEPBOX_EVENTS_END, se, 1, &count));
    CHECK(count == 2);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_sensor_events(w, 7, se, 4, &count));
    /* Onto a solid tile: a contact begins. */
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, 9, 2, SWEEPBOX_TILE_SOLID));
    EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &bullet, &(sweepbox_box){{150, 30}, {150, 32}}));
    EXPECT(w, SWEEPBOX_OK, sweepbox_update_events(w));
    EXPECT(w, SWEEPBOX_OK, sweepbox_contact_events(w, SWEEPBOX_EVENTS_BEGIN, ce, 4, &count));
    CHECK(count == 1 && same_id(ce[0].body, bullet) && is_tile(&ce[0].other, 9, 2));
    EXPECT(w, SWEEPBOX_OK, sweepbox_contact_events(w, SWEEPBOX_EVENTS_END, ce, 4, &count));
    CHECK(count == 0);
    /* A bounce off the tile within one move: a contact begin and end in the same update. */
    {
        sweepbox_move_options bounce = sweepbox_move_options_default();
        bounce.response = SWEEPBOX_RESPONSE_BOUNCE;
        EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &bullet, &(sweepbox_box){{150, 20}, {150, 22}}));
        EXPECT(w, SWEEPBOX_OK, sweepbox_update_events(w));
        EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &bullet, 0, 20, &bounce, &r));
        CHECK(r.count == 1);
        EXPECT(w, SWEEPBOX_OK, sweepbox_update_events(w));
        EXPECT(w, SWEEPBOX_OK, sweepbox_contact_events(w, SWEEPBOX_EVENTS_BEGIN, ce, 4, &count));
        CHECK(count == 1 && same_id(ce[0].body, bullet) && is_tile(&ce[0].other, 9, 2));
        EXPECT(w, SWEEPBOX_OK, sweepbox_contact_events(w, SWEEPBOX_EVENTS_END, ce, 4, &count));
        CHECK(count == 1 && same_id(ce[0].body, bullet) && is_tile(&ce[0].other, 9, 2));
    }
    /* Casts see sensors only when the filter asks: the trigger, then the water tile. */
    {
        sweepbox_query_filter f = sweepbox_query_filter_default();
        sweepbox_cast_hit hit;
        sweepbox_other others[4];
        CHECK(f.sensors == 0);
        EXPECT(w, SWEEPBOX_OK, sweepbox_cast_ray(w, 0, 80, 200, 0, &f, &hit));
        CHECK(hit.hit == 0);
        f.sensors = 1;
        EXPECT(w, SWEEPBOX_OK, sweepbox_cast_ray(w, 0, 80, 200, 0, &f, &hit));
        CHECK(hit.hit == 1 && is_body(&hit.other, trigger) && hit.time == real_of(0.2) && hit.normal.x == -1);
        EXPECT(w, SWEEPBOX_OK, sweepbox_cast_ray(w, 50, 24, 100, 0, &f, &hit));
        CHECK(hit.hit == 1 && is_tile(&hit.other, 6, 1) && hit.time == real_of(0.46));
        EXPECT(w, SWEEPBOX_OK, sweepbox_query_point(w, 100, 24, &f, others, 4, &count));
        CHECK(count == 1 && is_tile(&others[0], 6, 1));
    }
    sweepbox_world_destroy(w);
}

/* ---- move ---- */

/* The README's grenade: a 4x4 box at the origin thrown by (500, 40) at a 0-thickness wall, bouncing
 * with restitution 0.5 and friction 0.1. */
static void test_grenade(void) {
    sweepbox_world* w = new_world();
    const sweepbox_body_id wall = add_body(w, box4(100, 0, 100, 400), 1, 1, 0);
    const sweepbox_body_id grenade = add_body(w, box4(0, 0, 4, 4), 0, 1, 0);
    sweepbox_move_options bounce = sweepbox_move_options_default();
    sweepbox_contact contacts[4];
    sweepbox_move_result r;
    sweepbox_box stored;
    memset(&r, 0, sizeof r);
    r.contacts = contacts;
    r.capacity = 4;
    bounce.response = SWEEPBOX_RESPONSE_BOUNCE;
    bounce.restitution = 0.5;
    bounce.friction = 0.1;
    bounce.velocity = v2(500, 40);

    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &grenade, 500, 40, &bounce, &r));
    CHECK(r.count == 1);
    CHECK(is_body(&contacts[0].other, wall));
    CHECK(contacts[0].time == real_of(0.192)); /* 96 / 500, rounded once */
    CHECK(contacts[0].normal.x == -1 && contacts[0].normal.y == 0);
    CHECK(contacts[0].response == SWEEPBOX_RESPONSE_BOUNCE && contacts[0].flags == 0);
    CHECK(contacts[0].box.max.x == 100 && contacts[0].box.min.x == 96); /* flush against the wall */
    CHECK(contacts[0].point.x == 100);
    CHECK(fabs(contacts[0].box.min.y - 7.68) < 1e-5 && fabs(contacts[0].point.y - 9.68) < 1e-5);
    CHECK(contacts[0].depth == 0 && contacts[0].sweep_back.x == 0 && contacts[0].sweep_back.y == 0);
    CHECK(r.velocity.x == -250 && r.velocity.y == 36);
    CHECK(r.iterations == 1 && r.truncated == 0);
    /* the rest (404, 32.32) reflected: x by -0.5, y by 0.9 */
    CHECK(fabs(r.box.min.x - -106) < 1e-4 && fabs(r.box.min.y - 36.768) < 1e-4);
    CHECK(fabs(r.box.max.x - r.box.min.x - 4) < 1e-4 && fabs(r.box.max.y - r.box.min.y - 4) < 1e-4);
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_box(w, &grenade, &stored));
    CHECK(same_box(stored, r.box));

    /* rest_speed above the speed into the wall: no bounce, the normal part of the velocity goes */
    stored = box4(0, 0, 4, 4);
    EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &grenade, &stored));
    bounce.rest_speed = 1000;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &grenade, 500, 40, &bounce, &r));
    CHECK(r.count == 1 && r.velocity.x == 0 && r.box.max.x == 100);
    bounce.rest_speed = -1;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &grenade, 500, 40, &bounce, &r));
    EXPECT_MESSAGE(w, "rest_speed");
    sweepbox_world_destroy(w);
}

/* Rule 7: a body started inside a block is pushed out to the nearest free place (up, by 2), unless
 * that lies beyond push_out_sides times its larger side: then it stays and `stuck` says so. */
static void test_push_out(void) {
    sweepbox_world* w = new_world();
    const sweepbox_body_id block = add_body(w, box4(0, 0, 100, 100), 1, 1, 0);
    const sweepbox_body_id b = add_body(w, box4(10, 2, 14, 6), 0, 1, 0);
    sweepbox_move_options o = sweepbox_move_options_default();
    sweepbox_contact contacts[4];
    sweepbox_move_result r;
    memset(&r, 0, sizeof r);
    r.contacts = contacts;
    r.capacity = 4;
    CHECK(o.push_out_sides == 8);
    o.response = SWEEPBOX_RESPONSE_TOUCH;
    o.push_out_sides = 0.25; /* 1 unit: not enough */
    EXPECT(w, SWEEPBOX_OK, sweepbox_check(w, &b, 1, 0, &o, &r));
    CHECK(r.stuck == 1 && r.count == 1 && same_box(r.box, box4(10, 2, 14, 6)));
    o.push_out_sides = sweepbox_move_options_default().push_out_sides;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &b, 1, 0, &o, &r));
    CHECK(r.stuck == 0 && r.count == 1 && r.iterations == 1);
    CHECK(is_body(&contacts[0].other, block) && (contacts[0].flags & SWEEPBOX_STARTED_OVERLAPPING) != 0);
    CHECK(same_box(contacts[0].box, box4(10, -4, 14, 0)) && contacts[0].normal.y == -1 && contacts[0].depth == 6);
    o.push_out_sides = -1;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &b, 1, 0, &o, &r));
    EXPECT_MESSAGE(w, "push_out_sides");
    sweepbox_world_destroy(w);
}

/* sweepbox_check: the grenade's answer without the moving, and every status path. A filter may
 * call it during a move (checked_filter runs one for every obstacle). */
static int checked_filter(void* context, const sweepbox_world* world, const sweepbox_body_id* self,
                          const sweepbox_other* other) {
    sweepbox_move_result inner;
    (void)other;
    memset(&inner, 0, sizeof inner);
    if (sweepbox_check(world, self, -30, 5, NULL, &inner) == SWEEPBOX_OK) ++*(int*)context;
    return SWEEPBOX_RESPONSE_BOUNCE;
}

static void test_check(void) {
    sweepbox_world* w = new_world();
    const sweepbox_body_id wall = add_body(w, box4(100, 0, 100, 400), 1, 1, 0);
    const sweepbox_body_id grenade = add_body(w, box4(0, 0, 4, 4), 0, 1, 0);
    const sweepbox_body_id null_id = {0, 0};
    sweepbox_move_options bounce = sweepbox_move_options_default();
    sweepbox_contact checked_contacts[4], moved_contacts[4];
    sweepbox_move_result checked, moved, small;
    sweepbox_box stored;
    int inner_checks = 0;
    snapshot before;
    (void)wall;
    memset(&checked, 0, sizeof checked);
    memset(&moved, 0, sizeof moved);
    memset(&small, 0, sizeof small);
    checked.contacts = checked_contacts;
    checked.capacity = 4;
    moved.contacts = moved_contacts;
    moved.capacity = 4;
    small.contacts = checked_contacts;
    small.capacity = 0;
    bounce.response = SWEEPBOX_RESPONSE_BOUNCE;
    bounce.restitution = 0.5;
    bounce.velocity = v2(500, 40);

    take(w, &before);
    EXPECT(w, SWEEPBOX_OK, sweepbox_check(w, &grenade, 500, 40, &bounce, &checked));
    CHECK(unchanged(w, &before)); /* nothing moved */
    CHECK(checked.count == 1 && checked_contacts[0].time == real_of(0.192));
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_check(w, &null_id, 500, 40, &bounce, &checked));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_check(w, NULL, 500, 40, &bounce, &checked));
    EXPECT_MESSAGE(w, "sweepbox_check: id is null");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_check(w, &grenade, NAN, 40, &bounce, &checked));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_check(NULL, &grenade, 500, 40, &bounce, &checked));
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_check(w, &grenade, 500, 40, &bounce, &small));
    CHECK(small.count == 1);
    EXPECT(w, SWEEPBOX_OK, sweepbox_check(w, &grenade, 500, 40, &bounce, NULL));
    CHECK(unchanged(w, &before));

    bounce.filter = checked_filter;
    bounce.filter_context = &inner_checks;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &grenade, 500, 40, &bounce, &moved));
    CHECK(inner_checks > 0);
    CHECK(moved.count == checked.count && same_box(moved.box, checked.box));
    CHECK(moved.velocity.x == checked.velocity.x && moved.velocity.y == checked.velocity.y);
    CHECK(same_box(moved_contacts[0].box, checked_contacts[0].box) &&
          moved_contacts[0].time == checked_contacts[0].time);
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_box(w, &grenade, &stored));
    CHECK(same_box(stored, checked.box));
    sweepbox_world_destroy(w);
}

/* sweepbox_ground_state: a box dropped on a floor and pushed into a wall, and every status path. */
static void test_ground_state(void) {
    sweepbox_world* w = new_world();
    const sweepbox_body_id floor = add_body(w, box4(0, 100, 200, 110), 1, 1, 0);
    const sweepbox_body_id wall = add_body(w, box4(50, 0, 60, 100), 1, 1, 0);
    const sweepbox_body_id hero = add_body(w, box4(10, 50, 20, 60), 0, 1, 0);
    sweepbox_contact contacts[4];
    sweepbox_move_result r;
    sweepbox_ground g;
    (void)wall;
    memset(&r, 0, sizeof r);
    r.contacts = contacts;
    r.capacity = 4;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &hero, 100, 60, NULL, &r)); /* lands, then slides into the wall */
    EXPECT(NULL, SWEEPBOX_OK, sweepbox_ground_state(&r, 0, -1, 45, &g));
    CHECK(g.on_floor == 1 && g.on_wall == 1 && g.on_ceiling == 0);
    CHECK(g.floor_normal.x == 0 && g.floor_normal.y == -1 && is_body(&g.floor, floor));
    EXPECT(NULL, SWEEPBOX_OK, sweepbox_ground_state(&r, 0, 1, 45, &g)); /* y up: the floor is a ceiling */
    CHECK(g.on_floor == 0 && g.on_ceiling == 1 && g.on_wall == 1);

    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_ground_state(&r, 0, 0, 45, &g));
    EXPECT_MESSAGE(NULL, "sweepbox_ground_state: up must be a finite direction");
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_ground_state(&r, 0, -1, 90, &g));
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_ground_state(&r, NAN, -1, 45, &g));
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_ground_state(NULL, 0, -1, 45, &g));
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_ground_state(&r, 0, -1, 45, NULL));
    contacts[0].response = 9;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_ground_state(&r, 0, -1, 45, &g));
    r.contacts = NULL;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_ground_state(&r, 0, -1, 45, &g));
    r.count = 0;
    EXPECT(NULL, SWEEPBOX_OK, sweepbox_ground_state(&r, 0, -1, 45, &g));
    CHECK(g.on_floor == 0 && g.on_wall == 0 && g.on_ceiling == 0);
    sweepbox_world_destroy(w);
}

/* A lift (a platform) carries a rider up into a ceiling and stops there; pushes a crate; its
 * lists are too small (undone) and its bad arguments. */
static void test_platforms(void) {
    sweepbox_world* w = new_world();
    sweepbox_body_def def = sweepbox_body_def_default();
    sweepbox_body_id lift = {0, 0}, riders[2], pushed[2], crushed[2];
    sweepbox_platform_result r;
    snapshot before;
    const sweepbox_body_id rider = add_body(w, box4(10, 80, 20, 100), 0, 1, 0);
    const sweepbox_body_id crate = add_body(w, box4(70, 100, 80, 116), 0, 1, 0);
    (void)add_body(w, box4(0, 0, 64, 70), 1, 1, 0); /* the ceiling, 10 above the rider */
    CHECK(def.is_platform == 0);
    def.box = box4(0, 100, 64, 116);
    def.is_platform = 1;
    EXPECT(w, SWEEPBOX_OK, sweepbox_add(w, &def, &lift));
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_body(w, &lift, &def));
    CHECK(def.is_platform == 1 && def.is_static == 0);
    memset(&r, 0, sizeof r);
    r.riders = riders;
    r.riders_capacity = 2;
    r.pushed = pushed;
    r.pushed_capacity = 2;
    r.crushed = crushed;
    r.crushed_capacity = 2;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_platform(w, &lift, 8, 0, 0, -1, SWEEPBOX_CRUSH_STOP, &r));
    CHECK(r.riders_count == 1 && same_id(riders[0], rider) && r.pushed_count == 1 && same_id(pushed[0], crate));
    CHECK(r.crushed_count == 0 && r.stopped == 0 && r.moved.x == 8 && r.moved.y == 0);
    CHECK(same_box(r.box, box4(8, 100, 72, 116)));
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_box(w, &crate, &def.box));
    CHECK(same_box(def.box, box4(72, 100, 82, 116)));
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_platform(w, &lift, 0, -16, 0, -1, SWEEPBOX_CRUSH_STOP, &r));
    CHECK(r.crushed_count == 1 && same_id(crushed[0], rider) && r.stopped == 1 && r.moved.y == -10);
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_box(w, &rider, &def.box));
    CHECK(same_box(def.box, box4(18, 70, 28, 90)));

    /* Too small: undone, the counts say what is needed. */
    take(w, &before);
    r.riders_capacity = 0;
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_move_platform(w, &lift, 0, 5, 0, -1, SWEEPBOX_CRUSH_STOP, &r));
    CHECK(r.riders_count == 1 && unchanged(w, &before));
    r.riders = NULL; /* not wanted: no limit */
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_platform(w, &lift, 0, 5, 0, -1, SWEEPBOX_CRUSH_STOP, &r));
    CHECK(r.riders_count == 1);
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_platform(w, &lift, 0, -5, 0, -1, SWEEPBOX_CRUSH_PASS, NULL));

    /* Bad arguments change nothing. */
    take(w, &before);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_platform(w, &rider, 1, 0, 0, -1, SWEEPBOX_CRUSH_STOP, NULL));
    EXPECT_MESSAGE(w, "not a platform");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_platform(w, &lift, 1, 0, 1, -1, SWEEPBOX_CRUSH_STOP, NULL));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_platform(w, &lift, NAN, 0, 0, -1, SWEEPBOX_CRUSH_STOP, NULL));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_platform(w, &lift, 1, 0, 0, -1, 7, NULL));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_platform(w, NULL, 1, 0, 0, -1, SWEEPBOX_CRUSH_STOP, NULL));
    r.pushed = NULL;
    r.pushed_capacity = 1;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_platform(w, &lift, 1, 0, 0, -1, SWEEPBOX_CRUSH_STOP, &r));
    CHECK(unchanged(w, &before));
    def = sweepbox_body_def_default();
    def.is_static = 1;
    def.is_platform = 1;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_add(w, &def, &lift));
    sweepbox_world_destroy(w);
}

/* Floor snap: down 4-unit steps pressed 1 unit a frame, on a floor after every move with snap 6;
 * a bad snap changes nothing. */
/* sweepbox_move_and_walk: a hero on a 45-degree ramp walks 3 units across it per move with
   SWEEPBOX_WALK_CONSTANT_SPEED, staying on the floor; a plain snap climbs less. */
static void test_walk_on_slopes(void) {
    int flags;
    for (flags = 0; flags <= SWEEPBOX_WALK_CONSTANT_SPEED; flags += SWEEPBOX_WALK_CONSTANT_SPEED) {
        sweepbox_world* w = new_world();
        sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
        sweepbox_tile_kind ramp = {SWEEPBOX_SHAPE_SLOPE45_UL, 1, 0xffffffffu, 0};
        sweepbox_contact contacts[8];
        sweepbox_move_result r;
        sweepbox_ground g;
        sweepbox_body_id hero;
        int c, i, on_floor = 1, always = 1;
        double x;
        map.columns = 8;
        map.rows = 5;
        EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_map(w, &map));
        EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_kind(w, 3, &ramp));
        /* A 45-degree ramp up three tiles, on the line x + y = 64, solid under it. */
        for (c = 0; c < 8; ++c) EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, c, 4, SWEEPBOX_TILE_SOLID));
        for (c = 0; c < 3; ++c) {
            int row;
            EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, c, 3 - c, 3));
            for (row = 4 - c; row < 4; ++row) EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, c, row, SWEEPBOX_TILE_SOLID));
        }
        /* On the ramp: its corner (max x, max y) on the line. */
        hero = add_body(w, box4(20, 32, 26, 38), 0, 1, 0);
        memset(&r, 0, sizeof r);
        r.contacts = contacts;
        r.capacity = 8;
        r.box = box4(20, 32, 26, 38);
        for (i = 0; i < 4; ++i) {
            x = (double)r.box.min.x;
            EXPECT(w, SWEEPBOX_OK, sweepbox_move_and_walk(w, &hero, 3, 1, NULL, on_floor, 4, 0, -1, 45, flags, &r));
            EXPECT(NULL, SWEEPBOX_OK, sweepbox_ground_state(&r, 0, -1, 45, &g));
            on_floor = g.on_floor;
            always = always && on_floor;
            if (flags) CHECK(fabs((double)r.box.min.x - x - 3) < 1e-4);
            if (!flags) CHECK((double)r.box.min.x - x < 2.5);
        }
        CHECK(always);
        sweepbox_world_destroy(w);
    }
}

static void test_snap(void) {
    sweepbox_world* w = new_world();
    sweepbox_contact contacts[8];
    sweepbox_move_result r;
    sweepbox_ground g;
    snapshot before;
    int i, on_floor = 1, always = 1;
    sweepbox_body_id hero;
    for (i = 0; i < 4; ++i) (void)add_body(w, box4(i * 20, 100 + i * 4, i * 20 + 20, 200), 1, 1, 0);
    hero = add_body(w, box4(0, 80, 10, 100), 0, 1, 0);
    memset(&r, 0, sizeof r);
    r.contacts = contacts;
    r.capacity = 8;
    for (i = 0; i < 12; ++i) {
        EXPECT(w, SWEEPBOX_OK, sweepbox_move_and_snap(w, &hero, 5, 1, NULL, on_floor, 6, 0, -1, 45, &r));
        EXPECT(NULL, SWEEPBOX_OK, sweepbox_ground_state(&r, 0, -1, 45, &g));
        on_floor = g.on_floor;
        always = always && on_floor;
    }
    CHECK(always && same_box(r.box, box4(60, 88, 70, 108)));
    take(w, &before);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_and_snap(w, &hero, 5, 1, NULL, 1, -1, 0, -1, 45, &r));
    EXPECT_MESSAGE(w, "snap");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_and_snap(w, &hero, 5, 1, NULL, 1, 6, 0, 0, 45, &r));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_and_snap(w, NULL, 5, 1, NULL, 1, 6, 0, -1, 45, &r));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_and_walk(w, &hero, 5, 1, NULL, 1, 6, 0, -1, 45, 4, &r));
    EXPECT_MESSAGE(w, "walk_flags");
    CHECK(unchanged(w, &before));
    sweepbox_world_destroy(w);
}

/* The README's tile level (examples/tile_level.cpp): a floor, a one-way platform, a low wall. */
static void test_tile_level(void) {
    sweepbox_world* w = new_world();
    sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    sweepbox_contact contacts[8];
    sweepbox_move_result r;
    sweepbox_body_id hero;
    sweepbox_box at;
    sweepbox_cast_hit h;
    int32_t i, frame;
    map.columns = 20;
    map.rows = 8;
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_map(w, &map));
    for (i = 0; i < 20; ++i) EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, i, 7, SWEEPBOX_TILE_SOLID));
    for (i = 6; i <= 9; ++i) EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, i, 4, SWEEPBOX_TILE_ONE_WAY));
    for (i = 5; i <= 6; ++i) EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, 14, i, SWEEPBOX_TILE_SOLID));

    /* Slide along the floor: a hero standing on it walks right by 100 and stays exactly on it (no
     * seam between the floor's tiles catches it). */
    hero = add_body(w, box4(20, 92, 32, 112), 0, 1, 0);
    memset(&r, 0, sizeof r);
    r.contacts = contacts;
    r.capacity = 8;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &hero, 100, 5, NULL, &r));
    CHECK(same_box(r.box, box4(120, 92, 132, 112)));
    CHECK(r.count == 1 && contacts[0].other.kind == SWEEPBOX_OTHER_TILE && contacts[0].other.tile.row == 7);
    CHECK(contacts[0].time == 0 && contacts[0].normal.x == 0 && contacts[0].normal.y == -1);
    CHECK(contacts[0].response == SWEEPBOX_RESPONSE_SLIDE);

    /* The README's walk: 120 frames of (2.5, 3) from the air, over the floor, to the wall. */
    at = box4(20, 80, 32, 100);
    EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &hero, &at));
    for (frame = 0; frame < 120; ++frame) EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &hero, 2.5, 3, NULL, &r));
    CHECK(same_box(r.box, box4(212, 92, 224, 112)));
    CHECK(r.count == 2 && is_tile(&contacts[0].other, 14, 5) && is_tile(&contacts[1].other, 13, 7));
    CHECK(contacts[0].normal.x == -1 && contacts[0].normal.y == 0);
    CHECK(contacts[1].normal.x == 0 && contacts[1].normal.y == -1);

    /* Lands on the one-way platform from above, jumps through it from below. */
    at = box4(100, 30, 112, 50);
    EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &hero, &at));
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &hero, 0, 40, NULL, &r));
    CHECK(r.box.max.y == 64 && r.count == 1 && is_tile(&contacts[0].other, 6, 4));
    at = box4(100, 85, 112, 105);
    EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &hero, &at));
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &hero, 0, -60, NULL, &r));
    CHECK(r.box.min.y == 25 && r.count == 0);

    /* A bullet walks the tile grid and names the tile it hits. */
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_ray(w, 0, 60, 400, 60, NULL, &h));
    CHECK(h.hit == 1 && is_tile(&h.other, 14, 5) && h.point.x == 224 && fabs(h.point.y - 93.6) < 1e-4);
    CHECK(h.time == real_of(0.56) && h.normal.x == -1 && h.normal.y == 0);
    sweepbox_world_destroy(w);
}

/* ---- particles ---- */

typedef struct spark_batch {
    double x[4], y[4], vx[4], vy[4];
    uint8_t alive[4];
    double restitution[4];
    sweepbox_particles view;
} spark_batch;

/* Particle 0 falls onto the floor (row 5, y 80), 1 flies in open air, 2 is dead, 3 lies far off. */
static void make_sparks(spark_batch* b) {
    const double x[4] = {40, 10, 50, 150}, y[4] = {70, 10, 20, 10}, vx[4] = {0, 4, 7, 0}, vy[4] = {80, 0, 7, 0};
    int i;
    memset(b, 0, sizeof *b);
    for (i = 0; i < 4; ++i) {
        b->x[i] = x[i];
        b->y[i] = y[i];
        b->vx[i] = vx[i];
        b->vy[i] = vy[i];
        b->alive[i] = i == 2 ? 0 : 1;
        b->restitution[i] = 0.5;
    }
    b->view.count = 4;
    b->view.x = b->x;
    b->view.y = b->y;
    b->view.vx = b->vx;
    b->view.vy = b->vy;
    b->view.alive = b->alive;
    b->view.restitution = b->restitution;
}

static int same_sparks(const spark_batch* a, const spark_batch* b) {
    return memcmp(a->x, b->x, sizeof a->x) == 0 && memcmp(a->y, b->y, sizeof a->y) == 0 &&
           memcmp(a->vx, b->vx, sizeof a->vx) == 0 && memcmp(a->vy, b->vy, sizeof a->vy) == 0;
}

static void test_particles(void) {
    sweepbox_world* w = new_world();
    sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    sweepbox_particle_frame frame = sweepbox_particle_frame_default();
    sweepbox_particle_contact contacts[4];
    sweepbox_particle_result r;
    spark_batch b, before;
    int32_t i;
    map.columns = 10;
    map.rows = 8;
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_map(w, &map));
    for (i = 0; i < 10; ++i) EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, i, 5, SWEEPBOX_TILE_SOLID));
    CHECK(frame.dt == real_of(1.0 / 60) && frame.max_iterations == 8 && frame.restitution == 1);
    CHECK(frame.friction == 0 && frame.rest_speed == 0 && frame.category == 1 && frame.mask == 0xffffffffu);
    CHECK(frame.gravity.x == 0 && frame.gravity.y == 0);
    frame.dt = 0.25;

    /* Particle 0 moves by (0, 20), meets the floor halfway and bounces back by half the rest. */
    make_sparks(&b);
    memset(&r, 0, sizeof r);
    r.contacts = contacts;
    r.capacity = 4;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_particles(w, &b.view, &frame, &r));
    CHECK(b.x[0] == 40 && b.y[0] == 75 && b.vx[0] == 0 && b.vy[0] == -40);
    CHECK(b.x[1] == 11 && b.y[1] == 10 && b.vx[1] == 4 && b.vy[1] == 0);
    CHECK(b.x[2] == 50 && b.y[2] == 20 && b.vx[2] == 7 && b.vy[2] == 7); /* dead: not moved */
    CHECK(b.x[3] == 150 && b.y[3] == 10);
    CHECK(r.count == 1 && r.dropped == 0 && r.moved == 3 && r.touched == 1 && r.quiet == 2 && r.resting == 0);
    CHECK(contacts[0].particle == 0 && contacts[0].time == 0.5 && contacts[0].flags == 0);
    CHECK(contacts[0].point.x == 40 && contacts[0].point.y == 80);
    CHECK(contacts[0].normal.x == 0 && contacts[0].normal.y == -1);
    CHECK(contacts[0].velocity.x == 0 && contacts[0].velocity.y == -40 && is_tile(&contacts[0].other, 2, 5));

    /* No room for contacts: they are counted, the frame is the same. No result at all: the same. */
    make_sparks(&b);
    r.contacts = NULL;
    r.capacity = 0;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_particles(w, &b.view, &frame, &r));
    CHECK(r.count == 0 && r.dropped == 1 && b.y[0] == 75);
    make_sparks(&b);
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_particles(w, &b.view, &frame, NULL));
    CHECK(b.y[0] == 75 && b.vy[0] == -40);
    /* No frame: the defaults (1/60 s, restitution 1 for a batch without its array). */
    make_sparks(&b);
    b.view.restitution = NULL;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_particles(w, &b.view, NULL, NULL));
    CHECK(b.x[1] == real_of(10 + 4 * real_of(1.0 / 60)) && b.vy[0] == 80);

    /* Bad input: nothing moves. */
    make_sparks(&b);
    before = b;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_particles(NULL, &b.view, &frame, NULL));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_particles(w, NULL, &frame, NULL));
    EXPECT_MESSAGE(w, "batch is null");
    r.capacity = 3;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_particles(w, &b.view, &frame, &r));
    EXPECT_MESSAGE(w, "result->contacts is null");
    b.view.vy = NULL;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_particles(w, &b.view, &frame, NULL));
    EXPECT_MESSAGE(w, "may not be null");
    b.view.vy = b.vy;
    frame.dt = 0;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_particles(w, &b.view, &frame, NULL));
    EXPECT_MESSAGE(w, "dt");
    frame.dt = 0.25;
    b.restitution[3] = 2;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_particles(w, &b.view, &frame, NULL));
    b.restitution[3] = 0.5;
    b.x[3] = NAN;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_particles(w, &b.view, &frame, NULL));
    b.x[3] = 150;
    frame.max_iterations = 0;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_particles(w, &b.view, &frame, NULL));
    frame.max_iterations = 8;
    if (sweepbox_real_size() == 4) {
        b.y[1] = 1e300;
        EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_particles(w, &b.view, &frame, NULL));
        EXPECT_MESSAGE(w, "beyond the range of float");
        b.y[1] = 10;
    }
    CHECK(same_sparks(&b, &before));
    sweepbox_world_destroy(w);
}

static void test_emit_sparks(void) {
    sweepbox_world* w = new_world();
    sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    sweepbox_spark_cone cone = sweepbox_spark_cone_default();
    sweepbox_cast_hit hit;
    double x[8], y[8], vx[8], vy[8], first_vx[8], seed8_vx[8];
    sweepbox_particles batch;
    int i;
    map.columns = 10;
    map.rows = 8;
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_map(w, &map));
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, 3, 5, SWEEPBOX_TILE_SOLID));
    CHECK(cone.count == 16 && cone.spread == 60 && cone.min_speed == 0.5 && cone.restitution == 1);
    CHECK(cone.friction == 0 && cone.seed == 0);
    /* A bullet fired down and to the right hits the tile's top. */
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_ray(w, 40, 40, 20, 60, NULL, &hit));
    CHECK(hit.hit == 1 && hit.normal.y == -1 && hit.point.y == 80);
    for (i = 0; i < 8; ++i) x[i] = y[i] = vx[i] = vy[i] = -1;
    memset(&batch, 0, sizeof batch);
    batch.count = 8;
    batch.x = x;
    batch.y = y;
    batch.vx = vx;
    batch.vy = vy;
    cone.count = 4;
    cone.seed = 7;
    EXPECT(NULL, SWEEPBOX_OK, sweepbox_emit_sparks(&hit, 200, 600, &cone, &batch, 2));
    for (i = 0; i < 8; ++i) {
        const int seeded = i >= 2 && i < 6;
        CHECK(seeded ? x[i] == hit.point.x && y[i] == hit.point.y : x[i] == -1 && y[i] == -1);
        CHECK(seeded ? vy[i] <= 0 && vx[i] * vx[i] + vy[i] * vy[i] > 0 : vx[i] == -1 && vy[i] == -1);
        first_vx[i] = vx[i];
    }
    EXPECT(NULL, SWEEPBOX_OK, sweepbox_emit_sparks(&hit, 200, 600, &cone, &batch, 2));
    CHECK(memcmp(vx, first_vx, sizeof vx) == 0); /* the same seed, the same sparks */
    cone.seed = 8;
    EXPECT(NULL, SWEEPBOX_OK, sweepbox_emit_sparks(&hit, 200, 600, &cone, &batch, 2));
    CHECK(memcmp(vx, first_vx, sizeof vx) != 0);
    memcpy(seed8_vx, vx, sizeof vx);

    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_emit_sparks(NULL, 200, 600, &cone, &batch, 2));
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_emit_sparks(&hit, 200, 600, &cone, NULL, 2));
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_emit_sparks(&hit, 200, 600, &cone, &batch, 5));
    EXPECT_MESSAGE(NULL, "pass the batch's count 8");
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_emit_sparks(&hit, 200, 600, NULL, &batch, 0)); /* 16 sparks */
    cone.spread = 200;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_emit_sparks(&hit, 200, 600, &cone, &batch, 2));
    EXPECT_MESSAGE(NULL, "spread");
    cone.spread = 60;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_emit_sparks(&hit, NAN, 600, &cone, &batch, 2));
    batch.vx = NULL;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_emit_sparks(&hit, 200, 600, &cone, &batch, 2));
    batch.vx = vx;
    hit.hit = 0;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_emit_sparks(&hit, 200, 600, &cone, &batch, 2));
    EXPECT_MESSAGE(NULL, "hit nothing");
    hit.hit = 1;
    hit.other.kind = 9;
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_emit_sparks(&hit, 200, 600, &cone, &batch, 2));
    CHECK(memcmp(vx, seed8_vx, sizeof vx) == 0); /* the failed calls wrote nothing */
    sweepbox_world_destroy(w);
}

/* A jump-through ledge (a one-way body): passed from below, landed on from above, dropped
 * through with drop_through; switched solid; bad values change nothing. */
static void test_one_way(void) {
    sweepbox_world* w = new_world();
    sweepbox_body_def def = sweepbox_body_def_default();
    sweepbox_move_options o = sweepbox_move_options_default();
    sweepbox_move_result r;
    sweepbox_contact contacts[4];
    sweepbox_body_id ledge, hero, floor_id;
    sweepbox_body_def got;
    sweepbox_box at;
    snapshot before;
    CHECK(def.one_way == SWEEPBOX_ONE_WAY_NONE && o.drop_through == 0);
    def.box = box4(0, 50, 100, 54);
    def.is_static = 1;
    def.one_way = SWEEPBOX_ONE_WAY_DOWN;
    EXPECT(w, SWEEPBOX_OK, sweepbox_add(w, &def, &ledge));
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_body(w, &ledge, &got));
    CHECK(got.one_way == SWEEPBOX_ONE_WAY_DOWN);
    def.box = box4(0, 120, 100, 130);
    def.one_way = SWEEPBOX_ONE_WAY_NONE;
    EXPECT(w, SWEEPBOX_OK, sweepbox_add(w, &def, &floor_id));
    hero = add_body(w, box4(40, 70, 50, 90), 0, 1, 0);
    memset(&r, 0, sizeof r);
    r.contacts = contacts;
    r.capacity = 4;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &hero, 0, -60, NULL, &r));
    CHECK(r.count == 0 && r.box.min.y == 10);
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &hero, 0, 40, NULL, &r));
    CHECK(r.count == 1 && r.box.max.y == 50);
    o.drop_through = 1;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &hero, 0, 100, &o, &r));
    CHECK(r.count == 1 && r.box.max.y == 120 && is_body(&r.contacts[0].other, floor_id));
    /* Solid again: a jump from below stops under it. */
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_one_way(w, &ledge, SWEEPBOX_ONE_WAY_NONE));
    at = box4(40, 70, 50, 90);
    EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &hero, &at));
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &hero, 0, -60, NULL, &r));
    CHECK(r.count == 1 && r.box.min.y == 54);
    take(w, &before);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_one_way(w, &ledge, 5));
    EXPECT_MESSAGE(w, "one_way");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_set_one_way(w, NULL, 1));
    def.one_way = -1;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_add(w, &def, &floor_id));
    CHECK(unchanged(w, &before));
    sweepbox_world_destroy(w);
}

typedef struct filter_state {
    int calls;
    int answer; /* returned for every obstacle when >= 0 or < -1; -1: cross bodies with user_data 7 */
} filter_state;

static int filter(void* context, const sweepbox_world* world, const sweepbox_body_id* self,
                  const sweepbox_other* other) {
    filter_state* s = (filter_state*)context;
    sweepbox_body_def info;
    (void)self;
    ++s->calls;
    if (s->answer != -1) return s->answer;
    if (other->kind == SWEEPBOX_OTHER_BODY && sweepbox_get_body(world, &other->body, &info) == SWEEPBOX_OK &&
        info.user_data == 7)
        return SWEEPBOX_RESPONSE_CROSS;
    return SWEEPBOX_RESPONSE_SLIDE;
}

static void test_move_errors(void) {
    sweepbox_world* w = new_world();
    const sweepbox_body_id mover = add_body(w, box4(0, 0, 10, 10), 0, 1, 0);
    const sweepbox_body_id sensor1 = add_body(w, box4(20, 0, 21, 10), 1, 2, 7);
    const sweepbox_body_id sensor2 = add_body(w, box4(30, 0, 31, 10), 1, 2, 7);
    const sweepbox_body_id sensor3 = add_body(w, box4(40, 0, 41, 10), 1, 2, 7);
    const sweepbox_body_id wall = add_body(w, box4(60, -100, 70, 100), 1, 1, 0);
    const sweepbox_body_id null_id = {0, 0};
    sweepbox_move_options o = sweepbox_move_options_default();
    int32_t table[32];
    sweepbox_contact contacts[8];
    sweepbox_move_result r;
    filter_state state = {0, 9};
    snapshot before;
    int i;
    memset(&r, 0, sizeof r);
    for (i = 0; i < 32; ++i) table[i] = SWEEPBOX_RESPONSE_SLIDE;

    take(w, &before);
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_move(w, &null_id, 1, 0, NULL, &r));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, NAN, 0, NULL, &r));
    EXPECT_MESSAGE(w, "delta");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, 0, INFINITY, NULL, &r));
    EXPECT(w, sweepbox_real_size() == 4 ? SWEEPBOX_BAD_ARGUMENT : SWEEPBOX_OK,
           sweepbox_move(w, &mover, 0, 1e300, NULL, NULL)); /* a double build throws it far away */
    if (sweepbox_real_size() == 8) {
        const sweepbox_box home = box4(0, 0, 10, 10);
        EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &mover, &home));
    }
    o.velocity = v2(0, NAN);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, 1, 0, &o, &r));
    EXPECT_MESSAGE(w, "velocity");
    o = sweepbox_move_options_default();
    o.response = 5;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, 1, 0, &o, &r));
    EXPECT_MESSAGE(w, "response = 5");
    o.response = -1;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, 1, 0, &o, &r));
    o = sweepbox_move_options_default();
    o.restitution = 1.5;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, 1, 0, &o, &r));
    EXPECT_MESSAGE(w, "restitution");
    o = sweepbox_move_options_default();
    o.friction = -0.1;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, 1, 0, &o, &r));
    EXPECT_MESSAGE(w, "friction");
    o = sweepbox_move_options_default();
    o.max_iterations = 0;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, 1, 0, &o, &r));
    EXPECT_MESSAGE(w, "max_iterations");
    o = sweepbox_move_options_default();
    table[31] = 256; /* would wrap to 0 (ignore) in a byte: refused */
    o.category_responses = table;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, 1, 0, &o, &r));
    EXPECT_MESSAGE(w, "category_responses[31] = 256");
    table[31] = SWEEPBOX_RESPONSE_SLIDE;
    o = sweepbox_move_options_default();
    r.contacts = NULL;
    r.capacity = 2;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, 1, 0, NULL, &r));
    EXPECT_MESSAGE(w, "result->contacts is null");

    /* A filter that answers 9, or -2, fails the move; the world is as it was. */
    o.filter = filter;
    o.filter_context = &state;
    r.capacity = 0;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, 100, 0, &o, &r));
    EXPECT_MESSAGE(w, "the filter returned 9");
    CHECK(state.calls >= 1);
    state.answer = -2;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move(w, &mover, 100, 0, &o, &r));
    EXPECT_MESSAGE(w, "the filter returned -2");
    CHECK(unchanged(w, &before));

    /* Too small: the three sensors are crossed and the wall stops the mover (4 contacts). The move
     * is undone, the count says 4; with room for them the same move is made. */
    state.answer = -1;
    state.calls = 0;
    r.contacts = contacts;
    r.capacity = 3;
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_move(w, &mover, 100, 0, &o, &r));
    CHECK(r.count == 4);
    EXPECT_MESSAGE(w, "room for 3 contacts, 4 are needed");
    CHECK(unchanged(w, &before));
    r.capacity = 8;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &mover, 100, 0, &o, &r));
    CHECK(r.count == 4 && is_body(&contacts[0].other, sensor1) && is_body(&contacts[1].other, sensor2) &&
          is_body(&contacts[2].other, sensor3) && is_body(&contacts[3].other, wall));
    CHECK(contacts[0].response == SWEEPBOX_RESPONSE_CROSS && contacts[3].response == SWEEPBOX_RESPONSE_SLIDE);
    CHECK(contacts[0].time == real_of(0.1) && contacts[3].time == real_of(0.5));
    CHECK(same_box(r.box, box4(50, 0, 60, 10)) && r.iterations == 1 && r.truncated == 0);
    CHECK(state.calls >= 4);

    /* Contacts not wanted: the count is still given. No result at all is fine too. */
    r.contacts = NULL;
    r.capacity = 0;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &mover, -100, 0, &o, &r));
    CHECK(r.count == 3 && r.box.min.x == -50);
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &mover, 50, 0, NULL, NULL));

    /* Per-category responses: category 2 (bit 1) crosses; the wall (category 1) slides. */
    table[1] = SWEEPBOX_RESPONSE_CROSS;
    o = sweepbox_move_options_default();
    o.category_responses = table;
    r.contacts = contacts;
    r.capacity = 8;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &mover, 100, 0, &o, &r));
    CHECK(r.count == 4 && contacts[2].response == SWEEPBOX_RESPONSE_CROSS && r.box.max.x == 60);

    /* max_iterations and truncated: a box between two walls bouncing many times. */
    {
        const sweepbox_body_id left = add_body(w, box4(30, 20, 40, 60), 1, 1, 0);
        const sweepbox_body_id right = add_body(w, box4(52, 20, 62, 60), 1, 1, 0);
        const sweepbox_box start = box4(41, 30, 51, 40);
        EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &mover, &start));
        o = sweepbox_move_options_default();
        o.response = SWEEPBOX_RESPONSE_BOUNCE;
        o.max_iterations = 3;
        o.velocity = v2(10, 0);
        EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &mover, 100, 0, &o, &r));
        CHECK(r.iterations == 3 && r.truncated == 1 && r.count == 3);
        CHECK(is_body(&contacts[0].other, right) && is_body(&contacts[1].other, left));
        CHECK(r.velocity.x == -10 && r.velocity.y == 0);
    }
    sweepbox_world_destroy(w);
}

/* ---- answered moves (sweepbox_answers.h) ---- */

/* Writes `response` for body `id` with this stamp. */
static void answer(sweepbox_answer* table, sweepbox_body_id id, uint32_t stamp, int32_t response) {
    table[id.index].stamp = stamp;
    table[id.index].response = response;
}

static void test_answered_moves(void) {
    sweepbox_world* w = new_world();
    const sweepbox_body_id mover = add_body(w, box4(0, 0, 10, 10), 0, 1, 0);
    const sweepbox_body_id coin = add_body(w, box4(20, 0, 22, 10), 1, 1, 7);
    const sweepbox_body_id wall = add_body(w, box4(60, -100, 70, 100), 1, 1, 0);
    const sweepbox_body_id far = add_body(w, box4(500, 500, 510, 510), 1, 1, 0);
    const sweepbox_body_id null_id = {0, 0};
    sweepbox_answer table[16];
    sweepbox_body_id asked[4];
    sweepbox_answers a;
    sweepbox_contact contacts[8], filtered_contacts[8];
    sweepbox_move_result r, filtered;
    sweepbox_move_options o = sweepbox_move_options_default();
    filter_state state = {0, -1}; /* crosses the coin (user data 7), slides on the rest */
    snapshot before;
    memset(table, 0, sizeof table);
    memset(&a, 0, sizeof a);
    memset(&r, 0, sizeof r);
    memset(&filtered, 0, sizeof filtered);
    a.table = table;
    a.size = 16;
    a.stamp = 1;
    a.asked = asked;
    a.asked_capacity = 4;
    r.contacts = contacts;
    r.capacity = 8;
    take(w, &before);

    /* Bad input: nothing moves, nothing is asked. */
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(NULL, &mover, 100, 0, NULL, &a, &r));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, NULL, &r));
    EXPECT_MESSAGE(w, "answers is null");
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_move_answered(w, &null_id, 100, 0, NULL, &a, &r));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, NULL, 100, 0, NULL, &a, &r));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, NAN, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "delta");
    a.stamp = 0;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "answers->stamp is 0");
    a.stamp = 1;
    a.table = NULL;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "answers->table is null");
    a.table = table;
    a.asked = NULL;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    a.asked = asked;
    a.asked_capacity = 0;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "asked_capacity is 0");
    a.asked_capacity = 4;
    CHECK(unchanged(w, &before));

    /* The first call lists the bodies near the move (the coin and the wall, not the far one), in no
     * particular order, and moves nothing; with room for one, one is listed. */
    EXPECT(w, SWEEPBOX_UNANSWERED, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "asked_capacity is 0"); /* an answer, not a failure: the last error stays */
    CHECK(a.asked_count == 2 && ((same_id(asked[0], coin) && same_id(asked[1], wall)) ||
                                 (same_id(asked[0], wall) && same_id(asked[1], coin))));
    CHECK(unchanged(w, &before));
    a.asked_capacity = 1;
    a.stamp = 5; /* (another move: the same one again would not list what it just listed) */
    EXPECT(w, SWEEPBOX_UNANSWERED, sweepbox_check_answered(w, &mover, 100, 0, NULL, &a, &r));
    CHECK(a.asked_count == 1 && (same_id(asked[0], coin) || same_id(asked[0], wall)));
    a.asked_capacity = 4;
    a.stamp = 1;

    /* An answer outside the enum fails the move when the move meets its body. */
    answer(table, coin, 1, SWEEPBOX_RESPONSE_CROSS);
    answer(table, wall, 1, 9);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "is 9, not a sweepbox_response");
    CHECK(unchanged(w, &before));
    /* An old stamp answers nothing. */
    answer(table, wall, 1, SWEEPBOX_RESPONSE_SLIDE);
    a.stamp = 2;
    EXPECT(w, SWEEPBOX_UNANSWERED, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    CHECK(a.asked_count == 2);
    a.stamp = 1;

    /* Answered: the check and the move give the filtered move's answer, bit for bit. */
    o.filter = filter;
    o.filter_context = &state;
    filtered.contacts = filtered_contacts;
    filtered.capacity = 8;
    EXPECT(w, SWEEPBOX_OK, sweepbox_check(w, &mover, 100, 0, &o, &filtered));
    EXPECT(w, SWEEPBOX_OK, sweepbox_check_answered(w, &mover, 100, 0, NULL, &a, &r));
    CHECK(unchanged(w, &before));
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    CHECK(r.count == 2 && filtered.count == 2 &&
          memcmp(contacts, filtered_contacts, sizeof(sweepbox_contact) * 2) == 0);
    CHECK(is_body(&contacts[0].other, coin) && contacts[0].response == SWEEPBOX_RESPONSE_CROSS);
    CHECK(is_body(&contacts[1].other, wall) && contacts[1].response == SWEEPBOX_RESPONSE_SLIDE);
    CHECK(same_box(r.box, filtered.box) && same_box(r.box, box4(50, 0, 60, 10)));
    /* Too small, as sweepbox_move: undone, with the count. */
    r.capacity = 0; /* the coin is crossed on the way back: one contact, no room */
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_move_answered(w, &mover, -100, 0, NULL, &a, &r));
    CHECK(r.count == 1);
    r.capacity = 8;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_answered(w, &mover, -50, 0, NULL, &a, NULL));

    /* A body the move meets outside its reach (rule 7's nearest way out of the block, 5 units left,
     * passes a post 4.5 units away, so the mover goes 15 up; the reach of a move by 1 is 1): the
     * move is undone and asks for it. */
    {
        const sweepbox_body_id block = add_body(w, box4(5, -100, 100, -50), 1, 1, 0);
        const sweepbox_body_id post = add_body(w, box4(-7, -95, -4.5, -85), 1, 1, 0);
        const sweepbox_box sunk = box4(0, -95, 10, -85);
        EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &mover, &sunk));
        take(w, &before);
        a.stamp = 3;
        EXPECT(w, SWEEPBOX_UNANSWERED, sweepbox_move_answered(w, &mover, 1, 0, NULL, &a, &r));
        CHECK(a.asked_count == 1 && same_id(asked[0], block));
        answer(table, block, 3, SWEEPBOX_RESPONSE_SLIDE);
        EXPECT(w, SWEEPBOX_UNANSWERED, sweepbox_move_answered(w, &mover, 1, 0, NULL, &a, &r));
        EXPECT_MESSAGE(w, "which has no answer");
        CHECK(a.asked_count == 1 && same_id(asked[0], post));
        CHECK(unchanged(w, &before));
        answer(table, post, 3, SWEEPBOX_RESPONSE_SLIDE);
        EXPECT(w, SWEEPBOX_OK, sweepbox_move_answered(w, &mover, 1, 0, NULL, &a, &r));
        CHECK(r.count >= 1 && contacts[0].flags == SWEEPBOX_STARTED_OVERLAPPING && is_body(&contacts[0].other, block));
        CHECK(contacts[0].box.min.y == -110 && contacts[0].box.max.y == -100 && contacts[0].normal.y == -1);
        CHECK(r.box.min.x == 1 && r.box.min.y == -110);
    }
    (void)far;
    sweepbox_world_destroy(w);
}

/* ---- casts and queries ---- */

static void test_casts(void) {
    sweepbox_world* w = new_world();
    const sweepbox_body_id wall = add_body(w, box4(100, 0, 100, 400), 1, 1, 0);
    const sweepbox_body_id crate = add_body(w, box4(50, 0, 60, 10), 0, 2, 0);
    const sweepbox_box bullet = box4(0, 4, 2, 6);
    const sweepbox_box nan_box = box4(0, NAN, 1, 1);
    const sweepbox_box inverted = box4(1, 0, 0, 1);
    sweepbox_query_filter f = sweepbox_query_filter_default();
    sweepbox_cast_hit h, hits[4];
    size_t count = 0;

    /* The README's bullet: from (0, 10) at (90000, 300) units a second, one frame of 1/60 s. */
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_ray(w, 0, 10, 1500, 5, NULL, &h));
    CHECK(h.hit == 1 && is_body(&h.other, wall) && h.normal.x == -1 && h.normal.y == 0 && h.flags == 0);
    CHECK(h.point.x == 100 && fabs(h.point.y - 10.3333333) < 1e-4 && h.time == real_of(1.0 / 15.0));
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_ray(w, 0, 500, 1500, 0, NULL, &h));
    CHECK(h.hit == 0);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_ray(w, NAN, 0, 1, 0, NULL, &h));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_ray(w, 0, 0, 1, INFINITY, NULL, &h));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_ray(w, 0, 0, 1, 0, NULL, NULL));

    /* cast_box meets the crate first; ignoring it (or its category) meets the wall. */
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_box(w, &bullet, 200, 0, NULL, &h));
    CHECK(h.hit == 1 && is_body(&h.other, crate) && h.time == real_of(48.0 / 200.0));
    CHECK(same_box(h.box, box4(48, 4, 50, 6)) && h.point.x == 50 && h.point.y == 5);
    f.ignore = crate;
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_box(w, &bullet, 200, 0, &f, &h));
    CHECK(h.hit == 1 && is_body(&h.other, wall));
    f = sweepbox_query_filter_default();
    f.mask = 1;
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_box(w, &bullet, 200, 0, &f, &h));
    CHECK(h.hit == 1 && is_body(&h.other, wall));
    f.bodies = 0;
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_box(w, &bullet, 200, 0, &f, &h));
    CHECK(h.hit == 0);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_box(w, NULL, 1, 0, NULL, &h));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_box(w, &bullet, 1, 0, NULL, NULL));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_box(w, &nan_box, 1, 0, NULL, &h));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_box(w, &inverted, 1, 0, NULL, &h));
    EXPECT_MESSAGE(w, "min > max");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_box(w, &bullet, NAN, 0, NULL, &h));

    /* cast_all: the crate, then the wall, in order. */
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_all(w, &bullet, 200, 0, NULL, hits, 4, &count));
    CHECK(count == 2 && is_body(&hits[0].other, crate) && is_body(&hits[1].other, wall));
    CHECK(hits[1].time == real_of(98.0 / 200.0));
    memset(hits, 0, sizeof hits);
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_cast_all(w, &bullet, 200, 0, NULL, hits, 1, &count));
    CHECK(count == 2 && is_body(&hits[0].other, crate) && hits[1].hit == 0);
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_cast_all(w, &bullet, 200, 0, NULL, NULL, 0, &count));
    CHECK(count == 2);
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_all(w, &bullet, -200, 0, NULL, NULL, 0, &count));
    CHECK(count == 0);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_all(w, &bullet, 200, 0, NULL, NULL, 1, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_all(w, &bullet, 200, 0, NULL, hits, 4, NULL));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_all(w, NULL, 200, 0, NULL, hits, 4, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_all(w, &nan_box, 200, 0, NULL, hits, 4, &count));
    sweepbox_world_destroy(w);
}

static void test_queries(void) {
    sweepbox_world* w = new_world();
    sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    const sweepbox_body_id a = add_body(w, box4(0, 0, 10, 10), 0, 1, 0);
    const sweepbox_body_id b = add_body(w, box4(5, 5, 15, 15), 0, 1, 0);
    const sweepbox_body_id s1 = add_body(w, box4(8, 8, 9, 9), 1, 1, 0);
    const sweepbox_body_id s2 = add_body(w, box4(8, 8, 9, 9), 1, 1, 0); /* static-static: no pair */
    const sweepbox_box rect = box4(10, 10, 40, 40);
    const sweepbox_box nan_rect = box4(NAN, 0, 1, 1);
    const sweepbox_box inverted = box4(1, 0, 0, 1);
    sweepbox_other found[8];
    sweepbox_pair pairs[8];
    size_t count = 0;
    map.origin = v2(16, 16);
    map.columns = 4;
    map.rows = 4;
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile_map(w, &map));
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, 0, 0, SWEEPBOX_TILE_SOLID));
    EXPECT(w, SWEEPBOX_OK, sweepbox_set_tile(w, 1, 1, SWEEPBOX_TILE_SOLID));

    /* query_rect: touching counts, bodies by id then tiles */
    EXPECT(w, SWEEPBOX_OK, sweepbox_query_rect(w, &rect, NULL, found, 8, &count));
    CHECK(count == 4 && is_body(&found[0], a) && is_body(&found[1], b) && is_tile(&found[2], 0, 0) &&
          is_tile(&found[3], 1, 1));
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_query_rect(w, &rect, NULL, found, 2, &count));
    CHECK(count == 4);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_rect(w, NULL, NULL, found, 8, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_rect(w, &nan_rect, NULL, found, 8, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_rect(w, &inverted, NULL, found, 8, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_rect(w, &rect, NULL, found, 8, NULL));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_rect(w, &rect, NULL, NULL, 8, &count));

    /* query_point */
    EXPECT(w, SWEEPBOX_OK, sweepbox_query_point(w, 8.5, 8.5, NULL, found, 8, &count));
    CHECK(count == 4 && is_body(&found[0], a) && is_body(&found[1], b) && is_body(&found[2], s1) &&
          is_body(&found[3], s2));
    EXPECT(w, SWEEPBOX_OK, sweepbox_query_point(w, 40, 40, NULL, found, 8, &count));
    CHECK(count == 1 && is_tile(&found[0], 1, 1));
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_query_point(w, 8.5, 8.5, NULL, NULL, 0, &count));
    CHECK(count == 4);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_point(w, NAN, 0, NULL, found, 8, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_point(w, 0, 0, NULL, found, 8, NULL));

    /* query_segment: in order along it */
    EXPECT(w, SWEEPBOX_OK, sweepbox_query_segment(w, 60, 60, -1, -1, NULL, found, 8, &count));
    CHECK(count == 6 && is_tile(&found[0], 1, 1) && is_tile(&found[1], 0, 0) && is_body(&found[2], b));
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_query_segment(w, 60, 60, -1, -1, NULL, found, 5, &count));
    CHECK(count == 6);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_segment(w, 0, 0, INFINITY, 0, NULL, found, 8, &count));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_query_segment(w, 0, 0, 1, 0, NULL, NULL, 8, &count));

    /* overlapping_pairs: each pair once, no static-static pair */
    EXPECT(w, SWEEPBOX_OK, sweepbox_overlapping_pairs(w, pairs, 8, &count));
    CHECK(count == 5);
    CHECK(same_id(pairs[0].a, a) && same_id(pairs[0].b, b) && pairs[0].depth == 5);
    CHECK(same_id(pairs[1].a, a) && same_id(pairs[1].b, s1) && same_id(pairs[4].a, b) && same_id(pairs[4].b, s2));
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_overlapping_pairs(w, pairs, 4, &count));
    CHECK(count == 5);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_overlapping_pairs(w, pairs, 8, NULL));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_overlapping_pairs(w, NULL, 8, &count));
    sweepbox_world_destroy(w);
}

/* Snapshots: saved, the world moved on, restored: the same box and the same next move; a
 * snapshot of another map or cut short is refused with the world unchanged. */
static void test_snapshots(void) {
    sweepbox_world* w = new_world();
    sweepbox_world* other = new_world();
    const sweepbox_body_id wall = add_body(w, box4(100, 0, 100, 400), 1, 1, 0);
    const sweepbox_body_id grenade = add_body(w, box4(0, 0, 4, 4), 0, 1, 0);
    sweepbox_move_options bounce = sweepbox_move_options_default();
    sweepbox_move_result first, again;
    sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    unsigned char bytes[4096], more[4096];
    size_t size = 0, size_again = 0;
    sweepbox_box at;
    (void)wall;
    memset(&first, 0, sizeof first);
    memset(&again, 0, sizeof again);
    bounce.response = SWEEPBOX_RESPONSE_BOUNCE;
    bounce.restitution = 0.5;

    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_save(w, SWEEPBOX_SNAPSHOT_FULL, NULL, 0, &size));
    CHECK(size > 0 && size <= sizeof bytes);
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_save(w, SWEEPBOX_SNAPSHOT_FULL, bytes, size - 1, &size));
    EXPECT(w, SWEEPBOX_OK, sweepbox_save(w, SWEEPBOX_SNAPSHOT_FULL, bytes, sizeof bytes, &size));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_save(w, 7, bytes, sizeof bytes, &size));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_save(w, SWEEPBOX_SNAPSHOT_FULL, bytes, sizeof bytes, NULL));
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &grenade, 500, 40, &bounce, &first));
    EXPECT(w, SWEEPBOX_OK, sweepbox_restore(w, bytes, size));
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_box(w, &grenade, &at));
    CHECK(same_box(at, box4(0, 0, 4, 4)));
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &grenade, 500, 40, &bounce, &again));
    CHECK(same_box(first.box, again.box) && first.velocity.x == again.velocity.x && first.count == again.count);

    EXPECT(w, SWEEPBOX_OK, sweepbox_save(w, SWEEPBOX_SNAPSHOT_MOVABLE, more, sizeof more, &size_again));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_restore(w, bytes, size - 1));
    EXPECT_MESSAGE(w, "cut short");
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_restore(w, NULL, size));
    map.columns = 4;
    map.rows = 4;
    EXPECT(other, SWEEPBOX_OK, sweepbox_set_tile_map(other, &map));
    EXPECT(other, SWEEPBOX_BAD_ARGUMENT, sweepbox_restore(other, bytes, size));
    EXPECT_MESSAGE(other, "another tile map");
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_box(w, &grenade, &at));
    CHECK(same_box(at, again.box)); /* the refusals changed nothing */
    EXPECT(w, SWEEPBOX_OK, sweepbox_restore(w, more, size_again));
    sweepbox_world_destroy(other);
    sweepbox_world_destroy(w);
}

int main(void) {
    test_library();
    test_defaults();
    test_world();
    test_null_world();
    test_bodies();
    test_tiles();
    test_slope_kinds();
    test_sensors_and_events();
    test_grenade();
    test_push_out();
    test_check();
    test_ground_state();
    test_platforms();
    test_snap();
    test_walk_on_slopes();
    test_tile_level();
    test_particles();
    test_emit_sparks();
    test_one_way();
    test_move_errors();
    test_answered_moves();
    test_casts();
    test_queries();
    test_snapshots();
    if (failures != 0) {
        fprintf(stderr, "test_c_api: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("test_c_api: all %d checks passed (sweepbox %s, real of %d bytes)\n", checks, sweepbox_version_string(),
           (int)sweepbox_real_size());
    return 0;
}
