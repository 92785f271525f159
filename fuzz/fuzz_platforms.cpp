/// @file fuzz_platforms.cpp
/// Fuzz target: moving platforms (platforms.hpp, docs/contract.md M1-M6) never carry or push a
/// body into or through a wall.
///
/// The bytes decode into a closed room of four static walls (0, 1 or 4 units thick, touching at
/// the corners, at an origin among 0, a half-unit offset and large coordinates), up to 3 inner
/// static walls, up to 6 movable bodies (points, planks, boxes) and up to 3 platforms inside it,
/// none overlapping another at the start; then up to 16 steps: a platform move (any axis `up`,
/// stop or pass, deltas in quarter units, non-dyadic, or long) or a body's own fall toward its
/// floor (so that bodies come to ride).
///
/// Checked after every step (a violation prints "sweepbox fuzz: PROPERTY VIOLATED:" and aborts):
/// 1. every movable body lies within the room's closed interior and no point of it lies strictly
///    inside a wall with area (rule 6 through the platform's moves: never into, never through).
///    A body of zero extent across a zero-thickness wall lying on that wall's line has no side
///    of it (the contract does not say which, as in fuzz_world): from a step (a platform's move
///    or its own fall) that starts so, or ends on such a wall's line (got onto it within the
///    step), the body is no longer held to the room (walls with area still hold it);
/// 2. a body the step did not list (riders, pushed) kept its box bit for bit; no body is listed
///    twice; crushed bodies are listed ones; a listed body that overlaps the platform's new box
///    is crushed; with Crush::stop a crush stops the move; every rider stood at the start on the
///    platform's top face or on a rider's (stacks), and every pushed body met the platform's
///    sweep or lay within one push (the longest component of delta) of a pushed body (chains);
/// 3. the platform's box is its old box translated by `moved`, and `moved` is `delta` unless stopped;
/// 4. a WorldDef::brute_force world given the same steps gives the same answers, bit for bit.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>
#include <sweepbox/platforms.hpp>
#include <sweepbox/world.hpp>
#include "fuzz_common.hpp"
#include "room_check.hpp"

using namespace sweepbox;
using namespace sweepbox::fuzz;

namespace {

struct Setup {
    std::vector<Aabb> walls;
    std::vector<Aabb> bodies;
    std::vector<Aabb> platforms;
    Aabb interior{};
};

real quarter(ByteReader& in, std::uint32_t range) { return real(in.below(range * 4)) / 4; }

Setup decode(ByteReader& in) {
    static constexpr double origins[] = {0.0, 0.5, -1000.25, 65536.0, 1e5};
    static constexpr real thickness[] = {0, 1, 4};
    Setup s;
    const real ox = real(origins[in.below(5)]), oy = real(origins[in.below(5)]);
    const real w = 20 + quarter(in, 60), h = 20 + quarter(in, 60), t = thickness[in.below(3)];
    s.interior = {{ox, oy}, {ox + w, oy + h}};
    s.walls = {{{ox - t, oy - t}, {ox + w + t, oy}},
               {{ox - t, oy + h}, {ox + w + t, oy + h + t}},
               {{ox - t, oy}, {ox, oy + h}},
               {{ox + w, oy}, {ox + w + t, oy + h}}};
    // (Sizes are read into locals first: the order in which a call's arguments are evaluated is
    // the compiler's, and a regression input must decode the same under Clang and GCC.)
    auto place = [&](real sx, real sy) {
        const real x = ox + quarter(in, std::uint32_t(w)), y = oy + quarter(in, std::uint32_t(h));
        return Aabb{{x, y}, {std::fmin(x + sx, ox + w), std::fmin(y + sy, oy + h)}};
    };
    static constexpr real sizes[] = {0, 1, 3.5f, 8, 12};
    const std::uint32_t inner = in.below(4), movers = in.below(7), lifts = 1 + in.below(3);
    for (std::uint32_t i = 0; i < inner; ++i) {
        const real sx = sizes[in.below(5)], sy = 1 + quarter(in, 4);
        s.walls.push_back(place(sx, sy));
    }
    auto clear_of_all = [&](const Aabb& b) {
        if (rooms::reaches_solid_interior(b, s.walls)) return false;
        for (const Aabb& o : s.bodies)
            if (overlaps(b, o)) return false;
        for (const Aabb& o : s.platforms)
            if (overlaps(b, o)) return false;
        return true;
    };
    for (std::uint32_t i = 0; i < movers; ++i) {
        const real sx = sizes[in.below(5)], sy = sizes[in.below(5)];
        const Aabb b = place(sx, sy);
        if (clear_of_all(b)) s.bodies.push_back(b);
    }
    for (std::uint32_t i = 0; i < lifts; ++i) {
        const real sx = 4 + quarter(in, 16), sy = 1 + quarter(in, 4);
        const Aabb b = place(sx, sy);
        if (clear_of_all(b)) s.platforms.push_back(b);
    }
    return s;
}

struct Built {
    World world;
    std::vector<BodyId> bodies, platforms;
    explicit Built(const Setup& s, bool brute) : world(WorldDef{.brute_force = brute}) {
        for (const Aabb& b : s.walls) world.add({.box = b, .is_static = true});
        for (const Aabb& b : s.bodies) bodies.push_back(world.add({.box = b}));
        for (const Aabb& b : s.platforms) platforms.push_back(world.add({.box = b, .is_platform = true}));
    }
};

bool listed(const PlatformResult& r, BodyId id) {
    for (const auto* list : {&r.riders, &r.pushed})
        for (BodyId b : *list)
            if (b == id) return true;
    return false;
}

int times_listed(const PlatformResult& r, BodyId id) {
    int n = 0;
    for (const auto* list : {&r.riders, &r.pushed})
        for (BodyId b : *list) n += b == id ? 1 : 0;
    return n;
}

// True when box b, at the start, stood on the top face of box s (against up, its interior over it).
bool stood_on(const Aabb& s, const Aabb& b, Vec2 up) {
    const int a = up.x != 0 ? 0 : 1, o = 1 - a;
    const bool face = up[a] < 0 ? b.max[a] == s.min[a] : b.min[a] == s.max[a];
    return face && b.min[o] < s.max[o] && s.min[o] < b.max[o];
}

// True when the closed box b meets the hull of boxes from and to (the platform's sweep).
bool reaches(const Aabb& from, const Aabb& to, const Aabb& b) {
    const Aabb hull{{std::fmin(from.min.x, to.min.x), std::fmin(from.min.y, to.min.y)},
                    {std::fmax(from.max.x, to.max.x), std::fmax(from.max.y, to.max.y)}};
    return intersects_closed(hull, b);
}

bool is_crushed(const PlatformResult& r, BodyId id) {
    for (BodyId b : r.crushed)
        if (b == id) return true;
    return false;
}

// True when b has zero extent across a zero-thickness wall and lies on that wall's line, within
// its span: then b is on both sides of the wall.
bool on_a_thin_wall(const Aabb& b, const std::vector<Aabb>& walls) {
    for (const Aabb& wall : walls) {
        const bool vertical = wall.min.x == wall.max.x && b.min.x == b.max.x && b.min.x == wall.min.x &&
                              b.max.y >= wall.min.y && b.min.y <= wall.max.y;
        const bool horizontal = wall.min.y == wall.max.y && b.min.y == b.max.y && b.min.y == wall.min.y &&
                                b.max.x >= wall.min.x && b.min.x <= wall.max.x;
        if (vertical || horizontal) return true;
    }
    return false;
}

// True when b has zero extent across a zero-thickness wall and lies on that wall's line,
// anywhere along it.
bool on_a_thin_walls_line(const Aabb& b, const std::vector<Aabb>& walls) {
    for (const Aabb& wall : walls)
        for (int k = 0; k < 2; ++k)
            if (wall.min[k] == wall.max[k] && b.min[k] == b.max[k] && b.min[k] == wall.min[k]) return true;
    return false;
}

bool within(const Aabb& b, const Aabb& room) {
    return b.min.x >= room.min.x && b.min.y >= room.min.y && b.max.x <= room.max.x && b.max.y <= room.max.y;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    const Setup setup = decode(in);
    if (setup.platforms.empty()) return 0;
    Built w(setup, false), ref(setup, true);
    static constexpr real odd[] = {0.1f, -0.3f, 1.0f / 3, 100, -250, 2.5f};
    static constexpr Vec2 ups[] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};
    PlatformResult r, rr;
    MoveResult m, mr;
    std::vector<bool> sideless(w.bodies.size(), false); // once on a thin wall's line: see 1.
    const std::uint32_t steps = 1 + in.below(16);
    for (std::uint32_t step = 0; step < steps; ++step) {
        if (!w.bodies.empty() && in.below(4) == 0) {
            // A body's own fall: it lands on a platform or a wall and may ride from then on.
            const std::size_t k = in.below(std::uint32_t(w.bodies.size()));
            if (on_a_thin_wall(w.world.box(w.bodies[k]), setup.walls)) sideless[k] = true;
            const Vec2 d{0, 1 + quarter(in, 8)};
            w.world.move(w.bodies[k], d, {}, m);
            ref.world.move(ref.bodies[k], d, {}, mr);
            if (!(m.box == mr.box)) fail("step %u: a body's fall differs from the brute-force world", step);
            continue;
        }
        const std::size_t k = in.below(std::uint32_t(w.platforms.size()));
        Vec2 d{0, 0};
        const std::uint32_t kind = in.below(4);
        for (int a = 0; a < 2; ++a) {
            const real sign = in.flag() ? -1 : 1;
            d[a] = kind == 3 ? odd[in.below(6)] : sign * quarter(in, kind == 2 ? 40 : 6);
        }
        const PlatformOptions o{.up = ups[in.below(4)], .crush = in.flag() ? Crush::pass : Crush::stop};
        const BodyId p = w.platforms[k];
        const Aabb before = w.world.box(p);
        std::vector<Aabb> boxes;
        for (std::size_t i = 0; i < w.bodies.size(); ++i) {
            boxes.push_back(w.world.box(w.bodies[i]));
            if (on_a_thin_wall(boxes.back(), setup.walls)) sideless[i] = true;
        }
        move_platform(w.world, p, d, o, r);
        move_platform(ref.world, ref.platforms[k], d, o, rr);
        const Aabb after = w.world.box(p);
        // 3.
        if (!(after == before.translated(r.moved)) || !(r.box == after))
            fail("step %u: the platform's box %s is not %s moved by %s", step, str(after).c_str(), str(before).c_str(),
                 str(r.moved).c_str());
        if (!r.stopped && !(r.moved == d)) fail("step %u: moved %s without a stop", step, str(r.moved).c_str());
        if (o.crush == Crush::stop && !r.crushed.empty() && !r.stopped) fail("step %u: crushed, not stopped", step);
        // 1, 2.
        for (std::size_t i = 0; i < w.bodies.size(); ++i) {
            const BodyId b = w.bodies[i];
            const Aabb at = w.world.box(b);
            // A body the step left overlapping another is pushed out of it first by its next
            // move (rule 7), flush with a face that may lie on a thin wall's line, and may go on
            // along that line past the wall's end: ending on the line, it got onto it within the
            // step.
            if (on_a_thin_walls_line(at, setup.walls)) sideless[i] = true;
            if ((!sideless[i] && !within(at, setup.interior)) || rooms::reaches_solid_interior(at, setup.walls))
                fail("step %u: body %zu at %s (from %s) is in a wall or out of the room %s", step, i, str(at).c_str(),
                     str(boxes[i]).c_str(), str(setup.interior).c_str());
            const bool moved_it = listed(r, b);
            if (!moved_it && !(at == boxes[i])) fail("step %u: body %zu moved without being listed", step, i);
            if (times_listed(r, b) > 1) fail("step %u: body %zu listed twice", step, i);
            if (is_crushed(r, b) && !moved_it) fail("step %u: body %zu crushed but not listed", step, i);
            if (moved_it && overlaps(at, after) && !is_crushed(r, b))
                fail("step %u: body %zu overlaps the platform and is not crushed", step, i);
        }
        // 2: stacks and chains.
        auto start_of = [&](BodyId id) {
            for (std::size_t i = 0; i < w.bodies.size(); ++i)
                if (w.bodies[i] == id) return boxes[i];
            fail("step %u: a listed body is not a movable body", step);
        };
        for (BodyId id : r.riders) {
            bool on = stood_on(before, start_of(id), o.up);
            for (BodyId s : r.riders) on = on || (s != id && stood_on(start_of(s), start_of(id), o.up));
            if (!on) fail("step %u: a rider stood on neither the platform nor a rider", step);
        }
        for (BodyId id : r.pushed) {
            // A pushed body moves by World::move, so rule 7 may first push it out of what the push
            // left it in (as far as its reach): the next in a chain lies along that whole way, the
            // box from its start to its end, within a push (the platform's longest component).
            const real reach = std::fmax(std::fabs(d.x), std::fabs(d.y));
            bool met = reaches(before, before.translated(d), start_of(id));
            for (BodyId s : r.pushed) {
                const Aabb way = merge(start_of(s), w.world.box(s));
                met = met || (s != id && intersects_closed({way.min - Vec2{reach, reach}, way.max + Vec2{reach, reach}},
                                                           start_of(id)));
            }
            if (!met) fail("step %u: a pushed body met neither the platform nor a pushed body", step);
        }
        // 4.
        if (!(r.box == rr.box) || !(r.moved == rr.moved) || r.stopped != rr.stopped || r.riders != rr.riders ||
            r.pushed != rr.pushed || r.crushed != rr.crushed)
            fail("step %u: the platform move differs from the brute-force world's", step);
        for (std::size_t i = 0; i < w.bodies.size(); ++i)
            if (!(w.world.box(w.bodies[i]) == ref.world.box(ref.bodies[i])))
                fail("step %u: body %zu differs from the brute-force world's", step, i);
    }
    return 0;
}
