// Body bookkeeping: generational ids with a free list, categories and masks, teleport, the
// tile map. Every check happens before anything changes, so a throw leaves the world as it was.

#include <sweepbox/world.hpp>

#include <cmath>
#include <string>

namespace sweepbox {

namespace {
void require_box(const char* where, const Aabb& box) {
    if (!is_finite(box.min) || !is_finite(box.max)) throw Error(where, "box has a NaN or infinite coordinate");
    if (box.min.x > box.max.x || box.min.y > box.max.y) throw Error(where, "box has min > max");
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
    return "unknown";
}

namespace {
const WorldDef& validated(const WorldDef& def) {
    if (!std::isfinite(def.cell_size) || !(def.cell_size > 0) || !std::isfinite(real(1) / def.cell_size))
        throw Error("World", "cell size must be positive and finite");
    if (def.oversize_cells < 1 || def.oversize_cells > 255) throw Error("World", "oversize_cells must be 1 to 255");
    return def;
}
} // namespace

World::World(const WorldDef& def) : def_(validated(def)), grid_(def.cell_size, def.oversize_cells) {
    bodies_.resize(1); // slot 0 is never used, so the zero id is null
    user_data_.resize(1);
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

BodyId World::add(const BodyDef& def) {
    require_box("add", def.box);
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
        } catch (...) {
            bodies_.pop_back();
            throw;
        }
    }
    Body& b = bodies_[index];
    b.box = def.box;
    user_data_[index] = def.user_data;
    b.category = def.category;
    b.mask = def.mask;
    b.is_static = def.is_static;
    b.alive = true;
    if (b.generation == 0) b.generation = 1; // a live id is never null
    grid_.insert(index, b.box);
    keep_body_marks();
    ++live_;
    return {index, b.generation};
}

void World::remove(BodyId id) {
    checked(id, "remove");
    Body& b = bodies_[id.index];
    grid_.erase(id.index);
    b.alive = false;
    ++b.generation;
    if (b.generation == 0) b.generation = 1;
    b.mask = free_head_;
    free_head_ = id.index;
    --live_;
}

void World::teleport(BodyId id, const Aabb& box) {
    checked(id, "teleport");
    require_box("teleport", box);
    bodies_[id.index].box = box;
    grid_.update(id.index, box);
    keep_body_marks();
}


BodyInfo World::info(BodyId id) const {
    const Body& b = checked(id, "info");
    return {b.box, b.is_static, b.category, b.mask, user_data_[id.index]};
}

void World::set_user_data(BodyId id, std::uint64_t user_data) {
    checked(id, "set_user_data");
    user_data_[id.index] = user_data;
}

void World::set_filter(BodyId id, std::uint32_t category, std::uint32_t mask) {
    checked(id, "set_filter");
    bodies_[id.index].category = category;
    bodies_[id.index].mask = mask;
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
    marked_cells_ = 0;
    keep_body_marks();
}

void World::mark_body_cells() {
    const std::size_t made = grid_.cell_count();
    const std::int32_t columns = tiles_.columns(), rows = tiles_.rows();
    if (tiles_.is_empty() || made < marked_cells_) {
        marked_cells_ = made;
        return;
    }
    // The grid's own map from a coordinate to its cell (cells_of of a point), monotone, so the
    // tiles whose closed extent meets cell c on an axis are a run found by bisection: from the
    // first whose far edge maps to c or beyond to the last whose near edge maps to c or before.
    auto cell_x = [&](real x) { return grid_.cells_of(Aabb{{x, 0}, {x, 0}}).x0; };
    auto cell_y = [&](real y) { return grid_.cells_of(Aabb{{0, y}, {0, y}}).y0; };
    auto first = [](std::int32_t n, auto&& pred) { // the first i in [0, n) with pred(i), else n
        std::int32_t lo = 0, hi = n;
        while (lo < hi) {
            const std::int32_t mid = lo + (hi - lo) / 2;
            if (pred(mid)) hi = mid;
            else lo = mid + 1;
        }
        return lo;
    };
    for (std::size_t i = marked_cells_; i < made; ++i) {
        const std::int32_t cx = grid_.cell_column(i), cy = grid_.cell_row(i);
        const std::int32_t c0 = first(columns, [&](std::int32_t c) { return cell_x(tiles_.edge_x(c + 1)) >= cx; });
        const std::int32_t c1 = first(columns, [&](std::int32_t c) { return cell_x(tiles_.edge_x(c)) > cx; }) - 1;
        const std::int32_t r0 = first(rows, [&](std::int32_t r) { return cell_y(tiles_.edge_y(r + 1)) >= cy; });
        const std::int32_t r1 = first(rows, [&](std::int32_t r) { return cell_y(tiles_.edge_y(r)) > cy; }) - 1;
        for (std::int32_t r = r0; r <= r1; ++r)
            for (std::int32_t c = c0; c <= c1; ++c) {
                const std::size_t at = std::size_t(r) * std::size_t(columns) + std::size_t(c);
                body_marks_[at >> 6] |= std::uint64_t(1) << (at & 63);
            }
    }
    marked_cells_ = made;
}

void World::set_tile(TileCell cell, Tile tile) { tiles_.set(cell, tile); }

} // namespace sweepbox
