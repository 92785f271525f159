// The scene layer for JavaScript (web/scene.js, the playground): scene text in, the runner's JSON
// Lines out one step at a time, the SVG picture of the run so far, and the world's state as
// JSON. Everything is the scene layer's own code, so a line is the one `sweepbox run` prints.
#include <sweepbox/scene.hpp>
#include <sweepbox/svg.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "web_export.hpp"

namespace {

using namespace sweepbox;

// One open scene: its runner, and the text of the last answer (a line, the SVG, the state or an
// error), which stays valid until the next call on the scene.
struct OpenScene {
    std::unique_ptr<SceneRunner> runner;
    std::string text;
};

// The error of a failed open (there is no scene to keep it).
std::string& open_error() {
    static std::string text;
    return text;
}

// The files handed to the next open (its level and the files that refers to), by their path
// relative to the scene's folder; and the file the last failed open lacked.
std::map<std::string, std::string>& given_files() {
    static std::map<std::string, std::string> files;
    return files;
}
std::string& missing_file() {
    static std::string name;
    return name;
}

// `path` without "." segments and with each ".." taking away the segment before it.
std::string normal_path(std::string_view path) {
    std::vector<std::string_view> parts;
    while (!path.empty()) {
        const std::size_t slash = path.find('/');
        const std::string_view part = path.substr(0, slash);
        path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
        if (part.empty() || part == ".") continue;
        if (part == ".." && !parts.empty() && parts.back() != "..") parts.pop_back();
        else parts.push_back(part);
    }
    std::string out;
    for (const std::string_view p : parts) out += (out.empty() ? "" : "/") + std::string(p);
    return out;
}

// Reads a scene's files from given_files(): a path the scene layer joined to the scene's folder
// is looked up relative to that folder.
SceneFileReader given_reader(const std::string& scene_file) {
    const std::size_t slash = scene_file.find_last_of('/');
    const std::string folder = slash == std::string::npos ? "" : scene_file.substr(0, slash + 1);
    return [folder](const std::string& path) -> std::string {
        const std::string relative = path.compare(0, folder.size(), folder) == 0 ? path.substr(folder.size()) : path;
        const std::string name = normal_path(relative);
        const auto it = given_files().find(name);
        if (it != given_files().end()) return it->second;
        missing_file() = name;
        throw std::runtime_error("no file \"" + name + "\" was given with the scene");
    };
}

// Runs f, keeping the text of any exception in `text`; 0 when f ran, 1 when it threw.
template <class F> std::int32_t guarded(std::string& text, F&& f) noexcept {
    try {
        f();
        return 0;
    } catch (const std::exception& e) {
        text = e.what();
    } catch (...) {
        text = "an unknown exception";
    }
    return 1;
}

// A number as the shortest decimal that reads back to the same double (%.17g is exact for every
// double; a float widens exactly), so JavaScript's JSON.parse gives the value itself.
std::string number(real v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", double(v));
    return buf;
}

std::string quoted(std::string_view s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
            out += buf;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string box_json(const Aabb& b) {
    return "[" + number(b.min.x) + ", " + number(b.min.y) + ", " + number(b.max.x) + ", " + number(b.max.y) + "]";
}

// The world of a runner as JSON: the cell size, the tile map (its definition, every kind that a
// tile uses and every tile's kind, row by row) and every live body with its name, id and flags.
std::string state_json(const SceneRunner& runner, std::size_t next_step) {
    const World& w = runner.world();
    std::string out = "{\"cell_size\": " + number(w.def().cell_size) + ", \"next_step\": " + std::to_string(next_step);
    const TileMap& tiles = w.tiles();
    if (!tiles.is_empty()) {
        const TileMapDef& d = tiles.def();
        out += ", \"tiles\": {\"origin\": [" + number(d.origin.x) + ", " + number(d.origin.y) +
               "], \"size\": " + number(d.tile_size) + ", \"columns\": " + std::to_string(d.columns) +
               ", \"rows\": " + std::to_string(d.rows) + ", \"category\": " + std::to_string(d.category) +
               ", \"mask\": " + std::to_string(d.mask);
        bool used[max_tile_kinds] = {};
        std::string cells;
        for (std::int32_t r = 0; r < d.rows; ++r)
            for (std::int32_t c = 0; c < d.columns; ++c) {
                const std::int32_t k = tiles.kind_at({c, r});
                used[k] = true;
                cells += (cells.empty() ? "" : ",") + std::to_string(k);
            }
        out += ", \"kinds\": [";
        bool first = true;
        for (std::int32_t k = 0; k < max_tile_kinds; ++k) {
            if (!used[k]) continue;
            const TileKind& kind = tiles.kind(k);
            out += std::string(first ? "" : ", ") + "{\"index\": " + std::to_string(k) +
                   ", \"shape\": " + quoted(to_string(kind.shape)) +
                   ", \"category\": " + std::to_string(kind.category) + ", \"mask\": " + std::to_string(kind.mask) +
                   ", \"sensor\": " + (kind.sensor ? "true" : "false") + "}";
            first = false;
        }
        out += "], \"cells\": [" + cells + "]}";
    }
    out += ", \"bodies\": [";
    bool first = true;
    for (const NamedBody& b : runner.bodies()) {
        const BodyInfo info = w.info(b.id);
        out += std::string(first ? "" : ", ") + "{\"name\": " + quoted(b.name) +
               ", \"index\": " + std::to_string(b.id.index) + ", \"generation\": " + std::to_string(b.id.generation) +
               ", \"box\": " + box_json(info.box) + ", \"static\": " + (info.is_static ? "true" : "false") +
               ", \"platform\": " + (info.is_platform ? "true" : "false") +
               ", \"sensor\": " + (info.is_sensor ? "true" : "false") +
               ", \"category\": " + std::to_string(info.category) + ", \"mask\": " + std::to_string(info.mask) +
               ", \"one_way\": " + quoted(to_string(info.one_way)) + "}";
        first = false;
    }
    return out + "]}";
}

} // namespace

/// Opens scene text (`size` bytes; `file` names it in errors) for running, or returns null with
/// the error in sweepbox_web_scene_open_error().
SWEEPBOX_WEB_EXPORT OpenScene* sweepbox_web_scene_open(const char* text, std::size_t size, const char* file) {
    auto scene = std::make_unique<OpenScene>();
    missing_file().clear();
    const std::int32_t failed = guarded(open_error(), [&] {
        scene->runner = std::make_unique<SceneRunner>(
            parse_scene(std::string_view(text, size), file, given_reader(file)), std::string(file));
    });
    given_files().clear();
    return failed ? nullptr : scene.release();
}

/// Hands a file (`size` bytes) to the next sweepbox_web_scene_open, by its path relative to the
/// scene's folder ("levels/platformer.tmx"); that open uses the files and forgets them.
SWEEPBOX_WEB_EXPORT void sweepbox_web_scene_file(const char* name, const char* text, std::size_t size) {
    given_files()[normal_path(name)] = std::string(text, size);
}

/// The file the last failed open needed and was not given ("" when it lacked none).
SWEEPBOX_WEB_EXPORT const char* sweepbox_web_scene_missing_file() { return missing_file().c_str(); }

/// The error of the last failed sweepbox_web_scene_open.
SWEEPBOX_WEB_EXPORT const char* sweepbox_web_scene_open_error() { return open_error().c_str(); }

/// Closes a scene.
SWEEPBOX_WEB_EXPORT void sweepbox_web_scene_close(OpenScene* scene) { delete scene; }

/// The number of steps of the scene.
SWEEPBOX_WEB_EXPORT std::size_t sweepbox_web_scene_steps(const OpenScene* scene) { return scene->runner->step_count(); }

/// Runs step i (in order, each once): 0 and the output line in the text, or 1 and the error.
SWEEPBOX_WEB_EXPORT std::int32_t sweepbox_web_scene_step(OpenScene* scene, std::size_t i) {
    return guarded(scene->text, [&] { scene->text = scene->runner->run_step(i); });
}

/// The picture of the run so far (render_svg) into the text: 0, or 1 and the error.
SWEEPBOX_WEB_EXPORT std::int32_t sweepbox_web_scene_svg(OpenScene* scene, std::int32_t pixels, std::int32_t legend,
                                                        std::int32_t labels, const char* title) {
    return guarded(scene->text, [&] {
        SvgOptions o;
        o.pixels = pixels;
        o.legend = legend != 0;
        o.labels = labels != 0;
        o.title = title ? title : "";
        scene->text = render_svg(*scene->runner, o);
    });
}

/// The world's state before step `next_step` as JSON (state_json) into the text: 0, or 1.
SWEEPBOX_WEB_EXPORT std::int32_t sweepbox_web_scene_state(OpenScene* scene, std::size_t next_step) {
    return guarded(scene->text, [&] { scene->text = state_json(*scene->runner, next_step); });
}

/// The text of the last answer and its length in bytes.
SWEEPBOX_WEB_EXPORT const char* sweepbox_web_scene_text(const OpenScene* scene) { return scene->text.c_str(); }
SWEEPBOX_WEB_EXPORT std::size_t sweepbox_web_scene_text_size(const OpenScene* scene) { return scene->text.size(); }
