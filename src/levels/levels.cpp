// The levels component's entry points: reading a level file of any format, putting a level
// into a world, describing it.
#include <sweepbox/levels.hpp>

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "core/bit_cast.hpp"
#include "json_fields.hpp"
#include "ldtk.hpp"
#include "tiled.hpp"

namespace sweepbox {

namespace {

std::string error_message(const std::string& file, const std::string& layer, std::int64_t line,
                          const std::string& problem) {
    std::string m = file;
    if (line > 0) m += ":" + std::to_string(line);
    if (!layer.empty()) m += ": layer " + levels::in_quotes(layer);
    return m + ": " + problem;
}

// A file's text; refuses what is no regular file (a directory, a device) and files over 256 MiB.
std::string read_file(const std::string& path) {
#if defined(__EMSCRIPTEN__)
    // A standalone WebAssembly module has no files: the web package passes them in memory.
    throw LevelError(path, "", 0,
                     "this build (WebAssembly) reads no files from disk: pass the level's files in memory");
#else
    constexpr std::uintmax_t max_size = std::uintmax_t(256) << 20;
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) throw LevelError(path, "", 0, "cannot open the file");
    if (!std::filesystem::is_regular_file(status)) throw LevelError(path, "", 0, "is not a regular file");
    if (std::filesystem::file_size(path, ec) > max_size) throw LevelError(path, "", 0, "is larger than 256 MiB");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LevelError(path, "", 0, "cannot open the file");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw LevelError(path, "", 0, "cannot read the file");
    return text.str();
#endif
}

// The checks World makes of a tile kind, so that add_level refuses before it changes anything.
void check_kind(const LevelKind& k) {
    if (k.index < 0 || k.index >= max_tile_kinds) throw Error("add_level", "kind index out of range");
    if (int(k.kind.shape) >= tile_shape_count) throw Error("add_level", "kind " + k.name + ": shape out of range");
    if (k.kind.sensor && k.kind.shape != TileShape::solid)
        throw Error("add_level", "kind " + k.name + ": a sensor kind's shape must be solid");
}

} // namespace

namespace {

using RealBits = std::conditional_t<sizeof(real) == 4, std::uint32_t, std::uint64_t>;
bool same(real a, real b) { return detail::bit_cast<RealBits>(a) == detail::bit_cast<RealBits>(b); }
bool same(Vec2 a, Vec2 b) { return same(a.x, b.x) && same(a.y, b.y); }

} // namespace

bool operator==(const LevelBody& a, const LevelBody& b) {
    const BodyDef &x = a.def, &y = b.def;
    return a.name == b.name && a.type == b.type && a.layer == b.layer && same(x.box.min, y.box.min) &&
           same(x.box.max, y.box.max) && x.is_static == y.is_static && x.is_platform == y.is_platform &&
           x.category == y.category && x.mask == y.mask && x.user_data == y.user_data && x.is_sensor == y.is_sensor &&
           x.one_way == y.one_way;
}

bool operator==(const SpawnPoint& a, const SpawnPoint& b) {
    return a.name == b.name && a.type == b.type && a.layer == b.layer && same(a.position, b.position);
}

bool operator==(const LevelKind& a, const LevelKind& b) {
    return a.index == b.index && a.name == b.name && a.kind.shape == b.kind.shape &&
           a.kind.category == b.kind.category && a.kind.mask == b.kind.mask && a.kind.sensor == b.kind.sensor;
}

bool operator==(const Level& a, const Level& b) {
    const TileMapDef &x = a.map, &y = b.map;
    return a.file == b.file && a.name == b.name && same(x.origin, y.origin) && same(x.tile_size, y.tile_size) &&
           x.columns == y.columns && x.rows == y.rows && x.category == y.category && x.mask == y.mask &&
           a.tiles == b.tiles && a.kinds == b.kinds && a.bodies == b.bodies && a.spawns == b.spawns;
}

LevelError::LevelError(const std::string& file, const std::string& layer, std::int64_t line, const std::string& problem)
    : Error("load_level", error_message(file, layer, line, problem)), file_(file), layer_(layer), line_(line),
      problem_(problem) {}

LevelFormat level_format_of(const std::string& path) {
    const std::string ext = levels::lower(std::filesystem::path(path).extension().string());
    if (ext == ".tmx") return LevelFormat::tiled_xml;
    if (ext == ".tmj" || ext == ".json") return LevelFormat::tiled_json;
    if (ext == ".ldtk") return LevelFormat::ldtk;
    throw LevelError(path, "", 0, "unknown level format (.tmx, .tmj or .json for Tiled, .ldtk for LDtk)");
}

Level load_level(const std::string& path, const std::string& level_name, const LevelRules& rules) {
    const LevelFormat format = level_format_of(path);
    return parse_level(read_file(path), path, format, level_name, rules, {});
}

Level parse_level(std::string_view text, const std::string& file, LevelFormat format, const std::string& level_name,
                  const LevelRules& rules, const LevelFileReader& read) {
    const LevelFileReader reader = read ? read : LevelFileReader(read_file);
    try {
        if (format == LevelFormat::ldtk) return levels::read_ldtk(text, file, level_name, rules, reader);
        if (!level_name.empty())
            throw LevelError(file, "", 0,
                             "a Tiled map holds one level; it takes no level name (" + levels::in_quotes(level_name) +
                                 ")");
        if (format == LevelFormat::tiled_xml)
            return levels::build_tiled(levels::read_tmx(text, file, rules, reader), rules);
        if (format == LevelFormat::tiled_json)
            return levels::build_tiled(levels::read_tmj(text, file, rules, reader), rules);
        throw LevelError(file, "", 0, "unknown level format");
    } catch (const levels::json::exception& e) {
        throw LevelError(file, "", 0, std::string("malformed JSON value: ") + e.what());
    }
}

std::vector<BodyId> add_level(World& world, const Level& level) {
    TileMap::validate(level.map, "add_level");
    if (level.tiles.size() != std::size_t(level.map.columns) * std::size_t(level.map.rows))
        throw Error("add_level", "the level's tiles do not fill its map");
    std::array<bool, max_tile_kinds> defined{};
    defined[0] = true;
    for (const LevelKind& k : level.kinds) {
        check_kind(k);
        defined[std::size_t(k.index)] = true;
    }
    for (std::uint8_t t : level.tiles)
        if (!defined[t])
            throw Error("add_level", "a tile of kind " + std::to_string(t) + ", which the level does not define");
    for (const LevelBody& b : level.bodies) {
        const Aabb& box = b.def.box;
        if (!is_valid(box) || !std::isfinite(box.max.x - box.min.x) || !std::isfinite(box.max.y - box.min.y))
            throw Error("add_level", "body " + levels::in_quotes(b.name) + " has no valid box");
        if (int(b.def.one_way) > int(OneWay::right))
            throw Error("add_level", "body " + b.name + ": one_way out of range");
    }
    // Everything is checked: from here on the world takes each call.
    world.set_tile_map(level.map);
    if (level.map.columns > 0 && level.map.rows > 0) {
        for (const LevelKind& k : level.kinds) world.set_tile_kind(k.index, k.kind);
        const std::size_t width = std::size_t(level.map.columns);
        for (std::size_t i = 0; i < level.tiles.size(); ++i)
            if (level.tiles[i] != 0)
                world.set_tile({std::int32_t(i % width), std::int32_t(i / width)}, std::int32_t(level.tiles[i]));
    }
    std::vector<BodyId> ids;
    ids.reserve(level.bodies.size());
    for (const LevelBody& b : level.bodies) ids.push_back(world.add(b.def));
    return ids;
}

std::string describe_level(const Level& level) {
    std::ostringstream out;
    const TileMapDef& m = level.map;
    out << "level " << levels::in_quotes(level.name) << " from " << level.file << "\n";
    out << "map: " << m.columns << " x " << m.rows << " tiles of " << m.tile_size << ", origin (" << m.origin.x << ", "
        << m.origin.y << ")\n";
    std::array<std::size_t, max_tile_kinds> count{};
    for (std::uint8_t t : level.tiles) ++count[t];
    out << "kinds: " << level.kinds.size() << "\n";
    for (const LevelKind& k : level.kinds) {
        out << "  " << k.index << " " << k.name;
        if (k.name != to_string(k.kind.shape)) out << ": " << to_string(k.kind.shape);
        if (k.kind.sensor) out << ", sensor";
        out << ", " << count[std::size_t(k.index)] << " tiles\n";
    }
    out << "bodies: " << level.bodies.size() << "\n";
    for (const LevelBody& b : level.bodies) {
        const BodyDef& d = b.def;
        const char* kind = d.is_sensor ? "sensor" : d.is_platform ? "platform" : d.is_static ? "static" : "dynamic";
        out << "  " << levels::in_quotes(b.name) << " " << kind;
        if (d.one_way != OneWay::none) out << ", one way " << to_string(d.one_way);
        out << " [" << d.box.min.x << ", " << d.box.min.y << ", " << d.box.max.x << ", " << d.box.max.y << "]";
        if (!b.type.empty()) out << " (" << b.type << ")";
        out << "\n";
    }
    out << "spawn points: " << level.spawns.size() << "\n";
    for (const SpawnPoint& s : level.spawns) {
        out << "  " << levels::in_quotes(s.name) << " (" << s.position.x << ", " << s.position.y << ")";
        if (!s.type.empty()) out << " (" << s.type << ")";
        out << "\n";
    }
    return out.str();
}

} // namespace sweepbox
