// Junctions at the corners of slope tiles (slope_junction.hpp): cones of directions, exactly.

#include "core/wide.hpp"
#include "narrow/slope_junction.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "geometry/expansion.hpp"
#include "narrow/narrow_phase.hpp"
#include "walk/walk_path.hpp"
#include "tiles/slope.hpp"
#include "tiles/slope_slabs.hpp"
#include "tiles/slope_vertices.hpp"

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

// A closed cone: the directions u with c . u >= 0 for each of its constraints (at most 4, and
// the half-plane interior_meets adds).
struct Cone {
    Dir c[5];
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
Cone box_cone(const Aabb& b, const HPoint& q) {
    Cone k;
    if (coord_sign(q, 0, b.min.x) == 0) k.add(dir_of(1, 0));
    if (coord_sign(q, 0, b.max.x) == 0) k.add(dir_of(-1, 0));
    if (coord_sign(q, 1, b.min.y) == 0) k.add(dir_of(0, 1));
    if (coord_sign(q, 1, b.max.y) == 0) k.add(dir_of(0, -1));
    return k;
}

// The cone of a slope tile's solid part at q (q in it): its cell's sides and its line through q.
Cone slope_cone(const SlopeTile& t, const HPoint& q) {
    Cone k = box_cone(t.cell, q);
    if (line_side(t, q) == 0) k.add(Dir{t.A, t.B});
    return k;
}

// The obstacles holding a point q and the cone of directions each covers there.
struct Local {
    static constexpr int max = 64;
    Cone cones[max];
    const Obstacle* owners[max];
    int n = 0;
    bool inside = false; // q inside an obstacle: the slabs' contact

    [[nodiscard]] bool covered(const Dir& u, const Dir& v) const {
        for (int c = 0; c < n; ++c)
            if (in_cone(cones[c], u, v, false)) return true;
        return false;
    }
    // The number of arcs of free directions around q: each begins, turning toward perp, at a
    // covered direction (a cone's edge) whose neighbour that way is free.
    [[nodiscard]] int free_arcs() const {
        const Dir zero = dir_of(0, 0);
        Dir starts[4 * max];
        int count = 0;
        for (int c = 0; c < n; ++c)
            for (int i = 0; i < cones[c].n; ++i)
                for (const Dir& b : {perp(cones[c].c[i]), neg(perp(cones[c].c[i]))}) {
                    if (!covered(b, zero) || covered(b, perp(b))) continue;
                    bool seen = false;
                    for (int e = 0; e < count && !seen; ++e)
                        seen = dot_sign(perp(starts[e]), b) == 0 && dot_sign(starts[e], b) > 0;
                    if (!seen) starts[count++] = b;
                }
        return count;
    }
};

// The slope tiles of a junction test, each once (a per-thread list: no allocation once grown).
std::vector<SlopeTile>& slope_scratch() {
    thread_local std::vector<SlopeTile> v;
    return v;
}

Local local_at(const HPoint& q, const std::vector<Obstacle>& slopes, const std::vector<SlopeTile>& tiles,
               const std::vector<Obstacle>& solids) {
    Local l;
    for (std::size_t i = 0; i < slopes.size() && l.n < Local::max; ++i) {
        const SlopeTile& t = tiles[i];
        if (!slope_holds(t, q)) continue;
        const Cone k = slope_cone(t, q);
        l.inside = l.inside || k.n == 0;
        l.owners[l.n] = &slopes[i];
        l.cones[l.n++] = k;
    }
    for (const Obstacle& o : solids) {
        if (l.n == Local::max) break;
        if (!box_holds(o.box, q)) continue;
        const Cone k = box_cone(o.box, q);
        l.inside = l.inside || k.n == 0;
        l.owners[l.n] = &o;
        l.cones[l.n++] = k;
    }
    return l;
}

// Whether a point or plank's lead moving along d from q may not go on (see the header): it
// enters a seam, or passes where the cones cut both sides of its path; at its start (`start`),
// a point that could be on any side of q goes on only where every free side around q may.
struct Verdict {
    bool enters = false, passes = false;
};
Verdict verdict(const Local& l, const Dir& dd, bool start, bool knows_side) {
    Verdict v;
    const Dir side = perp(dd);
    bool alone = false, left = false, right = false;
    for (int c = 0; c < l.n; ++c) {
        alone = alone || (in_cone(l.cones[c], dd, side, true) && in_cone(l.cones[c], dd, neg(side), true));
        left = left || in_cone(l.cones[c], dd, side, false);
        right = right || in_cone(l.cones[c], dd, neg(side), false);
    }
    // (Into one obstacle alone: that obstacle's contact, which the slabs find at this time.)
    v.enters = !alone && left && right;
    if (v.enters || alone) return v;
    if (start && !knows_side) {
        // The free arcs next to d: the one d is in, else those on either side of it.
        const Dir zero = dir_of(0, 0);
        const int at_d = !l.covered(dd, zero) ? 1 : int(!l.covered(dd, side)) + int(!l.covered(dd, neg(side)));
        v.passes = l.free_arcs() > at_d;
        return v;
    }
    bool cut[2] = {false, false};
    for (int c = 0; c < l.n; ++c) {
        cut[0] = cut[0] || interior_meets(l.cones[c], side);
        cut[1] = cut[1] || interior_meets(l.cones[c], neg(side));
    }
    v.passes = cut[0] && cut[1];
    return v;
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
    const PathNear path(a, d);
    auto visit = [&](const Obstacle& ob) {
        if (ob.shape == 0 || !path.meets(ob.box) || (skip_overlapped && overlaps_obstacle(w.tiles(), a, ob))) return;
        out.push_back(ob);
    };
    walk_path(
        w, a, d, tiles_only, visit, [] { return no_hit_yet; }, true);
}

JunctionStop with_slopes(const TileMap& tiles, const Aabb& a, Vec2 d, const JunctionStop& box_stop,
                         const std::vector<Obstacle>& slopes, const std::vector<Obstacle>& solids) {
    bool judged_start = false;
    const JunctionStop s = first_slope_junction(tiles, a, d, slopes, solids, &judged_start);
    // A point's start where a slope holds it is the slopes' to judge (they see the boxes too): a
    // box stop there for its free sides may not stand where a slope fills one of them.
    JunctionStop boxes = box_stop;
    auto at_start = [](const JunctionStop& j) { return j.any && !j.exact && sign(j.num) == 0; };
    if (at_start(boxes) && judged_start && a.min == a.max && !at_start(s)) boxes = first_junction(a, d, solids, true);
    JunctionStop js = s.any && (!boxes.any || compare_stops(s, boxes) <= 0) ? s : boxes;
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

Aabb off_slope_lines(const TileMap& tiles, const Aabb& S, Vec2 d, const StopTime& end, Aabb F,
                     const std::vector<Obstacle>& slopes, int keep_axis, const std::vector<Obstacle>* solids) {
    auto beyond = [](const Aabb& b, const SlopeTile& t) {
        const Vec2 c = slope_corner(b, t);
        return sign(along_normal(t, c.x, t.p.x, c.y, t.p.y)) > 0;
    };
    // The slope whose line b lies across on its solid part while the exact end does not (h(E) =
    // h(S) + end * (w . d) at the same corner, over end's denominator), or none.
    auto across = [&](const Aabb& b, SlopeTile& out) {
        for (const Obstacle& so : slopes) {
            const SlopeTile t = slope_tile(tiles, so.other.tile, TileShape(so.shape));
            if (!beyond(b, t) || !slope_intersects_closed(b, t)) continue;
            const Vec2 cs = slope_corner(S, t);
            const SlabNum hs = along_normal(t, cs.x, t.p.x, cs.y, t.p.y);
            if (sign(hs * end.den + end.num * normal_dot(t, d)) > 0) continue; // the exact end is beyond too
            out = t;
            return true;
        }
        return false;
    };
    // A step that lands clear of every such line and inside no box (a step on both axes at once
    // may carry a plank from one slope's line into its neighbour's solid part).
    auto clear = [&](const Aabb& b) {
        if (SlopeTile t; across(b, t)) return false;
        if (solids != nullptr)
            for (const Obstacle& o : *solids)
                if (overlaps(b, o.box)) return false;
        return true;
    };
    for (int i = 0; i < 16; ++i) {
        SlopeTile t;
        if (!across(F, t)) break;
        // Toward E on each axis at the corner on the line (a plank's two ends round apart): the
        // sign of E_k - F_k = ((S_k - F_k) den + num d_k) / den.
        const Vec2 cs = slope_corner(S, t), cf = slope_corner(F, t);
        Aabb step[2] = {F, F};
        bool moved[2] = {false, false};
        for (int k = 0; k < 2; ++k) {
            if (k == keep_axis) continue;
            const int dir = sign(terms(exact_diff(cs[k], cf[k])) * end.den + end.num * terms(wide(d[k])));
            if (dir == 0) continue;
            const real to = dir > 0 ? std::numeric_limits<real>::infinity() : -std::numeric_limits<real>::infinity();
            const bool thin = F.min[k] == F.max[k];
            step[k].min[k] = std::nextafter(F.min[k], to);
            step[k].max[k] = thin ? step[k].min[k] : std::nextafter(F.max[k], to);
            moved[k] = true;
        }
        if (!moved[0] && !moved[1]) break;
        // One axis where that clears it, x first; else both.
        Aabb both = F;
        for (int k = 0; k < 2; ++k)
            if (moved[k]) {
                both.min[k] = step[k].min[k];
                both.max[k] = step[k].max[k];
            }
        if (moved[0] && moved[1] && clear(step[0])) F = step[0];
        else if (moved[0] && moved[1] && clear(step[1])) F = step[1];
        else F = both;
    }
    return F;
}

bool unsafe_among_slopes(const TileMap& tiles, Vec2 q, const std::vector<Obstacle>& slopes,
                         const std::vector<Obstacle>& solids, bool closed_only) {
    std::vector<SlopeTile>& st = slope_scratch();
    st.clear();
    for (const Obstacle& so : slopes) st.push_back(slope_tile(tiles, so.other.tile, TileShape(so.shape)));
    const Local l = local_at(hpoint(q), slopes, st, solids);
    if (l.n == 0) return false;
    if (l.inside) return true;
    const int arcs = l.free_arcs();
    return arcs == 0 || (arcs > 1 && !closed_only);
}

JunctionStop first_slope_junction(const TileMap& tiles, const Aabb& a, Vec2 d, const std::vector<Obstacle>& slopes,
                                  const std::vector<Obstacle>& solids, bool* judged_start) {
    JunctionStop best;
    if (judged_start) *judged_start = false;
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
    const bool knows_side = !(flat_x && flat_y);
    const int m = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1; // the axis the time is measured on
    const wide den = std::fabs(wide(d[m]));
    const Dir dd = dir_of(d.x, d.y);
    std::vector<SlopeTile>& st = slope_scratch();
    st.clear();
    for (const Obstacle& so : slopes) st.push_back(slope_tile(tiles, so.other.tile, TileShape(so.shape)));

    // The stop at q (time num / den exactly, `at_start` for q = p) when the cones there say so.
    auto consider = [&](const HPoint& q, bool at_start, const Terms<16>& tn, const Terms<4>& td) {
        const Local l = local_at(q, slopes, st, solids);
        if (l.n == 0 || l.inside) return;
        const Verdict v = verdict(l, dd, at_start, knows_side);
        if (!v.enters && !v.passes) return;
        JunctionStop js;
        js.any = true;
        if (q.real_point) {
            const Vec2 r = {coord_of(q, 0), coord_of(q, 1)};
            js.num = d[m] > 0 ? diff(r[m], p[m]) : diff(p[m], r[m]);
            js.den = den;
            js.time = contact_time(js.num, den);
            js.point = r;
        } else {
            js.exact = StopTime{tn, widen_to<8>(td)};
            js.time = real(value(tn) / value(td));
            if (!(js.time > 0)) js.time = 0;
            if (js.time >= 1) js.time = std::nextafter(real(1), real(0));
            js.point = {coord_of(q, 0), coord_of(q, 1)};
        }
        js.corner = d.x != 0 && d.y != 0;
        js.normal[m] = d[m] > 0 ? real(-1) : real(1);
        const Obstacle* first = l.owners[0];
        for (int c = 1; c < l.n; ++c)
            if (l.owners[c]->other < first->other) first = l.owners[c];
        js.ob = *first;
        // Entering a seam at a `real` point: the leading point there. Passing, or a point that is
        // no `real`: the `real` point before it on the path (rounded toward the start), and back
        // on x, on y, or on both, the first that is free and on the side the path came from (a
        // path along a slope's line would leave the line on one of them); there when none is.
        // Free: inside none of them, and not on a seam of two (some direction free).
        auto free = [&](Vec2 c) {
            const HPoint h = hpoint(c);
            Local at;
            for (int o = 0; o < l.n; ++o) {
                const Obstacle& ob = *l.owners[o];
                Cone k;
                if (ob.shape != 0) {
                    const SlopeTile& t = st[std::size_t(&ob - slopes.data())];
                    if (!slope_holds(t, h)) continue;
                    k = slope_cone(t, h);
                } else {
                    if (!box_holds(ob.box, h)) continue;
                    k = box_cone(ob.box, h);
                }
                if (k.n == 0) return false;
                at.owners[at.n] = &ob;
                at.cones[at.n++] = k;
            }
            return at.n == 0 || at.free_arcs() > 0;
        };
        // And on the side the path came from: of every line through q that bounds a cone there,
        // on the side of the path behind q (or on the line), and off the solid side of a line the
        // path ran along to q (an obstacle behind it along the path).
        const Dir zero = dir_of(0, 0);
        auto clear = [&](Vec2 c) {
            for (int o = 0; o < l.n; ++o) {
                const bool behind = in_cone(l.cones[o], neg(dd), zero, false);
                for (int i = 0; i < l.cones[o].n; ++i) {
                    const Dir& n = l.cones[o].c[i];
                    const int sp = -dot_sign(n, dd), sc = offset_sign(n.x, n.y, c, q);
                    if (sp != 0 ? (sc != 0 && sc != sp) : (behind && sc > 0)) return false;
                }
            }
            return free(c);
        };
        // (Where no step is both, a free one: never the meeting point itself.)
        Vec2 at = js.point;
        if (!q.real_point) {
            for (int k = 0; k < 2; ++k) at[k] = d[k] == 0 ? p[k] : coord_of(q, k, d[k] > 0 ? -1 : 1);
            if (!clear(at) && !step_back(at, d, clear, at)) (void)step_back(at, d, free, at);
        } else if (v.passes && !step_back(at, d, clear, at)) {
            (void)step_back(at, d, free, at);
        }
        if (at_start) {
            js.box = a;
        } else if (!(flat_x && flat_y)) {
            // A plank: its leading end at `at`, its length kept as flush does.
            js.box = a;
            const int e = flat_x ? 1 : 0;
            const wide size = wide(a.max[e]) - wide(a.min[e]);
            if (d[e] > 0) {
                js.box.max[e] = at[e];
                js.box.min[e] = real(wide(at[e]) - size);
            } else {
                js.box.min[e] = at[e];
                js.box.max[e] = real(wide(at[e]) + size);
            }
        } else {
            js.box = Aabb{at, at};
        }
        best = js;
    };

    // The start, when a slope holds it (a plank's lead, or a point on a seam or where obstacles
    // meet); then each corner of a slope's solid part on the path, before its end.
    const HPoint start = hpoint(p);
    bool held = false;
    for (const SlopeTile& t : st) held = held || slope_holds(t, start);
    if (held) {
        if (judged_start) *judged_start = true;
        consider(start, true, Terms<16>{}, widen_to<4>(terms(wide(1))));
        if (best.any) return best;
    }
    for (const SlopeTile& t : st) {
        HPoint corner[4];
        const int count = slope_vertices(t, corner);
        for (int i = 0; i < count; ++i) {
            const HPoint& q = corner[i];
            if (!on_path(q, p, d)) continue;
            Terms<16> tn;
            Terms<4> td;
            path_time(q, p, d, m, tn, td);
            if (sign(tn) <= 0 || sign(tn - td) >= 0) continue;
            if (best.any) {
                const StopTime b = stop_time(best);
                if (compare(tn, td, b.num, b.den) >= 0) continue;
            }
            consider(q, false, tn, td);
        }
    }
    return best;
}

} // namespace sweepbox::detail
