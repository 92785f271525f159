// The example level in Tiled's two formats and LDtk's, and every variant of tests/levels/data
// (encodings, compressions, tilesets, an infinite map, offsets, separate LDtk level files),
// load to the same level and the same world, bit for bit; the level holds what was drawn.
#include <boost/test/unit_test.hpp>

#include <sweepbox/levels.hpp>

#include "level_test_support.hpp"

using namespace sweepbox;
using level_test::data;
using level_test::example;

namespace {

// A level without the fields that name where it came from.
Level anonymous(Level l) {
    l.file.clear();
    l.name.clear();
    return l;
}

const LevelBody* body(const Level& l, const std::string& name) {
    for (const LevelBody& b : l.bodies)
        if (b.name == name) return &b;
    return nullptr;
}

std::string kind_name(const Level& l, std::int32_t column, std::int32_t row) {
    const std::uint8_t k = l.kind_at(column, row);
    for (const LevelKind& lk : l.kinds)
        if (lk.index == k) return lk.name;
    return k == 0 ? "empty" : "undefined";
}

} // namespace

BOOST_AUTO_TEST_SUITE(level_files)

BOOST_AUTO_TEST_CASE(the_three_formats_load_to_the_same_level_and_world) {
    const Level tmx = load_level(example("tmx"));
    const Level tmj = load_level(example("tmj"));
    const Level ldtk = load_level(example("ldtk"));
    BOOST_TEST((anonymous(tmx) == anonymous(tmj)));
    BOOST_TEST((anonymous(tmx) == anonymous(ldtk)));
    World a, b, c;
    const std::vector<BodyId> ids = add_level(a, tmx);
    add_level(b, tmj);
    add_level(c, ldtk);
    BOOST_TEST(ids.size() == tmx.bodies.size());
    level_test::check_same_world(a, b);
    level_test::check_same_world(a, c);
}

BOOST_AUTO_TEST_CASE(the_level_holds_what_was_drawn) {
    const Level l = load_level(example("tmx"));
    BOOST_TEST(l.name == "platformer");
    BOOST_TEST(l.map.columns == 32);
    BOOST_TEST(l.map.rows == 12);
    BOOST_TEST(l.map.tile_size == 16);
    BOOST_TEST(kind_name(l, 0, 11) == "solid");
    BOOST_TEST(kind_name(l, 6, 10) == "slope45_ul");
    BOOST_TEST(kind_name(l, 18, 9) == "slope45_ur"); // a slope45_ul tile flipped horizontally
    BOOST_TEST(kind_name(l, 16, 8) == "shallow_ur_high");
    BOOST_TEST(kind_name(l, 17, 8) == "shallow_ur_low");
    BOOST_TEST(kind_name(l, 14, 6) == "one_way_down");
    BOOST_TEST(kind_name(l, 20, 10) == "sensor_water");
    BOOST_TEST(kind_name(l, 3, 1) == "empty"); // a cloud: a tile with no collision property
    BOOST_TEST(kind_name(l, 0, 9) == "empty"); // a brick of a layer whose collision is "none"
    BOOST_TEST(l.kind_at(-1, 0) == 0);
    // Shapes keep their own index; other names follow from tile_shape_count in name order.
    for (const LevelKind& k : l.kinds) {
        if (k.name == "sensor_water") {
            BOOST_TEST(k.index == tile_shape_count);
            BOOST_TEST(k.kind.sensor);
        } else {
            BOOST_TEST(k.name == to_string(TileShape(k.index)));
        }
    }
    const LevelBody* lift = body(l, "lift");
    BOOST_REQUIRE(lift);
    BOOST_TEST(lift->def.is_platform);
    BOOST_TEST(lift->type == "Platform");
    BOOST_TEST(lift->layer == "Objects");
    BOOST_TEST(level_test::same_box(lift->def.box, Aabb{{432, 152}, {464, 160}}));
    BOOST_REQUIRE(body(l, "plank"));
    BOOST_TEST((body(l, "plank")->def.one_way == OneWay::down));
    BOOST_TEST(body(l, "plank")->def.is_static);
    BOOST_REQUIRE(body(l, "goal"));
    BOOST_TEST(body(l, "goal")->def.is_sensor);
    BOOST_REQUIRE(body(l, "crate"));
    BOOST_TEST(body(l, "crate")->def.is_static);
    BOOST_REQUIRE(l.spawns.size() == 2u);
    BOOST_TEST(l.spawns[0].name == "hero");
    BOOST_TEST(l.spawns[0].type == "Spawn");
    BOOST_TEST(l.spawns[0].position.x == 24);
    BOOST_TEST(l.spawns[0].position.y == 176);

    World w;
    add_level(w, l);
    BOOST_TEST(w.tiles().shape_at({18, 9}) == TileShape::slope45_ur);
    BOOST_TEST(w.tiles().kind(w.tiles().kind_at({20, 10})).sensor);
    BOOST_TEST(w.body_count() == 4u);
}

BOOST_AUTO_TEST_CASE(every_encoding_and_tileset_variant_loads_to_the_same_level) {
    const Level reference = anonymous(load_level(example("tmx")));
    const char* same[] = {"platformer_xml_tiles.tmx",   "platformer_base64.tmx",      "platformer_base64_zlib.tmx",
                          "platformer_base64_gzip.tmx", "platformer_embedded.tmx",    "platformer_tsj.tmx",
                          "platformer_offsets.tmx",     "platformer_base64_zlib.tmj", "platformer_embedded.tmj",
                          "platformer_separate.ldtk"};
    for (const char* name : same) {
        BOOST_TEST_CONTEXT(name) { BOOST_TEST((anonymous(load_level(data(name))) == reference)); }
    }
}

BOOST_AUTO_TEST_CASE(zstd_layers_load_or_are_refused_clearly) {
#if defined(SWEEPBOX_LEVELS_ZSTD)
    BOOST_TEST((anonymous(load_level(data("platformer_base64_zstd.tmx"))) == anonymous(load_level(example("tmx")))));
#else
    try {
        (void)load_level(data("platformer_base64_zstd.tmx"));
        BOOST_TEST(false, "expected a LevelError");
    } catch (const LevelError& e) {
        BOOST_TEST(std::string(e.what()).find("zstd") != std::string::npos);
        BOOST_TEST(e.layer() == "Clouds");
    }
#endif
}

BOOST_AUTO_TEST_CASE(an_infinite_map_covers_its_chunks) {
    const Level reference = load_level(example("tmx"));
    for (const char* name : {"platformer_infinite.tmx", "platformer_infinite_zlib.tmx", "platformer_infinite.tmj"}) {
        BOOST_TEST_CONTEXT(name) {
            const Level l = load_level(data(name));
            // Tiled writes chunks of 16 x 16 tiles: the 32 x 12 drawing lies in 32 x 16.
            BOOST_TEST(l.map.columns == 32);
            BOOST_TEST(l.map.rows == 16);
            std::size_t differ = 0;
            for (std::int32_t r = 0; r < 16; ++r)
                for (std::int32_t c = 0; c < 32; ++c) differ += l.kind_at(c, r) != reference.kind_at(c, r);
            BOOST_TEST(differ == 0u);
            BOOST_TEST((l.bodies == reference.bodies));
            BOOST_TEST((l.spawns == reference.spawns));
        }
    }
}

BOOST_AUTO_TEST_CASE(ldtk_levels_lie_at_their_world_positions) {
    const Level reference = load_level(example("ldtk"));
    const Level both = load_level(data("two_levels.ldtk"));
    BOOST_TEST(both.map.columns == 64);
    BOOST_TEST(both.map.rows == 12);
    std::size_t differ = 0;
    for (std::int32_t r = 0; r < 12; ++r)
        for (std::int32_t c = 0; c < 32; ++c) {
            differ += both.kind_at(c, r) != reference.kind_at(c, r);
            differ += both.kind_at(32 + c, r) != (r == 11 ? 1 : 0); // Level_1: a floor
        }
    BOOST_TEST(differ == 0u);
    // One level by name, at its own place in the world.
    const Level second = load_level(data("two_levels.ldtk"), "Level_1");
    BOOST_TEST(second.name == "Level_1");
    BOOST_TEST(second.map.origin.x == 512);
    BOOST_TEST(second.map.columns == 32);
    BOOST_TEST(second.bodies.empty());
    const Level first = load_level(data("two_levels.ldtk"), "Level_0");
    BOOST_TEST((anonymous(first) == anonymous(reference)));
}

BOOST_AUTO_TEST_CASE(rules_rename_and_define_kinds) {
    LevelRules rules;
    rules.rename["sensor_water"] = "lava";
    rules.kinds["lava"] = {.shape = TileShape::solid, .category = 4, .mask = 1, .sensor = true};
    rules.kinds["solid"] = {.shape = TileShape::solid, .category = 2};
    const Level l = load_level(example("ldtk"), "", rules);
    BOOST_TEST(kind_name(l, 20, 10) == "lava");
    for (const LevelKind& k : l.kinds) {
        if (k.name == "lava") BOOST_TEST(k.kind.category == 4u);
        if (k.name == "solid") BOOST_TEST(k.kind.category == 2u);
    }
    World w;
    add_level(w, l);
    BOOST_TEST(w.tiles().kind(w.tiles().kind_at({0, 11})).category == 2u);
}

BOOST_AUTO_TEST_CASE(tile_objects_templates_and_drawing_layers) {
    const std::string tmx = R"(<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">
 <objectgroup name="Things">
  <object id="1" name="tree" gid="5" x="8" y="40" width="16" height="24"/>
  <object id="2" name="box" type="Static" gid="5" x="8" y="40" width="16" height="24"/>
  <object id="3" name="lift2" template="lift.tx" x="16" y="32"/>
  <object id="4" name="wide" template="lift.tx" x="0" y="0" width="64"><properties>
   <property name="body" value="sensor"/></properties></object>
 </objectgroup>
 <objectgroup name="Art"><properties><property name="collision" value="none"/></properties>
  <object id="5" name="cloud" x="0" y="0" width="8" height="8"><ellipse/></object>
 </objectgroup>
</map>)";
    const auto read = [](const std::string& path) -> std::string {
        BOOST_TEST(path == "maps/lift.tx");
        return R"(<?xml version="1.0"?><template><object name="lift" type="Platform" width="32" height="8">
<properties><property name="one_way" value="down"/></properties></object></template>)";
    };
    const Level l = parse_level(tmx, "maps/t.tmx", LevelFormat::tiled_xml, "", {}, read);
    BOOST_REQUIRE(l.spawns.size() == 1u);
    BOOST_TEST(l.spawns[0].name == "tree"); // a tile object that names no body kind
    BOOST_TEST(l.spawns[0].position.y == 40);
    BOOST_REQUIRE(l.bodies.size() == 3u);
    BOOST_TEST(level_test::same_box(l.bodies[0].def.box, Aabb{{8, 16}, {24, 40}})); // a tile object stands on its y
    BOOST_TEST(l.bodies[1].name == "lift2");
    BOOST_TEST(l.bodies[1].def.is_platform);
    BOOST_TEST((l.bodies[1].def.one_way == OneWay::down));
    BOOST_TEST(level_test::same_box(l.bodies[1].def.box, Aabb{{16, 32}, {48, 40}}));
    BOOST_TEST(l.bodies[2].def.is_sensor); // the instance's own property wins
    BOOST_TEST(level_test::same_box(l.bodies[2].def.box, Aabb{{0, 0}, {64, 8}}));

    const std::string tmj = R"({"type": "map", "orientation": "orthogonal", "width": 1, "height": 1, "tilewidth": 8,
 "tileheight": 8, "layers": [{"type": "objectgroup", "name": "Things", "objects": [
  {"id": 3, "name": "lift2", "template": "lift.tj", "x": 16, "y": 32}]}]})";
    const Level j = parse_level(tmj, "t.tmj", LevelFormat::tiled_json, "", {}, [](const std::string& path) {
        BOOST_TEST(path == "lift.tj");
        return std::string(R"({"type": "template", "object": {"name": "lift", "type": "Platform", "width": 32,
 "height": 8, "properties": [{"name": "one_way", "type": "string", "value": "down"}]}})");
    });
    BOOST_REQUIRE(j.bodies.size() == 1u);
    BOOST_TEST((j.bodies[0] == l.bodies[1]));
}

BOOST_AUTO_TEST_CASE(the_summary_names_sizes_kinds_bodies_and_spawns) {
    const std::string s = describe_level(load_level(example("tmx")));
    for (const char* part : {"32 x 12 tiles of 16", "sensor_water", "\"lift\" platform [432, 152, 464, 160]",
                             "\"plank\" static, one way down", "\"hero\" (24, 176)", "58 tiles"})
        BOOST_TEST(s.find(part) != std::string::npos, part);
}

BOOST_AUTO_TEST_SUITE_END()
