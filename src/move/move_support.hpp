#pragma once
// Internal: what World::move's files share: which responses block, and the response to an
// obstacle; where a box lies in a region; and what a caller knows of the obstacles.

#include <bit>
#include <cstddef>
#include <vector>
#include <sweepbox/world.hpp>

#include "core/compiler.hpp"
#include "core/wide.hpp"
#include "move/move_checks.hpp"
#include "broadphase/obstacle.hpp"

namespace sweepbox::detail {

inline bool is_blocking(Response r) { return r == Response::touch || r == Response::slide || r == Response::bounce; }

inline int axis_of(Vec2 n) { return n.x != 0 ? 0 : 1; }

// True when the closed box a lies inside the closed box `region`.
inline bool inside(const Aabb& a, const Aabb& region) {
    return region.min.x <= a.min.x && region.min.y <= a.min.y && a.max.x <= region.max.x && a.max.y <= region.max.y;
}

// True when the closed box a lies in the interior of `region`.
inline bool strictly_inside(const Aabb& a, const Aabb& region) {
    return region.min.x < a.min.x && region.min.y < a.min.y && a.max.x < region.max.x && a.max.y < region.max.y;
}

// What is left of d after the leg from S ended at F against a face of normal n: what was not
// travelled (d - (F - S)), on the normal's axis measured at the leading edge, the one now on the
// face (the far edge may carry the rounding of the body's size). A slide keeps the whole
// tangential motion and a bounce reflects exactly the rest into the face.
SWEEPBOX_FORCE_INLINE Vec2 rest_after(const Aabb& S, Vec2 d, const Aabb& F, Vec2 n) {
    const int k = axis_of(n);
    const bool lead_max = n[k] < 0;
    const wide moved_k = lead_max ? wide(F.max[k]) - wide(S.max[k]) : wide(F.min[k]) - wide(S.min[k]);
    const wide moved_j = wide(F.min[1 - k]) - wide(S.min[1 - k]);
    Vec2 rest;
    rest[k] = real(wide(d[k]) - moved_k);
    rest[1 - k] = real(wide(d[1 - k]) - moved_j);
    // Rounding the position at contact may carry the body past the end of its motion on the
    // other axis (near 1e9 a float is a multiple of 64): then nothing of that motion is left,
    // and the body never goes back along it.
    if (rest[1 - k] * d[1 - k] < 0) rest[1 - k] = 0;
    return rest;
}

// The response to an obstacle; a filter's answer is checked as it comes (rule 11).
inline Response response_for(const World& w, BodyId self, const Obstacle& ob, const MoveOptions& o) {
    if (o.filter) {
        const Response r = o.filter(o.filter_context, w, self, ob.other);
        if (!is_response(r)) bad_filter_answer(r);
        return r;
    }
    if (o.category_responses && ob.category != 0)
        return (*o.category_responses)[std::size_t(std::countr_zero(ob.category))];
    return o.response;
}

/// What a caller already knows of the obstacles around a move: every obstacle the move's walks
/// could find meeting the interior of the box `region`, as the walks build them (a particle's
/// tiles, from the tile range of its path). A leg whose whole-trip box lies strictly inside
/// `region` sweeps these and takes its junction test (rule 6) among them instead of walking;
/// other legs walk. Only for a map without slopes (such a leg's junction test looks at boxes only).
struct KnownObstacles {
    Aabb region{};
    const Obstacle* obstacles = nullptr;
    std::size_t count = 0;
};

/// World::move for a box that is no body of w (a particle): the same legs, contacts and
/// responses as a body with this box would get from `move` with the selector `sel` (its skip
/// null), into `out` (its box and velocity too), nothing stored. `velocities` gets, for each
/// contact, the velocity after it. Throws Error when the result leaves the finite range of real;
/// the input must already be checked (require_move).
/// `known`: what the caller knows (null: nothing); the answer is the same either way.
void move_unlisted(const World& w, const Selector& sel, const Aabb& start, Vec2 delta, const MoveOptions& o,
                   MoveResult& out, std::vector<Vec2>& velocities, const KnownObstacles* known = nullptr);

} // namespace sweepbox::detail
