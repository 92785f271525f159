/* The C API from C: the character kit (the ground state, snapping, walking on slopes) and
 * moving platforms. */
#include "c_api_checks.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* sweepbox_ground_state: a box dropped on a floor and pushed into a wall, and every status path. */
void test_ground_state(void) {
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
void test_platforms(void) {
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
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_info(w, &lift, &def));
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
/* sweepbox_move_and_snap_rules: a hero on a 45-degree ramp walks 3 units across it per move with
   constant_speed, staying on the floor; a plain snap climbs less. */
void test_walk_on_slopes(void) {
    int flags;
    for (flags = 0; flags <= SWEEPBOX_WALK_CONSTANT_SPEED; flags += SWEEPBOX_WALK_CONSTANT_SPEED) {
        sweepbox_world* w = new_world();
        sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
        sweepbox_tile_kind ramp = {SWEEPBOX_SHAPE_SLOPE45_UL, 1, 0xffffffffu, 0};
        sweepbox_contact contacts[8];
        sweepbox_move_result r;
        sweepbox_ground g;
        sweepbox_body_id hero;
        sweepbox_snap_rules rules = sweepbox_snap_rules_default();
        int c, i, on_floor = 1, always = 1;
        double x;
        rules.snap = 4;
        rules.constant_speed = flags;
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
            EXPECT(w, SWEEPBOX_OK, sweepbox_move_and_snap_rules(w, &hero, 3, 1, NULL, on_floor, &rules, &r));
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

void test_snap(void) {
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

/* The C names of 0.1 kept for one version (sweepbox_get_body, sweepbox_set_category_mask,
 * sweepbox_move_and_walk) give the answers of the names aligned with C++ (sweepbox_get_info,
 * sweepbox_set_filter, sweepbox_move_and_snap_rules), bit for bit; the new names' defaults and
 * errors. */
void test_old_names(void) {
    sweepbox_world* a = new_world();
    sweepbox_world* b = new_world();
    sweepbox_body_id ha, hb;
    sweepbox_body_def old_def, new_def;
    sweepbox_contact ca[8], cb[8];
    sweepbox_move_result ra, rb;
    const sweepbox_snap_rules d = sweepbox_snap_rules_default();
    snapshot before;
    int i, flags;
    CHECK(d.snap == 0 && d.up_x == 0 && d.up_y == -1 && d.max_floor_angle == 45);
    CHECK(d.constant_speed == 0 && d.stop_on_steep == 0);
    /* Steps down and a wall, the same in both worlds. */
    for (i = 0; i < 4; ++i) {
        (void)add_body(a, box4(i * 20, 100 + i * 3, i * 20 + 20, 200), 1, 1, 0);
        (void)add_body(b, box4(i * 20, 100 + i * 3, i * 20 + 20, 200), 1, 1, 0);
    }
    (void)add_body(a, box4(90, 0, 100, 200), 1, 1, 0);
    (void)add_body(b, box4(90, 0, 100, 200), 1, 1, 0);
    ha = add_body(a, box4(0, 80, 10, 100), 0, 1, 7);
    hb = add_body(b, box4(0, 80, 10, 100), 0, 1, 7);
    /* get_body and set_category_mask against get_info and set_filter. */
    EXPECT(a, SWEEPBOX_OK, sweepbox_set_category_mask(a, &ha, 2, 0x0d));
    EXPECT(b, SWEEPBOX_OK, sweepbox_set_filter(b, &hb, 2, 0x0d));
    EXPECT(a, SWEEPBOX_OK, sweepbox_get_body(a, &ha, &old_def));
    EXPECT(b, SWEEPBOX_OK, sweepbox_get_info(b, &hb, &new_def));
    CHECK(old_def.category == 2 && old_def.mask == 0x0d && new_def.category == 2 && new_def.mask == 0x0d);
    CHECK(old_def.user_data == 7 && new_def.user_data == 7 && old_def.is_static == new_def.is_static);
    CHECK(memcmp(&old_def.box, &new_def.box, sizeof old_def.box) == 0);
    EXPECT(a, SWEEPBOX_OK, sweepbox_set_category_mask(a, &ha, 1, 0xffffffffu));
    EXPECT(b, SWEEPBOX_OK, sweepbox_set_filter(b, &hb, 1, 0xffffffffu));
    /* move_and_walk against move_and_snap_rules, every flag, moves right and down the steps. */
    for (flags = 0; flags <= (SWEEPBOX_WALK_CONSTANT_SPEED | SWEEPBOX_WALK_STOP_ON_STEEP); ++flags) {
        sweepbox_snap_rules rules = d;
        rules.snap = 5;
        rules.constant_speed = (flags & SWEEPBOX_WALK_CONSTANT_SPEED) != 0;
        rules.stop_on_steep = (flags & SWEEPBOX_WALK_STOP_ON_STEEP) != 0;
        for (i = 0; i < 6; ++i) {
            memset(&ra, 0, sizeof ra);
            memset(&rb, 0, sizeof rb);
            ra.contacts = ca;
            rb.contacts = cb;
            ra.capacity = rb.capacity = 8;
            EXPECT(a, SWEEPBOX_OK, sweepbox_move_and_walk(a, &ha, 4, 1, NULL, 1, 5, 0, -1, 45, flags, &ra));
            EXPECT(b, SWEEPBOX_OK, sweepbox_move_and_snap_rules(b, &hb, 4, 1, NULL, 1, &rules, &rb));
            CHECK(ra.count == rb.count && ra.iterations == rb.iterations);
            CHECK(memcmp(&ra.box, &rb.box, sizeof ra.box) == 0);
            CHECK(memcmp(&ra.velocity, &rb.velocity, sizeof ra.velocity) == 0);
        }
    }
    CHECK(ra.box.max.x == 90); /* the walk reached the wall */
    /* Errors: no rules, unknown walk flags; the world is left as it was. */
    take(b, &before);
    EXPECT(b, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_and_snap_rules(b, &hb, 4, 1, NULL, 1, NULL, &rb));
    EXPECT(a, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_and_walk(a, &ha, 4, 1, NULL, 1, 5, 0, -1, 45, 4, &ra));
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_and_snap_rules(NULL, &hb, 4, 1, NULL, 1, &d, &rb));
    CHECK(unchanged(b, &before));
    sweepbox_world_destroy(a);
    sweepbox_world_destroy(b);
}
