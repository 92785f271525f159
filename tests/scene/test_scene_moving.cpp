// Suite `scene_moving`: casts against the frame's motion in scene files (docs/scenes.md,
// "begin_frame" and a cast's "moving"; docs/contract.md, "Moving targets"): the demo scene's
// answers worked out by hand, the same answers as the World's own casts, and the picture.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>
#include <sweepbox/scene.hpp>
#include <sweepbox/svg.hpp>

#include "scene_test_support.hpp"

using namespace sweepbox;
using json = nlohmann::json;

namespace {

std::vector<json> run_moving_targets(SceneRunner& runner) {
    std::vector<json> lines;
    for (const std::string& line : runner.run_all()) lines.push_back(json::parse(line));
    return lines;
}

bool box_is(const json& j, double x0, double y0, double x1, double y1, double tol = 0) {
    const double want[4] = {x0, y0, x1, y1};
    for (int k = 0; k < 4; ++k)
        if (std::fabs(j.at(k).get<double>() - want[k]) > tol) return false;
    return true;
}

} // namespace

BOOST_AUTO_TEST_SUITE(scene_moving)

// scenes/moving_targets.json: the runner (10 x 10 at x 45) runs from y 0 to y 100 this frame,
// the pacer (y 118 to 128) from x 20 to x 120; the wall stands at x 90 to 100.
BOOST_AUTO_TEST_CASE(moving_targets_scene_by_hand) {
    const std::string path = scene_test::scenes_dir() + "/moving_targets.json";
    SceneRunner runner(load_scene(path), path);
    const std::vector<json> l = run_moving_targets(runner);
    BOOST_REQUIRE(l.size() == 17u);
    BOOST_TEST(l[0].dump() == R"({"op":"begin_frame","step":0})"); // nothing else to say
    // Plain, along y 50: the runner ended at y 100; the bullet reaches the wall at x 90.
    BOOST_TEST(l[3].at("other") == "wall");
    BOOST_TEST(l[3].at("time").get<double>() == 0.9);
    // Against motion: x 45 at frame time 0.45, when the runner is at y 45 to 55.
    BOOST_TEST(l[4].at("other") == "runner");
    BOOST_TEST(l[4].at("time").get<real>() == real(0.45));
    BOOST_TEST(box_is(l[4].at("other_box"), 45, 45, 55, 55));
    // Along y 105: plain, the runner's end box at x 45 (time 45 / 200); against motion it was at
    // y 22.5 to 32.5 then, so the bullet goes on to the wall at x 90, frame time 0.45. A still
    // body has no other_box.
    BOOST_TEST(l[5].at("other") == "runner");
    BOOST_TEST(l[6].at("other") == "wall");
    BOOST_TEST(l[6].at("time").get<real>() == real(0.45));
    BOOST_TEST(!l[6].contains("other_box"));
    // Frame times 0.5 to 1, along y 80: x 45 at 0.5 + 0.45 / 2 = 0.725, the runner at 72.5.
    BOOST_TEST(std::fabs(l[7].at("time").get<double>() - 0.725) < 1e-6);
    BOOST_TEST(box_is(l[7].at("other_box"), 45, 72.5, 55, 82.5, 1e-5));
    // The piercing box y 58 to 62: the runner's bottom (10 + 100 t) reaches 58 at t = 0.48 while
    // the box (x 100 t to 2 + 100 t) is within x 45 to 55: hit from above, normal (0, 1).
    const json& pierce = l[8].at("hits");
    BOOST_REQUIRE(pierce.size() == 2u);
    BOOST_TEST(pierce[0].at("other") == "runner");
    BOOST_TEST(std::fabs(pierce[0].at("time").get<double>() - 0.48) < 1e-6);
    BOOST_TEST(pierce[0].at("normal") == json::parse("[0, 1]"));
    BOOST_TEST(pierce[1].at("other") == "wall");
    BOOST_TEST(l[9].at("hits").size() == 1u); // plain: the wall only
    // Side by side at the pacer's speed: nothing; at twice its speed: (20 - 10) / 100 = 0.1.
    BOOST_TEST(l[10].at("hits").empty());
    BOOST_TEST(std::fabs(l[11].at("time").get<double>() - 0.1) < 1e-6);
    BOOST_TEST(box_is(l[11].at("box"), 20, 118, 30, 128, 1e-5));
    BOOST_TEST(box_is(l[11].at("other_box"), 30, 118, 40, 128, 1e-5));
    // After a new begin_frame the runner is still: met at its box, as by the plain cast.
    BOOST_TEST(l[13].at("other") == "runner");
    BOOST_TEST(l[13].at("time") == l[5].at("time"));
    BOOST_TEST(!l[13].contains("other_box"));
    // In that frame the ferry (0 to 40, y 210 to 220) carries the passenger (x 10 to 20, on it)
    // 100 right: a ray falling from y 150 by 100 reaches the passenger's top, y 200, at frame
    // time 0.5, the passenger then at x 60 to 70 under x 62; the plain ray meets neither.
    BOOST_TEST(box_is(l[14].at("boxes").at("passenger"), 110, 200, 120, 210));
    BOOST_TEST(l[15].at("other") == "passenger");
    BOOST_TEST(l[15].at("time").get<double>() == 0.5);
    BOOST_TEST(l[15].at("normal") == json::parse("[0, -1]"));
    BOOST_TEST(l[15].at("point") == json::parse("[62, 200]"));
    BOOST_TEST(box_is(l[15].at("other_box"), 60, 200, 70, 210));
    BOOST_TEST(l[16].at("hit") == false);
}

// The lines print what the World's own casts with CastOptions answer, bit for bit.
BOOST_AUTO_TEST_CASE(steps_answer_as_the_world_does) {
    World w;
    BodyDef d;
    d.box = Aabb{{45, 0}, {55, 10}};
    const BodyId runner = w.add(d);
    w.begin_frame();
    (void)w.move(runner, Vec2{0, 100});
    CastOptions o;
    o.moving = true;
    o.t0 = real(0.5);
    const CastHit h = w.cast_ray(Vec2{0, 80}, Vec2{100, 0}, {}, o);
    BOOST_REQUIRE(h.hit);
    const auto lines = scene_test::run_text(R"({"bodies": [{"name": "runner", "box": [45, 0, 55, 10]}],
        "steps": [{"op": "begin_frame"}, {"op": "move", "body": "runner", "delta": [0, 100]},
                  {"op": "cast_ray", "from": [0, 80], "delta": [100, 0], "moving": true, "t0": 0.5}]})");
    BOOST_REQUIRE(lines.size() == 3u);
    const json ray = json::parse(lines[2]);
    BOOST_TEST(ray.at("time").get<real>() == h.time);
    BOOST_TEST(ray.at("point")[0].get<real>() == h.point.x);
    BOOST_TEST(ray.at("point")[1].get<real>() == h.point.y);
    const Aabb was = w.frame_box(runner, h.time);
    BOOST_TEST(ray.at("other_box")[1].get<real>() == was.min.y);
    BOOST_TEST(ray.at("other_box")[3].get<real>() == was.max.y);
}

// A move step with "moving" (T5): the grenade of the contract meets the runner where it was, as
// World::move does; contact times are frame times; "moving" with "snap" is refused.
BOOST_AUTO_TEST_CASE(a_move_against_motion) {
    World w;
    BodyDef d;
    d.box = Aabb{{45, 0}, {55, 10}};
    const BodyId runner = w.add(d);
    d.box = Aabb{{0, 49}, {2, 51}};
    const BodyId grenade = w.add(d);
    w.begin_frame();
    (void)w.move(runner, Vec2{0, 100});
    MoveOptions o;
    o.moving = true;
    o.t0 = real(0.1);
    o.response = Response::bounce;
    const MoveResult r = w.move(grenade, Vec2{100, 0}, o);
    BOOST_REQUIRE(r.contacts.size() == 1u);
    const auto lines = scene_test::run_text(R"({"bodies": [{"name": "runner", "box": [45, 0, 55, 10]},
                                                          {"name": "grenade", "box": [0, 49, 2, 51]}],
        "steps": [{"op": "begin_frame"}, {"op": "move", "body": "runner", "delta": [0, 100]},
                  {"op": "move", "body": "grenade", "delta": [100, 0], "response": "bounce",
                   "moving": true, "t0": 0.1}]})");
    BOOST_REQUIRE(lines.size() == 3u);
    const json move = json::parse(lines[2]);
    const json& contacts = move.at("contacts");
    BOOST_REQUIRE(contacts.size() == 1u);
    BOOST_TEST(contacts[0].at("time").get<real>() == r.contacts[0].time);
    BOOST_TEST(contacts[0].at("other").get<std::string>() == "runner");
    BOOST_TEST(box_is(contacts[0].at("box"), r.contacts[0].box.min.x, r.contacts[0].box.min.y, r.contacts[0].box.max.x,
                      r.contacts[0].box.max.y));
    BOOST_TEST(box_is(move.at("box"), r.box.min.x, r.box.min.y, r.box.max.x, r.box.max.y));
    BOOST_CHECK_THROW(scene_test::run_text(R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1]}],
        "steps": [{"op": "move", "body": "a", "delta": [1, 0], "moving": true, "snap": 2}]})"),
                      SceneError);
}

// Without begin_frame the moves record nothing: "moving" casts meet every body where it is.
BOOST_AUTO_TEST_CASE(moving_without_a_frame_is_the_plain_cast) {
    const auto lines = scene_test::run_text(R"({"bodies": [{"name": "runner", "box": [45, 0, 55, 10]}],
        "steps": [{"op": "move", "body": "runner", "delta": [0, 100]},
                  {"op": "cast_ray", "from": [0, 105], "delta": [100, 0], "moving": true},
                  {"op": "cast_ray", "from": [0, 105], "delta": [100, 0]}]})");
    BOOST_REQUIRE(lines.size() == 3u);
    const json moving = json::parse(lines[1]), plain = json::parse(lines[2]);
    BOOST_TEST(moving.at("other") == "runner");
    BOOST_TEST(!moving.contains("other_box"));
    BOOST_TEST(moving.at("time") == plain.at("time"));
}

// The trace keeps where each moving body was at its hit; the picture draws it dotted with its
// frame time, and the legend names it.
BOOST_AUTO_TEST_CASE(picture_shows_the_body_at_the_hit) {
    const std::string path = scene_test::scenes_dir() + "/moving_targets.json";
    SceneRunner runner(load_scene(path), path);
    runner.run_all();
    const SceneTrace& trace = runner.trace();
    std::size_t drawn = 0;
    for (const CastTrace& cast : trace.casts) {
        BOOST_TEST(cast.other_boxes.size() == (cast.moving ? cast.hits.size() : 0u));
        for (const auto& was : cast.other_boxes) drawn += was.has_value();
    }
    BOOST_TEST(drawn == 5u); // steps 4, 7, 8 (the runner), 11 (the pacer) and 15 (the passenger)
    BOOST_TEST((*trace.casts[1].other_boxes[0] == Aabb{{45, 45}, {55, 55}}));
    const std::string svg = render_svg(runner);
    BOOST_TEST(svg.find(">moving body at a cast's hit; frame time<") != std::string::npos);
    BOOST_TEST(svg.find(">t 0.45<") != std::string::npos);
    BOOST_TEST(svg.find(">t 0.1<") != std::string::npos);
    BOOST_TEST(svg.find(">t 0.5<") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
