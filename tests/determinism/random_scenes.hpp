#pragma once
/// @file random_scenes.hpp
/// Random scenes for the determinism checks (contract rule 10): from a seed, a tile level with
/// solid, one-way, slope, sensor and filtered tiles, static, one-way and sensor bodies, moving
/// platforms with riders and crates, and characters, grenades and bullets; then frames of every
/// kind of call (moves with each response, floor snap and constant-speed walking, platform
/// moves, casts, queries, overlapping pairs, events, spark showers of particles, doors, teleports,
/// removals and additions), every answer hashed bit for bit (answer_hash.hpp).

#include <cstdint>
#include <functional>

namespace sweepbox::determinism {

/// What a run of a random scene gave.
struct SceneAnswers {
    std::uint64_t hash = 0; ///< the hash of every answer
    long calls = 0;         ///< the world calls made (moves, casts, queries, ...)
};

/// Runs the random scene of `seed` for `frames` frames. `each_frame`, when set, is given each
/// frame's number and the hash so far (to find the first frame where two builds differ).
SceneAnswers random_scene(std::uint32_t seed, int frames,
                          const std::function<void(int frame, std::uint64_t hash)>& each_frame = {});

} // namespace sweepbox::determinism
