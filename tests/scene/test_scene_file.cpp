// Scene files: every op parses, save -> parse gives the same scene (and the same text), and every
// malformed case is rejected with a SceneError naming the place and the problem.
#include <boost/test/unit_test.hpp>

#include <iterator>
#include <limits>
#include <string>

#include "malformed_cases.hpp"
#include "scene_test_support.hpp"

using namespace sweepbox;

BOOST_AUTO_TEST_SUITE(scene_file)

// One step of every op, with every optional field away from its default.
const char* const every_op = R"({
  "description": "every op",
  "cell_size": 32.5,
  "tiles": {"origin": [-8, 0.25], "size": 16, "category": 4, "mask": 7, "rows": ["#=.", "..#"]},
  "bodies": [
    {"name": "wall", "box": [100, 0, 101, 400], "static": true, "category": 2, "mask": 5, "user_data": 77},
    {"name": "g", "box": [0, 0, 4, 4]}
  ],
  "steps": [
    {"op": "move", "body": "g", "delta": [500, 40], "response": "bounce", "restitution": 0.5, "friction": 0.1,
     "velocity": [500, 40], "max_iterations": 3, "check": true, "up": [1, 0], "max_floor_angle": 30, "comment": "hello"},
    {"op": "frames", "body": "g", "count": 10, "gravity": [0, 980], "dt": 0.02, "response": "touch"},
    {"op": "cast_ray", "from": [0, 10], "delta": [300, 0], "category": 2, "mask": 3, "ignore": "g",
     "bodies": false, "tiles": false},
    {"op": "cast_box", "box": [0, 0, 8, 8], "delta": [0, 300]},
    {"op": "cast_all", "box": [0, 0, 0, 0], "delta": [0.1, 300]},
    {"op": "query_rect", "box": [0, 0, 50, 50]},
    {"op": "query_point", "point": [1, 2]},
    {"op": "query_segment", "from": [1, 2], "to": [3, 4]},
    {"op": "overlapping_pairs"},
    {"op": "teleport", "body": "g", "box": [10, 10, 14, 14]},
    {"op": "set_tile", "cell": [2, 1], "tile": "="},
    {"op": "add", "name": "h", "box": [1, 1, 2, 2], "static": true, "category": 8, "mask": 9, "user_data": 3},
    {"op": "remove", "body": "h"},
    {"op": "add", "name": "h", "box": [5, 5, 6, 6]}
  ]
})";

BOOST_AUTO_TEST_CASE(every_op_parses_with_its_fields) {
    const Scene s = parse_scene(every_op, "every_op.json");
    BOOST_TEST(s.description == "every op");
    BOOST_TEST(s.cell_size == real(32.5));
    BOOST_REQUIRE(s.tiles.has_value());
    BOOST_TEST(s.tiles->rows.size() == 2u);
    BOOST_TEST(s.tiles->origin.y == real(0.25));
    BOOST_TEST(s.tiles->category == 4u);
    BOOST_REQUIRE(s.bodies.size() == 2u);
    BOOST_TEST(s.bodies[0].is_static);
    BOOST_TEST(s.bodies[0].user_data == 77u);
    BOOST_TEST(s.bodies[1].mask == 0xffffffffu);
    BOOST_REQUIRE(s.steps.size() == 14u);
    const SceneStep& m = s.steps[0];
    BOOST_TEST((m.op == SceneOp::move));
    BOOST_TEST((m.response == Response::bounce));
    BOOST_TEST(m.restitution == real(0.5));
    BOOST_TEST(m.friction == real(0.1));
    BOOST_TEST(m.has_velocity);
    BOOST_TEST(m.max_iterations == 3);
    BOOST_TEST(m.check);
    BOOST_TEST(bool(m.up == Vec2{1, 0}));
    BOOST_TEST(m.max_floor_angle == real(30));
    BOOST_TEST(m.comment == "hello");
    BOOST_TEST(s.steps[1].count == 10);
    BOOST_TEST(s.steps[1].dt == real(0.02));
    BOOST_TEST(!s.steps[1].has_velocity);
    BOOST_TEST(s.steps[2].ignore == "g");
    BOOST_TEST(!s.steps[2].bodies);
    BOOST_TEST(s.steps[10].tile == "=");
    BOOST_TEST(s.steps[10].cell.column == 2);
    BOOST_TEST(s.steps[11].add.name == "h");
    BOOST_TEST(s.steps[11].add.is_static);
}

BOOST_AUTO_TEST_CASE(save_then_load_gives_the_same_scene) {
    std::vector<std::string> texts{every_op};
    for (const std::string& name : scene_test::demo_scenes())
        texts.push_back(scene_test::read_text(scene_test::scenes_dir() + "/" + name + ".json"));
    for (const std::string& text : texts) {
        BOOST_REQUIRE(!text.empty());
        const Scene a = parse_scene(text, "a.json");
        const std::string saved = save_scene(a);
        const Scene b = parse_scene(saved, "b.json");
        BOOST_TEST((a == b));
        BOOST_TEST(save_scene(b) == saved); // the saved form is a fixed point
    }
}

// Every field of a particles step, and rest_speed on move and frames, read and saved back.
// "kind" sets static or platform; "crush" is read; both survive save and load.
BOOST_AUTO_TEST_CASE(kinds_and_crush_round_trip) {
    const Scene a = parse_scene(R"({
      "bodies": [{"name": "w", "box": [0, 0, 1, 1], "kind": "static"},
                 {"name": "d", "box": [2, 0, 3, 1], "kind": "dynamic"},
                 {"name": "p", "box": [4, 0, 9, 1], "kind": "platform"}],
      "steps": [{"op": "move", "body": "p", "delta": [1, 0], "crush": "pass"},
                {"op": "frames", "body": "p", "count": 2, "velocity": [0, -60]}]})");
    BOOST_TEST(a.bodies[0].is_static);
    BOOST_TEST(!a.bodies[0].is_platform);
    BOOST_TEST(!a.bodies[1].is_static);
    BOOST_TEST(!a.bodies[1].is_platform);
    BOOST_TEST(a.bodies[2].is_platform);
    BOOST_TEST((a.steps[0].crush == Crush::pass));
    BOOST_TEST((a.steps[1].crush == Crush::stop));
    BOOST_TEST((parse_scene(save_scene(a)) == a));
}

BOOST_AUTO_TEST_CASE(particles_step_fields_round_trip) {
    const Scene a = parse_scene(R"({
      "bodies": [{"name": "g", "box": [0, 0, 4, 4]}],
      "steps": [
        {"op": "move", "body": "g", "delta": [1, 0], "response": "bounce", "rest_speed": 12.5},
        {"op": "frames", "body": "g", "count": 3, "rest_speed": 7},
        {"op": "cast_box", "box": [0, 0, 2, 2], "delta": [30, 0]},
        {"op": "particles", "emit": [{"from": [1, 2], "velocity": [3, -4]},
                                     {"hit_step": 2, "count": 5, "spread": 30, "seed": 42, "min_speed": 0.25}],
         "frames": 9, "gravity": [0, 900], "dt": 0.02, "restitution": 0.5, "friction": 0.25, "rest_speed": 30,
         "max_iterations": 4, "category": 2, "mask": 5}
      ]})");
    BOOST_TEST(a.steps[0].rest_speed == real(12.5));
    BOOST_TEST(a.steps[1].rest_speed == real(7));
    const SceneStep& p = a.steps[3];
    BOOST_TEST((p.op == SceneOp::particles));
    BOOST_REQUIRE(p.emit.size() == 2u);
    BOOST_TEST(!p.emit[0].cone);
    BOOST_TEST(p.emit[0].velocity.y == real(-4));
    BOOST_TEST(p.emit[1].cone);
    BOOST_TEST(p.emit[1].hit_step == 2u);
    BOOST_TEST(p.emit[1].count == 5);
    BOOST_TEST(p.emit[1].spread == real(30));
    BOOST_TEST(p.emit[1].seed == 42u);
    BOOST_TEST(p.emit[1].min_speed == real(0.25));
    BOOST_TEST(p.count == 9);
    BOOST_TEST(p.dt == real(0.02));
    BOOST_TEST(p.rest_speed == real(30));
    BOOST_TEST(p.max_iterations == 4);
    BOOST_TEST(p.category == 2u);
    BOOST_TEST(p.mask == 5u);
    const Scene b = parse_scene(save_scene(a));
    BOOST_TEST((a == b));
    // One spark cone on its own is a list of one.
    const Scene c = parse_scene(R"({"steps": [{"op": "cast_ray", "from": [0, 0], "delta": [30, 0]},
        {"op": "particles", "emit": {"hit_step": 0, "count": 4}, "frames": 2}]})");
    BOOST_REQUIRE(c.steps[1].emit.size() == 1u);
    BOOST_TEST(c.steps[1].emit[0].cone);
    BOOST_TEST(c.steps[1].emit[0].count == 4);
}

BOOST_AUTO_TEST_CASE(saved_numbers_read_back_exactly) {
    // Values that have no short decimal form: the save must still give back the same bits.
    Scene a;
    SceneBody b;
    b.name = "x";
    b.box = {{real(0.1), real(1) / real(3)}, {real(16777216), real(3.0e38)}};
    a.bodies.push_back(b);
    SceneStep s;
    s.op = SceneOp::move;
    s.body = "x";
    s.delta = {real(-1e-30), real(2) / real(3)};
    s.restitution = real(0.7);
    a.steps.push_back(s);
    const Scene c = parse_scene(save_scene(a));
    BOOST_TEST((a == c));
}

BOOST_AUTO_TEST_CASE(file_round_trip) {
    const Scene a = parse_scene(every_op);
    const std::string path = scene_test::tmp_dir() + "/round_trip.json";
    save_scene_file(a, path);
    BOOST_TEST((load_scene(path) == a));
}

BOOST_AUTO_TEST_CASE(format_real_is_shortest_and_exact) {
    BOOST_TEST(format_real(100) == "100");
    BOOST_TEST(format_real(real(-0.0)) == "0");
    BOOST_TEST(format_real(real(0.192)) == "0.192");
    BOOST_TEST(format_real(real(-250)) == "-250");
    for (real v : {real(1) / real(3), real(0.1), real(9.68), real(1e-30), real(3.0e38), real(-123456.7)}) {
        const std::string t = format_real(v);
        BOOST_TEST(real(std::stod(t)) == v);
    }
}

// Every slope name is a shape name wherever one is taken: a kind's "shape", a legend value and a
// set_tile step's "tile"; each names its own kind, the shape's index, and survives save and load.
BOOST_AUTO_TEST_CASE(slope_names_are_shape_names) {
    const char* const slopes[] = {"slope45_ul",     "slope45_ur",      "slope45_dl",     "slope45_dr",
                                  "shallow_ul_low", "shallow_ul_high", "shallow_ur_low", "shallow_ur_high",
                                  "shallow_dl_low", "shallow_dl_high", "shallow_dr_low", "shallow_dr_high",
                                  "steep_ul_low",   "steep_ul_high",   "steep_ur_low",   "steep_ur_high",
                                  "steep_dl_low",   "steep_dl_high",   "steep_dr_low",   "steep_dr_high"};
    BOOST_TEST(std::size(slopes) + 6u == std::size_t(tile_shape_count));
    for (std::size_t i = 0; i < std::size(slopes); ++i) {
        const std::string name = slopes[i];
        BOOST_TEST_CONTEXT("shape " << name) {
            const Scene a = parse_scene(R"({"tiles": {"size": 16, "rows": ["ab"], "legend": {"a": ")" + name +
                                        R"(", "b": "ramp"}, "kinds": [{"name": "ramp", "shape": ")" + name +
                                        R"("}]}, "steps": [{"op": "set_tile", "cell": [1, 0], "tile": ")" + name +
                                        R"("}]})");
            const TileShape shape = TileShape(int(TileShape::slope45_ul) + int(i));
            BOOST_REQUIRE(a.tiles.has_value());
            BOOST_TEST(scene_tile_kind(*a.tiles, name) == int(shape));
            BOOST_TEST(scene_tile_kind(*a.tiles, "a") == int(shape));
            BOOST_TEST(scene_tile_kind(*a.tiles, "b") == tile_shape_count); // the first scene kind
            BOOST_TEST((a.tiles->kinds.at(0).shape == shape));
            BOOST_TEST(a.steps.at(0).tile == name);
            BOOST_TEST(save_scene(a).find(R"("shape": ")" + name + "\"") != std::string::npos);
            BOOST_TEST((parse_scene(save_scene(a)) == a));
        }
    }
}

// The default legend: '.' empty, '#' solid, '=' one_way_down, '/' slope45_ul and '\' (a
// backslash, escaped in JSON) slope45_ur; a scene's legend overrides either.
BOOST_AUTO_TEST_CASE(default_legend_has_the_45_degree_slopes) {
    const Scene a = parse_scene(R"({"tiles": {"size": 16, "rows": ["./\\#="]}})");
    const SceneTiles& t = *a.tiles;
    BOOST_TEST(t.rows.at(0) == "./\\#=");
    BOOST_TEST(scene_tile_kind(t, ".") == int(TileShape::empty));
    BOOST_TEST(scene_tile_kind(t, "/") == int(TileShape::slope45_ul));
    BOOST_TEST(scene_tile_kind(t, "\\") == int(TileShape::slope45_ur));
    BOOST_TEST(scene_tile_kind(t, "#") == int(TileShape::solid));
    BOOST_TEST(scene_tile_kind(t, "=") == int(TileShape::one_way_down));
    const Scene b = parse_scene(R"({"tiles": {"size": 16, "rows": ["/\\"], "legend": {"/": "steep_dr_high",
                                 "\\": "solid"}}})");
    BOOST_TEST(scene_tile_kind(*b.tiles, "/") == int(TileShape::steep_dr_high));
    BOOST_TEST(scene_tile_kind(*b.tiles, "\\") == int(TileShape::solid));
    BOOST_TEST((parse_scene(save_scene(b)) == b));
    // Not a default: another punctuation character is still an unknown tile.
    BOOST_CHECK_THROW((void)parse_scene(R"({"tiles": {"size": 16, "rows": ["|"]}})"), SceneError);
}

// A scene holds up to max_tile_kinds - tile_shape_count kinds of its own, after the shapes.
BOOST_AUTO_TEST_CASE(scene_kinds_come_after_every_shape) {
    std::string kinds;
    const int most = max_tile_kinds - tile_shape_count;
    for (int i = 0; i < most; ++i) kinds += (i ? ", " : "") + std::string(R"({"name": "k)") + std::to_string(i) + "\"}";
    const Scene a = parse_scene(R"({"tiles": {"size": 16, "rows": ["."], "kinds": [)" + kinds + "]}}");
    BOOST_TEST(a.tiles->kinds.size() == std::size_t(most));
    BOOST_TEST(scene_tile_kind(*a.tiles, "k0") == tile_shape_count);
    BOOST_TEST(scene_tile_kind(*a.tiles, "k" + std::to_string(most - 1)) == max_tile_kinds - 1);
}

BOOST_AUTO_TEST_CASE(every_malformed_case_names_the_place_and_the_problem) {
    for (const scene_test::Malformed& m : scene_test::malformed_cases()) {
        BOOST_TEST_CONTEXT("case " << m.name) {
            bool thrown = false;
            try {
                (void)parse_scene(m.text, "bad.json");
            } catch (const SceneError& e) {
                thrown = true;
                BOOST_TEST(e.file() == "bad.json");
                BOOST_TEST(e.where() == m.where);
                BOOST_TEST(e.problem().find(m.problem) != std::string::npos, "problem: " << e.problem());
                const std::string what = e.what();
                BOOST_TEST(what.find('\n') == std::string::npos);
                BOOST_TEST(what.rfind("bad.json: ", 0) == 0u);
            }
            BOOST_TEST(thrown);
        }
    }
}

BOOST_AUTO_TEST_CASE(missing_file_is_a_scene_error) {
    BOOST_CHECK_THROW((void)load_scene(scene_test::tmp_dir() + "/no/such/scene.json"), SceneError);
}

BOOST_AUTO_TEST_CASE(a_directory_is_not_a_scene_file) {
    try {
        (void)load_scene(scene_test::tmp_dir());
        BOOST_TEST(false, "expected a SceneError");
    } catch (const SceneError& e) {
        BOOST_TEST(e.problem().find("is a directory") != std::string::npos, e.problem());
        BOOST_TEST(e.problem().find("parse error") == std::string::npos, e.problem());
    }
}

BOOST_AUTO_TEST_CASE(duplicate_key_names_its_line_and_column) {
    try {
        (void)parse_scene("{\n  \"cell_size\": 8,\n  \"steps\": [],\n  \"cell_size\": 16\n}", "dup.json");
        BOOST_TEST(false, "expected a SceneError");
    } catch (const SceneError& e) {
        BOOST_TEST(e.where() == "scene");
        BOOST_TEST(e.problem() == "duplicate key \"cell_size\" at line 4, column 3");
    }
    // The same key in two different objects is fine.
    BOOST_CHECK_NO_THROW((void)parse_scene(R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1]},
                                                          {"name": "b", "box": [0, 0, 1, 1]}]})"));
}

BOOST_AUTO_TEST_CASE(format_real_refuses_non_finite_numbers) {
    // inf and nan are not JSON: the output must never carry them.
    BOOST_CHECK_THROW((void)format_real(std::numeric_limits<real>::infinity()), SceneError);
    BOOST_CHECK_THROW((void)format_real(-std::numeric_limits<real>::infinity()), SceneError);
    BOOST_CHECK_THROW((void)format_real(std::numeric_limits<real>::quiet_NaN()), SceneError);
    BOOST_TEST(format_real(std::numeric_limits<real>::max()) == "3.4028235e+38");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scene_file)

// Never crash: thousands of byte-level mutations of the demo scenes either load (and then run)
// or fail with a SceneError; nothing else escapes.
BOOST_AUTO_TEST_CASE(mutated_scenes_load_or_fail_cleanly) {
    std::uint32_t seed = 12345;
    auto next = [&seed] {
        seed = seed * 1664525u + 1013904223u;
        return seed >> 8;
    };
    const char alphabet[] = "{}[]\",:0123456789.-eE+ #=.abcnulltruefalse\\";
    int loaded = 0, rejected = 0;
    for (const std::string& name : scene_test::demo_scenes()) {
        const std::string original = scene_test::read_text(scene_test::scenes_dir() + "/" + name + ".json");
        for (int k = 0; k < 500; ++k) {
            std::string text = original;
            const int edits = 1 + int(next() % 3);
            for (int e = 0; e < edits; ++e) {
                const std::size_t at = next() % text.size();
                switch (next() % 3) {
                case 0: text[at] = alphabet[next() % (sizeof alphabet - 1)]; break;
                case 1: text.erase(at, 1 + next() % 4); break;
                default: text.insert(at, 1, alphabet[next() % (sizeof alphabet - 1)]); break;
                }
            }
            try {
                Scene s = parse_scene(text, "mutant.json");
                // Keep the run short: a mutated count could ask for a million frames, and a
                // restitution above 1 makes the velocity grow 30-fold per bounce until single
                // moves are 1e13 units long, which the core currently takes seconds to walk
                // (reported to the lead; not a crash, but too slow for a unit test).
                std::int64_t frames = 0;
                bool gaining = false;
                for (const SceneStep& st : s.steps) {
                    frames += st.count;
                    gaining = gaining || st.restitution > 1;
                }
                ++loaded;
                if (frames > 5000 || gaining) continue;
                SceneRunner runner(std::move(s), "mutant.json");
                (void)runner.run_all();
            } catch (const SceneError& e) {
                ++rejected;
                BOOST_TEST(std::string(e.what()).find('\n') == std::string::npos);
            }
        }
    }
    BOOST_TEST_MESSAGE("mutants loaded: " << loaded << ", rejected: " << rejected);
    BOOST_TEST(rejected > 0);
}

BOOST_AUTO_TEST_SUITE_END()
