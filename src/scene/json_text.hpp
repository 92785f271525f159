#pragma once
// Internal to the scene layer: JSON text as a scene file is read (no NUL byte, no key twice in one
// object, errors placed by line and column).

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace sweepbox::detail {

/// The JSON document of a scene file's text; throws SceneError naming `file` and the place.
nlohmann::json parse_json_text(std::string_view text, const std::string& file);

} // namespace sweepbox::detail
