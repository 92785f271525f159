// Scene files: saving, and the shortest round-trip number format shared with the runner's output.
#include <sweepbox/scene.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <initializer_list>
#include <string>

#include <nlohmann/json.hpp>

#include "real_text.hpp"

namespace sweepbox {

using json = nlohmann::json;

namespace {

// A real as a JSON number that prints in its shortest round-trip form: integers as integers,
// others as the double nearest to the shortest decimal of the real.
json num(real v) {
    if (v == 0) return 0;
    if (std::trunc(v) == v && std::fabs(v) < real(9.0e15)) return std::int64_t(v);
    const std::string s = format_real(v);
    return std::strtod(s.c_str(), nullptr);
}
json vec(Vec2 v) { return json::array({num(v.x), num(v.y)}); }
json box(const Aabb& b) { return json::array({num(b.min.x), num(b.min.y), num(b.max.x), num(b.max.y)}); }

json body_json(const SceneBody& b) {
    json j = json::object();
    j["name"] = b.name;
    j["box"] = box(b.box);
    if (b.is_static) j["static"] = true;
    if (b.is_platform) j["kind"] = "platform";
    if (b.is_sensor) j["kind"] = "sensor";
    if (b.category != 1) j["category"] = b.category;
    if (b.mask != 0xffffffffu) j["mask"] = b.mask;
    if (b.user_data != 0) j["user_data"] = b.user_data;
    if (b.one_way != OneWay::none) j["one_way"] = to_string(b.one_way);
    return j;
}

// JSON on one line with ", " and ": " between items, as in docs/scenes.md.
std::string compact(const json& j) {
    if (j.is_array()) {
        std::string out = "[";
        for (std::size_t i = 0; i < j.size(); ++i) out += (i ? ", " : "") + compact(j[i]);
        return out + "]";
    }
    if (j.is_object()) {
        std::string out = "{";
        bool comma = false;
        for (auto it = j.begin(); it != j.end(); ++it) {
            out += (comma ? ", " : "") + json(it.key()).dump() + ": " + compact(it.value());
            comma = true;
        }
        return out + "}";
    }
    return j.dump();
}

// Writes an object keeping the order of `first` (nlohmann sorts keys), then the other keys.
std::string ordered(const json& j, std::initializer_list<const char*> first) {
    std::string out = "{";
    auto put = [&](const std::string& k, const json& v) {
        if (out.size() > 1) out += ", ";
        out += json(k).dump() + ": " + compact(v);
    };
    for (const char* k : first)
        if (auto it = j.find(k); it != j.end()) put(k, *it);
    for (auto it = j.begin(); it != j.end(); ++it)
        if (std::none_of(first.begin(), first.end(), [&](const char* k) { return it.key() == k; }))
            put(it.key(), it.value());
    return out + "}";
}

json step_json(const SceneStep& s) {
    const SceneStep d; // defaults
    json j = json::object();
    j["op"] = to_string(s.op);
    if (!s.comment.empty()) j["comment"] = s.comment;
    auto motion = [&] {
        if (s.response != d.response) j["response"] = to_string(s.response);
        if (s.restitution != d.restitution) j["restitution"] = num(s.restitution);
        if (s.friction != d.friction) j["friction"] = num(s.friction);
        if (s.max_iterations != d.max_iterations) j["max_iterations"] = s.max_iterations;
        if (s.rest_speed != d.rest_speed) j["rest_speed"] = num(s.rest_speed);
        if (s.has_velocity) j["velocity"] = vec(s.velocity);
        if (s.drop_through) j["drop_through"] = true;
        if (s.push_out_sides != d.push_out_sides)
            j["push_out_sides"] = std::isinf(s.push_out_sides) ? json("infinity") : num(s.push_out_sides);
        if (s.up != d.up) j["up"] = vec(s.up);
        if (s.max_floor_angle != d.max_floor_angle) j["max_floor_angle"] = num(s.max_floor_angle);
        if (s.crush != d.crush) j["crush"] = "pass";
        if (s.snap != d.snap) j["snap"] = num(s.snap);
        if (s.constant_speed) j["constant_speed"] = true;
        if (s.stop_on_steep) j["stop_on_steep"] = true;
    };
    auto filter = [&] {
        if (s.category != d.category) j["category"] = s.category;
        if (s.mask != d.mask) j["mask"] = s.mask;
        if (!s.ignore.empty()) j["ignore"] = s.ignore;
        if (!s.bodies) j["bodies"] = false;
        if (!s.tiles) j["tiles"] = false;
        if (s.sensors) j["sensors"] = true;
    };
    auto cast_motion = [&] {
        if (!s.moving) return;
        j["moving"] = true;
        if (s.t0 != d.t0) j["t0"] = num(s.t0);
        if (s.t1 != d.t1) j["t1"] = num(s.t1);
    };
    switch (s.op) {
    case SceneOp::move:
        j["body"] = s.body;
        j["delta"] = vec(s.delta);
        motion();
        cast_motion();
        if (s.check) j["check"] = true;
        break;
    case SceneOp::frames:
        j["body"] = s.body;
        j["count"] = s.count;
        if (s.gravity != d.gravity) j["gravity"] = vec(s.gravity);
        if (s.dt != d.dt) j["dt"] = num(s.dt);
        if (s.has_walk) j["walk"] = num(s.walk);
        motion();
        break;
    case SceneOp::cast_ray:
        j["from"] = vec(s.from);
        j["delta"] = vec(s.delta);
        filter();
        cast_motion();
        break;
    case SceneOp::cast_box:
    case SceneOp::cast_all:
        j["box"] = box(s.box);
        j["delta"] = vec(s.delta);
        filter();
        cast_motion();
        break;
    case SceneOp::query_rect:
        j["box"] = box(s.box);
        filter();
        break;
    case SceneOp::query_point:
        j["point"] = vec(s.point);
        filter();
        break;
    case SceneOp::query_segment:
        j["from"] = vec(s.from);
        j["to"] = vec(s.to);
        filter();
        break;
    case SceneOp::overlapping_pairs:
    case SceneOp::events:
    case SceneOp::begin_frame: break;
    case SceneOp::teleport:
        j["body"] = s.body;
        j["box"] = box(s.box);
        break;
    case SceneOp::set_tile:
        j["cell"] = json::array({s.cell.column, s.cell.row});
        j["tile"] = s.tile;
        break;
    case SceneOp::add: {
        json b = body_json(s.add);
        for (auto it = b.begin(); it != b.end(); ++it) j[it.key()] = it.value();
        break;
    }
    case SceneOp::remove: j["body"] = s.body; break;
    case SceneOp::save:
        j["snapshot"] = s.snapshot;
        if (s.snapshot_mode == SnapshotMode::movable) j["mode"] = "movable";
        break;
    case SceneOp::restore: j["snapshot"] = s.snapshot; break;
    case SceneOp::particles: {
        const SceneEmit de;
        json list = json::array();
        for (const SceneEmit& e : s.emit) {
            json o = json::object();
            if (e.cone) {
                o["hit_step"] = e.hit_step;
                o["count"] = e.count;
                if (e.spread != de.spread) o["spread"] = num(e.spread);
                if (e.seed != de.seed) o["seed"] = e.seed;
                if (e.min_speed != de.min_speed) o["min_speed"] = num(e.min_speed);
            } else {
                o["from"] = vec(e.from);
                o["velocity"] = vec(e.velocity);
            }
            list.push_back(o);
        }
        j["emit"] = list;
        j["frames"] = s.count;
        if (s.gravity != d.gravity) j["gravity"] = vec(s.gravity);
        if (s.dt != d.dt) j["dt"] = num(s.dt);
        if (s.restitution != d.restitution) j["restitution"] = num(s.restitution);
        if (s.friction != d.friction) j["friction"] = num(s.friction);
        if (s.rest_speed != d.rest_speed) j["rest_speed"] = num(s.rest_speed);
        if (s.max_iterations != d.max_iterations) j["max_iterations"] = s.max_iterations;
        if (s.category != d.category) j["category"] = s.category;
        if (s.mask != d.mask) j["mask"] = s.mask;
        break;
    }
    }
    return j;
}

} // namespace

const char* to_string(SceneOp op) {
    switch (op) {
    case SceneOp::move: return "move";
    case SceneOp::frames: return "frames";
    case SceneOp::cast_ray: return "cast_ray";
    case SceneOp::cast_box: return "cast_box";
    case SceneOp::cast_all: return "cast_all";
    case SceneOp::query_rect: return "query_rect";
    case SceneOp::query_point: return "query_point";
    case SceneOp::query_segment: return "query_segment";
    case SceneOp::overlapping_pairs: return "overlapping_pairs";
    case SceneOp::teleport: return "teleport";
    case SceneOp::set_tile: return "set_tile";
    case SceneOp::add: return "add";
    case SceneOp::remove: return "remove";
    case SceneOp::particles: return "particles";
    case SceneOp::events: return "events";
    case SceneOp::save: return "save";
    case SceneOp::restore: return "restore";
    case SceneOp::begin_frame: return "begin_frame";
    }
    return "?";
}

std::string format_real(real v) {
    if (!std::isfinite(v))
        throw SceneError("", "", std::isnan(v) ? "nan is not a JSON number" : "inf is not a JSON number");
    if (v == 0) return "0"; // also -0
#if defined(__cpp_lib_to_chars)
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
#else
    return detail::shortest_text(v); // the same text, without floating-point std::to_chars
#endif
}

std::string save_scene(const Scene& scene) {
    std::string out = "{\n";
    if (!scene.description.empty()) out += "  \"description\": " + json(scene.description).dump() + ",\n";
    out += "  \"cell_size\": " + num(scene.cell_size).dump();
    if (!scene.level.empty()) out += ",\n  \"level\": " + json(scene.level).dump();
    if (!scene.level_name.empty()) out += ",\n  \"level_name\": " + json(scene.level_name).dump();
    if (scene.tiles) {
        const SceneTiles& t = *scene.tiles;
        out += ",\n  \"tiles\": {\"origin\": " + compact(vec(t.origin)) + ", \"size\": " + num(t.size).dump();
        if (t.category != 1) out += ", \"category\": " + std::to_string(t.category);
        if (t.mask != 0xffffffffu) out += ", \"mask\": " + std::to_string(t.mask);
        if (!t.kinds.empty()) {
            json kinds = json::array();
            for (const SceneKind& k : t.kinds) {
                json kj = json::object();
                kj["name"] = k.name;
                kj["shape"] = to_string(k.shape);
                if (k.category) kj["category"] = *k.category;
                if (k.mask) kj["mask"] = *k.mask;
                if (k.sensor) kj["sensor"] = true;
                kinds.push_back(ordered(kj, {"name", "shape", "category", "mask", "sensor"}));
            }
            out += ", \"kinds\": [";
            for (std::size_t i = 0; i < kinds.size(); ++i) out += (i ? ", " : "") + kinds[i].get<std::string>();
            out += "]";
        }
        if (!t.legend.empty()) out += ", \"legend\": " + compact(json(t.legend));
        out += ", \"rows\": [";
        for (std::size_t r = 0; r < t.rows.size(); ++r)
            out += std::string(r ? ",\n    " : "\n    ") + json(t.rows[r]).dump();
        out += t.rows.empty() ? "]}" : "\n  ]}";
    }
    out += ",\n  \"bodies\": [";
    for (std::size_t i = 0; i < scene.bodies.size(); ++i)
        out += std::string(i ? ",\n    " : "\n    ") +
               ordered(body_json(scene.bodies[i]),
                       {"name", "box", "static", "kind", "category", "mask", "user_data", "one_way"});
    out += scene.bodies.empty() ? "]" : "\n  ]";
    out += ",\n  \"steps\": [";
    // The order of a saved step's fields (any others follow).
    const auto step_keys = {
        "op",
        "comment",
        "body",
        "name",
        "count",
        "from",
        "to",
        "point",
        "box",
        "delta",
        "response",
        "restitution",
        "friction",
        "rest_speed",
        "velocity",
        "drop_through",
        "push_out_sides",
        "emit",
        "frames",
        "gravity",
        "dt",
        "walk",
        "max_iterations",
        "up",
        "max_floor_angle",
        "snap",
        "constant_speed",
        "stop_on_steep",
        "check",
        "crush",
        "cell",
        "tile",
    };
    for (std::size_t i = 0; i < scene.steps.size(); ++i)
        out += std::string(i ? ",\n    " : "\n    ") + ordered(step_json(scene.steps[i]), step_keys);
    out += scene.steps.empty() ? "]" : "\n  ]";
    out += "\n}\n";
    return out;
}

void save_scene_file(const Scene& scene, const std::string& path) {
    std::ofstream out(path, std::ios::binary);
    if (!out) throw SceneError(path, "", "cannot open the file for writing");
    out << save_scene(scene);
    if (!out) throw SceneError(path, "", "cannot write the file");
}

} // namespace sweepbox
