// Snapshots of a world (docs/contract.md, "Snapshots"): World::save writes the state that can
// change an answer, World::restore puts it back. The bytes, in order (little-endian, no padding):
//   header    magic, format and library versions, sizeof(real), mode, total size, the world's
//             definition, the tile map's definition, the level hash (movable), slots, free head
//   bodies    full: one record per slot from 1; movable: a count, then (index, record) for
//             every slot that does not hold a static body
//   tiles     full only: the map's part (src/tiles/tile_snapshot.cpp)
//   grid      full only: the grid's part (src/broadphase/grid_snapshot.cpp)
//   events    the events' bookkeeping (events_snapshot.cpp)
// A record: flags (alive, static, platform, sensor, one-way direction), generation, then a live
// body's box, category, mask and user data, or a free slot's next free slot. A restore reads the
// whole snapshot and checks it before it changes anything.

#include "world/snapshot.hpp"

#include "core/bit_cast.hpp"
#include <cstring>
#include <string>
#include <type_traits>

namespace sweepbox {

using detail::ByteReader;
using detail::ByteWriter;

namespace {

constexpr char magic[8] = {'s', 'w', 'e', 'e', 'p', 'b', 'o', 'x'};
constexpr std::uint16_t format_version = 1;
constexpr std::size_t header_size = 8 + 2 + 3 + 1 + 1 + 8 + 8 + 1 + 3 * 8 + 4 * 4 + 8 + 4 + 4;
constexpr std::size_t dead_record = 1 + 4 + 4;
constexpr std::size_t live_record = 1 + 4 + 4 * sizeof(real) + 4 + 4 + 8;
constexpr std::uint32_t not_free = 0xffffffffu; // no slot has this index

enum : std::uint8_t { alive_bit = 1, static_bit = 2, platform_bit = 4, sensor_bit = 8 };

[[noreturn]] void refuse(const std::string& why) { throw Error("restore", why); }
void refuse_if(const char* why) {
    if (why) refuse(why);
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    h = (h ^ v) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

template <class T> std::uint64_t bits_of(T v) {
    return detail::bit_cast<std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>(v);
}

// A restore's scratch, per thread (grown once): per slot of the snapshot, its box when it holds
// a body, and its next free slot when it is free.
struct RestoreScratch {
    std::vector<Aabb> boxes;
    std::vector<std::uint8_t> present;
    std::vector<std::uint32_t> next;
};

RestoreScratch& restore_scratch() {
    thread_local RestoreScratch s;
    return s;
}

} // namespace

struct WorldSnapshot::Record {
    std::uint8_t flags = 0;
    std::uint32_t generation = 0;
    Aabb box{};
    std::uint32_t category = 0, mask = 0; // mask: the game's; of a free slot, the next free slot
    std::uint64_t user_data = 0;

    void read(ByteReader& in) {
        flags = in.u8();
        generation = in.u32();
        if (!(flags & alive_bit)) {
            mask = in.u32();
            return;
        }
        box.min.x = in.r();
        box.min.y = in.r();
        box.max.x = in.r();
        box.max.y = in.r();
        category = in.u32();
        mask = in.u32();
        user_data = in.u64();
    }
    // The reason it cannot be a slot's state, or null.
    [[nodiscard]] const char* problem() const {
        if (generation == 0) return "a body slot of generation 0";
        if (!(flags & alive_bit)) return flags == 0 ? nullptr : "a free slot with flags";
        if ((flags >> 4) > std::uint8_t(OneWay::right)) return "a body with an unknown one-way direction";
        if ((flags & platform_bit) && (flags & (static_bit | sensor_bit)))
            return "a platform that is static or a sensor";
        if (!is_finite(box.min) || !is_finite(box.max) || box.min.x > box.max.x || box.min.y > box.max.y ||
            !is_finite(box.max - box.min))
            return "a body whose box is not finite and ordered";
        return nullptr;
    }
};

const World::Level& WorldSnapshot::level(const World& w) {
    World::Level& l = w.level_;
    if (!l.stale) return l;
    std::uint64_t h = TileTables::content_hash(w.tiles_, 14695981039346656037ull);
    l.statics = l.last = 0;
    for (std::uint32_t i = 1; i < w.bodies_.size(); ++i) {
        const World::Body& b = w.bodies_[i];
        if (!b.alive || !b.is_static) continue;
        h = mix(h, std::uint64_t(i) << 32 | b.generation);
        for (int k = 0; k < 2; ++k) h = mix(mix(h, bits_of(b.box.min[k])), bits_of(b.box.max[k]));
        h = mix(h, std::uint64_t(b.category) << 32 | w.masks_[i]);
        h = mix(h, std::uint64_t(b.one_way) << 8 | std::uint64_t(b.is_sensor));
        h = mix(h, w.user_data_[i]);
        ++l.statics;
        l.last = i;
    }
    l.hash = h;
    l.stale = false;
    return l;
}

std::size_t WorldSnapshot::size(const World& w, SnapshotMode mode) {
    const std::size_t slots = w.bodies_.size() - 1;
    const std::size_t n = header_size + events_size(w);
    if (mode == SnapshotMode::full)
        return n + w.live_ * live_record + (slots - w.live_) * dead_record + TileTables::snapshot_size(w.tiles_) +
               w.grid().snapshot_size();
    const std::size_t statics = level(w).statics;
    return n + 4 + (w.live_ - statics) * (4 + live_record) + (slots - w.live_) * (4 + dead_record);
}

void WorldSnapshot::write_record(ByteWriter& out, const World& w, std::uint32_t i) {
    const World::Body& b = w.bodies_[i];
    if (!b.alive) {
        out.u8(0);
        out.u32(b.generation);
        out.u32(b.mask); // the next free slot
        return;
    }
    out.u8(std::uint8_t(alive_bit | (b.is_static ? static_bit : 0) | (b.is_platform ? platform_bit : 0) |
                        (b.is_sensor ? sensor_bit : 0) | b.one_way << 4));
    out.u32(b.generation);
    out.r(b.box.min.x);
    out.r(b.box.min.y);
    out.r(b.box.max.x);
    out.r(b.box.max.y);
    out.u32(b.category);
    out.u32(w.masks_[i]);
    out.u64(w.user_data_[i]);
}

void WorldSnapshot::write(const World& w, SnapshotMode mode, std::byte* at, std::size_t total) {
    ByteWriter out{at};
    out.bytes(magic, sizeof magic);
    out.u16(format_version);
    out.u8(std::uint8_t(version_major));
    out.u8(std::uint8_t(version_minor));
    out.u8(std::uint8_t(version_patch));
    out.u8(std::uint8_t(sizeof(real)));
    out.u8(std::uint8_t(mode));
    out.u64(total);
    out.f64(double(w.def_.cell_size));
    out.u8(std::uint8_t(w.def_.oversize_cells));
    const TileMapDef& m = w.tiles_.def();
    out.f64(double(m.origin.x));
    out.f64(double(m.origin.y));
    out.f64(double(m.tile_size));
    out.i32(m.columns);
    out.i32(m.rows);
    out.u32(m.category);
    out.u32(m.mask);
    out.u64(mode == SnapshotMode::movable ? level(w).hash : 0);
    out.u32(std::uint32_t(w.bodies_.size()));
    out.u32(w.free_head_);
    if (mode == SnapshotMode::full) {
        for (std::uint32_t i = 1; i < w.bodies_.size(); ++i) write_record(out, w, i);
        TileTables::save_snapshot(w.tiles_, out);
        w.grid().save_snapshot(out);
    } else {
        out.u32(std::uint32_t(w.bodies_.size() - 1 - level(w).statics));
        for (std::uint32_t i = 1; i < w.bodies_.size(); ++i) {
            if (!movable_slot(w, i)) continue;
            out.u32(i);
            write_record(out, w, i);
        }
    }
    write_events(out, w);
}

void WorldSnapshot::restore(World& w, std::span<const std::byte> bytes) {
    ByteReader in{bytes.data(), bytes.data() + bytes.size()};
    if (bytes.size() < header_size) refuse("not a snapshot (too short for its header)");
    if (std::memcmp(in.skip(sizeof magic), magic, sizeof magic) != 0) refuse("not a snapshot (no sweepbox header)");
    if (const std::uint16_t v = in.u16(); v != format_version)
        refuse("a snapshot of format " + std::to_string(v) + "; this library reads format " +
               std::to_string(format_version));
    const int major = in.u8(), minor = in.u8(), patch = in.u8();
    if (major != version_major || minor != version_minor || patch != version_patch)
        refuse("a snapshot of sweepbox " + std::to_string(major) + "." + std::to_string(minor) + "." +
               std::to_string(patch) + "; this is " + version_string);
    if (const int r = in.u8(); r != int(sizeof(real)))
        refuse(std::string("a snapshot of a build where real is ") +
               (r == 4   ? "float"
                : r == 8 ? "double"
                         : "unknown") +
               "; here it is " + (sizeof(real) == 4 ? "float" : "double"));
    const std::uint8_t mode_byte = in.u8();
    if (mode_byte > std::uint8_t(SnapshotMode::movable)) refuse("a snapshot of an unknown mode");
    const SnapshotMode mode = SnapshotMode(mode_byte);
    if (in.u64() != bytes.size()) refuse("the snapshot is cut short, or has bytes after its end");
    const double cell_size = in.f64();
    const int oversize = in.u8();
    if (bits_of(cell_size) != bits_of(double(w.def_.cell_size)) || oversize != w.def_.oversize_cells)
        refuse("a snapshot of a world of another cell size or oversize_cells");
    const TileMapDef& md = w.tiles_.def();
    const double ox = in.f64(), oy = in.f64(), ts = in.f64();
    const std::int32_t columns = in.i32(), rows = in.i32();
    const std::uint32_t category = in.u32(), mask = in.u32();
    if (bits_of(ox) != bits_of(double(md.origin.x)) || bits_of(oy) != bits_of(double(md.origin.y)) ||
        bits_of(ts) != bits_of(double(md.tile_size)) || columns != md.columns || rows != md.rows ||
        category != md.category || mask != md.mask)
        refuse("a snapshot of a world with another tile map (origin, tile size, columns, rows, category or mask)");
    const std::uint64_t level_hash = in.u64();
    if (mode == SnapshotMode::movable && level_hash != level(w).hash)
        refuse("a movable snapshot of another level: its static bodies or tile map differ from this world's");
    if (mode == SnapshotMode::full && level_hash != 0) refuse("a full snapshot with a level hash");
    const std::uint32_t slots = in.u32(), free_head = in.u32();
    if (slots == 0) refuse("a snapshot with no body table");
    // Each slot has a record (full), or a record or a static body of this world (movable).
    const std::uint64_t records = mode == SnapshotMode::full ? slots - 1 : std::uint64_t(slots) - 1 - level(w).statics;
    if (mode == SnapshotMode::movable && level(w).statics > slots - 1)
        refuse("a movable snapshot of another level: its body slots do not fit this world's static bodies");
    if (records * dead_record > in.left()) refuse("the snapshot is cut short in its bodies");

    // The bodies, checked; their boxes kept for the grid's check.
    RestoreScratch& s = restore_scratch();
    s.boxes.assign(slots, Aabb{});
    s.present.assign(slots, 0);
    s.next.assign(slots, not_free);
    const ByteReader bodies = in;
    std::size_t free_slots = 0;
    auto take = [&](std::uint32_t i, const Record& r) {
        if (const char* p = r.problem()) refuse(p);
        if (r.flags & alive_bit) {
            s.boxes[i] = r.box;
            s.present[i] = 1;
        } else {
            s.next[i] = r.mask;
            ++free_slots;
        }
    };
    Record r;
    if (mode == SnapshotMode::full) {
        for (std::uint32_t i = 1; i < slots; ++i) {
            r.read(in);
            if (in.failed) refuse("the snapshot is cut short in its bodies");
            take(i, r);
        }
    } else {
        const std::uint32_t listed = in.u32();
        const World::Level& l = level(w);
        // With the level's hash equal, the slots it lists are exactly those of no static body.
        if (listed != records || (l.statics != 0 && l.last >= slots))
            refuse("a movable snapshot of another level: its body slots do not fit this world's static bodies");
        std::uint32_t last = 0;
        for (std::uint32_t k = 0; k < listed; ++k) {
            const std::uint32_t i = in.u32();
            r.read(in);
            if (in.failed) refuse("the snapshot is cut short in its bodies");
            if (i <= last || i >= slots) refuse("a movable snapshot's slots out of order or out of its table");
            if ((r.flags & static_bit) || (i < w.bodies_.size() && !movable_slot(w, i)))
                refuse("a movable snapshot of another level: it holds a body where this world has a static one");
            last = i;
            take(i, r);
        }
    }
    // The free list: from the head through every free slot once, to 0.
    std::size_t walked = 0;
    for (std::uint32_t i = free_head; i != 0; ++walked) {
        if (i >= slots || s.next[i] == not_free) refuse("a broken free list");
        const std::uint32_t next = s.next[i];
        s.next[i] = not_free;
        i = next;
    }
    if (walked != free_slots) refuse("a broken free list");

    const ByteReader tiles = in;
    if (mode == SnapshotMode::full) refuse_if(TileTables::check_snapshot(w.tiles_, in));
    const ByteReader grid = in;
    if (mode == SnapshotMode::full) refuse_if(w.grid().check_snapshot(in, s.boxes, s.present));
    ByteReader events = in;
    refuse_if(check_events(in));
    if (in.failed || in.left() != 0) refuse("the snapshot's parts do not add up to its size");

    // Checked: now it changes the world.
    if (mode == SnapshotMode::full) {
        restore_full(w, bodies, tiles, grid, slots);
    } else {
        restore_movable(w, bodies, slots);
    }
    w.free_head_ = free_head;
    read_events(events, w);
    w.refresh_record_paths();
}

void WorldSnapshot::apply_record(World& w, std::uint32_t i, const Record& r) {
    World::Body& b = w.bodies_[i];
    // A body still where it was is marked on the tiles already (marks only grow).
    const bool marked = b.alive && b.box == r.box;
    b.generation = r.generation;
    b.alive = (r.flags & alive_bit) != 0;
    b.is_static = (r.flags & static_bit) != 0;
    b.is_platform = (r.flags & platform_bit) != 0;
    b.is_sensor = (r.flags & sensor_bit) != 0;
    b.one_way = std::uint8_t(r.flags >> 4);
    if (!b.alive) {
        b.mask = r.mask; // the next free slot
        return;
    }
    b.box = r.box;
    b.category = r.category;
    b.mask = b.is_sensor ? 0 : r.mask;
    w.masks_[i] = r.mask;
    w.user_data_[i] = r.user_data;
    if (!marked) w.mark_body(r.box);
}

void WorldSnapshot::restore_full(World& w, ByteReader in, const ByteReader& tiles, const ByteReader& grid,
                                 std::uint32_t slots) {
    w.bodies_.resize(slots);
    w.user_data_.resize(slots);
    w.masks_.resize(slots);
    std::size_t live = 0, sensors = 0;
    Record r;
    for (std::uint32_t i = 1; i < slots; ++i) {
        r.read(in);
        apply_record(w, i, r);
        live += w.bodies_[i].alive;
        sensors += w.bodies_[i].alive && w.bodies_[i].is_sensor;
    }
    w.live_ = live;
    w.sensor_bodies_ = sensors;
    ByteReader t = tiles;
    TileTables::restore_snapshot(w.tiles_, t);
    ByteReader g = grid;
    w.grid().restore_snapshot(g, slots);
    w.level_changed();
}

void WorldSnapshot::restore_movable(World& w, ByteReader in, std::uint32_t slots) {
    // Slots made after the snapshot hold no static body (checked): their bodies go.
    const std::size_t before = w.bodies_.size();
    for (std::size_t i = slots; i < before; ++i) {
        const World::Body& b = w.bodies_[i];
        if (!b.alive) continue;
        w.grid().erase(std::uint32_t(i));
        --w.live_;
        w.sensor_bodies_ -= b.is_sensor;
    }
    w.bodies_.resize(slots);
    w.user_data_.resize(slots);
    w.masks_.resize(slots);
    const std::uint32_t listed = in.u32();
    Record r;
    for (std::uint32_t k = 0; k < listed; ++k) {
        const std::uint32_t i = in.u32();
        r.read(in);
        World::Body& b = w.bodies_[i];
        const bool was = i < before && b.alive, was_sensor = was && b.is_sensor;
        apply_record(w, i, r);
        if (b.alive) {
            if (was) {
                w.grid().update(i, b.box);
            } else {
                w.grid().insert(i, b.box);
            }
        } else if (was) {
            w.grid().erase(i);
        }
        if (b.alive != was) b.alive ? ++w.live_ : --w.live_;
        if ((b.alive && b.is_sensor) != was_sensor) was_sensor ? --w.sensor_bodies_ : ++w.sensor_bodies_;
    }
}

// ---- World's calls

std::size_t World::save_size(SnapshotMode mode) const { return WorldSnapshot::size(*this, mode); }

void World::save(std::vector<std::byte>& out, SnapshotMode mode) const {
    const std::size_t n = WorldSnapshot::size(*this, mode);
    out.resize(n);
    WorldSnapshot::write(*this, mode, out.data(), n);
}

std::size_t World::save(std::span<std::byte> out, SnapshotMode mode) const {
    const std::size_t n = WorldSnapshot::size(*this, mode);
    if (out.size() < n)
        throw Error("save", "the buffer holds " + std::to_string(out.size()) + " bytes; the snapshot needs " +
                                std::to_string(n));
    WorldSnapshot::write(*this, mode, out.data(), n);
    return n;
}

void World::restore(std::span<const std::byte> snapshot) {
    WorldSnapshot::restore(*this, snapshot);
    clear_motion(); // a snapshot does not hold the frame's motion
}

} // namespace sweepbox
