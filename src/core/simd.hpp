#pragma once
// Internal: the library's one SIMD switch. SWEEPBOX_SSE is 1 where float boxes are
// handled in SSE2 lanes (four floats, two doubles); SWEEPBOX_SSE_DOUBLE is 1 where a double
// build handles its boxes in SSE2 lanes (two doubles). Each such block computes the same
// operations in the same order as its scalar twin, so the answers are the same bits either way
// (rule 10); define SWEEPBOX_NO_SIMD to build the scalar twins.

#if defined(__SSE2__) && !defined(SWEEPBOX_DOUBLE) && !defined(SWEEPBOX_NO_SIMD)
#    define SWEEPBOX_SSE 1
#    include <emmintrin.h>
#else
#    define SWEEPBOX_SSE 0
#endif

#if defined(__SSE2__) && defined(SWEEPBOX_DOUBLE) && !defined(SWEEPBOX_NO_SIMD)
#    define SWEEPBOX_SSE_DOUBLE 1
#    include <emmintrin.h>
#else
#    define SWEEPBOX_SSE_DOUBLE 0
#endif
