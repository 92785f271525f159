// The runner: the JSON Lines of each demo scene equal scenes/expected/<name>.jsonl, and the
// expected values make physical sense (checked here by hand, independently of the library).
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sweepbox/character.hpp>

#include "scene_test_support.hpp"

using namespace sweepbox;
using json = nlohmann::json;

namespace {

std::vector<std::string> run_file(const std::string& name) {
    const std::string path = scene_test::scenes_dir() + "/" + name + ".json";
    SceneRunner runner(load_scene(path), path);
    return runner.run_all();
}

json line(const std::vector<std::string>& lines, std::size_t i) {
    BOOST_REQUIRE(i < lines.size());
    return json::parse(lines[i]);
}

bool near(const json& j, double v, double tol = 1e-3) { return std::fabs(j.get<double>() - v) <= tol; }

bool near_all(const json& arr, std::initializer_list<double> vs, double tol = 1e-3) {
    if (!arr.is_array() || arr.size() != vs.size()) return false;
    std::size_t i = 0;
    for (double v : vs)
        if (!near(arr[i++], v, tol)) return false;
    return true;
}

} // namespace

BOOST_AUTO_TEST_SUITE(scene_run)

BOOST_AUTO_TEST_CASE(demo_scenes_match_expected_output) {
    for (const std::string& name : scene_test::demo_scenes()) {
        BOOST_TEST_CONTEXT("scene " << name) {
            const auto expected = scene_test::read_lines(scene_test::scenes_dir() + "/expected/" + name + ".jsonl");
            BOOST_REQUIRE(!expected.empty());
            const auto actual = run_file(name);
            BOOST_REQUIRE_EQUAL(actual.size(), expected.size());
            for (std::size_t i = 0; i < actual.size(); ++i) {
                BOOST_TEST_CONTEXT("step " << i) { BOOST_TEST(actual[i] == expected[i]); }
                // Every line is one JSON object whose "step" is its index.
                const json j = json::parse(actual[i]);
                BOOST_TEST(j.is_object());
                BOOST_TEST(j.at("step").get<std::size_t>() == i);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(same_scene_same_bits) {
    for (const std::string& name : scene_test::demo_scenes()) BOOST_TEST(run_file(name) == run_file(name));
}

// The design example, by hand: box [0,0,4,4] moves by [500,40] toward the wall [100,0,101,400].
// Its right edge reaches x=100 at t = 96/500 = 0.192, when it has moved [96, 7.68]: contact box
// [96, 7.68, 100, 11.68], normal [-1, 0], point = middle of the touching faces = [100, 9.68].
// The rest of the motion, 0.808 * [500, 40] = [404, 32.32], bounces with restitution 0.5 and
// friction 0.1: [-202, 29.088]; so the box ends at [96-202, 7.68+29.088] = [-106, 36.768],
// and the velocity [500, 40] becomes [-0.5*500, 0.9*40] = [-250, 36].
BOOST_AUTO_TEST_CASE(design_example_by_hand) {
    const auto lines = run_file("design_example");
    const json m = line(lines, 0);
    BOOST_TEST(m.at("op") == "move");
    BOOST_TEST(m.at("body") == "grenade");
    BOOST_TEST(near_all(m.at("box"), {-106, 36.768, -102, 40.768}));
    BOOST_TEST(near_all(m.at("velocity"), {-250, 36}, 1e-4));
    BOOST_REQUIRE(m.at("contacts").size() == 1u);
    const json& c = m.at("contacts")[0];
    BOOST_TEST(c.at("other") == "wall");
    BOOST_TEST(near(c.at("time"), 0.192, 1e-6));
    BOOST_TEST(near_all(c.at("normal"), {-1, 0}, 0));
    BOOST_TEST(near_all(c.at("point"), {100, 9.68}, 1e-4));
    BOOST_TEST(near_all(c.at("box"), {96, 7.68, 100, 11.68}, 1e-4));
    BOOST_TEST(c.at("box")[2].get<double>() == 100.0); // flush exactly (rule 5)
    BOOST_TEST(c.at("response") == "bounce");
    BOOST_TEST(c.at("started_overlapping") == false);
    // The field order of docs/scenes.md.
    BOOST_TEST(lines[0].rfind(R"({"step": 0, "op": "move", "body": "grenade", "box": [)", 0) == 0u);
    BOOST_TEST(
        lines[0].find(
            R"("contacts": [{"other": "wall", "time": 0.192, "normal": [-1, 0], "point": [100, 9.68], "box": [96, )") !=
        std::string::npos);
    // The ray from [0,10] along [300,0] meets the wall's face x=100 at t=1/3.
    const json r = line(lines, 1);
    BOOST_TEST(r.at("hit") == true);
    BOOST_TEST(real(r.at("time").get<double>()) == real(1) / real(3)); // reads back to the same real
    BOOST_TEST(near_all(r.at("point"), {100, 10}, 0));
    BOOST_TEST(near_all(r.at("normal"), {-1, 0}, 0));
    BOOST_TEST(r.at("other") == "wall");
    BOOST_TEST(
        lines[1] ==
        R"({"step": 1, "op": "cast_ray", "hit": true, "time": 0.33333334, "point": [100, 10], "normal": [-1, 0], "other": "wall"})");
    // An 8x8 box falling 300 from y=0 ends at y=308, above the tile map's first solid row (y=416).
    BOOST_TEST(lines[2] == R"({"step": 2, "op": "cast_box", "hit": false})");
    BOOST_TEST(lines[4] == R"({"step": 4, "op": "teleport", "body": "grenade", "box": [10, 10, 14, 14]})");
}

BOOST_AUTO_TEST_CASE(bullets_by_hand) {
    const auto lines = run_file("bullets");
    // bullet_a from [10,20] by [140,20] reaches x=100 at t=90/140 (y=20+20*90/140), bounces back.
    const json a = line(lines, 0);
    BOOST_REQUIRE(a.at("contacts").size() == 1u);
    BOOST_TEST(a.at("contacts")[0].at("other") == "wall_1");
    BOOST_TEST(near(a.at("contacts")[0].at("time"), 90.0 / 140.0, 1e-6));
    BOOST_TEST(near_all(a.at("contacts")[0].at("point"), {100, 20 + 20 * 90.0 / 140.0}, 1e-4));
    BOOST_TEST(near_all(a.at("contacts")[0].at("normal"), {-1, 0}, 0));
    BOOST_TEST(near_all(a.at("velocity"), {-1400, 200}, 0));   // the spark direction: x mirrored
    BOOST_TEST(near_all(a.at("box"), {50, 40, 50, 40}, 1e-3)); // 50 of the 140 left, mirrored
    // bullet_b from the right hits the 0-thickness wall_0 at x=160 at t=70/120, normal +x.
    const json b = line(lines, 1);
    BOOST_REQUIRE(b.at("contacts").size() == 1u);
    BOOST_TEST(b.at("contacts")[0].at("other") == "wall_0");
    BOOST_TEST(near(b.at("contacts")[0].at("time"), 70.0 / 120.0, 1e-6));
    BOOST_TEST(near_all(b.at("contacts")[0].at("normal"), {1, 0}, 0));
    BOOST_TEST(b.at("box")[0].get<double>() > 160.0); // still on its own side of the wall
    // bullet_c from the left hits wall_0 at t=0.5 and stays on the left.
    const json c = line(lines, 2);
    BOOST_REQUIRE(c.at("contacts").size() == 1u);
    BOOST_TEST(near(c.at("contacts")[0].at("time"), 0.5, 1e-6));
    BOOST_TEST(c.at("box")[0].get<double>() < 160.0);
    // bullet_d moving up crosses the horizontal 0-thickness ledge line y=140 at t=0.5, x=50.
    const json d = line(lines, 3);
    BOOST_REQUIRE(d.at("contacts").size() == 1u);
    BOOST_TEST(near_all(d.at("contacts")[0].at("point"), {50, 140}, 1e-4));
    BOOST_TEST(near_all(d.at("contacts")[0].at("normal"), {0, 1}, 0));
    BOOST_TEST(d.at("box")[1].get<double>() > 140.0);
    // flush: on wall_1's right face moving into it: hit at t=0, stays put, velocity loses its x.
    const json f = line(lines, 4);
    BOOST_REQUIRE(f.at("contacts").size() == 1u);
    BOOST_TEST(f.at("contacts")[0].at("time").get<double>() == 0.0);
    BOOST_TEST(near_all(f.at("box"), {101, 70, 101, 70}, 0));
    BOOST_TEST(near_all(f.at("velocity"), {0, 100}, 0));
    // grazer: along the line of wall_0, never crossing it: no contact (rule 3).
    const json g = line(lines, 5);
    BOOST_TEST(g.at("contacts").empty());
    BOOST_TEST(near_all(g.at("box"), {160, 140, 160, 140}, 0));
    // The piercing shot meets wall_1 (x=100) then wall_0 (x=160), each once, in order.
    const json all = line(lines, 6);
    BOOST_REQUIRE(all.at("hits").size() == 2u);
    BOOST_TEST(all.at("hits")[0].at("other") == "wall_1");
    BOOST_TEST(near(all.at("hits")[0].at("time"), 100.0 / 240.0, 1e-6));
    BOOST_TEST(all.at("hits")[1].at("other") == "wall_0");
    BOOST_TEST(near(all.at("hits")[1].at("time"), 160.0 / 240.0, 1e-6));
    // The ray from x=240 leftward stops at wall_0 (x=160), t=80/240.
    const json r = line(lines, 7);
    BOOST_TEST(r.at("other") == "wall_0");
    BOOST_TEST(near_all(r.at("point"), {160, 10}, 0));
}

BOOST_AUTO_TEST_CASE(water_scene_events_make_sense) {
    const auto lines = run_file("water");
    // The player walks through the pool (tiles 10-13, rows 7-8) within the frames of step 3 and
    // stops in the ladder (column 19): each pool tile begins and ends, the ladder only begins.
    const json e = line(lines, 4);
    const json pool_and_ladder = json::parse(R"([["player", {"tile": [10, 7]}], ["player", {"tile": [11, 7]}],
        ["player", {"tile": [12, 7]}], ["player", {"tile": [13, 7]}], ["player", {"tile": [19, 7]}],
        ["player", {"tile": [10, 8]}], ["player", {"tile": [11, 8]}], ["player", {"tile": [12, 8]}],
        ["player", {"tile": [13, 8]}], ["player", {"tile": [19, 8]}]])");
    BOOST_TEST(e.at("sensor_begin") == pool_and_ladder);
    json pool = pool_and_ladder;
    pool.erase(9);
    pool.erase(4);
    BOOST_TEST(e.at("sensor_end") == pool);
    // The bullet crosses the trigger within one move: a begin and an end.
    const json b = line(lines, 6);
    BOOST_TEST(b.at("sensor_begin") == json::parse(R"([["bullet", "trigger"]])"));
    BOOST_TEST(b.at("sensor_end") == json::parse(R"([["bullet", "trigger"]])"));
    // A cast with "sensors" stops at the trigger body and the ladder tile; without, at the wall.
    BOOST_TEST(line(lines, 11).at("other") == "trigger");
    BOOST_TEST(line(lines, 11).at("time") == 0.6388889);
    BOOST_TEST(line(lines, 12).at("other") == json::parse(R"({"tile": [23, 1]})"));
    BOOST_TEST(line(lines, 13).at("other") == json::parse(R"({"tile": [19, 6]})"));
    BOOST_TEST(near_all(line(lines, 13).at("box"), {320, 100, 324, 104}, 0));
    // The bullet bounces off the wall within one move: a contact begin and end.
    const json bounce = line(lines, 16);
    BOOST_TEST(bounce.at("contact_begin") == json::parse(R"([["bullet", {"tile": [23, 2]}]])"));
    BOOST_TEST(bounce.at("contact_end") == json::parse(R"([["bullet", {"tile": [23, 2]}]])"));
    // Walking on the floor, the player touches the two floor tiles under it.
    BOOST_TEST(line(lines, 0).at("contact_begin") ==
               json::parse(R"([["player", {"tile": [1, 9]}], ["player", {"tile": [2, 9]}]])"));
}

BOOST_AUTO_TEST_CASE(barrier_scene_stops_only_the_slime) {
    const auto lines = run_file("barrier");
    // The hero (mask 1) walks through the glass (column 10, category 2) to the stone wall at x 320;
    // the slime (mask 3) stops flush against the glass at x 160.
    const json hero = line(lines, 1); // (kept: the loop below reads into it)
    BOOST_TEST(near_all(hero.at("box"), {308, 88, 320, 112}, 0));
    BOOST_TEST(near_all(line(lines, 2).at("box"), {144, 100, 160, 112}, 0));
    int floor = 0; // the hero's contacts: the floor (row 7) and the stone wall, never the glass
    for (const json& c : hero.at("contacts")) {
        const json& tile = c.at("other").at("tile");
        BOOST_TEST((tile[1] == 7 || tile[0] == 20));
        floor += tile[1] == 7;
    }
    BOOST_TEST(floor >= 150);
    // Only the slime touches the glass.
    const json e = line(lines, 3);
    int glass = 0;
    for (const json& pair : e.at("contact_begin"))
        if (pair[1].at("tile") == json::parse("[10, 6]")) {
            BOOST_TEST(pair[0] == "slime");
            ++glass;
        }
    BOOST_TEST(glass == 1);
    // A ray or query of mask 2 sees the glass; of mask 1, the stone.
    BOOST_TEST(line(lines, 4).at("other") == json::parse(R"({"tile": [10, 6]})"));
    BOOST_TEST(line(lines, 5).at("other") == json::parse(R"({"tile": [20, 6]})"));
    BOOST_TEST(line(lines, 6).at("found") == json::parse(R"([{"tile": [10, 4]}])"));
    BOOST_TEST(line(lines, 7).at("found") == json::parse(R"([{"tile": [20, 4]}])"));
}

BOOST_AUTO_TEST_CASE(grenade_rests_inside_the_room) {
    const std::string path = scene_test::scenes_dir() + "/grenade_room.json";
    SceneRunner runner(load_scene(path), path);
    const auto lines = runner.run_all();
    const TileMap& tiles = runner.world().tiles();
    // Never inside a solid tile, after any frame (contract rule 6).
    for (const MoveTrace& t : runner.trace().moves)
        for (std::int32_t r = 0; r < tiles.rows(); ++r)
            for (std::int32_t c = 0; c < tiles.columns(); ++c)
                if (tiles.get({c, r}) == Tile::solid) BOOST_TEST(!overlaps(t.result.box, tiles.cell_box({c, r})));
    // It bounced on the ceiling, a wall and the floor, and every bounce lost energy:
    // |v after| <= |v before| for every frame with a contact.
    bool ceiling = false, wall = false, floor = false;
    for (const MoveTrace& t : runner.trace().moves) {
        for (const Contact& c : t.result.contacts) {
            ceiling = ceiling || c.normal.y > 0;
            floor = floor || c.normal.y < 0;
            wall = wall || c.normal.x != 0;
        }
        if (!t.result.contacts.empty())
            BOOST_TEST(std::hypot(t.result.velocity.x, t.result.velocity.y) <=
                       std::hypot(t.velocity_before.x, t.velocity_before.y) * 1.0001f);
    }
    BOOST_TEST(ceiling);
    BOOST_TEST(wall);
    BOOST_TEST(floor);
    // rest_speed 40 brings it to rest by itself: through the whole second step it lies on the
    // floor (y = 11 * 16 = 176) with velocity zero, the same bits every frame (each frame still
    // meets the floor, as gravity pulls it in, and drops that part).
    const json last = json::parse(lines.back());
    BOOST_TEST(last.at("box")[3].get<double>() == 176.0);
    BOOST_TEST(last.at("velocity")[0].get<double>() == 0.0);
    BOOST_TEST(last.at("velocity")[1].get<double>() == 0.0);
    int resting_frames = 0;
    for (const MoveTrace& t : runner.trace().moves) {
        if (t.step != 1) continue;
        ++resting_frames;
        BOOST_TEST((t.start == t.result.box));
        BOOST_TEST((t.result.velocity == Vec2{0, 0}));
        BOOST_TEST(t.result.contacts.size() == 1u);
    }
    BOOST_TEST(resting_frames == 60);
}

// The frames of one step of a body, in order, from the runner's trace.
std::vector<MoveTrace> frames_of(const SceneRunner& runner, std::size_t step) {
    std::vector<MoveTrace> out;
    for (const MoveTrace& t : runner.trace().moves)
        if (t.step == step) out.push_back(t);
    return out;
}

// The names a step's contacts list.
std::vector<std::string> others_of(const json& step_line) {
    std::vector<std::string> out;
    for (const json& c : step_line.at("contacts"))
        if (c.at("other").is_string()) out.push_back(c.at("other").get<std::string>());
    return out;
}

bool names(const std::vector<std::string>& list, const std::string& name) {
    return std::find(list.begin(), list.end(), name) != list.end();
}

// The platformer level, walking (steps 0 and 1): "walk": 120 at dt 1/60 is 2 units across a
// frame. The hill's left ramp is the line x + y = 304 ('/' tiles, solid where x + y >= 304), its
// right ramp y = x - 32 ('\' tiles, solid where y >= x - 32), the plateau between them y = 160.
BOOST_AUTO_TEST_CASE(platformer_walks_the_ramps_at_constant_speed) {
    const std::string path = scene_test::scenes_dir() + "/platformer.json";
    SceneRunner runner(load_scene(path), path);
    const auto lines = runner.run_all();
    const TileMap& tiles = runner.world().tiles();
    std::vector<MoveTrace> walk = frames_of(runner, 0);
    for (const MoveTrace& t : frames_of(runner, 1)) walk.push_back(t);
    BOOST_REQUIRE(walk.size() == 65u + 68u);
    int up = 0, down = 0;
    bool was_on_ramp = false;
    for (const MoveTrace& t : walk) {
        BOOST_TEST_CONTEXT("step " << t.step << ", frame " << t.frame) {
            const Aabb& b = t.result.box;
            const GroundState g = ground_state(t.result);
            // On a floor after every frame: floor snap keeps it on the ramps and over the crests.
            BOOST_TEST(g.on_floor);
            // Never into a solid tile, nor under a ramp's line.
            for (std::int32_t r = 0; r < tiles.rows(); ++r)
                for (std::int32_t c = 0; c < tiles.columns(); ++c)
                    if (tiles.get({c, r}) == Tile::solid) BOOST_TEST(!overlaps(b, tiles.cell_box({c, r})));
            if (b.max.x > 96 && b.max.x <= 144) BOOST_TEST(b.max.x + b.max.y <= 304 + 1e-3);
            if (b.min.x >= 192 && b.min.x < 240) BOOST_TEST(b.max.y <= b.min.x - 32 + 1e-3);
            // A frame that starts on a ramp walks 2 units across it (constant_speed), up or down.
            const real dx = b.min.x - t.start.min.x, dy = b.max.y - t.start.max.y;
            if (was_on_ramp) {
                BOOST_TEST(std::fabs(dx - 2) <= 1e-4);
                up += dy < -1;
                down += dy > 1;
            }
            BOOST_TEST(dx <= 2 + 1e-4);
            was_on_ramp = g.on_floor && g.floor_normal.x != 0;
        }
    }
    BOOST_TEST(up >= 20);
    BOOST_TEST(down >= 20);
    // Step 0 ends on the plateau; step 1 at the floor (row 13, y = 208), past the gate
    // (x = 256..258, one-way "left": it lets a rightward walker through without a contact).
    BOOST_TEST(line(lines, 0).at("box")[3].get<double>() == 160.0);
    const json walked = line(lines, 1);
    BOOST_TEST(walked.at("box")[3].get<double>() == 208.0);
    BOOST_TEST(walked.at("box")[0].get<double>() > 258.0);
    BOOST_TEST(walked.at("on_floor") == true);
    BOOST_TEST(!names(others_of(walked), "gate"));
}

// The platformer level after the walk: the jump up through the one-way ledge and the ferry (a
// moving jump-through platform) onto the ferry, the ride, the crush, the dry run, the drop
// through, the gate that blocks from one side and the gem that comes to rest.
BOOST_AUTO_TEST_CASE(platformer_rides_drops_through_and_is_stopped_by_the_gate) {
    const std::string path = scene_test::scenes_dir() + "/platformer.json";
    SceneRunner runner(load_scene(path), path);
    const auto lines = runner.run_all();
    const TileMap& tiles = runner.world().tiles();
    const json walked = line(lines, 1), jump = line(lines, 2), ride = line(lines, 3), crush = line(lines, 4);
    const json check = line(lines, 5), drop = line(lines, 6), back = line(lines, 7), gem = line(lines, 8);
    // The jump: nothing blocks it from below (no contact with a downward normal) though it
    // passes the ledge of one-way tiles (row 10, y = 160..176) and the ferry (y = 144..148); it
    // rises above the ferry and lands on its top, from above.
    const std::vector<MoveTrace> jump_frames = frames_of(runner, 2);
    bool in_ledge = false, above_ferry = false;
    for (const MoveTrace& t : jump_frames) {
        for (std::int32_t c = 17; c <= 20; ++c) {
            BOOST_REQUIRE(tiles.get({c, 10}) == Tile::one_way);
            in_ledge = in_ledge || overlaps(t.result.box, tiles.cell_box({c, 10}));
        }
        above_ferry = above_ferry || t.result.box.max.y < 144;
        for (const Contact& c : t.result.contacts) BOOST_TEST(c.normal.y <= 0);
    }
    BOOST_TEST(in_ledge);
    BOOST_TEST(above_ferry);
    BOOST_TEST(jump.at("box")[3].get<double>() == 144.0);
    BOOST_TEST(jump.at("floor") == "ferry");
    BOOST_TEST(jump.at("box")[0] == walked.at("box")[0]); // straight up: "walk": 0
    // The ride: the ferry goes 96 right (48 frames at 120/s) and the hero keeps its spot on it
    // exactly, feet on its top.
    const double offset = jump.at("box")[0].get<double>() - 272;
    BOOST_TEST(ride.at("riders") == json::parse(R"(["hero"])"));
    BOOST_TEST(ride.at("crushed").empty());
    BOOST_TEST(ride.at("box")[0].get<double>() == 368.0);
    BOOST_TEST(ride.at("boxes").at("hero")[0].get<double>() - ride.at("box")[0].get<double>() == offset);
    BOOST_TEST(ride.at("boxes").at("hero")[3] == ride.at("box")[1]);
    // The crush: rising, the ferry stops where the hero meets the ceiling block (rows 1-5, its
    // bottom y = 96), the hero flush between the two.
    BOOST_TEST(crush.at("crushed") == json::parse(R"(["hero"])"));
    BOOST_TEST(crush.at("stopped") == true);
    BOOST_TEST(crush.at("boxes").at("hero")[1].get<double>() == 96.0);
    BOOST_TEST(crush.at("boxes").at("hero")[3] == crush.at("box")[1]);
    // The dry run of a drop through says the hero would land on the floor (y = 208), and moves
    // nothing: the drop's first frame starts where the crush left the hero.
    BOOST_TEST(check.at("check") == true);
    BOOST_TEST(check.at("box")[3].get<double>() == 208.0);
    BOOST_TEST(check.at("floor").at("tile")[1] == 13);
    const std::vector<MoveTrace> drop_frames = frames_of(runner, 6);
    BOOST_REQUIRE(!drop_frames.empty());
    const json crushed_at = crush.at("boxes").at("hero");
    BOOST_TEST(
        (drop_frames.front().start == Aabb{{real(crushed_at[0].get<double>()), real(crushed_at[1].get<double>())},
                                           {real(crushed_at[2].get<double>()), real(crushed_at[3].get<double>())}}));
    // The drop passes down through the ferry (never touching it) to the floor, where the check
    // said.
    BOOST_TEST(!names(others_of(drop), "ferry"));
    BOOST_TEST(drop.at("box")[3].get<double>() == 208.0);
    BOOST_TEST(drop.at("box")[0] == check.at("box")[0]);
    BOOST_TEST(drop.at("on_floor") == true);
    // Walking back left, the gate's solid side stops it flush (x = 258), against the wall.
    BOOST_TEST(back.at("box")[0].get<double>() == 258.0);
    BOOST_TEST(back.at("on_wall") == true);
    BOOST_TEST(names(others_of(back), "gate"));
    // The gem bounces on the plateau (y = 160) and rest_speed brings it to rest there.
    BOOST_TEST(gem.at("box")[3].get<double>() == 160.0);
    BOOST_TEST(gem.at("velocity") == json::parse("[0, 0]"));
    const std::vector<MoveTrace> gem_frames = frames_of(runner, 8);
    BOOST_REQUIRE(gem_frames.size() == 90u);
    int bounces = 0;
    for (const MoveTrace& t : gem_frames)
        for (const Contact& c : t.result.contacts) bounces += c.normal.y < 0 && t.velocity_before.y > 0;
    BOOST_TEST(bounces >= 2);
    BOOST_TEST((gem_frames.back().start == gem_frames.back().result.box));
}

// "walk" on a frames step: the speed across `up` set every frame, as a game's input does. On a
// 45-degree ramp (the line x + y = 128) with constant_speed, every frame that starts on the ramp
// walks 2 units across it (120 units/s at dt 1/60); carrying the slide's velocity instead (no
// "walk") the body climbs slower. A step's "velocity" is its first frame's input (a jump leaves
// the floor even with "walk"). "walk" is saved, and only frames take it.
BOOST_AUTO_TEST_CASE(walk_sets_the_speed_every_frame) {
    auto scene = [](const std::string& motion) {
        return R"({
          "tiles": {"size": 16, "rows": ["........", "....../#", "...../##", "..../###", "########"]},
          "bodies": [{"name": "hero", "box": [20, 40, 26, 64]}],
          "steps": [{"op": "move", "body": "hero", "delta": [0, 1], "snap": 4},
                    {"op": "frames", "body": "hero", "gravity": [0, 900], "snap": 4, "constant_speed": true, )" +
               motion + R"(}]})";
    };
    SceneRunner walked(parse_scene(scene(R"("count": 30, "walk": 120)")));
    const auto walked_lines = walked.run_all();
    int on_ramp = 0;
    bool was_on_ramp = false;
    for (const MoveTrace& t : walked.trace().moves) {
        if (t.step != 1) continue;
        const GroundState g = ground_state(t.result);
        BOOST_TEST(g.on_floor);
        BOOST_TEST(t.result.box.max.x + t.result.box.max.y <= 128 + 1e-3); // never under the ramp
        if (was_on_ramp) {
            ++on_ramp;
            BOOST_TEST(std::fabs(t.result.box.min.x - t.start.min.x - 2) <= 1e-4);
        }
        was_on_ramp = g.on_floor && g.floor_normal.x != 0;
    }
    BOOST_TEST(on_ramp >= 8);
    const double walked_x = line(walked_lines, 1).at("box")[0].get<double>();
    const auto carried = scene_test::run_text(scene(R"("count": 30, "velocity": [120, 0])"));
    BOOST_TEST(line(carried, 1).at("box")[0].get<double>() < walked_x - 1);
    const auto jumped = scene_test::run_text(scene(R"("count": 10, "walk": 60, "velocity": [0, -300])"));
    BOOST_TEST(line(jumped, 1).at("on_floor") == false);
    BOOST_TEST(line(jumped, 1).at("box")[0].get<double>() == 30.0);
    const std::string text = R"({"bodies": [{"name": "b", "box": [0, 0, 1, 1]}],
      "steps": [{"op": "frames", "body": "b", "count": 2, "dt": 0.25, "walk": -2}]})";
    const std::string saved = save_scene(parse_scene(text));
    BOOST_TEST(saved.find("\"walk\": -2") != std::string::npos);
    BOOST_TEST((parse_scene(saved) == parse_scene(text)));
    BOOST_TEST(line(scene_test::run_text(text), 0).at("box") == json::parse("[-1, 0, 0, 1]"));
    // Across a diagonal `up` (its length far beyond the square root of the largest real): walking
    // 2 * sqrt(2) to its right, (1, 1) / sqrt(2), is (2, 2) units per second.
    const auto diagonal = scene_test::run_text(R"({"bodies": [{"name": "b", "box": [0, 0, 1, 1]}],
      "steps": [{"op": "frames", "body": "b", "count": 2, "dt": 0.25, "walk": 2.828427, "up": [1e20, -1e20]}]})");
    BOOST_TEST(near_all(line(diagonal, 0).at("box"), {1, 1, 2, 2}, 1e-4));
    BOOST_CHECK_THROW(scene_test::run_text(R"({"bodies": [{"name": "b", "box": [0, 0, 1, 1]}],
      "steps": [{"op": "move", "body": "b", "delta": [1, 0], "walk": 30}]})"),
                      SceneError);
}

// Floor snap in a scene: walking down 4-unit stairs under a weak gravity, with "snap": 6 the
// body is on a floor at the end of every frames step (its last frame) and ends on the last
// step; without snap it is in the air there.
BOOST_AUTO_TEST_CASE(snap_down_stairs) {
    auto run = [](const std::string& snap) {
        return scene_test::run_text(R"({
          "bodies": [{"name": "s0", "box": [0, 100, 20, 200], "kind": "static"},
                     {"name": "s1", "box": [20, 104, 40, 200], "kind": "static"},
                     {"name": "s2", "box": [40, 108, 60, 200], "kind": "static"},
                     {"name": "hero", "box": [0, 80, 10, 100]}],
          "steps": [{"op": "move", "body": "hero", "delta": [0, 1]},
                    {"op": "frames", "body": "hero", "count": 9, "velocity": [300, 60], "dt": 0.0166015625)" +
                                    snap + R"(}]})");
    };
    const auto with = run(R"(, "snap": 6)"), without = run("");
    BOOST_TEST(line(with, 1).at("on_floor") == true);
    BOOST_TEST(line(with, 1).at("box")[3].get<double>() == 108.0);
    BOOST_TEST(line(without, 1).at("on_floor") == false);
}

// "constant_speed" and "stop_on_steep" reach move_and_snap: a hero standing on a 45-degree ramp
// walks 3 units across it in one move (without, the slide's climb is shorter), and a dry run
// refuses them.
BOOST_AUTO_TEST_CASE(walk_on_slopes) {
    auto run = [](const std::string& extra) {
        return scene_test::run_text(R"({
          "tiles": {"size": 16, "rows": ["......", "../###", "######"]},
          "bodies": [{"name": "hero", "box": [32, 20, 38, 26]}],
          "steps": [{"op": "move", "body": "hero", "delta": [0, 1], "snap": 2},
                    {"op": "move", "body": "hero", "delta": [3, 1], "snap": 2)" +
                                    extra + R"(}]})");
    };
    const auto with = run(R"(, "constant_speed": true, "stop_on_steep": true)"), without = run("");
    BOOST_TEST(line(with, 0).at("on_floor") == true);
    const double x0 = line(with, 0).at("box")[0].get<double>();
    BOOST_TEST(std::fabs(line(with, 1).at("box")[0].get<double>() - x0 - 3) < 1e-4);
    BOOST_TEST(line(without, 1).at("box")[0].get<double>() - x0 < 2.5);
    BOOST_CHECK_THROW(scene_test::run_text(R"({"bodies": [{"name": "b", "box": [0, 0, 1, 1]}],
      "steps": [{"op": "move", "body": "b", "delta": [1, 0], "check": true, "constant_speed": true}]})"),
                      SceneError);
}

// A lift carrying a stack (a hero on a crate) pushes a row of two crates sideways: the line
// lists the stack in "riders" and the row in "pushed", each in the order they moved, with boxes.
BOOST_AUTO_TEST_CASE(platform_lists_stacks_and_rows) {
    const auto lines = scene_test::run_text(R"({
      "bodies": [{"name": "lift", "box": [0, 100, 64, 116], "kind": "platform"},
                 {"name": "crate", "box": [10, 80, 30, 100]},
                 {"name": "hero", "box": [14, 56, 26, 80]},
                 {"name": "a", "box": [64, 104, 74, 114]},
                 {"name": "b", "box": [74, 104, 84, 114]}],
      "steps": [{"op": "move", "body": "lift", "delta": [4, 0]}]})");
    BOOST_TEST(line(lines, 0).at("riders") == json::parse(R"(["crate", "hero"])"));
    BOOST_TEST(line(lines, 0).at("pushed") == json::parse(R"(["b", "a"])"));
    BOOST_TEST(line(lines, 0).at("boxes") == json::parse(R"({"crate": [14, 80, 34, 100], "hero": [18, 56, 30, 80],
                                                             "b": [78, 104, 88, 114], "a": [68, 104, 78, 114]})"));
}

// A platform pushes a crate into a wall with "crush": "pass": pushed, then crushed, and the
// line lists both with the crate's box; a dry run of a platform is refused.
BOOST_AUTO_TEST_CASE(platform_pushes_and_refuses_check) {
    const auto lines = scene_test::run_text(R"({
      "bodies": [{"name": "wall", "box": [40, -50, 50, 50], "kind": "static"},
                 {"name": "crate", "box": [24, 5, 34, 15]},
                 {"name": "ram", "box": [0, 0, 20, 20], "kind": "platform"}],
      "steps": [{"op": "move", "body": "ram", "delta": [8, 0], "crush": "pass"},
                {"op": "move", "body": "ram", "delta": [8, 0], "crush": "pass"}]})");
    BOOST_TEST(line(lines, 0).at("pushed") == json::parse(R"(["crate"])"));
    BOOST_TEST(line(lines, 0).at("boxes") == json::parse(R"({"crate": [28, 5, 38, 15]})"));
    BOOST_TEST(line(lines, 1).at("crushed") == json::parse(R"(["crate"])"));
    BOOST_TEST(line(lines, 1).at("box") == json::parse("[16, 0, 36, 20]"));
    BOOST_TEST(!line(lines, 1).contains("stopped"));
    BOOST_CHECK_THROW(scene_test::run_text(R"({"bodies": [{"name": "p", "box": [0, 0, 9, 1], "kind": "platform"}],
      "steps": [{"op": "move", "body": "p", "delta": [1, 0], "check": true}]})"),
                      SceneError);
}

// Rule 3 with tiles: a 12x24 box standing on a floor of 16-unit tiles at x 16..28 touches
// tile 0 (x 0..16) only at its corner; walking right (and pressed down by gravity) it meets the
// top face of tile 1 alone, at t=0, and the contact point is the middle of 16..28 on y=32.
BOOST_AUTO_TEST_CASE(walking_past_a_tile_corner_is_not_a_contact) {
    const auto lines = scene_test::run_text(R"({
      "tiles": {"size": 16, "rows": ["....", "....", "####"]},
      "bodies": [{"name": "p", "box": [16, 8, 28, 32]}],
      "steps": [{"op": "move", "body": "p", "delta": [2, 0.25]},
                {"op": "cast_all", "box": [16, 8, 28, 32], "delta": [2, 0.25], "bodies": false}]})");
    const json m = json::parse(lines[0]);
    BOOST_TEST(near_all(m.at("box"), {18, 8, 30, 32}, 0));
    BOOST_REQUIRE(m.at("contacts").size() == 1u);
    BOOST_TEST(m.at("contacts")[0].at("other") == json::parse(R"({"tile": [1, 2]})"));
    BOOST_TEST(near_all(m.at("contacts")[0].at("point"), {22, 32}, 0));
    const json all = json::parse(lines[1]).at("hits");
    BOOST_REQUIRE(all.size() == 1u);
    BOOST_TEST(all[0].at("other") == json::parse(R"({"tile": [1, 2]})"));
}

BOOST_AUTO_TEST_CASE(runtime_refusal_is_a_scene_error_naming_the_step) {
    const std::string text = R"({"bodies": [{"name": "a", "box": [3e38, 0, 3.1e38, 1]}],
        "steps": [{"op": "cast_ray", "from": [0, 0], "delta": [1, 0]},
                  {"op": "move", "body": "a", "delta": [3e38, 0]}]})";
    SceneRunner runner(parse_scene(text, "huge.json"), "huge.json");
    BOOST_CHECK_NO_THROW(runner.run_step(0));
    try {
        runner.run_step(1);
        BOOST_TEST(false, "expected a SceneError");
    } catch (const SceneError& e) {
        BOOST_TEST(e.where() == "step 1 (move)");
        BOOST_TEST(e.file() == "huge.json");
    }
}

BOOST_AUTO_TEST_CASE(runtime_refusal_prints_the_library_message_without_its_prefix) {
    SceneRunner runner(parse_scene(R"({"bodies": [{"name": "a", "box": [3e38, 0, 3.1e38, 1]}],
        "steps": [{"op": "move", "body": "a", "delta": [3e38, 0]}]})",
                                   "huge.json"),
                       "huge.json");
    try {
        runner.run_step(0);
        BOOST_TEST(false, "expected a SceneError");
    } catch (const SceneError& e) {
        // The program adds "sweepbox: " itself.
        BOOST_TEST(std::string(e.what()).find("sweepbox:") == std::string::npos, e.what());
        BOOST_TEST(!e.problem().empty());
    }
}

// Frame 0 falls by 3e38; in frame 1 the velocity, 6e38, is past the largest real.
BOOST_AUTO_TEST_CASE(a_refused_frame_is_named) {
    SceneRunner runner(parse_scene(R"({"bodies": [{"name": "g", "box": [0, 0, 4, 4]}],
        "steps": [{"op": "frames", "body": "g", "count": 3, "gravity": [0, 3e38], "dt": 1}]})",
                                   "fall.json"),
                       "fall.json");
    try {
        runner.run_step(0);
        BOOST_TEST(false, "expected a SceneError");
    } catch (const SceneError& e) {
        BOOST_TEST(e.where() == "step 0 (frames), frame 1");
        BOOST_TEST(std::string(e.what()).rfind("fall.json: step 0 (frames), frame 1: ", 0) == 0u, e.what());
    }
}

// A bounce with restitution 3 turns a velocity of 3e38 into -9e38, past the largest real: the
// step is refused rather than printing -inf.
BOOST_AUTO_TEST_CASE(a_non_finite_result_is_refused) {
    SceneRunner runner(parse_scene(R"({"bodies": [{"name": "w", "box": [100, 0, 101, 400], "static": true},
                                                  {"name": "g", "box": [0, 0, 4, 4]}],
        "steps": [{"op": "move", "body": "g", "delta": [200, 0], "response": "bounce", "restitution": 3,
                   "velocity": [3e38, 0]}]})",
                                   "nf.json"),
                       "nf.json");
    try {
        const std::string line = runner.run_step(0);
        BOOST_TEST(false, "expected a SceneError, got " << line);
    } catch (const SceneError& e) {
        BOOST_TEST(e.where() == "step 0 (move)");
    }
}

// The reproduction of a million frames of free fall at the default cell size (it used to run
// for over 900 s and grow without bound): the runner keeps a bounded record, not one entry per
// frame, and the world's grid drops the cells the body left (SpatialGrid::compact), so the walk
// of each frame crosses few cells. Work is checked, not time.
BOOST_AUTO_TEST_CASE(long_free_fall_keeps_a_bounded_record) {
    SceneRunner runner(parse_scene(R"({"bodies": [{"name": "g", "box": [0, 0, 4, 4]}],
        "steps": [{"op": "frames", "body": "g", "count": 1000000, "gravity": [0, 980]}]})",
                                   "fall.json"),
                       "fall.json");
    const json l = json::parse(runner.run_step(0));
    BOOST_TEST(l.at("frames") == 1000000);
    BOOST_TEST(l.at("contacts").empty());
    BOOST_TEST(l.at("velocity")[1].get<double>() > 1.6e7);
    BOOST_TEST(runner.world().grid_stats().cells <= 1024u);
    BOOST_TEST(runner.trace().moves.size() == max_traced_moves);
    BOOST_TEST(runner.trace().moves_not_traced == 1000000u - max_traced_moves);
    BOOST_TEST(runner.trace().first_step_not_traced == 0u);
    // Without recording (the program without --svg) nothing is kept, and the line is the same.
    SceneRunner quiet(runner.scene(), "fall.json", false);
    BOOST_TEST(json::parse(quiet.run_step(0)) == l);
    BOOST_TEST(quiet.trace().moves.empty());
    BOOST_TEST(quiet.trace().moves_not_traced == 0u);
}

// A body resting on a floor touches it every frame: the line lists the first 1000 contacts and
// counts the others.
BOOST_AUTO_TEST_CASE(long_resting_frames_list_a_bounded_number_of_contacts) {
    SceneRunner runner(parse_scene(R"({"bodies": [{"name": "floor", "box": [-100, 10, 100, 20], "static": true},
                                                  {"name": "g", "box": [0, 0, 4, 10]}],
        "steps": [{"op": "frames", "body": "g", "count": 200000, "gravity": [0, 980]}]})",
                                   "rest.json"),
                       "rest.json");
    const json l = json::parse(runner.run_step(0));
    BOOST_TEST(l.at("frames") == 200000);
    BOOST_REQUIRE(l.at("contacts").size() == 1000u);
    BOOST_TEST(l.at("contacts")[999].at("frame") == 999);
    BOOST_TEST(l.at("contacts_omitted") == 199000);
    BOOST_TEST(runner.trace().moves.size() <= 100000u);
}

// The spark scene: every spark ends at rest inside the room, on a floor (a tile top or the
// plank), never inside a solid tile; contacts list particle, frame, point, normal, velocity and
// what was hit; the first contacts are bounces with velocities no faster than the sparks' start.
BOOST_AUTO_TEST_CASE(sparks_come_to_rest_inside_the_room) {
    const auto lines = run_file("sparks");
    BOOST_REQUIRE(lines.size() == 3u);
    const json l = line(lines, 2);
    BOOST_TEST(l.at("particles") == 61);
    BOOST_TEST(l.at("frames") == 180);
    const Scene scene = load_scene(scene_test::scenes_dir() + "/sparks.json");
    const auto& rows = scene.tiles->rows;
    auto solid = [&](double x, double y) { // inside the interior of a solid tile
        const double fx = x / 16, fy = y / 16;
        const int c = int(std::floor(fx)), r = int(std::floor(fy));
        return fx != c && fy != r && rows[std::size_t(r)][std::size_t(c)] == '#';
    };
    const json& pos = l.at("positions");
    BOOST_REQUIRE(pos.size() == 61u);
    for (std::size_t k = 0; k < pos.size(); ++k) {
        // (The printed numbers read back to the positions' own `real`s.)
        const double x = real(pos[k][0].get<double>()), y = real(pos[k][1].get<double>());
        BOOST_TEST_CONTEXT("particle " << k << " at " << x << ", " << y) {
            BOOST_TEST((x >= 16 && x <= 464 && y >= 16 && y <= 240));
            BOOST_TEST(!solid(x, y));
            // At rest on a floor: a tile top (a multiple of 16) with a solid tile below, the plank,
            // or the ramp (its shallow pieces 'a' and 'b': u + 2v = 2 and 1 in their cells), on its
            // line to rounding and never below it.
            const bool on_tile = std::fmod(y, 16.0) == 0 && rows[std::size_t(y / 16)][std::size_t(x / 16)] == '#';
            const bool on_plank = y == 150 && x >= 280 && x <= 340;
            const char piece = rows[std::size_t(y / 16)][std::size_t(x / 16)];
            const double u = std::fmod(x, 16.0) / 16, v = std::fmod(y, 16.0) / 16;
            const double ramp = piece == 'a' ? u + 2 * v - 2 : (piece == 'b' ? u + 2 * v - 1 : 1);
            const bool on_ramp = ramp <= 0 && ramp > -1e-4;
            BOOST_TEST((on_tile || on_plank || on_ramp));
            BOOST_TEST(l.at("velocities")[k] == json::parse("[0, 0]"));
            BOOST_TEST(l.at("alive")[k] == true);
        }
    }
    const json& contacts = l.at("contacts");
    BOOST_REQUIRE(contacts.size() == 1000u);
    BOOST_TEST(l.at("contacts_omitted").get<int>() > 0);
    const double fastest = 452.2; // |(450, -45)|: the cones scale the reflected speed by at most 1
    int last_frame = 0;
    for (const json& c : contacts) {
        BOOST_TEST(c.at("particle").get<int>() < 61);
        BOOST_TEST(c.at("frame").get<int>() >= last_frame); // in frame order
        last_frame = c.at("frame").get<int>();
        const double speed = std::hypot(c.at("velocity")[0].get<double>(), c.at("velocity")[1].get<double>());
        BOOST_TEST(speed <= fastest + 15); // plus at most one frame of gravity, 900 / 60
        // A unit normal: an axis, or the ramp's (-1, -2)/sqrt(5).
        const json& n = c.at("normal");
        BOOST_TEST(std::fabs(std::hypot(n[0].get<double>(), n[1].get<double>()) - 1) < 1e-6);
    }
}

// More particles than max_listed_particles: counts and a checksum, the same for the same run.
BOOST_AUTO_TEST_CASE(many_particles_print_a_summary) {
    const std::string text = R"({
      "tiles": {"size": 16, "rows": ["#........#", "#........#", "##########"]},
      "steps": [
        {"op": "cast_ray", "from": [40, 8], "delta": [300, 0]},
        {"op": "particles", "emit": [{"hit_step": 0, "count": 1500, "spread": 150, "seed": 3}], "frames": 60,
         "gravity": [0, 900], "restitution": 0.5, "friction": 0.3, "rest_speed": 30}
      ]})";
    const auto a = scene_test::run_text(text);
    BOOST_REQUIRE(a.size() == 2u);
    const json l = json::parse(a[1]);
    BOOST_TEST(l.at("particles") == 1500);
    BOOST_TEST(!l.contains("positions"));
    BOOST_TEST(l.at("contacts").get<int>() > 1500);
    BOOST_TEST(l.at("at_rest").get<int>() > 0);
    BOOST_TEST(l.at("checksum").get<std::string>().size() == 16u);
    BOOST_TEST(scene_test::run_text(text) == a);
}

// A cone at a cast that hit nothing is refused while running, naming the step.
BOOST_AUTO_TEST_CASE(a_cone_at_a_miss_is_a_scene_error) {
    try {
        (void)scene_test::run_text(R"({"steps": [
            {"op": "cast_ray", "from": [0, 0], "delta": [10, 0]},
            {"op": "particles", "emit": [{"hit_step": 0, "count": 3}], "frames": 2}]})");
        BOOST_TEST(false, "expected a SceneError");
    } catch (const SceneError& e) {
        BOOST_TEST(e.where() == "step 1 (particles)");
        BOOST_TEST(e.problem() == "field \"emit\": the cast of step 0 hit nothing");
    }
}

BOOST_AUTO_TEST_CASE(every_op_runs) {
    const auto lines = scene_test::run_text(R"({
      "tiles": {"size": 16, "rows": ["....", "####"]},
      "bodies": [{"name": "a", "box": [0, 0, 4, 4]}, {"name": "b", "box": [2, 2, 6, 6]}],
      "steps": [
        {"op": "overlapping_pairs"},
        {"op": "query_point", "point": [3, 3]},
        {"op": "query_segment", "from": [-1, 20], "to": [70, 20]},
        {"op": "remove", "body": "b"},
        {"op": "overlapping_pairs"},
        {"op": "add", "name": "b", "box": [40, 0, 44, 4], "static": true},
        {"op": "frames", "body": "a", "count": 30, "gravity": [0, 600], "response": "slide"},
        {"op": "set_tile", "cell": [0, 1], "tile": "."},
        {"op": "cast_ray", "from": [1, 0], "delta": [0, 100]}
      ]})");
    BOOST_REQUIRE(lines.size() == 9u);
    const json pairs = json::parse(lines[0]).at("pairs");
    BOOST_REQUIRE(pairs.size() == 1u);
    BOOST_TEST(pairs[0].at("a") == "a");
    BOOST_TEST(pairs[0].at("b") == "b");
    BOOST_TEST(near(pairs[0].at("depth"), 2.0, 0));
    BOOST_TEST(json::parse(lines[1]).at("found") == json::parse(R"(["a", "b"])"));
    // The segment at y=20 runs through the solid row 1 (y 16..32), columns 0..3 in order.
    const json seg = json::parse(lines[2]).at("found");
    BOOST_TEST(seg.size() == 4u);
    BOOST_TEST(json::parse(lines[4]).at("pairs").empty());
    // Falling from y=0 under gravity for half a second: lands on the floor at y=16.
    const json fr = json::parse(lines[6]);
    BOOST_TEST(fr.at("box")[3].get<double>() == 16.0); // flush on the floor (rule 5)
    BOOST_TEST(fr.at("frames") == 30);
    // With tile (0,1) open, the ray down from (1, 0) meets the top of the resting body a (y=12).
    const json ray = json::parse(lines[8]);
    BOOST_TEST(ray.at("other") == "a");
    BOOST_TEST(near_all(ray.at("point"), {1, 12}, 1e-5));
}

// A move with "check": true prints the move's answer and changes nothing: the real move after it
// prints the same line (but for "check"), the body is still at the start between them, and the
// velocity a later frames step starts from is the move's, not the check's.
BOOST_AUTO_TEST_CASE(check_answers_without_moving) {
    const auto lines = scene_test::run_text(R"({
      "bodies": [{"name": "wall", "box": [20, -50, 25, 50], "static": true},
                 {"name": "ball", "box": [0, 0, 4, 4]}],
      "steps": [
        {"op": "move", "body": "ball", "delta": [40, 10], "response": "bounce", "velocity": [40, 10], "check": true},
        {"op": "query_point", "point": [2, 2]},
        {"op": "move", "body": "ball", "delta": [40, 10], "response": "bounce", "velocity": [40, 10]},
        {"op": "move", "body": "ball", "delta": [0, 0], "velocity": [1, 2], "check": true, "up": [-1, 0],
         "max_floor_angle": 10},
        {"op": "frames", "body": "ball", "count": 1}
      ]})");
    BOOST_REQUIRE(lines.size() == 5u);
    json checked = json::parse(lines[0]);
    json moved = json::parse(lines[2]);
    BOOST_TEST(checked.at("check") == true);
    checked.erase("check");
    checked.erase("step");
    moved.erase("step");
    BOOST_TEST(checked == moved);
    // A wall hit is on_wall; with "up" along the wall's normal it is a floor.
    BOOST_TEST(moved.at("on_wall") == true);
    BOOST_TEST(moved.at("on_floor") == false);
    BOOST_TEST(moved.at("contacts").size() == 1u);
    BOOST_TEST(json::parse(lines[1]).at("found") == json::parse(R"(["ball"])"));
    // The check with velocity [1, 2] left the carried velocity alone: frames starts from the
    // bounce's (-40, 10).
    BOOST_TEST(json::parse(lines[4]).at("velocity") == moved.at("velocity"));
}

// A jump-through platform (a one-way body): jumped through from below, landed on from above,
// dropped through with "drop_through"; its "one_way" is saved with the scene.
BOOST_AUTO_TEST_CASE(one_way_body_and_drop_through) {
    const std::string text = R"({
      "bodies": [{"name": "ledge", "box": [0, 50, 100, 54], "static": true, "one_way": "down"},
                 {"name": "floor", "box": [0, 120, 100, 130], "static": true},
                 {"name": "hero", "box": [40, 70, 50, 90]}],
      "steps": [
        {"op": "move", "body": "hero", "delta": [0, -60]},
        {"op": "move", "body": "hero", "delta": [0, 40]},
        {"op": "move", "body": "hero", "delta": [0, 100], "drop_through": true}
      ]})";
    const auto lines = scene_test::run_text(text);
    BOOST_REQUIRE(lines.size() == 3u);
    BOOST_TEST(json::parse(lines[0]).at("box") == json::parse("[40, 10, 50, 30]"));
    BOOST_TEST(json::parse(lines[0]).at("contacts").empty());
    const json landed = json::parse(lines[1]);
    BOOST_TEST(landed.at("box") == json::parse("[40, 30, 50, 50]"));
    BOOST_TEST(landed.at("on_floor") == true);
    BOOST_TEST(landed.at("floor") == json("ledge"));
    const json dropped = json::parse(lines[2]);
    BOOST_TEST(dropped.at("box") == json::parse("[40, 100, 50, 120]"));
    BOOST_TEST(dropped.at("floor") == json("floor"));
    const std::string saved = save_scene(parse_scene(text));
    BOOST_TEST(saved.find("\"one_way\": \"down\"") != std::string::npos);
    BOOST_TEST(saved.find("\"drop_through\": true") != std::string::npos);
    BOOST_TEST((parse_scene(saved) == parse_scene(text)));
}

// Rule 7 in a scene: debris spawned inside three overlapping blocks comes out on top of them;
// with "push_out_sides" too small it stays and the line says "stuck"; "infinity" pushes a point.
// The option is saved with the scene, and read back equal.
BOOST_AUTO_TEST_CASE(push_out_and_stuck) {
    const std::string text = R"({
      "bodies": [{"name": "a", "box": [428, 1242, 525, 1321], "static": true},
                 {"name": "b", "box": [530, 1279, 613, 1357], "static": true},
                 {"name": "c", "box": [470, 1296, 558, 1388], "static": true},
                 {"name": "debris", "box": [531, 1300, 538, 1306]},
                 {"name": "spark", "box": [540, 1320, 540, 1320]}],
      "steps": [
        {"op": "move", "body": "debris", "delta": [0, 1], "push_out_sides": 3, "check": true},
        {"op": "move", "body": "debris", "delta": [0, -1]},
        {"op": "frames", "body": "spark", "count": 2, "gravity": [0, 10]},
        {"op": "move", "body": "spark", "delta": [0, 1], "push_out_sides": "infinity"}
      ]})";
    const auto lines = scene_test::run_text(text);
    BOOST_REQUIRE(lines.size() == 4u);
    const json stuck = json::parse(lines[0]);
    BOOST_TEST(stuck.at("stuck") == true);
    BOOST_TEST(stuck.at("box") == json::parse("[531, 1300, 538, 1306]"));
    const json out = json::parse(lines[1]);
    BOOST_TEST(!out.contains("stuck"));
    BOOST_TEST(out.at("contacts").at(0).at("box") == json::parse("[531, 1273, 538, 1279]"));
    BOOST_TEST(out.at("box") == json::parse("[531, 1272, 538, 1278]"));
    BOOST_TEST(json::parse(lines[2]).at("stuck") == true);
    const json spark = json::parse(lines[3]);
    BOOST_TEST(!spark.contains("stuck"));
    BOOST_TEST(spark.at("contacts").at(0).at("box") == json::parse("[540, 1279, 540, 1279]"));
    const std::string saved = save_scene(parse_scene(text));
    BOOST_TEST(saved.find("\"push_out_sides\": 3") != std::string::npos);
    BOOST_TEST(saved.find("\"push_out_sides\": \"infinity\"") != std::string::npos);
    BOOST_TEST((parse_scene(saved) == parse_scene(text)));
}

// The runner's map: row characters of the default legend, a legend entry, a kind and a set_tile
// step, each a tile of its slope shape (kind k is shape k; the scene's own kinds follow).
BOOST_AUTO_TEST_CASE(slope_tiles_reach_the_world) {
    SceneRunner runner(parse_scene(R"({"tiles": {"size": 10, "legend": {"s": "shallow_ul_low", "r": "ramp"},
        "kinds": [{"name": "ramp", "shape": "steep_dr_high"}], "rows": ["/\\sr#", "....."]},
        "steps": [{"op": "set_tile", "cell": [0, 1], "tile": "shallow_dl_high"},
                  {"op": "set_tile", "cell": [1, 1], "tile": "\\"},
                  {"op": "set_tile", "cell": [0, 0], "tile": "."}]})"));
    const TileMap& m = runner.world().tiles();
    BOOST_TEST((m.shape_at({0, 0}) == TileShape::slope45_ul));
    BOOST_TEST((m.shape_at({1, 0}) == TileShape::slope45_ur));
    BOOST_TEST((m.shape_at({2, 0}) == TileShape::shallow_ul_low));
    BOOST_TEST((m.shape_at({3, 0}) == TileShape::steep_dr_high));
    BOOST_TEST(int(m.kind_at({3, 0})) == tile_shape_count);
    BOOST_TEST((m.shape_at({4, 0}) == TileShape::solid));
    BOOST_TEST((m.get({2, 0}) == Tile::slope));
    BOOST_TEST(m.blocking_count() == 5u);
    const std::vector<std::string> lines = runner.run_all();
    BOOST_TEST(lines.size() == 3u);
    BOOST_TEST((m.shape_at({0, 1}) == TileShape::shallow_dl_high));
    BOOST_TEST((m.shape_at({1, 1}) == TileShape::slope45_ur));
    BOOST_TEST((m.shape_at({0, 0}) == TileShape::empty));
    BOOST_TEST(int(m.kind_at({0, 1})) == int(TileShape::shallow_dl_high));
}

// Hits print normals as shortest round-trip reals: each slope normal's text reads back to the
// same bits, and its signs are the outward ones of the shape.
BOOST_AUTO_TEST_CASE(slope_normals_print_exactly) {
    for (int k = int(TileShape::slope45_ul); k < tile_shape_count; ++k) {
        const TileShape s = TileShape(k);
        const Vec2 n = slope_normal(s);
        BOOST_TEST_CONTEXT(to_string(s)) {
            BOOST_TEST(real(std::stod(format_real(n.x))) == n.x);
            BOOST_TEST(real(std::stod(format_real(n.y))) == n.y);
            const std::string name = to_string(s);
            // _u* shapes are floors (normal up, y < 0), _d* ceilings; _?l face left, _?r right.
            const bool floor = name.find("_u") != std::string::npos;
            const bool left = name.find("_ul") != std::string::npos || name.find("_dl") != std::string::npos;
            BOOST_TEST((floor ? n.y < 0 : n.y > 0));
            BOOST_TEST((left ? n.x < 0 : n.x > 0));
            BOOST_TEST(std::fabs(std::hypot(double(n.x), double(n.y)) - 1) < 1e-6);
        }
    }
    // -1/sqrt(2) and 2/sqrt(5), correctly rounded, in the scene files' text.
    const bool single = sizeof(real) == 4;
    BOOST_TEST(format_real(slope_normal(TileShape::slope45_ur).y) == (single ? "-0.70710677" : "-0.7071067811865476"));
    BOOST_TEST(format_real(slope_normal(TileShape::steep_dr_low).x) == (single ? "0.8944272" : "0.8944271909999159"));
}

// True when box b and the tile at c share interior, for the 16-unit tiles at the origin of the
// demo scenes (a slope decided by its line, exactly: every number here is a small dyadic).
bool inside_tile(const TileMap& m, TileCell c, const Aabb& b) {
    if (!overlaps(b, m.cell_box(c))) return false;
    const TileShape shape = m.shape_at(c);
    if (shape == TileShape::solid) return true;
    if (!is_slope(shape)) return false;
    const SlopeLine l = slope_line(shape);
    const double x = l.a > 0 ? b.max.x : b.min.x, y = l.b > 0 ? b.max.y : b.min.y; // deepest corner
    const double u = x / 16 - c.column, v = y / 16 - c.row;
    return l.a * u + l.b * v > l.c;
}

// The hills demo: the crate slides down the ramps into the valley and the grenade bounces off
// them and comes to rest; neither is ever inside a tile, and both met slope faces.
BOOST_AUTO_TEST_CASE(hills_crate_slides_and_grenade_rests) {
    const std::string path = scene_test::scenes_dir() + "/hills.json";
    SceneRunner runner(load_scene(path), path);
    const auto lines = runner.run_all();
    const TileMap& tiles = runner.world().tiles();
    int slope_contacts[2] = {0, 0};
    for (const MoveTrace& t : runner.trace().moves) {
        for (std::int32_t r = 0; r < tiles.rows(); ++r)
            for (std::int32_t c = 0; c < tiles.columns(); ++c)
                BOOST_TEST_REQUIRE(!inside_tile(tiles, {c, r}, t.result.box));
        for (const Contact& k : t.result.contacts) slope_contacts[t.step] += int(k.normal.x != 0 && k.normal.y != 0);
    }
    BOOST_TEST(slope_contacts[0] > 10); // the crate slid down ramps
    BOOST_TEST(slope_contacts[1] >= 3); // the grenade bounced off three ramps
    // The crate went down from the plateau (bottom 128) into the valley (x 272 to 384, below
    // every plateau) and stopped part way up the steep ramp out of it.
    const json crate = json::parse(lines[0]);
    BOOST_TEST(crate.at("box")[3].get<double>() > 160.0);
    BOOST_TEST(crate.at("box")[0].get<double>() > 272.0);
    BOOST_TEST(crate.at("box")[2].get<double>() < 384.0);
    // The grenade lies still for its last 30 frames, the same bits every frame.
    int still = 0;
    for (const MoveTrace& t : runner.trace().moves)
        if (t.step == 1 && t.frame >= 270) {
            ++still;
            BOOST_TEST((t.start == t.result.box));
            BOOST_TEST((t.result.velocity == Vec2{0, 0}));
        }
    BOOST_TEST(still == 30);
}

BOOST_AUTO_TEST_SUITE_END()
