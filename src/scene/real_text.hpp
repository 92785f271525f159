#pragma once
// Internal to the scene layer: the shortest text that reads back to a real, as std::to_chars
// writes it, also where the standard library has no floating-point std::to_chars (the libc++ of
// Debian's Emscripten), so scene output is the same text in every build.

#include <string>
#include <sweepbox/config.hpp>

namespace sweepbox::detail {

/// std::to_chars(first, last, v) for a finite v: the fewest significant digits that read back
/// to v (of those, the nearest to v), in fixed or scientific notation, whichever is shorter
/// (fixed on a tie). Computed with snprintf and strtof/strtod, both correctly rounded.
[[nodiscard]] std::string shortest_text(real v);

} // namespace sweepbox::detail
