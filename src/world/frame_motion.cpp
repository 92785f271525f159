// The frame's motion of each body (docs/contract.md, "Moving targets", T1): the legs of its moves
// since begin_frame, in lists that keep their memory from frame to frame.

#include <algorithm>
#include <cmath>
#include <sweepbox/world.hpp>

#include "narrow/motion_legs.hpp"
#include "world/frame_motion.hpp"

namespace sweepbox {

namespace detail {

void move_to(World& w, BodyId id, const Aabb& box) {
    const Aabb from = w.box(id);
    auto& motion = WorldAccess::frame_motion(w);
    const WorldAccess::Motion kept = id.index < motion.size() ? motion[id.index] : WorldAccess::Motion{};
    w.teleport(id, box); // (checks the box first; drops the motion, put back here)
    if (!WorldAccess::frame_on(w)) return;
    if (id.index < motion.size()) motion[id.index] = kept;
    MoveResult r;
    r.box = box;
    WorldAccess::note_motion(w, id, from, r);
}

void MotionUndo::mark(const World& w) {
    legs_ = WorldAccess::frame_legs(w).size();
    saved_.clear();
}

void MotionUndo::save(const World& w, BodyId id) {
    if (!WorldAccess::frame_on(w)) return;
    for (const auto& s : saved_)
        if (s.first == id.index) return;
    const auto& motion = WorldAccess::frame_motion(w);
    saved_.emplace_back(id.index, id.index < motion.size() ? motion[id.index] : WorldAccess::Motion{});
}

void MotionUndo::restore(World& w) {
    auto& motion = WorldAccess::frame_motion(w);
    auto& legs = WorldAccess::frame_legs(w);
    for (const auto& [index, m] : saved_) {
        if (index >= motion.size()) continue;
        const bool listed = motion[index].listed; // (frame_movers_ lists it once still)
        motion[index] = m;
        motion[index].listed = listed;
        if (m.last != 0) legs[m.last - 1].next = 0;
    }
    if (legs.size() > legs_) legs.resize(legs_);
    saved_.clear();
}

} // namespace detail

void World::clear_motion() {
    for (const std::uint32_t i : frame_movers_) frame_motion_[i] = {};
    frame_movers_.clear();
    frame_legs_.clear();
    frame_spread_ = 0;
}

void World::begin_frame() {
    clear_motion();
    frame_on_ = true;
    refresh_record_paths();
}

// Called by note_path, before the move stores its box (and by move_to): the legs from `at`, the
// body's box, through each contact's box to the end, each of length zero left out.
void World::note_motion(BodyId id, Aabb at, const MoveResult& out) {
    if (frame_motion_.size() < bodies_.size()) frame_motion_.resize(bodies_.size());
    FrameMotion& m = frame_motion_[id.index];
    auto leg = [&](const Aabb& to) {
        if (to == at) return;
        const double dx = double(to.min.x) - double(at.min.x), dy = double(to.min.y) - double(at.min.y);
        const double len = std::sqrt(dx * dx + dy * dy);
        if (!(len > 0)) return;
        frame_legs_.push_back({at, to, m.length, len, 0});

        const auto n = std::uint32_t(frame_legs_.size());
        if (m.first == 0) {
            m.first = n;
        } else {
            frame_legs_[m.last - 1].next = n;
        }
        m.last = n;
        m.length += len;
        // No point of the path lies further from the body's box than the path's length: the
        // casts' margin around the grid's boxes (rounded well up).
        frame_spread_ = std::max(frame_spread_, real(m.length * (1 + 1e-5)));
        if (!m.listed) {
            m.listed = true;
            frame_movers_.push_back(id.index);
        }
        at = to;
    };
    for (const Contact& c : out.contacts) leg(c.box);
    leg(out.box);
}

Aabb World::frame_box(BodyId id, real t) const {
    const Body& b = checked(id, "frame_box");
    if (!(t >= 0 && t <= 1)) throw Error("frame_box", "t must lie in [0, 1]");
    if (!detail::is_moving(*this, id.index)) return b.box;
    Aabb box = b.box;
    bool found = false;
    detail::for_each_leg(*this, id.index, [&](const detail::MotionLeg& leg) {
        if (found || double(t) > leg.t1) return;
        box = detail::leg_box_at(leg, t);
        found = true;
    });
    return box;
}

void World::frame_path(BodyId id, std::vector<Aabb>& out) const {
    checked(id, "frame_path");
    out.clear();
    if (!detail::is_moving(*this, id.index)) return;
    detail::for_each_leg(*this, id.index, [&](const detail::MotionLeg& leg) {
        if (out.empty()) out.push_back(leg.from);
        out.push_back(leg.to);
    });
}

} // namespace sweepbox
