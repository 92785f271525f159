#pragma once
// Internal: a body's frame motion as legs with their frame times (docs/contract.md, "Moving
// targets"), a platform's moves as motion, and the casts that keep only what a predicate keeps.

#include <cstdint>
#include <utility>
#include <vector>
#include <sweepbox/world.hpp>

#include "broadphase/obstacle.hpp"

namespace sweepbox::detail {

/// One leg of a body's motion: its box goes from `from` to `to` over the frame times [t0, t1].
struct MotionLeg {
    Aabb from{}, to{};
    double t0 = 0, t1 = 1;
};

/// True when body `index` has a motion this frame.
inline bool is_moving(const World& w, std::uint32_t index) {
    const auto& m = WorldAccess::frame_motion(w);
    return index < m.size() && m[index].first != 0;
}

/// Calls f(MotionLeg) for each leg of body `index`'s motion, in order. A leg takes the part of
/// the frame proportional to its length; the last ends at 1 exactly.
template <class F> void for_each_leg(const World& w, std::uint32_t index, F&& f) {
    const auto& legs = WorldAccess::frame_legs(w);
    const auto& m = WorldAccess::frame_motion(w)[index];
    for (std::uint32_t at = m.first; at != 0; at = legs[at - 1].next) {
        const auto& l = legs[at - 1];
        const double t1 = l.next == 0 ? 1.0 : (l.start + l.length) / m.length;
        f(MotionLeg{l.from, l.to, l.start / m.length, t1});
    }
}

/// The box of a leg at frame time t (clamped to the leg), each coordinate rounded once.
Aabb leg_box_at(const MotionLeg& leg, double t);

/// Puts body `id` at `box` (World::teleport's checks) as a move of the frame: a leg from its box
/// while the frame records (a platform's move, T1), where a teleport drops the motion.
void move_to(World& w, BodyId id, const Aabb& box);

/// Frame motions put back when moves are undone (move_platform's undone rounds): `mark` before
/// the moves, `save` before each body's first move since, `restore` once the bodies are back.
class MotionUndo {
public:
    void mark(const World& w);
    void save(const World& w, BodyId id);
    void restore(World& w);

private:
    std::size_t legs_ = 0; // the frame's legs at the mark
    std::vector<std::pair<std::uint32_t, WorldAccess::Motion>> saved_;
};

/// The closest hit of a cast (a ray when `ray`) among the obstacles `keep(other)` keeps:
/// the plain cast's answer when kept, else the first kept entry of cast_all.
using Keep = bool (*)(const void* context, const World& w, const Other& other);
CastHit cast_kept(const World& w, bool ray, const Aabb& box, Vec2 delta, const QueryFilter& filter, Keep keep,
                  const void* context);
/// cast_all without the entries `keep` leaves out.
void cast_all_kept(const World& w, const Aabb& box, Vec2 delta, std::vector<CastHit>& out, const QueryFilter& filter,
                   Keep keep, const void* context);
/// CastOptions::filter as a Keep (context: the options).
bool keep_by_options(const void* options, const World& w, const Other& other);

} // namespace sweepbox::detail
