#pragma once
// Internal: what the C API's files share (c_api.cpp: the world, bodies, tiles and move;
// c_api_queries.cpp: the casts and queries): the opaque world, the guard that turns exceptions
// into statuses and messages, and the conversions between the C structs and the C++ types. Every
// function is inline in a named namespace, so the per-thread buffers exist once.

#include <sweepbox/sweepbox.h>
#include <sweepbox/sweepbox.hpp>

#include <array>
#include <cinttypes>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <limits>
#include <mutex>
#include <new>
#include <type_traits>
#include <vector>

// The opaque world of the header: the C++ world, the move result every move reuses (so moves in
// steady state allocate nothing), and the last error. `error` is written by const calls too (a
// failed query), so it is mutable and guarded by its own mutex; the lock is taken only on the
// error path and by sweepbox_last_error.
struct sweepbox_world {
    explicit sweepbox_world(const sweepbox::WorldDef& def) : world(def) {}
    sweepbox::World world;
    sweepbox::MoveResult move_result;
    mutable std::mutex error_mutex;
    mutable std::array<char, 512> error{};
};

namespace sweepbox::c_api {

using Message = std::array<char, 512>;

// A failure found by the C layer itself: its status and its text, without allocating.
struct CError {
    sweepbox_status status;
    Message text{};
};

[[noreturn, gnu::format(printf, 2, 3)]] inline void fail(sweepbox_status status, const char* format, ...) {
    Message text{};
    va_list args;
    va_start(args, format);
    std::vsnprintf(text.data(), text.size(), format, args);
    va_end(args);
    throw CError{status, text};
}

// The errors of calls made with no world (a null world, a failed create), one slot per thread.
inline Message& no_world_error() {
    thread_local Message m{};
    return m;
}

// Stores "<function>: <text>" as the world's (or this thread's no-world) last error. Never throws.
inline sweepbox_status record(const sweepbox_world* w, sweepbox_status status, const char* function, const char* text) {
    Message m{};
    std::snprintf(m.data(), m.size(), "%s: %s", function, text);
    if (!w) {
        no_world_error() = m;
        return status;
    }
    try {
        const std::lock_guard<std::mutex> lock(w->error_mutex);
        w->error = m;
    } catch (...) { // a lock that fails: the status still says what happened
    }
    return status;
}

// sweepbox::Error's text is "sweepbox: <C++ function>: <problem>"; the C message names the C
// function instead, so only the problem is kept.
inline const char* problem_of(const char* what) {
    const char* p = what;
    for (int colons = 0; colons < 2; ++colons) {
        const char* c = std::strstr(p, ": ");
        if (!c) return what;
        p = c + 2;
    }
    return p;
}

// Runs body() (which returns a status) and turns every exception into a status and a message,
// kept by w, or by this thread when w is null (a call that has no world).
template <class Body> sweepbox_status guarded_on(const sweepbox_world* w, const char* function, Body&& body) noexcept {
    try {
        return body();
    } catch (const CError& e) {
        return record(w, e.status, function, e.text.data());
    } catch (const sweepbox::Error& e) {
        return record(w, SWEEPBOX_BAD_ARGUMENT, function, problem_of(e.what()));
    } catch (const std::bad_alloc&) {
        return record(w, SWEEPBOX_OUT_OF_MEMORY, function, "out of memory");
    } catch (const std::exception& e) {
        return record(w, SWEEPBOX_INTERNAL_ERROR, function, e.what());
    } catch (...) {
        return record(w, SWEEPBOX_INTERNAL_ERROR, function, "an unknown exception");
    }
}

// guarded_on for a call on a world: a null world is a bad argument.
template <class Body> sweepbox_status guarded(const sweepbox_world* w, const char* function, Body&& body) noexcept {
    if (!w) return record(nullptr, SWEEPBOX_BAD_ARGUMENT, function, "the world is null");
    return guarded_on(w, function, std::forward<Body>(body));
}

inline void require(const void* pointer, const char* name) {
    if (!pointer) fail(SWEEPBOX_BAD_ARGUMENT, "%s is null", name);
}

// ---- numbers and values, C to C++ ----

// Rounds an input once to real. A finite double beyond float's range would round to infinity,
// which the core would then report as "NaN or infinite": say what really happened.
inline real to_real(double x) {
    if constexpr (std::is_same_v<real, float>) {
        if (std::isfinite(x) && std::fabs(x) > double(std::numeric_limits<float>::max()))
            fail(SWEEPBOX_BAD_ARGUMENT, "%g is beyond the range of float (this library is a float build)", x);
    }
    return real(x);
}
inline Vec2 to_vec(sweepbox_vec2 v) { return {to_real(v.x), to_real(v.y)}; }
inline Aabb to_box(const sweepbox_box& b) { return {to_vec(b.min), to_vec(b.max)}; }
inline BodyId to_id(sweepbox_body_id id) { return {id.index, id.generation}; }
// An id the caller passed by pointer: a null pointer is a bad argument, not a bad id.
inline BodyId to_id(const sweepbox_body_id* id) {
    require(id, "id");
    return to_id(*id);
}


// A null, stale or foreign id is SWEEPBOX_BAD_ID, with the core's words for which one it is.
inline void require_id(const sweepbox::World& world, BodyId id) {
    if (world.is_valid(id)) return;
    try {
        (void)world.box(id); // throws the Error that names the problem
    } catch (const sweepbox::Error& e) {
        fail(SWEEPBOX_BAD_ID, "%s", problem_of(e.what()));
    }
    fail(SWEEPBOX_BAD_ID, "body id (%" PRIu32 ", %" PRIu32 ") is not valid", id.index, id.generation);
}

inline sweepbox::OneWay to_one_way(std::int32_t w) {
    if (w < SWEEPBOX_ONE_WAY_NONE || w > SWEEPBOX_ONE_WAY_RIGHT)
        fail(SWEEPBOX_BAD_ARGUMENT, "one_way %d is not a sweepbox_one_way", int(w));
    return sweepbox::OneWay(w);
}

inline sweepbox::QueryFilter to_filter(const sweepbox_query_filter* f) {
    sweepbox::QueryFilter q;
    if (!f) return q;
    q.category = f->category;
    q.mask = f->mask;
    q.ignore = to_id(f->ignore);
    q.bodies = f->bodies != 0;
    q.tiles = f->tiles != 0;
    q.sensors = f->sensors != 0;
    return q;
}

// The body record, C to C++ (from_body_def is its way back): the one place its fields
// are copied.
inline sweepbox::BodyDef to_body_def(const sweepbox_body_def& d) {
    return {.box = to_box(d.box),
            .is_static = d.is_static != 0,
            .is_platform = d.is_platform != 0,
            .category = d.category,
            .mask = d.mask,
            .user_data = d.user_data,
            .is_sensor = d.is_sensor != 0,
            .one_way = to_one_way(d.one_way)};
}

// ---- results, C++ to C (every real widens to double exactly) ----

inline sweepbox_vec2 from_vec(Vec2 v) { return {double(v.x), double(v.y)}; }
inline sweepbox_box from_box(const Aabb& b) { return {from_vec(b.min), from_vec(b.max)}; }
inline sweepbox_body_id from_id(BodyId id) { return {id.index, id.generation}; }
// The body record, C++ to C (to_body_def is its way in).
inline sweepbox_body_def from_body_def(const sweepbox::BodyDef& d) {
    return {from_box(d.box), d.is_static ? 1 : 0,   d.category,          d.mask,
            d.user_data,     d.is_platform ? 1 : 0, d.is_sensor ? 1 : 0, std::int32_t(d.one_way)};
}

inline sweepbox::Other to_other(const sweepbox_other& c) {
    if (c.kind == SWEEPBOX_OTHER_BODY) return sweepbox::Other::of(to_id(c.body));
    if (c.kind == SWEEPBOX_OTHER_TILE) return sweepbox::Other::of(sweepbox::TileCell{c.tile.column, c.tile.row});
    if (c.kind != SWEEPBOX_OTHER_NONE)
        fail(SWEEPBOX_BAD_ARGUMENT, "other.kind %d is not a sweepbox_other_kind", c.kind);
    return {};
}

inline sweepbox_other from_other(const sweepbox::Other& o) {
    sweepbox_other c{};
    if (o.is_body()) {
        c.kind = SWEEPBOX_OTHER_BODY;
        c.body = from_id(o.body);
    } else if (o.is_tile()) {
        c.kind = SWEEPBOX_OTHER_TILE;
        c.tile = {o.tile.column, o.tile.row};
    }
    return c;
}

inline std::uint32_t flags_of(bool started_overlapping, bool corner, bool junction) {
    return (started_overlapping ? std::uint32_t(SWEEPBOX_STARTED_OVERLAPPING) : 0u) |
           (corner ? std::uint32_t(SWEEPBOX_CORNER) : 0u) | (junction ? std::uint32_t(SWEEPBOX_JUNCTION) : 0u);
}

inline sweepbox_contact from_contact(const sweepbox::Contact& k) {
    sweepbox_contact c{};
    c.other = from_other(k.other);
    c.response = std::int32_t(k.response);
    c.flags = flags_of(k.started_overlapping, k.corner, k.junction);
    c.time = double(k.time);
    c.normal = from_vec(k.normal);
    c.point = from_vec(k.point);
    c.box = from_box(k.box);
    c.depth = double(k.depth);
    c.sweep_back = from_vec(k.sweep_back);
    return c;
}

inline sweepbox_cast_hit from_hit(const sweepbox::CastHit& h) {
    sweepbox_cast_hit c{};
    c.hit = h.hit ? 1 : 0;
    c.flags = flags_of(h.started_overlapping, h.corner, h.junction);
    c.time = double(h.time);
    c.normal = from_vec(h.normal);
    c.point = from_vec(h.point);
    c.box = from_box(h.box);
    c.other = from_other(h.other);
    return c;
}

inline sweepbox_pair from_pair(const sweepbox::Pair& p) {
    return {from_id(p.a), from_id(p.b), double(p.overlap.depth), from_vec(p.overlap.normal)};
}

// Copies answers into a caller's array: all of them, or the first `capacity` and TOO_SMALL.
template <class Out, class In, class Convert>
inline sweepbox_status copy_out(const std::vector<In>& answers, Out* out, std::size_t capacity, std::size_t* count,
                                Convert convert) {
    const std::size_t n = answers.size();
    for (std::size_t i = 0; i < n && i < capacity; ++i) out[i] = convert(answers[i]);
    *count = n;
    if (n > capacity) fail(SWEEPBOX_TOO_SMALL, "the output has room for %zu, %zu are needed", capacity, n);
    return SWEEPBOX_OK;
}

inline void require_array(const void* out, std::size_t capacity, const std::size_t* count) {
    require(count, "count");
    if (!out && capacity != 0) fail(SWEEPBOX_BAD_ARGUMENT, "out is null but capacity is %zu", capacity);
}

// sweepbox_move (moving: the world) and sweepbox_check (moving null), with `function` naming the
// call in messages; with `snap`, move_and_snap; with `filter`, that C++ filter instead of the
// options' (c_api.cpp).
sweepbox_status move_or_check(const sweepbox_world* world, sweepbox_world* moving, const char* function,
                              const sweepbox_body_id* id, double dx, double dy, const sweepbox_move_options* options,
                              sweepbox_move_result* result, const sweepbox::SnapRules* snap = nullptr,
                              bool was_on_floor = false, sweepbox::ResponseFilter filter = nullptr,
                              void* filter_context = nullptr);

// Scratch vectors of the const calls, one set per thread (the queries may run on many threads at
// once), reused so that the calls allocate nothing in steady state.
template <class T> inline std::vector<T>& scratch() {
    thread_local std::vector<T> v;
    return v;
}

} // namespace sweepbox::c_api
