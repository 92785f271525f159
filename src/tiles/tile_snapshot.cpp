// The tile map's part of a world's snapshot (World::save, docs/contract.md "Snapshots"): the kinds
// that differ from the defaults, then the tiles' kind indices eight at a time: a bitmap of the
// groups of eight that are not all empty (kind 0), and those groups' bytes. Everything else of the
// map (walk bits, edge flags, counts) follows from those and its definition, so a restore rewrites
// only the tiles that differ, through the same path as set_tile, and the map ends as if set tile
// by tile.

#include <sweepbox/tile_map.hpp>

#include <algorithm>
#include <array>
#include "core/bit_cast.hpp"
#include <cstring>

#include "core/byte_order.hpp"
#include "tiles/tile_tables.hpp"

namespace sweepbox {

namespace {

constexpr std::size_t kind_bytes = 11; // index, shape, category, mask, sensor

// The same bytes little-endian (for the hash, which must not depend on the machine).
std::uint64_t load8_le(const std::uint8_t* p) {
    std::uint64_t v = 0;
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(&v, p, 8);
    } else {
        for (int k = 7; k >= 0; --k) v = v << 8 | p[k];
    }
    return v;
}

// The group of eight tiles from tile 8 * g (past the map's end: empty tiles), little-endian.
std::uint64_t group(const std::vector<std::uint8_t>& k, std::size_t g) {
    const std::size_t i = 8 * g;
    if (i + 8 <= k.size()) return load8_le(k.data() + i);
    std::uint64_t v = 0;
    for (std::size_t b = 0; i + b < k.size(); ++b) v |= std::uint64_t(k[i + b]) << (8 * b);
    return v;
}

std::size_t groups_of(std::size_t tiles) { return (tiles + 7) / 8; }

bool same_kind(const TileKind& a, const TileKind& b) {
    return a.shape == b.shape && a.category == b.category && a.mask == b.mask && a.sensor == b.sensor;
}

// The kinds a map of this definition starts with (TileMap::kind).
TileKind default_kind(const TileMapDef& def, std::size_t index) {
    const TileShape shape = index == 1 ? TileShape::solid : index == 2 ? TileShape::one_way_down : TileShape::empty;
    return {shape, def.category, def.mask, false};
}

// Calls f(index, kind) for each kind of `kinds` (empty: a map with none yet, all defaults) that
// differs from the defaults.
template <class F> void for_each_own_kind(const std::vector<TileKind>& kinds, const TileMapDef& def, F&& f) {
    for (std::size_t k = 0; k < kinds.size(); ++k)
        if (!same_kind(kinds[k], default_kind(def, k))) f(k, kinds[k]);
}

} // namespace

std::size_t TileTables::snapshot_size(const TileMap& m) {
    std::size_t n = 2;
    for_each_own_kind(m.kinds_, m.def_, [&](std::size_t, const TileKind&) { n += kind_bytes; });
    const std::size_t groups = groups_of(m.kinds_of_.size());
    n += (groups + 7) / 8;
    for (std::size_t g = 0; g < groups; ++g) n += group(m.kinds_of_, g) != 0 ? 8 : 0;
    return n;
}

void TileTables::save_snapshot(const TileMap& m, detail::ByteWriter& out) {
    std::uint16_t kinds = 0;
    for_each_own_kind(m.kinds_, m.def_, [&](std::size_t, const TileKind&) { ++kinds; });
    out.u16(kinds);
    for_each_own_kind(m.kinds_, m.def_, [&](std::size_t k, const TileKind& t) {
        out.u8(std::uint8_t(k));
        out.u8(std::uint8_t(t.shape));
        out.u32(t.category);
        out.u32(t.mask);
        out.u8(t.sensor ? 1 : 0);
    });
    // The bitmap first (filled in as the groups are written after it).
    const std::size_t groups = groups_of(m.kinds_of_.size());
    std::byte* bitmap = out.at;
    out.at += (groups + 7) / 8;
    std::uint8_t bits = 0;
    for (std::size_t g = 0; g < groups; ++g) {
        const std::uint64_t v = group(m.kinds_of_, g);
        if (v != 0) {
            bits = std::uint8_t(bits | 1u << (g & 7));
            out.u64(v);
        }
        if ((g & 7) == 7 || g + 1 == groups) {
            bitmap[g / 8] = std::byte(bits);
            bits = 0;
        }
    }
}

const char* TileTables::check_snapshot(const TileMap& m, detail::ByteReader& in) {
    const std::uint32_t kinds = in.u16();
    if (kinds > std::uint32_t(max_tile_kinds)) return "more tile kinds than a map holds";
    if (kinds != 0 && m.is_empty()) return "tile kinds for a world with no tile map";
    int last = -1;
    for (std::uint32_t k = 0; k < kinds; ++k) {
        const int index = in.u8();
        const int shape = in.u8();
        in.u32();
        in.u32();
        const int sensor = in.u8();
        if (in.failed) return "cut short in the tile kinds";
        if (index <= last) return "tile kinds out of order";
        last = index;
        if (shape >= tile_shape_count || sensor > 1) return "a tile kind with an unknown shape";
        if (sensor == 1 && TileShape(shape) != TileShape::solid) return "a sensor tile kind that is not solid";
    }
    const std::size_t groups = groups_of(m.kinds_of_.size());
    const auto* bitmap = reinterpret_cast<const std::uint8_t*>(in.skip((groups + 7) / 8));
    if (!bitmap) return "cut short in the tiles";
    if (groups % 8 != 0 && (bitmap[groups / 8] >> (groups % 8)) != 0) return "tiles past the end of the map";
    std::size_t listed = 0;
    for (std::size_t b = 0; b < (groups + 7) / 8; ++b) listed += std::size_t(std::popcount(bitmap[b]));
    if (!in.has(8 * listed)) return "cut short in the tiles";
    for (std::size_t g = 0; g < groups; ++g) {
        if (!(bitmap[g / 8] >> (g & 7) & 1)) continue;
        const std::uint64_t v = in.u64();
        if (v == 0) return "a group of empty tiles listed as not empty";
        if (8 * g + 8 > m.kinds_of_.size() && (v >> (8 * (m.kinds_of_.size() - 8 * g))) != 0)
            return "tiles past the end of the map";
    }
    return nullptr;
}

void TileTables::restore_snapshot(TileMap& m, detail::ByteReader& in) {
    // The kinds first: when some differ, every tile of a changed kind is rewritten and every edge
    // flag refreshed (as set_kind does), once for all of them.
    std::array<TileKind, max_tile_kinds> want;
    for (std::size_t k = 0; k < want.size(); ++k) want[k] = default_kind(m.def_, k);
    const std::uint32_t kinds = in.u16();
    for (std::uint32_t k = 0; k < kinds; ++k) {
        TileKind& t = want[in.u8()];
        t.shape = TileShape(in.u8());
        t.category = in.u32();
        t.mask = in.u32();
        t.sensor = in.u8() != 0;
    }
    if (!m.is_empty()) {
        bool changed = false;
        for (std::size_t k = 0; k < want.size(); ++k) changed |= !same_kind(want[k], m.kinds_[k]);
        if (changed) {
            std::array<TileKind, max_tile_kinds> was;
            std::copy(m.kinds_.begin(), m.kinds_.end(), was.begin());
            std::copy(want.begin(), want.end(), m.kinds_.begin());
            for (std::size_t i = 0; i < m.kinds_of_.size(); ++i)
                if (!same_kind(was[m.kinds_of_[i]], m.kinds_[m.kinds_of_[i]]))
                    m.write_tile(i, m.kinds_of_[i], was[m.kinds_of_[i]]);
            for (std::int32_t r = 0; r < m.def_.rows; ++r)
                for (std::int32_t c = 0; c < m.def_.columns; ++c) m.refresh_faces({c, r});
        }
    }
    // Then each tile that differs, as set_tile sets it (its flags and its neighbours').
    const std::size_t groups = groups_of(m.kinds_of_.size());
    const auto* bitmap = reinterpret_cast<const std::uint8_t*>(in.skip((groups + 7) / 8));
    const std::size_t columns = std::size_t(m.def_.columns);
    for (std::size_t g = 0; g < groups; ++g) {
        const std::uint64_t saved = bitmap[g / 8] >> (g & 7) & 1 ? in.u64() : 0;
        const std::uint64_t have = group(m.kinds_of_, g);
        if (saved == have) continue;
        for (std::size_t b = 0; b < 8 && 8 * g + b < m.kinds_of_.size(); ++b) {
            const auto kind = std::uint8_t(saved >> (8 * b));
            const std::size_t i = 8 * g + b;
            if (m.kinds_of_[i] != kind)
                m.set(TileCell{std::int32_t(i % columns), std::int32_t(i / columns)}, std::int32_t(kind));
        }
    }
}

std::uint64_t TileTables::content_hash(const TileMap& m, std::uint64_t h) {
    auto mix = [&h](std::uint64_t v) {
        h = (h ^ v) * 0x100000001b3ull;
        h ^= h >> 29;
    };
    mix(detail::bit_cast<std::uint64_t>(double(m.def_.origin.x)));
    mix(detail::bit_cast<std::uint64_t>(double(m.def_.origin.y)));
    mix(detail::bit_cast<std::uint64_t>(double(m.def_.tile_size)));
    mix(std::uint64_t(std::uint32_t(m.def_.columns)) << 32 | std::uint32_t(m.def_.rows));
    mix(std::uint64_t(m.def_.category) << 32 | m.def_.mask);
    for (std::int32_t k = 0; k < max_tile_kinds; ++k) {
        const TileKind& t = m.kind(k);
        mix(std::uint64_t(t.shape) << 40 | std::uint64_t(t.sensor) << 32 | t.category);
        mix(t.mask);
    }
    const std::size_t n = m.kinds_of_.size();
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) mix(load8_le(m.kinds_of_.data() + i));
    for (; i < n; ++i) mix(m.kinds_of_[i]);
    return h;
}

} // namespace sweepbox
