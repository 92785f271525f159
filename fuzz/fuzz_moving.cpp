/// @file fuzz_moving.cpp
/// Fuzz target: casts against the frame's motion (docs/contract.md, "Moving targets").
///
/// A world of up to 24 bodies (some static, some platforms), begin_frame, moves with slides
/// (several legs per body; a platform's by move_platform, with the bodies it carries and pushes),
/// some bodies moved twice, teleported or removed; then casts of points, planks and boxes
/// over random frame intervals, in a default world and a brute-force one. Checked:
/// - a bullet whose relative path (T2's box and displacement for each leg's part of the cast's
///   interval) enters a moving body's box within the frame is never reported as a miss of that
///   body, and a body whose relative path it does not enter is never hit: cast_all lists exactly
///   those bodies, at the frame time where the path first enters (within 8 ulps of 1);
/// - the entry is decided here on its own, by open slab intervals in __float128 (exact for the
///   grid numbers used: every coordinate a multiple of 1/64 below 2^12);
/// - cast_box's first hit is the earliest of cast_all's; the list is in time order;
/// - both worlds answer the same, bit for bit;
/// - the cast's displacement as a move against motion (T5) of one of the bodies: the same in both
///   worlds, and no leg of it with motion of its own (not truncated) has a relative path that
///   enters a moving body's box shrunk by 1/32 (the rounding T5 allows) unless it started inside.
/// SWEEPBOX_FUZZ_MOVING_COUNT=1 prints the number of casts checked at exit.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>
#include <sweepbox/world.hpp>
#include <sweepbox/platforms.hpp>
#include "fuzz_common.hpp"
#include "relative_path.hpp"

using namespace sweepbox;
using namespace sweepbox::fuzz;
using sweepbox::reference::Leg;
using sweepbox::reference::legs_of;
using sweepbox::reference::relative_path;
using sweepbox::reference::RelativePath;
using sweepbox::reference::shrunk;

namespace {

__extension__ typedef __float128 quad;

struct Counter {
    long casts = 0;
    ~Counter() {
        if (std::getenv("SWEEPBOX_FUZZ_MOVING_COUNT")) std::fprintf(stderr, "fuzz_moving: %ld casts checked\n", casts);
    }
} counter;

real coord(ByteReader& in) { return real(int(in.u16() % 8192) - 4096) / 64; }

// The first s in [0, 1) where box r moved by s * d overlaps b's interior: the open slab
// intervals of both axes and [0, 1) meet; the first such s is the latest entry, or 0. On an
// axis where both have zero extent (rule 2) the slab is the one instant of crossing the line,
// and the other axis must overlap then: a point never enters a point, not even one it starts
// on or passes exactly through (only a corner, rule 2).
bool enters(const Aabb& r, Vec2 d, const Aabb& b, quad& s) {
    quad lo = -2, hi = 2, at = -1; // the latest entry, the earliest leave
    bool thin = false;
    for (int k = 0; k < 2; ++k) {
        const quad gap_lo = quad(b.min[k]) - quad(r.max[k]); // overlap needs s*d > gap_lo
        const quad gap_hi = quad(b.max[k]) - quad(r.min[k]); // and s*d < gap_hi
        if (r.min[k] == r.max[k] && b.min[k] == b.max[k]) {
            if (d[k] == 0 || thin) return false; // along the line, or a point against a point
            thin = true;
            at = gap_lo / quad(d[k]);
            continue;
        }
        if (d[k] == 0) {
            if (!(gap_lo < 0 && 0 < gap_hi)) return false;
            continue;
        }
        quad enter = gap_lo / quad(d[k]), leave = gap_hi / quad(d[k]);
        if (d[k] < 0) std::swap(enter, leave);
        lo = std::max(lo, enter);
        hi = std::min(hi, leave);
    }
    if (thin) {
        // The crossing instant, in [0, 1) and inside the other axis's open interval.
        if (!(at >= 0 && at < 1 && lo < at && at < hi)) return false;
        s = at;
        return true;
    }
    lo = std::max(lo, quad(0));
    if (!(lo < hi && lo < 1)) return false;
    s = lo;
    return true;
}

// T2 for one leg: the relative path entered or not, and when.
bool leg_entry(const Leg& leg, const Aabb& box, Vec2 delta, double t0, double t1, long double& when) {
    RelativePath p;
    if (!relative_path(leg, box, delta, t0, t1, p)) return false;
    quad s;
    if (!enters(p.r, p.rel, leg.from, s)) return false;
    when = (long double)p.a + (long double)s * ((long double)p.b - (long double)p.a);
    return true;
}

template <class T> bool bits(const T& a, const T& b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }

// Bit for bit, field by field (not the padding).
bool same(const CastHit& a, const CastHit& b) {
    if (a.hit != b.hit) return false;
    return !a.hit || (bits(a.time, b.time) && bits(a.normal, b.normal) && bits(a.point, b.point) &&
                      bits(a.box, b.box) && a.other == b.other && a.started_overlapping == b.started_overlapping &&
                      a.corner == b.corner && a.junction == b.junction);
}

bool same(const MoveResult& a, const MoveResult& b) {
    if (!bits(a.box, b.box) || !bits(a.velocity, b.velocity) || a.contacts.size() != b.contacts.size() ||
        a.truncated != b.truncated)
        return false;
    for (std::size_t i = 0; i < a.contacts.size(); ++i) {
        const Contact &x = a.contacts[i], &y = b.contacts[i];
        if (!(x.other == y.other) || !bits(x.time, y.time) || !bits(x.normal, y.normal) || !bits(x.box, y.box) ||
            x.response != y.response)
            return false;
    }
    return true;
}

// T5 for a move of body `self` against motion: both worlds answer the same, and no leg of the
// move with motion of its own (not truncated), over its frame times, has a relative path that
// enters a moving body's box beyond rounding unless it started inside it.
void check_move(const World& fast, const World& brute, const std::vector<BodyId>& ids, BodyId self, Vec2 delta,
                const CastOptions& fc, bool bounce) {
    MoveOptions o;
    o.moving = true;
    o.t0 = fc.t0;
    o.t1 = fc.t1;
    o.response = bounce ? Response::bounce : Response::slide;
    const MoveResult r = fast.check(self, delta, o);
    if (!same(r, brute.check(self, delta, o))) fail("a move against motion differs in the brute-force world");
    std::vector<std::pair<Aabb, double>> at{{fast.box(self), double(o.t0)}};
    for (const Contact& c : r.contacts) at.emplace_back(c.box, double(c.time));
    if (!r.truncated) at.emplace_back(r.box, double(o.t1));
    std::vector<Aabb> path;
    for (std::size_t i = 0; i + 1 < at.size(); ++i) {
        const Aabb& from = at[i].first;
        const Vec2 d = at[i + 1].first.min - from.min;
        if (!(at[i].second < at[i + 1].second) || (d.x == 0 && d.y == 0)) continue;
        for (const BodyId id : ids) {
            if (id == self || !fast.is_valid(id) || fast.info(id).is_sensor) continue;
            fast.frame_path(id, path);
            if (path.size() < 2) continue;
            for (const Leg& leg : legs_of(path)) {
                RelativePath p;
                if (!relative_path(leg, from, d, at[i].second, at[i + 1].second, p)) continue;
                // Inside it (or across its line) by more than rounding from the leg's start: free out
                // and along (T5).
                if (minimum_translation(p.r, leg.from).depth > real(1) / 1024) continue;
                const real m = real(1) / 32;
                Aabb inner = shrunk(leg.from, m);
                for (int k = 0; k < 2; ++k) {
                    // A zero-thickness side: the mover is across its line only by more than m on
                    // both sides of it (an inverted slab for enters()).
                    if (inner.min[k] != inner.max[k]) continue;
                    inner.min[k] += m;
                    inner.max[k] -= m;
                }
                quad s;
                if (enters(p.r, p.rel, inner, s))
                    fail("move of body %u, leg %zu enters moving body %u", self.index, i, id.index);
            }
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    World fast, brute(WorldDef{16, 8, true});
    std::vector<BodyId> ids;
    const int n = 1 + int(in.below(24));
    for (int i = 0; i < n; ++i) {
        const real x = coord(in), y = coord(in);
        BodyDef d;
        d.box = Aabb{{x, y}, {x + real(in.below(64)) / 4, y + real(in.below(64)) / 4}};
        d.is_static = in.below(5) == 0;
        d.is_platform = !d.is_static && in.below(6) == 0;
        ids.push_back(fast.add(d));
        brute.add(d);
    }
    fast.begin_frame();
    brute.begin_frame();
    const int moves = int(in.below(40));
    PlatformResult platform_result;
    for (int i = 0; i < moves; ++i) {
        const BodyId id = ids[in.below(std::uint32_t(n))];
        if (!fast.is_valid(id)) continue;
        const int op = int(in.below(16));
        if (op == 0) {
            fast.remove(id);
            brute.remove(id);
            continue;
        }
        if (op == 1) {
            const Aabb t = fast.box(id).translated(Vec2{coord(in) / 8, coord(in) / 8});
            fast.teleport(id, t);
            brute.teleport(id, t);
            continue;
        }
        const Vec2 d{coord(in), coord(in)};
        if (fast.info(id).is_platform) { // its move, its riders' and the bodies it pushes: legs too
            move_platform(fast, id, d, {}, platform_result);
            move_platform(brute, id, d, {}, platform_result);
            continue;
        }
        fast.move(id, d);
        brute.move(id, d);
    }
    std::vector<Aabb> path;
    std::vector<CastHit> all, all_brute;
    const real tol = 8 * std::numeric_limits<real>::epsilon();
    std::size_t casts_here = 0;
    while (in.more()) {
        const real x = coord(in), y = coord(in);
        const int kind = int(in.below(3));
        const Aabb box{
            {x, y}, {x + (kind == 0 ? 0 : real(in.below(32)) / 4), y + (kind == 2 ? real(1 + in.below(32)) / 4 : 0)}};
        const Vec2 delta{coord(in) * 2, coord(in) * 2};
        CastOptions fc;
        fc.moving = true;
        if (in.flag()) {
            fc.t0 = real(in.u8()) / 256;
            fc.t1 = in.flag() ? fc.t0 : std::max(fc.t0, real(in.u8()) / 255);
        }
        ++counter.casts;
        fast.cast_all(box, delta, all, {}, fc);
        brute.cast_all(box, delta, all_brute, {}, fc);
        const CastHit first = fast.cast_box(box, delta, {}, fc);
        if (!same(first, brute.cast_box(box, delta, {}, fc))) fail("cast_box differs in the brute-force world");
        if (all.size() != all_brute.size()) fail("cast_all differs in the brute-force world");
        for (std::size_t i = 0; i < all.size(); ++i)
            if (!same(all[i], all_brute[i])) fail("cast_all entry %zu differs in the brute-force world", i);
        if (first.hit != !all.empty()) fail("cast_box and cast_all disagree on a hit");
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (i > 0 && all[i].time < all[i - 1].time) fail("cast_all out of time order");
            if (all[i].time < first.time) fail("cast_box's hit is not the earliest");
        }
        // The same displacement as a move against motion of one of the bodies (no bytes of its
        // own: the inputs found so far keep their casts).
        const BodyId self = ids[std::size_t(casts_here++) % ids.size()];
        if (fast.is_valid(self) && !fast.info(self).is_sensor) {
            const Aabb b = fast.box(self);
            if (b.max.x > b.min.x && b.max.y > b.min.y) check_move(fast, brute, ids, self, delta, fc, kind == 1);
        }
        for (const BodyId id : ids) {
            if (!fast.is_valid(id)) continue;
            fast.frame_path(id, path);
            if (path.empty()) continue;
            long double when = 0;
            bool entered = false;
            for (const Leg& leg : legs_of(path))
                if (leg_entry(leg, box, delta, fc.t0, fc.t1, when)) {
                    entered = true;
                    break;
                }
            const auto it = std::find_if(all.begin(), all.end(),
                                         [&](const CastHit& h) { return h.other == Other::of(id); });
            if (entered && it == all.end()) fail("body %u entered at %Lg, reported a miss", id.index, when);
            if (!entered && it != all.end())
                fail("body %u not entered, reported hit at %g", id.index, double(it->time));
            if (entered && std::abs((long double)it->time - when) > tol)
                fail("body %u entered at %Lg, reported at %.9g", id.index, when, double(it->time));
        }
    }
    return 0;
}
