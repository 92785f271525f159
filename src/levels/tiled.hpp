#pragma once
// A Tiled map as both of its formats say it (tiled_xml.cpp reads TMX, tiled_json.cpp reads
// JSON), and the level it makes (tiled.cpp).

#include <sweepbox/levels.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kinds.hpp"

namespace sweepbox::levels {

// Custom properties: name (lower case) to value as text.
using Properties = std::map<std::string, std::string>;

struct TiledTileset {
    Place at;                                     // its file (an external one's own) and line
    std::uint32_t first_gid = 0;                  // its tiles' gids start here
    std::int64_t tile_count = -1;                 // how many tiles it has (-1: not said)
    std::map<std::uint32_t, std::string> kind_of; // local tile id -> the kind property's value
};

struct TiledChunk {
    Place at;
    std::int64_t x = 0, y = 0, width = 0, height = 0; // in tiles
    std::vector<std::uint32_t> gids;                  // row by row, flip bits included
};

enum class TiledShape : std::uint8_t { rectangle, point, ellipse, polygon, polyline, text, capsule };

struct TiledObject {
    Place at;
    std::int64_t id = 0;
    std::string name, type;
    double x = 0, y = 0, width = 0, height = 0, rotation = 0;
    TiledShape shape = TiledShape::rectangle;
    std::vector<std::pair<double, double>> points; // a polygon's, relative to (x, y)
    std::uint32_t gid = 0;                         // a tile object's gid (its y is its bottom)
    std::string tmpl;                              // a template instance's template file
    Properties properties;
};

struct TiledLayer {
    Place at;
    bool tiles = true;                 // a tile layer, else an object layer
    double offset_x = 0, offset_y = 0; // its offset, plus its groups'
    Properties properties;             // its own, then its groups' for names it lacks
    std::vector<TiledChunk> chunks;    // a finite map's layer is one chunk
    std::vector<TiledObject> objects;
};

struct TiledMap {
    Place at;
    std::string orientation = "orthogonal";
    double tile_width = 0, tile_height = 0;
    std::int64_t width = 0, height = 0;
    bool infinite = false;
    std::vector<TiledTileset> tilesets;
    std::vector<TiledLayer> layers; // groups flattened, in file order
};

// The two readers. `read` reads an external tileset by the path the map names.
[[nodiscard]] TiledMap read_tmx(std::string_view text, const std::string& file, const LevelRules& rules,
                                const LevelFileReader& read);
[[nodiscard]] TiledMap read_tmj(std::string_view source, const std::string& file, const LevelRules& rules,
                                const LevelFileReader& read);

// A tileset file's tiles: TSX (tiled_xml.cpp), JSON (tiled_json.cpp), and either one by its
// name, read with `read` (tiled.cpp); `source` is as the map at `map_file` names it.
[[nodiscard]] TiledTileset tileset_from_tsx(std::string_view text, const std::string& path, std::uint32_t first_gid,
                                            const LevelRules& rules);
[[nodiscard]] TiledTileset tileset_from_tsj(std::string_view text, const std::string& path, std::uint32_t first_gid,
                                            const LevelRules& rules);
[[nodiscard]] TiledTileset external_tileset(const std::string& map_file, const std::string& source,
                                            std::uint32_t first_gid, const Place& at, const LevelRules& rules,
                                            const LevelFileReader& read);

// Object templates (.tx, .tj) by the path an object names, each read once: what an instance
// does not say itself it takes from its template.
class Templates {
public:
    Templates(std::string map_file, const LevelRules& rules, const LevelFileReader& read)
        : map_file_(std::move(map_file)), rules_(rules), read_(read) {}
    [[nodiscard]] const TiledObject& get(const std::string& source, const Place& at);

private:
    std::string map_file_;
    const LevelRules& rules_;
    const LevelFileReader& read_;
    std::map<std::string, TiledObject> cache_;
};
// A template file's object: TX (tiled_xml.cpp) or JSON (tiled_json.cpp).
[[nodiscard]] TiledObject template_from_tx(std::string_view text, const std::string& path, const LevelRules& rules);
[[nodiscard]] TiledObject template_from_tj(std::string_view text, const std::string& path, const LevelRules& rules);

// The level of a map.
[[nodiscard]] Level build_tiled(const TiledMap& map, const LevelRules& rules);

// A number of a Tiled attribute or property written as text.
[[nodiscard]] double number_of(std::string_view text, const Place& at, const char* what);
[[nodiscard]] std::int64_t integer_of(std::string_view text, const Place& at, const char* what);

// A path a file names, joined to the folder of that file.
[[nodiscard]] std::string beside(const std::string& file, const std::string& path);

} // namespace sweepbox::levels
