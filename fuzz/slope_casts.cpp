/// @file slope_casts.cpp
/// Casts and moves on random sloped maps against the exact oracle (slope_oracle.hpp): every
/// cast_box and cast_ray must agree with the oracle's first stop (hit or miss, the time within
/// rounding; for a box with area the obstacle and normal of rule 4 too) and end outside the
/// solid; every move's legs (from each contact's box to the next) must stay out of the solid
/// and pass no meeting point, and its end lie outside the solid.
///
/// Usage: slope_casts [--size S] [--count N] [--seed K] [--far | --far-at X] [--quiet] [--max-fail F] [--legs]
///   --size   tile size (default 16); --count cases (default 1000), each a cast and a move;
///   --far    the map near (1e6, -1e6) instead of the origin; --far-at X: near (X, -X);
///   --max-fail  print at most F failures (default 10; 0: all);
///   --legs   count a move's leg through the solid as a failure too.
/// Exit status 0 when there were no disagreements and nothing ended inside (and, with --legs,
/// no leg went through the solid), else 1.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>
#include <sweepbox/error.hpp>
#include <sweepbox/world.hpp>
#include "fuzz_common.hpp"
#include "slope_legs.hpp"
#include "slope_oracle.hpp"
#include "sweep_reference.hpp"

using namespace sweepbox;
using namespace sweepbox::fuzz;

namespace {

constexpr int slope_kind0 = 3; // kinds 3 to 22: the 20 slope shapes
constexpr int inner_columns = 10, inner_rows = 8;

struct Options {
    real size = 16;
    long count = 1000;
    std::uint64_t seed = 1;
    bool far = false;
    double far_at = 1e6;
    bool quiet = false;
    long max_fail = 10;
    bool legs = false;
};

struct Tally {
    long skipped = 0; // casts of a plank that starts on a seam (rule 6 says nothing of those)
    long casts = 0, cast_hits = 0, slope_hits = 0, disagree = 0, cast_inside = 0;
    long moves = 0, legs = 0, through = 0, move_inside = 0;
    [[nodiscard]] long failures() const { return disagree + cast_inside + through + move_inside; }
};

using Rng = std::mt19937_64;


int below(Rng& r, int n) { return int(r() % std::uint64_t(n)); }
real unit(Rng& r) { return real(double(r() >> 11) * 0x1p-53); }

/// A map of solid, empty and slope tiles (ramps of two pieces often) inside a ring of solid.
void build(World& w, const Options& o, Rng& r) {
    TileMapDef def;
    def.columns = inner_columns + 2;
    def.rows = inner_rows + 2;
    def.tile_size = o.size;
    def.origin = o.far ? Vec2{real(o.far_at) + real(below(r, 64)) * o.size / 8, real(-o.far_at)} : Vec2{0, 0};
    if (!o.far && below(r, 3) == 0) def.origin = {real(unit(r) * 10 - 5), real(unit(r) * 10 - 5)};
    w.set_tile_map(def);
    for (int i = 0; i < 20; ++i) {
        TileKind k;
        k.shape = TileShape(int(TileShape::slope45_ul) + i);
        w.set_tile_kind(slope_kind0 + i, k);
    }
    for (int row = 0; row < def.rows; ++row)
        for (int c = 0; c < def.columns; ++c) {
            const bool ring = row == 0 || c == 0 || row == def.rows - 1 || c == def.columns - 1;
            const int p = below(r, 20);
            w.set_tile({c, row}, ring || p < 3 ? 1 : (p < 11 ? 0 : slope_kind0 + below(r, 20)));
        }
    // Ramps of two pieces: shallow (side by side) and steep (one above the other).
    for (int n = below(r, 5); n > 0; --n) {
        const int c = 1 + below(r, inner_columns - 1), row = 1 + below(r, inner_rows - 1);
        const int orient = below(r, 4), shallow = below(r, 2);
        const int base = int(shallow ? TileShape::shallow_ul_low : TileShape::steep_ul_low) -
                         int(TileShape::slope45_ul);
        const int low = slope_kind0 + base + 2 * orient, high = low + 1;
        // `_ul` rises to the right (low piece left) and `_ur` to the left; steep: low below.
        if (shallow) {
            const bool right = (orient & 1) == 0;
            w.set_tile({c, row}, right ? low : high);
            w.set_tile({c + 1, row}, right ? high : low);
        } else {
            const bool floor = (orient & 2) == 0;
            w.set_tile({c, row}, floor ? high : low);
            w.set_tile({c, row + 1}, floor ? low : high);
        }
    }
}

/// A point of interest: a lattice corner, a slope's vertex (rounded) or a point of its line.
Vec2 anchor(const World& w, const std::vector<OraclePoly>& polys, Rng& r) {
    const TileMap& m = w.tiles();
    switch (below(r, 4)) {
    case 0: return {m.edge_x(1 + below(r, inner_columns + 1)), m.edge_y(1 + below(r, inner_rows + 1))};
    case 1:
    case 2: {
        std::vector<const OraclePoly*> slopes;
        for (const OraclePoly& p : polys)
            if (is_slope(p.shape)) slopes.push_back(&p);
        if (slopes.empty()) break;
        const OraclePoly& p = *slopes[std::size_t(below(r, int(slopes.size())))];
        Vec2 poly[4];
        const int n = slope_polygon(p.shape, poly);
        const Vec2 a = poly[below(r, n)], b = poly[below(r, n)];
        const real f = below(r, 2) ? real(0) : unit(r);
        const Vec2 u = a + (b - a) * f;
        return {real(p.box.min.x + (p.box.max.x - p.box.min.x) * u.x),
                real(p.box.min.y + (p.box.max.y - p.box.min.y) * u.y)};
    }
    default: break;
    }
    const Aabb& b = m.bounds();
    return {real(b.min.x + (b.max.x - b.min.x) * unit(r)), real(b.min.y + (b.max.y - b.min.y) * unit(r))};
}

/// The mover: a point, a plank or a box, one of its corners at p.
Aabb mover_at(Vec2 p, real tile, Rng& r) {
    const int kind = below(r, 10);
    real w = 0, h = 0;
    if (kind >= 4 && kind < 6) (below(r, 2) ? w : h) = tile * real(0.25 + unit(r));
    if (kind >= 6) {
        w = tile * (below(r, 3) ? real(0.5) : real(0.1 + unit(r)));
        h = tile * (below(r, 3) ? real(0.25) : real(0.1 + unit(r)));
    }
    const int corner = below(r, 4);
    Aabb b;
    b.min.x = corner & 1 ? real(p.x - w) : p.x;
    b.max.x = corner & 1 ? p.x : real(p.x + w);
    b.min.y = corner & 2 ? real(p.y - h) : p.y;
    b.max.y = corner & 2 ? p.y : real(p.y + h);
    return b;
}

Vec2 motion(const World& w, const std::vector<OraclePoly>& polys, const Aabb& a, real tile, Rng& r) {
    const real len = tile * real(0.2 + 3 * unit(r));
    switch (below(r, 6)) {
    case 0: { // toward a point of interest, from a corner (and past it, or short of it)
        const Vec2 t = anchor(w, polys, r);
        const Vec2 from{below(r, 2) ? a.min.x : a.max.x, below(r, 2) ? a.min.y : a.max.y};
        static constexpr real f[] = {1, 2, real(0.5), real(1.5)};
        const real k = f[below(r, 4)];
        return {real((t.x - from.x) * k), real((t.y - from.y) * k)};
    }
    case 1: { // along a slope line's direction (exact multiples of its lattice step)
        static constexpr int dirs[][2] = {{1, 1}, {1, -1}, {2, 1}, {2, -1}, {1, 2}, {1, -2}};
        const int* dd = dirs[below(r, 6)];
        const real s = below(r, 2) ? real(1) : real(-1);
        const real k = real(1 + below(r, 3)) * s * (below(r, 2) ? tile : tile / 2);
        return {real(dd[0]) * k, real(dd[1]) * k};
    }
    case 2: return below(r, 2) ? Vec2{below(r, 2) ? len : -len, 0} : Vec2{0, below(r, 2) ? len : -len};
    default: {
        const real ang = real(6.283185307179586 * unit(r));
        return {real(len * std::cos(ang)), real(len * std::sin(ang))};
    }
    }
}

struct Checker {
    const Options& o;
    Tally& tally;
    std::string scene;

    void report(const char* what, const std::string& detail) {
        if (o.quiet) return;
        if (o.max_fail > 0 && tally.failures() > o.max_fail) return;
        std::printf("%s: %s\n  %s\n", what, detail.c_str(), scene.c_str());
    }
};

void check_cast(Checker& ck, const World& w, const std::vector<OraclePoly>& polys, const Aabb& a, Vec2 d, bool ray) {
    CastHit h;
    try {
        h = ray ? w.cast_ray(a.min, d) : w.cast_box(a, d);
    } catch (const Error&) {
        return;
    }
    Tally& t = ck.tally;
    const CastCheck c = check_cast_hit(w.tiles(), polys, a, d, h);
    const std::string what = std::string(ray ? "cast_ray" : "cast_box") + "(" + str(a) + ", " + str(d) + "): ";
    switch (c.verdict) {
    case CastCheck::skipped: ++t.skipped; return;
    case CastCheck::disagree:
        ++t.casts;
        ++t.disagree;
        ck.report("DISAGREE", what + c.what);
        return;
    case CastCheck::inside:
        ++t.casts;
        ++t.cast_inside;
        ck.report("INSIDE", what + c.what);
        break;
    case CastCheck::agree: ++t.casts; break;
    }
    if (!h.hit) return;
    ++t.cast_hits;
    if (h.normal.x != 0 && h.normal.y != 0) ++t.slope_hits;
}

void check_move(Checker& ck, World& w, const std::vector<OraclePoly>& polys, const Aabb& a, Vec2 d, Rng& r) {
    if (box_inside(polys, a)) return;
    const BodyId id = w.add({.box = a});
    MoveOptions mo;
    const int resp = below(r, 3);
    mo.response = resp == 0 ? Response::slide : (resp == 1 ? Response::bounce : Response::touch);
    mo.velocity = d;
    MoveResult res;
    try {
        w.move(id, d, mo, res);
    } catch (const Error&) {
        w.remove(id);
        return;
    }
    Tally& t = ck.tally;
    ++t.moves;
    char buf[512];
    Aabb prev = a;
    std::vector<Aabb> stops;
    for (const Contact& c : res.contacts)
        if (!c.started_overlapping && c.response != Response::cross) stops.push_back(c.box);
    stops.push_back(res.box);
    for (const Aabb& next : stops) {
        ++t.legs;
        if (!leg_ok(polys, prev, next)) {
            ++t.through;
            std::snprintf(buf, sizeof buf,
                          "move(%s, %s, %s): the leg %s -> %s enters the solid or passes a meeting point",
                          str(a).c_str(), str(d).c_str(), resp == 0 ? "slide" : (resp == 1 ? "bounce" : "touch"),
                          str(prev).c_str(), str(next).c_str());
            ck.report("THROUGH", buf);
            break;
        }
        prev = next;
    }
    if (box_inside(polys, res.box)) {
        ++t.move_inside;
        std::snprintf(buf, sizeof buf, "move(%s, %s, %s) ends at %s, inside the solid", str(a).c_str(), str(d).c_str(),
                      resp == 0 ? "slide" : (resp == 1 ? "bounce" : "touch"), str(res.box).c_str());
        ck.report("INSIDE", buf);
    }
    w.remove(id);
}

std::string describe(const World& w) {
    const TileMap& m = w.tiles();
    std::string s = "map origin " + str(m.def().origin) + " size " + str(m.def().tile_size) + ":";
    for (int row = 1; row < m.rows() - 1; ++row) {
        s += "\n   ";
        for (int c = 1; c < m.columns() - 1; ++c) {
            s += ' ';
            s += to_string(m.shape_at({c, row}));
        }
    }
    return s;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&] { return i + 1 < argc ? argv[++i] : "0"; };
        if (a == "--size") o.size = real(std::strtod(next(), nullptr));
        else if (a == "--count") o.count = std::strtol(next(), nullptr, 10);
        else if (a == "--seed") o.seed = std::strtoull(next(), nullptr, 10);
        else if (a == "--far") o.far = true;
        else if (a == "--far-at") {
            o.far = true;
            o.far_at = std::strtod(next(), nullptr);
        } else if (a == "--quiet") o.quiet = true;
        else if (a == "--max-fail") o.max_fail = std::strtol(next(), nullptr, 10);
        else if (a == "--legs") o.legs = true;
        else {
            std::fprintf(stderr, "slope_casts: unknown argument %s\n", a.c_str());
            return 2;
        }
    }
    Tally tally;
    Rng r(o.seed);
    World w;
    std::vector<OraclePoly> polys;
    for (long i = 0; i < o.count; ++i) {
        if (i % 50 == 0) {
            build(w, o, r);
            polys = oracle_polygons(w.tiles());
        }
        Checker ck{o, tally, ""};
        const Aabb a = mover_at(anchor(w, polys, r), o.size, r);
        const Vec2 d = motion(w, polys, a, o.size, r);
        if (!is_finite(d) || (d.x == 0 && d.y == 0)) continue;
        ck.scene = describe(w);
        check_cast(ck, w, polys, a, d, false);
        if (a.min == a.max) check_cast(ck, w, polys, a, d, true);
        check_move(ck, w, polys, a, d, r);
    }
    std::printf("slope_casts --size %g --seed %llu", double(o.size), (unsigned long long)o.seed);
    if (o.far) std::printf(" --far-at %g", o.far_at);
    std::printf(": %ld cases\n", o.count);
    std::printf("  casts %ld (hits %ld, on a slope's face %ld): %ld disagree with the oracle, %ld end inside\n",
                tally.casts, tally.cast_hits, tally.slope_hits, tally.disagree, tally.cast_inside);
    std::printf("  (%ld casts of a plank lying on a seam at its start left out)\n", tally.skipped);
    std::printf("  moves %ld (legs %ld): %ld legs through the solid, %ld end inside\n", tally.moves, tally.legs,
                tally.through, tally.move_inside);
    const long failed = tally.disagree + tally.cast_inside + tally.move_inside + (o.legs ? tally.through : 0);
    return failed == 0 ? 0 : 1;
}
