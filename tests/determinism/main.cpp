// sweepbox_determinism: prints the hashes of the answers of the golden simulation and of random
// scenes (contract rule 10), one line each, so that the outputs of two builds (two compilers, two
// architectures) can be compared with diff; tests/determinism/cross_arch.sh does that. A plain
// program (no test framework), so that it runs on any target the library builds for.
//
//   sweepbox_determinism [--golden FILE] [--scenes N] [--frames N] [--frame-hashes]
//     --golden FILE    also check the golden simulation's hash against FILE (exit 1 when not equal)
//     --scenes N       random scenes, seeds 1 to N (default 24)
//     --frames N       frames of each random scene (default 120)
//     --frame-hashes   a line per frame too (to find where two builds part)
// The build (compiler, architecture, precision) goes to stderr, the compared lines to stdout.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <sweepbox/sweepbox.hpp>

#include "answer_hash.hpp"
#include "golden_simulation.hpp"
#include "random_scenes.hpp"

namespace {

const char* compiler() {
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown compiler";
#endif
}

const char* architecture() {
#if defined(__x86_64__)
    return "x86-64";
#elif defined(__aarch64__)
    return "aarch64";
#else
    return "unknown architecture";
#endif
}

int usage(const char* problem) {
    std::fprintf(stderr,
                 "sweepbox_determinism: %s\nusage: sweepbox_determinism [--golden FILE] [--scenes N] "
                 "[--frames N] [--frame-hashes]\n",
                 problem);
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    using namespace sweepbox::determinism;
    std::string golden_file;
    int scenes = 24, frames = 120;
    bool frame_hashes = false;
    for (int a = 1; a < argc; ++a) {
        const std::string arg = argv[a];
        const bool has_value = a + 1 < argc;
        if (arg == "--golden" && has_value) {
            golden_file = argv[++a];
        } else if (arg == "--scenes" && has_value) {
            scenes = std::atoi(argv[++a]);
        } else if (arg == "--frames" && has_value) {
            frames = std::atoi(argv[++a]);
        } else if (arg == "--frame-hashes") {
            frame_hashes = true;
        } else {
            return usage(("bad argument '" + arg + "'").c_str());
        }
    }
    if (scenes < 0 || frames < 0) return usage("--scenes and --frames take a count");
    std::fprintf(stderr, "sweepbox_determinism: %s, %s, real = %s\n", compiler(), architecture(),
                 sizeof(sweepbox::real) == 4 ? "float" : "double");

    char hex16[17];
    long moves = 0;
    const std::uint64_t golden = golden_simulation(moves);
    hex(golden, hex16);
    std::printf("golden %s %ld moves\n", hex16, moves);
    int status = 0;
    if (!golden_file.empty()) {
        std::ifstream in(golden_file);
        std::string want;
        if (!(in >> want)) {
            std::fprintf(stderr, "sweepbox_determinism: cannot read %s\n", golden_file.c_str());
            status = 1;
        } else if (want != hex16) {
            std::fprintf(stderr, "sweepbox_determinism: golden hash %s, %s holds %s\n", hex16, golden_file.c_str(),
                         want.c_str());
            status = 1;
        }
    }
    for (int seed = 1; seed <= scenes; ++seed) {
        auto each = [&](int f, std::uint64_t h) {
            char x[17];
            hex(h, x);
            std::printf("scene %d frame %d %s\n", seed, f, x);
        };
        const SceneAnswers s = frame_hashes ? random_scene(std::uint32_t(seed), frames, each)
                                            : random_scene(std::uint32_t(seed), frames);
        hex(s.hash, hex16);
        std::printf("scene %d %s %ld calls\n", seed, hex16, s.calls);
    }
    return status;
}
