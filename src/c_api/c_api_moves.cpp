// The C API's moves (sweepbox_move, sweepbox_check) and the character kit (move_and_snap,
// move_and_walk, platforms, the ground state) over sweepbox::World, each in `guarded` as in
// c_api.cpp: a C filter runs behind the C++ one, and its answers are checked as they come.

#include "c_api_support.hpp"
#include "core/depth_lease.hpp"

#include <sweepbox/character.hpp>
#include <sweepbox/platforms.hpp>

#include <array>
#include <cinttypes>
#include <optional>

using namespace sweepbox::c_api;
using sweepbox::Aabb;
using sweepbox::BodyId;
using sweepbox::real;
using sweepbox::Response;
using sweepbox::Vec2;

namespace {

Response to_response(std::int32_t r, const char* name) {
    if (r < SWEEPBOX_RESPONSE_IGNORE || r > SWEEPBOX_RESPONSE_BOUNCE)
        fail(SWEEPBOX_BAD_ARGUMENT, "%s = %" PRId32 " is not a sweepbox_response (0 to 4)", name, r);
    return Response(r);
}

// The C filter behind the C++ one. An answer outside the enum is remembered and passed on as an
// invalid Response, which the core rejects (throwing before anything changes).
struct FilterCall {
    const sweepbox_world* world;
    sweepbox_filter filter;
    void* context;
    bool bad = false;
    int answer = 0;
};

Response call_filter(void* context, const sweepbox::World& /*world*/, BodyId self, const sweepbox::Other& other) {
    auto& call = *static_cast<FilterCall*>(context);
    const sweepbox_other o = from_other(other);
    const sweepbox_body_id id = from_id(self);
    const int answer = call.filter(call.context, call.world, &id, &o);
    if (answer >= SWEEPBOX_RESPONSE_IGNORE && answer <= SWEEPBOX_RESPONSE_BOUNCE) return Response(answer);
    if (!call.bad) {
        call.bad = true;
        call.answer = answer;
    }
    return Response(0xff);
}

} // namespace

// ---- movement ----

namespace sweepbox::c_api {

// The core's answer of a check, per depth: a filter may run a check while a check is in progress.
using CheckResult = sweepbox::detail::DepthLease<sweepbox::MoveResult>;

// sweepbox_move (world not null) and sweepbox_check (moving null): the options converted, the
// move made or only answered, the answer copied out. With `snap`, the move is move_and_snap.
sweepbox_status move_or_check(const sweepbox_world* world, sweepbox_world* moving, const char* function,
                              const sweepbox_body_id* id, double dx, double dy, const sweepbox_move_options* options,
                              sweepbox_move_result* result, const sweepbox::SnapRules* snap, bool was_on_floor,
                              sweepbox::ResponseFilter filter, void* filter_context) {
    return guarded(world, function, [&] {
        const BodyId body = to_id(id);
        require_id(world->world, body);
        if (result && !result->contacts && result->capacity != 0)
            fail(SWEEPBOX_BAD_ARGUMENT, "result->contacts is null but result->capacity is %zu", result->capacity);
        const sweepbox_move_options o = options ? *options : sweepbox_move_options_default();
        sweepbox::MoveOptions m;
        m.response = to_response(o.response, "response");
        m.max_iterations = o.max_iterations;
        m.restitution = to_real(o.restitution);
        m.friction = to_real(o.friction);
        m.velocity = to_vec(o.velocity);
        m.rest_speed = to_real(o.rest_speed);
        m.drop_through = o.drop_through != 0;
        m.push_out_sides = to_real(o.push_out_sides);
        m.moving = o.moving != 0;
        m.t0 = to_real(o.t0);
        m.t1 = to_real(o.t1);
        std::array<Response, 32> table{};
        if (o.category_responses) {
            for (std::size_t i = 0; i < table.size(); ++i) {
                const std::int32_t r = o.category_responses[i];
                if (r < SWEEPBOX_RESPONSE_IGNORE || r > SWEEPBOX_RESPONSE_BOUNCE)
                    fail(SWEEPBOX_BAD_ARGUMENT, "category_responses[%zu] = %" PRId32 " is not a sweepbox_response", i,
                         r);
                table[i] = Response(r);
            }
            m.category_responses = &table;
        }
        FilterCall call{world, o.filter, o.filter_context};
        if (filter) {
            m.filter = filter;
            m.filter_context = filter_context;
        } else if (o.filter) {
            m.filter = call_filter;
            m.filter_context = &call;
        }
        const Vec2 d{to_real(dx), to_real(dy)};
        const Aabb before = world->world.box(body);
        std::optional<CheckResult> checked; // leased by a check only: a lease costs two thread_locals
        sweepbox::MoveResult& r = moving ? moving->move_result : checked.emplace().get();
        try {
            if (moving && snap) sweepbox::move_and_snap(moving->world, body, d, m, was_on_floor, *snap, r);
            else if (moving) moving->world.move(body, d, m, r);
            else world->world.check(body, d, m, r);
        } catch (const sweepbox::Error&) {
            if (call.bad) fail(SWEEPBOX_BAD_ARGUMENT, "the filter returned %d, not a sweepbox_response", call.answer);
            throw;
        }
        if (!result) return SWEEPBOX_OK;
        result->count = r.contacts.size();
        if (result->contacts && r.contacts.size() > result->capacity) {
            // The caller will move again with room for every contact: undo this move, so that the
            // world is as it was, as after every failed call (the same move then gives the same
            // answer: no answer depends on the grid's internal order).
            if (moving) moving->world.teleport(body, before);
            fail(SWEEPBOX_TOO_SMALL, "result->contacts has room for %zu contacts, %zu are needed", result->capacity,
                 r.contacts.size());
        }
        if (result->contacts)
            for (std::size_t i = 0; i < r.contacts.size(); ++i) result->contacts[i] = from_contact(r.contacts[i]);
        result->box = from_box(r.box);
        result->velocity = from_vec(r.velocity);
        result->iterations = r.iterations;
        result->truncated = r.truncated ? 1 : 0;
        result->stuck = r.stuck ? 1 : 0;
        return SWEEPBOX_OK;
    });
}

} // namespace sweepbox::c_api

sweepbox_status sweepbox_move(sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                              const sweepbox_move_options* options, sweepbox_move_result* result) {
    return move_or_check(world, world, "sweepbox_move", id, dx, dy, options, result);
}

sweepbox_status sweepbox_check(const sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                               const sweepbox_move_options* options, sweepbox_move_result* result) {
    return move_or_check(world, nullptr, "sweepbox_check", id, dx, dy, options, result);
}

namespace {

// The three floor snaps: the rules converted, then move_and_snap (move_or_check with them).
sweepbox_status snap_move(sweepbox_world* world, const char* function, const sweepbox_body_id* id, double dx, double dy,
                          const sweepbox_move_options* options, std::int32_t was_on_floor,
                          const sweepbox_snap_rules* rules, sweepbox_move_result* result) {
    sweepbox::SnapRules r;
    return guarded(world, function, [&] {
        require(rules, "rules");
        r.snap = to_real(rules->snap);
        r.ground.up = {to_real(rules->up_x), to_real(rules->up_y)};
        r.ground.max_floor_angle = to_real(rules->max_floor_angle);
        r.constant_speed = rules->constant_speed != 0;
        r.stop_on_steep = rules->stop_on_steep != 0;
        return move_or_check(world, world, function, id, dx, dy, options, result, &r, was_on_floor != 0);
    });
}

} // namespace

sweepbox_snap_rules sweepbox_snap_rules_default() {
    const sweepbox::SnapRules r;
    return {double(r.snap),           double(r.ground.up.x),  double(r.ground.up.y), double(r.ground.max_floor_angle),
            r.constant_speed ? 1 : 0, r.stop_on_steep ? 1 : 0};
}

sweepbox_status sweepbox_move_and_snap_rules(sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                                             const sweepbox_move_options* options, std::int32_t was_on_floor,
                                             const sweepbox_snap_rules* rules, sweepbox_move_result* result) {
    return snap_move(world, "sweepbox_move_and_snap_rules", id, dx, dy, options, was_on_floor, rules, result);
}

sweepbox_status sweepbox_move_and_snap(sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                                       const sweepbox_move_options* options, std::int32_t was_on_floor, double snap,
                                       double up_x, double up_y, double max_floor_angle, sweepbox_move_result* result) {
    const sweepbox_snap_rules rules{snap, up_x, up_y, max_floor_angle, 0, 0};
    return snap_move(world, "sweepbox_move_and_snap", id, dx, dy, options, was_on_floor, &rules, result);
}

sweepbox_status sweepbox_move_and_walk(sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                                       const sweepbox_move_options* options, std::int32_t was_on_floor, double snap,
                                       double up_x, double up_y, double max_floor_angle, std::int32_t walk_flags,
                                       sweepbox_move_result* result) {
    if ((walk_flags & ~(SWEEPBOX_WALK_CONSTANT_SPEED | SWEEPBOX_WALK_STOP_ON_STEEP)) != 0)
        return guarded(world, "sweepbox_move_and_walk", [&]() -> sweepbox_status {
            fail(SWEEPBOX_BAD_ARGUMENT, "walk_flags = %" PRId32 " has bits that are no SWEEPBOX_WALK_* value",
                 walk_flags);
        });
    const sweepbox_snap_rules rules{snap,
                                    up_x,
                                    up_y,
                                    max_floor_angle,
                                    (walk_flags & SWEEPBOX_WALK_CONSTANT_SPEED) != 0 ? 1 : 0,
                                    (walk_flags & SWEEPBOX_WALK_STOP_ON_STEEP) != 0 ? 1 : 0};
    return snap_move(world, "sweepbox_move_and_walk", id, dx, dy, options, was_on_floor, &rules, result);
}

// ---- the character kit ----

sweepbox_status sweepbox_move_platform(sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                                       double up_x, double up_y, std::int32_t crush, sweepbox_platform_result* result) {
    return guarded(world, "sweepbox_move_platform", [&] {
        const BodyId body = to_id(id);
        require_id(world->world, body);
        if (crush != SWEEPBOX_CRUSH_STOP && crush != SWEEPBOX_CRUSH_PASS)
            fail(SWEEPBOX_BAD_ARGUMENT, "crush = %" PRId32 " is not a sweepbox_crush", crush);
        if (result) {
            if (!result->riders && result->riders_capacity != 0)
                fail(SWEEPBOX_BAD_ARGUMENT, "result->riders is null but its capacity is %zu", result->riders_capacity);
            if (!result->pushed && result->pushed_capacity != 0)
                fail(SWEEPBOX_BAD_ARGUMENT, "result->pushed is null but its capacity is %zu", result->pushed_capacity);
            if (!result->crushed && result->crushed_capacity != 0)
                fail(SWEEPBOX_BAD_ARGUMENT, "result->crushed is null but its capacity is %zu",
                     result->crushed_capacity);
        }
        const Vec2 d{to_real(dx), to_real(dy)};
        sweepbox::PlatformOptions o;
        o.up = {to_real(up_x), to_real(up_y)};
        o.crush = sweepbox::Crush(crush);
        // Every body the move can reach meets the closed box of the platform's path: kept, so
        // that a move whose answer does not fit can be undone.
        thread_local std::vector<sweepbox::Other> near;
        thread_local std::vector<std::pair<BodyId, Aabb>> before;
        thread_local sweepbox::PlatformResult r;
        const Aabb start = world->world.box(body);
        const Aabb end = start.translated(d);
        near.clear();
        if (sweepbox::is_finite(end.min) && sweepbox::is_finite(end.max)) // (else move_platform refuses the move)
            world->world.query_rect(merge(start, end), near, sweepbox::QueryFilter{.tiles = false});
        before.clear();
        before.emplace_back(body, start);
        for (const sweepbox::Other& other : near) before.emplace_back(other.body, world->world.box(other.body));
        sweepbox::move_platform(world->world, body, d, o, r);
        if (!result) return SWEEPBOX_OK;
        result->riders_count = r.riders.size();
        result->pushed_count = r.pushed.size();
        result->crushed_count = r.crushed.size();
        const bool fits = (!result->riders || r.riders.size() <= result->riders_capacity) &&
                          (!result->pushed || r.pushed.size() <= result->pushed_capacity) &&
                          (!result->crushed || r.crushed.size() <= result->crushed_capacity);
        if (!fits) {
            for (const auto& [b, box] : before) world->world.teleport(b, box);
            fail(SWEEPBOX_TOO_SMALL,
                 "result has room for %zu riders, %zu pushed, %zu crushed; %zu, %zu, %zu are needed",
                 result->riders_capacity, result->pushed_capacity, result->crushed_capacity, r.riders.size(),
                 r.pushed.size(), r.crushed.size());
        }
        auto copy = [](const std::vector<BodyId>& from, sweepbox_body_id* to) {
            if (to)
                for (std::size_t i = 0; i < from.size(); ++i) to[i] = from_id(from[i]);
        };
        copy(r.riders, result->riders);
        copy(r.pushed, result->pushed);
        copy(r.crushed, result->crushed);
        result->box = from_box(r.box);
        result->moved = from_vec(r.moved);
        result->stopped = r.stopped ? 1 : 0;
        return SWEEPBOX_OK;
    });
}

sweepbox_status sweepbox_ground_state(const sweepbox_move_result* result, double up_x, double up_y,
                                      double max_floor_angle, sweepbox_ground* out) {
    return guarded_on(nullptr, "sweepbox_ground_state", [&] {
        require(result, "result");
        require(out, "out");
        if (result->count != 0 && !result->contacts)
            fail(SWEEPBOX_BAD_ARGUMENT, "result->contacts is null but result->count is %zu", result->count);
        thread_local std::vector<sweepbox::Contact> contacts;
        contacts.resize(result->count);
        for (std::size_t i = 0; i < result->count; ++i) {
            const sweepbox_contact& c = result->contacts[i];
            sweepbox::Contact& k = contacts[i];
            k.other = to_other(c.other);
            k.response = to_response(c.response, "a contact's response");
            k.normal = {to_real(c.normal.x), to_real(c.normal.y)};
        }
        const sweepbox::GroundState g = sweepbox::ground_state(
            contacts, sweepbox::GroundRules{{to_real(up_x), to_real(up_y)}, to_real(max_floor_angle)});
        *out = {g.on_floor ? 1 : 0, g.on_wall ? 1 : 0, g.on_ceiling ? 1 : 0, from_vec(g.floor_normal),
                from_other(g.floor)};
        return SWEEPBOX_OK;
    });
}
