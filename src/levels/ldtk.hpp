#pragma once
// LDtk projects (ldtk.cpp).

#include <sweepbox/levels.hpp>

#include <string>
#include <string_view>

namespace sweepbox::levels {

// The level of an LDtk project: the level named `level_name`, or every level.
[[nodiscard]] Level read_ldtk(std::string_view text, const std::string& file, const std::string& level_name,
                              const LevelRules& rules, const LevelFileReader& read);

} // namespace sweepbox::levels
