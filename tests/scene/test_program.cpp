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
