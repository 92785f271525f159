#pragma once
// Internal: rule 6 where obstacles meet, for a move's points and planks (narrow/junction.hpp):
// the obstacles a leg's junction test sees, for a leg, for a leg in a known region and for rule
// 7's push.

#include <vector>
#include <sweepbox/world.hpp>

#include "broadphase/obstacle.hpp"
#include "move/move_support.hpp"
#include "narrow/junction.hpp"

namespace sweepbox::detail {

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

} // namespace sweepbox::detail
