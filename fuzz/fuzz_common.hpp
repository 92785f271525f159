#pragma once
/// @file fuzz_common.hpp
/// Shared pieces of the sweepbox fuzz targets: a byte reader that never runs out (it returns
/// zeros past the end, so every input decodes), a generator of interesting `real` values, and
/// `check`, which prints a clear message and aborts (libFuzzer and the replay program both
/// report an abort as a failure).

#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>
#include <sweepbox/geometry.hpp>

namespace sweepbox::fuzz {

/// Prints "sweepbox fuzz: PROPERTY VIOLATED: <message>" on stderr and aborts.
[[noreturn]] inline void fail(const char* format, ...) __attribute__((format(printf, 1, 2)));
inline void fail(const char* format, ...) {
    std::fputs("\nsweepbox fuzz: PROPERTY VIOLATED: ", stderr);
    va_list args;
    va_start(args, format);
    std::vfprintf(stderr, format, args);
    va_end(args);
    std::fputs("\n", stderr);
    std::fflush(stderr);
    std::abort();
}

/// A real printed so that it reads back exactly, with its hex form for bit-level debugging.
inline std::string str(real v) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.17g (%a)", double(v), double(v));
    return buf;
}
/// A vector as "(x, y)" with round-trip digits.
inline std::string str(Vec2 v) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "(%.17g, %.17g)", double(v.x), double(v.y));
    return buf;
}
/// A box as "[minx, miny, maxx, maxy]" with round-trip digits.
inline std::string str(const Aabb& b) {
    char buf[192];
    std::snprintf(buf, sizeof buf, "[%.17g, %.17g, %.17g, %.17g]", double(b.min.x), double(b.min.y), double(b.max.x),
                  double(b.max.y));
    return buf;
}

/// The name of a sweep's state, for messages.
inline const char* state_name(SweepState s) {
    switch (s) {
    case SweepState::miss: return "miss";
    case SweepState::hit: return "hit";
    case SweepState::started_overlapping: return "started_overlapping";
    }
    return "?";
}

/// Reads the fuzzer's bytes front to back; past the end every read gives 0, so any input is a
/// complete description (short inputs mean "mostly zeros").
class ByteReader {
public:
    ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

    /// True while unread bytes remain.
    [[nodiscard]] bool more() const { return pos_ < size_; }
    /// One byte (0 past the end).
    std::uint8_t u8() { return pos_ < size_ ? data_[pos_++] : std::uint8_t(0); }
    /// Two bytes, little-endian.
    std::uint16_t u16() { return std::uint16_t(u8() | (unsigned(u8()) << 8)); }
    /// Four bytes, little-endian.
    std::uint32_t u32() { return std::uint32_t(u16()) | (std::uint32_t(u16()) << 16); }
    /// A number in [0, n).
    std::uint32_t below(std::uint32_t n) { return n == 0 ? 0 : u8() % n; }
    /// One bit from a byte.
    bool flag() { return (u8() & 1) != 0; }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t pos_ = 0;
};

/// True when the environment variable SWEEPBOX_FUZZ_AVOID (a comma-separated list) names
/// `what`. It steers the decoders away from an input family behind an open finding, so that a
/// fuzzing session can keep looking for other problems meanwhile. Never set in CI: the
/// default is the whole contract. Known names:
/// - "range": numbers only 0 or of magnitude in [2^-20, 2^24] (no subnormal-to-large spreads);
/// - "tile-filter": a move's filter gives every tile the same answer (per-tile answers differ
///   only in which tiles are ignored or crossed).
/// - "long-moves": move deltas shorter than 2^20 on each axis (fuzz_world, fuzz_queries).
/// - "deeper": fuzz_world does not check rule 7's "never deeper".
/// - "reference-mode": fuzz_world does not compare with a WorldDef::brute_force world.
/// - "cast-all-reference": fuzz_queries does not compare cast_all with tests/reference_world.
/// - "slope-time": fuzz_slopes accepts any time in [0, 1) for a hit on a slope's face, and any
///   time of a cast whose first contact is a slope.
/// - "slope-contact": fuzz_slopes does not check slope_contact_box.
/// - "slope-slide": fuzz_slopes does not check the length of slope_slide's motion, nor that it
///   and slope_not_into give finite motions.
/// - "slope-room": fuzz_slopes does not move a body in a room of slopes.
/// - "slope-segment": fuzz_slopes does not check slope_segment_meets nor query_segment on slopes.
/// - "slope-way-out": fuzz_slopes does not check that a start inside a slope names the way out
///   of least depth.
/// - "near-ties": no values one ulp from an earlier value (so exact times of different
///   obstacles rarely round to the same `real`).
inline bool avoid(const char* what) {
    const char* v = std::getenv("SWEEPBOX_FUZZ_AVOID");
    if (v == nullptr) return false;
    const std::size_t n = std::strlen(what);
    for (const char* p = v; (p = std::strstr(p, what)) != nullptr; p += n)
        if ((p == v || p[-1] == ',') && (p[n] == '\0' || p[n] == ',')) return true;
    return false;
}

/// True when the numbers avoid subnormal-to-large spreads (SWEEPBOX_FUZZ_AVOID=range).
inline bool game_domain() {
    static const bool game = avoid("range");
    return game;
}

/// Values that game worlds put their origin at: large coordinates lose the fraction bits
/// (1e6: ulp 1/16; 2^24: ulp 1 above, 2 beyond), which is where flush placement and thin
/// walls are hardest.
inline constexpr double interesting_bases[] = {0.0,
                                               1.0,
                                               -1.0,
                                               16.0,
                                               0.5,
                                               1e6,
                                               -1e6,
                                               1e7,
                                               16777216.0,
                                               -16777216.0,
                                               3e7,
                                               1e9,
                                               -1e9,
                                               1099511627776.0 /* 2^40 */,
                                               0.1,
                                               1e-3,
                                               4096.0,
                                               1048576.0 /* 2^20 */,
                                               8388608.0 /* 2^23 */,
                                               33554432.0 /* 2^25 */};

/// Generates `real` values from the bytes: small integers, sixteenths, large bases plus an
/// offset, raw bit patterns, tiny powers of two, non-dyadic ratios, and exact copies (or
/// neighbours, sums, differences) of values generated before, so that touching, flush and
/// corner cases are common. Every value is finite and its magnitude at most `limit`.
class ValueGen {
public:
    explicit ValueGen(double limit)
        : limit_(game_domain() ? std::fmin(limit, 16777216.0) : limit),
          min_magnitude_(game_domain() ? std::ldexp(1.0, -20) : 0.0) {}

    /// The next value. (Every read of `in` is its own statement: the order in which the operands
    /// of one expression are evaluated is unspecified, and GCC and Clang differ, so an input
    /// found by the Clang fuzzer would decode differently in the GCC replay.)
    real value(ByteReader& in) {
        const std::uint8_t tag = in.u8();
        double v = 0;
        switch (tag % 11) {
        case 0: v = double(std::int8_t(in.u8())); break;
        case 1: v = double(std::int16_t(in.u16())) / 16.0; break;
        case 2: {
            const std::size_t base = in.below(std::size(interesting_bases));
            v = interesting_bases[base] + double(std::int8_t(in.u8()));
            break;
        }
        case 3: {
            const std::uint32_t bits = in.u32();
            float f;
            std::memcpy(&f, &bits, sizeof f);
            v = std::isfinite(f) ? double(f) : 0.0;
            break;
        }
        case 4: {
            const double m = double(std::int8_t(in.u8()));
            v = std::ldexp(m, -int(in.u8() % 160));
            break;
        }
        case 5: {
            const double m = double(std::int16_t(in.u16()));
            v = m / double(in.u8() % 13 + 1);
            break;
        }
        case 6: v = double(pick(in)); break;
        case 7: {
            static const bool no_neighbours = avoid("near-ties");
            const real p = pick(in);
            if (no_neighbours) {
                v = double(p) + double(std::int8_t(tag));
                break;
            }
            v = double(std::nextafter(p, (tag & 0x80) ? std::numeric_limits<real>::max()
                                                      : std::numeric_limits<real>::lowest()));
            break;
        }
        case 8: {
            const double p = double(pick(in));
            v = p + double(std::int8_t(in.u8()));
            break;
        }
        case 9: {
            const real a = pick(in);
            const real b = pick(in);
            v = (tag & 0x80) ? double(real(a - b)) : double(real(a + b));
            break;
        }
        default: {
            const double m = double(std::int8_t(in.u8()));
            v = m * std::ldexp(1.0, int(in.u8() % 64));
            break;
        }
        }
        real r = real(v);
        if (!std::isfinite(r) || std::fabs(double(r)) > limit_) r = real(std::fmod(v, limit_));
        if (!std::isfinite(r) || std::fabs(double(r)) < min_magnitude_) r = 0;
        pool_.push_back(r);
        return r;
    }

    /// A non-negative value (the magnitude of the next value).
    real size(ByteReader& in) { return std::fabs(value(in)); }

    /// A valid box: min from `value`, then a width and height that are 0, 1, a value, or a
    /// second corner.
    Aabb box(ByteReader& in) {
        Aabb b;
        b.min = {value(in), value(in)};
        const std::uint8_t kind = in.u8();
        b.max.x = extent(in, b.min.x, kind & 3);
        b.max.y = extent(in, b.min.y, (kind >> 2) & 3);
        if (b.max.x < b.min.x) std::swap(b.max.x, b.min.x);
        if (b.max.y < b.min.y) std::swap(b.max.y, b.min.y);
        return b;
    }

    /// A vector of two values.
    Vec2 vec(ByteReader& in) { return {value(in), value(in)}; }

private:
    real pick(ByteReader& in) {
        if (pool_.empty()) return 0;
        return pool_[in.u8() % pool_.size()];
    }
    real extent(ByteReader& in, real lo, unsigned kind) {
        real hi = lo;
        switch (kind) {
        case 0: hi = lo; break;                  // zero extent: a thin wall, a bullet
        case 1: hi = real(lo + real(1)); break;  // one unit (rounded at large coordinates)
        case 2: hi = real(lo + size(in)); break; // any size
        default: hi = value(in); break;          // a second corner
        }
        if (!std::isfinite(hi) || std::fabs(double(hi)) > limit_ || std::fabs(double(hi)) < min_magnitude_) hi = lo;
        return hi;
    }

    double limit_;
    double min_magnitude_;
    std::vector<real> pool_;
};

} // namespace sweepbox::fuzz
