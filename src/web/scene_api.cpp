// The scene layer for JavaScript (web/scene.js, the playground): scene text in, the runner's JSON
// Lines out one step at a time, the SVG picture of the run so far, and the world's state as
// JSON. Everything is the scene layer's own code, so a line is the one `sweepbox run` prints.
#include <sweepbox/scene.hpp>
#include <sweepbox/svg.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <string_view>

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
    const std::int32_t failed = guarded(open_error(), [&] {
        scene->runner = std::make_unique<SceneRunner>(parse_scene(std::string_view(text, size), file),
                                                      std::string(file));
    });
    return failed ? nullptr : scene.release();
}

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
