// Moving platforms (platforms.hpp), composed of the world's public moves and queries: the bodies
// a platform moves go through World::move, so rules 5 to 7 hold for them as for any move.

#include <sweepbox/platforms.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "world/frame_motion.hpp"

namespace sweepbox {

namespace {

// A body carried by the platform: a rider, or a body standing on one (level > 0).
struct Carried {
    double key = 0;   // minus the position along the motion: front first
    int level = 0;    // 0: on the platform; n + 1: on a body of level n
    BodyId id{};      // the body
    BodyId support{}; // the body it stands on (null: the platform)
    Aabb start{};     // its box at the start of the call
    std::uint32_t category = 0, mask = 0;
    Vec2 got{0, 0}; // the displacement it got in this round
};

// The lists of move_platform on this thread (reused: no allocation in steady state). A platform
// move never runs inside another: the world's moves it calls take no platform callbacks.
struct PlatformScratch {
    std::vector<CastHit> hits;
    std::vector<Other> touching;
    std::vector<Carried> riders;
    std::vector<BodyId> handled; // pushed (or met and left) in this round: each body moves once
    std::vector<std::pair<BodyId, Aabb>> undo;
    std::vector<BodyId> stop_crushed;           // crushed bodies the platform stops against
    std::vector<Aabb> reached;                  // of stop_crushed
    std::vector<std::pair<BodyId, Aabb>> fresh; // crushed in a round, not yet in stop_crushed
    MoveResult move;
    detail::MotionUndo motion; // the frame's motions before the round (T1)
};

PlatformScratch& platform_scratch() {
    thread_local PlatformScratch s;
    return s;
}

// The axis of `up` and its sign, or throws.
std::pair<int, real> up_axis(Vec2 up) {
    if (up.x == 0 && (up.y == 1 || up.y == -1)) return {1, up.y};
    if (up.y == 0 && (up.x == 1 || up.x == -1)) return {0, up.x};
    throw Error("move_platform", "up must be (0, -1), (0, 1), (-1, 0) or (1, 0)");
}

bool is_rider(const Aabb& p, const Aabb& b, int a, real s) {
    const int o = 1 - a;
    const bool on_face = s < 0 ? b.max[a] == p.min[a] : b.min[a] == p.max[a];
    return on_face && b.min[o] < p.max[o] && p.min[o] < b.max[o];
}

// The top face of box b (against up, on axis a with sign s).
Aabb top_face(Aabb b, int a, real s) {
    if (s < 0) b.max[a] = b.min[a];
    else b.min[a] = b.max[a];
    return b;
}

// The motion along axis a (direction sign s) that puts box b just clear of box t on that axis:
// its far edge flush with t's leading edge, or one step of real beyond where the difference
// rounds short of it. Zero when b is clear already.
real clearing_push(const Aabb& b, const Aabb& t, int a, real s) {
    constexpr real inf = std::numeric_limits<real>::infinity();
    real push;
    if (s > 0) {
        push = t.max[a] - b.min[a];
        while (b.min[a] + push < t.max[a]) push = std::nextafter(push, inf);
    } else {
        push = t.min[a] - b.max[a];
        while (b.max[a] + push > t.min[a]) push = std::nextafter(push, -inf);
    }
    return push * s > 0 ? push : real(0);
}

// A body that a body (or platform) of this category and mask moves: movable, not a platform nor
// a sensor (never pushed), interacting with it both ways.
bool movable_by(std::uint32_t category, std::uint32_t mask, const BodyInfo& b) {
    return !b.is_static && !b.is_platform && !b.is_sensor && (category & b.mask) != 0 && (b.category & mask) != 0;
}

// The displacement that stops the platform flush against a crushed body's reachable box e: the
// sweep's time on the other axis, the exact face on the contact's axis (never past it, never
// back past the start). Zero when the sweep does not meet e.
Vec2 stop_against(const Aabb& p, Vec2 d, const Aabb& e) {
    const Sweep sw = sweep_box_box(p, d, e);
    if (sw.state != SweepState::hit) return {0, 0};
    const int a = std::abs(sw.normal.x) > 0 ? 0 : 1;
    const int o = 1 - a;
    Vec2 m{0, 0};
    m[o] = real(double(sw.time) * double(d[o]));
    if (std::abs(m[o]) > std::abs(d[o])) m[o] = d[o];
    if (d[a] > 0) {
        m[a] = e.min[a] - p.max[a];
        while (p.max[a] + m[a] > e.min[a]) m[a] = std::nextafter(m[a], -std::numeric_limits<real>::infinity());
    } else {
        m[a] = e.max[a] - p.min[a];
        while (p.min[a] + m[a] < e.max[a]) m[a] = std::nextafter(m[a], std::numeric_limits<real>::infinity());
    }
    if (m[a] * d[a] < 0) m[a] = 0;
    if (std::abs(m[a]) > std::abs(d[a])) m[a] = d[a];
    return m;
}

// True when the platform p, moved by d, would meet box b on the way (or overlaps it already):
// a body there did not get out of its way.
bool in_path(const Aabb& p, Vec2 d, const Aabb& b) {
    return overlaps(p.translated(d), b) || sweep_box_box(p, d, b).state != SweepState::miss;
}

bool contains(const std::vector<BodyId>& list, BodyId id) {
    return std::find(list.begin(), list.end(), id) != list.end();
}

void add_once(std::vector<BodyId>& list, BodyId id) {
    if (!contains(list, id)) list.push_back(id);
}

// The first contact of a move along one axis (a, sign of v) that blocks it face on.
const Contact* blocking_contact(const MoveResult& m, int a, real v) {
    for (const Contact& c : m.contacts)
        if (!c.started_overlapping && c.normal[a] * v < 0) return &c;
    return nullptr;
}

} // namespace

void move_platform(World& world, BodyId platform, Vec2 delta, const PlatformOptions& options, PlatformResult& out) {
    // Every check before anything changes.
    const BodyInfo p = world.info(platform);
    if (!p.is_platform) throw Error("move_platform", "the body is not a platform (BodyDef::is_platform)");
    if (!is_finite(delta)) throw Error("move_platform", "delta has a NaN or infinite component");
    const std::pair<int, real> up = up_axis(options.up);
    const int a_up = up.first;
    const real s_up = up.second;
    if (options.crush != Crush::stop && options.crush != Crush::pass)
        throw Error("move_platform", "crush must be Crush::stop or Crush::pass");
    const Aabb full = p.box.translated(delta);
    if (!is_finite(full.min) || !is_finite(full.max) || !is_finite(full.max - full.min))
        throw Error("move_platform", "the moved platform is out of the finite range of real");

    PlatformScratch& sc = platform_scratch();
    out.riders.clear();
    out.pushed.clear();
    out.crushed.clear();
    out.stopped = false;
    sc.undo.clear();
    sc.stop_crushed.clear();
    sc.reached.clear();

    // Riders at the start, level by level: the platform's, then the bodies standing on them (one
    // query over a level's top faces). A level is taken in id order, so a body standing on two
    // rides on the first by id.
    auto carried = [&](BodyId id) {
        return std::any_of(sc.riders.begin(), sc.riders.end(), [&](const Carried& c) { return c.id == id; });
    };
    sc.riders.clear();
    world.query_rect(top_face(p.box, a_up, s_up), sc.touching,
                     {.category = p.category, .mask = p.mask, .ignore = platform, .tiles = false});
    for (const Other& o : sc.touching) {
        const BodyInfo b = world.info(o.body);
        if (movable_by(p.category, p.mask, b) && is_rider(p.box, b.box, a_up, s_up))
            sc.riders.push_back({.id = o.body, .start = b.box, .category = b.category, .mask = b.mask});
    }
    for (std::size_t begin = 0, level = 1; begin < sc.riders.size(); ++level) {
        const std::size_t end = sc.riders.size();
        std::sort(sc.riders.begin() + std::ptrdiff_t(begin), sc.riders.end(),
                  [](const Carried& x, const Carried& y) { return x.id < y.id; });
        Aabb area = top_face(sc.riders[begin].start, a_up, s_up);
        for (std::size_t i = begin + 1; i < end; ++i) {
            const Aabb f = top_face(sc.riders[i].start, a_up, s_up);
            area = {{std::min(area.min.x, f.min.x), std::min(area.min.y, f.min.y)},
                    {std::max(area.max.x, f.max.x), std::max(area.max.y, f.max.y)}};
        }
        world.query_rect(area, sc.touching, {.ignore = platform, .tiles = false});
        for (const Other& o : sc.touching) {
            if (carried(o.body)) continue;
            const BodyInfo b = world.info(o.body);
            if (overlaps(b.box, p.box)) continue;
            for (std::size_t i = begin; i < end; ++i) {
                const Carried& under = sc.riders[i];
                if (!is_rider(under.start, b.box, a_up, s_up) || !movable_by(under.category, under.mask, b)) continue;
                sc.riders.push_back({.level = int(level),
                                     .id = o.body,
                                     .support = under.id,
                                     .start = b.box,
                                     .category = b.category,
                                     .mask = b.mask});
                break;
            }
        }
        begin = end;
    }
    // Bodies in the way, nearest first.
    const QueryFilter filter{.category = p.category, .mask = p.mask, .ignore = platform, .tiles = false};
    world.cast_all(p.box, delta, sc.hits, filter);
    // A one-way platform (a moving jump-through platform) pushes only with its blocking face,
    // the one a body moving in its direction meets (the cast's normal is that direction): the
    // other faces pass through bodies, as bodies pass through them.
    static constexpr Vec2 blocking_normal[] = {{0, 0}, {0, 1}, {0, -1}, {-1, 0}, {1, 0}};
    const Vec2 face = blocking_normal[std::size_t(p.one_way)];
    auto pushable = [&](const CastHit& h) {
        if (h.started_overlapping || !h.other.is_body() || carried(h.other.body)) return false;
        if (p.one_way != OneWay::none && !(h.normal == face)) return false;
        return movable_by(p.category, p.mask, world.info(h.other.body));
    };
    auto push_of = [&](const CastHit& h, const Aabb& target) {
        const int a = std::abs(h.normal.x) > 0 ? 0 : 1;
        Vec2 push{0, 0};
        push[a] = clearing_push(world.box(h.other.body), target, a, -h.normal[a]);
        return push;
    };

    Vec2 moved = delta;
    const bool up_first = delta[a_up] * s_up > 0;
    const bool stop = options.crush == Crush::stop;
    // Crush::stop: the platform stops at the first contact with where a crushed body got.
    real t_best = 2;
    auto consider = [&](BodyId id, const Aabb& reached) {
        if (!in_path(p.box, delta, reached)) return;
        sc.stop_crushed.push_back(id);
        sc.reached.push_back(reached);
        const Sweep sw = sweep_box_box(p.box, delta, reached);
        const real t = sw.state == SweepState::hit ? sw.time : real(0);
        if (t < t_best) {
            t_best = t;
            moved = stop_against(p.box, delta, reached);
        }
    };
    // The stop rounded on the other axis, or reached before another crushed body's contact
    // axis, could still overlap one: then the platform does not move.
    auto settle_stop = [&] {
        if (sc.stop_crushed.empty()) return;
        out.stopped = true;
        const Aabb at = p.box.translated(moved);
        for (const Aabb& r : sc.reached)
            if (overlaps(r, at)) moved = {0, 0};
    };

    // Carried bodies in moving order: toward `up` the top of a stack first (it is in front),
    // otherwise the bottom first (a body moves by what the one under it got); then front first
    // along the motion, then by id.
    for (Carried& c : sc.riders)
        c.key = -(double(delta.x) * (double(c.start.min.x) + double(c.start.max.x)) +
                  double(delta.y) * (double(c.start.min.y) + double(c.start.max.y)));
    std::sort(sc.riders.begin(), sc.riders.end(), [&](const Carried& x, const Carried& y) {
        if (x.level != y.level) return up_first ? x.level > y.level : x.level < y.level;
        return x.key != y.key ? x.key < y.key : x.id < y.id;
    });

    auto undo = [&] {
        for (std::size_t i = sc.undo.size(); i-- > 0;) world.teleport(sc.undo[i].first, sc.undo[i].second);
        sc.undo.clear();
        sc.motion.restore(world);
    };
    // The moves, in order, at full length first. With Crush::stop, a crushed body undoes the
    // round and the platform stops against it; every round adds a crushed body, so they end.
    Aabb target = p.box;
    for (;;) {
        target = p.box.translated(moved);
        out.riders.clear();
        out.pushed.clear();
        out.crushed = sc.stop_crushed;
        sc.fresh.clear();
        sc.handled.clear();
        sc.motion.mark(world);
        // A body ahead of the platform (pushed, or carried toward up) is crushed when the
        // platform's path meets where it got; a body carried away from up, when it ends inside it.
        auto move_body = [&](BodyId id, Vec2 d, bool ahead) {
            sc.motion.save(world, id);
            sc.undo.emplace_back(id, world.box(id));
            world.move(id, d, {}, sc.move);
            if (!(ahead ? in_path(p.box, moved, sc.move.box) : overlaps(sc.move.box, target))) return;
            add_once(out.crushed, id);
            if (stop && !contains(sc.stop_crushed, id)) sc.fresh.emplace_back(id, sc.move.box);
        };
        // Pushes body id by v (along one axis) after the movable bodies its move would meet
        // (each clear of its goal, transitively), so a row moves front first and ends flush.
        auto push = [&](auto& self, BodyId id, Vec2 v) -> void {
            const int a = v.x != 0 ? 0 : 1;
            const BodyInfo b = world.info(id);
            const Aabb goal = b.box.translated(v);
            for (;;) {
                world.check(id, v, {}, sc.move);
                if (sc.move.box == goal) break;
                const Contact* c = blocking_contact(sc.move, a, v[a]);
                if (c == nullptr || !c->other.is_body()) break;
                const BodyId next = c->other.body;
                if (contains(sc.handled, next) || carried(next)) break;
                const BodyInfo n = world.info(next);
                if (!movable_by(b.category, b.mask, n) || overlaps(n.box, p.box)) break;
                sc.handled.push_back(next);
                Vec2 w{0, 0};
                w[a] = clearing_push(n.box, goal, a, v[a] > 0 ? real(1) : real(-1));
                if (w[a] == 0) break;
                self(self, next, w);
            }
            out.pushed.push_back(id);
            move_body(id, v, true);
        };
        auto carry_riders = [&] {
            for (Carried& c : sc.riders) {
                out.riders.push_back(c.id);
                Vec2 d = moved;
                if (!up_first && !c.support.is_null())
                    d = std::find_if(sc.riders.begin(), sc.riders.end(), [&](const Carried& s) {
                            return s.id == c.support;
                        })->got;
                c.got = {0, 0};
                if (d.x == 0 && d.y == 0) continue;
                move_body(c.id, d, up_first);
                c.got = sc.move.box == c.start.translated(d) ? d : sc.move.box.min - c.start.min;
            }
        };
        try {
            for (const CastHit& h : sc.hits) {
                if (!pushable(h) || contains(sc.handled, h.other.body)) continue;
                // (A body the platform stopped against is listed even when it need not move.)
                const Vec2 v = push_of(h, target);
                const bool still = v.x == 0 && v.y == 0;
                if (still && !contains(sc.stop_crushed, h.other.body)) continue;
                sc.handled.push_back(h.other.body);
                if (still) out.pushed.push_back(h.other.body);
                else push(push, h.other.body, v);
            }
            // A body of a chain the platform stopped against, which the shorter push did not reach.
            for (const BodyId id : sc.stop_crushed)
                if (!contains(out.pushed, id) && !carried(id)) out.pushed.push_back(id);
            if (up_first) carry_riders();
            sc.motion.save(world, platform);
            sc.undo.emplace_back(platform, p.box);
            detail::move_to(world, platform, target); // a motion of the frame, unlike a teleport
            if (!up_first) carry_riders();
        } catch (...) {
            undo();
            out.riders.clear();
            out.pushed.clear();
            out.crushed.clear();
            out.stopped = false;
            throw;
        }
        if (sc.fresh.empty()) break;
        undo();
        const std::size_t known = sc.stop_crushed.size();
        for (const auto& [id, box] : sc.fresh) consider(id, box);
        if (sc.stop_crushed.size() == known) { // (not met on the whole path: stay where it is)
            sc.stop_crushed.push_back(sc.fresh.front().first);
            sc.reached.push_back(sc.fresh.front().second);
            moved = {0, 0};
        }
        settle_stop();
    }
    sc.undo.clear();
    out.box = target;
    out.moved = moved;
}

PlatformResult move_platform(World& world, BodyId platform, Vec2 delta, const PlatformOptions& options) {
    PlatformResult out;
    move_platform(world, platform, delta, options, out);
    return out;
}

} // namespace sweepbox
