// What the JavaScript package needs beyond the C API: the layout of the C API's structs (so the
// package reads and writes them by the compiler's own offsets), and batches of casts in arrays
// of numbers, each item answered by the C API's own call (the same answers, bit for bit).
#include <sweepbox/sweepbox.h>
#include <sweepbox/sweepbox_moving.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "web_export.hpp"

namespace {

// "name": {"size": n, "field": offset, ...}, for the JSON of sweepbox_web_layout.
struct LayoutWriter {
    std::string text = "{";
    bool first_struct = true, first_field = true;
    void begin(const char* name, std::size_t size) {
        text += first_struct ? "\"" : ", \"";
        text += name;
        text += "\": {\"size\": " + std::to_string(size);
        first_struct = false;
    }
    void field(const char* name, std::size_t offset) {
        text += ", \"";
        text += name;
        text += "\": " + std::to_string(offset);
    }
    void end() { text += "}"; }
};

#define SWEEPBOX_WEB_STRUCT(type, ...)                                                                      \
    do {                                                                                                    \
        using T = sweepbox_##type;                                                                          \
        w.begin(#type, sizeof(T));                                                                          \
        for (const auto& [name, offset] : std::initializer_list<Field>{__VA_ARGS__}) w.field(name, offset); \
        w.end();                                                                                            \
    } while (0)
#define F(field) \
    Field { #field, offsetof(T, field) }

struct Field {
    const char* name;
    std::size_t offset;
};

std::string layout_json() {
    LayoutWriter w;
    SWEEPBOX_WEB_STRUCT(vec2, F(x), F(y));
    SWEEPBOX_WEB_STRUCT(box, F(min), F(max));
    SWEEPBOX_WEB_STRUCT(body_id, F(index), F(generation));
    SWEEPBOX_WEB_STRUCT(tile_cell, F(column), F(row));
    SWEEPBOX_WEB_STRUCT(other, F(kind), F(body), F(tile));
    SWEEPBOX_WEB_STRUCT(world_def, F(cell_size), F(oversize_cells), F(brute_force));
    SWEEPBOX_WEB_STRUCT(body_def, F(box), F(is_static), F(category), F(mask), F(user_data), F(is_platform),
                        F(is_sensor), F(one_way));
    SWEEPBOX_WEB_STRUCT(tile_kind, F(shape), F(category), F(mask), F(sensor));
    SWEEPBOX_WEB_STRUCT(sensor_event, F(sensor), F(visitor));
    SWEEPBOX_WEB_STRUCT(contact_event, F(body), F(other));
    SWEEPBOX_WEB_STRUCT(tile_map_def, F(origin), F(tile_size), F(columns), F(rows), F(category), F(mask));
    SWEEPBOX_WEB_STRUCT(move_options, F(response), F(max_iterations), F(restitution), F(friction), F(velocity),
                        F(category_responses), F(filter), F(filter_context), F(rest_speed), F(drop_through),
                        F(push_out_sides), F(moving), F(t0), F(t1));
    SWEEPBOX_WEB_STRUCT(contact, F(other), F(response), F(flags), F(time), F(normal), F(point), F(box), F(depth),
                        F(sweep_back));
    SWEEPBOX_WEB_STRUCT(move_result, F(contacts), F(capacity), F(count), F(box), F(velocity), F(iterations),
                        F(truncated), F(stuck));
    SWEEPBOX_WEB_STRUCT(ground, F(on_floor), F(on_wall), F(on_ceiling), F(floor_normal), F(floor));
    SWEEPBOX_WEB_STRUCT(snap_rules, F(snap), F(up_x), F(up_y), F(max_floor_angle), F(constant_speed), F(stop_on_steep));
    SWEEPBOX_WEB_STRUCT(query_filter, F(category), F(mask), F(ignore), F(bodies), F(tiles), F(sensors));
    SWEEPBOX_WEB_STRUCT(cast_hit, F(hit), F(flags), F(time), F(normal), F(point), F(box), F(other));
    SWEEPBOX_WEB_STRUCT(cast_options, F(moving), F(t0), F(t1), F(filter), F(filter_context));
    SWEEPBOX_WEB_STRUCT(pair, F(a), F(b), F(depth), F(normal));
    SWEEPBOX_WEB_STRUCT(particles, F(count), F(x), F(y), F(vx), F(vy), F(alive), F(restitution), F(friction),
                        F(category), F(mask));
    SWEEPBOX_WEB_STRUCT(particle_frame, F(gravity), F(dt), F(rest_speed), F(max_iterations), F(restitution),
                        F(friction), F(category), F(mask));
    SWEEPBOX_WEB_STRUCT(particle_contact, F(particle), F(flags), F(time), F(point), F(normal), F(velocity), F(other));
    SWEEPBOX_WEB_STRUCT(particle_result, F(contacts), F(capacity), F(count), F(dropped), F(moved), F(quiet), F(resting),
                        F(touched));
    SWEEPBOX_WEB_STRUCT(spark_cone, F(count), F(spread), F(min_speed), F(restitution), F(friction), F(seed));
    SWEEPBOX_WEB_STRUCT(platform_result, F(riders), F(riders_capacity), F(riders_count), F(pushed), F(pushed_capacity),
                        F(pushed_count), F(crushed), F(crushed_capacity), F(crushed_count), F(box), F(moved),
                        F(stopped));
    w.text += "}";
    return w.text;
}

#undef F
#undef SWEEPBOX_WEB_STRUCT

// One cast's answer as `hit_stride` numbers from `out`: hit (0 or 1), time, normal x and y,
// point x and y, the cast box at contact (min x, min y, max x, max y), what was hit (kind, then
// index and generation of a body, or column and row of a tile) and the flags.
constexpr std::size_t hit_stride = 14;

void write_hit(const sweepbox_cast_hit& h, double* out) {
    out[0] = h.hit;
    if (!h.hit) return;
    out[1] = h.time;
    out[2] = h.normal.x;
    out[3] = h.normal.y;
    out[4] = h.point.x;
    out[5] = h.point.y;
    out[6] = h.box.min.x;
    out[7] = h.box.min.y;
    out[8] = h.box.max.x;
    out[9] = h.box.max.y;
    out[10] = h.other.kind;
    const bool body = h.other.kind == SWEEPBOX_OTHER_BODY;
    out[11] = body ? double(h.other.body.index) : double(h.other.tile.column);
    out[12] = body ? double(h.other.body.generation) : double(h.other.tile.row);
    out[13] = h.flags;
}

} // namespace

/// The layout of the C API's structs in this module, as JSON: {"struct": {"size": n, "field":
/// offset, ...}, ...}, struct names without the sweepbox_ prefix. Valid for the module's life.
SWEEPBOX_WEB_EXPORT const char* sweepbox_web_layout() {
    static const std::string text = layout_json();
    return text.c_str();
}

/// The numbers of one cast's answer in the batches' output (see write_hit).
SWEEPBOX_WEB_EXPORT std::int32_t sweepbox_web_hit_stride() { return std::int32_t(hit_stride); }

namespace {

// Item i of a batch (`stride` numbers from in + stride * i) cast by cast(item, hit), its answer
// written at out[hit_stride * i]; stops at the first failure.
template <class Cast>
sweepbox_status cast_each(const double* in, std::size_t count, std::size_t stride, double* out, Cast&& cast) {
    sweepbox_cast_hit hit;
    for (std::size_t i = 0; i < count; ++i) {
        const sweepbox_status s = cast(in + stride * i, hit);
        if (s != SWEEPBOX_OK) return s;
        write_hit(hit, out + hit_stride * i);
    }
    return SWEEPBOX_OK;
}

} // namespace

/// Casts `count` rays, ray i from (rays[4i], rays[4i + 1]) by (rays[4i + 2], rays[4i + 3]), each
/// by sweepbox_cast_ray; answer i at out[hit_stride * i]. Stops at the first failure (its status;
/// the answers before it are written).
SWEEPBOX_WEB_EXPORT sweepbox_status sweepbox_web_cast_rays(const sweepbox_world* world, const double* rays,
                                                           std::size_t count, const sweepbox_query_filter* filter,
                                                           double* out) {
    return cast_each(rays, count, 4, out, [&](const double* r, sweepbox_cast_hit& hit) {
        return sweepbox_cast_ray(world, r[0], r[1], r[2], r[3], filter, &hit);
    });
}

/// Casts `count` boxes, box i (boxes[6i .. 6i + 4): min x, min y, max x, max y) by (boxes[6i + 4],
/// boxes[6i + 5]), each by sweepbox_cast_box; answers as sweepbox_web_cast_rays.
SWEEPBOX_WEB_EXPORT sweepbox_status sweepbox_web_cast_boxes(const sweepbox_world* world, const double* boxes,
                                                            std::size_t count, const sweepbox_query_filter* filter,
                                                            double* out) {
    return cast_each(boxes, count, 6, out, [&](const double* b, sweepbox_cast_hit& hit) {
        const sweepbox_box box{{b[0], b[1]}, {b[2], b[3]}};
        return sweepbox_cast_box(world, &box, b[4], b[5], filter, &hit);
    });
}

// The package's move filter: a call into JavaScript (the package gives this import), which runs
// the game's filter function of the move in progress, picked by `context`.
SWEEPBOX_WEB_IMPORT("sweepbox_web_filter")
int sweepbox_web_filter_js(void* context, const sweepbox_world* world, const sweepbox_body_id* self,
                           const sweepbox_other* other);

/// The sweepbox_filter that calls the package's JavaScript filter (sweepbox_move_options::filter).
SWEEPBOX_WEB_EXPORT sweepbox_filter sweepbox_web_filter() { return &sweepbox_web_filter_js; }

// The package's cast filter for a game's keep(other) (web/src/keep.js): leaves out the obstacles
// listed at `context`, a count (uint32) followed by that many sweepbox_other.
int keep_unlisted(void* context, const sweepbox_world*, const sweepbox_other* other) {
    const auto* bytes = static_cast<const unsigned char*>(context);
    std::uint32_t count = 0;
    std::memcpy(&count, bytes, sizeof count);
    for (std::uint32_t i = 0; i < count; ++i) {
        sweepbox_other o;
        std::memcpy(&o, bytes + sizeof count + i * sizeof o, sizeof o);
        if (o.kind == other->kind && o.body.index == other->body.index && o.body.generation == other->body.generation &&
            o.tile.column == other->tile.column && o.tile.row == other->tile.row)
            return 0;
    }
    return 1;
}

/// The sweepbox_query_callback that leaves out a list of obstacles (its context: see above).
SWEEPBOX_WEB_EXPORT sweepbox_query_callback sweepbox_web_keep_unlisted() { return &keep_unlisted; }

/// The numbers of one move's answer in sweepbox_web_move_bodies' output: the box (min x, min y,
/// max x, max y), the velocity (x, y), the number of contacts, the iterations, 1 when truncated,
/// the ground state as bits (1 floor, 2 wall, 4 ceiling; sweepbox_ground_state's rules), and 1
/// when stuck (started inside obstacles with no free place within reach: not moved).
constexpr std::size_t move_stride = 11;
SWEEPBOX_WEB_EXPORT std::int32_t sweepbox_web_move_stride() { return std::int32_t(move_stride); }

/// Moves `count` bodies one after the other, body i (ids[2i], ids[2i + 1]: index, generation) by
/// (in[4i], in[4i + 1]) with velocity (in[4i + 2], in[4i + 3]) and the rest of `options`, each by
/// sweepbox_move; answer i at out[11 i] (sweepbox_web_move_stride). The ground state takes up
/// (up_x, up_y) and max_floor_angle. Stops at the first failure (its status; the moves before it
/// are made, and the failed one changed nothing).
SWEEPBOX_WEB_EXPORT sweepbox_status sweepbox_web_move_bodies(sweepbox_world* world, const std::uint32_t* ids,
                                                             const double* in, std::size_t count,
                                                             const sweepbox_move_options* options, double up_x,
                                                             double up_y, double max_floor_angle, double* out) {
    thread_local std::vector<sweepbox_contact> contacts(16);
    sweepbox_move_options o = options ? *options : sweepbox_move_options_default();
    for (std::size_t i = 0; i < count; ++i) {
        const sweepbox_body_id id{ids[2 * i], ids[2 * i + 1]};
        const double* v = in + 4 * i;
        o.velocity = {v[2], v[3]};
        sweepbox_move_result r{contacts.data(), contacts.size(), 0, {}, {}, 0, 0, 0};
        sweepbox_status s = sweepbox_move(world, &id, v[0], v[1], &o, &r);
        if (s == SWEEPBOX_TOO_SMALL) { // (the move was undone: again, with room for every contact)
            contacts.resize(r.count);
            r.contacts = contacts.data();
            r.capacity = contacts.size();
            s = sweepbox_move(world, &id, v[0], v[1], &o, &r);
        }
        if (s != SWEEPBOX_OK) return s;
        sweepbox_ground g{};
        s = sweepbox_ground_state(&r, up_x, up_y, max_floor_angle, &g);
        if (s != SWEEPBOX_OK) return s;
        double* a = out + move_stride * i;
        a[0] = r.box.min.x;
        a[1] = r.box.min.y;
        a[2] = r.box.max.x;
        a[3] = r.box.max.y;
        a[4] = r.velocity.x;
        a[5] = r.velocity.y;
        a[6] = double(r.count);
        a[7] = r.iterations;
        a[8] = r.truncated;
        a[9] = (g.on_floor ? 1 : 0) | (g.on_wall ? 2 : 0) | (g.on_ceiling ? 4 : 0);
        a[10] = r.stuck;
    }
    return SWEEPBOX_OK;
}
