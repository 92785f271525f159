// Rule 6 where obstacles meet, for a move's points and planks: see move_junction.hpp.

#include "move/move_junction.hpp"

#include <cmath>

#include "narrow/slope_junction.hpp"
#include "walk/walk_path.hpp"

namespace sweepbox::detail {

JunctionStop move_junction(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S,
                           Vec2 d, std::vector<Obstacle>& solids, std::vector<Obstacle>& slopes) {
    auto blocks = [&](const Obstacle& ob) { return is_blocking(response_for(w, self, ob, o)); };
    gather_solids(w, S, d, sel, solids, true, blocks);
    const JunctionStop js = first_junction(S, d, solids);
    gather_slopes(w, S, d, sel, true, slopes);
    std::erase_if(slopes, [&](const Obstacle& ob) { return !blocks(ob); });
    return slopes.empty() ? js : with_slopes(w.tiles(), S, d, js, slopes, solids);
}

bool junction_solid(const World& w, BodyId self, const MoveOptions& o, const Aabb& S, const Obstacle& ob) {
    return !ob.special && !overlaps(S, ob.box) && is_blocking(response_for(w, self, ob, o));
}

JunctionStop known_junction(const World& w, BodyId self, const MoveOptions& o, const Aabb& S, Vec2 d,
                            const KnownObstacles& known, std::vector<Obstacle>& solids) {
    solids.clear();
    for (std::size_t i = 0; i < known.count; ++i)
        if (junction_solid(w, self, o, S, known.obstacles[i])) solids.push_back(known.obstacles[i]);
    return first_junction(S, d, solids);
}

bool held_by_face(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S, Vec2 d,
                  int k) {
    return held_off_line(w, sel, S, d, k,
                         [&](const Obstacle& ob) { return is_blocking(response_for(w, self, ob, o)); });
}

Aabb off_thin_line(const Aabb& S, const Aabb& F, int k, real face, const std::vector<Obstacle>& solids) {
    const int j = 1 - k;
    const real line = F.min[k];
    // Only a mover resting on the face it stopped at: one already stepped off a thin wall's line
    // may lie on another face, whose solid side is the way back.
    if (F.max[k] != line || S.min[k] == line || line != face) return F;
    for (const Obstacle& s : solids) {
        if (s.box.min[k] != line || s.box.max[k] != line) continue;
        if (!(s.box.min[j] < F.max[j] && F.min[j] < s.box.max[j])) continue;
        Aabb out = F;
        out.min[k] = out.max[k] = std::nextafter(line, S.min[k]);
        return out;
    }
    return F;
}

} // namespace sweepbox::detail
