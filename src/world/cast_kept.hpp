#pragma once
// Internal: the casts that keep only what a predicate keeps (a game's filter, a moving cast's
// still obstacles).

#include <cstdint>
#include <vector>
#include <sweepbox/world.hpp>

#include "broadphase/obstacle.hpp"
#include "narrow/motion_legs.hpp"

namespace sweepbox::detail {

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
