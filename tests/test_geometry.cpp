// Suite `geometry`: the pure functions of geometry.hpp against the contract (rules 1-4, 7-9),
// every scenario mirrored through the eight symmetries of the square, and a random comparison
// of sweep_box_box / segment_box with the reference slabs.
#include <cmath>
#include <cstring>
#include <limits>
#include <boost/test/unit_test.hpp>
#include "geometry/sweep.hpp"
#include "reference_world.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::box;
using sbt::v2;

namespace {

const real inf = std::numeric_limits<real>::infinity();
const real nan_ = std::numeric_limits<real>::quiet_NaN();

// Checks a sweep against an expected hit under every symmetry. The expected normal is given in
// the unmirrored frame; `tie_y` says rule 4's tie applies (the normal is along y in every frame).
void expect_hit_all(const Aabb& a, Vec2 d, const Aabb& b, real t, Vec2 n, bool corner) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            const Sweep r = sweep_box_box(s.apply(a), s.apply(d), s.apply(b));
            BOOST_TEST(r.is_hit());
            BOOST_TEST(r.time == t);
            SB_CHECK_VEC(r.normal, s.apply(n));
            BOOST_TEST(r.corner == corner);
        }
    }
}

void expect_miss_all(const Aabb& a, Vec2 d, const Aabb& b) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            const Sweep r = sweep_box_box(s.apply(a), s.apply(d), s.apply(b));
            BOOST_TEST(bool(r.state == SweepState::miss));
        }
    }
}

} // namespace

BOOST_AUTO_TEST_SUITE(geometry)

BOOST_AUTO_TEST_CASE(predicates) {
    BOOST_TEST(is_finite(v2(1, -2)));
    BOOST_TEST(!is_finite(Vec2{nan_, 0}));
    BOOST_TEST(!is_finite(Vec2{0, inf}));
    BOOST_TEST(is_valid(box(0, 0, 0, 0)));
    BOOST_TEST(is_valid(box(0, 0, 0, 5)));
    BOOST_TEST(!is_valid(box(1, 0, 0, 5)));
    BOOST_TEST(!is_valid(box(0, 1, 5, 0)));
    BOOST_TEST(!is_valid(Aabb{{nan_, 0}, {1, 1}}));
    BOOST_TEST(!is_valid(Aabb{{0, 0}, {inf, 1}}));
    BOOST_TEST(!is_valid(Aabb{{-inf, 0}, {1, 1}}));

    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            const Aabb a = s.apply(box(0, 0, 2, 2));
            // Touching is not overlapping; it is intersecting when closed.
            BOOST_TEST(!overlaps(a, s.apply(box(2, 0, 4, 2))));
            BOOST_TEST(intersects_closed(a, s.apply(box(2, 0, 4, 2))));
            BOOST_TEST(!overlaps(a, s.apply(box(2, 2, 4, 4)))); // corner only
            BOOST_TEST(intersects_closed(a, s.apply(box(2, 2, 4, 4))));
            BOOST_TEST(!intersects_closed(a, s.apply(box(2.5, 0, 4, 2))));
            BOOST_TEST(overlaps(a, s.apply(box(1.5, 1.5, 4, 4))));
            // A 0-thickness wall through the middle overlaps; on the edge it does not.
            BOOST_TEST(overlaps(a, s.apply(box(1, -1, 1, 3))));
            BOOST_TEST(!overlaps(a, s.apply(box(2, -1, 2, 3))));
            // A point strictly inside overlaps; on the edge it touches.
            BOOST_TEST(overlaps(a, s.apply(box(1, 1, 1, 1))));
            BOOST_TEST(!overlaps(a, s.apply(box(2, 1, 2, 1))));
            BOOST_TEST(contains_point(a, s.apply(v2(2, 1))));
            BOOST_TEST(contains_point(a, s.apply(v2(2, 2))));
            BOOST_TEST(!contains_point(a, s.apply(v2(2.25, 1))));
            SB_CHECK_BOX(merge(a, s.apply(box(5, -1, 6, 1))), s.apply(box(0, -1, 6, 2)));
        }
    }
    // Two zero-size boxes never overlap, even at the same point.
    BOOST_TEST(!overlaps(box(1, 1, 1, 1), box(1, 1, 1, 1)));
}

// Rule 1: time of impact and normal by slabs, mirrored over all axes and signs.
BOOST_AUTO_TEST_CASE(rule1_time_and_normal) {
    // Straight on: (10 - 2) / 16.
    expect_hit_all(box(0, 0, 2, 2), v2(16, 0), box(10, -1, 12, 5), real(0.5), v2(-1, 0), false);
    // Diagonal, x enters last: x at (10-2)/20 = 0.4, y at (10-2)/40 = 0.2; y exits at 0.5 > 0.4.
    expect_hit_all(box(0, 0, 2, 2), v2(20, 40), box(10, 10, 20, 20), real(0.4), v2(-1, 0), false);
    // y enters last: x at 0.2, y at 0.75.
    expect_hit_all(box(0, 0, 2, 2), v2(40, 8), box(10, 8, 40, 20), real(0.75), v2(0, -1), false);
    // Entry after exit on the other axis: x enters at 0.4, y exits at (4 - 0) / 40 = 0.1.
    expect_miss_all(box(0, 0, 2, 2), v2(20, -40), box(10, 0, 20, 4));
    // Too short: entry exactly at t = 1 is no hit (the end touches).
    expect_miss_all(box(0, 0, 2, 2), v2(8, 0), box(10, 0, 12, 2));
    expect_hit_all(box(0, 0, 2, 2), v2(16, 0), box(10, 0, 12, 2), real(0.5), v2(-1, 0), false);
    // Moving away, and moving past beside it.
    expect_miss_all(box(0, 0, 2, 2), v2(-16, 0), box(10, 0, 12, 2));
    expect_miss_all(box(0, 0, 2, 2), v2(16, 0), box(10, 3, 12, 5));
    // Zero displacement never hits a separate box.
    expect_miss_all(box(0, 0, 2, 2), v2(0, 0), box(2, 0, 4, 2));
    // A small box against a 1-unit wall at high speed: (1e6 - 1) / 2e6.
    expect_hit_all(box(0, 0, 1, 1), v2(2e6, 0), box(1e6, -5, 1e6 + 1, 5), real((1e6 - 1) / 2e6), v2(-1, 0), false);
}

// Rule 1, "computed exactly, never by sampling": two entry times that round to the same real
// but are not equal must not be treated as a corner; the later one decides the normal.
BOOST_AUTO_TEST_CASE(rule1_exact_comparison_of_entry_times) {
    // x enters at nx/dx, y at ny/dy, a hair earlier, both rounding to the same real (found by a
    // deterministic search). Exactly, x enters last, so the normal is x and it is no corner; a
    // comparison of rounded times would call it a corner and pick y (|d.y| > |d.x|).
    ref::Rng rng(3);
    int found = 0;
    for (int i = 0; i < 200000 && found < 50; ++i) {
        const real dx = rng.uniform(1, 1000);
        const real nx = rng.uniform(0.01, double(dx) * 0.9);
        const real dy = rng.uniform(double(dx) * 1.5, double(dx) * 1000);
        const real tx = nx / dx;
        real ny = std::nextafter(tx * dy, real(0));
        ny = std::nextafter(ny, real(0));
        for (int k = 0; k < 5; ++k, ny = std::nextafter(ny, dy)) {
            // ny/dy < nx/dx exactly (products of two reals are exact in long double for float).
            if (!(static_cast<long double>(ny) * dx < static_cast<long double>(nx) * dy)) continue;
            if (ny / dy != tx) continue; // rounds to the same value
            const Aabb a = box(0, -1, 1, 0);
            const Vec2 d{dx, dy};
            const Aabb b{{1 + nx, ny}, {1 + nx + 4 * dx, ny + 4 * dy}};
            if (b.min.x - 1 != nx) continue; // the gap must be exactly nx
            const ref::RefSweep want = ref::sweep(a, d, b);
            if (want.state != SweepState::hit || want.corner || want.normal.x != -1) continue;
            ++found;
            for (const ref::Symmetry& s : ref::Symmetry::all()) {
                const Sweep r = sweep_box_box(s.apply(a), s.apply(d), s.apply(b));
                BOOST_TEST((r.is_hit() && !r.corner && r.normal == s.apply(want.normal)),
                           "d " << ref::str(d) << " b " << ref::str(b) << " symmetry " << s.name() << ": hit "
                                << r.is_hit() << " corner " << r.corner << " normal " << ref::str(r.normal));
                BOOST_TEST(ref::time_matches(r.time, want.time), "time " << r.time);
            }
        }
    }
    BOOST_TEST_MESSAGE("exact-comparison cases found: " << found);
    BOOST_TEST(found > 0);
}

// Rule 2: thin against thin is a hit; a bullet against a 1-unit wall too.
BOOST_AUTO_TEST_CASE(rule2_thin_against_thin) {
    // A bullet (zero-size) against a 0-thickness wall.
    expect_hit_all(box(0, 5, 0, 5), v2(10, 0), box(5, 0, 5, 10), real(0.5), v2(-1, 0), false);
    // A vertical 0-width segment against a 0-thickness wall, diagonally.
    expect_hit_all(box(0, 4, 0, 6), v2(10, 2), box(5, 0, 5, 10), real(0.5), v2(-1, 0), false);
    // A bullet against a 1-unit wall and a box against a 0-thickness wall.
    expect_hit_all(box(0, 5, 0, 5), v2(10, 0), box(5, 0, 6, 10), real(0.5), v2(-1, 0), false);
    expect_hit_all(box(0, 4, 2, 6), v2(10, 0), box(5, 0, 5, 10), real(0.3), v2(-1, 0), false);
    // Ending exactly on the line is no hit yet (t = 1 is excluded); crossing it is.
    expect_miss_all(box(0, 5, 0, 5), v2(5, 0), box(5, 0, 5, 10));
    // Moving along the line of the wall: no hit.
    expect_miss_all(box(5, -5, 5, -5), v2(0, 30), box(5, 0, 5, 10));
    // Passing exactly through an end point of the wall: only a corner, no hit (rule 3).
    expect_miss_all(box(0, 0, 0, 0), v2(10, 0), box(5, 0, 5, 10));
    expect_miss_all(box(0, -5, 0, -5), v2(10, 10), box(5, 0, 5, 10));
    // A bullet against a bullet: never an open overlap.
    expect_miss_all(box(0, 0, 0, 0), v2(10, 10), box(5, 5, 5, 5));
    // segment_box is the zero-size sweep.
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            const Sweep r = segment_box(s.apply(v2(0, 5)), s.apply(v2(10, 0)), s.apply(box(5, 0, 5, 10)));
            BOOST_TEST(r.is_hit());
            BOOST_TEST(r.time == real(0.5));
            SB_CHECK_VEC(r.normal, s.apply(v2(-1, 0)));
        }
    }
}

// Rule 3: touching.
BOOST_AUTO_TEST_CASE(rule3_touching) {
    const Aabb a = box(0, 0, 2, 2);
    const Aabb b = box(2, 0, 4, 2); // flush on a's +x side
    // Into the face, straight or at an angle: hit at exactly 0.
    expect_hit_all(a, v2(1, 0), b, 0, v2(-1, 0), false);
    expect_hit_all(a, v2(1, 0.5), b, 0, v2(-1, 0), false);
    expect_hit_all(a, v2(1e-30, 0), b, 0, v2(-1, 0), false);
    // Along the face and away from it: no hit.
    expect_miss_all(a, v2(0, 1), b);
    expect_miss_all(a, v2(0, 100), b);
    expect_miss_all(a, v2(-1, 0), b);
    expect_miss_all(a, v2(-1, 1), b);
    // Resting on top of b (flush on y) and sliding across its whole length: no hit.
    expect_miss_all(box(0, -2, 2, 0), v2(10, 0), b);
    // Passing a corner: a's corner (2, 0) moves to b2's corner (4, 2) at t = 0.5.
    expect_miss_all(a, v2(4, 4), box(4, -10, 6, 2));
    // Only corners touching at the start, moving apart on one axis or along: no hit.
    expect_miss_all(a, v2(1, 1), box(2, -2, 4, 0));
    expect_miss_all(a, v2(1, 0), box(2, -2, 4, 0));
    // Zero-size box flush on a face moving into it.
    expect_hit_all(box(2, 1, 2, 1), v2(1, 0), b, 0, v2(-1, 0), false);
    // Flush and moving into it with a tiny |d|, at a large coordinate.
    expect_hit_all(box(1e6 - 2, 0, 1e6, 2), v2(0.0625, 0), box(1e6, 0, 1e6 + 1, 2), 0, v2(-1, 0), false);
}

// Rule 4: corners.
BOOST_AUTO_TEST_CASE(rule4_corners) {
    const Aabb a = box(0, 0, 2, 2);
    // Both axes enter at 0.5 with |dx| > |dy|: normal along x.
    expect_hit_all(a, v2(8, 4), box(6, 4, 8, 6), real(0.5), v2(-1, 0), true);
    // |dx| < |dy|: normal along y.
    expect_hit_all(a, v2(4, 8), box(4, 6, 6, 8), real(0.5), v2(0, -1), true);
    // Tie |dx| == |dy|: y in every frame (so not expect_hit_all, which mirrors the normal).
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            const Vec2 d = s.apply(v2(4, 4));
            const Sweep r = sweep_box_box(s.apply(a), d, s.apply(box(4, 4, 6, 6)));
            BOOST_TEST(r.is_hit());
            BOOST_TEST(r.time == real(0.5));
            BOOST_TEST(r.corner);
            SB_CHECK_VEC(r.normal, v2(0, d.y > 0 ? -1 : 1));
        }
    }
    // Corner contact at time 0 (touching corners, moving into the diagonal).
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            const Vec2 d = s.apply(v2(3, 1));
            const Sweep r = sweep_box_box(s.apply(a), d, s.apply(box(2, 2, 4, 4)));
            BOOST_TEST(r.is_hit());
            BOOST_TEST(r.time == real(0.0));
            BOOST_TEST(r.corner);
            SB_CHECK_VEC(r.normal, s.apply(v2(-1, 0)));
        }
    }
    // Face flags: when the chosen face is not a surface, a corner takes the other axis ...
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            const Vec2 d = s.apply(v2(8, 4));
            const Aabb b = s.apply(box(6, 4, 8, 6));
            const Vec2 nx = s.apply(v2(-1, 0)); // the normal rule 4 picks
            const Vec2 ny = s.apply(v2(0, -1)); // the other axis
            auto bit = [](Vec2 n) -> std::uint8_t {
                if (n.x < 0) return face_neg_x;
                if (n.x > 0) return face_pos_x;
                if (n.y < 0) return face_neg_y;
                return face_pos_y;
            };
            Sweep r = sweep_box_box(s.apply(a), d, b, std::uint8_t(face_all & ~bit(nx)));
            BOOST_TEST(r.is_hit());
            SB_CHECK_VEC(r.normal, ny);
            BOOST_TEST(r.corner);
            // ... and with neither face a surface it is no contact.
            r = sweep_box_box(s.apply(a), d, b, std::uint8_t(face_all & ~bit(nx) & ~bit(ny)));
            BOOST_TEST(bool(r.state == SweepState::miss));
            // A face (non-corner) hit on a non-surface face is no contact.
            const Aabb b2 = s.apply(box(10, -1, 12, 5));
            r = sweep_box_box(s.apply(a), s.apply(v2(16, 0)), b2, std::uint8_t(face_all & ~bit(nx)));
            BOOST_TEST(bool(r.state == SweepState::miss));
            r = sweep_box_box(s.apply(a), s.apply(v2(16, 0)), b2, bit(nx));
            BOOST_TEST(r.is_hit());
        }
    }
}

// Rule 7 (geometry part): started overlapping, minimum translation, sweep-back.
BOOST_AUTO_TEST_CASE(rule7_started_overlapping) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            const Aabb a = s.apply(box(12, 2, 14, 4));
            const Aabb b = s.apply(box(10, 0, 20, 10));
            for (Vec2 d : {v2(4, 0), v2(-4, 0), v2(0, 0), v2(3, -7)}) {
                const Sweep r = sweep_box_box(a, s.apply(d), b);
                BOOST_TEST(bool(r.state == SweepState::started_overlapping));
                BOOST_TEST(r.time == real(0.0));
                BOOST_TEST(!r.is_hit());
            }
            // sweep_back_time: back along -d until the first axis separates.
            BOOST_TEST(sweep_back_time(a, s.apply(v2(4, 0)), b) == real(1.0));  // (14 - 10) / 4
            BOOST_TEST(sweep_back_time(a, s.apply(v2(0, 2)), b) == real(2.0));  // (4 - 0) / 2
            BOOST_TEST(sweep_back_time(a, s.apply(v2(4, 2)), b) == real(1.0));  // min(1, 2)
            BOOST_TEST(sweep_back_time(a, s.apply(v2(-8, 0)), b) == real(1.0)); // (20 - 12) / 8
            BOOST_TEST(std::isinf(sweep_back_time(a, v2(0, 0), b)));
            BOOST_TEST(sweep_back_time(a, s.apply(v2(4, 0)), s.apply(box(30, 0, 40, 10))) == real(0.0));
        }
    }
}

BOOST_AUTO_TEST_CASE(minimum_translation_rules) {
    // x has the least overlap (1 vs 3); a's centre is left of b's: move -x.
    Penetration p = minimum_translation(box(0, 0, 4, 4), box(3, 1, 10, 10));
    BOOST_TEST(p.depth == real(1.0));
    SB_CHECK_VEC(p.normal, v2(-1, 0));
    // Mirrored: both the normal and the depth follow.
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            p = minimum_translation(s.apply(box(0, 0, 4, 4)), s.apply(box(3, 1, 10, 10)));
            BOOST_TEST(p.depth == real(1.0));
            SB_CHECK_VEC(p.normal, s.apply(v2(-1, 0)));
            // Apart: depth is minus the separation on the least-overlap axis.
            p = minimum_translation(s.apply(box(0, 0, 2, 2)), s.apply(box(5, 0, 7, 2)));
            BOOST_TEST(p.depth == -real(3.0));
            SB_CHECK_VEC(p.normal, s.apply(v2(-1, 0)));
        }
    }
    // Equal overlap on both axes: y.
    p = minimum_translation(box(0, 0, 4, 4), box(3, 3, 10, 10));
    BOOST_TEST(p.depth == real(1.0));
    SB_CHECK_VEC(p.normal, v2(0, -1));
    // Equal centres on the chosen axis: negative direction.
    p = minimum_translation(box(0, 0, 4, 4), box(0, 1, 4, 3));
    BOOST_TEST(p.depth == real(3.0));
    SB_CHECK_VEC(p.normal, v2(0, -1));
    // a's centre below b's: +y.
    p = minimum_translation(box(0, 2, 4, 6), box(-10, 0, 10, 3));
    BOOST_TEST(p.depth == real(1.0));
    SB_CHECK_VEC(p.normal, v2(0, 1));
}

// Rule 8 (geometry part): the middle of the shared face segment.
BOOST_AUTO_TEST_CASE(rule8_contact_point) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            // a rests against b's -x face; shared segment x = 2, y in [1, 2].
            SB_CHECK_VEC(contact_point(s.apply(box(0, 0, 2, 2)), s.apply(box(2, 1, 5, 10)), s.apply(v2(-1, 0))),
                         s.apply(v2(2, 1.5)));
            // a is taller than b: the segment is b's face.
            SB_CHECK_VEC(contact_point(s.apply(box(0, -10, 2, 10)), s.apply(box(2, 1, 5, 3)), s.apply(v2(-1, 0))),
                         s.apply(v2(2, 2)));
            // a on top of b (b's -y face).
            SB_CHECK_VEC(contact_point(s.apply(box(3, -2, 7, 0)), s.apply(box(0, 0, 5, 5)), s.apply(v2(0, -1))),
                         s.apply(v2(4, 0)));
            // Zero-size a: its own corner.
            SB_CHECK_VEC(contact_point(s.apply(box(2, 4, 2, 4)), s.apply(box(2, 1, 5, 10)), s.apply(v2(-1, 0))),
                         s.apply(v2(2, 4)));
            // Corner against corner: the single shared point.
            SB_CHECK_VEC(contact_point(s.apply(box(0, 0, 2, 2)), s.apply(box(2, 2, 4, 4)), s.apply(v2(-1, 0))),
                         s.apply(v2(2, 2)));
        }
    }
}

// Rule 5 (geometry part): place_flush puts the touching edge exactly on the obstacle's edge.
BOOST_AUTO_TEST_CASE(rule5_place_flush) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            const Aabb a = s.apply(box(0.25, 0, 2.25, 2));
            const Aabb b = s.apply(box(2, -1, 5, 3));
            SB_CHECK_BOX(place_flush(a, b, s.apply(v2(-1, 0))), s.apply(box(0, 0, 2, 2)));
        }
    }
    // Sizes and edges that are not representable sums: the touching edge is exact, the box keeps
    // a non-negative size and does not overlap b.
    ref::Rng rng(7);
    for (int i = 0; i < 2000; ++i) {
        const real edge = rng.uniform(-1e6, 1e6);
        const real w = rng.uniform(0, 37);
        const real y0 = rng.uniform(-100, 100);
        const Aabb b{{edge, y0 - 50}, {edge + 3, y0 + 50}};
        const Aabb a{{edge - w - real(0.5), y0}, {edge - real(0.5), y0 + 1}};
        const Aabb r = place_flush(a.translated(v2(0.75, 0)), b, v2(-1, 0));
        BOOST_TEST(r.max.x == edge);
        BOOST_TEST(r.min.x <= r.max.x);
        BOOST_TEST(!overlaps(r, b));
        BOOST_TEST(r.min.y == a.min.y);
        BOOST_TEST(r.max.y == a.max.y);
        const Aabb r2 = place_flush(Aabb{{edge + 3 - real(0.25), y0}, {edge + 3 + w, y0 + 1}}, b, v2(1, 0));
        BOOST_TEST(r2.min.x == b.max.x);
        BOOST_TEST(!overlaps(r2, b));
    }
}

// Rule 9: reflection.
BOOST_AUTO_TEST_CASE(rule9_reflect) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            // Normal part (0,-4) -> (0, 2); tangent 3 -> 3 * 0.75.
            SB_CHECK_VEC(reflect(s.apply(v2(3, -4)), s.apply(v2(0, 1)), real(0.5), real(0.25)), s.apply(v2(2.25, 2)));
            // Perfect mirror.
            SB_CHECK_VEC(reflect(s.apply(v2(3, -4)), s.apply(v2(0, 1)), 1, 0), s.apply(v2(3, 4)));
            // Dead stop on the normal, full friction on the tangent.
            SB_CHECK_VEC(reflect(s.apply(v2(3, -4)), s.apply(v2(0, 1)), 0, 1), s.apply(v2(0, 0)));
        }
    }
    // The scene example's numbers: (500, 40) off a -x face, restitution 0.5, friction 0.1.
    SB_CHECK_VEC_NEAR(reflect(v2(500, 40), v2(-1, 0), real(0.5), real(0.1)), v2(-250, 36), 1e-4);
    // Never adds energy: every component shrinks or keeps its size (rounding included).
    ref::Rng rng(9);
    const Vec2 normals[4] = {v2(1, 0), v2(-1, 0), v2(0, 1), v2(0, -1)};
    for (int i = 0; i < 20000; ++i) {
        const Vec2 v{rng.uniform(-1e6, 1e6), rng.uniform(-1e6, 1e6)};
        const Vec2 n = normals[rng.uniform_int(0, 3)];
        const real e = rng.chance(0.1) ? real(rng.uniform_int(0, 1)) : rng.uniform(0, 1);
        const real f = rng.chance(0.1) ? real(rng.uniform_int(0, 2)) : rng.uniform(0, 2);
        const Vec2 r = reflect(v, n, e, f);
        BOOST_TEST(std::abs(r.x) <= std::abs(v.x));
        BOOST_TEST(std::abs(r.y) <= std::abs(v.y));
        // Normal part flips sign (or vanishes).
        const real vn = n.x != 0 ? v.x : v.y;
        const real rn = n.x != 0 ? r.x : r.y;
        BOOST_TEST(!(vn * rn > 0));
    }
}

// The library's sweeps against the reference slabs on random boxes (quantized so that touching,
// corners, thin boxes and same-instant entries are common), with random face flags.
BOOST_AUTO_TEST_CASE(random_sweeps_match_reference) {
    ref::Rng rng(12345);
    int hits = 0, corners = 0, started = 0, failures = 0;
    for (int i = 0; i < 200000; ++i) {
        auto rand_box = [&](bool allow_thin) {
            const real x = rng.grid(-16, 16, 0.5), y = rng.grid(-16, 16, 0.5);
            const real w = allow_thin && rng.chance(0.3) ? real(0) : rng.grid(1, 12, 0.5);
            const real h = allow_thin && rng.chance(0.3) ? real(0) : rng.grid(1, 12, 0.5);
            return Aabb{{x, y}, {x + w, y + h}};
        };
        const Aabb a = rand_box(true);
        const Aabb b = rand_box(true);
        Vec2 d{rng.grid(-40, 40, 0.5), rng.grid(-40, 40, 0.5)};
        if (rng.chance(0.1)) d.x = 0;
        if (rng.chance(0.1)) d.y = 0;
        if (rng.chance(0.05)) d = Vec2{rng.uniform(-30, 30), rng.uniform(-30, 30)};
        const std::uint8_t faces = rng.chance(0.7) ? std::uint8_t(face_all) : std::uint8_t(rng.uniform_int(0, 15));
        const std::uint8_t seams = rng.chance(0.3) ? std::uint8_t(rng.uniform_int(0, 15)) : std::uint8_t(0);
        const ref::RefSweep want = ref::sweep(a, d, b, faces, seams);
        const Sweep got = sweep_box_box(a, d, b, faces, seams);
        bool ok = got.state == want.state;
        if (ok && want.state != SweepState::miss) ok = ref::time_matches(got.time, want.time);
        if (ok && want.state == SweepState::hit) ok = got.normal == want.normal && got.corner == want.corner;
        if (ok && a.min == a.max) {
            const Sweep sg = segment_box(a.min, d, b, faces, seams);
            ok = sg.state == want.state && (want.state != SweepState::hit || sg.normal == want.normal);
        }
        if (!ok && ++failures <= 10)
            BOOST_ERROR("sweep a " << ref::str(a) << " d " << ref::str(d) << " b " << ref::str(b) << " faces "
                                   << int(faces) << ": expected state " << int(want.state) << " t "
                                   << double(want.time.value()) << " n " << ref::str(want.normal) << " corner "
                                   << want.corner << "; got state " << int(got.state) << " t " << got.time << " n "
                                   << ref::str(got.normal) << " corner " << got.corner);
        hits += want.state == SweepState::hit;
        corners += want.state == SweepState::hit && want.corner;
        started += want.state == SweepState::started_overlapping;
    }
    BOOST_TEST(failures == 0);
    BOOST_TEST_MESSAGE("random sweeps: " << hits << " hits, " << corners << " corners, " << started
                                         << " started inside");
    BOOST_TEST(hits > 10000);
    BOOST_TEST(corners > 50);
    BOOST_TEST(started > 1000);
}

// sweep_box_box decides clear cases on rounded slab times and hands everything near a tie to
// the exact routine: the two must agree bit for bit, at every scale and next to every tie.
BOOST_AUTO_TEST_CASE(fast_sweep_matches_exact_bit_for_bit) {
    ref::Rng rng(777);
    int failures = 0, hits = 0;
    auto nudge = [&](real v) {
        const int steps = rng.uniform_int(-3, 3);
        for (int k = 0; k < std::abs(steps); ++k)
            v = std::nextafter(v, steps > 0 ? std::numeric_limits<real>::infinity()
                                            : -std::numeric_limits<real>::infinity());
        return v;
    };
    for (int i = 0; i < 300000; ++i) {
        const int mode = i % 3;
        // mode 0: a quantized grid (ties everywhere); 1: the same moved to a random scale and
        // offset; 2: mode 1 with every number nudged by up to 3 units in the last place.
        const double scale = mode == 0 ? 1.0 : std::ldexp(1.0, rng.uniform_int(-130, 100));
        const double offset = mode == 0 ? 0.0 : scale * rng.uniform_int(-1000000, 1000000);
        auto coord = [&](double v) {
            const real r = real(offset + v * scale);
            return mode == 2 ? nudge(r) : r;
        };
        auto rand_box = [&]() {
            const double x = rng.grid(-16, 16, 0.5), y = rng.grid(-16, 16, 0.5);
            const double w = rng.chance(0.2) ? 0.0 : rng.grid(1, 24, 0.5);
            const double h = rng.chance(0.2) ? 0.0 : rng.grid(1, 24, 0.5);
            Aabb b{{coord(x), coord(y)}, {coord(x + w), coord(y + h)}};
            if (b.min.x > b.max.x) std::swap(b.min.x, b.max.x);
            if (b.min.y > b.max.y) std::swap(b.min.y, b.max.y);
            return b;
        };
        const Aabb a = rand_box();
        const Aabb b = rand_box();
        Vec2 d{real(rng.grid(-40, 40, 0.5) * scale), real(rng.grid(-40, 40, 0.5) * scale)};
        if (rng.chance(0.1)) d[rng.uniform_int(0, 1)] = 0;
        if (mode == 2) d = Vec2{nudge(d.x), nudge(d.y)};
        if (!sweepbox::is_valid(a.translated(d))) continue;
        const std::uint8_t faces = rng.chance(0.7) ? std::uint8_t(face_all) : std::uint8_t(rng.uniform_int(0, 15));
        const std::uint8_t seams = rng.chance(0.3) ? std::uint8_t(rng.uniform_int(0, 15)) : std::uint8_t(0);
        const Sweep fast = sweep_box_box(a, d, b, faces, seams);
        const Sweep exact = detail::sweep_box_box_exact(a, d, b, faces, seams);
        const bool same = fast.state == exact.state && std::memcmp(&fast.time, &exact.time, sizeof fast.time) == 0 &&
                          fast.normal == exact.normal && fast.corner == exact.corner;
        hits += exact.state == SweepState::hit;
        if (!same && ++failures <= 10)
            BOOST_ERROR("a " << ref::str(a) << " d " << ref::str(d) << " b " << ref::str(b) << " faces " << int(faces)
                             << " seams " << int(seams) << ": fast state " << int(fast.state) << " t " << fast.time
                             << " n " << ref::str(fast.normal) << "; exact state " << int(exact.state) << " t "
                             << exact.time << " n " << ref::str(exact.normal));
    }
    BOOST_TEST(failures == 0);
    BOOST_TEST(hits > 20000);
}

BOOST_AUTO_TEST_SUITE_END()
