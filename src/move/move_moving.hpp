#pragma once
// Internal: a move against the frame's motion (MoveOptions::moving; docs/contract.md, "Moving
// targets", T5). The move runs with a filter that leaves the moving bodies out of its walks, and
// this hook meets each of them in every leg where it was when the mover got there.

#include <cstdint>
#include <cstring>
#include <sweepbox/world.hpp>

#include "move/move_junction.hpp"
#include "narrow/motion_legs.hpp"

namespace sweepbox::detail {

/// True when a move has drop_through or moving set (both bytes in one load: the usual move pays
/// the one test it paid for drop_through alone).
inline bool unusual_move(const MoveOptions& o) {
    static_assert(offsetof(MoveOptions, moving) == offsetof(MoveOptions, drop_through) + 1);
    std::uint16_t both;
    std::memcpy(&both, &o.drop_through, sizeof both);
    return both != 0;
}

/// The hook of an ordinary move: nothing.
struct NoFrame {
    static constexpr bool on = false;
    template <class Take> void meet(const World&, const Selector&, const Aabb&, Vec2, real, Take&&) const {}
    void end_leg(const World&, const Aabb&, Vec2, const Found&, Aabb&, Vec2&) const {}
};

/// A moving body's first contact with a leg of the mover: the body as an obstacle where it was
/// then (every face enterable), and the sweep in the fraction of the leg's d.
struct MovingContact {
    Obstacle ob{};
    Sweep sweep{};
};

/// The first contact of the box S moved by d over the frame times [ta, t1] with body `index`'s
/// motion, if any (T5).
bool first_moving_contact(const World& w, std::uint32_t index, const Aabb& S, Vec2 d, double ta, double t1,
                          MovingContact& out);

/// True when a move with selector `sel` meets body `index` (alive, not a sensor, bits both ways;
/// not one-way when the move drops through).
bool moving_body_selected(const World& w, std::uint32_t index, const Selector& sel, bool drop_through);

/// The hook of a move against motion. `options`: the caller's, whose responses the moving bodies
/// get.
struct MovingFrame {
    static constexpr bool on = true;
    const MoveOptions& options;

    /// Calls take(obstacle, sweep) for each moving body the leg from S by d meets; the leg starts
    /// at the move's time t_start.
    template <class Take>
    void meet(const World& w, const Selector& sel, const Aabb& S, Vec2 d, real t_start, Take&& take) const {
        const double t0 = options.t0, t1 = options.t1;
        const double ta = t0 + double(t_start) * (t1 - t0);
        for_each_moving_near(w, merge(S, S.translated(d)), [&](std::uint32_t i) {
            MovingContact c;
            if (moving_body_selected(w, i, sel, options.drop_through) && first_moving_contact(w, i, S, d, ta, t1, c))
                take(c.ob, c.sweep);
        });
    }

    /// A leg that ends at a moving body: where (leg_end placed S against a box standing still).
    void end_leg(const World& w, const Aabb& S, Vec2 d, const Found& best, Aabb& F, Vec2& rest) const;
};

/// The options a drop-through move or one against motion runs with: `o` with neither flag and a
/// filter that ignores one-way obstacles (drop_through) and the moving bodies (moving, met by
/// MovingFrame), and answers for every other obstacle as `o` does.
struct RunOptions {
    explicit RunOptions(const MoveOptions& o);
    RunOptions(const RunOptions&) = delete; // run's filter context points at `caller`
    RunOptions& operator=(const RunOptions&) = delete;
    MoveOptions run;
    const MoveOptions* caller;
};

} // namespace sweepbox::detail
