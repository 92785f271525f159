// Scene files: a body's and a step's fields, with every check that needs only the object itself
// (the names a step uses are checked against the whole scene in scene.cpp).
#include "scene_steps.hpp"

#include <algorithm>
#include <iterator>
#include <limits>
#include <string>

namespace sweepbox::detail {

namespace {

bool response_of(const std::string& s, Response& r) {
    for (Response c : {Response::ignore, Response::touch, Response::slide, Response::cross, Response::bounce})
        if (s == to_string(c)) {
            r = c;
            return true;
        }
    return false;
}

constexpr SceneOp all_ops[] = {SceneOp::move,        SceneOp::frames,        SceneOp::cast_ray,
                               SceneOp::cast_box,    SceneOp::cast_all,      SceneOp::query_rect,
                               SceneOp::query_point, SceneOp::query_segment, SceneOp::overlapping_pairs,
                               SceneOp::teleport,    SceneOp::set_tile,      SceneOp::add,
                               SceneOp::remove,      SceneOp::particles,     SceneOp::events,
                               SceneOp::save,        SceneOp::restore,       SceneOp::begin_frame};

} // namespace

void read_body_fields(Fields& f, SceneBody& b) {
    f.read("name", b.name, true);
    if (b.name.empty()) f.fail("name", "empty name");
    f.read("box", b.box, true);
    f.read("static", b.is_static);
    std::string kind;
    if (f.read("kind", kind)) {
        if (kind == "static") {
            if (f.has("static") && !b.is_static) f.fail("kind", "\"static\" contradicts \"static\": false");
            b.is_static = true;
        } else if (kind == "dynamic" || kind == "platform" || kind == "sensor") {
            if (b.is_static) f.fail("kind", in_quotes(kind) + " contradicts \"static\": true");
            b.is_platform = kind == "platform";
            b.is_sensor = kind == "sensor";
        } else {
            f.fail("kind", "unknown kind " + in_quotes(kind) + " (static, dynamic, platform, sensor)");
        }
    }
    f.read_bits("category", b.category);
    f.read_bits("mask", b.mask);
    f.read_u64("user_data", b.user_data);
    std::string one_way;
    if (f.read("one_way", one_way)) {
        constexpr OneWay ways[] = {OneWay::down, OneWay::up, OneWay::left, OneWay::right};
        const auto it = std::find_if(std::begin(ways), std::end(ways),
                                     [&](OneWay w) { return one_way == to_string(w); });
        if (it == std::end(ways))
            f.fail("one_way", "unknown direction " + in_quotes(one_way) + " (down, up, left, right)");
        b.one_way = *it;
    }
}

namespace {

void read_query_filter(Fields& f, SceneStep& s) {
    f.read_bits("category", s.category);
    f.read_bits("mask", s.mask);
    f.read("ignore", s.ignore);
    f.read("bodies", s.bodies);
    f.read("tiles", s.tiles);
}

void read_query_sensors(Fields& f, SceneStep& s) { f.read("sensors", s.sensors); }

// A cast's or move's "moving" and its frame interval "t0", "t1" (docs/contract.md, "Moving
// targets").
void read_cast_motion(Fields& f, SceneStep& s) {
    f.read("moving", s.moving);
    const bool t0 = f.read("t0", s.t0), t1 = f.read("t1", s.t1);
    if ((t0 || t1) && !s.moving) f.fail(t0 ? "t0" : "t1", "a frame time needs \"moving\": true");
    if (!(s.t0 >= 0 && s.t0 <= 1)) f.fail("t0", "must be in [0, 1]");
    if (!(s.t1 >= s.t0 && s.t1 <= 1)) f.fail("t1", "must be in [t0, 1]");
}

void read_motion(Fields& f, SceneStep& s) {
    std::string response;
    if (f.read("response", response) && !response_of(response, s.response))
        f.fail("response", "unknown response " + in_quotes(response) + " (ignore, touch, slide, cross, bounce)");
    f.read("restitution", s.restitution);
    f.read("friction", s.friction);
    f.read_int("max_iterations", s.max_iterations, 1, 1 << 20);
    if (f.read("rest_speed", s.rest_speed) && !(s.rest_speed >= 0)) f.fail("rest_speed", "must be >= 0");
    s.has_velocity = f.read("velocity", s.velocity);
    f.read("drop_through", s.drop_through);
    if (f.has("push_out_sides") && f.get("push_out_sides", false)->is_string()) {
        std::string any;
        f.read("push_out_sides", any);
        if (any != "infinity") f.fail("push_out_sides", "expected a number >= 0 or \"infinity\"");
        s.push_out_sides = std::numeric_limits<real>::infinity();
    } else if (f.read("push_out_sides", s.push_out_sides) && !(s.push_out_sides >= 0)) {
        f.fail("push_out_sides", "must be >= 0");
    }
    if (f.read("up", s.up) && s.up.x == 0 && s.up.y == 0) f.fail("up", "must not be [0, 0]");
    if (f.read("max_floor_angle", s.max_floor_angle) && !(s.max_floor_angle >= 0 && s.max_floor_angle < 90))
        f.fail("max_floor_angle", "must be in [0, 90) degrees");
    if (f.read("snap", s.snap) && !(s.snap >= 0)) f.fail("snap", "must be >= 0");
    f.read("constant_speed", s.constant_speed);
    f.read("stop_on_steep", s.stop_on_steep);
    std::string crush;
    if (f.read("crush", crush)) {
        if (crush == "stop") s.crush = Crush::stop;
        else if (crush == "pass") s.crush = Crush::pass;
        else f.fail("crush", "unknown crush " + in_quotes(crush) + " (stop, pass)");
    }
}

// The "emit" list of a particles step: single particles and spark cones; one object alone (a
// spark cone, say) is a list of one.
void read_emit(Fields& f, SceneStep& s) {
    const json* given = f.get("emit", true);
    if (!given->is_array() && !given->is_object())
        f.fail("emit", "expected an array of particles and spark cones, or one of them");
    const json list = given->is_array() ? *given : json::array({*given});
    std::size_t total = 0;
    for (std::size_t k = 0; k < list.size(); ++k) {
        Fields e(list[k], f.where() + ": emit[" + std::to_string(k) + "]");
        SceneEmit em;
        em.cone = e.has("hit_step");
        if (em.cone) {
            std::int32_t hit = 0;
            e.read_int("hit_step", hit, 0, std::numeric_limits<std::int32_t>::max(), true);
            em.hit_step = std::size_t(hit);
            e.read_int("count", em.count, 1, 1000000, true);
            if (e.read("spread", em.spread) && !(em.spread >= 0 && em.spread <= 180))
                e.fail("spread", "must be in [0, 180] degrees");
            e.read_u64("seed", em.seed);
            if (e.read("min_speed", em.min_speed) && !(em.min_speed >= 0 && em.min_speed <= 1))
                e.fail("min_speed", "must be in [0, 1]");
            total += std::size_t(em.count);
        } else {
            e.read("from", em.from, true);
            e.read("velocity", em.velocity, true);
            ++total;
        }
        e.finish();
        s.emit.push_back(em);
    }
    if (total > 1000000) f.fail("emit", "at most 1000000 particles, got " + std::to_string(total));
}

// A save or restore step's "snapshot" and a save's "mode".
void read_snapshot_fields(Fields& f, SceneStep& s) {
    f.read("snapshot", s.snapshot, true);
    if (s.op != SceneOp::save) return;
    std::string mode = "full";
    f.read("mode", mode);
    if (mode != "full" && mode != "movable") f.fail("mode", "expected \"full\" or \"movable\", got " + in_quotes(mode));
    s.snapshot_mode = mode == "full" ? SnapshotMode::full : SnapshotMode::movable;
}

} // namespace

SceneStep read_step(const json& j, std::size_t index) {
    std::string where = "step " + std::to_string(index);
    if (j.is_object()) {
        auto it = j.find("op");
        if (it != j.end() && it->is_string()) where += " (" + it->get<std::string>() + ")";
    }
    Fields f(j, where);
    SceneStep s;
    std::string op;
    f.read("op", op, true);
    bool known = false;
    for (SceneOp o : all_ops)
        if (op == to_string(o)) {
            s.op = o;
            known = true;
        }
    if (!known) f.fail("op", "unknown op " + in_quotes(op));
    f.read("comment", s.comment);
    switch (s.op) {
    case SceneOp::move:
        f.read("body", s.body, true);
        f.read("delta", s.delta, true);
        read_motion(f, s);
        read_cast_motion(f, s);
        if (s.moving && (s.snap > 0 || s.constant_speed || s.stop_on_steep))
            f.fail("moving", "a move against motion does not walk on slopes (no \"snap\")");
        f.read("check", s.check);
        if (s.check && s.snap > 0) f.fail("snap", "a dry run (\"check\") does not snap");
        if (s.check && s.constant_speed) f.fail("constant_speed", "a dry run (\"check\") does not walk on slopes");
        if (s.check && s.stop_on_steep) f.fail("stop_on_steep", "a dry run (\"check\") does not walk on slopes");
        break;
    case SceneOp::frames:
        f.read("body", s.body, true);
        f.read_int("count", s.count, 0, 1000000, true);
        f.read("gravity", s.gravity);
        if (f.read("dt", s.dt) && !(s.dt > 0)) f.fail("dt", "must be > 0");
        s.has_walk = f.read("walk", s.walk);
        read_motion(f, s);
        break;
    case SceneOp::cast_ray:
        f.read("from", s.from, true);
        f.read("delta", s.delta, true);
        read_query_filter(f, s);
        read_query_sensors(f, s);
        read_cast_motion(f, s);
        break;
    case SceneOp::cast_box:
    case SceneOp::cast_all:
        f.read("box", s.box, true);
        f.read("delta", s.delta, true);
        read_query_filter(f, s);
        read_query_sensors(f, s);
        read_cast_motion(f, s);
        break;
    case SceneOp::query_rect:
        f.read("box", s.box, true);
        read_query_filter(f, s);
        read_query_sensors(f, s);
        break;
    case SceneOp::query_point:
        f.read("point", s.point, true);
        read_query_filter(f, s);
        read_query_sensors(f, s);
        break;
    case SceneOp::query_segment:
        f.read("from", s.from, true);
        f.read("to", s.to, true);
        read_query_filter(f, s);
        read_query_sensors(f, s);
        break;
    case SceneOp::overlapping_pairs: break;
    case SceneOp::teleport:
        f.read("body", s.body, true);
        f.read("box", s.box, true);
        break;
    case SceneOp::set_tile: {
        const json* cell = f.get("cell", true);
        if (!cell->is_array() || cell->size() != 2) f.fail("cell", "expected [column, row]");
        s.cell.column = std::int32_t(f.integer((*cell)[0], "cell", 0, std::numeric_limits<std::int32_t>::max()));
        s.cell.row = std::int32_t(f.integer((*cell)[1], "cell", 0, std::numeric_limits<std::int32_t>::max()));
        f.read("tile", s.tile, true); // a name the tiles know (check_names)
        break;
    }
    case SceneOp::add: read_body_fields(f, s.add); break;
    case SceneOp::remove: f.read("body", s.body, true); break;
    case SceneOp::particles:
        read_emit(f, s);
        f.read_int("frames", s.count, 0, 1000000, true);
        f.read("gravity", s.gravity);
        if (f.read("dt", s.dt) && !(s.dt > 0)) f.fail("dt", "must be > 0");
        f.read("restitution", s.restitution);
        f.read("friction", s.friction);
        if (f.read("rest_speed", s.rest_speed) && !(s.rest_speed >= 0)) f.fail("rest_speed", "must be >= 0");
        f.read_int("max_iterations", s.max_iterations, 1, 1 << 20);
        f.read_bits("category", s.category);
        f.read_bits("mask", s.mask);
        break;
    case SceneOp::events:
    case SceneOp::begin_frame: break;
    case SceneOp::save:
    case SceneOp::restore: read_snapshot_fields(f, s); break;
    }
    f.finish();
    return s;
}

} // namespace sweepbox::detail
