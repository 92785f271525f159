#pragma once
// Internal: the byte order of snapshots (World::save): fixed-width little-endian integers and the
// bit patterns of floating-point numbers, one after another with no padding, so that the bytes are
// the same on every machine. A reader checks that each field is inside the buffer before it reads.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <sweepbox/config.hpp>

#include "core/bit_cast.hpp"

namespace sweepbox::detail {

/// Writes fields at a pointer that has room for them (the caller sized the buffer).
struct ByteWriter {
    std::byte* at;

    template <class U> void put(U v) {
        static_assert(std::is_unsigned_v<U>);
        if constexpr (std::endian::native == std::endian::little) {
            std::memcpy(at, &v, sizeof v);
        } else {
            for (std::size_t k = 0; k < sizeof v; ++k) at[k] = std::byte(std::uint8_t(v >> (8 * k)));
        }
        at += sizeof v;
    }
    void u8(std::uint8_t v) { put(v); }
    void u16(std::uint16_t v) { put(v); }
    void u32(std::uint32_t v) { put(v); }
    void u64(std::uint64_t v) { put(v); }
    void i32(std::int32_t v) { put(std::uint32_t(v)); }
    void f64(double v) { put(bit_cast<std::uint64_t>(v)); }
    void r(real v) { put(bit_cast<std::conditional_t<sizeof(real) == 4, std::uint32_t, std::uint64_t>>(v)); }
    void bytes(const void* p, std::size_t n) {
        if (n != 0) std::memcpy(at, p, n);
        at += n;
    }
};

/// Reads fields from [at, end). A read past the end sets `failed` and returns zeros; the caller
/// checks `failed` (or `left()`) before it trusts what it read.
struct ByteReader {
    const std::byte* at;
    const std::byte* end;
    bool failed = false;

    [[nodiscard]] std::size_t left() const { return std::size_t(end - at); }
    /// True when n more bytes are there (else sets failed).
    bool has(std::size_t n) {
        if (failed || n > left()) {
            failed = true;
            return false;
        }
        return true;
    }
    template <class U> U get() {
        static_assert(std::is_unsigned_v<U>);
        if (!has(sizeof(U))) return 0;
        U v = 0;
        if constexpr (std::endian::native == std::endian::little) {
            std::memcpy(&v, at, sizeof v);
        } else {
            for (std::size_t k = 0; k < sizeof v; ++k) v = U(v | U(U(std::uint8_t(at[k])) << (8 * k)));
        }
        at += sizeof v;
        return v;
    }
    std::uint8_t u8() { return get<std::uint8_t>(); }
    std::uint16_t u16() { return get<std::uint16_t>(); }
    std::uint32_t u32() { return get<std::uint32_t>(); }
    std::uint64_t u64() { return get<std::uint64_t>(); }
    std::int32_t i32() { return std::int32_t(get<std::uint32_t>()); }
    double f64() { return bit_cast<double>(get<std::uint64_t>()); }
    real r() { return bit_cast<real>(get<std::conditional_t<sizeof(real) == 4, std::uint32_t, std::uint64_t>>()); }
    /// The next n bytes (null when they are not there), skipped.
    const std::byte* skip(std::size_t n) {
        if (!has(n)) return nullptr;
        const std::byte* p = at;
        at += n;
        return p;
    }
};

/// Bytes of a real in a snapshot.
inline constexpr std::size_t real_bytes = sizeof(real);

} // namespace sweepbox::detail
