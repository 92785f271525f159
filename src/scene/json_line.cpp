// The writer of the runner's output lines (json_line.hpp).
#include "json_line.hpp"

#include <cmath>

#include <sweepbox/scene.hpp>

namespace sweepbox::detail {

std::string NonFinite::problem() const {
    const char* text = std::isnan(value) ? "nan" : value > 0 ? "inf" : "-inf";
    return std::string("the result is not finite: \"") + field + "\" would be " + text;
}

void check_finite(Vec2 v, const char* field) {
    if (!std::isfinite(v.x)) throw NonFinite{field, v.x};
    if (!std::isfinite(v.y)) throw NonFinite{field, v.y};
}

JsonLine& JsonLine::key(const char* k) {
    comma();
    out_ += '"';
    out_ += k;
    out_ += "\": ";
    need_comma_ = false;
    last_key_ = k;
    return *this;
}

JsonLine& JsonLine::raw(const std::string& json) {
    comma();
    out_ += json;
    need_comma_ = true;
    return *this;
}

JsonLine& JsonLine::num(real v) {
    if (!std::isfinite(v)) throw NonFinite{last_key_, v};
    return raw(format_real(v));
}

JsonLine& JsonLine::str(const std::string& s) {
    std::string quoted = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') {
            quoted += '\\';
            quoted += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            static const char* hex = "0123456789abcdef";
            quoted += "\\u00";
            quoted += hex[(c >> 4) & 0xf];
            quoted += hex[c & 0xf];
        } else {
            quoted += c;
        }
    }
    return raw(quoted + '"');
}

JsonLine& JsonLine::name_key(const std::string& k) {
    str(k);
    out_ += ": ";
    need_comma_ = false;
    return *this;
}

JsonLine& JsonLine::open(char bracket) {
    comma();
    out_ += bracket;
    need_comma_ = false;
    return *this;
}

JsonLine& JsonLine::close(char bracket) {
    out_ += bracket;
    need_comma_ = true;
    return *this;
}

} // namespace sweepbox::detail
