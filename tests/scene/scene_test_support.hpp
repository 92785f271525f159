#pragma once
// Helpers shared by the scene tests: reading files, the demo scene list, running a scene.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sweepbox/scene.hpp>

namespace scene_test {

/// The folder of the demo scenes (the source tree's scenes/).
inline std::string scenes_dir() { return SWEEPBOX_SCENES_DIR; }
/// A scratch folder in the build tree.
inline std::string tmp_dir() { return SWEEPBOX_TEST_TMP_DIR; }

/// The demo scenes checked against scenes/expected/<name>.jsonl.
inline const std::vector<std::string>& demo_scenes() {
    static const std::vector<std::string> names{"design_example", "bullets",  "grenade_room", "platformer",
                                                "closed_room",    "sparks",   "water",        "hills",
                                                "barrier",        "rollback", "clusters",     "moving_targets"};
    return names;
}

/// The whole file as text ("" when it cannot be read).
inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Writes text to a file.
inline void write_text(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

/// The file split into lines (without the newlines; no empty last line).
inline std::vector<std::string> read_lines(const std::string& path) {
    std::vector<std::string> lines;
    std::ifstream in(path, std::ios::binary);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

/// Runs every step of a scene text and returns the output lines.
inline std::vector<std::string> run_text(const std::string& text) {
    sweepbox::SceneRunner runner(sweepbox::parse_scene(text, "test.json"), "test.json");
    return runner.run_all();
}

} // namespace scene_test
