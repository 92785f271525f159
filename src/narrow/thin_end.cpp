// A point's or plank's rounded end on a map with slopes, checked (thin_end.hpp).

#include "core/wide.hpp"
#include "narrow/thin_end.hpp"

#include <algorithm>

#include "narrow/narrow_phase.hpp"
#include "narrow/slope_junction.hpp"

namespace sweepbox::detail {

bool thin_end_clear(const TileMap& tiles, const Aabb& S, const Aabb& G, const std::vector<Obstacle>& slopes,
                    const std::vector<Obstacle>& solids) {
    if (G == S) return true;
    // A plank on a seam along part of its length has no free direction at an end of that part; at
    // this scale (a tile a few steps of `real`) that end is the plank's own.
    const bool point = G.min == G.max;
    if (unsafe_among_slopes(tiles, G.min, slopes, solids, !point) ||
        (!point && unsafe_among_slopes(tiles, G.max, slopes, solids, true)))
        return false;
    // The way there, swept by G - S rounded toward zero on each axis (a rounded displacement that
    // ended past G could meet what G is flush against).
    Vec2 dG;
    for (int k = 0; k < 2; ++k) {
        const wide e = wide(G.min[k]) - wide(S.min[k]);
        dG[k] = real(e);
        if (std::fabs(wide(dG[k])) > std::fabs(e)) dG[k] = std::nextafter(dG[k], real(0));
    }
    const SweepQuery q(S, dG);
    for (const std::vector<Obstacle>* list : {&slopes, &solids})
        for (const Obstacle& ob : *list) {
            if (overlaps_obstacle(tiles, G, ob)) return false;
            const Sweep sw = sweep_obstacle(tiles, q, ob);
            if (sw.state == SweepState::hit && sw.time < 1) return false;
        }
    return true;
}

Aabb thin_end_region(const Aabb& S, Vec2 d, real t_end, const Aabb& F) {
    Aabb r = merge(S, F);
    for (int k = 0; k < 2; ++k) {
        const wide e0 = wide(S.min[k]) + wide(d[k]) * wide(t_end), e1 = wide(S.max[k]) + wide(d[k]) * wide(t_end);
        r.min[k] = std::min(r.min[k], real(e0));
        r.max[k] = std::max(r.max[k], real(e1));
        // (and a few steps of `real` more: the boxes tried are rounded)
        for (int i = 0; i < 4; ++i) {
            r.min[k] = std::nextafter(r.min[k], -std::numeric_limits<real>::infinity());
            r.max[k] = std::nextafter(r.max[k], std::numeric_limits<real>::infinity());
        }
    }
    return r;
}

bool clear_thin_end(const TileMap& tiles, const Aabb& S, Vec2 d, real t_end, Aabb& F, Vec2& rest,
                    const std::vector<Obstacle>& slopes, const std::vector<Obstacle>& solids) {
    if (thin_end_clear(tiles, S, F, slopes, solids)) return false;
    F = back_along_path(S, d, t_end, [&](const Aabb& G) { return thin_end_clear(tiles, S, G, slopes, solids); });
    for (int k = 0; k < 2; ++k) {
        rest[k] = real(wide(d[k]) - (wide(F.min[k]) - wide(S.min[k])));
        if (rest[k] * d[k] < 0) rest[k] = 0;
    }
    return true;
}

} // namespace sweepbox::detail
