// sweepbox_make_workloads: writes the benchmark workloads and their exact checksums into a
// directory (workloads.hpp). The build runs it into BUILD/bench/data.
// Usage: sweepbox_make_workloads OUT_DIR [--seed N]
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>

#include "workloads.hpp"

namespace wl = sweepbox::bench::workloads;

int main(int argc, char** argv) {
    std::string dir;
    std::uint64_t seed = wl::default_seed;
    bool ok = true;
    for (int i = 1; i < argc && ok; ++i) {
        const std::string_view arg = argv[i];
        std::string_view value;
        if (arg == "--seed" && i + 1 < argc) {
            value = argv[++i];
        } else if (arg.substr(0, 7) == "--seed=") {
            value = arg.substr(7);
        } else if (dir.empty() && !arg.empty() && arg[0] != '-') {
            dir = arg;
            continue;
        } else {
            ok = false;
            break;
        }
        char* end = nullptr;
        seed = std::strtoull(std::string(value).c_str(), &end, 10);
        ok = !value.empty() && end != nullptr && *end == '\0';
    }
    if (!ok || dir.empty()) {
        std::fprintf(stderr, "usage: sweepbox_make_workloads OUT_DIR [--seed N]\n");
        return 2;
    }
    try {
        const wl::Summary s = wl::write_workloads(dir, seed);
        std::printf("sweepbox_make_workloads: %s (seed %llu): %zu solid tiles, %zu free cells; "
                    "rays %zu hits, sum %.6f; box casts %zu hits, sum %.6f\n"
                    "  hills: %zu solid tiles, %zu slope tiles, %zu free cells; "
                    "rays %zu hits, sum %.6f; box casts %zu hits, sum %.6f\n",
                    dir.c_str(), static_cast<unsigned long long>(seed), s.solid_tiles, s.free_cells, s.rays.hits,
                    s.rays.sum, s.boxcasts.hits, s.boxcasts.sum, s.hill_solid, s.hill_slopes, s.hill_free,
                    s.hill_rays.hits, s.hill_rays.sum, s.hill_boxcasts.hits, s.hill_boxcasts.sum);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sweepbox_make_workloads: %s\n", e.what());
        return 1;
    }
    return 0;
}
