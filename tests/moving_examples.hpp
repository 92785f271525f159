#pragma once
/// @file moving_examples.hpp
/// The bodies of the contract's "Moving targets" examples, for the suites moving_targets and
/// moving_moves.

#include <sweepbox/world.hpp>
#include "test_support.hpp"

namespace sbt {

/// A body with box b (static when asked).
inline sweepbox::BodyId add_body(sweepbox::World& w, const sweepbox::Aabb& b, bool is_static = false) {
    sweepbox::BodyDef d;
    d.box = b;
    d.is_static = is_static;
    return w.add(d);
}

/// The runner of the contract's example: 10 x 10 at x 45, running from y 0 to y 100 this frame
/// (begin_frame, then its move).
inline sweepbox::BodyId runner(sweepbox::World& w) {
    const sweepbox::BodyId id = add_body(w, box(45, 0, 55, 10));
    w.begin_frame();
    w.move(id, v2(0, 100));
    return id;
}

} // namespace sbt
