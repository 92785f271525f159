// Suite `platforms`: moving platforms (platforms.hpp): riders carried bit for bit, bodies in the
// way pushed through World::move, crushes (stop or pass), the order of who moves, bad input.
#include <cstring>
#include <random>
#include <boost/test/unit_test.hpp>
#include <sweepbox/platforms.hpp>
#include "room_check.hpp"
#include "test_support.hpp"

using namespace sweepbox;
using sbt::add_mover;
using sbt::add_static;
using sbt::box;
using sbt::v2;

namespace {

BodyId add_platform(World& w, const Aabb& b) { return w.add({.box = b, .is_platform = true}); }

bool same_bits(real a, real b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool lists(const std::vector<BodyId>& got, std::initializer_list<BodyId> want) {
    return got == std::vector<BodyId>(want);
}

// A platform move in a grid world and in a brute-force world gave the same answer, and every body
// (the same in both) is outside the walls and inside the room [0, room] x [0, room].
void same_as_reference(const World& w, const World& ref, const PlatformResult& r, const PlatformResult& rr,
                       const std::vector<BodyId>& bodies, const std::vector<Aabb>& walls, double room) {
    BOOST_TEST(bool(r.box == rr.box));
    BOOST_TEST(bool(r.moved == rr.moved));
    BOOST_TEST(bool(r.riders == rr.riders));
    BOOST_TEST(bool(r.pushed == rr.pushed));
    BOOST_TEST(bool(r.crushed == rr.crushed));
    for (BodyId b : bodies) {
        const Aabb at = w.box(b);
        BOOST_TEST(!rooms::reaches_solid_interior(at, walls));
        BOOST_TEST((at.min.x >= 0 && at.max.x <= room && at.min.y >= 0 && at.max.y <= room));
        BOOST_TEST(bool(at == ref.box(b)));
    }
}

} // namespace

BOOST_AUTO_TEST_SUITE(platforms)

// A rider moves with the platform both ways along x and y, and stays flush on its top face.
BOOST_AUTO_TEST_CASE(carries_a_rider_and_reverses) {
    World w;
    const BodyId p = add_platform(w, box(0, 100, 64, 116));
    const BodyId hero = add_mover(w, box(10, 80, 22, 100));
    for (const Vec2 d : {v2(3, 0), v2(-5, 0), v2(0, 4), v2(0, -6), v2(2.5, -1.5), v2(-2.5, 1.5)}) {
        const Aabb before = w.box(hero);
        const PlatformResult r = move_platform(w, p, d);
        BOOST_TEST(lists(r.riders, {hero}));
        BOOST_TEST(r.pushed.empty());
        BOOST_TEST(r.crushed.empty());
        BOOST_TEST(!r.stopped);
        BOOST_TEST(bool(r.moved == d));
        BOOST_TEST(bool(w.box(hero) == before.translated(d)));
        BOOST_TEST(w.box(hero).max.y == w.box(p).min.y);
        BOOST_TEST(bool(r.box == w.box(p)));
    }
}

// Not riders: a body beside the platform, one above it not touching, one whose edge only meets
// the platform's corner, a static body, another platform, and one that does not interact.
BOOST_AUTO_TEST_CASE(who_rides) {
    World w;
    const BodyId p = add_platform(w, box(0, 100, 64, 116));
    const BodyId beside = add_mover(w, box(64, 90, 70, 110));
    const BodyId above = add_mover(w, box(10, 80, 20, 99));
    const BodyId corner = add_mover(w, box(64, 90, 70, 100));
    const BodyId fixed = add_static(w, box(30, 90, 40, 100));
    const BodyId other = add_platform(w, box(40, 96, 50, 100));
    const BodyId ghost = w.add({.box = box(50, 90, 60, 100), .category = 2, .mask = 2});
    const PlatformResult r = move_platform(w, p, v2(0, 5));
    BOOST_TEST(r.riders.empty());
    BOOST_TEST(r.pushed.empty());
    BOOST_TEST(bool(w.box(beside) == box(64, 90, 70, 110)));
    BOOST_TEST(bool(w.box(above) == box(10, 80, 20, 99)));
    BOOST_TEST(bool(w.box(corner) == box(64, 90, 70, 100)));
    BOOST_TEST(bool(w.box(fixed) == box(30, 90, 40, 100)));
    BOOST_TEST(bool(w.box(other) == box(40, 96, 50, 100)));
    BOOST_TEST(bool(w.box(ghost) == box(50, 90, 60, 100)));
}

// Two riders side by side, touching: the front one moves first, so neither blocks the other,
// whichever way the platform goes.
BOOST_AUTO_TEST_CASE(two_riders) {
    World w;
    const BodyId p = add_platform(w, box(0, 100, 64, 116));
    const BodyId left = add_mover(w, box(10, 80, 20, 100));
    const BodyId right = add_mover(w, box(20, 80, 30, 100));
    PlatformResult r = move_platform(w, p, v2(4, 0));
    BOOST_TEST(lists(r.riders, {right, left}));
    BOOST_TEST(bool(w.box(left) == box(14, 80, 24, 100)));
    BOOST_TEST(bool(w.box(right) == box(24, 80, 34, 100)));
    r = move_platform(w, p, v2(-4, 0));
    BOOST_TEST(lists(r.riders, {left, right}));
    BOOST_TEST(bool(w.box(left) == box(10, 80, 20, 100)));
    BOOST_TEST(bool(w.box(right) == box(20, 80, 30, 100)));
}

// A sensor (a coin on the platform, a trigger in its way) is neither carried nor pushed: the
// platform passes through it and it stays where it is.
BOOST_AUTO_TEST_CASE(sensors_are_not_carried_or_pushed) {
    World w;
    const BodyId p = add_platform(w, box(0, 100, 64, 116));
    const BodyId coin = w.add({.box = box(10, 90, 20, 100), .is_sensor = true});
    const BodyId trigger = w.add({.box = box(70, 100, 80, 116), .is_sensor = true});
    const BodyId hero = add_mover(w, box(30, 80, 40, 100));
    const PlatformResult r = move_platform(w, p, v2(20, 0));
    BOOST_TEST(lists(r.riders, {hero}));
    BOOST_TEST(r.pushed.empty());
    BOOST_TEST(r.crushed.empty());
    BOOST_TEST(bool(w.box(coin) == box(10, 90, 20, 100)));
    BOOST_TEST(bool(w.box(trigger) == box(70, 100, 80, 116)));
    BOOST_TEST(bool(w.box(p) == box(20, 100, 84, 116)));
}

// A rider carried sideways into a wall stops against it (slides) and the platform goes on under
// it: not crushed. Carried up into a ceiling, it is crushed: the platform stops flush under it
// (Crush::stop) or passes into it (Crush::pass), the rider never in the ceiling.
BOOST_AUTO_TEST_CASE(rider_meets_wall_and_ceiling) {
    World w;
    const BodyId p = add_platform(w, box(0, 100, 64, 116));
    const BodyId hero = add_mover(w, box(40, 80, 50, 100));
    add_static(w, box(52, 0, 60, 99));
    PlatformResult r = move_platform(w, p, v2(5, 0));
    BOOST_TEST(lists(r.riders, {hero}));
    BOOST_TEST(r.crushed.empty());
    BOOST_TEST(bool(w.box(hero) == box(42, 80, 52, 100)));
    BOOST_TEST(w.box(p).min.x == 5);

    World c;
    const BodyId lift = add_platform(c, box(0, 100, 64, 116));
    const BodyId rider = add_mover(c, box(10, 80, 20, 100));
    add_static(c, box(0, 0, 64, 70)); // ceiling: 10 units of room above the rider
    r = move_platform(c, lift, v2(0, -6));
    BOOST_TEST(r.crushed.empty());
    BOOST_TEST(bool(c.box(rider) == box(10, 74, 20, 94)));
    r = move_platform(c, lift, v2(0, -6));
    BOOST_TEST(lists(r.crushed, {rider}));
    BOOST_TEST(r.stopped);
    BOOST_TEST(bool(r.moved == v2(0, -4)));
    BOOST_TEST(bool(c.box(rider) == box(10, 70, 20, 90)));
    BOOST_TEST(c.box(lift).min.y == 90);
    r = move_platform(c, lift, v2(0, -6)); // against it already: no motion at all
    BOOST_TEST(lists(r.crushed, {rider}));
    BOOST_TEST(bool(r.moved == v2(0, 0)));
    BOOST_TEST(c.box(lift).min.y == 90);
    r = move_platform(c, lift, v2(0, -6), {.crush = Crush::pass});
    BOOST_TEST(lists(r.crushed, {rider}));
    BOOST_TEST(!r.stopped);
    BOOST_TEST(c.box(lift).min.y == 84);
    BOOST_TEST(bool(c.box(rider) == box(10, 70, 20, 90)));
}

// A fast platform would pass through a rider held by a ceiling, ending beyond it: still crushed.
BOOST_AUTO_TEST_CASE(fast_platform_crushes_what_it_passes) {
    for (const Crush crush : {Crush::stop, Crush::pass}) {
        World w;
        const BodyId lift = add_platform(w, box(0, 100, 64, 116));
        const BodyId rider = add_mover(w, box(10, 80, 20, 100));
        add_static(w, box(0, 0, 64, 70));
        const PlatformResult r = move_platform(w, lift, v2(0, -200), {.crush = crush});
        BOOST_TEST(lists(r.riders, {rider}));
        BOOST_TEST(lists(r.crushed, {rider}));
        BOOST_TEST(bool(w.box(rider) == box(10, 70, 20, 90)));
        BOOST_TEST(w.box(lift).min.y == (crush == Crush::stop ? 90 : -100));
        BOOST_TEST(r.stopped == (crush == Crush::stop));
    }
}

// A platform pushes a body into a wall, in each of the four directions: pushed flush while
// there is room, then crushed; stop keeps the platform flush against it, pass goes on. (Moving
// up, the crate pushed flush onto the platform's top is a rider from then on.)
BOOST_AUTO_TEST_CASE(pushes_into_a_wall) {
    for (int axis = 0; axis < 2; ++axis)
        for (int sign = -1; sign <= 1; sign += 2) {
            // Laid out along +x, then mapped to the direction (axis, sign).
            const auto map = [&](double x0, double y0, double x1, double y1) {
                if (sign < 0) std::swap(x0, x1), x0 = -x0, x1 = -x1;
                return axis == 0 ? box(x0, y0, x1, y1) : box(y0, x0, y1, x1);
            };
            const auto along = [&](double d) { return axis == 0 ? v2(sign * d, 0) : v2(0, sign * d); };
            for (const Crush crush : {Crush::stop, Crush::pass}) {
                World w;
                const BodyId p = add_platform(w, map(0, 0, 20, 20));
                const BodyId crate = add_mover(w, map(24, 5, 34, 15));
                const BodyId wall = add_static(w, map(40, -50, 50, 50));
                const PlatformOptions o{.crush = crush};
                PlatformResult r = move_platform(w, p, along(8), o); // crate pushed 4 units
                BOOST_TEST(lists(r.pushed, {crate}));
                BOOST_TEST(r.crushed.empty());
                BOOST_TEST(bool(w.box(crate) == map(28, 5, 38, 15)));
                r = move_platform(w, p, along(8), o); // 2 units of room left
                // Flush on top of a rising platform, the crate now rides it.
                BOOST_TEST(lists(axis == 1 && sign < 0 ? r.riders : r.pushed, {crate}));
                BOOST_TEST(lists(r.crushed, {crate}));
                BOOST_TEST(bool(w.box(crate) == map(30, 5, 40, 15)));
                BOOST_TEST(!overlaps(w.box(crate), w.box(wall)));
                if (crush == Crush::stop) {
                    BOOST_TEST(r.stopped);
                    BOOST_TEST(bool(r.moved == along(2)));
                    BOOST_TEST(bool(w.box(p) == map(10, 0, 30, 20)));
                } else {
                    BOOST_TEST(!r.stopped);
                    BOOST_TEST(bool(w.box(p) == map(16, 0, 36, 20)));
                    BOOST_TEST(overlaps(w.box(p), w.box(crate)));
                }
            }
        }
}

// A platform moving up into a body standing on the floor above it (a lift reaching a crate on a
// ledge from below) pushes it up; a body hit from the side while the platform rises is pushed
// sideways only.
BOOST_AUTO_TEST_CASE(moving_up_into_a_body) {
    World w;
    const BodyId lift = add_platform(w, box(0, 100, 40, 110));
    const BodyId crate = add_mover(w, box(10, 80, 20, 96));
    PlatformResult r = move_platform(w, lift, v2(0, -10));
    BOOST_TEST(lists(r.pushed, {crate}));
    BOOST_TEST(r.riders.empty());
    BOOST_TEST(bool(w.box(crate) == box(10, 74, 20, 90)));
    // Now it rides.
    r = move_platform(w, lift, v2(0, -10));
    BOOST_TEST(lists(r.riders, {crate}));
    BOOST_TEST(bool(w.box(crate) == box(10, 64, 20, 80)));

    World s;
    const BodyId slider = add_platform(s, box(0, 100, 40, 110));
    const BodyId side = add_mover(s, box(42, 90, 52, 120));
    r = move_platform(s, slider, v2(5, -3));
    BOOST_TEST(lists(r.pushed, {side}));
    BOOST_TEST(bool(s.box(side) == box(45, 90, 55, 120)));
}

// A moving jump-through platform (a one-way body) pushes only with its blocking face: rising
// under a standing hero it lifts it; coming down onto the hero's head, sideways into it, or up
// through it (overlapping at the start), it passes through, as the hero passes through it.
BOOST_AUTO_TEST_CASE(a_jump_through_platform_pushes_only_with_its_top) {
    struct Case {
        const char* name;
        Aabb platform;
        Vec2 delta;
        bool lifts;
    };
    const Case cases[] = {{"up from below the hero's feet", box(32, 104, 64, 108), v2(0, -30), true},
                          {"down onto the hero's head", box(32, 60, 64, 64), v2(0, 30), false},
                          {"sideways through the hero", box(0, 90, 30, 94), v2(30, 0), false},
                          {"up through the hero", box(32, 96, 64, 100), v2(0, -30), false}};
    for (const Case& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            World w;
            add_static(w, box(0, 100, 200, 116)); // the floor
            const Aabb start = box(40, 84, 56, 100);
            const BodyId hero = add_mover(w, start);
            const BodyId ferry = w.add({.box = c.platform, .is_platform = true, .one_way = OneWay::down});
            const PlatformResult r = move_platform(w, ferry, c.delta);
            BOOST_TEST(bool(r.moved == c.delta));
            BOOST_TEST(r.crushed.empty());
            if (c.lifts) {
                BOOST_TEST(lists(r.pushed, {hero}));
                BOOST_TEST(bool(w.box(hero) == box(40, 58, 56, 74))); // on the ferry's new top
            } else {
                BOOST_TEST(r.pushed.empty());
                BOOST_TEST(bool(w.box(hero) == start));
            }
        }
    }
    // A gate that blocks bodies moving left (its right face) pushes with that face only.
    World w;
    const BodyId crate = add_mover(w, box(50, 0, 60, 10));
    const BodyId gate = w.add({.box = box(40, -20, 44, 20), .is_platform = true, .one_way = OneWay::left});
    PlatformResult r = move_platform(w, gate, v2(10, 0));
    BOOST_TEST(lists(r.pushed, {crate}));
    BOOST_TEST(bool(w.box(crate) == box(54, 0, 64, 10)));
    w.teleport(crate, box(20, 0, 30, 10));
    r = move_platform(w, gate, v2(-30, 0));
    BOOST_TEST(r.pushed.empty());
    BOOST_TEST(bool(w.box(crate) == box(20, 0, 30, 10)));
}

// A body that already overlaps the platform is neither carried nor pushed (its own next move
// recovers it, rule 7), and a platform with no motion moves nothing.
BOOST_AUTO_TEST_CASE(overlapping_and_still) {
    World w;
    const BodyId p = add_platform(w, box(0, 100, 64, 116));
    const BodyId inside = add_mover(w, box(10, 95, 20, 105));
    const BodyId rider = add_mover(w, box(30, 80, 40, 100));
    PlatformResult r = move_platform(w, p, v2(0, -5));
    BOOST_TEST(lists(r.riders, {rider}));
    BOOST_TEST(r.pushed.empty());
    BOOST_TEST(bool(w.box(inside) == box(10, 95, 20, 105)));
    r = move_platform(w, p, v2(0, 0));
    BOOST_TEST(lists(r.riders, {rider}));
    BOOST_TEST(bool(w.box(rider) == box(30, 75, 40, 95)));
}

// Any `up`: a platform on a wall (up = +x) carries what leans on its right face.
BOOST_AUTO_TEST_CASE(other_up_directions) {
    for (int axis = 0; axis < 2; ++axis)
        for (int sign = -1; sign <= 1; sign += 2) {
            World w;
            const BodyId p = add_platform(w, box(0, 0, 20, 20));
            Vec2 up{0, 0};
            up[axis] = real(sign);
            Aabb b = box(5, 5, 15, 15);
            b.min[axis] = sign > 0 ? 20 : -10;
            b.max[axis] = sign > 0 ? 30 : 0;
            const BodyId leaning = add_mover(w, b);
            Vec2 d{0, 0};
            d[1 - axis] = 3;
            const PlatformResult r = move_platform(w, p, d, {.up = up});
            BOOST_TEST(lists(r.riders, {leaning}));
            BOOST_TEST(bool(w.box(leaning) == b.translated(d)));
        }
}

// The hero rides a platform back and forth for 10,000 frames, falling onto it under gravity
// every frame (the game's own move first, then the platform): its offset on the platform never
// changes, bit for bit, and it never sinks into it. Game coordinates: a 2-unit-per-frame path
// with an ease of quarter units, and a lift going up and down.
BOOST_AUTO_TEST_CASE(ten_thousand_frames) {
    for (const Vec2 step : {v2(2.25, 0), v2(0, 1.5), v2(1.75, -0.75)}) {
        World w;
        w.add({.box = box(-1000, 400, 1000, 420), .is_static = true});
        const BodyId p = add_platform(w, box(100, 200, 164, 216));
        const BodyId hero = add_mover(w, box(120, 160, 132, 190));
        MoveResult m;
        PlatformResult r;
        w.move(hero, v2(0, 20), {}, m); // lands on the platform
        BOOST_REQUIRE(w.box(hero).max.y == w.box(p).min.y);
        const real dx = w.box(hero).min.x - w.box(p).min.x;
        const real dy = w.box(hero).max.y - w.box(p).min.y;
        bool kept = true, above = true;
        for (int frame = 0; frame < 10000; ++frame) {
            w.move(hero, v2(0, 3), {}, m);
            const real sign = (frame / 120) % 2 == 0 ? 1 : -1;
            move_platform(w, p, step * sign, {}, r);
            kept = kept && r.riders.size() == 1 && same_bits(w.box(hero).min.x - w.box(p).min.x, dx) &&
                   same_bits(w.box(hero).max.y - w.box(p).min.y, dy);
            above = above && !overlaps(w.box(hero), w.box(p));
        }
        BOOST_TEST(kept);
        BOOST_TEST(above);
    }
}

// A sideways platform pushes a row of three crates along a floor: the front crate moves first,
// each pushes the next, and the row keeps its gaps closed (flush one against the next).
BOOST_AUTO_TEST_CASE(pushes_a_row) {
    World w;
    add_static(w, box(-100, 20, 300, 30));
    const BodyId p = add_platform(w, box(0, 0, 20, 20));
    const BodyId c1 = add_mover(w, box(24, 10, 34, 20));
    const BodyId c2 = add_mover(w, box(34, 10, 44, 20));
    const BodyId c3 = add_mover(w, box(46, 10, 56, 20));
    PlatformResult r = move_platform(w, p, v2(8, 0));
    BOOST_TEST(lists(r.pushed, {c3, c2, c1}));
    BOOST_TEST(r.riders.empty());
    BOOST_TEST(r.crushed.empty());
    BOOST_TEST(bool(w.box(c1) == box(28, 10, 38, 20)));
    BOOST_TEST(bool(w.box(c2) == box(38, 10, 48, 20)));
    BOOST_TEST(bool(w.box(c3) == box(48, 10, 58, 20)));
    for (int frame = 0; frame < 40; ++frame) move_platform(w, p, v2(2.5, 0), {}, r);
    BOOST_TEST(lists(r.pushed, {c3, c2, c1}));
    BOOST_TEST(bool(w.box(c1) == box(128, 10, 138, 20)));
    BOOST_TEST(bool(w.box(c3) == box(148, 10, 158, 20)));
    // Back: the platform leaves the row where it is.
    r = move_platform(w, p, v2(-5, 0));
    BOOST_TEST(r.pushed.empty());
    BOOST_TEST(bool(w.box(c1) == box(128, 10, 138, 20)));
}

// The row pushed into a wall: every crate ends flush against the next and the last against the
// wall, never in it; the crate the platform's path meets is crushed (the first of the row), the
// others got out of its path. Crush::stop stops the platform flush against it; Crush::pass
// goes on through it, and its next move leaves the crate it overlaps out and crushes the next.
BOOST_AUTO_TEST_CASE(pushes_a_row_into_a_wall) {
    for (const Crush crush : {Crush::stop, Crush::pass}) {
        World w;
        const BodyId p = add_platform(w, box(0, 0, 20, 20));
        const BodyId c1 = add_mover(w, box(20, 5, 30, 15));
        const BodyId c2 = add_mover(w, box(30, 5, 40, 15));
        const BodyId c3 = add_mover(w, box(40, 5, 50, 15));
        const BodyId wall = add_static(w, box(52, -50, 60, 50));
        PlatformResult r = move_platform(w, p, v2(8, 0), {.crush = crush});
        BOOST_TEST(lists(r.pushed, {c3, c2, c1}));
        BOOST_TEST(lists(r.crushed, {c1}));
        BOOST_TEST(bool(w.box(c1) == box(22, 5, 32, 15)));
        BOOST_TEST(bool(w.box(c2) == box(32, 5, 42, 15)));
        BOOST_TEST(bool(w.box(c3) == box(42, 5, 52, 15)));
        BOOST_TEST(!overlaps(w.box(c3), w.box(wall)));
        if (crush == Crush::stop) {
            BOOST_TEST(r.stopped);
            BOOST_TEST(bool(r.moved == v2(2, 0)));
            BOOST_TEST(bool(w.box(p) == box(2, 0, 22, 20)));
        } else {
            BOOST_TEST(!r.stopped);
            BOOST_TEST(bool(w.box(p) == box(8, 0, 28, 20)));
            // c1 overlaps the platform now: left out; its path meets c2, which pushes c3.
            r = move_platform(w, p, v2(8, 0), {.crush = crush});
            BOOST_TEST(lists(r.pushed, {c3, c2}));
            BOOST_TEST(lists(r.crushed, {c2}));
            BOOST_TEST(bool(w.box(c2) == box(32, 5, 42, 15)));
            BOOST_TEST(bool(w.box(c3) == box(42, 5, 52, 15)));
            BOOST_TEST(bool(w.box(p) == box(16, 0, 36, 20)));
        }
    }
}

// A stack on a lift: a crate on the lift, a crate on it, a hero on top. Each frame the bodies'
// own gravity (bottom first), then the lift; up and down, sideways and diagonal, for 3,000
// frames: every body keeps its offset on the one under it bit for bit, and the riders move top
// first toward `up`, bottom first otherwise.
BOOST_AUTO_TEST_CASE(stack_rides_a_lift) {
    for (const Vec2 step : {v2(0, 1.5), v2(2.25, 0), v2(1.75, -0.75)}) {
        World w;
        add_static(w, box(-2000, 900, 2000, 920));
        const BodyId lift = add_platform(w, box(100, 200, 164, 216));
        const BodyId a = add_mover(w, box(110, 180, 134, 200));
        const BodyId b = add_mover(w, box(114, 164, 130, 180));
        const BodyId hero = add_mover(w, box(118, 140, 126, 164));
        const std::pair<BodyId, BodyId> pairs[] = {{a, lift}, {b, a}, {hero, b}};
        std::vector<std::pair<real, real>> offsets;
        for (const auto& [top, under] : pairs)
            offsets.emplace_back(w.box(top).min.x - w.box(under).min.x, w.box(top).max.y - w.box(under).min.y);
        MoveResult m;
        PlatformResult r;
        bool kept = true, order = true;
        for (int frame = 0; frame < 3000; ++frame) {
            for (const BodyId id : {a, b, hero}) w.move(id, v2(0, 3), {}, m);
            const real sign = (frame / 120) % 2 == 0 ? 1 : -1;
            const Vec2 d = step * sign;
            move_platform(w, lift, d, {}, r);
            const bool up = d.y < 0;
            order = order && (up ? lists(r.riders, {hero, b, a}) : lists(r.riders, {a, b, hero}));
            for (std::size_t i = 0; i < 3; ++i) {
                const auto& [top, under] = pairs[i];
                kept = kept && same_bits(w.box(top).min.x - w.box(under).min.x, offsets[i].first) &&
                       same_bits(w.box(top).max.y - w.box(under).min.y, offsets[i].second);
            }
        }
        BOOST_TEST(kept);
        BOOST_TEST(order);
        BOOST_TEST(r.pushed.empty());
        BOOST_TEST(r.crushed.empty());
    }
}

// A hero standing on a crate on a lift, carried up into a ceiling: the hero stops against the
// ceiling (never in it) and is not crushed; the crate stops flush under it and is the body the
// lift's path meets, so it is crushed: Crush::stop stops the lift flush under the crate,
// Crush::pass goes on into the crate. Sideways, a stacked hero meeting a low wall stops against
// it while the crate and the lift go on under it: nobody is crushed.
BOOST_AUTO_TEST_CASE(stacked_rider_meets_ceiling) {
    for (const Crush crush : {Crush::stop, Crush::pass}) {
        World w;
        const BodyId lift = add_platform(w, box(0, 100, 64, 116));
        const BodyId crate = add_mover(w, box(10, 80, 30, 100));
        const BodyId hero = add_mover(w, box(14, 56, 26, 80));
        const BodyId ceiling = add_static(w, box(0, 0, 64, 50));
        const PlatformResult r = move_platform(w, lift, v2(0, -10), {.crush = crush});
        BOOST_TEST(lists(r.riders, {hero, crate}));
        BOOST_TEST(lists(r.crushed, {crate}));
        BOOST_TEST(bool(w.box(hero) == box(14, 50, 26, 74)));
        BOOST_TEST(bool(w.box(crate) == box(10, 74, 30, 94)));
        BOOST_TEST(!overlaps(w.box(hero), w.box(ceiling)));
        BOOST_TEST(r.stopped == (crush == Crush::stop));
        BOOST_TEST(w.box(lift).min.y == (crush == Crush::stop ? 94 : 90));
    }
    World w;
    const BodyId lift = add_platform(w, box(0, 100, 64, 116));
    const BodyId crate = add_mover(w, box(10, 80, 30, 100));
    const BodyId hero = add_mover(w, box(14, 56, 26, 80));
    add_static(w, box(30, 0, 40, 70)); // hangs from above, down to the hero's middle
    const PlatformResult r = move_platform(w, lift, v2(8, 0));
    BOOST_TEST(lists(r.riders, {crate, hero}));
    BOOST_TEST(r.crushed.empty());
    BOOST_TEST(bool(w.box(crate) == box(18, 80, 38, 100)));
    BOOST_TEST(bool(w.box(hero) == box(18, 56, 30, 80)));
}

// A body standing across two riders rides on the first of them by id; a body standing on a
// pushed body is not carried; a rider does not push.
BOOST_AUTO_TEST_CASE(who_rides_a_stack) {
    World w;
    const BodyId p = add_platform(w, box(0, 100, 64, 116));
    const BodyId left = add_mover(w, box(10, 90, 20, 100));
    const BodyId right = add_mover(w, box(20, 90, 30, 100));
    const BodyId across = add_mover(w, box(15, 80, 25, 90));
    const BodyId pushed = add_mover(w, box(64, 100, 74, 116));
    const BodyId on_pushed = add_mover(w, box(64, 90, 74, 100));
    PlatformResult r = move_platform(w, p, v2(4, 0));
    BOOST_TEST(lists(r.riders, {right, left, across}));
    BOOST_TEST(lists(r.pushed, {pushed}));
    BOOST_TEST(bool(w.box(across) == box(19, 80, 29, 90)));
    BOOST_TEST(bool(w.box(on_pushed) == box(64, 90, 74, 100)));
    BOOST_TEST(bool(w.box(pushed) == box(68, 100, 78, 116)));
}

// Bad input: each throws Error and leaves every body where it was.
BOOST_AUTO_TEST_CASE(bad_input) {
    World w;
    const BodyId p = add_platform(w, box(0, 100, 64, 116));
    const BodyId hero = add_mover(w, box(10, 80, 20, 100));
    const real inf = std::numeric_limits<real>::infinity();
    BOOST_CHECK_THROW((void)move_platform(w, hero, v2(1, 0)), Error);
    BOOST_CHECK_THROW((void)move_platform(w, BodyId{}, v2(1, 0)), Error);
    BOOST_CHECK_THROW((void)move_platform(w, p, v2(inf, 0)), Error);
    BOOST_CHECK_THROW((void)move_platform(w, p, v2(std::nan(""), 0)), Error);
    BOOST_CHECK_THROW((void)move_platform(w, p, v2(1, 0), {.up = v2(0, -2)}), Error);
    BOOST_CHECK_THROW((void)move_platform(w, p, v2(1, 0), {.up = v2(1, -1)}), Error);
    BOOST_CHECK_THROW((void)move_platform(w, p, v2(1, 0), {.crush = Crush(7)}), Error);
    const real big = std::numeric_limits<real>::max();
    const BodyId far = w.add({.box = Aabb{{big * real(0.5), 0}, {big * real(0.5), 10}}, .is_platform = true});
    BOOST_CHECK_THROW((void)move_platform(w, far, v2(big * real(0.75), 0)), Error);
    BOOST_CHECK_THROW(w.add({.box = box(0, 0, 1, 1), .is_static = true, .is_platform = true}), Error);
    BOOST_TEST(bool(w.box(p) == box(0, 100, 64, 116)));
    BOOST_TEST(bool(w.box(hero) == box(10, 80, 20, 100)));
    BOOST_TEST(w.info(p).is_platform);
    BOOST_TEST(!w.info(hero).is_platform);
}

// A rider whose own move throws midway (its carried box would leave the finite range) rolls
// back the whole platform move: pushed bodies, riders and the platform where they were.
BOOST_AUTO_TEST_CASE(throw_rolls_back) {
    World w;
    const real big = std::numeric_limits<real>::max();
    const BodyId p = add_platform(w, box(0, 100, 64, 116));
    const BodyId crate = add_mover(w, box(70, 100, 80, 110));
    // A rider so wide that moving it overflows its max edge, while the platform's does not.
    const BodyId wide = add_mover(w, Aabb{{real(-10), real(90)}, {big * real(0.75), real(100)}});
    const Aabb wide_box = w.box(wide);
    BOOST_CHECK_THROW((void)move_platform(w, p, v2(big * real(0.5), 0)), Error);
    BOOST_TEST(bool(w.box(p) == box(0, 100, 64, 116)));
    BOOST_TEST(bool(w.box(crate) == box(70, 100, 80, 110)));
    BOOST_TEST(bool(w.box(wide) == wide_box));
}

// Random worlds: closed rooms of static walls, platforms moving inside them with riders and
// bodies in the way. No rider or pushed body ever ends inside a wall or leaves its room, and
// every platform move is the same as a brute-force world's.
BOOST_AUTO_TEST_CASE(random_rooms) {
    std::mt19937 rng(27);
    std::uniform_int_distribution<int> coord(0, 40), size(1, 12), step(-6, 6);
    std::size_t carried = 0, pushed = 0, crushed = 0;
    for (int world_i = 0; world_i < 60; ++world_i) {
        World w, ref({.brute_force = true});
        std::vector<Aabb> walls{box(-10, -10, 110, 0), box(-10, 100, 110, 110), box(-10, 0, 0, 100),
                                box(100, 0, 110, 100)};
        for (int i = 0; i < 4; ++i) {
            const double x = coord(rng) * 2, y = coord(rng) * 2;
            walls.push_back(box(x, y, x + size(rng), y + 1));
        }
        for (const Aabb& b : walls) {
            add_static(w, b);
            add_static(ref, b);
        }
        std::vector<BodyId> platforms, bodies;
        for (int i = 0; i < 8; ++i) {
            const double x = 5 + coord(rng) * 2, y = 5 + coord(rng) * 2;
            const Aabb b = box(x, y, x + size(rng), y + size(rng) / 2.0);
            bool clear = !rooms::reaches_solid_interior(b, walls);
            for (BodyId o : bodies) clear = clear && !overlaps(b, w.box(o));
            for (BodyId o : platforms) clear = clear && !overlaps(b, w.box(o));
            if (!clear) continue;
            const bool platform = i % 3 == 0;
            const BodyId id = w.add({.box = b, .is_platform = platform});
            ref.add({.box = b, .is_platform = platform});
            (platform ? platforms : bodies).push_back(id);
        }
        PlatformResult r, rr;
        for (int frame = 0; frame < 40; ++frame)
            for (BodyId p : platforms) {
                const Vec2 d = v2(step(rng) * 0.5, step(rng) * 0.5);
                const PlatformOptions o{.crush = frame % 2 ? Crush::pass : Crush::stop};
                move_platform(w, p, d, o, r);
                move_platform(ref, p, d, o, rr);
                same_as_reference(w, ref, r, rr, bodies, walls, 100);
                carried += r.riders.size();
                pushed += r.pushed.size();
                crushed += r.crushed.size();
            }
    }
    // The worlds did exercise every case.
    BOOST_TEST_MESSAGE("carried " << carried << ", pushed " << pushed << ", crushed " << crushed);
    BOOST_TEST(carried > 0);
    BOOST_TEST(pushed > 0);
    BOOST_TEST(crushed > 0);
}

// Random rooms built of stacks and rows: each platform with a stack of crates on it and a row of
// crates beside it, moved in random directions with stop and pass. No body ever ends inside a
// wall or out of its room, and every answer equals a brute-force world's, bit for bit.
BOOST_AUTO_TEST_CASE(random_stacks_and_rows) {
    std::mt19937 rng(2027);
    std::uniform_int_distribution<int> coord(0, 30), size(2, 8), step(-8, 8), count(0, 3);
    std::size_t stacked = 0, chained = 0, crushed = 0;
    for (int world_i = 0; world_i < 40; ++world_i) {
        World w, ref({.brute_force = true});
        std::vector<Aabb> walls{box(-10, -10, 130, 0), box(-10, 120, 130, 130), box(-10, 0, 0, 120),
                                box(120, 0, 130, 120)};
        for (int i = 0; i < 3; ++i) {
            const double x = coord(rng) * 4, y = coord(rng) * 4;
            walls.push_back(box(x, y, x + size(rng), y + 1));
        }
        for (const Aabb& b : walls) {
            add_static(w, b);
            add_static(ref, b);
        }
        std::vector<Aabb> placed;
        std::vector<BodyId> platforms, bodies;
        auto place = [&](const Aabb& b, bool platform) {
            if (rooms::reaches_solid_interior(b, walls) || b.min.x < 0 || b.max.x > 120 || b.min.y < 0 || b.max.y > 120)
                return false;
            for (const Aabb& o : placed)
                if (overlaps(b, o)) return false;
            placed.push_back(b);
            const BodyId id = w.add({.box = b, .is_platform = platform});
            ref.add({.box = b, .is_platform = platform});
            (platform ? platforms : bodies).push_back(id);
            return true;
        };
        for (int i = 0; i < 3; ++i) {
            const double x = 5 + coord(rng) * 3, y = 20 + coord(rng) * 3;
            const double pw = 8 + size(rng) * 2;
            if (!place(box(x, y, x + pw, y + 4), true)) continue;
            // A stack on it (each crate on the one below, narrower or offset), then a row beside it.
            double base = y, left = x, right = x + pw;
            for (int k = count(rng); k > 0; --k) {
                const double cw = size(rng), h = size(rng) / 2.0,
                             cx = left + (right - left - cw) / 2 + step(rng) * 0.25;
                if (!place(box(cx, base - h, cx + cw, base), false)) break;
                base -= h, left = cx, right = cx + cw;
            }
            double at = x + pw + step(rng) * 0.25 + 2;
            for (int k = count(rng); k > 0; --k) {
                const double cw = size(rng);
                if (!place(box(at, y, at + cw, y + 4), false)) break;
                at += cw + (k % 2) * 0.5;
            }
        }
        PlatformResult r, rr;
        MoveResult m;
        for (int frame = 0; frame < 40; ++frame) {
            for (const BodyId b : bodies) { // gravity, in the same order in both worlds
                w.move(b, v2(0, 1), {}, m);
                ref.move(b, v2(0, 1), {}, m);
            }
            for (const BodyId p : platforms) {
                const Vec2 d = frame % 3 == 0 ? v2(step(rng) * 0.5, 0) : v2(step(rng) * 0.25, step(rng) * 0.25);
                const PlatformOptions o{.crush = frame % 2 ? Crush::pass : Crush::stop};
                move_platform(w, p, d, o, r);
                move_platform(ref, p, d, o, rr);
                same_as_reference(w, ref, r, rr, bodies, walls, 120);
                for (BodyId id : r.riders) stacked += w.box(id).max.y < r.box.min.y ? 1 : 0;
                chained += r.pushed.size() >= 2 ? 1 : 0;
                crushed += r.crushed.size();
            }
        }
    }
    BOOST_TEST_MESSAGE("stacked riders " << stacked << ", chain pushes " << chained << ", crushed " << crushed);
    BOOST_TEST(stacked > 0);
    BOOST_TEST(chained > 0);
    BOOST_TEST(crushed > 0);
}

BOOST_AUTO_TEST_SUITE_END()
