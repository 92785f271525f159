// The SVG picture's record of the steps (svg_layers.hpp): every move's path and contacts, the
// particles' trails, the casts and the queries.
#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include <sweepbox/character.hpp>

#include "svg_layers.hpp"

namespace sweepbox::detail {

namespace {

// The velocity after each contact of a move, replaying the responses of docs/contract.md: bounce
// reflects, touch and slide drop the part into the surface, cross and ignore keep it.
std::vector<Vec2> velocities_after(const MoveTrace& move, const SceneStep& step) {
    std::vector<Vec2> out;
    Vec2 velocity = move.velocity_before;
    for (const Contact& contact : move.result.contacts) {
        const Vec2 normal = contact.normal;
        const real into = velocity.x * normal.x + velocity.y * normal.y;
        if (contact.response == Response::bounce) {
            // MoveOptions::rest_speed: too slow into the face, the normal part goes; too slow
            // along it after friction, the velocity too.
            if (into < 0 && -into < step.rest_speed) {
                const Vec2 along = (velocity - normal * into) * (1 - step.friction);
                velocity = std::hypot(along.x, along.y) < step.rest_speed ? Vec2{0, 0} : along;
            } else {
                velocity = reflect(velocity, normal, step.restitution, step.friction);
            }
        } else if ((contact.response == Response::touch || contact.response == Response::slide) && into < 0) {
            velocity -= normal * into;
        }
        out.push_back(velocity);
    }
    return out;
}

// Arrows of velocity are scaled so that the fastest is 12 u long; 0 when nothing moves.
double velocity_scale(const SceneTrace& trace, double u) {
    double fastest = 0;
    for (const MoveTrace& move : trace.moves)
        if (move.has_velocity) {
            fastest = std::max(fastest, std::hypot(d(move.velocity_before.x), d(move.velocity_before.y)));
            fastest = std::max(fastest, std::hypot(d(move.result.velocity.x), d(move.result.velocity.y)));
        }
    return fastest > 0 ? 12 * u / fastest : 0;
}

// Start box (dashed), the path of the box's centre through every contact box, end box, and the
// faces of the step's last move that touched a floor, a wall or a ceiling.
void draw_paths(Svg& svg, const SceneRunner& runner, std::vector<StepLabel>& labels,
                std::optional<std::size_t>& drawing) {
    const double u = svg.u;
    const std::string thin = n(0.25 * u);
    const SceneTrace& trace = runner.trace();
    for (std::size_t k = 0; k < trace.moves.size(); ++k) {
        const MoveTrace& move = trace.moves[k];
        drawing = move.step;
        const bool last_frame = last_of_step(trace, k);
        if (move.frame <= 0) {
            svg.box(move.start, std::string("fill=\"none\" stroke=\"") + c_start + "\" stroke-width=\"" + thin +
                                    "\" stroke-dasharray=\"" + n(u) + "," + n(0.6 * u) + "\"");
            labels.push_back({d(move.start.min.x), d(move.start.min.y) - 0.8 * u,
                              "step " + std::to_string(move.step) + (move.frame == 0 ? " (frames)" : "")});
        }
        std::vector<Pt> path{centre(move.start)};
        for (const Contact& contact : move.result.contacts) path.push_back(centre(contact.box));
        path.push_back(centre(move.result.box));
        // A check's path is dashed: where the body would go; its start box stays the body's.
        const std::string dash = move.check ? "\" stroke-dasharray=\"" + n(0.8 * u) + "," + n(0.5 * u) : "";
        std::string path_style = std::string("stroke=\"") + c_path + "\" stroke-width=\"" + thin;
        path_style += dash;
        path_style += "\" stroke-linejoin=\"round\"";
        svg.polyline(path, path_style);
        // Contact boxes of a single move are drawn faintly; frames would be too crowded.
        if (move.frame < 0)
            for (const Contact& contact : move.result.contacts)
                svg.box(contact.box, std::string("fill=\"none\" stroke=\"") + c_path +
                                         "\" stroke-opacity=\"0.5\" stroke-width=\"" + n(0.15 * u) + "\"");
        if (last_frame && !(move.result.box == move.start && move.frame < 0))
            svg.box(move.result.box,
                    std::string("fill=\"none\" stroke=\"") + c_path + "\" stroke-width=\"" + n(0.35 * u) + dash + "\"");
        // Stuck (rule 7: started inside, no free place within reach): the box it stayed in, crossed out.
        if (move.result.stuck) {
            const Aabb& b = move.result.box;
            const std::string style = std::string("stroke=\"") + c_contact + "\" stroke-width=\"" + n(0.35 * u) + "\"";
            svg.line(d(b.min.x), d(b.min.y), d(b.max.x), d(b.max.y), style);
            svg.line(d(b.min.x), d(b.max.y), d(b.max.x), d(b.min.y), style);
        }
        if (last_frame)
            for (const auto& [from, to] : ground_faces(move, runner.scene().steps[move.step]))
                svg.line(from.x, from.y, to.x, to.y,
                         std::string("stroke=\"") + c_ground + "\" stroke-width=\"" + n(0.6 * u) +
                             "\" stroke-linecap=\"round\"");
    }
}

// Markers above every path: contact points, normals, velocities after the response. In a
// `frames` step a body resting on a floor or pressing into a wall touches it again every frame: a
// contact whose normal was also met in the frame before continues that contact and is not drawn
// again (the first touch, the landing, is).
void draw_contacts(Svg& svg, const SceneRunner& runner, double velocity_scale, std::optional<std::size_t>& drawing) {
    const double u = svg.u;
    const SceneTrace& trace = runner.trace();
    for (std::size_t k = 0; k < trace.moves.size(); ++k) {
        const MoveTrace& move = trace.moves[k];
        drawing = move.step;
        const std::vector<Vec2> velocities = velocities_after(move, runner.scene().steps[move.step]);
        const MoveTrace* before = k > 0 && move.frame > 0 ? &trace.moves[k - 1] : nullptr;
        for (std::size_t i = 0; i < move.result.contacts.size(); ++i) {
            const Contact& contact = move.result.contacts[i];
            const double x = d(contact.point.x), y = d(contact.point.y);
            if (before && std::any_of(before->result.contacts.begin(), before->result.contacts.end(),
                                      [&](const Contact& earlier) { return earlier.normal == contact.normal; }))
                continue;
            svg.arrow(x, y, d(contact.normal.x) * 5 * u, d(contact.normal.y) * 5 * u, c_normal, 0.3 * u);
            if (move.has_velocity && velocity_scale > 0) {
                const double dx = d(velocities[i].x) * velocity_scale, dy = d(velocities[i].y) * velocity_scale;
                if (std::hypot(dx, dy) > 0.8 * u) svg.arrow(x, y, dx, dy, c_velocity, 0.3 * u);
            }
            svg.circle(x, y, 0.7 * u,
                       std::string("fill=\"") + c_contact + "\" stroke=\"#ffffff\" stroke-width=\"" + n(0.15 * u) +
                           "\"");
        }
    }
    // The velocity going in, at the start of each move (frames: the first frame only).
    for (const MoveTrace& move : trace.moves)
        if (move.has_velocity && velocity_scale > 0 && move.frame <= 0) {
            drawing = move.step;
            const Pt start = centre(move.start);
            svg.arrow(start.x, start.y, d(move.velocity_before.x) * velocity_scale,
                      d(move.velocity_before.y) * velocity_scale, c_velocity, 0.2 * u);
        }
}

} // namespace

std::vector<std::array<Pt, 2>> ground_faces(const MoveTrace& move, const SceneStep& step) {
    std::vector<std::array<Pt, 2>> faces;
    const GroundRules rules{step.up, step.max_floor_angle};
    for (const Contact& contact : move.result.contacts) {
        const Aabb& box = contact.box;
        const GroundState ground = ground_state(std::span<const Contact>(&contact, 1), rules);
        if (!(ground.on_floor || ground.on_wall || ground.on_ceiling) ||
            (box.min.x == box.max.x && box.min.y == box.max.y))
            continue;
        faces.push_back(face_of(box, -contact.normal)); // the face against the obstacle
    }
    return faces;
}

bool last_of_step(const SceneTrace& trace, std::size_t k) {
    const MoveTrace& move = trace.moves[k];
    return move.frame < 0 || k + 1 == trace.moves.size() || trace.moves[k + 1].step != move.step;
}

void draw_moves(Svg& svg, const SceneRunner& runner, std::vector<StepLabel>& labels,
                std::optional<std::size_t>& drawing) {
    const double scale = velocity_scale(runner.trace(), svg.u);
    draw_paths(svg, runner, labels, drawing);
    draw_contacts(svg, runner, scale, drawing);
}

// Each spark's trail, frame by frame, its end, and where it bounced.
void draw_particles(Svg& svg, const SceneTrace& trace, std::vector<StepLabel>& labels,
                    std::optional<std::size_t>& drawing) {
    const double u = svg.u;
    for (const ParticleTrace& batch : trace.particles) {
        drawing = batch.step;
        const std::size_t stride = std::size_t(batch.frames) + 1;
        svg.out += "<g stroke=\"" + std::string(c_spark) + "\" stroke-width=\"" + n(0.12 * u) +
                   "\" stroke-opacity=\"0.55\" stroke-linejoin=\"round\">\n";
        for (std::size_t k = 0; k < batch.count; ++k) {
            std::vector<Pt> trail;
            for (std::size_t frame = 0; frame < stride; ++frame) {
                const Vec2 p = batch.positions[k * stride + frame];
                if (trail.empty() || trail.back().x != d(p.x) || trail.back().y != d(p.y))
                    trail.push_back({d(p.x), d(p.y)});
            }
            if (trail.size() > 1) svg.polyline(trail, "");
        }
        svg.out += "</g>\n";
        for (const Contact& bounce : batch.bounces)
            svg.circle(d(bounce.point.x), d(bounce.point.y), 0.3 * u, std::string("fill=\"") + c_contact + "\"");
        for (std::size_t k = 0; k < batch.count; ++k) {
            const Vec2 end = batch.positions[k * stride + stride - 1];
            svg.circle(d(end.x), d(end.y), 0.45 * u, std::string("fill=\"") + c_spark + "\"");
        }
        if (batch.count > 0) {
            const Vec2 first = batch.positions[0];
            labels.push_back({d(first.x), d(first.y) - 0.8 * u, "step " + std::to_string(batch.step) + " (particles)"});
        }
    }
}

void draw_casts(Svg& svg, const SceneTrace& trace, std::vector<StepLabel>& labels,
                std::optional<std::size_t>& drawing) {
    const double u = svg.u;
    const std::string thin = n(0.25 * u);
    for (const CastTrace& cast : trace.casts) {
        drawing = cast.step;
        const bool ray = cast.op == SceneOp::cast_ray;
        const Pt start = centre(cast.box);
        const real reach = cast.hits.empty() || cast.op == SceneOp::cast_all ? real(1) : cast.hits.front().time;
        Pt at_hit{start.x + d(cast.delta.x) * d(reach), start.y + d(cast.delta.y) * d(reach)};
        // Against motion a hit's time is a frame time: the cast's own place at the hit is its box.
        if (cast.moving && reach < 1)
            at_hit = ray ? Pt{d(cast.hits[0].point.x), d(cast.hits[0].point.y)} : centre(cast.hits[0].box);
        const Pt end{start.x + d(cast.delta.x), start.y + d(cast.delta.y)};
        const std::string stroke = std::string("stroke=\"") + c_cast + "\" stroke-width=\"" + thin + "\"";
        svg.line(start.x, start.y, at_hit.x, at_hit.y, stroke);
        if (reach < 1)
            svg.line(at_hit.x, at_hit.y, end.x, end.y,
                     stroke + " stroke-opacity=\"0.45\" stroke-dasharray=\"" + n(u) + "," + n(0.8 * u) + "\"");
        if (ray) {
            svg.circle(start.x, start.y, 0.5 * u, std::string("fill=\"") + c_cast + "\"");
        } else {
            svg.box(cast.box,
                    std::string("fill=\"none\" ") + stroke + " stroke-dasharray=\"" + n(u) + "," + n(0.6 * u) + "\"");
        }
        for (std::size_t k = 0; k < cast.hits.size(); ++k) {
            const CastHit& hit = cast.hits[k];
            if (cast.moving && cast.other_boxes[k]) {
                // The moving target where the cast met it, and the frame time.
                const Aabb& was = *cast.other_boxes[k];
                svg.box(was, std::string("fill=\"none\" ") + stroke + " stroke-dasharray=\"" + n(0.4 * u) + "," +
                                 n(0.4 * u) + "\"");
                labels.push_back({d(was.max.x) + 0.6 * u, centre(was).y + 0.5 * u, "t " + format_real(hit.time)});
            }
            if (!ray) svg.box(hit.box, std::string("fill=\"") + c_cast + "\" fill-opacity=\"0.15\" " + stroke);
            svg.arrow(d(hit.point.x), d(hit.point.y), d(hit.normal.x) * 5 * u, d(hit.normal.y) * 5 * u, c_normal,
                      0.3 * u);
            svg.cross(d(hit.point.x), d(hit.point.y), 0.9 * u, c_cast);
        }
        labels.push_back({d(cast.box.min.x), d(cast.box.min.y) - 0.8 * u, "step " + std::to_string(cast.step)});
    }
}

void draw_queries(Svg& svg, const SceneTrace& trace, std::vector<StepLabel>& labels,
                  std::optional<std::size_t>& drawing) {
    const double u = svg.u;
    const std::string thin = n(0.25 * u);
    for (const QueryTrace& query : trace.queries) {
        drawing = query.step;
        const std::string stroke = std::string("stroke=\"") + c_query + "\" stroke-width=\"" + thin +
                                   "\" stroke-dasharray=\"" + n(0.8 * u) + "," + n(0.5 * u) + "\"";
        double label_x = d(query.rect.min.x), label_y = d(query.rect.min.y) - 0.8 * u;
        if (query.op == SceneOp::query_rect) {
            svg.box(query.rect, std::string("fill=\"") + c_query + "\" fill-opacity=\"0.08\" " + stroke);
        } else if (query.op == SceneOp::query_point) {
            svg.circle(d(query.rect.min.x), d(query.rect.min.y), 0.8 * u, "fill=\"none\" " + stroke);
        } else {
            svg.line(d(query.from.x), d(query.from.y), d(query.to.x), d(query.to.y), stroke);
            label_x = d(query.from.x);
            label_y = d(query.from.y) - 0.8 * u;
        }
        labels.push_back(
            {label_x, label_y, "step " + std::to_string(query.step) + ": found " + std::to_string(query.found)});
    }
}

} // namespace sweepbox::detail
