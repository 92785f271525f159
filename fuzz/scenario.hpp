#pragma once
/// @file scenario.hpp
/// Decodes fuzzer bytes into a world description and a sequence of operations (shared by
/// fuzz_world and fuzz_queries), and builds the same World from it as many times as needed.
///
/// Layout: a header (cell size, oversize cells, coordinate magnitude limit), an optional tile
/// map (origin, tile size, shape, category and mask, then tile writes), up to 12 bodies (box
/// with zero, one-unit or any extent, static flag, category, mask), then operations until the
/// bytes run out (at most 48): moves with every response, tile writes (doors), teleports,
/// filter changes, and queries.

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <cstdint>
#include <vector>
#include <sweepbox/world.hpp>
#include "fuzz_common.hpp"

namespace sweepbox::fuzz {

/// Category bits the decoder picks from (0 interacts with nothing).
inline constexpr std::uint32_t fuzz_categories[] = {1, 2, 4, 3, 0xffffffffu, 0, 1u << 31, 6};
/// Mask bits the decoder picks from.
inline constexpr std::uint32_t fuzz_masks[] = {0xffffffffu, 1, 2, ~1u, 0, 5, 0xffffffffu, 0xffffffffu};

/// A response filter that games could write: a fixed pseudo-random answer per obstacle.
struct FilterContext {
    std::uint32_t seed = 0; ///< picks the answers
};

/// The filter's answer for obstacle `other` (a pure function, so the checks can recompute it).
inline Response filter_answer(std::uint32_t seed, const Other& other) {
    static const bool uniform_tiles = avoid("tile-filter");
    if (uniform_tiles && other.is_tile()) return Response(seed % 5);
    std::uint32_t h = seed * 2654435761u;
    if (other.is_body()) h ^= other.body.index * 0x9e3779b9u + 0x7f4a7c15u;
    if (other.is_tile())
        h ^= std::uint32_t(other.tile.column) * 0x85ebca6bu ^ std::uint32_t(other.tile.row) * 0xc2b2ae35u;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    return Response(h % 5);
}

/// The ResponseFilter handed to World::move.
inline Response fuzz_filter(void* context, const World&, BodyId, const Other& other) {
    return filter_answer(static_cast<const FilterContext*>(context)->seed, other);
}

/// One operation of a scenario.
struct Op {
    enum class Kind : std::uint8_t { move, set_tile, teleport, set_filter, query } kind = Kind::move;
    std::uint32_t body = 0; ///< index into the scenario's bodies
    Vec2 delta{0, 0};       ///< move: displacement; query: displacement
    Aabb box{};             ///< teleport: new box; query: the cast box or rectangle
    Vec2 point{0, 0};       ///< query: ray origin or point
    std::uint8_t query = 0; ///< query: which query (see fuzz_queries)
    // move options
    std::uint8_t response_mode = 0; ///< 0-4 fixed response, 5 category table, 6 filter
    std::array<Response, 32> table{};
    FilterContext filter{};
    real restitution = 1;
    real friction = 0;
    std::int32_t max_iterations = 8;
    bool has_velocity = false;
    Vec2 velocity{0, 0};
    // set_tile
    TileCell cell{};
    Tile tile = Tile::empty;
    std::uint8_t tile_variant = 0; ///< set_tile: the kind byte's upper four bits (fuzz_world's events pick by them)
    // set_filter, query filter
    std::uint32_t category = 1;
    std::uint32_t mask = 0xffffffffu;
    bool query_bodies = true;
    bool query_tiles = true;
    bool query_sensors = false;    ///< query: QueryFilter::sensors
    std::uint32_t ignore_body = 0; ///< query: 0 none, else index + 1 of a body to leave out
};

/// A decoded world and its operations.
struct Scenario {
    WorldDef def{};
    bool has_tiles = false;
    TileMapDef tiles{};
    std::vector<std::pair<TileCell, Tile>> initial_tiles;
    std::vector<bool> initial_sensor; ///< parallel to initial_tiles: the write may be a sensor tile
    /// The header asked for a variant with sensors (make_sensor_variant).
    bool sensor_variant = false;
    /// Kind 5 is a sensor kind and the writes marked in initial_sensor write it (the variant).
    bool sensor_tiles = false;
    /// Kind 7 is a solid kind of its own category and mask, which every third solid tile write
    /// writes (initial_kind).
    bool glass_tiles = false;
    std::vector<BodyDef> bodies;
    std::vector<Op> ops;
};

/// Decodes a scenario; `query_ops` enables query operations (fuzz_queries).
inline Scenario decode_scenario(ByteReader& in, bool query_ops) {
    Scenario s;
    static constexpr real cell_sizes[] = {64, 1, 16, 0.5f, 3, 1000, 7.25f, 100000};
    static constexpr double limits[] = {4096.0, 16777216.0 * 4, 1099511627776.0, 4.611686018427388e18 /* 2^62 */};
    const std::uint8_t header = in.u8();
    s.def.cell_size = cell_sizes[header & 7];
    s.def.oversize_cells = 1 + std::int32_t(in.u8() % 8);
    ValueGen gen(limits[(header >> 3) & 3]);
    s.sensor_variant = (header & 0x40) != 0;

    if (header & 0x20) {
        s.has_tiles = true;
        static constexpr real tile_sizes[] = {16, 1, 0.1f, 3, 1000, 0.7f, 0.0625f, 64};
        s.tiles.origin = gen.vec(in);
        const std::uint8_t ts = in.u8();
        s.tiles.tile_size = (ts & 0x80) ? gen.size(in) : tile_sizes[ts & 7];
        if (!(s.tiles.tile_size > 0) || !std::isfinite(s.tiles.tile_size)) s.tiles.tile_size = 16;
        s.tiles.columns = 1 + std::int32_t(in.u8() % 16);
        s.tiles.rows = 1 + std::int32_t(in.u8() % 16);
        s.tiles.category = fuzz_categories[in.u8() & 7];
        s.tiles.mask = fuzz_masks[in.u8() & 7];
        // The map's far corner must stay finite.
        const double far_x = double(s.tiles.origin.x) + double(s.tiles.tile_size) * s.tiles.columns;
        const double far_y = double(s.tiles.origin.y) + double(s.tiles.tile_size) * s.tiles.rows;
        if (!std::isfinite(real(far_x)) || !std::isfinite(real(far_y))) s.tiles.origin = {0, 0};
        // A tile size below the spacing of real numbers at the map's coordinates is refused by
        // TileMap::validate (tiles would have no width): fall back to a valid map.
        try {
            TileMap::validate(s.tiles, "fuzz");
        } catch (const Error&) {
            s.tiles.origin = {0, 0};
            s.tiles.tile_size = 16;
        }
        const std::uint32_t writes = in.u8() % 48;
        for (std::uint32_t i = 0; i < writes; ++i) {
            const std::uint8_t kind = in.u8();
            const TileCell c{std::int32_t(in.u8() % std::uint32_t(s.tiles.columns)),
                             std::int32_t(in.u8() % std::uint32_t(s.tiles.rows))};
            const Tile t = Tile((kind & 3) == 3 ? 1 : (kind & 3));
            if (kind & 0x80) {
                // a whole row from c to the right (floors, platforms)
                for (std::int32_t x = c.column; x < s.tiles.columns; ++x) s.initial_tiles.push_back({{x, c.row}, t});
            } else if (kind & 0x40) {
                // a whole column from c down (walls)
                for (std::int32_t y = c.row; y < s.tiles.rows; ++y) s.initial_tiles.push_back({{c.column, y}, t});
            } else {
                s.initial_tiles.push_back({c, t});
            }
            s.initial_sensor.resize(s.initial_tiles.size(), (kind & 3) == 3);
        }
    }

    const std::uint32_t nbodies = 1 + in.u8() % 12;
    for (std::uint32_t i = 0; i < nbodies; ++i) {
        BodyDef b;
        b.box = gen.box(in);
        const std::uint8_t f = in.u8();
        b.is_static = (f & 1) != 0;
        b.category = fuzz_categories[(f >> 1) & 7];
        b.mask = fuzz_masks[(f >> 4) & 7];
        if ((f & 0x80) != 0) b.one_way = OneWay::down; // a jump-through platform
        b.user_data = i;
        s.bodies.push_back(b);
    }

    while (in.more() && s.ops.size() < 48) {
        Op op;
        const std::uint8_t kind = in.u8();
        const std::uint32_t which = kind % 16;
        op.body = in.u8() % nbodies;
        if (which < 9 || (!query_ops && which >= 12)) {
            op.kind = Op::Kind::move;
            const std::uint8_t dk = in.u8();
            op.delta = gen.vec(in);
            if ((dk & 3) == 1) op.delta.y = 0;                                       // horizontal
            else if ((dk & 3) == 2) op.delta.x = 0;                                  // vertical
            if ((dk & 4) && !game_domain()) op.delta *= real(1 << ((dk >> 3) & 15)); // huge
            if (!is_finite(op.delta)) op.delta = {0, 0};
            static const bool short_moves = avoid("long-moves");
            if (short_moves) op.delta = {std::fmod(op.delta.x, real(1048576)), std::fmod(op.delta.y, real(1048576))};
            const std::uint8_t rm = in.u8();
            op.response_mode = std::uint8_t(rm % 7);
            if (op.response_mode == 5)
                for (Response& r : op.table) r = Response(in.u8() % 5);
            op.filter.seed = in.u8();
            op.restitution = real(in.u8()) / real(255);
            op.friction = real(in.u8()) / real(255);
            op.max_iterations = 1 + std::int32_t(in.u8() % 10);
            op.has_velocity = (rm & 0x80) != 0;
            if (op.has_velocity) op.velocity = gen.vec(in);
        } else if (which == 9) {
            op.kind = Op::Kind::set_tile;
            op.tile_variant = std::uint8_t(kind >> 4);
            op.cell = {std::int32_t(in.u8() % 16), std::int32_t(in.u8() % 16)};
            op.tile = Tile(in.u8() % 3);
        } else if (which == 10) {
            op.kind = Op::Kind::teleport;
            op.box = gen.box(in);
        } else if (which == 11) {
            op.kind = Op::Kind::set_filter;
            const std::uint8_t f = in.u8();
            op.category = fuzz_categories[f & 7];
            op.mask = fuzz_masks[(f >> 3) & 7];
        } else {
            op.kind = Op::Kind::query;
            op.query = in.u8();
            op.point = gen.vec(in);
            op.delta = gen.vec(in);
            if ((op.query & 0x40) && !game_domain()) op.delta *= real(1 << (op.query & 15));
            if (!is_finite(op.delta)) op.delta = {0, 0};
            op.box = gen.box(in);
            const std::uint8_t f = in.u8();
            op.category = fuzz_categories[f & 7];
            op.mask = fuzz_masks[(f >> 3) & 7];
            op.query_bodies = (f & 0x40) == 0;
            op.query_tiles = (f & 0x80) == 0;
            const std::uint8_t ig = in.u8();
            op.ignore_body = (ig & 1) ? 1 + (ig >> 1) % nbodies : 0;
            op.query_sensors = (ig & 0x80) != 0;
        }
        s.ops.push_back(op);
    }
    return s;
}

/// The sensor kind of a scenario's sensor variant (category 2, every mask bit).
inline constexpr std::int32_t sensor_kind = 5;
/// Its definition.
inline constexpr TileKind sensor_kind_def{TileShape::solid, 2, ~0u, true};

/// A scenario's solid kind of its own category and mask (a wall only some bodies meet).
inline constexpr std::int32_t glass_kind = 7;
/// Its definition.
inline constexpr TileKind glass_kind_def{TileShape::solid, 2, 5, false};

/// The kind build_world writes for the scenario's initial tile write i.
inline std::int32_t initial_kind(const Scenario& s, std::size_t i) {
    if (s.sensor_tiles && s.initial_sensor[i]) return sensor_kind;
    const Tile t = s.initial_tiles[i].second;
    if (s.glass_tiles && t == Tile::solid && i % 3 == 1) return glass_kind;
    return std::int32_t(t);
}

/// The scenario with every third body a sensor and its tile writes of kind 3 (else solid)
/// writing sensor tiles of kind sensor_kind.
inline Scenario make_sensor_variant(Scenario s) {
    for (std::size_t i = 0; i < s.bodies.size(); i += 3) {
        s.bodies[i].is_sensor = true;
        s.bodies[i].one_way = OneWay::none;
    }
    s.sensor_tiles = true;
    return s;
}

/// Fills world `w` (built from the scenario's WorldDef) with its tiles and bodies, and `ids`
/// with the body ids in scenario order.
inline void build_world(const Scenario& s, World& w, std::vector<BodyId>& ids) {
    if (s.has_tiles) {
        w.set_tile_map(s.tiles);
        if (s.sensor_tiles) w.set_tile_kind(sensor_kind, sensor_kind_def);
        if (s.glass_tiles) w.set_tile_kind(glass_kind, glass_kind_def);
        for (std::size_t i = 0; i < s.initial_tiles.size(); ++i)
            w.set_tile(s.initial_tiles[i].first, initial_kind(s, i));
    }
    ids.clear();
    for (const BodyDef& b : s.bodies) ids.push_back(w.add(b));
}

/// The world's part of a set_tile, teleport or set_filter operation.
inline void apply_world_op(const Scenario& sc, World& w, const std::vector<BodyId>& ids, const Op& op) {
    if (op.kind == Op::Kind::set_tile && sc.has_tiles)
        w.set_tile({op.cell.column % w.tiles().columns(), op.cell.row % w.tiles().rows()}, op.tile);
    if (op.kind == Op::Kind::teleport) w.teleport(ids[op.body], op.box);
    if (op.kind == Op::Kind::set_filter) w.set_filter(ids[op.body], op.category, op.mask);
}

/// The move options of a move operation.
inline MoveOptions options_of(const Op& op) {
    MoveOptions o;
    if (op.response_mode < 5) o.response = Response(op.response_mode);
    if (op.response_mode == 5) o.category_responses = &op.table;
    if (op.response_mode == 6) {
        o.filter = &fuzz_filter;
        o.filter_context = const_cast<FilterContext*>(&op.filter);
    }
    o.restitution = op.restitution;
    o.friction = op.friction;
    o.max_iterations = op.max_iterations;
    o.has_velocity = op.has_velocity;
    o.velocity = op.velocity;
    return o;
}

/// An Other as text, for messages.
inline std::string other_str(const Other& o) {
    char buf[64];
    if (o.is_body()) std::snprintf(buf, sizeof buf, "body %u/%u", o.body.index, o.body.generation);
    else if (o.is_tile()) std::snprintf(buf, sizeof buf, "tile (%d, %d)", o.tile.column, o.tile.row);
    else std::snprintf(buf, sizeof buf, "none");
    return buf;
}

/// A move result as text, for messages.
inline std::string move_str(const MoveResult& r) {
    std::string s = "box " + str(r.box) + " velocity " + str(r.velocity) + " iterations " +
                    std::to_string(r.iterations) + (r.truncated ? " truncated" : "") + ", contacts:";
    for (const Contact& c : r.contacts) {
        s += "\n    " + other_str(c.other) + " time " + str(c.time) + " normal " + str(c.normal) + " point " +
             str(c.point) + " box " + str(c.box) + " " + to_string(c.response) +
             (c.started_overlapping ? " started_overlapping" : "") + (c.corner ? " corner" : "");
    }
    return s;
}

/// Prints a decoded scenario on stderr (set SWEEPBOX_FUZZ_VERBOSE=1 when replaying a crash).
inline void print_scenario(const Scenario& s) {
    std::fprintf(stderr, "world: cell_size %s oversize_cells %d\n", str(s.def.cell_size).c_str(),
                 int(s.def.oversize_cells));
    if (s.has_tiles) {
        std::fprintf(stderr, "tiles: origin %s tile_size %s columns %d rows %d category %#x mask %#x\n",
                     str(s.tiles.origin).c_str(), str(s.tiles.tile_size).c_str(), int(s.tiles.columns),
                     int(s.tiles.rows), s.tiles.category, s.tiles.mask);
        std::vector<std::string> rows(std::size_t(s.tiles.rows), std::string(std::size_t(s.tiles.columns), '.'));
        for (const auto& [c, t] : s.initial_tiles) rows[std::size_t(c.row)][std::size_t(c.column)] = ".#="[int(t)];
        for (const std::string& r : rows) std::fprintf(stderr, "  %s\n", r.c_str());
    }
    for (std::size_t i = 0; i < s.bodies.size(); ++i)
        std::fprintf(stderr, "body %zu: %s%s%s category %#x mask %#x\n", i, str(s.bodies[i].box).c_str(),
                     s.bodies[i].is_static ? " static" : "", s.bodies[i].is_sensor ? " sensor" : "",
                     s.bodies[i].category, s.bodies[i].mask);
    static const char* kinds[] = {"move", "set_tile", "teleport", "set_filter", "query"};
    static const char* modes[] = {"ignore", "touch", "slide", "cross", "bounce", "category table", "filter"};
    for (std::size_t i = 0; i < s.ops.size(); ++i) {
        const Op& op = s.ops[i];
        std::fprintf(stderr, "op %zu: %s body %u", i, kinds[int(op.kind)], op.body);
        if (op.kind == Op::Kind::move)
            std::fprintf(stderr, " delta %s response %s (seed %u) restitution %s friction %s max_iterations %d%s%s",
                         str(op.delta).c_str(), modes[op.response_mode], op.filter.seed, str(op.restitution).c_str(),
                         str(op.friction).c_str(), int(op.max_iterations), op.has_velocity ? " velocity " : "",
                         op.has_velocity ? str(op.velocity).c_str() : "");
        if (op.kind == Op::Kind::set_tile)
            std::fprintf(stderr, " cell (%d, %d) tile %d variant %u", op.cell.column, op.cell.row, int(op.tile),
                         unsigned(op.tile_variant));
        if (op.kind == Op::Kind::teleport) std::fprintf(stderr, " box %s", str(op.box).c_str());
        if (op.kind == Op::Kind::set_filter) std::fprintf(stderr, " category %#x mask %#x", op.category, op.mask);
        if (op.kind == Op::Kind::query)
            std::fprintf(
                stderr,
                " query %u point %s delta %s box %s category %#x mask %#x bodies %d tiles %d sensors %d ignore %u",
                unsigned(op.query), str(op.point).c_str(), str(op.delta).c_str(), str(op.box).c_str(), op.category,
                op.mask, int(op.query_bodies), int(op.query_tiles), int(op.query_sensors), op.ignore_body);
        std::fprintf(stderr, "\n");
    }
}

/// True when SWEEPBOX_FUZZ_VERBOSE is set: the targets print what they decoded.
inline bool verbose() {
    static const bool v = std::getenv("SWEEPBOX_FUZZ_VERBOSE") != nullptr;
    return v;
}

/// Appends the bytes of a value to a trace (for bit-for-bit comparisons).
template <class T> void trace(std::vector<std::uint8_t>& out, const T& v) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
    out.insert(out.end(), p, p + sizeof v);
}
/// Appends a box.
inline void trace_box(std::vector<std::uint8_t>& out, const Aabb& b) {
    trace(out, b.min.x);
    trace(out, b.min.y);
    trace(out, b.max.x);
    trace(out, b.max.y);
}
/// Appends a vector.
inline void trace_vec(std::vector<std::uint8_t>& out, Vec2 v) {
    trace(out, v.x);
    trace(out, v.y);
}
/// Appends an Other.
inline void trace_other(std::vector<std::uint8_t>& out, const Other& o) {
    trace(out, std::uint8_t(o.kind));
    trace(out, o.body.index);
    trace(out, o.body.generation);
    trace(out, o.tile.column);
    trace(out, o.tile.row);
}
/// Appends everything a move reported.
inline void trace_move(std::vector<std::uint8_t>& out, const MoveResult& r) {
    trace_box(out, r.box);
    trace_vec(out, r.velocity);
    trace(out, r.iterations);
    trace(out, std::uint8_t(r.truncated));
    trace(out, std::uint32_t(r.contacts.size()));
    for (const Contact& c : r.contacts) {
        trace_other(out, c.other);
        trace(out, c.time);
        trace_vec(out, c.normal);
        trace_vec(out, c.point);
        trace_box(out, c.box);
        trace(out, std::uint8_t(c.response));
        trace(out, std::uint8_t(c.started_overlapping));
        trace(out, std::uint8_t(c.corner));
        trace(out, c.depth);
        trace_vec(out, c.sweep_back);
    }
}

} // namespace sweepbox::fuzz
