#pragma once
// Internal: the obstacles the narrow phase sees (bodies and tiles as boxes with their surfaces),
// which of them a query or a move selects, and read access to the world's private tables.

#include <cstdint>
#include <sweepbox/world.hpp>

namespace sweepbox {

/// Friend of World: read access to its private tables for the implementation files.
struct WorldAccess {
    static const auto& bodies(const World& w) { return w.bodies_; }
    static auto& bodies(World& w) { return w.bodies_; }
    static SpatialGrid& grid(World& w) { return w.grid_; }
    static const std::uint64_t* body_marks(const World& w) { return w.body_marks_.data(); }
};

namespace detail {

/// One obstacle as the narrow phase sees it: a body or a tile, as a box with its surfaces.
struct Obstacle {
    Other other{};
    Aabb box{};
    std::uint32_t category = 0;
    std::uint32_t mask = 0;
    std::uint8_t faces = face_all; // faces that may be entered (one-way tiles: the top)
    std::uint8_t seams = 0;        // faces shared with another solid tile
    std::uint8_t one_way = 0;      // 0, or 1 + the direction (TileShape's order from one_way_down)
    bool is_static = false;
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

/// A one-way obstacle (Obstacle::one_way, nonzero) blocks only a mover that starts fully on the
/// side it is entered from: down, above it; up, below; left, right of it; right, left of it
/// (docs/contract.md, "Responses of move").
inline bool one_way_blocks(const Aabb& start, const Aabb& tile, std::uint8_t one_way) {
    switch (one_way) {
    case 1: return start.max.y <= tile.min.y;
    case 2: return start.min.y >= tile.max.y;
    case 3: return start.min.x >= tile.max.x;
    default: return start.max.x <= tile.min.x;
    }
}
/// The face a one-way obstacle is entered through, and its outward normal.
inline std::uint8_t one_way_face(std::uint8_t one_way) {
    constexpr std::uint8_t f[4] = {face_neg_y, face_pos_y, face_pos_x, face_neg_x};
    return f[(one_way - 1) & 3];
}
inline Vec2 one_way_normal(std::uint8_t one_way) {
    constexpr Vec2 n[4] = {{0, -1}, {0, 1}, {1, 0}, {-1, 0}};
    return n[(one_way - 1) & 3];
}

/// The selector of a query's filter.
inline Selector selector_of(const QueryFilter& f) { return {f.ignore, f.category, f.mask, f.bodies, f.tiles}; }

} // namespace detail
} // namespace sweepbox
