/* What the C API's test files share (C99): the checks, which count and print each failure with
 * its file and line, small constructors and comparisons, a world's state to compare after a
 * failed call, a test filter, and each file's tests, run by test_c_api.c's main. */
#ifndef SWEEPBOX_TEST_C_API_CHECKS_H
#define SWEEPBOX_TEST_C_API_CHECKS_H

#include <sweepbox/sweepbox.h>
#include <sweepbox/sweepbox_answers.h>

extern int failures;
extern int checks;

void check_at(int ok, const char* what, const char* file, int line);
#define CHECK(condition) check_at((condition) != 0, #condition, __FILE__, __LINE__)

/* Checks the status of a call and, when it is not OK, that the world's last error (or this
 * thread's, for a null world) is "<the function's name>: <problem>". */
void expect_at(sweepbox_status got, sweepbox_status expected, const sweepbox_world* world, const char* call,
               const char* file, int line);
#define EXPECT(world, status, call) expect_at((call), (status), (world), #call, __FILE__, __LINE__)

/* The last error contains `part`. */
void expect_message_at(const sweepbox_world* world, const char* part, const char* file, int line);
#define EXPECT_MESSAGE(world, part) expect_message_at((world), (part), __FILE__, __LINE__)

sweepbox_vec2 v2(double x, double y);
sweepbox_box box4(double x0, double y0, double x1, double y1);
int same_box(sweepbox_box a, sweepbox_box b);
int same_id(sweepbox_body_id a, sweepbox_body_id b);
int is_body(const sweepbox_other* o, sweepbox_body_id id);
int is_tile(const sweepbox_other* o, int32_t column, int32_t row);
/* The library's float (or double, in a double build) nearest to x. */
double real_of(double x);
sweepbox_body_id add_body(sweepbox_world* w, sweepbox_box box, int is_static, uint32_t category, uint64_t user_data);
sweepbox_world* new_world(void);

/* ---- what a failed call must leave alone: every body and the tiles of the first 32 x 16 ---- */

enum { max_bodies = 32, snap_columns = 32, snap_rows = 16 };

typedef struct snapshot {
    size_t count;
    sweepbox_body_id ids[max_bodies];
    sweepbox_body_def bodies[max_bodies];
    int32_t tiles[snap_rows][snap_columns];
} snapshot;

void take(const sweepbox_world* w, snapshot* s);
int unchanged(const sweepbox_world* w, const snapshot* before);

/* A filter that counts its calls and gives `answer`. */
typedef struct filter_state {
    int calls;
    int answer; /* returned for every obstacle when >= 0 or < -1; -1: cross bodies with user_data 7 */
} filter_state;

int filter(void* context, const sweepbox_world* world, const sweepbox_body_id* self, const sweepbox_other* other);

/* test_c_world.c: the library, the defaults, the world, bodies, tiles and slope kinds */
void test_library(void);
void test_defaults(void);
void test_world(void);
void test_null_world(void);
void test_bodies(void);
void test_tiles(void);
void test_slope_kinds(void);
/* test_c_queries.c: sensors and events, casts, queries and snapshots */
void test_sensors_and_events(void);
void test_casts(void);
void test_queries(void);
void test_snapshots(void);
/* test_c_moves.c: moves, checks, a tile level, one-way bodies and the moves' errors */
void test_grenade(void);
void test_push_out(void);
void test_check(void);
void test_tile_level(void);
void test_one_way(void);
void test_move_errors(void);
/* test_c_kit.c: the character kit and platforms */
void test_ground_state(void);
void test_platforms(void);
void test_walk_on_slopes(void);
void test_snap(void);
void test_old_names(void);
/* test_c_particles.c: particles and sparks */
void test_particles(void);
void test_emit_sparks(void);
/* test_c_answers.c: answered moves (sweepbox_answers.h) */
void test_answered_moves(void);
/* test_c_moving.c: moving targets and cast filters (sweepbox_moving.h) */
void test_moving_targets(void);

#endif /* SWEEPBOX_TEST_C_API_CHECKS_H */
