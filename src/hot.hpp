#pragma once
// Internal: SWEEPBOX_HOT marks the small helpers of the per-obstacle and per-step paths that must
// be inlined into the walks. The walks grow large enough that the compilers' heuristics stop
// inlining them, and then a call per candidate costs more than the work it does.

#if defined(_MSC_VER) && !defined(__clang__)
#    define SWEEPBOX_HOT __forceinline
#else
#    define SWEEPBOX_HOT [[gnu::always_inline]] inline
#endif
// The same for a lambda (after its parameter list).
#if defined(__GNUC__) || defined(__clang__)
#    define SWEEPBOX_HOT_LAMBDA __attribute__((always_inline))
#else
#    define SWEEPBOX_HOT_LAMBDA
#endif
