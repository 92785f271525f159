// JSON text as a scene file is read: nlohmann's parser, with a NUL byte refused (the lexer would
// take it for the end of the text) and a key met twice in one object refused (nlohmann keeps the
// last one), each named by its place.
#include "json_text.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <sweepbox/scene.hpp>

namespace sweepbox::detail {

using json = nlohmann::json;

namespace {

// A problem found in the text; the caller adds the file.
struct Bad {
    std::string where;
    std::string problem;
};

[[noreturn]] void bad(const std::string& where, const std::string& problem) { throw Bad{where, problem}; }

std::string in_quotes(const std::string& s) { return json(s).dump(); }

// "line L, column C" of a byte offset in the text (columns count bytes, from 1).
std::string line_and_column(std::string_view text, std::size_t offset) {
    const std::string_view before = text.substr(0, offset);
    const std::size_t line_start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
    const std::size_t line = 1 + std::size_t(std::count(before.begin(), before.end(), '\n'));
    return "line " + std::to_string(line) + ", column " + std::to_string(offset - line_start + 1);
}

// A char iterator that publishes how far the JSON lexer has read, so that the parser callback
// can tell where a key is.
struct TrackedChars {
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;
    const char* p = nullptr;
    const char** read = nullptr;
    reference operator*() const { return *p; }
    TrackedChars& operator++() {
        *read = ++p;
        return *this;
    }
    TrackedChars operator++(int) {
        TrackedChars old = *this;
        ++*this;
        return old;
    }
    friend bool operator!=(const TrackedChars& a, const TrackedChars& b) { return a.p != b.p; }
};

// The SAX handler that builds the document and rejects a key met twice in one object (nlohmann
// keeps the last one), naming the place as the other errors do ("step 3", "bodies[1]", "tiles",
// "scene"). Not json::parse with a callback: at the end of every object that one scans the whole
// parent for discarded values, which makes an array of a million bodies or steps quadratic.
class SceneSax {
public:
    SceneSax(json& root, std::string_view text, const char* const& read) : root_(root), text_(text), read_(read) {}

    bool null() { return value(nullptr); }
    bool boolean(bool v) { return value(v); }
    bool number_integer(json::number_integer_t v) { return value(v); }
    bool number_unsigned(json::number_unsigned_t v) { return value(v); }
    bool number_float(json::number_float_t v, const json::string_t& /*text*/) { return value(v); }
    bool string(json::string_t& v) { return value(std::move(v)); }
    bool binary(json::binary_t& v) { return value(json(std::move(v))); }
    bool start_object(std::size_t /*size*/) { return enter(json::value_t::object); }
    bool start_array(std::size_t /*size*/) { return enter(json::value_t::array); }
    bool end_object() { return leave(); }
    bool end_array() { return leave(); }
    bool key(json::string_t& k) {
        Level& level = stack_.back();
        if (level.node->contains(k)) duplicate(k);
        level.key = k;
        slot_ = &(*level.node)[k];
        return true;
    }
    template <class Exception>
    bool parse_error(std::size_t /*position*/, const std::string& /*token*/, const Exception& e) {
        throw e;
    }

private:
    struct Level {
        json* node = nullptr; // the object or array being read
        std::string key;      // object: the key being read
    };

    // Places a value in the open object or array (or as the root); returns where it lies.
    json* place(json&& v) {
        if (stack_.empty()) {
            root_ = std::move(v);
            return &root_;
        }
        Level& level = stack_.back();
        if (level.node->is_object()) {
            *slot_ = std::move(v);
            return slot_;
        }
        level.node->push_back(std::move(v));
        return &level.node->back();
    }
    bool value(json&& v) {
        place(std::move(v));
        return true;
    }
    bool enter(json::value_t type) {
        stack_.push_back(Level{place(json(type)), {}});
        return true;
    }
    bool leave() {
        stack_.pop_back();
        return true;
    }

    // The key or index by which level k's value lies in its parent (an open value is the last
    // element of its array).
    [[nodiscard]] std::string name(std::size_t k) const {
        const Level& parent = stack_[k - 1];
        return parent.node->is_object() ? parent.key : std::to_string(parent.node->size() - 1);
    }
    [[nodiscard]] bool is_object(std::size_t k) const { return stack_[k].node->is_object(); }

    [[noreturn]] void duplicate(const std::string& key) const {
        // The lexer has just read the key's closing quote: back up to its opening one.
        std::size_t end = std::size_t(read_ - text_.data());
        std::size_t start = end > 0 ? end - 1 : 0;
        while (start > 0) {
            --start;
            std::size_t slashes = 0;
            while (start > slashes && text_[start - 1 - slashes] == '\\') ++slashes;
            if (text_[start] == '"' && slashes % 2 == 0) break;
        }
        std::string where = "scene";
        std::size_t inside = 1; // stack_ levels named by `where`
        if (stack_.size() >= 2 && is_object(0) && name(1) == "tiles") {
            where = "tiles";
            inside = 2;
        } else if (stack_.size() >= 3 && is_object(0) && !is_object(1) && (name(1) == "bodies" || name(1) == "steps")) {
            where = name(1) == "bodies" ? "bodies[" + name(2) + "]" : "step " + name(2);
            inside = 3;
        }
        std::string problem = "duplicate key " + in_quotes(key);
        if (stack_.size() > inside)
            problem += is_object(inside - 1) ? " in field " + in_quotes(name(inside)) : " in element " + name(inside);
        bad(where, problem + " at " + line_and_column(text_, start));
    }

    json& root_;
    json* slot_ = nullptr; // the value of the key just read
    std::string_view text_;
    const char* const& read_;
    std::vector<Level> stack_;
};

} // namespace

json parse_json_text(std::string_view text, const std::string& file) {
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
        throw SceneError(file, "json", "NUL byte at " + line_and_column(text, nul) + " (a scene is JSON text)");
    try {
        const char* read = text.data();
        json root;
        SceneSax sax(root, text, read);
        json::sax_parse(TrackedChars{text.data(), &read}, TrackedChars{text.data() + text.size(), &read}, &sax);
        return root;
    } catch (const json::exception& e) {
        // e.what() reads "[json.exception.parse_error.101] parse error at line 3, column 7: ..."
        std::string what = e.what();
        if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
        throw SceneError(file, "json", what);
    } catch (const Bad& b) {
        throw SceneError(file, b.where, b.problem);
    }
}

} // namespace sweepbox::detail
