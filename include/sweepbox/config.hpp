#pragma once
/// @file config.hpp
/// The number type, the vector type and the export macro that every sweepbox header uses.

#include <cstdint>
#include <glm/vec2.hpp>

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

/// The library version, major.minor.patch.
inline constexpr int version_major = 0;
/// Minor version.
inline constexpr int version_minor = 1;
/// Patch version.
inline constexpr int version_patch = 0;
/// The version as text.
inline constexpr const char* version_string = "0.1.0";

} // namespace sweepbox
