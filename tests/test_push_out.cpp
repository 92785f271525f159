// Suite `push_out`: rule 7 (docs/contract.md, "Started inside"): a body that starts inside
// blocking obstacles (one or a cluster of bodies, tiles and slopes) leaves all of them at once,
// for the nearest free place along one axis; beyond the reach of MoveOptions::push_out_sides it
// stays, and says so. Also rule 5's rest and rule 3's start on a zero-thickness wall that lies on
// a thick wall's face, and what max_iterations counts. Scenarios are mirrored through the eight
// symmetries of the square where no tie between directions decides them.
#include <array>
#include <cmath>
#include <limits>
#include <vector>
#include <boost/test/unit_test.hpp>
#include "tiles/slope.hpp" // src/: the exact overlap test of a slope's solid part
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::add_mover;
using sbt::add_static;
using sbt::box;
using sbt::v2;

namespace {

/// A box from bump's x, y, w, h.
Aabb rect(double x, double y, double w, double h) { return box(x, y, x + w, y + h); }

MoveOptions with(Response r) {
    MoveOptions o;
    o.response = r;
    return o;
}

const real inf = std::numeric_limits<real>::infinity();

/// The number of contacts that are not crosses.
std::int32_t blocking_contacts(const MoveResult& r) {
    std::int32_t n = 0;
    for (const Contact& c : r.contacts) n += c.response != Response::cross;
    return n;
}

/// A 9 x 9 map of 16-unit tiles with tile kind 3 of shape s at (4, 4): the cell [64, 80]^2.
World one_slope(TileShape s) {
    World w;
    TileMapDef td;
    td.columns = 9;
    td.rows = 9;
    td.tile_size = 16;
    w.set_tile_map(td);
    w.set_tile_kind(3, {s, td.category, td.mask, false});
    w.set_tile({4, 4}, 3);
    return w;
}

bool inside_slope(const World& w, TileCell c, const Aabb& b) {
    return detail::slope_overlaps(b, detail::slope_tile(w.tiles(), c, w.tiles().shape_at(c)));
}

} // namespace

BOOST_AUTO_TEST_SUITE(push_out)

// Issue 39's reproducer (a LÖVE game's debris, bump coordinates x, y, w, h): three blocks that
// overlap each other and a 7x6 body inside two of them, moved toward (524.02, 1304.12) with
// bounce three times. Pushing out of one block at a time led into the next, and the body stayed
// 2 and 6 units inside two blocks; up by 27 it is free (left, the third block is in the way).
BOOST_AUTO_TEST_CASE(the_cluster_of_the_issue) {
    const Aabb blocks[3] = {rect(428, 1242, 97, 79), rect(530, 1279, 83, 78), rect(470, 1296, 88, 92)};
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            BodyId ids[3];
            for (int i = 0; i < 3; ++i) ids[i] = add_static(w, s.apply(blocks[i]));
            const BodyId m = add_mover(w, s.apply(rect(531, 1300, 7, 6)));
            for (int move = 0; move < 3; ++move) {
                const Aabb start = w.box(m);
                // bump's goal is where the body's min corner goes: the box `goal`, mirrored.
                const Aabb goal = s.apply(rect(524.02, 1304.12, 7, 6));
                const MoveResult r = w.move(m, goal.min - start.min, with(Response::bounce));
                BOOST_TEST_CONTEXT("move " << move << " from " << ref::str(start)) {
                    BOOST_TEST(!r.stuck);
                    for (int i = 0; i < 3; ++i) BOOST_TEST(!overlaps(r.box, w.box(ids[i])), "ends inside " << i);
                    for (const Contact& c : r.contacts)
                        for (int i = 0; i < 3; ++i)
                            BOOST_TEST(!overlaps(c.box, w.box(ids[i])), "a contact's box inside " << i);
                    if (move == 0) {
                        BOOST_REQUIRE(!r.contacts.empty());
                        const Contact& c = r.contacts[0];
                        BOOST_TEST(c.started_overlapping);
                        BOOST_TEST(c.time == real(0));
                        BOOST_TEST(bool(c.other == Other::of(ids[1]))); // the last block it leaves
                        SB_CHECK_BOX(c.box, s.apply(rect(531, 1273, 7, 6)));
                        SB_CHECK_VEC(c.normal, s.apply(v2(0, -1)));
                        BOOST_TEST(c.depth == real(27));
                        BOOST_TEST(bool(c.response == Response::bounce));
                    }
                }
            }
        }
    }
}

// With one obstacle and nothing around, the way out is the minimum translation (the least of
// the four, ties up, down, left, right), flush with the face: as it always was.
BOOST_AUTO_TEST_CASE(one_obstacle_leaves_by_its_minimum_translation) {
    ref::Rng rng(39);
    for (int i = 0; i < 4000; ++i) {
        const Aabb ob = box(0, 0, rng.grid(1, 40, 0.5), rng.grid(1, 40, 0.5));
        const real bw = rng.grid(0, 12, 0.5), bh = rng.grid(0, 12, 0.5);
        const real x = rng.grid(-24, 80, 0.5), y = rng.grid(-24, 80, 0.5);
        const Aabb S = box(x, y, x + bw, y + bh);
        if (!overlaps(S, ob)) continue;
        World w;
        add_static(w, ob);
        const BodyId m = add_mover(w, S);
        MoveOptions o;
        o.push_out_sides = inf;
        const Vec2 d = v2(rng.grid(-8, 8, 0.5), rng.grid(-8, 8, 0.5));
        if (d.x == 0 && d.y == 0) continue;
        const MoveResult r = w.check(m, d, o);
        const Penetration pen = minimum_translation(S, ob);
        BOOST_TEST_CONTEXT("body " << ref::str(S) << " in " << ref::str(ob) << " by " << ref::str(d)) {
            BOOST_REQUIRE(!r.contacts.empty());
            BOOST_TEST(r.contacts[0].started_overlapping);
            SB_CHECK_BOX(r.contacts[0].box, place_flush(S, ob, pen.normal));
            SB_CHECK_VEC(r.contacts[0].normal, pen.normal);
            BOOST_TEST(r.contacts[0].depth == pen.depth);
            BOOST_TEST(!overlaps(r.box, ob));
        }
    }
}

// The nearest free place, and the order of ties: up, down, left, right. A 2x2 body in the
// middle of a 10x10 box is 6 from every side: it leaves upward. With a wall resting on the box's
// top (touching it, so up would go into the wall) it leaves downward, and so on.
BOOST_AUTO_TEST_CASE(the_nearest_free_place_and_the_order_of_ties) {
    const Aabb S = box(4, 4, 6, 6), ob = box(0, 0, 10, 10);
    const Aabb walls[3] = {box(-5, -5, 15, 0), box(-5, 10, 15, 15), box(-5, -5, 0, 15)};
    const Aabb want[4] = {box(4, -2, 6, 0), box(4, 10, 6, 12), box(-2, 4, 0, 6), box(10, 4, 12, 6)};
    const Vec2 normals[4] = {v2(0, -1), v2(0, 1), v2(-1, 0), v2(1, 0)};
    for (int blocked = 0; blocked <= 3; ++blocked) {
        BOOST_TEST_CONTEXT(blocked << " ways in the order blocked") {
            World w;
            const BodyId b = add_static(w, ob);
            for (int i = 0; i < blocked; ++i) add_static(w, walls[i]);
            const BodyId m = add_mover(w, S);
            const MoveResult r = w.move(m, v2(0.25, 0.25), with(Response::touch));
            BOOST_REQUIRE(!r.contacts.empty());
            BOOST_TEST(bool(r.contacts[0].other == Other::of(b)));
            SB_CHECK_BOX(r.contacts[0].box, want[blocked]);
            SB_CHECK_VEC(r.contacts[0].normal, normals[blocked]);
            BOOST_TEST(r.contacts[0].depth == real(6));
        }
    }
    // Every way blocked: it stays, and says so.
    World w;
    add_static(w, ob);
    for (const Aabb& wall : walls) add_static(w, wall);
    add_static(w, box(10, -5, 15, 15));
    const BodyId m = add_mover(w, S);
    MoveResult r = w.move(m, v2(1, 1), with(Response::touch));
    BOOST_TEST(r.stuck);
    SB_CHECK_BOX(r.box, S);
    // Motion out of the box (its minimum translation's way, up at the tie) is free.
    r = w.move(m, v2(0, -1));
    BOOST_TEST(r.stuck);
    SB_CHECK_BOX(r.box, box(4, 3, 6, 5));
}

// Out of a cluster the body goes where it has left every obstacle it started in, and never into
// or through one it did not start in: a way whose path enters another obstacle is not taken.
BOOST_AUTO_TEST_CASE(a_way_out_enters_nothing_the_body_did_not_start_in) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            // Two overlapping boxes; the body overlaps both; left is nearest (4: out of A at x = 0,
            // B ends at x = 2), but a thin post stands in the way at x = -1.
            World w;
            add_static(w, s.apply(box(0, 0, 20, 10))); // A
            add_static(w, s.apply(box(-6, 3, 2, 30))); // B, overlapping A
            const BodyId post = add_static(w, s.apply(box(-1, -40, -1, 40)));
            const BodyId m = add_mover(w, s.apply(box(1, 4, 3, 6))); // in A and B
            MoveResult r = w.check(m, s.apply(v2(0, 1)));
            // Left: out of A at x = 0 (3), out of B at x = -6 (9), through the post: no. Up: out
            // of A at y = 0 (6), B reaches only y = 3: up by 6. Down: B reaches y = 30 (26).
            // Right: out of A at x = 20 (19).
            BOOST_REQUIRE(!r.contacts.empty());
            SB_CHECK_BOX(r.contacts[0].box, s.apply(box(1, -2, 3, 0)));
            w.remove(post);
            // Without the post, left takes it past B too: out of B at x = -6, by 9 > 6: still up.
            r = w.check(m, s.apply(v2(0, 1)));
            SB_CHECK_BOX(r.contacts[0].box, s.apply(box(1, -2, 3, 0)));
        }
    }
}

// Beyond the reach of push_out_sides (8 times the body's larger side by default) the body stays:
// MoveResult::stuck, no push, and motion out of the obstacle is free while motion into or along
// it stops at t = 0. A larger reach, or infinity, takes it out.
BOOST_AUTO_TEST_CASE(beyond_its_reach_a_body_stays_and_says_so) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            add_static(w, s.apply(box(0, 0, 100, 100)));
            const Aabb S = s.apply(box(30, 40, 32, 42)); // 32 from free on the left, 2x2: reach 16
            const BodyId m = add_mover(w, S);
            MoveResult r = w.check(m, s.apply(v2(0, 5)));
            BOOST_TEST(r.stuck);
            SB_CHECK_BOX(r.box, S);
            BOOST_REQUIRE(r.contacts.size() >= 1u);
            BOOST_TEST(r.contacts[0].started_overlapping);
            SB_CHECK_BOX(r.contacts[0].box, S);
            // Out (the minimum translation's way, -x): free.
            r = w.check(m, s.apply(v2(-5, 0)));
            BOOST_TEST(r.stuck);
            SB_CHECK_BOX(r.box, s.apply(box(25, 40, 27, 42)));
            BOOST_TEST(r.contacts.empty());
            // Into it: stopped.
            r = w.check(m, s.apply(v2(5, 1)), with(Response::touch));
            SB_CHECK_BOX(r.box, S);
            // A reach of 16 sides (32 units) takes it out to the left, by 32.
            MoveOptions far;
            far.push_out_sides = 16;
            r = w.check(m, s.apply(v2(0, 5)), far);
            BOOST_TEST(!r.stuck);
            SB_CHECK_BOX(r.contacts[0].box, s.apply(box(-2, 40, 0, 42)));
            BOOST_TEST(r.contacts[0].depth == real(32));
            far.push_out_sides = real(15.75); // 31.5 units: not enough
            BOOST_TEST(w.check(m, s.apply(v2(0, 5)), far).stuck);
            far.push_out_sides = inf;
            BOOST_TEST(!w.check(m, s.apply(v2(0, 5)), far).stuck);
        }
    }
}

// A point has no side: by default it is never pushed (a shot that starts inside a wall hits it
// at t = 0 going in and leaves it going out). push_out_sides = infinity pushes it too, and its way
// out, like any motion of a point, never runs along a seam (rule 6).
BOOST_AUTO_TEST_CASE(points_are_pushed_only_at_any_distance) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            add_static(w, s.apply(box(0, 0, 10, 100)));    // a wall
            add_static(w, s.apply(box(10, 50, 30, 60)));   // a ledge against it: the seam x = 10
            add_static(w, s.apply(box(5, 45, 20, 50.75))); // holds the point
            const Aabb P = s.apply(box(10, 50, 10, 50));
            const BodyId p = add_mover(w, P);
            MoveResult r = w.check(p, s.apply(v2(0, 5)));
            BOOST_TEST(r.stuck);
            SB_CHECK_BOX(r.box, P);
            // Along its way out (down, the least depth: 0.75): stopped.
            r = w.check(p, s.apply(v2(20, 0)));
            BOOST_TEST(r.stuck);
            SB_CHECK_BOX(r.box, P);
            // At any distance: down by 0.75 would run along the seam; up, by 5, it is free.
            MoveOptions o;
            o.push_out_sides = inf;
            r = w.check(p, s.apply(v2(0, 5)), o);
            BOOST_TEST(!r.stuck);
            BOOST_REQUIRE(!r.contacts.empty());
            SB_CHECK_BOX(r.contacts[0].box, s.apply(box(10, 45, 10, 45)));
        }
    }
}

// A plank is pushed out too (its larger side gives the reach), but never onto a line between two
// solids: out of the lower box it would lie on the seam with the box resting on it.
BOOST_AUTO_TEST_CASE(planks_never_end_between_two_solids) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            add_static(w, s.apply(box(0, 0, 40, 10)));  // holds the plank
            add_static(w, s.apply(box(0, -10, 40, 0))); // rests on it: the seam y = 0
            const BodyId p = add_mover(w, s.apply(box(10, 3, 16, 3)));
            const MoveResult r = w.check(p, s.apply(v2(1, 0)));
            // Up 3 onto the seam: no. Down 7: free.
            BOOST_REQUIRE(!r.contacts.empty());
            SB_CHECK_BOX(r.contacts[0].box, s.apply(box(10, 10, 16, 10)));
        }
    }
}

// Slopes: a body inside a slope's solid part leaves it like any obstacle, along an axis, to the
// first position off the line. A 4x4 body whose corner is 8 units (along each axis) past a
// 45-degree ramp's line is 8 from free on all four sides: it goes up, its corner onto the line.
BOOST_AUTO_TEST_CASE(out_of_slopes) {
    {
        World w = one_slope(TileShape::slope45_ul); // solid where x + y >= 144 in [64, 80]^2
        const BodyId m = add_mover(w, box(72, 72, 76, 76));
        const MoveResult r = w.move(m, v2(0, 0.5), with(Response::touch));
        BOOST_REQUIRE(!r.contacts.empty());
        BOOST_TEST(r.contacts[0].started_overlapping);
        BOOST_TEST(bool(r.contacts[0].other == Other::of(TileCell{4, 4})));
        SB_CHECK_BOX(r.contacts[0].box, box(72, 64, 76, 68));
        SB_CHECK_VEC(r.contacts[0].point, v2(76, 68));
        BOOST_TEST(!inside_slope(w, {4, 4}, r.box));
        // Lower and to the left: down, by 6, is nearest (up and left 8, right 10).
        w.teleport(m, box(70, 74, 74, 78));
        const MoveResult r2 = w.move(m, v2(0, -0.5), with(Response::touch));
        SB_CHECK_BOX(r2.contacts[0].box, box(70, 80, 74, 84));
    }
    // Every shape, bodies of several sizes at many places inside: free after, and nearest along
    // its axis: one step of `real` back toward the start is inside again.
    ref::Rng rng(7);
    int pushed = 0;
    for (int shape = int(TileShape::slope45_ul); shape < tile_shape_count; ++shape) {
        World w = one_slope(TileShape(shape));
        for (int i = 0; i < 300; ++i) {
            const real x = rng.uniform(60, 80), y = rng.uniform(60, 80);
            const real size = rng.chance(0.5) ? rng.uniform(0.1, 8) : real(rng.grid(1, 8, 1));
            const Aabb S = box(x, y, x + size, y + size * real(rng.uniform(0.5, 1.5)));
            if (!inside_slope(w, {4, 4}, S)) continue;
            const BodyId m = add_mover(w, S);
            MoveOptions o;
            o.push_out_sides = inf;
            const MoveResult r = w.check(m, v2(0, 1e-3), o);
            BOOST_TEST_CONTEXT(to_string(TileShape(shape)) << " body " << ref::str(S)) {
                BOOST_REQUIRE(!r.contacts.empty());
                const Contact& c = r.contacts[0];
                BOOST_TEST(c.started_overlapping);
                BOOST_TEST(!inside_slope(w, {4, 4}, c.box));
                const int k = c.normal.x != 0 ? 0 : 1;
                const bool pos = c.normal[k] > 0;
                Aabb back = c.box;
                real& trail = pos ? back.min[k] : back.max[k];
                real& lead = pos ? back.max[k] : back.min[k];
                trail = std::nextafter(trail, pos ? -inf : inf);
                lead = std::nextafter(lead, pos ? -inf : inf);
                BOOST_TEST(inside_slope(w, {4, 4}, back), "one step back, " << ref::str(back) << ", is free too");
                ++pushed;
            }
            w.remove(m);
        }
    }
    BOOST_TEST(pushed > 1000);
}

// Issue 39, item 5: a zero-thickness wall on a thick wall's face. A point moved onto that face
// rests one step of `real` off it, whichever of the two was added first (rule 5: on the thin
// wall's line it would be on neither side); it moves away freely; and a ray from the face itself,
// leaving it, hits nothing (the point can only be on the face's open side).
BOOST_AUTO_TEST_CASE(a_thin_wall_on_a_thick_face_in_either_order) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        for (const bool thin_first : {false, true}) {
            BOOST_TEST_CONTEXT("symmetry " << s.name() << (thin_first ? ", thin wall first" : ", thick wall first")) {
                World w;
                const Aabb thick = s.apply(box(0, 0, 10, 100)), thin = s.apply(box(10, 20, 10, 80));
                if (thin_first) add_static(w, thin);
                add_static(w, thick);
                if (!thin_first) add_static(w, thin);
                const BodyId p = add_mover(w, s.apply(box(50, 50, 50, 50)));
                MoveResult r = w.move(p, s.apply(v2(-100, 0)));
                const Vec2 rest = s.apply(v2(std::nextafter(real(10), real(50)), 50));
                SB_CHECK_BOX(r.box, (Aabb{rest, rest}));
                BOOST_TEST(r.contacts.size() == 1u);
                r = w.move(p, s.apply(v2(20, 0)));
                BOOST_TEST(r.contacts.empty());
                SB_CHECK_BOX(r.box, s.apply(box(30, 50, 30, 50)));
                // From the face itself: a ray leaving it hits nothing; one going in hits at 0.
                const Vec2 face = s.apply(v2(10, 50));
                BOOST_TEST(!w.cast_ray(face, s.apply(v2(20, 0))).hit);
                BOOST_TEST(!w.cast_box(Aabb{face, face}, s.apply(v2(20, 0))).hit);
                std::vector<CastHit> all;
                w.cast_all(Aabb{face, face}, s.apply(v2(20, 0)), all);
                BOOST_TEST(all.empty());
                const CastHit in = w.cast_ray(face, s.apply(v2(-20, 0)));
                BOOST_TEST(in.hit);
                BOOST_TEST(in.time == real(0));
                // A point teleported onto the face leaves it as the ray does.
                w.teleport(p, Aabb{face, face});
                r = w.move(p, s.apply(v2(20, 0)));
                BOOST_TEST(r.contacts.empty());
                SB_CHECK_BOX(r.box, s.apply(box(30, 50, 30, 50)));
                // A plank lying on the face, across the thin wall, too.
                w.teleport(p, s.apply(box(10, 40, 10, 60)));
                r = w.move(p, s.apply(v2(20, 0)));
                BOOST_TEST(r.contacts.empty());
                SB_CHECK_BOX(r.box, s.apply(box(30, 40, 30, 60)));
            }
        }
    }
    // Where the thin wall reaches beyond the face, a point on its line there has no side: hit.
    World w;
    add_static(w, box(0, 0, 10, 100));
    add_static(w, box(10, 90, 10, 120));
    const CastHit h = w.cast_ray(v2(10, 110), v2(20, 0));
    BOOST_TEST(h.hit);
    BOOST_TEST(h.time == real(0));
}

// Issue 39, item 7: what max_iterations counts. Every contact but a cross is a blocking contact
// resolved, rule 7's push included, and there are at most max_iterations of them (`iterations`);
// crosses are reported besides, once per entry. The game of the issue got 10 and 11 contacts
// with the default 8.
BOOST_AUTO_TEST_CASE(max_iterations_counts_every_contact_but_the_crosses) {
    // A body inside a block between two walls, bouncing: the push, then bounces.
    for (std::int32_t iters : {1, 2, 3, 8}) {
        BOOST_TEST_CONTEXT("max_iterations " << iters) {
            World w;
            add_static(w, box(-20, -100, -10, 100));
            add_static(w, box(10, -100, 20, 100));
            const BodyId m = add_mover(w, box(-11, 0, -7, 4)); // 1 into the left wall
            MoveOptions o = with(Response::bounce);
            o.max_iterations = iters;
            const MoveResult r = w.move(m, v2(200, 0), o);
            BOOST_TEST(r.iterations == iters);
            BOOST_TEST(r.contacts.size() == std::size_t(iters));
            BOOST_TEST(blocking_contacts(r) == r.iterations);
            BOOST_TEST(r.contacts[0].started_overlapping);
            SB_CHECK_BOX(r.contacts[0].box, box(-10, 0, -6, 4));
            BOOST_TEST(r.truncated);
        }
    }
    // The cluster of the issue, bounced toward its goal: every move within the limit.
    World w;
    add_static(w, rect(428, 1242, 97, 79));
    add_static(w, rect(530, 1279, 83, 78));
    add_static(w, rect(470, 1296, 88, 92));
    const BodyId m = add_mover(w, rect(531, 1300, 7, 6));
    for (int move = 0; move < 3; ++move) {
        const MoveResult r = w.move(m, v2(524.02, 1304.12) - w.box(m).min, with(Response::bounce));
        BOOST_TEST(r.iterations <= 8);
        BOOST_TEST(blocking_contacts(r) == r.iterations);
    }
    // Crosses are not counted: a body crossing 12 thin posts and bouncing off a wall.
    World c;
    for (int i = 0; i < 12; ++i) {
        BodyDef post;
        post.box = box(10 + 5 * i, -10, 10 + 5 * i, 10);
        post.category = 2;
        post.is_static = true;
        c.add(post);
    }
    add_static(c, box(100, -10, 110, 10));
    const BodyId b = add_mover(c, box(0, 0, 1, 1));
    std::array<Response, 32> table{};
    table.fill(Response::slide);
    table[1] = Response::cross;
    MoveOptions o;
    o.category_responses = &table;
    o.max_iterations = 1;
    const MoveResult r = c.move(b, v2(200, 0), o);
    BOOST_TEST(r.contacts.size() == 13u);
    BOOST_TEST(r.iterations == 1);
    BOOST_TEST(blocking_contacts(r) == 1);
}

// The option is checked: negative or NaN throws and leaves the world as it was; 0 and infinity
// are allowed (0: nothing is ever pushed).
BOOST_AUTO_TEST_CASE(push_out_sides_is_checked) {
    World w;
    add_static(w, box(0, 0, 10, 10));
    const BodyId m = add_mover(w, box(1, 1, 3, 3));
    for (const real bad : {real(-1), std::numeric_limits<real>::quiet_NaN(), -inf}) {
        MoveOptions o;
        o.push_out_sides = bad;
        BOOST_CHECK_THROW(w.move(m, v2(1, 0), o), Error);
        SB_CHECK_BOX(w.box(m), box(1, 1, 3, 3));
    }
    MoveOptions o;
    o.push_out_sides = 0;
    BOOST_TEST(w.check(m, v2(0, -1), o).stuck);
    o.push_out_sides = real(-0.0);
    BOOST_TEST(w.check(m, v2(0, -1), o).stuck);
    o.push_out_sides = inf;
    BOOST_TEST(!w.check(m, v2(0, -1), o).stuck);
}

BOOST_AUTO_TEST_SUITE_END()
