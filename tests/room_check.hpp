#pragma once
// The exact "inside solid" test of the closed-room checks (tests/test_rooms.cpp and
// fuzz/fuzz_rooms.cpp), written from the contract, not from src/.

#include <algorithm>
#include <vector>
#include <sweepbox/geometry.hpp>

namespace sweepbox::rooms {

/// True when some point of the closed box `body` (a box, a plank or a point) lies in the
/// interior of the union of the closed boxes `solids` (touching solids form one solid: a seam
/// between two of them is inside it). Exact: each axis of the body is cut at every solid edge
/// strictly inside it into points and open intervals, on each of which membership is constant;
/// a piece is inside when each of the four quadrants around it is covered by one solid.
inline bool reaches_solid_interior(const Aabb& body, const std::vector<Aabb>& solids) {
    std::vector<const Aabb*> near;
    for (const Aabb& s : solids)
        if (s.min.x < s.max.x && s.min.y < s.max.y && intersects_closed(body, s)) near.push_back(&s);
    if (near.empty()) return false;
    struct Piece {
        real lo, hi;
        bool point;
    };
    std::vector<Piece> pieces[2];
    for (int k = 0; k < 2; ++k) {
        std::vector<real> cuts{body.min[k], body.max[k]};
        for (const Aabb* s : near)
            for (real v : {s->min[k], s->max[k]})
                if (body.min[k] < v && v < body.max[k]) cuts.push_back(v);
        std::sort(cuts.begin(), cuts.end());
        cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
        for (std::size_t i = 0; i < cuts.size(); ++i) {
            pieces[k].push_back({cuts[i], cuts[i], true});
            if (i + 1 < cuts.size()) pieces[k].push_back({cuts[i], cuts[i + 1], false});
        }
    }
    const auto covers = [](const Aabb& s, const Piece& p, int k, int sign) {
        if (!p.point) return s.min[k] <= p.lo && p.hi <= s.max[k];
        return sign > 0 ? (s.min[k] <= p.lo && p.lo < s.max[k]) : (s.min[k] < p.lo && p.lo <= s.max[k]);
    };
    for (const Piece& px : pieces[0])
        for (const Piece& py : pieces[1]) {
            bool inside = true;
            for (int sx = -1; sx <= 1 && inside; sx += 2)
                for (int sy = -1; sy <= 1 && inside; sy += 2) {
                    bool covered = false;
                    for (const Aabb* s : near)
                        if (covers(*s, px, 0, sx) && covers(*s, py, 1, sy)) {
                            covered = true;
                            break;
                        }
                    inside = covered;
                }
            if (inside) return true;
        }
    return false;
}

} // namespace sweepbox::rooms
