// The SVG renderer: one picture of a scene run. Sizes of strokes, dots, arrows and text are in
// units of `u`, one hundredth of the content's larger side, so a 10-unit room and a 5000-unit
// level read the same.
#include <sweepbox/svg.hpp>

#include <sweepbox/character.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "svg_labels.hpp"
#include "svg_writer.hpp"

namespace sweepbox {

namespace {

using detail::Bounds;
using detail::d;
using detail::n;
using detail::NotFinite;
using detail::Pt;
using detail::Svg;

// Colours, one meaning each (the legend repeats them).
constexpr const char* c_solid = "#4d4d4d";
constexpr const char* c_one_way = "#b07a1e";
constexpr const char* c_static = "#9a9a9a";
constexpr const char* c_static_edge = "#3c3c3c";
constexpr const char* c_body = "#2f7fd8";
constexpr const char* c_start = "#6f9fd8";
constexpr const char* c_path = "#2a5d9e";
constexpr const char* c_contact = "#e0201b";
constexpr const char* c_normal = "#109a3a";
constexpr const char* c_velocity = "#f08a00";
constexpr const char* c_cast = "#8e3fb8";
constexpr const char* c_query = "#129a9a";
constexpr const char* c_sensor = "#3a7bd5";     // sensor bodies and tiles, translucent
constexpr const char* c_own_filter = "#5f8fa8"; // solid and slope tiles of a kind with its own category or mask
constexpr const char* c_spark = "#d9480f";
constexpr const char* c_ground = "#f2c200";
constexpr const char* c_platform = "#2e8b57";
constexpr const char* c_rider = "#d81b60";


// A slope tile's solid part (slope_polygon placed on the cell's edges) and the middle of its
// sloped face, where the picture draws the face's normal.
struct SlopePicture {
    std::array<Pt, 4> corners{};
    std::size_t count = 0;
    Pt face_middle{0, 0};
};

SlopePicture slope_picture(const TileMap& tiles, TileCell c, TileShape shape) {
    const Aabb cb = tiles.cell_box(c);
    const double x0 = d(cb.min.x), y0 = d(cb.min.y), x1 = d(cb.max.x), y1 = d(cb.max.y);
    Vec2 uv[4];
    SlopePicture p;
    p.count = std::size_t(slope_polygon(shape, uv));
    const SlopeLine l = slope_line(shape);
    Pt on_line[2]{};
    std::size_t n_on = 0;
    for (std::size_t i = 0; i < p.count; ++i) {
        const double u = d(uv[i].x), v = d(uv[i].y);
        // u and v are 0, 1/2 or 1: the cell's own edges at 0 and 1, so neighbours meet exactly.
        p.corners[i] = {u == 1 ? x1 : x0 + u * (x1 - x0), v == 1 ? y1 : y0 + v * (y1 - y0)};
        if (l.a * u + l.b * v == l.c && n_on < 2) on_line[n_on++] = p.corners[i];
    }
    p.face_middle = {(on_line[0].x + on_line[1].x) * 0.5, (on_line[0].y + on_line[1].y) * 0.5};
    return p;
}

// In double: min + max overflows a real near the largest one.
Pt centre(const Aabb& b) { return {(d(b.min.x) + d(b.max.x)) * 0.5, (d(b.min.y) + d(b.max.y)) * 0.5}; }

// The face of box b whose outward normal is the axis vector `out`, as a segment.
std::array<Pt, 2> face_of(const Aabb& b, Vec2 out) {
    const double x0 = d(b.min.x), y0 = d(b.min.y), x1 = d(b.max.x), y1 = d(b.max.y);
    if (out.y < 0) return {Pt{x0, y0}, Pt{x1, y0}};
    if (out.y > 0) return {Pt{x0, y1}, Pt{x1, y1}};
    if (out.x < 0) return {Pt{x0, y0}, Pt{x0, y1}};
    return {Pt{x1, y0}, Pt{x1, y1}};
}

// Where a move touched a floor, a wall or a ceiling (the ground state of each of its blocking
// contacts under the step's rules): the face of the box at that contact, as a segment. Points
// (bullets) have no face to show.
std::vector<std::array<Pt, 2>> ground_faces(const MoveTrace& t, const SceneStep& s) {
    std::vector<std::array<Pt, 2>> faces;
    const GroundRules rules{s.up, s.max_floor_angle};
    for (const Contact& c : t.result.contacts) {
        const Aabb& b = c.box;
        const GroundState g = ground_state(std::span<const Contact>(&c, 1), rules);
        if (!(g.on_floor || g.on_wall || g.on_ceiling) || (b.min.x == b.max.x && b.min.y == b.max.y)) continue;
        faces.push_back(face_of(b, -c.normal)); // the face against the obstacle
    }
    return faces;
}

// The velocity after each contact of a move, replaying the responses of docs/contract.md: bounce
// reflects, touch and slide drop the part into the surface, cross and ignore keep it.
std::vector<Vec2> velocities_after(const MoveTrace& t, const SceneStep& s) {
    std::vector<Vec2> out;
    Vec2 v = t.velocity_before;
    for (const Contact& c : t.result.contacts) {
        const real into = v.x * c.normal.x + v.y * c.normal.y;
        if (c.response == Response::bounce) {
            // MoveOptions::rest_speed: too slow into the face, the normal part goes; too slow
            // along it after friction, the velocity too.
            if (into < 0 && -into < s.rest_speed) {
                const Vec2 along = (v - c.normal * into) * (1 - s.friction);
                v = std::hypot(along.x, along.y) < s.rest_speed ? Vec2{0, 0} : along;
            } else {
                v = reflect(v, c.normal, s.restitution, s.friction);
            }
        } else if ((c.response == Response::touch || c.response == Response::slide) && into < 0) v -= c.normal * into;
        out.push_back(v);
    }
    return out;
}

std::string step_where(const SceneRunner& runner, std::size_t step) {
    return "step " + std::to_string(step) + " (" + to_string(runner.scene().steps[step].op) + ")";
}

// The picture; `drawing` follows the step being drawn, for errors.
std::string draw(const SceneRunner& runner, const SvgOptions& options, std::optional<std::size_t>& drawing) {
    const World& world = runner.world();
    const TileMap& tiles = world.tiles();
    const SceneTrace& trace = runner.trace();
    const std::vector<NamedBody> bodies = runner.bodies();
    const std::unordered_set<std::string_view> riders(trace.riders.begin(), trace.riders.end());

    // ---- the content's extent ----
    Bounds bb;
    if (!tiles.is_empty() && tiles.blocking_count() > 0) bb.add(tiles.bounds());
    for (const NamedBody& b : bodies) bb.add(world.box(b.id));
    for (const MoveTrace& t : trace.moves) {
        bb.add(t.start);
        bb.add(t.result.box);
        for (const Contact& c : t.result.contacts) bb.add(c.box);
    }
    for (const CastTrace& t : trace.casts) {
        bb.add(t.box);
        bb.add(t.box.translated(t.delta));
    }
    for (const ParticleTrace& t : trace.particles)
        for (const Vec2& p : t.positions) bb.add(d(p.x), d(p.y));
    for (const QueryTrace& q : trace.queries) {
        if (q.op == SceneOp::query_segment) {
            bb.add(d(q.from.x), d(q.from.y));
            bb.add(d(q.to.x), d(q.to.y));
        } else {
            bb.add(q.rect);
        }
    }
    if (bb.empty()) bb = Bounds{0, 0, 1, 1};
    double w = bb.x1 - bb.x0, h = bb.y1 - bb.y0;
    if (w < h * 0.2) w = h * 0.2; // very thin content still gets a readable frame
    if (h < w * 0.2) h = w * 0.2;
    if (!(w > 0)) w = h = 1;
    const double cx = (bb.x0 + bb.x1) * 0.5, cy = (bb.y0 + bb.y1) * 0.5;
    bb.x0 = cx - w * 0.5;
    bb.x1 = cx + w * 0.5;
    bb.y0 = cy - h * 0.5;
    bb.y1 = cy + h * 0.5;

    const double u = std::max(w, h) / 100.0;
    const double margin = 6 * u;
    const double legend_w = options.legend ? 54 * u : 0;
    const double vx = bb.x0 - margin, vy = bb.y0 - margin;
    const double vw = w + 2 * margin + legend_w;
    // The legend lists only what the picture shows.
    bool has_solid = false, has_one_way = false, has_slope = false, has_static = false, has_movable = false,
         has_platform = false, has_sensor = false, has_own_filter = false;
    // A solid or slope tile whose kind has its own category or mask (not the map's) has its own colour.
    auto own_filter = [&](TileCell cell) {
        const TileKind& k = tiles.kind(tiles.kind_at(cell));
        const Tile t = tiles.get(cell);
        return (t == Tile::solid || t == Tile::slope) &&
               (k.category != tiles.def().category || k.mask != tiles.def().mask);
    };
    for (std::int32_t r = 0; r < tiles.rows(); ++r)
        for (std::int32_t c = 0; c < tiles.columns(); ++c) {
            has_own_filter = has_own_filter || own_filter({c, r});
            has_solid = has_solid || (tiles.get({c, r}) == Tile::solid && !own_filter({c, r}));
            has_one_way = has_one_way || tiles.get({c, r}) == Tile::one_way;
            has_slope = has_slope || tiles.get({c, r}) == Tile::slope;
            has_sensor = has_sensor || tiles.kind(tiles.kind_at({c, r})).sensor;
        }
    bool has_one_way_body = false;
    for (const NamedBody& b : bodies) {
        const BodyInfo info = world.info(b.id);
        has_static = has_static || info.is_static;
        has_platform = has_platform || info.is_platform;
        has_sensor = has_sensor || info.is_sensor;
        has_movable = has_movable || (!info.is_static && !info.is_platform && !info.is_sensor);
        has_one_way_body = has_one_way_body || info.one_way != OneWay::none;
    }
    bool has_contacts = false, has_velocity = false, has_single_contact_box = false, has_ground = false;
    for (std::size_t k = 0; k < trace.moves.size(); ++k) {
        const MoveTrace& t = trace.moves[k];
        const bool last_frame = t.frame < 0 || k + 1 == trace.moves.size() || trace.moves[k + 1].step != t.step;
        has_ground = has_ground || (last_frame && !ground_faces(t, runner.scene().steps[t.step]).empty());
        has_contacts = has_contacts || !t.result.contacts.empty();
        has_velocity = has_velocity || t.has_velocity;
        has_single_contact_box = has_single_contact_box || (t.frame < 0 && !t.result.contacts.empty());
    }
    bool has_hits = false;
    for (const CastTrace& t : trace.casts) has_hits = has_hits || !t.hits.empty();
    const bool has_moves = !trace.moves.empty(), has_casts = !trace.casts.empty(), has_queries = !trace.queries.empty();
    const bool has_sparks = !trace.particles.empty();
    bool has_bounces = false;
    for (const ParticleTrace& t : trace.particles) has_bounces = has_bounces || !t.bounces.empty();
    const bool has_riders = !trace.riders.empty();
    const int legend_rows = int(has_solid) + int(has_own_filter) + int(has_one_way) + int(has_slope) + int(has_static) +
                            int(has_movable) + int(has_platform) + int(has_sensor) + int(has_riders) +
                            2 * int(has_moves) + int(has_single_contact_box) + int(has_contacts) +
                            int(has_contacts || has_hits) + int(has_velocity) + int(has_casts) + int(has_hits) +
                            int(has_queries) + int(has_sparks) + int(has_bounces) + int(has_ground) +
                            int(has_one_way_body);
    const double legend_h = 3.4 * u * (legend_rows + 2) + 2 * u;
    const double vh = std::max(h + 2 * margin, options.legend ? legend_h + 2 * margin : 0.0);
    const double px = options.pixels > 0 ? options.pixels : 1000;

    Svg svg(u);
    svg.out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    svg.out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + n(px) + "\" height=\"" +
               n(std::round(px * vh / vw)) + "\" viewBox=\"" + n(vx) + " " + n(vy) + " " + n(vw) + " " + n(vh) +
               "\">\n";
    svg.rect(vx, vy, vx + vw, vy + vh, "fill=\"#ffffff\"");

    // ---- tile map: a faint grid over the map, solid tiles dark, one-way tiles as a ledge ----
    if (!tiles.is_empty()) {
        const Aabb mb = tiles.bounds();
        svg.box(mb, "fill=\"#f6f6f2\" stroke=\"#d8d8d0\" stroke-width=\"" + n(0.15 * u) + "\"");
        if (tiles.columns() + tiles.rows() <= 1000) {
            svg.out += "<g stroke=\"#e4e4dc\" stroke-width=\"" + n(0.1 * u) + "\">\n";
            for (std::int32_t c = 1; c < tiles.columns(); ++c)
                svg.line(d(tiles.edge_x(c)), d(mb.min.y), d(tiles.edge_x(c)), d(mb.max.y), "");
            for (std::int32_t r = 1; r < tiles.rows(); ++r)
                svg.line(d(mb.min.x), d(tiles.edge_y(r)), d(mb.max.x), d(tiles.edge_y(r)), "");
            svg.out += "</g>\n";
        }
        svg.out += "<g>\n";
        for (std::int32_t r = 0; r < tiles.rows(); ++r)
            for (std::int32_t c = 0; c < tiles.columns(); ++c) {
                const Tile t = tiles.get({c, r});
                const Aabb cb = tiles.cell_box({c, r});
                if (tiles.kind(tiles.kind_at({c, r})).sensor) {
                    svg.box(cb, std::string("fill=\"") + c_sensor + "\" fill-opacity=\"0.3\"");
                    continue;
                }
                if (t == Tile::empty) continue;
                const char* fill = own_filter({c, r}) ? c_own_filter : c_solid;
                if (t == Tile::solid) {
                    svg.box(cb, std::string("fill=\"") + fill + "\"");
                } else if (t == Tile::slope) {
                    const TileShape shape = tiles.shape_at({c, r});
                    const SlopePicture p = slope_picture(tiles, {c, r}, shape);
                    svg.polygon(p.corners.data(), p.count, std::string("fill=\"") + fill + "\"");
                    // The normal out of the sloped face, a third of the tile long.
                    const Vec2 nv = slope_normal(shape);
                    const double len = d(cb.size().x) / 3;
                    svg.line(p.face_middle.x, p.face_middle.y, p.face_middle.x + d(nv.x) * len,
                             p.face_middle.y + d(nv.y) * len,
                             std::string("stroke=\"") + fill + "\" stroke-width=\"" + n(0.2 * u) + "\"");
                } else {
                    const double th = std::max(d(cb.size().y) * 0.25, 0.4 * u);
                    svg.rect(d(cb.min.x), d(cb.min.y), d(cb.max.x), d(cb.min.y) + th,
                             std::string("fill=\"") + c_one_way + "\"");
                    svg.rect(d(cb.min.x), d(cb.min.y), d(cb.max.x), d(cb.max.y),
                             std::string("fill=\"") + c_one_way + "\" fill-opacity=\"0.12\"");
                }
            }
        svg.out += "</g>\n";
    }

    // ---- bodies where they are now ----
    const std::string thin = n(0.25 * u);
    for (const NamedBody& b : bodies) {
        const BodyInfo info = world.info(b.id);
        const Aabb& bx = info.box;
        const bool thin_x = bx.size().x == 0, thin_y = bx.size().y == 0;
        const char* fill = info.is_sensor ? c_sensor : info.is_static ? c_static_edge : c_body;
        if (info.is_sensor && !thin_x && !thin_y) {
            svg.box(bx, std::string("fill=\"") + c_sensor + "\" fill-opacity=\"0.3\" stroke=\"" + c_sensor +
                            "\" stroke-width=\"" + thin + "\" stroke-dasharray=\"" + n(u) + "\"");
        } else if (thin_x && thin_y) {
            // A point body (a bullet): a dot.
            svg.circle(d(bx.min.x), d(bx.min.y), 0.6 * u, std::string("fill=\"") + fill + "\"");
        } else if (thin_x || thin_y) {
            // A zero-thickness wall: a line, thicker than the paths drawn over it.
            svg.line(d(bx.min.x), d(bx.min.y), d(bx.max.x), d(bx.max.y),
                     std::string("stroke=\"") + fill + "\" stroke-width=\"" + n(0.7 * u) +
                         "\" stroke-linecap=\"butt\"");
        } else if (info.is_static) {
            svg.box(bx, std::string("fill=\"") + c_static + "\" stroke=\"" + c_static_edge + "\" stroke-width=\"" +
                            thin + "\"");
        } else if (info.is_platform) {
            svg.box(bx, std::string("fill=\"") + c_platform + "\" fill-opacity=\"0.45\" stroke=\"" + c_platform +
                            "\" stroke-width=\"" + n(0.35 * u) + "\"");
        } else {
            svg.box(bx, std::string("fill=\"") + c_body + "\" fill-opacity=\"0.35\" stroke=\"" + c_body +
                            "\" stroke-width=\"" + n(0.35 * u) + "\"");
        }
        if (riders.contains(b.name))
            svg.box(bx, std::string("fill=\"none\" stroke=\"") + c_rider + "\" stroke-width=\"" + n(0.45 * u) + "\"");
        // A one-way body: the face it is entered through (a down body's top), in the one-way colour.
        if (info.one_way != OneWay::none) {
            constexpr Vec2 entry_out[4] = {{0, -1}, {0, 1}, {1, 0}, {-1, 0}}; // down, up, left, right
            const auto [a, e] = face_of(bx, entry_out[int(info.one_way) - 1]);
            svg.line(a.x, a.y, e.x, e.y,
                     std::string("stroke=\"") + c_one_way + "\" stroke-width=\"" + n(0.7 * u) +
                         "\" stroke-linecap=\"butt\"");
        }
    }

    // ---- moves: start box (dashed), path through every contact box, end box ----
    double vmax = 0;
    for (const MoveTrace& t : trace.moves)
        if (t.has_velocity) {
            vmax = std::max(vmax, std::hypot(d(t.velocity_before.x), d(t.velocity_before.y)));
            vmax = std::max(vmax, std::hypot(d(t.result.velocity.x), d(t.result.velocity.y)));
        }
    const double vscale = vmax > 0 ? 12 * u / vmax : 0;

    struct Label {
        double x, y;
        std::string text;
    };
    std::vector<Label> step_labels;
    for (std::size_t k = 0; k < trace.moves.size(); ++k) {
        const MoveTrace& t = trace.moves[k];
        drawing = t.step;
        const bool first_frame = t.frame <= 0;
        const bool last_frame = t.frame < 0 || k + 1 == trace.moves.size() || trace.moves[k + 1].step != t.step;
        if (first_frame) {
            svg.box(t.start, std::string("fill=\"none\" stroke=\"") + c_start + "\" stroke-width=\"" + thin +
                                 "\" stroke-dasharray=\"" + n(u) + "," + n(0.6 * u) + "\"");
            step_labels.push_back({d(t.start.min.x), d(t.start.min.y) - 0.8 * u,
                                   "step " + std::to_string(t.step) + (t.frame == 0 ? " (frames)" : "")});
        }
        std::vector<Pt> pts{centre(t.start)};
        for (const Contact& c : t.result.contacts) pts.push_back(centre(c.box));
        pts.push_back(centre(t.result.box));
        // A check's path is dashed: where the body would go; its start box stays the body's.
        const std::string dash = t.check ? "\" stroke-dasharray=\"" + n(0.8 * u) + "," + n(0.5 * u) : "";
        std::string path_style = std::string("stroke=\"") + c_path + "\" stroke-width=\"" + thin;
        path_style += dash;
        path_style += "\" stroke-linejoin=\"round\"";
        svg.polyline(pts, path_style);
        // Contact boxes of a single move are drawn faintly; frames would be too crowded.
        if (t.frame < 0)
            for (const Contact& c : t.result.contacts)
                svg.box(c.box, std::string("fill=\"none\" stroke=\"") + c_path +
                                   "\" stroke-opacity=\"0.5\" stroke-width=\"" + n(0.15 * u) + "\"");
        if (last_frame && !(t.result.box == t.start && t.frame < 0))
            svg.box(t.result.box,
                    std::string("fill=\"none\" stroke=\"") + c_path + "\" stroke-width=\"" + n(0.35 * u) + dash + "\"");
        // The ground state of the step's last move: the faces that touched a floor, wall or ceiling.
        if (last_frame)
            for (const auto& [a, b] : ground_faces(t, runner.scene().steps[t.step]))
                svg.line(a.x, a.y, b.x, b.y,
                         std::string("stroke=\"") + c_ground + "\" stroke-width=\"" + n(0.6 * u) +
                             "\" stroke-linecap=\"round\"");
    }
    // Markers above every path: contact points, normals, velocities after the response.
    // In a `frames` step a body resting on a floor or pressing into a wall touches it again
    // every frame: a contact whose normal was also met in the frame before continues that
    // contact and is not drawn again (the first touch, the landing, is).
    for (std::size_t k = 0; k < trace.moves.size(); ++k) {
        const MoveTrace& t = trace.moves[k];
        drawing = t.step;
        const SceneStep& s = runner.scene().steps[t.step];
        const std::vector<Vec2> vs = velocities_after(t, s);
        const MoveTrace* before = k > 0 && t.frame > 0 ? &trace.moves[k - 1] : nullptr;
        for (std::size_t i = 0; i < t.result.contacts.size(); ++i) {
            const Contact& c = t.result.contacts[i];
            const double x = d(c.point.x), y = d(c.point.y);
            if (before && std::any_of(before->result.contacts.begin(), before->result.contacts.end(),
                                      [&](const Contact& p) { return p.normal == c.normal; }))
                continue;
            svg.arrow(x, y, d(c.normal.x) * 5 * u, d(c.normal.y) * 5 * u, c_normal, 0.3 * u);
            if (t.has_velocity && vscale > 0) {
                const double vx2 = d(vs[i].x) * vscale, vy2 = d(vs[i].y) * vscale;
                if (std::hypot(vx2, vy2) > 0.8 * u) svg.arrow(x, y, vx2, vy2, c_velocity, 0.3 * u);
            }
            svg.circle(x, y, 0.7 * u,
                       std::string("fill=\"") + c_contact + "\" stroke=\"#ffffff\" stroke-width=\"" + n(0.15 * u) +
                           "\"");
        }
    }
    // The velocity going in, at the start of each move (frames: the first frame only).
    for (const MoveTrace& t : trace.moves)
        if (t.has_velocity && vscale > 0 && t.frame <= 0) {
            drawing = t.step;
            const Pt c = centre(t.start);
            svg.arrow(c.x, c.y, d(t.velocity_before.x) * vscale, d(t.velocity_before.y) * vscale, c_velocity, 0.2 * u);
        }

    // ---- particles: each spark's trail, frame by frame, its end, and where it bounced ----
    for (const ParticleTrace& t : trace.particles) {
        drawing = t.step;
        const std::size_t stride = std::size_t(t.frames) + 1;
        svg.out += "<g stroke=\"" + std::string(c_spark) + "\" stroke-width=\"" + n(0.12 * u) +
                   "\" stroke-opacity=\"0.55\" stroke-linejoin=\"round\">\n";
        for (std::size_t k = 0; k < t.count; ++k) {
            std::vector<Pt> pts;
            for (std::size_t f = 0; f < stride; ++f) {
                const Vec2 p = t.positions[k * stride + f];
                if (pts.empty() || pts.back().x != d(p.x) || pts.back().y != d(p.y)) pts.push_back({d(p.x), d(p.y)});
            }
            if (pts.size() > 1) svg.polyline(pts, "");
        }
        svg.out += "</g>\n";
        for (const Contact& c : t.bounces)
            svg.circle(d(c.point.x), d(c.point.y), 0.3 * u, std::string("fill=\"") + c_contact + "\"");
        for (std::size_t k = 0; k < t.count; ++k) {
            const Vec2 p = t.positions[k * stride + stride - 1];
            svg.circle(d(p.x), d(p.y), 0.45 * u, std::string("fill=\"") + c_spark + "\"");
        }
        if (t.count > 0) {
            const Vec2 p = t.positions[0];
            step_labels.push_back({d(p.x), d(p.y) - 0.8 * u, "step " + std::to_string(t.step) + " (particles)"});
        }
    }

    // ---- casts ----
    for (const CastTrace& t : trace.casts) {
        drawing = t.step;
        const bool ray = t.op == SceneOp::cast_ray;
        const Pt a = centre(t.box);
        const real reach = t.hits.empty() || t.op == SceneOp::cast_all ? real(1) : t.hits.front().time;
        const Pt hit_c{a.x + d(t.delta.x) * d(reach), a.y + d(t.delta.y) * d(reach)};
        const Pt end_c{a.x + d(t.delta.x), a.y + d(t.delta.y)};
        const std::string st = std::string("stroke=\"") + c_cast + "\" stroke-width=\"" + thin + "\"";
        svg.line(a.x, a.y, hit_c.x, hit_c.y, st);
        if (reach < 1)
            svg.line(hit_c.x, hit_c.y, end_c.x, end_c.y,
                     st + " stroke-opacity=\"0.45\" stroke-dasharray=\"" + n(u) + "," + n(0.8 * u) + "\"");
        if (ray) {
            svg.circle(a.x, a.y, 0.5 * u, std::string("fill=\"") + c_cast + "\"");
        } else {
            svg.box(t.box,
                    std::string("fill=\"none\" ") + st + " stroke-dasharray=\"" + n(u) + "," + n(0.6 * u) + "\"");
        }
        for (const CastHit& hit : t.hits) {
            if (!ray) svg.box(hit.box, std::string("fill=\"") + c_cast + "\" fill-opacity=\"0.15\" " + st);
            svg.arrow(d(hit.point.x), d(hit.point.y), d(hit.normal.x) * 5 * u, d(hit.normal.y) * 5 * u, c_normal,
                      0.3 * u);
            svg.cross(d(hit.point.x), d(hit.point.y), 0.9 * u, c_cast);
        }
        step_labels.push_back({d(t.box.min.x), d(t.box.min.y) - 0.8 * u, "step " + std::to_string(t.step)});
    }

    // ---- queries ----
    for (const QueryTrace& q : trace.queries) {
        drawing = q.step;
        const std::string st = std::string("stroke=\"") + c_query + "\" stroke-width=\"" + thin +
                               "\" stroke-dasharray=\"" + n(0.8 * u) + "," + n(0.5 * u) + "\"";
        double lx = d(q.rect.min.x), ly = d(q.rect.min.y) - 0.8 * u;
        if (q.op == SceneOp::query_rect) {
            svg.box(q.rect, std::string("fill=\"") + c_query + "\" fill-opacity=\"0.08\" " + st);
        } else if (q.op == SceneOp::query_point) {
            svg.circle(d(q.rect.min.x), d(q.rect.min.y), 0.8 * u, "fill=\"none\" " + st);
        } else {
            svg.line(d(q.from.x), d(q.from.y), d(q.to.x), d(q.to.y), st);
            lx = d(q.from.x);
            ly = d(q.from.y) - 0.8 * u;
        }
        step_labels.push_back({lx, ly, "step " + std::to_string(q.step) + ": found " + std::to_string(q.found)});
    }

    drawing.reset();

    // ---- labels ----
    if (options.labels) {
        const double fs = 2.2 * u;
        detail::PlacedText placed(fs, vx, vy); // the text written so far
        for (const NamedBody& b : bodies) {
            const Aabb& bx = world.box(b.id);
            const double x = d(bx.max.x) + 0.6 * u, y = d(bx.max.y) + fs;
            svg.text(x, y, fs, b.name, "#222222");
            placed.add({x, y - fs, x + 0.55 * fs * double(b.name.size()), y});
        }
        // Step labels move off the text written before them.
        for (const Label& l : step_labels) {
            const double lw = 0.5 * fs * double(l.text.size()), lh = fs * 0.95;
            // Try the place itself, then one line up, one down, two up, ... staying in the view.
            double y = l.y;
            for (int tries = 0; tries < 24; ++tries) {
                const int step = (tries + 1) / 2 * (tries % 2 ? -1 : 1);
                y = l.y + step * lh;
                if (y - lh < vy || y > vy + vh) continue;
                if (!placed.overlaps(l.x, y - lh, l.x + lw, y)) break;
            }
            placed.add({l.x, y - lh, l.x + lw, y});
            svg.text(l.x, y, fs * 0.85, l.text, "#555555");
        }
    }

    // ---- legend ----
    if (options.legend) {
        const double lx = bb.x1 + margin + 2 * u, fs = 2.2 * u, row = 3.4 * u;
        double ly = bb.y0;
        svg.rect(lx - 1.5 * u, ly - 1.5 * u, lx + legend_w - 3.5 * u, ly + legend_h - 2 * u,
                 "fill=\"#fbfbfb\" stroke=\"#cccccc\" stroke-width=\"" + n(0.15 * u) + "\"");
        if (!options.title.empty()) {
            svg.text(lx, ly + fs, fs * 1.05, options.title, "#111111");
        } else {
            svg.text(lx, ly + fs, fs * 1.05, "sweepbox scene", "#111111");
        }
        ly += row * 1.3;
        const double sx = lx, tx = lx + 6 * u;
        auto entry = [&](const std::string& label, auto&& swatch) {
            swatch(sx, ly);
            svg.text(tx, ly + fs * 0.75, fs, label, "#222222");
            ly += row;
        };
        auto sw_rect = [&](const std::string& style) {
            return [&svg, style, u](double x, double y) { svg.rect(x, y - 0.2 * u, x + 4 * u, y + 2 * u, style); };
        };
        if (has_solid) entry("solid tile", sw_rect(std::string("fill=\"") + c_solid + "\""));
        if (has_own_filter)
            entry("tile of a kind with its own category", sw_rect(std::string("fill=\"") + c_own_filter + "\""));
        if (has_slope)
            entry("slope tile and its normal", [&](double x, double y) {
                const Pt tri[3] = {{x, y + 2 * u}, {x + 4 * u, y - 0.2 * u}, {x + 4 * u, y + 2 * u}};
                svg.polygon(tri, 3, std::string("fill=\"") + c_solid + "\"");
                svg.line(x + 2 * u, y + 0.9 * u, x + 1.2 * u, y - 0.55 * u,
                         std::string("stroke=\"") + c_solid + "\" stroke-width=\"" + n(0.2 * u) + "\"");
            });
        if (has_one_way)
            entry("one-way tile (blocks from above)", [&](double x, double y) {
                svg.rect(x, y - 0.2 * u, x + 4 * u, y + 2 * u,
                         std::string("fill=\"") + c_one_way + "\" fill-opacity=\"0.12\"");
                svg.rect(x, y - 0.2 * u, x + 4 * u, y + 0.5 * u, std::string("fill=\"") + c_one_way + "\"");
            });
        if (has_static)
            entry("static body", sw_rect(std::string("fill=\"") + c_static + "\" stroke=\"" + c_static_edge +
                                         "\" stroke-width=\"" + thin + "\""));
        if (has_sensor)
            entry("sensor (tile; body: dashed edge)",
                  sw_rect(std::string("fill=\"") + c_sensor + "\" fill-opacity=\"0.3\" stroke=\"" + c_sensor +
                          "\" stroke-width=\"" + thin + "\" stroke-dasharray=\"" + n(u) + "\""));
        if (has_one_way_body)
            entry("one-way body: the face it blocks", [&](double x, double y) {
                svg.line(x, y + 0.9 * u, x + 4 * u, y + 0.9 * u,
                         std::string("stroke=\"") + c_one_way + "\" stroke-width=\"" + n(0.7 * u) + "\"");
            });
        if (has_movable)
            entry("movable body, where it ends",
                  sw_rect(std::string("fill=\"") + c_body + "\" fill-opacity=\"0.35\" stroke=\"" + c_body +
                          "\" stroke-width=\"" + n(0.35 * u) + "\""));
        if (has_platform)
            entry("moving platform, where it ends",
                  sw_rect(std::string("fill=\"") + c_platform + "\" fill-opacity=\"0.45\" stroke=\"" + c_platform +
                          "\" stroke-width=\"" + n(0.35 * u) + "\""));
        if (has_riders)
            entry("rode a platform", sw_rect(std::string("fill=\"none\" stroke=\"") + c_rider + "\" stroke-width=\"" +
                                             n(0.45 * u) + "\""));
        if (has_moves)
            entry("box at the start of a move",
                  sw_rect(std::string("fill=\"none\" stroke=\"") + c_start + "\" stroke-width=\"" + thin +
                          "\" stroke-dasharray=\"" + n(u) + "," + n(0.6 * u) + "\""));
        if (has_moves)
            entry("path of the box centre; end box", [&](double x, double y) {
                svg.line(x, y + 0.9 * u, x + 4 * u, y + 0.9 * u,
                         std::string("stroke=\"") + c_path + "\" stroke-width=\"" + thin + "\"");
            });
        if (has_single_contact_box)
            entry("box at a contact", sw_rect(std::string("fill=\"none\" stroke=\"") + c_path +
                                              "\" stroke-opacity=\"0.5\" stroke-width=\"" + n(0.15 * u) + "\""));
        if (has_contacts)
            entry("contact point", [&](double x, double y) {
                svg.circle(x + 2 * u, y + 0.9 * u, 0.7 * u, std::string("fill=\"") + c_contact + "\"");
            });
        if (has_contacts || has_hits)
            entry("normal (out of the obstacle)",
                  [&](double x, double y) { svg.arrow(x, y + 0.9 * u, 4 * u, 0, c_normal, 0.3 * u); });
        if (has_velocity)
            entry("velocity: in, and after a response",
                  [&](double x, double y) { svg.arrow(x, y + 0.9 * u, 4 * u, 0, c_velocity, 0.3 * u); });
        if (has_ground)
            entry("last move: floor, wall, ceiling", [&](double x, double y) {
                svg.line(x, y + 0.9 * u, x + 4 * u, y + 0.9 * u,
                         std::string("stroke=\"") + c_ground + "\" stroke-width=\"" + n(0.6 * u) +
                             "\" stroke-linecap=\"round\"");
            });
        if (has_casts)
            entry("ray / box cast", [&](double x, double y) {
                svg.line(x, y + 0.9 * u, x + 4 * u, y + 0.9 * u,
                         std::string("stroke=\"") + c_cast + "\" stroke-width=\"" + thin + "\"");
            });
        if (has_hits)
            entry("cast hit point", [&](double x, double y) { svg.cross(x + 2 * u, y + 0.9 * u, 0.9 * u, c_cast); });
        if (has_sparks)
            entry("particle trail; where it ends", [&](double x, double y) {
                svg.line(x, y + 0.9 * u, x + 3.2 * u, y + 0.9 * u,
                         std::string("stroke=\"") + c_spark + "\" stroke-width=\"" + n(0.12 * u) + "\"");
                svg.circle(x + 3.4 * u, y + 0.9 * u, 0.45 * u, std::string("fill=\"") + c_spark + "\"");
            });
        if (has_bounces)
            entry("particle bounce", [&](double x, double y) {
                svg.circle(x + 2 * u, y + 0.9 * u, 0.3 * u, std::string("fill=\"") + c_contact + "\"");
            });
        if (has_queries)
            entry("query (rect, point, segment)",
                  sw_rect(std::string("fill=\"") + c_query + "\" fill-opacity=\"0.08\" stroke=\"" + c_query +
                          "\" stroke-width=\"" + thin + "\" stroke-dasharray=\"" + n(0.8 * u) + "," + n(0.5 * u) +
                          "\""));
        svg.text(lx, ly + fs * 0.75, fs * 0.8,
                 tiles.is_empty() ? "y grows downward" : "y grows downward; grid lines = tiles", "#666666");
    }
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
