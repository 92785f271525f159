// The scene runner: builds a World from a Scene, runs its steps and prints one JSON object per
// step (JSON Lines, the field order of docs/scenes.md), recording what happened for the SVG
// renderer. Here: the world's construction, the bodies' names, the dispatch by op and the edits
// of the world; each other kind of step has its own file (runner_moves.cpp, runner_queries.cpp,
// runner_particles.cpp).
#include <sweepbox/scene.hpp>

#include <array>
#include <string>
#include <utility>

#include "json_line.hpp"
#include "platform_names.hpp"
#include "runner_errors.hpp"

namespace sweepbox {

using detail::JsonLine;
using detail::NonFinite;
using detail::problem_of;

SceneRunner::SceneRunner(Scene scene, std::string file, bool record)
    : scene_(std::move(scene)), file_(std::move(file)), world_([this] {
          WorldDef def;
          def.cell_size = scene_.cell_size;
          try {
              return World(def);
          } catch (const Error& e) {
              throw SceneError(file_, "cell_size", problem_of(e));
          }
      }()),
      record_(record) {
    if (scene_.tiles || scene_.level_tiles) {
        try {
            set_tiles(scene_.tiles ? *scene_.tiles : *scene_.level_tiles);
        } catch (const Error& e) {
            throw SceneError(file_, "tiles", problem_of(e));
        }
    }
    for (const SceneBody& body : scene_.level_bodies) add_body(body, "level");
    for (std::size_t i = 0; i < scene_.bodies.size(); ++i)
        add_body(scene_.bodies[i], "bodies[" + std::to_string(i) + "]");
}

void SceneRunner::set_tiles(const SceneTiles& tiles) {
    TileMapDef def;
    def.origin = tiles.origin;
    def.tile_size = tiles.size;
    def.rows = std::int32_t(tiles.rows.size());
    def.columns = def.rows > 0 ? std::int32_t(tiles.rows[0].size()) : 0;
    def.category = tiles.category;
    def.mask = tiles.mask;
    world_.set_tile_map(def);
    // The kind of each row character (-1: none).
    std::array<std::int32_t, 256> kind_of{};
    for (std::size_t ch = 0; ch < kind_of.size(); ++ch)
        kind_of[ch] = scene_tile_kind(tiles, std::string(1, char(static_cast<unsigned char>(ch))));
    // Kind k < tile_shape_count is shape k (0-2 are the map's defaults). Only the shapes the rows
    // and set_tile steps use are defined: each definition is a pass over the map.
    std::array<bool, tile_shape_count> used{};
    for (const std::string& row : tiles.rows)
        for (char ch : row)
            if (const std::int32_t kind = kind_of[static_cast<unsigned char>(ch)]; kind >= 0 && kind < tile_shape_count)
                used[std::size_t(kind)] = true;
    for (const SceneStep& step : scene_.steps)
        if (step.op == SceneOp::set_tile)
            if (const std::int32_t kind = scene_tile_kind(tiles, step.tile); kind >= 0 && kind < tile_shape_count)
                used[std::size_t(kind)] = true;
    for (int kind = 3; kind < tile_shape_count; ++kind)
        if (used[std::size_t(kind)]) world_.set_tile_kind(kind, {TileShape(kind), def.category, def.mask, false});
    for (const SceneKind& own : tiles.kinds)
        world_.set_tile_kind(scene_tile_kind(tiles, own.name),
                             {own.shape, own.category.value_or(def.category), own.mask.value_or(def.mask), own.sensor});
    for (std::int32_t row = 0; row < def.rows; ++row)
        for (std::int32_t column = 0; column < def.columns; ++column) {
            const std::int32_t kind =
                kind_of[static_cast<unsigned char>(tiles.rows[std::size_t(row)][std::size_t(column)])];
            if (kind != 0) world_.set_tile({column, row}, kind);
        }
}

void SceneRunner::add_body(const SceneBody& body, const std::string& where) {
    if (ids_.contains(body.name)) throw SceneError(file_, where, "duplicate body name \"" + body.name + "\"");
    BodyId added;
    try {
        added = world_.add(body);
    } catch (const Error& e) {
        throw SceneError(file_, where, problem_of(e));
    }
    ids_[body.name] = added;
    if (names_.size() <= added.index) names_.resize(std::size_t(added.index) + 1);
    names_[added.index] = body.name;
    ever_[detail::id_key(added)] = body.name;
}

bool SceneRunner::trace_move(std::size_t step, std::size_t moves) {
    if (!record_) return false;
    if (trace_.moves_not_traced == 0 && moves <= max_traced_moves - trace_.traced) {
        trace_.traced += moves;
        return true;
    }
    if (trace_.moves_not_traced == 0) trace_.first_step_not_traced = step;
    trace_.moves_not_traced += moves;
    return false;
}

void SceneRunner::note_riders(const std::vector<BodyId>& riders) {
    if (!record_) return;
    for (BodyId rider : riders)
        if (riders_seen_.insert(names_.at(rider.index)).second) trace_.riders.push_back(names_.at(rider.index));
}

std::vector<NamedBody> SceneRunner::bodies() const {
    std::vector<NamedBody> out;
    for (const std::string& name : names_)
        if (!name.empty()) out.push_back({name, ids_.at(name)});
    return out;
}

BodyId SceneRunner::id_of(const std::string& name, std::size_t step) const {
    auto it = ids_.find(name);
    if (it == ids_.end())
        throw SceneError(file_, detail::step_where(step, scene_.steps[step].op), "unknown body \"" + name + "\"");
    return it->second;
}

std::string SceneRunner::name_of(const Other& other) const {
    if (other.is_tile())
        return "tile [" + std::to_string(other.tile.column) + ", " + std::to_string(other.tile.row) + "]";
    if (other.is_body()) {
        const std::uint32_t slot = other.body.index;
        if (slot < names_.size() && !names_[slot].empty() && ids_.at(names_[slot]) == other.body) return names_[slot];
        return "body " + std::to_string(other.body.index) + ":" + std::to_string(other.body.generation);
    }
    return "none";
}

std::string SceneRunner::other_json(const Other& other) const {
    JsonLine line;
    if (other.is_tile()) {
        line.open('{');
        line.key("tile").open('[').integer(other.tile.column).integer(other.tile.row).close(']');
        line.close('}');
    } else if (other.is_body()) {
        line.str(name_of(other));
    } else {
        line.raw("null");
    }
    return line.take();
}

QueryFilter SceneRunner::filter_of(const SceneStep& step, std::size_t index) const {
    QueryFilter filter;
    filter.category = step.category;
    filter.mask = step.mask;
    filter.bodies = step.bodies;
    filter.tiles = step.tiles;
    filter.sensors = step.sensors;
    if (!step.ignore.empty()) filter.ignore = id_of(step.ignore, index);
    return filter;
}

std::string SceneRunner::run_step(std::size_t i) {
    const std::string where = i < scene_.steps.size() ? detail::step_where(i, scene_.steps[i].op)
                                                      : "step " + std::to_string(i);
    if (i != next_step_ || i >= scene_.steps.size())
        throw SceneError(file_, where, "steps must run in order, each once");
    const SceneOp op = scene_.steps[i].op;
    JsonLine line;
    line.open('{');
    line.key("step").integer(static_cast<long long>(i));
    line.key("op").str(to_string(op));
    try {
        switch (op) {
        case SceneOp::move: line.raw(run_move(i, where)); break;
        case SceneOp::frames: line.raw(run_frames(i, where)); break;
        case SceneOp::cast_ray:
        case SceneOp::cast_box: line.raw(run_cast(i)); break;
        case SceneOp::cast_all: line.raw(run_cast_all(i)); break;
        case SceneOp::query_rect:
        case SceneOp::query_point:
        case SceneOp::query_segment: line.raw(run_query(i)); break;
        case SceneOp::overlapping_pairs: line.raw(run_overlapping_pairs()); break;
        case SceneOp::events: line.raw(run_events()); break;
        case SceneOp::particles: line.raw(run_particles(i, where)); break;
        case SceneOp::teleport:
        case SceneOp::set_tile:
        case SceneOp::add:
        case SceneOp::remove: line.raw(run_edit(i, where)); break;
        case SceneOp::begin_frame: world_.begin_frame(); break; // nothing more to print
        case SceneOp::save:
        case SceneOp::restore: line.raw(run_snapshot(i)); break;
        }
    } catch (const Error& e) {
        throw SceneError(file_, where, problem_of(e));
    } catch (const NonFinite& n) {
        throw SceneError(file_, where, n.problem());
    }
    line.close('}');
    ++next_step_;
    return line.take();
}

// teleport, set_tile, add and remove: the world changes, and with it the names.
std::string SceneRunner::run_edit(std::size_t index, const std::string& where) {
    const SceneStep& step = scene_.steps[index];
    JsonLine line;
    switch (step.op) {
    case SceneOp::teleport: {
        const BodyId body = id_of(step.body, index);
        world_.teleport(body, step.box);
        line.key("body").str(step.body);
        line.key("box").box(world_.box(body));
        break;
    }
    case SceneOp::set_tile: {
        const SceneTiles& tiles = scene_.tiles ? *scene_.tiles : *scene_.level_tiles;
        world_.set_tile(step.cell, scene_tile_kind(tiles, step.tile));
        line.key("cell").open('[').integer(step.cell.column).integer(step.cell.row).close(']');
        line.key("tile").str(step.tile);
        break;
    }
    case SceneOp::add:
        add_body(step.add, where);
        line.key("body").str(step.add.name);
        line.key("box").box(world_.box(ids_.at(step.add.name)));
        break;
    case SceneOp::remove: {
        const BodyId body = id_of(step.body, index);
        world_.remove(body);
        ids_.erase(step.body);
        names_[body.index].clear();
        velocities_.erase(step.body);
        line.key("body").str(step.body);
        break;
    }
    default: break;
    }
    return line.take();
}

std::vector<std::string> SceneRunner::run_all() {
    std::vector<std::string> lines;
    while (next_step_ < scene_.steps.size()) lines.push_back(run_step(next_step_));
    return lines;
}

} // namespace sweepbox
