// Scene files: parsing, with every check that can be made before running (scene_write.cpp
// saves them).
#include <sweepbox/scene.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

#include "json_text.hpp"
#include "scene_fields.hpp"
#include "scene_level.hpp"
#include "scene_steps.hpp"

namespace sweepbox {

using detail::bad;
using detail::Bad;
using detail::Fields;
using detail::in_quotes;
using detail::json;
using detail::read_body_fields;
using detail::read_step;

namespace {

// The kind index of a scene's first own kind (SceneKind): kinds 0 to tile_shape_count - 1 are the
// shapes in TileShape's order (0-2 are also the map's defaults).
constexpr std::int32_t first_scene_kind = tile_shape_count;

std::string join_message(const std::string& file, const std::string& where, const std::string& problem) {
    std::string m;
    for (const std::string* part : {&file, &where, &problem}) {
        if (part->empty()) continue;
        if (!m.empty()) m += ": ";
        m += *part;
    }
    // One line, always: newlines in a problem (from a JSON error) become spaces.
    for (char& c : m)
        if (c == '\n' || c == '\r') c = ' ';
    return m;
}

// A shape name of the scene files ("one_way" is one_way_down); false when unknown.
bool shape_of(const std::string& name, TileShape& out) {
    if (name == "one_way") {
        out = TileShape::one_way_down;
        return true;
    }
    for (int k = 0; k < tile_shape_count; ++k)
        if (name == to_string(TileShape(k))) {
            out = TileShape(k);
            return true;
        }
    return false;
}

// Names a step uses must be live when it runs; cells must be inside the map.
void check_names(const Scene& scene) {
    std::unordered_set<std::string> live; // hashed: a million names cost a million steps
    std::unordered_map<std::string, std::size_t> removed_at;
    for (const SceneBody& b : scene.level_bodies)
        if (!live.insert(b.name).second) bad("level", "duplicate body name " + in_quotes(b.name) + " in the level");
    std::unordered_map<std::string, std::pair<decltype(live), decltype(removed_at)>> saved;
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        const std::string& n = scene.bodies[i].name;
        if (!live.insert(n).second) bad("bodies[" + std::to_string(i) + "]", "duplicate body name " + in_quotes(n));
    }
    for (std::size_t i = 0; i < scene.steps.size(); ++i) {
        const SceneStep& s = scene.steps[i];
        const std::string where = "step " + std::to_string(i) + " (" + to_string(s.op) + ")";
        auto need = [&](const std::string& name, const char* field) {
            if (live.contains(name)) return;
            auto r = removed_at.find(name);
            if (r != removed_at.end())
                bad(where, std::string("field \"") + field + "\": body " + in_quotes(name) + " was removed at step " +
                               std::to_string(r->second) + " (stale name)");
            bad(where, std::string("field \"") + field + "\": unknown body " + in_quotes(name));
        };
        switch (s.op) {
        case SceneOp::move:
        case SceneOp::frames:
        case SceneOp::teleport: need(s.body, "body"); break;
        case SceneOp::remove:
            need(s.body, "body");
            live.erase(s.body);
            removed_at[s.body] = i;
            break;
        case SceneOp::add:
            if (!live.insert(s.add.name).second)
                bad(where, "field \"name\": duplicate body name " + in_quotes(s.add.name));
            removed_at.erase(s.add.name);
            break;
        case SceneOp::save: saved[s.snapshot] = {live, removed_at}; break;
        case SceneOp::restore: {
            const auto it = saved.find(s.snapshot);
            if (it == saved.end()) bad(where, "field \"snapshot\": no earlier save step of " + in_quotes(s.snapshot));
            std::tie(live, removed_at) = it->second; // the bodies live at the save are live again
            break;
        }
        case SceneOp::set_tile: {
            const std::optional<SceneTiles>& tiles = scene.tiles ? scene.tiles : scene.level_tiles;
            const std::int32_t rows = tiles ? std::int32_t(tiles->rows.size()) : 0;
            const std::int32_t cols = rows > 0 ? std::int32_t(tiles->rows[0].size()) : 0;
            if (s.cell.column >= cols || s.cell.row >= rows)
                bad(where, "field \"cell\": [" + std::to_string(s.cell.column) + ", " + std::to_string(s.cell.row) +
                               "] is outside the tile map (" + std::to_string(cols) + " columns, " +
                               std::to_string(rows) + " rows)");
            if (!scene.level.empty() && s.tile.size() == 1)
                bad(where,
                    "field \"tile\": with a level, name a shape or one of the level's kinds, not " + in_quotes(s.tile));
            if (scene_tile_kind(*tiles, s.tile) < 0)
                bad(where, "field \"tile\": unknown tile " + in_quotes(s.tile) +
                               " (a legend character, a shape or a kind name)");
            break;
        }
        case SceneOp::particles:
            for (std::size_t k = 0; k < s.emit.size(); ++k) {
                const SceneEmit& e = s.emit[k];
                if (!e.cone) continue;
                if (e.hit_step >= i || (scene.steps[e.hit_step].op != SceneOp::cast_ray &&
                                        scene.steps[e.hit_step].op != SceneOp::cast_box))
                    bad(where + ": emit[" + std::to_string(k) + "]",
                        "field \"hit_step\": " + std::to_string(e.hit_step) +
                            " is not an earlier cast_ray or cast_box step");
            }
            break;
        default:
            if (!s.ignore.empty()) need(s.ignore, "ignore");
            break;
        }
    }
}

// The tiles' "kinds" and "legend" (before the rows, whose characters they name).
void read_kinds(Fields& tf, SceneTiles& tiles) {
    if (const json* kinds = tf.get("kinds", false)) {
        if (!kinds->is_array()) tf.fail("kinds", "expected an array of kinds");
        if (kinds->size() > std::size_t(max_tile_kinds - first_scene_kind))
            tf.fail("kinds", "at most " + std::to_string(max_tile_kinds - first_scene_kind) + " kinds");
        for (std::size_t i = 0; i < kinds->size(); ++i) {
            Fields kf((*kinds)[i], tf.where() + ": kinds[" + std::to_string(i) + "]");
            SceneKind k;
            kf.read("name", k.name, true);
            TileShape unused{};
            if (k.name.empty() || shape_of(k.name, unused)) kf.fail("name", "must not be empty or a shape name");
            for (const SceneKind& o : tiles.kinds)
                if (o.name == k.name) kf.fail("name", "duplicate kind name " + in_quotes(k.name));
            std::string shape;
            if (kf.read("shape", shape) && !shape_of(shape, k.shape))
                kf.fail("shape", "unknown shape " + in_quotes(shape));
            std::uint32_t bits = 0;
            if (kf.read_bits("category", bits)) k.category = bits;
            if (kf.read_bits("mask", bits)) k.mask = bits;
            kf.read("sensor", k.sensor);
            if (k.sensor && k.shape != TileShape::solid) kf.fail("shape", "a sensor kind's shape must be solid");
            kf.finish();
            tiles.kinds.push_back(std::move(k));
        }
    }
    if (const json* legend = tf.get("legend", false)) {
        if (!legend->is_object()) tf.fail("legend", "expected an object of one-character keys");
        for (auto it = legend->begin(); it != legend->end(); ++it) {
            if (it.key().size() != 1) tf.fail("legend", "key " + in_quotes(it.key()) + " is not one character");
            if (!it.value().is_string()) tf.fail("legend", "the value of " + in_quotes(it.key()) + " is not a string");
            tiles.legend[it.key()] = it.value().get<std::string>();
        }
        for (const auto& [key, name] : tiles.legend)
            if (name.size() == 1 || scene_tile_kind(tiles, name) < 0)
                tf.fail("legend", "unknown shape or kind " + in_quotes(name) + " for " + in_quotes(key));
    }
}

Scene read_scene(const json& root, const std::string& file, const SceneFileReader& read) {
    Fields f(root, "scene");
    Scene scene;
    f.read("description", scene.description);
    if (f.read("cell_size", scene.cell_size) && !(scene.cell_size > 0)) f.fail("cell_size", "must be > 0");
    f.read("level", scene.level);
    if (f.read("level_name", scene.level_name) && scene.level.empty()) f.fail("level_name", "needs \"level\"");
    if (!scene.level.empty() && f.has("tiles")) f.fail("level", "a scene has \"tiles\" or a \"level\", not both");
    if (const json* t = f.get("tiles", false)) {
        Fields tf(*t, "tiles");
        SceneTiles tiles;
        tf.read("origin", tiles.origin);
        if (tf.read("size", tiles.size) && !(tiles.size > 0)) tf.fail("size", "must be > 0");
        read_kinds(tf, tiles);
        const json* rows = tf.get("rows", true);
        if (!rows->is_array()) tf.fail("rows", "expected an array of strings");
        for (std::size_t r = 0; r < rows->size(); ++r) {
            const json& row = (*rows)[r];
            if (!row.is_string()) tf.fail("rows", "row " + std::to_string(r) + " is not a string");
            std::string text = row.get<std::string>();
            for (std::size_t c = 0; c < text.size(); ++c) {
                if (scene_tile_kind(tiles, std::string(1, text[c])) < 0)
                    tf.fail("rows", "row " + std::to_string(r) + ", column " + std::to_string(c) + ": unknown tile " +
                                        in_quotes(std::string(1, text[c])) +
                                        " (use '.', '#', '=', '/', '\\' or the legend)");
            }
            if (!tiles.rows.empty() && text.size() != tiles.rows[0].size())
                tf.fail("rows", "row " + std::to_string(r) + " has " + std::to_string(text.size()) +
                                    " tiles, row 0 has " + std::to_string(tiles.rows[0].size()));
            tiles.rows.push_back(std::move(text));
        }
        tf.read_bits("category", tiles.category);
        tf.read_bits("mask", tiles.mask);
        tf.finish();
        scene.tiles = std::move(tiles);
    }
    if (const json* bodies = f.get("bodies", false)) {
        if (!bodies->is_array()) f.fail("bodies", "expected an array of bodies");
        for (std::size_t i = 0; i < bodies->size(); ++i) {
            Fields bf((*bodies)[i], "bodies[" + std::to_string(i) + "]");
            SceneBody b;
            read_body_fields(bf, b);
            bf.finish();
            scene.bodies.push_back(std::move(b));
        }
    }
    if (const json* steps = f.get("steps", false)) {
        if (!steps->is_array()) f.fail("steps", "expected an array of steps");
        for (std::size_t i = 0; i < steps->size(); ++i) scene.steps.push_back(read_step((*steps)[i], i));
    }
    f.finish();
    if (!scene.level.empty()) detail::read_scene_level(scene, file, read);
    check_names(scene);
    return scene;
}

} // namespace

std::int32_t scene_tile_kind(const SceneTiles& tiles, const std::string& name) {
    if (name.size() == 1) {
        static const std::map<std::string, std::string> defaults{
            {".", "empty"}, {"#", "solid"}, {"=", "one_way"}, {"/", "slope45_ul"}, {"\\", "slope45_ur"}};
        if (auto it = tiles.legend.find(name); it != tiles.legend.end())
            return it->second.size() == 1 ? -1 : scene_tile_kind(tiles, it->second);
        if (auto it = defaults.find(name); it != defaults.end()) return scene_tile_kind(tiles, it->second);
    }
    TileShape shape{};
    if (shape_of(name, shape)) return std::int32_t(shape); // the first kinds are the shapes, in TileShape's order
    for (std::size_t i = 0; i < tiles.kinds.size(); ++i)
        if (tiles.kinds[i].name == name) return first_scene_kind + std::int32_t(i);
    return -1;
}

SceneError::SceneError(const std::string& file, const std::string& where, const std::string& problem)
    : std::runtime_error(join_message(file, where, problem)), file_(file), where_(where), problem_(problem) {}

Scene parse_scene(std::string_view text, const std::string& file) { return parse_scene(text, file, {}); }

Scene parse_scene(std::string_view text, const std::string& file, const SceneFileReader& read) {
    const json root = detail::parse_json_text(text, file);
    try {
        return read_scene(root, file, read);
    } catch (const Bad& b) {
        throw SceneError(file, b.where, b.problem);
    } catch (const json::exception& e) {
        throw SceneError(file, "scene", e.what());
    }
}

Scene load_scene(const std::string& path) {
    // Opening a directory succeeds and reads as empty text: say what it is instead.
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw SceneError(path, "", "is a directory, not a scene file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw SceneError(path, "", "cannot open the file");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw SceneError(path, "", "cannot read the file");
    return parse_scene(text.str(), path);
}

} // namespace sweepbox
