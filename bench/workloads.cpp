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

    // Ray origins strictly inside the cell: offsets k/16, k in 1..255.
    w.rays.reserve(query_count);
    for (std::size_t n = 0; n < query_count; ++n) {
        const auto [i, j] = free[rng.below(free.size())];
        const i64 ox = i * cell + sixteenth * rng.between(1, cell / sixteenth - 1);
        const i64 oy = j * cell + sixteenth * rng.between(1, cell / sixteenth - 1);
        const auto [dx, dy] = translation(rng, ray_max);
        w.rays.push_back({{ox, oy, ox, oy}, dx, dy});
    }
    // 8x8 boxes at least 1/16 from every cell edge, so they start touching nothing.
    w.boxcasts.reserve(query_count);
    const i64 room = (cell - cast_box) / sixteenth;
    for (std::size_t n = 0; n < query_count; ++n) {
        const auto [i, j] = free[rng.below(free.size())];
        const i64 x0 = i * cell + sixteenth * rng.between(1, room - 1);
        const i64 y0 = j * cell + sixteenth * rng.between(1, room - 1);
        const auto [dx, dy] = translation(rng, boxcast_max);
        w.boxcasts.push_back({{x0, y0, x0 + cast_box, y0 + cast_box}, dx, dy});
    }
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

// ---- the exact reference ----

// num / den with den > 0; numerators stay below 2^19 and denominators below 2^16 here, so
// cross products are exact in 64 bits.
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

// The first t in [0, 1) at which the interiors of (a + t d) and b overlap (docs/contract.md's contact
// rule: touching is no hit, nor is a contact at t = 1).
bool first_contact(const Query& q, const Box& b, Fraction& t) {
    Fraction xl{}, xh{}, yl{}, yh{};
    bool x_always = false, y_always = false;
    if (!overlap_times(q.box.x0, q.box.x1, b.x0, b.x1, q.dx, xl, xh, x_always)) return false;
    if (!overlap_times(q.box.y0, q.box.y1, b.y0, b.y1, q.dy, yl, yh, y_always)) return false;
    if (x_always && y_always) {
        t = {0, 1};
        return true;
    }
    const Fraction enter = x_always ? yl : y_always ? xl : (earlier(xl, yl) ? yl : xl);
    const Fraction leave = x_always ? yh : y_always ? xh : (earlier(xh, yh) ? xh : yh);
    if (!earlier(enter, leave) || leave.num <= 0 || enter.num >= enter.den) return false;
    t = enter.num < 0 ? Fraction{0, 1} : enter;
    return true;
}

// Closest contact of every query against every solid cell its swept box reaches and every
// wall: the other statics cannot meet it.
ExactChecksum exact_checksum(const TileWorld& w, const std::vector<Query>& queries) {
    ExactChecksum sum;
    for (const Query& q : queries) {
        const i64 sx0 = std::min(q.box.x0, q.box.x0 + q.dx), sx1 = std::max(q.box.x1, q.box.x1 + q.dx);
        const i64 sy0 = std::min(q.box.y0, q.box.y0 + q.dy), sy1 = std::max(q.box.y1, q.box.y1 + q.dy);
        bool hit = false;
        Fraction best{1, 1};
        auto consider = [&](const Box& b) {
            Fraction t{};
            if (b.x0 <= sx1 && sx0 <= b.x1 && b.y0 <= sy1 && sy0 <= b.y1 && first_contact(q, b, t) &&
                (!hit || earlier(t, best))) {
                best = t;
                hit = true;
            }
        };
        const i64 i0 = std::max<i64>(0, floor_div(sx0, cell)), i1 = std::min(grid - 1, floor_div(sx1, cell));
        const i64 j0 = std::max<i64>(0, floor_div(sy0, cell)), j1 = std::min(grid - 1, floor_div(sy1, cell));
        for (i64 j = j0; j <= j1; ++j)
            for (i64 i = i0; i <= i1; ++i)
                if (w.solid[std::size_t(j * grid + i)] != 0)
                    consider({i * cell, j * cell, (i + 1) * cell, (j + 1) * cell});
        for (const Box& b : w.walls) consider(b);
        if (hit) {
            ++sum.hits;
            sum.sum += double(best.num) / double(best.den);
        }
    }
    return sum;
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
    fs::create_directories(root / "tile_world");
    fs::create_directories(root / "crowd");

    Random rng(seed);
    const TileWorld w = make_tile_world(rng);
    const Crowd c = make_crowd(rng);

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

    // Written last: a directory with checksums.txt is complete.
    s.rays = exact_checksum(w, w.rays);
    s.boxcasts = exact_checksum(w, w.boxcasts);
    text = "# Exact checksums of the workloads beside this file (sweepbox_make_workloads, seed " +
           std::to_string(seed) + "):\n# hits and sum of the hit fractions, first contact strictly before t = 1.\n";
    text += checksum_line("rays", s.rays);
    text += checksum_line("boxcasts", s.boxcasts);
    write_text(root / checksums_file, text);
    return s;
}

} // namespace sweepbox::bench::workloads
