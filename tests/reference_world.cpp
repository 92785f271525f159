// The brute-force reference world of the tests (see reference_world.hpp). Written from the
// contract text (docs/contract.md), not from src/: every query loops over every body and every
// blocking tile, and every sweep is done by slabs in __float128.
#include "reference_world.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace sweepbox::reference {

bool less(const Time& a, const Time& b) { return a.num * b.den < b.num * a.den; }
bool equal(const Time& a, const Time& b) { return a.num * b.den == b.num * a.den; }
bool time_matches(real t, const Time& ref) {
    const long double r = ref.value();
    if (r == 0) return t == 0;
    const long double eps = std::numeric_limits<real>::epsilon();
    return std::fabs(static_cast<long double>(t) - r) <= 2 * eps * r;
}

namespace {

// What one axis of the slab test says about the times when the interiors overlap on it.
// Definitions (contract rule 1): with d > 0 the moving interval [a0, a1] enters [b0, b1] at
// (b0 - a1) / d and leaves at (b1 - a0) / d; with d < 0 it enters at (a0 - b1) / |d| and leaves
// at (a1 - b0) / |d|. The open overlap is the open interval (enter, exit).
struct Axis {
    enum Kind { never, always, span, instant } kind = never;
    quad enter = 0; // numerator of the entry time (span, instant)
    quad exit = 0;  // numerator of the exit time (span)
    quad den = 1;   // |d| (span, instant)
};

Axis make_axis(real a0, real a1, real d, real b0, real b1) {
    Axis r;
    if (d == 0) {
        // Not moving on this axis: the interiors overlap on it for all time or never.
        // (Moving along a face, a0 == b1 or a1 == b0, is "never": rule 3.)
        r.kind = (a0 < b1 && b0 < a1) ? Axis::always : Axis::never;
        return r;
    }
    r.den = d > 0 ? quad(d) : -quad(d);
    if (d > 0) {
        r.enter = quad(b0) - quad(a1);
        r.exit = quad(b1) - quad(a0);
    } else {
        r.enter = quad(a0) - quad(b1);
        r.exit = quad(a1) - quad(b0);
    }
    // Rule 2: both intervals have zero extent, so the open overlap is empty; the crossing of the
    // line is an instant (enter == exit) that counts as a hit when the other axis overlaps then.
    r.kind = (a0 == a1 && b0 == b1) ? Axis::instant : Axis::span;
    return r;
}

Time enter_time(const Axis& a) { return {a.enter, a.den}; }
Time exit_time(const Axis& a) { return {a.exit, a.den}; }
bool negative(const Time& t) { return t.num < 0; }
bool below_one(const Time& t) { return t.num < t.den; }

std::uint8_t face_bit(int axis, real normal_sign) {
    if (axis == 0) return normal_sign < 0 ? face_neg_x : face_pos_x;
    return normal_sign < 0 ? face_neg_y : face_pos_y;
}

Vec2 axis_normal(int axis, Vec2 d) {
    // Pointing against the motion on that axis.
    Vec2 n{0, 0};
    const real s = (axis == 0 ? d.x : d.y) > 0 ? real(-1) : real(1);
    if (axis == 0) n.x = s;
    else n.y = s;
    return n;
}

} // namespace

Penetration min_translation(const Aabb& a, const Aabb& b) {
    // Overlap on each axis and the direction from b's centre toward a's (compared exactly as
    // sums of corners: a.min + a.max vs b.min + b.max).
    const quad ox = std::min(quad(a.max.x) - quad(b.min.x), quad(b.max.x) - quad(a.min.x));
    const quad oy = std::min(quad(a.max.y) - quad(b.min.y), quad(b.max.y) - quad(a.min.y));
    Penetration p;
    if (ox < oy) {
        p.depth = static_cast<real>(ox);
        p.normal = {quad(a.min.x) + quad(a.max.x) > quad(b.min.x) + quad(b.max.x) ? 1 : -1, 0};
    } else {
        p.depth = static_cast<real>(oy);
        p.normal = {0, quad(a.min.y) + quad(a.max.y) > quad(b.min.y) + quad(b.max.y) ? 1 : -1};
    }
    return p;
}

RefSweep sweep(const Aabb& a, Vec2 d, const Aabb& b, std::uint8_t faces, std::uint8_t seams) {
    RefSweep r;
    const Axis ax[2] = {make_axis(a.min.x, a.max.x, d.x, b.min.x, b.max.x),
                        make_axis(a.min.y, a.max.y, d.y, b.min.y, b.max.y)};
    if (ax[0].kind == Axis::never || ax[1].kind == Axis::never) return r;
    if (ax[0].kind == Axis::always && ax[1].kind == Axis::always) {
        r.state = SweepState::started_overlapping;
        r.time = {0, 1};
        r.normal = min_translation(a, b).normal;
        return r;
    }
    int axis = -1; // the axis that entered last
    bool corner = false;
    if (ax[0].kind == Axis::instant || ax[1].kind == Axis::instant) {
        if (ax[0].kind == Axis::instant && ax[1].kind == Axis::instant) return r; // never an open overlap
        const int i = ax[0].kind == Axis::instant ? 0 : 1;
        const Axis& o = ax[1 - i];
        const Time t = enter_time(ax[i]);
        if (negative(t) || !below_one(t)) return r;
        if (o.kind == Axis::span && !(less(enter_time(o), t) && less(t, exit_time(o)))) return r;
        axis = i;
        r.time = t;
    } else {
        // Both axes are span or always (not both always).
        Time enter{};
        Time exit{};
        bool have_enter = false;
        bool have_exit = false;
        for (int i = 0; i < 2; ++i) {
            if (ax[i].kind != Axis::span) continue;
            const Time e = enter_time(ax[i]);
            const Time x = exit_time(ax[i]);
            if (!have_enter || less(enter, e)) {
                enter = e;
                axis = i;
                corner = false;
            } else if (equal(enter, e)) {
                corner = true;
            }
            if (!have_exit || less(x, exit)) exit = x;
            have_enter = have_exit = true;
        }
        if (!less(enter, exit)) return r;               // the axes never overlap at the same time
        if (!negative(exit) && exit.num == 0) return r; // overlap ends at 0: moving away
        if (negative(exit)) return r;
        if (negative(enter)) {
            r.state = SweepState::started_overlapping;
            r.time = {0, 1};
            r.normal = min_translation(a, b).normal;
            return r;
        }
        if (!below_one(enter)) return r;
        if (corner) {
            // Rule 4: the axis of the larger |d|, ties y.
            axis = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1;
        }
        r.time = enter;
    }
    Vec2 n = axis_normal(axis, d);
    const std::uint8_t f = face_bit(axis, axis == 0 ? n.x : n.y);
    if (!(faces & f)) {
        if (!corner) return r;
        axis = 1 - axis;
        n = axis_normal(axis, d);
        if (!(faces & face_bit(axis, axis == 0 ? n.x : n.y))) return r;
    } else if ((seams & f) && corner) {
        const int other = 1 - axis;
        const Vec2 n2 = axis_normal(other, d);
        const std::uint8_t f2 = face_bit(other, other == 0 ? n2.x : n2.y);
        if ((faces & f2) && !(seams & f2)) {
            axis = other;
            n = n2;
        }
    }
    r.state = SweepState::hit;
    r.normal = n;
    r.corner = corner;
    return r;
}

bool before(const RefHit& a, const RefHit& b) {
    if (less(a.time, b.time)) return true;
    if (less(b.time, a.time)) return false;
    if (a.corner != b.corner) return !a.corner;
    return a.other < b.other;
}

bool passes(const QueryFilter& f, std::uint32_t category, std::uint32_t mask) {
    return (category & f.mask) != 0 && (f.category & mask) != 0;
}

bool one_way_blocks(const Aabb& start, Vec2 d, const Aabb& tile, TileShape shape) {
    switch (shape) {
    case TileShape::one_way_down: return d.y > 0 && start.max.y <= tile.min.y;
    case TileShape::one_way_up: return d.y < 0 && start.min.y >= tile.max.y;
    case TileShape::one_way_left: return d.x < 0 && start.min.x >= tile.max.x;
    case TileShape::one_way_right: return d.x > 0 && start.max.x <= tile.min.x;
    default: return true;
    }
}

std::uint8_t one_way_entry_face(TileShape shape) {
    switch (shape) {
    case TileShape::one_way_down: return face_neg_y;
    case TileShape::one_way_up: return face_pos_y;
    case TileShape::one_way_left: return face_pos_x;
    case TileShape::one_way_right: return face_neg_x;
    default: return 0;
    }
}

std::vector<TileBox> blocking_tiles(const TileMap& m) {
    std::vector<TileBox> out;
    for (std::int32_t row = 0; row < m.rows(); ++row)
        for (std::int32_t col = 0; col < m.columns(); ++col) {
            const TileCell c{col, row};
            const Tile t = m.get(c);
            const TileKind& k = m.kind(m.kind_at(c));
            if (t != Tile::empty) out.push_back({c, m.cell_box(c), t, m.faces(c), k.shape, k.category, k.mask});
        }
    return out;
}

namespace {

// The closed box covering the whole trip, in long double with a small outward margin. A hit
// needs the moving box to touch the obstacle, so an obstacle outside this box cannot be hit;
// this only keeps the reference fast, it never decides an answer.
struct TripBox {
    long double x0, y0, x1, y1;
};
TripBox trip_box(const Aabb& a, Vec2 d) {
    const long double ex = (std::fabs(static_cast<long double>(a.max.x)) + std::fabs(static_cast<long double>(d.x)) +
                            std::fabs(static_cast<long double>(a.min.x))) *
                               1e-9L +
                           1e-30L;
    const long double ey = (std::fabs(static_cast<long double>(a.max.y)) + std::fabs(static_cast<long double>(d.y)) +
                            std::fabs(static_cast<long double>(a.min.y))) *
                               1e-9L +
                           1e-30L;
    const long double mx0 = a.min.x, my0 = a.min.y, mx1 = a.max.x, my1 = a.max.y;
    return {std::min(mx0, mx0 + d.x) - ex, std::min(my0, my0 + d.y) - ey, std::max(mx1, mx1 + d.x) + ex,
            std::max(my1, my1 + d.y) + ey};
}
bool may_touch(const TripBox& t, const Aabb& b) {
    return b.min.x <= t.x1 && t.x0 <= b.max.x && b.min.y <= t.y1 && t.y0 <= b.max.y;
}

void add_hit(std::vector<RefHit>& out, const Other& o, const Aabb& ob, const RefSweep& s) {
    if (s.state == SweepState::miss) return;
    RefHit h;
    h.other = o;
    h.obstacle = ob;
    h.time = s.time;
    h.normal = s.normal;
    h.corner = s.corner;
    h.started_overlapping = s.state == SweepState::started_overlapping;
    out.push_back(h);
}

} // namespace

namespace {

// ---- Junctions (contract rule 6 for points and planks) ----
//
// Written from the rule's text: at a point q, the closed boxes of the obstacles holding q cut
// the plane around q into four open quadrants and four open rays; a free quadrant belongs to a
// component with the free quadrants it reaches across uncovered rays; a piece's sides are the
// components it touches. Everything here compares `real` values exactly or quad values formed
// exactly; the one product test (a corner exactly on a diagonal path) uses an error-free product.

// A solid obstacle as the junction rule sees it (one-way tiles never take part).
struct Obstacle {
    Other other{};
    Aabb box{};
    TileShape one_way = TileShape::empty; // a one-way body: its direction as a one-way tile's shape
};

// A body's one-way direction as the shape of a one-way tile of that direction.
TileShape shape_of(OneWay w) {
    switch (w) {
    case OneWay::down: return TileShape::one_way_down;
    case OneWay::up: return TileShape::one_way_up;
    case OneWay::left: return TileShape::one_way_left;
    case OneWay::right: return TileShape::one_way_right;
    default: return TileShape::empty;
    }
}

// Rays and quadrants around q, counter-clockwise: ray i is +x, +y, -x, -y for i = 0..3;
// quadrant i lies between ray i and ray i + 1: (+,+), (-,+), (-,-), (+,-).
int ray_toward(int axis, real sign) { return axis == 0 ? (sign > 0 ? 0 : 2) : (sign > 0 ? 1 : 3); }
int quadrant_toward(real sx, real sy) {
    if (sx > 0) return sy > 0 ? 0 : 3;
    return sy > 0 ? 1 : 2;
}

struct Star {
    bool ray_covered[4] = {false, false, false, false};
    bool quad_covered[4] = {false, false, false, false};
    int component[4] = {0, 1, 2, 3};        // smallest quadrant index of the class (free quadrants)
    const Obstacle* lowest_cover = nullptr; // lowest (Other's order) holder of q covering a piece

    // Bit set of components: a free quadrant gives its component, a covered one nothing.
    unsigned quadrant_sides(int i) const { return quad_covered[i] ? 0u : 1u << component[i]; }
    // The sides of a ray: the components of the free quadrants beside it (0: a seam, solid).
    unsigned ray_sides(int i) const { return quadrant_sides((i + 3) % 4) | quadrant_sides(i); }
    unsigned all_sides() const { return quadrant_sides(0) | quadrant_sides(1) | quadrant_sides(2) | quadrant_sides(3); }
};

// The closed box b holds q.
bool holds(const Aabb& b, Vec2 q) { return b.min.x <= q.x && q.x <= b.max.x && b.min.y <= q.y && q.y <= b.max.y; }

Star star_at(const std::vector<const Obstacle*>& obs, Vec2 q) {
    Star s;
    for (const Obstacle* o : obs) {
        const Aabb& b = o->box;
        if (!holds(b, q)) continue;
        // Strictly beyond q toward +x, +y, -x, -y.
        const bool ext[4] = {b.max.x > q.x, b.max.y > q.y, b.min.x < q.x, b.min.y < q.y};
        bool covers = false;
        for (int i = 0; i < 4; ++i) {
            s.ray_covered[i] = s.ray_covered[i] || ext[i];
            s.quad_covered[i] = s.quad_covered[i] || (ext[i] && ext[(i + 1) % 4]);
            covers = covers || ext[i];
        }
        if (covers && (s.lowest_cover == nullptr || o->other < s.lowest_cover->other)) s.lowest_cover = o;
    }
    // Join the two quadrants beside every uncovered ray (both are free then): relabel the
    // larger class to the smaller one.
    for (int i = 0; i < 4; ++i) {
        if (s.ray_covered[i]) continue;
        const int a = (i + 3) % 4, b = i;
        const int from = std::max(s.component[a], s.component[b]);
        const int to = std::min(s.component[a], s.component[b]);
        for (int k = 0; k < 4; ++k)
            if (s.component[k] == from) s.component[k] = to;
    }
    return s;
}

// Error-free product (Veltkamp split, Dekker): hi + lo == a * b exactly (no overflow here).
struct Product {
    quad hi, lo;
};
Product exact_product(quad a, quad b) {
    const quad split = quad(144115188075855873.0L); // 2^57 + 1 for a 113-bit mantissa
    const auto halves = [&](quad v, quad& h, quad& l) {
        const quad c = split * v;
        h = c - (c - v);
        l = v - h;
    };
    quad ah, al, bh, bl;
    halves(a, ah, al);
    halves(b, bh, bl);
    const quad hi = a * b;
    const quad lo = ((ah * bh - hi) + ah * bl + al * bh) + al * bl;
    return {hi, lo};
}
// Exact a * b == c * d (the rounded product and its error are functions of the exact value).
bool products_equal(quad a, quad b, quad c, quad d) {
    const Product x = exact_product(a, b), y = exact_product(c, d);
    return x.hi == y.hi && x.lo == y.lo;
}

real step_toward(real from, real to) { return std::nextafter(from, to); }

// The junction stop of a mover with zero extent on some axis, moving by d, among `obs`.
std::optional<RefHit> junction_among(const std::vector<Obstacle>& all, const Aabb& a, Vec2 d) {
    const bool flat_x = a.min.x == a.max.x, flat_y = a.min.y == a.max.y;
    if (!flat_x && !flat_y) return std::nullopt; // an area box: not this rule
    const bool point = flat_x && flat_y;
    if (d.x == 0 && d.y == 0) return std::nullopt;

    std::vector<const Obstacle*> obs;
    for (const Obstacle& o : all) obs.push_back(&o);

    RefHit h;
    h.junction = true;
    h.started_overlapping = false;
    const auto finish = [&](const Obstacle* o) {
        h.other = o->other;
        h.obstacle = o->box;
        return std::optional<RefHit>(h);
    };

    if (d.x != 0 && d.y != 0) {
        // (b) Diagonal motion: points only.
        if (!point) return std::nullopt;
        const Vec2 p = a.min;
        const int ahead = quadrant_toward(d.x, d.y), behind = (ahead + 2) % 4;
        const int axis = std::fabs(d.x) > std::fabs(d.y) ? 0 : 1; // rule 4: larger |d|, ties y
        h.normal = axis_normal(axis, d);
        h.corner = true;
        const Star s0 = star_at(obs, p);
        if (s0.lowest_cover != nullptr && !s0.quad_covered[ahead] &&
            (s0.all_sides() & ~s0.quadrant_sides(ahead)) != 0) {
            h.time = {0, 1};
            h.point = p;
            h.box = a;
            return finish(s0.lowest_cover);
        }
        // Corners of obstacles exactly on the open path 0 < t < 1, in path order.
        const quad dx = quad(d.x), dy = quad(d.y), adx = dx < 0 ? -dx : dx;
        std::vector<std::pair<quad, Vec2>> events; // (|q.x - p.x|, q)
        for (const Obstacle* o : obs) {
            const real xs[2] = {o->box.min.x, o->box.max.x}, ys[2] = {o->box.min.y, o->box.max.y};
            for (real cx : xs)
                for (real cy : ys) {
                    const quad ex = quad(cx) - quad(p.x), ey = quad(cy) - quad(p.y);
                    if ((ex > 0) != (dx > 0) || ex == 0) continue;
                    const quad aex = ex < 0 ? -ex : ex;
                    if (!(aex < adx)) continue;
                    if (!products_equal(ex, dy, ey, dx)) continue;
                    events.push_back({aex, Vec2{cx, cy}});
                }
        }
        std::sort(events.begin(), events.end(), [](const auto& u, const auto& v) { return u.first < v.first; });
        for (const auto& [dist, q] : events) {
            const Star s = star_at(obs, q);
            if (s.quad_covered[ahead]) continue; // the slabs' ordinary hit at that instant
            const unsigned back = s.quadrant_sides(behind), front = s.quadrant_sides(ahead);
            if (back == 0 || (back & ~front) == 0) continue;
            h.time = {dist, adx};
            h.point = q;
            const Vec2 r{step_toward(q.x, p.x), step_toward(q.y, p.y)};
            h.box = {r, r};
            return finish(s.lowest_cover);
        }
        return std::nullopt;
    }

    // (a) Motion along axis m. A plank only along its own line, tested at its leading end.
    const int m = d.x != 0 ? 0 : 1, o = 1 - m;
    if (!point && !(m == 0 ? flat_y : flat_x)) return std::nullopt;
    const real dm = d[m];
    const real sgn = dm > 0 ? real(1) : real(-1);
    Vec2 p = a.min;
    p[m] = dm > 0 ? a.max[m] : a.min[m];
    const quad adm = dm > 0 ? quad(dm) : -quad(dm);
    const auto ahead_dist = [&](real e) { return dm > 0 ? quad(e) - quad(p[m]) : quad(p[m]) - quad(e); };
    std::vector<real> es{p[m]};
    for (const Obstacle* ob : obs) {
        const Aabb& b = ob->box;
        if (!(b.min[o] <= p[o] && p[o] <= b.max[o])) continue;
        for (real e : {b.min[m], b.max[m]}) {
            const quad k = ahead_dist(e);
            if (k >= 0 && k < adm) es.push_back(e);
        }
    }
    std::sort(es.begin(), es.end(), [&](real u, real v) { return dm > 0 ? u < v : u > v; });
    es.erase(std::unique(es.begin(), es.end()), es.end());
    const int ahead = ray_toward(m, sgn), behind = (ahead + 2) % 4;
    for (real e : es) {
        Vec2 q = p;
        q[m] = e;
        const Star s = star_at(obs, q);
        if (s.lowest_cover == nullptr) continue;
        const bool start = e == p[m];
        const unsigned front = s.ray_sides(ahead);
        const unsigned back = start && point ? s.all_sides() : s.ray_sides(behind);
        const bool enters = front == 0;
        const bool passes = !enters && back != 0 && (back & ~front) != 0;
        if (!enters && !passes) continue;
        h.time = {ahead_dist(e), adm};
        h.normal = axis_normal(m, d);
        h.corner = false;
        h.point = q;
        if (start) {
            h.box = a;
        } else {
            const real lead = enters ? e : step_toward(e, p[m]);
            h.box = a;
            if (point) {
                h.box.min[m] = h.box.max[m] = lead;
            } else {
                // A plank keeps its size: the trailing end is lead -+ size, rounded once.
                const quad size = quad(a.max[m]) - quad(a.min[m]);
                const real trail = static_cast<real>(dm > 0 ? quad(lead) - size : quad(lead) + size);
                if (dm > 0) {
                    h.box.max[m] = lead;
                    h.box.min[m] = std::min(trail, lead);
                } else {
                    h.box.min[m] = lead;
                    h.box.max[m] = std::max(trail, lead);
                }
            }
        }
        const Obstacle* named = nullptr;
        if (enters) {
            // The lowest obstacle holding q whose face at e meets the motion (with extent on m).
            for (const Obstacle* ob : obs) {
                const Aabb& b = ob->box;
                if (!holds(b, q) || !(b.max[m] > b.min[m])) continue;
                if ((dm > 0 ? b.min[m] : b.max[m]) != e) continue;
                if (named == nullptr || ob->other < named->other) named = ob;
            }
        }
        return finish(named != nullptr ? named : s.lowest_cover);
    }
    return std::nullopt;
}

// The obstacles the filter selects, for the ordinary sweeps (with their flags) and the junction
// rule (solid ones only), limited to those the trip box may touch.
struct Candidates {
    std::vector<Obstacle> bodies;
    std::vector<TileBox> tile_boxes;
    std::vector<Obstacle> sensors; // QueryFilter::sensors: sensor bodies and tiles, lone boxes
};

// The sensor bodies and sensor tiles a filter with `sensors` sees (category and mask of the
// body, or of the tile's kind), for which keep(box) holds.
template <class Keep> std::vector<Obstacle> sensors_seen(const World& w, const QueryFilter& f, Keep&& keep) {
    std::vector<Obstacle> out;
    if (!f.sensors) return out;
    if (f.bodies) {
        std::vector<BodyId> ids;
        w.body_ids(ids);
        for (BodyId id : ids) {
            const BodyInfo info = w.info(id);
            if (id != f.ignore && info.is_sensor && passes(f, info.category, info.mask) && keep(info.box))
                out.push_back({Other::of(id), info.box});
        }
    }
    const TileMap& m = w.tiles();
    if (f.tiles)
        for (std::int32_t row = 0; row < m.rows(); ++row)
            for (std::int32_t col = 0; col < m.columns(); ++col) {
                const TileKind& k = m.kind(m.kind_at({col, row}));
                const Aabb b = m.cell_box({col, row});
                if (k.sensor && passes(f, k.category, k.mask) && keep(b))
                    out.push_back({Other::of(TileCell{col, row}), b});
            }
    return out;
}

Candidates candidates(const World& w, const Aabb& box, Vec2 delta, const QueryFilter& f) {
    Candidates c;
    const TripBox trip = trip_box(box, delta);
    if (f.bodies) {
        std::vector<BodyId> ids;
        w.body_ids(ids);
        for (BodyId id : ids) {
            if (id == f.ignore) continue;
            const BodyInfo info = w.info(id);
            if (info.is_sensor || !passes(f, info.category, info.mask)) continue;
            if (!may_touch(trip, info.box)) continue;
            c.bodies.push_back({Other::of(id), info.box, shape_of(info.one_way)});
        }
    }
    const TileMap& m = w.tiles();
    if (f.tiles && !m.is_empty())
        for (const TileBox& t : blocking_tiles(m))
            if (passes(f, t.category, t.mask) && may_touch(trip, t.box)) c.tile_boxes.push_back(t);
    c.sensors = sensors_seen(w, f, [&](const Aabb& b) { return may_touch(trip, b); });
    return c;
}

std::vector<Obstacle> solid_obstacles(const Candidates& c) {
    std::vector<Obstacle> out;
    for (const Obstacle& b : c.bodies)
        if (b.one_way == TileShape::empty) out.push_back(b);
    for (const TileBox& t : c.tile_boxes)
        if (t.tile == Tile::solid) out.push_back({Other::of(t.cell), t.box});
    return out;
}

} // namespace

std::optional<RefHit> junction_stop(const World& w, const Aabb& box, Vec2 delta, const QueryFilter& f) {
    return junction_among(solid_obstacles(candidates(w, box, delta, f)), box, delta);
}

namespace {

// A point or plank `a` that starts on the line of a zero-thickness body b and leaves it (the
// sweep s hits at 0 across that line) while lying on the face of a solid obstacle across it,
// behind its motion: it is on that face's open side, so it leaves the thin body too (rules 3
// and 5), and that is no hit.
bool leaves_a_held_line(const Aabb& a, Vec2 d, const Aabb& b, const RefSweep& s, const std::vector<Obstacle>& solids) {
    if (s.state != SweepState::hit || s.time.num != 0) return false;
    const int k = s.normal.x != 0 ? 0 : 1, j = 1 - k;
    const real line = a.min[k];
    if (a.max[k] != line || b.min[k] != line || b.max[k] != line) return false;
    for (const Obstacle& o : solids) {
        if (!(o.box.min[k] < o.box.max[k]) || (d[k] > 0 ? o.box.max[k] : o.box.min[k]) != line) continue;
        if (o.box.min[j] < a.max[j] && a.min[j] < o.box.max[j]) return true;
    }
    return false;
}

} // namespace

std::vector<RefHit> cast_all(const World& w, const Aabb& box, Vec2 delta, const QueryFilter& f) {
    std::vector<RefHit> out;
    const Candidates c = candidates(w, box, delta, f);
    const std::vector<Obstacle> solids = solid_obstacles(c);
    for (const Obstacle& b : c.bodies) {
        // A one-way body as a one-way tile of its direction, whose entry face is always a surface.
        RefSweep s;
        if (b.one_way == TileShape::empty) {
            s = sweep(box, delta, b.box);
        } else if (one_way_blocks(box, delta, b.box, b.one_way)) {
            s = sweep(box, delta, b.box, one_way_entry_face(b.one_way), 0);
        }
        if (b.one_way != TileShape::empty || !leaves_a_held_line(box, delta, b.box, s, solids))
            add_hit(out, b.other, b.box, s);
    }
    for (const TileBox& t : c.tile_boxes) {
        if (t.tile == Tile::one_way && !one_way_blocks(box, delta, t.box, t.shape)) continue;
        // A solid tile may be entered through every face, its non-surfaces are seams; a
        // one-way tile only through the face of its direction, when that is a surface.
        const bool solid = t.tile == Tile::solid;
        const std::uint8_t enter = solid ? std::uint8_t(face_all) : std::uint8_t(t.faces & one_way_entry_face(t.shape));
        const std::uint8_t seams = solid ? std::uint8_t(~t.faces & face_all) : std::uint8_t(0);
        add_hit(out, Other::of(t.cell), t.box, sweep(box, delta, t.box, enter, seams));
    }
    for (const Obstacle& s : c.sensors) add_hit(out, s.other, s.box, sweep(box, delta, s.box));
    std::sort(out.begin(), out.end(), before);
    // Rule 6's junction stop goes right before the first hit strictly after it (a started hit is
    // at 0, never after it); it is dropped when its obstacle was hit before that place, and an
    // ordinary hit of its obstacle after it is dropped (every obstacle once).
    const std::optional<RefHit> j = junction_among(solids, box, delta);
    if (!j) return out;
    const auto place = std::find_if(out.begin(), out.end(),
                                    [&](const RefHit& h) { return !h.started_overlapping && less(j->time, h.time); });
    if (std::any_of(out.begin(), place, [&](const RefHit& h) { return h.other == j->other; })) return out;
    const auto at = place - out.begin();
    const auto later = std::find_if(place, out.end(), [&](const RefHit& h) { return h.other == j->other; });
    if (later != out.end()) out.erase(later);
    out.insert(out.begin() + at, *j);
    return out;
}

std::optional<RefHit> cast_box(const World& w, const Aabb& box, Vec2 delta, const QueryFilter& f) {
    std::vector<RefHit> all = cast_all(w, box, delta, f);
    if (all.empty()) return std::nullopt;
    return all.front();
}

std::optional<RefHit> cast_ray(const World& w, Vec2 origin, Vec2 delta, const QueryFilter& f) {
    return cast_box(w, Aabb{origin, origin}, delta, f);
}

// ---- Rule 7: the way out of obstacles a box starts inside ----
//
// Written from the rule's text: the box leaves every blocking obstacle it overlaps at once, for
// the nearest free place along one axis. Along each of -y, +y, -x, +x (the order of ties) it has
// left them all where it has left the one it leaves last: its trailing edge on that one's far
// face (the other edge that face plus its size, rounded once). That place counts when it lies
// within push_out_sides times the box's larger side, the box moving there from its start enters
// no blocking obstacle it did not start in (a one-way one only through its entry face, from the
// side it blocks), and, for a point or plank, its way crosses no thin wall's line nor stops at a
// junction (rule 6), and its end lies on no thin wall's line, at no meeting point with solid all
// around or sides apart, and for a plank not between two solids.

namespace {

struct Blocker {
    Other other{};
    Aabb box{};
    std::uint8_t entry = face_all; // a one-way obstacle: the face it is entered through (0: none)
    bool one_way = false;
};

// The axis-aligned unit vector of a single face's outward normal.
Vec2 face_out(std::uint8_t face) {
    if (face == face_neg_x) return {-1, 0};
    if (face == face_pos_x) return {1, 0};
    if (face == face_neg_y) return {0, -1};
    return {0, 1};
}

bool closed_meets_box(const Aabb& a, const Aabb& b) {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

// The box starts fully on the outer side of the face.
bool outside_face(const Aabb& a, const Aabb& b, std::uint8_t face) {
    if (face == face_neg_x) return a.max.x <= b.min.x;
    if (face == face_pos_x) return a.min.x >= b.max.x;
    if (face == face_neg_y) return a.max.y <= b.min.y;
    return a.min.y >= b.max.y;
}

} // namespace

RefPush push_out(const World& w, const Aabb& box, const QueryFilter& f, const std::function<bool(const Other&)>& blocks,
                 real push_out_sides) {
    std::vector<Blocker> all;
    std::vector<BodyId> ids;
    w.body_ids(ids);
    for (BodyId id : ids) {
        const BodyInfo info = w.info(id);
        if (id == f.ignore || info.is_sensor || !passes(f, info.category, info.mask) || !blocks(Other::of(id)))
            continue;
        Blocker b{Other::of(id), info.box};
        if (info.one_way != OneWay::none) {
            b.one_way = true;
            b.entry = one_way_entry_face(shape_of(info.one_way));
        }
        all.push_back(b);
    }
    const TileMap& m = w.tiles();
    if (!m.is_empty())
        for (const TileBox& t : blocking_tiles(m)) {
            if (m.kind(m.kind_at(t.cell)).sensor || !passes(f, t.category, t.mask) || !blocks(Other::of(t.cell)))
                continue;
            Blocker b{Other::of(t.cell), t.box};
            if (t.tile == Tile::one_way) {
                b.one_way = true;
                b.entry = std::uint8_t(t.faces & one_way_entry_face(t.shape));
            }
            all.push_back(b);
        }
    RefPush out;
    std::vector<const Blocker*> in;
    for (const Blocker& b : all)
        if (!b.one_way && overlaps(box, b.box)) in.push_back(&b);
    if (in.empty()) return out;
    out.started = true;
    const bool unbounded = std::isinf(push_out_sides);
    const quad reach = unbounded ? 0
                                 : quad(push_out_sides) *
                                       std::max(quad(box.max.x) - quad(box.min.x), quad(box.max.y) - quad(box.min.y));
    struct Way {
        int k, sg;
        quad dist = -1;
        const Blocker* last = nullptr;
        Aabb to{};
    };
    std::vector<Way> ways = {{1, -1}, {1, 1}, {0, -1}, {0, 1}};
    for (Way& way : ways) {
        const int k = way.k;
        for (const Blocker* b : in) {
            const quad dist = way.sg > 0 ? quad(b->box.max[k]) - quad(box.min[k])
                                         : quad(box.max[k]) - quad(b->box.min[k]);
            if (dist > way.dist || (dist == way.dist && b->other < way.last->other)) {
                way.dist = dist;
                way.last = b;
            }
        }
        const quad size = quad(box.max[k]) - quad(box.min[k]);
        way.to = box;
        if (way.sg > 0) {
            way.to.min[k] = way.last->box.max[k];
            way.to.max[k] = std::max(static_cast<real>(quad(way.to.min[k]) + size), way.to.min[k]);
        } else {
            way.to.max[k] = way.last->box.min[k];
            way.to.min[k] = std::min(static_cast<real>(quad(way.to.max[k]) - size), way.to.max[k]);
        }
    }
    std::stable_sort(ways.begin(), ways.end(), [](const Way& a, const Way& b) { return a.dist < b.dist; });
    const bool thin = box.min.x == box.max.x || box.min.y == box.max.y;
    for (const Way& way : ways) {
        if (!unbounded && way.dist > reach) continue;
        const int k = way.k, j = 1 - k;
        const Aabb& to = way.to;
        const Aabb hull{{std::min(box.min.x, to.min.x), std::min(box.min.y, to.min.y)},
                        {std::max(box.max.x, to.max.x), std::max(box.max.y, to.max.y)}};
        Vec2 e{0, 0};
        e[k] = real(way.sg);
        bool free = true;
        std::vector<Obstacle> others, solids;
        for (const Blocker& b : all) {
            const bool started = std::find(in.begin(), in.end(), &b) != in.end();
            if (b.one_way) {
                if (b.entry != 0 && face_out(b.entry) == -e && outside_face(box, b.box, b.entry) &&
                    overlaps(hull, b.box))
                    free = false;
                continue;
            }
            if (!started) {
                if (overlaps(hull, b.box)) free = false;
                const bool on_line = box.min[k] == box.max[k] && b.box.min[k] == b.box.max[k] &&
                                     (b.box.min[k] == box.min[k] || b.box.min[k] == to.min[k]) &&
                                     b.box.min[j] < box.max[j] && box.min[j] < b.box.max[j];
                if (on_line) free = false;
                others.push_back({b.other, b.box});
            }
            if (closed_meets_box(b.box, to)) solids.push_back({b.other, b.box});
        }
        if (free && thin) {
            if (junction_among(others, box, to.min - box.min)) free = false;
            std::vector<const Obstacle*> near;
            for (const Obstacle& o : solids) near.push_back(&o);
            if (to.min == to.max) {
                const Star st = star_at(near, to.min);
                int sides = 0;
                for (int i = 0; i < 4; ++i) sides += (st.all_sides() >> i) & 1;
                const bool closed = st.quad_covered[0] && st.quad_covered[1] && st.quad_covered[2] &&
                                    st.quad_covered[3];
                if (st.lowest_cover != nullptr && (closed || sides > 1)) free = false;
            } else {
                // A plank: on a thin wall's line, or touched on both sides of its line.
                const int z = to.min.x == to.max.x ? 0 : 1, l = 1 - z;
                bool below = false, above = false;
                for (const Obstacle& o : solids) {
                    if (!(o.box.min[l] < to.max[l] && to.min[l] < o.box.max[l])) continue;
                    if (o.box.min[z] == to.min[z] && o.box.max[z] == to.min[z]) free = false;
                    below = below || o.box.max[z] == to.min[z];
                    above = above || o.box.min[z] == to.min[z];
                }
                if (below && above) free = false;
            }
        }
        if (!free) continue;
        out.box = to;
        out.normal = e;
        out.last = way.last->other;
        return out;
    }
    out.stuck = true;
    return out;
}

namespace {
bool closed_meets(const Aabb& a, const Aabb& b) {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}
} // namespace

std::vector<Other> query_rect(const World& w, const Aabb& rect, const QueryFilter& f) {
    std::vector<Other> out;
    if (f.bodies) {
        std::vector<BodyId> ids;
        w.body_ids(ids);
        for (BodyId id : ids) {
            if (id == f.ignore) continue;
            const BodyInfo info = w.info(id);
            if (!info.is_sensor && passes(f, info.category, info.mask) && closed_meets(info.box, rect))
                out.push_back(Other::of(id));
        }
    }
    const TileMap& m = w.tiles();
    if (f.tiles && !m.is_empty())
        for (const TileBox& t : blocking_tiles(m))
            if (passes(f, t.category, t.mask) && closed_meets(t.box, rect)) out.push_back(Other::of(t.cell));
    for (const Obstacle& s : sensors_seen(w, f, [&](const Aabb& b) { return closed_meets(b, rect); }))
        out.push_back(s.other);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<Other> query_point(const World& w, Vec2 p, const QueryFilter& f) { return query_rect(w, Aabb{p, p}, f); }

namespace {
// First parameter t in [0, 1] where the closed segment p + t*d meets the closed box b.
std::optional<Time> segment_enter(Vec2 p, Vec2 d, const Aabb& b) {
    Time enter{0, 1};
    Time exit{1, 1};
    for (int i = 0; i < 2; ++i) {
        const real pi = i == 0 ? p.x : p.y;
        const real di = i == 0 ? d.x : d.y;
        const real b0 = i == 0 ? b.min.x : b.min.y;
        const real b1 = i == 0 ? b.max.x : b.max.y;
        if (di == 0) {
            if (pi < b0 || pi > b1) return std::nullopt;
            continue;
        }
        const quad den = di > 0 ? quad(di) : -quad(di);
        const Time e = di > 0 ? Time{quad(b0) - quad(pi), den} : Time{quad(pi) - quad(b1), den};
        const Time x = di > 0 ? Time{quad(b1) - quad(pi), den} : Time{quad(pi) - quad(b0), den};
        if (less(enter, e)) enter = e;
        if (less(x, exit)) exit = x;
    }
    if (less(exit, enter)) return std::nullopt;
    return enter;
}
} // namespace

std::vector<SegmentHit> query_segment(const World& w, Vec2 a, Vec2 b, const QueryFilter& f) {
    // d is b - a rounded once, as the library must also form it; the test segments use values
    // whose difference is exact.
    const Vec2 d = b - a;
    std::vector<SegmentHit> out;
    if (f.bodies) {
        std::vector<BodyId> ids;
        w.body_ids(ids);
        for (BodyId id : ids) {
            if (id == f.ignore) continue;
            const BodyInfo info = w.info(id);
            if (!passes(f, info.category, info.mask)) continue;
            if (auto t = segment_enter(a, d, info.box)) out.push_back({Other::of(id), *t});
        }
    }
    const TileMap& m = w.tiles();
    if (f.tiles && !m.is_empty())
        for (const TileBox& t : blocking_tiles(m)) {
            if (!passes(f, t.category, t.mask)) continue;
            if (auto s = segment_enter(a, d, t.box)) out.push_back({Other::of(t.cell), *s});
        }
    std::sort(out.begin(), out.end(), [](const SegmentHit& x, const SegmentHit& y) {
        if (less(x.time, y.time)) return true;
        if (less(y.time, x.time)) return false;
        return x.other < y.other;
    });
    return out;
}

std::vector<Pair> overlapping_pairs(const World& w) {
    std::vector<BodyId> ids;
    w.body_ids(ids);
    std::vector<Pair> out;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const BodyInfo a = w.info(ids[i]);
        for (std::size_t j = i + 1; j < ids.size(); ++j) {
            const BodyInfo b = w.info(ids[j]);
            if (a.is_static && b.is_static) continue;
            if (!((a.category & b.mask) && (b.category & a.mask))) continue;
            const bool ov = a.box.min.x < b.box.max.x && b.box.min.x < a.box.max.x && a.box.min.y < b.box.max.y &&
                            b.box.min.y < a.box.max.y;
            if (!ov) continue;
            BodyId lo = ids[i], hi = ids[j];
            Aabb la = a.box, hb = b.box;
            if (hi.index < lo.index) {
                std::swap(lo, hi);
                std::swap(la, hb);
            }
            out.push_back({lo, hi, min_translation(la, hb)});
        }
    }
    std::sort(out.begin(), out.end(), [](const Pair& x, const Pair& y) {
        if (x.a != y.a) return x.a < y.a;
        return x.b < y.b;
    });
    return out;
}

// ---- Symmetry ----

Vec2 Symmetry::apply(Vec2 v) const {
    Vec2 r = swap_xy ? Vec2{v.y, v.x} : v;
    if (neg_x) r.x = -r.x;
    if (neg_y) r.y = -r.y;
    return r;
}

Aabb Symmetry::apply(const Aabb& b) const {
    const Vec2 p = apply(b.min);
    const Vec2 q = apply(b.max);
    return {{std::min(p.x, q.x), std::min(p.y, q.y)}, {std::max(p.x, q.x), std::max(p.y, q.y)}};
}

std::string Symmetry::name() const {
    std::string s = swap_xy ? "swap" : "id";
    if (neg_x) s += ",-x";
    if (neg_y) s += ",-y";
    return s;
}

std::array<Symmetry, 8> Symmetry::all() {
    std::array<Symmetry, 8> r{};
    for (int i = 0; i < 8; ++i) r[std::size_t(i)] = {(i & 4) != 0, (i & 1) != 0, (i & 2) != 0};
    return r;
}

// ---- text ----

std::string str(Vec2 v) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "(%.9g, %.9g)", double(v.x), double(v.y));
    return buf;
}

std::string str(const Aabb& b) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "[%.9g, %.9g, %.9g, %.9g]", double(b.min.x), double(b.min.y), double(b.max.x),
                  double(b.max.y));
    return buf;
}

std::string str(const Other& o) {
    char buf[64];
    if (o.is_body()) std::snprintf(buf, sizeof buf, "body(%u,%u)", o.body.index, o.body.generation);
    else if (o.is_tile()) std::snprintf(buf, sizeof buf, "tile(%d,%d)", o.tile.column, o.tile.row);
    else std::snprintf(buf, sizeof buf, "none");
    return buf;
}

} // namespace sweepbox::reference
