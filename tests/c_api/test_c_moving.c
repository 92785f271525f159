/* The C API from C: moving targets and cast filters (sweepbox_moving.h). */
#include "c_api_checks.h"

#include <sweepbox/sweepbox_moving.h>

#include <string.h>

static int keep_none(void* context, const sweepbox_world* world, const sweepbox_other* other) {
    (void)world;
    (void)other;
    ++*(int*)context;
    return 0;
}

/* docs/contract.md, "Moving targets": the runner crossing the bullet's path during the frame. */
void test_moving_targets(void) {
    sweepbox_world* w = new_world();
    const sweepbox_body_id runner = add_body(w, box4(45, 0, 55, 10), 0, 1, 0);
    sweepbox_cast_options o = sweepbox_cast_options_moving();
    sweepbox_cast_hit h, hits[4];
    sweepbox_box at;
    sweepbox_move_result r;
    const sweepbox_box bullet = box4(0, 50, 0, 50);
    size_t count = 0;
    int asked = 0;
    memset(&r, 0, sizeof r); /* no contact list */
    EXPECT(w, SWEEPBOX_OK, sweepbox_begin_frame(w));
    EXPECT(w, SWEEPBOX_OK, sweepbox_move(w, &runner, 0, 100, NULL, &r));
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_ray(w, 0, 50, 100, 0, NULL, &h));
    CHECK(h.hit == 0);
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_ray_with(w, 0, 50, 100, 0, NULL, &o, &h));
    CHECK(h.hit == 1 && is_body(&h.other, runner) && h.time == real_of(0.45) && h.point.x == 45 && h.point.y == 50);
    EXPECT(w, SWEEPBOX_OK, sweepbox_frame_box(w, &runner, h.time, &at));
    CHECK(same_box(at, box4(45, 45, 55, 55)));
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_box_with(w, &bullet, 100, 0, NULL, &o, &h));
    CHECK(h.hit == 1 && is_body(&h.other, runner));
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_all_with(w, &bullet, 100, 0, NULL, &o, hits, 4, &count));
    CHECK(count == 1 && is_body(&hits[0].other, runner));
    o.filter = keep_none;
    o.filter_context = &asked;
    EXPECT(w, SWEEPBOX_OK, sweepbox_cast_ray_with(w, 0, 50, 100, 0, NULL, &o, &h));
    CHECK(h.hit == 0 && asked == 1);
    /* Queries see the bodies where they are: the runner at the frame's end. */
    at = box4(40, 95, 60, 115);
    EXPECT(w, SWEEPBOX_OK, sweepbox_query_rect_with(w, &at, NULL, keep_none, &asked, NULL, 0, &count));
    CHECK(count == 0 && asked == 2);
    o.t0 = 0.6;
    o.t1 = 0.5;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_cast_ray_with(w, 0, 50, 100, 0, NULL, &o, &h));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_frame_box(w, &runner, 2, &at));
    sweepbox_world_destroy(w);
}
