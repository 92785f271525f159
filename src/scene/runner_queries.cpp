// The runner's questions to the world: casts (cast_ray, cast_box, cast_all), queries
// (query_rect, query_point, query_segment), overlapping_pairs, and the events since the last
// `events` step.
#include <sweepbox/scene.hpp>

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "json_line.hpp"
#include "platform_names.hpp"

namespace sweepbox {

using detail::JsonLine;

namespace {

// The fields of a hit after its "hit" (cast_ray, cast_box) or as an entry of "hits" (cast_all);
// a cast against motion adds where a moving body it hit was at the hit's time.
void write_hit(JsonLine& line, const CastHit& hit, bool with_box, const std::string& other, const Aabb* other_box) {
    line.key("time").num(hit.time);
    line.key("point").vec(hit.point);
    line.key("normal").vec(hit.normal);
    if (with_box) line.key("box").box(hit.box);
    line.key("other").raw(other);
    if (other_box != nullptr) line.key("other_box").box(*other_box);
    if (hit.started_overlapping) line.key("started_overlapping").boolean(true);
    if (hit.junction) line.key("junction").boolean(true);
}

// Hit k's body box at the hit's time, for a cast against motion that hit a moving body.
const Aabb* other_box(const CastTrace& cast, std::size_t k) {
    return cast.moving && cast.other_boxes[k] ? &*cast.other_boxes[k] : nullptr;
}

CastOptions cast_options(const SceneStep& step) {
    CastOptions o;
    o.moving = step.moving;
    o.t0 = step.t0;
    o.t1 = step.t1;
    return o;
}

} // namespace

// With "moving": where each body hit that moved this frame was at its hit's frame time.
void SceneRunner::note_other_boxes(CastTrace& cast) const {
    if (!cast.moving) return;
    std::vector<Aabb> path;
    for (const CastHit& hit : cast.hits) {
        if (hit.other.is_body()) world_.frame_path(hit.other.body, path);
        cast.other_boxes.push_back(hit.other.is_body() && !path.empty()
                                       ? std::optional<Aabb>(world_.frame_box(hit.other.body, hit.time))
                                       : std::nullopt);
    }
}

std::string SceneRunner::run_cast(std::size_t index) {
    const SceneStep& step = scene_.steps[index];
    const QueryFilter filter = filter_of(step, index);
    const bool ray = step.op == SceneOp::cast_ray;
    CastTrace cast;
    cast.step = index;
    cast.op = step.op;
    cast.box = ray ? Aabb{step.from, step.from} : step.box;
    cast.delta = step.delta;
    cast.moving = step.moving;
    const CastOptions options = cast_options(step);
    const CastHit hit = ray ? world_.cast_ray(step.from, step.delta, filter, options)
                            : world_.cast_box(step.box, step.delta, filter, options);
    JsonLine line;
    line.key("hit").boolean(hit.hit);
    if (hit.hit) {
        cast.hits.push_back(hit);
        note_other_boxes(cast);
        write_hit(line, hit, !ray, other_json(hit.other), other_box(cast, 0));
    }
    cast_hits_[index] = hit;
    if (record_) trace_.casts.push_back(std::move(cast));
    return line.take();
}

std::string SceneRunner::run_cast_all(std::size_t index) {
    const SceneStep& step = scene_.steps[index];
    const QueryFilter filter = filter_of(step, index);
    CastTrace cast;
    cast.step = index;
    cast.op = step.op;
    cast.box = step.box;
    cast.delta = step.delta;
    cast.moving = step.moving;
    world_.cast_all(step.box, step.delta, cast.hits, filter, cast_options(step));
    note_other_boxes(cast);
    JsonLine line;
    line.key("hits").open('[');
    for (std::size_t k = 0; k < cast.hits.size(); ++k) {
        line.open('{');
        write_hit(line, cast.hits[k], true, other_json(cast.hits[k].other), other_box(cast, k));
        line.close('}');
    }
    line.close(']');
    if (record_) trace_.casts.push_back(std::move(cast));
    return line.take();
}

std::string SceneRunner::run_query(std::size_t index) {
    const SceneStep& step = scene_.steps[index];
    const QueryFilter filter = filter_of(step, index);
    std::vector<Other> found;
    QueryTrace query;
    query.step = index;
    query.op = step.op;
    if (step.op == SceneOp::query_rect) {
        query.rect = step.box;
        world_.query_rect(step.box, found, filter);
    } else if (step.op == SceneOp::query_point) {
        query.rect = {step.point, step.point};
        world_.query_point(step.point, found, filter);
    } else {
        query.from = step.from;
        query.to = step.to;
        world_.query_segment(step.from, step.to, found, filter);
    }
    query.found = found.size();
    JsonLine line;
    line.key("found").open('[');
    for (const Other& other : found) line.raw(other_json(other));
    line.close(']');
    if (record_) trace_.queries.push_back(query);
    return line.take();
}

std::string SceneRunner::run_overlapping_pairs() const {
    std::vector<Pair> pairs;
    world_.overlapping_pairs(pairs);
    JsonLine line;
    line.key("pairs").open('[');
    for (const Pair& pair : pairs) {
        line.open('{');
        line.key("a").raw(other_json(Other::of(pair.a)));
        line.key("b").raw(other_json(Other::of(pair.b)));
        line.key("depth").num(pair.overlap.depth);
        line.key("normal").vec(pair.overlap.normal);
        line.close('}');
    }
    line.close(']');
    return line.take();
}

std::string SceneRunner::run_events() {
    world_.update_events();
    const Events events = world_.events();
    // A body an event names may be gone since: it keeps the name it had.
    auto body_name = [&](BodyId body) {
        auto it = ever_.find(detail::id_key(body));
        return it != ever_.end() ? it->second : name_of(Other::of(body));
    };
    auto other_or_name = [&](const Other& other) {
        if (!other.is_body()) return other_json(other);
        JsonLine name;
        name.str(body_name(other.body));
        return name.take();
    };
    JsonLine line;
    auto sensor_list = [&](const char* key, std::span<const SensorEvent> list) {
        line.key(key).open('[');
        for (const SensorEvent& event : list)
            line.open('[').raw(other_or_name(Other::of(event.visitor))).raw(other_or_name(event.sensor)).close(']');
        line.close(']');
    };
    auto contact_list = [&](const char* key, std::span<const ContactEvent> list) {
        line.key(key).open('[');
        for (const ContactEvent& event : list)
            line.open('[').raw(other_or_name(Other::of(event.body))).raw(other_or_name(event.other)).close(']');
        line.close(']');
    };
    sensor_list("sensor_begin", events.sensor_begin);
    sensor_list("sensor_end", events.sensor_end);
    contact_list("contact_begin", events.contact_begin);
    contact_list("contact_end", events.contact_end);
    return line.take();
}

} // namespace sweepbox
