#pragma once
/// @file common.hpp
/// What every benchmark program shares: the command line (`--data DIR`), the loaders of the
/// shared workloads (../shared/bench, see its README), the worlds built from them, an exact
/// reference for the tile-world checksums, and the check that fails a program loudly when
/// sweepbox's answers differ from the published ones.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include <sweepbox/sweepbox.hpp>

namespace sweepbox::bench {

// ---- command line ----

/// Removes `--name VALUE` or `--name=VALUE` from argv (so Google Benchmark never sees it) and
/// returns VALUE; returns `fallback` when the option is absent.
std::string take_option(int& argc, char** argv, std::string_view name, std::string fallback = {});
/// Removes the switch `--name` from argv; true when it was there.
bool take_switch(int& argc, char** argv, std::string_view name);
/// The workload directory: `--data DIR` on the command line, else the environment variable
/// SWEEPBOX_BENCH_DATA, else the CMake cache variable of the same name (compiled in).
std::string data_dir(int& argc, char** argv);

// ---- workloads ----

/// One line of rays.txt: a segment from `origin` to `origin + delta`.
struct Ray {
    Vec2 origin{0, 0}; ///< start point
    Vec2 delta{0, 0};  ///< full displacement
};
/// One line of boxcasts.txt: `box` moved by `delta`.
struct BoxCast {
    Aabb box{};       ///< the 8x8 box at the start
    Vec2 delta{0, 0}; ///< full displacement
};

/// tile_world/: a 256x256 map of 16-unit tiles, 200 thin walls, 100,000 rays and box casts.
struct TileWorldData {
    static constexpr std::int32_t tiles_per_side = 256; ///< columns and rows of tiles.txt
    static constexpr real tile_size = 16;               ///< side of a tile in units
    std::vector<std::string> rows;  ///< tiles.txt, row 0 first; '#' solid, '.' empty
    std::vector<Aabb> walls;        ///< walls.txt
    std::vector<Ray> rays;          ///< rays.txt
    std::vector<BoxCast> boxcasts;  ///< boxcasts.txt
    /// The static set of the README: every solid cell as a 16x16 box (row by row), then every wall.
    [[nodiscard]] std::vector<Aabb> statics() const;
    /// Number of solid tiles.
    [[nodiscard]] std::size_t solid_count() const;
};
/// Reads tile_world/ under `dir`. Throws std::runtime_error naming the file on a bad line.
TileWorldData load_tile_world(const std::string& dir);

/// crowd/: 10,000 statics, 1,000 movers, 100 frames x 1,000 deltas.
struct CrowdData {
    std::vector<Aabb> statics; ///< statics.txt
    std::vector<Aabb> movers;  ///< movers.txt
    std::vector<Vec2> deltas;  ///< deltas.txt; line k is frame k/1000, mover k%1000
    /// Number of frames (deltas / movers).
    [[nodiscard]] std::size_t frames() const { return movers.empty() ? 0 : deltas.size() / movers.size(); }
};
/// Reads crowd/ under `dir`. Throws std::runtime_error naming the file on a bad line.
CrowdData load_crowd(const std::string& dir);

// ---- worlds ----

/// The tile world as a level: World::set_tile_map (origin (0,0), tile size 16, 256x256) with the
/// solid tiles, plus the 200 walls as static bodies in the grid.
World make_tile_map_world(const TileWorldData& data, real cell_size = 64);
/// The tile world as 19,766 static bodies (every solid tile and every wall) in the grid.
World make_body_world(const TileWorldData& data, real cell_size = 64);
/// The crowd world: the statics as static bodies, then the movers as movable bodies, whose ids
/// are appended to `movers` (cleared first).
World make_crowd_world(const CrowdData& data, std::vector<BodyId>& movers, bool brute_force = false);
/// Puts every mover back at its start box (World::teleport).
void reset_crowd(World& world, const CrowdData& data, const std::vector<BodyId>& movers);
/// Runs all frames of the crowd workload exactly as its README says (goal = current min + delta;
/// move(id, goal - min) with slide response, `result` reused). Returns the number of moves.
std::size_t run_crowd(World& world, const CrowdData& data, const std::vector<BodyId>& movers,
                      MoveResult& result);
/// The crowd checksum: sum of the movers' final min.x and min.y, in double.
double crowd_checksum(const World& world, const std::vector<BodyId>& movers);

// ---- answers and checksums ----

/// The fraction of each query's first contact, or -1 for a miss.
using Answers = std::vector<double>;

/// Number of hits and the sum of the hit fractions.
struct Checksum {
    std::size_t hits = 0; ///< queries that hit something in [0, 1)
    double sum = 0;       ///< sum of their fractions, added in query order in double
};
/// The checksum of a list of answers.
Checksum checksum_of(std::span<const double> answers);

/// The checksums the shared README publishes (exact brute force).
inline constexpr Checksum published_rays{92106, 15590.684983};
/// See published_rays.
inline constexpr Checksum published_boxcasts{82959, 21597.008047};
/// How far a checksum's sum may lie from the published one: sweepbox returns each fraction as a
/// `real` (float), so the sum of ~90,000 rounded fractions drifts a little from the sum of the exact
/// ones (measured drift of the correctly rounded floats: see README); any real error (one wrong
/// hit or miss) changes the hit count.
inline constexpr double checksum_tolerance = 1e-3;

/// Exact answers for the rays (segment against every static box, interiors open, hit strictly
/// before t = 1), computed in integers of 1/64 unit with exact fraction comparisons.
Answers reference_rays(const TileWorldData& data);
/// Exact answers for the box casts, as reference_rays.
Answers reference_boxcasts(const TileWorldData& data);

/// sweepbox's answers for the rays / box casts on `world`.
Answers sweepbox_rays(const World& world, const TileWorldData& data);
/// See sweepbox_rays.
Answers sweepbox_boxcasts(const World& world, const TileWorldData& data);

/// Text of ray i / box cast i for error reports.
std::string describe_ray(const TileWorldData& data, std::size_t i);
/// See describe_ray.
std::string describe_boxcast(const TileWorldData& data, std::size_t i);

/// Compares `answers` with the published checksum and, when `reference` is not empty, query by
/// query with the exact reference (a hit/miss must agree; a time may differ by `time_tolerance`,
/// float rounding). Prints one line when everything matches; otherwise prints the checksums
/// and the first `max_report` differing queries to stderr. Returns true when everything matches.
bool verify_answers(const std::string& label, std::span<const double> answers,
                    std::span<const double> reference, Checksum published,
                    const std::function<std::string(std::size_t)>& describe,
                    double time_tolerance = 1e-6, std::size_t max_report = 8);

// ---- measurement helpers ----

/// A deterministic 64-bit generator (splitmix64), the same everywhere.
class Rng {
public:
    /// Starts at `seed`.
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    /// The next 64 random bits.
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /// A uniform integer in [lo, hi].
    std::int64_t range(std::int64_t lo, std::int64_t hi) {
        return lo + std::int64_t(next() % std::uint64_t(hi - lo + 1));
    }
    /// A uniform multiple of 1/64 in [lo, hi] (exact in float for |x| < 2^17).
    real coordinate(real lo, real hi) {
        return real(range(std::int64_t(lo * 64), std::int64_t(hi * 64))) / real(64);
    }

private:
    std::uint64_t state_;
};

/// CPU time used by the calling thread, in nanoseconds (CLOCK_THREAD_CPUTIME_ID). The machine is
/// shared, so every figure the programs report is CPU time of the measuring thread, not wall time.
std::int64_t thread_cpu_ns();

/// The median of the values (which it sorts).
double median(std::vector<double> values);

/// A copy of the layout of the private World::Body record (world.hpp: box, generation, category,
/// mask, two flags; the user data lives in a parallel array), used only to estimate the body
/// tables' size; update it when the record changes.
struct BodyRecordMirror {
    Aabb box{};
    std::uint32_t generation = 0, category = 0, mask = 0;
    bool alive = false, is_static = false;
};
/// Bytes of one body in the world's tables (estimated, see BodyRecordMirror): the record and
/// its user data word.
inline constexpr std::size_t body_record_bytes = sizeof(BodyRecordMirror) + sizeof(std::uint64_t);

} // namespace sweepbox::bench
