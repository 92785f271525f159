#pragma once
// Internal to the scene layer: how the runner names a failure in a SceneError.

#include <string>
#include <string_view>

#include <sweepbox/error.hpp>
#include <sweepbox/scene.hpp>

namespace sweepbox::detail {

/// The library's message without its "sweepbox: " (the program adds that prefix itself).
[[nodiscard]] inline std::string problem_of(const Error& error) {
    std::string_view message = error.what();
    constexpr std::string_view prefix = "sweepbox: ";
    if (message.substr(0, prefix.size()) == prefix) message.remove_prefix(prefix.size());
    return std::string(message);
}

/// Where a step is, as errors name it: "step 3 (move)".
[[nodiscard]] inline std::string step_where(std::size_t index, SceneOp op) {
    return "step " + std::to_string(index) + " (" + to_string(op) + ")";
}

} // namespace sweepbox::detail
