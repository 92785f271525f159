// A scene's "level": the level file read with load_level, its kinds as the scene's own tile
// kinds (each kind's index is its row character) and its bodies as named scene bodies.
#include "scene_level.hpp"

#if defined(SWEEPBOX_SCENE_LEVELS)
#    include <sweepbox/levels.hpp>
#endif

namespace sweepbox::detail {

#if defined(SWEEPBOX_SCENE_LEVELS)

namespace {

// The level file's text through the scene's reader, its failure a LevelError naming the file.
std::string read_referenced(const SceneFileReader& read, const std::string& path) {
    try {
        return read(path);
    } catch (const Error&) {
        throw;
    } catch (const std::exception& e) {
        throw LevelError(path, "", 0, std::string("cannot read the file: ") + e.what());
    }
}

} // namespace

void read_scene_level(Scene& scene, const std::string& file, const SceneFileReader& read) {
    const std::size_t slash = file.find_last_of('/');
    const bool beside = slash != std::string::npos && !scene.level.empty() && scene.level.front() != '/';
    const std::string path = beside ? file.substr(0, slash + 1) + scene.level : scene.level;
    Level level;
    try {
        if (read) {
            const LevelFormat format = level_format_of(path);
            level = parse_level(read_referenced(read, path), path, format, scene.level_name, {}, read);
        } else {
            level = load_level(path, scene.level_name);
        }
    } catch (const Error& e) {
        std::string problem = e.what();
        if (problem.rfind("sweepbox: ", 0) == 0) problem.erase(0, 10);
        throw SceneError(file, "level", problem);
    }
    SceneTiles tiles;
    tiles.origin = level.map.origin;
    tiles.size = level.map.tile_size;
    tiles.category = level.map.category;
    tiles.mask = level.map.mask;
    tiles.legend[std::string(1, '\0')] = "empty";
    // The runner numbers a scene's own kinds from tile_shape_count in order, as the level does.
    for (const LevelKind& k : level.kinds) {
        if (k.index >= tile_shape_count)
            tiles.kinds.push_back({k.name, k.kind.shape, k.kind.category, k.kind.mask, k.kind.sensor});
        tiles.legend[std::string(1, char(k.index))] = k.name;
    }
    const std::size_t columns = std::size_t(level.map.columns);
    for (std::size_t r = 0; r < std::size_t(level.map.rows); ++r)
        tiles.rows.emplace_back(reinterpret_cast<const char*>(level.tiles.data()) + r * columns, columns);
    scene.level_tiles = std::move(tiles);
    scene.level_bodies.clear();
    for (const LevelBody& b : level.bodies) scene.level_bodies.push_back(SceneBody{b.def, b.name});
}

#else

void read_scene_level(Scene&, const std::string& file, const SceneFileReader&) {
    throw SceneError(file, "level", "this build of sweepbox has no levels component (SWEEPBOX_LEVELS=OFF)");
}

#endif

} // namespace sweepbox::detail
