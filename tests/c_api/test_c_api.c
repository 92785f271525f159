/* The C API from C (C99, warnings as errors): every status path of every function (a null world,
 * null pointers, bad ids, NaN and out-of-range input, output arrays too small, a filter's bad
 * answer), that a failed call leaves the world as it was, and the answers on small known scenes:
 * the README's grenade and bullet, a tile level's slide, one-way platform and ray. The tests are
 * in test_c_*.c by topic, their checks in c_api_checks.c; main runs them all, prints each failed
 * check and exits 1 if there was any. */
#include "c_api_checks.h"

#include <stdio.h>

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
    test_old_names();
    test_tile_level();
    test_particles();
    test_emit_sparks();
    test_one_way();
    test_move_errors();
    test_answered_moves();
    test_casts();
    test_moving_targets();
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
