/// @file fuzz_slopes.cpp
/// Fuzz target: slope tiles (docs/contract.md, "Slopes"; the design's rules S1-S3 and rule 6).
///
/// The bytes decode into a tile map (origin, a tile size among representable and
/// non-representable ones or any value, 1 to 6 x 1 to 6 tiles, each empty, solid, one-way or
/// one of the 20 slope shapes) and 1 to 4 boxes or points with a motion each: any values, or
/// placed on the map's lattice corners, on a slope's line, one step off a corner, in a slope
/// cell's free corner; moving by any vector, exactly to a lattice corner or a line's end (and
/// past it), along a slope's line, along an axis, tiny or huge.
///
/// Checked (a violation prints "sweepbox fuzz: PROPERTY VIOLATED:" and aborts):
/// - the shape tables: slope_line is the design's table (the line through the ramp's two end
///   corners), slope_normal is the outward unit normal correctly rounded, slope_polygon is the
///   unit square cut by the line;
/// - A: for every slope tile of the map and every box and motion, detail::sweep_slope agrees
///   with the exact reference of slope_reference.hpp: the same state (miss, hit,
///   started_overlapping with time 0); on a hit the same normal and `corner`, and the time is
///   the reference's rounding (the slope's face: T correctly rounded; a side of the cell: as
///   sweep_box_box rounds it); with faces and seams of the map, of none, or any. The
///   overlap predicates slope_overlaps and slope_intersects_closed agree with the reference;
///   slope_contact_box of a hit on the slope's face is not inside the tile (S3); slope_not_into
///   and slope_slide never give a motion going into the exact line (and slope_not_into keeps
///   one that does not go into it; slope_slide's is not longer than the motion); a start
///   inside names a way out of least depth; slope_segment_meets agrees with the reference.
/// - B (whole world, public API only): in a World holding the map (one-way tiles left out),
///   cast_box and cast_ray of each box or point agree with the exact oracle of
///   slope_oracle.hpp (the first stop over every tile's solid part, seams and meeting points
///   included): hit or miss, the time within rounding, for a box with area the tile and normal
///   rule 4 ranks first, and the hit's box outside the solid; query_segment of a point's segment
///   names exactly the slope tiles it meets; and in a closed room (the map inside a ring of
///   solid tiles) a body placed outside the solid, moved up to 6 times with slide or bounce,
///   plain or through move_and_snap (floor snap, constant speed on ramps, stop on steep slopes),
///   never ends a move inside the solid (a tile's solid part, a seam of two, a meeting point
///   closed all around: S3, S6) nor outside the room (rule 6), once the World sees slope shapes
///   (world_sees_slopes).
/// With bit 7 of the first byte the tile size is one whose edges are rounded (0.7, 3.3, 1e-3,
/// 1e4, 0.37) or 16 or 1, the map by bit 3 of the size byte near (1e6, -1e6).
///
/// SWEEPBOX_FUZZ_VERBOSE=1 prints the decoded map, boxes and moves.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>
#include <sweepbox/character.hpp>
#include <sweepbox/error.hpp>
#include <sweepbox/tile_map.hpp>
#include <sweepbox/world.hpp>
#include "core/wide.hpp"
#include "exact.hpp"
#include "fuzz_common.hpp"
#include "slope_oracle.hpp"
#include "slope_reference.hpp"
#include "sweep_reference.hpp"
#include "tiles/slope.hpp" // src/: the narrow phase under test

using namespace sweepbox;
using namespace sweepbox::fuzz;

namespace {

constexpr int max_side = 6;
constexpr int slope_kind0 = 3; // kinds 3 to 22 are the 20 slope shapes

bool verbose() {
    static const bool v = std::getenv("SWEEPBOX_FUZZ_VERBOSE") != nullptr;
    return v;
}

// ---- the shape tables, checked once ----

void check_tables() {
    for (int i = 0; i < tile_shape_count; ++i) {
        const TileShape s = TileShape(i);
        RefShapeLine ref;
        const bool slope = ref_shape_line(s, ref);
        if (slope != is_slope(s))
            fail("is_slope(%s) = %d, the design says %d", to_string(s), int(is_slope(s)), int(slope));
        const SlopeLine l = slope_line(s);
        Vec2 poly[4];
        const int n = slope_polygon(s, poly);
        if (!slope) {
            if (l.a != 0 || l.b != 0 || slope_normal(s) != Vec2{0, 0} || n != 0)
                fail("%s: not a slope, but slope_line, slope_normal or slope_polygon is not empty", to_string(s));
            continue;
        }
        const bool same_points = (l.pu == ref.pu && l.pv == ref.pv && l.qu == ref.qu && l.qv == ref.qv) ||
                                 (l.pu == ref.qu && l.pv == ref.qv && l.qu == ref.pu && l.qv == ref.pv);
        if (l.a != ref.a || l.b != ref.b || l.c != ref.c || !same_points)
            fail("slope_line(%s) = %d u + %d v >= %d through (%d, %d), (%d, %d); the design: %d u + %d v >= %d through "
                 "(%d, %d), (%d, %d)",
                 to_string(s), l.a, l.b, l.c, l.pu, l.pv, l.qu, l.qv, ref.a, ref.b, ref.c, ref.pu, ref.pv, ref.qu,
                 ref.qv);
        if (!ref_normal_correctly_rounded(slope_normal(s), ref))
            fail("slope_normal(%s) = %s is not the outward unit normal correctly rounded", to_string(s),
                 str(slope_normal(s)).c_str());
        // The unit square cut by the line, in halves (every corner is a multiple of 1/2).
        std::vector<std::array<int, 2>> expected; // 2u, 2v
        const int sq[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
        auto g = [&](int u, int v) { return ref.a * u + ref.b * v - ref.c; };
        for (int k = 0; k < 4; ++k) {
            const int *p = sq[k], *q = sq[(k + 1) % 4];
            const int gp = g(p[0], p[1]), gq = g(q[0], q[1]);
            if (gp >= 0) expected.push_back({2 * p[0], 2 * p[1]});
            if ((gp > 0 && gq < 0) || (gp < 0 && gq > 0)) {
                // p + gp / (gp - gq) * (q - p); the ratio is 1/2 for every shape
                if (2 * gp != gp - gq) fail("%s: the line crosses a side off its middle", to_string(s));
                expected.push_back({p[0] + q[0], p[1] + q[1]});
            }
        }
        bool ok = n == int(expected.size());
        for (int k = 0; ok && k < n; ++k) {
            const std::array<int, 2> v{int(poly[k].x * 2), int(poly[k].y * 2)};
            if (real(v[0]) != poly[k].x * 2 || real(v[1]) != poly[k].y * 2 ||
                std::find(expected.begin(), expected.end(), v) == expected.end())
                ok = false;
        }
        if (!ok) fail("slope_polygon(%s): %d corners, not the unit square cut by its line", to_string(s), n);
    }
}

// ---- decoding ----

struct Case {
    TileMapDef def{};
    std::vector<TileShape> shapes; // row by row
    struct Query {
        Aabb box{};
        Vec2 d{};
        std::uint8_t faces_mode = 0, faces = face_all, seams = 0;
    };
    std::vector<Query> queries;
};

TileShape shape_from(std::uint8_t b) {
    const int c = b % 32;
    if (c < 20) return TileShape(int(TileShape::slope45_ul) + c);
    if (c < 26) return TileShape::empty;
    if (c < 30) return TileShape::solid;
    if (c == 30) return TileShape::one_way_down;
    return TileShape::empty;
}

std::string describe_map(const TileMapDef& def, const std::vector<TileShape>& shapes) {
    std::string s = "map origin " + str(def.origin) + " tile size " + str(def.tile_size) + " " +
                    std::to_string(def.columns) + "x" + std::to_string(def.rows) + ":";
    for (int r = 0; r < def.rows; ++r) {
        s += " [";
        for (int c = 0; c < def.columns; ++c) {
            if (c > 0) s += ' ';
            s += to_string(shapes[std::size_t(r * def.columns + c)]);
        }
        s += ']';
    }
    return s;
}

/// The kind index of a shape in the maps of this target (one-way: kind 2 or, left out, 0).
int kind_of(TileShape s, bool one_way) {
    if (is_slope(s)) return slope_kind0 + int(s) - int(TileShape::slope45_ul);
    if (s == TileShape::solid) return 1;
    return s == TileShape::one_way_down && one_way ? 2 : 0;
}

/// Kinds slope_kind0 to slope_kind0 + 19: the 20 slope shapes, each defined by set(index, kind).
template <class Set> void define_slope_kinds(Set&& set) {
    for (int i = 0; i < 20; ++i) {
        TileKind k;
        k.shape = TileShape(int(TileShape::slope45_ul) + i);
        set(slope_kind0 + i, k);
    }
}

TileMap build_map(const TileMapDef& def, const std::vector<TileShape>& shapes) {
    TileMap map(def);
    define_slope_kinds([&](int i, const TileKind& k) { map.set_kind(i, k); });
    for (int r = 0; r < def.rows; ++r)
        for (int c = 0; c < def.columns; ++c) map.set({c, r}, kind_of(shapes[std::size_t(r * def.columns + c)], true));
    return map;
}

/// A lattice corner of the map (indices may lie one beyond it).
Vec2 lattice(const TileMap& map, ByteReader& in) {
    const std::int32_t i = std::int32_t(in.below(std::uint32_t(map.columns() + 3))) - 1;
    const std::int32_t j = std::int32_t(in.below(std::uint32_t(map.rows() + 3))) - 1;
    return {map.edge_x(i), map.edge_y(j)};
}

/// A slope tile of the map (by a byte), or none.
bool pick_slope(const TileMap& map, const std::vector<TileShape>& shapes, ByteReader& in, TileCell& cell) {
    std::vector<int> slopes;
    for (int i = 0; i < int(shapes.size()); ++i)
        if (is_slope(shapes[std::size_t(i)])) slopes.push_back(i);
    const std::uint8_t b = in.u8();
    if (slopes.empty()) return false;
    const int i = slopes[b % slopes.size()];
    cell = {i % map.columns(), i / map.columns()};
    return true;
}

/// A point of a slope's line: one of its two lattice corners or their middle (rounded).
bool line_point(const TileMap& map, const std::vector<TileShape>& shapes, ByteReader& in, Vec2& out) {
    TileCell c;
    const std::uint8_t which = in.u8();
    if (!pick_slope(map, shapes, in, c)) return false;
    const RefSlope s = ref_slope(map, c, map.shape_at(c));
    switch (which % 3) {
    case 0: out = s.line_p; break;
    case 1: out = s.line_q; break;
    default: out = {real(s.line_p.x / 2 + s.line_q.x / 2), real(s.line_p.y / 2 + s.line_q.y / 2)}; break;
    }
    return is_finite(out);
}

/// One step of `real` from x, up or down, by the bits of b (0: none).
real nudge(real x, unsigned b) {
    constexpr real inf = std::numeric_limits<real>::infinity();
    if ((b & 3) == 1) return std::nextafter(x, inf);
    if ((b & 3) == 2) return std::nextafter(x, -inf);
    return x;
}

/// A box whose corner `corner` (bit 0: max x, bit 1: max y) is at p, of size w x h.
Aabb box_at(Vec2 p, unsigned corner, real w, real h) {
    Aabb b;
    b.min.x = (corner & 1) ? real(p.x - w) : p.x;
    b.max.x = (corner & 1) ? p.x : real(p.x + w);
    b.min.y = (corner & 2) ? real(p.y - h) : p.y;
    b.max.y = (corner & 2) ? p.y : real(p.y + h);
    if (b.max.x < b.min.x) b.max.x = b.min.x;
    if (b.max.y < b.min.y) b.max.y = b.min.y;
    return b;
}

real size_choice(ByteReader& in, ValueGen& gen, real tile) {
    switch (in.u8() % 6) {
    case 0: return 0;
    case 1: return tile;
    case 2: return real(tile / 2);
    case 3: return real(tile / 4);
    case 4: return 1;
    default: return gen.size(in);
    }
}

Aabb decode_box(ByteReader& in, ValueGen& gen, const TileMap& map, const std::vector<TileShape>& shapes) {
    const std::uint8_t mode = in.u8();
    const real tile = map.def().tile_size;
    Vec2 p{0, 0};
    switch ((mode & 7) % 7) { // bits 0-2: how; the others: which corner, which nudge
    case 0: return gen.box(in);
    case 1: p = lattice(map, in); return {p, p};
    case 2: {
        p = lattice(map, in);
        const real w = size_choice(in, gen, tile);
        const real h = size_choice(in, gen, tile);
        return box_at(p, mode >> 4, w, h);
    }
    case 3:
        if (!line_point(map, shapes, in, p)) return gen.box(in);
        p = {nudge(p.x, mode >> 4), nudge(p.y, mode >> 6)};
        return {p, p};
    case 4: {
        p = lattice(map, in);
        p = {nudge(p.x, mode >> 4), nudge(p.y, mode >> 6)};
        const real w = size_choice(in, gen, tile);
        const real h = size_choice(in, gen, tile);
        return box_at(p, mode >> 3, w, h);
    }
    case 5: {
        // A quarter-tile box in the free corner of a slope cell (the corner away from the solid
        // part), touching the cell's sides.
        TileCell c;
        if (!pick_slope(map, shapes, in, c)) return gen.box(in);
        RefShapeLine l;
        (void)ref_shape_line(map.shape_at(c), l);
        const Aabb cell = map.cell_box(c);
        const Vec2 corner{l.a > 0 ? cell.min.x : cell.max.x, l.b > 0 ? cell.min.y : cell.max.y};
        const real q = real((cell.max.x - cell.min.x) / 4);
        return box_at(corner, (l.a > 0 ? 0u : 1u) | (l.b > 0 ? 0u : 2u), q, q);
    }
    default: {
        p = gen.vec(in);
        const real w = size_choice(in, gen, tile);
        const real h = size_choice(in, gen, tile);
        return box_at(p, mode >> 4, w, h);
    }
    }
}

Vec2 box_corner(const Aabb& b, unsigned corner) {
    return {(corner & 1) ? b.max.x : b.min.x, (corner & 2) ? b.max.y : b.min.y};
}

Vec2 decode_motion(ByteReader& in, ValueGen& gen, const TileMap& map, const std::vector<TileShape>& shapes,
                   const Aabb& box) {
    const std::uint8_t mode = in.u8();
    static constexpr real factors[] = {1, 2, real(0.5), real(1.5), -1, real(1) / 3, real(1e-3), 1e6f};
    const real f = factors[(mode >> 4) & 7];
    switch ((mode & 7) % 6) { // bits 0-2: how; bits 4-6: the factor; bit 7: the axis
    case 0: return gen.vec(in);
    case 1:
    case 2: {
        // To a lattice corner or a point of a line, from one of the box's corners (and past it).
        Vec2 target;
        if ((mode & 7) % 6 == 1 || !line_point(map, shapes, in, target)) target = lattice(map, in);
        const Vec2 from = box_corner(box, in.u8());
        return {real(real(target.x - from.x) * f), real(real(target.y - from.y) * f)};
    }
    case 3: {
        // Along a slope's line.
        TileCell c;
        if (!pick_slope(map, shapes, in, c)) return gen.vec(in);
        const RefSlope s = ref_slope(map, c, map.shape_at(c));
        return {real(real(s.line_q.x - s.line_p.x) * f), real(real(s.line_q.y - s.line_p.y) * f)};
    }
    case 4: {
        const real v = gen.value(in);
        return (mode & 0x80) ? Vec2{0, v} : Vec2{v, 0};
    }
    default: {
        const Vec2 v = gen.vec(in);
        const int e = int(in.u8() % 200) - 100;
        return {std::ldexp(v.x, e), std::ldexp(v.y, e)};
    }
    }
}

// ---- property A: the narrow phase against the reference ----

bool same_real(real a, real b) { return std::memcmp(&a, &b, sizeof a) == 0 || (a == 0 && b == 0); }

std::string describe_sweep(const Case& cs, TileCell c, TileShape shape, const Aabb& a, Vec2 d, std::uint8_t faces,
                           std::uint8_t seams) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "tile (%d, %d) %s, faces %d seams %d", c.column, c.row, to_string(shape), int(faces),
                  int(seams));
    return std::string("sweep_slope(box ") + str(a) + ", d " + str(d) + ") against " + buf + " in " +
           describe_map(cs.def, cs.shapes);
}

/// A start inside: the normal is the way out of least depth among the tile's separating axes
/// (-y, +y, -x, +x and the slope's outward normal), within a relative 2^-20 (the kernel
/// estimates the depths: the normal is a recovery's direction, not a contact).
template <class Where> void check_way_out(const RefSlope& s, const Aabb& a, Vec2 n, Where&& where) {
    const Big ax0 = to_big(a.min.x), ax1 = to_big(a.max.x), ay0 = to_big(a.min.y), ay1 = to_big(a.max.y);
    Big lo, hi;
    ref_extent(s, ax0, ax1, ay0, ay1, lo, hi);
    const long double w = std::sqrt(s.wx.convert_to<long double>() * s.wx.convert_to<long double>() +
                                    s.wy.convert_to<long double>() * s.wy.convert_to<long double>());
    // Along the axes, out of the polygon's own extent (a half-height piece's tip included).
    // (Each difference exact before it is rounded: a tip may lie 1e-30 beyond a box's edge.)
    auto gap = [](const Big& x, const Frac& f) { return approx(frac(x * f.den - f.num, f.den)); };
    const long double depth[5] = {gap(ay1, s.ext_lo[1]), -gap(ay0, s.ext_hi[1]), gap(ax1, s.ext_lo[0]),
                                  -gap(ax0, s.ext_hi[0]), (hi - s.poly_lo).convert_to<long double>() / w};
    const Vec2 normals[5] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}, slope_normal(s.shape)};
    int chosen = -1;
    for (int i = 0; i < 5; ++i)
        if (same_real(n.x, normals[i].x) && same_real(n.y, normals[i].y)) chosen = i;
    if (chosen < 0)
        fail("%s: started_overlapping with normal %s, not one of the tile's", where().c_str(), str(n).c_str());
    const long double least = *std::min_element(depth, depth + 5);
    static const bool lax = avoid("slope-way-out");
    if (!lax && depth[chosen] > least * (1 + 0x1p-20L) + 4)
        fail("%s: started_overlapping with normal %s (depth %Lg), but a way out of depth %Lg exists (in units of the "
             "smallest subnormal)",
             where().c_str(), str(n).c_str(), depth[chosen], least);
}

void check_sweep(const Case& cs, const TileMap& map, TileCell c, const Case::Query& q) {
    const TileShape shape = map.shape_at(c);
    std::uint8_t faces = face_all, seams = 0;
    switch (q.faces_mode % 4) {
    case 0: break;
    case 1: seams = std::uint8_t(~map.faces(c) & face_all); break;
    case 2:
        faces = std::uint8_t(q.faces & face_all);
        seams = std::uint8_t(q.seams & face_all);
        break;
    default:
        faces = map.faces(c);
        seams = std::uint8_t(~map.faces(c) & face_all);
        break;
    }
    const Aabb& a = q.box;
    const Vec2 d = q.d;
    const detail::SlopeTile st = detail::slope_tile(map, c, shape);
    const RefSlope rs = ref_slope(map, c, shape);
    const Sweep got = detail::sweep_slope(a, d, st, faces, seams);
    const RefSlopeSweep ref = ref_sweep_slope(a, d, rs, faces, seams, slope_normal(shape));
    auto where = [&] { return describe_sweep(cs, c, shape, a, d, faces, seams); };

    const bool overlaps_ref = ref_slope_overlaps(a, rs);
    if (detail::slope_overlaps(a, st) != overlaps_ref)
        fail("slope_overlaps: expected %d, got %d, for %s", int(overlaps_ref), int(!overlaps_ref), where().c_str());
    const bool closed_ref = ref_slope_intersects_closed(a, rs);
    if (detail::slope_intersects_closed(a, st) != closed_ref)
        fail("slope_intersects_closed: expected %d, got %d, for %s", int(closed_ref), int(!closed_ref),
             where().c_str());

    static const bool segment_lax = avoid("slope-segment");
    if (a.min == a.max && !segment_lax) {
        Frac entry_ref;
        detail::wide entry = -1;
        const bool meets_ref = ref_segment_meets(a.min, d, rs, entry_ref);
        const bool meets = detail::slope_segment_meets(a.min, d, st, entry);
        if (meets != meets_ref)
            fail("slope_segment_meets: expected %d (first at ~%.20Lg), got %d, for %s", int(meets_ref),
                 meets_ref ? approx(entry_ref) : -1.0L, int(meets), where().c_str());
        if (meets && !(entry >= 0 && entry <= 1))
            fail("slope_segment_meets: entry %.17g outside [0, 1] for %s", double(entry), where().c_str());
    }

    if (got.state != ref.state)
        fail("%s: expected %s (exact time ~%.20Lg, normal %s, corner %d), got %s (time %s, normal %s, corner %d)",
             where().c_str(), state_name(ref.state), approx(ref.time), str(ref.normal).c_str(), int(ref.corner),
             state_name(got.state), str(got.time).c_str(), str(got.normal).c_str(), int(got.corner));
    if (ref.state == SweepState::started_overlapping) {
        if (got.time != 0)
            fail("%s: started_overlapping with time %s, expected 0", where().c_str(), str(got.time).c_str());
        check_way_out(rs, a, got.normal, where);
        return;
    }
    if (ref.state != SweepState::hit) return;
    if (!same_real(got.normal.x, ref.normal.x) || !same_real(got.normal.y, ref.normal.y))
        fail("%s: hit at exact time ~%.20Lg: expected normal %s, got %s (tied x %d y %d w %d)", where().c_str(),
             approx(ref.time), str(ref.normal).c_str(), str(got.normal).c_str(), int(ref.tied[0]), int(ref.tied[1]),
             int(ref.tied[2]));
    if (got.corner != ref.corner)
        fail("%s: expected corner = %d, got %d (tied x %d y %d w %d)", where().c_str(), int(ref.corner),
             int(got.corner), int(ref.tied[0]), int(ref.tied[1]), int(ref.tied[2]));
    // The time: the slope's face alone, or a tip, is T correctly rounded; a side of the cell
    // entered at T has sweep_box_box's rounding (accepted at any tie with a side).
    bool ok = false;
    std::string accepted;
    if (ref.slope_face) {
        static const bool lax = avoid("slope-time");
        ok = ref_correctly_rounded(got.time, ref.time) || (lax && got.time >= 0 && got.time < 1);
        accepted = "T correctly rounded, " + str(real(approx(ref.time)));
    }
    for (int k = 0; k < 2; ++k) {
        if (!ref.tied[k]) continue;
        // Entered through a half-height piece's tip (the polygon's bound is no side of the
        // cell): T correctly rounded, as for the face.
        const Frac& bound = d[k] > 0 ? rs.ext_lo[k] : rs.ext_hi[k];
        const real cell_side = d[k] > 0 ? st.cell.min[k] : st.cell.max[k];
        if (compare(bound, Frac{to_big(cell_side), Big(1)}) != 0) {
            ok = ok || ref_correctly_rounded(got.time, ref.time);
            accepted += std::string(accepted.empty() ? "" : " or ") + "T correctly rounded (a tip), " +
                        str(real(approx(ref.time)));
            continue;
        }
        const real side = ref_side_time(a, d, st.cell, k);
        ok = ok || same_real(got.time, side);
        accepted += std::string(accepted.empty() ? "" : " or ") + "the side time " + str(side);
    }
    if (!ok)
        fail("%s: hit time %s, expected %s (exact time ~%.20Lg, normal %s)", where().c_str(), str(got.time).c_str(),
             accepted.c_str(), approx(ref.time), str(ref.normal).c_str());
    // S3: the box placed at the slope's face is never inside the tile.
    static const bool contact_lax = avoid("slope-contact");
    if (ref.slope_face && !contact_lax) {
        const Aabb at = detail::slope_contact_box(a, d, st);
        if (ref_slope_overlaps(at, rs))
            fail("%s: slope_contact_box gives %s, inside the tile (S3)", where().c_str(), str(at).c_str());
    }
}

/// Sign of w . v, exactly (w into the solid part).
int into_line(const RefSlope& s, Vec2 v) { return sign(s.wx * to_big(v.x) + s.wy * to_big(v.y)); }

/// The responses' helpers never leave a motion going into the line: slope_not_into keeps a
/// motion that does not and steps one that does until it does not; slope_slide's result does
/// not either, and is not longer than the motion beyond rounding.
void check_slide(const Case& cs, const TileMap& map, TileCell c, Vec2 v) {
    const TileShape shape = map.shape_at(c);
    const detail::SlopeTile st = detail::slope_tile(map, c, shape);
    const RefSlope rs = ref_slope(map, c, shape);
    auto where = [&] {
        char buf[96];
        std::snprintf(buf, sizeof buf, " against tile (%d, %d) %s in ", c.column, c.row, to_string(shape));
        return str(v) + buf + describe_map(cs.def, cs.shapes);
    };
    static const bool slide_lax = avoid("slope-slide");
    const Vec2 kept = detail::slope_not_into(v, st);
    const Vec2 slid = detail::slope_slide(v, st);
    if (!is_finite(kept) || !is_finite(slid)) {
        if (slide_lax) return;
        fail("slope_not_into(%s) = %s, slope_slide = %s: not finite", where().c_str(), str(kept).c_str(),
             str(slid).c_str());
    }
    if (into_line(rs, kept) > 0) fail("slope_not_into(%s) = %s goes into the line", where().c_str(), str(kept).c_str());
    if (into_line(rs, v) <= 0 && !(same_real(kept.x, v.x) && same_real(kept.y, v.y)))
        fail("slope_not_into(%s) = %s changed a motion that does not go into the line", where().c_str(),
             str(kept).c_str());
    if (into_line(rs, slid) > 0) fail("slope_slide(%s) = %s goes into the line", where().c_str(), str(slid).c_str());
    const long double before = (long double)v.x * v.x + (long double)v.y * v.y;
    const long double after = (long double)slid.x * slid.x + (long double)slid.y * slid.y;
    if (!slide_lax && after > before * (1 + 0x1p-20L) + 0x1p-280L)
        fail("slope_slide(%s) = %s is longer than the motion", where().c_str(), str(slid).c_str());
}

// ---- property B: a world of slopes ----

void set_world_tiles(World& world, const TileMapDef& def, const std::vector<TileShape>& shapes, int border) {
    TileMapDef wd = def;
    wd.columns += 2 * border;
    wd.rows += 2 * border;
    if (border > 0) wd.origin = {real(def.origin.x - def.tile_size), real(def.origin.y - def.tile_size)};
    world.set_tile_map(wd);
    define_slope_kinds([&](int i, const TileKind& k) { world.set_tile_kind(i, k); });
    for (int r = 0; r < wd.rows; ++r)
        for (int c = 0; c < wd.columns; ++c) {
            const int ic = c - border, ir = r - border;
            const bool inner = ic >= 0 && ir >= 0 && ic < def.columns && ir < def.rows;
            const int kind = inner ? kind_of(shapes[std::size_t(ir * def.columns + ic)], false) : 1;
            world.set_tile({c, r}, kind);
        }
}

/// query_segment from a to a + d (when that sum is exact) names exactly the slope tiles whose
/// closed solid part the closed segment meets.
void check_segment_query(const Case& cs, const World& world, Vec2 a, Vec2 d) {
    const Vec2 b{real(a.x + d.x), real(a.y + d.y)};
    if (!is_finite(b) || to_big(b.x) - to_big(a.x) != to_big(d.x) || to_big(b.y) - to_big(a.y) != to_big(d.y)) return;
    std::vector<Other> got;
    try {
        world.query_segment(a, b, got);
    } catch (const Error&) {
        return;
    }
    const TileMap& map = world.tiles();
    for (std::int32_t r = 0; r < map.rows(); ++r)
        for (std::int32_t c = 0; c < map.columns(); ++c) {
            const TileShape s = map.shape_at({c, r});
            static const bool segment_lax = avoid("slope-segment");
            if (!is_slope(s) || segment_lax) continue;
            Frac entry;
            const bool meets = ref_segment_meets(a, d, ref_slope(map, {c, r}, s), entry);
            const bool named = std::find(got.begin(), got.end(), Other::of(TileCell{c, r})) != got.end();
            if (named != meets)
                fail("query_segment(%s, %s) %s tile (%d, %d) %s, whose solid part the closed segment %s, in %s",
                     str(a).c_str(), str(b).c_str(), named ? "names" : "leaves out", c, r, to_string(s),
                     meets ? "meets" : "does not meet", describe_map(cs.def, cs.shapes).c_str());
        }
}

void check_casts(const Case& cs, const World& world) {
    const TileMap& map = world.tiles();
    const std::vector<OraclePoly> polys = oracle_polygons(map);
    for (const Case::Query& q : cs.queries) {
        if (q.box.min == q.box.max) check_segment_query(cs, world, q.box.min, q.d);
        const bool point = q.box.min == q.box.max;
        for (int ray = 0; ray < (point ? 2 : 1); ++ray) {
            CastHit h;
            try {
                h = ray ? world.cast_ray(q.box.min, q.d) : world.cast_box(q.box, q.d);
            } catch (const Error&) {
                continue; // out of the finite range
            }
            const CastCheck c = check_cast_hit(map, polys, q.box, q.d, h);
            if (c.verdict == CastCheck::disagree || c.verdict == CastCheck::inside)
                fail("%s(box %s, d %s) in %s (one-way tiles left out): %s", ray ? "cast_ray" : "cast_box",
                     str(q.box).c_str(), str(q.d).c_str(), describe_map(cs.def, cs.shapes).c_str(), c.what.c_str());
        }
    }
}

bool within(const Aabb& a, const Aabb& room) {
    return room.min.x <= a.min.x && a.max.x <= room.max.x && room.min.y <= a.min.y && a.max.y <= room.max.y;
}

/// True when the World sees a slope tile's shape rather than its whole cell: a ray across the
/// free half of a lone slope45_ul tile misses it. The room is checked only then (a World that
/// takes slope tiles for solid ones treats a body in a slope cell's free part as inside).
bool world_sees_slopes() {
    static const bool sees = [] {
        World w;
        w.set_tile_map({.origin = {0, 0}, .tile_size = 16, .columns = 1, .rows = 1});
        TileKind k;
        k.shape = TileShape::slope45_ul;
        w.set_tile_kind(slope_kind0, k);
        w.set_tile({0, 0}, slope_kind0);
        return !w.cast_ray({-4, 4}, {12, 0}).hit; // ends at (8, 4): u + v = 0.75, free
    }();
    return sees;
}

void check_room(const Case& cs, ByteReader& in, ValueGen& gen) {
    World world;
    try {
        set_world_tiles(world, cs.def, cs.shapes, 1);
    } catch (const Error&) {
        return; // the ring does not fit in finite coordinates
    }
    const TileMap& map = world.tiles();
    const Aabb room{{map.edge_x(1), map.edge_y(1)}, {map.edge_x(map.columns() - 1), map.edge_y(map.rows() - 1)}};
    std::vector<TileShape> shapes;
    for (std::int32_t r = 0; r < map.rows(); ++r)
        for (std::int32_t c = 0; c < map.columns(); ++c) shapes.push_back(map.shape_at({c, r}));
    const Aabb start = decode_box(in, gen, map, shapes);
    const std::vector<OraclePoly> polys = oracle_polygons(map);
    if (!is_valid(start) || !within(start, room) || box_inside(polys, start)) return;
    const BodyId id = world.add({.box = start});
    std::string log = "room " + describe_map(map.def(), shapes) + ", body " + str(start);
    if (verbose()) std::fprintf(stderr, "%s\n", log.c_str());
    const int moves = int(in.u8() % 6) + 1;
    bool on_floor = false;
    for (int m = 0; m < moves; ++m) {
        const Aabb before = world.box(id);
        const Vec2 d = decode_motion(in, gen, map, shapes, before);
        const std::uint8_t ob = in.u8();
        MoveOptions o;
        o.response = (ob & 1) ? Response::bounce : Response::slide;
        o.restitution = real((ob >> 1) & 3) / 3;
        o.friction = real((ob >> 3) & 3) / 3;
        o.velocity = d;
        MoveResult r;
        // Bit 5: the character kit's walk (move_and_snap: a snap of a tile, constant speed and
        // stop on steep by bits 6 and 7), which must keep the same two properties.
        const bool kit = (ob & 0x20) != 0;
        try {
            if (kit) {
                const SnapRules rules{.snap = map.def().tile_size,
                                      .constant_speed = (ob & 0x40) != 0,
                                      .stop_on_steep = (ob & 0x80) != 0};
                move_and_snap(world, id, d, o, on_floor, rules, r);
                on_floor = ground_state(r).on_floor;
            } else {
                world.move(id, d, o, r);
            }
        } catch (const Error&) {
            return; // out of the finite range: the world is unchanged
        }
        log += std::string(", ") + ((ob & 1) ? "bounce" : "slide") + (kit ? " with snap" : "") + " by " + str(d) +
               " -> " + str(r.box);
        if (verbose()) {
            std::fprintf(stderr, "  move %s (%s) -> %s\n", str(d).c_str(), (ob & 1) ? "bounce" : "slide",
                         str(r.box).c_str());
            for (const Contact& c : r.contacts)
                std::fprintf(stderr, "    tile (%d, %d) t %.17g normal %s box %s%s%s\n", c.other.tile.column,
                             c.other.tile.row, double(c.time), str(c.normal).c_str(), str(c.box).c_str(),
                             c.junction ? " junction" : "", c.started_overlapping ? " started inside" : "");
        }
        if (!(world.box(id) == r.box)) fail("%s: the stored box is not the result box", log.c_str());
        if (!within(r.box, room))
            fail("%s: the body ended outside the room %s (rule 6)", log.c_str(), str(room).c_str());
        if (box_inside(polys, r.box))
            fail("%s: the body ended inside the solid (in a tile's solid part, on a seam of two, or where solids "
                 "meet all around; S3, S6)",
                 log.c_str());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool tables_checked = (check_tables(), true);
    (void)tables_checked;
    ByteReader in(data, size);
    const std::uint8_t head = in.u8();
    static constexpr double limits[] = {1048576.0, 1099511627776.0, 1.2676506002282294e30,
                                        double(std::numeric_limits<real>::max())};
    ValueGen gen(limits[head & 3]);

    Case cs;
    const std::uint8_t dims = in.u8();
    cs.def.columns = dims % max_side + 1;
    cs.def.rows = (dims / max_side) % max_side + 1;
    cs.def.origin = gen.vec(in);
    static constexpr real sizes[] = {16,           1,  real(0.1),   3,          1000,      real(0.7),
                                     real(0.0625), 64, real(1) / 3, real(7.25), real(1e-3)};
    const std::uint8_t sb = in.u8();
    cs.def.tile_size = sb % 12 < 11 ? sizes[sb % 12] : gen.size(in);
    if (head & 0x80) {
        // (A bit the inputs before it never set: they decode as they did.) The tile sizes of
        // issue 39, whose edges are rounded, and, by bit 3, a map near (1e6, -1e6), where a step
        // of `real` is a sixteenth.
        static constexpr real rounded[] = {real(0.7), real(3.3), real(1e-3), real(1e4), real(0.37), 16, 1};
        cs.def.tile_size = rounded[sb % 7];
        if ((sb >> 3) & 1) cs.def.origin = {real(1e6) + cs.def.origin.x / 1024, real(-1e6) + cs.def.origin.y / 1024};
    }
    try {
        TileMap::validate(cs.def, "fuzz");
    } catch (const Error&) {
        cs.def.origin = {0, 0};
        cs.def.tile_size = 16;
    }
    for (int i = 0; i < cs.def.columns * cs.def.rows; ++i) cs.shapes.push_back(shape_from(in.u8()));
    const TileMap map = build_map(cs.def, cs.shapes);
    if (verbose()) std::fprintf(stderr, "%s\n", describe_map(cs.def, cs.shapes).c_str());

    const int queries = int(in.u8() % 4) + 1;
    for (int i = 0; i < queries; ++i) {
        Case::Query q;
        q.box = decode_box(in, gen, map, cs.shapes);
        q.d = decode_motion(in, gen, map, cs.shapes, q.box);
        q.faces_mode = in.u8();
        q.faces = in.u8();
        q.seams = in.u8();
        if (!is_valid(q.box) || !is_finite(q.d)) continue;
        if (verbose())
            std::fprintf(stderr, "query box %s d %s faces mode %d\n", str(q.box).c_str(), str(q.d).c_str(),
                         int(q.faces_mode % 4));
        cs.queries.push_back(q);
    }

    // A: every slope tile, every query.
    for (const Case::Query& q : cs.queries)
        for (std::int32_t r = 0; r < map.rows(); ++r)
            for (std::int32_t c = 0; c < map.columns(); ++c)
                if (is_slope(map.shape_at({c, r}))) {
                    check_sweep(cs, map, {c, r}, q);
                    check_slide(cs, map, {c, r}, q.d);
                }

    // B: the world's casts, and a body in a closed room.
    if (head & 0x10) {
        World world;
        set_world_tiles(world, cs.def, cs.shapes, 0);
        check_casts(cs, world);
    }
    static const bool no_room = avoid("slope-room");
    if ((head & 0x20) && !no_room && world_sees_slopes()) check_room(cs, in, gen);
    return 0;
}
