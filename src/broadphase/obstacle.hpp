#pragma once
// Internal: the obstacles the narrow phase sees (bodies and tiles as boxes with their surfaces),
// which of them a query or a move selects, and read access to the world's private tables.

#include <cstdint>
#include <sweepbox/world.hpp>
#include "broadphase/spatial_grid.hpp"

namespace sweepbox {

/// The world's body grid, in World::grid_ (World::GridSlot).
class World::Grid : public SpatialGrid {
public:
    using SpatialGrid::SpatialGrid;
};

// No std::launder: GCC keeps it as an optimization barrier (.LAUNDER) that cost a crowd move 7
// instructions; the bytes hold this one Grid from the world's construction to its destruction.
inline World::Grid& World::grid() { return *reinterpret_cast<Grid*>(grid_.bytes); }
inline const World::Grid& World::grid() const { return *reinterpret_cast<const Grid*>(grid_.bytes); }

/// The implementation's way to World's private tables (a member of World, so it reaches them
/// with no friend declaration): read access for the walks and queries, and the snapshots.
struct World::Internals {
    static const auto& bodies(const World& w) { return w.bodies_; }
    static auto& bodies(World& w) { return w.bodies_; }
    static SpatialGrid& grid(World& w) { return w.grid(); }
    static const SpatialGrid& grid(const World& w) { return w.grid(); }
    static const std::uint64_t* body_marks(const World& w) { return w.body_marks_.data(); }
    static std::size_t sensor_bodies(const World& w) { return w.sensor_bodies_; }
    static const auto& frame_legs(const World& w) { return w.frame_legs_; }
    static const auto& masks(const World& w) { return w.masks_; }
    static real frame_spread(const World& w) { return w.frame_spread_; }
    static const auto& frame_motion(const World& w) { return w.frame_motion_; }
    static const auto& frame_movers(const World& w) { return w.frame_movers_; }
    // Moving platforms' motion (src/world/frame_motion.cpp: move_to, MotionUndo).
    using Motion = FrameMotion;
    static bool frame_on(const World& w) { return w.frame_on_; }
    static auto& frame_legs(World& w) { return w.frame_legs_; }
    static auto& frame_motion(World& w) { return w.frame_motion_; }
    static void note_motion(World& w, BodyId id, const Aabb& from, const MoveResult& r) { w.note_motion(id, from, r); }
    struct Snapshot; // save and restore (src/world/snapshot.hpp)
};
using WorldAccess = World::Internals;

namespace detail {

/// One obstacle as the narrow phase sees it: a body or a tile, as a box with its surfaces.
struct Obstacle {
    Other other{};
    Aabb box{};
    std::uint32_t category = 0;
    std::uint32_t mask = 0;
    std::uint8_t faces = face_all; // faces that may be entered (one-way tiles: the top)
    std::uint8_t seams = 0;        // faces shared with another solid tile
    // One-way or a slope: the rare obstacles each narrow phase tests for first (one flag, so
    // the usual box pays one test). A one-way obstacle's `faces` is the one face it is entered
    // through, or 0.
    bool special = false;
    std::uint8_t shape = 0; // a slope tile's TileShape; 0 for every other obstacle
};

/// Which obstacles a walk reports.
struct Selector {
    BodyId skip{};                ///< the moving body or the query's ignored body
    std::uint32_t category = ~0u; ///< the mover's category
    std::uint32_t mask = ~0u;     ///< the mover's mask
    bool bodies = true;
    bool tiles = true;
};

inline bool interacts(const Selector& s, std::uint32_t category, std::uint32_t mask) {
    return (category & s.mask) != 0 && (s.category & mask) != 0;
}

/// A one-way obstacle blocks only a mover that starts fully on the side of the face it is
/// entered through (`faces`, a single face; 0 when a solid tile covers it, and then it blocks
/// nothing): down (the top face), above it; up, below; left (the right face), right of it;
/// right, left of it (docs/contract.md, "Tile kinds").
inline bool one_way_blocks(const Aabb& start, const Aabb& tile, std::uint8_t faces) {
    // The faces whose far side the mover starts on, without a branch (the walks inline this).
    const unsigned side = unsigned(start.max.x <= tile.min.x) * face_neg_x |
                          unsigned(tile.max.x <= start.min.x) * face_pos_x |
                          unsigned(start.max.y <= tile.min.y) * face_neg_y |
                          unsigned(tile.max.y <= start.min.y) * face_pos_y;
    return (side & faces) != 0;
}
/// The outward normal of a single face.
inline Vec2 face_normal(std::uint8_t face) {
    return face == face_neg_y ? Vec2{0, -1}
         : face == face_pos_y ? Vec2{0, 1}
         : face == face_pos_x ? Vec2{1, 0}
                              : Vec2{-1, 0};
}

/// The selector of a query's filter.
inline Selector selector_of(const QueryFilter& f) { return {f.ignore, f.category, f.mask, f.bodies, f.tiles}; }

} // namespace detail
} // namespace sweepbox
