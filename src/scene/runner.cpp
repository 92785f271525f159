// The scene runner: builds a World from a Scene, runs its steps and prints one JSON object per
// step (JSON Lines, the field order of docs/scenes.md), recording what happened for the SVG renderer.
#include <sweepbox/character.hpp>
#include <sweepbox/scene.hpp>

#include <sweepbox/particles.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <utility>

#include "platform_names.hpp"

namespace sweepbox {

namespace {

// A number the output would have to print as inf or nan; run_step turns it into a SceneError.
struct NonFinite {
    const char* field;
    real value;
    [[nodiscard]] std::string problem() const {
        const char* text = std::isnan(value) ? "nan" : value > 0 ? "inf" : "-inf";
        return std::string("the result is not finite: \"") + field + "\" would be " + text;
    }
};

// The library's messages start with "sweepbox: "; the program adds that prefix itself.
std::string problem_of(const Error& e) {
    std::string_view m = e.what();
    constexpr std::string_view prefix = "sweepbox: ";
    if (m.substr(0, prefix.size()) == prefix) m.remove_prefix(prefix.size());
    return std::string(m);
}

void check_finite(Vec2 v, const char* field) {
    if (!std::isfinite(v.x)) throw NonFinite{field, v.x};
    if (!std::isfinite(v.y)) throw NonFinite{field, v.y};
}

// A small writer for one output line: `{"key": value, ...}` with the spacing of docs/scenes.md.
class Line {
public:
    Line& key(const char* k) {
        comma();
        out_ += '"';
        out_ += k;
        out_ += "\": ";
        need_comma_ = false;
        last_key_ = k;
        return *this;
    }
    Line& raw(const std::string& s) {
        comma();
        out_ += s;
        need_comma_ = true;
        return *this;
    }
    Line& num(real v) {
        if (!std::isfinite(v)) throw NonFinite{last_key_, v};
        return raw(format_real(v));
    }
    Line& integer(long long v) { return raw(std::to_string(v)); }
    Line& boolean(bool b) { return raw(b ? "true" : "false"); }
    Line& str(const std::string& s) {
        std::string q = "\"";
        for (char c : s) {
            if (c == '"' || c == '\\') {
                q += '\\';
                q += c;
            } else if (static_cast<unsigned char>(c) < 0x20) {
                static const char* hex = "0123456789abcdef";
                q += "\\u00";
                q += hex[(c >> 4) & 0xf];
                q += hex[c & 0xf];
            } else {
                q += c;
            }
        }
        return raw(q + '"');
    }
    // An object key that is a name (escaped as a string).
    Line& name_key(const std::string& k) {
        str(k);
        out_ += ": ";
        need_comma_ = false;
        return *this;
    }
    Line& vec(Vec2 v) { return open('[').num(v.x).num(v.y).close(']'); }
    Line& box(const Aabb& b) { return open('[').num(b.min.x).num(b.min.y).num(b.max.x).num(b.max.y).close(']'); }
    Line& open(char c) {
        comma();
        out_ += c;
        need_comma_ = false;
        return *this;
    }
    Line& close(char c) {
        out_ += c;
        need_comma_ = true;
        return *this;
    }
    std::string take() { return std::move(out_); }

private:
    void comma() {
        if (need_comma_) out_ += ", ";
    }
    std::string out_;
    bool need_comma_ = false;
    const char* last_key_ = "";
};

} // namespace

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
        const SceneTiles& t = scene_.tiles ? *scene_.tiles : *scene_.level_tiles;
        TileMapDef def;
        def.origin = t.origin;
        def.tile_size = t.size;
        def.rows = std::int32_t(t.rows.size());
        def.columns = def.rows > 0 ? std::int32_t(t.rows[0].size()) : 0;
        def.category = t.category;
        def.mask = t.mask;
        try {
            world_.set_tile_map(def);
            // The kind of each row character (-1: none).
            std::array<std::int32_t, 256> kind_of{};
            for (std::size_t ch = 0; ch < kind_of.size(); ++ch)
                kind_of[ch] = scene_tile_kind(t, std::string(1, char(static_cast<unsigned char>(ch))));
            // Kind k < tile_shape_count is shape k (0-2 are the map's defaults). Only the shapes the
            // rows and set_tile steps use are defined: each definition is a pass over the map.
            std::array<bool, tile_shape_count> used{};
            for (const std::string& row : t.rows)
                for (char ch : row)
                    if (const std::int32_t k = kind_of[static_cast<unsigned char>(ch)]; k >= 0 && k < tile_shape_count)
                        used[std::size_t(k)] = true;
            for (const SceneStep& s : scene_.steps)
                if (s.op == SceneOp::set_tile)
                    if (const std::int32_t k = scene_tile_kind(t, s.tile); k >= 0 && k < tile_shape_count)
                        used[std::size_t(k)] = true;
            for (int k = 3; k < tile_shape_count; ++k)
                if (used[std::size_t(k)]) world_.set_tile_kind(k, {TileShape(k), def.category, def.mask, false});
            for (std::size_t k = 0; k < t.kinds.size(); ++k) {
                const SceneKind& sk = t.kinds[k];
                world_.set_tile_kind(scene_tile_kind(t, sk.name), {sk.shape, sk.category.value_or(def.category),
                                                                   sk.mask.value_or(def.mask), sk.sensor});
            }
            for (std::int32_t r = 0; r < def.rows; ++r)
                for (std::int32_t c = 0; c < def.columns; ++c) {
                    const std::int32_t kind =
                        kind_of[static_cast<unsigned char>(t.rows[std::size_t(r)][std::size_t(c)])];
                    if (kind != 0) world_.set_tile({c, r}, kind);
                }
        } catch (const Error& e) {
            throw SceneError(file_, "tiles", problem_of(e));
        }
    }
    for (const SceneBody& b : scene_.level_bodies) add_body(b, "level");
    for (std::size_t i = 0; i < scene_.bodies.size(); ++i)
        add_body(scene_.bodies[i], "bodies[" + std::to_string(i) + "]");
}

void SceneRunner::add_body(const SceneBody& b, const std::string& where) {
    if (ids_.contains(b.name)) throw SceneError(file_, where, "duplicate body name \"" + b.name + "\"");
    BodyDef def;
    def.box = b.box;
    def.is_static = b.is_static;
    def.is_platform = b.is_platform;
    def.category = b.category;
    def.mask = b.mask;
    def.user_data = b.user_data;
    def.is_sensor = b.is_sensor;
    def.one_way = b.one_way;
    BodyId id;
    try {
        id = world_.add(def);
    } catch (const Error& e) {
        throw SceneError(file_, where, problem_of(e));
    }
    ids_[b.name] = id;
    if (names_.size() <= id.index) names_.resize(std::size_t(id.index) + 1);
    names_[id.index] = b.name;
    ever_[detail::id_key(id)] = b.name;
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

std::vector<NamedBody> SceneRunner::bodies() const {
    std::vector<NamedBody> out;
    for (const std::string& name : names_)
        if (!name.empty()) out.push_back({name, ids_.at(name)});
    return out;
}

BodyId SceneRunner::id_of(const std::string& name, std::size_t step) const {
    auto it = ids_.find(name);
    if (it == ids_.end())
        throw SceneError(file_, "step " + std::to_string(step) + " (" + to_string(scene_.steps[step].op) + ")",
                         "unknown body \"" + name + "\"");
    return it->second;
}

std::string SceneRunner::name_of(const Other& other) const {
    if (other.is_tile())
        return "tile [" + std::to_string(other.tile.column) + ", " + std::to_string(other.tile.row) + "]";
    if (other.is_body()) {
        const std::uint32_t i = other.body.index;
        if (i < names_.size() && !names_[i].empty() && ids_.at(names_[i]) == other.body) return names_[i];
        return "body " + std::to_string(other.body.index) + ":" + std::to_string(other.body.generation);
    }
    return "none";
}

std::string SceneRunner::other_json(const Other& other) const {
    Line l;
    if (other.is_tile()) {
        l.open('{');
        l.key("tile").open('[').integer(other.tile.column).integer(other.tile.row).close(']');
        l.close('}');
    } else if (other.is_body()) {
        l.str(name_of(other));
    } else {
        l.raw("null");
    }
    return l.take();
}

QueryFilter SceneRunner::filter_of(const SceneStep& s, std::size_t step) const {
    QueryFilter f;
    f.category = s.category;
    f.mask = s.mask;
    f.bodies = s.bodies;
    f.tiles = s.tiles;
    f.sensors = s.sensors;
    if (!s.ignore.empty()) f.ignore = id_of(s.ignore, step);
    return f;
}

namespace {

void write_contact(Line& l, const Contact& c, const std::string& other, std::int32_t frame) {
    l.open('{');
    if (frame >= 0) l.key("frame").integer(frame);
    l.key("other").raw(other);
    l.key("time").num(c.time);
    l.key("normal").vec(c.normal);
    l.key("point").vec(c.point);
    l.key("box").box(c.box);
    l.key("response").str(to_string(c.response));
    l.key("started_overlapping").boolean(c.started_overlapping);
    if (c.started_overlapping) {
        l.key("depth").num(c.depth);
        l.key("sweep_back").vec(c.sweep_back);
    }
    if (c.junction) l.key("junction").boolean(true);
    l.close('}');
}

// The ground state of a move's answer under the step's rules, into the line; `name` writes what
// the floor is (other_json).
template <class Name> void write_ground(Line& l, const MoveResult& r, const SceneStep& s, const Name& name) {
    const GroundState g = ground_state(r, GroundRules{s.up, s.max_floor_angle});
    l.key("on_floor").boolean(g.on_floor);
    l.key("on_wall").boolean(g.on_wall);
    l.key("on_ceiling").boolean(g.on_ceiling);
    if (g.on_floor) l.key("floor").raw(name(g.floor));
}

using detail::PlatformNames;

PlatformOptions platform_options_of(const SceneStep& s) { return {.up = s.up, .crush = s.crush}; }

// A frame's input, as a game's walk sets it: the velocity's part across `up` is `walk` (to its
// right, looking along `up`); its part along `up` is kept in the air and dropped on a floor, where
// the slide left it along the ramp (upward, it would read as a jump). Exact for an axis `up`.
Vec2 with_walk(Vec2 v, const SceneStep& s, bool on_floor) {
    if (!s.has_walk) return v;
    if (s.up.x == 0) return {s.up.y < 0 ? s.walk : -s.walk, on_floor ? 0 : v.y};
    if (s.up.y == 0) return {on_floor ? 0 : v.x, s.up.x > 0 ? s.walk : -s.walk};
    const real len = std::hypot(s.up.x, s.up.y); // no overflow for a long `up`
    const Vec2 u{s.up.x / len, s.up.y / len}, across{-u.y, u.x};
    const real along = on_floor ? 0 : v.x * u.x + v.y * u.y;
    return {along * u.x + s.walk * across.x, along * u.y + s.walk * across.y};
}

SnapRules snap_of(const SceneStep& s) {
    return {.snap = s.snap,
            .ground = {.up = s.up, .max_floor_angle = s.max_floor_angle},
            .constant_speed = s.constant_speed,
            .stop_on_steep = s.stop_on_steep};
}

MoveOptions options_of(const SceneStep& s) {
    MoveOptions o;
    o.response = s.response;
    o.restitution = s.restitution;
    o.friction = s.friction;
    o.max_iterations = s.max_iterations;
    o.rest_speed = s.rest_speed;
    o.has_velocity = s.has_velocity;
    o.velocity = s.velocity;
    o.drop_through = s.drop_through;
    return o;
}

} // namespace

std::string SceneRunner::run_step(std::size_t i) {
    const std::string where = i < scene_.steps.size()
                                ? "step " + std::to_string(i) + " (" + to_string(scene_.steps[i].op) + ")"
                                : "step " + std::to_string(i);
    if (i != next_step_) throw SceneError(file_, where, "steps must run in order, each once");
    const SceneStep& s = scene_.steps[i];
    Line l;
    l.open('{');
    l.key("step").integer(static_cast<long long>(i));
    l.key("op").str(to_string(s.op));
    // "riders", "pushed", "crushed" (names), "stopped", and "boxes": each one's box now.
    auto write_platform_names = [&](Line& line, const PlatformNames& n) {
        auto list = [&](const char* key, const std::vector<BodyId>& ids) {
            line.key(key).open('[');
            for (BodyId id : ids) line.str(names_.at(id.index));
            line.close(']');
        };
        list("riders", n.riders);
        list("pushed", n.pushed);
        list("crushed", n.crushed);
        if (n.stopped) line.key("stopped").boolean(true);
        line.key("boxes").open('{');
        for (const auto* ids : {&n.riders, &n.pushed})
            for (BodyId id : *ids) line.name_key(names_.at(id.index)).box(world_.box(id));
        line.close('}');
        if (record_)
            for (BodyId id : n.riders)
                if (riders_seen_.insert(names_.at(id.index)).second) trace_.riders.push_back(names_.at(id.index));
    };
    try {
        switch (s.op) {
        case SceneOp::move: {
            const BodyId id = id_of(s.body, i);
            if (world_.info(id).is_platform) {
                if (s.check) throw SceneError(file_, where, "a platform's move has no dry run (\"check\")");
                MoveTrace t;
                t.step = i;
                t.body = s.body;
                t.start = world_.box(id);
                t.delta = s.delta;
                t.platform = true;
                const PlatformResult r = move_platform(world_, id, s.delta, platform_options_of(s));
                t.result.box = r.box;
                PlatformNames names;
                names.add(r);
                l.key("body").str(s.body);
                l.key("box").box(r.box);
                l.key("moved").vec(r.moved);
                write_platform_names(l, names);
                if (trace_move(i)) trace_.moves.push_back(std::move(t));
                break;
            }
            MoveTrace t;
            t.step = i;
            t.body = s.body;
            t.start = world_.box(id);
            t.delta = s.delta;
            t.has_velocity = s.has_velocity;
            t.velocity_before = s.velocity;
            t.check = s.check;
            if (s.check) {
                t.result = world_.check(id, s.delta, options_of(s));
            } else {
                move_and_snap(world_, id, s.delta, options_of(s), on_floor_[s.body], snap_of(s), t.result);
                on_floor_[s.body] = ground_state(t.result, snap_of(s).ground).on_floor;
            }
            if (s.has_velocity && !s.check) velocities_[s.body] = t.result.velocity;
            l.key("body").str(s.body);
            if (s.check) l.key("check").boolean(true);
            l.key("box").box(t.result.box);
            if (s.has_velocity) l.key("velocity").vec(t.result.velocity);
            l.key("contacts").open('[');
            for (const Contact& c : t.result.contacts) write_contact(l, c, other_json(c.other), -1);
            l.close(']');
            if (t.result.truncated) l.key("truncated").boolean(true);
            write_ground(l, t.result, s, [&](const Other& other) { return other_json(other); });
            if (trace_move(i)) trace_.moves.push_back(std::move(t));
            break;
        }
        case SceneOp::frames: {
            // Semi-implicit Euler, one move per frame: v += g*dt; move by v*dt carrying v.
            // Per frame only the listed contacts (at most max_listed_contacts) and the bounded
            // trace are kept, so memory does not grow with the count.
            const BodyId id = id_of(s.body, i);
            // A platform's frame is a move_platform (no contacts, no ground state).
            const bool platform = world_.info(id).is_platform;
            PlatformNames names;
            PlatformResult moved;
            MoveOptions o = options_of(s);
            o.has_velocity = true;
            Vec2 v = s.has_velocity ? s.velocity : velocities_[s.body];
            Line contacts;
            std::size_t listed = 0, omitted = 0;
            bool truncated = false;
            MoveResult r;
            for (std::int32_t f = 0; f < s.count; ++f) {
                try {
                    // The step's own "velocity" is its first frame's input (a jump): kept whole.
                    const bool grounded = on_floor_[s.body] && !(f == 0 && s.has_velocity);
                    const FrameMotion m = frame_motion(with_walk(v, s, grounded), s.gravity, s.dt);
                    v = m.velocity;
                    check_finite(v, "velocity");
                    const Aabb start = world_.box(id);
                    const Vec2 delta = m.delta;
                    o.velocity = v;
                    if (platform) {
                        move_platform(world_, id, delta, platform_options_of(s), moved);
                        names.add(moved);
                        r.box = moved.box;
                        r.velocity = v;
                    } else {
                        move_and_snap(world_, id, delta, o, on_floor_[s.body], snap_of(s), r);
                        on_floor_[s.body] = ground_state(r, snap_of(s).ground).on_floor;
                    }
                    check_finite(r.box.min, "box");
                    check_finite(r.box.max, "box");
                    check_finite(r.velocity, "velocity");
                    for (const Contact& c : r.contacts) {
                        if (listed == max_listed_contacts) {
                            ++omitted;
                            continue;
                        }
                        write_contact(contacts, c, other_json(c.other), f);
                        ++listed;
                    }
                    if (trace_move(i)) {
                        MoveTrace t;
                        t.step = i;
                        t.frame = f;
                        t.body = s.body;
                        t.start = start;
                        t.delta = delta;
                        t.has_velocity = !platform;
                        t.velocity_before = v;
                        t.platform = platform;
                        t.result = r;
                        trace_.moves.push_back(std::move(t));
                    }
                    v = r.velocity;
                    truncated = truncated || r.truncated;
                } catch (const Error& e) {
                    throw SceneError(file_, where + ", frame " + std::to_string(f), problem_of(e));
                } catch (const NonFinite& n) {
                    throw SceneError(file_, where + ", frame " + std::to_string(f), n.problem());
                }
            }
            velocities_[s.body] = v;
            l.key("body").str(s.body);
            l.key("box").box(world_.box(id));
            l.key("velocity").vec(v);
            l.key("frames").integer(s.count);
            if (platform) {
                write_platform_names(l, names);
                break;
            }
            l.key("contacts").open('[');
            if (listed > 0) l.raw(contacts.take());
            l.close(']');
            if (omitted > 0) l.key("contacts_omitted").integer(static_cast<long long>(omitted));
            if (truncated) l.key("truncated").boolean(true);
            write_ground(l, r, s, [&](const Other& other) { return other_json(other); }); // the last frame's
            break;
        }
        case SceneOp::cast_ray:
        case SceneOp::cast_box: {
            const QueryFilter f = filter_of(s, i);
            CastTrace t;
            t.step = i;
            t.op = s.op;
            t.box = s.op == SceneOp::cast_ray ? Aabb{s.from, s.from} : s.box;
            t.delta = s.delta;
            const CastHit h = s.op == SceneOp::cast_ray ? world_.cast_ray(s.from, s.delta, f)
                                                        : world_.cast_box(s.box, s.delta, f);
            l.key("hit").boolean(h.hit);
            if (h.hit) {
                l.key("time").num(h.time);
                l.key("point").vec(h.point);
                l.key("normal").vec(h.normal);
                if (s.op == SceneOp::cast_box) l.key("box").box(h.box);
                l.key("other").raw(other_json(h.other));
                if (h.started_overlapping) l.key("started_overlapping").boolean(true);
                if (h.junction) l.key("junction").boolean(true);
                t.hits.push_back(h);
            }
            cast_hits_[i] = h;
            if (record_) trace_.casts.push_back(std::move(t));
            break;
        }
        case SceneOp::cast_all: {
            const QueryFilter f = filter_of(s, i);
            CastTrace t;
            t.step = i;
            t.op = s.op;
            t.box = s.box;
            t.delta = s.delta;
            world_.cast_all(s.box, s.delta, t.hits, f);
            l.key("hits").open('[');
            for (const CastHit& h : t.hits) {
                l.open('{');
                l.key("time").num(h.time);
                l.key("point").vec(h.point);
                l.key("normal").vec(h.normal);
                l.key("box").box(h.box);
                l.key("other").raw(other_json(h.other));
                if (h.started_overlapping) l.key("started_overlapping").boolean(true);
                if (h.junction) l.key("junction").boolean(true);
                l.close('}');
            }
            l.close(']');
            if (record_) trace_.casts.push_back(std::move(t));
            break;
        }
        case SceneOp::query_rect:
        case SceneOp::query_point:
        case SceneOp::query_segment: {
            const QueryFilter f = filter_of(s, i);
            std::vector<Other> found;
            QueryTrace t;
            t.step = i;
            t.op = s.op;
            if (s.op == SceneOp::query_rect) {
                t.rect = s.box;
                world_.query_rect(s.box, found, f);
            } else if (s.op == SceneOp::query_point) {
                t.rect = {s.point, s.point};
                world_.query_point(s.point, found, f);
            } else {
                t.from = s.from;
                t.to = s.to;
                world_.query_segment(s.from, s.to, found, f);
            }
            t.found = found.size();
            l.key("found").open('[');
            for (const Other& o : found) l.raw(other_json(o));
            l.close(']');
            if (record_) trace_.queries.push_back(t);
            break;
        }
        case SceneOp::overlapping_pairs: {
            std::vector<Pair> pairs;
            world_.overlapping_pairs(pairs);
            l.key("pairs").open('[');
            for (const Pair& p : pairs) {
                l.open('{');
                l.key("a").raw(other_json(Other::of(p.a)));
                l.key("b").raw(other_json(Other::of(p.b)));
                l.key("depth").num(p.overlap.depth);
                l.key("normal").vec(p.overlap.normal);
                l.close('}');
            }
            l.close(']');
            break;
        }
        case SceneOp::events: {
            world_.update_events();
            const Events e = world_.events();
            auto name = [&](BodyId id) {
                auto it = ever_.find(detail::id_key(id));
                return it != ever_.end() ? it->second : name_of(Other::of(id));
            };
            auto other = [&](const Other& o) {
                if (!o.is_body()) return other_json(o);
                Line n;
                n.str(name(o.body));
                return n.take();
            };
            auto sensor_list = [&](const char* key, std::span<const SensorEvent> list) {
                l.key(key).open('[');
                for (const SensorEvent& ev : list)
                    l.open('[').raw(other(Other::of(ev.visitor))).raw(other(ev.sensor)).close(']');
                l.close(']');
            };
            auto contact_list = [&](const char* key, std::span<const ContactEvent> list) {
                l.key(key).open('[');
                for (const ContactEvent& ev : list)
                    l.open('[').raw(other(Other::of(ev.body))).raw(other(ev.other)).close(']');
                l.close(']');
            };
            sensor_list("sensor_begin", e.sensor_begin);
            sensor_list("sensor_end", e.sensor_end);
            contact_list("contact_begin", e.contact_begin);
            contact_list("contact_end", e.contact_end);
            break;
        }
        case SceneOp::teleport: {
            const BodyId id = id_of(s.body, i);
            world_.teleport(id, s.box);
            l.key("body").str(s.body);
            l.key("box").box(world_.box(id));
            break;
        }
        case SceneOp::set_tile: {
            const SceneTiles& tiles = scene_.tiles ? *scene_.tiles : *scene_.level_tiles;
            world_.set_tile(s.cell, scene_tile_kind(tiles, s.tile));
            l.key("cell").open('[').integer(s.cell.column).integer(s.cell.row).close(']');
            l.key("tile").str(s.tile);
            break;
        }
        case SceneOp::add: {
            add_body(s.add, where);
            l.key("body").str(s.add.name);
            l.key("box").box(world_.box(ids_.at(s.add.name)));
            break;
        }
        case SceneOp::particles: {
            l.raw(run_particles(i, where));
            break;
        }
        case SceneOp::remove: {
            const BodyId id = id_of(s.body, i);
            world_.remove(id);
            ids_.erase(s.body);
            names_[id.index].clear();
            velocities_.erase(s.body);
            l.key("body").str(s.body);
            break;
        }
        }
    } catch (const Error& e) {
        throw SceneError(file_, where, problem_of(e));
    } catch (const NonFinite& n) {
        throw SceneError(file_, where, n.problem());
    }
    l.close('}');
    ++next_step_;
    return l.take();
}

namespace {

// FNV-1a over the bits of every number (Fowler, Noll, Vo): the same runs print the same checksum.
struct Checksum {
    std::uint64_t h = 0xcbf29ce484222325ull;
    void add(real v) {
        unsigned char b[sizeof(real)];
        std::memcpy(b, &v, sizeof b);
        for (unsigned char c : b) h = (h ^ c) * 0x100000001b3ull;
    }
    [[nodiscard]] std::string text() const {
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
        return buf;
    }
};

} // namespace

// A `particles` step: the batch from its "emit" list, then `count` frames of move_particles.
// Returns the fields of the output line after "op".
std::string SceneRunner::run_particles(std::size_t i, const std::string& where) {
    const SceneStep& s = scene_.steps[i];
    std::size_t n = 0;
    for (const SceneEmit& e : s.emit) n += e.cone ? std::size_t(e.count) : 1;
    ParticleArrays arrays;
    arrays.x.resize(n);
    arrays.y.resize(n);
    arrays.vx.resize(n);
    arrays.vy.resize(n);
    std::vector<real>&x = arrays.x, &y = arrays.y, &vx = arrays.vx, &vy = arrays.vy;
    const Particles batch = arrays.view();
    std::size_t next = 0;
    for (const SceneEmit& e : s.emit) {
        if (!e.cone) {
            x[next] = e.from.x;
            y[next] = e.from.y;
            vx[next] = e.velocity.x;
            vy[next] = e.velocity.y;
            ++next;
            continue;
        }
        const auto hit = cast_hits_.find(e.hit_step);
        if (hit == cast_hits_.end() || !hit->second.hit)
            throw SceneError(file_, where,
                             "field \"emit\": the cast of step " + std::to_string(e.hit_step) + " hit nothing");
        SparkCone cone;
        cone.count = std::size_t(e.count);
        cone.spread = e.spread;
        cone.min_speed = e.min_speed;
        cone.restitution = s.restitution;
        cone.friction = s.friction;
        cone.seed = e.seed;
        emit_sparks(hit->second, scene_.steps[e.hit_step].delta, cone, batch, next);
        next += cone.count;
    }
    ParticleFrame f;
    f.gravity = s.gravity;
    f.dt = s.dt;
    f.rest_speed = s.rest_speed;
    f.max_iterations = s.max_iterations;
    f.restitution = s.restitution;
    f.friction = s.friction;
    f.category = s.category;
    f.mask = s.mask;
    // Room for every contact a frame can have: max_iterations bounces and the pushes out of an
    // obstacle (rule 7, at most 4) per particle.
    std::vector<ParticleContact> buffer(n * (std::size_t(s.max_iterations) + 4));
    ParticleContacts contacts;
    contacts.data = buffer.data();
    contacts.capacity = buffer.size();
    const bool listed = n <= max_listed_particles;
    ParticleTrace t;
    const bool traced = trace_move(i, n * std::size_t(s.count));
    if (traced) {
        t.step = i;
        t.count = n;
        t.frames = s.count;
        t.positions.resize(n * (std::size_t(s.count) + 1));
        for (std::size_t k = 0; k < n; ++k) t.positions[k * (std::size_t(s.count) + 1)] = {x[k], y[k]};
    }
    Line list;
    std::size_t total = 0, shown = 0, omitted = 0;
    std::vector<Vec2> last_normal(traced ? n : 0, Vec2{0, 0});
    for (std::int32_t frame = 0; frame < s.count; ++frame) {
        try {
            move_particles(world_, batch, f, contacts);
        } catch (const Error& e) {
            throw SceneError(file_, where + ", frame " + std::to_string(frame), problem_of(e));
        }
        total += contacts.count;
        for (std::size_t k = 0; k < contacts.count; ++k) {
            const ParticleContact& c = buffer[k];
            if (traced) {
                // A particle at rest touches its floor every frame: its landing is drawn once.
                const bool again = c.normal == last_normal[c.particle] && c.velocity == Vec2{0, 0};
                last_normal[c.particle] = c.normal;
                if (!again) {
                    Contact& b = t.bounces.emplace_back();
                    b.point = c.point;
                    b.normal = c.normal;
                }
            }
            if (!listed) continue;
            if (shown == max_listed_contacts) {
                ++omitted;
                continue;
            }
            ++shown;
            list.open('{');
            list.key("particle").integer(c.particle);
            list.key("frame").integer(frame);
            list.key("point").vec(c.point);
            list.key("normal").vec(c.normal);
            list.key("velocity").vec(c.velocity);
            list.key("other").raw(other_json(c.other));
            if (c.junction) list.key("junction").boolean(true);
            list.close('}');
        }
        if (traced)
            for (std::size_t k = 0; k < n; ++k)
                t.positions[k * (std::size_t(s.count) + 1) + std::size_t(frame) + 1] = {x[k], y[k]};
    }
    Line l;
    l.key("particles").integer(static_cast<long long>(n));
    l.key("frames").integer(s.count);
    if (listed) {
        l.key("positions").open('[');
        for (std::size_t k = 0; k < n; ++k) l.vec({x[k], y[k]});
        l.close(']');
        l.key("velocities").open('[');
        for (std::size_t k = 0; k < n; ++k) l.vec({vx[k], vy[k]});
        l.close(']');
        l.key("alive").open('[');
        for (std::size_t k = 0; k < n; ++k) l.boolean(true);
        l.close(']');
        l.key("contacts").open('[');
        if (shown > 0) l.raw(list.take());
        l.close(']');
        if (omitted > 0) l.key("contacts_omitted").integer(static_cast<long long>(omitted));
    } else {
        Checksum sum;
        std::size_t resting = 0;
        for (std::size_t k = 0; k < n; ++k) {
            sum.add(x[k]);
            sum.add(y[k]);
            sum.add(vx[k]);
            sum.add(vy[k]);
            resting += vx[k] == 0 && vy[k] == 0 ? 1u : 0u;
        }
        l.key("contacts").integer(static_cast<long long>(total));
        l.key("at_rest").integer(static_cast<long long>(resting));
        l.key("checksum").str(sum.text());
    }
    if (traced) trace_.particles.push_back(std::move(t));
    return l.take();
}

std::vector<std::string> SceneRunner::run_all() {
    std::vector<std::string> lines;
    while (next_step_ < scene_.steps.size()) lines.push_back(run_step(next_step_));
    return lines;
}

} // namespace sweepbox
