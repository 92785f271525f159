// The world's body grid held in place (World::GridSlot): made, copied, moved and destroyed as
// the SpatialGrid it holds; and what the grid holds, for inspection.

#include <new>
#include <utility>
#include <sweepbox/world.hpp>
#include "broadphase/obstacle.hpp"

namespace sweepbox {

namespace {
// The grid in a slot's bytes (G: World::Grid, named where its access allows).
template <class G, class Bytes> G& held(Bytes& bytes) {
    static_assert(sizeof(G) <= sizeof(Bytes) && alignof(G) <= 64, "World::GridSlot::bytes: too small for the grid");
    return *std::launder(reinterpret_cast<G*>(&bytes));
}
} // namespace

World::GridSlot::GridSlot(const WorldDef& def) { new (bytes) Grid(def.cell_size, def.oversize_cells); }
World::GridSlot::GridSlot(const GridSlot& other) { new (bytes) Grid(held<const Grid>(other.bytes)); }
World::GridSlot::GridSlot(GridSlot&& other) noexcept { new (bytes) Grid(std::move(held<Grid>(other.bytes))); }
World::GridSlot& World::GridSlot::operator=(const GridSlot& other) {
    if (this == &other) return *this;
    held<Grid>(bytes) = held<const Grid>(other.bytes);
    return *this;
}
World::GridSlot& World::GridSlot::operator=(GridSlot&& other) noexcept {
    held<Grid>(bytes) = std::move(held<Grid>(other.bytes));
    return *this;
}
World::GridSlot::~GridSlot() { held<Grid>(bytes).~Grid(); }

GridStats World::grid_stats() const {
    const Grid& g = grid();
    return {g.cell_size(), g.cell_count(), g.oversize_count(), g.memory_bytes()};
}

} // namespace sweepbox
