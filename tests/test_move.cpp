// Suite `move`: World::move against the contract: responses (ignore, touch, slide, cross,
// bounce), max_iterations, velocity, the design example (scenes/design_example.json), resting exactly (rule 5),
// never through (rule 6), started inside (rule 7), seams (rule 4), contact points (rule 8).
// Scenarios are mirrored through the eight symmetries of the square.
#include <array>
#include <cmath>
#include <limits>
#include <boost/test/unit_test.hpp>
#include "reference_world.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::add_mover;
using sbt::add_static;
using sbt::box;
using sbt::v2;

namespace {

MoveOptions with(Response r, Vec2 velocity = {0, 0}, bool has_velocity = false) {
    MoveOptions o;
    o.response = r;
    o.velocity = velocity;
    o.has_velocity = has_velocity;
    return o;
}

bool a_zero_on(const Aabb& b, int k) { return b.min[k] == b.max[k]; }

const sbt::BlocksFn all_block = [](const Other&) { return true; };

} // namespace

BOOST_AUTO_TEST_SUITE(move)

// The design example (scenes/design_example.json), number for number.
BOOST_AUTO_TEST_CASE(scene_example_bounce) {
    World w;
    const BodyId wall = add_static(w, box(100, 0, 101, 400));
    const BodyId g = add_mover(w, box(0, 0, 4, 4));
    MoveOptions o = with(Response::bounce, v2(500, 40), true);
    o.restitution = real(0.5);
    o.friction = real(0.1);
    const MoveResult r = w.move(g, v2(500, 40), o);
    const double tol = 1e-3;
    SB_CHECK_VEC_NEAR(r.box.min, v2(-106, 36.768), tol);
    SB_CHECK_VEC_NEAR(r.box.max, v2(-102, 40.768), tol);
    SB_CHECK_VEC_NEAR(r.velocity, v2(-250, 36), tol);
    SB_CHECK_BOX(w.box(g), r.box);
    BOOST_REQUIRE(r.contacts.size() == 1u);
    const Contact& c = r.contacts[0];
    BOOST_TEST(bool(c.other == Other::of(wall)));
    BOOST_TEST(ref::time_matches(c.time, ref::Time{96, 500}), "time " << c.time); // 0.192
    SB_CHECK_VEC(c.normal, v2(-1, 0));
    SB_CHECK_VEC_NEAR(c.point, v2(100, 9.68), tol);
    BOOST_TEST(c.point.x == real(100.0));
    SB_CHECK_VEC_NEAR(c.box.min, v2(96, 7.68), tol);
    SB_CHECK_VEC_NEAR(c.box.max, v2(100, 11.68), tol);
    BOOST_TEST(c.box.max.x == real(100.0)); // rule 5: flush exactly
    BOOST_TEST(bool(c.response == Response::bounce));
    BOOST_TEST(!c.started_overlapping);
    BOOST_TEST(!c.corner);
    BOOST_TEST(r.iterations == 1);
    BOOST_TEST(!r.truncated);
}

// Each response, mirrored over every axis and sign. Mover [0,0,2,2], delta (16,4), wall at
// x = 10: contact at t = 0.5 with the box at [8,2,10,4], point (10,3).
BOOST_AUTO_TEST_CASE(responses) {
    struct Case {
        Response response;
        Aabb final_box;
        Vec2 velocity;
        std::size_t contacts;
        std::int32_t iterations;
    };
    const Case cases[] = {
        {Response::touch, box(8, 2, 10, 4), v2(0, 4), 1, 1},    {Response::slide, box(8, 4, 10, 6), v2(0, 4), 1, 1},
        {Response::bounce, box(0, 4, 2, 6), v2(-16, 4), 1, 1},  {Response::cross, box(16, 4, 18, 6), v2(16, 4), 1, 0},
        {Response::ignore, box(16, 4, 18, 6), v2(16, 4), 0, 0},
    };
    for (const Case& k : cases) {
        for (const ref::Symmetry& s : ref::Symmetry::all()) {
            BOOST_TEST_CONTEXT(to_string(k.response) << " symmetry " << s.name()) {
                World w;
                const BodyId wall = add_static(w, s.apply(box(10, -10, 12, 10)));
                const BodyId m = add_mover(w, s.apply(box(0, 0, 2, 2)));
                const MoveResult r = w.move(m, s.apply(v2(16, 4)), with(k.response, s.apply(v2(16, 4)), true));
                SB_CHECK_BOX(r.box, s.apply(k.final_box));
                SB_CHECK_BOX(w.box(m), s.apply(k.final_box));
                SB_CHECK_VEC(r.velocity, s.apply(k.velocity));
                BOOST_TEST(r.contacts.size() == k.contacts);
                BOOST_TEST(r.iterations == k.iterations);
                BOOST_TEST(!r.truncated);
                if (!r.contacts.empty()) {
                    const Contact& c = r.contacts[0];
                    BOOST_TEST(bool(c.other == Other::of(wall)));
                    BOOST_TEST(c.time == real(0.5));
                    SB_CHECK_VEC(c.normal, s.apply(v2(-1, 0)));
                    SB_CHECK_VEC(c.point, s.apply(v2(10, 3)));
                    SB_CHECK_BOX(c.box, s.apply(box(8, 2, 10, 4)));
                    BOOST_TEST(bool(c.response == k.response));
                    BOOST_TEST(!c.started_overlapping);
                }
            }
        }
    }
}

// A velocity given is a velocity carried: has_velocity is kept for source compatibility and
// changes nothing; a zero velocity stays zero.
BOOST_AUTO_TEST_CASE(velocity_is_carried_without_has_velocity) {
    World w;
    add_static(w, box(10, -10, 12, 10));
    const BodyId m = add_mover(w, box(0, 0, 2, 2));
    for (const bool flag : {false, true}) {
        w.teleport(m, box(0, 0, 2, 2));
        const MoveResult r = w.move(m, v2(16, 4), with(Response::bounce, v2(7, 9), flag));
        SB_CHECK_VEC(r.velocity, v2(-7, 9));
        SB_CHECK_BOX(r.box, box(0, 4, 2, 6));
    }
    w.teleport(m, box(0, 0, 2, 2));
    const MoveResult r = w.move(m, v2(16, 4), with(Response::bounce));
    SB_CHECK_VEC(r.velocity, v2(0, 0));
}

// The velocity is its own vector: responses change it as they change the motion.
BOOST_AUTO_TEST_CASE(velocity_through_responses) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            add_static(w, s.apply(box(10, -10, 12, 10))); // right wall
            add_static(w, s.apply(box(-20, 20, 40, 21))); // floor
            const BodyId m = add_mover(w, s.apply(box(0, 0, 2, 2)));
            MoveOptions o = with(Response::bounce, s.apply(v2(100, 50)), true);
            o.restitution = real(0.5);
            o.friction = real(0.25);
            // Hits the wall at t = 8/16 = 0.5 ([8,4,10,6]), bounces: the rest (8,4) -> (-4, 3),
            // ending at [4,7,6,9], above the floor (which it never reaches).
            const MoveResult r = w.move(m, s.apply(v2(16, 8)), o);
            SB_CHECK_BOX(r.box, s.apply(box(4, 7, 6, 9)));
            SB_CHECK_VEC(r.velocity, s.apply(v2(-50, 37.5))); // (100,50): x * -0.5, y * 0.75
            BOOST_TEST(r.contacts.size() == 1u);
        }
    }
}

// Per-category table and filter callback choose the response per obstacle.
BOOST_AUTO_TEST_CASE(category_table_and_filter) {
    World w;
    BodyDef d;
    d.is_static = true;
    d.category = 1u << 3;
    d.box = box(10, -10, 11, 10);
    const BodyId glass = w.add(d);  // crossed
    d.category = 1u << 1 | 1u << 5; // lowest bit 1: slide
    d.box = box(20, -10, 21, 10);
    const BodyId wall = w.add(d);
    const BodyId m = add_mover(w, box(0, 0, 2, 2));
    std::array<Response, 32> table{};
    table.fill(Response::touch);
    table[3] = Response::cross;
    table[1] = Response::slide;
    table[5] = Response::ignore;
    MoveOptions o;
    o.category_responses = &table;
    MoveResult r = w.move(m, v2(30, 3), o);
    BOOST_REQUIRE(r.contacts.size() == 2u);
    BOOST_TEST(bool(r.contacts[0].other == Other::of(glass)));
    BOOST_TEST(bool(r.contacts[0].response == Response::cross));
    BOOST_TEST(bool(r.contacts[1].other == Other::of(wall)));
    BOOST_TEST(bool(r.contacts[1].response == Response::slide));
    SB_CHECK_VEC_NEAR(r.box.min, v2(18, 3), 1e-5);
    SB_CHECK_VEC_NEAR(r.box.max, v2(20, 5), 1e-5);
    BOOST_TEST(r.box.max.x == real(20.0));

    // The filter wins over the table.
    w.teleport(m, box(0, 0, 2, 2));
    struct Ctx {
        BodyId ignore_me;
        int calls = 0;
    } ctx{wall};
    o.filter = [](void* c, const World&, BodyId, const Other& other) {
        auto* k = static_cast<Ctx*>(c);
        ++k->calls;
        return other == Other::of(k->ignore_me) ? Response::ignore : Response::touch;
    };
    o.filter_context = &ctx;
    r = w.move(m, v2(30, 3), o);
    BOOST_REQUIRE(r.contacts.size() == 1u);
    BOOST_TEST(bool(r.contacts[0].other == Other::of(glass)));
    BOOST_TEST(bool(r.contacts[0].response == Response::touch));
    SB_CHECK_VEC_NEAR(r.box.min, v2(8, 0.8), 1e-5);
    SB_CHECK_VEC_NEAR(r.box.max, v2(10, 2.8), 1e-5);
    BOOST_TEST(r.box.max.x == real(10.0));
    BOOST_TEST(ctx.calls >= 1);
    // Ignore the glass too: the mover passes the wall as well.
    w.teleport(m, box(0, 0, 2, 2));
    o.filter = [](void*, const World&, BodyId, const Other&) { return Response::ignore; };
    r = w.move(m, v2(30, 3), o);
    BOOST_TEST(r.contacts.empty());
    SB_CHECK_BOX(r.box, box(30, 3, 32, 5));
}

// A cross is reported once per entry: a body that enters a coin at the instant it lands on a
// floor slides on, still entering the coin, and the coin is not reported a second time. Once
// the body has left it, entering it again is a new contact.
BOOST_AUTO_TEST_CASE(cross_once_per_entry) {
    World w;
    BodyDef d;
    d.is_static = true;
    d.box = box(0, 10, 100, 20); // the floor
    w.add(d);
    d.category = 2;
    d.box = box(4, 4, 6, 8); // the coin, touching the mover's right side
    const BodyId coin = w.add(d);
    const BodyId m = add_mover(w, box(0, 5, 4, 10)); // standing on the floor
    std::array<Response, 32> table{};
    table.fill(Response::slide);
    table[1] = Response::cross;
    MoveOptions o;
    o.category_responses = &table;
    MoveResult r = w.move(m, v2(20, 4), o);
    BOOST_REQUIRE(r.contacts.size() == 2u);
    BOOST_TEST(bool(r.contacts[0].other == Other::of(coin)));
    BOOST_TEST(bool(r.contacts[0].response == Response::cross));
    BOOST_TEST(r.contacts[0].time == real(0));
    BOOST_TEST(bool(r.contacts[1].response == Response::slide));
    SB_CHECK_BOX(r.box, box(20, 5, 24, 10));

    // Through the coin and back: two entries, two contacts.
    w.teleport(m, box(0, 5, 4, 10));
    d.category = 1;
    d.box = box(12, 0, 13, 10); // a wall beyond the coin
    w.add(d);
    o.response = Response::bounce;
    table.fill(Response::bounce);
    table[1] = Response::cross;
    r = w.move(m, v2(16, 0), o);
    int coin_contacts = 0;
    for (const Contact& k : r.contacts) coin_contacts += k.other == Other::of(coin) ? 1 : 0;
    BOOST_TEST(coin_contacts == 2);
}

// check is move without the moving: the same answer, bit for bit, and the body stays. A filter
// may run checks during a move (a move of its own on the same thread) without changing it.
BOOST_AUTO_TEST_CASE(check_is_a_dry_run) {
    World w;
    TileMapDef td;
    td.tile_size = 16;
    td.columns = 8;
    td.rows = 4;
    w.set_tile_map(td);
    for (std::int32_t c = 0; c < 8; ++c) w.set_tile({c, 3}, Tile::solid);
    BodyDef d;
    d.is_static = true;
    d.box = box(60, 0, 61, 48); // a thin wall
    const BodyId wall = w.add(d);
    const BodyId m = add_mover(w, box(10, 30, 14, 34));
    const BodyId other = add_mover(w, box(30, 10, 34, 14));
    for (Response response : {Response::touch, Response::slide, Response::cross, Response::bounce}) {
        MoveOptions o;
        o.response = response;
        o.restitution = real(0.5);
        o.velocity = v2(300, 40);
        const MoveResult checked = w.check(m, v2(300, 40), o);
        SB_CHECK_BOX(w.box(m), box(10, 30, 14, 34));
        // A filter that runs checks of both movers on every call: the move's answer is unchanged.
        struct Ctx {
            const World* w;
            BodyId m, other;
            Response response;
            int checks = 0;
        } ctx{&w, m, other, response};
        o.filter = [](void* c, const World& world, BodyId, const Other&) {
            auto* k = static_cast<Ctx*>(c);
            MoveOptions inner;
            inner.response = Response::bounce;
            (void)world.check(k->m, v2(-50, 70), inner);
            (void)world.check(k->other, v2(100, 100), inner);
            k->checks += 2;
            return k->response;
        };
        o.filter_context = &ctx;
        const MoveResult moved = w.move(m, v2(300, 40), o);
        BOOST_TEST(ctx.checks > 0);
        SB_CHECK_BOX(moved.box, checked.box);
        BOOST_TEST(bool(moved.velocity == checked.velocity));
        BOOST_TEST(moved.iterations == checked.iterations);
        BOOST_REQUIRE(moved.contacts.size() == checked.contacts.size());
        for (std::size_t i = 0; i < moved.contacts.size(); ++i) {
            BOOST_TEST(moved.contacts[i].time == checked.contacts[i].time);
            SB_CHECK_BOX(moved.contacts[i].box, checked.contacts[i].box);
            BOOST_TEST(bool(moved.contacts[i].other == checked.contacts[i].other));
        }
        SB_CHECK_BOX(w.box(m), moved.box);
        w.teleport(m, box(10, 30, 14, 34));
    }
    SB_CHECK_BOX(w.box(other), box(30, 10, 34, 14));
    BOOST_TEST(w.is_valid(wall));
    // Bad input throws as move does.
    BOOST_CHECK_THROW((void)w.check(m, v2(std::nan(""), 0)), Error);
    BOOST_CHECK_THROW((void)w.check(BodyId{}, v2(1, 0)), Error);
}

// Category and mask: a pair interacts only when each sees the other.
BOOST_AUTO_TEST_CASE(category_and_mask) {
    for (int k = 0; k < 4; ++k) {
        World w;
        BodyDef d;
        d.is_static = true;
        d.box = box(10, -10, 11, 10);
        d.category = 2;
        d.mask = (k & 1) ? 0xffffffffu : ~1u; // does the wall see the mover (category 1)?
        w.add(d);
        BodyDef md;
        md.box = box(0, 0, 2, 2);
        md.category = 1;
        md.mask = (k & 2) ? 0xffffffffu : ~2u; // does the mover see the wall?
        const BodyId m = w.add(md);
        const MoveResult r = w.move(m, v2(20, 0));
        BOOST_TEST_CONTEXT("case " << k) {
            if (k == 3) {
                BOOST_TEST(r.contacts.size() == 1u);
                SB_CHECK_BOX(r.box, box(8, 0, 10, 2));
            } else {
                BOOST_TEST(r.contacts.empty());
                SB_CHECK_BOX(r.box, box(20, 0, 22, 2));
            }
        }
    }
}

// max_iterations: a grenade between two walls, hit again and again (it may hit the same wall
// again after a bounce); then the rest of the motion is dropped, never tunnelled.
BOOST_AUTO_TEST_CASE(max_iterations_and_bounces_between_walls) {
    for (std::int32_t iters : {1, 2, 5, 8, 100}) {
        for (const ref::Symmetry& s : ref::Symmetry::all()) {
            BOOST_TEST_CONTEXT("max_iterations " << iters << " symmetry " << s.name()) {
                World w;
                const BodyId left = add_static(w, s.apply(box(-5, -100, -4, 100)));
                const BodyId right = add_static(w, s.apply(box(6, -100, 7, 100)));
                const BodyId g = add_mover(w, s.apply(box(0, 0, 2, 2)));
                MoveOptions o = with(Response::bounce);
                o.max_iterations = iters;
                const MoveResult r = w.move(g, s.apply(v2(1000, 0)), o);
                BOOST_TEST(r.contacts.size() == std::size_t(iters));
                BOOST_TEST(r.iterations == iters);
                BOOST_TEST(r.truncated);
                BOOST_TEST(!overlaps(r.box, w.box(left)));
                BOOST_TEST(!overlaps(r.box, w.box(right)));
                const Aabb inner = s.apply(box(-4, -100, 6, 100));
                BOOST_TEST((inner.min.x <= r.box.min.x && r.box.max.x <= inner.max.x && inner.min.y <= r.box.min.y &&
                            r.box.max.y <= inner.max.y),
                           "final box " << ref::str(r.box));
                for (std::size_t i = 0; i < r.contacts.size(); ++i) {
                    const Contact& c = r.contacts[i];
                    const bool at_right = i % 2 == 0;
                    BOOST_TEST(bool(c.other == Other::of(at_right ? right : left)));
                    SB_CHECK_VEC(c.normal, s.apply(v2(at_right ? -1 : 1, 0)));
                    // Flush exactly (rule 5).
                    SB_CHECK_BOX(c.box, s.apply(at_right ? box(4, 0, 6, 2) : box(-4, 0, -2, 2)));
                    BOOST_TEST(bool(c.response == Response::bounce));
                    if (i > 0) BOOST_TEST(c.time >= r.contacts[i - 1].time);
                    BOOST_TEST((c.time >= 0 && c.time <= 1));
                }
                // Truncated: the rest is dropped, the body stays at the last contact.
                SB_CHECK_BOX(r.box, r.contacts.back().box);
                BOOST_TEST(sbt::move_violation(w, g, s.apply(box(0, 0, 2, 2)), r, all_block) == "");
            }
        }
    }
    // max_iterations with slide in a corner: one contact per wall, not truncated when the
    // motion is used up.
    World w;
    add_static(w, box(10, -100, 11, 100));
    add_static(w, box(-100, 10, 100, 11));
    const BodyId m = add_mover(w, box(0, 0, 2, 2));
    const MoveResult r = w.move(m, v2(30, 40));
    SB_CHECK_BOX(r.box, box(8, 8, 10, 10));
    BOOST_TEST(r.contacts.size() == 2u);
    BOOST_TEST(r.iterations == 2);
}

// Rule 5: after a stopped move the edge equals the obstacle's edge bit for bit; the next move
// along the face sees touching (no contact), the next move into it hits at t = 0.
BOOST_AUTO_TEST_CASE(rule5_resting_exactly) {
    ref::Rng rng(55);
    int failures = 0;
    for (int i = 0; i < 3000; ++i) {
        const ref::Symmetry s = ref::Symmetry::all()[std::size_t(i % 8)];
        const double scale = i % 3 == 0 ? 1e6 : (i % 3 == 1 ? 1000 : 10);
        const real edge = rng.uniform(-scale, scale);
        const real wsz = rng.chance(0.2) ? real(0) : rng.uniform(0.01, 30);
        const real hsz = rng.chance(0.2) ? real(0) : rng.uniform(0.01, 30);
        const real thick = rng.chance(0.3) ? real(0) : rng.uniform(0.1, 5);
        const real y0 = rng.uniform(-scale, scale);
        const Aabb wall{{edge, y0 - 1000}, {edge + thick, y0 + 1000}};
        const real gap = rng.uniform(0, 50);
        const real start_x = edge - gap - wsz;
        const Aabb a{{start_x, y0}, {start_x + wsz, y0 + hsz}};
        if (!(a.max.x <= edge)) continue;
        const Vec2 d{gap + rng.uniform(0.001, 1e5), rng.uniform(-50, 50)};
        World w;
        const BodyId wid = add_static(w, s.apply(wall));
        const BodyId m = add_mover(w, s.apply(a));
        const Response resp = i % 2 ? Response::touch : Response::slide;
        MoveResult r = w.move(m, s.apply(d), with(resp));
        const Aabb got = r.box;
        bool ok = r.contacts.size() == 1 && r.contacts[0].other == Other::of(wid);
        // Flush: the mover's face equals the wall's face exactly, in the mirrored frame.
        const Vec2 n = s.apply(v2(-1, 0));
        const Aabb wb = w.box(wid);
        // Thin against thin (both zero on the normal axis): on the wall's own line the bullet
        // could not tell its side, so it rests on the nearest number on the free side (the
        // README's "Resting exactly"); everything else rests on the wall's number itself.
        const int k = n.x != 0 ? 0 : 1;
        const bool thin_thin = a_zero_on(s.apply(a), k) && wb.min[k] == wb.max[k];
        if (ok) {
            const real face = n[k] < 0 ? wb.min[k] : wb.max[k];
            const real want = thin_thin ? std::nextafter(face, n[k] < 0 ? -INFINITY : INFINITY) : face;
            ok = (n[k] < 0 ? got.max[k] : got.min[k]) == want;
            ok = ok && !overlaps(got, wb);
        }
        // Along the face: no contact with the wall, the facing edge unchanged.
        if (ok) {
            const Vec2 along = s.apply(v2(0, rng.uniform(-100, 100)));
            const MoveResult r2 = w.move(m, along, with(resp));
            ok = r2.contacts.empty() && !overlaps(r2.box, wb) &&
                 ((n.x != 0) ? (r2.box.min.x == got.min.x && r2.box.max.x == got.max.x)
                             : (r2.box.min.y == got.min.y && r2.box.max.y == got.max.y));
            // Into the face again: contact at t = 0, nothing moves on the normal axis.
            if (ok) {
                const Aabb before = r2.box;
                const MoveResult r3 = w.move(m, s.apply(v2(rng.uniform(thin_thin ? 1 : 0.001, 10), 0)),
                                             with(Response::touch));
                // Thin against thin: the one-ulp gap is closed at a time of at most ulp / |d|,
                // and the bullet is placed back on the same number.
                ok = r3.contacts.size() == 1 && (thin_thin || r3.contacts[0].time == 0) && r3.box == before &&
                     r3.contacts[0].normal == n;
            }
        }
        if (!ok && ++failures <= 10)
            BOOST_ERROR("resting: wall " << ref::str(s.apply(wall)) << " mover " << ref::str(s.apply(a)) << " d "
                                         << ref::str(s.apply(d)) << " response " << to_string(resp) << " -> box "
                                         << ref::str(got) << " contacts " << r.contacts.size());
    }
    BOOST_TEST(failures == 0);
}

// Rule 4 (seams): a box sliding along a row of static boxes, pushed into them ("gravity"),
// never catches on a seam: it ends exactly where it would on one long box. Every start
// position, seams included, in every frame.
BOOST_AUTO_TEST_CASE(rule4_no_seam_snag_on_a_row_of_boxes) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        World w;
        for (int i = 0; i < 40; ++i) add_static(w, s.apply(box(10 * i, 0, 10 * i + 10, 10)));
        for (int k = 0; k < 60; ++k) {
            const double x = 0.5 * k; // includes every seam alignment of a 4-wide box
            const BodyId m = add_mover(w, s.apply(box(x, -4, x + 4, 0)));
            for (double gravity : {0.0, 0.5, 5.0, 60.0}) {
                w.teleport(m, s.apply(box(x, -4, x + 4, 0)));
                const MoveResult r = w.move(m, s.apply(v2(300, gravity)));
                BOOST_TEST_CONTEXT("symmetry " << s.name() << " x " << x << " gravity " << gravity) {
                    SB_CHECK_BOX(r.box, s.apply(box(x + 300, -4, x + 304, 0)));
                    for (const Contact& c : r.contacts) SB_CHECK_VEC(c.normal, s.apply(v2(0, -1)));
                }
            }
            // Landing from above while moving sideways, exactly at a seam's corner at the same
            // instant as the face (face contact ranks first): lands at t = 0.3 (6 / 20).
            w.teleport(m, s.apply(box(6, -10, 10, -6)));
            const MoveResult r = w.move(m, s.apply(v2(100, 20)));
            BOOST_TEST_CONTEXT("landing at a seam, symmetry " << s.name()) {
                SB_CHECK_BOX_NEAR(r.box, s.apply(box(106, -4, 110, 0)), 1e-4);
                // The face on the floor is exact (rule 5).
                const Aabb exact = s.apply(box(106, -4, 110, 0));
                const Vec2 n = s.apply(v2(0, -1));
                if (n.x < 0) BOOST_TEST(r.box.max.x == exact.max.x);
                if (n.x > 0) BOOST_TEST(r.box.min.x == exact.min.x);
                if (n.y < 0) BOOST_TEST(r.box.max.y == exact.max.y);
                if (n.y > 0) BOOST_TEST(r.box.min.y == exact.min.y);
                BOOST_REQUIRE(!r.contacts.empty());
                SB_CHECK_VEC(r.contacts[0].normal, s.apply(v2(0, -1)));
                BOOST_TEST(!r.contacts[0].corner);
            }
            w.remove(m);
        }
    }
}

// Rule 4 (ties): two face contacts at the same time: the lower id comes first.
BOOST_AUTO_TEST_CASE(rule4_same_time_lower_id_first) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        for (int order = 0; order < 2; ++order) {
            BOOST_TEST_CONTEXT("symmetry " << s.name() << " order " << order) {
                World w;
                BodyId left, right;
                if (order == 0) {
                    left = add_static(w, s.apply(box(30, 0, 40, 10)));
                    right = add_static(w, s.apply(box(40, 0, 50, 10)));
                } else {
                    right = add_static(w, s.apply(box(40, 0, 50, 10)));
                    left = add_static(w, s.apply(box(30, 0, 40, 10)));
                }
                const BodyId m = add_mover(w, s.apply(box(37, -10, 41, -6)));
                const MoveResult r = w.move(m, s.apply(v2(0, 20)), with(Response::touch));
                BOOST_REQUIRE(!r.contacts.empty());
                BOOST_TEST(bool(r.contacts[0].other == Other::of(std::min(left, right))));
                SB_CHECK_BOX(r.box, s.apply(box(37, -4, 41, 0)));
                // Contact point: middle of the shared segment with that box.
                const Vec2 p = order == 0 ? v2(38.5, 0) : v2(40.5, 0);
                SB_CHECK_VEC(r.contacts[0].point, s.apply(p));
            }
        }
    }
}

// Rule 6: never through 0- and 1-unit walls, at any speed, at large coordinates, for a bullet
// and for a box, with every blocking response.
BOOST_AUTO_TEST_CASE(rule6_never_through_walls) {
    int failures = 0;
    for (double base : {0.0, 1e6 - 64, -1e6}) {
        for (double thick : {0.0, 1.0}) {
            for (double size : {0.0, 2.0}) {
                for (double speed : {0.5, 1.0, 100.0, 1e4, 1e6}) {
                    for (Response resp : {Response::touch, Response::slide, Response::bounce}) {
                        for (const ref::Symmetry& s : ref::Symmetry::all()) {
                            World w;
                            const Aabb wall = box(base + 30, -1e3, base + 30 + thick, 1e3);
                            add_static(w, s.apply(wall));
                            const Aabb start = box(base + 30 - size - 0.25, 1, base + 30 - 0.25, 1 + size);
                            const BodyId m = add_mover(w, s.apply(start));
                            const MoveResult r = w.move(m, s.apply(v2(speed, speed * 0.125)), with(resp));
                            const std::string v = sbt::move_violation(w, m, s.apply(start), r, all_block);
                            // The mover stays on its side: its +x edge (mirrored) at or before the wall.
                            const Aabb back = r.box;
                            bool side_ok = true;
                            const Vec2 n = s.apply(v2(-1, 0));
                            const Aabb sw = s.apply(wall);
                            if (n.x < 0) side_ok = back.max.x <= sw.min.x;
                            if (n.x > 0) side_ok = back.min.x >= sw.max.x;
                            if (n.y < 0) side_ok = back.max.y <= sw.min.y;
                            if (n.y > 0) side_ok = back.min.y >= sw.max.y;
                            const bool hit = r.contacts.size() >= 1 && speed >= 0.25;
                            if ((!v.empty() || !side_ok || !hit) && ++failures <= 10)
                                BOOST_ERROR("base "
                                            << base << " thick " << thick << " size " << size << " speed " << speed
                                            << " " << to_string(resp) << " " << s.name() << ": "
                                            << (v.empty() ? "wrong side or no contact, box " + ref::str(r.box) : v));
                        }
                    }
                }
            }
        }
    }
    BOOST_TEST(failures == 0);
}

// Rule 6: bounces between two close walls (0 and 1 thick) at huge speed.
BOOST_AUTO_TEST_CASE(rule6_bounces_between_close_walls) {
    int failures = 0;
    for (double thick : {0.0, 1.0}) {
        for (double size : {0.0, 0.5}) {
            for (double base : {0.0, 1e6}) {
                for (const ref::Symmetry& s : ref::Symmetry::all()) {
                    World w;
                    add_static(w, s.apply(box(base - thick, -10, base, 10)));
                    add_static(w, s.apply(box(base + 1, -10, base + 1 + thick, 10)));
                    const Aabb start = box(base + 0.25, 0, base + 0.25 + size, size);
                    const BodyId g = add_mover(w, s.apply(start));
                    MoveOptions o = with(Response::bounce, s.apply(v2(1e6, 3)), true);
                    o.max_iterations = 200;
                    const MoveResult r = w.move(g, s.apply(v2(1e6, 3)), o);
                    const std::string v = sbt::move_violation(w, g, s.apply(start), r, all_block);
                    const Aabb inner = s.apply(box(base, -1e9, base + 1, 1e9));
                    const bool inside = inner.min.x <= r.box.min.x && r.box.max.x <= inner.max.x &&
                                        inner.min.y <= r.box.min.y && r.box.max.y <= inner.max.y;
                    if ((!v.empty() || !inside || r.contacts.size() < 10) && ++failures <= 10)
                        BOOST_ERROR("thick " << thick << " size " << size << " base " << base << " " << s.name()
                                             << ": box " << ref::str(r.box) << " contacts " << r.contacts.size() << " "
                                             << v);
                }
            }
        }
    }
    BOOST_TEST(failures == 0);
}

// Rule 7: started inside. A move first pushes the body out along the minimum translation (the
// push reported as a started_overlapping contact with the depth and the sweep-back point), then
// moves it; it never leaves the obstacle on another side.
BOOST_AUTO_TEST_CASE(rule7_started_inside) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            const BodyId wall = add_static(w, s.apply(box(3, -10, 13, 10)));
            const BodyId m = add_mover(w, s.apply(box(0, 0, 4, 4))); // overlaps by 1 on x
            // Out: pushed flush, then moved on.
            MoveResult r = w.move(m, s.apply(v2(-5, 0)));
            SB_CHECK_BOX(r.box, s.apply(box(-6, 0, -2, 4)));
            BOOST_REQUIRE(r.contacts.size() == 1u);
            BOOST_TEST(r.contacts[0].started_overlapping);
            SB_CHECK_BOX(r.contacts[0].box, s.apply(box(-1, 0, 3, 4)));
            // Into it with a tangent part: pushed out, then the slide keeps the tangent part.
            w.teleport(m, s.apply(box(0, 0, 4, 4)));
            r = w.move(m, s.apply(v2(5, 3)));
            SB_CHECK_BOX(r.box, s.apply(box(-1, 3, 3, 7)));
            BOOST_REQUIRE(r.contacts.size() == 2u);
            const Contact& c = r.contacts[0];
            BOOST_TEST(bool(c.other == Other::of(wall)));
            BOOST_TEST(c.started_overlapping);
            BOOST_TEST(c.time == real(0.0));
            BOOST_TEST(c.depth == real(1.0));
            SB_CHECK_VEC(c.normal, s.apply(v2(-1, 0)));
            SB_CHECK_BOX(c.box, s.apply(box(-1, 0, 3, 4)));
            // Back along -(5,3) until x separates: s = (4 - 3) / 5 = 0.2, min corner (-1, -0.6).
            SB_CHECK_VEC_NEAR(c.sweep_back, s.apply(box(-1, -0.6, 3, 3.4)).min, 1e-6);
            BOOST_TEST(!r.contacts[1].started_overlapping);
            BOOST_TEST(bool(r.contacts[1].other == Other::of(wall)));
            // Straight in: pushed out, then stopped flush.
            w.teleport(m, s.apply(box(0, 0, 4, 4)));
            r = w.move(m, s.apply(v2(5, 0)), with(Response::touch));
            SB_CHECK_BOX(r.box, s.apply(box(-1, 0, 3, 4)));
            // A move of nothing pushes nothing.
            w.teleport(m, s.apply(box(0, 0, 4, 4)));
            r = w.move(m, v2(0, 0));
            SB_CHECK_BOX(r.box, s.apply(box(0, 0, 4, 4)));
            // Along it: pushed out first, so it slides along the face.
            r = w.move(m, s.apply(v2(0, 5)));
            SB_CHECK_BOX(r.box, s.apply(box(-1, 5, 3, 9)));
            // The shortest way out blocked (it would enter `stop`): the next nearest free place,
            // out of the wall's far side along y, by 10 (up would be 14, the wall's far x 15).
            const BodyId stop = add_static(w, s.apply(box(-3, -10, -2, 10)));
            w.teleport(m, s.apply(box(-2, 0, 4, 4))); // overlaps the wall by 1, touches `stop`
            r = w.move(m, s.apply(v2(0, 50)));
            BOOST_REQUIRE(!r.contacts.empty());
            SB_CHECK_BOX(r.contacts[0].box, s.apply(box(-2, 10, 4, 14)));
            SB_CHECK_BOX(r.box, s.apply(box(-2, 60, 4, 64)));
            // Out of reach (1 side: 6 units): the body stays overlapping, and motion along the
            // obstacle does not carry it out of the far side.
            MoveOptions near;
            near.push_out_sides = 1;
            w.teleport(m, s.apply(box(-2, 0, 4, 4)));
            r = w.move(m, s.apply(v2(0, 50)), near);
            BOOST_TEST(r.stuck);
            SB_CHECK_BOX(r.box, s.apply(box(-2, 0, 4, 4)));
            w.remove(stop);
            // Out, then a second obstacle on the way out still stops it.
            add_static(w, s.apply(box(-8, -10, -7, 10)));
            w.teleport(m, s.apply(box(0, 0, 4, 4)));
            r = w.move(m, s.apply(v2(-20, 0)));
            SB_CHECK_BOX(r.box, s.apply(box(-7, 0, -3, 4)));
        }
    }
}

// Rule 7's way out of a point is a motion of it like any other (rule 6): it does not enter the
// seam between two touching walls. The point rests on the corner of a ledge against a wall and an
// overlapping body's nearest way out (0.75, down) runs along the seam between them: that way is
// not taken (a point is pushed only with push_out_sides infinite).
BOOST_AUTO_TEST_CASE(rule7_push_stops_at_a_seam) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        for (const bool brute : {false, true}) {
            BOOST_TEST_CONTEXT("symmetry " << s.name() << " brute force " << brute) {
                World w(WorldDef{.brute_force = brute});
                add_static(w, s.apply(box(0, 0, 10, 100)));    // a wall
                add_static(w, s.apply(box(10, 50, 30, 60)));   // a ledge against it
                add_static(w, s.apply(box(5, 45, 20, 50.75))); // overlaps the point
                const BodyId p = add_mover(w, s.apply(box(10, 50, 10, 50)));
                MoveOptions o;
                o.push_out_sides = std::numeric_limits<real>::infinity();
                const MoveResult r = w.move(p, s.apply(v2(0, 5)), o);
                BOOST_TEST(!r.stuck);
                const Aabb seam = s.apply(box(10, 50, 10, 60));
                // Not strictly between the wall and the ledge.
                const bool in_seam = r.box.min.x == seam.min.x && r.box.min.y > seam.min.y && r.box.min.y < seam.max.y;
                const bool in_seam_y = r.box.min.y == seam.min.y && r.box.min.x > seam.min.x &&
                                       r.box.min.x < seam.max.x;
                BOOST_TEST(!in_seam);
                BOOST_TEST(!in_seam_y);
            }
        }
    }
}

// Rule 7's way out ends exactly on the obstacle's far face. Where that lies inside a solid tile
// (a static box reaching 1e-14 into the tile column), the way is not taken: the point is pushed
// another way (push_out_sides infinite), or stays (by default) and its motion out of the box then
// stops flush at the tile.
BOOST_AUTO_TEST_CASE(rule7_push_never_lands_inside_a_tile_its_path_misses) {
    for (const double sign : {1.0, -1.0}) {
        for (const real sides : {real(8), std::numeric_limits<real>::infinity()})
            BOOST_TEST_CONTEXT("x sign " << sign << " push_out_sides " << sides) {
                World w;
                // The tile [0, 25] x [0, 25] (its mirror on x), the middle of a map the point starts on.
                TileMapDef td;
                td.origin = v2(sign > 0 ? -25 : -50, -25);
                td.tile_size = 25;
                td.columns = 3;
                td.rows = 3;
                w.set_tile_map(td);
                w.set_tile({1, 1}, Tile::solid);
                const double reach = 1.0825114100194901e-14; // beyond the tile's face at x = 0
                add_static(w, sign > 0 ? box(-25, 3, reach, 52) : box(-reach, 3, 25, 52));
                const double x0 = -0.999 * sign;
                const BodyId p = add_mover(w, box(x0, 11, x0, 11));
                MoveOptions o = with(Response::bounce);
                o.push_out_sides = sides;
                const MoveResult r = w.move(p, v2(22 * sign, -0.65), o);
                const Aabb tile = w.tiles().cell_box({1, 1});
                BOOST_TEST(r.stuck == !std::isinf(sides));
                BOOST_TEST(!overlaps(r.box, tile));
                BOOST_TEST(r.box.min.x * real(sign) <= real(0));
            }
    }
}

// A zero-length move changes nothing; moving a static body works like any other.
BOOST_AUTO_TEST_CASE(zero_delta_and_other_bodies) {
    World w;
    const BodyId a = add_mover(w, box(0, 0, 2, 2));
    const BodyId b = add_mover(w, box(2, 0, 4, 2)); // flush
    MoveResult r = w.move(a, v2(0, 0));
    SB_CHECK_BOX(r.box, box(0, 0, 2, 2));
    BOOST_TEST(r.contacts.empty());
    BOOST_TEST(!r.truncated);
    // Bodies move one at a time: b moved away, then a follows to b's new position.
    r = w.move(b, v2(10, 0));
    SB_CHECK_BOX(r.box, box(12, 0, 14, 2));
    r = w.move(a, v2(20, 0));
    SB_CHECK_BOX(r.box, box(10, 0, 12, 2));
    BOOST_REQUIRE(r.contacts.size() == 1u);
    BOOST_TEST(bool(r.contacts[0].other == Other::of(b)));
    // The MoveResult overload fills the same answer.
    MoveResult out;
    w.teleport(a, box(0, 0, 2, 2));
    w.move(a, v2(20, 0), MoveOptions{}, out);
    SB_CHECK_BOX(out.box, box(10, 0, 12, 2));
    BOOST_TEST(out.contacts.size() == 1u);
}

// Tiles: a floor of solid tiles has no seams; one-way tiles block only from above.
BOOST_AUTO_TEST_CASE(tiles_floor_and_one_way) {
    World w;
    TileMapDef td;
    td.origin = v2(0, 0);
    td.tile_size = 16;
    td.columns = 40;
    td.rows = 10;
    w.set_tile_map(td);
    for (int c = 0; c < 40; ++c) w.set_tile({c, 5}, Tile::solid); // floor top at y = 80
    for (int c = 0; c < 40; ++c) w.set_tile({c, 6}, Tile::solid);
    for (int c = 10; c < 14; ++c) w.set_tile({c, 2}, Tile::one_way); // platform top at y = 32
    const BodyId m = add_mover(w, box(1, 70, 11, 80));
    for (int k = 0; k < 32; ++k) {
        const double x = 0.5 * k + 1;
        w.teleport(m, box(x, 70, x + 10, 80));
        const MoveResult r = w.move(m, v2(400, 7));
        BOOST_TEST_CONTEXT("x " << x) {
            SB_CHECK_BOX(r.box, box(x + 400, 70, x + 410, 80));
            for (const Contact& c : r.contacts) {
                SB_CHECK_VEC(c.normal, v2(0, -1));
                BOOST_TEST(c.other.is_tile());
            }
        }
    }
    // Falling onto the one-way platform from above: lands on its top.
    w.teleport(m, box(165, 0, 175, 10));
    MoveResult r = w.move(m, v2(2, 50));
    SB_CHECK_VEC_NEAR(r.box.min, v2(167, 22), 1e-4);
    SB_CHECK_VEC_NEAR(r.box.max, v2(177, 32), 1e-4);
    BOOST_TEST(r.box.max.y == real(32.0));
    BOOST_REQUIRE(!r.contacts.empty());
    BOOST_TEST(bool(r.contacts[0].other == Other::of(TileCell{10, 2})));
    // Jumping up through it from below: passes.
    w.teleport(m, box(165, 50, 175, 60));
    r = w.move(m, v2(0, -55));
    SB_CHECK_BOX(r.box, box(165, -5, 175, 5));
    // Walking into its side: passes.
    w.teleport(m, box(140, 30, 150, 40));
    r = w.move(m, v2(100, 0));
    SB_CHECK_BOX(r.box, box(240, 30, 250, 40));
    // Starting inside it and moving down: not fully above, so it does not block.
    w.teleport(m, box(165, 28, 175, 38));
    r = w.move(m, v2(0, 10));
    SB_CHECK_BOX(r.box, box(165, 38, 175, 48));
    // Standing on it (flush) and walking along: no contact, stays on top.
    w.teleport(m, box(162, 22, 172, 32));
    r = w.move(m, v2(20, 3));
    SB_CHECK_BOX(r.box, box(182, 22, 192, 32));
    // Solid tile walls: a bullet at 1e6 per move stops at the wall.
    for (int row = 0; row < 5; ++row) w.set_tile({30, row}, Tile::solid);
    const BodyId bullet = add_mover(w, box(100, 50, 100, 50));
    r = w.move(bullet, v2(1e6, 0), with(Response::touch));
    SB_CHECK_BOX(r.box, box(480, 50, 480, 50));
    BOOST_REQUIRE(r.contacts.size() == 1u);
    BOOST_TEST(bool(r.contacts[0].other == Other::of(TileCell{30, 3})));
    SB_CHECK_VEC(r.contacts[0].normal, v2(-1, 0));
}

// Rule 6 inside a block of solid tiles: the shared edges of solid tiles are no surfaces (so
// nothing catches on seams), but a body that starts inside one tile of a block (teleported or
// spawned there) still must not end inside a neighbour it did not overlap at the start.
BOOST_AUTO_TEST_CASE(rule6_inside_a_block_of_solid_tiles) {
    World w;
    TileMapDef td;
    td.tile_size = 8;
    td.columns = 5;
    td.rows = 5;
    w.set_tile_map(td);
    for (int r = 1; r <= 3; ++r)
        for (int c = 1; c <= 3; ++c) w.set_tile({c, r}, Tile::solid);
    // The centre tile is [16,16,24,24].
    const Aabb starts[] = {box(18, 18, 22, 22), box(18, 20, 22, 20), box(20, 18, 20, 22), box(20, 20, 20, 20)};
    const Vec2 deltas[] = {v2(20, 0), v2(-20, 0), v2(0, 20), v2(0, -20), v2(20, 3), v2(-3, -20)};
    for (const Aabb& s : starts) {
        for (Vec2 d : deltas) {
            const BodyId m = add_mover(w, s);
            const MoveResult r = w.move(m, d);
            BOOST_TEST_CONTEXT("start " << ref::str(s) << " delta " << ref::str(d)) {
                BOOST_TEST(sbt::move_violation(w, m, s, r, all_block) == "");
            }
            w.remove(m);
        }
    }
    // A zero-width body in the seam between two solid tiles overlaps neither; moving into one
    // of them is blocked at once (flush, moving into: rule 3; never through: rule 6).
    for (double dx : {5.0, -5.0}) {
        const Aabb s = box(16, 18, 16, 22); // on the seam x = 16 between (1,2) and (2,2)
        const BodyId m = add_mover(w, s);
        const MoveResult r = w.move(m, v2(dx, 0));
        BOOST_TEST_CONTEXT("seam, dx " << dx) { BOOST_TEST(sbt::move_violation(w, m, s, r, all_block) == ""); }
        w.remove(m);
    }
}

// Rule 5 for thin against thin: a bullet stopped by a 0-thickness wall rests on the number next
// to the wall's line on the side it came from (on the line itself it could not tell its side,
// and its next move could pass). The choice is written down in the README.
BOOST_AUTO_TEST_CASE(rule5_thin_against_thin_flush) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            const Aabb wall = box(5.3, -100, 5.3, 100);
            add_static(w, s.apply(wall));
            const BodyId b = add_mover(w, s.apply(box(0.1, 5, 0.1, 5)));
            const MoveResult r = w.move(b, s.apply(v2(1000.7, 0.7)), with(Response::touch));
            BOOST_TEST(r.contacts.size() == 1u);
            const Aabb sw = s.apply(wall);
            const Vec2 n = s.apply(v2(-1, 0));
            const int k = n.x != 0 ? 0 : 1;
            const real want = std::nextafter(sw.min[k], n[k] < 0 ? -INFINITY : INFINITY);
            BOOST_TEST(r.box.min[k] == want, "bullet " << ref::str(r.box) << " wall " << ref::str(sw));
            BOOST_TEST(r.box.max[k] == want);
            // The next move on into the wall stays on this side.
            const MoveResult r2 = w.move(b, s.apply(v2(1e6, 0)), with(Response::touch));
            BOOST_TEST(r2.contacts.size() == 1u);
            BOOST_TEST(r2.box.min[k] == want);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
