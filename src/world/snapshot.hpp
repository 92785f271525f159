#pragma once
// Internal: World's snapshots (docs/contract.md, "Snapshots"): the header and the bodies
// (snapshot.cpp) and the events' bookkeeping (events_snapshot.cpp). The tile map and the grid
// write their own parts (src/tiles/tile_snapshot.cpp, src/broadphase/grid_snapshot.cpp).

#include <cstddef>
#include <cstdint>
#include <span>
#include <sweepbox/world.hpp>

#include "broadphase/obstacle.hpp"
#include "core/byte_order.hpp"
#include "tiles/tile_tables.hpp"

namespace sweepbox {

/// World's snapshots (a member of World::Internals, so it reaches the world's private parts).
struct World::Internals::Snapshot {
    /// The bytes save writes in this mode.
    static std::size_t size(const World& w, SnapshotMode mode);
    /// Writes the snapshot (`total` = size(w, mode) bytes) at `at`.
    static void write(const World& w, SnapshotMode mode, std::byte* at, std::size_t total);
    /// Checks the whole snapshot, then restores it; throws Error with the world unchanged.
    static void restore(World& w, std::span<const std::byte> bytes);

    /// The events' bookkeeping: its size, its bytes, the reason bytes are not one (or null), and
    /// the restore of checked bytes.
    static std::size_t events_size(const World& w);
    static void write_events(detail::ByteWriter& out, const World& w);
    static const char* check_events(detail::ByteReader& in);
    static void read_events(detail::ByteReader& in, World& w);

private:
    struct Record;
    // Calls f(list, order) for each list of events in the snapshot's order (order: 0 any, 1
    // sorted, 2 sorted without repeats) until one returns a reason.
    template <class W, class F> static const char* each_list(W& w, F&& f);
    static const World::Level& level(const World& w);
    static bool movable_slot(const World& w, std::uint32_t i) {
        return !(w.bodies_[i].alive && w.bodies_[i].is_static);
    }
    static void write_record(detail::ByteWriter& out, const World& w, std::uint32_t i);
    static void apply_record(World& w, std::uint32_t i, const Record& r);
    static void restore_full(World& w, detail::ByteReader in, const detail::ByteReader& tiles,
                             const detail::ByteReader& grid, std::uint32_t slots);
    static void restore_movable(World& w, detail::ByteReader in, std::uint32_t slots);
};
using WorldSnapshot = World::Internals::Snapshot;

} // namespace sweepbox
