#pragma once
// Internal: a point or plank that starts on a zero-thickness wall's line is on neither side of
// it (rule 5), so the wall's sweep hits it at time 0 whichever way it leaves the line. Where the
// line is also the face of a thick obstacle across the mover (a thin wall lying on a wall's
// face), the mover can only be on the open side of that face: leaving the face, it leaves the
// thin wall too, and that hit is none (rules 3 and 5). A one-way thin wall is not such a wall: its
// entry face alone says which side a mover is on (one_way_blocks).

#include <sweepbox/world.hpp>

#include "broadphase/body_filter.hpp"
#include "broadphase/obstacle.hpp"
#include "geometry/sweep.hpp"

namespace sweepbox::detail {

/// True when `sw`, the sweep of `a` against the box b, is a hit at time 0 of a mover with zero
/// extent on the normal's axis lying on b's line (b has zero extent on that axis too).
inline bool starts_on_thin_line(const Aabb& a, const Aabb& b, const Sweep& sw) {
    const int k = sw.normal.x != 0 ? 0 : 1;
    return sw.time == 0 && a.min[k] == a.max[k] && b.min[k] == b.max[k] && a.min[k] == b.min[k];
}

/// True when an obstacle that `sel` selects and `blocks` accepts, a box with extent on axis k
/// (neither one-way nor a slope), has its face on a's line behind the motion d (d[k] != 0) and
/// overlaps a's extent on the other axis (open): a lies on that face, on its open side.
template <class Blocks>
bool held_off_line(const World& w, const Selector& sel, const Aabb& a, Vec2 d, int k, Blocks&& blocks) {
    const int j = 1 - k;
    const real line = a.min[k];
    bool held = false;
    visit_region(w, a, sel, [&](const Obstacle& ob) {
        if (held || ob.special || !(ob.box.min[k] < ob.box.max[k])) return;
        if ((d[k] > 0 ? ob.box.max[k] : ob.box.min[k]) != line) return;
        if (!(ob.box.min[j] < a.max[j] && a.min[j] < ob.box.max[j])) return;
        held = blocks(ob);
    });
    return held;
}

/// For a cast from `a` whose sweep hit a thin wall on a's line with normal n: true when a face
/// across the line holds a (any obstacle the filter selects). Out of line: casts almost never
/// start so.
[[gnu::noinline]] inline bool cast_held(const World& w, const QueryFilter& filter, const Aabb& a, Vec2 d, Vec2 n) {
    return held_off_line(w, selector_of(filter), a, d, n.x != 0 ? 0 : 1, [](const Obstacle&) { return true; });
}

/// True when a cast from `a` by d leaves the thin wall b that its sweep `sw` hit at once, a lying
/// on b's line and held by a face there: that hit is none (rules 3 and 5).
inline bool leaves_held_line(const World& w, const QueryFilter& filter, const Aabb& a, Vec2 d, const Aabb& b,
                             const Sweep& sw) {
    return sw.state == SweepState::hit && starts_on_thin_line(a, b, sw) && cast_held(w, filter, a, d, sw.normal);
}

} // namespace sweepbox::detail
