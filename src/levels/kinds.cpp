// Tile kinds by name, flips of shapes, body kinds by name.
#include "kinds.hpp"

#include <algorithm>

namespace sweepbox::levels {

void fail(const Place& at, const std::string& problem) { throw LevelError(at.file, at.layer, at.line, problem); }

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

std::string in_quotes(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += static_cast<unsigned char>(c) < 0x20 ? '?' : c; // one line, always
    }
    return out + '"';
}

namespace {

// A one-way shape's direction of motion that it blocks, as a vector.
bool one_way_direction(TileShape s, int& dx, int& dy) {
    switch (s) {
    case TileShape::one_way_down: dx = 0, dy = 1; return true;
    case TileShape::one_way_up: dx = 0, dy = -1; return true;
    case TileShape::one_way_left: dx = -1, dy = 0; return true;
    case TileShape::one_way_right: dx = 1, dy = 0; return true;
    default: return false;
    }
}

// A slope's polygon as a sorted list of corners in half tiles (exact integers).
std::vector<std::pair<int, int>> corners(TileShape s, Flips f) {
    Vec2 p[4];
    const int n = slope_polygon(s, p);
    std::vector<std::pair<int, int>> out;
    for (int i = 0; i < n; ++i) {
        int u = int(p[i].x * 2), v = int(p[i].y * 2);
        if (f.d) std::swap(u, v);
        if (f.h) u = 2 - u;
        if (f.v) v = 2 - v;
        out.emplace_back(u, v);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The name as the rules see it: renamed, lower case.
std::string resolved(std::string_view editor_name, const LevelRules& rules) {
    std::string name = lower(editor_name);
    if (auto it = rules.rename.find(name); it != rules.rename.end()) return lower(it->second);
    return name;
}

} // namespace

bool flipped_shape(TileShape s, Flips f, TileShape& out) {
    out = s;
    if (!f.any() || s == TileShape::empty || s == TileShape::solid) return true;
    int dx = 0, dy = 0;
    if (one_way_direction(s, dx, dy)) {
        if (f.d) std::swap(dx, dy);
        if (f.h) dx = -dx;
        if (f.v) dy = -dy;
        for (TileShape c :
             {TileShape::one_way_down, TileShape::one_way_up, TileShape::one_way_left, TileShape::one_way_right}) {
            int cx = 0, cy = 0;
            one_way_direction(c, cx, cy);
            if (cx == dx && cy == dy) {
                out = c;
                return true;
            }
        }
        return false;
    }
    if (!is_slope(s)) return false;
    const auto image = corners(s, f);
    for (int k = int(TileShape::slope45_ul); k < tile_shape_count; ++k)
        if (corners(TileShape(k), {}) == image) {
            out = TileShape(k);
            return true;
        }
    return false;
}

KindTable::KindTable(const LevelRules& rules) : rules_(rules) {}

bool KindTable::lookup(const std::string& name, TileKind& out) const {
    if (auto it = rules_.kinds.find(name); it != rules_.kinds.end()) {
        out = it->second;
        return true;
    }
    const std::string shape_name = name == "one_way" ? "one_way_down" : name;
    for (int k = 0; k < tile_shape_count; ++k)
        if (shape_name == to_string(TileShape(k))) {
            out = {TileShape(k), rules_.category, rules_.mask, false};
            return true;
        }
    if (name == "sensor" || name.rfind("sensor_", 0) == 0) {
        out = {TileShape::solid, rules_.category, rules_.mask, true};
        return true;
    }
    return false;
}

std::uint8_t KindTable::id_of(std::string_view editor_name, Flips flips, const Place& at) {
    std::string name = resolved(editor_name, rules_);
    if (name == "one_way") name = "one_way_down";
    TileKind kind;
    if (!lookup(name, kind))
        fail(at, "unknown tile kind " + in_quotes(editor_name) +
                     " (a shape name such as solid, one_way or slope45_ul, sensor or sensor_<name>, or a kind "
                     "of LevelRules::kinds)");
    if (kind.shape == TileShape::empty && !kind.sensor) return 0;
    if (flips.any()) {
        TileShape image{};
        const bool is_shape_name = name == to_string(kind.shape);
        if (!flipped_shape(kind.shape, flips, image))
            fail(at, "no shape is the flipped image of kind " + in_quotes(name));
        if (image != kind.shape) {
            if (!is_shape_name)
                fail(at, "kind " + in_quotes(name) + " (" + to_string(kind.shape) +
                             ") is flipped into another shape, and no kind of that shape is named for it (flip "
                             "only tiles of the built-in shape names, or use a tile of the mirrored kind)");
            name = to_string(image);
            (void)lookup(name, kind); // a shape name: always found
        }
    }
    for (std::size_t i = 0; i < used_.size(); ++i)
        if (used_[i].name == name) return std::uint8_t(i + 1);
    if (used_.size() >= 255) fail(at, "more than 255 tile kinds");
    used_.push_back({name, kind});
    return std::uint8_t(used_.size());
}

std::vector<LevelKind> KindTable::finish(std::array<std::uint8_t, 256>& index_of_id, const Place& at) const {
    index_of_id.fill(0);
    std::vector<std::size_t> others; // entries that are no shape name, by name
    std::vector<LevelKind> out;
    for (std::size_t i = 0; i < used_.size(); ++i) {
        const Entry& e = used_[i];
        int shape = -1;
        for (int k = 0; k < tile_shape_count; ++k)
            if (e.name == to_string(TileShape(k))) shape = k;
        if (shape >= 0) {
            index_of_id[i + 1] = std::uint8_t(shape);
            out.push_back({shape, e.name, e.kind});
        } else {
            others.push_back(i);
        }
    }
    std::sort(others.begin(), others.end(),
              [&](std::size_t a, std::size_t b) { return used_[a].name < used_[b].name; });
    for (std::size_t r = 0; r < others.size(); ++r) {
        const std::int32_t index = tile_shape_count + std::int32_t(r);
        if (index >= max_tile_kinds)
            fail(at, "more than " + std::to_string(max_tile_kinds - tile_shape_count) + " kinds of their own");
        index_of_id[others[r] + 1] = std::uint8_t(index);
        out.push_back({index, used_[others[r]].name, used_[others[r]].kind});
    }
    std::sort(out.begin(), out.end(), [](const LevelKind& a, const LevelKind& b) { return a.index < b.index; });
    return out;
}

bool one_way_of(std::string_view name, OneWay& out) {
    for (OneWay w : {OneWay::none, OneWay::down, OneWay::up, OneWay::left, OneWay::right})
        if (lower(name) == to_string(w)) {
            out = w;
            return true;
        }
    return false;
}

bool body_kind_of(std::string_view editor_name, const LevelRules& rules, BodyKind& out) {
    const std::string name = resolved(editor_name, rules);
    out = {};
    if (name == "none") {
        out.none = true;
        return true;
    }
    if (name == "one_way") out.one_way = OneWay::down;
    else if (name.rfind("one_way_", 0) == 0 &&
             (!one_way_of(name.substr(8), out.one_way) || out.one_way == OneWay::none))
        return false;
    out.is_static = name == "static" || out.one_way != OneWay::none;
    out.is_platform = name == "platform";
    out.is_sensor = name == "sensor";
    return out.is_static || out.is_platform || out.is_sensor || name == "dynamic";
}

} // namespace sweepbox::levels
