#pragma once
// Internal to the scene layer: the writer of one output line of the runner, `{"key": value, ...}`
// with the spacing of docs/scenes.md, numbers in their shortest round-trip form.

#include <string>
#include <utility>

#include <sweepbox/geometry.hpp>

namespace sweepbox::detail {

/// A number the output would have to print as inf or nan; run_step turns it into a SceneError.
struct NonFinite {
    const char* field;
    real value;
    /// The SceneError's problem: which field would be what.
    [[nodiscard]] std::string problem() const;
};

/// Throws NonFinite naming `field` when a coordinate of `v` is not finite.
void check_finite(Vec2 v, const char* field);

/// One JSON object, array or value, written left to right; commas go in by themselves.
class JsonLine {
public:
    /// `"k": `, the value follows.
    JsonLine& key(const char* k);
    /// Text that is already JSON (a value, or fields written by another JsonLine).
    JsonLine& raw(const std::string& json);
    /// A number; throws NonFinite, naming the last key, for inf and nan.
    JsonLine& num(real v);
    JsonLine& integer(long long v) { return raw(std::to_string(v)); }
    JsonLine& boolean(bool b) { return raw(b ? "true" : "false"); }
    /// A string, escaped.
    JsonLine& str(const std::string& s);
    /// An object key that is a name (escaped as a string).
    JsonLine& name_key(const std::string& k);
    JsonLine& vec(Vec2 v) { return open('[').num(v.x).num(v.y).close(']'); }
    JsonLine& box(const Aabb& b) { return open('[').num(b.min.x).num(b.min.y).num(b.max.x).num(b.max.y).close(']'); }
    /// '[' or '{'.
    JsonLine& open(char bracket);
    /// ']' or '}'.
    JsonLine& close(char bracket);
    /// The text written so far; the writer is empty afterwards.
    std::string take() { return std::move(out_); }

private:
    void comma() {
        if (need_comma_) out_ += ", ";
    }
    std::string out_;
    bool need_comma_ = false;
    const char* last_key_ = "";
};

} // namespace sweepbox::detail
