// The XML reader of xml.hpp: a recursive descent over the text, one element per call, with the
// line counted as it goes.
#include "xml.hpp"

namespace sweepbox::levels::xml {

namespace {

// Deeper documents are refused before the reader's stack runs out (Tiled nests a few levels).
constexpr int max_depth = 256;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_name_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
           static_cast<unsigned char>(c) >= 0x80;
}
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.'; }

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xc0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out += char(0xe0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3f));
        out += char(0x80 | (cp & 0x3f));
    } else {
        out += char(0xf0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3f));
        out += char(0x80 | ((cp >> 6) & 0x3f));
        out += char(0x80 | (cp & 0x3f));
    }
}

std::string shown(char c) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) return "a byte that";
    return std::string("\"") + c + "\"";
}

class Reader {
public:
    explicit Reader(std::string_view text) : s_(text) {
        if (s_.substr(0, 3) == "\xEF\xBB\xBF") i_ = 3; // a UTF-8 byte order mark
    }

    Element document() {
        misc();
        if (at_end() || s_[i_] != '<') fail(at_end() ? "no root element" : "text before the root element");
        Element root = element(0);
        misc();
        if (!at_end()) fail(s_[i_] == '<' ? "a second root element" : "text after the root element");
        return root;
    }

private:
    std::string_view s_;
    std::size_t i_ = 0;
    std::int64_t line_ = 1;

    [[noreturn]] void fail(const std::string& problem) const { throw SyntaxError{line_, problem}; }
    [[nodiscard]] bool at_end() const { return i_ >= s_.size(); }
    [[nodiscard]] bool starts(std::string_view p) const { return s_.substr(i_, p.size()) == p; }

    void advance(std::size_t n) {
        for (const std::size_t end = i_ + n; i_ < end; ++i_)
            if (s_[i_] == '\n') ++line_;
    }
    void skip_space() {
        while (!at_end() && is_space(s_[i_])) advance(1);
    }
    // Moves past the next `end`; fails naming `what` when there is none.
    std::string_view until(std::string_view end, const char* what) {
        const std::size_t j = s_.find(end, i_);
        if (j == std::string_view::npos) fail(std::string("an unterminated ") + what);
        const std::string_view inside = s_.substr(i_, j - i_);
        advance(j - i_ + end.size());
        return inside;
    }

    // Comments, processing instructions (the XML declaration), a DOCTYPE and space, outside the root.
    void misc() {
        while (true) {
            skip_space();
            if (starts("<!--")) comment();
            else if (starts("<?")) (void)until("?>", "processing instruction");
            else if (starts("<!DOCTYPE")) doctype();
            else return;
        }
    }
    void comment() {
        advance(4);
        const std::string_view inside = until("-->", "comment");
        if (inside.find("--") != std::string_view::npos) fail("\"--\" inside a comment");
    }
    // Skipped whole, with its internal subset in brackets; its entities are not defined here.
    void doctype() {
        int brackets = 0;
        for (; !at_end(); advance(1)) {
            if (s_[i_] == '[') ++brackets;
            else if (s_[i_] == ']') --brackets;
            else if (s_[i_] == '>' && brackets <= 0) {
                advance(1);
                return;
            }
        }
        fail("an unterminated DOCTYPE");
    }

    std::string name(const char* what) {
        if (at_end() || !is_name_start(s_[i_]))
            fail(std::string(what) + " name expected, " + (at_end() ? "the end" : shown(s_[i_])) + " found");
        const std::size_t start = i_;
        while (!at_end() && is_name_char(s_[i_])) ++i_;
        return std::string(s_.substr(start, i_ - start));
    }

    // A reference after its '&': one of the five entities or a character number.
    void reference(std::string& out) {
        const std::size_t semi = s_.find(';', i_);
        if (semi == std::string_view::npos || semi - i_ > 12) fail("a \"&\" that starts no reference (write &amp;)");
        const std::string_view ref = s_.substr(i_, semi - i_);
        // (Only name characters: the reference is quoted in errors, which stay one line.)
        for (const char c : ref)
            if (!is_name_char(c) && c != '#') fail("a \"&\" that starts no reference (write &amp;)");
        if (ref == "lt") out += '<';
        else if (ref == "gt") out += '>';
        else if (ref == "amp") out += '&';
        else if (ref == "quot") out += '"';
        else if (ref == "apos") out += '\'';
        else if (ref.size() >= 2 && ref[0] == '#') {
            const bool hex = ref[1] == 'x';
            const std::string_view digits = ref.substr(hex ? 2 : 1);
            std::uint32_t cp = 0;
            for (const char c : digits) {
                std::uint32_t d = 0;
                if (c >= '0' && c <= '9') d = std::uint32_t(c - '0');
                else if (hex && c >= 'a' && c <= 'f') d = std::uint32_t(c - 'a' + 10);
                else if (hex && c >= 'A' && c <= 'F') d = std::uint32_t(c - 'A' + 10);
                else fail("a malformed character reference &" + std::string(ref) + ";");
                cp = cp * (hex ? 16 : 10) + d;
                if (cp > 0x10ffff) fail("a character reference beyond Unicode &" + std::string(ref) + ";");
            }
            if (digits.empty() || cp == 0 || (cp >= 0xd800 && cp <= 0xdfff))
                fail("a character reference to no character &" + std::string(ref) + ";");
            append_utf8(out, cp);
        } else {
            fail("an unknown entity &" + std::string(ref) + "; (XML has &lt; &gt; &amp; &quot; &apos;)");
        }
        advance(semi - i_ + 1);
    }

    // Character data up to the next '<', line ends normalised to '\n'.
    void text(std::string& out) {
        while (!at_end() && s_[i_] != '<') {
            const char c = s_[i_];
            if (c == '&') {
                advance(1);
                reference(out);
                continue;
            }
            if (c == '\r') {
                out += '\n';
                advance(i_ + 1 < s_.size() && s_[i_ + 1] == '\n' ? 2 : 1);
                continue;
            }
            out += c;
            advance(1);
        }
    }

    std::string attribute_value() {
        if (at_end() || (s_[i_] != '"' && s_[i_] != '\'')) fail("an attribute value must be in quotes");
        const char quote = s_[i_];
        advance(1);
        std::string out;
        while (true) {
            if (at_end()) fail("an unterminated attribute value");
            const char c = s_[i_];
            if (c == quote) break;
            if (c == '<') fail("a \"<\" in an attribute value (write &lt;)");
            if (c == '&') {
                advance(1);
                reference(out);
                continue;
            }
            // Space characters become spaces (XML's attribute value normalisation); \r\n is one.
            if (c == '\r' && i_ + 1 < s_.size() && s_[i_ + 1] == '\n') advance(1);
            out += is_space(c) ? ' ' : c;
            advance(1);
        }
        advance(1);
        return out;
    }

    // An element at '<', with everything inside it.
    Element element(int depth) {
        if (depth >= max_depth) fail("elements nested more than " + std::to_string(max_depth) + " deep");
        Element e;
        e.line = line_;
        advance(1);
        e.name = name("an element");
        while (true) {
            const bool spaced = !at_end() && is_space(s_[i_]);
            skip_space();
            if (at_end()) fail("the start tag of <" + e.name + "> does not end");
            if (starts("/>")) {
                advance(2);
                return e;
            }
            if (s_[i_] == '>') {
                advance(1);
                break;
            }
            if (!spaced) fail("no space before an attribute of <" + e.name + ">");
            std::string key = name("an attribute");
            if (e.attribute(key)) fail("attribute \"" + key + "\" given twice in <" + e.name + ">");
            skip_space();
            if (at_end() || s_[i_] != '=') fail("attribute \"" + key + "\" of <" + e.name + "> has no \"=\"");
            advance(1);
            skip_space();
            e.attributes.push_back({std::move(key), attribute_value()});
        }
        content(e, depth);
        return e;
    }

    // An element's content up to and including its end tag.
    void content(Element& e, int depth) {
        while (true) {
            text(e.text);
            if (at_end()) fail("<" + e.name + "> (line " + std::to_string(e.line) + ") is not closed");
            if (starts("</")) {
                advance(2);
                const std::string end = name("an end tag");
                if (end != e.name) fail("</" + end + "> closes <" + e.name + "> (line " + std::to_string(e.line) + ")");
                skip_space();
                if (at_end() || s_[i_] != '>') fail("the end tag </" + end + "> does not end with \">\"");
                advance(1);
                return;
            }
            if (starts("<!--")) comment();
            else if (starts("<![CDATA[")) {
                advance(9);
                e.text += until("]]>", "CDATA section");
            } else if (starts("<?")) (void)until("?>", "processing instruction");
            else if (starts("<!")) fail("a \"<!\" that starts no comment or CDATA section");
            else e.children.push_back(element(depth + 1));
        }
    }
};

} // namespace

Element parse(std::string_view text) {
    if (text.find('\0') != std::string_view::npos) {
        const std::string_view before = text.substr(0, text.find('\0'));
        std::int64_t line = 1;
        for (const char c : before) line += c == '\n';
        throw SyntaxError{line, "a NUL byte (XML text has none)"};
    }
    return Reader(text).document();
}

} // namespace sweepbox::levels::xml
