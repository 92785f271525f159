#pragma once
/// @file golden_simulation.hpp
/// The golden simulation of contract rule 10: a long scripted run (thousands of moves with bounces
/// and slides, casts and queries, over bodies and tiles) whose answers are hashed bit for bit
/// (answer_hash.hpp); tests/data/determinism_hash.txt (determinism_hash_double.txt when real is
/// double) holds the value every covered build must print.

#include <cstdint>
#include <cstdio>

namespace sweepbox::determinism {

/// The hash of the golden simulation's answers; its number of moves goes to `moves`. With a
/// trace file, every hashed value is written there too (AnswerHash::trace).
std::uint64_t golden_simulation(long& moves, std::FILE* trace = nullptr);

} // namespace sweepbox::determinism
