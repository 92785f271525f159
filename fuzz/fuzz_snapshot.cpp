/// @file fuzz_snapshot.cpp
/// Fuzz target: snapshots (World::save, World::restore; docs/contract.md, "Snapshots").
///
/// The bytes decode into a plan (4 bytes: where to replay from, which bodies leave and come back,
/// a rollback window, a byte to corrupt) and a scenario (scenario.hpp: tiles, up to 12 bodies, up
/// to 48 moves with every response, doors, teleports, filter changes and queries; its sensor
/// variant when its header says so). The run: each operation, then update_events, every answer
/// traced bit for bit; bodies leave and come back as the plan says (free slots, generations);
/// after each operation a full snapshot.
///
/// Checked (a violation prints "sweepbox fuzz: PROPERTY VIOLATED:" and aborts):
/// 1. replay: from the plan's operation, from the one whose move met the most contacts and from
///    the one after which the most bodies overlapped (contact-dense moments), a fresh world of
///    the same definitions restored from that operation's snapshot runs the rest of the
///    operations with the same answers, bit for bit, and saves the same bytes at the end;
/// 2. rollback: at the plan's operation the world is saved (full and movable), runs the window,
///    is restored and runs the window again: the same answers. A movable snapshot may be refused
///    only with the world unchanged, and only when the level changed in the window (the full
///    snapshot restored first, the movable one is then taken);
/// 3. a snapshot with one byte changed is refused with the world unchanged, or restores a world
///    that saves exactly those bytes.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>
#include <sweepbox/world.hpp>
#include "fuzz_common.hpp"
#include "scenario.hpp"

using namespace sweepbox;
using namespace sweepbox::fuzz;

namespace {

using Bytes = std::vector<std::byte>;

struct Plan {
    std::uint32_t from = 0;    // replay and rollback from after this operation
    std::uint8_t churn = 0;    // bit k: after operations k, k + 8, ..., a body leaves and comes back
    std::uint32_t window = 1;  // operations in the rollback window
    std::uint32_t corrupt = 0; // the byte of the snapshot to change
};

// The game: the world, the ids of the scenario's bodies (they change when a body comes back).
struct Game {
    World world;
    std::vector<BodyId> ids;
};

World fresh_world(const Scenario& sc) {
    World w(sc.def);
    if (sc.has_tiles) w.set_tile_map(sc.tiles);
    return w;
}

void trace_events(std::vector<std::uint8_t>& out, const Events& e) {
    for (const auto* list : {&e.sensor_begin, &e.sensor_end}) {
        trace(out, std::uint32_t(list->size()));
        for (const SensorEvent& s : *list) {
            trace_other(out, s.sensor);
            trace_other(out, Other::of(s.visitor));
        }
    }
    for (const auto* list : {&e.contact_begin, &e.contact_end}) {
        trace(out, std::uint32_t(list->size()));
        for (const ContactEvent& c : *list) {
            trace_other(out, Other::of(c.body));
            trace_other(out, c.other);
        }
    }
}

// Operation i of the scenario on the game, then the events; every answer into `out`. Returns the
// number of contacts of its move (0 for other operations).
std::size_t run_op(const Scenario& sc, const Plan& plan, Game& g, std::size_t i, std::vector<std::uint8_t>& out) {
    const Op& op = sc.ops[i];
    std::size_t contacts = 0;
    try {
        switch (op.kind) {
        case Op::Kind::move: {
            const MoveResult r = g.world.move(g.ids[op.body], op.delta, options_of(op));
            trace_move(out, r);
            contacts = r.contacts.size();
            break;
        }
        case Op::Kind::query: {
            QueryFilter f{.category = op.category,
                          .mask = op.mask,
                          .bodies = op.query_bodies,
                          .tiles = op.query_tiles,
                          .sensors = op.query_sensors};
            const CastHit h = g.world.cast_box(op.box, op.delta, f);
            trace(out, std::uint8_t(h.hit));
            trace_box(out, h.box);
            trace_other(out, h.other);
            std::vector<Other> found;
            g.world.query_rect(op.box, found, f);
            for (const Other& o : found) trace_other(out, o);
            break;
        }
        default: apply_world_op(sc, g.world, g.ids, op); break;
        }
    } catch (const Error& e) {
        out.push_back(0xee); // a refusal is an answer too, and the world is as it was
        for (const char* c = e.what(); *c; ++c) out.push_back(std::uint8_t(*c));
    }
    if ((plan.churn >> (i % 8)) & 1) {
        // The body of the operation leaves and comes back where it was (movable bodies only: the
        // static ones are the level).
        const std::size_t k = op.body;
        const BodyInfo b = g.world.info(g.ids[k]);
        if (!b.is_static) {
            g.world.remove(g.ids[k]);
            g.ids[k] = g.world.add(b);
            trace(out, g.ids[k]);
        }
    }
    g.world.update_events();
    trace_events(out, g.world.events());
    return contacts;
}

Bytes saved(const World& w, SnapshotMode mode = SnapshotMode::full) {
    Bytes b;
    w.save(b, mode);
    return b;
}

// Runs operations [from, to) and returns their answers.
std::vector<std::uint8_t> run_ops(const Scenario& sc, const Plan& plan, Game& g, std::size_t from, std::size_t to) {
    std::vector<std::uint8_t> out;
    for (std::size_t i = from; i < to; ++i) run_op(sc, plan, g, i, out);
    return out;
}

// Properties 1 to 3 on one scenario.
void check_snapshots(const Scenario& sc, const Plan& plan) {
    const std::size_t n = sc.ops.size();
    // The run, with a snapshot and the ids after every operation (and before the first).
    Game g{fresh_world(sc), {}};
    build_world(sc, g.world, g.ids);
    g.world.update_events();
    std::vector<Bytes> snaps{saved(g.world)};
    std::vector<std::vector<BodyId>> ids{g.ids};
    std::vector<std::size_t> ends{0}; // trace size after each operation
    std::vector<std::uint8_t> trace_all;
    std::size_t densest_move = 0, most_contacts = 0, crowded = 0, most_pairs = 0;
    std::vector<Pair> pairs;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t c = run_op(sc, plan, g, i, trace_all);
        ends.push_back(trace_all.size());
        snaps.push_back(saved(g.world));
        ids.push_back(g.ids);
        g.world.overlapping_pairs(pairs);
        if (c > most_contacts) most_contacts = c, densest_move = i + 1;
        if (pairs.size() > most_pairs) most_pairs = pairs.size(), crowded = i + 1;
    }

    // 1. Replay from a snapshot in a fresh world.
    for (const std::size_t k : {std::size_t(plan.from % (n + 1)), densest_move, crowded}) {
        Game r{fresh_world(sc), ids[k]};
        r.world.restore(snaps[k]);
        if (saved(r.world) != snaps[k]) fail("op %zu: the restored world saves other bytes", k);
        std::vector<std::uint8_t> out;
        for (std::size_t i = k; i < n; ++i) {
            run_op(sc, plan, r, i, out);
            if (out.size() != ends[i + 1] - ends[k] ||
                !std::equal(out.begin(), out.end(), trace_all.begin() + std::ptrdiff_t(ends[k])))
                fail("restored after op %zu: op %zu answers otherwise than in the saved world", k, i);
        }
        if (saved(r.world) != snaps[n])
            fail("restored after op %zu: the last snapshot differs from the saved world's", k);
    }

    // 2. Rollback in place, both modes.
    const std::size_t k = plan.from % (n + 1), end = std::min(n, k + plan.window);
    Game back{fresh_world(sc), ids[k]};
    back.world.restore(snaps[k]);
    const Bytes movable = saved(back.world, SnapshotMode::movable);
    const std::vector<std::uint8_t> first = run_ops(sc, plan, back, k, end);
    back.world.restore(snaps[k]);
    back.ids = ids[k];
    if (run_ops(sc, plan, back, k, end) != first) fail("rolled back to op %zu: the window answers otherwise", k);
    const Bytes before = saved(back.world);
    back.ids = ids[k];
    try {
        back.world.restore(movable);
    } catch (const Error& e) {
        if (saved(back.world) != before) fail("a refused movable snapshot changed the world: %s", e.what());
        back.world.restore(snaps[k]); // the level as it was: now the movable snapshot fits
        back.world.restore(movable);
    }
    if (run_ops(sc, plan, back, k, end) != first)
        fail("rolled back to op %zu with a movable snapshot: the window answers otherwise", k);

    // 3. One byte changed.
    Bytes bad = snaps[k];
    bad[plan.corrupt % bad.size()] ^= std::byte(1 + (plan.corrupt >> 8) % 255);
    World w = back.world;
    const Bytes w_before = saved(w);
    try {
        w.restore(bad);
        if (saved(w) != bad)
            fail("a changed snapshot (byte %zu) was restored into other bytes", plan.corrupt % bad.size());
    } catch (const Error&) {
        if (saved(w) != w_before) fail("a refused changed snapshot changed the world");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    Plan plan;
    plan.from = in.u8();
    plan.churn = in.u8();
    plan.window = 1 + in.below(8);
    plan.corrupt = in.u16();
    Scenario sc = decode_scenario(in, true);
    if (sc.sensor_variant) sc = make_sensor_variant(sc); // sensor bodies and tiles: their pairs are state too
    const std::size_t n = sc.ops.size();
    if (n == 0) return 0;
    if (verbose()) print_scenario(sc);
    try {
        check_snapshots(sc, plan);
    } catch (const Error& e) {
        fail("a snapshot the world saved was refused, or a valid operation threw: %s", e.what());
    }
    return 0;
}
