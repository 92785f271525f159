#pragma once
// What every format's reader hands on: blocks of tiles on the level's grid, objects and
// points; the builder lays the blocks on one map, checks them, and numbers the kinds.

#include <sweepbox/levels.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kinds.hpp"

namespace sweepbox::levels {

// The most tiles a level may have (a map of 8,192 x 8,192), so that a file cannot ask for more
// memory than a level needs.
inline constexpr std::int64_t max_level_tiles = std::int64_t(1) << 26;

// A rectangle of tiles from one layer, at its place on the level's grid (in tiles; the grid's
// tile (0, 0) has its min corner at the world's origin).
struct TileBlock {
    Place at;
    std::int64_t column = 0, row = 0, columns = 0, rows = 0;
    std::vector<std::uint8_t> ids; // provisional kind ids (KindTable), row by row; 0 is empty
};

// An object or entity as the readers see it, in world units.
struct ObjectInfo {
    Place at;
    std::string name, type;
    double x = 0, y = 0, width = 0, height = 0; // its box
    double spawn_x = 0, spawn_y = 0;            // where it is as a spawn point
    std::optional<std::string> body;            // the body property or field
    std::optional<std::string> one_way;         // the "one_way" property or field
    std::optional<std::int64_t> category, mask; // the "category" and "mask" properties or fields
};

// Whether a rectangle whose body property and class name no body kind is a static body
// (Tiled's rectangles) or a spawn point (LDtk's entities).
enum class Otherwise : std::uint8_t { static_body, spawn };

class LevelBuilder {
public:
    LevelBuilder(std::string file, const LevelRules& rules);
    [[nodiscard]] KindTable& kinds() { return kinds_; }
    [[nodiscard]] const LevelRules& rules() const { return rules_; }
    // The tile size, the same for every tile layer (positive, at most 2^20).
    void set_tile_size(double size, const Place& at);
    [[nodiscard]] double tile_size() const { return tile_size_; }
    // A rectangle the map covers even where it has no tiles (a Tiled map's own size).
    void cover(std::int64_t column, std::int64_t row, std::int64_t columns, std::int64_t rows, const Place& at);
    void add_block(TileBlock block);
    void add_object(const ObjectInfo& object, Otherwise otherwise);
    void add_spawn(const Place& at, std::string name, std::string type, double x, double y);
    // The level: the map over every block and covered rectangle, the kinds numbered.
    [[nodiscard]] Level finish(std::string name);

private:
    std::string file_;
    const LevelRules& rules_;
    KindTable kinds_;
    double tile_size_ = 0;
    bool has_extent_ = false;
    std::int64_t min_c_ = 0, min_r_ = 0, max_c_ = 0, max_r_ = 0; // the tiles' extent, max exclusive
    std::vector<TileBlock> blocks_;
    std::vector<LevelBody> bodies_;
    std::vector<SpawnPoint> spawns_;
    void extend(std::int64_t column, std::int64_t row, std::int64_t columns, std::int64_t rows, const Place& at);
};

// The tiles of a layer of w x h, which must be at most max_level_tiles.
[[nodiscard]] std::int64_t tile_count(std::int64_t w, std::int64_t h, const Place& at);

// The text of a file a level refers to (`what`: "tileset", "level file"), read with `read`.
[[nodiscard]] std::string read_referenced(const LevelFileReader& read, const std::string& path, const Place& at,
                                          const char* what);

// A world coordinate read from a file as a `real`: finite, and in range.
[[nodiscard]] real world_coordinate(double v, const Place& at, const char* what);

} // namespace sweepbox::levels
