// The SVG renderer: one picture of a scene run, its layers drawn bottom to top (svg_layers.hpp).
// Sizes of strokes, dots, arrows and text are in units of `u`, one hundredth of the content's
// larger side, so a 10-unit room and a 5000-unit level read the same.
#include <sweepbox/svg.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "svg_labels.hpp"
#include "svg_layers.hpp"

namespace sweepbox {

namespace {

using detail::Bounds;
using detail::d;
using detail::n;
using detail::NotFinite;
using detail::Svg;

std::string step_where(const SceneRunner& runner, std::size_t step) {
    return "step " + std::to_string(step) + " (" + to_string(runner.scene().steps[step].op) + ")";
}

// Everything the picture draws: the tiles, the bodies, every move with its contacts, the
// particles, the casts and the queries.
Bounds content_of(const SceneRunner& runner, const std::vector<NamedBody>& bodies) {
    const World& world = runner.world();
    const TileMap& tiles = world.tiles();
    const SceneTrace& trace = runner.trace();
    Bounds content;
    if (!tiles.is_empty() && tiles.blocking_count() > 0) content.add(tiles.bounds());
    for (const NamedBody& body : bodies) content.add(world.box(body.id));
    for (const MoveTrace& move : trace.moves) {
        content.add(move.start);
        content.add(move.result.box);
        for (const Contact& contact : move.result.contacts) content.add(contact.box);
    }
    for (const CastTrace& cast : trace.casts) {
        content.add(cast.box);
        content.add(cast.box.translated(cast.delta));
    }
    for (const ParticleTrace& batch : trace.particles)
        for (const Vec2& p : batch.positions) content.add(d(p.x), d(p.y));
    for (const QueryTrace& query : trace.queries) {
        if (query.op == SceneOp::query_segment) {
            content.add(d(query.from.x), d(query.from.y));
            content.add(d(query.to.x), d(query.to.y));
        } else {
            content.add(query.rect);
        }
    }
    if (content.empty()) content = Bounds{0, 0, 1, 1};
    return content;
}

// The picture's frame: the content's box made no thinner than a fifth of its length, about the
// same centre.
struct Frame {
    Bounds box;
    double width, height;
};

Frame framed(const Bounds& content) {
    double width = content.x1 - content.x0, height = content.y1 - content.y0;
    if (width < height * 0.2) width = height * 0.2; // very thin content still gets a readable frame
    if (height < width * 0.2) height = width * 0.2;
    if (!(width > 0)) width = height = 1;
    const double cx = (content.x0 + content.x1) * 0.5, cy = (content.y0 + content.y1) * 0.5;
    return {{cx - width * 0.5, cy - height * 0.5, cx + width * 0.5, cy + height * 0.5}, width, height};
}

// The bodies' names beside them, then the step labels, each moved off the text written before it.
void draw_labels(Svg& svg, const World& world, const std::vector<NamedBody>& bodies,
                 const std::vector<detail::StepLabel>& labels, double view_x, double view_y, double view_height) {
    const double u = svg.u, font = 2.2 * u;
    detail::PlacedText placed(font, view_x, view_y); // the text written so far
    for (const NamedBody& body : bodies) {
        const Aabb& box = world.box(body.id);
        const double x = d(box.max.x) + 0.6 * u, y = d(box.max.y) + font;
        svg.text(x, y, font, body.name, "#222222");
        placed.add({x, y - font, x + 0.55 * font * double(body.name.size()), y});
    }
    for (const detail::StepLabel& label : labels) {
        const double width = 0.5 * font * double(label.text.size()), line_height = font * 0.95;
        // Try the place itself, then one line up, one down, two up, ... staying in the view.
        double y = label.y;
        for (int tries = 0; tries < 24; ++tries) {
            const int lines = (tries + 1) / 2 * (tries % 2 ? -1 : 1);
            y = label.y + lines * line_height;
            if (y - line_height < view_y || y > view_y + view_height) continue;
            if (!placed.overlaps(label.x, y - line_height, label.x + width, y)) break;
        }
        placed.add({label.x, y - line_height, label.x + width, y});
        svg.text(label.x, y, font * 0.85, label.text, "#555555");
    }
}

// The picture; `drawing` follows the step being drawn, for errors.
std::string draw(const SceneRunner& runner, const SvgOptions& options, std::optional<std::size_t>& drawing) {
    const World& world = runner.world();
    const SceneTrace& trace = runner.trace();
    const std::vector<NamedBody> bodies = runner.bodies();
    const auto [frame, width, height] = framed(content_of(runner, bodies));
    const double u = std::max(width, height) / 100.0;
    const double margin = 6 * u;
    const double legend_width = options.legend ? 54 * u : 0;
    const detail::Shown shown = detail::shown_in(runner, bodies);
    const double legend_height = 3.4 * u * (shown.rows() + 2) + 2 * u;
    const double view_x = frame.x0 - margin, view_y = frame.y0 - margin;
    const double view_width = width + 2 * margin + legend_width;
    const double view_height = std::max(height + 2 * margin, options.legend ? legend_height + 2 * margin : 0.0);
    const double pixels = options.pixels > 0 ? options.pixels : 1000;

    Svg svg(u);
    svg.out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    svg.out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + n(pixels) + "\" height=\"" +
               n(std::round(pixels * view_height / view_width)) + "\" viewBox=\"" + n(view_x) + " " + n(view_y) + " " +
               n(view_width) + " " + n(view_height) + "\">\n";
    svg.rect(view_x, view_y, view_x + view_width, view_y + view_height, "fill=\"#ffffff\"");

    detail::draw_tiles(svg, world.tiles());
    detail::draw_bodies(svg, world, bodies, trace);
    std::vector<detail::StepLabel> labels;
    detail::draw_moves(svg, runner, labels, drawing);
    detail::draw_particles(svg, trace, labels, drawing);
    detail::draw_casts(svg, trace, labels, drawing);
    detail::draw_queries(svg, trace, labels, drawing);
    drawing.reset();
    if (options.labels) draw_labels(svg, world, bodies, labels, view_x, view_y, view_height);
    if (options.legend)
        detail::draw_legend(svg, shown, options, !world.tiles().is_empty(), frame.x1 + margin + 2 * u, frame.y0,
                            legend_width, legend_height);
    svg.out += "</svg>\n";
    return std::move(svg.out);
}

} // namespace

std::string render_svg(const SceneRunner& runner, const SvgOptions& options) {
    const SceneTrace& trace = runner.trace();
    if (trace.moves_not_traced > 0)
        throw SceneError(runner.file(), step_where(runner, trace.first_step_not_traced),
                         "too long to draw: a picture holds at most " + std::to_string(max_traced_moves) +
                             " moves and frames, the run had " + std::to_string(trace.traced + trace.moves_not_traced));
    std::optional<std::size_t> drawing;
    try {
        return draw(runner, options, drawing);
    } catch (const NotFinite&) {
        throw SceneError(runner.file(), drawing ? step_where(runner, *drawing) : "svg",
                         "a coordinate of the picture is not finite");
    }
}

void write_svg_file(const SceneRunner& runner, const std::string& path, const SvgOptions& options) {
    const std::string text = render_svg(runner, options);
    std::ofstream out(path, std::ios::binary);
    if (!out) throw SceneError(path, "", "cannot open the file for writing");
    out << text;
    if (!out) throw SceneError(path, "", "cannot write the file");
}

} // namespace sweepbox
