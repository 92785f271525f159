// Rule 7: the push out of the obstacles a body starts inside (push_out.hpp). Along an axis
// direction the body overlaps each obstacle it started in for an interval of distances that
// begins at 0 (boxes and slope tiles are convex), so the run of those intervals ends where it
// has left the last of them: flush with that one's far face, or on the first `real` position
// off a slope's line. That is the way out of the direction, taken when nothing is in its way.

#include "move/push_out.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "broadphase/body_filter.hpp"
#include "core/bit_cast.hpp"
#include "core/wide.hpp"
#include "geometry/exact.hpp"
#include "geometry/expansion.hpp"
#include "geometry/sweep.hpp"
#include "move/move_checks.hpp"
#include "move/move_junction.hpp"
#include "move/move_support.hpp"
#include "narrow/junction.hpp"
#include "narrow/narrow_phase.hpp"

namespace sweepbox::detail {

namespace {

// A way out: along axis k, toward sg (+1 or -1).
struct Dir {
    int k;
    int sg;
};
// The order of ties: up (out of a floor, onto it), down, left, right, as the minimum translation's.
constexpr Dir dirs[4] = {{1, -1}, {1, 1}, {0, -1}, {0, 1}};

// S moved along axis k so that its trailing edge (min moving toward +, max toward -) is at x; the
// other edge keeps S's size as closely as `real` allows, as place_flush does.
Aabb trailing_at(const Aabb& S, int k, int sg, real x) {
    Aabb b = S;
    const wide size = wide(S.max[k]) - wide(S.min[k]);
    if (sg > 0) {
        b.min[k] = x;
        b.max[k] = std::max(real(wide(x) + size), x);
    } else {
        b.max[k] = x;
        b.min[k] = std::min(real(wide(x) - size), x);
    }
    return b;
}

// Consecutive reals as consecutive integers (-0 and +0 are both 0), and back.
using Bits = std::conditional_t<sizeof(real) == 4, std::uint32_t, std::uint64_t>;
constexpr Bits sign_bit = Bits(1) << (8 * sizeof(real) - 1);
std::int64_t order_of(real x) {
    const Bits b = bit_cast<Bits>(x);
    return (b & sign_bit) != 0 ? -std::int64_t(b & ~sign_bit) : std::int64_t(b);
}
real real_of(std::int64_t i) { return bit_cast<real>(i < 0 ? Bits(Bits(-i) | sign_bit) : Bits(i)); }

// Where S's trailing edge is once S, moved along `dir`, has left the obstacle: a box's far face;
// for a slope tile the first `real` where S no longer overlaps its solid part (halving the reals
// between, each test exact: the overlaps along the way form one interval), at the latest its
// cell's far side.
real exit_edge(const TileMap& tiles, const Aabb& S, const Obstacle& ob, Dir dir) {
    const real face = dir.sg > 0 ? ob.box.max[dir.k] : ob.box.min[dir.k];
    if (ob.shape == 0) return face;
    const SlopeTile s = slope_of(tiles, ob);
    std::int64_t in = order_of(dir.sg > 0 ? S.min[dir.k] : S.max[dir.k]), out = order_of(face);
    for (;;) {
        const std::int64_t mid = (in & out) + ((in ^ out) >> 1); // floor of the mean, no overflow
        if (mid == in || mid == out) return real_of(out);
        (slope_overlaps(trailing_at(S, dir.k, dir.sg, real_of(mid)), s) ? in : out) = mid;
    }
}

// True when the distance `len` is at most `sides` times S's larger side, exactly.
bool within_reach(const Diff& len, real sides, const Aabb& S) {
    for (int k = 0; k < 2; ++k)
        if (sign(terms(wide(sides)) * terms(exact_diff(S.max[k], S.min[k])) - terms(len.exact())) >= 0) return true;
    return false;
}

bool listed(const std::vector<Obstacle>& list, const Obstacle& ob) {
    return std::any_of(list.begin(), list.end(), [&](const Obstacle& x) { return x.other == ob.other; });
}

// True when the plank F lies on a thin wall's line, or between two solids (boxes touching it on
// both sides of its line along its length: a seam); false for a point (settle_thin's test).
bool between_solids(const Aabb& F, const std::vector<Obstacle>& near) {
    const int z = F.min.x == F.max.x ? 0 : 1, m = 1 - z;
    if (F.min[m] == F.max[m]) return false;
    const real line = F.min[z];
    bool below = false, above = false;
    for (const Obstacle& b : near) {
        if (!(b.box.min[m] < F.max[m] && F.min[m] < b.box.max[m])) continue;
        if (b.box.min[z] == line && b.box.max[z] == line) return true;
        below = below || b.box.max[z] == line;
        above = above || b.box.min[z] == line;
    }
    return below && above;
}

// True when the way from S to F along `dir` is free: F overlaps no blocking obstacle and the way
// enters none that S did not start in (a one-way one only through its entry face, from its
// blocking side); a point or plank neither starts nor ends on a thin wall's line across the way,
// runs along no seam and through no meeting point it may not pass (rule 6), and does not end where
// obstacles close in on it.
bool way_is_free(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S, const Aabb& F,
                 Dir dir, PushScratch& sc) {
    const TileMap& tiles = w.tiles();
    const int k = dir.k, j = 1 - k;
    const Aabb path = merge(S, F);
    Vec2 back{0, 0};
    back[k] = real(-dir.sg);
    const bool thin = S.min[k] == S.max[k];
    auto blocks = [&](const Obstacle& ob) { return is_blocking(response_for(w, self, ob, o)); };
    bool free = true;
    sc.near.clear();
    visit_region(w, path, sel, [&](const Obstacle& ob) {
        if (!free) return;
        if (ob.special && ob.shape == 0) {
            // (A point or plank on a one-way thin wall's line, leaving it across, goes through it.)
            const bool across = overlaps(path, ob.box) ||
                                (thin && ob.box.min[k] == ob.box.max[k] && ob.box.min[k] == S.min[k] &&
                                 ob.box.min[j] < S.max[j] && S.min[j] < ob.box.max[j]);
            free = !(ob.faces != 0 && face_normal(ob.faces) == back && one_way_blocks(S, ob.box, ob.faces) && across &&
                     blocks(ob));
            return;
        }
        if (listed(sc.started, ob)) {
            if (ob.shape == 0) sc.near.push_back(ob);
            return;
        }
        bool meets = overlaps_obstacle(tiles, path, ob);
        // A point or plank on a thin wall's line would be on neither side of it (rule 5).
        if (!meets && thin && ob.shape == 0 && ob.box.min[k] == ob.box.max[k] &&
            (ob.box.min[k] == S.min[k] || ob.box.min[k] == F.min[k]))
            meets = ob.box.min[j] < S.max[j] && S.min[j] < ob.box.max[j];
        const bool touches = !meets && ob.shape == 0 && intersects_closed(ob.box, F);
        if ((!meets && !touches) || !blocks(ob)) return;
        if (meets) free = false;
        else sc.near.push_back(ob);
    });
    if (!free) return false;
    if (!is_thin(S)) return true;
    const Vec2 push{real(wide(F.min.x) - wide(S.min.x)), real(wide(F.min.y) - wide(S.min.y))};
    if (move_junction(w, self, o, sel, S, push, sc.solids, sc.slopes).any) return false;
    if (!(settle_thin(S, push, F, sc.near, -1) == F)) return false;
    return !between_solids(F, sc.near);
}

// One direction's way out: where S has left the last obstacle it started in.
struct Way {
    real edge = 0;                  // S's trailing edge there
    const Obstacle* last = nullptr; // the obstacle it leaves last (ties: the order of obstacles)
    Aabb F{};
    Diff len{}; // the distance, exactly
    bool within = false;
};

} // namespace

Aabb push_out(const World& w, BodyId self, const MoveOptions& o, const Selector& sel, const Aabb& S, Vec2 d,
              MoveResult& out, PushScratch& sc) {
    const TileMap& tiles = w.tiles();
    std::vector<Obstacle>& in = sc.started;
    in.clear();
    visit_region(w, S, sel, [&](const Obstacle& ob) {
        // (A one-way obstacle blocks no body inside it.)
        if ((ob.special && ob.shape == 0) || listed(in, ob) || !overlaps_obstacle(tiles, S, ob)) return;
        if (is_blocking(response_for(w, self, ob, o))) in.push_back(ob);
    });
    if (in.empty()) return S;
    const bool unbounded = std::isinf(o.push_out_sides);
    if (!unbounded && (o.push_out_sides == 0 || S.min == S.max)) {
        out.stuck = true; // no reach at all (a point, by default)
        return S;
    }
    Way ways[4];
    for (int i = 0; i < 4; ++i) {
        const Dir dir = dirs[i];
        Way& way = ways[i];
        for (const Obstacle& ob : in) {
            const real e = exit_edge(tiles, S, ob, dir);
            if (!way.last || (dir.sg > 0 ? e > way.edge : e < way.edge) ||
                (e == way.edge && ob.other < way.last->other)) {
                way.edge = e;
                way.last = &ob;
            }
        }
        way.F = trailing_at(S, dir.k, dir.sg, way.edge);
        way.len = dir.sg > 0 ? diff(way.edge, S.min[dir.k]) : diff(S.max[dir.k], way.edge);
        way.within = is_valid(way.F) && (unbounded || within_reach(way.len, o.push_out_sides, S));
    }
    // The nearest first; at equal distances, in the order of dirs.
    int order[4] = {0, 1, 2, 3};
    for (int i = 1; i < 4; ++i)
        for (int j = i; j > 0 && compare(ways[order[j]].len, 1, ways[order[j - 1]].len, 1) < 0; --j)
            std::swap(order[j], order[j - 1]);
    int taken = -1;
    for (const int i : order)
        if (ways[i].within && way_is_free(w, self, o, sel, S, ways[i].F, dirs[i], sc)) {
            taken = i;
            break;
        }
    if (taken < 0) {
        out.stuck = true;
        return S;
    }
    const Dir dir = dirs[taken];
    const Way& way = ways[taken];
    const Obstacle& last = *way.last;
    Vec2 n{0, 0};
    n[dir.k] = real(dir.sg);
    Contact& c = out.contacts.emplace_back();
    c.other = last.other;
    c.time = 0;
    c.normal = n;
    c.box = way.F;
    // Where it left the last obstacle: on its face, or the corner on a slope's line.
    const bool off_line = last.shape != 0 && way.edge != (dir.sg > 0 ? last.box.max[dir.k] : last.box.min[dir.k]);
    c.point = off_line ? slope_corner(way.F, slope_of(tiles, last)) : contact_point_of(tiles, way.F, last, n);
    c.response = response_for(w, self, last, o);
    c.started_overlapping = true;
    c.depth = real(way.len.approx);
    set_sweep_back(c, S, d, last.box, out.contacts);
    return way.F;
}

} // namespace sweepbox::detail
