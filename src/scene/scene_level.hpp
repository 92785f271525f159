#pragma once
// A scene's "level": an editor's level file read through the levels component.

#include <string>

#include <sweepbox/scene.hpp>

namespace sweepbox::detail {

// Reads the level `scene.level` names (relative to the folder of `file`) into scene.level_tiles
// and scene.level_bodies, its files through `read` (empty: from disk). Throws SceneError naming
// `file` and "level" (the level file's own error, with its file, layer and line, follows), or
// when this build has no levels component.
void read_scene_level(Scene& scene, const std::string& file, const SceneFileReader& read);

} // namespace sweepbox::detail
