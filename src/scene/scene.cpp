// Scene files: parsing, with every check that can be made before running (scene_write.cpp
// saves them).
#include <sweepbox/scene.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <system_error>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

#include "json_text.hpp"
#include "scene_level.hpp"

namespace sweepbox {

using json = nlohmann::json;

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

// A problem found while parsing; the caller adds the file.
struct Bad {
    std::string where;
    std::string problem;
};

[[noreturn]] void bad(const std::string& where, const std::string& problem) { throw Bad{where, problem}; }

std::string in_quotes(const std::string& s) { return json(s).dump(); }

const char* type_name(const json& j) {
    switch (j.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    case json::value_t::discarded: return "nothing";
    default: return "a number";
    }
}

// Reads the fields of one JSON object, checking types, and finally that no field was unknown.
class Fields {
public:
    Fields(const json& obj, std::string where) : obj_(obj), where_(std::move(where)) {
        if (!obj_.is_object()) bad(where_, std::string("expected an object, got ") + type_name(obj_));
    }
    [[nodiscard]] const std::string& where() const { return where_; }
    bool has(const char* key) const { return obj_.contains(key); }
    const json* get(const char* key, bool required) {
        seen_.emplace_back(key);
        auto it = obj_.find(key);
        if (it == obj_.end()) {
            if (required) bad(where_, std::string("missing field \"") + key + "\"");
            return nullptr;
        }
        return &*it;
    }
    [[noreturn]] void fail(const char* key, const std::string& problem) const {
        bad(where_, std::string("field \"") + key + "\": " + problem);
    }

    real number(const json& j, const char* key) const {
        if (!j.is_number()) fail(key, std::string("expected a number, got ") + type_name(j));
        const double d = j.get<double>();
        const real r = real(d);
        if (!std::isfinite(d) || !std::isfinite(r)) fail(key, "not a finite number");
        return r;
    }
    bool read(const char* key, real& out, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        out = number(*j, key);
        return true;
    }
    bool read(const char* key, Vec2& out, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        if (!j->is_array() || j->size() != 2) fail(key, "expected an array of 2 numbers [x, y]");
        out = Vec2(number((*j)[0], key), number((*j)[1], key));
        return true;
    }
    bool read(const char* key, Aabb& out, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        if (!j->is_array() || j->size() != 4) fail(key, "expected an array of 4 numbers [minx, miny, maxx, maxy]");
        out.min = Vec2(number((*j)[0], key), number((*j)[1], key));
        out.max = Vec2(number((*j)[2], key), number((*j)[3], key));
        if (out.min.x > out.max.x || out.min.y > out.max.y) fail(key, "min > max");
        return true;
    }
    bool read(const char* key, std::string& out, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        if (!j->is_string()) fail(key, std::string("expected a string, got ") + type_name(*j));
        out = j->get<std::string>();
        return true;
    }
    bool read(const char* key, bool& out, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        if (!j->is_boolean()) fail(key, std::string("expected true or false, got ") + type_name(*j));
        out = j->get<bool>();
        return true;
    }
    // Integers in [lo, hi].
    std::int64_t integer(const json& j, const char* key, std::int64_t lo, std::int64_t hi) const {
        std::int64_t v = 0;
        if (j.is_number_unsigned()) {
            const auto u = j.get<std::uint64_t>();
            if (u > std::uint64_t(std::numeric_limits<std::int64_t>::max())) fail(key, "integer out of range");
            v = std::int64_t(u);
        } else if (j.is_number_integer()) {
            v = j.get<std::int64_t>();
        } else {
            fail(key, std::string("expected an integer, got ") + type_name(j));
        }
        if (v < lo || v > hi)
            fail(key, "integer " + std::to_string(v) + " out of range [" + std::to_string(lo) + ", " +
                          std::to_string(hi) + "]");
        return v;
    }
    bool read_bits(const char* key, std::uint32_t& out) {
        const json* j = get(key, false);
        if (!j) return false;
        out = std::uint32_t(integer(*j, key, 0, 0xffffffffll));
        return true;
    }
    bool read_u64(const char* key, std::uint64_t& out) {
        const json* j = get(key, false);
        if (!j) return false;
        if (j->is_number_unsigned()) out = j->get<std::uint64_t>();
        else out = std::uint64_t(integer(*j, key, 0, std::numeric_limits<std::int64_t>::max()));
        return true;
    }
    bool read_int(const char* key, std::int32_t& out, std::int64_t lo, std::int64_t hi, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        out = std::int32_t(integer(*j, key, lo, hi));
        return true;
    }
    void finish() const {
        for (auto it = obj_.begin(); it != obj_.end(); ++it)
            if (std::find(seen_.begin(), seen_.end(), it.key()) == seen_.end())
                bad(where_, "unknown field " + in_quotes(it.key()));
    }

private:
    const json& obj_;
    std::string where_;
    std::vector<std::string_view> seen_; // a few keys: a set would cost more than it saves
};

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

bool response_of(const std::string& s, Response& r) {
    for (Response c : {Response::ignore, Response::touch, Response::slide, Response::cross, Response::bounce})
        if (s == to_string(c)) {
            r = c;
            return true;
        }
    return false;
}

constexpr SceneOp all_ops[] = {SceneOp::move,        SceneOp::frames,        SceneOp::cast_ray,
                               SceneOp::cast_box,    SceneOp::cast_all,      SceneOp::query_rect,
                               SceneOp::query_point, SceneOp::query_segment, SceneOp::overlapping_pairs,
                               SceneOp::teleport,    SceneOp::set_tile,      SceneOp::add,
                               SceneOp::remove,      SceneOp::particles,     SceneOp::events};

void read_body_fields(Fields& f, SceneBody& b) {
    f.read("name", b.name, true);
    if (b.name.empty()) f.fail("name", "empty name");
    f.read("box", b.box, true);
    f.read("static", b.is_static);
    std::string kind;
    if (f.read("kind", kind)) {
        if (kind == "static") {
            if (f.has("static") && !b.is_static) f.fail("kind", "\"static\" contradicts \"static\": false");
            b.is_static = true;
        } else if (kind == "dynamic" || kind == "platform" || kind == "sensor") {
            if (b.is_static) f.fail("kind", in_quotes(kind) + " contradicts \"static\": true");
            b.is_platform = kind == "platform";
            b.is_sensor = kind == "sensor";
        } else {
            f.fail("kind", "unknown kind " + in_quotes(kind) + " (static, dynamic, platform, sensor)");
        }
    }
    f.read_bits("category", b.category);
    f.read_bits("mask", b.mask);
    f.read_u64("user_data", b.user_data);
    std::string one_way;
    if (f.read("one_way", one_way)) {
        constexpr OneWay ways[] = {OneWay::down, OneWay::up, OneWay::left, OneWay::right};
        const auto it = std::find_if(std::begin(ways), std::end(ways),
                                     [&](OneWay w) { return one_way == to_string(w); });
        if (it == std::end(ways))
            f.fail("one_way", "unknown direction " + in_quotes(one_way) + " (down, up, left, right)");
        b.one_way = *it;
    }
}

void read_query_filter(Fields& f, SceneStep& s) {
    f.read_bits("category", s.category);
    f.read_bits("mask", s.mask);
    f.read("ignore", s.ignore);
    f.read("bodies", s.bodies);
    f.read("tiles", s.tiles);
}

void read_query_sensors(Fields& f, SceneStep& s) { f.read("sensors", s.sensors); }

void read_motion(Fields& f, SceneStep& s) {
    std::string response;
    if (f.read("response", response) && !response_of(response, s.response))
        f.fail("response", "unknown response " + in_quotes(response) + " (ignore, touch, slide, cross, bounce)");
    f.read("restitution", s.restitution);
    f.read("friction", s.friction);
    f.read_int("max_iterations", s.max_iterations, 1, 1 << 20);
    if (f.read("rest_speed", s.rest_speed) && !(s.rest_speed >= 0)) f.fail("rest_speed", "must be >= 0");
    s.has_velocity = f.read("velocity", s.velocity);
    f.read("drop_through", s.drop_through);
    if (f.read("up", s.up) && s.up.x == 0 && s.up.y == 0) f.fail("up", "must not be [0, 0]");
    if (f.read("max_floor_angle", s.max_floor_angle) && !(s.max_floor_angle >= 0 && s.max_floor_angle < 90))
        f.fail("max_floor_angle", "must be in [0, 90) degrees");
    if (f.read("snap", s.snap) && !(s.snap >= 0)) f.fail("snap", "must be >= 0");
    f.read("constant_speed", s.constant_speed);
    f.read("stop_on_steep", s.stop_on_steep);
    std::string crush;
    if (f.read("crush", crush)) {
        if (crush == "stop") s.crush = Crush::stop;
        else if (crush == "pass") s.crush = Crush::pass;
        else f.fail("crush", "unknown crush " + in_quotes(crush) + " (stop, pass)");
    }
}

// The "emit" list of a particles step: single particles and spark cones; one object alone (a
// spark cone, say) is a list of one.
void read_emit(Fields& f, SceneStep& s) {
    const json* given = f.get("emit", true);
    if (!given->is_array() && !given->is_object())
        f.fail("emit", "expected an array of particles and spark cones, or one of them");
    const json list = given->is_array() ? *given : json::array({*given});
    std::size_t total = 0;
    for (std::size_t k = 0; k < list.size(); ++k) {
        Fields e(list[k], f.where() + ": emit[" + std::to_string(k) + "]");
        SceneEmit em;
        em.cone = e.has("hit_step");
        if (em.cone) {
            std::int32_t hit = 0;
            e.read_int("hit_step", hit, 0, std::numeric_limits<std::int32_t>::max(), true);
            em.hit_step = std::size_t(hit);
            e.read_int("count", em.count, 1, 1000000, true);
            if (e.read("spread", em.spread) && !(em.spread >= 0 && em.spread <= 180))
                e.fail("spread", "must be in [0, 180] degrees");
            e.read_u64("seed", em.seed);
            if (e.read("min_speed", em.min_speed) && !(em.min_speed >= 0 && em.min_speed <= 1))
                e.fail("min_speed", "must be in [0, 1]");
            total += std::size_t(em.count);
        } else {
            e.read("from", em.from, true);
            e.read("velocity", em.velocity, true);
            ++total;
        }
        e.finish();
        s.emit.push_back(em);
    }
    if (total > 1000000) f.fail("emit", "at most 1000000 particles, got " + std::to_string(total));
}

SceneStep read_step(const json& j, std::size_t index) {
    std::string where = "step " + std::to_string(index);
    if (j.is_object()) {
        auto it = j.find("op");
        if (it != j.end() && it->is_string()) where += " (" + it->get<std::string>() + ")";
    }
    Fields f(j, where);
    SceneStep s;
    std::string op;
    f.read("op", op, true);
    bool known = false;
    for (SceneOp o : all_ops)
        if (op == to_string(o)) {
            s.op = o;
            known = true;
        }
    if (!known) f.fail("op", "unknown op " + in_quotes(op));
    f.read("comment", s.comment);
    switch (s.op) {
    case SceneOp::move:
        f.read("body", s.body, true);
        f.read("delta", s.delta, true);
        read_motion(f, s);
        f.read("check", s.check);
        if (s.check && s.snap > 0) f.fail("snap", "a dry run (\"check\") does not snap");
        if (s.check && s.constant_speed) f.fail("constant_speed", "a dry run (\"check\") does not walk on slopes");
        if (s.check && s.stop_on_steep) f.fail("stop_on_steep", "a dry run (\"check\") does not walk on slopes");
        break;
    case SceneOp::frames:
        f.read("body", s.body, true);
        f.read_int("count", s.count, 0, 1000000, true);
        f.read("gravity", s.gravity);
        if (f.read("dt", s.dt) && !(s.dt > 0)) f.fail("dt", "must be > 0");
        s.has_walk = f.read("walk", s.walk);
        read_motion(f, s);
        break;
    case SceneOp::cast_ray:
        f.read("from", s.from, true);
        f.read("delta", s.delta, true);
        read_query_filter(f, s);
        read_query_sensors(f, s);
        break;
    case SceneOp::cast_box:
    case SceneOp::cast_all:
        f.read("box", s.box, true);
        f.read("delta", s.delta, true);
        read_query_filter(f, s);
        read_query_sensors(f, s);
        break;
    case SceneOp::query_rect:
        f.read("box", s.box, true);
        read_query_filter(f, s);
        read_query_sensors(f, s);
        break;
    case SceneOp::query_point:
        f.read("point", s.point, true);
        read_query_filter(f, s);
        read_query_sensors(f, s);
        break;
    case SceneOp::query_segment:
        f.read("from", s.from, true);
        f.read("to", s.to, true);
        read_query_filter(f, s);
        read_query_sensors(f, s);
        break;
    case SceneOp::overlapping_pairs: break;
    case SceneOp::teleport:
        f.read("body", s.body, true);
        f.read("box", s.box, true);
        break;
    case SceneOp::set_tile: {
        const json* cell = f.get("cell", true);
        if (!cell->is_array() || cell->size() != 2) f.fail("cell", "expected [column, row]");
        s.cell.column = std::int32_t(f.integer((*cell)[0], "cell", 0, std::numeric_limits<std::int32_t>::max()));
        s.cell.row = std::int32_t(f.integer((*cell)[1], "cell", 0, std::numeric_limits<std::int32_t>::max()));
        f.read("tile", s.tile, true); // a name the tiles know (check_names)
        break;
    }
    case SceneOp::add: read_body_fields(f, s.add); break;
    case SceneOp::remove: f.read("body", s.body, true); break;
    case SceneOp::particles:
        read_emit(f, s);
        f.read_int("frames", s.count, 0, 1000000, true);
        f.read("gravity", s.gravity);
        if (f.read("dt", s.dt) && !(s.dt > 0)) f.fail("dt", "must be > 0");
        f.read("restitution", s.restitution);
        f.read("friction", s.friction);
        if (f.read("rest_speed", s.rest_speed) && !(s.rest_speed >= 0)) f.fail("rest_speed", "must be >= 0");
        f.read_int("max_iterations", s.max_iterations, 1, 1 << 20);
        f.read_bits("category", s.category);
        f.read_bits("mask", s.mask);
        break;
    case SceneOp::events: break;
    }
    f.finish();
    return s;
}

// Names a step uses must be live when it runs; cells must be inside the map.
void check_names(const Scene& scene) {
    std::unordered_set<std::string> live; // hashed: a million names cost a million steps
    std::unordered_map<std::string, std::size_t> removed_at;
    for (const SceneBody& b : scene.level_bodies)
        if (!live.insert(b.name).second) bad("level", "duplicate body name " + in_quotes(b.name) + " in the level");
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

Scene read_scene(const json& root, const std::string& file) {
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
    if (!scene.level.empty()) detail::read_scene_level(scene, file);
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

Scene parse_scene(std::string_view text, const std::string& file) {
    const json root = detail::parse_json_text(text, file);
    try {
        return read_scene(root, file);
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
