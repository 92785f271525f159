#pragma once
// Internal to the scene layer: where the SVG's text is, so that a label can move off the text
// written before it without comparing itself with every other label.

#include <array>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace sweepbox::detail {

/// A text box [x0, y0, x1, y1].
using TextBox = std::array<double, 4>;

/// The boxes of the text written so far, in a hash grid of square cells; a box lies in every cell
/// its closed extent meets, so two boxes that overlap share a cell.
class PlacedText {
public:
    /// `cell`: the side of a cell (the text's height serves), `x0`, `y0`: a corner of the picture.
    PlacedText(double cell, double x0, double y0) : cell_(cell), x0_(x0), y0_(y0) {}

    void add(const TextBox& b);
    /// True when the open box (x0, x1) x (y0, y1) overlaps a box added so far.
    [[nodiscard]] bool overlaps(double x0, double y0, double x1, double y1) const;

private:
    [[nodiscard]] std::int32_t column(double x) const;
    [[nodiscard]] std::int32_t row(double y) const;
    [[nodiscard]] static std::uint64_t key(std::int32_t c, std::int32_t r) {
        return std::uint64_t(std::uint32_t(c)) << 32 | std::uint32_t(r);
    }

    double cell_, x0_, y0_;
    std::vector<TextBox> boxes_;
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> cells_; // box indices by cell
    struct Hash {
        std::size_t operator()(const TextBox& b) const;
    };
    // Boxes already added: a stack of bodies labelled at one place keeps one box there.
    std::unordered_set<TextBox, Hash> seen_;
};

} // namespace sweepbox::detail
