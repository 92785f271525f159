#pragma once
/// @file test_support.hpp
/// Small helpers shared by the core test files: box and vector builders and Boost.Test checks
/// that print boxes and vectors (glm types have no operator<<).

#include <functional>
#include <sstream>
#include <string>
#include <vector>
#include <boost/test/unit_test.hpp>
#include "reference_world.hpp"

namespace sbt {

using sweepbox::Aabb;
using sweepbox::real;
using sweepbox::Vec2;

/// A box from four numbers (each rounded once to real).
inline Aabb box(double x0, double y0, double x1, double y1) { return {{real(x0), real(y0)}, {real(x1), real(y1)}}; }
/// A vector from two numbers (each rounded once to real).
inline Vec2 v2(double x, double y) { return {real(x), real(y)}; }

/// A static body with box b.
inline sweepbox::BodyId add_static(sweepbox::World& w, const Aabb& b) {
    sweepbox::BodyDef d;
    d.box = b;
    d.is_static = true;
    return w.add(d);
}

/// A movable body with box b.
inline sweepbox::BodyId add_mover(sweepbox::World& w, const Aabb& b) {
    sweepbox::BodyDef d;
    d.box = b;
    return w.add(d);
}

/// Which obstacles block the mover in a move (response touch, slide or bounce).
using BlocksFn = std::function<bool(const sweepbox::Other&)>;

/// Checks rule 6 and the contact list after `w.move(id, ...)` from `start` gave `r`:
/// - r.box is the stored box; contact times are in [0, 1] and non-decreasing;
/// - the final box and every blocking contact's box overlap no blocking obstacle (interacting
///   body, or solid tile; one-way tiles and bodies are checked in their own tests) that `start` did not
///   overlap;
/// - no leg of the path (start, then each blocking contact's box, then the final box) went from
///   fully on one side of such an obstacle to fully on the other side through it (the exact
///   reference sweep of the leg hits it): this catches tunnelling through 0- and 1-unit walls
///   inside a leg.
/// Returns "" when all hold, else a description of the first violation.
inline std::string move_violation(const sweepbox::World& w, sweepbox::BodyId id, const Aabb& start,
                                  const sweepbox::MoveResult& r, const BlocksFn& blocks) {
    using namespace sweepbox;
    namespace ref = sweepbox::reference;
    std::ostringstream out;
    if (!(w.box(id) == r.box)) {
        out << "stored box " << ref::str(w.box(id)) << " != result box " << ref::str(r.box);
        return out.str();
    }
    real last = 0;
    for (const Contact& c : r.contacts) {
        if (!(c.time >= 0 && c.time <= 1 && c.time >= last)) {
            out << "contact times not in [0,1] or decreasing: " << c.time << " after " << last;
            return out.str();
        }
        last = c.time;
    }
    struct Obstacle {
        Other other;
        Aabb box;
    };
    std::vector<Obstacle> obstacles;
    const BodyInfo me = w.info(id);
    std::vector<BodyId> ids;
    w.body_ids(ids);
    for (BodyId o : ids) {
        if (o == id) continue;
        const BodyInfo bi = w.info(o);
        if (!((me.category & bi.mask) && (bi.category & me.mask))) continue;
        if (!blocks(Other::of(o))) continue;
        if (overlaps(start, bi.box) || bi.one_way != OneWay::none) continue; // one-way: their own tests
        obstacles.push_back({Other::of(o), bi.box});
    }
    const TileMap& m = w.tiles();
    if (!m.is_empty())
        for (const ref::TileBox& t : ref::blocking_tiles(m))
            if ((me.category & t.mask) && (t.category & me.mask) && t.tile == Tile::solid &&
                blocks(Other::of(t.cell)) && !overlaps(start, t.box))
                obstacles.push_back({Other::of(t.cell), t.box});
    std::vector<Aabb> path{start};
    // Every blocking contact's box is where a straight leg ended (a started-overlapping one too:
    // rule 7's push out of the obstacle, or no motion at all).
    for (const Contact& c : r.contacts)
        if (c.response == Response::touch || c.response == Response::slide || c.response == Response::bounce)
            path.push_back(c.box);
    path.push_back(r.box);
    for (std::size_t i = 1; i < path.size(); ++i) {
        const Aabb& p = path[i - 1];
        const Aabb& q = path[i];
        for (const Obstacle& o : obstacles) {
            if (overlaps(q, o.box)) {
                out << (i + 1 == path.size() ? "final box " : "contact box ") << ref::str(q) << " overlaps "
                    << ref::str(o.other) << " " << ref::str(o.box) << " (start " << ref::str(start) << ")";
                return out.str();
            }
            // A leg that starts with zero extent exactly on a 0-thickness wall's line has no side
            // (the contract does not say which side it is on), so it is not checked on that axis.
            const bool on_line_x = p.min.x == p.max.x && o.box.min.x == o.box.max.x && p.min.x == o.box.min.x;
            const bool on_line_y = p.min.y == p.max.y && o.box.min.y == o.box.max.y && p.min.y == o.box.min.y;
            const bool through_x = !on_line_x && ((p.max.x <= o.box.min.x && q.min.x >= o.box.max.x) ||
                                                  (p.min.x >= o.box.max.x && q.max.x <= o.box.min.x));
            const bool through_y = !on_line_y && ((p.max.y <= o.box.min.y && q.min.y >= o.box.max.y) ||
                                                  (p.min.y >= o.box.max.y && q.max.y <= o.box.min.y));
            if ((through_x || through_y) && ref::sweep(p, q.min - p.min, o.box).is_hit_or_started()) {
                out << "leg " << ref::str(p) << " -> " << ref::str(q) << " went through " << ref::str(o.other) << " "
                    << ref::str(o.box) << " (start " << ref::str(start) << ")";
                return out.str();
            }
        }
    }
    return {};
}

} // namespace sbt

/// Exact equality of two vectors, printing both on failure.
#define SB_CHECK_VEC(actual, expected)       \
    BOOST_TEST(bool((actual) == (expected)), \
               "got " << sweepbox::reference::str(actual) << ", expected " << sweepbox::reference::str(expected))
/// Exact equality of two boxes, printing both on failure.
#define SB_CHECK_BOX(actual, expected)       \
    BOOST_TEST(bool((actual) == (expected)), \
               "got " << sweepbox::reference::str(actual) << ", expected " << sweepbox::reference::str(expected))
/// |actual - expected| <= tol on both components.
#define SB_CHECK_VEC_NEAR(actual, expected, tol)                                                                 \
    BOOST_TEST(bool(std::abs(double((actual).x) - double((expected).x)) <= double(tol) &&                        \
                    std::abs(double((actual).y) - double((expected).y)) <= double(tol)),                         \
               "got " << sweepbox::reference::str(actual) << ", expected " << sweepbox::reference::str(expected) \
                      << " within " << (tol))
/// Both corners of two boxes within tol.
#define SB_CHECK_BOX_NEAR(actual, expected, tol)                                                                 \
    BOOST_TEST(bool(std::abs(double((actual).min.x) - double((expected).min.x)) <= double(tol) &&                \
                    std::abs(double((actual).min.y) - double((expected).min.y)) <= double(tol) &&                \
                    std::abs(double((actual).max.x) - double((expected).max.x)) <= double(tol) &&                \
                    std::abs(double((actual).max.y) - double((expected).max.y)) <= double(tol)),                 \
               "got " << sweepbox::reference::str(actual) << ", expected " << sweepbox::reference::str(expected) \
                      << " within " << (tol))
