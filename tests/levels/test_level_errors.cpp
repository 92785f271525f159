// Bad and unsupported level files: a LevelError that names the file, the layer and (where the
// file has lines to name) the line, and a world that stays exactly as it was.
#include <boost/test/unit_test.hpp>

#include <fstream>

#include <sweepbox/levels.hpp>

#include "level_test_support.hpp"

using namespace sweepbox;

namespace {

struct Expect {
    std::string file, layer;
    std::int64_t line = -1; // -1: not checked
    std::string words;      // a part of the problem
};

void expect_error(const std::string& text, LevelFormat format, const Expect& e, const LevelRules& rules = {},
                  const std::string& level_name = "") {
    const std::string file = e.file.empty() ? "bad.level" : e.file;
    try {
        (void)parse_level(text, file, format, level_name, rules, [](const std::string& path) -> std::string {
            if (path == "tiles.tsx")
                return R"(<tileset name="t" tilewidth="8" tileheight="8">
<tile id="0"><properties><property name="collision" value="lava"/></properties></tile>
</tileset>)";
            throw std::runtime_error("no such file");
        });
        BOOST_TEST(false, "expected a LevelError for: " << e.words);
    } catch (const LevelError& err) {
        BOOST_TEST_CONTEXT(err.what()) {
            BOOST_TEST(err.layer() == e.layer);
            if (e.line >= 0) BOOST_TEST(err.line() == e.line);
            BOOST_TEST(err.problem().find(e.words) != std::string::npos);
            BOOST_TEST(std::string(err.what()).rfind("sweepbox: load_level: ", 0) == 0);
            BOOST_TEST(std::string(err.what()).find('\n') == std::string::npos);
        }
    }
}

std::string tmx(const std::string& layers, const std::string& map_attrs = R"(width="2" height="1")") {
    return R"(<?xml version="1.0"?>
<map orientation="orthogonal" )" +
           map_attrs + R"( tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="t" tilecount="4"><tile id="0"><properties><property name="collision" value="solid"/></properties></tile>
  <tile id="1"><properties><property name="collision" value="slope45_ul"/></properties></tile></tileset>
)" + layers +
           "</map>\n";
}

std::string csv_layer(const std::string& data, const std::string& attrs = "") {
    return R"( <layer name="G" width="2" height="1")" + attrs + R"(>
  <data encoding="csv">)" +
           data + "</data>\n </layer>\n";
}

std::string objects(const std::string& body) { return " <objectgroup name=\"O\">\n" + body + " </objectgroup>\n"; }

} // namespace

BOOST_AUTO_TEST_SUITE(level_errors)

BOOST_AUTO_TEST_CASE(tmx_syntax_and_structure) {
    expect_error("<map orientation=\"orthogonal\">\n<layer>\n</map>", LevelFormat::tiled_xml, {"", "", 3, "not XML"});
    expect_error("<tileset/>", LevelFormat::tiled_xml, {"", "", 0, "no <map> element"});
    expect_error(R"(<map orientation="isometric" width="1" height="1" tilewidth="8" tileheight="8"/>)",
                 LevelFormat::tiled_xml, {"", "", 1, "isometric"});
    expect_error(R"(<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="16"/>)",
                 LevelFormat::tiled_xml, {"", "", 1, "square tiles"});
    expect_error(tmx(csv_layer("1,1,1")), LevelFormat::tiled_xml, {"", "G", 6, "more than the layer's 2 tiles"});
    expect_error(tmx(csv_layer("1;1")), LevelFormat::tiled_xml, {"", "G", 6, "where a comma belongs"});
    expect_error(tmx(csv_layer("1,9")), LevelFormat::tiled_xml, {"", "G", 6, "belongs to no tileset"});
    expect_error(tmx(" <layer name=\"G\" width=\"2\" height=\"1\"><data encoding=\"base64\">AAA*</data></layer>\n"),
                 LevelFormat::tiled_xml, {"", "G", 5, "not base64"});
    expect_error(tmx(" <layer name=\"G\" width=\"2\" height=\"1\"><data encoding=\"base64\" compression=\"zlib\">"
                     "AAAAAAAAAAAAAAAA</data></layer>\n"),
                 LevelFormat::tiled_xml, {"", "G", 5, "does not inflate"});
    expect_error(tmx(" <layer name=\"G\" width=\"2\" height=\"1\"><data encoding=\"base64\" compression=\"lzma\">"
                     "AAAAAAAAAAA=</data></layer>\n"),
                 LevelFormat::tiled_xml, {"", "G", 5, "unknown compression \"lzma\""});
    expect_error(tmx(" <layer name=\"G\" width=\"2\" height=\"1\"><data encoding=\"base64\">AQAAAA==</data></layer>\n"),
                 LevelFormat::tiled_xml, {"", "G", 5, "holds 4 bytes, 2 tiles need 8"});
    expect_error(tmx(csv_layer("1,1", R"( offsetx="4")")), LevelFormat::tiled_xml,
                 {"", "G", 5, "not a whole number of tiles"});
    expect_error(tmx(csv_layer("1,2") + csv_layer("2,0")), LevelFormat::tiled_xml,
                 {"", "G", 9, "is slope45_ul here and solid in a layer or level before"});
    expect_error(tmx(csv_layer("1,1"), R"(width="100000" height="100000")"), LevelFormat::tiled_xml,
                 {"", "", 2, "at most 67108864"});
}

BOOST_AUTO_TEST_CASE(unknown_kinds_and_tilesets) {
    const std::string unknown = R"(<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">
 <tileset firstgid="1" source="tiles.tsx"/>
 <layer name="Ground" width="1" height="1"><data encoding="csv">1</data></layer>
</map>)";
    expect_error(unknown, LevelFormat::tiled_xml, {"", "Ground", 3, "unknown tile kind \"lava\""});
    LevelRules rules;
    rules.kinds["lava"] = {.shape = TileShape::solid, .sensor = true};
    BOOST_TEST(parse_level(unknown, "ok.tmx", LevelFormat::tiled_xml, "", rules,
                           [](const std::string&) -> std::string {
                               return R"(<tileset name="t"><tile id="0"><properties>
<property name="collision" value="Lava"/></properties></tile></tileset>)";
                           })
                   .kinds.at(0)
                   .name == "lava");
    std::string missing = unknown;
    missing.replace(missing.find("tiles.tsx"), 9, "gone.tsx");
    expect_error(missing, LevelFormat::tiled_xml, {"", "", 2, "cannot read tileset \"gone.tsx\": no such file"});
    expect_error(tmx(csv_layer("1,1")), LevelFormat::tiled_xml, {"", "", -1, "a Tiled map holds one level"}, {},
                 "Level_0");
}

BOOST_AUTO_TEST_CASE(unsupported_objects_are_named) {
    expect_error(
        tmx(objects("  <object id=\"3\" name=\"pond\" x=\"0\" y=\"0\" width=\"8\" height=\"8\"><ellipse/></object>\n")),
        LevelFormat::tiled_xml, {"", "O", 6, "object \"pond\" is an ellipse"});
    expect_error(tmx(objects("  <object id=\"4\" x=\"0\" y=\"0\"><polygon points=\"0,0 8,0 4,8\"/></object>\n")),
                 LevelFormat::tiled_xml, {"", "O", 6, "object \"object 4\" is a polygon that is not"});
    expect_error(
        tmx(objects("  <object id=\"5\" name=\"rail\" x=\"0\" y=\"0\"><polyline points=\"0,0 8,0\"/></object>\n")),
        LevelFormat::tiled_xml, {"", "O", 6, "a polyline"});
    expect_error(
        tmx(objects("  <object id=\"6\" name=\"r\" x=\"0\" y=\"0\" width=\"8\" height=\"8\" rotation=\"45\"/>\n")),
        LevelFormat::tiled_xml, {"", "O", 6, "rotated"});
    expect_error(tmx(objects("  <object id=\"7\" name=\"t\" template=\"crate.tx\" x=\"0\" y=\"0\"/>\n")),
                 LevelFormat::tiled_xml, {"", "O", 6, "cannot read template \"crate.tx\""});
    expect_error(tmx(objects("  <object id=\"8\" name=\"b\" x=\"0\" y=\"0\" width=\"8\" height=\"8\">\n"
                             "   <properties><property name=\"body\" value=\"bouncy\"/></properties></object>\n")),
                 LevelFormat::tiled_xml, {"", "O", 6, "unknown body \"bouncy\""});
    // A polygon that is an axis-aligned rectangle is a body; body "none" is skipped.
    const Level l =
        parse_level(tmx(objects("  <object id=\"9\" name=\"p\" x=\"8\" y=\"8\"><polygon points=\"0,0 16,0 16,4 0,4\"/>"
                                "</object>\n  <object id=\"10\" name=\"n\" x=\"0\" y=\"0\" width=\"1\" "
                                "height=\"1\"><properties><property name=\"body\" value=\"none\"/>"
                                "</properties></object>\n")),
                    "ok.tmx", LevelFormat::tiled_xml);
    BOOST_REQUIRE(l.bodies.size() == 1u);
    BOOST_TEST(level_test::same_box(l.bodies[0].def.box, Aabb{{8, 8}, {24, 12}}));
}

BOOST_AUTO_TEST_CASE(json_maps_and_ldtk_projects) {
    expect_error("{\"type\": \"map\",\n \"layers\": [}", LevelFormat::tiled_json, {"", "", 2, "not JSON"});
    expect_error(R"({"type": "map", "orientation": "orthogonal", "width": 1, "height": 1, "tilewidth": 8,
 "tileheight": 8, "tilesets": [], "layers": [{"name": "G", "type": "tilelayer", "width": 1, "height": 1,
 "data": "AAAA", "encoding": "csv"}]})",
                 LevelFormat::tiled_json, {"", "G", 0, "\"encoding\" is not base64"});
    expect_error(R"({"type": "map", "orientation": "orthogonal", "width": 1, "height": 1, "tilewidth": 8,
 "tileheight": 8, "layers": [{"name": "G", "type": "tilelayer", "width": 1, "height": 1, "data": [-1]}]})",
                 LevelFormat::tiled_json, {"", "G", 0, "out of range"});
    const std::string ldtk = R"({"defs": {"layers": [{"uid": 1, "identifier": "Grid", "intGridValues":
  [{"value": 1, "identifier": null}]}]},
 "levels": [{"identifier": "Room", "worldX": 4, "worldY": 0, "layerInstances": [{"__identifier": "Grid",
  "__type": "IntGrid", "__gridSize": 8, "__cWid": 1, "__cHei": 1, "layerDefUid": 1, "intGridCsv": [1]}]}]})";
    expect_error(ldtk, LevelFormat::ldtk, {"", "Grid", 0, "not on the grid of 8"});
    std::string on_grid = ldtk;
    on_grid.replace(on_grid.find("\"worldX\": 4"), 11, "\"worldX\": 8");
    expect_error(on_grid, LevelFormat::ldtk, {"", "Grid", 0, "unknown tile kind \"1\""});
    LevelRules rules;
    rules.rename["1"] = "solid";
    BOOST_TEST(parse_level(on_grid, "ok.ldtk", LevelFormat::ldtk, "", rules).map.origin.x == 8);
    expect_error(on_grid, LevelFormat::ldtk, {"", "", 0, "no level \"Hall\" (the project has Room)"}, rules, "Hall");
}

BOOST_AUTO_TEST_CASE(files_that_are_no_level) {
    try {
        (void)load_level(std::string(SWEEPBOX_LEVELS_DATA_DIR) + "/missing.tmx");
        BOOST_TEST(false, "expected a LevelError");
    } catch (const LevelError& e) {
        BOOST_TEST(e.problem() == "cannot open the file");
    }
    try {
        (void)load_level(std::string(SWEEPBOX_LEVELS_DATA_DIR) + "/platformer.tsj");
        BOOST_TEST(false, "expected a LevelError");
    } catch (const LevelError& e) {
        BOOST_TEST(e.problem().find("unknown level format") != std::string::npos);
    }
    // A tileset read as a map says what it is.
    BOOST_CHECK_EXCEPTION((void)parse_level(R"({"type": "tileset", "name": "t"})", "t.json", LevelFormat::tiled_json),
                          LevelError, [](const LevelError& e) {
                              return e.problem().find("not a Tiled map (\"type\" is \"tileset\")") != std::string::npos;
                          });
    BOOST_CHECK_THROW((void)load_level("level.png"), LevelError);
}

BOOST_AUTO_TEST_CASE(a_level_the_world_refuses_leaves_it_as_it_was) {
    const Level good = load_level(level_test::example("tmx"));
    World before, world;
    add_level(before, good);
    add_level(world, good);
    Level bad = good;
    bad.bodies.back().def.box.max.x = std::numeric_limits<real>::quiet_NaN();
    BOOST_CHECK_THROW(add_level(world, bad), Error);
    level_test::check_same_world(world, before);
    bad = good;
    bad.kinds.back().kind.sensor = true;
    bad.kinds.back().kind.shape = TileShape::slope45_ul;
    BOOST_CHECK_THROW(add_level(world, bad), Error);
    bad = good;
    bad.tiles.pop_back();
    BOOST_CHECK_THROW(add_level(world, bad), Error);
    bad = good;
    bad.tiles[0] = 200; // a kind the level does not define
    BOOST_CHECK_THROW(add_level(world, bad), Error);
    bad = good;
    bad.map.tile_size = -1;
    BOOST_CHECK_THROW(add_level(world, bad), Error);
    level_test::check_same_world(world, before);
}

BOOST_AUTO_TEST_SUITE_END()
