/* The C API from C: particles and sparks. */
#include "c_api_checks.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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

void test_particles(void) {
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

void test_emit_sparks(void) {
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
