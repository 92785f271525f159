#pragma once
// Internal: the sensor bodies and sensor tiles a query asked for (QueryFilter::sensors), found
// apart from the walks, which never see sensors (a sensor body's mask is 0 in the walks' table
// and a sensor tile's bits are empty).

#include <cstdint>
#include <sweepbox/world.hpp>

#include "broadphase/obstacle.hpp"

namespace sweepbox::detail {

/// True when the world holds a sensor body or a sensor tile.
inline bool has_sensors(const World& w) { return WorldAccess::sensor_bodies(w) != 0 || w.tiles().sensor_count() != 0; }

/// Calls f(other, box) for every sensor body and sensor tile that passes the filter (category
/// and mask both ways, `bodies`, `tiles`, `ignore`) and whose closed box meets the closed box
/// `reach`: in reference mode too, each sensor is found by its box, so both modes call f for the
/// same sensors (perhaps in another order, bodies perhaps more than once).
template <class F>
__attribute__((noinline)) void visit_sensors(const World& w, const Aabb& reach, const QueryFilter& filter, F&& f) {
    const auto& bodies = WorldAccess::bodies(w);
    if (filter.bodies && WorldAccess::sensor_bodies(w) != 0) {
        auto body = [&](std::uint32_t j) {
            const auto& b = bodies[j];
            if (!b.alive || !b.is_sensor || j == filter.ignore.index || !intersects_closed(b.box, reach)) return;
            const BodyInfo info = w.info(BodyId{j, b.generation});
            if ((info.category & filter.mask) != 0 && (filter.category & info.mask) != 0)
                f(Other::of(BodyId{j, b.generation}), b.box);
        };
        if (w.def().brute_force) {
            for (std::uint32_t j = 1; j < bodies.size(); ++j) body(j);
        } else {
            WorldAccess::grid(w).for_each_candidate(reach, body);
        }
    }
    const TileMap& m = w.tiles();
    if (!filter.tiles || m.sensor_count() == 0) return;
    const CellRange r = m.cells_of(reach);
    for (std::int32_t row = r.y0; row <= r.y1; ++row)
        for (std::int32_t col = r.x0; col <= r.x1; ++col) {
            const TileKind& k = m.kind(m.kind_at({col, row}));
            if (!k.sensor || (k.category & filter.mask) == 0 || (filter.category & k.mask) == 0) continue;
            const Aabb tb = m.cell_box({col, row});
            if (intersects_closed(tb, reach)) f(Other::of(TileCell{col, row}), tb);
        }
}

} // namespace sweepbox::detail
