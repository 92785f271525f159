// World::move and check: the movement loop (move_legs.hpp) for the body's box and the store of
// its result; drop_through and moves against motion off the hot path.

#include <sweepbox/world.hpp>

#include "move/move_legs.hpp"
#include "move/move_moving.hpp"

namespace sweepbox {

namespace {

// MoveOptions::drop_through and moving, kept out of the movement loop (the crowd's hot path): a
// drop-through move runs again with a filter for it (move_moving.hpp); a move against motion
// calls `against` (move_moving.cpp, the loop's other instantiation).
template <class Plain, class Against>
[[gnu::noinline]] void unusual(const MoveOptions& o, Plain&& plain, Against&& against) {
    if (o.moving) return against();
    const detail::RunOptions r(o);
    plain(r.run);
}

} // namespace

SWEEPBOX_FORCE_INLINE void World::store_move(BodyId id, const MoveResult& out) {
    if (record_paths_) [[unlikely]]
        note_path(id, out); // cold: only while a sensor exists
    if (bodies_[id.index].is_static) level_changed();
    bodies_[id.index].box = out.box;
    grid().update(id.index, out.box);
    mark_body(out.box);
}

MoveResult World::move(BodyId id, Vec2 delta, const MoveOptions& options) {
    MoveResult out;
    move(id, delta, options, out);
    return out;
}

void World::move(BodyId id, Vec2 delta, const MoveOptions& o, MoveResult& out) {
    if (detail::unusual_move(o)) [[unlikely]] {
        auto against = [&] {
            resolve_against(id, delta, o, out, false);
            store_move(id, out);
        };
        unusual(
            o, [&](const MoveOptions& run) { move(id, delta, run, out); }, against);
        return;
    }
    resolve_move(id, delta, o, out, false, detail::NoFrame{});
    store_move(id, out);
}

MoveResult World::check(BodyId id, Vec2 delta, const MoveOptions& options) const {
    MoveResult out;
    check(id, delta, options, out);
    return out;
}

void World::check(BodyId id, Vec2 delta, const MoveOptions& o, MoveResult& out) const {
    if (detail::unusual_move(o)) [[unlikely]] {
        unusual(
            o, [&](const MoveOptions& run) { check(id, delta, run, out); },
            [&] { resolve_against(id, delta, o, out, true); });
        return;
    }
    resolve_move(id, delta, o, out, true, detail::NoFrame{});
}

namespace detail {

void move_unlisted(const World& w, const Selector& sel, const Aabb& start, Vec2 delta, const MoveOptions& o,
                   MoveResult& out, std::vector<Vec2>& velocities, const KnownObstacles* known) {
    velocities.clear();
    Vec2 last = o.velocity;
    const ConstScratch scratch;
    const auto [S, v] = move_legs(
        w, BodyId{}, sel, start, delta, o, out, scratch.get(),
        [&](Vec2 after) {
        // Contacts without a response of their own (rule 7's pushes) keep the velocity of the moment.
        while (velocities.size() + 1 < out.contacts.size()) velocities.push_back(last);
        velocities.push_back(after);
        last = after;
        },
        known);
    while (velocities.size() < out.contacts.size()) velocities.push_back(last);
    require_finite_result(S, v, out.contacts);
    out.box = S;
    out.velocity = v;
}

} // namespace detail

} // namespace sweepbox
