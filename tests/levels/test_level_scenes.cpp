// Scenes that load the example level from each editor's file print the same lines
// (scenes/expected/editor_level.jsonl); the scene's "level" errors; `sweepbox level` prints a
// summary and `sweepbox run` runs a level scene.
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

#include <sweepbox/levels.hpp>
#if defined(SWEEPBOX_LEVELS_SCENES)
#    include <sweepbox/scene.hpp>
#endif

namespace {

#if defined(SWEEPBOX_LEVELS_SCENES) || defined(SWEEPBOX_PROGRAM_PATH)
std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}
#endif

#if defined(SWEEPBOX_PROGRAM_PATH)
// The program's standard output and exit status.
std::string run_program(const std::string& args, int& status) {
    const std::string command = std::string(SWEEPBOX_PROGRAM_PATH) + " " + args + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    std::string out;
    char buf[4096];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
    status = pclose(pipe);
    return out;
}
#endif

} // namespace

BOOST_AUTO_TEST_SUITE(level_scenes)

#if defined(SWEEPBOX_LEVELS_SCENES)

BOOST_AUTO_TEST_CASE(the_three_scenes_print_the_expected_lines) {
    using namespace sweepbox;
    const std::string dir = SWEEPBOX_SCENES_DIR;
    const auto expected = lines_of(dir + "/expected/editor_level.jsonl");
    BOOST_REQUIRE(expected.size() == 11u);
    for (const char* format : {"tmx", "tmj", "ldtk"}) {
        BOOST_TEST_CONTEXT(format) {
            SceneRunner runner(load_scene(dir + "/editor_level_" + format + ".json"), "editor_level.json");
            const auto actual = runner.run_all();
            BOOST_REQUIRE(actual.size() == expected.size());
            for (std::size_t i = 0; i < actual.size(); ++i) BOOST_TEST(actual[i] == expected[i], "step " << i);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_level_scene_saves_its_level_and_reads_back_equal) {
    using namespace sweepbox;
    const std::string path = std::string(SWEEPBOX_SCENES_DIR) + "/editor_level_ldtk.json";
    const Scene scene = load_scene(path);
    BOOST_TEST(scene.level == "levels/platformer.ldtk");
    BOOST_REQUIRE(scene.level_tiles);
    BOOST_TEST(scene.level_tiles->rows.size() == 12u);
    BOOST_TEST(scene.level_bodies.size() == 4u);
    const std::string saved = save_scene(scene);
    BOOST_TEST(saved.find("\"level\": \"levels/platformer.ldtk\"") != std::string::npos);
    BOOST_TEST(saved.find("\"tiles\"") == std::string::npos);
    BOOST_TEST((parse_scene(saved, path) == scene));
}

BOOST_AUTO_TEST_CASE(level_errors_name_the_scene_and_the_level_file) {
    using namespace sweepbox;
    const std::string scene_file = std::string(SWEEPBOX_SCENES_DIR) + "/x.json";
    struct Case {
        const char* text;
        const char* words;
    };
    const Case cases[] = {
        {R"({"level": "levels/none.tmx"})", "level: load_level: "},
        {R"({"level": "levels/platformer.tmx", "level_name": "Level_0"})", "a Tiled map holds one level"},
        {R"({"level_name": "Level_0"})", "needs \"level\""},
        {R"({"level": "levels/platformer.tmx", "tiles": {"rows": ["#"]}})", "not both"},
        {R"({"level": "levels/platformer.tmx", "bodies": [{"name": "lift", "box": [0, 0, 1, 1]}]})",
         "duplicate body name \"lift\""},
        {R"({"level": "levels/platformer.tmx", "steps": [{"op": "set_tile", "cell": [40, 0], "tile": "solid"}]})",
         "outside the tile map (32 columns, 12 rows)"},
        {R"({"level": "levels/platformer.tmx", "steps": [{"op": "set_tile", "cell": [0, 0], "tile": "#"}]})",
         "name a shape or one of the level's kinds"},
        {R"({"level": "levels/platformer.ldtk", "level_name": "Hall"})", "no level \"Hall\""},
    };
    for (const Case& c : cases) {
        BOOST_TEST_CONTEXT(c.text) {
            try {
                (void)parse_scene(c.text, scene_file);
                BOOST_TEST(false, "expected a SceneError");
            } catch (const SceneError& e) {
                BOOST_TEST(std::string(e.what()).find(c.words) != std::string::npos, e.what());
                BOOST_TEST(std::string(e.what()).rfind(scene_file, 0) == 0);
            }
        }
    }
    // A step may move a level's body by its name, and set a tile to a kind of the level.
    const Scene ok = parse_scene(R"({"level": "levels/platformer.tmx", "steps": [
        {"op": "move", "body": "lift", "delta": [0, -8]},
        {"op": "set_tile", "cell": [0, 0], "tile": "sensor_water"}]})",
                                 scene_file);
    SceneRunner runner(ok, "ok.json");
    BOOST_TEST(runner.run_all().size() == 2u);
    BOOST_TEST(runner.world().tiles().kind(runner.world().tiles().kind_at({0, 0})).sensor);
}

#endif

#if defined(SWEEPBOX_PROGRAM_PATH)
BOOST_AUTO_TEST_CASE(the_program_summarises_a_level_and_runs_its_scene) {
    const std::string dir = SWEEPBOX_SCENES_DIR;
    int status = -1;
    const std::string summary = run_program("level " + dir + "/levels/platformer.ldtk", status);
    BOOST_TEST(status == 0);
    BOOST_TEST(summary.find("map: 32 x 12 tiles of 16") != std::string::npos);
    BOOST_TEST(summary.find("spawn points: 2") != std::string::npos);
    const std::string bad = run_program("level " + dir + "/levels/platformer.ldtk --name Nope", status);
    BOOST_TEST(status != 0);
    BOOST_TEST(bad.find("no level \"Nope\"") != std::string::npos);
    const std::string renamed =
        run_program("level " + dir + "/levels/platformer.ldtk --rename sensor_water=sensor_lava", status);
    BOOST_TEST(renamed.find("sensor_lava") != std::string::npos);
    std::string expected;
    for (const std::string& l : lines_of(dir + "/expected/editor_level.jsonl")) expected += l + "\n";
    BOOST_TEST(run_program("run " + dir + "/editor_level_tmj.json", status) == expected);
    BOOST_TEST(status == 0);
}
#endif

BOOST_AUTO_TEST_SUITE_END()
