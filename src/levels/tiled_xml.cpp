// Tiled's XML formats, TMX maps and TSX tilesets (doc.mapeditor.org, "TMX Map Format"), read
// with the reader of xml.hpp into a TiledMap.
#include "level_builder.hpp"
#include "tile_data.hpp"
#include "tiled.hpp"
#include "xml.hpp"

namespace sweepbox::levels {

namespace {

using xml::Element;

// One XML document being read: its file and what it is read with.
struct Doc {
    std::string file;
    const LevelRules& rules;
    const LevelFileReader& read;
    Templates* templates = nullptr; // a map's; none in a tileset or template file
    [[nodiscard]] Place at(const Element& n, const std::string& layer = "") const { return {file, layer, n.line}; }
};

Element parse(std::string_view text, const std::string& file) {
    try {
        return xml::parse(text);
    } catch (const xml::SyntaxError& e) {
        fail({file, "", e.line}, "not XML: " + e.problem);
    }
}

double number_attr(const Element& n, const char* name, double fallback, const Place& at) {
    const std::string* a = n.attribute(name);
    if (!a) return fallback;
    return number_of(*a, at, (std::string("attribute ") + name).c_str());
}

std::int64_t integer_attr(const Element& n, const char* name, std::int64_t fallback, const Place& at) {
    const std::string* a = n.attribute(name);
    if (!a) return fallback;
    return integer_of(*a, at, (std::string("attribute ") + name).c_str());
}

Properties properties_of(const Element& n) {
    Properties out;
    const Element* list = n.child("properties");
    if (!list) return out;
    for (const Element* p : list->children_named("property")) {
        const std::string* v = p->attribute("value");
        out[lower(std::string(p->value("name")))] = v ? *v : p->text; // long strings are the text
    }
    return out;
}

TiledTileset tileset(const Element& n, const Doc& doc, std::uint32_t first_gid) {
    TiledTileset t;
    t.at = doc.at(n, std::string("tileset ") + in_quotes(std::string(n.value("name"))));
    t.first_gid = first_gid;
    t.tile_count = integer_attr(n, "tilecount", -1, t.at);
    const std::string key = lower(doc.rules.kind_property);
    for (const Element* t_ : n.children_named("tile")) {
        const Element& tile = *t_;
        const Properties p = properties_of(tile);
        const auto kind = p.find(key);
        if (kind == p.end()) continue;
        const std::int64_t id = integer_attr(tile, "id", -1, doc.at(tile, t.at.layer));
        if (id < 0 || id > std::int64_t(0x0fffffff)) fail(doc.at(tile, t.at.layer), "a tile id out of range");
        t.kind_of[std::uint32_t(id)] = kind->second;
    }
    return t;
}

// The gids of one <data> or <chunk>: CSV, base64 (compressed or not) or <tile> elements.
std::vector<std::uint32_t> gids_of(const Element& holder, const Element& data, std::int64_t count, const Place& at) {
    const std::string_view encoding = data.value("encoding");
    const std::string_view compression = data.value("compression");
    if (encoding == "csv") return csv_gids(holder.text, std::size_t(count), at);
    if (encoding == "base64") return base64_gids(holder.text, compression, std::size_t(count), at);
    if (!encoding.empty()) fail(at, "unknown encoding " + in_quotes(std::string(encoding)) + " (csv, base64 or none)");
    std::vector<std::uint32_t> gids;
    for (const Element* t_ : holder.children_named("tile")) {
        const Element& tile = *t_;
        if (std::int64_t(gids.size()) == count) fail(at, "more <tile> elements than the layer has tiles");
        const std::int64_t gid = integer_attr(tile, "gid", 0, at);
        if (gid < 0 || gid > std::int64_t(0xffffffffu)) fail(at, "a gid out of range");
        gids.push_back(std::uint32_t(gid));
    }
    if (std::int64_t(gids.size()) != count)
        fail(at, std::to_string(gids.size()) + " <tile> elements, the layer has " + std::to_string(count) + " tiles");
    return gids;
}

// An object; a template instance starts from its template's object.
TiledObject object_of(const Element& n, const Doc& doc, const std::string& layer) {
    const Place at = doc.at(n, layer);
    const std::string tmpl(n.value("template"));
    TiledObject o = !tmpl.empty() && doc.templates ? doc.templates->get(tmpl, at) : TiledObject{};
    o.at = at;
    o.tmpl = tmpl;
    o.id = integer_attr(n, "id", 0, o.at);
    if (const std::string* v = n.attribute("name")) o.name = *v;
    if (const std::string* v = n.attribute("class")) o.type = *v;
    else if (const std::string* t = n.attribute("type")) o.type = *t;
    o.x = number_attr(n, "x", o.x, o.at);
    o.y = number_attr(n, "y", o.y, o.at);
    o.width = number_attr(n, "width", o.width, o.at);
    o.height = number_attr(n, "height", o.height, o.at);
    o.rotation = number_attr(n, "rotation", o.rotation, o.at);
    const std::int64_t gid = integer_attr(n, "gid", o.gid, o.at);
    if (gid < 0 || gid > std::int64_t(0xffffffffu)) fail(o.at, "a gid out of range");
    o.gid = std::uint32_t(gid);
    for (auto& [key, value] : properties_of(n)) o.properties[key] = value; // the instance's win
    if (n.child("point")) o.shape = TiledShape::point, o.points.clear();
    else if (n.child("ellipse")) o.shape = TiledShape::ellipse;
    else if (n.child("polyline")) o.shape = TiledShape::polyline;
    else if (n.child("text")) o.shape = TiledShape::text;
    else if (n.child("capsule")) o.shape = TiledShape::capsule;
    else if (const Element* poly = n.child("polygon")) {
        o.shape = TiledShape::polygon;
        o.points.clear();
        // "x1,y1 x2,y2 ...".
        std::string_view s = poly->value("points");
        while (!s.empty()) {
            const std::size_t space = s.find(' ');
            const std::string_view pair = s.substr(0, space);
            s = space == std::string_view::npos ? std::string_view() : s.substr(space + 1);
            if (pair.empty()) continue;
            const std::size_t comma = pair.find(',');
            if (comma == std::string_view::npos) fail(o.at, "a polygon point without a comma");
            o.points.emplace_back(number_of(pair.substr(0, comma), o.at, "a polygon's x"),
                                  number_of(pair.substr(comma + 1), o.at, "a polygon's y"));
        }
    }
    return o;
}

void read_layers(const Element& parent, const Doc& doc, double ox, double oy, const Properties& inherited, int depth,
                 TiledMap& map) {
    if (depth > 64) fail(doc.at(parent), "groups nested more than 64 deep");
    for (const Element& n : parent.children) {
        const std::string& tag = n.name;
        if (tag != "layer" && tag != "objectgroup" && tag != "group") continue;
        const std::string name(n.value("name"));
        const Place at = doc.at(n, name);
        TiledLayer layer;
        layer.at = at;
        layer.offset_x = ox + number_attr(n, "offsetx", 0, at);
        layer.offset_y = oy + number_attr(n, "offsety", 0, at);
        layer.properties = properties_of(n);
        layer.properties.insert(inherited.begin(), inherited.end()); // the group's, where the layer has none
        if (tag == "group") {
            read_layers(n, doc, layer.offset_x, layer.offset_y, layer.properties, depth + 1, map);
            continue;
        }
        if (tag == "objectgroup") {
            layer.tiles = false;
            for (const Element* o : n.children_named("object")) layer.objects.push_back(object_of(*o, doc, name));
            map.layers.push_back(std::move(layer));
            continue;
        }
        const Element* data = n.child("data");
        if (!data) fail(at, "a tile layer without <data>");
        if (map.infinite) {
            for (const Element* c_ : data->children_named("chunk")) {
                const Element& c = *c_;
                TiledChunk chunk;
                chunk.at = doc.at(c, name);
                chunk.x = integer_attr(c, "x", 0, chunk.at);
                chunk.y = integer_attr(c, "y", 0, chunk.at);
                chunk.width = integer_attr(c, "width", 0, chunk.at);
                chunk.height = integer_attr(c, "height", 0, chunk.at);
                chunk.gids = gids_of(c, *data, tile_count(chunk.width, chunk.height, chunk.at), chunk.at);
                layer.chunks.push_back(std::move(chunk));
            }
        } else {
            TiledChunk chunk;
            chunk.at = doc.at(*data, name);
            chunk.width = integer_attr(n, "width", map.width, at);
            chunk.height = integer_attr(n, "height", map.height, at);
            chunk.gids = gids_of(*data, *data, tile_count(chunk.width, chunk.height, chunk.at), chunk.at);
            layer.chunks.push_back(std::move(chunk));
        }
        map.layers.push_back(std::move(layer));
    }
}

} // namespace

TiledObject template_from_tx(std::string_view text, const std::string& path, const LevelRules& rules) {
    const LevelFileReader none;
    const Doc doc{path, rules, none};
    const Element root = parse(text, path);
    const Element* object = root.name == "template" ? root.child("object") : nullptr;
    if (!object) fail({path, "", 0}, "no <template> with an <object> (a TX template holds one)");
    return object_of(*object, doc, "");
}

TiledTileset tileset_from_tsx(std::string_view text, const std::string& path, std::uint32_t first_gid,
                              const LevelRules& rules) {
    const LevelFileReader none;
    const Doc doc{path, rules, none};
    const Element root = parse(text, path);
    if (root.name != "tileset") fail({path, "", 0}, "no <tileset> element (a TSX tileset starts with one)");
    return tileset(root, doc, first_gid);
}

TiledMap read_tmx(std::string_view text, const std::string& file, const LevelRules& rules,
                  const LevelFileReader& read) {
    Templates templates(file, rules, read);
    const Doc doc{file, rules, read, &templates};
    const Element root = parse(text, file);
    if (root.name != "map") fail({file, "", 0}, "no <map> element (a TMX map starts with one)");
    TiledMap map;
    map.at = doc.at(root);
    if (const std::string* v = root.attribute("orientation")) map.orientation = *v;
    map.tile_width = number_attr(root, "tilewidth", 0, map.at);
    map.tile_height = number_attr(root, "tileheight", 0, map.at);
    map.width = integer_attr(root, "width", 0, map.at);
    map.height = integer_attr(root, "height", 0, map.at);
    map.infinite = integer_attr(root, "infinite", 0, map.at) != 0;
    (void)tile_count(map.width, map.height, map.at); // checked here, allocated per layer
    for (const Element* n_ : root.children_named("tileset")) {
        const Element& n = *n_;
        const Place at = doc.at(n);
        const std::int64_t first = integer_attr(n, "firstgid", 0, at);
        if (first < 1 || first > std::int64_t(0x0fffffff)) fail(at, "a tileset's firstgid out of range");
        const std::string* source = n.attribute("source");
        if (!source) {
            map.tilesets.push_back(tileset(n, doc, std::uint32_t(first)));
            continue;
        }
        map.tilesets.push_back(external_tileset(file, *source, std::uint32_t(first), at, rules, read));
    }
    read_layers(root, doc, 0, 0, {}, 0, map);
    return map;
}

} // namespace sweepbox::levels
