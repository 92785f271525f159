/** @file sweepbox.h
 * The C API of sweepbox (C99): an opaque world, bodies, a tile map, `sweepbox_move` with its
 * responses, the casts and the queries, over the C++ library, in `libsweepbox_c` (a shared
 * library that carries its own copy of the core, so a C program or an FFI loads one file).
 * The structs and enums the calls take are in sweepbox_types.h, which this header includes.
 *
 * Conventions (docs/c_api.md has the whole story):
 * - Every call that can fail returns a `sweepbox_status`; `SWEEPBOX_OK` is 0. On any other status
 *   the world is exactly as it was, outputs other than those named for the status are not
 *   written, and `sweepbox_last_error(world)` says what was wrong. No C++ exception ever leaves
 *   the library.
 * - Every number is a `double`, whatever the library's precision: a float build
 *   (`sweepbox_real_size() == 4`) rounds each input once to the nearest float and returns its
 *   floats exactly. A finite input beyond float's range is `SWEEPBOX_BAD_ARGUMENT`.
 * - Results go into arrays the caller owns, given with their capacity; when one is too small the
 *   call returns `SWEEPBOX_TOO_SMALL` and the needed count. Nothing the library returns needs to
 *   be freed, except the world itself (`sweepbox_world_destroy`).
 * - Threads: as in C++, calls that take a `const sweepbox_world*` may run on many threads at
 *   once; a call that takes a `sweepbox_world*` needs the world to itself.
 * - No call passes a struct by value, only numbers and pointers (the `*_default()` functions,
 *   called once at setup, return one): LuaJIT's compiler and other FFIs call such functions
 *   directly. A body id is passed by pointer; a null one is SWEEPBOX_BAD_ARGUMENT.
 */
#ifndef SWEEPBOX_SWEEPBOX_H
#define SWEEPBOX_SWEEPBOX_H

// A C header: clang-tidy's C++ advice (<cstdint>, `using` for typedefs) does not apply here.
// NOLINTBEGIN(modernize-deprecated-headers, modernize-use-using)
#include <stddef.h>
#include <stdint.h>

#include <sweepbox/sweepbox_types.h>

#if defined(_WIN32)
#    if defined(SWEEPBOX_C_BUILDING)
#        define SWEEPBOX_C_API __declspec(dllexport)
#    else
#        define SWEEPBOX_C_API __declspec(dllimport)
#    endif
#elif defined(__GNUC__)
#    define SWEEPBOX_C_API __attribute__((visibility("default")))
#else
#    define SWEEPBOX_C_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// The major version of this header (the library's is sweepbox_version()).
#define SWEEPBOX_VERSION_MAJOR 0
/// The minor version of this header; while the major version is 0, a new minor version may change the ABI.
#define SWEEPBOX_VERSION_MINOR 1
/// The patch version of this header.
#define SWEEPBOX_VERSION_PATCH 0
/// The version of this header as one number, major * 10000 + minor * 100 + patch.
#define SWEEPBOX_VERSION_NUMBER (SWEEPBOX_VERSION_MAJOR * 10000 + SWEEPBOX_VERSION_MINOR * 100 + SWEEPBOX_VERSION_PATCH)

// ---- the library ----

/// The library's version as text, "major.minor.patch".
SWEEPBOX_C_API const char* sweepbox_version_string(void);
/// The library's version as major * 10000 + minor * 100 + patch (compare with SWEEPBOX_VERSION_NUMBER).
SWEEPBOX_C_API int32_t sweepbox_version(void);
/// The size in bytes of the library's numbers inside: 4 (float) or 8 (a SWEEPBOX_DOUBLE build).
SWEEPBOX_C_API int32_t sweepbox_real_size(void);
/// The name of a status ("ok", "bad_argument", ...; "unknown" for other values). Never NULL.
SWEEPBOX_C_API const char* sweepbox_status_name(int32_t status);
/// What the last failed call on `world` was told, "" when none failed; with NULL, the last failed
/// call of this thread that had no world (a null world, a failed create). The text stays valid
/// until this thread calls sweepbox_last_error again. Never NULL.
SWEEPBOX_C_API const char* sweepbox_last_error(const sweepbox_world* world);

// ---- defaults ----

/// A world definition with the defaults (cell size 64, oversize_cells 8).
SWEEPBOX_C_API sweepbox_world_def sweepbox_world_def_default(void);
/// A body definition with the defaults (an empty box at the origin, category 1, every mask bit).
SWEEPBOX_C_API sweepbox_body_def sweepbox_body_def_default(void);
/// A tile map definition with the defaults (no tiles of size 16 at the origin, category 1, every mask bit).
SWEEPBOX_C_API sweepbox_tile_map_def sweepbox_tile_map_def_default(void);
/// Move options with the defaults (slide, restitution 1, friction 0, 8 iterations, no velocity).
SWEEPBOX_C_API sweepbox_move_options sweepbox_move_options_default(void);
/// A query filter that sees everything.
SWEEPBOX_C_API sweepbox_query_filter sweepbox_query_filter_default(void);
/// A particle frame with the defaults (no gravity, dt 1/60, restitution 1, friction 0, 8 bounces).
SWEEPBOX_C_API sweepbox_particle_frame sweepbox_particle_frame_default(void);
/// A spark cone with the defaults (16 sparks, 60 degrees, min_speed 0.5, seed 0).
SWEEPBOX_C_API sweepbox_spark_cone sweepbox_spark_cone_default(void);

// ---- the world ----

/// Makes a world (def NULL: the defaults) into *out; on failure *out is set to NULL.
SWEEPBOX_C_API sweepbox_status sweepbox_world_create(const sweepbox_world_def* def, sweepbox_world** out);
/// Frees a world and everything in it; NULL is allowed and does nothing.
SWEEPBOX_C_API void sweepbox_world_destroy(sweepbox_world* world);

// ---- bodies ----

/// Adds a body (def NULL: BAD_ARGUMENT) and writes its id to *out.
SWEEPBOX_C_API sweepbox_status sweepbox_add(sweepbox_world* world, const sweepbox_body_def* def, sweepbox_body_id* out);
/// Removes a body; its id becomes stale.
SWEEPBOX_C_API sweepbox_status sweepbox_remove(sweepbox_world* world, const sweepbox_body_id* id);
/// Puts a body at a new box at once, without a sweep.
SWEEPBOX_C_API sweepbox_status sweepbox_teleport(sweepbox_world* world, const sweepbox_body_id* id,
                                                 const sweepbox_box* box);
/// Writes 1 to *valid when id names a live body of this world, else 0 (a stale id is no error here).
SWEEPBOX_C_API sweepbox_status sweepbox_is_valid(const sweepbox_world* world, const sweepbox_body_id* id,
                                                 int32_t* valid);
/// Writes a body's current box to *out.
SWEEPBOX_C_API sweepbox_status sweepbox_get_box(const sweepbox_world* world, const sweepbox_body_id* id,
                                                sweepbox_box* out);
/// Writes everything about a body (box, static, category, mask, user data, platform, sensor,
/// one-way) to *out (World::info).
SWEEPBOX_C_API sweepbox_status sweepbox_get_info(const sweepbox_world* world, const sweepbox_body_id* id,
                                                 sweepbox_body_def* out);
/// Deprecated, to be removed in 0.3: sweepbox_get_info under its old name.
SWEEPBOX_C_API sweepbox_status sweepbox_get_body(const sweepbox_world* world, const sweepbox_body_id* id,
                                                 sweepbox_body_def* out);
/// Changes a body's user data.
SWEEPBOX_C_API sweepbox_status sweepbox_set_user_data(sweepbox_world* world, const sweepbox_body_id* id,
                                                      uint64_t user_data);
/// Changes a body's category and mask (World::set_filter).
SWEEPBOX_C_API sweepbox_status sweepbox_set_filter(sweepbox_world* world, const sweepbox_body_id* id, uint32_t category,
                                                   uint32_t mask);
/// Deprecated, to be removed in 0.3: sweepbox_set_filter under its old name.
SWEEPBOX_C_API sweepbox_status sweepbox_set_category_mask(sweepbox_world* world, const sweepbox_body_id* id,
                                                          uint32_t category, uint32_t mask);
/// Makes a body one-way (a sweepbox_one_way) or solid again (SWEEPBOX_ONE_WAY_NONE).
SWEEPBOX_C_API sweepbox_status sweepbox_set_one_way(sweepbox_world* world, const sweepbox_body_id* id, int32_t one_way);
/// Writes the number of live bodies to *count.
SWEEPBOX_C_API sweepbox_status sweepbox_body_count(const sweepbox_world* world, size_t* count);
/// The ids of every live body, by index, into out[0 .. capacity); *count is their number.
SWEEPBOX_C_API sweepbox_status sweepbox_body_ids(const sweepbox_world* world, sweepbox_body_id* out, size_t capacity,
                                                 size_t* count);

// ---- tiles ----

/// Replaces the tile map with an empty one of the given shape.
SWEEPBOX_C_API sweepbox_status sweepbox_set_tile_map(sweepbox_world* world, const sweepbox_tile_map_def* def);
/// Sets one tile inside the map to a kind index, 0 to 255 (a sweepbox_tile is kind 0, 1 or 2):
/// open a door, close it.
SWEEPBOX_C_API sweepbox_status sweepbox_set_tile(sweepbox_world* world, int32_t column, int32_t row, int32_t tile);
/// Redefines tile kind `index` (0 to 255); its tiles change with it. By default kind 0 is empty,
/// 1 solid, 2 one-way down, the others empty, all with the map's category and mask; a kind's own
/// category and mask pick who meets (blocking) or is reported by (sensor) its tiles.
SWEEPBOX_C_API sweepbox_status sweepbox_set_tile_kind(sweepbox_world* world, int32_t index,
                                                      const sweepbox_tile_kind* kind);
/// Writes the tile at (column, row) to *tile; outside the map every tile is SWEEPBOX_TILE_EMPTY.
SWEEPBOX_C_API sweepbox_status sweepbox_get_tile(const sweepbox_world* world, int32_t column, int32_t row,
                                                 int32_t* tile);
/// Writes tile kind `index` (0 to 255) to *kind, as sweepbox_set_tile_kind set it (or the default).
SWEEPBOX_C_API sweepbox_status sweepbox_get_tile_kind(const sweepbox_world* world, int32_t index,
                                                      sweepbox_tile_kind* kind);

// ---- movement ----

/// Moves a body by (dx, dy) against every other body and the tiles (options NULL: the defaults) and
/// reports what happened in *result (NULL: nothing is reported). When result->contacts is not
/// NULL and the move has more contacts than result->capacity, the move is undone (the world is as
/// it was), result->count says how many are needed and the status is SWEEPBOX_TOO_SMALL: the same
/// move with a larger array gives the same answer.
SWEEPBOX_C_API sweepbox_status sweepbox_move(sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                                             const sweepbox_move_options* options, sweepbox_move_result* result);

/// The dry run of sweepbox_move (bump's check): the same answer in *result, bit for bit, with the
/// body left where it is. Const: a move's filter may call it. Statuses as sweepbox_move's.
SWEEPBOX_C_API sweepbox_status sweepbox_check(const sweepbox_world* world, const sweepbox_body_id* id, double dx,
                                              double dy, const sweepbox_move_options* options,
                                              sweepbox_move_result* result);

// ---- the character kit ----

/// sweepbox_move followed by floor snap (move_and_snap of character.hpp): when the body was on a
/// floor (was_on_floor nonzero), the move does not go toward up and leaves it on no floor, it is
/// moved along -up by at most snap (>= 0) with the touch response, kept only when that lands on a
/// floor (up not zero, max_floor_angle in [0, 90) degrees, as sweepbox_ground_state). The snap's
/// contacts follow the move's with time 1. Statuses as sweepbox_move's.
SWEEPBOX_C_API sweepbox_status sweepbox_move_and_snap(sweepbox_world* world, const sweepbox_body_id* id, double dx,
                                                      double dy, const sweepbox_move_options* options,
                                                      int32_t was_on_floor, double snap, double up_x, double up_y,
                                                      double max_floor_angle, sweepbox_move_result* result);

/// The rules of floor snap as sweepbox_move_and_snap_rules takes them: up (0, -1), 45 degrees,
/// snap 0, no walking on slopes (SnapRules{} of character.hpp).
SWEEPBOX_C_API sweepbox_snap_rules sweepbox_snap_rules_default(void);

/// sweepbox_move followed by floor snap, with every rule of SnapRules (move_and_snap of
/// character.hpp): as sweepbox_move_and_snap, and on slopes the walk of rules->constant_speed and
/// rules->stop_on_steep. rules NULL or out of range: SWEEPBOX_BAD_ARGUMENT. Statuses as sweepbox_move's.
SWEEPBOX_C_API sweepbox_status sweepbox_move_and_snap_rules(sweepbox_world* world, const sweepbox_body_id* id,
                                                            double dx, double dy, const sweepbox_move_options* options,
                                                            int32_t was_on_floor, const sweepbox_snap_rules* rules,
                                                            sweepbox_move_result* result);

/// The walk flags of sweepbox_move_and_walk (deprecated: sweepbox_snap_rules says the same).
enum {
    SWEEPBOX_WALK_CONSTANT_SPEED = 1, ///< on a sloped floor, walk the part across up at that speed
    SWEEPBOX_WALK_STOP_ON_STEEP = 2,  ///< a walk into a slope steeper than max_floor_angle is dropped
};

/// Deprecated, to be removed in 0.3: sweepbox_move_and_snap_rules with the rules as arguments,
/// walk_flags 0 or SWEEPBOX_WALK_* values or'ed (unknown flags are SWEEPBOX_BAD_ARGUMENT).
SWEEPBOX_C_API sweepbox_status sweepbox_move_and_walk(sweepbox_world* world, const sweepbox_body_id* id, double dx,
                                                      double dy, const sweepbox_move_options* options,
                                                      int32_t was_on_floor, double snap, double up_x, double up_y,
                                                      double max_floor_angle, int32_t walk_flags,
                                                      sweepbox_move_result* result);

/// The ground state of a move's contacts (result->contacts[0 .. result->count)): a contact that
/// blocked or pushed the body (not a cross) whose normal makes at most max_floor_angle degrees
/// with (up_x, up_y) is a floor, at most that with the opposite a ceiling, else a wall. up not
/// zero, max_floor_angle in [0, 90) (the C++ defaults: up (0, -1), 45). Errors are this thread's
/// (sweepbox_last_error(NULL)).
SWEEPBOX_C_API sweepbox_status sweepbox_ground_state(const sweepbox_move_result* result, double up_x, double up_y,
                                                     double max_floor_angle, sweepbox_ground* out);

// ---- particles (docs/particles.md) ----

/// Moves every alive particle of *batch for one frame against the tiles and the static bodies:
/// velocity += gravity * dt, then a move by velocity * dt that bounces exactly as a zero-size body's
/// sweepbox_move with SWEEPBOX_RESPONSE_BOUNCE would (the same bits). frame NULL: the defaults;
/// result NULL: nothing is reported. Contacts that do not fit in result->contacts are counted in
/// result->dropped, not an error. On a bad batch (a null array, a NaN, a value out of its range)
/// no particle moves. The world is not changed, so many threads may move their own batches at once.
SWEEPBOX_C_API sweepbox_status sweepbox_move_particles(const sweepbox_world* world, const sweepbox_particles* batch,
                                                       const sweepbox_particle_frame* frame,
                                                       sweepbox_particle_result* result);
/// Seeds particles [first, first + cone->count) of *batch at a cast's hit: position hit->point,
/// velocity the bullet's reflected about hit->normal and turned by a seeded angle in the cone
/// (cone NULL: the defaults). Writes x, y, vx and vy only. A hit that is no hit, or a range past
/// batch->count, is SWEEPBOX_BAD_ARGUMENT. Errors are this thread's (sweepbox_last_error(NULL)).
SWEEPBOX_C_API sweepbox_status sweepbox_emit_sparks(const sweepbox_cast_hit* hit, double bullet_vx, double bullet_vy,
                                                    const sweepbox_spark_cone* cone, const sweepbox_particles* batch,
                                                    size_t first);
/// What a platform move did. The caller sets the three arrays and their capacities (an array may
/// be NULL with capacity 0 when its ids are not wanted); the move sets the rest.
typedef struct sweepbox_platform_result {
    sweepbox_body_id* riders;  ///< in: room for the riders' ids, in the order they moved
    size_t riders_capacity;    ///< in: how many fit in `riders`
    size_t riders_count;       ///< out: how many riders (on SWEEPBOX_TOO_SMALL: how many are needed)
    sweepbox_body_id* pushed;  ///< in: room for the pushed bodies' ids, in the order they moved
    size_t pushed_capacity;    ///< in: how many fit in `pushed`
    size_t pushed_count;       ///< out: how many pushed bodies
    sweepbox_body_id* crushed; ///< in: room for the crushed bodies' ids (riders or pushed ones)
    size_t crushed_capacity;   ///< in: how many fit in `crushed`
    size_t crushed_count;      ///< out: how many crushed bodies
    sweepbox_box box;          ///< out: the platform's box after the move
    sweepbox_vec2 moved;       ///< out: the displacement applied to the platform and its riders
    int32_t stopped;           ///< out: 1 when SWEEPBOX_CRUSH_STOP shortened the move
} sweepbox_platform_result;

/// Moves a platform body (is_platform) by (dx, dy) along its own path, carrying its riders
/// (bodies on its face toward (up_x, up_y), one of (0, -1), (0, 1), (-1, 0), (1, 0)) and pushing
/// the bodies in its way, as move_platform of platforms.hpp (crush: a sweepbox_crush). result may
/// be NULL. When an array that is not NULL is too small, the move is undone (the world is as it
/// was), the counts say how many are needed and the status is SWEEPBOX_TOO_SMALL.
SWEEPBOX_C_API sweepbox_status sweepbox_move_platform(sweepbox_world* world, const sweepbox_body_id* id, double dx,
                                                      double dy, double up_x, double up_y, int32_t crush,
                                                      sweepbox_platform_result* result);

// ---- casts and queries (const: safe on many threads at once) ----
// Each filter may be NULL (everything is seen). Each array output takes the array, its capacity
// and a count: *count is the number of answers; when it exceeds capacity the first capacity are
// written and the status is SWEEPBOX_TOO_SMALL (an array may be NULL when capacity is 0, to ask
// for the count only).

/// The closest hit of the segment (x, y) -> (x + dx, y + dy), into *out.
SWEEPBOX_C_API sweepbox_status sweepbox_cast_ray(const sweepbox_world* world, double x, double y, double dx, double dy,
                                                 const sweepbox_query_filter* filter, sweepbox_cast_hit* out);
/// The closest hit of box moved by (dx, dy), into *out.
SWEEPBOX_C_API sweepbox_status sweepbox_cast_box(const sweepbox_world* world, const sweepbox_box* box, double dx,
                                                 double dy, const sweepbox_query_filter* filter,
                                                 sweepbox_cast_hit* out);
/// Every obstacle the moving box meets in [0, 1), each once, by time (ties: face before corner,
/// bodies by id, tiles by row and column): piercing shots.
SWEEPBOX_C_API sweepbox_status sweepbox_cast_all(const sweepbox_world* world, const sweepbox_box* box, double dx,
                                                 double dy, const sweepbox_query_filter* filter, sweepbox_cast_hit* out,
                                                 size_t capacity, size_t* count);
/// Everything whose closed box meets the closed rectangle (touching counts), bodies by id, then tiles.
SWEEPBOX_C_API sweepbox_status sweepbox_query_rect(const sweepbox_world* world, const sweepbox_box* rect,
                                                   const sweepbox_query_filter* filter, sweepbox_other* out,
                                                   size_t capacity, size_t* count);
/// Everything whose closed box holds the point (x, y) (an edge counts), bodies by id, then tiles.
SWEEPBOX_C_API sweepbox_status sweepbox_query_point(const sweepbox_world* world, double x, double y,
                                                    const sweepbox_query_filter* filter, sweepbox_other* out,
                                                    size_t capacity, size_t* count);
/// Everything the closed segment (ax, ay) -> (bx, by) meets, in order along it (touching counts).
SWEEPBOX_C_API sweepbox_status sweepbox_query_segment(const sweepbox_world* world, double ax, double ay, double bx,
                                                      double by, const sweepbox_query_filter* filter,
                                                      sweepbox_other* out, size_t capacity, size_t* count);
/// Every pair of interacting bodies whose interiors overlap, each once, static-static pairs left
/// out, sorted by (a, b).
SWEEPBOX_C_API sweepbox_status sweepbox_overlapping_pairs(const sweepbox_world* world, sweepbox_pair* out,
                                                          size_t capacity, size_t* count);

/// Compares who overlaps which sensor and who touches what with the last call, and keeps the
/// differences for sweepbox_sensor_events and sweepbox_contact_events (docs/events.md). Call
/// once a frame, after the frame's moves.
SWEEPBOX_C_API sweepbox_status sweepbox_update_events(sweepbox_world* world);
/// The sensor events of the last sweepbox_update_events, `which` a sweepbox_event_list, sorted
/// (sensor, then visitor); *count is their number (SWEEPBOX_TOO_SMALL when above capacity).
SWEEPBOX_C_API sweepbox_status sweepbox_sensor_events(const sweepbox_world* world, int32_t which,
                                                      sweepbox_sensor_event* out, size_t capacity, size_t* count);
/// The contact events of the last sweepbox_update_events, as sweepbox_sensor_events (body, then other).
SWEEPBOX_C_API sweepbox_status sweepbox_contact_events(const sweepbox_world* world, int32_t which,
                                                       sweepbox_contact_event* out, size_t capacity, size_t* count);

/// What a snapshot holds (sweepbox_save; C++ SnapshotMode).
enum sweepbox_snapshot_mode {
    SWEEPBOX_SNAPSHOT_FULL = 0,    ///< the whole world
    SWEEPBOX_SNAPSHOT_MOVABLE = 1, ///< all but the static bodies and the tile map, taken by reference
};
/// Saves the world's state (docs/contract.md, "Snapshots") into out[0, capacity): bytes that are
/// the same on every machine; *size is the snapshot's size (SWEEPBOX_TOO_SMALL, writing nothing,
/// when above capacity; out may be NULL with a capacity of 0 to ask for the size).
SWEEPBOX_C_API sweepbox_status sweepbox_save(const sweepbox_world* world, int32_t mode, void* out, size_t capacity,
                                             size_t* size);
/// Puts the world back in the state a snapshot saved; SWEEPBOX_BAD_ARGUMENT, with the world
/// unchanged, when the bytes are not a snapshot of this build and world (sweepbox_last_error says why).
SWEEPBOX_C_API sweepbox_status sweepbox_restore(sweepbox_world* world, const void* snapshot, size_t size);

#ifdef __cplusplus
} // extern "C"
#endif
// NOLINTEND(modernize-deprecated-headers, modernize-use-using)

#endif // SWEEPBOX_SWEEPBOX_H
