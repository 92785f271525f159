/* The C API from C: sensors and events, casts, queries and snapshots. */
#include "c_api_checks.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- sensors, tile kinds and events ---- */

void test_sensors_and_events(void) {
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
    EXPECT(w, SWEEPBOX_OK, sweepbox_get_info(w, &trigger, &got));
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

/* ---- casts and queries ---- */

void test_casts(void) {
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

void test_queries(void) {
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
void test_snapshots(void) {
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
