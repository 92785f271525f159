// JSON text as a scene file is read: nlohmann's parser, with a NUL byte refused (the lexer would
// take it for the end of the text) and a key met twice in one object refused (nlohmann keeps the
// last one), each named by its place.
#include "json_text.hpp"

#include <cstddef>
#include <functional>
#include <set>
#include <string>
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

// The parser callback that rejects a key met twice in one object (nlohmann keeps the last one),
// naming the place as the other errors do ("step 3", "bodies[1]", "tiles", "scene").
class DuplicateKeys {
public:
    DuplicateKeys(std::string_view text, const char* const& read) : text_(text), read_(read) {}

    bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
        switch (event) {
        case json::parse_event_t::object_start: enter(true); break;
        case json::parse_event_t::array_start: enter(false); break;
        case json::parse_event_t::object_end:
        case json::parse_event_t::array_end:
            stack_.pop_back();
            element_done();
            break;
        case json::parse_event_t::key: {
            Level& level = stack_.back();
            level.key = parsed.get<std::string>();
            if (!level.keys.insert(level.key).second) duplicate(level.key);
            break;
        }
        case json::parse_event_t::value: element_done(); break;
        }
        return true;
    }

private:
    struct Level {
        bool object = false;
        std::string name;           // the key or index of this value in its parent
        std::set<std::string> keys; // object: the keys so far
        std::string key;            // object: the key being read
        std::size_t index = 0;      // array: the index of the element being read
    };

    void enter(bool object) {
        Level level;
        level.object = object;
        if (!stack_.empty())
            level.name = stack_.back().object ? stack_.back().key : std::to_string(stack_.back().index);
        stack_.push_back(std::move(level));
    }
    void element_done() {
        if (!stack_.empty() && !stack_.back().object) ++stack_.back().index;
    }

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
        if (stack_.size() >= 2 && stack_[0].object && stack_[1].name == "tiles") {
            where = "tiles";
            inside = 2;
        } else if (stack_.size() >= 3 && stack_[0].object && !stack_[1].object &&
                   (stack_[1].name == "bodies" || stack_[1].name == "steps")) {
            where = stack_[1].name == "bodies" ? "bodies[" + stack_[2].name + "]" : "step " + stack_[2].name;
            inside = 3;
        }
        std::string problem = "duplicate key " + in_quotes(key);
        if (stack_.size() > inside)
            problem += stack_[inside - 1].object ? " in field " + in_quotes(stack_[inside].name)
                                                 : " in element " + stack_[inside].name;
        bad(where, problem + " at " + line_and_column(text_, start));
    }

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
        DuplicateKeys check(text, read);
        return json::parse(TrackedChars{text.data(), &read}, TrackedChars{text.data() + text.size(), &read},
                           std::ref(check));
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
