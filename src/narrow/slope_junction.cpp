// Junctions at the corners of slope tiles (slope_junction.hpp): cones of directions, exactly.

#include "narrow/slope_junction.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "geometry/expansion.hpp"
#include "narrow/narrow_phase.hpp"
#include "walk/walk_path.hpp"
#include "tiles/slope.hpp"

namespace sweepbox::detail {

namespace {

// A direction or a constraint's normal, exactly.
struct Dir {
    Exact x{}, y{};
};

Dir dir_of(real x, real y) { return {{wide(x), 0}, {wide(y), 0}}; }
Dir neg(const Dir& v) { return {{-v.x.hi, -v.x.lo}, {-v.y.hi, -v.y.lo}}; }
Dir perp(const Dir& v) { return {{-v.y.hi, -v.y.lo}, v.x}; } // turned a quarter

int dot_sign(const Dir& c, const Dir& u) { return sign(terms(c.x) * terms(u.x) + terms(c.y) * terms(u.y)); }

// A closed cone: the directions u with c . u >= 0 for each of its constraints (at most 4).
struct Cone {
    Dir c[4];
    int n = 0;
    void add(const Dir& v) { c[n++] = v; }
};

// Whether u + eps*v (eps > 0 tiny) meets constraint c: closed (>= 0) or open (> 0).
bool meets(const Dir& c, const Dir& u, const Dir& v, bool open) {
    if (const int s = dot_sign(c, u); s != 0) return s > 0;
    const int s = dot_sign(c, v);
    return open ? s > 0 : s >= 0;
}
bool in_cone(const Cone& k, const Dir& u, const Dir& v, bool open) {
    for (int i = 0; i < k.n; ++i)
        if (!meets(k.c[i], u, v, open)) return false;
    return true;
}

// Whether the open cone of k, cut by the open half-plane h . u > 0, has a direction: one just
// inside an end of it would be (an end lies on a constraint's line).
bool interior_meets(const Cone& k, const Dir& h) {
    Cone all = k;
    all.add(h);
    for (int i = 0; i < all.n; ++i)
        for (const Dir& r : {perp(all.c[i]), neg(perp(all.c[i]))}) {
            bool ok = true;
            for (int j = 0; j < all.n && ok; ++j) ok = meets(all.c[j], r, all.c[i], true);
            if (ok) return true;
        }
    return false;
}

// The cone of a closed box at q (q in it): its sides through q.
Cone box_cone(const Aabb& b, Vec2 q) {
    Cone k;
    if (q.x == b.min.x) k.add(dir_of(1, 0));
    if (q.x == b.max.x) k.add(dir_of(-1, 0));
    if (q.y == b.min.y) k.add(dir_of(0, 1));
    if (q.y == b.max.y) k.add(dir_of(0, -1));
    return k;
}

// The middle of lo and hi when it is a `real`, exactly; false when not.
bool exact_middle(real lo, real hi, real& m) {
    wide sum, err;
    two_sum(wide(lo), wide(hi), sum, err);
    const wide w = sum / 2;
    m = real(w);
    return err == 0 && wide(m) == w;
}

// q stepped back against d by a unit of the last place on x, else on y, else on both: the first
// that clear(c) accepts (the point on the side it came from, off every obstacle); false if none.
template <class Clear> bool step_back(Vec2 q, Vec2 d, Clear&& clear, Vec2& out) {
    for (const int axes : {1, 2, 3}) {
        Vec2 c = q;
        for (int e = 0; e < 2; ++e)
            if ((axes >> e & 1) != 0 && d[e] != 0)
                c[e] = std::nextafter(q[e], d[e] > 0 ? -std::numeric_limits<real>::infinity()
                                                     : std::numeric_limits<real>::infinity());
        if (!(c == q) && clear(c)) {
            out = c;
            return true;
        }
    }
    return false;
}

} // namespace

void gather_slopes(const World& w, const Aabb& a, Vec2 d, const Selector& sel, bool skip_overlapped,
                   std::vector<Obstacle>& out) {
    out.clear();
    if (w.tiles().slope_count() == 0 || !sel.tiles) return;
    Selector tiles_only = sel;
    tiles_only.bodies = false;
    auto visit = [&](const Obstacle& ob) {
        if (ob.shape == 0 || (skip_overlapped && overlaps_obstacle(w.tiles(), a, ob))) return;
        out.push_back(ob);
    };
    walk_path(
        w, a, d, tiles_only, visit, [] { return real(2); }, true);
}

JunctionStop with_slopes(const TileMap& tiles, const Aabb& a, Vec2 d, const JunctionStop& box_stop,
                         const std::vector<Obstacle>& slopes, const std::vector<Obstacle>& solids) {
    const JunctionStop s = first_slope_junction(tiles, a, d, slopes, solids);
    JunctionStop js = s.any && (!box_stop.any || compare(s.num, s.den, box_stop.num, box_stop.den) <= 0) ? s : box_stop;
    if (!js.any || !(a.min == a.max) || js.box == a) return js;
    // A point stopped one step before a meeting point of boxes may be inside a slope that meets
    // there too (the step is off a slope's line): back on x, on y, or on both, the first that
    // is inside no slope and no box here.
    auto inside = [&](Vec2 c) {
        const Aabb cb{c, c};
        for (const Obstacle& o : slopes)
            if (slope_overlaps(cb, slope_tile(tiles, o.other.tile, TileShape(o.shape)))) return true;
        for (const Obstacle& o : solids)
            if (overlaps(cb, o.box)) return true;
        return false;
    };
    if (!inside(js.box.min)) return js;
    if (Vec2 c; step_back(
            js.point, d, [&](Vec2 x) { return !inside(x); }, c))
        js.box = Aabb{c, c};
    return js;
}

JunctionStop first_slope_junction(const TileMap& tiles, const Aabb& a, Vec2 d, const std::vector<Obstacle>& slopes,
                                  const std::vector<Obstacle>& solids) {
    JunctionStop best;
    if (slopes.empty() || (d.x == 0 && d.y == 0)) return best;
    const bool flat_x = a.min.x == a.max.x, flat_y = a.min.y == a.max.y;
    // The moving point: a point, or a plank's leading end along its own line.
    Vec2 p = a.min;
    if (!(flat_x && flat_y)) {
        const int z = flat_x ? 0 : 1;
        if (d[z] != 0) return best;
        const int m = 1 - z;
        p[m] = d[m] > 0 ? a.max[m] : a.min[m];
    }
    const int m = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1; // the axis the time is measured on
    const wide den = std::fabs(wide(d[m]));
    const Dir dd = dir_of(d.x, d.y);
    for (const Obstacle& so : slopes) {
        const SlopeTile s = slope_tile(tiles, so.other.tile, TileShape(so.shape));
        Vec2 poly[4];
        const int count = slope_polygon(TileShape(so.shape), poly);
        for (int i = 0; i < count; ++i) {
            // The corner in world units (a half is the middle of the cell's edges).
            Vec2 q;
            bool exact = true;
            for (int k = 0; k < 2; ++k) {
                const real t = poly[i][k];
                q[k] = t == 0 ? s.cell.min[k] : (t == 1 ? s.cell.max[k] : real(0));
                if (t != 0 && t != 1) exact = exact_middle(s.cell.min[k], s.cell.max[k], q[k]);
            }
            if (!exact) continue;
            // On the path, at a time in [0, 1).
            const Exact ox = exact_diff(q.x, p.x), oy = exact_diff(q.y, p.y);
            if (sign(terms(ox) * terms(wide(d.y)) - terms(oy) * terms(wide(d.x))) != 0) continue;
            const Diff num = d[m] > 0 ? diff(q[m], p[m]) : diff(p[m], q[m]);
            if (sign(num) < 0 || compare(num, den) >= 0) continue;
            if (best.any && compare(num, den, best.num, best.den) >= 0) continue;
            // The cones at q.
            Cone cones[64];
            const Obstacle* owners[64];
            int n = 0;
            bool inside = false;
            const Aabb qb{q, q};
            for (const Obstacle& o : slopes) {
                if (n == 64) break;
                const SlopeTile t = slope_tile(tiles, o.other.tile, TileShape(o.shape));
                if (!slope_intersects_closed(qb, t)) continue;
                Cone k = box_cone(t.cell, q);
                const Dir w{t.A, t.B};
                if (sign(terms(t.A) * terms(exact_diff(q.x, t.p.x)) + terms(t.B) * terms(exact_diff(q.y, t.p.y))) == 0)
                    k.add(w);
                inside = inside || k.n == 0;
                owners[n] = &o;
                cones[n++] = k;
            }
            for (const Obstacle& o : solids) {
                if (n == 64) break;
                if (!contains_point(o.box, q)) continue;
                const Cone k = box_cone(o.box, q);
                inside = inside || k.n == 0;
                owners[n] = &o;
                cones[n++] = k;
            }
            if (inside) continue; // q inside an obstacle: the slabs' contact
            const bool start = sign(num) == 0;
            // Entering a seam: d covered on both sides, by no cone alone.
            bool alone = false, left = false, right = false;
            const Dir side = perp(dd);
            for (int c = 0; c < n; ++c) {
                alone = alone || (in_cone(cones[c], dd, side, true) && in_cone(cones[c], dd, neg(side), true));
                left = left || in_cone(cones[c], dd, side, false);
                right = right || in_cone(cones[c], dd, neg(side), false);
            }
            const bool enters = !alone && left && right;
            // Passing between: the cones meet the open half-plane on each side of the path.
            bool passes = false;
            if (!enters && !start) {
                bool cut[2] = {false, false};
                for (int c = 0; c < n; ++c) {
                    cut[0] = cut[0] || interior_meets(cones[c], side);
                    cut[1] = cut[1] || interior_meets(cones[c], neg(side));
                }
                passes = cut[0] && cut[1];
            }
            if (!enters && !passes) continue;
            JunctionStop js;
            js.any = true;
            js.num = num;
            js.den = den;
            js.time = contact_time(num, den);
            js.corner = d.x != 0 && d.y != 0;
            const int k = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1;
            js.normal[k] = d[k] > 0 ? real(-1) : real(1);
            js.point = q;
            const Obstacle* first = owners[0];
            for (int c = 1; c < n; ++c)
                if (owners[c]->other < first->other) first = owners[c];
            js.ob = *first;
            // Entering a seam: the leading point at q. Passing: one step before q, on the side
            // it came from (at q it would be on both sides): back on x, on y, or on both, the
            // first that is inside none of the obstacles at q (a path along a slope's line would
            // leave the line on one of them); at q when none is.
            Vec2 at = q;
            if (passes) {
                auto clear = [&](Vec2 c) {
                    const Aabb cb{c, c};
                    for (int o = 0; o < n; ++o) {
                        const Obstacle& ob = *owners[o];
                        const bool in = ob.shape != 0
                                          ? slope_overlaps(cb, slope_tile(tiles, ob.other.tile, TileShape(ob.shape)))
                                          : overlaps(cb, ob.box);
                        if (in) return false;
                    }
                    return true;
                };
                (void)step_back(q, d, clear, at);
            }
            js.box = start ? a : a.translated(at - p);
            if (!start && !(flat_x && flat_y)) {
                // A plank: its leading end at `at`, its length kept as flush does.
                js.box = a;
                const int e = 1 - (flat_x ? 0 : 1);
                const wide size = wide(a.max[e]) - wide(a.min[e]);
                if (d[e] > 0) {
                    js.box.max[e] = at[e];
                    js.box.min[e] = real(wide(at[e]) - size);
                } else {
                    js.box.min[e] = at[e];
                    js.box.max[e] = real(wide(at[e]) + size);
                }
            } else if (!start) {
                js.box = Aabb{at, at};
            }
            best = js;
        }
    }
    return best;
}

} // namespace sweepbox::detail
