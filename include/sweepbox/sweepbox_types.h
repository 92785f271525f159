/** @file sweepbox_types.h
 * The C API's types (included by sweepbox.h, the header a C program includes): the status and
 * the enums, and the structs its calls take and fill, for the world, bodies, tiles, moves, casts,
 * queries, events and particles. Only numbers, pointers and structs of them (docs/c_api.md).
 */
#ifndef SWEEPBOX_SWEEPBOX_TYPES_H
#define SWEEPBOX_SWEEPBOX_TYPES_H

// A C header: clang-tidy's C++ advice (<cstdint>, `using` for typedefs) does not apply here.
// NOLINTBEGIN(modernize-deprecated-headers, modernize-use-using)
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a call did: SWEEPBOX_OK, or why it did nothing.
typedef enum sweepbox_status {
    SWEEPBOX_OK = 0,             ///< done
    SWEEPBOX_BAD_ARGUMENT = 1,   ///< a null pointer, a NaN, a value out of its range or enum, a filter's bad answer
    SWEEPBOX_BAD_ID = 2,         ///< a null, stale (removed) or foreign body id
    SWEEPBOX_TOO_SMALL = 3,      ///< an output array is too small; the count says how many are needed
    SWEEPBOX_OUT_OF_MEMORY = 4,  ///< an allocation failed
    SWEEPBOX_INTERNAL_ERROR = 5, ///< an unexpected failure inside the library (a bug: please report it)
    SWEEPBOX_UNANSWERED = 6,     ///< an answered move met bodies without an answer (sweepbox_answers.h)
} sweepbox_status;

/// What a moving body does when it meets an obstacle (sweepbox_move_options::response).
enum sweepbox_response {
    SWEEPBOX_RESPONSE_IGNORE = 0, ///< nothing: no contact is reported, the body passes
    SWEEPBOX_RESPONSE_TOUCH = 1,  ///< stop at the contact; the velocity loses its part into the surface
    SWEEPBOX_RESPONSE_SLIDE = 2,  ///< drop the part of the motion into the surface, go on with the rest
    SWEEPBOX_RESPONSE_CROSS = 3,  ///< report the contact and pass through
    SWEEPBOX_RESPONSE_BOUNCE = 4, ///< reflect the rest of the motion and the velocity (restitution, friction)
};

/// What a platform does at a body that cannot be pushed further (sweepbox_move_platform).
enum sweepbox_crush {
    SWEEPBOX_CRUSH_STOP = 0, ///< the platform stops flush against it
    SWEEPBOX_CRUSH_PASS = 1, ///< the platform moves the whole way, through it
};

/// What a tile is.
enum sweepbox_tile {
    SWEEPBOX_TILE_EMPTY = 0,   ///< nothing
    SWEEPBOX_TILE_SOLID = 1,   ///< blocks from every side
    SWEEPBOX_TILE_ONE_WAY = 2, ///< blocks only a mover that starts fully above it (smaller y), through its top
    SWEEPBOX_TILE_SLOPE = 3,   ///< a tile of any slope kind (sweepbox_get_tile's answer only)
};

/// Which way a one-way body blocks (sweepbox_body_def::one_way): the direction a mover must move
/// to be blocked, starting fully on the near side.
enum sweepbox_one_way {
    SWEEPBOX_ONE_WAY_NONE = 0,  ///< blocks from every side
    SWEEPBOX_ONE_WAY_DOWN = 1,  ///< blocks movers moving +y from above (a jump-through platform)
    SWEEPBOX_ONE_WAY_UP = 2,    ///< blocks movers moving -y from below
    SWEEPBOX_ONE_WAY_LEFT = 3,  ///< blocks movers moving -x from its right
    SWEEPBOX_ONE_WAY_RIGHT = 4, ///< blocks movers moving +x from its left
};

/// The shape of a tile kind (sweepbox_tile_kind); a one-way shape is named for the direction a
/// body must move to be blocked.
enum sweepbox_tile_shape {
    SWEEPBOX_SHAPE_EMPTY = 0,         ///< nothing
    SWEEPBOX_SHAPE_SOLID = 1,         ///< the whole cell
    SWEEPBOX_SHAPE_ONE_WAY_DOWN = 2,  ///< blocks movers moving +y that start fully above it
    SWEEPBOX_SHAPE_ONE_WAY_UP = 3,    ///< blocks movers moving -y that start fully below it
    SWEEPBOX_SHAPE_ONE_WAY_LEFT = 4,  ///< blocks movers moving -x that start fully right of it
    SWEEPBOX_SHAPE_ONE_WAY_RIGHT = 5, ///< blocks movers moving +x that start fully left of it
    // Slopes (docs/scenes.md has the table): in tile units, u right and v down across the cell,
    // the _UL shapes are solid where a*u + b*v >= c; _UR mirrors u, _DL mirrors v (ceilings).
    SWEEPBOX_SHAPE_SLOPE45_UL = 6,       ///< u + v >= 1: a 45-degree floor rising to the right
    SWEEPBOX_SHAPE_SLOPE45_UR = 7,       ///< SWEEPBOX_SHAPE_SLOPE45_UL mirrored in u
    SWEEPBOX_SHAPE_SLOPE45_DL = 8,       ///< SWEEPBOX_SHAPE_SLOPE45_UL mirrored in v
    SWEEPBOX_SHAPE_SLOPE45_DR = 9,       ///< SWEEPBOX_SHAPE_SLOPE45_UL mirrored in u and v
    SWEEPBOX_SHAPE_SHALLOW_UL_LOW = 10,  ///< u + 2v >= 2: the low piece of a floor rising 1 over 2 tiles to the right
    SWEEPBOX_SHAPE_SHALLOW_UL_HIGH = 11, ///< u + 2v >= 1: the high piece of that floor
    SWEEPBOX_SHAPE_SHALLOW_UR_LOW = 12,  ///< SWEEPBOX_SHAPE_SHALLOW_UL_LOW mirrored in u
    SWEEPBOX_SHAPE_SHALLOW_UR_HIGH = 13, ///< SWEEPBOX_SHAPE_SHALLOW_UL_HIGH mirrored in u
    SWEEPBOX_SHAPE_SHALLOW_DL_LOW = 14,  ///< SWEEPBOX_SHAPE_SHALLOW_UL_LOW mirrored in v
    SWEEPBOX_SHAPE_SHALLOW_DL_HIGH = 15, ///< SWEEPBOX_SHAPE_SHALLOW_UL_HIGH mirrored in v
    SWEEPBOX_SHAPE_SHALLOW_DR_LOW = 16,  ///< SWEEPBOX_SHAPE_SHALLOW_UL_LOW mirrored in u and v
    SWEEPBOX_SHAPE_SHALLOW_DR_HIGH = 17, ///< SWEEPBOX_SHAPE_SHALLOW_UL_HIGH mirrored in u and v
    SWEEPBOX_SHAPE_STEEP_UL_LOW = 18,    ///< 2u + v >= 1: the lower piece of a floor rising 2 over 1 tile to the right
    SWEEPBOX_SHAPE_STEEP_UL_HIGH = 19,   ///< 2u + v >= 2: the upper piece of that floor
    SWEEPBOX_SHAPE_STEEP_UR_LOW = 20,    ///< SWEEPBOX_SHAPE_STEEP_UL_LOW mirrored in u
    SWEEPBOX_SHAPE_STEEP_UR_HIGH = 21,   ///< SWEEPBOX_SHAPE_STEEP_UL_HIGH mirrored in u
    SWEEPBOX_SHAPE_STEEP_DL_LOW = 22,    ///< SWEEPBOX_SHAPE_STEEP_UL_LOW mirrored in v
    SWEEPBOX_SHAPE_STEEP_DL_HIGH = 23,   ///< SWEEPBOX_SHAPE_STEEP_UL_HIGH mirrored in v
    SWEEPBOX_SHAPE_STEEP_DR_LOW = 24,    ///< SWEEPBOX_SHAPE_STEEP_UL_LOW mirrored in u and v
    SWEEPBOX_SHAPE_STEEP_DR_HIGH = 25,   ///< SWEEPBOX_SHAPE_STEEP_UL_HIGH mirrored in u and v
};

/// What a sweepbox_other names.
enum sweepbox_other_kind {
    SWEEPBOX_OTHER_NONE = 0, ///< nothing
    SWEEPBOX_OTHER_BODY = 1, ///< a body: sweepbox_other::body
    SWEEPBOX_OTHER_TILE = 2, ///< a tile: sweepbox_other::tile
};

/// Bits of sweepbox_contact::flags and sweepbox_cast_hit::flags.
enum sweepbox_flags {
    SWEEPBOX_STARTED_OVERLAPPING = 1, ///< the box overlapped the obstacle at the start (rule 7)
    SWEEPBOX_CORNER = 2,              ///< both axes were entered at the same instant (rule 4)
    SWEEPBOX_JUNCTION = 4,            ///< a point or plank stopped where obstacles meet (rule 6)
};

/// A world of boxes: opaque, made by sweepbox_world_create, freed by sweepbox_world_destroy.
typedef struct sweepbox_world sweepbox_world;

/// A 2D vector; x grows right, y grows down (the library itself does not care which way y points).
typedef struct sweepbox_vec2 {
    double x; ///< x component
    double y; ///< y component
} sweepbox_vec2;

/// An axis-aligned box by its min and max corners; zero width or height is legal, min > max is not.
typedef struct sweepbox_box {
    sweepbox_vec2 min; ///< the corner with the smallest coordinates
    sweepbox_vec2 max; ///< the corner with the largest coordinates
} sweepbox_box;

/// A body handle: a slot and the slot's generation when the id was issued. The zero id is null.
typedef struct sweepbox_body_id {
    uint32_t index;      ///< slot in the body table (slot 0 is never used)
    uint32_t generation; ///< generation of the slot; a removed body's id is stale
} sweepbox_body_id;

/// A tile by column and row (row 0 is the top row of the map).
typedef struct sweepbox_tile_cell {
    int32_t column; ///< x index of the tile
    int32_t row;    ///< y index of the tile
} sweepbox_tile_cell;

/// What a contact, a hit or a query names: a body, a tile or nothing (a tagged union, kept flat).
typedef struct sweepbox_other {
    int32_t kind;            ///< a sweepbox_other_kind
    sweepbox_body_id body;   ///< the body when kind is SWEEPBOX_OTHER_BODY, else zero
    sweepbox_tile_cell tile; ///< the tile when kind is SWEEPBOX_OTHER_TILE, else zero
} sweepbox_other;

/// How to build a world (sweepbox_world_def_default() gives the defaults).
typedef struct sweepbox_world_def {
    double cell_size;       ///< side of a broad-phase cell in world units, > 0 (default 64)
    int32_t oversize_cells; ///< boxes spanning more cells than this (1 to 255) on an axis go to a list (default 8)
    int32_t brute_force;    ///< nonzero: test every body and tile in every call (for tests; default 0)
} sweepbox_world_def;

/// How to add a body; sweepbox_get_info fills one too (sweepbox_body_def_default() gives the defaults).
typedef struct sweepbox_body_def {
    sweepbox_box box;    ///< where the body is (default all zero)
    int32_t is_static;   ///< nonzero: never paired with another static body in sweepbox_overlapping_pairs
    uint32_t category;   ///< what the body is, bits (default 1)
    uint32_t mask;       ///< what the body interacts with, bits (default 0xffffffff)
    uint64_t user_data;  ///< one word for the game (default 0)
    int32_t is_platform; ///< nonzero: a moving platform (sweepbox_move_platform); not with is_static (last, so
                         ///< braced initialisers of the fields before it keep their meaning)
    int32_t is_sensor;   ///< nonzero: never blocks, is never pushed; reports who overlaps it (default 0)
    int32_t one_way;     ///< a sweepbox_one_way (default SWEEPBOX_ONE_WAY_NONE)
} sweepbox_body_def;

/// A tile kind: what the tiles of one kind index (0 to 255) are.
typedef struct sweepbox_tile_kind {
    int32_t shape;     ///< a sweepbox_tile_shape (a sensor kind: SWEEPBOX_SHAPE_SOLID)
    uint32_t category; ///< category bits (a blocking kind: the map's)
    uint32_t mask;     ///< mask bits (a blocking kind: the map's)
    int32_t sensor;    ///< nonzero: never blocks; reports the bodies overlapping it
} sweepbox_tile_kind;

/// A body started or stopped overlapping a sensor (sweepbox_update_events).
typedef struct sweepbox_sensor_event {
    sweepbox_other sensor;    ///< the sensor body or sensor tile
    sweepbox_body_id visitor; ///< the body; stale when it was removed
} sweepbox_sensor_event;

/// A body started or stopped touching an obstacle (sweepbox_update_events).
typedef struct sweepbox_contact_event {
    sweepbox_body_id body; ///< a movable body (of two, the lower index); stale when removed
    sweepbox_other other;  ///< the body or blocking tile
} sweepbox_contact_event;

/// Which list of events to read.
enum sweepbox_event_list {
    SWEEPBOX_EVENTS_BEGIN = 0, ///< began overlapping or touching
    SWEEPBOX_EVENTS_END = 1,   ///< stopped overlapping or touching
};

/// How to build a tile map (sweepbox_tile_map_def_default() gives the defaults).
typedef struct sweepbox_tile_map_def {
    sweepbox_vec2 origin; ///< world position of the min corner of tile (0, 0) (default (0, 0))
    double tile_size;     ///< side of a tile, positive and finite (default 16)
    int32_t columns;      ///< tiles along x (default 0)
    int32_t rows;         ///< tiles along y, row 0 at origin.y (default 0)
    uint32_t category;    ///< category bits of every tile (default 1)
    uint32_t mask;        ///< mask bits of every tile (default 0xffffffff)
} sweepbox_tile_map_def;

/// Picks the response for one obstacle near a move: returns a sweepbox_response; any other value
/// fails the move with SWEEPBOX_BAD_ARGUMENT and leaves the world as it was. It may be called
/// more than once for the same obstacle, so it must give the same answer each time. On `world` it
/// may call what takes a const sweepbox_world* (reads, casts, queries) and nothing that changes
/// it: a change would pull the world from under the move. Its arguments are pointers only, since
/// some FFIs' callbacks (LuaJIT's, Python's ctypes) take no struct by value.
typedef int (*sweepbox_filter)(void* context, const sweepbox_world* world, const sweepbox_body_id* self,
                               const sweepbox_other* other);

/// How a move responds (sweepbox_move_options_default() gives the defaults).
typedef struct sweepbox_move_options {
    int32_t response;       ///< a sweepbox_response for every obstacle (default slide)
    int32_t max_iterations; ///< at most this many blocking contacts (every contact but crosses), >= 1 (default 8)
    double restitution;     ///< bounce: the normal part is scaled by -restitution, in [0, 1] (default 1)
    double friction;        ///< bounce: the tangent part is scaled by 1 - friction, in [0, 1] (default 0)
    sweepbox_vec2 velocity; ///< the body's velocity, changed by the responses (default (0, 0))
    const int32_t* category_responses; ///< NULL, or 32 responses: entry i for obstacles whose lowest category bit is i
    sweepbox_filter filter;            ///< NULL, or called per obstacle; its answer wins over the two above
    void* filter_context;              ///< passed to filter
    double rest_speed;                 ///< bounce: slower into the face than this, no bounce; >= 0 (default 0)
    int32_t drop_through;              ///< nonzero: one-way tiles and bodies never block this move (default 0)
    double
        push_out_sides; ///< started inside: pushed out at most this many times the larger side, >= 0 or INFINITY (default 8)
    int32_t moving; ///< nonzero: meet each body that moved since sweepbox_begin_frame where it was then (default 0)
    double t0;      ///< moving: the frame time the move starts at, in [0, 1] (default 0)
    double t1;      ///< moving: the frame time it ends at, in [t0, 1] (default 1); contact times are frame times
} sweepbox_move_options;

/// One contact of a move, in the order met.
typedef struct sweepbox_contact {
    sweepbox_other other;     ///< the body or tile met
    int32_t response;         ///< the sweepbox_response applied
    uint32_t flags;           ///< sweepbox_flags
    double time;              ///< fraction of the move's time at contact, in [0, 1], non-decreasing
    sweepbox_vec2 normal;     ///< unit axis vector out of the obstacle, against the motion
    sweepbox_vec2 point;      ///< the middle of the segment where the touching faces meet
    sweepbox_box box;         ///< the body's box at contact (flush against the face)
    double depth;             ///< SWEEPBOX_STARTED_OVERLAPPING: the minimum translation's depth, else 0
    sweepbox_vec2 sweep_back; ///< SWEEPBOX_STARTED_OVERLAPPING: where the min corner would first have touched
} sweepbox_contact;

/// What a move did. The caller sets `contacts` and `capacity`; the move sets the rest.
typedef struct sweepbox_move_result {
    sweepbox_contact* contacts; ///< in: room for the contacts, or NULL when they are not wanted
    size_t capacity;            ///< in: how many contacts fit in `contacts`
    size_t count;               ///< out: the contacts of the move (on SWEEPBOX_TOO_SMALL: how many are needed)
    sweepbox_box box;           ///< out: the body's box after the move
    sweepbox_vec2 velocity;     ///< out: the options' velocity after every response
    int32_t iterations;         ///< out: blocking contacts resolved
    int32_t truncated;          ///< out: 1 when max_iterations was reached with motion left (the rest was dropped)
    int32_t stuck;              ///< out: 1 when it started inside blocking obstacles and no free place was within reach
} sweepbox_move_result;

/// Floor snap and walking on slopes, SnapRules of character.hpp (sweepbox_move_and_snap_rules;
/// sweepbox_snap_rules_default() gives the defaults).
typedef struct sweepbox_snap_rules {
    double snap;            ///< at most this far along -up, finite, >= 0 (default 0: never snaps)
    double up_x, up_y;      ///< which way is up, not zero (default (0, -1))
    double max_floor_angle; ///< a floor's normal is at most this far from up, degrees in [0, 90) (default 45)
    int32_t constant_speed; ///< nonzero: on a sloped floor, walk the part across up at that speed (default 0)
    int32_t stop_on_steep;  ///< nonzero: a walk into a slope steeper than max_floor_angle is dropped (default 0)
} sweepbox_snap_rules;

/// What a move's contacts say about the ground (sweepbox_ground_state).
typedef struct sweepbox_ground {
    int32_t on_floor;           ///< 1 when a contact was a floor
    int32_t on_wall;            ///< 1 when a contact was a wall
    int32_t on_ceiling;         ///< 1 when a contact was a ceiling
    sweepbox_vec2 floor_normal; ///< the normal of the last floor contact, when on_floor
    sweepbox_other floor;       ///< what that floor is, when on_floor
} sweepbox_ground;

/// Which obstacles a cast or query sees: those with (category & mask) and (their mask & category).
typedef struct sweepbox_query_filter {
    uint32_t category;       ///< the query's own category (default 0xffffffff)
    uint32_t mask;           ///< the categories it sees (default 0xffffffff)
    sweepbox_body_id ignore; ///< a body to leave out (the shooter), or the null id (default)
    int32_t bodies;          ///< nonzero: bodies are seen (default 1)
    int32_t tiles;           ///< nonzero: tiles are seen (default 1)
    int32_t sensors;         ///< nonzero: sensor bodies and sensor tiles are seen too (default 0)
} sweepbox_query_filter;

/// The answer of a cast; when `hit` is 0 the other fields are meaningless.
typedef struct sweepbox_cast_hit {
    int32_t hit;          ///< 1 when something was hit in [0, 1)
    uint32_t flags;       ///< sweepbox_flags
    double time;          ///< fraction of delta at contact; 0 when started overlapping
    sweepbox_vec2 normal; ///< unit axis vector out of the obstacle
    sweepbox_vec2 point;  ///< ray: origin + time * delta; box: the middle of the touching faces
    sweepbox_box box;     ///< the cast box at contact, flush against the face (a ray: a point)
    sweepbox_other other; ///< what was hit
} sweepbox_cast_hit;

/// Two bodies whose interiors overlap, a.index < b.index, with the minimum translation of a out of b.
typedef struct sweepbox_pair {
    sweepbox_body_id a;   ///< the body of lower index
    sweepbox_body_id b;   ///< the other body
    double depth;         ///< overlap along normal, > 0
    sweepbox_vec2 normal; ///< unit axis direction that moves a out of b
} sweepbox_pair;

/// A batch of particles as arrays the caller owns (sweepbox_move_particles): entry i of every array
/// is particle i. The optional arrays may be NULL: every particle then takes the frame's value.
typedef struct sweepbox_particles {
    size_t count;              ///< number of particles (entries in each array)
    double* x;                 ///< position x, updated
    double* y;                 ///< position y, updated
    double* vx;                ///< velocity x, units per second, updated
    double* vy;                ///< velocity y, updated
    const uint8_t* alive;      ///< nonzero: the particle moves; 0: skipped. NULL: every particle moves
    const double* restitution; ///< per particle, in [0, 1], or NULL: the frame's restitution
    const double* friction;    ///< per particle, in [0, 1], or NULL: the frame's friction
    const uint32_t* category;  ///< per particle, or NULL: the frame's category
    const uint32_t* mask;      ///< per particle, or NULL: the frame's mask
} sweepbox_particles;

/// One frame of a batch (sweepbox_particle_frame_default() gives the defaults).
typedef struct sweepbox_particle_frame {
    sweepbox_vec2 gravity;  ///< constant acceleration, units per second squared (default (0, 0))
    double dt;              ///< seconds per frame, > 0 (default 1/60)
    double rest_speed;      ///< slower into a face than this, no bounce; >= 0 (default 0)
    int32_t max_iterations; ///< at most this many bounces a frame per particle, >= 1 (default 8)
    double restitution;     ///< for a batch without a restitution array, in [0, 1] (default 1)
    double friction;        ///< for a batch without a friction array, in [0, 1] (default 0)
    uint32_t category;      ///< for a batch without a category array (default 1)
    uint32_t mask;          ///< for a batch without a mask array (default 0xffffffff)
} sweepbox_particle_frame;

/// One contact of a particle in a frame.
typedef struct sweepbox_particle_contact {
    uint32_t particle;      ///< index of the particle in the batch
    uint32_t flags;         ///< sweepbox_flags (SWEEPBOX_CORNER, SWEEPBOX_JUNCTION)
    double time;            ///< fraction of the frame at contact, in [0, 1]
    sweepbox_vec2 point;    ///< where the particle met the obstacle
    sweepbox_vec2 normal;   ///< unit axis vector out of the obstacle
    sweepbox_vec2 velocity; ///< the particle's velocity after this contact's bounce
    sweepbox_other other;   ///< the tile or static body met
} sweepbox_particle_contact;

/// What a frame of particles did. The caller sets `contacts` and `capacity`; the call sets the rest.
typedef struct sweepbox_particle_result {
    sweepbox_particle_contact* contacts; ///< in: room for contacts, or NULL when they are not wanted
    size_t capacity;                     ///< in: how many contacts fit
    size_t count;                        ///< out: contacts written, in particle order
    size_t dropped;                      ///< out: contacts that did not fit (counted only)
    size_t moved;                        ///< out: alive particles, each moved for the frame
    size_t quiet;                        ///< out: of those, how many met nothing on a fast path
    size_t resting;                      ///< out: of those, how many lay at rest on the rest path
    size_t touched;                      ///< out: particles with at least one contact
} sweepbox_particle_result;

/// How sweepbox_emit_sparks seeds a shower (sweepbox_spark_cone_default() gives the defaults).
typedef struct sweepbox_spark_cone {
    size_t count;       ///< particles to seed (default 16)
    double spread;      ///< full angle of the cone around the reflected direction, degrees, in [0, 180] (default 60)
    double min_speed;   ///< slowest spark as a fraction of the reflected speed, in [0, 1] (default 0.5)
    double restitution; ///< of the bullet's reflection, in [0, 1] (default 1)
    double friction;    ///< of the bullet's reflection, in [0, 1] (default 0)
    uint64_t seed;      ///< the same seed gives the same sparks (default 0)
} sweepbox_spark_cone;

#ifdef __cplusplus
}
#endif
// NOLINTEND(modernize-deprecated-headers, modernize-use-using)

#endif // SWEEPBOX_SWEEPBOX_TYPES_H
