#pragma once
// Internal: the wider type that sweepbox computes times and comparisons in.

#include <type_traits>
#include <sweepbox/config.hpp>

namespace sweepbox::detail {

/// The type entry/exit gaps and their cross products are computed in: double for float
/// builds (a difference of two floats of similar magnitude is exact in double, and so is the
/// product of two such differences of up to 26 bits each), long double for double builds.
using wide = std::conditional_t<std::is_same_v<real, float>, double, long double>;

} // namespace sweepbox::detail
