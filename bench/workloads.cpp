// The seeded workload generator (workloads.hpp): integers only, so the bytes never depend on
// the compiler, the platform or the floating-point environment.
#include "workloads.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

namespace sweepbox::bench::workloads {

namespace {

using i64 = std::int64_t;
using u64 = std::uint64_t;

// Every coordinate is a whole count of 1/64 unit; positions are drawn on 1/16 (4 of them).
constexpr i64 unit = 64;
constexpr i64 sixteenth = unit / 16;

// The tile world (the sizes bench/README.md gives).
constexpr i64 grid = 256;       // cells per side
constexpr i64 cell = 16 * unit; // side of a cell
constexpr i64 wall_count = 200;
constexpr i64 wall_long = 64 * unit, wall_thin = 1 * unit;
constexpr i64 wall_border = 8 * unit; // walls keep this far from the map's border
constexpr std::size_t query_count = 100000;
constexpr i64 cast_box = 8 * unit;   // side of a box cast's box
constexpr i64 min_length = unit / 2; // translation lengths lie in (min_length, max]
constexpr i64 ray_max = 512 * unit, boxcast_max = 128 * unit;

// The hills: the tile world's size, in bands of rows, each a corridor between a floor of ramps
// and ledges (1 to 7 tiles above the band's solid bottom row) and a ceiling hanging 0 to 4 tiles.
// Heights are counted in half tiles (a shallow ramp rises half a tile per column).
constexpr i64 band_rows = 16;
constexpr i64 floor_min = 2, floor_max = 14;    // half tiles above the band's bottom row
constexpr i64 ceiling_min = 0, ceiling_max = 8; // half tiles below the band's top edge
constexpr i64 ledges_per_band = 6;
constexpr i64 ledge_clearance = 3;            // free rows kept above and below a floating ledge
constexpr i64 near_slope = 2;                 // queries start at most this many tiles from a slope tile
constexpr u64 hills_stream = 0x68696c6c73ULL; // "hills": the hills' generator is seed ^ this

// The crowd.
constexpr i64 crowd_side = 100; // statics per side
constexpr i64 pitch = 48 * unit, static_size = 16 * unit;
constexpr i64 mover_count = 1000, mover_size = 8 * unit, mover_margin = 1 * unit;
constexpr i64 frames = 100;
constexpr i64 delta_max = 64 * unit;

// xoshiro256** seeded through splitmix64: fast, well tested, and defined on integers alone.
class Random {
public:
    explicit Random(u64 seed) {
        for (u64& s : state_) {
            seed += 0x9e3779b97f4a7c15ULL;
            u64 z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            s = z ^ (z >> 31);
        }
    }
    u64 next() {
        const u64 result = rotl(state_[1] * 5, 7) * 9;
        const u64 t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }
    // Uniform in [0, n): draws below 2^64 mod n are rejected, so every residue is equally likely.
    u64 below(u64 n) {
        const u64 reject = (0 - n) % n;
        for (;;) {
            const u64 r = next();
            if (r >= reject) return r % n;
        }
    }
    // Uniform in [lo, hi].
    i64 between(i64 lo, i64 hi) { return lo + i64(below(u64(hi - lo) + 1)); }

private:
    static u64 rotl(u64 x, int k) { return (x << k) | (x >> (64 - k)); }
    std::array<u64, 4> state_{};
};

u64 isqrt(u64 n) {
    u64 root = 0, bit = u64(1) << 62;
    while (bit > n) bit >>= 2;
    while (bit != 0) {
        if (n >= root + bit) {
            n -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    return root;
}

i64 floor_div(i64 a, i64 b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// length * v / sqrt(r2) rounded to the nearest integer (halves away from zero), exactly:
// m = isqrt(4 L^2 v^2 / r2) is the largest m with m^2 r2 <= 4 L^2 v^2, and the rounded
// quotient is the largest k with 2k - 1 <= m.
i64 scaled(i64 length, i64 v, i64 r2) {
    const u64 a = 4 * u64(length * length) * u64(v * v);
    const u64 m = isqrt(a / u64(r2));
    const i64 k = i64((m + 1) / 2);
    return v < 0 ? -k : k;
}

// A translation of uniform direction and a length uniform in (min_length, max_length], rounded
// to whole 1/64s; drawn again when the rounding leaves the length range. The direction is a
// lattice point of the annulus 2048 <= r <= 4096, fine enough to be uniform at these lengths,
// small enough that 4 L^2 v^2 stays below 2^64.
std::pair<i64, i64> translation(Random& rng, i64 max_length) {
    constexpr i64 outer = 4096, inner = 2048;
    for (;;) {
        const i64 x = rng.between(-outer, outer), y = rng.between(-outer, outer);
        const i64 r2 = x * x + y * y;
        if (r2 > outer * outer || r2 < inner * inner) continue;
        const i64 length = rng.between(min_length + 1, max_length);
        const i64 dx = scaled(length, x, r2), dy = scaled(length, y, r2);
        const i64 l2 = dx * dx + dy * dy;
        if (l2 > min_length * min_length && l2 <= max_length * max_length) return {dx, dy};
    }
}

struct Box {
    i64 x0, y0, x1, y1;
};
// A ray is a query whose box is a point.
struct Query {
    Box box;
    i64 dx, dy;
};

struct TileWorld {
    std::vector<std::uint8_t> solid; // row by row, 1 = solid
    std::vector<Box> walls;
    std::vector<Query> rays, boxcasts;
    std::size_t free_cells = 0;
};

struct Crowd {
    std::vector<Box> statics, movers;
    std::vector<std::pair<i64, i64>> deltas;
};

// query_count rays from the free cells: origins strictly inside a cell (offsets k/16, k in
// 1..255), uniform directions, lengths in (min_length, ray_max].
std::vector<Query> draw_rays(Random& rng, const std::vector<std::pair<i64, i64>>& free) {
    std::vector<Query> out;
    out.reserve(query_count);
    for (std::size_t n = 0; n < query_count; ++n) {
        const auto [i, j] = free[rng.below(free.size())];
        const i64 ox = i * cell + sixteenth * rng.between(1, cell / sixteenth - 1);
        const i64 oy = j * cell + sixteenth * rng.between(1, cell / sixteenth - 1);
        const auto [dx, dy] = translation(rng, ray_max);
        out.push_back({{ox, oy, ox, oy}, dx, dy});
    }
    return out;
}

// query_count 8x8 boxes in the free cells, at least 1/16 from every cell edge (so they start
// touching nothing), uniform directions, lengths in (min_length, boxcast_max].
std::vector<Query> draw_boxes(Random& rng, const std::vector<std::pair<i64, i64>>& free) {
    std::vector<Query> out;
    out.reserve(query_count);
    const i64 room = (cell - cast_box) / sixteenth;
    for (std::size_t n = 0; n < query_count; ++n) {
        const auto [i, j] = free[rng.below(free.size())];
        const i64 x0 = i * cell + sixteenth * rng.between(1, room - 1);
        const i64 y0 = j * cell + sixteenth * rng.between(1, room - 1);
        const auto [dx, dy] = translation(rng, boxcast_max);
        out.push_back({{x0, y0, x0 + cast_box, y0 + cast_box}, dx, dy});
    }
    return out;
}

TileWorld make_tile_world(Random& rng) {
    TileWorld w;
    w.solid.resize(std::size_t(grid * grid));
    for (std::uint8_t& s : w.solid) s = rng.below(10) < 3 ? 1 : 0; // 30% solid

    // Even walls vertical (1 x 64), odd ones horizontal (64 x 1), min corner on 1/16.
    std::vector<std::uint8_t> touched(w.solid.size(), 0);
    const i64 span = grid * cell;
    for (i64 k = 0; k < wall_count; ++k) {
        const i64 wx = k % 2 == 0 ? wall_thin : wall_long, wy = k % 2 == 0 ? wall_long : wall_thin;
        const i64 x0 = sixteenth * rng.between(wall_border / sixteenth, (span - wall_border - wx) / sixteenth);
        const i64 y0 = sixteenth * rng.between(wall_border / sixteenth, (span - wall_border - wy) / sixteenth);
        const Box b{x0, y0, x0 + wx, y0 + wy};
        w.walls.push_back(b);
        // Every cell whose closed square meets the closed wall box.
        const i64 i0 = std::max<i64>(0, (b.x0 + cell - 1) / cell - 1), i1 = std::min(grid - 1, b.x1 / cell);
        const i64 j0 = std::max<i64>(0, (b.y0 + cell - 1) / cell - 1), j1 = std::min(grid - 1, b.y1 / cell);
        for (i64 j = j0; j <= j1; ++j)
            for (i64 i = i0; i <= i1; ++i) touched[std::size_t(j * grid + i)] = 1;
    }

    std::vector<std::pair<i64, i64>> free;
    for (i64 j = 0; j < grid; ++j)
        for (i64 i = 0; i < grid; ++i)
            if (w.solid[std::size_t(j * grid + i)] == 0 && touched[std::size_t(j * grid + i)] == 0)
                free.emplace_back(i, j);
    if (free.empty()) throw std::logic_error("no free cell");
    w.free_cells = free.size();
    w.rays = draw_rays(rng, free);
    w.boxcasts = draw_boxes(rng, free);
    return w;
}

Crowd make_crowd(Random& rng) {
    Crowd c;
    for (i64 j = 0; j < crowd_side; ++j)
        for (i64 i = 0; i < crowd_side; ++i)
            c.statics.push_back({i * pitch, j * pitch, i * pitch + static_size, j * pitch + static_size});

    // Slot (i, j) is the static-free square between statics (i, j) and (i+1, j+1); distinct slots
    // (a partial Fisher-Yates shuffle) keep the movers 18 units apart at least.
    const i64 slots_per_side = crowd_side - 1;
    std::vector<i64> slots(std::size_t(slots_per_side * slots_per_side));
    std::iota(slots.begin(), slots.end(), i64(0));
    const i64 gap = pitch - static_size;
    const i64 lo = mover_margin / sixteenth, hi = (gap - mover_size - mover_margin) / sixteenth;
    for (std::size_t k = 0; k < std::size_t(mover_count); ++k) {
        std::swap(slots[k], slots[k + rng.below(slots.size() - k)]);
        const i64 i = slots[k] % slots_per_side, j = slots[k] / slots_per_side;
        const i64 x0 = i * pitch + static_size + sixteenth * rng.between(lo, hi);
        const i64 y0 = j * pitch + static_size + sixteenth * rng.between(lo, hi);
        c.movers.push_back({x0, y0, x0 + mover_size, y0 + mover_size});
    }
    for (i64 k = 0; k < frames * mover_count; ++k) {
        const i64 dx = rng.between(-delta_max, delta_max);
        c.deltas.emplace_back(dx, rng.between(-delta_max, delta_max));
    }
    return c;
}

// ---- the hills ----

struct Hills {
    std::vector<char> cells; // row by row: '#', '.', or a character of slope_legend
    std::vector<Query> rays, boxcasts, moves;
    std::size_t free_cells = 0;
};

// One column of a floor whose surface goes from height hl at its left edge to hr at its right
// (half tiles above the base; |hr - hl| is 0, 1, 2 or 4, and the lower end is even unless the
// column is a shallow ramp's high piece). Calls put(level, c) for every tile below the surface:
// level 0 is the tile just above the base row; c is '#' or the slope character (floor shapes, ul
// rising to the right, ur to the left).
template <class Put> void floor_column(i64 hl, i64 hr, Put put) {
    const i64 lo = std::min(hl, hr);
    const bool up = hr > hl;
    for (i64 k = 0; k < lo / 2; ++k) put(k, '#');
    switch (up ? hr - hl : hl - hr) {
    case 0: break;
    case 1: put(lo / 2, lo % 2 == 0 ? (up ? 'a' : 'c') : (up ? 'b' : 'd')); break;
    case 2: put(lo / 2, up ? '/' : '\\'); break;
    case 4:
        put(lo / 2, up ? 'e' : 'g');
        put(lo / 2 + 1, up ? 'f' : 'h');
        break;
    default: throw std::logic_error("a hill column rises by a height no shape has");
    }
}

// The ceiling form of a floor character: its mirror in v.
char ceiling_of(char c) {
    if (c == '/') return '<';
    if (c == '\\') return '>';
    return c >= 'a' && c <= 'h' ? char(c - 'a' + 'A') : c;
}

// A profile of (left, right) heights per column in [lo, hi] half tiles, made of runs: flat
// stretches of 2 to 6 columns, 1 to 4 columns of 45-degree ramp, 1 to 3 shallow ramps (two
// columns each), 1 or 2 columns of steep ramp, and steps of 1 to 3 tiles (a ledge's vertical
// face) followed by 2 to 4 flat columns. `flat_weight` is the weight of a flat stretch; the others
// weigh 2, 2, 1 and 1. A run that would leave [lo, hi] turns around, or stays flat.
std::vector<std::pair<i64, i64>> profile(Random& rng, i64 lo, i64 hi, u64 flat_weight) {
    std::vector<std::pair<i64, i64>> cols;
    i64 h = lo + 2 * rng.between(0, (hi - lo) / 2);
    auto push = [&](i64 to) {
        cols.emplace_back(h, to);
        h = to;
    };
    while (i64(cols.size()) < grid) {
        const i64 left = grid - i64(cols.size());
        u64 pick = rng.below(flat_weight + 6);
        const i64 sign = rng.below(2) == 0 ? 1 : -1;
        // The height after n steps of `step`, turned around when it would leave [lo, hi].
        auto direction = [&](i64 total) {
            if (h + sign * total >= lo && h + sign * total <= hi) return sign;
            if (h - sign * total >= lo && h - sign * total <= hi) return -sign;
            return i64(0);
        };
        if (pick < flat_weight) {
            for (i64 n = std::min(left, rng.between(2, 6)); n > 0; --n) push(h);
            continue;
        }
        pick -= flat_weight;
        if (pick < 2) { // 45 degrees, 1 to 4 columns
            const i64 n = std::min(left, rng.between(1, 4)), s = direction(2 * n);
            for (i64 k = 0; k < n; ++k) push(h + 2 * s);
        } else if (pick < 4) { // shallow: 1 to 3 ramps of a low and a high piece
            const i64 n = std::min(left / 2, rng.between(1, 3)), s = direction(2 * n);
            for (i64 k = 0; k < 2 * n; ++k) push(h + s);
            if (n == 0) push(h);
        } else if (pick < 5) { // steep: 1 or 2 columns of two pieces
            const i64 n = std::min(left, rng.between(1, 2)), s = direction(4 * n);
            for (i64 k = 0; k < n; ++k) push(h + 4 * s);
        } else { // a step of 1 to 3 tiles, then a flat stretch
            const i64 m = rng.between(1, 3);
            h += 2 * m * direction(2 * m);
            for (i64 n = std::min(left, rng.between(2, 4)); n > 0; --n) push(h);
        }
    }
    return cols;
}

Hills make_hills(Random& rng) {
    Hills w;
    w.cells.assign(std::size_t(grid * grid), '.');
    auto at = [&](i64 row, i64 column) -> char& { return w.cells[std::size_t(row * grid + column)]; };
    for (i64 top = 0; top + band_rows <= grid; top += band_rows) {
        const i64 base = top + band_rows - 1;
        for (i64 i = 0; i < grid; ++i) at(base, i) = '#';
        const auto floor = profile(rng, floor_min, floor_max, 3);
        const auto ceiling = profile(rng, ceiling_min, ceiling_max, 6);
        // floor_top[i]: the first row of the floor in column i; ceiling_bottom[i]: the last of
        // the ceiling (top - 1 when it hangs nowhere there).
        std::vector<i64> floor_top(std::size_t(grid), base), ceiling_bottom(std::size_t(grid), top - 1);
        for (i64 i = 0; i < grid; ++i) {
            floor_column(floor[std::size_t(i)].first, floor[std::size_t(i)].second, [&](i64 level, char c) {
                at(base - 1 - level, i) = c;
                floor_top[std::size_t(i)] = std::min(floor_top[std::size_t(i)], base - 1 - level);
            });
            floor_column(ceiling[std::size_t(i)].first, ceiling[std::size_t(i)].second, [&](i64 level, char c) {
                at(top + level, i) = ceiling_of(c);
                ceiling_bottom[std::size_t(i)] = std::max(ceiling_bottom[std::size_t(i)], top + level);
            });
        }
        // Floating ledges, 3 to 8 tiles long and one thick, with square or 45-degree ends, where
        // the corridor leaves ledge_clearance free rows above and below them.
        for (i64 n = 0; n < ledges_per_band; ++n) {
            const i64 length = rng.between(3, 8);
            const i64 c0 = rng.between(0, grid - length);
            const bool sloped = rng.below(2) == 0;
            i64 highest = top, lowest = base;
            for (i64 i = c0; i < c0 + length; ++i) {
                highest = std::max(highest, ceiling_bottom[std::size_t(i)] + ledge_clearance + 1);
                lowest = std::min(lowest, floor_top[std::size_t(i)] - ledge_clearance - 1);
            }
            if (highest > lowest) continue;
            const i64 row = rng.between(highest, lowest);
            for (i64 i = c0; i < c0 + length; ++i) at(row, i) = '#';
            if (sloped) {
                at(row, c0) = '/';
                at(row, c0 + length - 1) = '\\';
            }
        }
    }

    // The queries start near the ramps: in empty cells with a slope tile at most
    // near_slope tiles away on each axis.
    auto near_a_slope = [&](i64 i, i64 j) {
        for (i64 r = std::max<i64>(0, j - near_slope); r <= std::min(grid - 1, j + near_slope); ++r)
            for (i64 c = std::max<i64>(0, i - near_slope); c <= std::min(grid - 1, i + near_slope); ++c)
                if (at(r, c) != '.' && at(r, c) != '#') return true;
        return false;
    };
    std::vector<std::pair<i64, i64>> free;
    for (i64 j = 0; j < grid; ++j)
        for (i64 i = 0; i < grid; ++i)
            if (at(j, i) == '.' && near_a_slope(i, j)) free.emplace_back(i, j);
    if (free.empty()) throw std::logic_error("no free cell in the hills");
    w.free_cells = free.size();
    // The tile world's query kinds from those cells; the moves are drawn as the box casts.
    w.rays = draw_rays(rng, free);
    w.boxcasts = draw_boxes(rng, free);
    w.moves = draw_boxes(rng, free);
    return w;
}

// ---- the exact reference ----

// num / den with den > 0; numerators stay below 2^21 and denominators below 2^18 here (a slope's
// axis weighs coordinates by up to 2 + 1), so cross products are exact in 64 bits.
struct Fraction {
    i64 num, den;
};
bool earlier(Fraction a, Fraction b) { return a.num * b.den < b.num * a.den; }

// On one axis, the open interval of t in which (a0 + t d, a1 + t d) meets (b0, b1) (a point
// meets it when strictly inside). Returns false when no t does.
bool overlap_times(i64 a0, i64 a1, i64 b0, i64 b1, i64 d, Fraction& lo, Fraction& hi, bool& always) {
    always = false;
    if (d == 0) {
        always = a0 < b1 && b0 < a1;
        return always;
    }
    if (d > 0) {
        lo = {b0 - a1, d};
        hi = {b1 - a0, d};
    } else {
        lo = {a0 - b1, -d};
        hi = {a1 - b0, -d};
    }
    return true;
}

// One separating axis of a query and a convex shape: the projections (a0, a1) of the query at
// t = 0 and (b0, b1) of the shape, and the query's speed d along the axis.
struct Axis {
    i64 a0, a1, b0, b1, d;
};

// The first t in [0, 1) at which the interiors of the moving query and a convex shape overlap,
// given the separating axes of the two (docs/contract.md's contact rule: touching is no hit, nor
// is a contact at t = 1): the interiors overlap exactly while the projections overlap on every
// axis.
bool first_contact(std::initializer_list<Axis> axes, Fraction& t) {
    bool moving = false;
    Fraction enter{0, 1}, leave{0, 1};
    for (const Axis& a : axes) {
        Fraction lo{}, hi{};
        bool always = false;
        if (!overlap_times(a.a0, a.a1, a.b0, a.b1, a.d, lo, hi, always)) return false;
        if (always) continue;
        if (!moving || earlier(enter, lo)) enter = lo;
        if (!moving || earlier(hi, leave)) leave = hi;
        moving = true;
    }
    if (!moving) {
        t = {0, 1};
        return true;
    }
    if (!earlier(enter, leave) || leave.num <= 0 || enter.num >= enter.den) return false;
    t = enter.num < 0 ? Fraction{0, 1} : enter;
    return true;
}

bool first_contact(const Query& q, const Box& b, Fraction& t) {
    return first_contact({{q.box.x0, q.box.x1, b.x0, b.x1, q.dx}, {q.box.y0, q.box.y1, b.y0, b.y1, q.dy}}, t);
}

// A slope tile's solid part, in half tiles across its cell (u2 right, v2 down, 0 to 2): its
// bounds on x and y, and its extent along the slope's axis (a, b) (the values of a u2 + b v2; the
// smallest is on the sloped line). The part is the convex hull of the points of the 3 x 3 half-tile
// lattice it holds, as every shape's line ends on that lattice.
struct SlopePart {
    i64 a = 0, b = 0;
    i64 u0 = 2, u1 = 0, v0 = 2, v1 = 0, n0 = 0, n1 = 0;
};

// The part of slope character c (slope_legend's order: 45 degrees, shallow, steep; orientations
// ul, ur (mirror in u), dl (mirror in v), dr; pieces low, high). The ul lines, in tile units:
// u + v >= 1; shallow u + 2v >= 2 and >= 1; steep 2u + v >= 1 and >= 2.
SlopePart slope_part(char c) {
    const auto k = i64(std::find(slope_legend, slope_legend + slope_legend_size, c) - slope_legend);
    if (k >= slope_legend_size) throw std::logic_error("not a slope character");
    i64 a = 1, b = 1, rhs = 1, orientation = k;
    if (k >= 4) {
        const i64 family = (k - 4) / 8, piece = (k - 4) % 2;
        orientation = (k - 4) % 8 / 2;
        a = family == 0 ? 1 : 2;
        b = family == 0 ? 2 : 1;
        rhs = family == 0 ? 2 - piece : 1 + piece;
    }
    const bool mirror_u = orientation % 2 == 1, mirror_v = orientation >= 2;
    SlopePart p;
    p.a = mirror_u ? -a : a;
    p.b = mirror_v ? -b : b;
    bool first = true;
    for (i64 v2 = 0; v2 <= 2; ++v2)
        for (i64 u2 = 0; u2 <= 2; ++u2) {
            if (a * (mirror_u ? 2 - u2 : u2) + b * (mirror_v ? 2 - v2 : v2) < 2 * rhs) continue;
            const i64 n = p.a * u2 + p.b * v2;
            p.u0 = std::min(p.u0, u2);
            p.u1 = std::max(p.u1, u2);
            p.v0 = std::min(p.v0, v2);
            p.v1 = std::max(p.v1, v2);
            p.n0 = first ? n : std::min(p.n0, n);
            p.n1 = first ? n : std::max(p.n1, n);
            first = false;
        }
    return p;
}

// The first contact of a query with the slope part p in the cell whose min corner is (x, y).
bool first_contact(const Query& q, const SlopePart& p, i64 x, i64 y, Fraction& t) {
    constexpr i64 half = cell / 2;
    const Box& a = q.box;
    // The query's extent along (p.a, p.b): its corners' smallest and largest a x + b y.
    const i64 lo = p.a * (p.a > 0 ? a.x0 : a.x1) + p.b * (p.b > 0 ? a.y0 : a.y1);
    const i64 hi = p.a * (p.a > 0 ? a.x1 : a.x0) + p.b * (p.b > 0 ? a.y1 : a.y0);
    const i64 origin = p.a * x + p.b * y;
    return first_contact({{a.x0, a.x1, x + half * p.u0, x + half * p.u1, q.dx},
                          {a.y0, a.y1, y + half * p.v0, y + half * p.v1, q.dy},
                          {lo, hi, origin + half * p.n0, origin + half * p.n1, p.a * q.dx + p.b * q.dy}},
                         t);
}

// Closest contact of every query against the tiles its swept box reaches, cell_contact(q, i, j,
// t) giving the contact with the tile of cell (i, j) (false when there is none), and against
// every box of `others`.
template <class CellContact>
ExactChecksum exact_checksum(const std::vector<Query>& queries, const std::vector<Box>& others,
                             CellContact cell_contact) {
    ExactChecksum sum;
    for (const Query& q : queries) {
        const i64 sx0 = std::min(q.box.x0, q.box.x0 + q.dx), sx1 = std::max(q.box.x1, q.box.x1 + q.dx);
        const i64 sy0 = std::min(q.box.y0, q.box.y0 + q.dy), sy1 = std::max(q.box.y1, q.box.y1 + q.dy);
        bool hit = false;
        Fraction best{1, 1};
        auto keep = [&](bool met, Fraction t) {
            if (met && (!hit || earlier(t, best))) {
                best = t;
                hit = true;
            }
        };
        const i64 i0 = std::max<i64>(0, floor_div(sx0, cell)), i1 = std::min(grid - 1, floor_div(sx1, cell));
        const i64 j0 = std::max<i64>(0, floor_div(sy0, cell)), j1 = std::min(grid - 1, floor_div(sy1, cell));
        for (i64 j = j0; j <= j1; ++j)
            for (i64 i = i0; i <= i1; ++i) {
                Fraction t{};
                keep(cell_contact(q, i, j, t), t);
            }
        for (const Box& b : others) {
            Fraction t{};
            keep(b.x0 <= sx1 && sx0 <= b.x1 && b.y0 <= sy1 && sy0 <= b.y1 && first_contact(q, b, t), t);
        }
        if (hit) {
            ++sum.hits;
            sum.sum += double(best.num) / double(best.den);
        }
    }
    return sum;
}

// The tile world: solid cells and the walls.
ExactChecksum exact_checksum(const TileWorld& w, const std::vector<Query>& queries) {
    return exact_checksum(queries, w.walls, [&](const Query& q, i64 i, i64 j, Fraction& t) {
        return w.solid[std::size_t(j * grid + i)] != 0 &&
               first_contact(q, {i * cell, j * cell, (i + 1) * cell, (j + 1) * cell}, t);
    });
}

// The hills: solid cells and slope parts.
ExactChecksum exact_checksum(const Hills& w, const std::vector<Query>& queries) {
    std::array<SlopePart, 256> parts{};
    for (int k = 0; k < slope_legend_size; ++k)
        parts[std::size_t(std::uint8_t(slope_legend[k]))] = slope_part(slope_legend[k]);
    return exact_checksum(queries, {}, [&](const Query& q, i64 i, i64 j, Fraction& t) {
        const char c = w.cells[std::size_t(j * grid + i)];
        if (c == '.') return false;
        if (c == '#') return first_contact(q, {i * cell, j * cell, (i + 1) * cell, (j + 1) * cell}, t);
        return first_contact(q, parts[std::size_t(std::uint8_t(c))], i * cell, j * cell, t);
    });
}

// ---- text ----

// The exact decimal of v / 64: the whole part, then k/64 = k * 15625 / 10^6 as up to six
// decimals. Throws past 9 significant digits, which float32 could not read back exactly.
void append_number(std::string& out, i64 v) {
    char buf[32];
    char* end = buf;
    if (v < 0) *end++ = '-';
    const i64 mag = v < 0 ? -v : v;
    end = std::to_chars(end, buf + sizeof buf, mag / unit).ptr;
    if (i64 frac = (mag % unit) * 15625; frac != 0) {
        char digits[6];
        for (int k = 5; k >= 0; --k, frac /= 10) digits[k] = char('0' + frac % 10);
        int n = 6;
        while (digits[n - 1] == '0') --n;
        *end++ = '.';
        end = std::copy(digits, digits + n, end);
    }
    char* first = std::find_if(buf, end, [](char c) { return c >= '1' && c <= '9'; });
    if (std::count_if(first, end, [](char c) { return c != '.'; }) > 9)
        throw std::logic_error("a workload number needs more than 9 significant digits");
    out.append(buf, end);
}

void append_fields(std::string& out, std::initializer_list<i64> values) {
    bool first = true;
    for (i64 v : values) {
        if (!first) out += ' ';
        first = false;
        append_number(out, v);
    }
    out += '\n';
}

void write_text(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc); // binary: '\n' on every platform
    out.write(text.data(), std::streamsize(text.size()));
    out.close();
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string checksum_line(const char* name, const ExactChecksum& c) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, c.sum, std::chars_format::fixed, 6);
    return std::string(name) + " " + std::to_string(c.hits) + " " + std::string(buf, r.ptr) + "\n";
}

} // namespace

bool read_checksums(const std::string& dir, ExactChecksum& rays, ExactChecksum& boxcasts) {
    const std::string path = dir + "/" + checksums_file;
    std::ifstream in(path);
    if (!in) return false;
    bool have_rays = false, have_boxcasts = false;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string name;
        ExactChecksum c;
        if (!(fields >> name >> c.hits >> c.sum)) throw std::runtime_error(path + ": bad line: " + line);
        if (name == "rays") {
            rays = c;
            have_rays = true;
        } else if (name == "boxcasts") {
            boxcasts = c;
            have_boxcasts = true;
        }
    }
    if (!have_rays || !have_boxcasts) throw std::runtime_error(path + ": no rays or no boxcasts line");
    return true;
}

Summary write_workloads(const std::string& dir, std::uint64_t seed) {
    namespace fs = std::filesystem;
    const fs::path root(dir);
    fs::remove(root / checksums_file); // absent until every file below is whole
    fs::remove(root / "hills" / checksums_file);
    fs::create_directories(root / "tile_world");
    fs::create_directories(root / "crowd");
    fs::create_directories(root / "hills");

    Random rng(seed);
    const TileWorld w = make_tile_world(rng);
    const Crowd c = make_crowd(rng);
    Random hills_rng(seed ^ hills_stream);
    const Hills h = make_hills(hills_rng);

    Summary s;
    s.free_cells = w.free_cells;
    std::string text;
    for (i64 j = 0; j < grid; ++j) {
        for (i64 i = 0; i < grid; ++i) text += w.solid[std::size_t(j * grid + i)] != 0 ? '#' : '.';
        text += '\n';
    }
    s.solid_tiles = std::size_t(std::count(w.solid.begin(), w.solid.end(), std::uint8_t(1)));
    write_text(root / "tile_world" / "tiles.txt", text);
    text.clear();
    for (const Box& b : w.walls) append_fields(text, {b.x0, b.y0, b.x1, b.y1});
    write_text(root / "tile_world" / "walls.txt", text);
    text.clear();
    for (const Query& q : w.rays) append_fields(text, {q.box.x0, q.box.y0, q.dx, q.dy});
    write_text(root / "tile_world" / "rays.txt", text);
    text.clear();
    for (const Query& q : w.boxcasts) append_fields(text, {q.box.x0, q.box.y0, q.box.x1, q.box.y1, q.dx, q.dy});
    write_text(root / "tile_world" / "boxcasts.txt", text);

    text.clear();
    for (const Box& b : c.statics) append_fields(text, {b.x0, b.y0, b.x1, b.y1});
    write_text(root / "crowd" / "statics.txt", text);
    text.clear();
    for (const Box& b : c.movers) append_fields(text, {b.x0, b.y0, b.x1, b.y1});
    write_text(root / "crowd" / "movers.txt", text);
    text.clear();
    for (const auto& [dx, dy] : c.deltas) append_fields(text, {dx, dy});
    write_text(root / "crowd" / "deltas.txt", text);

    text.clear();
    for (i64 j = 0; j < grid; ++j) {
        text.append(h.cells.begin() + j * grid, h.cells.begin() + (j + 1) * grid);
        text += '\n';
    }
    for (char ch : h.cells) {
        s.hill_solid += ch == '#' ? 1 : 0;
        s.hill_slopes += ch != '#' && ch != '.' ? 1 : 0;
    }
    s.hill_free = h.free_cells;
    write_text(root / "hills" / "tiles.txt", text);
    text.clear();
    for (const Query& q : h.rays) append_fields(text, {q.box.x0, q.box.y0, q.dx, q.dy});
    write_text(root / "hills" / "rays.txt", text);
    for (const auto& [name, queries] : {std::pair{"boxcasts.txt", &h.boxcasts}, std::pair{"moves.txt", &h.moves}}) {
        text.clear();
        for (const Query& q : *queries) append_fields(text, {q.box.x0, q.box.y0, q.box.x1, q.box.y1, q.dx, q.dy});
        write_text(root / "hills" / name, text);
    }

    // Written last: a directory with checksums.txt is complete.
    s.rays = exact_checksum(w, w.rays);
    s.boxcasts = exact_checksum(w, w.boxcasts);
    s.hill_rays = exact_checksum(h, h.rays);
    s.hill_boxcasts = exact_checksum(h, h.boxcasts);
    const std::string about = "(sweepbox_make_workloads, seed " + std::to_string(seed) +
                              "):\n# hits and sum of the hit fractions, first contact strictly before t = 1.\n";
    write_text(root / "hills" / checksums_file, "# Exact checksums of the hills beside this file " + about +
                                                    checksum_line("rays", s.hill_rays) +
                                                    checksum_line("boxcasts", s.hill_boxcasts));
    text = "# Exact checksums of the workloads beside this file " + about;
    text += checksum_line("rays", s.rays);
    text += checksum_line("boxcasts", s.boxcasts);
    write_text(root / checksums_file, text);
    return s;
}

} // namespace sweepbox::bench::workloads
