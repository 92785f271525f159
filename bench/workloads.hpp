#pragma once
/// @file workloads.hpp
/// The seeded generator of the benchmark workloads (bench/README.md, "The workloads"): the tile
/// world (tiles, walls, rays, box casts) and the crowd (statics, movers, deltas), in the text
/// formats of the shared set, plus `checksums.txt`, the exact checksums of the rays and box casts;
/// and the hills (a map of ramps: tiles, rays, box casts, slide moves, and their own checksums).
/// It uses integers only (an own PRNG, every coordinate a count of 1/64 unit), so one seed gives
/// the same bytes with every compiler on every platform; it does not use the library.

#include <cstddef>
#include <cstdint>
#include <string>

namespace sweepbox::bench::workloads {

/// The seed the build uses unless the cache variable SWEEPBOX_BENCH_SEED says otherwise.
inline constexpr std::uint64_t default_seed = 1;

/// Name of the checksums file in a workload directory. The shared set has none: its checksums
/// are published in its README (see common.hpp).
inline constexpr const char* checksums_file = "checksums.txt";

/// The row characters of the hills' slope tiles, in the order of sweepbox's TileShape from
/// slope45_ul on: `/` `\` `<` `>` the 45-degree shapes ul, ur, dl, dr; then the shallow pieces
/// (low, high) ul `a` `b`, ur `c` `d`, dl `A` `B`, dr `C` `D`; then the steep pieces ul `e` `f`,
/// ur `g` `h`, dl `E` `F`, dr `G` `H`. An upper-case letter is the ceiling (mirror in v) of its
/// lower-case floor piece. `#` is solid and `.` empty, as in the tile world.
inline constexpr char slope_legend[] = "/\\<>abcdABCDefghEFGH";
/// Number of slope characters in slope_legend.
inline constexpr int slope_legend_size = sizeof(slope_legend) - 1;
static_assert(slope_legend_size == 20);

/// Hits and sum of hit fractions of one query set, by the exact reference.
struct ExactChecksum {
    std::size_t hits = 0; ///< queries whose first contact is strictly before t = 1
    double sum = 0;       ///< their fractions, each num / den in double, added in file order
};

/// What write_workloads made.
struct Summary {
    std::size_t solid_tiles = 0; ///< '#' cells of tiles.txt
    std::size_t free_cells = 0;  ///< empty cells no wall touches (where queries start)
    ExactChecksum rays;          ///< the checksum written for rays.txt
    ExactChecksum boxcasts;      ///< the checksum written for boxcasts.txt
    std::size_t hill_solid = 0;  ///< '#' cells of hills/tiles.txt
    std::size_t hill_slopes = 0; ///< slope cells of hills/tiles.txt
    std::size_t hill_free = 0;   ///< '.' cells of hills/tiles.txt near a slope tile (where its queries start)
    ExactChecksum hill_rays;     ///< the checksum written for hills/rays.txt
    ExactChecksum hill_boxcasts; ///< the checksum written for hills/boxcasts.txt
};

/// Reads DIR/checksums.txt into `rays` and `boxcasts`. Returns false when there is no such file;
/// throws std::runtime_error when it lacks a line or has a bad one.
bool read_checksums(const std::string& dir, ExactChecksum& rays, ExactChecksum& boxcasts);

/// Writes DIR/tile_world/{tiles,walls,rays,boxcasts}.txt, DIR/crowd/{statics,movers,deltas}.txt,
/// DIR/hills/{tiles,rays,boxcasts,moves,checksums}.txt and DIR/checksums.txt (last), creating the
/// directories. The hills draw from a generator of their own, so the other files do not depend on
/// them. Throws std::runtime_error when a
/// file cannot be written.
Summary write_workloads(const std::string& dir, std::uint64_t seed);

} // namespace sweepbox::bench::workloads
