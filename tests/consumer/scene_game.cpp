// The scene library as a package (sweepbox::scene, find_package(sweepbox COMPONENTS scene)):
// parses a small scene, runs nothing, checks what was read; a malformed scene must throw
// SceneError. Exits 1 on a wrong answer.

#include <sweepbox/scene.hpp>

#include <cstdio>

int main() {
    int failures = 0;
    auto check = [&](bool ok, const char* what) {
        if (!ok) {
            std::fprintf(stderr, "consumer scene_game: wrong answer: %s\n", what);
            ++failures;
        }
    };
    const sweepbox::Scene scene = sweepbox::parse_scene(R"({
      "bodies": [{"name": "wall", "box": [100, 0, 101, 400], "static": true},
                 {"name": "grenade", "box": [0, 0, 4, 4]}],
      "steps": [{"op": "move", "body": "grenade", "delta": [500, 40], "response": "bounce"}]
    })");
    check(scene.bodies.size() == 2 && scene.bodies[0].name == "wall" && scene.bodies[0].is_static,
          "two bodies, the first the static wall");
    check(scene.steps.size() == 1 && scene.steps[0].op == sweepbox::SceneOp::move &&
              scene.steps[0].response == sweepbox::Response::bounce,
          "one bouncing move step");
    bool threw = false;
    try {
        (void)sweepbox::parse_scene("{\"bodies\": [", "broken.json");
    } catch (const sweepbox::SceneError& e) {
        threw = e.file() == "broken.json";
    }
    check(threw, "malformed JSON throws SceneError naming the file");
    if (failures != 0) return 1;
    std::printf("consumer scene_game: all answers right\n");
    return 0;
}
