// sweepbox_profile: a driver for valgrind --tool=callgrind (instruction counts are repeatable on a
// shared machine, wall-clock times are not). Builds one world, then runs one workload inside
// the function run_workload, so that
//   valgrind --tool=callgrind --toggle-collect='*run_workload*' ./bench/sweepbox_profile rays_tile_map
// counts only the queries (read them with callgrind_annotate). Workloads: rays_tile_map, boxcasts_tile_map, rays_bodies, boxcasts_bodies,
// crowd (one pass of 100 frames, after one untimed warm-up pass), and on the hills (bench_hills)
// rays_hills, boxcasts_hills and moves_hills (slide moves, after one untimed warm-up pass).
// Usage: sweepbox_profile WORKLOAD [--data DIR] [--hills DIR] [--count N]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "common.hpp"

using namespace sweepbox;
using namespace sweepbox::bench;

namespace {

// Kept out of line so callgrind can collect exactly this function and what it calls.
[[gnu::noinline]] double run_workload(const std::string& which, const World* world, World* crowd_world,
                                      const TileWorldData& tiles, const CrowdData& crowd,
                                      const std::vector<BodyId>& movers, MoveResult& result, std::size_t count) {
    double sum = 0;
    if (which.rfind("rays", 0) == 0) {
        for (std::size_t i = 0; i < count && i < tiles.rays.size(); ++i) {
            const CastHit h = world->cast_ray(tiles.rays[i].origin, tiles.rays[i].delta);
            sum += h.hit ? double(h.time) : 0.0;
        }
    } else if (which.rfind("boxcasts", 0) == 0) {
        for (std::size_t i = 0; i < count && i < tiles.boxcasts.size(); ++i) {
            const CastHit h = world->cast_box(tiles.boxcasts[i].box, tiles.boxcasts[i].delta);
            sum += h.hit ? double(h.time) : 0.0;
        }
    } else {
        run_crowd(*crowd_world, crowd, movers, result);
        sum = crowd_checksum(*crowd_world, movers);
    }
    return sum;
}

// The hills' slide moves, collected as run_workload is (callgrind.sh's toggle matches both names).
[[gnu::noinline]] double run_workload_moves(World& world, BodyId mover, const TileWorldData& hills,
                                            MoveResult& result) {
    return run_moves(world, mover, hills.moves, result).checksum;
}

} // namespace

int main(int argc, char** argv) {
    const std::string dir = data_dir(argc, argv);
    const std::string hills = hills_dir(argc, argv, dir);
    const std::size_t count = std::size_t(std::atoll(take_option(argc, argv, "count", "100000").c_str()));
    if (argc != 2) {
        std::fprintf(stderr,
                     "usage: sweepbox_profile rays_tile_map|boxcasts_tile_map|rays_bodies|boxcasts_bodies|crowd|"
                     "rays_hills|boxcasts_hills|moves_hills [--data DIR] [--hills DIR] [--count N]\n");
        return 2;
    }
    const std::string which = argv[1];
    TileWorldData tiles;
    CrowdData crowd;
    std::vector<BodyId> movers;
    MoveResult result;
    World world;
    World crowd_world;
    try {
        if (which == "crowd") {
            crowd = load_crowd(dir);
            crowd_world = make_crowd_world(crowd, movers);
            run_crowd(crowd_world, crowd, movers, result); // warm-up
            reset_crowd(crowd_world, crowd, movers);
        } else if (which.find("hills") != std::string::npos) {
            tiles = load_hills(hills);
            world = make_tile_map_world(tiles);
            crowd_world = world;
            movers.push_back(add_mover(crowd_world, tiles.moves));
            run_moves(crowd_world, movers.front(), tiles.moves, result); // warm-up
            tiles.moves.resize(std::min(count, tiles.moves.size()));
        } else {
            tiles = load_tile_world(dir);
            world = which.find("tile_map") != std::string::npos ? make_tile_map_world(tiles) : make_body_world(tiles);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sweepbox_profile: %s\n", e.what());
        return 2;
    }
    const double sum = which == "moves_hills"
                         ? run_workload_moves(crowd_world, movers.front(), tiles, result)
                         : run_workload(which, &world, &crowd_world, tiles, crowd, movers, result, count);
    std::printf("%s: %.6f\n", which.c_str(), sum);
    return 0;
}
