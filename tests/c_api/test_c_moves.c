/* The C API from C: moves (the README's grenade, rule 7's push out), checks, a tile level's
 * slide, one-way platform and ray, one-way bodies, and every status path of the moves. */
#include "c_api_checks.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- move ---- */

/* The README's grenade: a 4x4 box at the origin thrown by (500, 40) at a 0-thickness wall, bouncing
 * with restitution 0.5 and friction 0.1. */
void test_grenade(void) {
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
void test_push_out(void) {
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

void test_check(void) {
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

/* The README's tile level (examples/tile_level.cpp): a floor, a one-way platform, a low wall. */
void test_tile_level(void) {
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

/* A jump-through ledge (a one-way body): passed from below, landed on from above, dropped
 * through with drop_through; switched solid; bad values change nothing. */
void test_one_way(void) {
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
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_info(w, &ledge, &got));
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

void test_move_errors(void) {
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
