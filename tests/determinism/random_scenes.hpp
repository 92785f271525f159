#pragma once
/// @file random_scenes.hpp
/// Random scenes for the determinism checks (contract rule 10): from a seed, a tile level with
/// solid, one-way, slope, sensor and filtered tiles, static, one-way and sensor bodies, moving
/// platforms with riders and crates, and characters, grenades and bullets; then frames of every
/// kind of call (moves with each response, floor snap and constant-speed walking, platform
/// moves, casts, queries, overlapping pairs, events, spark showers of particles, doors, teleports,
/// removals and additions), every answer hashed bit for bit (answer_hash.hpp).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace sweepbox::determinism {

/// What a run of a random scene gave.
struct SceneAnswers {
    std::uint64_t hash = 0; ///< the hash of every answer
    long calls = 0;         ///< the world calls made (moves, casts, queries, ...)
};

/// What snapshot_scene found.
struct SnapshotAnswers {
    std::size_t bytes = 0;                  ///< the full snapshot's size
    std::size_t movable_bytes = 0;          ///< the movable snapshot's size
    std::uint64_t bytes_hash = 0;           ///< the hash of the full snapshot's bytes
    std::uint64_t restored = 0;             ///< the answers from `at` on, in a fresh world restored from the bytes
    std::uint64_t original = 0;             ///< the same in the world that was saved, never restored
    std::uint64_t window = 0;               ///< the answers of frames [at, at + window)
    std::uint64_t window_again_full = 0;    ///< the same after restoring the full snapshot of `at`
    std::uint64_t window_again_movable = 0; ///< the same after restoring the movable snapshot of `at`
};

/// Snapshots of the random scene of `seed`: runs it to frame `at`, saves a full snapshot into
/// `bytes` (or, when `given`, takes `bytes` as a snapshot of that moment, e.g. saved by another
/// build), restores it into a fresh world of the same definitions and runs that to `frames`; and
/// rolls the scene back: saves both modes at `at`, runs `window` frames (no door opens in them),
/// restores each and runs the window again.
SnapshotAnswers snapshot_scene(std::uint32_t seed, int frames, int at, int window, std::vector<std::byte>& bytes,
                               bool given);

/// Runs the random scene of `seed` for `frames` frames. `each_frame`, when set, is given each
/// frame's number and the hash so far (to find the first frame where two builds differ).
SceneAnswers random_scene(std::uint32_t seed, int frames,
                          const std::function<void(int frame, std::uint64_t hash)>& each_frame = {});

} // namespace sweepbox::determinism
