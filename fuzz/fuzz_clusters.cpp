/// @file fuzz_clusters.cpp
/// Fuzz target: rule 7 for clusters (docs/contract.md, "Started inside").
///
/// The bytes decode into a world: an optional tile map (a tile size among exact and rounded
/// ones, 1 to 8 x 1 to 8 tiles, each empty, solid, one-way in any direction or one of the 20 slope
/// shapes) and up to 12 static bodies, most of them placed inside, through or against the ones
/// before (clusters of overlapping boxes, thin walls, one-way bodies); a table of responses per
/// category (the tiles have their own); then up to 4 movers, each a box, plank or point placed
/// inside an obstacle or anywhere, moved once with a reach (push_out_sides) among 8, 0, 1, 2.5,
/// infinity or any value, and staying as an obstacle for the next.
///
/// Checked, exactly (a violation prints "sweepbox fuzz: PROPERTY VIOLATED:" and aborts):
/// - the way out, by an independent brute-force search over every obstacle: along each of -y,
///   +y, -x, +x, where the mover has left the last blocking obstacle it started in (a box's far
///   face; a slope's first `real` position off its polygon, from slope_reference.hpp's exact
///   slabs), the distance exact, within reach exactly, the hull of the start and that place
///   entering no blocking obstacle it did not start in (a one-way one only through its entry
///   face from its blocking side). For a body with area, the move must push it to the nearest
///   such place (ties in that order): its first contact started_overlapping, with that box bit
///   for bit, the way's normal and the obstacle it leaves last; or, when there is none, report
///   `stuck` and push nothing. A point or plank (whose way out also minds seams and meeting
///   points, rule 6) is pushed only to a place the search finds free, or stays.
/// - never inside: the end box overlaps no blocking obstacle (slopes by their solid part; not
///   slopes for a body that is a point or plank somewhere on its way, whose legs end by a slope's
///   line as fuzz_slopes checks) that the start did not overlap, and none at all when it was
///   pushed out; the push's box overlaps none.
/// - never through: between the push's box, each blocking contact's box and the end box, the
///   path goes through no blocking box it did not overlap at that leg's start (path_check.hpp).
/// - what max_iterations counts: every contact but the crosses, the push included, at most
///   max_iterations of them (`iterations`); `truncated` only when all were used.
/// - `check` gives the move's answer, and a brute-force world (WorldDef::brute_force) the same
///   bits.
///
/// SWEEPBOX_FUZZ_VERBOSE=1 prints the decoded world and moves.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>
#include <sweepbox/error.hpp>
#include <sweepbox/tile_map.hpp>
#include <sweepbox/world.hpp>
#include "exact.hpp"
#include "fuzz_common.hpp"
#include "path_check.hpp"
#include "slope_reference.hpp"

using namespace sweepbox;
using namespace sweepbox::fuzz;

namespace {

constexpr int slope_kind0 = 6; // kinds 3 to 5: one-way up, left, right; 6 to 25: the slope shapes
constexpr std::uint32_t tile_category = 1u << 3;
constexpr std::uint32_t mover_category = 1u << 4;
constexpr real inf = std::numeric_limits<real>::infinity();

bool verbose() {
    static const bool v = std::getenv("SWEEPBOX_FUZZ_VERBOSE") != nullptr;
    return v;
}

struct Scenario {
    bool has_map = false;
    TileMapDef map{};
    std::vector<std::int32_t> kinds; // per cell, row by row
    std::vector<BodyDef> statics;
    std::array<Response, 32> table{};
    struct Move {
        Aabb box{};
        Vec2 delta{};
        MoveOptions options{};
    };
    std::vector<Move> moves;
};

// ---- decoding ----

const real tile_sizes[] = {16, 1, real(0.7), real(3.3), 8, real(0.5), 24, real(1e-3)};

// One of the places (a byte picks it; places must not be empty).
const Aabb& place(ByteReader& in, const std::vector<Aabb>& places) {
    const std::uint8_t j = in.u8();
    return places[j % places.size()];
}

// A point of the closed box b at fractions (two bytes, each / 255), rounded.
Vec2 point_in(ByteReader& in, const Aabb& b) {
    const std::uint8_t fx = in.u8();
    const std::uint8_t fy = in.u8();
    const double x = double(b.min.x) + (double(b.max.x) - double(b.min.x)) * (fx / 255.0);
    const double y = double(b.min.y) + (double(b.max.y) - double(b.min.y)) * (fy / 255.0);
    return {std::clamp(real(x), b.min.x, b.max.x), std::clamp(real(y), b.min.y, b.max.y)};
}

// A size: 0, a small multiple of a quarter, or a value's magnitude.
real size_of(ByteReader& in, ValueGen& vg) {
    const std::uint8_t k = in.u8();
    if (k % 4 == 0) return 0;
    if (k % 4 == 1) return real(k >> 2) / 4;
    return vg.size(in);
}

Aabb sized(Vec2 at, real w, real h) {
    Aabb b{at, {real(at.x + w), real(at.y + h)}};
    if (!std::isfinite(b.max.x) || b.max.x < b.min.x) b.max.x = b.min.x;
    if (!std::isfinite(b.max.y) || b.max.y < b.min.y) b.max.y = b.min.y;
    return b;
}

Scenario decode(ByteReader& in) {
    Scenario sc;
    ValueGen vg(1e9);
    const std::uint8_t head = in.u8();
    std::vector<Aabb> places; // what the next bodies and movers may be placed in
    sc.has_map = (head & 1) != 0;
    if (sc.has_map) {
        sc.map.origin = vg.vec(in);
        sc.map.tile_size = tile_sizes[(head >> 1) & 7];
        const std::uint8_t c = in.u8();
        const std::uint8_t r = in.u8();
        sc.map.columns = 1 + c % 8;
        sc.map.rows = 1 + r % 8;
        sc.map.category = tile_category;
        for (int i = 0; i < sc.map.columns * sc.map.rows; ++i) {
            const std::uint8_t k = in.u8();
            std::int32_t kind = 0;
            if (k < 90) kind = 0;
            else if (k < 170) kind = 1;
            else if (k < 190) kind = 2 + k % 4;
            else kind = slope_kind0 + k % 20;
            sc.kinds.push_back(kind);
        }
        // The tiles are places too (their cells, as the map rounds its edges near enough).
        for (int i = 0; i < sc.map.columns * sc.map.rows; ++i) {
            if (sc.kinds[std::size_t(i)] == 0) continue;
            const double x = double(sc.map.origin.x) + double(sc.map.tile_size) * (i % sc.map.columns);
            const double y = double(sc.map.origin.y) + double(sc.map.tile_size) * (i / sc.map.columns);
            places.push_back(
                {{real(x), real(y)}, {real(x + double(sc.map.tile_size)), real(y + double(sc.map.tile_size))}});
        }
    }
    const std::uint8_t bodies = in.u8();
    for (int i = 0; i < bodies % 13; ++i) {
        const std::uint8_t mode = in.u8();
        BodyDef d;
        d.is_static = true;
        if (mode % 4 == 0 || places.empty()) {
            d.box = vg.box(in);
        } else {
            const Aabb& p = place(in, places);
            const Vec2 at = point_in(in, p);
            const real w = size_of(in, vg);
            const real h = size_of(in, vg);
            if (mode % 4 == 1) d.box = sized(at, w, h);                   // from a point inside p
            else if (mode % 4 == 2) d.box = sized({p.max.x, at.y}, w, h); // against p's right face
            else d.box = sized({at.x, p.min.y}, 0, h);                    // a thin wall through p
        }
        const std::uint8_t flags = in.u8();
        d.category = 1u << (flags % 3);
        const int way = (flags >> 2) & 7;
        if (way >= 1 && way <= 4 && (flags & 0x80) != 0) d.one_way = OneWay(way);
        sc.statics.push_back(d);
        places.push_back(d.box);
    }
    // Responses by category: the bodies' three, the tiles', the movers'.
    const Response choices[] = {Response::slide, Response::bounce, Response::touch,  Response::slide,
                                Response::cross, Response::ignore, Response::bounce, Response::slide};
    sc.table.fill(Response::slide);
    for (int k = 0; k < 5; ++k) {
        const std::uint8_t r = in.u8();
        sc.table[std::size_t(k)] = choices[r % 8];
    }
    const std::uint8_t moves = in.u8();
    for (int i = 0; i < 1 + moves % 4; ++i) {
        Scenario::Move m;
        const std::uint8_t mode = in.u8();
        if (mode % 8 == 0 || places.empty()) {
            m.box = vg.box(in);
        } else {
            const Vec2 at = point_in(in, place(in, places));
            const std::uint8_t shape = in.u8();
            const real w = shape % 4 == 0 || shape % 4 == 1 ? real(0) : size_of(in, vg);
            const real h = shape % 4 == 0 || shape % 4 == 2 ? real(0) : size_of(in, vg);
            m.box = sized(at, w, h);
        }
        m.delta = vg.vec(in);
        const std::uint8_t reach = in.u8();
        const real reaches[] = {8, 0, 1, real(2.5), inf, 8, 8, inf};
        m.options.push_out_sides = reach % 9 == 8 ? vg.size(in) : reaches[reach % 9 % 8];
        const std::uint8_t iters = in.u8();
        const std::int32_t its[] = {8, 1, 2, 3, 64, 8, 8, 8};
        m.options.max_iterations = its[iters % 8];
        const std::uint8_t rf = in.u8();
        m.options.restitution = real(rf & 15) / 15;
        m.options.friction = real(rf >> 4) / 15;
        sc.moves.push_back(m);
        places.push_back(m.box);
    }
    return sc;
}

// ---- the world, and what blocks ----

// One obstacle as the brute force sees it.
struct Ob {
    Other other{};
    Aabb box{};
    bool slope = false;
    RefSlope ref{};
    std::uint8_t entry = 0; // a one-way obstacle: the face it is entered through (0: none)
    bool one_way = false;
};

std::vector<Ob> blocking_obstacles(const World& w, BodyId self, const MoveOptions& o) {
    std::vector<Ob> out;
    const BodyInfo me = w.info(self);
    std::vector<BodyId> ids;
    w.body_ids(ids);
    auto blocking = [&](std::uint32_t category) {
        const Response r = (*o.category_responses)[std::size_t(__builtin_ctz(category))];
        return r == Response::touch || r == Response::slide || r == Response::bounce;
    };
    const std::uint8_t entry[] = {0, face_neg_y, face_pos_y, face_pos_x, face_neg_x}; // OneWay's order
    for (BodyId id : ids) {
        if (id == self) continue;
        const BodyInfo b = w.info(id);
        if (!(b.category & me.mask) || !(me.category & b.mask) || !blocking(b.category)) continue;
        Ob ob;
        ob.other = Other::of(id);
        ob.box = b.box;
        ob.one_way = b.one_way != OneWay::none;
        ob.entry = entry[int(b.one_way)];
        out.push_back(ob);
    }
    const TileMap& m = w.tiles();
    if (!m.is_empty() && blocking(tile_category))
        for (std::int32_t row = 0; row < m.rows(); ++row)
            for (std::int32_t col = 0; col < m.columns(); ++col) {
                const TileCell c{col, row};
                const TileShape s = m.shape_at(c);
                if (s == TileShape::empty) continue;
                Ob ob;
                ob.other = Other::of(c);
                ob.box = m.cell_box(c);
                if (is_slope(s)) {
                    ob.slope = true;
                    ob.ref = ref_slope(m, c, s);
                } else if (s != TileShape::solid) {
                    ob.one_way = true;
                    const std::uint8_t faces[] = {face_neg_y, face_pos_y, face_pos_x, face_neg_x};
                    const int dir = int(s) - int(TileShape::one_way_down);
                    ob.entry = std::uint8_t(faces[dir] & m.faces(c));
                }
                out.push_back(ob);
            }
    return out;
}

// The interiors of box a and the obstacle overlap (a slope by its solid part), exactly.
bool inside(const Aabb& a, const Ob& ob) { return ob.slope ? ref_slope_overlaps(a, ob.ref) : overlaps(a, ob.box); }

// ---- the way out, by brute force ----

// S moved along axis k so that its trailing edge is at x, placed as rule 5 places a body flush
// against a face there (place_flush: the other edge keeps S's size as closely as `real` allows).
Aabb trailing_at(const Aabb& S, int k, int sg, real x) {
    Aabb face = S; // a box with extent on k whose far face (along sg) is at x
    (sg > 0 ? face.max[k] : face.min[k]) = x;
    (sg > 0 ? face.min[k] : face.max[k]) = std::nextafter(x, sg > 0 ? -inf : inf);
    Vec2 n{0, 0};
    n[k] = real(sg);
    return place_flush(S, face, n);
}

// The first `real` trailing edge (along sg on axis k) where S has left the slope: from the exact
// exit distance, rounded, then stepped until it is the first position outside.
real slope_exit(const Aabb& S, int k, int sg, const RefSlope& s) {
    Vec2 e{0, 0};
    e[k] = real(sg);
    const std::array<RefSlab, 3> sl = ref_slabs(S, e, s);
    Frac exit{Big(0), Big(0)};
    bool first = true;
    for (const RefSlab& x : sl)
        if (x.kind == RefSlab::Kind::moving && (first || compare(x.exit, exit) < 0)) {
            exit = x.exit;
            first = false;
        }
    const real trail = sg > 0 ? S.min[k] : S.max[k];
    // The first real at or beyond trail + sg * exit (exactly: x * 2^S * den against the target's
    // numerator), found by halving the reals in their order; then stepped to the first free place.
    const Big target = to_big(trail) * exit.den +
                       (sg > 0 ? Big(exit.num << exact_shift) : Big(-(exit.num << exact_shift)));
    auto beyond = [&](real v) {
        const Big at = to_big(v) * exit.den;
        return sg > 0 ? at >= target : at <= target;
    };
    // The reals in their order as integers (-0 and +0 both 0).
    using Bits = std::conditional_t<sizeof(real) == 4, std::uint32_t, std::uint64_t>;
    constexpr Bits sign_bit = Bits(1) << (8 * sizeof(real) - 1);
    auto key = [](real v) {
        Bits b;
        std::memcpy(&b, &v, sizeof v);
        return (b & sign_bit) ? -std::int64_t(b & ~sign_bit) : std::int64_t(b);
    };
    auto value_of = [](std::int64_t i) {
        const Bits b = i < 0 ? Bits(Bits(-i) | sign_bit) : Bits(i);
        real v;
        std::memcpy(&v, &b, sizeof v);
        return v;
    };
    std::int64_t lo = key(sg > 0 ? -std::numeric_limits<real>::max() : std::numeric_limits<real>::max());
    std::int64_t hi = -lo; // beyond(hi), !beyond(lo)
    for (;;) {
        const std::int64_t mid = (lo & hi) + ((lo ^ hi) >> 1); // floor of the mean, no overflow
        if (mid == lo || mid == hi) break;
        (beyond(value_of(mid)) ? hi : lo) = mid;
    }
    real x = value_of(hi);
    const real ahead = sg > 0 ? inf : -inf;
    for (int i = 0; i < 200 && std::isfinite(x) && ref_slope_overlaps(trailing_at(S, k, sg, x), s); ++i)
        x = std::nextafter(x, ahead);
    for (int i = 0; i < 200; ++i) {
        const real back = std::nextafter(x, -ahead);
        if (!(sg > 0 ? back > trail : back < trail) || ref_slope_overlaps(trailing_at(S, k, sg, back), s)) break;
        x = back;
    }
    return x;
}

struct Way {
    int k = 0, sg = 0;
    Big dist{0}; // exact, times 2^exact_shift
    Aabb to{};
    Other last{};
    bool within = false, free = false;
};

// The four ways out of the obstacles S starts in, sorted nearest first (ties: -y, +y, -x, +x).
std::vector<Way> ways_out(const Aabb& S, const std::vector<Ob>& obs, const std::vector<std::size_t>& in, real sides) {
    std::vector<Way> ways = {{1, -1}, {1, 1}, {0, -1}, {0, 1}};
    for (Way& way : ways) {
        const int k = way.k, sg = way.sg;
        bool any = false;
        real edge = 0;
        for (std::size_t i : in) {
            const Ob& ob = obs[i];
            const real x = ob.slope ? slope_exit(S, k, sg, ob.ref) : (sg > 0 ? ob.box.max[k] : ob.box.min[k]);
            if (!any || (sg > 0 ? x > edge : x < edge) || (x == edge && ob.other < way.last)) {
                edge = x;
                way.last = ob.other;
                any = true;
            }
        }
        way.to = trailing_at(S, k, sg, edge);
        way.dist = sg > 0 ? to_big(edge) - to_big(S.min[k]) : to_big(S.max[k]) - to_big(edge);
        const bool finite = is_valid(way.to);
        if (std::isinf(sides)) {
            way.within = finite;
        } else {
            const Big side = std::max(to_big(S.max.x) - to_big(S.min.x), to_big(S.max.y) - to_big(S.min.y));
            way.within = finite && (way.dist << exact_shift) <= to_big(sides) * side;
        }
        if (!way.within) continue;
        const Aabb hull = merge(S, way.to);
        Vec2 back{0, 0};
        back[k] = real(-sg);
        way.free = true;
        for (std::size_t i = 0; i < obs.size(); ++i) {
            const Ob& ob = obs[i];
            if (std::find(in.begin(), in.end(), i) != in.end()) continue;
            if (ob.one_way) {
                const Vec2 n = ob.entry == face_neg_x ? Vec2{-1, 0}
                             : ob.entry == face_pos_x ? Vec2{1, 0}
                             : ob.entry == face_neg_y ? Vec2{0, -1}
                                                      : Vec2{0, 1};
                const bool outside = ob.entry == face_neg_x ? S.max.x <= ob.box.min.x
                                   : ob.entry == face_pos_x ? S.min.x >= ob.box.max.x
                                   : ob.entry == face_neg_y ? S.max.y <= ob.box.min.y
                                                            : S.min.y >= ob.box.max.y;
                if (ob.entry != 0 && n == back && outside && overlaps(hull, ob.box)) way.free = false;
            } else if (inside(hull, ob)) {
                way.free = false;
            }
        }
    }
    std::stable_sort(ways.begin(), ways.end(), [](const Way& a, const Way& b) { return a.dist < b.dist; });
    return ways;
}

// ---- one move ----

std::int32_t blocking_contacts(const MoveResult& r) {
    std::int32_t n = 0;
    for (const Contact& c : r.contacts) n += c.response != Response::cross;
    return n;
}

bool same_bits(real a, real b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool same_bits(const Aabb& a, const Aabb& b) {
    return same_bits(a.min.x, b.min.x) && same_bits(a.min.y, b.min.y) && same_bits(a.max.x, b.max.x) &&
           same_bits(a.max.y, b.max.y);
}
bool same_answer(const MoveResult& a, const MoveResult& b) {
    if (!same_bits(a.box, b.box) || !same_bits(a.velocity.x, b.velocity.x) || !same_bits(a.velocity.y, b.velocity.y) ||
        a.iterations != b.iterations || a.truncated != b.truncated || a.stuck != b.stuck ||
        a.contacts.size() != b.contacts.size())
        return false;
    for (std::size_t i = 0; i < a.contacts.size(); ++i) {
        const Contact &x = a.contacts[i], &y = b.contacts[i];
        if (!(x.other == y.other) || !same_bits(x.time, y.time) || !same_bits(x.box, y.box) ||
            !(x.normal == y.normal) || x.response != y.response || x.started_overlapping != y.started_overlapping ||
            x.corner != y.corner || x.junction != y.junction || !same_bits(x.depth, y.depth))
            return false;
    }
    return true;
}

void check_move(const World& w, BodyId id, const Aabb& S, Vec2 d, const MoveOptions& o, const MoveResult& r,
                const std::string& what) {
    const std::vector<Ob> obs = blocking_obstacles(w, id, o);
    std::vector<std::size_t> in;
    for (std::size_t i = 0; i < obs.size(); ++i)
        if (!obs[i].one_way && inside(S, obs[i])) in.push_back(i);
    auto is_thin = [](const Aabb& b) { return b.min.x == b.max.x || b.min.y == b.max.y; };
    const bool thin = is_thin(S);
    // A point or plank somewhere on its way (a tiny width may round to none at a contact): its
    // legs' ends by a slope's line are fuzz_slopes' (rules S3 and S6), not checked here.
    bool thin_on_the_way = thin || is_thin(r.box);
    for (const Contact& c : r.contacts) thin_on_the_way = thin_on_the_way || is_thin(c.box);
    if (verbose()) {
        std::fprintf(stderr, "  inside %zu blocking obstacles; stuck %d; %zu contacts; ends at %s\n", in.size(),
                     int(r.stuck), r.contacts.size(), str(r.box).c_str());
        for (const Contact& c : r.contacts)
            std::fprintf(stderr, "    contact %s %u/%d,%d t %s n %s box %s started %d response %s\n",
                         c.other.is_body() ? "body" : "tile", c.other.body.index, c.other.tile.column, c.other.tile.row,
                         str(c.time).c_str(), str(c.normal).c_str(), str(c.box).c_str(), int(c.started_overlapping),
                         to_string(c.response));
    }
    // What max_iterations counts.
    if (blocking_contacts(r) != r.iterations || r.iterations > o.max_iterations ||
        (r.truncated && r.iterations != o.max_iterations))
        fail("%s: %zu contacts, %d of them blocking, iterations %d of %d, truncated %d", what.c_str(),
             r.contacts.size(), blocking_contacts(r), r.iterations, o.max_iterations, int(r.truncated));
    // The push: first, started_overlapping, moved (a stop of a stuck body stays where it is).
    const bool pushed = !r.contacts.empty() && r.contacts[0].started_overlapping && !(r.contacts[0].box == S);
    if (r.stuck && pushed) fail("%s: stuck, yet pushed to %s", what.c_str(), str(r.contacts[0].box).c_str());
    // Out of everything after a push: no leg starts inside anything (for a point or plank,
    // anything but a slope).
    for (std::size_t i = 1; pushed && i < r.contacts.size(); ++i) {
        const Contact& c = r.contacts[i];
        const bool slope = c.other.is_tile() && is_slope(w.tiles().shape_at(c.other.tile));
        if (c.started_overlapping && !(thin_on_the_way && slope))
            fail("%s: pushed out, yet contact %zu is started_overlapping at %s", what.c_str(), i, str(c.box).c_str());
    }
    if (in.empty() || (d.x == 0 && d.y == 0)) {
        if (r.stuck || pushed) fail("%s: starts inside nothing, yet stuck %d or pushed", what.c_str(), int(r.stuck));
    } else {
        const std::vector<Way> ways = ways_out(S, obs, in, o.push_out_sides);
        if (verbose())
            for (const Way& way : ways)
                std::fprintf(stderr, "  way %c%c: %s, within %d, free %d\n", way.sg > 0 ? '+' : '-', "xy"[way.k],
                             str(way.to).c_str(), int(way.within), int(way.free));
        const Way* want = nullptr;
        for (const Way& way : ways)
            if (way.within && way.free) {
                want = &way;
                break;
            }
        if (pushed) {
            const Contact& c = r.contacts[0];
            const Way* got = nullptr;
            for (const Way& way : ways)
                if (way.within && way.free && same_bits(way.to, c.box) && c.normal[way.k] == real(way.sg)) got = &way;
            if (got == nullptr)
                fail("%s: pushed to %s, normal %s, which is no free way out within reach%s", what.c_str(),
                     str(c.box).c_str(), str(c.normal).c_str(), want ? "" : " (there is none)");
            if (!thin && (got != want || !(c.other == want->last)))
                fail("%s: pushed to %s (out of %s), the nearest free way out is %s (out of %s)", what.c_str(),
                     str(c.box).c_str(), c.other.is_body() ? "a body" : "a tile", str(want->to).c_str(),
                     want->last.is_body() ? "a body" : "a tile");
            for (const Ob& ob : obs) // (a one-way obstacle may hold it: the way did not go in through its entry)
                if (!ob.one_way && inside(c.box, ob))
                    fail("%s: the push's box %s is inside an obstacle %s", what.c_str(), str(c.box).c_str(),
                         str(ob.box).c_str());
        } else if (!thin && want != nullptr) {
            fail("%s: not pushed (stuck %d), but %s is free within reach (out of %s)", what.c_str(), int(r.stuck),
                 str(want->to).c_str(), want->last.is_body() ? "a body" : "a tile");
        } else if (!r.stuck) {
            fail("%s: started inside, not pushed, yet not stuck", what.c_str());
        }
    }
    // Never inside: nothing it did not start in; after a push, nothing at all (slopes only for a
    // body with area all the way; the push itself is checked against slopes for every body).
    for (std::size_t i = 0; i < obs.size(); ++i) {
        if (obs[i].one_way || !inside(r.box, obs[i]) || (thin_on_the_way && obs[i].slope)) continue;
        const bool started = std::find(in.begin(), in.end(), i) != in.end();
        if (!started || pushed)
            fail("%s: ends at %s inside blocking obstacle %s%s", what.c_str(), str(r.box).c_str(),
                 str(obs[i].box).c_str(), started ? " (it was pushed out)" : " (it did not start in it)");
    }
    // Never through: the legs after the push, against the boxes (not one-way, not slopes).
    std::vector<Aabb> path{pushed ? r.contacts[0].box : S};
    for (std::size_t i = pushed ? 1 : 0; i < r.contacts.size(); ++i)
        if (r.contacts[i].response != Response::cross) path.push_back(r.contacts[i].box);
    path.push_back(r.box);
    for (std::size_t i = 0; i + 1 < path.size(); ++i)
        for (const Ob& ob : obs) {
            if (ob.one_way || ob.slope || overlaps(path[i], ob.box) ||
                !intersects_closed(merge(path[i], path[i + 1]), ob.box))
                continue;
            if (path_overlaps(path[i], path[i + 1], shrink(ob.box, tolerance(path[i], path[i + 1], ob.box))))
                fail("%s: the path went through blocking %s between %s and %s", what.c_str(), str(ob.box).c_str(),
                     str(path[i]).c_str(), str(path[i + 1]).c_str());
        }
}

// Builds the world; false when the map is refused (a tile size below the spacing of `real`).
bool build(const Scenario& sc, World& w) {
    if (sc.has_map) {
        try {
            w.set_tile_map(sc.map);
        } catch (const Error&) {
            return false;
        }
        for (int k = 0; k < 3; ++k)
            w.set_tile_kind(3 + k, {TileShape(int(TileShape::one_way_up) + k), tile_category, ~0u, false});
        for (int i = 0; i < 20; ++i)
            w.set_tile_kind(slope_kind0 + i, {TileShape(int(TileShape::slope45_ul) + i), tile_category, ~0u, false});
        for (std::size_t i = 0; i < sc.kinds.size(); ++i)
            w.set_tile({std::int32_t(i) % sc.map.columns, std::int32_t(i) / sc.map.columns}, sc.kinds[i]);
    }
    for (const BodyDef& d : sc.statics) w.add(d);
    return true;
}

void run(const Scenario& sc) {
    World w, brute(WorldDef{.brute_force = true});
    if (!build(sc, w) || !build(sc, brute)) return;
    for (std::size_t i = 0; i < sc.moves.size(); ++i) {
        const Scenario::Move& m = sc.moves[i];
        BodyDef d;
        d.box = m.box;
        d.category = mover_category;
        const BodyId id = w.add(d);
        if (!(brute.add(d) == id)) fail("the brute-force world gave another id");
        MoveOptions o = m.options;
        o.category_responses = &sc.table;
        const std::string what = "move " + std::to_string(i) + " of " + str(m.box) + " by " + str(m.delta) + " reach " +
                                 str(o.push_out_sides);
        if (verbose()) std::fprintf(stderr, "%s\n", what.c_str());
        MoveResult r, dry, rb;
        try {
            w.check(id, m.delta, o, dry);
            w.move(id, m.delta, o, r);
        } catch (const Error& e) {
            // Only a result out of the finite range may be refused; then the world is unchanged.
            if (std::strstr(e.what(), "finite range") == nullptr) fail("%s: threw %s", what.c_str(), e.what());
            if (!(w.box(id) == m.box)) fail("%s: a refused move moved the body", what.c_str());
            continue;
        }
        brute.move(id, m.delta, o, rb);
        if (!same_answer(r, dry)) fail("%s: check differs from move", what.c_str());
        if (!same_answer(r, rb)) {
            for (const MoveResult* x : {&r, &rb}) {
                std::fprintf(stderr, "result box %s contacts %zu\n", str(x->box).c_str(), x->contacts.size());
                for (const Contact& c : x->contacts)
                    std::fprintf(stderr, "  t %a n %s box %s\n", (double)c.time, str(c.normal).c_str(),
                                 str(c.box).c_str());
            }
            fail("%s: the brute-force world differs", what.c_str());
        }
        check_move(w, id, m.box, m.delta, o, r, what);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    const Scenario sc = decode(in);
    if (verbose()) {
        std::fprintf(stderr, "map %d size %s origin %s %dx%d; %zu bodies\n", int(sc.has_map),
                     str(sc.map.tile_size).c_str(), str(sc.map.origin).c_str(), sc.map.columns, sc.map.rows,
                     sc.statics.size());
        for (std::size_t i = 0; i < sc.kinds.size(); ++i)
            if (sc.kinds[i] != 0) std::fprintf(stderr, "  tile %zu: kind %d\n", i, sc.kinds[i]);
        for (const BodyDef& d : sc.statics)
            std::fprintf(stderr, "  body %s category %u one-way %d\n", str(d.box).c_str(), d.category, int(d.one_way));
    }
    run(sc);
    return 0;
}
