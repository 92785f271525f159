// The three levels of a move or a cast, laid open for the playground and for debug drawing: the
// whole-trip box, the sub-boxes along the primary axis that the bodies' walk takes when the trip
// covers more than 16 grid cells, and the candidates that the walk (walk/walk_path.hpp, the one
// every move and cast takes) hands to the exact test, with the walk stopping where a cast's would.
#include <sweepbox/sweepbox.h>
#include <sweepbox/world.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/wide.hpp"
#include "c_api/c_api_support.hpp"
#include "narrow/narrow_phase.hpp"
#include "walk/path_boxes.hpp"
#include "walk/walk_path.hpp"
#include "web_export.hpp"

namespace {

using namespace sweepbox;
using detail::wide;

// What the walk of one path did.
struct Inspection {
    Aabb trip{};
    int axis = 0;
    real best = 2; // the earliest contact the walk found (above 1: none)
    real step = 0; // the sub-boxes' length along the axis (0: no sub-boxes)
    CellRange cells{};
    struct Part {
        Aabb box;
        wide t_end;
        bool visited;
    };
    std::vector<Part> parts;
    std::vector<detail::Obstacle> candidates;
};

// Walks the path of `start` by d as a cast with selector s does (closest hit, early exit), keeping
// every candidate; then lists the bodies' sub-boxes with the ones the walk reached.
void inspect(const World& w, const Aabb& start, Vec2 d, const detail::Selector& s, Inspection& out) {
    out.trip = detail::trip_box(start, d, 1);
    out.axis = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1;
    const detail::SweepQuery q(start, d);
    auto visit = [&](const detail::Obstacle& ob) {
        if (std::none_of(out.candidates.begin(), out.candidates.end(),
                         [&](const detail::Obstacle& c) { return c.other == ob.other; }))
            out.candidates.push_back(ob);
        const Sweep sw = detail::sweep_obstacle(w.tiles(), q, ob);
        if (sw.state != SweepState::miss) out.best = std::min(out.best, sw.time);
    };
    detail::walk_path(w, start, d, s, visit, [&] { return out.best; });

    const SpatialGrid& grid = WorldAccess::grid(w);
    out.cells = grid.query_cells(out.trip);
    if (w.def().brute_force || out.cells.count() <= 16) return; // the whole trip in one pass
    out.step = std::max(start.max[out.axis] - start.min[out.axis], grid.cell_size());
    const wide horizon = std::min(wide(1), wide(out.best) + detail::tol::walk_slack);
    bool going = true;
    detail::walk_parts(start, d, out.step, 0, 1, std::int64_t(grid.cell_count()) * 2 + 64,
                       [&](const Aabb& part, wide t_end) {
        out.parts.push_back({part, t_end, going});
        // walk_path's own test, with the earliest contact known.
        if (t_end >= horizon || wide(out.best) < t_end - detail::tol::walk_slack) going = false;
        return false;
    });
}

void put_box(double*& o, const Aabb& b) {
    *o++ = double(b.min.x);
    *o++ = double(b.min.y);
    *o++ = double(b.max.x);
    *o++ = double(b.max.y);
}

} // namespace

/// The numbers of sweepbox_web_inspect's header, of one sub-box and of one candidate.
SWEEPBOX_WEB_EXPORT std::int32_t sweepbox_web_inspect_header() { return 14; }
SWEEPBOX_WEB_EXPORT std::int32_t sweepbox_web_inspect_part() { return 6; }
SWEEPBOX_WEB_EXPORT std::int32_t sweepbox_web_inspect_candidate() { return 7; }

/// The walk of body `id`'s move by (dx, dy) (id not null; box ignored), or of a cast of `box`
/// (id null) seen through `filter`, into out[0 .. capacity) as numbers: the header (the
/// whole-trip box, the primary axis, the earliest contact time (2: none), the sub-boxes' length (0:
/// none), the trip's grid cells (x0, y0, x1, y1), the cell size, the number of sub-boxes and of
/// candidates), then each sub-box (box, end time, 1 when the walk reached it), then each candidate
/// (kind, body index and generation or tile column and row, box). *count is the numbers needed.
SWEEPBOX_WEB_EXPORT sweepbox_status sweepbox_web_inspect(const sweepbox_world* world, const sweepbox_body_id* id,
                                                         const sweepbox_box* box, double dx, double dy,
                                                         const sweepbox_query_filter* filter, double* out,
                                                         std::size_t capacity, std::size_t* count) {
    using namespace sweepbox::c_api;
    return guarded(world, "sweepbox_web_inspect", [&] {
        require(count, "count");
        const World& w = world->world;
        Aabb start;
        detail::Selector s;
        if (id && !(id->index == 0 && id->generation == 0)) {
            const BodyId body = to_id(id);
            require_id(w, body);
            const BodyInfo info = w.info(body);
            start = info.box;
            s = {body, info.category, info.is_sensor ? 0u : info.mask, true, true};
        } else {
            require(box, "box");
            start = to_box(*box);
            if (!is_valid(start)) fail(SWEEPBOX_BAD_ARGUMENT, "the box is not valid");
            s = detail::selector_of(to_filter(filter));
        }
        const Vec2 d{to_real(dx), to_real(dy)};
        if (!is_finite(d)) fail(SWEEPBOX_BAD_ARGUMENT, "the delta is not finite");
        Inspection in;
        inspect(w, start, d, s, in);
        const std::size_t header = 14, part = 6, candidate = 7;
        *count = header + part * in.parts.size() + candidate * in.candidates.size();
        if (*count > capacity)
            fail(SWEEPBOX_TOO_SMALL, "out has room for %zu numbers, %zu are needed", capacity, *count);
        double* o = out;
        put_box(o, in.trip);
        *o++ = in.axis;
        *o++ = double(in.best);
        *o++ = double(in.step);
        *o++ = in.cells.x0;
        *o++ = in.cells.y0;
        *o++ = in.cells.x1;
        *o++ = in.cells.y1;
        *o++ = double(WorldAccess::grid(w).cell_size());
        *o++ = double(in.parts.size());
        *o++ = double(in.candidates.size());
        for (const Inspection::Part& p : in.parts) {
            put_box(o, p.box);
            *o++ = double(p.t_end);
            *o++ = p.visited ? 1 : 0;
        }
        for (const detail::Obstacle& c : in.candidates) {
            const bool body = c.other.is_body();
            *o++ = body ? 1 : 2;
            *o++ = body ? double(c.other.body.index) : double(c.other.tile.column);
            *o++ = body ? double(c.other.body.generation) : double(c.other.tile.row);
            put_box(o, c.box);
        }
        return SWEEPBOX_OK;
    });
}
