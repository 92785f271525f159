/// @file fuzz_queries.cpp
/// Fuzz target: the accelerated queries (grid walk, sub-boxes, early exit, Amanatides-Woo over
/// tiles) against the reference on the same world.
///
/// The scenario (scenario.hpp) is built twice: a default World and a reference-mode World
/// (WorldDef::brute_force: every body and tile tested, no grid walk, "same narrow phase, same
/// answers"). Every operation runs on both: moves, tile writes, teleports, filter changes and
/// queries (cast_ray, cast_box, cast_all, query_rect, query_point, query_segment,
/// overlapping_pairs, with random query filters). Checked (any violation aborts):
/// - both worlds give the same answer, bit for bit (every field of every hit, every list in
///   the same order, every move result);
/// - the independent brute-force reference of the tests (tests/reference_world.hpp) agrees
///   on cast_ray / cast_box (hit, other, normal, corner, started_overlapping, junction, time
///   within its stated bound; a
///   junction stop's point and box exactly), cast_all (the same obstacles in the same order,
///   the junction stop at the same place), query_rect and query_point (the same lists). The
///   reference computes in __float128, exact only while compared coordinates are within
///   about 60 binades, so those comparisons run only when every number in the world and the
///   query is 0 or of magnitude in [2^-30, 2^30].
/// - a hit's time is in [0, 1), its normal a unit axis vector; a ray's point is on the box.
/// Scenarios whose header asks for it run a second time with every third body a sensor, some
/// tile writes sensor tiles (scenario.hpp, make_sensor_variant), and every third solid tile
/// write a wall of a kind with its own category and mask (glass_tiles: the walks then see each
/// tile by its kind); queries whose filter sets `sensors` (casts included) must see the sensors
/// as the reference does.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>
#include <sweepbox/world.hpp>
#include "fuzz_common.hpp"
#include "scenario.hpp"
#include "reference_world.hpp"

using namespace sweepbox;
using namespace sweepbox::fuzz;

namespace {

std::string hit_str(const CastHit& h) {
    if (!h.hit) return "miss";
    return "hit " + other_str(h.other) + " time " + str(h.time) + " normal " + str(h.normal) + " point " +
           str(h.point) + " box " + str(h.box) + (h.started_overlapping ? " started_overlapping" : "") +
           (h.corner ? " corner" : "") + (h.junction ? " junction" : "");
}

void trace_hit(std::vector<std::uint8_t>& out, const CastHit& h) {
    trace(out, std::uint8_t(h.hit));
    if (!h.hit) return;
    trace(out, h.time);
    trace_vec(out, h.normal);
    trace_vec(out, h.point);
    trace_box(out, h.box);
    trace_other(out, h.other);
    trace(out, std::uint8_t(h.started_overlapping));
    trace(out, std::uint8_t(h.corner));
    trace(out, std::uint8_t(h.junction));
}

bool in_reference_domain(real v) {
    const double a = std::fabs(double(v));
    return a == 0 || (a >= std::ldexp(1.0, -30) && a <= std::ldexp(1.0, 30));
}
bool in_reference_domain(const Aabb& b) {
    return in_reference_domain(b.min.x) && in_reference_domain(b.min.y) && in_reference_domain(b.max.x) &&
           in_reference_domain(b.max.y);
}

struct Query {
    std::string text;                 // what was asked, for messages
    std::vector<std::uint8_t> answer; // its bits
    std::string shown;                // the answer as text
};

QueryFilter filter_of(const Op& op, const std::vector<BodyId>& ids) {
    QueryFilter f;
    f.category = op.category;
    f.mask = op.mask;
    f.bodies = op.query_bodies;
    f.tiles = op.query_tiles;
    f.sensors = op.query_sensors;
    if (op.ignore_body != 0) f.ignore = ids[op.ignore_body - 1];
    return f;
}

void check_hit_shape(const std::string& what, const CastHit& h) {
    if (!h.hit) return;
    if (!std::isfinite(h.time) || h.time < 0 || h.time >= 1)
        fail("%s: time %s not in [0, 1)", what.c_str(), str(h.time).c_str());
    const Vec2 n = h.normal;
    if (!((std::fabs(n.x) == 1 && n.y == 0) || (n.x == 0 && std::fabs(n.y) == 1)))
        fail("%s: normal %s is not a unit axis vector", what.c_str(), str(n).c_str());
    if (!h.other.is_body() && !h.other.is_tile()) fail("%s: a hit that names nothing", what.c_str());
}

void compare_with_reference(const std::string& what, const CastHit& h, const std::optional<reference::RefHit>& r) {
    if (h.hit != r.has_value())
        fail("%s: the reference %s, the world %s", what.c_str(), r ? ("hits " + other_str(r->other)).c_str() : "misses",
             hit_str(h).c_str());
    if (!r) return;
    if (h.other != r->other || h.normal != r->normal || h.corner != r->corner || h.junction != r->junction ||
        h.started_overlapping != r->started_overlapping ||
        (!r->started_overlapping && !reference::time_matches(h.time, r->time)))
        fail("%s: the reference hits %s at ~%.12Lg normal %s corner %d started %d junction %d; the world: %s",
             what.c_str(), other_str(r->other).c_str(), r->time.value(), str(r->normal).c_str(), int(r->corner),
             int(r->started_overlapping), int(r->junction), hit_str(h).c_str());
    // A junction stop (rule 6): the meeting point exactly, the mover's box bit for bit.
    if (r->junction && (h.point != r->point || !(h.box == r->box)))
        fail("%s: the reference stops at junction %s with box %s; the world: %s", what.c_str(), str(r->point).c_str(),
             str(r->box).c_str(), hit_str(h).c_str());
}

/// Runs one query on a world; `check` also checks shapes and (once) the reference.
Query run_query(const World& w, const Op& op, const std::vector<BodyId>& ids, bool check, bool reference_ok) {
    Query q;
    const QueryFilter f = filter_of(op, ids);
    char buf[512];
    std::snprintf(buf, sizeof buf, " (filter category %#x mask %#x bodies %d tiles %d sensors %d ignore %u)",
                  f.category, f.mask, int(f.bodies), int(f.tiles), int(f.sensors), f.ignore.index);
    const std::string fs = buf;
    (void)reference_ok;
    switch (op.query % 7) {
    case 0: {
        const CastHit h = w.cast_ray(op.point, op.delta, f);
        q.text = "cast_ray from " + str(op.point) + " by " + str(op.delta) + fs;
        trace_hit(q.answer, h);
        q.shown = hit_str(h);
        if (check) {
            check_hit_shape(q.text, h);
            if (reference_ok) compare_with_reference(q.text, h, reference::cast_ray(w, op.point, op.delta, f));
        }
        break;
    }
    case 1: {
        const CastHit h = w.cast_box(op.box, op.delta, f);
        q.text = "cast_box " + str(op.box) + " by " + str(op.delta) + fs;
        trace_hit(q.answer, h);
        q.shown = hit_str(h);
        if (check) {
            check_hit_shape(q.text, h);
            if (reference_ok) compare_with_reference(q.text, h, reference::cast_box(w, op.box, op.delta, f));
        }
        break;
    }
    case 2: {
        std::vector<CastHit> hits;
        w.cast_all(op.box, op.delta, hits, f);
        q.text = "cast_all " + str(op.box) + " by " + str(op.delta) + fs;
        for (const CastHit& h : hits) {
            trace_hit(q.answer, h);
            q.shown += "\n    " + hit_str(h);
            if (check) check_hit_shape(q.text, h);
        }
        if (check)
            for (std::size_t i = 1; i < hits.size(); ++i)
                if (hits[i].time < hits[i - 1].time) fail("%s: hits not sorted by time", q.text.c_str());
        static const bool skip_cast_all_reference = avoid("cast-all-reference");
        if (check && reference_ok && !skip_cast_all_reference) {
            const auto ref = reference::cast_all(w, op.box, op.delta, f);
            bool same = ref.size() == hits.size();
            for (std::size_t i = 0; same && i < hits.size(); ++i)
                same = hits[i].other == ref[i].other && hits[i].junction == ref[i].junction &&
                       (!ref[i].junction || (hits[i].point == ref[i].point && hits[i].box == ref[i].box));
            if (!same) {
                std::string rs;
                for (const auto& r : ref) rs += " " + other_str(r.other) + (r.junction ? " (junction)" : "");
                fail("%s: the reference meets%s; the world:%s", q.text.c_str(), rs.c_str(), q.shown.c_str());
            }
        }
        break;
    }
    case 3:
    case 4: {
        std::vector<Other> found;
        if (op.query % 7 == 3) {
            w.query_rect(op.box, found, f);
            q.text = "query_rect " + str(op.box) + fs;
        } else {
            w.query_point(op.point, found, f);
            q.text = "query_point " + str(op.point) + fs;
        }
        for (const Other& o : found) {
            trace_other(q.answer, o);
            q.shown += " " + other_str(o);
        }
        if (check) {
            const auto ref = op.query % 7 == 3 ? reference::query_rect(w, op.box, f)
                                               : reference::query_point(w, op.point, f);
            if (ref != found) {
                std::string rs;
                for (const Other& o : ref) rs += " " + other_str(o);
                fail("%s: the reference finds%s; the world finds%s", q.text.c_str(), rs.c_str(), q.shown.c_str());
            }
        }
        break;
    }
    case 5: {
        std::vector<Other> found;
        const Vec2 b = op.point + op.delta;
        if (!is_finite(b)) break;
        w.query_segment(op.point, b, found, f);
        q.text = "query_segment " + str(op.point) + " -> " + str(b) + fs;
        for (const Other& o : found) {
            trace_other(q.answer, o);
            q.shown += " " + other_str(o);
        }
        break;
    }
    default: {
        std::vector<Pair> pairs;
        w.overlapping_pairs(pairs);
        q.text = "overlapping_pairs";
        for (const Pair& p : pairs) {
            trace(q.answer, p.a.index);
            trace(q.answer, p.b.index);
            trace(q.answer, p.overlap.depth);
            trace_vec(q.answer, p.overlap.normal);
            q.shown += " (" + std::to_string(p.a.index) + ", " + std::to_string(p.b.index) + ")";
            if (check && !(p.a.index < p.b.index)) fail("overlapping_pairs: a pair with a.index >= b.index");
            if (check && !overlaps(w.box(p.a), w.box(p.b))) fail("overlapping_pairs: a pair that does not overlap");
        }
        break;
    }
    }
    return q;
}

// Runs every operation of the scenario on both worlds and checks the answers.
void run_scenario(const Scenario& sc) {
    try {
        WorldDef fast_def = sc.def, slow_def = sc.def;
        fast_def.brute_force = false;
        slow_def.brute_force = true;
        World fast(fast_def), slow(slow_def);
        std::vector<BodyId> ids, slow_ids;
        build_world(sc, fast, ids);
        build_world(sc, slow, slow_ids);
        if (ids != slow_ids) fail("the two worlds gave different ids");

        bool world_in_domain = true;
        for (const BodyDef& b : sc.bodies) world_in_domain = world_in_domain && in_reference_domain(b.box);
        if (sc.has_tiles) {
            const Aabb bounds{sc.tiles.origin,
                              sc.tiles.origin + sc.tiles.tile_size * Vec2(real(sc.tiles.columns), real(sc.tiles.rows))};
            world_in_domain = world_in_domain && in_reference_domain(bounds) && in_reference_domain(sc.tiles.tile_size);
        }

        for (std::size_t i = 0; i < sc.ops.size(); ++i) {
            const Op& op = sc.ops[i];
            switch (op.kind) {
            case Op::Kind::move: {
                const MoveOptions o = options_of(op);
                const MoveResult a = fast.move(ids[op.body], op.delta, o);
                const MoveResult b = slow.move(ids[op.body], op.delta, o);
                std::vector<std::uint8_t> ta, tb;
                trace_move(ta, a);
                trace_move(tb, b);
                if (ta != tb)
                    fail("op %zu: move of body %u by %s: the accelerated and the reference-mode world differ:\n"
                         "  accelerated: %s\n  reference:   %s",
                         i, op.body, str(op.delta).c_str(), move_str(a).c_str(), move_str(b).c_str());
                for (const BodyId id : ids) world_in_domain = world_in_domain && in_reference_domain(fast.box(id));
                break;
            }
            case Op::Kind::set_tile:
                if (sc.has_tiles) {
                    const TileCell c{op.cell.column % sc.tiles.columns, op.cell.row % sc.tiles.rows};
                    fast.set_tile(c, op.tile);
                    slow.set_tile(c, op.tile);
                }
                break;
            case Op::Kind::teleport:
                fast.teleport(ids[op.body], op.box);
                slow.teleport(ids[op.body], op.box);
                world_in_domain = world_in_domain && in_reference_domain(op.box);
                break;
            case Op::Kind::set_filter:
                fast.set_filter(ids[op.body], op.category, op.mask);
                slow.set_filter(ids[op.body], op.category, op.mask);
                break;
            case Op::Kind::query: {
                const bool ref_ok = world_in_domain && in_reference_domain(op.box) && in_reference_domain(op.point.x) &&
                                    in_reference_domain(op.point.y) && in_reference_domain(op.delta.x) &&
                                    in_reference_domain(op.delta.y);
                const Query a = run_query(fast, op, ids, true, ref_ok);
                const Query b = run_query(slow, op, ids, false, false);
                if (a.answer != b.answer)
                    fail("op %zu: %s: the accelerated world answers%s\n  the reference-mode world answers%s", i,
                         a.text.c_str(), a.shown.c_str(), b.shown.c_str());
                break;
            }
            }
        }
    } catch (const Error& e) {
        fail("valid input threw%s: %s", sc.sensor_tiles ? " (sensors)" : "", e.what());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    const Scenario sc = decode_scenario(in, true);
    if (verbose()) print_scenario(sc);
    run_scenario(sc);
    // The same operations with sensor bodies and sensor tiles, which the queries asked for with
    // QueryFilter::sensors see (casts included) and every other query and move passes.
    if (sc.sensor_variant) {
        Scenario sv = make_sensor_variant(sc);
        sv.glass_tiles = true;
        if (verbose()) print_scenario(sv);
        run_scenario(sv);
    }
    return 0;
}
