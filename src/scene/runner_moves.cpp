// The runner's moves: `move` steps (a body's move, a dry run, or a platform's move) and `frames`
// steps (a body under gravity, one move per frame).
#include <sweepbox/scene.hpp>

#include <sweepbox/character.hpp>
#include <sweepbox/particles.hpp>

#include <string>
#include <utility>

#include "json_line.hpp"
#include "platform_names.hpp"
#include "runner_errors.hpp"
#include "runner_options.hpp"

namespace sweepbox {

using detail::JsonLine;

namespace {

void write_contact(JsonLine& line, const Contact& contact, const std::string& other, std::int32_t frame) {
    line.open('{');
    if (frame >= 0) line.key("frame").integer(frame);
    line.key("other").raw(other);
    line.key("time").num(contact.time);
    line.key("normal").vec(contact.normal);
    line.key("point").vec(contact.point);
    line.key("box").box(contact.box);
    line.key("response").str(to_string(contact.response));
    line.key("started_overlapping").boolean(contact.started_overlapping);
    if (contact.started_overlapping) {
        line.key("depth").num(contact.depth);
        line.key("sweep_back").vec(contact.sweep_back);
    }
    if (contact.junction) line.key("junction").boolean(true);
    line.close('}');
}

// The ground state of a move's answer under the step's rules; `floor_json` writes what the floor
// is (SceneRunner::other_json).
template <class FloorJson>
void write_ground(JsonLine& line, const MoveResult& result, const SceneStep& step, const FloorJson& floor_json) {
    const GroundState ground = ground_state(result, GroundRules{step.up, step.max_floor_angle});
    line.key("on_floor").boolean(ground.on_floor);
    line.key("on_wall").boolean(ground.on_wall);
    line.key("on_ceiling").boolean(ground.on_ceiling);
    if (ground.on_floor) line.key("floor").raw(floor_json(ground.floor));
}

// "riders", "pushed", "crushed" (names), "stopped", and "boxes": each one's box now.
void write_platform_names(JsonLine& line, const detail::PlatformNames& moved, const World& world,
                          const std::vector<std::string>& names) {
    auto list = [&](const char* key, const std::vector<BodyId>& bodies) {
        line.key(key).open('[');
        for (BodyId body : bodies) line.str(names.at(body.index));
        line.close(']');
    };
    list("riders", moved.riders);
    list("pushed", moved.pushed);
    list("crushed", moved.crushed);
    if (moved.stopped) line.key("stopped").boolean(true);
    line.key("boxes").open('{');
    for (const auto* bodies : {&moved.riders, &moved.pushed})
        for (BodyId body : *bodies) line.name_key(names.at(body.index)).box(world.box(body));
    line.close('}');
}

} // namespace

std::string SceneRunner::run_move(std::size_t index, const std::string& where) {
    const SceneStep& step = scene_.steps[index];
    const BodyId body = id_of(step.body, index);
    if (world_.info(body).is_platform) {
        if (step.check) throw SceneError(file_, where, "a platform's move has no dry run (\"check\")");
        return run_platform_move(index);
    }
    MoveTrace move;
    move.step = index;
    move.body = step.body;
    move.start = world_.box(body);
    move.delta = step.delta;
    move.has_velocity = step.has_velocity;
    move.velocity_before = step.velocity;
    move.check = step.check;
    const MoveOptions options = detail::move_options_of(step);
    if (step.check) {
        move.result = world_.check(body, step.delta, options);
    } else {
        const SnapRules snap = detail::snap_rules_of(step);
        move_and_snap(world_, body, step.delta, options, on_floor_[step.body], snap, move.result);
        on_floor_[step.body] = ground_state(move.result, snap.ground).on_floor;
    }
    if (step.has_velocity && !step.check) velocities_[step.body] = move.result.velocity;
    JsonLine line;
    line.key("body").str(step.body);
    if (step.check) line.key("check").boolean(true);
    line.key("box").box(move.result.box);
    if (step.has_velocity) line.key("velocity").vec(move.result.velocity);
    line.key("contacts").open('[');
    for (const Contact& contact : move.result.contacts) write_contact(line, contact, other_json(contact.other), -1);
    line.close(']');
    if (move.result.truncated) line.key("truncated").boolean(true);
    if (move.result.stuck) line.key("stuck").boolean(true);
    write_ground(line, move.result, step, [&](const Other& other) { return other_json(other); });
    if (trace_move(index)) trace_.moves.push_back(std::move(move));
    return line.take();
}

std::string SceneRunner::run_platform_move(std::size_t index) {
    const SceneStep& step = scene_.steps[index];
    const BodyId platform = id_of(step.body, index);
    MoveTrace move;
    move.step = index;
    move.body = step.body;
    move.start = world_.box(platform);
    move.delta = step.delta;
    move.platform = true;
    const PlatformResult result = move_platform(world_, platform, step.delta, detail::platform_options_of(step));
    move.result.box = result.box;
    detail::PlatformNames moved;
    moved.add(result);
    JsonLine line;
    line.key("body").str(step.body);
    line.key("box").box(result.box);
    line.key("moved").vec(result.moved);
    write_platform_names(line, moved, world_, names_);
    note_riders(moved.riders);
    if (trace_move(index)) trace_.moves.push_back(std::move(move));
    return line.take();
}

// Semi-implicit Euler, one move per frame: v += g*dt; move by v*dt carrying v. Per frame only the
// listed contacts (at most max_listed_contacts) and the bounded trace are kept, so memory does not
// grow with the count. A platform's frame is a move_platform (no contacts, no ground state).
std::string SceneRunner::run_frames(std::size_t index, const std::string& where) {
    const SceneStep& step = scene_.steps[index];
    const BodyId body = id_of(step.body, index);
    const bool platform = world_.info(body).is_platform;
    detail::PlatformNames moved;
    PlatformResult platform_result;
    MoveOptions options = detail::move_options_of(step);
    options.has_velocity = true;
    const SnapRules snap = detail::snap_rules_of(step);
    Vec2 velocity = step.has_velocity ? step.velocity : velocities_[step.body];
    JsonLine contacts;
    std::size_t listed = 0, omitted = 0;
    bool truncated = false, stuck = false;
    MoveResult result;
    for (std::int32_t frame = 0; frame < step.count; ++frame) {
        try {
            // The step's own "velocity" is its first frame's input (a jump): kept whole.
            const bool grounded = on_floor_[step.body] && !(frame == 0 && step.has_velocity);
            const FrameMotion motion = frame_motion(detail::with_walk(velocity, step, grounded), step.gravity, step.dt);
            velocity = motion.velocity;
            detail::check_finite(velocity, "velocity");
            const Aabb start = world_.box(body);
            options.velocity = velocity;
            if (platform) {
                move_platform(world_, body, motion.delta, detail::platform_options_of(step), platform_result);
                moved.add(platform_result);
                result.box = platform_result.box;
                result.velocity = velocity;
            } else {
                move_and_snap(world_, body, motion.delta, options, on_floor_[step.body], snap, result);
                on_floor_[step.body] = ground_state(result, snap.ground).on_floor;
            }
            detail::check_finite(result.box.min, "box");
            detail::check_finite(result.box.max, "box");
            detail::check_finite(result.velocity, "velocity");
            for (const Contact& contact : result.contacts) {
                if (listed == max_listed_contacts) {
                    ++omitted;
                    continue;
                }
                write_contact(contacts, contact, other_json(contact.other), frame);
                ++listed;
            }
            if (trace_move(index)) {
                MoveTrace move;
                move.step = index;
                move.frame = frame;
                move.body = step.body;
                move.start = start;
                move.delta = motion.delta;
                move.has_velocity = !platform;
                move.velocity_before = velocity;
                move.platform = platform;
                move.result = result;
                trace_.moves.push_back(std::move(move));
            }
            velocity = result.velocity;
            truncated = truncated || result.truncated;
            stuck = stuck || (!platform && result.stuck);
        } catch (const Error& e) {
            throw SceneError(file_, where + ", frame " + std::to_string(frame), detail::problem_of(e));
        } catch (const detail::NonFinite& n) {
            throw SceneError(file_, where + ", frame " + std::to_string(frame), n.problem());
        }
    }
    velocities_[step.body] = velocity;
    JsonLine line;
    line.key("body").str(step.body);
    line.key("box").box(world_.box(body));
    line.key("velocity").vec(velocity);
    line.key("frames").integer(step.count);
    if (platform) {
        write_platform_names(line, moved, world_, names_);
        note_riders(moved.riders);
        return line.take();
    }
    line.key("contacts").open('[');
    if (listed > 0) line.raw(contacts.take());
    line.close(']');
    if (omitted > 0) line.key("contacts_omitted").integer(static_cast<long long>(omitted));
    if (truncated) line.key("truncated").boolean(true);
    if (stuck) line.key("stuck").boolean(true);
    write_ground(line, result, step, [&](const Other& other) { return other_json(other); }); // the last frame's
    return line.take();
}

} // namespace sweepbox
