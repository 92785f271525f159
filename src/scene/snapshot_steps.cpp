// The scene's save and restore steps (docs/scenes.md): World::save and World::restore, with the
// runner's own state of that moment (which name is which body, the last velocities and ground
// states), so the steps after a restore run as they did after the save.

#include <sweepbox/scene.hpp>

#include <memory>
#include <string>
#include <vector>

#include "json_line.hpp"

namespace sweepbox {

using detail::JsonLine;

struct SceneRunner::Saved {
    std::vector<std::byte> world;
    decltype(SceneRunner::ids_) ids;
    decltype(SceneRunner::names_) names;
    decltype(SceneRunner::velocities_) velocities;
    decltype(SceneRunner::on_floor_) on_floor;
};

std::string SceneRunner::run_snapshot(std::size_t index) {
    const SceneStep& step = scene_.steps[index];
    JsonLine line;
    line.key("snapshot").str(step.snapshot);
    if (step.op == SceneOp::save) {
        auto saved = std::make_shared<Saved>();
        world_.save(saved->world, step.snapshot_mode);
        saved->ids = ids_;
        saved->names = names_;
        saved->velocities = velocities_;
        saved->on_floor = on_floor_;
        saved_[step.snapshot] = saved; // a later save of the same name replaces it
        line.key("mode").str(step.snapshot_mode == SnapshotMode::full ? "full" : "movable");
        line.key("bytes").integer(static_cast<long long>(saved->world.size()));
        return line.take();
    }
    // (An earlier save step of the name ran: parse_scene checked it.) A refused snapshot throws
    // here, with the world and the runner unchanged.
    const Saved& saved = *saved_.at(step.snapshot);
    world_.restore(saved.world);
    ids_ = saved.ids;
    names_ = saved.names;
    velocities_ = saved.velocities;
    on_floor_ = saved.on_floor;
    return line.take();
}

} // namespace sweepbox
