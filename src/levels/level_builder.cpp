// Laying a level's tile blocks on one map, its objects as bodies and spawn points.
#include "level_builder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sweepbox::levels {

real world_coordinate(double v, const Place& at, const char* what) {
    const real r = real(v);
    if (!std::isfinite(v) || !std::isfinite(r)) fail(at, std::string(what) + " is not a finite number");
    return r;
}

std::int64_t tile_count(std::int64_t w, std::int64_t h, const Place& at) {
    if (w < 0 || h < 0 || w > max_level_tiles || h > max_level_tiles || w * h > max_level_tiles)
        fail(at, "a tile layer of " + std::to_string(w) + " x " + std::to_string(h) + " tiles (at most " +
                     std::to_string(max_level_tiles) + " in all)");
    return w * h;
}

std::string read_referenced(const LevelFileReader& read, const std::string& path, const Place& at, const char* what) {
    try {
        return read(path);
    } catch (const LevelError&) {
        throw;
    } catch (const std::exception& e) {
        fail(at, std::string("cannot read ") + what + " " + in_quotes(path) + ": " + e.what());
    }
}

LevelBuilder::LevelBuilder(std::string file, const LevelRules& rules)
    : file_(std::move(file)), rules_(rules), kinds_(rules) {}

void LevelBuilder::set_tile_size(double size, const Place& at) {
    if (!(size > 0 && size <= double(1 << 20)))
        fail(at, "tile size " + std::to_string(size) + " is not in (0, 1048576]");
    if (tile_size_ != 0 && size != tile_size_)
        fail(at, "tile size " + std::to_string(size) + " differs from the level's " + std::to_string(tile_size_) +
                     " (one map has one tile size)");
    tile_size_ = size;
}

void LevelBuilder::extend(std::int64_t column, std::int64_t row, std::int64_t columns, std::int64_t rows,
                          const Place& at) {
    constexpr std::int64_t far = std::int64_t(1) << 40;
    if (columns < 0 || rows < 0 || columns > far || rows > far || std::abs(column) > far || std::abs(row) > far)
        fail(at, "a tile rectangle out of range");
    if (columns == 0 || rows == 0) return;
    if (!has_extent_) {
        min_c_ = column, min_r_ = row, max_c_ = column + columns, max_r_ = row + rows;
        has_extent_ = true;
    } else {
        min_c_ = std::min(min_c_, column), min_r_ = std::min(min_r_, row);
        max_c_ = std::max(max_c_, column + columns), max_r_ = std::max(max_r_, row + rows);
    }
    const std::int64_t w = max_c_ - min_c_, h = max_r_ - min_r_; // each at most 2^42: test before multiplying
    if (w > max_level_tiles || h > max_level_tiles || w * h > max_level_tiles)
        fail(at, "the map would have more than " + std::to_string(max_level_tiles) + " tiles (" +
                     std::to_string(max_c_ - min_c_) + " x " + std::to_string(max_r_ - min_r_) + ")");
}

void LevelBuilder::cover(std::int64_t column, std::int64_t row, std::int64_t columns, std::int64_t rows,
                         const Place& at) {
    extend(column, row, columns, rows, at);
}

void LevelBuilder::add_block(TileBlock block) {
    if (std::int64_t(block.ids.size()) != block.columns * block.rows) fail(block.at, "tile data of the wrong size");
    extend(block.column, block.row, block.columns, block.rows, block.at);
    blocks_.push_back(std::move(block));
}

void LevelBuilder::add_spawn(const Place& at, std::string name, std::string type, double x, double y) {
    spawns_.push_back({std::move(name), std::move(type), at.layer,
                       Vec2{world_coordinate(x, at, "a point's x"), world_coordinate(y, at, "a point's y")}});
}

void LevelBuilder::add_object(const ObjectInfo& o, Otherwise otherwise) {
    BodyKind kind;
    if (o.body) {
        if (!body_kind_of(*o.body, rules_, kind))
            fail(o.at, "object " + in_quotes(o.name) + ": unknown " + rules_.body_property + " " + in_quotes(*o.body) +
                           " (static, one_way, one_way_up, one_way_down, one_way_left, one_way_right, sensor, "
                           "platform, dynamic or none)");
    } else if (!body_kind_of(o.type, rules_, kind)) {
        if (otherwise == Otherwise::spawn) {
            add_spawn(o.at, o.name, o.type, o.spawn_x, o.spawn_y);
            return;
        }
        kind = {.is_static = true};
    }
    if (kind.none) return;
    if (o.one_way && !one_way_of(*o.one_way, kind.one_way))
        fail(o.at, "object " + in_quotes(o.name) + ": unknown one_way " + in_quotes(*o.one_way) +
                       " (down, up, left, right or none)");
    BodyDef def;
    if (!(o.width >= 0 && o.height >= 0)) fail(o.at, "object " + in_quotes(o.name) + " has a negative size");
    def.box.min = {world_coordinate(o.x, o.at, "an object's x"), world_coordinate(o.y, o.at, "an object's y")};
    def.box.max = {world_coordinate(o.x + o.width, o.at, "an object's right edge"),
                   world_coordinate(o.y + o.height, o.at, "an object's bottom edge")};
    if (!std::isfinite(def.box.max.x - def.box.min.x) || !std::isfinite(def.box.max.y - def.box.min.y))
        fail(o.at, "object " + in_quotes(o.name) + " is wider or taller than the range of numbers");
    def.is_static = kind.is_static;
    def.is_platform = kind.is_platform;
    def.is_sensor = kind.is_sensor;
    def.one_way = kind.one_way;
    auto bits = [&](const std::optional<std::int64_t>& v, const char* what, std::uint32_t fallback) {
        if (!v) return fallback;
        if (*v < 0 || *v > std::int64_t(0xffffffffu))
            fail(o.at, "object " + in_quotes(o.name) + ": " + what + " " + std::to_string(*v) + " is not in [0, 2^32)");
        return std::uint32_t(*v);
    };
    def.category = bits(o.category, "category", 1);
    def.mask = bits(o.mask, "mask", 0xffffffffu);
    bodies_.push_back({o.name, o.type, o.at.layer, def});
}

Level LevelBuilder::finish(std::string name) {
    Level level;
    level.file = file_;
    level.name = std::move(name);
    if (tile_size_ == 0) tile_size_ = 16; // a level of objects only: any tile size will do
    const Place whole{file_, "", 0};
    const real size = real(tile_size_);
    level.map.tile_size = size;
    level.map.category = rules_.category;
    level.map.mask = rules_.mask;
    if (has_extent_) {
        level.map.origin = {world_coordinate(double(min_c_) * tile_size_, whole, "the map's origin"),
                            world_coordinate(double(min_r_) * tile_size_, whole, "the map's origin")};
        level.map.columns = std::int32_t(max_c_ - min_c_);
        level.map.rows = std::int32_t(max_r_ - min_r_);
        level.tiles.assign(std::size_t(level.map.columns) * std::size_t(level.map.rows), 0);
    }
    const std::size_t width = std::size_t(level.map.columns);
    for (const TileBlock& b : blocks_) {
        const std::uint8_t* from = b.ids.data();
        for (std::int64_t r = 0; r < b.rows; ++r) {
            std::uint8_t* to = level.tiles.data() + std::size_t(b.row + r - min_r_) * width +
                               std::size_t(b.column - min_c_);
            for (std::int64_t c = 0; c < b.columns; ++c, ++from) {
                if (*from == 0) continue;
                if (to[c] != 0 && to[c] != *from)
                    fail(b.at, "tile [" + std::to_string(b.column + c) + ", " + std::to_string(b.row + r) + "] is " +
                                   kinds_.name_of(*from) + " here and " + kinds_.name_of(to[c]) +
                                   " in a layer or level before (one tile has one kind)");
                to[c] = *from;
            }
        }
    }
    blocks_.clear();
    std::array<std::uint8_t, 256> index_of{};
    level.kinds = kinds_.finish(index_of, whole);
    for (std::uint8_t& t : level.tiles) t = index_of[t];
    level.bodies = std::move(bodies_);
    level.spawns = std::move(spawns_);
    return level;
}

} // namespace sweepbox::levels
