// Rule 6 and 7 as the last line of World::move (settle_violations): an end box that overlaps,
// crossed or went deeper into a blocking obstacle is clamped toward the leg's start.

#include <algorithm>
#include <limits>

#include "core/wide.hpp"
#include "move/move_safety.hpp"

#include "move/move_junction.hpp"
#include "move/move_support.hpp"
#include "narrow/narrow_phase.hpp"
#include "narrow/ranking.hpp"
#include "tiles/slope.hpp"
#include "geometry/sweep.hpp"

namespace sweepbox::detail {

namespace {

real overlap_on(const Aabb& a, const Aabb& b, int k) {
    return std::min(a.max[k], b.max[k]) - std::max(a.min[k], b.min[k]);
}

// The axis on which the leg's path S + s*d, s in [0, t_end), crossed the line of B while both
// are thin on it and the other axis overlapped (a bullet through a 0-thickness wall), or -1.
// Decided on the exact path by the same slabs as the sweep (rule 2), never on the rounded end
// box, so a pass exactly through an end or a corner is no crossing here either.
int thin_crossed(const Aabb& S, Vec2 d, real t_end, const Aabb& B) {
    for (int k = 0; k < 2; ++k) {
        if (S.min[k] != S.max[k] || B.min[k] != B.max[k]) continue;
        const Sweep sw = sweep_box_box(S, d, B);
        if (sw.state == SweepState::hit && axis_of(sw.normal) == k && sw.time < t_end) return k;
    }
    return -1;
}

} // namespace

Aabb settle_violations(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S, Vec2 d,
                       real t_end, Aabb F, const std::vector<Obstacle>& candidates, bool s_thin) {
    for (int pass = 0; pass < 4; ++pass) {
        bool changed = false;
        for (const Obstacle& ob : candidates) {
            if (ob.shape != 0) {
                // A slope tile: an end inside it (rounding at another contact) goes back along
                // the leg's own motion to where that motion meets the slope. A start inside it
                // is the move's rule 7 (motion out of it is free).
                const SlopeTile s = slope_tile(w.tiles(), ob.other.tile, TileShape(ob.shape));
                if (slope_overlaps(S, s) || !slope_overlaps(F, s)) continue;
                if (!is_blocking(response_for(w, self, ob, o))) continue;
                // Rounding the end of a motion that only runs along the line, or of a contact
                // with another obstacle: out by steps on x, else y, else both, into nothing S was
                // not in.
                const bool settled = step_out_of_slope(F, S, s, [&](const Aabb& G) {
                    for (const Obstacle& other : candidates)
                        if (&other != &ob && !(other.special && other.shape == 0) &&
                            overlaps_obstacle(w.tiles(), G, other) && !overlaps_obstacle(w.tiles(), S, other) &&
                            is_blocking(response_for(w, self, other, o)))
                            return false;
                    return true;
                });
                if (settled) {
                    changed = true;
                    continue;
                }
                const Vec2 dF{real(wide(F.min.x) - wide(S.min.x)), real(wide(F.min.y) - wide(S.min.y))};
                const Sweep sw = sweep_slope(S, dF, s, ob.faces, ob.seams);
                if (sw.state != SweepState::hit) return S;
                F = slope_hit_box(S, dF, s, sw.normal);
                if (slope_overlaps(F, s)) return S;
                changed = true;
                continue;
            }
            if (ob.special) {
                // A one-way tile is a surface only on the face of its direction (down: the top):
                // only a path that went in through that face is a violation. The face must also
                // be a surface (no solid tile right beyond it), as in the sweep.
                const std::uint8_t face = ob.faces;
                if (face == 0) continue;
                if (!one_way_blocks(S, ob.box, face) || !overlaps(F, ob.box)) continue;
                // Decided on the leg's exact path, as the sweep did (the rounded end box may
                // point a little elsewhere and graze the top).
                const Sweep top = sweep_box_box(S, d, ob.box, face);
                if (top.state != SweepState::hit || !(top.time < t_end)) continue;
                if (!is_blocking(response_for(w, self, ob, o))) continue;
                F = place_flush(F, ob.box, face_normal(face));
                changed = true;
                continue;
            }
            if (overlaps(S, ob.box)) {
                // Deeper means: moved against the way out and overlapping more on that axis
                // (a box placed flush may differ from S in width by a rounding, which alone is
                // no deepening). Only what blocks counts: asked first, as the way out costs more.
                if (!overlaps(F, ob.box) || !is_blocking(response_for(w, self, ob, o))) continue;
                const Vec2 out_n = minimum_translation(S, ob.box).normal;
                const int k = axis_of(out_n);
                const wide moved = (wide(F.min[k]) + wide(F.max[k])) - (wide(S.min[k]) + wide(S.max[k]));
                if (moved * out_n[k] >= 0 || overlap_on(F, ob.box, k) <= overlap_on(S, ob.box, k)) continue;
                F.min[k] = S.min[k];
                F.max[k] = S.max[k];
                changed = true;
                continue;
            }
            int thin_axis = s_thin ? thin_crossed(S, d, t_end, ob.box) : -1;
            // Leaving a thin wall's line that lies on a face it is held by crosses nothing.
            if (thin_axis >= 0 && !ob.special && S.min[thin_axis] == ob.box.min[thin_axis] &&
                held_by_face(w, self, o, sel, S, d, thin_axis))
                thin_axis = -1;
            if (thin_axis < 0 && !overlaps(F, ob.box)) continue;
            if (!is_blocking(response_for(w, self, ob, o))) continue;
            int best_k = -1;
            real best_corr = std::numeric_limits<real>::infinity();
            Vec2 best_n{0, 0};
            for (int k = 0; k < 2; ++k) {
                real corr;
                Vec2 n{0, 0};
                if (S.max[k] <= ob.box.min[k]) {
                    corr = F.max[k] - ob.box.min[k];
                    n[k] = -1;
                } else if (S.min[k] >= ob.box.max[k]) {
                    corr = ob.box.max[k] - F.min[k];
                    n[k] = 1;
                } else {
                    continue;
                }
                if (thin_axis >= 0 ? k == thin_axis : corr < best_corr) {
                    best_k = k;
                    best_corr = corr;
                    best_n = n;
                }
            }
            if (best_k < 0) return S;
            F = place_flush(F, ob.box, best_n);
            changed = true;
        }
        if (!changed) return F;
    }
    return S;
}

} // namespace sweepbox::detail
