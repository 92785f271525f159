#pragma once
// Internal: the type times, gaps and their cross products are computed in.

#include <limits>
#include <type_traits>
#include <sweepbox/config.hpp>
#if defined(SWEEPBOX_DOUBLE)
#    include "core/extended.hpp"
#endif

namespace sweepbox::detail {

/// Double for float builds (a difference of two floats of similar magnitude is exact in double,
/// and so is the product of two such differences of up to 26 bits each), the x87's 80-bit format
/// for double builds. That is long double on x86-64; elsewhere long double is another format
/// (IEEE quad on aarch64 and in WebAssembly), so the same arithmetic in software, Extended, keeps
/// the bits the same.
#if defined(SWEEPBOX_DOUBLE)
inline constexpr bool native_extended =
#    if defined(SWEEPBOX_SOFT_EXTENDED) // a build option, to test Extended where long double is native
    false;
#    else
    std::numeric_limits<long double>::digits == 64 && std::numeric_limits<long double>::max_exponent == 16384 &&
    std::numeric_limits<long double>::min_exponent == -16381;
#    endif
using wide = std::conditional_t<native_extended, long double, Extended>;
static_assert(std::numeric_limits<wide>::digits == 64);
#else
using wide = double;
#endif

} // namespace sweepbox::detail
