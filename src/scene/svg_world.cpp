// The SVG picture's world: the tile map and the bodies where they are now (svg_layers.hpp).
#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <unordered_set>

#include "svg_layers.hpp"

namespace sweepbox::detail {

namespace {

// A slope tile's solid part (slope_polygon placed on the cell's edges) and the middle of its
// sloped face, where the picture draws the face's normal.
struct SlopePicture {
    std::array<Pt, 4> corners{};
    std::size_t count = 0;
    Pt face_middle{0, 0};
};

SlopePicture slope_picture(const TileMap& tiles, TileCell cell, TileShape shape) {
    const Aabb cell_box = tiles.cell_box(cell);
    const double x0 = d(cell_box.min.x), y0 = d(cell_box.min.y), x1 = d(cell_box.max.x), y1 = d(cell_box.max.y);
    Vec2 uv[4];
    SlopePicture picture;
    picture.count = std::size_t(slope_polygon(shape, uv));
    const SlopeLine line = slope_line(shape);
    Pt on_line[2]{};
    std::size_t found_on_line = 0;
    for (std::size_t i = 0; i < picture.count; ++i) {
        const double u = d(uv[i].x), v = d(uv[i].y);
        // u and v are 0, 1/2 or 1: the cell's own edges at 0 and 1, so neighbours meet exactly.
        picture.corners[i] = {u == 1 ? x1 : x0 + u * (x1 - x0), v == 1 ? y1 : y0 + v * (y1 - y0)};
        if (line.a * u + line.b * v == line.c && found_on_line < 2) on_line[found_on_line++] = picture.corners[i];
    }
    picture.face_middle = {(on_line[0].x + on_line[1].x) * 0.5, (on_line[0].y + on_line[1].y) * 0.5};
    return picture;
}

} // namespace

std::array<Pt, 2> face_of(const Aabb& b, Vec2 out) {
    const double x0 = d(b.min.x), y0 = d(b.min.y), x1 = d(b.max.x), y1 = d(b.max.y);
    if (out.y < 0) return {Pt{x0, y0}, Pt{x1, y0}};
    if (out.y > 0) return {Pt{x0, y1}, Pt{x1, y1}};
    if (out.x < 0) return {Pt{x0, y0}, Pt{x0, y1}};
    return {Pt{x1, y0}, Pt{x1, y1}};
}

bool own_filter(const TileMap& tiles, TileCell cell) {
    const TileKind& kind = tiles.kind(tiles.kind_at(cell));
    const Tile tile = tiles.get(cell);
    return (tile == Tile::solid || tile == Tile::slope) &&
           (kind.category != tiles.def().category || kind.mask != tiles.def().mask);
}

void draw_tiles(Svg& svg, const TileMap& tiles) {
    if (tiles.is_empty()) return;
    const double u = svg.u;
    const Aabb map_box = tiles.bounds();
    svg.box(map_box, "fill=\"#f6f6f2\" stroke=\"#d8d8d0\" stroke-width=\"" + n(0.15 * u) + "\"");
    if (tiles.columns() + tiles.rows() <= 1000) {
        svg.out += "<g stroke=\"#e4e4dc\" stroke-width=\"" + n(0.1 * u) + "\">\n";
        for (std::int32_t column = 1; column < tiles.columns(); ++column)
            svg.line(d(tiles.edge_x(column)), d(map_box.min.y), d(tiles.edge_x(column)), d(map_box.max.y), "");
        for (std::int32_t row = 1; row < tiles.rows(); ++row)
            svg.line(d(map_box.min.x), d(tiles.edge_y(row)), d(map_box.max.x), d(tiles.edge_y(row)), "");
        svg.out += "</g>\n";
    }
    svg.out += "<g>\n";
    for (std::int32_t row = 0; row < tiles.rows(); ++row)
        for (std::int32_t column = 0; column < tiles.columns(); ++column) {
            const TileCell cell{column, row};
            const Tile tile = tiles.get(cell);
            const Aabb cell_box = tiles.cell_box(cell);
            if (tiles.kind(tiles.kind_at(cell)).sensor) {
                svg.box(cell_box, std::string("fill=\"") + c_sensor + "\" fill-opacity=\"0.3\"");
                continue;
            }
            if (tile == Tile::empty) continue;
            const char* fill = own_filter(tiles, cell) ? c_own_filter : c_solid;
            if (tile == Tile::solid) {
                svg.box(cell_box, std::string("fill=\"") + fill + "\"");
            } else if (tile == Tile::slope) {
                const TileShape shape = tiles.shape_at(cell);
                const SlopePicture picture = slope_picture(tiles, cell, shape);
                svg.polygon(picture.corners.data(), picture.count, std::string("fill=\"") + fill + "\"");
                // The normal out of the sloped face, a third of the tile long.
                const Vec2 normal = slope_normal(shape);
                const double length = d(cell_box.size().x) / 3;
                const Pt middle = picture.face_middle;
                svg.line(middle.x, middle.y, middle.x + d(normal.x) * length, middle.y + d(normal.y) * length,
                         std::string("stroke=\"") + fill + "\" stroke-width=\"" + n(0.2 * u) + "\"");
            } else {
                const double ledge = std::max(d(cell_box.size().y) * 0.25, 0.4 * u);
                svg.rect(d(cell_box.min.x), d(cell_box.min.y), d(cell_box.max.x), d(cell_box.min.y) + ledge,
                         std::string("fill=\"") + c_one_way + "\"");
                svg.rect(d(cell_box.min.x), d(cell_box.min.y), d(cell_box.max.x), d(cell_box.max.y),
                         std::string("fill=\"") + c_one_way + "\" fill-opacity=\"0.12\"");
            }
        }
    svg.out += "</g>\n";
}

void draw_bodies(Svg& svg, const World& world, const std::vector<NamedBody>& bodies, const SceneTrace& trace) {
    const double u = svg.u;
    const std::string thin = n(0.25 * u);
    const std::unordered_set<std::string_view> riders(trace.riders.begin(), trace.riders.end());
    for (const NamedBody& body : bodies) {
        const BodyInfo info = world.info(body.id);
        const Aabb& box = info.box;
        const bool thin_x = box.size().x == 0, thin_y = box.size().y == 0;
        const char* fill = info.is_sensor ? c_sensor : info.is_static ? c_static_edge : c_body;
        if (info.is_sensor && !thin_x && !thin_y) {
            svg.box(box, std::string("fill=\"") + c_sensor + "\" fill-opacity=\"0.3\" stroke=\"" + c_sensor +
                             "\" stroke-width=\"" + thin + "\" stroke-dasharray=\"" + n(u) + "\"");
        } else if (thin_x && thin_y) {
            // A point body (a bullet): a dot.
            svg.circle(d(box.min.x), d(box.min.y), 0.6 * u, std::string("fill=\"") + fill + "\"");
        } else if (thin_x || thin_y) {
            // A zero-thickness wall: a line, thicker than the paths drawn over it.
            svg.line(d(box.min.x), d(box.min.y), d(box.max.x), d(box.max.y),
                     std::string("stroke=\"") + fill + "\" stroke-width=\"" + n(0.7 * u) +
                         "\" stroke-linecap=\"butt\"");
        } else if (info.is_static) {
            svg.box(box, std::string("fill=\"") + c_static + "\" stroke=\"" + c_static_edge + "\" stroke-width=\"" +
                             thin + "\"");
        } else if (info.is_platform) {
            svg.box(box, std::string("fill=\"") + c_platform + "\" fill-opacity=\"0.45\" stroke=\"" + c_platform +
                             "\" stroke-width=\"" + n(0.35 * u) + "\"");
        } else {
            svg.box(box, std::string("fill=\"") + c_body + "\" fill-opacity=\"0.35\" stroke=\"" + c_body +
                             "\" stroke-width=\"" + n(0.35 * u) + "\"");
        }
        if (riders.contains(body.name))
            svg.box(box, std::string("fill=\"none\" stroke=\"") + c_rider + "\" stroke-width=\"" + n(0.45 * u) + "\"");
        // A one-way body: the face it is entered through (a down body's top), in the one-way colour.
        if (info.one_way != OneWay::none) {
            constexpr Vec2 entry_out[4] = {{0, -1}, {0, 1}, {1, 0}, {-1, 0}}; // down, up, left, right
            const auto [from, to] = face_of(box, entry_out[int(info.one_way) - 1]);
            svg.line(from.x, from.y, to.x, to.y,
                     std::string("stroke=\"") + c_one_way + "\" stroke-width=\"" + n(0.7 * u) +
                         "\" stroke-linecap=\"butt\"");
        }
    }
}

} // namespace sweepbox::detail
