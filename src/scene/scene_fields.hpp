#pragma once
// Internal to the scene layer: a scene file's JSON objects read field by field, each field checked
// for its type and range, and no field left unknown. A problem throws Bad with its place; the
// caller adds the file.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include <sweepbox/scene.hpp>

#include "core/json_type_name.hpp"

namespace sweepbox::detail {

using json = nlohmann::json;

// A problem found while parsing; the caller adds the file.
struct Bad {
    std::string where;
    std::string problem;
};

[[noreturn]] inline void bad(const std::string& where, const std::string& problem) { throw Bad{where, problem}; }

inline std::string in_quotes(const std::string& s) { return json(s).dump(); }

// Reads the fields of one JSON object, checking types, and finally that no field was unknown.
class Fields {
public:
    Fields(const json& obj, std::string where) : obj_(obj), where_(std::move(where)) {
        if (!obj_.is_object()) bad(where_, std::string("expected an object, got ") + json_type_name(obj_));
    }
    [[nodiscard]] const std::string& where() const { return where_; }
    bool has(const char* key) const { return obj_.contains(key); }
    const json* get(const char* key, bool required) {
        seen_.emplace_back(key);
        auto it = obj_.find(key);
        if (it == obj_.end()) {
            if (required) bad(where_, std::string("missing field \"") + key + "\"");
            return nullptr;
        }
        return &*it;
    }
    [[noreturn]] void fail(const char* key, const std::string& problem) const {
        bad(where_, std::string("field \"") + key + "\": " + problem);
    }

    real number(const json& j, const char* key) const {
        if (!j.is_number()) fail(key, std::string("expected a number, got ") + json_type_name(j));
        const double d = j.get<double>();
        const real r = real(d);
        if (!std::isfinite(d) || !std::isfinite(r)) fail(key, "not a finite number");
        return r;
    }
    bool read(const char* key, real& out, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        out = number(*j, key);
        return true;
    }
    bool read(const char* key, Vec2& out, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        if (!j->is_array() || j->size() != 2) fail(key, "expected an array of 2 numbers [x, y]");
        out = Vec2(number((*j)[0], key), number((*j)[1], key));
        return true;
    }
    bool read(const char* key, Aabb& out, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        if (!j->is_array() || j->size() != 4) fail(key, "expected an array of 4 numbers [minx, miny, maxx, maxy]");
        out.min = Vec2(number((*j)[0], key), number((*j)[1], key));
        out.max = Vec2(number((*j)[2], key), number((*j)[3], key));
        if (out.min.x > out.max.x || out.min.y > out.max.y) fail(key, "min > max");
        return true;
    }
    bool read(const char* key, std::string& out, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        if (!j->is_string()) fail(key, std::string("expected a string, got ") + json_type_name(*j));
        out = j->get<std::string>();
        return true;
    }
    bool read(const char* key, bool& out, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        if (!j->is_boolean()) fail(key, std::string("expected true or false, got ") + json_type_name(*j));
        out = j->get<bool>();
        return true;
    }
    // Integers in [lo, hi].
    std::int64_t integer(const json& j, const char* key, std::int64_t lo, std::int64_t hi) const {
        std::int64_t v = 0;
        if (j.is_number_unsigned()) {
            const auto u = j.get<std::uint64_t>();
            if (u > std::uint64_t(std::numeric_limits<std::int64_t>::max())) fail(key, "integer out of range");
            v = std::int64_t(u);
        } else if (j.is_number_integer()) {
            v = j.get<std::int64_t>();
        } else {
            fail(key, std::string("expected an integer, got ") + json_type_name(j));
        }
        if (v < lo || v > hi)
            fail(key, "integer " + std::to_string(v) + " out of range [" + std::to_string(lo) + ", " +
                          std::to_string(hi) + "]");
        return v;
    }
    bool read_bits(const char* key, std::uint32_t& out) {
        const json* j = get(key, false);
        if (!j) return false;
        out = std::uint32_t(integer(*j, key, 0, 0xffffffffll));
        return true;
    }
    bool read_u64(const char* key, std::uint64_t& out) {
        const json* j = get(key, false);
        if (!j) return false;
        if (j->is_number_unsigned()) out = j->get<std::uint64_t>();
        else out = std::uint64_t(integer(*j, key, 0, std::numeric_limits<std::int64_t>::max()));
        return true;
    }
    bool read_int(const char* key, std::int32_t& out, std::int64_t lo, std::int64_t hi, bool required = false) {
        const json* j = get(key, required);
        if (!j) return false;
        out = std::int32_t(integer(*j, key, lo, hi));
        return true;
    }
    void finish() const {
        for (auto it = obj_.begin(); it != obj_.end(); ++it)
            if (std::find(seen_.begin(), seen_.end(), it.key()) == seen_.end())
                bad(where_, "unknown field " + in_quotes(it.key()));
    }

private:
    const json& obj_;
    std::string where_;
    std::vector<std::string_view> seen_; // a few keys: a set would cost more than it saves
};

} // namespace sweepbox::detail
