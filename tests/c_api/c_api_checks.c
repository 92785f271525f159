/* The shared checks and helpers of the C API's tests (c_api_checks.h). */
#include "c_api_checks.h"

#include <stdio.h>
#include <string.h>

int failures = 0;
int checks = 0;

void check_at(int ok, const char* what, const char* file, int line) {
    ++checks;
    if (!ok) {
        fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
        ++failures;
    }
}

void expect_at(sweepbox_status got, sweepbox_status expected, const sweepbox_world* world, const char* call,
               const char* file, int line) {
    const size_t name_length = strcspn(call, "(");
    const char* message;
    ++checks;
    if (got != expected) {
        fprintf(stderr, "%s:%d: %s gave %s, expected %s (last error: %s)\n", file, line, call,
                sweepbox_status_name(got), sweepbox_status_name(expected), sweepbox_last_error(world));
        ++failures;
        return;
    }
    if (expected == SWEEPBOX_OK || expected == SWEEPBOX_UNANSWERED) return; /* (an answer: no message) */
    message = sweepbox_last_error(world);
    if (strncmp(message, call, name_length) != 0 || message[name_length] != ':' || strlen(message) < name_length + 3) {
        fprintf(stderr, "%s:%d: the last error of %s is \"%s\", not \"%.*s: <problem>\"\n", file, line, call, message,
                (int)name_length, call);
        ++failures;
    }
}

void expect_message_at(const sweepbox_world* world, const char* part, const char* file, int line) {
    const char* message = sweepbox_last_error(world);
    ++checks;
    if (!strstr(message, part)) {
        fprintf(stderr, "%s:%d: the last error \"%s\" does not say \"%s\"\n", file, line, message, part);
        ++failures;
    }
}

sweepbox_vec2 v2(double x, double y) {
    sweepbox_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

sweepbox_box box4(double x0, double y0, double x1, double y1) {
    sweepbox_box b;
    b.min = v2(x0, y0);
    b.max = v2(x1, y1);
    return b;
}

int same_box(sweepbox_box a, sweepbox_box b) {
    return a.min.x == b.min.x && a.min.y == b.min.y && a.max.x == b.max.x && a.max.y == b.max.y;
}

int same_id(sweepbox_body_id a, sweepbox_body_id b) { return a.index == b.index && a.generation == b.generation; }

int is_body(const sweepbox_other* o, sweepbox_body_id id) {
    return o->kind == SWEEPBOX_OTHER_BODY && same_id(o->body, id);
}

int is_tile(const sweepbox_other* o, int32_t column, int32_t row) {
    return o->kind == SWEEPBOX_OTHER_TILE && o->tile.column == column && o->tile.row == row;
}

double real_of(double x) { return sweepbox_real_size() == 4 ? (double)(float)x : x; }

sweepbox_body_id add_body(sweepbox_world* w, sweepbox_box box, int is_static, uint32_t category, uint64_t user_data) {
    sweepbox_body_def def = sweepbox_body_def_default();
    sweepbox_body_id id = {0, 0};
    def.box = box;
    def.is_static = is_static;
    def.category = category;
    def.user_data = user_data;
    EXPECT(w, SWEEPBOX_OK, sweepbox_add(w, &def, &id));
    return id;
}

sweepbox_world* new_world(void) {
    sweepbox_world* w = NULL;
    EXPECT(NULL, SWEEPBOX_OK, sweepbox_world_create(NULL, &w));
    return w;
}


void take(const sweepbox_world* w, snapshot* s) {
    size_t i;
    int32_t column, row;
    memset(s, 0, sizeof *s);
    EXPECT(w, SWEEPBOX_OK, sweepbox_body_ids(w, s->ids, max_bodies, &s->count));
    for (i = 0; i < s->count; ++i) EXPECT(w, SWEEPBOX_OK, sweepbox_get_info(w, &s->ids[i], &s->bodies[i]));
    for (row = 0; row < snap_rows; ++row)
        for (column = 0; column < snap_columns; ++column)
            EXPECT(w, SWEEPBOX_OK, sweepbox_get_tile(w, column, row, &s->tiles[row][column]));
}

int unchanged(const sweepbox_world* w, const snapshot* before) {
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

int filter(void* context, const sweepbox_world* world, const sweepbox_body_id* self, const sweepbox_other* other) {
    filter_state* s = (filter_state*)context;
    sweepbox_body_def info;
    (void)self;
    ++s->calls;
    if (s->answer != -1) return s->answer;
    if (other->kind == SWEEPBOX_OTHER_BODY && sweepbox_get_info(world, &other->body, &info) == SWEEPBOX_OK &&
        info.user_data == 7)
        return SWEEPBOX_RESPONSE_CROSS;
    return SWEEPBOX_RESPONSE_SLIDE;
}
