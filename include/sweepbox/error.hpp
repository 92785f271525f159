#pragma once
/// @file error.hpp
/// The one exception type sweepbox throws.

#include <stdexcept>
#include <string>
#include <sweepbox/config.hpp>

namespace sweepbox {

/// Thrown on bad input: NaN or infinite numbers, a box with min > max, a stale, null or foreign
/// body id, max_iterations of 0, a tile outside the map, a non-positive cell or tile size.
/// `what()` reads "sweepbox: <function>: <problem>". When it is thrown, the world is exactly as
/// it was before the call.
class SWEEPBOX_API Error : public std::invalid_argument {
public:
    /// Builds the message "sweepbox: <where>: <what>".
    Error(const std::string& where, const std::string& what)
        : std::invalid_argument("sweepbox: " + where + ": " + what) {}
};

} // namespace sweepbox
