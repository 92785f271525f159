// The SVG: a well-formed XML document (checked by a small parser here), with the things the
// picture promises, and accepted by rsvg-convert when it is installed.
#include <boost/test/unit_test.hpp>

#include <cctype>
#include <cstdlib>
#include <set>

#include <sweepbox/svg.hpp>

#include "scene_test_support.hpp"

using namespace sweepbox;

namespace {

// A minimal XML 1.0 well-formedness check: one root element, balanced and properly nested
// tags, quoted attributes without duplicates, and only the five predefined or numeric
// entities. Returns "" when well-formed, else what is wrong.
class XmlCheck {
public:
    explicit XmlCheck(const std::string& s) : s_(s) {}
    std::string run() {
        if (s_.rfind("<?xml", 0) == 0) {
            const auto e = s_.find("?>");
            if (e == std::string::npos) return "unterminated XML declaration";
            i_ = e + 2;
        }
        std::vector<std::string> stack;
        int roots = 0;
        while (i_ < s_.size()) {
            if (s_[i_] != '<') {
                if (!stack.empty()) {
                    if (auto e = text_until('<'); !e.empty()) return e;
                } else if (!std::isspace(static_cast<unsigned char>(s_[i_]))) {
                    return "text outside the root element";
                } else {
                    ++i_;
                }
                continue;
            }
            if (s_.compare(i_, 4, "<!--") == 0) {
                const auto e = s_.find("-->", i_);
                if (e == std::string::npos) return "unterminated comment";
                i_ = e + 3;
                continue;
            }
            if (s_.compare(i_, 2, "</") == 0) {
                i_ += 2;
                const std::string name = read_name();
                skip_space();
                if (i_ >= s_.size() || s_[i_] != '>') return "bad end tag " + name;
                ++i_;
                if (stack.empty() || stack.back() != name) return "mismatched end tag " + name;
                stack.pop_back();
                continue;
            }
            ++i_;
            const std::string name = read_name();
            if (name.empty()) return "bad tag name";
            if (stack.empty() && ++roots > 1) return "more than one root element";
            std::set<std::string> attrs;
            for (;;) {
                skip_space();
                if (i_ >= s_.size()) return "unterminated tag " + name;
                if (s_.compare(i_, 2, "/>") == 0) {
                    i_ += 2;
                    break;
                }
                if (s_[i_] == '>') {
                    ++i_;
                    stack.push_back(name);
                    break;
                }
                const std::string attr = read_name();
                if (attr.empty()) return "bad attribute in " + name;
                if (!attrs.insert(attr).second) return "duplicate attribute " + attr + " in " + name;
                skip_space();
                if (i_ >= s_.size() || s_[i_] != '=') return "attribute without value: " + attr;
                ++i_;
                skip_space();
                if (i_ >= s_.size() || (s_[i_] != '"' && s_[i_] != '\'')) return "unquoted attribute " + attr;
                const char q = s_[i_++];
                if (auto e = text_until(q); !e.empty()) return e;
                if (i_ >= s_.size()) return "unterminated attribute " + attr;
                ++i_;
            }
        }
        if (!stack.empty()) return "unclosed element " + stack.back();
        if (roots != 1) return "no root element";
        return "";
    }

private:
    static bool name_char(char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':' || c == '-' || c == '.';
    }
    std::string read_name() {
        const std::size_t b = i_;
        if (i_ < s_.size() && (std::isalpha(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_' || s_[i_] == ':'))
            while (i_ < s_.size() && name_char(s_[i_])) ++i_;
        return s_.substr(b, i_ - b);
    }
    void skip_space() {
        while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    // Character data up to `end`: no '<', and every '&' starts a known entity.
    std::string text_until(char end) {
        while (i_ < s_.size() && s_[i_] != end) {
            if (s_[i_] == '<') return "'<' inside text or an attribute";
            if (s_[i_] == '&') {
                const auto semi = s_.find(';', i_);
                if (semi == std::string::npos) return "unterminated entity";
                const std::string ent = s_.substr(i_ + 1, semi - i_ - 1);
                static const std::set<std::string> known{"amp", "lt", "gt", "quot", "apos"};
                if (!known.count(ent) && !(ent.size() > 1 && ent[0] == '#')) return "unknown entity &" + ent + ";";
                i_ = semi;
            }
            ++i_;
        }
        return "";
    }
    const std::string& s_;
    std::size_t i_ = 0;
};

std::string svg_of(const std::string& name) {
    const std::string path = scene_test::scenes_dir() + "/" + name + ".json";
    SceneRunner runner(load_scene(path), path);
    runner.run_all();
    SvgOptions o;
    o.title = name + ".json <&> \"quoted\""; // escaping is part of the test
    return render_svg(runner, o);
}

std::string render_svg_of(const std::string& scene_json) {
    SceneRunner runner(parse_scene(scene_json));
    runner.run_all();
    return render_svg(runner);
}

std::size_t count(const std::string& s, const std::string& what) {
    std::size_t n = 0;
    for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
    return n;
}

} // namespace

BOOST_AUTO_TEST_SUITE(svg)

BOOST_AUTO_TEST_CASE(checker_rejects_broken_xml) {
    BOOST_TEST(XmlCheck("<a><b/></a>").run() == "");
    BOOST_TEST(XmlCheck("<a><b></a>").run() != "");
    BOOST_TEST(XmlCheck("<a x=1/>").run() != "");
    BOOST_TEST(XmlCheck("<a x=\"1\" x=\"2\"/>").run() != "");
    BOOST_TEST(XmlCheck("<a>&nope;</a>").run() != "");
    BOOST_TEST(XmlCheck("<a/><b/>").run() != "");
    BOOST_TEST(XmlCheck("<a>1 < 2</a>").run() != "");
}

BOOST_AUTO_TEST_CASE(demo_pictures_are_well_formed) {
    for (const std::string& name : scene_test::demo_scenes()) {
        BOOST_TEST_CONTEXT("scene " << name) {
            const std::string svg = svg_of(name);
            BOOST_TEST(XmlCheck(svg).run() == "");
            BOOST_TEST(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
            BOOST_TEST(svg.find("viewBox=\"") != std::string::npos);
            BOOST_TEST(svg.find("&lt;&amp;&gt; &quot;quoted&quot;") != std::string::npos);
            BOOST_TEST(svg.find("nan") == std::string::npos);
            BOOST_TEST(svg.find("inf") == std::string::npos);
        }
    }
}

BOOST_AUTO_TEST_CASE(picture_shows_contacts_and_casts) {
    // bullets.json: five moves with one contact each (the grazer has none), a piercing cast
    // with two hits and a ray with one: a red dot per contact, a cross (2 lines) per hit.
    const std::string svg = svg_of("bullets");
    BOOST_TEST(count(svg, "fill=\"#e0201b\"") >= 5u + 1u); // contact dots, plus the legend's
    BOOST_TEST(count(svg, "stroke=\"#8e3fb8\" stroke-width") >= 3u * 2u);
    BOOST_TEST(svg.find(">wall_0<") != std::string::npos);
    BOOST_TEST(svg.find(">step 6<") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(picture_shows_spark_trails) {
    // sparks.json: 61 particles, each a trail (a polyline unless it never moved) and an end dot
    // in the spark colour, bounces as small red dots, and the legend's two particle rows.
    const std::string svg = svg_of("sparks");
    BOOST_TEST(count(svg, "fill=\"#d9480f\"") >= 61u);
    BOOST_TEST(count(svg, "<polyline") >= 60u);
    BOOST_TEST(svg.find(">particle trail; where it ends<") != std::string::npos);
    BOOST_TEST(svg.find(">particle bounce<") != std::string::npos);
    BOOST_TEST(svg.find(">step 2 (particles)<") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(picture_shows_the_ground_state) {
    // A box moved down onto a floor of tiles, then sliding into a wall: its bottom face where it
    // landed and its right face where it met the wall, two marks and the legend's row; a box
    // that ends in the air has none.
    const std::string scene = R"({"tiles": {"size": 10, "rows": ["....#", "....#", "#####"]},
        "bodies": [{"name": "hero", "box": [5, 5, 13, 15]}, {"name": "kite", "box": [0, 0, 2, 2]}],
        "steps": [{"op": "move", "body": "hero", "delta": [40, 20]}]})";
    const std::string grounded = render_svg_of(scene);
    const std::string stroke = "stroke=\"#f2c200\" stroke-width";
    BOOST_TEST(count(grounded, stroke) == 2u + 1u); // the floor, the wall and the legend's swatch
    BOOST_TEST(grounded.find(">last move: floor, wall, ceiling<") != std::string::npos);
    // It lands at [15, 10]-[23, 20] (bottom face on y 20) and meets the wall at [32, 10]-[40, 20].
    BOOST_TEST(grounded.find("<line x1=\"15\" y1=\"20\" x2=\"23\" y2=\"20\" " + stroke) != std::string::npos);
    BOOST_TEST(grounded.find("<line x1=\"40\" y1=\"10\" x2=\"40\" y2=\"20\" " + stroke) != std::string::npos);
    const std::string airborne = render_svg_of(R"({"tiles": {"size": 10, "rows": ["....#", "....#", "#####"]},
        "bodies": [{"name": "kite", "box": [0, 0, 2, 2]}],
        "steps": [{"op": "move", "body": "kite", "delta": [5, 1]}]})");
    BOOST_TEST(count(airborne, stroke) == 0u);
    BOOST_TEST(airborne.find(">last move: floor, wall, ceiling<") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(picture_shows_platforms_and_riders) {
    // platformer.json: the lift drawn in the platform colour (and its legend row), the player
    // outlined as a rider (and its legend row); a scene without platforms has neither row.
    const std::string svg = svg_of("platformer");
    BOOST_TEST(count(svg, "fill=\"#2e8b57\"") >= 2u);
    BOOST_TEST(count(svg, "stroke=\"#d81b60\"") >= 2u);
    BOOST_TEST(svg.find(">moving platform, where it ends<") != std::string::npos);
    BOOST_TEST(svg.find(">rode a platform<") != std::string::npos);
    const std::string bullets = svg_of("bullets");
    BOOST_TEST(bullets.find(">moving platform, where it ends<") == std::string::npos);
    BOOST_TEST(bullets.find(">rode a platform<") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(picture_shows_sensors) {
    // water.json: water and ladder tiles and a trigger body, translucent in the sensor colour,
    // the trigger with a dashed edge, and the legend's row; a scene without sensors has no row.
    const std::string svg = svg_of("water");
    BOOST_TEST(count(svg, "fill=\"#3a7bd5\" fill-opacity=\"0.3\"") >= 3u);
    BOOST_TEST(svg.find(">sensor (tile; body: dashed edge)<") != std::string::npos);
    BOOST_TEST(svg_of("bullets").find(">sensor (tile; body: dashed edge)<") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(picture_shows_kinds_with_their_own_filter) {
    // barrier.json: the glass column (3 tiles of category 2) in its own colour, with a legend row.
    const std::string svg = svg_of("barrier");
    BOOST_TEST(count(svg, "fill=\"#5f8fa8\"") == 4u); // 3 tiles and the legend's swatch
    BOOST_TEST(svg.find(">tile of a kind with its own category<") != std::string::npos);
    BOOST_TEST(svg_of("water").find(">tile of a kind with its own category<") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(picture_shows_one_way_bodies) {
    // A jump-through ledge: its top face in the one-way colour, and the legend's row.
    SceneRunner runner(parse_scene(R"({"bodies": [{"name": "ledge", "box": [0, 50, 100, 54], "static": true,
                                                   "one_way": "down"}]})"));
    runner.run_all();
    const std::string svg = render_svg(runner);
    BOOST_TEST(svg.find("<line x1=\"0\" y1=\"50\" x2=\"100\" y2=\"50\" stroke=\"#b07a1e\"") != std::string::npos);
    BOOST_TEST(svg.find(">one-way body: the face it blocks<") != std::string::npos);
}

// Slope tiles: each drawn as its solid part on the cell's edges, in the solid tiles' colour,
// with its normal out of the middle of the sloped face, and the legend's row; no row without.
BOOST_AUTO_TEST_CASE(picture_shows_slopes) {
    const std::string svg = render_svg_of(R"({"tiles": {"origin": [0, 0], "size": 12,
        "legend": {"s": "shallow_ul_high", "t": "steep_dr_low"}, "rows": ["/\\st", "...."]}})");
    BOOST_TEST(XmlCheck(svg).run() == "");
    // slope45_ul at [0, 12]^2: solid below the diagonal from (0, 12) to (12, 0).
    BOOST_TEST(count(svg, "<polygon points=\"12,0 12,12 0,12\" fill=\"#4d4d4d\"/>") == 1u);
    // slope45_ur at [12, 24] x [0, 12]: solid below the diagonal from (12, 0) to (24, 12).
    BOOST_TEST(count(svg, "<polygon points=\"12,0 24,12 12,12\" fill=\"#4d4d4d\"/>") == 1u);
    // shallow_ul_high at [24, 36]: u + 2v >= 1, a trapezoid from (24, 6) up to (36, 0).
    BOOST_TEST(count(svg, "<polygon points=\"36,0 36,12 24,12 24,6\" fill=\"#4d4d4d\"/>") == 1u);
    // steep_dr_low at [36, 48]: the mirror of 2u + v >= 1 in u and v, 2(1-u) + (1-v) >= 1.
    BOOST_TEST(count(svg, "<polygon points=\"36,0 48,0 42,12 36,12\" fill=\"#4d4d4d\"/>") == 1u);
    // The normal of slope45_ul: from the face's middle (6, 6), 4 units along (-1, -1)/sqrt(2).
    BOOST_TEST(count(svg, "<line x1=\"6\" y1=\"6\" x2=\"3.17157\" y2=\"3.17157\" stroke=\"#4d4d4d\"") == 1u);
    // steep_dr_low's: from the middle of (48, 0)-(42, 12), along (2, 1)/sqrt(5).
    BOOST_TEST(count(svg, "<line x1=\"45\" y1=\"6\" x2=\"48.5777\" y2=\"7.78885\" stroke=\"#4d4d4d\"") == 1u);
    BOOST_TEST(svg.find(">slope tile and its normal<") != std::string::npos);
    BOOST_TEST(svg.find(">solid tile<") == std::string::npos);
    const std::string flat = render_svg_of(R"({"tiles": {"size": 12, "rows": ["#=.."]}})");
    BOOST_TEST(flat.find(">slope tile and its normal<") == std::string::npos);
    BOOST_TEST(flat.find("<polygon points=") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(empty_scene_still_draws) {
    SceneRunner runner(parse_scene("{}"));
    const std::string svg = render_svg(runner);
    BOOST_TEST(XmlCheck(svg).run() == "");
}

// Near the largest real, the centre of a box (min + max) / 2 overflows when computed in real.
BOOST_AUTO_TEST_CASE(huge_coordinates_draw_finite_numbers) {
    SceneRunner runner(parse_scene(R"({"bodies": [{"name": "far", "box": [3e38, 0, 3.1e38, 1]}],
        "steps": [{"op": "move", "body": "far", "delta": [1e37, 0]},
                  {"op": "cast_box", "box": [3e38, 0, 3.1e38, 1], "delta": [-1e37, 0]}]})"));
    runner.run_all();
    const std::string svg = render_svg(runner);
    BOOST_TEST(XmlCheck(svg).run() == "");
    BOOST_TEST(svg.find("inf") == std::string::npos);
    BOOST_TEST(svg.find("nan") == std::string::npos);
}

// A run longer than the trace holds is refused, not drawn in part.
BOOST_AUTO_TEST_CASE(a_trace_cut_short_is_not_drawn) {
    SceneRunner runner(parse_scene(R"({"cell_size": 1000000, "bodies": [{"name": "g", "box": [0, 0, 4, 4]}],
        "steps": [{"op": "move", "body": "g", "delta": [0, 1]},
                  {"op": "frames", "body": "g", "count": 100000, "gravity": [0, 980]}]})",
                                   "long.json"),
                       "long.json");
    runner.run_all();
    try {
        (void)render_svg(runner);
        BOOST_TEST(false, "expected a SceneError");
    } catch (const SceneError& e) {
        BOOST_TEST(e.file() == "long.json");
        BOOST_TEST(e.where() == "step 1 (frames)");
        BOOST_TEST(e.problem().find("at most 100000") != std::string::npos, e.problem());
    }
}

BOOST_AUTO_TEST_CASE(rsvg_convert_accepts_it) {
    const std::string rsvg = SWEEPBOX_RSVG_CONVERT;
    if (rsvg.empty()) {
        BOOST_TEST_MESSAGE("rsvg-convert not installed: skipped");
        return;
    }
    for (const std::string& name : scene_test::demo_scenes()) {
        const std::string svg_path = scene_test::tmp_dir() + "/" + name + ".svg";
        const std::string png_path = scene_test::tmp_dir() + "/" + name + ".png";
        scene_test::write_text(svg_path, svg_of(name));
        const std::string cmd = "\"" + rsvg + "\" -o \"" + png_path + "\" \"" + svg_path + "\"";
        BOOST_TEST(std::system(cmd.c_str()) == 0, cmd);
        BOOST_TEST(scene_test::read_text(png_path).rfind("\x89PNG", 0) == 0u);
    }
}

BOOST_AUTO_TEST_SUITE_END()
