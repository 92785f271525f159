#pragma once
// Internal: rule 6 where obstacles meet, for a move's points and planks (narrow/junction.hpp):
// a leg's junction test and the rounding of its end (junction_leg); the obstacles a leg's
// junction test sees, for a leg, for a leg in a known region and for rule 7's push; and rule 5's
// rest off a thin wall's line on the face a leg stopped at.

#include <vector>
#include <sweepbox/world.hpp>

#include "broadphase/obstacle.hpp"
#include "move/move_support.hpp"
#include "narrow/held_line.hpp"
#include "narrow/junction.hpp"

namespace sweepbox::detail {

/// The best contact of a move's leg so far (rule 4), and whether the body started inside it,
/// how deep (rule 7).
struct Found {
    bool any = false;
    Sweep sweep{};
    Obstacle ob{};
    Response response = Response::slide;
    bool started = false;
    real depth = 0;
};

/// The leg's end, what is left of its motion and its junction point, after junction_leg.
struct JunctionLeg {
    bool stop;
    Aabb F;
    Vec2 rest;
    Vec2 point;
};

/// The junction test of one leg of a point or plank (junction.hpp), after the slabs: when a stop
/// comes before their best contact, it becomes the contact (best, and in the answer the leg's
/// end, what is left of the motion and the junction point). Then rule 5's rounding of the end
/// (settle_thin). Out of line, and with F and rest passed by value (their addresses would keep
/// them out of registers in every move): most moves are of boxes with area.
/// `known`: the leg lies inside this region of known obstacles (else null).
JunctionLeg junction_leg(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S, Vec2 d,
                         Found& best, Aabb F, Vec2 rest, std::vector<Obstacle>& solids, std::vector<Obstacle>& slopes,
                         const KnownObstacles* known);

/// The first junction stop of the body's motion S + d among the blocking boxes and slopes it
/// does not overlap (rule 6 for points and planks), for a leg and for rule 7's push alike.
JunctionStop move_junction(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S,
                           Vec2 d, std::vector<Obstacle>& solids, std::vector<Obstacle>& slopes);

/// True when `ob` is one of the junction test's solids for a leg from S (gather_solids' test):
/// a blocking box that S does not overlap (rule 7 decides those).
bool junction_solid(const World& w, BodyId self, const MoveOptions& o, const Aabb& S, const Obstacle& ob);

/// move_junction for a leg inside a KnownObstacles region: its solids are the known ones (those
/// the walk would find, and perhaps a few off the path, which no junction test sees), and there
/// are no slopes.
JunctionStop known_junction(const World& w, BodyId self, const MoveOptions& o, const Aabb& S, Vec2 d,
                            const KnownObstacles& known, std::vector<Obstacle>& solids);

/// True when a point or plank S, lying on a zero-thickness wall's line across axis k and moving
/// off it by d, lies on the face of a thick blocking obstacle there (held_line.hpp): it leaves
/// the thin wall as it leaves that face, crossing nothing.
bool held_by_face(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S, Vec2 d, int k);

/// Rule 5 for a point or plank F stopped flush against a face of axis k at `face`, coming from S: where a
/// zero-thickness obstacle of `solids` lies on that face's line across F, F would be on neither
/// side of it, so it rests one step of `real` back toward S, as it does against the thin wall
/// itself (whichever of the two ranks first). Returns F, moved or not.
Aabb off_thin_line(const Aabb& S, const Aabb& F, int k, real face, const std::vector<Obstacle>& solids);

} // namespace sweepbox::detail
