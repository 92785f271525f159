// Suite `moving_moves`: moves against the frame's motion (docs/contract.md, "Moving targets",
// T5): the contract's examples, frame times and bad input, and random worlds where the grid's
// answer equals the brute-force world's bit for bit and no leg's relative path enters a moving
// body (tests/relative_path.hpp, written from the contract).
#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <sweepbox/character.hpp>
#include "reference_moving.hpp"
#include "relative_path.hpp"
#include "moving_examples.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::add_body;
using sbt::box;
using sbt::runner;
using sbt::v2;

namespace {

MoveOptions against_motion(Response r = Response::slide, real t0 = 0, real t1 = 1) {
    MoveOptions o;
    o.response = r;
    o.moving = true;
    o.t0 = t0;
    o.t1 = t1;
    return o;
}

template <class T> bool bits(const T& a, const T& b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }

bool same_bits(const MoveResult& a, const MoveResult& b) {
    if (!bits(a.box, b.box) || !bits(a.velocity, b.velocity) || a.contacts.size() != b.contacts.size() ||
        a.iterations != b.iterations || a.truncated != b.truncated || a.stuck != b.stuck)
        return false;
    for (std::size_t i = 0; i < a.contacts.size(); ++i) {
        const Contact &x = a.contacts[i], &y = b.contacts[i];
        if (!(x.other == y.other) || !bits(x.time, y.time) || !bits(x.normal, y.normal) || !bits(x.point, y.point) ||
            !bits(x.box, y.box) || x.response != y.response || x.started_overlapping != y.started_overlapping ||
            x.corner != y.corner || x.junction != y.junction)
            return false;
    }
    return true;
}

} // namespace

BOOST_AUTO_TEST_SUITE(moving_moves)

BOOST_AUTO_TEST_CASE(a_grenade_meets_the_runner_where_it_was) {
    World w;
    const BodyId enemy = runner(w);
    const BodyId grenade = add_body(w, box(0, 49, 2, 51));
    // The plain move passes behind the runner, which stands at y 100 to 110 after its move.
    BOOST_TEST(w.check(grenade, v2(100, 0)).contacts.empty());
    // Against motion: the relative path from x 2 by (100, -100) reaches x 45 at 0.43.
    MoveOptions o = against_motion();
    o.velocity = v2(6000, 0);
    const MoveResult r = w.check(grenade, v2(100, 0), o);
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    const Contact& c = r.contacts[0];
    BOOST_TEST((c.other == Other::of(enemy)));
    BOOST_TEST(c.time == real(0.43), boost::test_tools::tolerance(real(1e-6)));
    BOOST_TEST((c.normal == v2(-1, 0)));
    BOOST_TEST((c.box == box(43, 49, 45, 51)));
    const Aabb then = w.frame_box(enemy, c.time);
    BOOST_TEST(then.min.x == real(45));
    BOOST_TEST(then.min.y <= real(49));
    BOOST_TEST(then.max.y >= real(51));
    BOOST_TEST(c.point.x == real(45));
    BOOST_TEST((r.box == c.box)); // slide: nothing left along y
    BOOST_TEST(r.velocity.x == real(0));
    // Bounce: back along x with what was left, 57, to x -14.
    const MoveResult b = w.check(grenade, v2(100, 0), against_motion(Response::bounce));
    BOOST_TEST_REQUIRE(b.contacts.size() == 1u);
    BOOST_TEST((b.box == box(-14, 49, -12, 51)));
}

BOOST_AUTO_TEST_CASE(side_by_side_and_touching_never_meet) {
    World w;
    const BodyId other = add_body(w, box(20, 0, 30, 10));
    const BodyId self = add_body(w, box(0, 0, 10, 10));
    w.begin_frame();
    w.move(other, v2(100, 0));
    // The plain move meets the body where it ended the frame; against motion, at the same speed
    // the same way, the two never meet.
    BOOST_TEST(w.check(self, v2(120, 0)).contacts.size() == 1u);
    BOOST_TEST(w.check(self, v2(100, 0), against_motion()).contacts.empty());
    // Twice as fast: it catches up at frame time 0.1, flush against the body then at x 30.
    const MoveResult r = w.check(self, v2(200, 0), against_motion());
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    BOOST_TEST(r.contacts[0].time == real(0.1));
    BOOST_TEST((r.contacts[0].box == box(20, 0, 30, 10)));
    // Flush along the runner's face all frame: no contact (rule 3).
    World v;
    runner(v);
    const BodyId flush = add_body(v, box(35, 0, 45, 10));
    BOOST_TEST(v.check(flush, v2(0, 100), against_motion()).contacts.empty());
}

BOOST_AUTO_TEST_CASE(slides_along_a_runner) {
    World w;
    const BodyId enemy = runner(w);
    const BodyId self = add_body(w, box(0, 20, 10, 30));
    // Into the runner's left face at frame time 0.35 (x 45, the runner at y 35 to 45); then the
    // slide goes down at 50 while the runner goes down at 100: flush along its face, it never
    // enters it again, and ends at y 70.
    const MoveResult r = w.check(self, v2(100, 50), against_motion());
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    BOOST_TEST((r.contacts[0].other == Other::of(enemy)));
    BOOST_TEST((r.contacts[0].normal == v2(-1, 0)));
    BOOST_TEST(r.contacts[0].time == real(0.35));
    BOOST_TEST((r.contacts[0].box == box(35, 37.5f, 45, 47.5f)));
    BOOST_TEST((r.box == box(35, 70, 45, 80)));
    BOOST_TEST(!r.truncated);
}

BOOST_AUTO_TEST_CASE(frame_times_and_bad_input) {
    World w;
    const BodyId enemy = runner(w);
    const BodyId grenade = add_body(w, box(0, 49, 2, 51));
    // Over [0, 0.5] it moves twice as fast and reaches x 45 at frame time 0.215, with the runner
    // at y 21.5 to 31.5: no contact. Over [0.4, 0.6] it meets the runner's face at 0.486.
    BOOST_TEST(w.check(grenade, v2(100, 0), against_motion(Response::slide, 0, 0.5f)).contacts.empty());
    const MoveResult r = w.check(grenade, v2(100, 0), against_motion(Response::slide, 0.4f, 0.6f));
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    BOOST_TEST(r.contacts[0].time == real(0.486), boost::test_tools::tolerance(real(1e-5)));
    BOOST_TEST((r.contacts[0].other == Other::of(enemy)));
    // A still wall's contact is reported in frame time too.
    const BodyId wall = add_body(w, box(-20, 0, -10, 100), true);
    const MoveResult back = w.check(grenade, v2(-20, 0), against_motion(Response::slide, 0.5f, 1));
    BOOST_TEST_REQUIRE(back.contacts.size() == 1u);
    BOOST_TEST((back.contacts[0].other == Other::of(wall)));
    BOOST_TEST(back.contacts[0].time == real(0.75));
    // Bad frame times: an Error, and the world as it was.
    const Aabb before = w.box(grenade);
    for (const auto& [t0, t1] : {std::pair<real, real>{-0.1f, 1}, {0.6f, 0.5f}, {0, 1.5f}}) {
        BOOST_CHECK_THROW(w.move(grenade, v2(100, 0), against_motion(Response::slide, t0, t1)), Error);
        BOOST_TEST((w.box(grenade) == before));
    }
    // move_and_snap with a snap is several moves: it refuses.
    MoveResult snapped;
    SnapRules snap;
    snap.snap = 4;
    BOOST_CHECK_THROW(move_and_snap(w, grenade, v2(10, 0), against_motion(), true, snap, snapped), Error);
    BOOST_TEST((w.box(grenade) == before));
    // moving = false: the plain move, whatever t0 and t1 say.
    MoveOptions plain = against_motion(Response::slide, 0.6f, 0.5f);
    plain.moving = false;
    BOOST_TEST(w.check(grenade, v2(100, 0), plain).contacts.empty());
}

BOOST_AUTO_TEST_CASE(the_move_is_recorded_as_motion) {
    World w;
    runner(w);
    const BodyId grenade = add_body(w, box(0, 49, 2, 51));
    w.move(grenade, v2(100, 0), against_motion(Response::bounce));
    std::vector<Aabb> path;
    w.frame_path(grenade, path);
    BOOST_TEST_REQUIRE(path.size() == 3u);
    BOOST_TEST((path[1] == box(43, 49, 45, 51)));
    BOOST_TEST((path[2] == box(-14, 49, -12, 51)));
}

BOOST_AUTO_TEST_CASE(random_moves_match_brute_force_and_never_enter) {
    const char* env = std::getenv("SWEEPBOX_MOVING_MOVES");
    const long wanted = env ? std::atol(env) : 5000;
    long moves = 0, moving_contacts = 0, legs_checked = 0;
    for (std::uint32_t seed = 1; moves < wanted; ++seed) {
        ref::Rng rng(seed);
        World fast, brute(WorldDef{32, 8, true});
        std::vector<BodyId> ids;
        const int n = rng.uniform_int(2, 24);
        for (int i = 0; i < n; ++i) {
            const real x = rng.grid(0, 200, 1), y = rng.grid(0, 200, 1);
            const Aabb b{{x, y}, {x + rng.grid(1, 20, 1), y + rng.grid(1, 20, 1)}};
            const bool st = rng.chance(0.25);
            const BodyId id = add_body(fast, b, st);
            BOOST_REQUIRE((add_body(brute, b, st) == id));
            ids.push_back(id);
        }
        fast.begin_frame();
        brute.begin_frame();
        for (int i = 0; i < n; ++i) {
            if (rng.chance(0.3) || fast.info(ids[i]).is_static) continue;
            const Vec2 d{rng.grid(-80, 80, 0.5), rng.grid(-80, 80, 0.5)};
            fast.move(ids[i], d);
            brute.move(ids[i], d);
        }
        // The mover: a new box, so that it starts clear of every body's start box more often.
        for (int m = 0; m < 20; ++m, ++moves) {
            const real x = rng.uniform(-20, 220), y = rng.uniform(-20, 220);
            const Aabb mb{{x, y}, {x + rng.grid(1, 8, 1), y + rng.grid(1, 8, 1)}};
            const BodyId self = add_body(fast, mb);
            BOOST_REQUIRE((add_body(brute, mb, false) == self));
            const Vec2 d{rng.uniform(-200, 200), rng.uniform(-200, 200)};
            MoveOptions o = against_motion(rng.chance(0.5) ? Response::slide : Response::bounce);
            if (rng.chance(0.3)) {
                real a = rng.uniform(0, 1), b = rng.uniform(0, 1);
                if (a > b) std::swap(a, b);
                o.t0 = a;
                o.t1 = b;
            }
            const MoveResult r = fast.check(self, d, o);
            BOOST_REQUIRE_MESSAGE(same_bits(r, brute.check(self, d, o)), "seed " << seed << " move " << m);
            // Each leg of the move, over its frame times, against each leg of each moving body:
            // its relative path never enters the body's box beyond rounding (T5; truncated: the
            // rest was dropped, and the mover stood still).
            std::vector<std::pair<Aabb, double>> at{{mb, double(o.t0)}};
            for (const Contact& c : r.contacts) at.emplace_back(c.box, double(c.time));
            if (!r.truncated) at.emplace_back(r.box, double(o.t1));
            std::vector<Aabb> met;
            for (const Contact& c : r.contacts) {
                if (c.other.is_body()) fast.frame_path(c.other.body, met);
                moving_contacts += c.other.is_body() && met.size() > 1;
            }
            for (std::size_t i = 0; i + 1 < at.size(); ++i) {
                const Aabb& from = at[i].first;
                const Vec2 leg_d = at[i + 1].first.min - from.min;
                const double t0 = at[i].second, t1 = at[i + 1].second;
                // A mover standing still is not pushed (T5): a body may run into it.
                if (!(t0 < t1) || (leg_d.x == 0 && leg_d.y == 0)) continue;
                for (const BodyId id : ids) {
                    std::vector<Aabb> path;
                    fast.frame_path(id, path);
                    if (path.size() < 2) continue;
                    for (const ref::Leg& leg : ref::legs_of(path)) {
                        ref::RelativePath p;
                        if (!ref::relative_path(leg, from, leg_d, t0, t1, p)) continue;
                        const Aabb inner = ref::shrunk(leg.from, real(0.01));
                        if (overlaps(p.r, inner)) continue; // inside it from the start: free out and along
                        ++legs_checked;
                        const Sweep sw = sweep_box_box(p.r, p.rel, inner);
                        BOOST_REQUIRE_MESSAGE(sw.state == SweepState::miss,
                                              "seed " << seed << " move " << m << " enters body " << id.index);
                    }
                }
            }
            fast.remove(self);
            brute.remove(self);
        }
    }
    BOOST_TEST_MESSAGE("moving moves: " << moves << ", contacts with moving bodies " << moving_contacts
                                        << ", legs checked " << legs_checked);
    BOOST_TEST(moving_contacts > 0);
}

BOOST_AUTO_TEST_SUITE_END()
