// Typed fields of JSON level files.
#include "json_fields.hpp"

#include <cmath>

#include "core/json_type_name.hpp"

namespace sweepbox::levels {

namespace {

using detail::json_type_name;

[[noreturn]] void wrong(const char* key, const char* expected, const json& got, const Place& at) {
    fail(at, std::string("field \"") + key + "\": expected " + expected + ", got " + json_type_name(got));
}

} // namespace

json parse_json(std::string_view text, const std::string& file) {
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        std::int64_t line = 1;
        const std::size_t end = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
        for (std::size_t i = 0; i < end; ++i)
            if (text[i] == '\n') ++line;
        std::string what = e.what();
        if (const std::size_t p = what.find("syntax error"); p != std::string::npos) what = what.substr(p);
        fail({file, "", line}, "not JSON: " + what);
    }
}

const json* member(const json& object, const char* key, const Place& at) {
    if (!object.is_object())
        fail(at, std::string("expected an object with \"") + key + "\", got " + json_type_name(object));
    const auto it = object.find(key);
    return it == object.end() || it->is_null() ? nullptr : &*it;
}

const json& required(const json& object, const char* key, const Place& at) {
    const json* v = member(object, key, at);
    if (!v) fail(at, std::string("missing field \"") + key + "\"");
    return *v;
}

double number(const json& object, const char* key, double fallback, const Place& at) {
    const json* v = member(object, key, at);
    if (!v) return fallback;
    if (!v->is_number()) wrong(key, "a number", *v, at);
    const double d = v->get<double>();
    if (!std::isfinite(d)) fail(at, std::string("field \"") + key + "\": not a finite number");
    return d;
}

std::int64_t integer_value(const json& v, std::int64_t lo, std::int64_t hi, const Place& at, const char* what) {
    std::int64_t n = 0;
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        if (u > std::uint64_t(hi)) fail(at, std::string(what) + " " + std::to_string(u) + " out of range");
        n = std::int64_t(u);
    } else if (v.is_number_integer()) {
        n = v.get<std::int64_t>();
    } else if (v.is_number_float() && std::isfinite(v.get<double>()) &&
               v.get<double>() == std::floor(v.get<double>()) && std::abs(v.get<double>()) < 9.0e15) {
        n = std::int64_t(v.get<double>()); // 16.0 is an integer too
    } else {
        fail(at, std::string(what) + ": expected an integer, got " + (v.is_number() ? v.dump() : json_type_name(v)));
    }
    if (n < lo || n > hi)
        fail(at, std::string(what) + " " + std::to_string(n) + " out of range [" + std::to_string(lo) + ", " +
                     std::to_string(hi) + "]");
    return n;
}

std::int64_t integer(const json& object, const char* key, std::int64_t fallback, const Place& at) {
    const json* v = member(object, key, at);
    if (!v) return fallback;
    return integer_value(*v, -(std::int64_t(1) << 53), std::int64_t(1) << 53, at,
                         (std::string("field \"") + key + "\"").c_str());
}

std::int64_t integer(const json& object, const char* key, const Place& at) {
    return integer_value(required(object, key, at), -(std::int64_t(1) << 53), std::int64_t(1) << 53, at,
                         (std::string("field \"") + key + "\"").c_str());
}

std::string text(const json& object, const char* key, const std::string& fallback, const Place& at) {
    const json* v = member(object, key, at);
    if (!v) return fallback;
    if (!v->is_string()) wrong(key, "a string", *v, at);
    return v->get<std::string>();
}

bool boolean(const json& object, const char* key, bool fallback, const Place& at) {
    const json* v = member(object, key, at);
    if (!v) return fallback;
    if (!v->is_boolean()) wrong(key, "true or false", *v, at);
    return v->get<bool>();
}

const json& array(const json& object, const char* key, const Place& at) {
    static const json empty = json::array();
    const json* v = member(object, key, at);
    if (!v) return empty;
    if (!v->is_array()) wrong(key, "an array", *v, at);
    return *v;
}

std::string as_text(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_null()) return "";
    return v.dump();
}

} // namespace sweepbox::levels
