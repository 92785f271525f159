// Region queries (rectangle, point, segment) and the overlapping pairs of bodies (each pair
// once, like the CheckCollisions pass of the Unity partition-grid tutorial).

#include <sweepbox/world.hpp>

#include <algorithm>
#include <utility>

#include "core/wide.hpp"
#include "narrow/narrow_phase.hpp"
#include "world/sensors.hpp"
#include "walk/walk_path.hpp"

namespace sweepbox {

using detail::no_hit_yet;
using detail::Obstacle;
using detail::wide;

namespace {

void require_rect(const char* where, const Aabb& r) {
    if (!is_finite(r.min) || !is_finite(r.max)) throw Error(where, "a NaN or infinite coordinate");
    if (r.min.x > r.max.x || r.min.y > r.max.y) throw Error(where, "rectangle has min > max");
}

void sort_unique(std::vector<Other>& out) {
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

// Entry time of the closed segment a + t*d, t in [0, 1], into the closed box b; false if apart.
bool segment_meets(Vec2 a, Vec2 d, const Aabb& b, wide& entry) {
    wide hi;
    return detail::slab_interval(Aabb{a, a}, d, b, entry, hi);
}

} // namespace

void World::query_rect(const Aabb& rect, std::vector<Other>& out, const QueryFilter& filter) const {
    require_rect("query_rect", rect);
    out.clear();
    detail::visit_region(*this, rect, detail::selector_of(filter), [&](const Obstacle& ob) {
        if (ob.shape != 0 ? detail::slope_intersects_closed(rect, detail::slope_of(tiles_, ob))
                          : intersects_closed(ob.box, rect))
            out.push_back(ob.other);
    });
    if (filter.sensors)
        detail::visit_sensors(*this, rect, filter, [&](const Other& o, const Aabb&) { out.push_back(o); });
    sort_unique(out);
}

void World::query_point(Vec2 p, std::vector<Other>& out, const QueryFilter& filter) const {
    if (!is_finite(p)) throw Error("query_point", "a NaN or infinite coordinate");
    query_rect(Aabb{p, p}, out, filter);
}

void World::query_segment(Vec2 a, Vec2 b, std::vector<Other>& out, const QueryFilter& filter) const {
    if (!is_finite(a) || !is_finite(b)) throw Error("query_segment", "a NaN or infinite coordinate");
    const Vec2 d = b - a;
    if (!is_finite(d)) throw Error("query_segment", "segment too long for finite coordinates");
    out.clear();
    thread_local std::vector<std::pair<wide, Other>> hits;
    hits.clear();
    detail::walk_path(
        *this, Aabb{a, a}, d, detail::selector_of(filter),
        [&](const Obstacle& ob) {
        wide entry;
        const bool meets = ob.shape != 0 ? detail::slope_segment_meets(a, d, detail::slope_of(tiles_, ob), entry)
                                         : segment_meets(a, d, ob.box, entry);
        if (meets) hits.emplace_back(entry, ob.other);
        },
        [] { return no_hit_yet; }, true);
    if (filter.sensors)
        detail::visit_sensors(*this, merge(Aabb{a, a}, Aabb{b, b}), filter, [&](const Other& o, const Aabb& box) {
            wide entry;
            if (segment_meets(a, d, box, entry)) hits.emplace_back(entry, o);
        });
    // Each once (at its earliest entry), then along the segment.
    std::sort(hits.begin(), hits.end(), [](const auto& x, const auto& y) {
        return x.second != y.second ? x.second < y.second : x.first < y.first;
    });
    hits.erase(std::unique(hits.begin(), hits.end(), [](const auto& x, const auto& y) { return x.second == y.second; }),
               hits.end());
    std::sort(hits.begin(), hits.end(), [](const auto& x, const auto& y) {
        return x.first != y.first ? x.first < y.first : x.second < y.second;
    });
    for (const auto& h : hits) out.push_back(h.second);
}

void World::overlapping_pairs(std::vector<Pair>& out) const {
    out.clear();
    for (std::uint32_t i = 1; i < bodies_.size(); ++i) {
        const Body& a = bodies_[i];
        if (!a.alive) continue;
        auto consider = [&](std::uint32_t j) {
            if (j <= i) return;
            const Body& b = bodies_[j];
            if (!b.alive || (a.is_static && b.is_static)) return;
            if ((a.category & b.mask) == 0 || (b.category & a.mask) == 0) return;
            if (!overlaps(a.box, b.box)) return;
            out.push_back({BodyId{i, a.generation}, BodyId{j, b.generation}, minimum_translation(a.box, b.box)});
        };
        if (def_.brute_force) {
            for (std::uint32_t j = i + 1; j < bodies_.size(); ++j) consider(j);
        } else {
            grid().for_each_candidate(a.box, consider);
        }
    }
    std::sort(out.begin(), out.end(), [](const Pair& x, const Pair& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
    out.erase(std::unique(out.begin(), out.end(),
                          [](const Pair& x, const Pair& y) { return x.a == y.a && x.b == y.b; }),
              out.end());
}

} // namespace sweepbox
