/// @file fuzz_rooms.cpp
/// Fuzz target: closed rooms hold (contract rule 6: obstacles that touch form one solid; the
/// seam or corner between two of them is no passage for a body of any size, a point or a
/// zero-thickness plank included; a body that starts inside a closed room never ends outside it;
/// rays and zero-size box casts alike).
///
/// The bytes decode into:
/// - a closed room, one of
///   - a ring of solid tiles (tile size 0.5, 1, 16 or 24) around an empty interior of 1 to 4 x
///     1 to 4 tiles on a small map with 0 to 2 empty margins, optionally L-shaped (a solid
///     notch in one corner of the interior);
///   - four static body walls around a rectangle, each 0 (zero-thickness), 1e-3 tile, 1 unit
///     or one tile thick, touching at the corners: the top and bottom walls span the corners,
///     or a pinwheel (each wall runs past one corner), or walls meeting only at the corner
///     points; optionally each wall split in two touching halves (a seam across it);
///   - a mix: a tile ring with some of its four sides replaced by static bodies flush with the
///     ring (zero-thickness on the room's edge line, 1/8 tile, or a whole tile thick);
///   at an origin among 0, small offsets and large coordinates (1e5, 2^20);
/// - a mover of size class point (0 x 0), plank (0 on one axis), tiny (1e-3 tile) or normal,
///   starting in the room: strictly inside, exactly on an interior tile line, flush against a
///   wall, in a corner, or with its leading corner at equal distance from two walls (so that
///   an exact diagonal passes exactly through the room's corner);
/// - up to 8 steps: moves (response slide, touch or bounce with restitution 1 or less; deltas
///   aimed exactly at a room corner, exact diagonals, axis-aligned along lines, generic, tiny,
///   huge up to 1e6) and casts (cast_ray and cast_box of the zero-size box) from a point of the
///   room (the mover's corner, a random point, a room corner, a point on a wall line).
///
/// Every input with a tile ring runs twice: its tiles solid (kind 1), then as kinds of three
/// filters (the map's, and two kinds with their own category and mask), all of which the mover
/// and the casts meet: where kinds of different filters meet is no passage either.
///
/// Checked exactly after every step (a violation prints "sweepbox fuzz: PROPERTY VIOLATED:"
/// with the room, the mover and the steps, and aborts):
/// 1. the stored box is the result box; valid input never throws;
/// 2. the body's box lies within the room's closed interior's bounding box, and no point of it
///    (box, plank or point) lies strictly inside solid: in the interior of the union of the
///    closed tiles and walls (inside a tile or a thick wall, or on a seam line between two
///    solids that touch along it, or at a point where four solid quadrants meet);
/// 3. casts: cast_ray and cast_box of the zero-size box give the same answer (hit, time, point,
///    normal, box, obstacle); a cast whose segment ends outside the room's bounding box (by a
///    margin far above rounding) hits, and its hit point lies in the room's closed interior.
///
/// SWEEPBOX_FUZZ_VERBOSE=1 prints the decoded room and every step.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>
#include <sweepbox/world.hpp>
#include "fuzz_common.hpp"
#include "room_check.hpp"
#include "scenario.hpp"

using namespace sweepbox;
using namespace sweepbox::fuzz;
using sweepbox::rooms::reaches_solid_interior;

namespace {


bool within(const Aabb& inner, const Aabb& outer) {
    return outer.min.x <= inner.min.x && inner.max.x <= outer.max.x && outer.min.y <= inner.min.y &&
           inner.max.y <= outer.max.y;
}

constexpr real tile_sizes[] = {real(0.5), real(1), real(16), real(24)};

/// Origins of the room: 0, small offsets, large coordinates (all multiples of 0.5 far below
/// where 0.5 stops being representable).
constexpr double origins[][2] = {
    {0, 0},        {-100, 36}, {16, -24}, {1000.5, -2000.25}, {100000.5, -100000}, {1048576, -1048576},
    {-4096, 4096}, {7.5, 0.5}};

struct Room {
    int kind = 0; // 0 tiles, 1 walls, 2 mix
    real t = 16;
    bool has_map = false;
    TileMapDef map{};
    std::vector<TileCell> tiles;
    std::vector<Aabb> walls;
    Aabb bounds{};              // the room's closed interior's bounding box
    std::vector<Aabb> starts;   // rectangles of the free interior
    std::vector<Aabb> solids;   // every obstacle's box
    std::vector<Vec2> corners;  // corners to aim at
    std::vector<real> lines[2]; // interior tile lines (x, y) strictly inside the bounds
};

std::string room_str(const Room& r) {
    static const char* kinds[] = {"tile ring", "body walls", "tile ring with body walls"};
    std::string s = std::string(kinds[r.kind]) + ", tile size " + str(r.t) + ", bounds " + str(r.bounds);
    if (r.has_map) {
        s += "\n  map origin " + str(r.map.origin) + " " + std::to_string(r.map.columns) + " x " +
             std::to_string(r.map.rows) + " tiles:";
        std::vector<std::string> rows(std::size_t(r.map.rows), std::string(std::size_t(r.map.columns), '.'));
        for (const TileCell& c : r.tiles) rows[std::size_t(c.row)][std::size_t(c.column)] = '#';
        for (const std::string& row : rows) s += "\n    " + row;
    }
    for (const Aabb& w : r.walls) s += "\n  static wall " + str(w);
    return s;
}

/// Decodes the room.
Room decode_room(ByteReader& in) {
    Room r;
    r.kind = int(in.below(3));
    r.t = tile_sizes[in.below(4)];
    const std::uint32_t oi = in.below(std::uint32_t(std::size(origins)));
    const Vec2 origin{real(origins[oi][0]), real(origins[oi][1])};
    const real t = r.t;
    if (r.kind == 0 || r.kind == 2) {
        const std::int32_t iw = 1 + std::int32_t(in.below(4));
        const std::int32_t ih = 1 + std::int32_t(in.below(4));
        const std::int32_t ml = std::int32_t(in.below(3));
        const std::int32_t mt = std::int32_t(in.below(3));
        const std::int32_t mr = std::int32_t(in.below(3));
        const std::int32_t mb = std::int32_t(in.below(3));
        r.has_map = true;
        r.map = {.origin = origin, .tile_size = t, .columns = ml + iw + 2 + mr, .rows = mt + ih + 2 + mb};
        const TileMap m(r.map);
        const std::int32_t c0 = ml + 1, c1 = ml + iw, r0 = mt + 1, r1 = mt + ih; // interior, inclusive
        // An L: a notch of nw x nh solid tiles in one corner of the interior.
        std::int32_t nw = 0, nh = 0;
        std::uint32_t q = 0;
        const std::uint8_t lflag = in.u8();
        if (r.kind == 0 && iw >= 2 && ih >= 2 && (lflag & 1)) {
            nw = 1 + std::int32_t(in.below(std::uint32_t(iw - 1)));
            nh = 1 + std::int32_t(in.below(std::uint32_t(ih - 1)));
            q = in.below(4);
        }
        const std::int32_t nc0 = (q & 1) ? c1 - nw + 1 : c0, nc1 = (q & 1) ? c1 : c0 + nw - 1;
        const std::int32_t nr0 = (q & 2) ? r1 - nh + 1 : r0, nr1 = (q & 2) ? r1 : r0 + nh - 1;
        // Mix: which sides of the ring are bodies, and how thick.
        bool side_body[4] = {false, false, false, false}; // left, top, right, bottom
        std::uint32_t side_th[4] = {0, 0, 0, 0};
        if (r.kind == 2)
            for (int s = 0; s < 4; ++s) {
                const std::uint8_t b = in.u8();
                side_body[s] = (b & 1) != 0;
                side_th[s] = (b >> 1) % 3;
            }
        for (std::int32_t row = r0 - 1; row <= r1 + 1; ++row)
            for (std::int32_t c = c0 - 1; c <= c1 + 1; ++c) {
                const bool corner = (row == r0 - 1 || row == r1 + 1) && (c == c0 - 1 || c == c1 + 1);
                bool solid = false;
                if (corner) solid = true;
                else if (c == c0 - 1) solid = !side_body[0];
                else if (row == r0 - 1) solid = !side_body[1];
                else if (c == c1 + 1) solid = !side_body[2];
                else if (row == r1 + 1) solid = !side_body[3];
                else solid = nw > 0 && c >= nc0 && c <= nc1 && row >= nr0 && row <= nr1;
                if (solid) {
                    r.tiles.push_back({c, row});
                    r.solids.push_back(m.cell_box({c, row}));
                }
            }
        const real x0 = m.edge_x(c0), x1 = m.edge_x(c1 + 1), y0 = m.edge_y(r0), y1 = m.edge_y(r1 + 1);
        r.bounds = {{x0, y0}, {x1, y1}};
        for (int s = 0; s < 4; ++s) {
            if (!side_body[s]) continue;
            const real th = side_th[s] == 0 ? real(0) : (side_th[s] == 1 ? t / 8 : t);
            Aabb w{};
            switch (s) {
            case 0: w = {{side_th[s] == 2 ? m.edge_x(c0 - 1) : real(x0 - th), y0}, {x0, y1}}; break;
            case 1: w = {{x0, side_th[s] == 2 ? m.edge_y(r0 - 1) : real(y0 - th)}, {x1, y0}}; break;
            case 2: w = {{x1, y0}, {side_th[s] == 2 ? m.edge_x(c1 + 2) : real(x1 + th), y1}}; break;
            default: w = {{x0, y1}, {x1, side_th[s] == 2 ? m.edge_y(r1 + 2) : real(y1 + th)}}; break;
            }
            r.walls.push_back(w);
            r.solids.push_back(w);
        }
        for (std::int32_t c = c0 + 1; c <= c1; ++c) r.lines[0].push_back(m.edge_x(c));
        for (std::int32_t row = r0 + 1; row <= r1; ++row) r.lines[1].push_back(m.edge_y(row));
        if (nw > 0) {
            // The two rectangles of the L, each from wall to wall.
            const real ny0 = m.edge_y(nr0), ny1 = m.edge_y(nr1 + 1), nx0 = m.edge_x(nc0), nx1 = m.edge_x(nc1 + 1);
            r.starts.push_back((q & 2) ? Aabb{{x0, y0}, {x1, ny0}} : Aabb{{x0, ny1}, {x1, y1}});
            r.starts.push_back((q & 1) ? Aabb{{x0, y0}, {nx0, y1}} : Aabb{{nx1, y0}, {x1, y1}});
            // The notch's inner corner.
            r.corners.push_back({(q & 1) ? nx0 : nx1, (q & 2) ? ny0 : ny1});
        } else {
            r.starts.push_back(r.bounds);
        }
    } else {
        const real w = t * real(1 + in.below(6));
        const real h = t * real(1 + in.below(6));
        const real x0 = origin.x, y0 = origin.y, x1 = x0 + w, y1 = y0 + h;
        const std::uint32_t style = in.below(3);
        real th[4]; // left, top, right, bottom
        for (real& v : th) {
            const std::uint32_t c = in.below(4);
            v = c == 0 ? real(0) : c == 1 ? t * real(1e-3) : c == 2 ? real(1) : t;
        }
        const bool split = in.flag();
        const real l = th[0], tp = th[1], rt = th[2], b = th[3];
        std::vector<Aabb> walls;
        if (style == 0) { // top and bottom span the corners
            walls = {{{x0 - l, y0 - tp}, {x1 + rt, y0}},
                     {{x1, y0}, {x1 + rt, y1}},
                     {{x0 - l, y1}, {x1 + rt, y1 + b}},
                     {{x0 - l, y0}, {x0, y1}}};
        } else if (style == 1) { // pinwheel
            walls = {{{x0 - l, y0 - tp}, {x1, y0}},
                     {{x1, y0 - tp}, {x1 + rt, y1}},
                     {{x0, y1}, {x1 + rt, y1 + b}},
                     {{x0 - l, y0}, {x0, y1 + b}}};
        } else { // meeting only at the corner points
            walls = {{{x0, y0 - tp}, {x1, y0}},
                     {{x1, y0}, {x1 + rt, y1}},
                     {{x0, y1}, {x1, y1 + b}},
                     {{x0 - l, y0}, {x0, y1}}};
        }
        for (const Aabb& wall : walls) {
            // Split: two halves touching across the wall (a seam between two bodies).
            const int k = (wall.max.x - wall.min.x) >= (wall.max.y - wall.min.y) ? 0 : 1;
            const real mid = k == 0 ? x0 + (x1 - x0) / 2 : y0 + (y1 - y0) / 2;
            if (split && wall.min[k] < mid && mid < wall.max[k]) {
                Aabb a = wall, c = wall;
                a.max[k] = mid;
                c.min[k] = mid;
                r.walls.push_back(a);
                r.walls.push_back(c);
            } else {
                r.walls.push_back(wall);
            }
        }
        r.solids = r.walls;
        r.bounds = {{x0, y0}, {x1, y1}};
        r.starts.push_back(r.bounds);
        for (real x = x0 + t; x < x1; x += t) r.lines[0].push_back(x);
        for (real y = y0 + t; y < y1; y += t) r.lines[1].push_back(y);
        if (split) {
            r.lines[0].push_back(x0 + (x1 - x0) / 2);
            r.lines[1].push_back(y0 + (y1 - y0) / 2);
        }
    }
    r.corners.push_back(r.bounds.min);
    r.corners.push_back({r.bounds.max.x, r.bounds.min.y});
    r.corners.push_back({r.bounds.min.x, r.bounds.max.y});
    r.corners.push_back(r.bounds.max);
    return r;
}

/// A fraction in (0, 1), never 0 or 1.
real fraction(ByteReader& in) { return real(1 + in.below(255)) / real(256); }

/// Decodes the mover's starting box; false when it does not fit (the input is skipped).
bool decode_mover(ByteReader& in, const Room& room, Aabb& out, std::string& what) {
    const Aabb sr = room.starts[in.below(std::uint32_t(room.starts.size()))];
    const real sw = sr.max.x - sr.min.x, sh = sr.max.y - sr.min.y;
    const real side = std::min(sw, sh);
    real w = 0, h = 0;
    const std::uint32_t size_class = in.below(4);
    if (size_class == 0) {
        what = "point";
    } else if (size_class == 1) {
        const bool horizontal = in.flag();
        const real len = real(1 + in.below(4)) / real(8);
        (horizontal ? w : h) = len * (horizontal ? sw : sh);
        what = horizontal ? "horizontal plank" : "vertical plank";
    } else if (size_class == 2) {
        w = h = room.t * real(1e-3);
        what = "tiny box";
    } else {
        w = side * real(1 + in.below(4)) / real(8);
        h = side * real(1 + in.below(4)) / real(8);
        what = "box";
    }
    Vec2 p{sr.min.x + fraction(in) * (sw - w), sr.min.y + fraction(in) * (sh - h)};
    const std::uint32_t mode = in.below(5);
    switch (mode) {
    case 0: what += ", strictly inside"; break;
    case 1: { // on an interior line
        const int k = in.flag() ? 1 : 0;
        const std::vector<real>& lines = room.lines[k];
        if (!lines.empty()) {
            p[k] = lines[in.below(std::uint32_t(lines.size()))];
            if (in.flag()) p[k] -= k == 0 ? w : h; // the max edge on the line
        }
        what += ", on an interior line";
        break;
    }
    case 2: { // flush against a wall
        const std::uint32_t s = in.below(4);
        if (s == 0) p.x = sr.min.x;
        if (s == 1) p.y = sr.min.y;
        if (s == 2) p.x = sr.max.x - w;
        if (s == 3) p.y = sr.max.y - h;
        what += ", flush against a wall";
        break;
    }
    case 3: { // in a corner
        const std::uint32_t q = in.below(4);
        p.x = (q & 1) ? sr.max.x - w : sr.min.x;
        p.y = (q & 2) ? sr.max.y - h : sr.min.y;
        what += ", in a corner";
        break;
    }
    default: { // leading corner at equal distance a from two walls
        const std::uint32_t q = in.below(4);
        const real a = side * real(1 + in.below(7)) / real(16);
        p.x = (q & 1) ? sr.max.x - a - w : sr.min.x + a;
        p.y = (q & 2) ? sr.max.y - a - h : sr.min.y + a;
        what += ", aimed at a corner";
        break;
    }
    }
    out = {p, {p.x + w, p.y + h}};
    return is_valid(out) && within(out, room.bounds) && !reaches_solid_interior(out, room.solids);
}

/// Decodes a displacement for a box (a point for casts) in the room.
Vec2 decode_delta(ByteReader& in, const Room& room, const Aabb& b) {
    const real size = std::max(room.bounds.max.x - room.bounds.min.x, room.bounds.max.y - room.bounds.min.y);
    const real mags[] = {room.t * real(1e-3), room.t, size, real(1000) * size, real(1e6)};
    const std::uint32_t kind = in.below(6);
    if (kind == 0) { // aimed exactly at a corner, by a power of two times the distance
        const Vec2 c = room.corners[in.below(std::uint32_t(room.corners.size()))];
        const Vec2 lead{c.x <= b.min.x ? b.min.x : b.max.x, c.y <= b.min.y ? b.min.y : b.max.y};
        const real scale = std::ldexp(real(1), int(in.below(12)));
        Vec2 d = (c - lead) * scale;
        if (d.x == 0 && d.y == 0) d = {-size, -size};
        return d;
    }
    const real L = mags[in.below(5)];
    const real sx = in.flag() ? real(-1) : real(1);
    const real sy = in.flag() ? real(-1) : real(1);
    switch (kind) {
    case 1: return {sx * L, sy * L}; // an exact diagonal
    case 2: return in.flag() ? Vec2{sx * L, 0} : Vec2{0, sy * L};
    case 3: {
        const real a = real(std::int8_t(in.u8())) / real(127);
        const real c = real(std::int8_t(in.u8())) / real(127);
        return {a * L, c * L};
    }
    case 4: { // tiny
        const real e = std::ldexp(room.t, -int(in.below(30)));
        const real a = real(std::int8_t(in.u8())) / real(16);
        const real c = real(std::int8_t(in.u8())) / real(16);
        return {a * e, c * e};
    }
    default: {
        ValueGen g(1e7);
        const real a = g.value(in);
        const real c = g.value(in);
        return {a, c};
    }
    }
}

std::string cast_str(const CastHit& h) {
    if (!h.hit) return "miss";
    return "hit " + other_str(h.other) + " time " + str(h.time) + " point " + str(h.point) + " normal " +
           str(h.normal) + " box " + str(h.box) + (h.started_overlapping ? " started_overlapping" : "") +
           (h.corner ? " corner" : "");
}

bool same_cast(const CastHit& a, const CastHit& b) {
    if (a.hit != b.hit) return false;
    if (!a.hit) return true;
    return a.time == b.time && a.normal == b.normal && a.point == b.point && a.box == b.box && a.other == b.other &&
           a.started_overlapping == b.started_overlapping && a.corner == b.corner;
}

/// True when the exact end x + d lies beyond [lo, hi] by a margin far above rounding.
bool beyond(real x, real d, real lo, real hi) {
    const long double e = static_cast<long double>(x) + static_cast<long double>(d);
    const long double mag = std::max({std::fabs(static_cast<long double>(x)), std::fabs(static_cast<long double>(d)),
                                      std::fabs(static_cast<long double>(lo)),
                                      std::fabs(static_cast<long double>(hi))});
    const long double tol = std::ldexp(mag, -40);
    return e < static_cast<long double>(lo) - tol || e > static_cast<long double>(hi) + tol;
}

// The room's tiles as kinds of three filters (kind 1, the map's; kinds 3 and 4, their own),
// spread over the ring by position; the mover and its casts meet all three.
constexpr std::int32_t mixed_kinds[] = {1, 3, 4};
std::int32_t mixed_kind(const TileCell& c) { return mixed_kinds[std::size_t(c.column * 7 + c.row * 3) % 3]; }

// Runs the steps (read from `in`) on the room; `mixed`: its tiles as mixed_kind's three filters.
void run_steps(const Room& room, const Aabb& start, ByteReader in, std::string log, bool mixed) {
    if (mixed) log += "\ntiles of three kinds: 1 (the map's filter), 3 (category 2), 4 (category 4, mask 7)";
    try {
        World w;
        if (room.has_map) {
            w.set_tile_map(room.map);
            w.set_tile_kind(3, {TileShape::solid, 2, ~0u, false});
            w.set_tile_kind(4, {TileShape::solid, 4, 7, false});
            for (const TileCell& c : room.tiles) w.set_tile(c, mixed ? mixed_kind(c) : std::int32_t(Tile::solid));
        }
        for (const Aabb& b : room.walls) w.add({.box = b, .is_static = true});
        const BodyId id = w.add({.box = start, .category = 1, .mask = 7});
        const std::uint32_t steps = 1 + in.below(8);
        MoveResult r;
        for (std::uint32_t i = 0; i < steps; ++i) {
            const std::uint8_t op = in.u8();
            if (op % 8 < 6) {
                static constexpr Response responses[] = {Response::slide, Response::touch, Response::bounce};
                MoveOptions o;
                o.response = responses[in.below(3)];
                const std::uint32_t rest = in.below(5);
                o.restitution = rest == 0 ? real(1) : real(rest - 1) / real(4);
                o.friction = in.flag() ? real(0.5) : real(0);
                static constexpr std::int32_t iterations[] = {8, 1, 32};
                o.max_iterations = iterations[in.below(3)];
                const Aabb before = w.box(id);
                const Vec2 d = decode_delta(in, room, before);
                char head[160];
                std::snprintf(head, sizeof head, "\nstep %u: move by ", i);
                log += head + str(d) + " from " + str(before) + " (" + to_string(o.response) + ", restitution " +
                       str(o.restitution) + ", friction " + str(o.friction) + ", max_iterations " +
                       std::to_string(o.max_iterations) + ")";
                w.move(id, d, o, r);
                log += "\n  result: " + move_str(r);
                if (verbose()) std::fprintf(stderr, "%s\n", log.c_str() + log.rfind("\nstep"));
                if (!(w.box(id) == r.box)) fail("the stored box differs from the result box\n%s", log.c_str());
                if (!is_valid(r.box)) fail("the result box is not valid\n%s", log.c_str());
                if (!within(r.box, room.bounds))
                    fail("the body left the closed room %s (rule 6: closed rooms hold)\n%s", str(room.bounds).c_str(),
                         log.c_str());
                if (reaches_solid_interior(r.box, room.solids))
                    fail("the body ends (partly) strictly inside solid: in a tile or wall, or on a seam between two "
                         "that touch (rule 6)\n%s",
                         log.c_str());
            } else {
                const Aabb b = w.box(id);
                Vec2 o{0, 0};
                const std::uint32_t from = in.below(4);
                if (from == 0) {
                    o = b.min;
                } else if (from == 1) {
                    o = {room.bounds.min.x + fraction(in) * (room.bounds.max.x - room.bounds.min.x),
                         room.bounds.min.y + fraction(in) * (room.bounds.max.y - room.bounds.min.y)};
                } else if (from == 2) {
                    o = room.corners[in.below(std::uint32_t(room.corners.size()))];
                } else {
                    const std::uint32_t s = in.below(4);
                    const real f = fraction(in);
                    const Aabb& B = room.bounds;
                    const real x = B.min.x + f * (B.max.x - B.min.x), y = B.min.y + f * (B.max.y - B.min.y);
                    o = s == 0 ? Vec2{B.min.x, y}
                      : s == 1 ? Vec2{x, B.min.y}
                      : s == 2 ? Vec2{B.max.x, y}
                               : Vec2{x, B.max.y};
                }
                const Aabb ob{o, o};
                const Vec2 d = decode_delta(in, room, ob);
                char head[160];
                std::snprintf(head, sizeof head, "\nstep %u: cast from ", i);
                log += head + str(o) + " by " + str(d);
                if (!within(ob, room.bounds) || reaches_solid_interior(ob, room.solids)) {
                    log += " (origin not in the room's closed interior: skipped)";
                    continue;
                }
                // A shot from the mover ignores the mover (the room is what it must not leave).
                QueryFilter shot;
                shot.ignore = id;
                const CastHit h = w.cast_ray(o, d, shot);
                const CastHit hb = w.cast_box(ob, d, shot);
                log += "\n  cast_ray: " + cast_str(h) + "\n  cast_box: " + cast_str(hb);
                if (verbose()) std::fprintf(stderr, "%s\n", log.c_str() + log.rfind("\nstep"));
                if (!same_cast(h, hb))
                    fail("cast_ray and cast_box of the zero-size box answer differently (rule 6: rays and casts "
                         "alike)\n%s",
                         log.c_str());
                const bool leaves = beyond(o.x, d.x, room.bounds.min.x, room.bounds.max.x) ||
                                    beyond(o.y, d.y, room.bounds.min.y, room.bounds.max.y);
                if (leaves && !h.hit)
                    fail("a cast from inside the closed room %s to beyond it hit nothing (rule 6)\n%s",
                         str(room.bounds).c_str(), log.c_str());
                if (h.hit) {
                    const Aabb hp{h.point, h.point};
                    if (!within(hp, room.bounds) || reaches_solid_interior(hp, room.solids))
                        fail("a cast from inside the room hit at a point outside the room's closed interior %s "
                             "(rule 6)\n%s",
                             str(room.bounds).c_str(), log.c_str());
                }
            }
        }
    } catch (const Error& e) {
        fail("valid input threw: %s\n%s", e.what(), log.c_str());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    const Room room = decode_room(in);
    Aabb start{};
    std::string mover;
    if (!decode_mover(in, room, start, mover)) return 0;
    const std::string log = "room: " + room_str(room) + "\nmover: " + mover + " " + str(start);
    if (verbose()) std::fprintf(stderr, "%s\n", log.c_str());
    run_steps(room, start, in, log, false);
    if (room.has_map) run_steps(room, start, in, log, true);
    return 0;
}
