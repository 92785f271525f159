#pragma once
// Reading JSON level files (Tiled's JSON maps and tilesets, LDtk projects) with nlohmann-json:
// the text parsed with its syntax errors placed by line, and typed access to fields.

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "kinds.hpp"

namespace sweepbox::levels {

using json = nlohmann::json;

// The JSON of a file; a syntax error fails at its line.
[[nodiscard]] json parse_json(std::string_view text, const std::string& file);

// Typed fields of an object at `at`; a field of the wrong type fails, one that is missing gives
// the fallback (or fails when there is none).
[[nodiscard]] const json* member(const json& object, const char* key, const Place& at);
[[nodiscard]] const json& required(const json& object, const char* key, const Place& at);
[[nodiscard]] double number(const json& object, const char* key, double fallback, const Place& at);
[[nodiscard]] std::int64_t integer(const json& object, const char* key, std::int64_t fallback, const Place& at);
[[nodiscard]] std::int64_t integer(const json& object, const char* key, const Place& at); // required
[[nodiscard]] std::string text(const json& object, const char* key, const std::string& fallback, const Place& at);
[[nodiscard]] bool boolean(const json& object, const char* key, bool fallback, const Place& at);
[[nodiscard]] const json& array(const json& object, const char* key, const Place& at); // missing: empty
// An integer value itself, in [lo, hi].
[[nodiscard]] std::int64_t integer_value(const json& v, std::int64_t lo, std::int64_t hi, const Place& at,
                                         const char* what);
// A value as the text a property holds ("solid", "3", "true").
[[nodiscard]] std::string as_text(const json& v);

} // namespace sweepbox::levels
