// Tests of the tile layer against the box world (issue 3): on random levels every tile query,
// cast and `move` of the tile world (grid walks, and reference mode: bit for bit the same) is
// checked against the same level built as one static box per solid tile in a brute-force world,
// through the edge-flag rule (see `Expected` in tile_map_support.hpp); one-way levels compare
// the grid walks with reference mode. Part of the suite `tile_map`.

#include "tile_map_support.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace sweepbox;
using namespace tile_test;

} // namespace

BOOST_AUTO_TEST_SUITE(tile_map)

// ================================================================ against the box world

BOOST_AUTO_TEST_CASE(casts_and_queries_match_the_box_world) {
    Failures fails;
    long casts = 0, normal_fixes = 0, ties = 0;
    for (std::uint32_t seed = 1; seed <= 48; ++seed) {
        Rng rng(0x5eed0000u + seed);
        const Level level = random_level(rng, false);
        const Worlds w(level);
        const TileMap& m = w.map();
        std::vector<CastHit> all_grid, all_brute, all_boxes;
        std::vector<Other> q_grid, q_brute, q_boxes;
        auto report = [&](const std::string& what, const std::string& input, const std::string& answers) {
            fails.fail(what + "\n  seed " + std::to_string(seed) + " level " + level.text() + "  input " + input +
                       "\n  " + answers);
        };
        for (int q = 0; q < 320; ++q) {
            const QueryFilter filter = random_filter(rng);
            QueryFilter box_filter = filter; // the box world's bodies stand for the tiles
            box_filter.bodies = filter.tiles;
            box_filter.tiles = false;
            // ---- cast_ray
            {
                const Vec2 o = random_point(rng, m);
                const Vec2 d = random_delta(rng, m, o);
                const CastHit g = w.grid.cast_ray(o, d, filter);
                const CastHit t = w.brute.cast_ray(o, d, filter);
                const CastHit b = w.boxes.cast_ray(o, d, box_filter);
                w.boxes.cast_all(Aabb{o, o}, d, all_boxes, box_filter);
                const std::string input = "cast_ray " + str(o) + " delta " + str(d);
                const std::string answers = "grid " + str(g) + "\n  brute " + str(t) + "\n  boxes " + str(b);
                ++casts;
                if (!same(g, t)) report("cast_ray: grid and brute tile worlds differ", input, answers);
                if (const std::string e = compare_closest(w, t, b, all_boxes, d); !e.empty())
                    report("cast_ray vs box world: " + e, input, answers);
                if (const std::string e = check_tile_hit(m, t, Aabb{o, o}, d); !e.empty())
                    report("cast_ray: " + e, input, answers);
                if (t.hit && b.hit && t.normal != b.normal) ++normal_fixes;
                if (t.hit && b.hit && t.other != w.as_tile(b.other)) ++ties;
            }
            // ---- cast_box and cast_all
            {
                const Aabb box = random_box(rng, m);
                const Vec2 d = random_delta(rng, m, box.min);
                const CastHit g = w.grid.cast_box(box, d, filter);
                const CastHit t = w.brute.cast_box(box, d, filter);
                const CastHit b = w.boxes.cast_box(box, d, box_filter);
                w.grid.cast_all(box, d, all_grid, filter);
                w.brute.cast_all(box, d, all_brute, filter);
                w.boxes.cast_all(box, d, all_boxes, box_filter);
                const std::string input = "cast_box " + str(box) + " delta " + str(d);
                const std::string answers = "grid " + str(g) + "\n  brute " + str(t) + "\n  boxes " + str(b);
                ++casts;
                if (!same(g, t)) report("cast_box: grid and brute tile worlds differ", input, answers);
                if (const std::string e = compare_closest(w, t, b, all_boxes, d); !e.empty())
                    report("cast_box vs box world: " + e, input, answers);
                if (const std::string e = check_tile_hit(m, t, box, d); !e.empty())
                    report("cast_box: " + e, input, answers);
                if (t.hit && b.hit && t.normal != b.normal) ++normal_fixes;
                if (t.hit && b.hit && t.other != w.as_tile(b.other)) ++ties;
                const std::string all_answers = "grid" + str(all_grid) + "\n  brute" + str(all_brute) + "\n  boxes" +
                                                str(all_boxes);
                if (!same(all_grid, all_brute))
                    report("cast_all: grid and brute tile worlds differ", input, all_answers);
                if (const std::string e = compare_all(w, all_brute, all_boxes, d); !e.empty())
                    report("cast_all vs box world: " + e, input, all_answers);
                for (const CastHit& h : all_brute)
                    if (const std::string e = check_tile_hit(m, h, box, d); !e.empty())
                        report("cast_all: " + e, input, all_answers);
                // The closest hit is the first of cast_all.
                if (t.hit != !all_brute.empty() || (t.hit && !same(t, all_brute.front())))
                    report("cast_box is not the first hit of cast_all", input, answers + "\n  all" + str(all_brute));
            }
            // ---- query_rect, query_point, query_segment (touching counts: no flags involved)
            {
                const Aabb rect = random_box(rng, m);
                w.grid.query_rect(rect, q_grid, filter);
                w.brute.query_rect(rect, q_brute, filter);
                w.boxes.query_rect(rect, q_boxes, box_filter);
                if (q_grid != q_brute || q_brute != as_tiles(w, q_boxes))
                    report("query_rect differs", "rect " + str(rect),
                           "grid " + str(q_grid) + " brute " + str(q_brute) + " boxes " + str(as_tiles(w, q_boxes)));
                const Vec2 p = random_point(rng, m);
                w.grid.query_point(p, q_grid, filter);
                w.brute.query_point(p, q_brute, filter);
                w.boxes.query_point(p, q_boxes, box_filter);
                if (q_grid != q_brute || q_brute != as_tiles(w, q_boxes))
                    report("query_point differs", "point " + str(p),
                           "grid " + str(q_grid) + " brute " + str(q_brute) + " boxes " + str(as_tiles(w, q_boxes)));
                const Vec2 a = random_point(rng, m);
                const Vec2 e = a + random_delta(rng, m, a);
                w.grid.query_segment(a, e, q_grid, filter);
                w.brute.query_segment(a, e, q_brute, filter);
                w.boxes.query_segment(a, e, q_boxes, box_filter);
                if (q_grid != q_brute || q_brute != as_tiles(w, q_boxes))
                    report("query_segment differs", "segment " + str(a) + " -> " + str(e),
                           "grid " + str(q_grid) + " brute " + str(q_brute) + " boxes " + str(as_tiles(w, q_boxes)));
            }
        }
    }
    BOOST_TEST_MESSAGE("tile_map: " << casts << " casts compared, " << normal_fixes
                                    << " seam normals corrected by edge flags, " << ties << " ties");
    fails.summary();
}

BOOST_AUTO_TEST_CASE(moves_match_the_box_world) {
    Failures fails;
    long moves = 0, diverged = 0;
    constexpr std::array<Response, 4> responses{Response::slide, Response::touch, Response::bounce, Response::cross};
    for (std::uint32_t seed = 1; seed <= 40; ++seed) {
        Rng rng(0x40e00000u + seed);
        const Level level = random_level(rng, false);
        Worlds w(level);
        w.add_movers();
        const TileMap& m = w.map();
        MoveResult rg, rt, rb;
        for (int q = 0; q < 150; ++q) {
            const Aabb box = random_box(rng, m);
            const Vec2 d = random_delta(rng, m, box.min);
            MoveOptions opt;
            opt.response = rng.pick(responses);
            opt.restitution = rng.chance(0.5) ? real(1) : real(0.5);
            opt.friction = rng.chance(0.5) ? real(0) : real(0.25);
            opt.has_velocity = true;
            opt.velocity = d;
            w.grid.teleport(w.mover_grid, box);
            w.brute.teleport(w.mover_brute, box);
            w.boxes.teleport(w.mover_boxes, box);
            w.grid.move(w.mover_grid, d, opt, rg);
            w.brute.move(w.mover_brute, d, opt, rt);
            w.boxes.move(w.mover_boxes, d, opt, rb);
            ++moves;
            const std::string input = std::string("move ") + to_string(opt.response) + " from " + str(box) + " delta " +
                                      str(d);
            const std::string answers = "grid " + str(rg) + "\n  brute " + str(rt) + "\n  boxes " + str(rb);
            auto report = [&](const std::string& what) {
                fails.fail(what + "\n  seed " + std::to_string(seed) + " level " + level.text() + "  input " + input +
                           "\n  " + answers);
            };
            if (!same(rg, rt)) report("move: grid and brute tile worlds differ");
            // Tile contacts land flush on surfaces.
            for (const Contact& c : rt.contacts)
                if (const std::string e = check_tile_contact(m, c); !e.empty()) report("move: " + e);
            // Never through (rule 6) for the blocking responses.
            if (opt.response != Response::cross) {
                for (int r = 0; r < m.rows(); ++r)
                    for (int c = 0; c < m.columns(); ++c)
                        if (m.get({c, r}) == Tile::solid && overlaps(rt.box, m.cell_box({c, r})) &&
                            !overlaps(box, m.cell_box({c, r})))
                            report("move: ends inside " + str(TileCell{c, r}) +
                                   " which it did not overlap at the start");
            }
            // Against the box world, contact by contact, until the first contact where an edge flag
            // changes the path (see Expected): the tile world leaves out contacts on seams the
            // mover is already inside of, and may turn the normal of a seam contact.
            bool diverges = false;
            std::size_t j = 0;
            for (std::size_t i = 0; i < rb.contacts.size() && !diverges; ++i) {
                const Contact& cb = rb.contacts[i];
                const bool blocking = cb.response != Response::cross && cb.response != Response::ignore;
                // The leg's direction is known until the first blocking contact.
                const bool first_leg = std::none_of(rb.contacts.begin(), rb.contacts.begin() + std::ptrdiff_t(i),
                                                    [](const Contact& c) {
                    return c.response != Response::cross && c.response != Response::ignore;
                });
                const Vec2 leg_d = first_leg ? d : (j < rt.contacts.size() ? -rt.contacts[j].normal : -cb.normal);
                const Expected e = expected_from_box_world(w, cb.other, cb.time, cb.normal, cb.started_overlapping,
                                                           cb.corner, cb.box, leg_d, first_leg);
                const std::string at = "move vs box world: box-world contact " + std::to_string(i) + " (" + str(e) +
                                       ")";
                if (j < rt.contacts.size() && rt.contacts[j].other == e.tile && rt.contacts[j].time == cb.time) {
                    const Contact& ct = rt.contacts[j++];
                    if (ct.response != cb.response ||
                        (ct.started_overlapping != cb.started_overlapping && !touches_seam(m, ct.other, ct.box)))
                        report(at + " differs in start or response");
                    else if (e.rule != Seam::drop_ok && !normal_fits(e, ct.normal, -ct.normal))
                        report(at + " has another normal in the tile world");
                    else if (ct.normal == cb.normal && ct.box != cb.box)
                        report(at + " has another box in the tile world");
                    if (ct.normal != cb.normal && blocking) {
                        diverges = true; // the flag turned the response: the paths part here
                        ++diverged;
                    }
                    continue;
                }
                if (e.rule == Seam::drop_ok) {
                    if (blocking) {
                        diverges = true; // the box world stopped on a seam the tile world ignores
                        ++diverged;
                    }
                    continue;
                }
                if (j < rt.contacts.size() && rt.contacts[j].time <= cb.time &&
                    on_seam_line(m, rt.contacts[j].other, rt.contacts[j].box, rt.contacts[j].normal,
                                 -rt.contacts[j].normal)) {
                    diverges = true; // the tile world met a seam line the box world cannot see
                    ++diverged;
                    break;
                }
                report(at + " is missing in the tile world (next tile-world contact " +
                       (j < rt.contacts.size() ? str(rt.contacts[j]) : std::string("none")) + ")");
                diverges = true;
            }
            if (!diverges && j != rt.contacts.size())
                report("move vs box world: tile-world contact " + std::to_string(j) + " has no box-world counterpart");
            if (!diverges && (rt.box != rb.box || rt.velocity != rb.velocity || rt.truncated != rb.truncated))
                report("move vs box world: results differ with the same contacts");
        }
    }
    BOOST_TEST_MESSAGE("tile_map: " << moves << " moves compared, " << diverged << " diverged at a flagged seam");
    fails.summary();
}

BOOST_AUTO_TEST_CASE(one_way_levels_grid_equals_brute) {
    Failures fails;
    for (std::uint32_t seed = 1; seed <= 30; ++seed) {
        Rng rng(0x0e3a0000u + seed);
        const Level level = random_level(rng, true);
        Worlds w(level);
        const TileMap& m = w.map();
        std::vector<CastHit> all_grid, all_brute;
        std::vector<Other> q_grid, q_brute;
        auto report = [&](const std::string& what, const std::string& input, const std::string& answers) {
            fails.fail(what + "\n  seed " + std::to_string(seed) + " level " + level.text() + "  input " + input +
                       "\n  " + answers);
        };
        for (int q = 0; q < 250; ++q) {
            const Vec2 p = random_point(rng, m);
            const Aabb b2 = rng.chance(0.3) ? Aabb{p, p} : random_box(rng, m);
            const Vec2 d = random_delta(rng, m, b2.min);
            const CastHit g = w.grid.cast_box(b2, d), t = w.brute.cast_box(b2, d);
            const CastHit gr = w.grid.cast_ray(b2.min, d), tr = w.brute.cast_ray(b2.min, d);
            w.grid.cast_all(b2, d, all_grid);
            w.brute.cast_all(b2, d, all_brute);
            const std::string input = "box " + str(b2) + " delta " + str(d);
            if (!same(g, t)) report("cast_box: grid and brute differ", input, str(g) + "\n  " + str(t));
            if (!same(gr, tr)) report("cast_ray: grid and brute differ", input, str(gr) + "\n  " + str(tr));
            if (!same(all_grid, all_brute))
                report("cast_all: grid and brute differ", input, str(all_grid) + "\n  vs" + str(all_brute));
            for (const CastHit* h : {&t, &tr})
                if (const std::string e = check_tile_hit(m, *h, h == &t ? b2 : Aabb{b2.min, b2.min}, d); !e.empty())
                    report(e, input, str(*h));
            w.grid.query_rect(b2, q_grid);
            w.brute.query_rect(b2, q_brute);
            if (q_grid != q_brute) report("query_rect: grid and brute differ", input, str(q_grid) + " " + str(q_brute));
            w.grid.query_segment(b2.min, b2.min + d, q_grid);
            w.brute.query_segment(b2.min, b2.min + d, q_brute);
            if (q_grid != q_brute)
                report("query_segment: grid and brute differ", input, str(q_grid) + " " + str(q_brute));
        }
        w.add_movers();
        MoveResult rg, rt;
        for (int q = 0; q < 100; ++q) {
            const Aabb box = random_box(rng, m);
            const Vec2 d = random_delta(rng, m, box.min);
            MoveOptions opt;
            opt.response = rng.chance(0.7) ? Response::slide : Response::bounce;
            w.grid.teleport(w.mover_grid, box);
            w.brute.teleport(w.mover_brute, box);
            w.grid.move(w.mover_grid, d, opt, rg);
            w.brute.move(w.mover_brute, d, opt, rt);
            const std::string input = "move from " + str(box) + " delta " + str(d);
            if (!same(rg, rt)) report("move: grid and brute differ", input, str(rg) + "\n  " + str(rt));
            for (const Contact& c : rt.contacts) {
                if (const std::string e = check_tile_contact(m, c); !e.empty()) report("move: " + e, input, str(rt));
                if (c.other.is_tile() && m.get(c.other.tile) == Tile::one_way && c.normal != Vec2(0, -1))
                    report("move: one-way contact not on the top", input, str(rt));
            }
        }
    }
    fails.summary();
}

BOOST_AUTO_TEST_SUITE_END()
