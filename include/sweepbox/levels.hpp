#pragma once
/// @file levels.hpp
/// Levels drawn in editors: Tiled maps (`.tmx`, `.tmj`/`.json`) and LDtk projects (`.ldtk`)
/// read into a Level (tiles with their kinds, bodies, spawn points), then put into a World.
/// An optional component (CMake target `sweepbox::levels`); the core does not depend on it.
/// What the editors' names mean is data: docs/levels.md lists the properties and the defaults.

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>
#include <sweepbox/error.hpp>
#include <sweepbox/world.hpp>

namespace sweepbox {

/// A level file that cannot be read: bad syntax, a value out of range, something the component
/// does not support. `what()` reads "sweepbox: load_level: <file>:<line>: layer "<layer>":
/// <problem>" (the line and the layer when there are such).
class SWEEPBOX_API LevelError : public Error {
public:
    /// Builds the message from its parts; `line` 0 and an empty `layer` are left out.
    LevelError(const std::string& file, const std::string& layer, std::int64_t line, const std::string& problem);
    /// The file the problem is in (a tileset or level file a map refers to, when it is there).
    [[nodiscard]] const std::string& file() const { return file_; }
    /// The layer (or tileset, or LDtk level) the problem is in; empty when it is the file's own.
    [[nodiscard]] const std::string& layer() const { return layer_; }
    /// The line in the file (XML and JSON syntax errors, XML elements); 0 when unknown.
    [[nodiscard]] std::int64_t line() const { return line_; }
    /// What is wrong.
    [[nodiscard]] const std::string& problem() const { return problem_; }

private:
    std::string file_, layer_;
    std::int64_t line_ = 0;
    std::string problem_;
};

/// How a level's names become tile kinds and bodies. Names from the editors are compared
/// ignoring ASCII case ("Solid" is "solid"), after `rename`.
struct LevelRules {
    /// Tile kinds by name, added to or replacing the built-in ones (every shape name of
    /// to_string(TileShape), "one_way" for one_way_down, "sensor" and any name starting
    /// "sensor_": a sensor kind). Names are lower case.
    std::map<std::string, TileKind> kinds;
    /// Editor names to kind or body names, looked up first (lower case keys): "wall" -> "solid",
    /// or an LDtk IntGrid value without an identifier by its number, "3" -> "sensor_water".
    std::map<std::string, std::string> rename;
    /// Tiled: the property on a tileset's tile (or a tile layer, for its tiles without one)
    /// naming the tile's kind. A layer whose property is "none" adds no tiles.
    std::string kind_property = "collision";
    /// The Tiled object property or LDtk entity field naming what an object becomes (a body
    /// kind: "static", "one_way", "one_way_up", ..., "sensor", "platform", "dynamic"; or "none").
    std::string body_property = "body";
    std::uint32_t category = 1;       ///< the map's category bits (TileMapDef::category)
    std::uint32_t mask = 0xffffffffu; ///< the map's mask bits
};

/// A body of a level: a Tiled rectangle object or an LDtk entity that names a body kind.
struct LevelBody {
    std::string name;  ///< the object's name (Tiled; "object <id>" when it has none) or the
                       ///< entity's "name" field (LDtk; its iid when it has none)
    std::string type;  ///< the object's class (Tiled) or the entity's identifier (LDtk)
    std::string layer; ///< the layer it came from
    BodyDef def{};     ///< box, static/platform/sensor, one-way, category and mask
    /// Equality of every field, numbers bit for bit.
    friend SWEEPBOX_API bool operator==(const LevelBody&, const LevelBody&);
};

/// A named point for the game: a Tiled point object, or an LDtk entity that is no body.
struct SpawnPoint {
    std::string name;    ///< the object's name, or the entity's "name" field (else its identifier)
    std::string type;    ///< the object's class (Tiled) or the entity's identifier (LDtk)
    std::string layer;   ///< the layer it came from
    Vec2 position{0, 0}; ///< in world units (an LDtk entity's pivot point)
    /// Equality of every field, numbers bit for bit.
    friend SWEEPBOX_API bool operator==(const SpawnPoint&, const SpawnPoint&);
};

/// A tile kind a level uses, with its index in the map.
struct LevelKind {
    std::int32_t index = 0; ///< the kind index (TileMap::kind_at): a shape's own value for a shape
                            ///< name, tile_shape_count and up for the other names, in name order
    std::string name;       ///< its name
    TileKind kind{};        ///< what it is
    /// Equality of every field.
    friend SWEEPBOX_API bool operator==(const LevelKind&, const LevelKind&);
};

/// A level read from a file: what add_level puts into a World.
struct Level {
    std::string file;                ///< the file it was read from
    std::string name;                ///< the LDtk level's identifier, or the file's name without folder
    TileMapDef map{};                ///< origin, tile size, columns, rows, category and mask
    std::vector<std::uint8_t> tiles; ///< the kind index of each tile, row by row from the top
    std::vector<LevelKind> kinds;    ///< every kind the tiles use but empty, by index
    std::vector<LevelBody> bodies;   ///< in file order
    std::vector<SpawnPoint> spawns;  ///< in file order
    /// The kind index of tile (column, row) of the map; 0 (empty) outside it.
    [[nodiscard]] std::uint8_t kind_at(std::int32_t column, std::int32_t row) const {
        if (column < 0 || row < 0 || column >= map.columns || row >= map.rows) return 0;
        return tiles[std::size_t(row) * std::size_t(map.columns) + std::size_t(column)];
    }
    /// Equality of every field, numbers bit for bit.
    friend SWEEPBOX_API bool operator==(const Level&, const Level&);
};

/// The editor formats.
enum class LevelFormat : std::uint8_t {
    tiled_xml,  ///< Tiled's TMX (.tmx; tilesets .tsx)
    tiled_json, ///< Tiled's JSON (.tmj or .json; tilesets .tsj or .json)
    ldtk,       ///< an LDtk project (.ldtk; levels saved apart in .ldtkl)
};

/// Reads a file a level refers to (an external tileset, an LDtk level file), by its path as
/// the level names it, joined to the level's folder. Throws on failure.
using LevelFileReader = std::function<std::string(const std::string& path)>;

/// The format of a file by its name: .tmx, .tmj, .json, .ldtk. Throws LevelError otherwise.
[[nodiscard]] SWEEPBOX_API LevelFormat level_format_of(const std::string& path);

/// Reads a level file. `level_name` picks one level of an LDtk project by identifier (empty:
/// every level, at its world position); Tiled maps hold one level and refuse a name. Throws
/// LevelError naming the file, the layer and the line where it can.
[[nodiscard]] SWEEPBOX_API Level load_level(const std::string& path, const std::string& level_name = "",
                                            const LevelRules& rules = {});

/// Reads level text already in memory. `file` names it in errors and is the folder that
/// external files are found from; `read` reads them (empty: from disk).
[[nodiscard]] SWEEPBOX_API Level parse_level(std::string_view text, const std::string& file, LevelFormat format,
                                             const std::string& level_name = "", const LevelRules& rules = {},
                                             const LevelFileReader& read = {});

/// Puts a level into a world: replaces the world's tile map with the level's, defines its
/// kinds, sets its tiles and adds its bodies. Returns the bodies' ids in level.bodies' order.
/// Throws Error, leaving the world unchanged, when the level is not one the world takes (a bad
/// map definition or kind, a body box that is not finite).
SWEEPBOX_API std::vector<BodyId> add_level(World& world, const Level& level);

/// A summary for people: the map's size and tile size, the kinds used (with their tile
/// counts), the bodies and the spawn points, one per line.
[[nodiscard]] SWEEPBOX_API std::string describe_level(const Level& level);

} // namespace sweepbox
