#pragma once
// Helpers of the levels tests: where the files are, and worlds compared bit for bit.

#include <cstring>
#include <ostream>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <sweepbox/levels.hpp>

namespace sweepbox {
// Boost.Test prints a shape by its name.
inline std::ostream& boost_test_print_type(std::ostream& out, TileShape s) { return out << to_string(s); }
} // namespace sweepbox

namespace level_test {

inline std::string data(const std::string& name) { return std::string(SWEEPBOX_LEVELS_DATA_DIR) + "/" + name; }
inline std::string example(const std::string& ext) {
    return std::string(SWEEPBOX_SCENES_DIR) + "/levels/platformer." + ext;
}

inline bool same_bits(sweepbox::real a, sweepbox::real b) { return std::memcmp(&a, &b, sizeof a) == 0; }
inline bool same_box(const sweepbox::Aabb& a, const sweepbox::Aabb& b) {
    return same_bits(a.min.x, b.min.x) && same_bits(a.min.y, b.min.y) && same_bits(a.max.x, b.max.x) &&
           same_bits(a.max.y, b.max.y);
}

// Two worlds hold the same tile map (definition, every kind, every tile's kind, bits and faces)
// and the same bodies (ids, boxes and every field), bit for bit.
inline void check_same_world(const sweepbox::World& a, const sweepbox::World& b) {
    using namespace sweepbox;
    const TileMap& ta = a.tiles();
    const TileMap& tb = b.tiles();
    BOOST_TEST(ta.columns() == tb.columns());
    BOOST_TEST(ta.rows() == tb.rows());
    BOOST_TEST(same_bits(ta.def().tile_size, tb.def().tile_size));
    BOOST_TEST(same_bits(ta.def().origin.x, tb.def().origin.x));
    BOOST_TEST(same_bits(ta.def().origin.y, tb.def().origin.y));
    for (std::int32_t k = 0; k < max_tile_kinds; ++k) {
        const TileKind& ka = ta.kind(k);
        const TileKind& kb = tb.kind(k);
        BOOST_TEST((ka.shape == kb.shape && ka.category == kb.category && ka.mask == kb.mask && ka.sensor == kb.sensor),
                   "kind " << k);
    }
    std::size_t differ = 0;
    for (std::int32_t r = 0; r < ta.rows() && r < tb.rows(); ++r)
        for (std::int32_t c = 0; c < ta.columns() && c < tb.columns(); ++c)
            if (ta.kind_at({c, r}) != tb.kind_at({c, r}) || ta.bits_in_map(c, r) != tb.bits_in_map(c, r)) ++differ;
    BOOST_TEST(differ == 0u);
    std::vector<BodyId> ia, ib;
    a.body_ids(ia);
    b.body_ids(ib);
    BOOST_REQUIRE(ia.size() == ib.size());
    for (std::size_t i = 0; i < ia.size(); ++i) {
        BOOST_TEST((ia[i] == ib[i]));
        const BodyInfo x = a.info(ia[i]);
        const BodyInfo y = b.info(ib[i]);
        BOOST_TEST(same_box(x.box, y.box));
        BOOST_TEST((x.is_static == y.is_static && x.is_platform == y.is_platform && x.is_sensor == y.is_sensor &&
                    x.one_way == y.one_way && x.category == y.category && x.mask == y.mask));
    }
}

} // namespace level_test
