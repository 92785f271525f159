// sweepbox_determinism: prints the hashes of the answers of the golden simulation and of random
// scenes (contract rule 10), one line each, so that the outputs of two builds (two compilers, two
// architectures) can be compared with diff; tests/determinism/cross_arch.sh does that. A plain
// program (no test framework), so that it runs on any target the library builds for.
//
//   sweepbox_determinism [--golden FILE] [--scenes N] [--frames N] [--frame-hashes]
//                        [--save-snapshots DIR | --check-snapshots DIR]
//     --golden FILE    also check the golden simulation's hash against FILE (exit 1 when not equal)
//     --scenes N       random scenes, seeds 1 to N (default 24)
//     --frames N       frames of each random scene (default 120)
//     --frame-hashes   a line per frame too (to find where two builds part)
//     --save-snapshots DIR   write the snapshots of the snapshot lines to DIR
//     --check-snapshots DIR  restore the snapshots of DIR (another build's) instead of its own
// The snapshot lines: scenes 1 to 8 saved at frame 60, restored into a fresh world and run on to
// the end (its answers must equal those of the world that was saved: exit 1 if not), and rolled
// back 4 frames in both modes (the same answers each time). With --check-snapshots the restored
// world is another build's, so its line equals this build's own only when the snapshot travels.
// The build (compiler, architecture, precision) goes to stderr, the compared lines to stdout.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>
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

bool read_file(const std::string& path, std::vector<std::byte>& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    out.resize(text.size());
    std::memcpy(out.data(), text.data(), text.size());
    return true;
}

bool write_file(const std::string& path, const std::vector<std::byte>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return bool(out);
}

int usage(const char* problem) {
    std::fprintf(stderr,
                 "sweepbox_determinism: %s\nusage: sweepbox_determinism [--golden FILE] [--scenes N] "
                 "[--frames N] [--frame-hashes] [--save-snapshots DIR | --check-snapshots DIR]\n",
                 problem);
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    using namespace sweepbox::determinism;
    std::string golden_file;
    int scenes = 24, frames = 120;
    bool frame_hashes = false, saving = false;
    std::string snapshot_dir;
    constexpr int snapshot_scenes = 8, snapshot_at = 60, snapshot_window = 4;
    for (int a = 1; a < argc; ++a) {
        const std::string arg = argv[a];
        const bool has_value = a + 1 < argc;
        if (arg == "--golden" && has_value) {
            golden_file = argv[++a];
        } else if (arg == "--scenes" && has_value) {
            scenes = std::atoi(argv[++a]);
        } else if (arg == "--frames" && has_value) {
            frames = std::atoi(argv[++a]);
        } else if ((arg == "--save-snapshots" || arg == "--check-snapshots") && has_value) {
            saving = arg == "--save-snapshots";
            snapshot_dir = argv[++a];
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
    // Snapshots: saved at frame 60 (or read from --check-snapshots DIR, as another build saved
    // them), restored into a fresh world, the scene run on; rolled back 4 frames in both modes.
    std::vector<std::byte> bytes;
    for (int seed = 1; seed <= snapshot_scenes && frames > snapshot_at + snapshot_window; ++seed) {
        const std::string file = snapshot_dir + "/scene-" + std::to_string(seed) + ".snapshot";
        const bool given = !snapshot_dir.empty() && !saving;
        if (given && !read_file(file, bytes)) {
            std::fprintf(stderr, "sweepbox_determinism: cannot read %s\n", file.c_str());
            return 1;
        }
        SnapshotAnswers a;
        try {
            a = snapshot_scene(std::uint32_t(seed), frames, snapshot_at, snapshot_window, bytes, given);
        } catch (const sweepbox::Error& e) {
            std::fprintf(stderr, "sweepbox_determinism: scene %d: %s\n", seed, e.what());
            return 1;
        }
        if (saving && !write_file(file, bytes)) {
            std::fprintf(stderr, "sweepbox_determinism: cannot write %s\n", file.c_str());
            return 1;
        }
        char h1[17], h2[17];
        hex(a.bytes_hash, h1);
        hex(a.restored, h2);
        std::printf("snapshot %d frame %d: %zu bytes (movable %zu), bytes %s, restored and run on %s\n", seed,
                    snapshot_at, a.bytes, a.movable_bytes, h1, h2);
        const bool rollback = a.window == a.window_again_full && a.window == a.window_again_movable;
        if (a.restored != a.original || !rollback) {
            std::fprintf(stderr, "sweepbox_determinism: scene %d: %s\n", seed,
                         a.restored != a.original ? "the restored world answers otherwise than the saved one"
                                                  : "a rolled-back window answers otherwise the second time");
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
