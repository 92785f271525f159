// The sweepbox program: runs a scene file and prints one JSON object per step (JSON Lines),
// optionally drawing the run as SVG. Exit codes: 0 success, 2 malformed scene or bad command
// line (one line on stderr), 1 an unexpected internal error.
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <sweepbox/scene.hpp>
#include <sweepbox/svg.hpp>
#if defined(SWEEPBOX_PROGRAM_LEVELS)
#    include <sweepbox/levels.hpp>
#endif

namespace {

const char* const usage =
    "usage: sweepbox run SCENE.json [--svg OUT.svg]\n"
    "       sweepbox format SCENE.json\n"
    "       sweepbox level LEVEL_FILE [--name LEVEL] [--rename NAME=KIND]...\n"
    "       sweepbox --help | --version\n"
    "\n"
    "  run      load SCENE.json, run its steps and print one JSON object per step on stdout\n"
    "           (JSON Lines); with --svg, also draw the world, every path, contact point,\n"
    "           normal, velocity and cast into OUT.svg (at most 100000 moves and frames in all;\n"
    "           a longer run is refused before it starts)\n"
    "  format   load SCENE.json and print it back in the canonical form (checks it, runs nothing)\n"
    "  level    load an editor's level (Tiled .tmx, .tmj or .json; LDtk .ldtk, one level with --name)\n"
    "           and print its size, tile size, kinds, bodies and spawn points (docs/levels.md);\n"
    "           --rename reads an editor's name as a kind or body kind (walls=solid)\n"
    "  SCENE.json may be - to read the scene from standard input.\n"
    "\n"
    "Exit status: 0 on success; 2 on a malformed scene or command line, a step the world refuses\n"
    "or a result that is not finite, with one line on stderr naming the file, the step (and the\n"
    "frame) and the problem; 1 on an internal error.\n"
    "The scene format is described in docs/scenes.md.\n";

int fail_usage(const std::string& problem) {
    std::cerr << "sweepbox: " << problem << " (see sweepbox --help)\n";
    return 2;
}

// A scene from a file, or from standard input when the path is "-".
sweepbox::Scene load(const std::string& path) {
    if (path != "-") return sweepbox::load_scene(path);
    std::ostringstream text;
    text << std::cin.rdbuf();
    return sweepbox::parse_scene(text.str(), "<stdin>");
}

// --svg draws every move and frame: a run too long to draw is refused before it starts.
void check_drawable(const sweepbox::Scene& scene, const std::string& file) {
    std::size_t moves = 0;
    for (std::size_t i = 0; i < scene.steps.size(); ++i) {
        const sweepbox::SceneStep& s = scene.steps[i];
        if (s.op == sweepbox::SceneOp::move) ++moves;
        if (s.op == sweepbox::SceneOp::frames) moves += std::size_t(s.count);
        if (s.op == sweepbox::SceneOp::particles) {
            std::size_t n = 0;
            for (const sweepbox::SceneEmit& e : s.emit) n += e.cone ? std::size_t(e.count) : 1;
            moves += n * std::size_t(s.count); // one point of every particle's trail per frame
        }
        if (moves > sweepbox::max_traced_moves)
            throw sweepbox::SceneError(file, "step " + std::to_string(i) + " (" + sweepbox::to_string(s.op) + ")",
                                       "too long to draw: --svg draws at most " +
                                           std::to_string(sweepbox::max_traced_moves) +
                                           " moves and frames in all, the run has " + std::to_string(moves) +
                                           " by this step (run without --svg, or with fewer frames)");
    }
}

int run(const std::string& path, const std::string& svg_path) {
    const std::string file = path == "-" ? "<stdin>" : path;
    sweepbox::Scene scene = load(path);
    if (!svg_path.empty()) check_drawable(scene, file);
    // Without --svg nothing is recorded, so memory does not grow with the run.
    sweepbox::SceneRunner runner(std::move(scene), file, !svg_path.empty());
    for (std::size_t i = 0; i < runner.step_count(); ++i) {
        const std::string line = runner.run_step(i);
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fputc('\n', stdout);
    }
    std::fflush(stdout);
    if (!svg_path.empty()) {
        sweepbox::SvgOptions options;
        options.title = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
        sweepbox::write_svg_file(runner, svg_path, options);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    try {
        if (args.empty()) return fail_usage("missing command");
        const std::string& cmd = args[0];
        if (cmd == "--help" || cmd == "-h" || cmd == "help") {
            std::cout << usage;
            return 0;
        }
        if (cmd == "--version" || cmd == "-V") {
            std::cout << "sweepbox " << sweepbox::version_string << "\n";
            return 0;
        }
        if (cmd == "run") {
            std::string scene, svg;
            for (std::size_t i = 1; i < args.size(); ++i) {
                if (args[i] == "--svg") {
                    if (i + 1 >= args.size()) return fail_usage("--svg needs a file name");
                    svg = args[++i];
                } else if (args[i] == "--help" || args[i] == "-h") {
                    std::cout << usage;
                    return 0;
                } else if (!args[i].empty() && args[i][0] == '-' && args[i] != "-") {
                    return fail_usage("unknown option '" + args[i] + "'");
                } else if (scene.empty()) {
                    scene = args[i];
                } else {
                    return fail_usage("more than one scene file given");
                }
            }
            if (scene.empty()) return fail_usage("run: missing SCENE.json");
            return run(scene, svg);
        }
        if (cmd == "format") {
            if (args.size() != 2) return fail_usage("format takes exactly one SCENE.json");
            const std::string text = sweepbox::save_scene(load(args[1]));
            std::fwrite(text.data(), 1, text.size(), stdout);
            return 0;
        }
        if (cmd == "level") {
            std::string file, name;
            std::map<std::string, std::string> rename;
            for (std::size_t i = 1; i < args.size(); ++i) {
                if (args[i] == "--name" && i + 1 < args.size()) name = args[++i];
                else if (args[i] == "--rename" && i + 1 < args.size() && args[i + 1].find('=') != std::string::npos) {
                    const std::string& r = args[++i];
                    rename[r.substr(0, r.find('='))] = r.substr(r.find('=') + 1);
                } else if (file.empty() && !args[i].empty() && args[i][0] != '-') file = args[i];
                else return fail_usage("level takes LEVEL_FILE [--name LEVEL] [--rename NAME=KIND]...");
            }
            if (file.empty()) return fail_usage("level: missing LEVEL_FILE");
#if defined(SWEEPBOX_PROGRAM_LEVELS)
            try {
                sweepbox::LevelRules rules;
                rules.rename = rename;
                std::cout << sweepbox::describe_level(sweepbox::load_level(file, name, rules));
            } catch (const sweepbox::Error& e) {
                std::cerr << e.what() << "\n";
                return 2;
            }
            return 0;
#else
            return fail_usage("this build has no levels component (SWEEPBOX_LEVELS=OFF)");
#endif
        }
        return fail_usage("unknown command '" + cmd + "'");
    } catch (const sweepbox::SceneError& e) {
        std::fflush(stdout);
        std::cerr << "sweepbox: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::fflush(stdout);
        std::cerr << "sweepbox: internal error: " << e.what() << "\n";
        return 1;
    }
}
