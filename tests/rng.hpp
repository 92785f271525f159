#pragma once
/// @file rng.hpp
/// The tests' random numbers: a std::mt19937 (its output is fixed by the standard) with
/// hand-written distributions (the standard distributions differ between standard libraries),
/// so a seed gives the same inputs with every compiler, library and architecture. Header-only
/// and free of Boost and __float128: the determinism program (tests/determinism) uses it on
/// aarch64 too.

#include <cstdint>
#include <random>
#include <sweepbox/config.hpp>

namespace sweepbox::reference {

/// A std::mt19937 with hand-written distributions.
class Rng {
public:
    /// Seeds the engine.
    explicit Rng(std::uint32_t seed) : gen_(seed) {}
    /// The next raw 32 bits.
    std::uint32_t bits() { return static_cast<std::uint32_t>(gen_()); }
    /// Uniform integer in [lo, hi] (rejection sampling, no modulo bias).
    std::int32_t uniform_int(std::int32_t lo, std::int32_t hi) {
        const std::uint64_t range = std::uint64_t(std::int64_t(hi) - std::int64_t(lo)) + 1;
        const std::uint64_t limit = (std::uint64_t(1) << 32) / range * range;
        for (;;) {
            const std::uint64_t v = bits();
            if (v < limit) return static_cast<std::int32_t>(std::int64_t(lo) + std::int64_t(v % range));
        }
    }
    /// Uniform double in [0, 1) with 53 random bits.
    double unit() {
        const std::uint64_t hi = bits() >> 5; // 27 bits
        const std::uint64_t lo = bits() >> 6; // 26 bits
        return static_cast<double>((hi << 26) | lo) * (1.0 / 9007199254740992.0);
    }
    /// Uniform real in [lo, hi], computed in double and rounded once. (The product and the sum
    /// are two roundings only where multiply-adds are not fused: build with -ffp-contract=off.)
    real uniform(double lo, double hi) { return static_cast<real>(lo + (hi - lo) * unit()); }
    /// A multiple of `step` in [lo, hi] (lo and hi multiples of step): provokes ties and contacts.
    real grid(std::int32_t lo_steps, std::int32_t hi_steps, double step) {
        return static_cast<real>(uniform_int(lo_steps, hi_steps) * step);
    }
    /// True with probability p.
    bool chance(double p) { return unit() < p; }

private:
    std::mt19937 gen_;
};

} // namespace sweepbox::reference
