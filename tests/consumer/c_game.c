/* A tiny C game that uses the installed C API (through find_package or pkg-config): a player box
 * slides into a wall, a shot hits the wall, a crate falls on a tile floor, and a bad id gives
 * SWEEPBOX_BAD_ID with a message. Every answer is checked; the program exits 1 on the first wrong
 * one, so a broken package fails its test.
 *
 * SWEEPBOX_CONSUMER_REAL (float or double) is what the build under test was configured with: the
 * library's numbers inside have its size, while the C API's are double either way. */
#include <sweepbox/sweepbox.h>

#include <math.h>
#include <stdio.h>

#ifndef SWEEPBOX_CONSUMER_REAL
#    error "the consumer test passes SWEEPBOX_CONSUMER_REAL (float or double)"
#endif

static int failures = 0;

static void check(int ok, const char* what) {
    if (!ok) {
        fprintf(stderr, "consumer C game: wrong answer: %s\n", what);
        ++failures;
    }
}

static sweepbox_box box4(double x0, double y0, double x1, double y1) {
    sweepbox_box b;
    b.min.x = x0;
    b.min.y = y0;
    b.max.x = x1;
    b.max.y = y1;
    return b;
}

static sweepbox_vec2 v2(double x, double y) {
    sweepbox_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

int main(void) {
    sweepbox_world* world = NULL;
    sweepbox_body_def def = sweepbox_body_def_default();
    sweepbox_tile_map_def map = sweepbox_tile_map_def_default();
    sweepbox_move_options touch = sweepbox_move_options_default();
    sweepbox_body_id wall, player, crate;
    const sweepbox_body_id null_id = {0, 0};
    sweepbox_contact contacts[4];
    sweepbox_move_result moved;
    sweepbox_cast_hit shot;
    int32_t column;

    printf("sweepbox %s through the C API (real is %d bytes)\n", sweepbox_version_string(), (int)sweepbox_real_size());
    check(sweepbox_version() == SWEEPBOX_VERSION_NUMBER, "the library's version is the header's");
    check(sweepbox_real_size() == (int32_t)sizeof(SWEEPBOX_CONSUMER_REAL), "the library's real is the build's");
    if (sweepbox_world_create(NULL, &world) != SWEEPBOX_OK) {
        fprintf(stderr, "consumer C game: no world: %s\n", sweepbox_last_error(NULL));
        return 1;
    }

    def.box = box4(50, 0, 60, 100);
    def.is_static = 1;
    check(sweepbox_add(world, &def, &wall) == SWEEPBOX_OK, "add the wall");
    def.box = box4(0, 0, 10, 10);
    def.is_static = 0;
    check(sweepbox_add(world, &def, &player) == SWEEPBOX_OK, "add the player");

    /* The player moves by (100, 20): it meets the wall at t = 0.4 and slides down the rest. */
    moved.contacts = contacts;
    moved.capacity = 4;
    check(sweepbox_move(world, &player, 100, 20, NULL, &moved) == SWEEPBOX_OK, "move the player");
    check(moved.count == 1, "one contact");
    check(contacts[0].other.kind == SWEEPBOX_OTHER_BODY && contacts[0].other.body.index == wall.index,
          "the contact names the wall");
    check(fabs(contacts[0].time - 0.4) <= 1e-6, "time of impact 0.4");
    check(contacts[0].normal.x == -1 && contacts[0].normal.y == 0, "normal (-1, 0)");
    check(moved.box.max.x == 50 && moved.box.min.x == 40, "stopped flush at x = 50");
    check(fabs(moved.box.min.y - 20) <= 1e-4, "slid down to y = 20");

    /* A shot from (0, 50) to the right hits the wall's face at (50, 50). */
    check(sweepbox_cast_ray(world, 0, 50, 100, 0, NULL, &shot) == SWEEPBOX_OK, "cast the shot");
    check(shot.hit == 1 && shot.point.x == 50 && shot.point.y == 50 && shot.time == 0.5, "the shot hits at (50, 50)");

    /* A crate falls 300 units onto a floor of solid tiles whose top is at y = 200. */
    map.origin = v2(100, 200);
    map.columns = 8;
    map.rows = 1;
    check(sweepbox_set_tile_map(world, &map) == SWEEPBOX_OK, "set the tile map");
    for (column = 0; column < 8; ++column) sweepbox_set_tile(world, column, 0, SWEEPBOX_TILE_SOLID);
    def.box = box4(120, 0, 136, 16);
    check(sweepbox_add(world, &def, &crate) == SWEEPBOX_OK, "add the crate");
    touch.response = SWEEPBOX_RESPONSE_TOUCH;
    check(sweepbox_move(world, &crate, 0, 300, &touch, &moved) == SWEEPBOX_OK, "drop the crate");
    check(moved.box.max.y == 200 && moved.count == 1 && contacts[0].other.kind == SWEEPBOX_OTHER_TILE,
          "the crate rests on the floor at y = 200");

    /* Errors come back as a status and a message, never as a crash. */
    check(sweepbox_remove(world, &null_id) == SWEEPBOX_BAD_ID, "removing the null id is SWEEPBOX_BAD_ID");
    printf("removing the null id: %s\n", sweepbox_last_error(world));
    check(sweepbox_remove(NULL, &player) == SWEEPBOX_BAD_ARGUMENT, "a null world is SWEEPBOX_BAD_ARGUMENT");

    sweepbox_world_destroy(world);
    if (failures != 0) {
        fprintf(stderr, "consumer C game: %d wrong answer(s)\n", failures);
        return 1;
    }
    printf("consumer C game: all answers right\n");
    return 0;
}
