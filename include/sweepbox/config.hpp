#pragma once
/// @file config.hpp
/// The number type, the vector type and the export macro that every sweepbox header uses.

#include <cstdint>
#include <limits>
#include <type_traits>
#include <glm/vec2.hpp>
#if defined(SWEEPBOX_DOUBLE)
#    include <sweepbox/extended.hpp>
#endif

#if defined(SWEEPBOX_SHARED)
#    if defined(_WIN32)
#        if defined(SWEEPBOX_BUILDING)
#            define SWEEPBOX_API __declspec(dllexport)
#        else
#            define SWEEPBOX_API __declspec(dllimport)
#        endif
#    else
#        define SWEEPBOX_API __attribute__((visibility("default")))
#    endif
#else
#    define SWEEPBOX_API
#endif

namespace sweepbox {

#if defined(SWEEPBOX_DOUBLE)
/// The scalar of every coordinate, time and size: `double` when built with SWEEPBOX_DOUBLE.
using real = double;
#else
/// The scalar of every coordinate, time and size: `float` unless built with SWEEPBOX_DOUBLE.
using real = float;
#endif

/// A 2D vector of `real`; x grows right, y grows down (the scene convention; the library itself
/// does not care which way y points).
using Vec2 = glm::vec<2, real>;

namespace detail {
/// The type times, gaps and their cross products are computed in: double for float builds (a
/// difference of two floats of similar magnitude is exact in double, and so is the product of
/// two such differences of up to 26 bits each), the x87's 80-bit format for double builds. That
/// is long double on x86-64; elsewhere long double is another format (IEEE quad on aarch64 and
/// in WebAssembly), so the same arithmetic in software, Extended, keeps the bits the same.
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
} // namespace detail

/// The library version, major.minor.patch.
inline constexpr int version_major = 0;
/// Minor version.
inline constexpr int version_minor = 1;
/// Patch version.
inline constexpr int version_patch = 0;
/// The version as text.
inline constexpr const char* version_string = "0.1.0";

} // namespace sweepbox
