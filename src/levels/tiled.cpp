// A Tiled map's level: tiles by their tileset tile's kind property, flipped; rectangles as
// bodies, points as spawn points.
#include "tiled.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cmath>
#include <unordered_map>

#include "level_builder.hpp"

namespace sweepbox::levels {

namespace {

constexpr std::uint32_t flip_h = 0x80000000u, flip_v = 0x40000000u, flip_d = 0x20000000u;
// Bit 29 turns hexagonal tiles by 120 degrees; an orthogonal map ignores it (Tiled keeps it).
constexpr std::uint32_t gid_bits = 0x0fffffffu;

const char* shape_name(TiledShape s) {
    switch (s) {
    case TiledShape::rectangle: return "a rectangle";
    case TiledShape::point: return "a point";
    case TiledShape::ellipse: return "an ellipse";
    case TiledShape::polygon: return "a polygon";
    case TiledShape::polyline: return "a polyline";
    case TiledShape::text: return "a text";
    case TiledShape::capsule: return "a capsule";
    }
    return "an object";
}

// The box of a polygon that is an axis-aligned rectangle; false for any other polygon.
bool polygon_box(const std::vector<std::pair<double, double>>& p, double& x0, double& y0, double& x1, double& y1) {
    if (p.size() != 4) return false;
    x0 = x1 = p[0].first, y0 = y1 = p[0].second;
    for (const auto& [x, y] : p) x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    // Each corner of the box once, each side along an axis.
    for (std::size_t i = 0; i < 4; ++i) {
        const auto& a = p[i];
        const auto& b = p[(i + 1) % 4];
        if ((a.first != x0 && a.first != x1) || (a.second != y0 && a.second != y1)) return false;
        if (a.first != b.first && a.second != b.second) return false;
        if (a == b) return false;
    }
    return x0 < x1 && y0 < y1;
}

class TileKinds {
public:
    TileKinds(const TiledMap& map, KindTable& kinds) : kinds_(kinds) {
        for (const TiledTileset& t : map.tilesets) order_.push_back(&t);
        std::stable_sort(order_.begin(), order_.end(),
                         [](const TiledTileset* a, const TiledTileset* b) { return a->first_gid < b->first_gid; });
    }
    // The provisional kind id of a raw gid in a layer whose own kind is `layer_kind` (or null).
    std::uint8_t id_of(std::uint32_t raw, const std::string* layer_kind, const Place& at) {
        const std::uint32_t gid = raw & gid_bits;
        if (gid == 0) return 0;
        if (auto it = cache_.find(raw); it != cache_.end()) return it->second;
        const TiledTileset* set = nullptr;
        for (const TiledTileset* t : order_)
            if (t->first_gid <= gid) set = t;
        if (!set || (set->tile_count >= 0 && gid - set->first_gid >= set->tile_count))
            fail(at, "tile id " + std::to_string(gid) + " belongs to no tileset");
        const auto kind = set->kind_of.find(gid - set->first_gid);
        const std::string* name = kind != set->kind_of.end() ? &kind->second : layer_kind;
        std::uint8_t id = 0;
        if (name) {
            const Flips f{(raw & flip_h) != 0, (raw & flip_v) != 0, (raw & flip_d) != 0};
            id = kinds_.id_of(*name, f, at);
        }
        cache_.emplace(raw, id);
        return id;
    }

private:
    KindTable& kinds_;
    std::vector<const TiledTileset*> order_;
    std::unordered_map<std::uint32_t, std::uint8_t> cache_;
};

std::optional<std::string> property(const Properties& p, const std::string& name) {
    const auto it = p.find(lower(name));
    if (it == p.end()) return std::nullopt;
    return it->second;
}

void add_objects(const TiledLayer& layer, const LevelRules& rules, LevelBuilder& builder) {
    for (const TiledObject& o : layer.objects) {
        const std::string name = o.name.empty() ? "object " + std::to_string(o.id) : o.name;
        const std::string what = "object " + in_quotes(name);
        const double x = o.x + layer.offset_x, y = o.y + layer.offset_y;
        if (o.shape == TiledShape::point) {
            builder.add_spawn(o.at, name, o.type, x, y);
            continue;
        }
        ObjectInfo info;
        info.at = o.at;
        info.name = name;
        info.type = o.type;
        info.body = property(o.properties, rules.body_property);
        BodyKind kind;
        if (o.gid != 0 && !info.body && !body_kind_of(o.type, rules, kind)) {
            // A tile object is a picture placed in the map: the game's thing, unless it says it is a body.
            builder.add_spawn(o.at, name, o.type, x, y);
            continue;
        }
        info.one_way = property(o.properties, "one_way");
        if (auto c = property(o.properties, "category")) info.category = integer_of(*c, o.at, "category");
        if (auto m = property(o.properties, "mask")) info.mask = integer_of(*m, o.at, "mask");
        if (o.rotation != 0)
            fail(o.at, what + " is rotated, which is not supported (boxes are axis-aligned; rotate it back)");
        if (o.shape == TiledShape::polygon) {
            double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
            if (!polygon_box(o.points, x0, y0, x1, y1))
                fail(o.at, what + " is a polygon that is not an axis-aligned rectangle, which is not supported");
            info.x = x + x0, info.y = y + y0, info.width = x1 - x0, info.height = y1 - y0;
        } else if (o.shape == TiledShape::rectangle) {
            info.x = x, info.y = o.gid != 0 ? y - o.height : y; // a tile object stands on its y
            info.width = o.width, info.height = o.height;
        } else {
            fail(o.at, what + " is " + shape_name(o.shape) + ", which is not supported (rectangles and points are)");
        }
        builder.add_object(info, Otherwise::static_body);
    }
}

#if defined(__EMSCRIPTEN__)
// from_chars' grammar for a finite decimal: -?(digits[.digits]|.digits)([eE][+-]?digits)?
bool decimal_syntax(std::string_view t) {
    std::size_t i = 0, digits = 0;
    const auto run = [&] {
        std::size_t n = 0;
        for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i) ++n;
        return n;
    };
    if (i < t.size() && t[i] == '-') ++i;
    digits += run();
    if (i < t.size() && t[i] == '.') {
        ++i;
        digits += run();
    }
    if (digits == 0) return false;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
        if (run() == 0) return false;
    }
    return i == t.size();
}
#endif

// The whole text as a double, correctly rounded. Emscripten's libc++ has no from_chars for
// double: there the same grammar is checked and musl's strtod (correctly rounded, in WebAssembly's
// one "C" locale) reads it.
bool read_double(std::string_view text, double& v) {
#if defined(__EMSCRIPTEN__)
    if (!decimal_syntax(text)) return false;
    const std::string s(text);
    char* end = nullptr;
    errno = 0;
    v = std::strtod(s.c_str(), &end);
    return errno != ERANGE && end == s.c_str() + s.size();
#else
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    return ec == std::errc() && end == text.data() + text.size();
#endif
}

} // namespace

double number_of(std::string_view text, const Place& at, const char* what) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '+')) text.remove_prefix(1);
    double v = 0;
    if (!read_double(text, v) || !std::isfinite(v))
        fail(at, std::string(what) + " " + in_quotes(text) + " is not a finite number");
    return v;
}

std::int64_t integer_of(std::string_view text, const Place& at, const char* what) {
    const double v = number_of(text, at, what);
    if (v != std::floor(v) || std::abs(v) > 9.0e15)
        fail(at, std::string(what) + " " + in_quotes(text) + " is not an integer");
    return std::int64_t(v);
}

std::string beside(const std::string& file, const std::string& path) {
    if (!path.empty() && path.front() == '/') return path;
    const std::size_t slash = file.find_last_of('/');
    return slash == std::string::npos ? path : file.substr(0, slash + 1) + path;
}

const TiledObject& Templates::get(const std::string& source, const Place& at) {
    const std::string path = beside(map_file_, source);
    if (auto it = cache_.find(path); it != cache_.end()) return it->second;
    const std::string text = read_referenced(read_, path, at, "template");
    const std::size_t first = text.find_first_not_of(" \t\r\n\xef\xbb\xbf");
    TiledObject o = first != std::string::npos && text[first] == '<' ? template_from_tx(text, path, rules_)
                                                                     : template_from_tj(text, path, rules_);
    if (!o.tmpl.empty()) fail({path, "", 0}, "a template's object is itself a template instance");
    return cache_.emplace(path, std::move(o)).first->second;
}

TiledTileset external_tileset(const std::string& map_file, const std::string& source, std::uint32_t first_gid,
                              const Place& at, const LevelRules& rules, const LevelFileReader& read) {
    const std::string path = beside(map_file, source);
    const std::string text = read_referenced(read, path, at, "tileset");
    const std::size_t first = text.find_first_not_of(" \t\r\n\xef\xbb\xbf");
    if (first != std::string::npos && text[first] == '<') return tileset_from_tsx(text, path, first_gid, rules);
    return tileset_from_tsj(text, path, first_gid, rules);
}

Level build_tiled(const TiledMap& map, const LevelRules& rules) {
    if (map.orientation != "orthogonal")
        fail(map.at, "the map is " + map.orientation + ", only orthogonal maps are supported");
    if (map.tile_width != map.tile_height)
        fail(map.at, "the map's tiles are " + std::to_string(map.tile_width) + " x " + std::to_string(map.tile_height) +
                         ", only square tiles are supported");
    LevelBuilder builder(map.at.file, rules);
    builder.set_tile_size(map.tile_width, map.at);
    if (!map.infinite) builder.cover(0, 0, map.width, map.height, map.at);
    TileKinds kinds(map, builder.kinds());
    for (const TiledLayer& layer : map.layers) {
        const std::optional<std::string> layer_kind = property(layer.properties, rules.kind_property);
        if (layer_kind && lower(*layer_kind) == "none") continue; // drawing only
        if (!layer.tiles) {
            add_objects(layer, rules, builder);
            continue;
        }
        const double size = builder.tile_size();
        const double shift_x = layer.offset_x / size, shift_y = layer.offset_y / size;
        if (shift_x != std::floor(shift_x) || shift_y != std::floor(shift_y) || std::abs(shift_x) > 1e12 ||
            std::abs(shift_y) > 1e12)
            fail(layer.at, "the layer's offset (" + std::to_string(layer.offset_x) + ", " +
                               std::to_string(layer.offset_y) + ") is not a whole number of tiles");
        for (const TiledChunk& chunk : layer.chunks) {
            TileBlock block;
            block.at = chunk.at;
            block.column = chunk.x + std::int64_t(shift_x);
            block.row = chunk.y + std::int64_t(shift_y);
            block.columns = chunk.width;
            block.rows = chunk.height;
            block.ids.resize(chunk.gids.size());
            for (std::size_t i = 0; i < chunk.gids.size(); ++i)
                block.ids[i] = kinds.id_of(chunk.gids[i], layer_kind ? &*layer_kind : nullptr, chunk.at);
            builder.add_block(std::move(block));
        }
    }
    std::string name = map.at.file.substr(map.at.file.find_last_of('/') + 1);
    name = name.substr(0, name.find_last_of('.'));
    return builder.finish(name);
}

} // namespace sweepbox::levels
