// Suite `scene_snapshots`: the save and restore steps of scene files (docs/scenes.md). After a
// restore the steps print what they printed after the save (names, velocities and ground states
// come back with the world); a body removed after the save is live again; a movable snapshot is
// refused once the level changed; `sweepbox format` keeps the steps.
#include <string>
#include <vector>
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "scene_test_support.hpp"

using namespace sweepbox;
using json = nlohmann::json;

namespace {

// A line without its "step" field (the same step run at another index prints the same rest).
json without_step(const std::string& line) {
    json j = json::parse(line);
    j.erase("step");
    return j;
}

const char* const room = R"(
  "tiles": {"size": 16, "rows": ["##########", "#........#", "#...==...#", "#........#", "##########"]},
  "bodies": [{"name": "hero", "box": [20, 20, 30, 36]}, {"name": "crate", "box": [100, 40, 112, 48]},
             {"name": "post", "box": [80, 16, 82, 64], "static": true}],)";

} // namespace

BOOST_AUTO_TEST_SUITE(scene_snapshots)

// Every step after a restore prints what the same step printed after the save, even when other
// steps (a fall, a removal, a door) ran in between.
BOOST_AUTO_TEST_CASE(after_a_restore_the_steps_print_the_same_lines) {
    const std::string common = R"({"op": "frames", "body": "hero", "count": 20, "gravity": [0, 900], "walk": 60,
                                    "response": "slide", "snap": 2},
                                  {"op": "move", "body": "crate", "delta": [-40, 3], "response": "bounce",
                                    "velocity": [-40, 3], "restitution": 0.5},
                                  {"op": "events"},
                                  {"op": "cast_all", "box": [10, 30, 14, 34], "delta": [120, 0]})";
    const auto lines = scene_test::run_text(std::string("{") + room + R"("steps": [{"op": "events"},
        {"op": "save", "snapshot": "s"},)" + common +
                                            R"(,
        {"op": "remove", "body": "crate"}, {"op": "set_tile", "cell": [4, 2], "tile": "#"},
        {"op": "restore", "snapshot": "s"},)" +
                                            common + "]}");
    BOOST_REQUIRE(lines.size() == 13u);
    for (std::size_t k = 0; k < 4; ++k) BOOST_TEST(without_step(lines[2 + k]) == without_step(lines[9 + k]));
    BOOST_TEST(json::parse(lines[1]).at("bytes").get<std::size_t>() > 0u);
    BOOST_TEST(json::parse(lines[8]).at("snapshot") == "s");
}

BOOST_AUTO_TEST_CASE(a_movable_snapshot_is_refused_once_the_level_changed) {
    const std::string text = std::string("{") + room + R"("steps": [
        {"op": "save", "snapshot": "m", "mode": "movable"}, {"op": "move", "body": "hero", "delta": [5, 0]},
        {"op": "restore", "snapshot": "m"}, {"op": "set_tile", "cell": [4, 2], "tile": "#"},
        {"op": "restore", "snapshot": "m"}]})";
    SceneRunner runner(parse_scene(text, "m.json"), "m.json");
    for (std::size_t i = 0; i < 4; ++i) BOOST_CHECK_NO_THROW(runner.run_step(i));
    try {
        runner.run_step(4);
        BOOST_TEST(false, "expected a SceneError");
    } catch (const SceneError& e) {
        BOOST_TEST(e.where() == "step 4 (restore)");
        BOOST_TEST(std::string(e.what()).find("another level") != std::string::npos, e.what());
    }
    BOOST_TEST(runner.world().box(runner.bodies()[0].id).min.x == 20); // the first restore put it back
}

// The body names a save knew come back with the restore (parse_scene checks them so).
BOOST_AUTO_TEST_CASE(a_removed_body_is_live_again_after_the_restore) {
    const auto lines = scene_test::run_text(std::string("{") + room + R"("steps": [
        {"op": "save", "snapshot": "s"}, {"op": "remove", "body": "crate"},
        {"op": "add", "name": "ball", "box": [40, 40, 44, 44]}, {"op": "restore", "snapshot": "s"},
        {"op": "teleport", "body": "crate", "box": [100, 20, 112, 28]}, {"op": "query_point", "point": [42, 42]}]})");
    BOOST_REQUIRE(lines.size() == 6u);
    BOOST_TEST(json::parse(lines[4]).at("body") == "crate");
    BOOST_TEST(json::parse(lines[5]).at("found").empty()); // the ball is gone with the restore
}

BOOST_AUTO_TEST_CASE(format_keeps_the_steps) {
    const Scene scene = parse_scene(std::string("{") + room + R"("steps": [
        {"op": "save", "snapshot": "s", "mode": "movable"}, {"op": "save", "snapshot": "t"},
        {"op": "restore", "snapshot": "s"}]})");
    const Scene again = parse_scene(save_scene(scene));
    BOOST_TEST((again == scene));
    BOOST_TEST((again.steps[0].snapshot_mode == SnapshotMode::movable));
    BOOST_TEST((again.steps[1].snapshot_mode == SnapshotMode::full));
}

BOOST_AUTO_TEST_SUITE_END()
