// The levels library as a package (sweepbox::levels, find_package(sweepbox COMPONENTS levels)):
// reads a small Tiled map and an LDtk project from text, puts one into a world, and checks what
// it holds; a malformed map must throw LevelError. Exits 1 on a wrong answer.

#include <sweepbox/levels.hpp>

#include <cstdio>

int main() {
    int failures = 0;
    auto check = [&](bool ok, const char* what) {
        if (!ok) {
            std::fprintf(stderr, "consumer level_game: wrong answer: %s\n", what);
            ++failures;
        }
    };
    using namespace sweepbox;
    // A ramp tile flipped horizontally (its gid's top bit) and a zlib-compressed layer.
    const Level tmx = parse_level(R"(<map orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">
 <tileset firstgid="1" name="t"><tile id="0"><properties><property name="collision" value="slope45_ul"/></properties>
 </tile></tileset>
 <layer name="Ground" width="2" height="1"><data encoding="base64" compression="zlib">eJxjZGBgYGRgaAAAAJQAgw==</data></layer>
 <objectgroup name="Objects"><object id="1" name="lift" type="Platform" x="0" y="0" width="32" height="4"/></objectgroup>
</map>)",
                                  "level.tmx", LevelFormat::tiled_xml);
    World world;
    const std::vector<BodyId> ids = add_level(world, tmx);
    check(world.tiles().shape_at({0, 0}) == TileShape::slope45_ul, "tile 0 is slope45_ul");
    check(world.tiles().shape_at({1, 0}) == TileShape::slope45_ur, "tile 1 is the ramp flipped");
    check(ids.size() == 1 && world.info(ids[0]).is_platform, "the lift is a platform");
    const Level ldtk = parse_level(R"({"defs": {"layers": [{"uid": 1, "identifier": "Grid",
  "intGridValues": [{"value": 1, "identifier": "Solid"}]}]},
 "levels": [{"identifier": "Room", "worldX": 32, "worldY": 0, "worldDepth": 0, "layerInstances": [
  {"__identifier": "Grid", "__type": "IntGrid", "__gridSize": 16, "__cWid": 2, "__cHei": 1, "layerDefUid": 1,
   "intGridCsv": [0, 1]}]}]})",
                                   "level.ldtk", LevelFormat::ldtk);
    check(ldtk.map.origin.x == 32 && ldtk.kind_at(1, 0) == 1, "the LDtk level at its world position, solid");
    bool threw = false;
    try {
        (void)parse_level("<map", "broken.tmx", LevelFormat::tiled_xml);
    } catch (const LevelError& e) {
        threw = e.file() == "broken.tmx";
    }
    check(threw, "a malformed map throws LevelError naming its file");
    if (failures == 0) std::printf("consumer level_game: ok\n");
    return failures == 0 ? 0 : 1;
}
