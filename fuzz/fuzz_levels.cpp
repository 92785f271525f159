/// @file fuzz_levels.cpp
/// Fuzz target: the levels component on arbitrary bytes, in all three formats.
///
/// Input: one byte picks the format (0 TMX, 1 Tiled JSON, 2 LDtk; the byte mod 3), then the
/// level's text; if the text holds the line "--8<--", what follows it is the text of every file
/// the level refers to (an external tileset, an LDtk level file), so those readers are fuzzed
/// too. Nothing is read from disk.
///
/// Checked (any violation aborts with a message):
/// - parse_level returns a Level or throws LevelError; nothing else escapes (no nlohmann
///   exception, no XML reader's SyntaxError, no std::out_of_range, no crash, no sanitizer report, no hang);
/// - a LevelError's what() is one line starting "sweepbox: load_level: " and the file it names;
/// - a Level is whole: tiles fill its map, every tile's kind is empty or one of `kinds`, kinds
///   are in index order, a shape's name has its shape's index, every body box is valid;
/// - parsing again gives an equal Level (bit for bit);
/// - add_level on a world that already holds a map and a body either puts exactly the level's
///   tiles, kinds and bodies there, or throws Error and leaves the world as it was.

#include <cstdint>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <sweepbox/levels.hpp>
#include "fuzz_common.hpp"

using namespace sweepbox;

namespace {

constexpr const char* files[] = {"fuzz.tmx", "fuzz.tmj", "fuzz.ldtk"};
constexpr LevelFormat formats[] = {LevelFormat::tiled_xml, LevelFormat::tiled_json, LevelFormat::ldtk};
// Worlds of more tiles than this are parsed but not built (time).
constexpr std::int64_t max_built_tiles = 1 << 16;

void check_error(const LevelError& e, const std::string& file) {
    const std::string m = e.what();
    if (m.find('\n') != std::string::npos || m.find('\r') != std::string::npos)
        fuzz::fail("LevelError message is not one line: %s", m.c_str());
    const std::string head = "sweepbox: load_level: ";
    if (m.rfind(head, 0) != 0) fuzz::fail("LevelError message does not start with %s: %s", head.c_str(), m.c_str());
    if (e.file().empty() || m.compare(head.size(), e.file().size(), e.file()) != 0)
        fuzz::fail("LevelError message does not name its file first: %s", m.c_str());
    (void)file;
}

void check_whole(const Level& l) {
    const std::size_t cells = std::size_t(l.map.columns) * std::size_t(l.map.rows);
    if (l.map.columns < 0 || l.map.rows < 0 || l.tiles.size() != cells)
        fuzz::fail("the tiles (%zu) do not fill the map (%d x %d)", l.tiles.size(), l.map.columns, l.map.rows);
    bool defined[max_tile_kinds] = {true};
    std::int32_t last = -1;
    for (const LevelKind& k : l.kinds) {
        if (k.index <= last || k.index <= 0 || k.index >= max_tile_kinds)
            fuzz::fail("kind %s has index %d after %d", k.name.c_str(), k.index, last);
        last = k.index;
        defined[k.index] = true;
        if (k.index < tile_shape_count && k.name != to_string(TileShape(k.index)))
            fuzz::fail("kind %d is named %s, not its shape's name", k.index, k.name.c_str());
        if (k.kind.sensor && k.kind.shape != TileShape::solid)
            fuzz::fail("sensor kind %s is not solid", k.name.c_str());
    }
    for (std::uint8_t t : l.tiles)
        if (!defined[t]) fuzz::fail("a tile of kind %d, which the level does not list", int(t));
    for (const LevelBody& b : l.bodies)
        if (!is_valid(b.def.box))
            fuzz::fail("body %s has an invalid box %s", b.name.c_str(), fuzz::str(b.def.box).c_str());
    for (const SpawnPoint& s : l.spawns)
        if (!is_finite(s.position)) fuzz::fail("spawn point %s is not finite", s.name.c_str());
}

void check_world(const Level& l) {
    if (std::int64_t(l.map.columns) * l.map.rows > max_built_tiles) return;
    World world;
    world.set_tile_map({.tile_size = 8, .columns = 3, .rows = 2});
    world.set_tile({1, 1}, Tile::solid);
    const BodyId first = world.add({.box = {{1, 2}, {3, 4}}});
    std::vector<BodyId> ids;
    try {
        ids = add_level(world, l);
    } catch (const Error&) {
        // Refused: the world is as it was.
        if (world.tiles().columns() != 3 || world.tiles().rows() != 2 || world.tiles().get({1, 1}) != Tile::solid ||
            world.body_count() != 1 || !world.is_valid(first))
            fuzz::fail("add_level threw and changed the world");
        return;
    }
    const TileMap& map = world.tiles();
    if (map.columns() != l.map.columns || map.rows() != l.map.rows) fuzz::fail("the world's map is not the level's");
    for (std::int32_t r = 0; r < l.map.rows; ++r)
        for (std::int32_t c = 0; c < l.map.columns; ++c)
            if (map.kind_at({c, r}) != l.kind_at(c, r))
                fuzz::fail("tile [%d, %d] is kind %d in the world, %d in the level", c, r, int(map.kind_at({c, r})),
                           int(l.kind_at(c, r)));
    for (const LevelKind& k : l.kinds) {
        const TileKind& w = map.kind(k.index);
        if (w.shape != k.kind.shape || w.sensor != k.kind.sensor || w.category != k.kind.category ||
            w.mask != k.kind.mask)
            fuzz::fail("kind %d (%s) differs in the world", k.index, k.name.c_str());
    }
    if (ids.size() != l.bodies.size() || world.body_count() != l.bodies.size() + 1)
        fuzz::fail("%zu bodies in the level, %zu ids, %zu bodies in the world", l.bodies.size(), ids.size(),
                   world.body_count());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const Aabb a = world.box(ids[i]);
        const Aabb& b = l.bodies[i].def.box;
        if (std::memcmp(&a, &b, sizeof a) != 0)
            fuzz::fail("body %s is at %s in the world, %s in the level", l.bodies[i].name.c_str(), fuzz::str(a).c_str(),
                       fuzz::str(b).c_str());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const int pick = data[0] % 3;
    const std::string_view all(reinterpret_cast<const char*>(data + 1), size - 1);
    const std::string_view cut = "\n--8<--\n";
    const std::size_t split = all.find(cut);
    const std::string_view text = all.substr(0, split);
    const std::string referenced = split == std::string_view::npos ? "" : std::string(all.substr(split + cut.size()));
    const bool have_referenced = split != std::string_view::npos;
    const LevelFileReader read = [&](const std::string& path) -> std::string {
        if (!have_referenced) throw std::runtime_error("no such file: " + path);
        return referenced;
    };
    const std::string file = files[pick];
    Level level;
    try {
        level = parse_level(text, file, formats[pick], "", {}, read);
    } catch (const LevelError& e) {
        check_error(e, file);
        return 0;
    } catch (const std::exception& e) {
        fuzz::fail("parse_level let a non-LevelError exception escape: %s", e.what());
    } catch (...) {
        fuzz::fail("parse_level threw something that is not a std::exception");
    }
    check_whole(level);
    try {
        if (!(parse_level(text, file, formats[pick], "", {}, read) == level)) fuzz::fail("a second parse differs");
    } catch (const std::exception& e) {
        fuzz::fail("a second parse threw: %s", e.what());
    }
    check_world(level);
    return 0;
}
