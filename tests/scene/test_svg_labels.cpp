// Where the SVG's text is (src/scene/svg_labels.hpp): the hash grid answers as a look at every box
// would, for boxes of every size, far from the picture and on the grid's lines.
#include <boost/test/unit_test.hpp>

#include <random>
#include <vector>

#include "scene/svg_labels.hpp"

using sweepbox::detail::PlacedText;
using sweepbox::detail::TextBox;

namespace {

bool any_overlap(const std::vector<TextBox>& boxes, double x0, double y0, double x1, double y1) {
    for (const TextBox& r : boxes)
        if (x0 < r[2] && r[0] < x1 && y0 < r[3] && r[1] < y1) return true;
    return false;
}

} // namespace

BOOST_AUTO_TEST_SUITE(svg_labels)

BOOST_AUTO_TEST_CASE(grid_answers_as_every_box) {
    std::mt19937_64 rng(5);
    // Coordinates on a coarse lattice, so that boxes touch, repeat and lie on the cells' lines.
    std::uniform_int_distribution<int> at(-40, 40), size(0, 12), far(0, 9);
    const double cell = 2.5;
    for (int round = 0; round < 20; ++round) {
        PlacedText grid(cell, -3, 7);
        std::vector<TextBox> all;
        auto random_box = [&] {
            const double s = far(rng) == 0 ? 1e12 : 0.5; // now and then far outside the picture
            const double x = at(rng) * s, y = at(rng) * s;
            return TextBox{x, y, x + size(rng) * 0.5, y + size(rng) * 0.25};
        };
        for (int i = 0; i < 300; ++i) {
            const TextBox q = random_box();
            BOOST_TEST(grid.overlaps(q[0], q[1], q[2], q[3]) == any_overlap(all, q[0], q[1], q[2], q[3]));
            const TextBox b = random_box();
            grid.add(b);
            all.push_back(b);
            if (i % 7 == 0) { // the same box again
                grid.add(b);
                all.push_back(b);
            }
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
