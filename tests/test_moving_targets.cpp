// Suite `moving_targets`: casts against the frame's motion (docs/contract.md, "Moving targets"):
// the contract's examples, legs and intervals, and random worlds against the brute-force
// reference (tests/reference_moving.cpp) and the brute-force world, bit for bit.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <limits>
#include "reference_moving.hpp"
#include "moving_examples.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::add_body;
using sbt::box;
using sbt::runner;
using sbt::v2;

namespace {

BodyId platform_at(World& w, const Aabb& b) {
    BodyDef d;
    d.box = b;
    d.is_platform = true;
    return w.add(d);
}

// Bit for bit, field by field.
template <class T> bool bits(const T& a, const T& b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }
bool same_bits(const CastHit& a, const CastHit& b) {
    return a.hit == b.hit &&
           (!a.hit || (bits(a.time, b.time) && bits(a.normal, b.normal) && bits(a.point, b.point) &&
                       bits(a.box, b.box) && a.other == b.other && a.started_overlapping == b.started_overlapping &&
                       a.corner == b.corner && a.junction == b.junction));
}

// Options that see the frame's motion over [t0, t1].
CastOptions moving(real t0 = 0, real t1 = 1) {
    CastOptions o;
    o.moving = true;
    o.t0 = t0;
    o.t1 = t1;
    return o;
}

bool odd_bodies_only(void*, const World&, const Other& o) { return o.is_body() && o.body.index % 2 == 1; }

} // namespace

BOOST_AUTO_TEST_SUITE(moving_targets)

BOOST_AUTO_TEST_CASE(the_crossing_that_used_to_miss) {
    World w;
    const BodyId id = runner(w);
    BOOST_TEST(!w.cast_ray(v2(0, 50), v2(100, 0)).hit); // against where it ended the frame
    const CastHit h = w.cast_ray(v2(0, 50), v2(100, 0), {}, moving());
    BOOST_TEST(h.hit);
    BOOST_TEST((h.other == Other::of(id)));
    BOOST_TEST(h.time == real(0.45));
    BOOST_TEST((h.normal == v2(-1, 0)));
    BOOST_TEST((h.point == v2(45, 50)));
    BOOST_TEST((w.frame_box(id, h.time) == box(45, 45, 55, 55)));
    // Where it ends the frame, the plain cast hits it; the bullet passed x 45 long before.
    BOOST_TEST(w.cast_ray(v2(0, 105), v2(100, 0)).hit);
    BOOST_TEST(!w.cast_ray(v2(0, 105), v2(100, 0), {}, moving()).hit);
    // The bullet fired over the second half of the frame only: the runner is below y 50 by then;
    // along y 80 the bullet reaches x 45 at frame time 0.725, with the runner at 72.5 to 82.5.
    BOOST_TEST(!w.cast_ray(v2(0, 50), v2(100, 0), {}, moving(0.5f, 1)).hit);
    const CastHit late = w.cast_ray(v2(0, 80), v2(100, 0), {}, moving(0.5f, 1));
    BOOST_TEST(late.hit);
    BOOST_TEST(late.time == real(0.725), boost::test_tools::tolerance(real(1e-6)));
    BOOST_TEST(late.point.x == real(45));
    // moving = false: the plain cast.
    BOOST_TEST(!w.cast_ray(v2(0, 50), v2(100, 0), {}, CastOptions{}).hit);
}

BOOST_AUTO_TEST_CASE(side_by_side_never_meet) {
    World w;
    const BodyId other = add_body(w, box(20, 0, 30, 10));
    w.begin_frame();
    w.move(other, v2(100, 0));
    BOOST_TEST(!w.cast_box(box(0, 0, 10, 10), v2(100, 0), {}, moving()).hit);
    // Faster than the body: it catches up at frame time (20 - 10) / (200 - 100) = 0.1.
    const CastHit h = w.cast_box(box(0, 0, 10, 10), v2(200, 0), {}, moving());
    BOOST_TEST(h.hit);
    BOOST_TEST(h.time == real(0.1));
    BOOST_TEST((h.box == box(20, 0, 30, 10)));
    BOOST_TEST((w.frame_box(other, h.time) == box(30, 0, 40, 10)));
    std::vector<CastHit> all;
    w.cast_all(box(0, 0, 10, 10), v2(100, 0), all, {}, moving());
    BOOST_TEST(all.empty());
}

BOOST_AUTO_TEST_CASE(touching_is_no_hit) {
    World w;
    const BodyId id = runner(w);
    // Flush along the runner's left face all frame: no hit (rule 3).
    BOOST_TEST(!w.cast_ray(v2(45, 0), v2(0, 100), {}, moving()).hit);
    // The relative path ends exactly flush: the bullet reaches x 45 at the frame's end.
    BOOST_TEST(!w.cast_ray(v2(0, 100), v2(45, 0), {}, moving()).hit);
    // Inside at t0: started_overlapping at t0.
    const CastHit h = w.cast_ray(v2(50, 55), v2(100, 0), {}, moving(0.5f, 1));
    BOOST_TEST(h.hit);
    BOOST_TEST(h.started_overlapping);
    BOOST_TEST(h.time == real(0.5));
    BOOST_TEST((h.other == Other::of(id)));
}

// A bullet against a moving point (both of zero size) never hits it (rule 2: passing exactly
// through a point is only a corner), not even starting on it: fuzz_moving's
// point-bullet-starts-on-a-moving-point-body.
BOOST_AUTO_TEST_CASE(a_point_never_enters_a_moving_point) {
    World w;
    const BodyId id = add_body(w, box(-64, -64, -64, -64));
    w.begin_frame();
    w.move(id, v2(-64, -64));
    BOOST_TEST(!w.cast_ray(v2(-64, -64), v2(-128, -128), {}, moving()).hit);
    BOOST_TEST(!w.cast_ray(v2(-64, -64), v2(-32, -16), {}, moving()).hit);
    // The bullet's relative path runs through the point's start at frame time 0.5.
    BOOST_TEST(!w.cast_ray(v2(-96, -96), v2(0, 0), {}, moving()).hit);
    // The same bullet against a plank moving with the point: it crosses the plank's line.
    const BodyId plank = add_body(w, box(-74, -64, -54, -64));
    w.move(plank, v2(-64, -64));
    const CastHit h = w.cast_ray(v2(-64, -64), v2(-32, -16), {}, moving());
    BOOST_TEST(h.hit);
    BOOST_TEST((h.other == Other::of(plank)));
    BOOST_TEST(h.time == real(0));
}

BOOST_AUTO_TEST_CASE(legs_and_intervals) {
    World w;
    add_body(w, box(60, -100, 70, 100), true); // a wall the runner slides along
    const BodyId id = add_body(w, box(0, 0, 10, 10));
    w.begin_frame();
    w.move(id, v2(100, 50)); // hits the wall at x 50 (time 0.5), then slides down to y 50
    std::vector<Aabb> path;
    w.frame_path(id, path);
    BOOST_TEST(path.size() == 3u);
    BOOST_TEST((path[1] == box(50, 25, 60, 35)));
    BOOST_TEST((path[2] == box(50, 50, 60, 60)));
    // Leg lengths sqrt(50^2 + 25^2) and 25: the corner is passed at frame time 0.8944 / 1.1180.
    const double l0 = std::sqrt(50.0 * 50 + 25 * 25), t_corner = l0 / (l0 + 25);
    BOOST_TEST((w.frame_box(id, real(t_corner)) == box(50, 25, 60, 35)));
    // An instantaneous cast (t0 == t1) sees the runner where it was then.
    const CastHit h = w.cast_ray(v2(55, -10), v2(0, 100), {}, moving(real(t_corner), real(t_corner)));
    BOOST_TEST(h.hit);
    BOOST_TEST(h.point.y == real(25));
    // The plain cast of the same ray sees the runner's end box.
    BOOST_TEST(w.cast_ray(v2(55, -10), v2(0, 100)).point.y == real(50));
    // Moved twice: the second move's legs follow the first's.
    w.move(id, v2(-50, 0));
    w.frame_path(id, path);
    BOOST_TEST(path.size() == 4u);
    BOOST_TEST((path[3] == box(0, 50, 10, 60)));
}

BOOST_AUTO_TEST_CASE(teleport_and_remove_drop_the_motion) {
    World w;
    const BodyId id = runner(w);
    w.teleport(id, box(45, 45, 55, 55));
    std::vector<Aabb> path;
    w.frame_path(id, path);
    BOOST_TEST(path.empty());
    const CastHit h = w.cast_ray(v2(0, 50), v2(100, 0), {}, moving());
    BOOST_TEST(h.hit); // still at its new box: met as today, at the cast's own time
    BOOST_TEST(h.time == real(0.45));
    w.move(id, v2(0, 100));
    w.frame_path(id, path);
    BOOST_TEST((path.front() == box(45, 45, 55, 55)));
    w.remove(id);
    const BodyId again = add_body(w, box(0, 0, 1, 1));
    w.frame_path(again, path);
    BOOST_TEST(path.empty());
    w.begin_frame();
    BOOST_CHECK_THROW((void)w.frame_box(again, 2), Error);
    BOOST_CHECK_THROW((void)w.cast_ray(v2(0, 0), v2(1, 0), {}, moving(0.6f, 0.5f)), Error);
}

BOOST_AUTO_TEST_CASE(callbacks_leave_out_what_the_game_says) {
    World w;
    const BodyId a = add_body(w, box(10, 0, 20, 10)), b = add_body(w, box(30, 0, 40, 10));
    CastOptions o;
    o.filter = odd_bodies_only;
    const bool a_odd = a.index % 2 == 1;
    const CastHit h = w.cast_ray(v2(0, 5), v2(100, 0), {}, o);
    BOOST_TEST((h.other == Other::of(a_odd ? a : b)));
    std::vector<CastHit> all;
    w.cast_all(box(0, 4, 1, 6), v2(100, 0), all, {}, o);
    BOOST_TEST(all.size() == 1u);
    std::vector<Other> hits;
    w.query_rect(box(0, 0, 100, 100), hits, {}, odd_bodies_only, nullptr);
    BOOST_TEST(hits.size() == 1u);
    w.query_segment(v2(0, 5), v2(100, 5), hits, {}, odd_bodies_only, nullptr);
    BOOST_TEST(hits.size() == 1u);
    w.query_point(v2(15, 5), hits, {}, odd_bodies_only, nullptr);
    BOOST_TEST(hits.size() == (a_odd ? 1u : 0u));
    // With motion: the filter sees moving bodies too.
    w.begin_frame();
    w.move(a, v2(0, 20));
    w.move(b, v2(0, 20));
    o.moving = true;
    BOOST_TEST((w.cast_ray(v2(0, 5), v2(100, 0), {}, o).other == Other::of(a_odd ? a : b)));
}

// A platform's move is a motion, and so are the moves of the bodies it carries or pushes (T1).
BOOST_AUTO_TEST_CASE(a_platform_and_its_riders_move_in_the_frame) {
    World w;
    const BodyId p = platform_at(w, box(0, 100, 40, 110));
    const BodyId rider = add_body(w, box(10, 90, 20, 100));
    const BodyId crate = add_body(w, box(50, 100, 60, 110)); // in the platform's way
    w.begin_frame();
    const PlatformResult r = move_platform(w, p, v2(100, 0));
    BOOST_TEST(r.riders.size() == 1u);
    BOOST_TEST(r.pushed.size() == 1u);
    std::vector<Aabb> path;
    w.frame_path(p, path);
    BOOST_REQUIRE(path.size() == 2u);
    BOOST_TEST((path.back() == box(100, 100, 140, 110)));
    w.frame_path(rider, path);
    BOOST_REQUIRE(path.size() == 2u);
    BOOST_TEST((path.back() == box(110, 90, 120, 100)));
    w.frame_path(crate, path);
    BOOST_REQUIRE(path.size() == 2u);
    BOOST_TEST((path.back() == box(140, 100, 150, 110)));
    // A bullet falling along x 62 over the frame reaches the rider's top (y 90) at frame time
    // 0.45, when the rider spans x 55 to 65; the plain cast, against the end boxes, misses all.
    BOOST_TEST(!w.cast_ray(v2(62, 0), v2(0, 200)).hit);
    const CastHit h = w.cast_ray(v2(62, 0), v2(0, 200), {}, moving());
    BOOST_TEST(h.hit);
    BOOST_TEST((h.other == Other::of(rider)));
    BOOST_TEST(h.time == real(0.45));
    BOOST_TEST((h.point == v2(62, 90)));
    BOOST_TEST((w.frame_box(rider, h.time) == box(55, 90, 65, 100)));
    // Along x 30 the bullet passes behind the platform (x 50 to 90 at frame time 0.5); along
    // x 115 it hits the rider where it ends the frame by the plain cast only.
    BOOST_TEST(!w.cast_ray(v2(30, 0), v2(0, 200), {}, moving()).hit);
    BOOST_TEST(w.cast_ray(v2(115, 0), v2(0, 200)).hit);
    BOOST_TEST(!w.cast_ray(v2(115, 0), v2(0, 200), {}, moving()).hit);
    // A ray along y 105 at the frame's start meets the platform where it stood then.
    BOOST_TEST((w.cast_ray(v2(-10, 105), v2(20, 0), {}, moving(0, 0)).other == Other::of(p)));
}

// A round that Crush::stop undoes leaves no leg, and the frame's earlier legs stay.
BOOST_AUTO_TEST_CASE(an_undone_platform_round_records_nothing) {
    World w;
    const BodyId p = platform_at(w, box(0, 100, 40, 110));
    const BodyId rider = add_body(w, box(10, 90, 20, 100));
    add_body(w, box(0, 60, 40, 70), true); // a ceiling
    w.begin_frame();
    w.move(rider, v2(5, 0));
    // Lifted by 40, the rider meets the ceiling after 20: the platform stops 20 up.
    const PlatformResult r = move_platform(w, p, v2(0, -40));
    BOOST_TEST(r.stopped);
    BOOST_TEST((r.moved == v2(0, -20)));
    std::vector<Aabb> path;
    w.frame_path(rider, path);
    BOOST_REQUIRE(path.size() == 3u);
    BOOST_TEST((path[1] == box(15, 90, 25, 100)));
    BOOST_TEST((path.back() == box(15, 70, 25, 80)));
    w.frame_path(p, path);
    BOOST_REQUIRE(path.size() == 2u);
    BOOST_TEST((path.back() == box(0, 80, 40, 90)));
    // Without a frame, a platform records nothing.
    World still;
    const BodyId q = platform_at(still, box(0, 100, 40, 110));
    BOOST_TEST((move_platform(still, q, v2(10, 0)).moved == v2(10, 0)));
    still.frame_path(q, path);
    BOOST_TEST(path.empty());
}

// Random worlds: bodies moved with slides (several legs), platforms with riders moved by
// move_platform, some bodies teleported; casts of boxes, planks and points over random frame intervals with random filters, in the
// accelerated world (against the brute-force world bit for bit) and against the reference.
// SWEEPBOX_MOVING_CASTS sets the number of casts (default 20,000).
BOOST_AUTO_TEST_CASE(random_casts_match_reference) {
    const char* env = std::getenv("SWEEPBOX_MOVING_CASTS");
    const long wanted = env ? std::atol(env) : 20000;
    long casts = 0, hits = 0, moving_hits = 0;
    const real tol = 8 * std::numeric_limits<real>::epsilon();
    for (std::uint32_t seed = 1; casts < wanted; ++seed) {
        ref::Rng rng(seed);
        World fast, brute(WorldDef{32, 8, true});
        std::vector<BodyId> ids;
        const int count = rng.uniform_int(2, 30);
        std::vector<bool> platform;
        auto add_both = [&](const BodyDef& d) {
            const BodyId id = fast.add(d);
            BOOST_REQUIRE((brute.add(d) == id));
            ids.push_back(id);
            platform.push_back(d.is_platform);
        };
        for (int i = 0; i < count; ++i) {
            const real x = rng.grid(0, 200, 1), y = rng.grid(0, 200, 1);
            BodyDef d;
            d.box = {{x, y}, {x + rng.grid(0, 20, 1), y + rng.grid(0, 20, 1)}};
            d.is_static = rng.chance(0.2);
            d.is_platform = !d.is_static && rng.chance(0.15);
            add_both(d);
            if (!d.is_platform || rng.chance(0.3)) continue;
            // A rider on the platform's top (up is -y), carried by its moves.
            BodyDef r;
            r.box = {{x, y - rng.grid(1, 10, 1)}, {x + rng.grid(1, 10, 1), y}};
            add_both(r);
        }
        const int n = int(ids.size());
        fast.begin_frame();
        brute.begin_frame();
        for (int i = 0; i < n; ++i) {
            if (rng.chance(0.3)) continue;
            const Vec2 d{rng.grid(-80, 80, 0.5), rng.grid(-80, 80, 0.5)};
            if (platform[std::size_t(i)]) {
                PlatformResult pr;
                move_platform(fast, ids[i], d, {}, pr);
                move_platform(brute, ids[i], d, {}, pr);
            } else {
                fast.move(ids[i], d);
                brute.move(ids[i], d);
            }
            if (rng.chance(0.1)) {
                const Aabb t = fast.box(ids[i]).translated(v2(1, 1));
                fast.teleport(ids[i], t);
                brute.teleport(ids[i], t);
            }
        }
        for (int c = 0; c < 200; ++c, ++casts) {
            const real x = rng.uniform(-20, 220), y = rng.uniform(-20, 220);
            const int kind = rng.uniform_int(0, 2); // point, plank, box
            const real wdt = kind == 0 ? 0 : rng.grid(0, 8, 1), hgt = kind == 0 ? 0 : rng.grid(kind == 1 ? 0 : 1, 8, 1);
            const Aabb cb{{x, y}, {x + wdt, y + hgt}};
            const Vec2 d{rng.uniform(-300, 300), rng.uniform(-300, 300)};
            CastOptions fc = moving();
            if (rng.chance(0.5)) {
                real a = rng.uniform(0, 1), b = rng.uniform(0, 1);
                if (a > b) std::swap(a, b);
                fc.t0 = a;
                fc.t1 = rng.chance(0.1) ? a : b;
            }
            QueryFilter f;
            if (rng.chance(0.2)) f.ignore = ids[std::size_t(rng.uniform_int(0, n - 1))];
            if (rng.chance(0.2)) fc.filter = odd_bodies_only;
            std::vector<CastHit> all, all_brute;
            fast.cast_all(cb, d, all, f, fc);
            brute.cast_all(cb, d, all_brute, f, fc);
            const CastHit first = fast.cast_box(cb, d, f, fc);
            BOOST_REQUIRE(same_bits(first, brute.cast_box(cb, d, f, fc)));
            BOOST_REQUIRE(all.size() == all_brute.size());
            for (std::size_t i = 0; i < all.size(); ++i) BOOST_REQUIRE(same_bits(all[i], all_brute[i]));
            const auto r = ref::moving_cast_all(brute, cb, d, f, fc);
            BOOST_REQUIRE_MESSAGE(all.size() == r.size(), "seed " << seed << " cast " << c << ": " << all.size()
                                                                  << " hits, reference " << r.size());
            BOOST_REQUIRE(first.hit == !all.empty());
            for (std::size_t i = 0; i < all.size(); ++i) {
                if (i > 0) BOOST_REQUIRE(all[i - 1].time <= all[i].time);
                const auto it = std::find_if(r.begin(), r.end(),
                                             [&](const auto& rh) { return rh.other == all[i].other; });
                BOOST_REQUIRE_MESSAGE(it != r.end(), "seed " << seed << " cast " << c << ": not in the reference");
                BOOST_REQUIRE_MESSAGE(std::abs((long double)all[i].time - it->time) <= tol,
                                      "seed " << seed << " cast " << c << ": time " << all[i].time << " vs "
                                              << double(it->time));
                if (!all[i].junction) {
                    BOOST_REQUIRE((all[i].normal == it->normal));
                    BOOST_REQUIRE(all[i].started_overlapping == it->started_overlapping);
                }
                moving_hits += it->moving;
            }
            if (first.hit) {
                ++hits;
                BOOST_REQUIRE(std::abs((long double)first.time - r.front().time) <= tol);
            }
        }
    }
    BOOST_TEST_MESSAGE("moving casts: " << casts << ", hits " << hits << ", moving hits " << moving_hits);
    BOOST_TEST(moving_hits > 0);
}

BOOST_AUTO_TEST_SUITE_END()
