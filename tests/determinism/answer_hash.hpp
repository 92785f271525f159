#pragma once
/// @file answer_hash.hpp
/// FNV-1a (64 bits) over the bits of every answer, for the determinism checks: every real by its
/// bit pattern and every integer as 8 bytes, little-endian (the bytes a little-endian machine
/// holds, so the golden value of tests/data is the same on x86-64 and aarch64). With a trace
/// file, every hashed value is also written there as hex bytes, one per line, so two builds can
/// be compared with diff.

#include <bit>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string_view>
#include <type_traits>
#include <sweepbox/sweepbox.hpp>

namespace sweepbox::determinism {

/// The running hash of a run's answers.
struct AnswerHash {
    std::uint64_t h = 14695981039346656037ull; ///< FNV-1a offset basis
    std::FILE* trace = nullptr;                ///< when set, every value as hex, one a line

    /// Hashes n bytes.
    void bytes(const unsigned char* b, std::size_t n) {
        for (std::size_t k = 0; k < n; ++k) {
            h ^= b[k];
            h *= 1099511628211ull;
        }
        if (trace) {
            for (std::size_t k = 0; k < n; ++k) std::fprintf(trace, "%02x", b[k]);
            std::fprintf(trace, "\n");
        }
    }
    /// An unsigned integer of `size` bytes, little-endian.
    void le(std::uint64_t v, std::size_t size) {
        unsigned char b[8];
        for (std::size_t k = 0; k < size; ++k) b[k] = static_cast<unsigned char>(v >> (8 * k));
        bytes(b, size);
    }
    /// A comment line in the trace (not hashed).
    void mark(const char* what, long k, Vec2 a = {0, 0}, Vec2 b = {0, 0}) {
        if (trace)
            std::fprintf(trace, "# %s %ld (%.9g, %.9g) (%.9g, %.9g)\n", what, k, double(a.x), double(a.y), double(b.x),
                         double(b.y));
    }
    void r(real v) {
        using Bits = std::conditional_t<sizeof(real) == 4, std::uint32_t, std::uint64_t>;
        le(std::bit_cast<Bits>(v), sizeof v);
    }
    void i(std::int64_t v) { le(std::uint64_t(v), 8); }
    void v(Vec2 x) {
        r(x.x);
        r(x.y);
    }
    void box(const Aabb& b) {
        v(b.min);
        v(b.max);
    }
    void id(BodyId b) {
        i(b.index);
        i(b.generation);
    }
    void other(const Other& o) {
        i(std::int64_t(o.kind));
        if (o.is_body()) {
            id(o.body);
        } else if (o.is_tile()) {
            i(o.tile.column);
            i(o.tile.row);
        }
    }
    void text(std::string_view s) {
        i(std::int64_t(s.size()));
        bytes(reinterpret_cast<const unsigned char*>(s.data()), s.size());
    }
    void move(const MoveResult& m) {
        box(m.box);
        v(m.velocity);
        i(m.iterations);
        i(m.truncated);
        i(std::int64_t(m.contacts.size()));
        for (const Contact& c : m.contacts) {
            other(c.other);
            r(c.time);
            v(c.normal);
            v(c.point);
            box(c.box);
            i(std::int64_t(c.response));
            i(c.started_overlapping);
            i(c.corner);
            i(c.junction);
            if (c.started_overlapping) {
                r(c.depth);
                v(c.sweep_back);
            }
        }
    }
    void cast(const CastHit& c) {
        i(c.hit);
        if (!c.hit) return;
        r(c.time);
        v(c.normal);
        v(c.point);
        box(c.box);
        other(c.other);
        i(c.started_overlapping);
        i(c.corner);
        i(c.junction);
    }
    void others(std::span<const Other> list) {
        i(std::int64_t(list.size()));
        for (const Other& o : list) other(o);
    }
    void ids(std::span<const BodyId> list) {
        i(std::int64_t(list.size()));
        for (const BodyId& b : list) id(b);
    }
    void platform(const PlatformResult& p) {
        box(p.box);
        v(p.moved);
        i(p.stopped);
        ids(p.riders);
        ids(p.pushed);
        ids(p.crushed);
    }
    void particle_contact(const ParticleContact& c) {
        i(c.particle);
        r(c.time);
        v(c.point);
        v(c.normal);
        v(c.velocity);
        other(c.other);
        i(c.corner);
        i(c.junction);
    }
    void events(const Events& e) {
        for (std::span<const SensorEvent> s : {e.sensor_begin, e.sensor_end}) {
            i(std::int64_t(s.size()));
            for (const SensorEvent& x : s) {
                other(x.sensor);
                id(x.visitor);
            }
        }
        for (std::span<const ContactEvent> s : {e.contact_begin, e.contact_end}) {
            i(std::int64_t(s.size()));
            for (const ContactEvent& x : s) {
                id(x.body);
                other(x.other);
            }
        }
    }
};

/// "0123456789abcdef": a hash as 16 hex digits.
inline void hex(std::uint64_t h, char (&out)[17]) {
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
}

} // namespace sweepbox::determinism
