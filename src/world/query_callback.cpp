// A game's own filter for casts and queries (CastOptions::filter, the queries' callbacks): the
// plain answer, then what the callback leaves out taken away.

#include <sweepbox/world.hpp>

#include "world/cast_kept.hpp"

namespace sweepbox {

namespace detail {

bool keep_by_options(const void* options, const World& w, const Other& other) {
    const auto& o = *static_cast<const CastOptions*>(options);
    return o.filter == nullptr || o.filter(o.filter_context, w, other);
}

CastHit cast_kept(const World& w, bool ray, const Aabb& box, Vec2 delta, const QueryFilter& filter, Keep keep,
                  const void* context) {
    const CastHit h = ray ? w.cast_ray(box.min, delta, filter) : w.cast_box(box, delta, filter);
    if (!h.hit || keep(context, w, h.other)) return h;
    // One list per thread, no allocation once grown (a callback that casts too gets its own).
    thread_local std::vector<CastHit> all;
    std::vector<CastHit> mine;
    mine.swap(all);
    w.cast_all(box, delta, mine, filter);
    CastHit out;
    for (const CastHit& x : mine)
        if (keep(context, w, x.other)) {
            out = x;
            break;
        }
    mine.swap(all);
    return out;
}

void cast_all_kept(const World& w, const Aabb& box, Vec2 delta, std::vector<CastHit>& out, const QueryFilter& filter,
                   Keep keep, const void* context) {
    w.cast_all(box, delta, out, filter);
    std::erase_if(out, [&](const CastHit& h) { return !keep(context, w, h.other); });
}

} // namespace detail

namespace {

void drop_unkept(const World& w, QueryCallback keep, void* context, std::vector<Other>& out) {
    if (keep) std::erase_if(out, [&](const Other& o) { return !keep(context, w, o); });
}

} // namespace

void World::query_rect(const Aabb& rect, std::vector<Other>& out, const QueryFilter& filter, QueryCallback keep,
                       void* context) const {
    query_rect(rect, out, filter);
    drop_unkept(*this, keep, context, out);
}

void World::query_point(Vec2 p, std::vector<Other>& out, const QueryFilter& filter, QueryCallback keep,
                        void* context) const {
    query_point(p, out, filter);
    drop_unkept(*this, keep, context, out);
}

void World::query_segment(Vec2 a, Vec2 b, std::vector<Other>& out, const QueryFilter& filter, QueryCallback keep,
                          void* context) const {
    query_segment(a, b, out, filter);
    drop_unkept(*this, keep, context, out);
}

} // namespace sweepbox
