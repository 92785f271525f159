#pragma once
// A small XML reader for Tiled's files (TMX maps, TSX tilesets, TX templates): elements,
// attributes, text, comments, CDATA, the five predefined entities and numeric character
// references. No DTD (a DOCTYPE is skipped), no namespaces, UTF-8 only. Written here so that
// every build, WebAssembly included, reads TMX the same way with no library to link.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sweepbox::levels::xml {

struct Attribute {
    std::string name, value; // the value with its references replaced
};

// An element, with its elements and its text.
struct Element {
    std::string name;
    std::vector<Attribute> attributes; // in file order, no name twice
    std::vector<Element> children;     // its elements, in file order
    std::string text;                  // its character data (text and CDATA) joined
    std::int64_t line = 0;             // where its start tag is (from 1)

    // The attribute's value, or null when the element has none of that name.
    [[nodiscard]] const std::string* attribute(std::string_view key) const {
        for (const Attribute& a : attributes)
            if (a.name == key) return &a.value;
        return nullptr;
    }
    // The attribute's value, or "" when there is none.
    [[nodiscard]] std::string_view value(std::string_view key) const {
        const std::string* v = attribute(key);
        return v ? std::string_view(*v) : std::string_view();
    }
    // The first child element of that name, or null.
    [[nodiscard]] const Element* child(std::string_view key) const {
        for (const Element& c : children)
            if (c.name == key) return &c;
        return nullptr;
    }
    // The child elements of that name, in order.
    [[nodiscard]] std::vector<const Element*> children_named(std::string_view key) const {
        std::vector<const Element*> out;
        for (const Element& c : children)
            if (c.name == key) out.push_back(&c);
        return out;
    }
};

// A document that is not well-formed: the line (from 1) and what is wrong.
struct SyntaxError {
    std::int64_t line = 0;
    std::string problem;
};

// The root element of a document. Throws SyntaxError.
[[nodiscard]] Element parse(std::string_view text);

} // namespace sweepbox::levels::xml
