#pragma once
/// @file workloads.hpp
/// The seeded generator of the benchmark workloads (bench/README.md, "The workloads"): the tile
/// world (tiles, walls, rays, box casts) and the crowd (statics, movers, deltas), in the text
/// formats of the shared set, plus `checksums.txt`, the exact checksums of the rays and box casts.
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
};

/// Reads DIR/checksums.txt into `rays` and `boxcasts`. Returns false when there is no such file;
/// throws std::runtime_error when it lacks a line or has a bad one.
bool read_checksums(const std::string& dir, ExactChecksum& rays, ExactChecksum& boxcasts);

/// Writes DIR/tile_world/{tiles,walls,rays,boxcasts}.txt, DIR/crowd/{statics,movers,deltas}.txt
/// and DIR/checksums.txt (last), creating the directories. Throws std::runtime_error when a
/// file cannot be written.
Summary write_workloads(const std::string& dir, std::uint64_t seed);

} // namespace sweepbox::bench::workloads
