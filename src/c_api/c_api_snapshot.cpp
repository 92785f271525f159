// The C API's snapshots (sweepbox.h: sweepbox_save, sweepbox_restore) over World::save and
// World::restore.

#include <span>

#include "c_api/c_api_support.hpp"

using namespace sweepbox::c_api;

sweepbox_status sweepbox_save(const sweepbox_world* world, std::int32_t mode, void* out, std::size_t capacity,
                              std::size_t* size) {
    return guarded(world, "sweepbox_save", [&] {
        require(size, "size");
        if (!out && capacity != 0) fail(SWEEPBOX_BAD_ARGUMENT, "out is null but capacity is %zu", capacity);
        if (mode != SWEEPBOX_SNAPSHOT_FULL && mode != SWEEPBOX_SNAPSHOT_MOVABLE)
            fail(SWEEPBOX_BAD_ARGUMENT, "mode %d is not a sweepbox_snapshot_mode", int(mode));
        const auto m = sweepbox::SnapshotMode(mode);
        *size = world->world.save_size(m);
        if (*size > capacity)
            fail(SWEEPBOX_TOO_SMALL, "the snapshot needs %zu bytes, the output has %zu", *size, capacity);
        world->world.save(std::span<std::byte>(static_cast<std::byte*>(out), capacity), m);
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_restore(sweepbox_world* world, const void* snapshot, std::size_t size) {
    return guarded(world, "sweepbox_restore", [&] {
        if (!snapshot && size != 0) fail(SWEEPBOX_BAD_ARGUMENT, "snapshot is null but size is %zu", size);
        world->world.restore(std::span<const std::byte>(static_cast<const std::byte*>(snapshot), size));
        return SWEEPBOX_OK;
    });
}
