// The sweepbox program, run as a process: output of the demo scenes, --help, --version, and
// every malformed scene: exit code 2 and exactly one line on stderr naming file, step, problem.
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <sys/wait.h>

#include "malformed_cases.hpp"
#include "scene_test_support.hpp"

#if defined(SWEEPBOX_PROGRAM_PATH)

namespace {

struct Result {
    int code = -1;
    std::vector<std::string> out, err;
};

// Runs the program with the given arguments (already quoted), stdout and stderr to files.
Result run(const std::string& args, const std::string& tag) {
    const std::string out = scene_test::tmp_dir() + "/" + tag + ".out";
    const std::string err = scene_test::tmp_dir() + "/" + tag + ".err";
    const std::string cmd = "\"" SWEEPBOX_PROGRAM_PATH "\" " + args + " >\"" + out + "\" 2>\"" + err + "\"";
    const int status = std::system(cmd.c_str());
    Result r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    r.out = scene_test::read_lines(out);
    r.err = scene_test::read_lines(err);
    return r;
}

std::string q(const std::string& s) { return "\"" + s + "\""; }

} // namespace

BOOST_AUTO_TEST_SUITE(program)

BOOST_AUTO_TEST_CASE(demo_scenes_print_the_expected_lines) {
    for (const std::string& name : scene_test::demo_scenes()) {
        BOOST_TEST_CONTEXT("scene " << name) {
            const std::string svg = scene_test::tmp_dir() + "/program_" + name + ".svg";
            const Result r = run("run " + q(scene_test::scenes_dir() + "/" + name + ".json") + " --svg " + q(svg),
                                 "demo_" + name);
            BOOST_TEST(r.code == 0);
            BOOST_TEST(r.err.empty());
            BOOST_TEST(r.out == scene_test::read_lines(scene_test::scenes_dir() + "/expected/" + name + ".jsonl"));
            BOOST_TEST(scene_test::read_text(svg).find("</svg>") != std::string::npos);
        }
    }
}

BOOST_AUTO_TEST_CASE(help_and_version) {
    const Result h = run("--help", "help");
    BOOST_TEST(h.code == 0);
    BOOST_REQUIRE(!h.out.empty());
    BOOST_TEST(h.out[0].find("usage: sweepbox run SCENE.json [--svg OUT.svg]") != std::string::npos);
    const Result v = run("--version", "version");
    BOOST_TEST(v.code == 0);
    BOOST_TEST(v.out == std::vector<std::string>{std::string("sweepbox ") + sweepbox::version_string});
}

BOOST_AUTO_TEST_CASE(bad_command_lines_exit_2_with_one_line) {
    for (const char* args : {"", "fly", "run", "run a.json b.json", "run a.json --svg", "run --frobnicate a.json"}) {
        BOOST_TEST_CONTEXT("args '" << args << "'") {
            const Result r = run(args, "usage");
            BOOST_TEST(r.code == 2);
            BOOST_TEST(r.err.size() == 1u);
            BOOST_TEST(r.out.empty());
        }
    }
}

BOOST_AUTO_TEST_CASE(malformed_scenes_exit_2_with_one_line) {
    for (const scene_test::Malformed& m : scene_test::malformed_cases()) {
        BOOST_TEST_CONTEXT("case " << m.name) {
            const std::string path = scene_test::tmp_dir() + "/bad_" + m.name + ".json";
            scene_test::write_text(path, m.text);
            const Result r = run("run " + q(path), std::string("bad_") + m.name);
            BOOST_TEST(r.code == 2);
            BOOST_REQUIRE(r.err.size() == 1u);
            const std::string& line = r.err[0];
            BOOST_TEST(line.find(path + ": " + m.where + ": ") != std::string::npos, line);
            BOOST_TEST(line.find(m.problem) != std::string::npos, line);
            BOOST_TEST(r.out.empty()); // checked before anything runs
        }
    }
}

BOOST_AUTO_TEST_CASE(missing_file_and_runtime_refusal_exit_2) {
    const Result missing = run("run " + q(scene_test::tmp_dir() + "/no_such_scene.json"), "missing");
    BOOST_TEST(missing.code == 2);
    BOOST_TEST(missing.err.size() == 1u);
    // A move the world refuses (the box would leave the finite range): the lines of the steps
    // before it are printed, then one error line naming the step.
    const std::string path = scene_test::tmp_dir() + "/huge.json";
    scene_test::write_text(path, R"({"bodies": [{"name": "a", "box": [3e38, 0, 3.1e38, 1]}],
        "steps": [{"op": "query_point", "point": [0, 0]}, {"op": "move", "body": "a", "delta": [3e38, 0]}]})");
    const Result r = run("run " + q(path), "huge");
    BOOST_TEST(r.code == 2);
    BOOST_TEST(r.out.size() == 1u);
    BOOST_REQUIRE(r.err.size() == 1u);
    BOOST_TEST(r.err[0].find(path + ": step 1 (move): ") != std::string::npos, r.err[0]);
}

BOOST_AUTO_TEST_CASE(runtime_errors_print_one_prefix_and_the_frame) {
    // Frame 0 falls by 3e38; in frame 1 the velocity, 6e38, is past the largest real.
    const std::string path = scene_test::tmp_dir() + "/overflow_frame.json";
    scene_test::write_text(path, R"({"bodies": [{"name": "g", "box": [0, 0, 4, 4]}],
        "steps": [{"op": "frames", "body": "g", "count": 3, "gravity": [0, 3e38], "dt": 1}]})");
    const Result r = run("run " + q(path), "overflow_frame");
    BOOST_TEST(r.code == 2);
    BOOST_TEST(r.out.empty());
    BOOST_REQUIRE(r.err.size() == 1u);
    BOOST_TEST(r.err[0].rfind("sweepbox: " + path + ": step 0 (frames), frame 1: ", 0) == 0u, r.err[0]);
    BOOST_TEST(r.err[0].find("sweepbox:", 1) == std::string::npos, r.err[0]);
}

BOOST_AUTO_TEST_CASE(non_finite_results_exit_2) {
    // A bounce with restitution 3 turns a velocity of 3e38 into -9e38: no "-inf" on stdout.
    const std::string path = scene_test::tmp_dir() + "/non_finite.json";
    scene_test::write_text(path, R"({"bodies": [{"name": "w", "box": [100, 0, 101, 400], "static": true},
                                                {"name": "g", "box": [0, 0, 4, 4]}],
        "steps": [{"op": "query_point", "point": [0, 0]},
                  {"op": "move", "body": "g", "delta": [200, 0], "response": "bounce", "restitution": 3,
                   "velocity": [3e38, 0]}]})");
    const Result r = run("run " + q(path), "non_finite");
    BOOST_TEST(r.code == 2);
    BOOST_TEST(r.out.size() == 1u);
    BOOST_REQUIRE(r.err.size() == 1u);
    BOOST_TEST(r.err[0].find(path + ": step 1 (move): ") != std::string::npos, r.err[0]);
    for (const std::string& l : r.out) BOOST_TEST(l.find("inf") == std::string::npos, l);
}

BOOST_AUTO_TEST_CASE(a_directory_is_not_a_scene) {
    const Result r = run("run " + q(scene_test::tmp_dir()), "directory");
    BOOST_TEST(r.code == 2);
    BOOST_REQUIRE(r.err.size() == 1u);
    BOOST_TEST(r.err[0].find("is a directory") != std::string::npos, r.err[0]);
}

// --svg draws every move and frame, up to 100,000 in all: beyond that it is refused before
// anything runs; without --svg the same scene runs.
BOOST_AUTO_TEST_CASE(svg_refuses_a_run_longer_than_it_draws) {
    const std::string path = scene_test::tmp_dir() + "/long_fall.json";
    scene_test::write_text(path, R"({"cell_size": 1000000, "bodies": [{"name": "g", "box": [0, 0, 4, 4]}],
        "steps": [{"op": "move", "body": "g", "delta": [0, 1]},
                  {"op": "frames", "body": "g", "count": 100000, "gravity": [0, 980]}]})");
    const std::string svg = scene_test::tmp_dir() + "/long_fall.svg";
    const Result refused = run("run " + q(path) + " --svg " + q(svg), "long_fall_svg");
    BOOST_TEST(refused.code == 2);
    BOOST_TEST(refused.out.empty());
    BOOST_REQUIRE(refused.err.size() == 1u);
    BOOST_TEST(refused.err[0].find(path + ": step 1 (frames): ") != std::string::npos, refused.err[0]);
    BOOST_TEST(refused.err[0].find("--svg") != std::string::npos, refused.err[0]);
    const Result ran = run("run " + q(path), "long_fall");
    BOOST_TEST(ran.code == 0);
    BOOST_TEST(ran.out.size() == 2u);
}

BOOST_AUTO_TEST_CASE(format_prints_a_scene_that_loads_back_equal) {
    for (const std::string& name : scene_test::demo_scenes()) {
        const std::string path = scene_test::scenes_dir() + "/" + name + ".json";
        const std::string saved = scene_test::tmp_dir() + "/formatted_" + name + ".json";
        const int status = std::system(("\"" SWEEPBOX_PROGRAM_PATH "\" format " + q(path) + " >" + q(saved)).c_str());
        BOOST_TEST(status == 0);
        BOOST_TEST((sweepbox::load_scene(saved) == sweepbox::load_scene(path)));
    }
}

BOOST_AUTO_TEST_SUITE_END()

#else

BOOST_AUTO_TEST_SUITE(program)
BOOST_AUTO_TEST_CASE(program_not_built) { BOOST_TEST_MESSAGE("the sweepbox program is not built: skipped"); }
BOOST_AUTO_TEST_SUITE_END()

#endif
