// LDtk projects (ldtk.io, "JSON overview" and the JSON schema): IntGrid layers as tiles by each
// value's identifier, entities as bodies or spawn points, every level at its world position.
#include "ldtk.hpp"

#include <cmath>
#include <map>

#include "json_fields.hpp"
#include "level_builder.hpp"
#include "tiled.hpp"

namespace sweepbox::levels {

namespace {

struct LayerDef {
    std::string identifier;
    std::map<std::int64_t, std::string> names; // IntGrid value -> its identifier, or its number
};

// A field of an entity by identifier (ignoring case), as text; null when it has none.
const json* field(const json& entity, const std::string& name, const Place& at) {
    for (const json& f : array(entity, "fieldInstances", at))
        if (lower(text(f, "__identifier", "", at)) == lower(name)) return member(f, "__value", at);
    return nullptr;
}

class Project {
public:
    Project(const json& root, const std::string& file, const LevelRules& rules, const LevelFileReader& read)
        : root_(root), file_(file), rules_(rules), read_(read), builder_(file, rules) {
        const Place at{file, "defs", 0};
        for (const json& d : array(required(root, "defs", at), "layers", at)) {
            LayerDef def;
            def.identifier = text(d, "identifier", "", at);
            for (const json& v : array(d, "intGridValues", at)) {
                const std::int64_t value = integer(v, "value", at);
                const std::string id = text(v, "identifier", "", at);
                def.names[value] = id.empty() ? std::to_string(value) : id;
            }
            defs_[integer(d, "uid", at)] = std::move(def);
        }
    }

    Level load(const std::string& level_name) {
        const Place at{file_, "", 0};
        std::vector<const json*> levels;
        for (const json& l : array(root_, "levels", at)) levels.push_back(&l);
        const json& worlds = array(root_, "worlds", at);
        if (levels.empty()) {
            if (worlds.size() > 1 && level_name.empty())
                fail(at, "the project has " + std::to_string(worlds.size()) + " worlds: name the level to load");
            for (const json& w : worlds)
                for (const json& l : array(w, "levels", at)) levels.push_back(&l);
        }
        const std::string layout = text(root_, "worldLayout", "Free", at);
        double line_x = 0, line_y = 0; // the linear layouts place the levels one after another
        bool found = false;
        for (const json* l : levels) {
            const std::string id = text(*l, "identifier", "", at);
            double x = number(*l, "worldX", 0, at), y = number(*l, "worldY", 0, at);
            if (layout == "LinearHorizontal") x = line_x, y = 0, line_x += number(*l, "pxWid", 0, at);
            if (layout == "LinearVertical") x = 0, y = line_y, line_y += number(*l, "pxHei", 0, at);
            if (!level_name.empty() && id != level_name) continue;
            // Levels of other depths lie over or under those of depth 0: they load by name only.
            if (level_name.empty() && integer(*l, "worldDepth", 0, at) != 0) continue;
            found = true;
            level(*l, id, x, y);
        }
        if (!level_name.empty() && !found) {
            std::string names;
            for (const json* l : levels) names += (names.empty() ? "" : ", ") + text(*l, "identifier", "", at);
            fail(at,
                 "no level " + in_quotes(level_name) + " (the project has " + (names.empty() ? "none" : names) + ")");
        }
        std::string name = level_name;
        if (name.empty()) {
            name = file_.substr(file_.find_last_of('/') + 1);
            name = name.substr(0, name.find_last_of('.'));
        }
        return builder_.finish(name);
    }

private:
    void level(const json& l, const std::string& id, double world_x, double world_y) {
        const Place at{file_, "level " + in_quotes(id), 0};
        const json* layers = member(l, "layerInstances", at);
        json external;
        Place layer_file = at;
        if (!layers) {
            const std::string rel = text(l, "externalRelPath", "", at);
            if (rel.empty()) fail(at, "the level has no layers and no \"externalRelPath\"");
            const std::string path = beside(file_, rel);
            const std::string body = read_referenced(read_, path, at, "level file");
            external = parse_json(body, path);
            layer_file.file = path;
            layers = &required(external, "layerInstances", layer_file);
        }
        if (!layers->is_array()) fail(layer_file, "field \"layerInstances\": expected an array");
        for (const json& layer : *layers) {
            const Place here{layer_file.file, text(layer, "__identifier", "", layer_file), 0};
            const std::string type = text(layer, "__type", "", here);
            const double ox = world_x + number(layer, "__pxTotalOffsetX", 0, here);
            const double oy = world_y + number(layer, "__pxTotalOffsetY", 0, here);
            if (type == "IntGrid") int_grid(layer, here, ox, oy);
            else if (type == "Entities") entities(layer, here, ox, oy);
        }
    }

    void int_grid(const json& layer, const Place& at, double ox, double oy) {
        const double grid = double(integer(layer, "__gridSize", at));
        builder_.set_tile_size(grid, at);
        const double column = ox / grid, row = oy / grid;
        if (column != std::floor(column) || row != std::floor(row) || std::abs(column) > 1e12 || std::abs(row) > 1e12)
            fail(at, "the layer's position (" + std::to_string(ox) + ", " + std::to_string(oy) +
                         ") is not on the grid of " + std::to_string(grid) + " (place the level on the grid)");
        TileBlock block;
        block.at = at;
        block.column = std::int64_t(column);
        block.row = std::int64_t(row);
        block.columns = integer(layer, "__cWid", at);
        block.rows = integer(layer, "__cHei", at);
        if (block.columns < 0 || block.rows < 0 || block.columns > max_level_tiles || block.rows > max_level_tiles ||
            block.columns * block.rows > max_level_tiles)
            fail(at, "a layer of " + std::to_string(block.columns) + " x " + std::to_string(block.rows) + " cells");
        const json& csv = array(layer, "intGridCsv", at);
        if (std::int64_t(csv.size()) != block.columns * block.rows)
            fail(at, "field \"intGridCsv\" holds " + std::to_string(csv.size()) + " cells, the layer has " +
                         std::to_string(block.columns * block.rows));
        const auto def = defs_.find(integer(layer, "layerDefUid", at));
        if (def == defs_.end()) fail(at, "the layer's \"layerDefUid\" names no layer of \"defs\"");
        std::map<std::int64_t, std::uint8_t> ids; // value -> provisional kind id
        block.ids.resize(csv.size());
        for (std::size_t i = 0; i < csv.size(); ++i) {
            const std::int64_t value = csv[i].is_number_unsigned()
                                         ? std::int64_t(std::min<std::uint64_t>(csv[i].get<std::uint64_t>(), 1u << 30))
                                         : integer_value(csv[i], 0, 1 << 30, at, "an IntGrid value");
            if (value == 0) continue;
            auto it = ids.find(value);
            if (it == ids.end()) {
                const auto name = def->second.names.find(value);
                if (name == def->second.names.end())
                    fail(at, "IntGrid value " + std::to_string(value) + " is not one of the layer's values");
                it = ids.emplace(value, builder_.kinds().id_of(name->second, {}, at)).first;
            }
            block.ids[i] = it->second;
        }
        builder_.add_block(std::move(block));
    }

    void entities(const json& layer, const Place& at, double ox, double oy) {
        for (const json& e : array(layer, "entityInstances", at)) {
            ObjectInfo o;
            o.at = at;
            o.type = text(e, "__identifier", "", at);
            const json& px = required(e, "px", at);
            const json& pivot = required(e, "__pivot", at);
            if (!px.is_array() || px.size() != 2 || !pivot.is_array() || pivot.size() != 2 || !px[0].is_number() ||
                !px[1].is_number() || !pivot[0].is_number() || !pivot[1].is_number())
                fail(at, "entity " + in_quotes(o.type) + ": \"px\" and \"__pivot\" must be pairs of numbers");
            o.width = number(e, "width", 0, at);
            o.height = number(e, "height", 0, at);
            o.spawn_x = ox + px[0].get<double>();
            o.spawn_y = oy + px[1].get<double>();
            o.x = o.spawn_x - pivot[0].get<double>() * o.width;
            o.y = o.spawn_y - pivot[1].get<double>() * o.height;
            const json* name = field(e, "name", at);
            o.name = name && name->is_string() ? name->get<std::string>() : "";
            const json* body = field(e, rules_.body_property, at);
            if (body) o.body = as_text(*body);
            if (const json* w = field(e, "one_way", at)) o.one_way = as_text(*w);
            if (const json* c = field(e, "category", at))
                o.category = integer_value(*c, 0, 0xffffffffll, at, "category");
            if (const json* m = field(e, "mask", at)) o.mask = integer_value(*m, 0, 0xffffffffll, at, "mask");
            BodyKind kind;
            const bool is_body = body || body_kind_of(o.type, rules_, kind);
            if (o.name.empty()) o.name = is_body ? text(e, "iid", o.type, at) : o.type;
            builder_.add_object(o, Otherwise::spawn);
        }
    }

    const json& root_;
    std::string file_;
    const LevelRules& rules_;
    const LevelFileReader& read_;
    LevelBuilder builder_;
    std::map<std::int64_t, LayerDef> defs_;
};

} // namespace

Level read_ldtk(std::string_view text, const std::string& file, const std::string& level_name, const LevelRules& rules,
                const LevelFileReader& read) {
    const json root = parse_json(text, file);
    if (!root.is_object()) fail({file, "", 0}, "not an LDtk project (the JSON is not an object)");
    return Project(root, file, rules, read).load(level_name);
}

} // namespace sweepbox::levels
