/// @file fuzz_scene.cpp
/// Fuzz target: the scene parser (and runner) on arbitrary bytes.
///
/// Checked (any violation aborts with a message):
/// - parse_scene either returns a Scene or throws SceneError; nothing else escapes (no
///   nlohmann::json exception, no sweepbox::Error, no std::out_of_range, no crash, no
///   sanitizer report, no hang);
/// - a SceneError's what() is one non-empty line that starts with the file name given;
/// - a parsed scene round-trips: parse_scene(save_scene(scene)) == scene (scene.hpp's promise),
///   and saving that again gives the same text;
/// - a parsed scene runs: SceneRunner and run_step either succeed, each output line being one
///   line that starts with {"step": <i>, or throw SceneError; nothing else escapes. Scenes
///   with more than 64 steps or 2000 frames in all are parsed but not run (time).

#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <sweepbox/scene.hpp>
#include "fuzz_common.hpp"

using namespace sweepbox;

namespace {

const std::string file_name = "fuzz.json";

void check_error_message(const SceneError& e, const char* during) {
    const std::string m = e.what();
    if (m.empty()) sweepbox::fuzz::fail("%s: SceneError with an empty message", during);
    if (m.find('\n') != std::string::npos || m.find('\r') != std::string::npos)
        sweepbox::fuzz::fail("%s: SceneError message is not one line: %s", during, m.c_str());
    if (m.rfind(file_name, 0) != 0)
        sweepbox::fuzz::fail("%s: SceneError message does not start with the file name: %s", during, m.c_str());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Scene scene;
    try {
        scene = parse_scene(text, file_name);
    } catch (const SceneError& e) {
        check_error_message(e, "parse_scene");
        return 0;
    } catch (const std::exception& e) {
        sweepbox::fuzz::fail("parse_scene let a non-SceneError exception escape: %s", e.what());
    } catch (...) {
        sweepbox::fuzz::fail("parse_scene threw something that is not a std::exception");
    }

    // Round trip.
    std::string saved;
    try {
        saved = save_scene(scene);
        const Scene again = parse_scene(saved, file_name);
        if (!(again == scene))
            sweepbox::fuzz::fail("save_scene/parse_scene does not round-trip; saved text:\n%s", saved.c_str());
        const std::string saved_again = save_scene(again);
        if (saved_again != saved)
            sweepbox::fuzz::fail("save_scene is not stable:\n%s\nthen\n%s", saved.c_str(), saved_again.c_str());
    } catch (const SceneError& e) {
        sweepbox::fuzz::fail("a saved scene does not parse back: %s\nsaved text:\n%s", e.what(), saved.c_str());
    } catch (const std::exception& e) {
        sweepbox::fuzz::fail("save_scene/parse_scene let an exception escape: %s", e.what());
    }

    // Run it, if it is small.
    std::int64_t frames = 0;
    for (const SceneStep& s : scene.steps)
        if (s.op == SceneOp::frames) frames += s.count;
    if (scene.steps.size() > 64 || frames > 2000) return 0;
    try {
        SceneRunner runner(scene, file_name);
        for (std::size_t i = 0; i < runner.step_count(); ++i) {
            const std::string line = runner.run_step(i);
            const std::string head = "{\"step\": " + std::to_string(i) + ",";
            if (line.find('\n') != std::string::npos || line.rfind(head, 0) != 0)
                sweepbox::fuzz::fail("step %zu: the output is not one JSON line starting with %s: %s", i, head.c_str(),
                                     line.c_str());
        }
    } catch (const SceneError& e) {
        check_error_message(e, "SceneRunner");
    } catch (const std::exception& e) {
        sweepbox::fuzz::fail("SceneRunner let a non-SceneError exception escape: %s", e.what());
    }
    return 0;
}
