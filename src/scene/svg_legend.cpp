// The SVG picture's legend (svg_layers.hpp): an entry for each thing the picture shows, in the
// colours the layers draw it with.
#include <optional>
#include <string>

#include "svg_layers.hpp"

namespace sweepbox::detail {

int Shown::rows() const {
    return int(solid) + int(own_filter) + int(one_way) + int(slope) + int(static_body) + int(movable) + int(platform) +
           int(sensor) + int(riders) + 2 * int(moves) + int(single_contact_box) + int(contacts) +
           int(contacts || hits) + int(velocity) + int(casts) + int(hits) + int(queries) + int(sparks) + int(bounces) +
           int(ground) + int(one_way_body) + int(stuck) + int(moving_targets);
}

Shown shown_in(const SceneRunner& runner, const std::vector<NamedBody>& bodies) {
    const World& world = runner.world();
    const TileMap& tiles = world.tiles();
    const SceneTrace& trace = runner.trace();
    Shown shown;
    for (std::int32_t row = 0; row < tiles.rows(); ++row)
        for (std::int32_t column = 0; column < tiles.columns(); ++column) {
            const TileCell cell{column, row};
            const Tile tile = tiles.get(cell);
            shown.own_filter = shown.own_filter || own_filter(tiles, cell);
            shown.solid = shown.solid || (tile == Tile::solid && !own_filter(tiles, cell));
            shown.one_way = shown.one_way || tile == Tile::one_way;
            shown.slope = shown.slope || tile == Tile::slope;
            shown.sensor = shown.sensor || tiles.kind(tiles.kind_at(cell)).sensor;
        }
    for (const NamedBody& body : bodies) {
        const BodyInfo info = world.info(body.id);
        shown.static_body = shown.static_body || info.is_static;
        shown.platform = shown.platform || info.is_platform;
        shown.sensor = shown.sensor || info.is_sensor;
        shown.movable = shown.movable || (!info.is_static && !info.is_platform && !info.is_sensor);
        shown.one_way_body = shown.one_way_body || info.one_way != OneWay::none;
    }
    for (std::size_t k = 0; k < trace.moves.size(); ++k) {
        const MoveTrace& move = trace.moves[k];
        const bool has_contacts = !move.result.contacts.empty();
        shown.ground = shown.ground ||
                       (last_of_step(trace, k) && !ground_faces(move, runner.scene().steps[move.step]).empty());
        shown.contacts = shown.contacts || has_contacts;
        shown.velocity = shown.velocity || move.has_velocity;
        shown.stuck = shown.stuck || move.result.stuck;
        shown.single_contact_box = shown.single_contact_box || (move.frame < 0 && has_contacts);
    }
    for (const CastTrace& cast : trace.casts) {
        shown.hits = shown.hits || !cast.hits.empty();
        for (const std::optional<Aabb>& was : cast.other_boxes) shown.moving_targets = shown.moving_targets || was;
    }
    for (const ParticleTrace& batch : trace.particles) shown.bounces = shown.bounces || !batch.bounces.empty();
    shown.moves = !trace.moves.empty();
    shown.casts = !trace.casts.empty();
    shown.queries = !trace.queries.empty();
    shown.sparks = !trace.particles.empty();
    shown.riders = !trace.riders.empty();
    return shown;
}

void draw_legend(Svg& svg, const Shown& shown, const SvgOptions& options, bool has_tiles, double x, double y,
                 double width, double height) {
    const double u = svg.u, font = 2.2 * u, row = 3.4 * u;
    const std::string thin = n(0.25 * u);
    svg.rect(x - 1.5 * u, y - 1.5 * u, x + width - 3.5 * u, y + height - 2 * u,
             "fill=\"#fbfbfb\" stroke=\"#cccccc\" stroke-width=\"" + n(0.15 * u) + "\"");
    svg.text(x, y + font, font * 1.05, options.title.empty() ? "sweepbox scene" : options.title, "#111111");
    double entry_y = y + row * 1.3;
    const double text_x = x + 6 * u;
    auto entry = [&](const std::string& label, auto&& swatch) {
        swatch(x, entry_y);
        svg.text(text_x, entry_y + font * 0.75, font, label, "#222222");
        entry_y += row;
    };
    auto swatch_rect = [&](const std::string& style) {
        return [&svg, style, u](double at_x, double at_y) {
            svg.rect(at_x, at_y - 0.2 * u, at_x + 4 * u, at_y + 2 * u, style);
        };
    };
    // A short line across the swatch, in a colour and width.
    auto swatch_line = [&](const char* colour, const std::string& width_text, const char* more = "") {
        return [&svg, colour, width_text, more, u](double at_x, double at_y) {
            svg.line(at_x, at_y + 0.9 * u, at_x + 4 * u, at_y + 0.9 * u,
                     std::string("stroke=\"") + colour + "\" stroke-width=\"" + width_text + "\"" + more);
        };
    };
    if (shown.solid) entry("solid tile", swatch_rect(std::string("fill=\"") + c_solid + "\""));
    if (shown.own_filter)
        entry("tile of a kind with its own category", swatch_rect(std::string("fill=\"") + c_own_filter + "\""));
    if (shown.slope)
        entry("slope tile and its normal", [&](double at_x, double at_y) {
            const Pt triangle[3] = {{at_x, at_y + 2 * u}, {at_x + 4 * u, at_y - 0.2 * u}, {at_x + 4 * u, at_y + 2 * u}};
            svg.polygon(triangle, 3, std::string("fill=\"") + c_solid + "\"");
            svg.line(at_x + 2 * u, at_y + 0.9 * u, at_x + 1.2 * u, at_y - 0.55 * u,
                     std::string("stroke=\"") + c_solid + "\" stroke-width=\"" + n(0.2 * u) + "\"");
        });
    if (shown.one_way)
        entry("one-way tile (blocks from above)", [&](double at_x, double at_y) {
            svg.rect(at_x, at_y - 0.2 * u, at_x + 4 * u, at_y + 2 * u,
                     std::string("fill=\"") + c_one_way + "\" fill-opacity=\"0.12\"");
            svg.rect(at_x, at_y - 0.2 * u, at_x + 4 * u, at_y + 0.5 * u, std::string("fill=\"") + c_one_way + "\"");
        });
    if (shown.static_body)
        entry("static body", swatch_rect(std::string("fill=\"") + c_static + "\" stroke=\"" + c_static_edge +
                                         "\" stroke-width=\"" + thin + "\""));
    if (shown.sensor)
        entry("sensor (tile; body: dashed edge)",
              swatch_rect(std::string("fill=\"") + c_sensor + "\" fill-opacity=\"0.3\" stroke=\"" + c_sensor +
                          "\" stroke-width=\"" + thin + "\" stroke-dasharray=\"" + n(u) + "\""));
    if (shown.one_way_body) entry("one-way body: the face it blocks", swatch_line(c_one_way, n(0.7 * u)));
    if (shown.movable)
        entry("movable body, where it ends",
              swatch_rect(std::string("fill=\"") + c_body + "\" fill-opacity=\"0.35\" stroke=\"" + c_body +
                          "\" stroke-width=\"" + n(0.35 * u) + "\""));
    if (shown.platform)
        entry("moving platform, where it ends",
              swatch_rect(std::string("fill=\"") + c_platform + "\" fill-opacity=\"0.45\" stroke=\"" + c_platform +
                          "\" stroke-width=\"" + n(0.35 * u) + "\""));
    if (shown.riders)
        entry("rode a platform", swatch_rect(std::string("fill=\"none\" stroke=\"") + c_rider + "\" stroke-width=\"" +
                                             n(0.45 * u) + "\""));
    if (shown.moves)
        entry("box at the start of a move",
              swatch_rect(std::string("fill=\"none\" stroke=\"") + c_start + "\" stroke-width=\"" + thin +
                          "\" stroke-dasharray=\"" + n(u) + "," + n(0.6 * u) + "\""));
    if (shown.moves) entry("path of the box centre; end box", swatch_line(c_path, thin));
    if (shown.single_contact_box)
        entry("box at a contact", swatch_rect(std::string("fill=\"none\" stroke=\"") + c_path +
                                              "\" stroke-opacity=\"0.5\" stroke-width=\"" + n(0.15 * u) + "\""));
    if (shown.contacts)
        entry("contact point", [&](double at_x, double at_y) {
            svg.circle(at_x + 2 * u, at_y + 0.9 * u, 0.7 * u, std::string("fill=\"") + c_contact + "\"");
        });
    if (shown.contacts || shown.hits)
        entry("normal (out of the obstacle)",
              [&](double at_x, double at_y) { svg.arrow(at_x, at_y + 0.9 * u, 4 * u, 0, c_normal, 0.3 * u); });
    if (shown.velocity)
        entry("velocity: in, and after a response",
              [&](double at_x, double at_y) { svg.arrow(at_x, at_y + 0.9 * u, 4 * u, 0, c_velocity, 0.3 * u); });
    if (shown.ground)
        entry("last move: floor, wall, ceiling", swatch_line(c_ground, n(0.6 * u), " stroke-linecap=\"round\""));
    if (shown.stuck)
        entry("stuck: started inside, no way out in reach", [&](double at_x, double at_y) {
            const std::string style = std::string("stroke=\"") + c_contact + "\" stroke-width=\"" + n(0.35 * u) + "\"";
            svg.line(at_x + 0.8 * u, at_y, at_x + 3.2 * u, at_y + 1.8 * u, style);
            svg.line(at_x + 0.8 * u, at_y + 1.8 * u, at_x + 3.2 * u, at_y, style);
        });
    if (shown.casts) entry("ray / box cast", swatch_line(c_cast, thin));
    if (shown.hits)
        entry("cast hit point",
              [&](double at_x, double at_y) { svg.cross(at_x + 2 * u, at_y + 0.9 * u, 0.9 * u, c_cast); });
    if (shown.moving_targets)
        entry("moving body at a cast's hit; frame time",
              swatch_rect(std::string("fill=\"none\" stroke=\"") + c_cast + "\" stroke-width=\"" + thin +
                          "\" stroke-dasharray=\"" + n(0.4 * u) + "," + n(0.4 * u) + "\""));
    if (shown.sparks)
        entry("particle trail; where it ends", [&](double at_x, double at_y) {
            svg.line(at_x, at_y + 0.9 * u, at_x + 3.2 * u, at_y + 0.9 * u,
                     std::string("stroke=\"") + c_spark + "\" stroke-width=\"" + n(0.12 * u) + "\"");
            svg.circle(at_x + 3.4 * u, at_y + 0.9 * u, 0.45 * u, std::string("fill=\"") + c_spark + "\"");
        });
    if (shown.bounces)
        entry("particle bounce", [&](double at_x, double at_y) {
            svg.circle(at_x + 2 * u, at_y + 0.9 * u, 0.3 * u, std::string("fill=\"") + c_contact + "\"");
        });
    if (shown.queries)
        entry("query (rect, point, segment)",
              swatch_rect(std::string("fill=\"") + c_query + "\" fill-opacity=\"0.08\" stroke=\"" + c_query +
                          "\" stroke-width=\"" + thin + "\" stroke-dasharray=\"" + n(0.8 * u) + "," + n(0.5 * u) +
                          "\""));
    svg.text(x, entry_y + font * 0.75, font * 0.8,
             has_tiles ? "y grows downward; grid lines = tiles" : "y grows downward", "#666666");
}

} // namespace sweepbox::detail
