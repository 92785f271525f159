// The brute-force reference world of the tests (see reference_world.hpp). Written from the
// contract text of DESIGN.md, not from src/: every query loops over every body and every
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
    if (axis == 0) n.x = s; else n.y = s;
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
        if (!less(enter, exit)) return r;      // the axes never overlap at the same time
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

bool one_way_blocks(const Aabb& start, Vec2 d, const Aabb& tile) {
    return d.y > 0 && start.max.y <= tile.min.y;
}

std::vector<TileBox> blocking_tiles(const TileMap& m) {
    std::vector<TileBox> out;
    for (std::int32_t row = 0; row < m.rows(); ++row)
        for (std::int32_t col = 0; col < m.columns(); ++col) {
            const TileCell c{col, row};
            const Tile t = m.get(c);
            if (t != Tile::empty) out.push_back({c, m.cell_box(c), t, m.faces(c)});
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
                            std::fabs(static_cast<long double>(a.min.x))) * 1e-9L + 1e-30L;
    const long double ey = (std::fabs(static_cast<long double>(a.max.y)) + std::fabs(static_cast<long double>(d.y)) +
                            std::fabs(static_cast<long double>(a.min.y))) * 1e-9L + 1e-30L;
    const long double mx0 = a.min.x, my0 = a.min.y, mx1 = a.max.x, my1 = a.max.y;
    return {std::min(mx0, mx0 + d.x) - ex, std::min(my0, my0 + d.y) - ey,
            std::max(mx1, mx1 + d.x) + ex, std::max(my1, my1 + d.y) + ey};
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

std::vector<RefHit> cast_all(const World& w, const Aabb& box, Vec2 delta, const QueryFilter& f) {
    std::vector<RefHit> out;
    const TripBox trip = trip_box(box, delta);
    if (f.bodies) {
        std::vector<BodyId> ids;
        w.body_ids(ids);
        for (BodyId id : ids) {
            if (id == f.ignore) continue;
            const BodyInfo info = w.info(id);
            if (!passes(f, info.category, info.mask)) continue;
            if (!may_touch(trip, info.box)) continue;
            add_hit(out, Other::of(id), info.box, sweep(box, delta, info.box));
        }
    }
    const TileMap& m = w.tiles();
    if (f.tiles && !m.is_empty() && passes(f, m.def().category, m.def().mask)) {
        for (const TileBox& t : blocking_tiles(m)) {
            if (!may_touch(trip, t.box)) continue;
            if (t.tile == Tile::one_way && !one_way_blocks(box, delta, t.box)) continue;
            // A solid tile may be entered through every face, its non-surfaces are seams; a
            // one-way tile only through its top, when that is a surface.
            const bool solid = t.tile == Tile::solid;
            const std::uint8_t enter = solid ? std::uint8_t(face_all) : std::uint8_t(t.faces & face_neg_y);
            const std::uint8_t seams = solid ? std::uint8_t(~t.faces & face_all) : std::uint8_t(0);
            add_hit(out, Other::of(t.cell), t.box, sweep(box, delta, t.box, enter, seams));
        }
    }
    std::sort(out.begin(), out.end(), before);
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
            if (passes(f, info.category, info.mask) && closed_meets(info.box, rect))
                out.push_back(Other::of(id));
        }
    }
    const TileMap& m = w.tiles();
    if (f.tiles && !m.is_empty() && passes(f, m.def().category, m.def().mask))
        for (const TileBox& t : blocking_tiles(m))
            if (closed_meets(t.box, rect)) out.push_back(Other::of(t.cell));
    return out;
}

std::vector<Other> query_point(const World& w, Vec2 p, const QueryFilter& f) {
    return query_rect(w, Aabb{p, p}, f);
}

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
    if (f.tiles && !m.is_empty() && passes(f, m.def().category, m.def().mask))
        for (const TileBox& t : blocking_tiles(m))
            if (auto s = segment_enter(a, d, t.box)) out.push_back({Other::of(t.cell), *s});
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
            const bool ov = a.box.min.x < b.box.max.x && b.box.min.x < a.box.max.x &&
                            a.box.min.y < b.box.max.y && b.box.min.y < a.box.max.y;
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

// ---- Rng ----

std::int32_t Rng::uniform_int(std::int32_t lo, std::int32_t hi) {
    const std::uint64_t range = std::uint64_t(std::int64_t(hi) - std::int64_t(lo)) + 1;
    const std::uint64_t limit = (std::uint64_t(1) << 32) / range * range;
    for (;;) {
        const std::uint64_t v = bits();
        if (v < limit) return static_cast<std::int32_t>(std::int64_t(lo) + std::int64_t(v % range));
    }
}

double Rng::unit() {
    const std::uint64_t hi = bits() >> 5; // 27 bits
    const std::uint64_t lo = bits() >> 6; // 26 bits
    return static_cast<double>((hi << 26) | lo) * (1.0 / 9007199254740992.0);
}

real Rng::uniform(double lo, double hi) { return static_cast<real>(lo + (hi - lo) * unit()); }

real Rng::grid(std::int32_t lo_steps, std::int32_t hi_steps, double step) {
    return static_cast<real>(uniform_int(lo_steps, hi_steps) * step);
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
    std::snprintf(buf, sizeof buf, "[%.9g, %.9g, %.9g, %.9g]", double(b.min.x), double(b.min.y),
                  double(b.max.x), double(b.max.y));
    return buf;
}

std::string str(const Other& o) {
    char buf[64];
    if (o.is_body())
        std::snprintf(buf, sizeof buf, "body(%u,%u)", o.body.index, o.body.generation);
    else if (o.is_tile())
        std::snprintf(buf, sizeof buf, "tile(%d,%d)", o.tile.column, o.tile.row);
    else
        std::snprintf(buf, sizeof buf, "none");
    return buf;
}

} // namespace sweepbox::reference
