// Shared benchmark code: command line, workload loaders, worlds, exact reference, verification.
#include "common.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <time.h>

#include "workloads.hpp"

#ifndef SWEEPBOX_BENCH_DATA_DEFAULT
#    define SWEEPBOX_BENCH_DATA_DEFAULT "bench/data"
#endif
#ifndef SWEEPBOX_BENCH_GENERATED_DEFAULT
#    define SWEEPBOX_BENCH_GENERATED_DEFAULT SWEEPBOX_BENCH_DATA_DEFAULT
#endif

namespace sweepbox::bench {

// ---- command line ----

std::string take_option(int& argc, char** argv, std::string_view name, std::string fallback) {
    std::string result = std::move(fallback);
    int out = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg.size() >= 2 + name.size() && arg.substr(0, 2) == "--" && arg.substr(2, name.size()) == name) {
            const std::string_view rest = arg.substr(2 + name.size());
            if (rest.empty() && i + 1 < argc) {
                result = argv[++i];
                continue;
            }
            if (!rest.empty() && rest[0] == '=') {
                result = std::string(rest.substr(1));
                continue;
            }
        }
        argv[out++] = argv[i];
    }
    argc = out;
    argv[argc] = nullptr;
    return result;
}

bool take_switch(int& argc, char** argv, std::string_view name) {
    bool found = false;
    int out = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg.size() == 2 + name.size() && arg.substr(0, 2) == "--" && arg.substr(2) == name) {
            found = true;
            continue;
        }
        argv[out++] = argv[i];
    }
    argc = out;
    argv[argc] = nullptr;
    return found;
}

std::string data_dir(int& argc, char** argv) {
    const char* env = std::getenv("SWEEPBOX_BENCH_DATA");
    std::string fallback = (env != nullptr && *env != '\0') ? env : SWEEPBOX_BENCH_DATA_DEFAULT;
    return take_option(argc, argv, "data", std::move(fallback));
}

std::string hills_dir(int& argc, char** argv, const std::string& data) {
    const bool in_data = std::ifstream(data + "/hills/tiles.txt").good();
    return take_option(argc, argv, "hills", in_data ? data : SWEEPBOX_BENCH_GENERATED_DEFAULT);
}

bool load_or_report(const char* program, const std::function<void()>& load) {
    try {
        load();
        return true;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", program, e.what());
        return false;
    }
}

// ---- loaders ----

namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot open " + path +
                                 " (set --data DIR or SWEEPBOX_BENCH_DATA; sweepbox_make_workloads DIR writes a set)");
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Calls f(numbers, line_number) for every non-empty line; every line must hold `fields` numbers.
template <class F> void for_each_record(const std::string& path, std::size_t fields, F&& f) {
    const std::string text = read_file(path);
    const char* p = text.data();
    const char* const end = p + text.size();
    double values[8] = {};
    std::size_t line = 0;
    while (p < end) {
        const char* eol = static_cast<const char*>(std::memchr(p, '\n', std::size_t(end - p)));
        if (eol == nullptr) eol = end;
        ++line;
        if (eol != p) {
            const char* q = p;
            for (std::size_t k = 0; k < fields; ++k) {
                while (q < eol && *q == ' ') ++q;
                auto [next, ec] = std::from_chars(q, eol, values[k]);
                if (ec != std::errc{})
                    throw std::runtime_error(path + ":" + std::to_string(line) + ": expected " +
                                             std::to_string(fields) + " numbers");
                q = next;
            }
            f(values, line);
        }
        p = eol + 1;
    }
}

real exact(double v) {
    const real r = real(v);
    if (double(r) != v) throw std::runtime_error("a workload number is not exact in real");
    return r;
}

Aabb box_of(const double* v) { return {{exact(v[0]), exact(v[1])}, {exact(v[2]), exact(v[3])}}; }

bool is_slope_char(char c) {
    return c != '\0' && std::memchr(workloads::slope_legend, c, workloads::slope_legend_size) != nullptr;
}

// tiles.txt: 256 rows of 256 characters, '#' or '.' (or, with `slopes`, a slope character).
std::vector<std::string> read_rows(const std::string& path, bool slopes) {
    std::vector<std::string> rows;
    std::istringstream in(read_file(path));
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        if (line.size() != std::size_t(TileWorldData::tiles_per_side))
            throw std::runtime_error(path + ": a row is not 256 characters");
        for (char c : line)
            if (c != '#' && c != '.' && !(slopes && is_slope_char(c)))
                throw std::runtime_error(path + ": a tile character is not in the legend");
        rows.push_back(line);
    }
    if (rows.size() != std::size_t(TileWorldData::tiles_per_side))
        throw std::runtime_error(path + ": expected 256 rows");
    return rows;
}

void read_rays(const std::string& path, std::vector<Ray>& out) {
    out.reserve(100000);
    for_each_record(path, 4, [&](const double* v, std::size_t) {
        out.push_back({{exact(v[0]), exact(v[1])}, {exact(v[2]), exact(v[3])}});
    });
}

void read_boxcasts(const std::string& path, std::vector<BoxCast>& out) {
    out.reserve(100000);
    for_each_record(path, 6, [&](const double* v, std::size_t) {
        out.push_back({box_of(v), {exact(v[4]), exact(v[5])}});
    });
}

} // namespace

std::vector<Aabb> TileWorldData::statics() const {
    std::vector<Aabb> out;
    out.reserve(solid_count() + walls.size());
    for (std::size_t j = 0; j < rows.size(); ++j)
        for (std::size_t i = 0; i < rows[j].size(); ++i)
            if (rows[j][i] == '#')
                out.push_back(
                    {{real(i) * tile_size, real(j) * tile_size}, {real(i + 1) * tile_size, real(j + 1) * tile_size}});
    out.insert(out.end(), walls.begin(), walls.end());
    return out;
}

std::size_t TileWorldData::solid_count() const {
    std::size_t n = 0;
    for (const std::string& r : rows) n += std::size_t(std::count(r.begin(), r.end(), '#'));
    return n;
}

std::size_t TileWorldData::slope_count() const {
    std::size_t n = 0;
    for (const std::string& r : rows) n += std::size_t(std::count_if(r.begin(), r.end(), is_slope_char));
    return n;
}

ExpectedChecksums expected_checksums(const std::string& dir) {
    workloads::ExactChecksum rays, boxcasts;
    if (!workloads::read_checksums(dir, rays, boxcasts))
        return {published_rays, published_boxcasts,
                "the published checksums of the shared set (" + dir + " has no " + workloads::checksums_file + ")",
                true};
    return {{rays.hits, rays.sum}, {boxcasts.hits, boxcasts.sum}, dir + "/" + workloads::checksums_file, false};
}

TileWorldData load_tile_world(const std::string& dir) {
    TileWorldData d;
    d.expected = expected_checksums(dir);
    d.rows = read_rows(dir + "/tile_world/tiles.txt", false);
    for_each_record(dir + "/tile_world/walls.txt", 4,
                    [&](const double* v, std::size_t) { d.walls.push_back(box_of(v)); });
    read_rays(dir + "/tile_world/rays.txt", d.rays);
    read_boxcasts(dir + "/tile_world/boxcasts.txt", d.boxcasts);
    return d;
}

TileWorldData load_hills(const std::string& dir) {
    const std::string h = dir + "/hills";
    TileWorldData d;
    workloads::ExactChecksum rays, boxcasts;
    if (!workloads::read_checksums(h, rays, boxcasts))
        throw std::runtime_error("cannot open " + h + "/" + workloads::checksums_file +
                                 " (sweepbox_make_workloads DIR writes DIR/hills)");
    d.expected = {{rays.hits, rays.sum}, {boxcasts.hits, boxcasts.sum}, h + "/" + workloads::checksums_file, false};
    d.rows = read_rows(h + "/tiles.txt", true);
    read_rays(h + "/rays.txt", d.rays);
    read_boxcasts(h + "/boxcasts.txt", d.boxcasts);
    read_boxcasts(h + "/moves.txt", d.moves);
    return d;
}

TileShape shape_of(char c) {
    if (c == '#') return TileShape::solid;
    if (!is_slope_char(c)) return TileShape::empty;
    const auto k = std::strchr(workloads::slope_legend, c) - workloads::slope_legend;
    return TileShape(int(TileShape::slope45_ul) + int(k));
}

CrowdData load_crowd(const std::string& dir) {
    CrowdData d;
    for_each_record(dir + "/crowd/statics.txt", 4,
                    [&](const double* v, std::size_t) { d.statics.push_back(box_of(v)); });
    for_each_record(dir + "/crowd/movers.txt", 4, [&](const double* v, std::size_t) { d.movers.push_back(box_of(v)); });
    d.deltas.reserve(100000);
    for_each_record(dir + "/crowd/deltas.txt", 2, [&](const double* v, std::size_t) {
        d.deltas.push_back({exact(v[0]), exact(v[1])});
    });
    if (d.movers.empty() || d.deltas.size() % d.movers.size() != 0)
        throw std::runtime_error(dir + "/crowd: deltas are not whole frames of movers");
    return d;
}

// ---- worlds ----

World make_tile_map_world(const TileWorldData& data, real cell_size, bool brute_force) {
    WorldDef def;
    def.cell_size = cell_size;
    def.brute_force = brute_force;
    World world(def);
    TileMapDef tm;
    tm.origin = {0, 0};
    tm.tile_size = TileWorldData::tile_size;
    tm.columns = TileWorldData::tiles_per_side;
    tm.rows = TileWorldData::tiles_per_side;
    world.set_tile_map(tm);
    // A slope shape's kind: 3 + its place in the legend (0, 1 and 2 are the default kinds).
    constexpr std::int32_t first_slope_kind = 3;
    if (data.slope_count() != 0)
        for (int k = 0; k < workloads::slope_legend_size; ++k)
            world.set_tile_kind(first_slope_kind + k,
                                {shape_of(workloads::slope_legend[k]), tm.category, tm.mask, false});
    for (std::size_t j = 0; j < data.rows.size(); ++j)
        for (std::size_t i = 0; i < data.rows[j].size(); ++i) {
            const char c = data.rows[j][i];
            const TileCell cell{std::int32_t(i), std::int32_t(j)};
            if (c == '#') world.set_tile(cell, Tile::solid);
            else if (is_slope_char(c))
                world.set_tile(cell,
                               first_slope_kind + std::int32_t(shape_of(c)) - std::int32_t(TileShape::slope45_ul));
        }
    for (const Aabb& w : data.walls) {
        BodyDef b;
        b.box = w;
        b.is_static = true;
        world.add(b);
    }
    return world;
}

World make_body_world(const TileWorldData& data, real cell_size) {
    WorldDef def;
    def.cell_size = cell_size;
    World world(def);
    for (const Aabb& s : data.statics()) {
        BodyDef b;
        b.box = s;
        b.is_static = true;
        world.add(b);
    }
    return world;
}

World make_crowd_world(const CrowdData& data, std::vector<BodyId>& movers, bool brute_force) {
    WorldDef def;
    def.brute_force = brute_force;
    World world(def);
    for (const Aabb& s : data.statics) {
        BodyDef b;
        b.box = s;
        b.is_static = true;
        world.add(b);
    }
    movers.clear();
    for (const Aabb& m : data.movers) {
        BodyDef b;
        b.box = m;
        movers.push_back(world.add(b));
    }
    return world;
}

void reset_crowd(World& world, const CrowdData& data, const std::vector<BodyId>& movers) {
    for (std::size_t i = 0; i < movers.size(); ++i) world.teleport(movers[i], data.movers[i]);
}

std::size_t run_crowd(World& world, const CrowdData& data, const std::vector<BodyId>& movers, MoveResult& result) {
    const MoveOptions options{}; // slide against everything
    const std::size_t n = movers.size();
    const Vec2* delta = data.deltas.data();
    const std::size_t frames = data.frames();
    for (std::size_t f = 0; f < frames; ++f) {
        for (std::size_t i = 0; i < n; ++i, ++delta) {
            const Vec2 min = world.box(movers[i]).min;
            const Vec2 goal = min + *delta;
            world.move(movers[i], goal - min, options, result);
        }
    }
    return frames * n;
}

double crowd_checksum(const World& world, const std::vector<BodyId>& movers) {
    double sum = 0;
    for (BodyId id : movers) {
        const Aabb& b = world.box(id);
        sum += double(b.min.x);
        sum += double(b.min.y);
    }
    return sum;
}

BodyId add_mover(World& world, std::span<const BoxCast> moves) {
    BodyDef b;
    b.box = moves.front().box;
    return world.add(b);
}

MoveTotals run_moves(World& world, BodyId mover, std::span<const BoxCast> moves, MoveResult& result) {
    const MoveOptions options{}; // slide against everything
    MoveTotals t;
    for (const BoxCast& m : moves) {
        world.teleport(mover, m.box);
        world.move(mover, m.delta, options, result);
        t.checksum += double(result.box.min.x) + double(result.box.min.y);
        t.contacts += result.contacts.size();
    }
    return t;
}

// ---- checksums ----

Checksum checksum_of(std::span<const double> answers) {
    Checksum c;
    for (double t : answers)
        if (t >= 0) {
            ++c.hits;
            c.sum += t;
        }
    return c;
}

bool checksum_matches(const Checksum& got, const Checksum& expected) {
    return got.hits == expected.hits && std::fabs(got.sum - expected.sum) <= checksum_tolerance;
}

// ---- exact reference ----

namespace {

// A coordinate in integer 64ths of a unit (every workload number is one, README).
std::int64_t q64(real v) { return std::int64_t(std::llround(double(v) * 64.0)); }

struct IBox {
    std::int64_t x0, y0, x1, y1;
};
IBox ibox(const Aabb& b) { return {q64(b.min.x), q64(b.min.y), q64(b.max.x), q64(b.max.y)}; }

// num / den with den > 0; products stay below 2^40 for these workloads, exact in int64.
struct Frac {
    std::int64_t num, den;
};
bool less(Frac a, Frac b) { return a.num * b.den < b.num * a.den; }

// Contract rule 1 on integers: the first t in [0, 1) at which the interiors of (a + t*d) and b
// overlap. Returns false for a miss (the workloads never start overlapping; a start inside
// would return t = 0).
bool exact_sweep(const IBox& a, std::int64_t dx, std::int64_t dy, const IBox& b, Frac& t) {
    bool have_enter = false, have_exit = false;
    Frac enter{0, 1}, exit{0, 1};
    auto axis = [&](std::int64_t a0, std::int64_t a1, std::int64_t b0, std::int64_t b1, std::int64_t d) {
        if (d == 0) return a0 < b1 && b0 < a1;
        Frac en, ex;
        if (d > 0) {
            en = {b0 - a1, d};
            ex = {b1 - a0, d};
        } else {
            en = {a0 - b1, -d};
            ex = {a1 - b0, -d};
        }
        if (!have_enter || less(enter, en)) enter = en;
        if (!have_exit || less(ex, exit)) exit = ex;
        have_enter = have_exit = true;
        return true;
    };
    if (!axis(a.x0, a.x1, b.x0, b.x1, dx)) return false;
    if (!axis(a.y0, a.y1, b.y0, b.y1, dy)) return false;
    if (!have_enter) { // no motion: overlapping already or never
        t = {0, 1};
        return true;
    }
    if (!less(enter, exit)) return false;     // interiors never overlap
    if (exit.num <= 0) return false;          // only behind the start
    if (enter.num >= enter.den) return false; // not strictly before t = 1
    t = enter.num < 0 ? Frac{0, 1} : enter;
    return true;
}

// Exact closest hit against every solid tile the swept box may touch and every wall.
template <class Queries, class Start>
Answers reference(const TileWorldData& data, const Queries& queries, Start start) {
    const std::int64_t tile = q64(TileWorldData::tile_size);
    const std::int64_t n = TileWorldData::tiles_per_side;
    std::vector<IBox> walls;
    for (const Aabb& w : data.walls) walls.push_back(ibox(w));
    Answers out;
    out.reserve(queries.size());
    for (const auto& q : queries) {
        const auto [a, dv] = start(q);
        const IBox ia = ibox(a);
        const std::int64_t dx = q64(dv.x), dy = q64(dv.y);
        bool hit = false;
        Frac best{1, 1};
        auto consider = [&](const IBox& b) {
            Frac t;
            if (exact_sweep(ia, dx, dy, b, t) && (!hit || less(t, best))) {
                best = t;
                hit = true;
            }
        };
        const std::int64_t sx0 = std::min(ia.x0, ia.x0 + dx), sx1 = std::max(ia.x1, ia.x1 + dx);
        const std::int64_t sy0 = std::min(ia.y0, ia.y0 + dy), sy1 = std::max(ia.y1, ia.y1 + dy);
        auto floor_div = [](std::int64_t v, std::int64_t m) { return v >= 0 ? v / m : -((-v + m - 1) / m); };
        const std::int64_t c0 = std::max<std::int64_t>(0, floor_div(sx0, tile) - 1);
        const std::int64_t c1 = std::min<std::int64_t>(n - 1, floor_div(sx1, tile) + 1);
        const std::int64_t r0 = std::max<std::int64_t>(0, floor_div(sy0, tile) - 1);
        const std::int64_t r1 = std::min<std::int64_t>(n - 1, floor_div(sy1, tile) + 1);
        for (std::int64_t r = r0; r <= r1; ++r)
            for (std::int64_t c = c0; c <= c1; ++c)
                if (data.rows[std::size_t(r)][std::size_t(c)] == '#')
                    consider({c * tile, r * tile, (c + 1) * tile, (r + 1) * tile});
        for (const IBox& w : walls) consider(w);
        out.push_back(hit ? double(best.num) / double(best.den) : -1.0);
    }
    return out;
}

} // namespace

Answers reference_rays(const TileWorldData& data) {
    return reference(data, data.rays, [](const Ray& r) { return std::pair{Aabb{r.origin, r.origin}, r.delta}; });
}

Answers reference_boxcasts(const TileWorldData& data) {
    return reference(data, data.boxcasts, [](const BoxCast& b) { return std::pair{b.box, b.delta}; });
}

Answers sweepbox_rays(const World& world, const TileWorldData& data) {
    Answers out;
    out.reserve(data.rays.size());
    for (const Ray& r : data.rays) {
        const CastHit h = world.cast_ray(r.origin, r.delta);
        out.push_back(h.hit ? double(h.time) : -1.0);
    }
    return out;
}

Answers sweepbox_boxcasts(const World& world, const TileWorldData& data) {
    Answers out;
    out.reserve(data.boxcasts.size());
    for (const BoxCast& b : data.boxcasts) {
        const CastHit h = world.cast_box(b.box, b.delta);
        out.push_back(h.hit ? double(h.time) : -1.0);
    }
    return out;
}

std::string describe_ray(const TileWorldData& data, std::size_t i) {
    const Ray& r = data.rays[i];
    char buf[160];
    std::snprintf(buf, sizeof buf, "ray %zu (rays.txt line %zu): origin (%.9g, %.9g) delta (%.9g, %.9g)", i, i + 1,
                  double(r.origin.x), double(r.origin.y), double(r.delta.x), double(r.delta.y));
    return buf;
}

std::string describe_boxcast(const TileWorldData& data, std::size_t i) {
    const BoxCast& b = data.boxcasts[i];
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "box cast %zu (boxcasts.txt line %zu): box (%.9g, %.9g, %.9g, %.9g) delta (%.9g, %.9g)", i, i + 1,
                  double(b.box.min.x), double(b.box.min.y), double(b.box.max.x), double(b.box.max.y), double(b.delta.x),
                  double(b.delta.y));
    return buf;
}

bool verify_answers(const std::string& label, std::span<const double> answers, std::span<const double> reference,
                    Checksum expected, const std::string& source,
                    const std::function<std::string(std::size_t)>& describe, double time_tolerance,
                    std::size_t max_report) {
    const Checksum got = checksum_of(answers);
    bool ok = checksum_matches(got, expected);
    std::size_t differing = 0;
    std::vector<std::size_t> first;
    if (!reference.empty()) {
        if (reference.size() != answers.size()) {
            std::fprintf(stderr, "%s: %zu answers but %zu reference answers\n", label.c_str(), answers.size(),
                         reference.size());
            return false;
        }
        for (std::size_t i = 0; i < answers.size(); ++i) {
            const double a = answers[i], r = reference[i];
            const bool same = (a < 0) == (r < 0) && (a < 0 || std::fabs(a - r) <= time_tolerance);
            if (!same) {
                ++differing;
                if (first.size() < max_report) first.push_back(i);
            }
        }
        ok = ok && differing == 0;
    }
    if (ok) {
        std::printf("%s: checksum OK: %zu hits, sum %.6f (expected %zu, %.6f)\n", label.c_str(), got.hits, got.sum,
                    expected.hits, expected.sum);
        return true;
    }
    std::fprintf(stderr,
                 "\n*** %s: CHECKSUM MISMATCH ***\n  sweepbox: %zu hits, sum %.6f\n  expected: %zu hits, sum "
                 "%.6f, from %s\n",
                 label.c_str(), got.hits, got.sum, expected.hits, expected.sum, source.c_str());
    if (!reference.empty()) {
        const Checksum ref = checksum_of(reference);
        std::fprintf(stderr, "  exact reference: %zu hits, sum %.6f; %zu queries differ, the first %zu:\n", ref.hits,
                     ref.sum, differing, first.size());
        auto text = [](double t) {
            char buf[48];
            if (t < 0) return std::string("miss");
            std::snprintf(buf, sizeof buf, "hit at t = %.9g", t);
            return std::string(buf);
        };
        for (std::size_t i : first)
            std::fprintf(stderr, "    %s\n      expected %s, sweepbox %s\n", describe(i).c_str(),
                         text(reference[i]).c_str(), text(answers[i]).c_str());
    }
    return false;
}

std::int64_t thread_cpu_ns() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return std::int64_t(ts.tv_sec) * 1000000000 + std::int64_t(ts.tv_nsec);
}

double median(std::vector<double> values) {
    if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

} // namespace sweepbox::bench
