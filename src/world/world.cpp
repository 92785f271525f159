// Body bookkeeping: generational ids with a free list, categories and masks, teleport, the
// tile map. Every check happens before anything changes, so a throw leaves the world as it was.

#include <sweepbox/world.hpp>

#include <cmath>
#include <string>

#include "broadphase/obstacle.hpp"
#include "broadphase/tile_obstacles.hpp"

namespace sweepbox {

namespace {
void require_box(const char* where, const Aabb& box) {
    if (!is_finite(box.min) || !is_finite(box.max)) throw Error(where, "box has a NaN or infinite coordinate");
    if (box.min.x > box.max.x || box.min.y > box.max.y) throw Error(where, "box has min > max");
    // Else a contact point (the middle of touching faces) or an overlap depth would be infinite.
    if (!is_finite(box.max - box.min)) throw Error(where, "box is wider or taller than the finite range");
}
} // namespace

const char* to_string(Response r) {
    switch (r) {
    case Response::ignore: return "ignore";
    case Response::touch: return "touch";
    case Response::slide: return "slide";
    case Response::cross: return "cross";
    case Response::bounce: return "bounce";
    }
    return "invalid";
}

namespace {
const WorldDef& validated(const WorldDef& def) {
    if (!std::isfinite(def.cell_size) || !(def.cell_size > 0) || !std::isfinite(real(1) / def.cell_size))
        throw Error("World", "cell size must be positive and finite");
    if (def.oversize_cells < 1 || def.oversize_cells > 255) throw Error("World", "oversize_cells must be 1 to 255");
    return def;
}
} // namespace

World::World(const WorldDef& def) : def_(validated(def)), grid_(def) {
    bodies_.resize(1); // slot 0 is never used, so the zero id is null
    user_data_.resize(1);
    masks_.resize(1);
}

void World::bad_id(BodyId id, const char* where) const {
    if (id.is_null()) throw Error(where, "null body id");
    if (id.index >= bodies_.size()) throw Error(where, "body id " + std::to_string(id.index) + " is not of this world");
    throw Error(where, "stale body id (index " + std::to_string(id.index) + ", generation " +
                           std::to_string(id.generation) + ")");
}

bool World::is_valid(BodyId id) const {
    if (id.is_null() || id.index >= bodies_.size()) return false;
    const Body& b = bodies_[id.index];
    return b.alive && b.generation == id.generation;
}

namespace {
void require_one_way(const char* where, OneWay w) {
    if (std::uint8_t(w) > std::uint8_t(OneWay::right)) throw Error(where, "one_way is not a OneWay value");
}
} // namespace

const char* to_string(OneWay w) {
    switch (w) {
    case OneWay::none: return "none";
    case OneWay::down: return "down";
    case OneWay::up: return "up";
    case OneWay::left: return "left";
    case OneWay::right: return "right";
    }
    return "invalid";
}

BodyId World::add(const BodyDef& def) {
    require_box("add", def.box);
    if (def.is_static && def.is_platform) throw Error("add", "a body cannot be both static and a platform");
    if (def.is_sensor && def.is_platform) throw Error("add", "a body cannot be both a sensor and a platform");
    require_one_way("add", def.one_way);
    std::uint32_t index;
    if (free_head_ != 0) {
        index = free_head_;
        free_head_ = bodies_[index].mask;
    } else {
        if (bodies_.size() >= 0xffffffffu) throw Error("add", "too many bodies");
        index = std::uint32_t(bodies_.size());
        bodies_.emplace_back();
        try {
            user_data_.emplace_back();
            try {
                masks_.emplace_back();
            } catch (...) {
                user_data_.pop_back();
                throw;
            }
        } catch (...) {
            bodies_.pop_back();
            throw;
        }
    }
    Body& b = bodies_[index];
    b.box = def.box;
    user_data_[index] = def.user_data;
    b.category = def.category;
    b.mask = def.is_sensor ? 0 : def.mask; // a sensor meets no selector: it never blocks
    masks_[index] = def.mask;
    b.is_static = def.is_static;
    b.is_platform = def.is_platform;
    b.is_sensor = def.is_sensor;
    b.one_way = std::uint8_t(def.one_way);
    b.alive = true;
    if (def.is_sensor) {
        ++sensor_bodies_;
        refresh_record_paths();
    }
    if (b.generation == 0) b.generation = 1; // a live id is never null
    if (b.is_static) level_changed();
    grid().insert(index, b.box);
    mark_body(b.box);
    ++live_;
    return {index, b.generation};
}

void World::remove(BodyId id) {
    checked(id, "remove");
    Body& b = bodies_[id.index];
    grid().erase(id.index);
    if (b.is_static) level_changed();
    if (b.is_sensor) {
        --sensor_bodies_;
        refresh_record_paths();
    }
    drop_motion(id.index);
    b.alive = false;
    b.is_sensor = false;
    ++b.generation;
    if (b.generation == 0) b.generation = 1;
    b.mask = free_head_;
    free_head_ = id.index;
    --live_;
}

void World::teleport(BodyId id, const Aabb& box) {
    checked(id, "teleport");
    require_box("teleport", box);
    if (bodies_[id.index].is_static) level_changed();
    drop_motion(id.index); // a teleport is not a motion
    bodies_[id.index].box = box;
    grid().update(id.index, box);
    mark_body(box);
}


BodyInfo World::info(BodyId id) const {
    const Body& b = checked(id, "info");
    return {b.box,       b.is_static,      b.is_platform, b.category, masks_[id.index], user_data_[id.index],
            b.is_sensor, OneWay(b.one_way)};
}

void World::set_user_data(BodyId id, std::uint64_t user_data) {
    if (checked(id, "set_user_data").is_static) level_changed();
    user_data_[id.index] = user_data;
}

void World::set_filter(BodyId id, std::uint32_t category, std::uint32_t mask) {
    if (checked(id, "set_filter").is_static) level_changed();
    bodies_[id.index].category = category;
    bodies_[id.index].mask = bodies_[id.index].is_sensor ? 0 : mask;
    masks_[id.index] = mask;
}

void World::set_one_way(BodyId id, OneWay one_way) {
    checked(id, "set_one_way");
    require_one_way("set_one_way", one_way);
    if (bodies_[id.index].is_static) level_changed();
    bodies_[id.index].one_way = std::uint8_t(one_way);
}

void World::body_ids(std::vector<BodyId>& out) const {
    out.clear();
    for (std::uint32_t i = 1; i < bodies_.size(); ++i)
        if (bodies_[i].alive) out.push_back({i, bodies_[i].generation});
}

void World::set_tile_map(const TileMapDef& def) {
    TileMap::validate(def, "set_tile_map"); // throws before anything changes
    TileMap fresh(def);
    std::vector<std::uint64_t> marks((std::size_t(def.columns) * std::size_t(def.rows) + 63) / 64, 0);
    tiles_ = std::move(fresh);
    body_marks_ = std::move(marks);
    level_changed();
    for (std::size_t i = 1; i < bodies_.size(); ++i)
        if (bodies_[i].alive) mark_body(bodies_[i].box);
    refresh_record_paths();
}

void World::mark_tiles_of(const Aabb& box) {
    // Every tile whose closed box meets the closed box, and near a tile edge perhaps one more
    // (candidate_tiles, the walks' cheap superset: a mark too many only costs a cast its bodies'
    // pass); none when the box misses the map. Each row's run of bits is set a word at a time.
    const CellRange r = detail::candidate_tiles(tiles_, box, detail::TileTables::inverse_tile_size(tiles_));
    if (r.count() == 0) return;
    const std::size_t columns = std::size_t(tiles_.columns());
    for (std::int32_t row = r.y0; row <= r.y1; ++row) {
        const std::size_t first = std::size_t(row) * columns + std::size_t(r.x0);
        const std::size_t last = std::size_t(row) * columns + std::size_t(r.x1);
        for (std::size_t w = first >> 6; w <= last >> 6; ++w) {
            const std::uint64_t from = w == first >> 6 ? ~std::uint64_t(0) << (first & 63) : ~std::uint64_t(0);
            const std::uint64_t to = w == last >> 6 ? ~std::uint64_t(0) >> (63 - (last & 63)) : ~std::uint64_t(0);
            body_marks_[w] |= from & to;
        }
    }
}

void World::set_tile(TileCell cell, Tile tile) {
    tiles_.set(cell, tile);
    level_changed();
    refresh_record_paths(); // the Tile values are kinds, and a game may have made one a sensor
}

void World::set_tile(TileCell cell, std::int32_t kind) {
    tiles_.set(cell, kind);
    level_changed();
    refresh_record_paths();
}

void World::set_tile_kind(std::int32_t index, const TileKind& kind) {
    if (tiles_.is_empty()) throw Error("set_tile_kind", "no tile map (set_tile_map first)");
    tiles_.set_kind(index, kind);
    level_changed();
    refresh_record_paths();
}

} // namespace sweepbox
