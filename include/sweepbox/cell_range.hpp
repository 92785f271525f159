#pragma once
/// @file cell_range.hpp
/// An inclusive rectangle of cells, of the grid of bodies or of a tile map.

#include <cstdint>

namespace sweepbox {

/// An inclusive rectangle of grid cells.
struct CellRange {
    std::int32_t x0 = 0, y0 = 0;   ///< first cell on each axis
    std::int32_t x1 = -1, y1 = -1; ///< last cell on each axis (inclusive)
    /// Number of cells covered (0 when empty), as a 64-bit count.
    [[nodiscard]] std::int64_t count() const {
        if (x1 < x0 || y1 < y0) return 0;
        return (std::int64_t(x1) - x0 + 1) * (std::int64_t(y1) - y0 + 1);
    }
    /// Exact equality.
    friend bool operator==(const CellRange&, const CellRange&) = default;
};

} // namespace sweepbox
