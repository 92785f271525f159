// The XML reader behind TMX, TSX and TX files (src/levels/xml.hpp): what it reads, and a
// SyntaxError with the right line for what is not well-formed.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include <sweepbox/levels.hpp>

#include "levels/xml.hpp"

using namespace sweepbox;
using levels::xml::Element;

namespace {

// The line and problem of the SyntaxError that parsing `text` throws.
levels::xml::SyntaxError error_of(const std::string& text) {
    try {
        (void)levels::xml::parse(text);
    } catch (const levels::xml::SyntaxError& e) {
        return e;
    }
    BOOST_TEST(false, "no SyntaxError for: " << text);
    return {};
}

void expect_error(const std::string& text, std::int64_t line, const std::string& words) {
    const levels::xml::SyntaxError e = error_of(text);
    BOOST_TEST_CONTEXT(text << " -> " << e.line << ": " << e.problem) {
        BOOST_TEST(e.line == line);
        BOOST_TEST(e.problem.find(words) != std::string::npos);
    }
}

std::string file_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

BOOST_AUTO_TEST_SUITE(level_xml)

BOOST_AUTO_TEST_CASE(elements_attributes_text_and_lines) {
    const Element root = levels::xml::parse("\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                            "<!DOCTYPE map [<!ELEMENT map ANY>]>\n"
                                            "<!-- a map -->\n"
                                            "<map a='1' b = \"two\">\n"
                                            " <layer name=\"G\"><data>1,2,\n3</data></layer>\n"
                                            " <!-- between -->\n"
                                            " <layer name=\"H\"/>\n"
                                            " <?tiled something?>\n"
                                            "</map>\n");
    BOOST_TEST(root.name == "map");
    BOOST_TEST(root.line == 4);
    BOOST_TEST(root.value("a") == "1");
    BOOST_TEST(root.value("b") == "two");
    BOOST_TEST(!root.attribute("c"));
    BOOST_TEST(root.children.size() == 2u);
    BOOST_TEST(root.children[0].line == 5);
    BOOST_TEST(root.children[1].line == 8); // the data of line 5 takes two lines
    BOOST_TEST(root.children[1].value("name") == "H");
    BOOST_TEST(root.child("layer")->child("data")->text == "1,2,\n3");
    int layers = 0;
    for (const Element* l : root.children_named("layer")) layers += l->name == "layer";
    BOOST_TEST(layers == 2);
}

BOOST_AUTO_TEST_CASE(references_cdata_and_normalisation) {
    const Element root = levels::xml::parse("<p v=\"&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#xe9;&#x20AC;&#x1F600;\" "
                                            "w=\"a\tb\r\nc\">x &amp; y<![CDATA[ <not> &amp; ]]>\r\nz</p>");
    BOOST_TEST(root.value("v") == "<>&\"'AB\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
    BOOST_TEST(root.value("w") == "a b c");
    BOOST_TEST(root.text == "x & y <not> &amp; \nz");
}

BOOST_AUTO_TEST_CASE(malformed_documents_fail_at_their_line) {
    expect_error("", 1, "no root element");
    expect_error("  \n just text", 2, "text before the root element");
    expect_error("<map>\n<layer>\n</map>", 3, "</map> closes <layer> (line 2)");
    expect_error("<map>\n<layer>\n", 3, "<layer> (line 2) is not closed");
    expect_error("<map/>\n<map/>", 2, "a second root element");
    expect_error("<map/>\ntrailing", 2, "text after the root element");
    expect_error("<map a=\"1\"\n a=\"2\"/>", 2, "attribute \"a\" given twice in <map>");
    expect_error("<map a=1/>", 1, "in quotes");
    expect_error("<map a=\"1\"b=\"2\"/>", 1, "no space before an attribute");
    expect_error("<map a=\"<\"/>", 1, "a \"<\" in an attribute value");
    expect_error("<map>\n&nbsp;</map>", 2, "unknown entity &nbsp;");
    expect_error("<map>&#0;</map>", 1, "to no character");
    expect_error("<map>&#xD800;</map>", 1, "to no character");
    expect_error("<map>&#x110000;</map>", 1, "beyond Unicode");
    expect_error("<map>&#12a;</map>", 1, "malformed character reference");
    expect_error("<map>a & b</map>", 1, "starts no reference");
    expect_error("<map>a &\np; b</map>", 1, "starts no reference"); // (errors are one line)
    expect_error("<map>&#1\n2;</map>", 1, "starts no reference");
    expect_error("<map>\n<!-- open\n</map>", 2, "unterminated comment");
    expect_error("<map><!-- a -- b --></map>", 1, "\"--\" inside a comment");
    expect_error("<map>\n<![CDATA[ x </map>", 2, "unterminated CDATA section");
    expect_error("<map><!ENTITY x \"y\"></map>", 1, "starts no comment or CDATA");
    expect_error("<map>\n\n<1/></map>", 3, "element name expected");
    expect_error(std::string("<map>\n<a/>\0</map>", 15), 2, "a NUL byte");
    expect_error("<map a=\"1\"", 1, "does not end");
    std::string deep;
    for (int i = 0; i < 300; ++i) deep += "<g>";
    expect_error(deep, 1, "nested more than 256 deep");
}

// The example map with its tile data in a CDATA section, a comment and references in its
// text loads to the same level as the map itself.
BOOST_AUTO_TEST_CASE(cdata_comments_and_references_load_the_same_level) {
    const std::string path = std::string(SWEEPBOX_SCENES_DIR) + "/levels/platformer.tmx";
    std::string text = file_text(path);
    std::size_t at = 0, changed = 0;
    while ((at = text.find("<data encoding=\"csv\">", at)) != std::string::npos) {
        at += 21;
        const std::size_t end = text.find("</data>", at);
        text = text.substr(0, at) + "<!-- rows --><![CDATA[" + text.substr(at, end - at) + "]]>" + text.substr(end);
        ++changed;
    }
    BOOST_TEST(changed > 0u);
    const Level plain = load_level(path);
    const Level wrapped = parse_level(text, path, LevelFormat::tiled_xml);
    BOOST_TEST((plain == wrapped));
}

BOOST_AUTO_TEST_SUITE_END()
