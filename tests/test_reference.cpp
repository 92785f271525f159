// Suite `reference`: random comparisons of the accelerated World against the brute-force
// reference (reference_world.hpp) and against World in brute_force mode.
//
// - Tens of thousands of random ray and box casts on random worlds (bodies of every size
//   including zero-size and oversize ones, 0-thickness walls, solid and one-way tiles, small and
//   large cells): same hit or miss, same `other`, same normal, corner, started and junction
//   flags, the time within ref::time_matches' bound (two roundings), the contact box flush
//   exactly; a junction stop (rule 6) at the same point exactly, its box bit for bit.
// - cast_all, query_rect, query_point, query_segment and overlapping_pairs on the same worlds.
// - Thousands of random moves with every response, run in a grid World and in a brute_force
//   World built the same way: results must be equal bit for bit; after every move rule 6's
//   invariants are checked (sbt::move_violation).
//
// Ties: the contract orders contacts fully (time, face before corner, lower id, tiles by row
// and column), so the only freedom allowed is between a started-overlapping obstacle and a
// touching contact at time 0 (the contract does not rank "started inside" against "flush and
// moving in"); there either order is accepted.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <sstream>
#include <boost/test/unit_test.hpp>
#include "reference_world.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::box;
using sbt::v2;

namespace {

struct WorldParams {
    real cell_size = 64;
    std::int32_t oversize_cells = 8;
    double extent = 400; // bodies live in [-extent, extent]^2
    int bodies = 80;
    bool tiles = true;
    bool quantized = true; // coordinates on a 0.5 grid (ties, touching, corners)
};

// One random world (or two identical ones: `twin` is built the same way, in brute_force mode).
struct RandomWorld {
    World w;
    std::vector<BodyId> movers;
    explicit RandomWorld(const WorldDef& d) : w(d) {}
};

real coord(ref::Rng& rng, const WorldParams& p) {
    if (p.quantized) {
        const auto steps = static_cast<std::int32_t>(p.extent * 2);
        return rng.grid(-steps, steps, 0.5);
    }
    return rng.uniform(-p.extent, p.extent);
}

real extent_size(ref::Rng& rng, const WorldParams& p, double max) {
    const double r = rng.unit();
    if (r < 0.15) return 0; // thin walls and bullets
    if (p.quantized) return rng.grid(1, std::int32_t(max * 2), 0.5);
    return rng.uniform(0.01, max);
}

Aabb random_box(ref::Rng& rng, const WorldParams& p) {
    const double kind = rng.unit();
    double max = 20;
    if (kind < 0.05) max = p.extent; // huge (oversize)
    else if (kind < 0.2) max = 80;   // long walls
    const real x = coord(rng, p), y = coord(rng, p);
    real wd = extent_size(rng, p, max), ht = extent_size(rng, p, max);
    if (kind < 0.2 && rng.chance(0.5)) { // a long thin wall
        if (rng.chance(0.5)) wd = 0;
        else ht = 0;
    }
    return {{x, y}, {x + wd, y + ht}};
}

void populate(ref::Rng& rng, const WorldParams& p, std::vector<World*> worlds, std::vector<BodyId>& movers) {
    if (p.tiles) {
        TileMapDef td;
        td.tile_size = p.quantized ? 8 : real(7.3);
        td.origin = v2(-p.extent * 0.5, -p.extent * 0.5);
        td.columns = std::int32_t(p.extent / double(td.tile_size));
        td.rows = td.columns;
        td.category = 1u << rng.uniform_int(0, 2);
        td.mask = rng.chance(0.8) ? 0xffffffffu : (rng.bits() | 1u);
        // Kinds 6 and 7, a solid and a one-way kind, with their own category and mask in half
        // of the worlds (the walks then see each tile by its kind), else the map's.
        const bool own = rng.chance(0.5);
        const std::uint32_t own_category = own ? 1u << rng.uniform_int(0, 3) : td.category;
        const std::uint32_t own_mask = !own ? td.mask : rng.chance(0.5) ? 0xffffffffu : (rng.bits() | 1u);
        for (World* w : worlds) {
            w->set_tile_map(td);
            // Kinds 3 to 5: one-way tiles in the other three directions.
            for (int k = 0; k < 3; ++k)
                w->set_tile_kind(3 + k, {TileShape(int(TileShape::one_way_up) + k), td.category, td.mask, false});
            w->set_tile_kind(6, {TileShape::solid, own_category, own_mask, false});
            w->set_tile_kind(7, {TileShape::one_way_down, own_category, own_mask, false});
        }
        const int n = td.columns * td.rows / 8;
        for (int i = 0; i < n; ++i) {
            const TileCell c{rng.uniform_int(0, td.columns - 1), rng.uniform_int(0, td.rows - 1)};
            const std::int32_t kind = rng.chance(0.8) ? (rng.chance(0.8) ? 1 : 6) : rng.uniform_int(2, 7);
            for (World* w : worlds) w->set_tile(c, kind);
        }
    }
    for (int i = 0; i < p.bodies; ++i) {
        BodyDef d;
        d.box = random_box(rng, p);
        d.is_static = rng.chance(0.5);
        d.category = 1u << rng.uniform_int(0, 3);
        d.mask = rng.chance(0.7) ? 0xffffffffu : (rng.bits() | 1u);
        d.user_data = rng.bits();
        if (rng.chance(0.1)) d.one_way = OneWay(rng.uniform_int(1, 4));
        BodyId id{};
        for (World* w : worlds) id = w->add(d);
        if (!d.is_static) movers.push_back(id);
        // Remove some bodies so slots get reused with new generations.
        if (rng.chance(0.05) && !movers.empty()) {
            const BodyId gone = movers.back();
            movers.pop_back();
            for (World* w : worlds) w->remove(gone);
        }
    }
}

QueryFilter random_filter(ref::Rng& rng, const std::vector<BodyId>& movers) {
    QueryFilter f;
    if (rng.chance(0.2)) f.category = 1u << rng.uniform_int(0, 3);
    if (rng.chance(0.2)) f.mask = rng.bits();
    if (rng.chance(0.2) && !movers.empty())
        f.ignore = movers[std::size_t(rng.uniform_int(0, std::int32_t(movers.size()) - 1))];
    if (rng.chance(0.05)) f.bodies = false;
    if (rng.chance(0.05)) f.tiles = false;
    return f;
}

Vec2 random_delta(ref::Rng& rng, const WorldParams& p) {
    const double r = rng.unit();
    Vec2 d;
    if (r < 0.4 && p.quantized) d = {rng.grid(-160, 160, 0.25), rng.grid(-160, 160, 0.25)};
    else if (r < 0.8) d = {rng.uniform(-p.extent, p.extent), rng.uniform(-p.extent, p.extent)};
    else if (r < 0.95) d = {rng.uniform(-2 * p.extent, 2 * p.extent), rng.uniform(-2, 2)}; // long trips
    else d = {rng.uniform(-1e6, 1e6), rng.uniform(-1e6, 1e6)};
    if (rng.chance(0.15)) d.x = 0;
    else if (rng.chance(0.15)) d.y = 0;
    if (rng.chance(0.25)) std::swap(d.x, d.y);
    return d;
}

bool near(real got, long double want, long double scale) {
    const long double eps = std::numeric_limits<real>::epsilon();
    return std::fabs(static_cast<long double>(got) - want) <= 8 * eps * scale + std::numeric_limits<real>::denorm_min();
}

// Compares one CastHit with the reference's hits (sorted); returns "" when it matches.
std::string compare_hit(const CastHit& got, const std::vector<ref::RefHit>& want, const Aabb& a, Vec2 d, bool is_ray) {
    std::ostringstream out;
    if (got.hit != !want.empty()) {
        out << "hit or miss: hit " << got.hit << " but the reference has " << want.size() << " hits";
        if (!want.empty())
            out << ", first " << ref::str(want[0].other) << " t " << double(want[0].time.value()) << " n "
                << ref::str(want[0].normal) << " corner " << want[0].corner << " started "
                << want[0].started_overlapping;
        else out << "; got " << ref::str(got.other) << " t " << got.time << " n " << ref::str(got.normal);
        return out.str();
    }
    if (!got.hit) return {};
    // Which reference hit is it? The first, or (the one allowed tie) another started/time-0 one.
    const ref::RefHit& first = want[0];
    const ref::RefHit* match = nullptr;
    for (const ref::RefHit& h : want)
        if (h.other == got.other) match = &h;
    bool group_started = false;
    for (const ref::RefHit& h : want)
        if (h.time.num == 0 && !h.corner && h.started_overlapping) group_started = true;
    const bool allowed = match && (match == &first || (first.time.num == 0 && match->time.num == 0 && !first.corner &&
                                                       !match->corner && group_started));
    if (!allowed) {
        out << "closest obstacle: the closest hit is " << ref::str(got.other) << " t " << got.time << " n "
            << ref::str(got.normal) << " corner " << got.corner << " started " << got.started_overlapping
            << "; the reference says " << ref::str(first.other) << " t " << double(first.time.value()) << " n "
            << ref::str(first.normal) << " corner " << first.corner << " started " << first.started_overlapping;
        return out.str();
    }
    const ref::RefHit& h = *match;
    if (got.started_overlapping != h.started_overlapping || !(got.normal == h.normal) || got.corner != h.corner ||
        got.junction != h.junction || !ref::time_matches(got.time, h.time)) {
        out << "time, normal or flags: " << ref::str(h.other) << " got t " << got.time << " n " << ref::str(got.normal)
            << " corner " << got.corner << " started " << got.started_overlapping << " junction " << got.junction
            << "; want t " << double(h.time.value()) << " n " << ref::str(h.normal) << " corner " << h.corner
            << " started " << h.started_overlapping << " junction " << h.junction;
        return out.str();
    }
    if (h.junction) {
        // Rule 6's junction stop: the meeting point exactly, the mover flush there (a seam it
        // would enter) or one step of `real` before it (a meeting point it may not pass).
        if (!(got.point == h.point) || !(got.box == h.box)) {
            out << "junction point or box: " << ref::str(h.other) << " got point " << ref::str(got.point) << " box "
                << ref::str(got.box) << "; want point " << ref::str(h.point) << " box " << ref::str(h.box);
            return out.str();
        }
        return {};
    }
    if (h.started_overlapping) return {};
    // Point and box (rule 8, rule 5).
    const long double t = h.time.value();
    const long double scale = std::fabs(static_cast<long double>(a.min.x)) +
                              std::fabs(static_cast<long double>(a.min.y)) +
                              std::fabs(static_cast<long double>(a.max.x)) +
                              std::fabs(static_cast<long double>(a.max.y)) + std::fabs(static_cast<long double>(d.x)) +
                              std::fabs(static_cast<long double>(d.y));
    const bool nx = h.normal.x != 0;
    const real face = nx ? (h.normal.x < 0 ? h.obstacle.min.x : h.obstacle.max.x)
                         : (h.normal.y < 0 ? h.obstacle.min.y : h.obstacle.max.y);
    if (is_ray) {
        const long double px = a.min.x + t * d.x, py = a.min.y + t * d.y;
        if (!near(got.point.x, px, scale) || !near(got.point.y, py, scale)) {
            out << "ray point: " << ref::str(got.point) << " is not origin + t*d = (" << double(px) << ", "
                << double(py) << ")";
            return out.str();
        }
        return {};
    }
    // The box: flush exactly on the normal axis, a + t*d on the other.
    const real touching = nx ? (h.normal.x < 0 ? got.box.max.x : got.box.min.x)
                             : (h.normal.y < 0 ? got.box.max.y : got.box.min.y);
    const bool thin_thin = nx ? (a.min.x == a.max.x && h.obstacle.min.x == h.obstacle.max.x)
                              : (a.min.y == a.max.y && h.obstacle.min.y == h.obstacle.max.y);
    // Thin against thin rests on the next number on the normal's side of the wall's line (on
    // the line it could not tell its side: see the README, "Resting exactly"); the other axis
    // is where the path meets the line.
    const real normal_sign = nx ? h.normal.x : h.normal.y;
    // A cast that starts on the line stays on it (the next number could be inside something).
    const real start_k = nx ? a.min.x : a.min.y;
    const real want_face = thin_thin && start_k != face ? std::nextafter(face, normal_sign < 0 ? -INFINITY : INFINITY)
                                                        : face;
    const long double o0 = nx ? a.min.y + t * d.y : a.min.x + t * d.x;
    const long double o1 = nx ? a.max.y + t * d.y : a.max.x + t * d.x;
    const real g0 = nx ? got.box.min.y : got.box.min.x;
    const real g1 = nx ? got.box.max.y : got.box.max.x;
    if (touching != want_face || !near(g0, o0, scale) || !near(g1, o1, scale)) {
        out << (thin_thin ? "box at contact, thin against thin (rule 5): " : "box at contact (rule 5): ")
            << ref::str(got.box) << " not flush with face " << face << " of " << ref::str(h.obstacle)
            << " or not at a + t*d";
        return out.str();
    }
    // Point: on the face, in the middle of the shared segment.
    const real p_face = nx ? got.point.x : got.point.y;
    const long double lo = std::max(static_cast<long double>(nx ? h.obstacle.min.y : h.obstacle.min.x), o0);
    const long double hi = std::min(static_cast<long double>(nx ? h.obstacle.max.y : h.obstacle.max.x), o1);
    const real p_other = nx ? got.point.y : got.point.x;
    if (p_face != face || !near(p_other, (lo + hi) / 2, scale)) {
        out << "contact point (rule 8): " << ref::str(got.point) << " not the middle of the shared face segment (face "
            << face << ", segment " << double(lo) << " .. " << double(hi) << ")";
        return out.str();
    }
    return {};
}

// Compares cast_all with the reference's hits: every obstacle once, in the contract's order;
// returns "" when it matches.
std::string compare_all(const std::vector<CastHit>& all, const std::vector<ref::RefHit>& want, const Aabb& a, Vec2 d,
                        bool ray) {
    std::string msg;
    if (all.size() != want.size()) {
        std::ostringstream o;
        o << "cast_all count: cast_all has " << all.size() << " hits, the reference " << want.size();
        msg = o.str();
    }
    bool group_started = false;
    for (const ref::RefHit& h : want)
        if (h.time.num == 0 && h.started_overlapping) group_started = true;
    for (std::size_t j = 0; msg.empty() && j < all.size(); ++j) {
        // Find the reference hit of the same obstacle; its position must be j unless it is
        // in the time-0 group that holds a started-overlapping obstacle.
        auto it = std::find_if(want.begin(), want.end(), [&](const ref::RefHit& h) { return h.other == all[j].other; });
        if (it == want.end()) {
            msg = "cast_all extra: cast_all reports " + ref::str(all[j].other) + " which the reference does not hit";
            break;
        }
        const auto pos = std::size_t(it - want.begin());
        if (pos != j && !(group_started && it->time.num == 0 && want[j].time.num == 0)) {
            msg = "cast_all order: position " + std::to_string(j) + " holds " + ref::str(all[j].other) +
                  ", the reference has " + ref::str(want[j].other) + " there";
            break;
        }
        std::vector<ref::RefHit> one{*it};
        const std::string m = compare_hit(all[j], one, a, d, ray);
        if (!m.empty()) msg = "cast_all entry, " + m + " (entry " + std::to_string(j) + ")";
    }
    return msg;
}

struct Counters {
    int failures = 0;
    long casts = 0, hits = 0, started = 0, corners = 0, tiles = 0, zero_time = 0, junctions = 0;
    // Failures by kind (the text before the first ':' of the message), with the first examples,
    // so that one broken rule does not hide another in the log.
    std::map<std::string, std::pair<int, std::vector<std::string>>> kinds;
};

void report(Counters& c, const std::string& what, const std::string& msg) {
    if (msg.empty()) return;
    ++c.failures;
    auto& k = c.kinds[msg.substr(0, msg.find(':'))];
    if (++k.first <= 4) k.second.push_back(what + ": " + msg);
}

void summarize(const Counters& c) {
    for (const auto& [kind, v] : c.kinds) {
        BOOST_ERROR(v.first << " failures of kind '" << kind << "'; the first ones:");
        for (const std::string& m : v.second) BOOST_ERROR("  " << m);
    }
}

void random_casts(ref::Rng& rng, const World& w, const WorldParams& p, const std::vector<BodyId>& movers, int n,
                  Counters& c) {
    std::vector<BodyId> ids;
    w.body_ids(ids);
    std::vector<CastHit> all;
    for (int i = 0; i < n; ++i) {
        const QueryFilter f = random_filter(rng, movers);
        const Vec2 d = random_delta(rng, p);
        const bool ray = rng.chance(0.4);
        Aabb a;
        const double k = rng.unit();
        if (k < 0.3 && !ids.empty()) {
            // Start from a body's box or one of its edges: flush contacts, t = 0, thin on thin.
            const Aabb b = w.box(ids[std::size_t(rng.uniform_int(0, std::int32_t(ids.size()) - 1))]);
            if (ray) {
                const real px = rng.chance(0.5) ? b.min.x : b.max.x, py = rng.chance(0.5) ? b.min.y : b.max.y;
                a = {{px, py}, {px, py}};
            } else {
                a = b;
            }
        } else {
            const real x = coord(rng, p), y = coord(rng, p);
            const real wd = ray ? real(0) : extent_size(rng, p, 16), ht = ray ? real(0) : extent_size(rng, p, 16);
            a = {{x, y}, {x + wd, y + ht}};
        }
        const std::vector<ref::RefHit> want = ref::cast_all(w, a, d, f);
        const CastHit got = ray ? w.cast_ray(a.min, d, f) : w.cast_box(a, d, f);
        std::ostringstream what;
        what << (ray ? "cast_ray from " : "cast_box ") << ref::str(a) << " by " << ref::str(d) << " filter(cat "
             << f.category << " mask " << f.mask << " ignore " << f.ignore.index << " bodies " << f.bodies << " tiles "
             << f.tiles << ")";
        report(c, what.str(), compare_hit(got, want, a, d, ray));
        ++c.casts;
        if (!want.empty()) {
            ++c.hits;
            c.started += want[0].started_overlapping;
            c.corners += want[0].corner;
            c.tiles += want[0].other.is_tile();
            c.zero_time += want[0].time.num == 0;
            c.junctions += want[0].junction;
        }
        // cast_all: every obstacle once, in the contract's order.
        if (rng.chance(0.3)) {
            w.cast_all(a, d, all, f);
            const std::string msg = compare_all(all, want, a, d, ray);
            report(c, "cast_all " + what.str(), msg);
        }
    }
}

void random_queries(ref::Rng& rng, const World& w, const WorldParams& p, const std::vector<BodyId>& movers, int n,
                    Counters& c) {
    std::vector<Other> got;
    for (int i = 0; i < n; ++i) {
        const QueryFilter f = random_filter(rng, movers);
        const real x = coord(rng, p), y = coord(rng, p);
        const Aabb r{{x, y}, {x + extent_size(rng, p, 60), y + extent_size(rng, p, 60)}};
        w.query_rect(r, got, f);
        std::vector<Other> want = ref::query_rect(w, r, f);
        if (!(got == want))
            report(c, "query_rect " + ref::str(r),
                   "query_rect: got " + std::to_string(got.size()) + " results, want " + std::to_string(want.size()) +
                       " (or a different order)");
        w.query_point(r.min, got, f);
        want = ref::query_point(w, r.min, f);
        if (!(got == want))
            report(c, "query_point " + ref::str(r.min),
                   "query_point: got " + std::to_string(got.size()) + " results, want " + std::to_string(want.size()) +
                       " (or a different order)");
        // Segments with an exactly representable difference.
        const Vec2 a = r.min;
        Vec2 b = p.quantized ? Vec2{x + rng.grid(-200, 200, 0.5), y + rng.grid(-200, 200, 0.5)} : r.max;
        if (rng.chance(0.2)) b.x = a.x;
        w.query_segment(a, b, got, f);
        const std::vector<ref::SegmentHit> segs = ref::query_segment(w, a, b, f);
        std::string msg;
        if (got.size() != segs.size()) {
            msg = "query_segment set: got " + std::to_string(got.size()) + " results, want " +
                  std::to_string(segs.size()) + "; got";
            for (const Other& o : got) msg += " " + ref::str(o);
            msg += "; want";
            for (const ref::SegmentHit& h : segs) {
                msg += " " + ref::str(h.other);
                if (h.other.is_body()) msg += ref::str(w.box(h.other.body));
                if (h.other.is_tile()) msg += ref::str(w.tiles().cell_box(h.other.tile));
            }
        } else {
            // Same set; order by the parameter where each is first met (any order among equal ones).
            for (std::size_t j = 0; j < got.size() && msg.empty(); ++j) {
                auto it = std::find_if(segs.begin(), segs.end(),
                                       [&](const ref::SegmentHit& h) { return h.other == got[j]; });
                if (it == segs.end())
                    msg = "query_segment set: reports " + ref::str(got[j]) + " which the segment does not meet";
                else if (!ref::equal(it->time, segs[j].time))
                    msg = "query_segment order: position " + std::to_string(j) + " holds " + ref::str(got[j]) +
                          " met at " + std::to_string(double(it->time.value())) + ", want something met at " +
                          std::to_string(double(segs[j].time.value()));
            }
        }
        report(c, "query_segment " + ref::str(a) + " -> " + ref::str(b), msg);
    }
    std::vector<Pair> pairs;
    w.overlapping_pairs(pairs);
    const std::vector<Pair> want = ref::overlapping_pairs(w);
    std::string msg;
    if (pairs.size() != want.size())
        msg = "overlapping_pairs: got " + std::to_string(pairs.size()) + " pairs, want " + std::to_string(want.size());
    for (std::size_t j = 0; msg.empty() && j < pairs.size(); ++j) {
        if (!(pairs[j].a == want[j].a && pairs[j].b == want[j].b && pairs[j].overlap.normal == want[j].overlap.normal &&
              pairs[j].overlap.depth == want[j].overlap.depth))
            msg = "overlapping_pairs: pair " + std::to_string(j) + " differs: got (" +
                  std::to_string(pairs[j].a.index) + ", " + std::to_string(pairs[j].b.index) + ") depth " +
                  std::to_string(pairs[j].overlap.depth) + " n " + ref::str(pairs[j].overlap.normal) + ", want (" +
                  std::to_string(want[j].a.index) + ", " + std::to_string(want[j].b.index) + ") depth " +
                  std::to_string(want[j].overlap.depth) + " n " + ref::str(want[j].overlap.normal);
    }
    report(c, "overlapping_pairs", msg);
}

const WorldParams kWorlds[] = {
    // cell, oversize, extent, bodies, tiles, quantized
    {64, 8, 400, 80, true, true},    {4, 2, 200, 60, true, true}, // tiny cells, many oversize bodies
    {256, 8, 400, 100, false, true},                              // huge cells
    {16, 8, 1000, 120, true, false},                              // random floats, long trips across many cells
    {1, 3, 100, 50, false, true},                                 // cells smaller than most bodies
    {64, 1, 400, 80, true, true},                                 // almost everything oversize
};

} // namespace

BOOST_AUTO_TEST_SUITE(reference)

// The reference itself agrees with the contract's worked example (so a shared mistake with the
// library would have to be a mistake about the contract's own numbers).
BOOST_AUTO_TEST_CASE(reference_sanity) {
    World w;
    BodyDef d;
    d.box = box(100, 0, 101, 400);
    d.is_static = true;
    const BodyId wall = w.add(d);
    auto h = ref::cast_ray(w, v2(0, 10), v2(300, 0));
    BOOST_REQUIRE(h.has_value());
    BOOST_TEST(bool(h->other == Other::of(wall)));
    BOOST_TEST(ref::equal(h->time, ref::Time{1, 3}));
    SB_CHECK_VEC(h->normal, v2(-1, 0));
    h = ref::cast_box(w, box(0, 0, 4, 4), v2(500, 40));
    BOOST_REQUIRE(h.has_value());
    BOOST_TEST(ref::equal(h->time, ref::Time{96, 500}));
    BOOST_TEST(!ref::cast_box(w, box(0, 0, 4, 4), v2(0, 300)).has_value());
    const ref::RefSweep s = ref::sweep(box(0, 5, 0, 5), v2(10, 0), box(5, 0, 5, 10));
    BOOST_TEST(s.is_hit_or_started());
    BOOST_TEST(ref::equal(s.time, ref::Time{1, 2}));
}

// Rule 6's junction stops, the worked examples of the rule: the reference's answers spelled out,
// and the library must give the same (every field).
BOOST_AUTO_TEST_CASE(reference_junction_examples) {
    const auto same_as_library = [](const World& w, const CastHit& got, const std::optional<ref::RefHit>& want) {
        BOOST_REQUIRE(want.has_value());
        BOOST_TEST(got.hit);
        BOOST_TEST(got.junction);
        BOOST_TEST(bool(got.other == want->other), ref::str(got.other) << " vs " << ref::str(want->other));
        SB_CHECK_VEC(got.normal, want->normal);
        BOOST_TEST(got.corner == want->corner);
        BOOST_TEST(got.time == want->time.to_real());
        BOOST_TEST(bool(got.point == want->point), ref::str(got.point) << " vs " << ref::str(want->point));
        BOOST_TEST(bool(got.box == want->box), ref::str(got.box) << " vs " << ref::str(want->box));
        (void)w;
    };
    {
        // 3x3 tiles of 16, all solid but the middle one: a ray along the top of the hole enters
        // the seam between tiles (0,1) and (0,2) where the hole ends.
        World w;
        TileMapDef td;
        td.columns = td.rows = 3;
        w.set_tile_map(td);
        for (std::int32_t r = 0; r < 3; ++r)
            for (std::int32_t c = 0; c < 3; ++c)
                if (r != 1 || c != 1) w.set_tile({c, r}, Tile::solid);
        const auto h = ref::cast_ray(w, v2(24, 32), v2(-100, 0));
        BOOST_REQUIRE(h.has_value());
        BOOST_TEST(h->junction);
        BOOST_TEST(bool(h->other == Other::of(TileCell{0, 1})));
        BOOST_TEST(ref::equal(h->time, ref::Time{8, 100}));
        SB_CHECK_VEC(h->normal, v2(1, 0));
        BOOST_TEST(!h->corner);
        SB_CHECK_VEC(h->point, v2(16, 32));
        BOOST_TEST(bool(h->box == box(16, 32, 16, 32)));
        same_as_library(w, w.cast_ray(v2(24, 32), v2(-100, 0)), h);
        // A plank lying along that line, leading end at 24, enters at the same place, flush.
        const auto k = ref::cast_box(w, box(24, 32, 30, 32), v2(-100, 0));
        BOOST_REQUIRE(k.has_value());
        BOOST_TEST(k->junction);
        BOOST_TEST(bool(k->box == box(16, 32, 22, 32)));
        same_as_library(w, w.cast_box(box(24, 32, 30, 32), v2(-100, 0)), k);
    }
    {
        // Four zero-thickness walls closing a room: a ray into the corner (0,0) stops one step
        // before it on both axes (rule 4's tie: normal along y).
        World w;
        BodyDef d;
        d.is_static = true;
        for (const Aabb& b : {box(0, 0, 0, 100), box(0, 0, 100, 0), box(100, 0, 100, 100), box(0, 100, 100, 100)}) {
            d.box = b;
            (void)w.add(d);
        }
        const auto h = ref::cast_ray(w, v2(10, 10), v2(-20, -20));
        BOOST_REQUIRE(h.has_value());
        BOOST_TEST(h->junction);
        BOOST_TEST(h->corner);
        BOOST_TEST(ref::equal(h->time, ref::Time{1, 2}));
        SB_CHECK_VEC(h->normal, v2(0, 1));
        SB_CHECK_VEC(h->point, v2(0, 0));
        const real up = std::nextafter(real(0), real(10));
        BOOST_TEST(bool(h->box == Aabb{{up, up}, {up, up}}));
        same_as_library(w, w.cast_ray(v2(10, 10), v2(-20, -20)), h);
        // cast_all: the stop comes first; nothing beyond it is left out by the rule.
        const auto all = ref::cast_all(w, Aabb{v2(10, 10), v2(10, 10)}, v2(-20, -20));
        BOOST_REQUIRE(!all.empty());
        BOOST_TEST(all.front().junction);
    }
    {
        // A checkerboard: two solid tiles touching only at (16,16); a ray through that corner stops.
        World w;
        TileMapDef td;
        td.columns = td.rows = 2;
        w.set_tile_map(td);
        w.set_tile({0, 0}, Tile::solid);
        w.set_tile({1, 1}, Tile::solid);
        const auto h = ref::cast_ray(w, v2(24, 8), v2(-16, 16));
        BOOST_REQUIRE(h.has_value());
        BOOST_TEST(h->junction);
        SB_CHECK_VEC(h->point, v2(16, 16));
        BOOST_TEST(ref::equal(h->time, ref::Time{1, 2}));
        same_as_library(w, w.cast_ray(v2(24, 8), v2(-16, 16)), h);
        // An area box passes by that corner freely; so does a ray that only touches one tile.
        BOOST_TEST(!ref::junction_stop(w, box(20, 4, 24, 8), v2(-16, 16)).has_value());
        BOOST_TEST(!ref::junction_stop(w, box(16, 0, 16, 0), v2(0, 10)).has_value());
    }
}

BOOST_AUTO_TEST_CASE(random_casts_and_queries_match_reference) {
    Counters c;
    std::uint32_t seed = 1000;
    for (const WorldParams& p : kWorlds) {
        for (int rep = 0; rep < 2; ++rep) {
            ref::Rng rng(++seed);
            WorldDef def;
            def.cell_size = p.cell_size;
            def.oversize_cells = p.oversize_cells;
            World w(def);
            std::vector<BodyId> movers;
            populate(rng, p, {&w}, movers);
            random_casts(rng, w, p, movers, 3000, c);
            random_queries(rng, w, p, movers, 300, c);
            // Move bodies around (contacts leave them flush against each other), then cast again.
            for (int i = 0; i < 300 && !movers.empty(); ++i) {
                const BodyId m = movers[std::size_t(rng.uniform_int(0, std::int32_t(movers.size()) - 1))];
                (void)w.move(m, random_delta(rng, p));
            }
            random_casts(rng, w, p, movers, 2000, c);
            random_queries(rng, w, p, movers, 200, c);
        }
    }
    BOOST_TEST_MESSAGE("reference casts: " << c.casts << " casts, " << c.hits << " hits, " << c.started
                                           << " started inside, " << c.corners << " corners, " << c.tiles << " tiles, "
                                           << c.zero_time << " at t = 0, " << c.junctions << " junctions");
    summarize(c);
    BOOST_TEST(c.failures == 0);
    BOOST_TEST(c.casts >= 50000);
    BOOST_TEST(c.hits > c.casts / 10);
    BOOST_TEST(c.corners > 0);
    BOOST_TEST(c.started > 0);
    BOOST_TEST(c.zero_time > 0);
    BOOST_TEST(c.tiles > 0);
    BOOST_TEST(c.junctions > 0);
}

// Rule 6's junctions on purpose: small worlds on a coarse grid (solid and one-way tiles, boxes,
// zero-thickness walls and zero-size bodies whose faces and corners meet), points and planks
// started on those lines and corners and moved along them, diagonally through corners, or
// anyhow; every cast_ray, cast_box and cast_all compared with the reference, every field.
BOOST_AUTO_TEST_CASE(random_junctions_match_reference) {
    Counters c;
    long junctions_all = 0, planks = 0, plank_junctions = 0, diagonal_junctions = 0, start_junctions = 0;
    std::vector<CastHit> all;
    for (std::uint32_t seed = 7000; seed < 7040; ++seed) {
        ref::Rng rng(seed);
        WorldDef def;
        const real cells[] = {4, 16, 64};
        def.cell_size = cells[rng.uniform_int(0, 2)];
        World w(def);
        // Far from the origin the trailing end of a plank and the step before a meeting point
        // round coarsely (near 2^20 a float is a multiple of 1/8).
        const real bases[] = {0, real(-1000.375), real(1 << 20), real(-3.5 * (1 << 21))};
        const real base = bases[rng.uniform_int(0, 3)];
        TileMapDef td;
        td.tile_size = 8;
        td.columns = td.rows = 8;
        td.origin = {base, base};
        w.set_tile_map(td);
        const double solid = 0.15 + 0.35 * rng.unit();
        for (std::int32_t r = 0; r < td.rows; ++r)
            for (std::int32_t col = 0; col < td.columns; ++col) {
                const double u = rng.unit();
                if (u < solid) w.set_tile({col, r}, Tile::solid);
                else if (u < solid + 0.08) w.set_tile({col, r}, Tile::one_way);
            }
        std::vector<Aabb> boxes;
        for (int i = 0; i < 25; ++i) {
            BodyDef d;
            const real x = base + rng.grid(-2, 18, 4), y = base + rng.grid(-2, 18, 4);
            const real wd = rng.chance(0.35) ? real(0) : rng.grid(1, 3, 4);
            const real ht = rng.chance(0.35) ? real(0) : rng.grid(1, 3, 4);
            d.box = {{x, y}, {x + wd, y + ht}};
            d.category = 1u << rng.uniform_int(0, 1);
            d.is_static = rng.chance(0.5);
            (void)w.add(d);
            boxes.push_back(d.box);
        }
        for (std::int32_t r = 0; r < td.rows; ++r)
            for (std::int32_t col = 0; col < td.columns; ++col)
                if (w.tiles().get({col, r}) != Tile::empty) boxes.push_back(w.tiles().cell_box({col, r}));
        for (int i = 0; i < 600; ++i) {
            // The start: a corner, an edge or the middle of an obstacle's face, or a grid point.
            Vec2 p;
            if (rng.chance(0.6)) {
                const Aabb& b = boxes[std::size_t(rng.uniform_int(0, std::int32_t(boxes.size()) - 1))];
                const real xs[3] = {b.min.x, b.max.x, (b.min.x + b.max.x) / 2};
                const real ys[3] = {b.min.y, b.max.y, (b.min.y + b.max.y) / 2};
                p = {xs[rng.uniform_int(0, 2)], ys[rng.uniform_int(0, 2)]};
            } else {
                const double step = rng.chance(0.7) ? 4 : 2;
                p = {base + rng.grid(-4, 36, step * 2) / 2, base + rng.grid(-4, 36, step * 2) / 2};
            }
            // The displacement: along an axis, diagonal through grid corners, or anyhow.
            Vec2 d;
            const double kind = rng.unit();
            const real sx = rng.chance(0.5) ? real(1) : real(-1), sy = rng.chance(0.5) ? real(1) : real(-1);
            if (kind < 0.5) {
                const real len = rng.chance(0.7) ? rng.grid(1, 40, 2) : rng.uniform(0.25, 90);
                d = rng.chance(0.5) ? Vec2{sx * len, 0} : Vec2{0, sy * len};
            } else if (kind < 0.85) {
                const real k = rng.grid(1, 20, 2);
                const int slope = rng.uniform_int(0, 2);
                d = {sx * k * (slope == 1 ? 2 : 1), sy * k * (slope == 2 ? 2 : 1)};
            } else {
                d = {rng.uniform(-80, 80), rng.uniform(-80, 80)};
            }
            // Now and then from afar along the same line (the walks must find the meeting points
            // far ahead): p - M d by (M + 1) d, exact for the grid values.
            if (rng.chance(0.25)) {
                const real ms[] = {8, 64, 500};
                const real mm = ms[rng.uniform_int(0, 2)];
                p -= mm * d;
                d *= mm + 1;
            }
            // The mover: a point (ray or zero-size box), a plank, or now and then an area box.
            Aabb a{p, p};
            bool ray = false;
            const double mover = rng.unit();
            if (mover < 0.35) {
                ray = true;
            } else if (mover < 0.85) {
                const real len = rng.chance(0.7) ? rng.grid(1, 4, 2) : rng.uniform(0.01, 12);
                // A plank along its motion when it moves along an axis (mostly), else either way.
                const int along = d.x != 0 && d.y == 0 ? 0 : d.y != 0 && d.x == 0 ? 1 : rng.uniform_int(0, 1);
                const int axis = rng.chance(0.85) ? along : 1 - along;
                if (rng.chance(0.5)) a.max[axis] = p[axis] + len;
                else a.min[axis] = p[axis] - len;
                ++planks;
            } else if (mover < 0.9) {
                // (a zero-size box through cast_box)
            } else {
                a.max = p + Vec2{rng.grid(1, 3, 2), rng.grid(1, 3, 2)};
            }
            QueryFilter f;
            if (rng.chance(0.15)) f.mask = 1u << rng.uniform_int(0, 1);
            if (rng.chance(0.05)) f.tiles = false;
            if (rng.chance(0.05)) f.bodies = false;
            const std::vector<ref::RefHit> want = ref::cast_all(w, a, d, f);
            const CastHit got = ray ? w.cast_ray(a.min, d, f) : w.cast_box(a, d, f);
            std::ostringstream what;
            what << "seed " << seed << ": " << (ray ? "cast_ray from " : "cast_box ") << ref::str(a) << " by "
                 << ref::str(d) << " filter(mask " << f.mask << " bodies " << f.bodies << " tiles " << f.tiles << ")";
            report(c, what.str(), compare_hit(got, want, a, d, ray));
            ++c.casts;
            if (!want.empty()) {
                ++c.hits;
                if (want[0].junction) {
                    ++c.junctions;
                    plank_junctions += a.min.x != a.max.x || a.min.y != a.max.y;
                    diagonal_junctions += want[0].corner;
                    start_junctions += want[0].time.num == 0;
                }
            }
            for (const ref::RefHit& h : want) junctions_all += h.junction;
            w.cast_all(a, d, all, f);
            report(c, "cast_all " + what.str(), compare_all(all, want, a, d, ray));
        }
    }
    BOOST_TEST_MESSAGE("junction casts: " << c.casts << " casts (" << planks << " planks), " << c.hits << " hits, "
                                          << c.junctions << " junction stops first (" << plank_junctions
                                          << " of planks, " << diagonal_junctions << " diagonal, " << start_junctions
                                          << " at t = 0), " << junctions_all << " in cast_all");
    summarize(c);
    BOOST_TEST(c.failures == 0);
    BOOST_TEST(c.junctions > 1000);
    BOOST_TEST(plank_junctions > 100);
    BOOST_TEST(diagonal_junctions > 30);
    BOOST_TEST(start_junctions > 100);
}

namespace {

bool same_bits(real a, real b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool same_bits(Vec2 a, Vec2 b) { return same_bits(a.x, b.x) && same_bits(a.y, b.y); }
bool same_bits(const Aabb& a, const Aabb& b) { return same_bits(a.min, b.min) && same_bits(a.max, b.max); }

std::string diff_results(const MoveResult& a, const MoveResult& b) {
    if (!same_bits(a.box, b.box)) return "box " + ref::str(a.box) + " vs " + ref::str(b.box);
    if (!same_bits(a.velocity, b.velocity)) return "velocity " + ref::str(a.velocity) + " vs " + ref::str(b.velocity);
    if (a.iterations != b.iterations || a.truncated != b.truncated) return "iterations or truncated differ";
    if (a.contacts.size() != b.contacts.size())
        return "contacts " + std::to_string(a.contacts.size()) + " vs " + std::to_string(b.contacts.size());
    for (std::size_t i = 0; i < a.contacts.size(); ++i) {
        const Contact& x = a.contacts[i];
        const Contact& y = b.contacts[i];
        if (!(x.other == y.other) || !same_bits(x.time, y.time) || !same_bits(x.normal, y.normal) ||
            !same_bits(x.point, y.point) || !same_bits(x.box, y.box) || x.response != y.response ||
            x.started_overlapping != y.started_overlapping || x.corner != y.corner || !same_bits(x.depth, y.depth) ||
            !same_bits(x.sweep_back, y.sweep_back))
            return "contact " + std::to_string(i) + ": " + ref::str(x.other) + " t " + std::to_string(x.time) +
                   " box " + ref::str(x.box) + " vs " + ref::str(y.other) + " t " + std::to_string(y.time) + " box " +
                   ref::str(y.box);
    }
    return {};
}

bool blocks(Response r) { return r == Response::touch || r == Response::slide || r == Response::bounce; }

// How a move's answer differs from the reference's way out (rule 7), or "".
std::string push_diff(const ref::RefPush& want, const MoveResult& r) {
    if (r.stuck != (want.started && want.stuck))
        return r.stuck ? "stuck, the reference pushes it out" : "not stuck, the reference says stuck";
    if (!want.started || want.stuck) return {};
    const Contact* c = r.contacts.empty() ? nullptr : &r.contacts[0];
    if (c && c->started_overlapping && same_bits(c->box, want.box) && c->normal == want.normal && c->other == want.last)
        return {};
    return "the push: " +
           (c ? ref::str(c->other) + " " + ref::str(c->box) + " n " + ref::str(c->normal) : std::string("none")) +
           ", the reference " + ref::str(want.last) + " " + ref::str(want.box) + " n " + ref::str(want.normal);
}

bool is_one_way(const World& w, const Other& o) {
    if (o.is_body()) return w.info(o.body).one_way != OneWay::none;
    return w.tiles().get(o.tile) == Tile::one_way;
}

std::uint32_t lowest_bit(std::uint32_t v) {
    for (std::uint32_t i = 0; i < 32; ++i)
        if (v & (1u << i)) return i;
    return 0;
}

} // namespace

// Grid World against brute_force World: thousands of random moves with every response.
BOOST_AUTO_TEST_CASE(random_moves_grid_equals_brute_force) {
    int failures = 0, violations = 0, push_failures = 0;
    long moves = 0, contacts = 0, truncated = 0, pushed = 0, stuck = 0, moves_free = 0;
    std::uint32_t seed = 5000;
    for (const WorldParams& p : kWorlds) {
        ref::Rng rng(++seed);
        WorldDef gd;
        gd.cell_size = p.cell_size;
        gd.oversize_cells = p.oversize_cells;
        WorldDef bd = gd;
        bd.brute_force = true;
        World grid(gd), brute(bd);
        std::vector<BodyId> movers;
        populate(rng, p, {&grid, &brute}, movers);
        std::array<Response, 32> table{};
        MoveResult rg, rb;
        bool diverged = false;
        for (int i = 0; i < 1500 && !movers.empty() && !diverged; ++i) {
            const BodyId m = movers[std::size_t(rng.uniform_int(0, std::int32_t(movers.size()) - 1))];
            MoveOptions o;
            const Response all[] = {Response::ignore, Response::touch, Response::slide, Response::cross,
                                    Response::bounce};
            o.response = all[rng.uniform_int(0, 4)];
            if (rng.chance(0.5)) o.response = rng.chance(0.5) ? Response::slide : Response::bounce;
            const bool use_table = rng.chance(0.15);
            if (use_table) {
                for (Response& r : table) r = all[rng.uniform_int(0, 4)];
                o.category_responses = &table;
            }
            o.restitution = rng.chance(0.3) ? real(1) : rng.uniform(0, 1);
            o.friction = rng.chance(0.3) ? real(0) : rng.uniform(0, 1);
            o.max_iterations = rng.chance(0.1) ? rng.uniform_int(1, 3) : (rng.chance(0.1) ? 64 : 8);
            o.has_velocity = rng.chance(0.5);
            o.velocity = {rng.uniform(-100, 100), rng.uniform(-100, 100)};
            o.drop_through = rng.chance(0.1);
            const real reaches[] = {8, 1, real(2.5), std::numeric_limits<real>::infinity(), 0};
            o.push_out_sides = rng.chance(0.5) ? real(8) : reaches[rng.uniform_int(0, 4)];
            const Vec2 d = random_delta(rng, p);
            const Aabb start = grid.box(m);
            // Rule 7 by the reference: the way out of what the body starts inside.
            const World& gw = grid;
            const sbt::BlocksFn blocker = [&](const Other& other) {
                if (o.drop_through && is_one_way(gw, other)) return false;
                if (!use_table) return blocks(o.response);
                const std::uint32_t cat = other.is_body() ? gw.info(other.body).category
                                                          : gw.tiles().kind(gw.tiles().kind_at(other.tile)).category;
                return blocks(table[lowest_bit(cat)]);
            };
            const BodyInfo me = grid.info(m);
            const ref::RefPush want_push = ref::push_out(grid, start, QueryFilter{me.category, me.mask, m}, blocker,
                                                         o.push_out_sides);
            // The dry run first: it must give the move's answer and leave the body where it is.
            brute.check(m, d, o, rb);
            const bool checked_in_place = brute.box(m) == start;
            grid.move(m, d, o, rg);
            const std::string check_diff = diff_results(rg, rb);
            brute.move(m, d, o, rb);
            ++moves;
            contacts += long(rg.contacts.size());
            truncated += rg.truncated;
            std::string diff = diff_results(rg, rb);
            if (diff.empty() && !check_diff.empty()) diff = "check differs from move: " + check_diff;
            if (diff.empty() && !checked_in_place) diff = "check moved the body";
            if (!diff.empty()) {
                diverged = true;
                if (++failures <= 10)
                    BOOST_ERROR("grid vs brute_force, world " << (seed - 5000) << " move " << i << " body " << m.index
                                                              << " from " << ref::str(start) << " by " << ref::str(d)
                                                              << " " << to_string(o.response)
                                                              << (use_table ? " (table)" : "") << ": " << diff);
            }
            if (d.x != 0 || d.y != 0) {
                ++(want_push.started ? (want_push.stuck ? stuck : pushed) : moves_free);
                const std::string pd = push_diff(want_push, rg);
                if (!pd.empty() && ++push_failures <= 10)
                    BOOST_ERROR("rule 7, world " << (seed - 5000) << " move " << i << " body " << m.index << " from "
                                                 << ref::str(start) << " by " << ref::str(d) << " reach "
                                                 << o.push_out_sides << ": " << pd);
            }
            // Rule 6 invariants (on the grid world).
            const std::string v = sbt::move_violation(grid, m, start, rg, blocker);
            if (!v.empty() && ++violations <= 10)
                BOOST_ERROR("rule 6, world " << (seed - 5000) << " move " << i << " body " << m.index << " by "
                                             << ref::str(d) << " " << to_string(o.response)
                                             << (use_table ? " (table)" : "") << ": " << v);
            // Now and then: teleport, change a tile, add or remove a body, in both worlds.
            const double ev = rng.unit();
            if (ev < 0.02) {
                const Aabb b = random_box(rng, p);
                grid.teleport(m, b);
                brute.teleport(m, b);
            } else if (ev < 0.03 && !grid.tiles().is_empty()) {
                const TileCell c{rng.uniform_int(0, grid.tiles().columns() - 1),
                                 rng.uniform_int(0, grid.tiles().rows() - 1)};
                const Tile t = Tile(rng.uniform_int(0, 2));
                grid.set_tile(c, t);
                brute.set_tile(c, t);
            } else if (ev < 0.035) {
                const OneWay w = OneWay(rng.uniform_int(0, 4));
                grid.set_one_way(m, w);
                brute.set_one_way(m, w);
            } else if (ev < 0.04) {
                BodyDef bdef;
                bdef.box = random_box(rng, p);
                const BodyId id1 = grid.add(bdef);
                const BodyId id2 = brute.add(bdef);
                BOOST_TEST(bool(id1 == id2));
                movers.push_back(id1);
            }
        }
    }
    BOOST_TEST_MESSAGE("random moves: " << moves << " moves, " << contacts << " contacts, " << truncated
                                        << " truncated; rule 7: " << pushed << " pushed out, " << stuck << " stuck, "
                                        << moves_free << " started free");
    BOOST_TEST(failures == 0);
    BOOST_TEST(violations == 0);
    BOOST_TEST(push_failures == 0);
    BOOST_TEST(pushed >= 50);
    BOOST_TEST(stuck >= 20);
    BOOST_TEST(moves >= 5000);
}

// Rule 7 against the reference where it matters most: bodies spawned inside clusters of
// overlapping static boxes, thin walls, one-way bodies and blobs of solid and one-way tiles;
// boxes, planks and points, with every reach. The grid world and the brute-force world give the
// same answer, bit for bit, and it leaves to the reference's place (or stays where it says).
BOOST_AUTO_TEST_CASE(random_clusters_match_reference) {
    int failures = 0, violations = 0;
    long pushed = 0, stuck = 0, thin_pushed = 0, moves = 0;
    const sbt::BlocksFn all_block = [](const Other&) { return true; };
    for (std::uint32_t seed = 0; seed < 80; ++seed) {
        ref::Rng rng(9000 + seed);
        WorldDef gd;
        gd.cell_size = seed % 3 == 0 ? 4 : 32;
        WorldDef bd = gd;
        bd.brute_force = true;
        World grid(gd), brute(bd);
        const bool tiles = seed % 2 == 1;
        if (tiles) {
            TileMapDef td;
            td.tile_size = 8;
            td.origin = v2(-64, -64);
            td.columns = td.rows = 16;
            for (World* w : {&grid, &brute}) {
                w->set_tile_map(td);
                for (int k = 0; k < 3; ++k)
                    w->set_tile_kind(3 + k, {TileShape(int(TileShape::one_way_up) + k), td.category, td.mask, false});
            }
            for (int i = 0; i < 60; ++i) {
                const TileCell c{rng.uniform_int(4, 11), rng.uniform_int(4, 11)};
                const std::int32_t kind = rng.chance(0.8) ? 1 : rng.uniform_int(2, 5);
                for (World* w : {&grid, &brute}) w->set_tile(c, kind);
            }
        }
        // Clusters: boxes around a few centres, overlapping each other, on a grid of 0.5.
        Vec2 centres[3];
        for (Vec2& c : centres) c = v2(rng.grid(-40, 40, 1), rng.grid(-40, 40, 1));
        const int statics = rng.uniform_int(6, 24);
        for (int i = 0; i < statics; ++i) {
            const Vec2 c = centres[rng.uniform_int(0, 2)];
            const real x = c.x + rng.grid(-48, 48, 0.5), y = c.y + rng.grid(-48, 48, 0.5);
            real wd = rng.grid(2, 96, 0.5), ht = rng.grid(2, 96, 0.5);
            if (rng.chance(0.15)) (rng.chance(0.5) ? wd : ht) = 0; // a thin wall
            BodyDef d;
            d.box = box(x, y, x + wd, y + ht);
            d.is_static = true;
            if (rng.chance(0.1)) d.one_way = OneWay(rng.uniform_int(1, 4));
            for (World* w : {&grid, &brute}) w->add(d);
        }
        for (int i = 0; i < 60; ++i) {
            const Vec2 c = centres[rng.uniform_int(0, 2)];
            const real x = c.x + rng.grid(-48, 48, 0.5), y = c.y + rng.grid(-48, 48, 0.5);
            const double shape = rng.unit();
            const real wd = shape < 0.15 ? 0 : rng.grid(1, 48, 0.5);
            const real ht = shape < 0.3 ? 0 : rng.grid(1, 48, 0.5);
            BodyDef d;
            d.box = box(x, y, x + wd, y + ht);
            const BodyId id = grid.add(d);
            BOOST_TEST(bool(brute.add(d) == id));
            MoveOptions o;
            const Response rs[] = {Response::slide, Response::bounce, Response::touch};
            o.response = rs[rng.uniform_int(0, 2)];
            const real reaches[] = {8, 1, real(0.5), std::numeric_limits<real>::infinity()};
            o.push_out_sides = reaches[rng.uniform_int(0, 3)];
            Vec2 delta = v2(rng.grid(-32, 32, 0.5), rng.grid(-32, 32, 0.5));
            if (delta.x == 0 && delta.y == 0) delta.x = 1;
            const ref::RefPush want = ref::push_out(grid, d.box, QueryFilter{d.category, d.mask, id}, all_block,
                                                    o.push_out_sides);
            MoveResult rg, rb;
            grid.move(id, delta, o, rg);
            brute.move(id, delta, o, rb);
            ++moves;
            pushed += want.started && !want.stuck;
            stuck += want.started && want.stuck;
            thin_pushed += want.started && !want.stuck && (wd == 0 || ht == 0);
            std::string diff = diff_results(rg, rb);
            if (diff.empty()) diff = push_diff(want, rg);
            if (!diff.empty() && ++failures <= 10)
                BOOST_ERROR("seed " << seed << " body " << ref::str(d.box) << " by " << ref::str(delta) << " reach "
                                    << o.push_out_sides << ": " << diff);
            const std::string v = sbt::move_violation(grid, id, d.box, rg, all_block);
            if (!v.empty() && ++violations <= 10)
                BOOST_ERROR("rule 6, seed " << seed << " body " << ref::str(d.box) << " by " << ref::str(delta) << ": "
                                            << v);
            grid.remove(id);
            brute.remove(id);
        }
    }
    BOOST_TEST_MESSAGE("clusters: " << moves << " moves, " << pushed << " pushed out (" << thin_pushed
                                    << " points and planks), " << stuck << " stuck");
    BOOST_TEST(failures == 0);
    BOOST_TEST(violations == 0);
    BOOST_TEST(pushed >= 1000);
    BOOST_TEST(thin_pushed >= 100);
    BOOST_TEST(stuck >= 200);
}


BOOST_AUTO_TEST_SUITE_END()
