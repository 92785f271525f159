// Tiled's JSON formats, maps (.tmj, .json) and tilesets (.tsj, .json) (doc.mapeditor.org,
// "JSON Map Format"), read into a TiledMap.
#include "json_fields.hpp"
#include "level_builder.hpp"
#include "tile_data.hpp"
#include "tiled.hpp"

namespace sweepbox::levels {

namespace {

// Properties as an array of {name, type, value} (Tiled 1.2 and later) or an object of
// name: value (earlier).
Properties properties_of(const json& owner, const Place& at) {
    Properties out;
    const json* p = member(owner, "properties", at);
    if (!p) return out;
    if (p->is_object()) {
        for (auto it = p->begin(); it != p->end(); ++it) out[lower(it.key())] = as_text(it.value());
        return out;
    }
    if (!p->is_array()) fail(at, "field \"properties\": expected an array");
    for (const json& one : *p)
        out[lower(text(one, "name", "", at))] = one.contains("value") ? as_text(one["value"]) : "";
    return out;
}

std::string class_of(const json& j, const Place& at) {
    const std::string cls = text(j, "class", "", at); // Tiled 1.9; 1.8 and 1.10 on write "type"
    return cls.empty() ? text(j, "type", "", at) : cls;
}

TiledTileset tileset_of(const json& t, const Place& at, std::uint32_t first_gid, const LevelRules& rules) {
    TiledTileset set;
    set.at = at;
    set.at.layer = "tileset " + in_quotes(text(t, "name", "", at));
    set.first_gid = first_gid;
    set.tile_count = integer(t, "tilecount", -1, set.at);
    const std::string key = lower(rules.kind_property);
    for (const json& tile : array(t, "tiles", set.at)) {
        const Properties p = properties_of(tile, set.at);
        const auto kind = p.find(key);
        if (kind == p.end()) continue;
        const std::int64_t id = integer_value(required(tile, "id", set.at), 0, 0x0fffffff, set.at, "a tile's id");
        set.kind_of[std::uint32_t(id)] = kind->second;
    }
    return set;
}

// The gids of a layer's or a chunk's "data": an array of gids, or base64 text.
std::vector<std::uint32_t> gids_of(const json& holder, const json& layer, std::int64_t count, const Place& at) {
    const json& data = required(holder, "data", at);
    const std::string encoding = text(layer, "encoding", "csv", at);
    if (data.is_string()) {
        if (encoding != "base64") fail(at, "field \"data\" is text, and \"encoding\" is not base64");
        return base64_gids(data.get_ref<const std::string&>(), text(layer, "compression", "", at), std::size_t(count),
                           at);
    }
    if (!data.is_array()) fail(at, "field \"data\": expected an array of tile ids or base64 text");
    if (std::int64_t(data.size()) != count)
        fail(at,
             "field \"data\" holds " + std::to_string(data.size()) + " tiles, the layer has " + std::to_string(count));
    std::vector<std::uint32_t> gids(data.size());
    for (std::size_t i = 0; i < data.size(); ++i) {
        const json& g = data[i];
        gids[i] = g.is_number_unsigned() && g.get<std::uint64_t>() <= 0xffffffffu
                    ? std::uint32_t(g.get<std::uint64_t>())
                    : std::uint32_t(integer_value(g, 0, 0xffffffffll, at, "a tile id"));
    }
    return gids;
}

// An object; a template instance starts from its template's object.
TiledObject object_of(const json& j, const Place& layer_at, Templates* templates) {
    const std::string tmpl = text(j, "template", "", layer_at);
    TiledObject o = !tmpl.empty() && templates ? templates->get(tmpl, layer_at) : TiledObject{};
    o.at = layer_at;
    o.tmpl = tmpl;
    o.id = integer(j, "id", 0, o.at);
    o.name = text(j, "name", o.name, o.at);
    if (const std::string cls = class_of(j, o.at); !cls.empty() || tmpl.empty()) o.type = cls;
    o.x = number(j, "x", o.x, o.at);
    o.y = number(j, "y", o.y, o.at);
    o.width = number(j, "width", o.width, o.at);
    o.height = number(j, "height", o.height, o.at);
    o.rotation = number(j, "rotation", o.rotation, o.at);
    if (j.contains("gid")) o.gid = std::uint32_t(integer_value(j["gid"], 0, 0xffffffffll, o.at, "a gid"));
    for (auto& [key, value] : properties_of(j, o.at)) o.properties[key] = value; // the instance's win
    if (boolean(j, "point", false, o.at)) o.shape = TiledShape::point;
    else if (boolean(j, "ellipse", false, o.at)) o.shape = TiledShape::ellipse;
    else if (boolean(j, "capsule", false, o.at)) o.shape = TiledShape::capsule;
    else if (member(j, "polyline", o.at)) o.shape = TiledShape::polyline;
    else if (member(j, "text", o.at)) o.shape = TiledShape::text;
    else if (member(j, "polygon", o.at)) {
        o.shape = TiledShape::polygon;
        o.points.clear();
        for (const json& p : array(j, "polygon", o.at))
            o.points.emplace_back(number(p, "x", 0, o.at), number(p, "y", 0, o.at));
    }
    return o;
}

struct Reader {
    const LevelRules& rules;
    TiledMap& map;
    Templates& templates;

    void layers(const json& list, double ox, double oy, const Properties& inherited, int depth, const Place& at) {
        if (depth > 64) fail(at, "groups nested more than 64 deep");
        if (!list.is_array()) fail(at, "field \"layers\": expected an array");
        for (const json& l : list) {
            const Place here{map.at.file, text(l, "name", "", at), 0};
            const std::string type = text(l, "type", "", here);
            TiledLayer layer;
            layer.at = here;
            layer.offset_x = ox + number(l, "offsetx", 0, here);
            layer.offset_y = oy + number(l, "offsety", 0, here);
            layer.properties = properties_of(l, here);
            layer.properties.insert(inherited.begin(), inherited.end());
            if (type == "group") {
                layers(array(l, "layers", here), layer.offset_x, layer.offset_y, layer.properties, depth + 1, here);
                continue;
            }
            if (type == "objectgroup") {
                layer.tiles = false;
                for (const json& o : array(l, "objects", here)) layer.objects.push_back(object_of(o, here, &templates));
                map.layers.push_back(std::move(layer));
                continue;
            }
            if (type != "tilelayer") continue; // image layers draw, they do not collide
            if (map.infinite) {
                for (const json& c : array(l, "chunks", here)) {
                    TiledChunk chunk;
                    chunk.at = here;
                    chunk.x = integer(c, "x", here);
                    chunk.y = integer(c, "y", here);
                    chunk.width = integer(c, "width", here);
                    chunk.height = integer(c, "height", here);
                    chunk.gids = gids_of(c, l, tile_count(chunk.width, chunk.height, here), here);
                    layer.chunks.push_back(std::move(chunk));
                }
            } else {
                TiledChunk chunk;
                chunk.at = here;
                chunk.width = integer(l, "width", map.width, here);
                chunk.height = integer(l, "height", map.height, here);
                chunk.gids = gids_of(l, l, tile_count(chunk.width, chunk.height, here), here);
                layer.chunks.push_back(std::move(chunk));
            }
            map.layers.push_back(std::move(layer));
        }
    }
};

} // namespace

TiledObject template_from_tj(std::string_view text, const std::string& path, const LevelRules&) {
    const json t = parse_json(text, path);
    const Place at{path, "", 0};
    if (!t.is_object() || !t.contains("object")) fail(at, "no \"object\" (a JSON template holds one)");
    return object_of(required(t, "object", at), at, nullptr);
}

TiledTileset tileset_from_tsj(std::string_view text, const std::string& path, std::uint32_t first_gid,
                              const LevelRules& rules) {
    const json t = parse_json(text, path);
    return tileset_of(t, {path, "", 0}, first_gid, rules);
}

TiledMap read_tmj(std::string_view source, const std::string& file, const LevelRules& rules,
                  const LevelFileReader& read) {
    const json root = parse_json(source, file);
    TiledMap map;
    map.at = {file, "", 0};
    if (!root.is_object()) fail(map.at, "not a Tiled map (the JSON is not an object)");
    if (text(root, "type", "map", map.at) != "map")
        fail(map.at, "not a Tiled map (\"type\" is " + in_quotes(text(root, "type", "", map.at)) + ")");
    map.orientation = text(root, "orientation", "orthogonal", map.at);
    map.tile_width = number(root, "tilewidth", 0, map.at);
    map.tile_height = number(root, "tileheight", 0, map.at);
    map.width = integer(root, "width", 0, map.at);
    map.height = integer(root, "height", 0, map.at);
    map.infinite = boolean(root, "infinite", false, map.at);
    (void)tile_count(map.width, map.height, map.at); // checked here, allocated per layer
    for (const json& t : array(root, "tilesets", map.at)) {
        const std::int64_t first = integer_value(required(t, "firstgid", map.at), 1, 0x0fffffff, map.at,
                                                 "a tileset's firstgid");
        const std::string source_file = text(t, "source", "", map.at);
        if (source_file.empty()) map.tilesets.push_back(tileset_of(t, map.at, std::uint32_t(first), rules));
        else map.tilesets.push_back(external_tileset(file, source_file, std::uint32_t(first), map.at, rules, read));
    }
    Templates templates(file, rules, read);
    Reader{rules, map, templates}.layers(array(root, "layers", map.at), 0, 0, {}, 0, map.at);
    return map;
}

} // namespace sweepbox::levels
