/** @file sweepbox_moving.h
 * Moving targets and cast filters (C99, part of libsweepbox_c): a frame's motion per body and
 * casts that meet each moving body where it was when the cast got there (docs/contract.md,
 * "Moving targets"), and casts and queries filtered by the caller's own function.
 */
#ifndef SWEEPBOX_SWEEPBOX_MOVING_H
#define SWEEPBOX_SWEEPBOX_MOVING_H

// A C header: clang-tidy's C++ advice (<cstdint>, `using` for typedefs) does not apply here.
// NOLINTBEGIN(modernize-deprecated-headers, modernize-use-using)
#include <sweepbox/sweepbox.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Keeps (non-zero) or leaves out (0) an obstacle a cast or query met.
typedef int (*sweepbox_query_callback)(void* context, const sweepbox_world* world, const sweepbox_other* other);

/// What a cast sees beyond its filter (CastOptions). Zeroed: the plain cast.
typedef struct sweepbox_cast_options {
    int moving;                     ///< non-zero: meet moving bodies where they were; times are frame times
    double t0;                      ///< moving: the frame time the cast starts at, in [0, 1]
    double t1;                      ///< moving: the frame time it ends at, in [t0, 1]
    sweepbox_query_callback filter; ///< NULL, or asked per obstacle
    void* filter_context;           ///< passed to filter
} sweepbox_cast_options;

/// Options of a cast over the whole frame against motion (moving 1, t0 0, t1 1, no filter).
SWEEPBOX_C_API sweepbox_cast_options sweepbox_cast_options_moving(void);
/// World::begin_frame: the moves from now on make each body's frame motion.
SWEEPBOX_C_API sweepbox_status sweepbox_begin_frame(sweepbox_world* world);
/// Where a body was at frame time t in [0, 1], into *out.
SWEEPBOX_C_API sweepbox_status sweepbox_frame_box(const sweepbox_world* world, const sweepbox_body_id* id, double t,
                                                  sweepbox_box* out);
/// sweepbox_cast_ray with options (options NULL: the plain cast).
SWEEPBOX_C_API sweepbox_status sweepbox_cast_ray_with(const sweepbox_world* world, double x, double y, double dx,
                                                      double dy, const sweepbox_query_filter* filter,
                                                      const sweepbox_cast_options* options, sweepbox_cast_hit* out);
/// sweepbox_cast_box with options.
SWEEPBOX_C_API sweepbox_status sweepbox_cast_box_with(const sweepbox_world* world, const sweepbox_box* box, double dx,
                                                      double dy, const sweepbox_query_filter* filter,
                                                      const sweepbox_cast_options* options, sweepbox_cast_hit* out);
/// sweepbox_cast_all with options.
SWEEPBOX_C_API sweepbox_status sweepbox_cast_all_with(const sweepbox_world* world, const sweepbox_box* box, double dx,
                                                      double dy, const sweepbox_query_filter* filter,
                                                      const sweepbox_cast_options* options, sweepbox_cast_hit* out,
                                                      size_t capacity, size_t* count);
/// sweepbox_query_rect without what `keep` (NULL: nothing) leaves out.
SWEEPBOX_C_API sweepbox_status sweepbox_query_rect_with(const sweepbox_world* world, const sweepbox_box* rect,
                                                        const sweepbox_query_filter* filter,
                                                        sweepbox_query_callback keep, void* context,
                                                        sweepbox_other* out, size_t capacity, size_t* count);

#ifdef __cplusplus
} // extern "C"
#endif
// NOLINTEND(modernize-deprecated-headers, modernize-use-using)

#endif // SWEEPBOX_SWEEPBOX_MOVING_H
