#pragma once
// Internal to the scene layer: a scene's bodies and steps read from their JSON objects
// (scene_steps.cpp), every field checked that can be without the rest of the scene.

#include <cstddef>

#include <sweepbox/scene.hpp>

#include "scene_fields.hpp"

namespace sweepbox::detail {

// The fields of a body (in "bodies" and in an "add" step); the caller finishes `f`.
void read_body_fields(Fields& f, SceneBody& b);

// Step `index` of the scene's "steps".
[[nodiscard]] SceneStep read_step(const json& j, std::size_t index);

} // namespace sweepbox::detail
