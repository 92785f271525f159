// Where the SVG's text is: a hash grid of the text boxes written so far.
#include "svg_labels.hpp"

#include <functional>

#include "core/cell_coord.hpp"
#include "core/wide.hpp"

namespace sweepbox::detail {

namespace {

// Text more than coord_limit cells from the picture's corner shares the last cell: still correct,
// only slower.
std::int32_t cell_of(double offset, double cell) { return cell_coord(wide(offset / cell)); }

bool strictly_overlap(const TextBox& r, double x0, double y0, double x1, double y1) {
    return x0 < r[2] && r[0] < x1 && y0 < r[3] && r[1] < y1;
}

} // namespace

std::int32_t PlacedText::column(double x) const { return cell_of(x - x0_, cell_); }
std::int32_t PlacedText::row(double y) const { return cell_of(y - y0_, cell_); }

std::size_t PlacedText::Hash::operator()(const TextBox& b) const {
    std::size_t h = 0;
    for (double v : b) h = h * 1000003 ^ std::hash<double>{}(v);
    return h;
}

void PlacedText::add(const TextBox& b) {
    if (!seen_.insert(b).second) return;
    const auto index = std::uint32_t(boxes_.size());
    boxes_.push_back(b);
    const std::int32_t c1 = column(b[2]), r1 = row(b[3]);
    for (std::int32_t c = column(b[0]); c <= c1; ++c)
        for (std::int32_t r = row(b[1]); r <= r1; ++r) cells_[key(c, r)].push_back(index);
}

bool PlacedText::overlaps(double x0, double y0, double x1, double y1) const {
    const std::int32_t c1 = column(x1), r1 = row(y1);
    for (std::int32_t c = column(x0); c <= c1; ++c)
        for (std::int32_t r = row(y0); r <= r1; ++r) {
            const auto it = cells_.find(key(c, r));
            if (it == cells_.end()) continue;
            for (std::uint32_t i : it->second)
                if (strictly_overlap(boxes_[i], x0, y0, x1, y1)) return true;
        }
    return false;
}

} // namespace sweepbox::detail
