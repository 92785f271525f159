// Rule 6 where obstacles meet, for points and planks: see junction.hpp.

#include "core/wide.hpp"
#include "narrow/junction.hpp"

#include "narrow/slope_junction.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <limits>

namespace sweepbox::detail {

namespace {

// The pieces around q that the obstacles containing q cover. Quadrant (sx, sy) is index
// sx + 2 * sy, s = 1 for the positive side; ray[k][s] runs from q along axis k to side s.
struct Local {
    bool quad[4] = {};
    bool ray[2][2] = {};
    int comp[4] = {0, 1, 2, 3};      // a component label per free quadrant
    const Obstacle* first = nullptr; // the lowest-ranked obstacle that covers a piece

    // The labels of the free quadrants a piece belongs to, as bits; 0 when it is solid.
    [[nodiscard]] unsigned quad_bits(int i) const { return quad[i] ? 0u : 1u << comp[i]; }
    [[nodiscard]] unsigned piece(Vec2 dir) const {
        const int sx = dir.x > 0, sy = dir.y > 0;
        if (dir.x != 0 && dir.y != 0) return quad_bits(sx + 2 * sy);
        // A ray: the free quadrants beside it (through it they are one when it is uncovered).
        if (dir.y == 0) return quad_bits(sx) | quad_bits(sx + 2);
        return quad_bits(2 * sy) | quad_bits(1 + 2 * sy);
    }
    // The piece ahead is solid: a covered quadrant, or a covered ray between covered quadrants.
    [[nodiscard]] bool solid(Vec2 dir) const {
        const std::size_t sx = dir.x > 0, sy = dir.y > 0;
        if (dir.x != 0 && dir.y != 0) return quad[sx + 2 * sy];
        if (dir.y == 0) return ray[0][sx] && quad[sx] && quad[sx + 2];
        return ray[1][sy] && quad[2 * sy] && quad[1 + 2 * sy];
    }
    [[nodiscard]] unsigned all() const { return quad_bits(0) | quad_bits(1) | quad_bits(2) | quad_bits(3); }
    [[nodiscard]] int components() const { return std::popcount(all()); }
    [[nodiscard]] bool inside() const { return quad[0] && quad[1] && quad[2] && quad[3]; }
};

Local local_at(Vec2 q, const std::vector<Obstacle>& solids) {
    Local l;
    for (const Obstacle& s : solids) {
        if (!contains_point(s.box, q)) continue;
        const bool ext[2][2] = {{s.box.min.x<q.x, s.box.max.x> q.x}, {s.box.min.y<q.y, s.box.max.y> q.y}};
        bool covers = false;
        for (int sy = 0; sy < 2; ++sy)
            for (int sx = 0; sx < 2; ++sx)
                if (ext[0][sx] && ext[1][sy]) l.quad[sx + 2 * sy] = covers = true;
        for (int k = 0; k < 2; ++k)
            for (int side = 0; side < 2; ++side)
                if (ext[k][side]) l.ray[k][side] = covers = true;
        if (covers && (!l.first || s.other < l.first->other)) l.first = &s;
    }
    if (!l.first) {
        // Nothing covered: the joins below make one component of the four quadrants.
        for (int& c : l.comp) c = 0;
        return l;
    }
    // Free quadrants meet across an uncovered ray: (sx, 0)-(sx, 1) across ray[0][sx] and
    // (0, sy)-(1, sy) across ray[1][sy]. Around a cycle of four, three rounds settle the labels.
    for (int round = 0; round < 3; ++round) {
        for (int s = 0; s < 2; ++s) {
            auto join = [&](int i, int j, bool covered) {
                if (covered || l.quad[i] || l.quad[j]) return;
                l.comp[i] = l.comp[j] = std::min(l.comp[i], l.comp[j]);
            };
            join(s, s + 2, l.ray[0][s]);
            join(2 * s, 2 * s + 1, l.ray[1][s]);
        }
    }
    return l;
}

real toward(real x, real target) { return x == target ? x : std::nextafter(x, target); }

// The box `a` moved along axis m so that its leading edge (max when dir > 0) is at s; the other
// edge keeps a's size as closely as `real` allows (as flush_axis does).
Aabb lead_at(const Aabb& a, int m, bool positive, real s) {
    Aabb b = a;
    const wide size = wide(a.max[m]) - wide(a.min[m]);
    if (positive) {
        b.max[m] = s;
        b.min[m] = std::min(real(wide(s) - size), s);
    } else {
        b.min[m] = s;
        b.max[m] = std::max(real(wide(s) + size), s);
    }
    return b;
}

// Positions along one axis, for the events of a walk along a line (thread-local scratch).
std::vector<real>& event_scratch() {
    thread_local std::vector<real> v;
    return v;
}

// along_line's test at its event e (the leading point's coordinate on axis m there, den = |d[m]|):
// true, with the stop in `out`, when the point enters a seam or may not pass a meeting point there.
SWEEPBOX_FORCE_INLINE bool stops_at_event(const Aabb& a, Vec2 p, Vec2 d, int m, bool knows_side, real e, wide den,
                                          const std::vector<Obstacle>& solids, JunctionStop& out) {
    const int j = 1 - m;
    const bool pos = d[m] > 0;
    Vec2 dir{0, 0};
    dir[m] = pos ? real(1) : real(-1);
    Vec2 q = p;
    q[m] = e;
    const Local l = local_at(q, solids);
    if (!l.first) return false;
    const bool start = e == p[m];
    const bool enters = l.solid(dir);
    // A point that starts here could be on any side: it goes on only where every side does.
    const unsigned behind = start && !knows_side ? l.all() : l.piece(-dir);
    const bool passes = !enters && behind != 0 && (behind & ~l.piece(dir)) != 0;
    if (!enters && !passes) return false;
    out.any = true;
    out.num = pos ? diff(e, p[m]) : diff(p[m], e);
    out.den = den;
    out.time = contact_time(out.num, den);
    out.normal[m] = pos ? real(-1) : real(1);
    out.point = q;
    out.ob = *l.first;
    if (enters) {
        // The obstacle whose face the point enters, when one has it there (a wall standing
        // on a floor: the wall, not the floor whose top the point was on).
        const Obstacle* face = nullptr;
        for (const Obstacle& s : solids) {
            if ((pos ? s.box.min[m] : s.box.max[m]) != e || !(s.box.min[j] <= p[j] && p[j] <= s.box.max[j])) continue;
            if (s.box.min[m] == s.box.max[m]) continue;
            if (!face || s.other < face->other) face = &s;
        }
        if (face) out.ob = *face;
    }
    // Entering a seam: flush at its end. Passing a meeting point: one step before it.
    out.box = start ? a : lead_at(a, m, pos, enters ? e : toward(e, p[m]));
    return true;
}

// A path along axis m from the leading point p: the first seam entered or meeting point passed.
JunctionStop along_line(const Aabb& a, Vec2 p, Vec2 d, int m, bool knows_side, const std::vector<Obstacle>& solids,
                        bool skip_start) {
    JunctionStop out;
    const int j = 1 - m;
    const bool pos = d[m] > 0;
    const wide den = std::fabs(wide(d[m]));
    // The distance from p to e along the motion, exactly on demand.
    auto ahead = [&](real e) { return pos ? diff(e, p[m]) : diff(p[m], e); };
    std::vector<real>& events = event_scratch();
    events.clear();
    if (!skip_start) events.push_back(p[m]);
    for (const Obstacle& s : solids) {
        if (!(s.box.min[j] <= p[j] && p[j] <= s.box.max[j])) continue;
        for (const real e : {s.box.min[m], s.box.max[m]}) {
            const Diff gap = ahead(e);
            // (+0 for -0: the same line, one number whatever obstacle named it first)
            if (sign(gap) > 0 && compare(gap, den) < 0) events.push_back(e + real(0));
        }
    }
    if (pos) {
        std::sort(events.begin(), events.end());
    } else {
        std::sort(events.begin(), events.end(), std::greater<>());
    }
    events.erase(std::unique(events.begin(), events.end()), events.end());
    for (const real e : events)
        if (stops_at_event(a, p, d, m, knows_side, e, den, solids, out)) return out;
    return out;
}

// A point moving on both axes: the first meeting point on its path it may not pass.
JunctionStop diagonal(Vec2 p, Vec2 d, const std::vector<Obstacle>& solids, bool skip_start) {
    JunctionStop out;
    const wide den[2] = {std::fabs(wide(d.x)), std::fabs(wide(d.y))};
    auto ahead = [&](real e, int k) { return d[k] > 0 ? diff(e, p[k]) : diff(p[k], e); };
    // The earliest corner on the path (strictly after the start, before the end) where the point
    // may not go on. Corners are compared by their x: the path is monotone in x.
    bool found = false;
    Vec2 best{0, 0};
    // Starting on a meeting point, the point could be on any side: it goes only where all do.
    if (const Local l = local_at(p, solids); !skip_start && l.first && !l.solid(d) && (l.all() & ~l.piece(d)) != 0) {
        found = true;
        best = p;
        out.ob = *l.first;
    }
    for (const Obstacle& s : solids) {
        if (found && best == p) break;
        for (int c = 0; c < 4; ++c) {
            const Vec2 q{((c & 1) ? s.box.max.x : s.box.min.x) + real(0),
                         ((c & 2) ? s.box.max.y : s.box.min.y) + real(0)};
            if (found && (d.x > 0 ? q.x >= best.x : q.x <= best.x)) continue;
            const Diff nx = ahead(q.x, 0);
            if (sign(nx) <= 0 || compare(nx, den[0]) >= 0) continue;
            if (compare(nx, den[0], ahead(q.y, 1), den[1]) != 0) continue;
            const Local l = local_at(q, solids);
            // Entering a covered quadrant is a hit of the slabs at this very time.
            if (l.solid(d)) continue;
            const unsigned behind = l.piece(-d);
            if (behind == 0 || (behind & ~l.piece(d)) == 0) continue;
            found = true;
            best = q;
            out.ob = *l.first;
        }
    }
    if (!found) return out;
    out.any = true;
    out.corner = true;
    out.num = ahead(best.x, 0);
    out.den = den[0];
    out.time = contact_time(out.num, out.den);
    // Rule 4's corner normal: the axis of the larger |d|, ties y, against the motion.
    const int k = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1;
    out.normal[k] = d[k] > 0 ? real(-1) : real(1);
    out.point = best;
    // One step back toward the start (none at the start itself).
    const Vec2 at{toward(best.x, p.x), toward(best.y, p.y)};
    out.box = Aabb{at, at};
    return out;
}

} // namespace

JunctionStop first_junction(const Aabb& a, Vec2 d, const std::vector<Obstacle>& solids, bool skip_start) {
    const bool flat_x = a.min.x == a.max.x, flat_y = a.min.y == a.max.y;
    if (solids.empty() || (d.x == 0 && d.y == 0)) return {};
    if (flat_x && flat_y) {
        if (d.x != 0 && d.y != 0) return diagonal(a.min, d, solids, skip_start);
        const int m = d.x != 0 ? 0 : 1;
        return along_line(a, a.min, d, m, false, solids, skip_start);
    }
    // A plank along its own line: its leading end, with the plank behind it.
    const int z = flat_x ? 0 : 1; // the axis of zero extent
    if (!(flat_x || flat_y) || d[z] != 0) return {};
    const int m = 1 - z;
    Vec2 lead = a.min;
    lead[m] = d[m] > 0 ? a.max[m] : a.min[m];
    return along_line(a, lead, d, m, true, solids, false);
}

JunctionStop junction_at_start(const Aabb& a, Vec2 d, const std::vector<Obstacle>& solids) {
    // The start is along_line's first event: every other lies strictly ahead of it.
    JunctionStop out;
    const int m = d.x != 0 ? 0 : 1;
    stops_at_event(a, a.min, d, m, false, a.min[m], std::fabs(wide(d[m])), solids, out);
    return out;
}

StopTime stop_time(const JunctionStop& j) {
    if (j.exact) return *j.exact;
    StopTime t;
    t.num = widen_to<16>(terms(j.num.exact()));
    t.den.add(j.den);
    return t;
}

int compare_stops(const JunctionStop& x, const JunctionStop& y) {
    if (!x.exact && !y.exact) return compare(x.num, x.den, y.num, y.den);
    const StopTime a = stop_time(x), b = stop_time(y);
    return compare(a.num, a.den, b.num, b.den);
}

StopTime hit_time(const Aabb& a, Vec2 d, const Aabb& b, Vec2 n, const SlopeTile* slope) {
    StopTime t;
    if (slope != nullptr) {
        slope_entry_time(a, d, EntryOf{false, slope, &b, n}, t.num, t.den);
        return t;
    }
    wide den;
    t.num = widen_to<16>(terms(entry_num(a, d, b, n, den)));
    t.den.add(den);
    return t;
}

bool stops_before(const JunctionStop& j, const Aabb& a, Vec2 d, const Aabb& b, Vec2 n, real time,
                  const SlopeTile* slope) {
    if (slope == nullptr && is_slope_normal(n)) return j.time < time;
    if (slope == nullptr && !j.exact) {
        wide den;
        const Exact num = entry_num(a, d, b, n, den);
        return compare(j.num.exact(), j.den, num, den) < 0;
    }
    const StopTime s = stop_time(j), h = hit_time(a, d, b, n, slope);
    return compare(s.num, s.den, h.num, h.den) < 0;
}

namespace {

// Rule 5's rounding of a point's end F (settle_thin): off a meeting point or seam it would rest
// on, toward the exact end.
Aabb settle_point(const Aabb& S, Vec2 d, const Aabb& F, const std::vector<Obstacle>& solids, int keep_axis,
                  const StopTime* end, SlopeView slopes) {
    const Aabb out = F;
    {
        // Inside, on a seam or a meeting point; or across a slope's line the exact end is not
        // across (off_slope_lines would move it).
        auto unsafe = [&](Vec2 q) {
            const Local l = local_at(q, solids);
            if (l.first && (l.inside() || l.components() > 1)) return true;
            if (slopes.slopes == nullptr || slopes.slopes->empty()) return false;
            if (unsafe_among_slopes(*slopes.tiles, q, *slopes.slopes, solids)) return true;
            const Aabb at{q, q};
            return end != nullptr && !(off_slope_lines(*slopes.tiles, S, d, *end, at, *slopes.slopes, keep_axis) == at);
        };
        if (!unsafe(F.min)) return out;
        // Where the exact position lies from the rounded one: at S + end * d when the end is
        // known; else back toward the start, or, on an axis where the motion was lost to
        // rounding, ahead along it.
        auto back = [&](int k) {
            int dir = 0;
            if (end != nullptr) {
                // E_k - F_k = ((S_k - F_k) den + num d_k) / den
                dir = sign(terms(exact_diff(S.min[k], F.min[k])) * end->den + end->num * terms(wide(d[k])));
            } else if (F.min[k] != S.min[k]) {
                dir = S.min[k] > F.min[k] ? 1 : -1;
            } else {
                dir = d[k] > 0 ? 1 : (d[k] < 0 ? -1 : 0);
            }
            if (dir == 0) return F.min[k];
            return std::nextafter(F.min[k], dir > 0 ? std::numeric_limits<real>::infinity()
                                                    : -std::numeric_limits<real>::infinity());
        };
        // One axis if that settles it. Flush against the face it contacted, the point stays
        // flush (and, if that leaves it on the meeting point, only goes on where every side of
        // it may: first_junction's rule for a start there).
        if (keep_axis >= 0) {
            Vec2 at = F.min;
            at[1 - keep_axis] = back(1 - keep_axis);
            return at != F.min && !unsafe(at) ? Aabb{at, at} : out;
        }
        for (const int k : {0, 1}) {
            Vec2 at = F.min;
            at[k] = back(k);
            if (at[k] != F.min[k] && !unsafe(at)) return Aabb{at, at};
        }
        const Vec2 at{back(0), back(1)};
        return Aabb{at, at};
    }
}

} // namespace

Aabb settle_thin(const Aabb& S, Vec2 d, const Aabb& F, const std::vector<Obstacle>& solids, int keep_axis,
                 const StopTime* end, SlopeView slopes) {
    Aabb out = F;
    for (int k = 0; k < 2; ++k) {
        const int j = 1 - k;
        // (On the contact's axis F lies on the line it contacted: flush, not rounded onto it.)
        if (k == keep_axis || F.min[k] != F.max[k] || F.min[k] == S.min[k]) continue;
        for (const Obstacle& s : solids) {
            if (s.box.min[k] != F.min[k] || s.box.max[k] != F.min[k]) continue;
            if (!(F.min[j] < s.box.max[j] && s.box.min[j] < F.max[j])) continue;
            out.min[k] = out.max[k] = toward(F.min[k], S.min[k]);
            break;
        }
    }
    if (!(out == F) || F == S) return out;
    // Off a slope's line that rounding carried it across (not its exact end), then off a meeting
    // point or seam.
    if (end != nullptr && slopes.slopes != nullptr && !slopes.slopes->empty())
        out = off_slope_lines(*slopes.tiles, S, d, *end, F, *slopes.slopes, keep_axis, &solids);
    return F.min == F.max ? settle_point(S, d, out, solids, keep_axis, end, slopes) : out;
}

} // namespace sweepbox::detail
