// Moving platforms (platforms.hpp), composed of the world's public moves and queries: the bodies
// a platform moves go through World::move, so rules 5 to 7 hold for them as for any move.

#include <sweepbox/platforms.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace sweepbox {

namespace {

// The lists of move_platform on this thread (reused: no allocation in steady state). A platform
// move never runs inside another: the world's moves it calls take no platform callbacks.
struct PlatformScratch {
    std::vector<CastHit> hits;
    std::vector<Other> touching;
    std::vector<std::pair<double, BodyId>> riders; // (minus the position along the motion, id)
    std::vector<std::pair<BodyId, Aabb>> undo;
    std::vector<BodyId> dry_crushed;
    std::vector<Aabb> reached;                  // of dry_crushed
    std::vector<std::pair<BodyId, Aabb>> fresh; // crushed in a round, not by the dry runs
    MoveResult move;
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

// A body the platform moves: movable, not a platform nor a sensor (never pushed), interacting
// with the platform both ways.
bool movable_by(const BodyInfo& p, const BodyInfo& b) {
    return !b.is_static && !b.is_platform && !b.is_sensor && (p.category & b.mask) != 0 && (b.category & p.mask) != 0;
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

void add_once(std::vector<BodyId>& list, BodyId id) {
    if (std::find(list.begin(), list.end(), id) == list.end()) list.push_back(id);
}

} // namespace

void move_platform(World& world, BodyId platform, Vec2 delta, const PlatformOptions& options, PlatformResult& out) {
    // Every check before anything changes.
    const BodyInfo p = world.info(platform);
    if (!p.is_platform) throw Error("move_platform", "the body is not a platform (BodyDef::is_platform)");
    if (!is_finite(delta)) throw Error("move_platform", "delta has a NaN or infinite component");
    const auto [a_up, s_up] = up_axis(options.up);
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
    sc.dry_crushed.clear();
    sc.reached.clear();

    const QueryFilter filter{.category = p.category, .mask = p.mask, .ignore = platform, .tiles = false};
    // Riders, at the start.
    Aabb face = p.box;
    if (s_up < 0) face.max[a_up] = face.min[a_up];
    else face.min[a_up] = face.max[a_up];
    world.query_rect(face, sc.touching, filter);
    sc.riders.clear();
    for (const Other& o : sc.touching) {
        const BodyInfo b = world.info(o.body);
        if (movable_by(p, b) && is_rider(p.box, b.box, a_up, s_up)) sc.riders.emplace_back(0.0, o.body);
    }
    // Bodies in the way, nearest first.
    world.cast_all(p.box, delta, sc.hits, filter);
    auto rider_listed = [&](BodyId id) {
        return std::any_of(sc.riders.begin(), sc.riders.end(), [&](const auto& r) { return r.second == id; });
    };
    auto pushable = [&](const CastHit& h) {
        if (h.started_overlapping || !h.other.is_body() || rider_listed(h.other.body)) return false;
        return movable_by(p, world.info(h.other.body));
    };
    auto push_of = [&](const CastHit& h, const Aabb& target) {
        const int a = std::abs(h.normal.x) > 0 ? 0 : 1;
        Vec2 push{0, 0};
        push[a] = clearing_push(world.box(h.other.body), target, a, -h.normal[a]);
        return push;
    };

    // Crush::stop: where the platform may go, from dry runs of every body against the whole move.
    Vec2 moved = delta;
    const bool up_first = delta[a_up] * s_up > 0;
    const bool stop = options.crush == Crush::stop;
    real t_best = 2;
    auto consider = [&](BodyId id, const Aabb& reached) {
        if (!in_path(p.box, delta, reached)) return;
        sc.dry_crushed.push_back(id);
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
        if (sc.dry_crushed.empty()) return;
        out.stopped = true;
        const Aabb at = p.box.translated(moved);
        for (const Aabb& r : sc.reached)
            if (overlaps(r, at)) moved = {0, 0};
    };
    if (stop) {
        for (const CastHit& h : sc.hits) {
            if (!pushable(h)) continue;
            const Vec2 push = push_of(h, full);
            if (push.x == 0 && push.y == 0) continue;
            world.check(h.other.body, push, {}, sc.move);
            consider(h.other.body, sc.move.box);
        }
        if (up_first)
            for (const auto& r : sc.riders) {
                world.check(r.second, delta, {}, sc.move);
                consider(r.second, sc.move.box);
            }
        settle_stop();
    }

    // Riders front first along the motion, then by id.
    for (auto& r : sc.riders) {
        const Aabb b = world.box(r.second);
        r.first = -(double(delta.x) * (double(b.min.x) + double(b.max.x)) +
                    double(delta.y) * (double(b.min.y) + double(b.max.y)));
    }
    std::sort(sc.riders.begin(), sc.riders.end(), [](const auto& x, const auto& y) {
        return x.first != y.first ? x.first < y.first : x.second < y.second;
    });

    auto undo = [&] {
        for (std::size_t i = sc.undo.size(); i-- > 0;) world.teleport(sc.undo[i].first, sc.undo[i].second);
        sc.undo.clear();
    };
    auto dry_listed = [&](BodyId id) {
        return std::find(sc.dry_crushed.begin(), sc.dry_crushed.end(), id) != sc.dry_crushed.end();
    };
    // The moves, in order. With Crush::stop, a body crushed only because of the bodies moved
    // before it (the dry runs saw each alone) undoes the round and stops the platform there too;
    // every round adds a crushed body, so the rounds end.
    Aabb target = p.box;
    for (;;) {
        target = p.box.translated(moved);
        out.riders.clear();
        out.pushed.clear();
        out.crushed = sc.dry_crushed;
        sc.fresh.clear();
        // A body ahead of the platform (pushed, or riding it up) is crushed when the platform's
        // path meets where it got; a rider the platform moves away from, when it ends inside it.
        auto move_body = [&](BodyId id, Vec2 d, bool ahead) {
            sc.undo.emplace_back(id, world.box(id));
            world.move(id, d, {}, sc.move);
            if (!(ahead ? in_path(p.box, moved, sc.move.box) : overlaps(sc.move.box, target))) return;
            add_once(out.crushed, id);
            if (stop && !dry_listed(id)) sc.fresh.emplace_back(id, sc.move.box);
        };
        auto carry_riders = [&] {
            for (const auto& r : sc.riders) {
                out.riders.push_back(r.second);
                if (moved.x != 0 || moved.y != 0) move_body(r.second, moved, up_first);
            }
        };
        try {
            for (const CastHit& h : sc.hits) {
                if (!pushable(h)) continue;
                // (A body the platform stopped against is listed even when it need not move.)
                const Vec2 push = push_of(h, target);
                const bool still = push.x == 0 && push.y == 0;
                if (still && !dry_listed(h.other.body)) continue;
                out.pushed.push_back(h.other.body);
                if (!still) move_body(h.other.body, push, true);
            }
            if (up_first) carry_riders();
            sc.undo.emplace_back(platform, p.box);
            world.teleport(platform, target);
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
        const std::size_t known = sc.dry_crushed.size();
        for (const auto& [id, box] : sc.fresh) consider(id, box);
        if (sc.dry_crushed.size() == known) { // (not met on the whole path: stay where it is)
            sc.dry_crushed.push_back(sc.fresh.front().first);
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
