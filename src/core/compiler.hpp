#pragma once
// Internal: what depends on the compiler and the target, in one place: the force-inline macros
// and the SIMD switch (simd.hpp). The wider type is wide.hpp's.

#include <sweepbox/config.hpp>

// SWEEPBOX_FORCE_INLINE marks the small helpers of the per-obstacle and per-step paths: the
// walks grow large enough that the compilers stop inlining them, and a call per candidate then
// costs more than the work it does.
#if defined(_MSC_VER) && !defined(__clang__)
#    define SWEEPBOX_FORCE_INLINE __forceinline
#else
#    define SWEEPBOX_FORCE_INLINE [[gnu::always_inline]] inline
#endif
// The same for a lambda (after its parameter list).
#if defined(__GNUC__) || defined(__clang__)
#    define SWEEPBOX_FORCE_INLINE_LAMBDA __attribute__((always_inline))
#else
#    define SWEEPBOX_FORCE_INLINE_LAMBDA
#endif

// The SIMD switch, SWEEPBOX_SSE.
#include "core/simd.hpp"
