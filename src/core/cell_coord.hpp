#pragma once
// Internal: the floor of a coordinate counted in cells or tiles, clamped, as the grid, the tile
// map, the walks and the SVG's text grid all take it.

#include <cstdint>
#include <sweepbox/config.hpp>

#include "core/wide.hpp"

namespace sweepbox::detail {

/// Cell and tile coordinates are clamped to +-2^30: far past any map (at most 2^28 tiles) or
/// grid a world can fill, and apart from int32's ends, so a neighbour's coordinate never overflows.
inline constexpr std::int32_t coord_limit = 1 << 30;

/// floor(v) for v within +-coord_limit, without a library call (std::floor is one on plain
/// x86-64). Truncates (one step down for negative fractions), through double: an x87 long
/// double's own truncation switches the FPU's rounding mode twice. Rounding to double moves v
/// at most to the integer next to it, which the test below steps back from, so this is still floor(v).
inline std::int32_t floor_in_range(wide v) {
    const std::int32_t i = std::int32_t(double(v));
    return wide(i) > v ? i - 1 : i;
}

/// floor(v) clamped to +-coord_limit (NaN to -coord_limit).
inline std::int32_t cell_coord(wide v) {
    if (!(v > -wide(coord_limit))) return -coord_limit;
    if (v > wide(coord_limit)) return coord_limit;
    return floor_in_range(v);
}

} // namespace sweepbox::detail
