// Tiled's flip bits: each flipped shape is checked against the shapes' own definition (its
// solid part, sampled at points that no slope line passes through), and through TMX text.
#include <boost/test/unit_test.hpp>

#include <sweepbox/levels.hpp>

#include "level_test_support.hpp"

#include "levels/kinds.hpp"

using namespace sweepbox;

namespace {

// Whether a shape's solid part holds point (u, v) of the cell (tile units, not on any line).
bool solid_at(TileShape s, double u, double v) {
    if (s == TileShape::empty) return false;
    if (!is_slope(s)) return true;
    const SlopeLine l = slope_line(s);
    return l.a * u + l.b * v >= l.c;
}

// The point whose image under the flips (diagonal, then horizontal, then vertical) is (u, v).
void preimage(levels::Flips f, double& u, double& v) {
    if (f.v) v = 1 - v;
    if (f.h) u = 1 - u;
    if (f.d) std::swap(u, v);
}

std::string tmx_with(std::uint32_t gid, const std::string& kind) {
    return R"(<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="t"><tile id="0"><properties><property name="collision" value=")" +
           kind + R"("/></properties></tile></tileset>
 <layer name="L" width="1" height="1"><data encoding="csv">)" +
           std::to_string(gid) + "</data></layer>\n</map>\n";
}

} // namespace

BOOST_AUTO_TEST_SUITE(level_flips)

BOOST_AUTO_TEST_CASE(every_flip_of_every_shape_is_the_shape_of_the_flipped_cell) {
    for (int k = 0; k < tile_shape_count; ++k) {
        const TileShape s = TileShape(k);
        if (int(s) >= int(TileShape::one_way_down) && int(s) <= int(TileShape::one_way_right)) continue;
        for (int bits = 0; bits < 8; ++bits) {
            const levels::Flips f{(bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0};
            TileShape image{};
            BOOST_TEST_CONTEXT(to_string(s) << " flips " << bits) {
                BOOST_REQUIRE(levels::flipped_shape(s, f, image));
                // Sample points at odd multiples of 1/16: none lies on a slope's line.
                int wrong = 0;
                for (int i = 0; i < 8; ++i)
                    for (int j = 0; j < 8; ++j) {
                        double u = (2 * i + 1) / 16.0, v = (2 * j + 1) / 16.0;
                        const bool here = solid_at(image, u, v);
                        preimage(f, u, v);
                        wrong += here != solid_at(s, u, v);
                    }
                BOOST_TEST(wrong == 0);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(one_way_tiles_turn_with_their_flips) {
    TileShape out{};
    BOOST_REQUIRE(levels::flipped_shape(TileShape::one_way_down, {.v = true}, out));
    BOOST_TEST(out == TileShape::one_way_up);
    BOOST_REQUIRE(levels::flipped_shape(TileShape::one_way_left, {.h = true}, out));
    BOOST_TEST(out == TileShape::one_way_right);
    BOOST_REQUIRE(levels::flipped_shape(TileShape::one_way_down, {.d = true}, out));
    BOOST_TEST(out == TileShape::one_way_right); // x and y swapped
    BOOST_REQUIRE(levels::flipped_shape(TileShape::one_way_down, {.h = true}, out));
    BOOST_TEST(out == TileShape::one_way_down);
}

BOOST_AUTO_TEST_CASE(gid_flip_bits_mirror_the_tile_in_a_map) {
    struct Case {
        std::uint32_t flags;
        const char* kind;
        TileShape expected;
    };
    const Case cases[] = {
        {0x80000000u, "slope45_ul", TileShape::slope45_ur},
        {0x40000000u, "slope45_ul", TileShape::slope45_dl},
        {0xc0000000u, "slope45_ul", TileShape::slope45_dr},
        {0x20000000u, "slope45_ur", TileShape::slope45_dl}, // the diagonal flip swaps x and y
        {0x20000000u, "shallow_ul_low", TileShape::steep_ul_high},
        {0xa0000000u, "shallow_ul_low", TileShape::steep_ur_high}, // turned 90 degrees clockwise
        {0x10000000u, "slope45_ul", TileShape::slope45_ul},        // bit 29: hexagonal only, ignored
        {0x40000000u, "one_way", TileShape::one_way_up},
        {0xe0000000u, "solid", TileShape::solid},
    };
    for (const Case& c : cases) {
        BOOST_TEST_CONTEXT(c.kind << " with flags " << std::hex << c.flags) {
            const Level l = parse_level(tmx_with(1u | c.flags, c.kind), "flip.tmx", LevelFormat::tiled_xml);
            World w;
            add_level(w, l);
            BOOST_TEST(w.tiles().shape_at({0, 0}) == c.expected);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_flipped_kind_of_the_game_that_would_change_shape_is_refused) {
    LevelRules rules;
    rules.kinds["ice_ramp"] = {.shape = TileShape::slope45_ul, .category = 2};
    rules.kinds["ice"] = {.shape = TileShape::solid, .category = 2};
    // Unflipped, or flipped where the shape is symmetric, it loads.
    BOOST_TEST(parse_level(tmx_with(1, "ice_ramp"), "f.tmx", LevelFormat::tiled_xml, "", rules).kinds.size() == 1u);
    BOOST_TEST(
        parse_level(tmx_with(0x20000001u, "ice_ramp"), "f.tmx", LevelFormat::tiled_xml, "", rules).kinds.size() == 1u);
    BOOST_TEST(parse_level(tmx_with(0x80000001u, "ice"), "f.tmx", LevelFormat::tiled_xml, "", rules).kinds.size() ==
               1u);
    try {
        (void)parse_level(tmx_with(0x80000001u, "ice_ramp"), "f.tmx", LevelFormat::tiled_xml, "", rules);
        BOOST_TEST(false, "expected a LevelError");
    } catch (const LevelError& e) {
        BOOST_TEST(e.problem().find("ice_ramp") != std::string::npos);
        BOOST_TEST(e.layer() == "L");
        BOOST_TEST(e.line() == 3);
    }
}

BOOST_AUTO_TEST_SUITE_END()
