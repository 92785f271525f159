// Suite `particles`: move_particles against the contract (docs/contract.md, "Particles"): a
// particle's frame equals a zero-size body's World::move with Response::bounce, bit for bit, on
// random worlds of tiles and static bodies (0- and 1-unit walls, touching obstacles, closed
// rooms); bodies that are not static are not seen; category and mask; speed never grows with
// restitution and friction in [0, 1]; particles at rest stay at rest, bit for bit; bad input;
// the contact buffer; the spark emitter.
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>
#include <boost/test/unit_test.hpp>
#include <sweepbox/particles.hpp>
#include "test_support.hpp"

using namespace sweepbox;
using sbt::add_mover;
using sbt::add_static;
using sbt::box;
using sbt::v2;

namespace {

using Bits = std::conditional_t<sizeof(real) == 4, std::uint32_t, std::uint64_t>;
bool same(real a, real b) { return std::bit_cast<Bits>(a) == std::bit_cast<Bits>(b); }
bool same(Vec2 a, Vec2 b) { return same(a.x, b.x) && same(a.y, b.y); }

// A batch held in vectors, with a contact buffer.
struct Batch : ParticleArrays {
    std::vector<ParticleContact> buffer;
    ParticleContacts contacts;

    explicit Batch(std::size_t n, std::size_t room = 4096) : buffer(room) {
        x.resize(n);
        y.resize(n);
        vx.resize(n);
        vy.resize(n);
        restitution.assign(n, 1);
        friction.assign(n, 0);
        category.assign(n, 1);
        mask.assign(n, ~0u);
        alive.assign(n, 1);
        contacts.data = buffer.data();
        contacts.capacity = buffer.size();
    }
    Batch(const Batch& o) : ParticleArrays(o), buffer(o.buffer), contacts(o.contacts) { contacts.data = buffer.data(); }
    void set(std::size_t i, Vec2 p, Vec2 v) {
        x[i] = p.x;
        y[i] = p.y;
        vx[i] = v.x;
        vy[i] = v.y;
    }
    [[nodiscard]] Vec2 pos(std::size_t i) const { return {x[i], y[i]}; }
    [[nodiscard]] Vec2 vel(std::size_t i) const { return {vx[i], vy[i]}; }
    ParticleStats frame(const World& w, const ParticleFrame& f) { return move_particles(w, view(), f, contacts); }
};

// Uniform numbers from the raw output of mt19937 (which the standard fixes), so the worlds are
// the same with every standard library.
struct Rng {
    std::mt19937 g;
    explicit Rng(std::uint32_t seed) : g(seed) {}
    double unit() { return double(g()) / 4294967296.0; }
    int below(int n) { return int(g() % std::uint32_t(n)); }
    double in(double lo, double hi) { return lo + (hi - lo) * unit(); }
    // A coordinate on a quarter-unit grid half the time (on tile edges and wall faces often).
    double coord(double lo, double hi) {
        const double c = in(lo, hi);
        return below(2) == 0 ? std::round(c * 4) / 4 : c;
    }
};

// The static part of a random world: tiles (solid and one-way), walls of 0 and 1 unit, boxes
// touching each other, a closed room; the same in every World built from it, in the same order,
// so body ids agree between worlds.
struct Level {
    bool has_map = true; // without: static bodies only (the off-map paths)
    bool glass = false;  // every third solid tile of kind 3, a solid kind of category 2
    TileMapDef map;
    std::vector<std::pair<TileCell, Tile>> tiles;
    std::vector<Aabb> statics;
};

Level random_level(Rng& rng) {
    Level l;
    l.map.origin = v2(rng.below(3) * 8 - 8, 0);
    l.map.tile_size = rng.below(2) == 0 ? real(16) : real(10);
    l.map.columns = 14;
    l.map.rows = 10;
    for (std::int32_t r = 0; r < l.map.rows; ++r)
        for (std::int32_t c = 0; c < l.map.columns; ++c) {
            const int k = rng.below(100);
            const bool border = r == l.map.rows - 1 || c == 0;
            if (border || k < 18) l.tiles.push_back({{c, r}, Tile::solid});
            else if (k < 22) l.tiles.push_back({{c, r}, Tile::one_way});
        }
    const real size = l.map.tile_size;
    const double w = double(size) * l.map.columns, h = double(size) * l.map.rows;
    const double ox = double(l.map.origin.x);
    for (int i = 0; i < 6; ++i) {
        const double x = rng.coord(ox, ox + w), y = rng.coord(0, h), len = rng.in(4, 60);
        const double thick = rng.below(2) == 0 ? 0.0 : 1.0;
        if (rng.below(2) == 0) l.statics.push_back(box(x, y, x + thick, y + len));
        else l.statics.push_back(box(x, y, x + len, y + thick));
    }
    // Two boxes touching along a face, and one touching them at a corner.
    const double bx = rng.coord(ox, ox + w - 40), by = rng.coord(0, h - 40);
    l.statics.push_back(box(bx, by, bx + 12, by + 8));
    l.statics.push_back(box(bx + 12, by, bx + 20, by + 8));
    l.statics.push_back(box(bx + 20, by + 8, bx + 30, by + 20));
    // A static floor under the map, and (some levels) no map at all.
    l.statics.push_back(box(ox - 20, h, ox + w + 20, h + 16));
    l.has_map = rng.below(4) != 0;
    // A closed room of zero-thickness walls.
    const double rx = rng.coord(ox, ox + w - 50), ry = rng.coord(0, h - 50), rs = rng.in(10, 40);
    l.statics.push_back(box(rx, ry, rx + rs, ry));
    l.statics.push_back(box(rx, ry + rs, rx + rs, ry + rs));
    l.statics.push_back(box(rx, ry, rx, ry + rs));
    l.statics.push_back(box(rx + rs, ry, rx + rs, ry + rs));
    return l;
}

void build(World& w, const Level& l) {
    if (l.has_map) {
        w.set_tile_map(l.map);
        w.set_tile_kind(3, {TileShape::solid, 2, ~0u, false});
        int solid = 0;
        for (const auto& [cell, tile] : l.tiles)
            w.set_tile(cell, l.glass && tile == Tile::solid && ++solid % 3 == 0 ? 3 : std::int32_t(tile));
    }
    for (const Aabb& b : l.statics) add_static(w, b);
}

std::string str(Vec2 v) { return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ")"; }

// Compares a frame of `b` (from `before`) with World::move of the zero-size `body` of `wb` (a
// world of the same level without the particles' dynamic bodies), particle by particle, bit for
// bit: position, velocity, every contact. Counts what it compared.
struct Compared {
    std::size_t particles = 0, contacts = 0, rested = 0;
};
void compare_frame(const Batch& b, Batch before, const ParticleFrame& f, World& wb, BodyId body,
                   const std::string& label, Compared& tally) {
    const Particles before_view = before.view();
    std::size_t next = 0; // the next contact of the buffer to compare
    for (std::size_t i = 0; i < b.x.size(); ++i) {
        if (!b.alive[i]) {
            BOOST_TEST((same(b.pos(i), before.pos(i)) && same(b.vel(i), before.vel(i))));
            continue;
        }
        const FrameMotion m = frame_motion(before.vel(i), f.gravity, f.dt);
        wb.teleport(body, Aabb{before.pos(i), before.pos(i)});
        wb.set_filter(body, b.category[i], b.mask[i]);
        const MoveResult r = wb.move(body, m.delta, particle_move_options(before_view, f, i));
        const std::string where = label + " particle " + std::to_string(i) + " from " + str(before.pos(i)) + " by " +
                                  str(m.delta);
        BOOST_TEST_INFO(where);
        BOOST_TEST((same(b.pos(i), r.box.min) && same(r.box.min, r.box.max)));
        BOOST_TEST_INFO(where);
        BOOST_TEST(same(b.vel(i), r.velocity));
        for (std::size_t k = 0; k < r.contacts.size(); ++k, ++next) {
            BOOST_TEST_INFO(where << " contact " << k);
            BOOST_REQUIRE(next < b.contacts.count);
            const ParticleContact& pc = b.buffer[next];
            const Contact& c = r.contacts[k];
            BOOST_TEST_INFO(where << " contact " << k);
            BOOST_TEST((pc.particle == i && pc.other == c.other && same(pc.time, c.time) && same(pc.point, c.point) &&
                        same(pc.normal, c.normal) && pc.corner == c.corner && pc.junction == c.junction));
            if (k + 1 == r.contacts.size()) {
                BOOST_TEST_INFO(where);
                BOOST_TEST(same(pc.velocity, r.velocity));
            }
            ++tally.contacts;
        }
        if (!r.contacts.empty() && r.velocity == Vec2{0, 0}) ++tally.rested;
        ++tally.particles;
    }
    BOOST_TEST(next == b.contacts.count);
}

// `frames` frames of b in wp, each compared with the zero-size body's move in wb (compare_frame);
// their stats added up.
ParticleStats compared_frames(Batch& b, const ParticleFrame& f, const World& wp, World& wb, BodyId body, int frames,
                              const std::string& label, Compared& tally) {
    ParticleStats sum;
    for (int frame = 0; frame < frames; ++frame) {
        const Batch before = b;
        const ParticleStats st = b.frame(wp, f);
        BOOST_REQUIRE_EQUAL(b.contacts.dropped, 0u);
        sum.moved += st.moved;
        sum.quiet += st.quiet;
        sum.resting += st.resting;
        sum.touched += st.touched;
        compare_frame(b, before, f, wb, body, label + " frame " + std::to_string(frame), tally);
    }
    return sum;
}

} // namespace

BOOST_AUTO_TEST_SUITE(particles)

BOOST_AUTO_TEST_CASE(frame_motion_is_semi_implicit_euler) {
    const FrameMotion m = frame_motion(v2(10, -20), v2(0, 600), real(0.5));
    BOOST_TEST(same(m.velocity, v2(10, 280)));
    BOOST_TEST(same(m.delta, v2(5, 140)));
}

// The central property: on random worlds, every particle's frame is what World::move gives a
// zero-size body at its position, bit for bit: position, velocity, every contact; the last
// contact's velocity is the move's velocity. The particles' world also holds dynamic bodies,
// which particles do not see (the body's world has none but the body itself). Both paths (the
// fast one for paths that meet nothing, and the move's) are taken.
BOOST_AUTO_TEST_CASE(frame_equals_zero_size_body_move) {
    std::size_t quiet = 0, touched = 0, resting = 0, resting_on_bodies = 0;
    Compared tally;
    for (std::uint32_t seed = 1; seed <= 40; ++seed) {
        Rng rng(seed);
        Level level = random_level(rng);
        level.glass = seed % 3 == 0; // tiles by their kinds' filters: no fast path on those maps
        World wp, wb;
        build(wp, level);
        build(wb, level);
        // Dynamic bodies in the particles' world only: never seen by a particle.
        for (int i = 0; i < 3; ++i) {
            const double x = rng.coord(0, 120), y = rng.coord(0, 90);
            add_mover(wp, box(x, y, x + 20, y + 20));
        }
        const BodyId body = add_mover(wb, box(0, 0, 0, 0));
        const std::size_t n = 60;
        Batch b(n);
        const double w = double(level.map.tile_size) * level.map.columns, h = double(level.map.tile_size) * 10;
        for (std::size_t i = 0; i < n; ++i) {
            const double x = rng.coord(double(level.map.origin.x) - 10, double(level.map.origin.x) + w + 10);
            const double y = rng.coord(-10, h + 10);
            const double speed = rng.below(4) == 0 ? rng.in(0, 30) : rng.in(0, 3000);
            const double a = rng.in(0, 6.283185307179586);
            b.set(i, v2(x, y), v2(speed * std::cos(a), speed * std::sin(a)));
            b.restitution[i] = real(rng.below(3) == 0 ? 1.0 : rng.unit());
            b.friction[i] = real(rng.below(3) == 0 ? 0.0 : rng.unit());
            b.category[i] = rng.below(6) == 0 ? 2u : 1u;
            b.mask[i] = rng.below(6) == 0 ? 2u : ~0u;
            b.alive[i] = rng.below(10) != 0;
        }
        ParticleFrame f;
        f.gravity = v2(rng.below(4) == 0 ? rng.in(-200, 200) : 0, rng.below(4) == 0 ? 0 : rng.in(100, 1200));
        f.dt = rng.below(2) == 0 ? real(1) / real(60) : real(1) / real(30);
        f.rest_speed = rng.below(3) == 0 ? real(0) : real(rng.in(5, 200));
        f.max_iterations = rng.below(4) == 0 ? 2 : 8;
        for (int frame = 0; frame < 40; ++frame) {
            const Batch before = b;
            const ParticleStats st = b.frame(wp, f);
            BOOST_REQUIRE_EQUAL(b.contacts.dropped, 0u);
            quiet += st.quiet;
            touched += st.touched;
            resting += st.resting;
            if (!level.has_map) resting_on_bodies += st.resting; // (no tiles: only bodies to rest on)
            compare_frame(b, before, f, wb, body, "seed " + std::to_string(seed) + " frame " + std::to_string(frame),
                          tally);
        }
    }
    BOOST_TEST_MESSAGE("particle frames compared: " << tally.particles << ", fast path " << quiet << ", rest path "
                                                    << resting << " (on bodies " << resting_on_bodies
                                                    << "), with contacts " << touched << ", contacts " << tally.contacts
                                                    << ", at rest " << tally.rested);
    // The three paths ran often (the rest path on bodies too, in the levels without tiles), and
    // particles came to rest: the comparison covered them all.
    BOOST_TEST(quiet > tally.particles / 10);
    BOOST_TEST(touched > tally.particles / 10);
    BOOST_TEST(resting > tally.particles / 100);
    BOOST_TEST(resting_on_bodies > 100u);
    BOOST_TEST(tally.rested > 1000u);
}

// Where sparks pile up: on the seam of two floor tiles, where a floor meets a wall of tiles or a
// static wall, on a floor under a static body's mark, still or slow, from rest or falling onto
// them. Every frame equals the zero-size body's move, bit for bit, and the rest path answers
// most of them (the junction of tiles included: these particles always have two tiles or more
// near, or a body's mark).
BOOST_AUTO_TEST_CASE(rest_where_obstacles_meet_equals_the_move) {
    std::size_t resting = 0, moved = 0;
    Compared tally;
    for (std::uint32_t seed = 1; seed <= 30; ++seed) {
        Rng rng(seed);
        Level level = random_level(rng);
        level.has_map = true;
        const real size = level.map.tile_size;
        const double ox = double(level.map.origin.x);
        // A floor of tiles on row 6 with walls of tiles on it, and a static wall standing on it.
        for (std::int32_t c = 0; c < level.map.columns; ++c) level.tiles.push_back({{c, 6}, Tile::solid});
        level.tiles.push_back({{4, 5}, Tile::solid});
        level.tiles.push_back({{9, 5}, Tile::solid});
        level.tiles.push_back({{9, 4}, Tile::solid});
        const double floor = double(size) * 6;
        level.statics.push_back(box(ox + double(size) * 6.5, floor - 20, ox + double(size) * 6.5 + 1, floor));
        // Tiles set later win: the row-6 floor stays solid whatever random_level put there.
        World wp, wb;
        build(wp, level);
        build(wb, level);
        const BodyId body = add_mover(wb, box(0, 0, 0, 0));
        const std::size_t n = 80;
        Batch b(n);
        for (std::size_t i = 0; i < n; ++i) {
            const int k = rng.below(4);
            double x = ox + double(size) * (1 + rng.below(level.map.columns - 2)); // a seam
            if (k == 1) x = ox + double(size) * (rng.below(2) == 0 ? 5 : 9);       // against a wall of tiles
            if (k == 2) x = ox + double(size) * 6.5 + rng.below(2);                // against the static wall
            if (k == 3) x = rng.coord(ox + double(size), ox + double(size) * 13);  // anywhere
            const double y = rng.below(2) == 0 ? floor : floor - rng.in(0, 30);
            b.set(i, v2(x, y),
                  v2(rng.below(2) == 0 ? 0.0 : rng.in(-20, 20), rng.below(2) == 0 ? 0.0 : rng.in(-20, 20)));
            b.restitution[i] = real(rng.below(2) == 0 ? 0.5 : rng.unit());
            b.friction[i] = real(rng.unit());
        }
        ParticleFrame f;
        f.gravity = v2(0, rng.in(300, 1200));
        f.rest_speed = real(double(f.gravity.y) * double(f.dt) * 2 + rng.in(0, 40));
        for (int frame = 0; frame < 30; ++frame) {
            const Batch before = b;
            const ParticleStats st = b.frame(wp, f);
            BOOST_REQUIRE_EQUAL(b.contacts.dropped, 0u);
            resting += st.resting;
            moved += st.moved;
            compare_frame(b, before, f, wb, body, "seed " + std::to_string(seed) + " frame " + std::to_string(frame),
                          tally);
        }
    }
    BOOST_TEST_MESSAGE("particle frames at junctions compared: " << tally.particles << ", rest path " << resting
                                                                 << ", at rest " << tally.rested);
    BOOST_TEST(tally.rested > moved / 2);
    BOOST_TEST(resting > tally.rested / 2);
}

// The fast answers at their edges: a particle on a tile's face or one step of `real` off it, at
// the face's ends (a corner, a seam, the meeting point of tiles touching diagonally), just inside
// them and in the middle, pressed slowly into it along either axis, faster than rest_speed,
// sliding along it with or without pressing, or leaving it; on a lone tile, a seam of two, a
// one-way tile, a slope tile, a tile with a static wall standing on it or a static body near
// (its mark), with the tiles seen or not (mask). Every frame equals the zero-size body's move,
// bit for bit. On two maps: tile edges that are whole numbers, and edges rounded from a size
// that `real` cannot hold.
BOOST_AUTO_TEST_CASE(fast_paths_equal_the_move_at_their_edges) {
    std::size_t resting = 0, quiet = 0, moved = 0;
    Compared tally;
    for (const double size : {16.0, 0.1}) {
        const double s = size / 16; // speeds and gravity scaled with the tiles
        Level level;
        level.map.origin = size == 16 ? v2(-8, 0) : v2(0.3, -0.7);
        level.map.tile_size = real(size);
        level.map.columns = 16;
        level.map.rows = 12;
        const std::vector<TileCell> targets = {{3, 3}, {6, 3}, {7, 3},  {10, 2}, {10, 3}, {3, 7},
                                               {4, 8}, {7, 7}, {10, 7}, {13, 3}, {13, 7}};
        for (const TileCell c : targets) level.tiles.push_back({c, Tile::solid});
        level.tiles.push_back({{7, 7}, Tile::one_way});
        World probe;
        probe.set_tile_map(level.map);
        const Aabb cell = probe.tiles().cell_box({13, 3});
        const Aabb near_cell = probe.tiles().cell_box({13, 7});
        // A static wall standing on (13, 3), and a static box just above (13, 7) (its mark, no touch).
        const double x_wall = double(cell.min.x) + size / 4;
        level.statics.push_back(box(x_wall, double(cell.min.y) - size / 2, x_wall + size / 16, double(cell.min.y)));
        level.statics.push_back(box(double(near_cell.min.x) + size / 4, double(near_cell.min.y) - size / 2,
                                    double(near_cell.min.x) + size / 2, double(near_cell.min.y) - size / 32));
        World wp, wb;
        build(wp, level);
        build(wb, level);
        for (World* w : {&wp, &wb}) {
            w->set_tile_kind(10, {TileShape::slope45_ul, 1, 0xffffffffu, false});
            w->set_tile({10, 7}, 10);
        }
        const BodyId body = add_mover(wb, box(0, 0, 0, 0));
        for (int dir = 0; dir < 4; ++dir) {
            const int a = dir / 2;                   // the axis of gravity
            const real sign = dir % 2 == 0 ? 1 : -1; // its sign
            ParticleFrame f;
            f.gravity[a] = real(600 * s) * sign;
            f.rest_speed = real(30 * s);
            // Into the face: none, slowly, fast; away from it; what gravity adds in a frame, taken
            // away (the frame's motion runs along the face).
            const real stop = -(f.gravity[a] * f.dt);
            std::vector<std::pair<Vec2, Vec2>> seeds;
            for (const TileCell c : targets) {
                const Aabb t = wp.tiles().cell_box(c);
                // The face the particle is pressed into, and its extent along the other axis.
                const real face = sign > 0 ? t.min[a] : t.max[a];
                const real lo = t.min[1 - a], hi = t.max[1 - a];
                const real inf = std::numeric_limits<real>::infinity();
                const real along[] = {lo, std::nextafter(lo, inf), lo + (hi - lo) / 2, std::nextafter(hi, -inf),
                                      hi, lo - real(size / 8)};
                const real off[] = {face, std::nextafter(face, -sign * inf), std::nextafter(face, sign * inf)};
                for (const real u : along)
                    for (const real w : off)
                        for (const double speed : {0.0, 4.0, 25.0, -25.0, 1e9})
                            for (const double slide : {0.0, 3.0}) {
                                Vec2 p{0, 0}, v{0, 0};
                                p[a] = w;
                                p[1 - a] = u;
                                v[a] = speed == 1e9 ? stop : real(double(sign) * speed * s);
                                v[1 - a] = real(slide * s);
                                seeds.push_back({p, v});
                            }
                // One step of `real` short of the face, with a motion that ends past it by less than
                // half a step: the end is rounded onto the face, the path enters the tile.
                for (const real u : {along[2], along[4]})
                    for (const double slide : {0.0, 3.0}) {
                        Vec2 p{0, 0}, v{0, 0};
                        p[a] = off[1];
                        p[1 - a] = u;
                        const double gap = std::fabs(double(face) - double(off[1]));
                        v[a] = real(double(sign) * 1.2 * gap / double(f.dt)) + stop;
                        v[1 - a] = real(slide * s);
                        seeds.push_back({p, v});
                    }
            }
            const std::size_t n = seeds.size() * 2;
            Batch b(n, 4 * n);
            for (std::size_t i = 0; i < n; ++i) {
                b.set(i, seeds[i / 2].first, seeds[i / 2].second);
                b.restitution[i] = real(0.5);
                b.friction[i] = real(0.3);
                b.mask[i] = i % 2 == 0 ? ~0u : 2u; // odd ones see neither tiles nor walls
            }
            const ParticleStats st = compared_frames(b, f, wp, wb, body, 3,
                                                     "size " + std::to_string(size) + " gravity " + std::to_string(dir),
                                                     tally);
            resting += st.resting;
            quiet += st.quiet;
            moved += st.moved;
        }
    }
    BOOST_TEST_MESSAGE("particle frames at the fast paths' edges compared: " << tally.particles << ", fast path "
                                                                             << quiet << ", rest path " << resting
                                                                             << ", at rest " << tally.rested);
    BOOST_TEST(resting > moved / 20);
    BOOST_TEST(quiet > moved / 20);
}

// Bounces among the few tiles of a path's range, with no body near (move_particles then gives the
// move's legs those tiles instead of the map's walks): off a floor with seams, a step, two tiles
// touching diagonally, a one-way tile beside a solid one, a lone tile and from inside one; from
// their faces, corners and seams, one step of `real` off them, and anywhere near, in every
// direction, straight at a corner too; under gravity along either axis; on tiles whose edges are
// whole numbers and on tiles whose edges `real` rounds. Every frame equals the zero-size body's
// move, bit for bit.
BOOST_AUTO_TEST_CASE(bounces_among_few_tiles_equal_the_move) {
    std::size_t moved = 0, touched = 0;
    Compared tally;
    for (const double size : {16.0, 0.1}) {
        Rng rng(size == 16 ? 7u : 8u);
        Level level;
        level.map.origin = size == 16 ? v2(-8, 0) : v2(0.3, -0.7);
        level.map.tile_size = real(size);
        level.map.columns = 16;
        level.map.rows = 12;
        const std::vector<TileCell> solids = {{2, 9},  {3, 9}, {4, 9}, {5, 9}, {5, 8}, // a floor with a step
                                              {8, 4},  {9, 5},                         // touching diagonally
                                              {12, 4}, {13, 8}};                       // lone, one beside one-way
        for (const TileCell c : solids) level.tiles.push_back({c, Tile::solid});
        level.tiles.push_back({{12, 8}, Tile::one_way});
        World wp, wb;
        build(wp, level);
        build(wb, level);
        const BodyId body = add_mover(wb, box(0, 0, 0, 0));
        const real inf = std::numeric_limits<real>::infinity();
        std::vector<Vec2> starts;
        for (const TileCell c : solids) {
            const Aabb t = wp.tiles().cell_box(c);
            for (const real x : {t.min.x, t.max.x, t.min.x + (t.max.x - t.min.x) / 3})
                for (const real y : {t.min.y, t.max.y, t.min.y + (t.max.y - t.min.y) / 2}) {
                    starts.push_back({x, y});
                    starts.push_back({std::nextafter(x, -inf), std::nextafter(y, -inf)});
                    starts.push_back({std::nextafter(x, inf), y});
                }
            for (int k = 0; k < 4; ++k)
                starts.push_back({real(rng.in(double(t.min.x) - size, double(t.max.x) + size)),
                                  real(rng.in(double(t.min.y) - size, double(t.max.y) + size))});
        }
        for (int dir = 0; dir < 4; ++dir) {
            const int a = dir / 2;
            ParticleFrame f;
            f.gravity[a] = real(900 * size / 16) * (dir % 2 == 0 ? 1 : -1);
            f.rest_speed = real(20 * size / 16);
            const std::size_t n = starts.size() * 3;
            Batch b(n, 8 * n);
            for (std::size_t i = 0; i < n; ++i) {
                // Up to a tile and a half a frame, in any direction; every third straight along a
                // diagonal (through corners).
                const double speed = rng.in(0.1, 1.5) * size * 60;
                const double angle = i % 3 == 0 ? (0.25 + 0.5 * rng.below(4)) * 3.141592653589793
                                                : rng.in(0, 6.283185307179586);
                b.set(i, starts[i / 3], v2(speed * std::cos(angle), speed * std::sin(angle)));
                b.restitution[i] = real(std::array{0.0, 0.5, 1.0}[i % 3]);
                b.friction[i] = real(std::array{0.3, 0.0, 1.0}[(i / 3) % 3]);
            }
            const ParticleStats st = compared_frames(b, f, wp, wb, body, 4,
                                                     "size " + std::to_string(size) + " gravity " + std::to_string(dir),
                                                     tally);
            moved += st.moved;
            touched += st.touched;
        }
    }
    BOOST_TEST_MESSAGE("particle frames among few tiles compared: " << tally.particles << ", with contacts " << touched
                                                                    << ", contacts " << tally.contacts);
    BOOST_TEST(touched > moved / 4);
    BOOST_TEST(tally.contacts > moved / 4);
}

// A particle with no motion (no velocity, no gravity) stays as it is, a -0 coordinate too, as the
// zero-size body's move (which runs no leg): on a tile's face, beside one, in the open.
BOOST_AUTO_TEST_CASE(still_particles_stay_bit_for_bit) {
    Level level;
    level.map.columns = 10;
    level.map.rows = 10;
    level.tiles = {{{0, 1}, Tile::solid}, {{5, 5}, Tile::solid}};
    World wp, wb;
    build(wp, level);
    build(wb, level);
    const BodyId body = add_mover(wb, box(0, 0, 0, 0));
    const real z = -real(0);
    const Vec2 seeds[] = {v2(8, 16),  Vec2{8, 16 + z}, Vec2{z, 24},     Vec2{80, z},
                          Vec2{z, z}, v2(88, 80),      Vec2{88, 80 + z}};
    Batch b(std::size(seeds));
    for (std::size_t i = 0; i < b.x.size(); ++i) b.set(i, seeds[i], Vec2{z, 0});
    Compared tally;
    const ParticleStats st = compared_frames(b, ParticleFrame{}, wp, wb, body, 2, "still", tally);
    BOOST_TEST(st.quiet > 0u);
    BOOST_TEST(same(b.pos(2), Vec2{z, 24}));
}

// Bodies that are not static are not seen; static ones and tiles are. Category and mask apply.
BOOST_AUTO_TEST_CASE(sees_tiles_and_static_bodies_only) {
    World w;
    add_mover(w, box(40, -10, 50, 10));    // dynamic: passed through
    add_static(w, box(100, -10, 100, 10)); // a zero-thickness static wall
    Batch b(2);
    b.set(0, v2(0, 0), v2(400, 0)); // 200 units in the frame
    b.set(1, v2(0, 1), v2(400, 0));
    b.mask[1] = 2; // sees nothing of category 1
    b.restitution[0] = real(0.5);
    ParticleFrame f;
    f.dt = real(0.5);
    const ParticleStats st = b.frame(w, f);
    BOOST_TEST(st.moved == 2u);
    BOOST_TEST(b.contacts.count == 1u);
    BOOST_TEST(b.buffer[0].particle == 0u);
    BOOST_TEST(b.buffer[0].time == real(0.5));
    BOOST_TEST(b.buffer[0].point.x == 100);
    BOOST_TEST(b.buffer[0].normal.x == -1);
    BOOST_TEST(b.buffer[0].velocity.x == -200);
    BOOST_TEST(std::fabs(b.x[0] - 50) < real(1e-4)); // the other 100 units, reflected and halved
    BOOST_TEST(b.vx[0] == -200);
    BOOST_TEST(b.x[1] == 200); // through, untouched: its mask does not see the wall
    BOOST_TEST(b.vx[1] == 400);
}

// Never through a 0- or 1-unit wall at any speed, after any number of bounces between two walls.
BOOST_AUTO_TEST_CASE(never_through_thin_walls) {
    for (const double thick : {0.0, 1.0}) {
        World w;
        add_static(w, box(0, -100, thick, 100));
        add_static(w, box(50, -100, 50 + thick, 100));
        Batch b(8);
        for (std::size_t i = 0; i < 8; ++i)
            b.set(i, v2(20 + double(i), 3 * double(i)), v2(std::pow(10.0, double(i)), 7));
        ParticleFrame f;
        for (int frame = 0; frame < 200; ++frame) {
            b.frame(w, f);
            for (std::size_t i = 0; i < 8; ++i) {
                BOOST_TEST_INFO("wall " << thick << " particle " << i << " frame " << frame);
                BOOST_TEST((b.x[i] >= real(thick) && b.x[i] <= real(50)));
            }
        }
    }
}

// With restitution and friction in [0, 1] and no gravity, a frame never makes a particle faster,
// nor does any contact (each contact's velocity is at most as fast as the one before it).
BOOST_AUTO_TEST_CASE(speed_never_grows) {
    Rng rng(7);
    const Level level = random_level(rng);
    World w;
    build(w, level);
    const std::size_t n = 200;
    Batch b(n, 1 << 16);
    for (std::size_t i = 0; i < n; ++i) {
        const double a = rng.in(0, 6.283185307179586), s = rng.in(0, 4000);
        b.set(i, v2(rng.coord(0, 130), rng.coord(0, 90)), v2(s * std::cos(a), s * std::sin(a)));
        b.restitution[i] = real(rng.unit());
        b.friction[i] = real(rng.unit());
    }
    ParticleFrame f;
    f.rest_speed = 10;
    auto speed2 = [](Vec2 v) { return double(v.x) * double(v.x) + double(v.y) * double(v.y); };
    std::size_t bounces = 0;
    for (int frame = 0; frame < 60; ++frame) {
        const Batch before = b;
        b.frame(w, f);
        std::vector<double> last(n);
        for (std::size_t i = 0; i < n; ++i) last[i] = speed2(before.vel(i));
        for (std::size_t k = 0; k < b.contacts.count; ++k) {
            const ParticleContact& c = b.buffer[k];
            BOOST_TEST(speed2(c.velocity) <= last[c.particle]);
            last[c.particle] = speed2(c.velocity);
            ++bounces;
        }
        for (std::size_t i = 0; i < n; ++i) BOOST_TEST(speed2(b.vel(i)) <= speed2(before.vel(i)));
    }
    BOOST_TEST(bounces > 1000u);
}

// Under gravity with a rest speed above gravity * dt, particles dropped on a floor of tiles and
// on a static ledge come to rest, and then stay exactly where they are, frame after frame, with
// the same contact every frame.
BOOST_AUTO_TEST_CASE(at_rest_stays_at_rest_bit_for_bit) {
    World w;
    TileMapDef def;
    def.columns = 20;
    def.rows = 10;
    w.set_tile_map(def);
    for (std::int32_t c = 0; c < 20; ++c) w.set_tile({c, 9}, Tile::solid);
    add_static(w, box(100, 100, 160, 101));
    const std::size_t n = 40;
    Batch b(n);
    for (std::size_t i = 0; i < n; ++i) {
        b.set(i, v2(40 + 6 * double(i), 20 + double(i % 5)), v2(double(i % 7) * 10 - 30, -100));
        b.restitution[i] = real(0.5);
        b.friction[i] = real(0.6);
    }
    ParticleFrame f;
    f.gravity = v2(0, 900);
    f.rest_speed = 40; // above 900 / 60 = 15, so a particle on a floor stops bouncing
    for (int frame = 0; frame < 600; ++frame) b.frame(w, f);
    const Batch settled = b;
    for (std::size_t i = 0; i < n; ++i) {
        BOOST_TEST_INFO("particle " << i);
        BOOST_TEST((b.y[i] == 144 || b.y[i] == 100));
        BOOST_TEST_INFO("particle " << i);
        BOOST_TEST((b.vx[i] == 0 && b.vy[i] == 0));
    }
    const std::vector<ParticleContact> first(settled.buffer.begin(),
                                             settled.buffer.begin() + std::ptrdiff_t(settled.contacts.count));
    BOOST_TEST(first.size() == n);
    for (int frame = 0; frame < 100; ++frame) {
        b.frame(w, f);
        for (std::size_t i = 0; i < n; ++i)
            BOOST_TEST((same(b.pos(i), settled.pos(i)) && same(b.vel(i), settled.vel(i))));
        BOOST_TEST(b.contacts.count == first.size());
        for (std::size_t k = 0; k < std::min(first.size(), b.contacts.count); ++k) {
            const ParticleContact& a = first[k];
            const ParticleContact& c = b.buffer[k];
            BOOST_TEST((a.particle == c.particle && a.other == c.other && same(a.point, c.point) &&
                        same(a.normal, c.normal) && same(a.velocity, c.velocity) && same(a.time, c.time)));
        }
    }
}

// A full buffer counts the contacts that did not fit; the particles still move.
BOOST_AUTO_TEST_CASE(full_buffer_counts_what_is_dropped) {
    World w;
    add_static(w, box(10, -100, 11, 100));
    add_static(w, box(-11, -100, -10, 100));
    Batch b(3, 2);
    for (std::size_t i = 0; i < 3; ++i) b.set(i, v2(0, double(i)), v2(3000, 0)); // 50 units a frame
    const ParticleStats st = b.frame(w, ParticleFrame{});
    BOOST_TEST(st.touched == 3u);
    BOOST_TEST(b.contacts.count == 2u);
    BOOST_TEST(b.contacts.dropped >= 4u); // several bounces each between the walls
    for (std::size_t i = 0; i < 3; ++i) BOOST_TEST((b.x[i] >= -10 && b.x[i] <= 10));
}

// Bad input throws Error and changes nothing; every particle is checked before any moves.
BOOST_AUTO_TEST_CASE(bad_input_changes_nothing) {
    World w;
    add_static(w, box(10, -100, 11, 100));
    Batch b(4);
    for (std::size_t i = 0; i < 4; ++i) b.set(i, v2(0, double(i)), v2(600, 0));
    auto unchanged = [&](const Batch& before) {
        for (std::size_t i = 0; i < 4; ++i)
            if (!same(b.pos(i), before.pos(i)) || !same(b.vel(i), before.vel(i))) return false;
        return true;
    };
    const real nan = std::numeric_limits<real>::quiet_NaN(), inf = std::numeric_limits<real>::infinity();
    const Batch good = b;
    b.vx[3] = nan;
    BOOST_CHECK_THROW(b.frame(w, ParticleFrame{}), Error);
    b.vx[3] = 600;
    BOOST_TEST(unchanged(good));
    b.y[2] = inf;
    BOOST_CHECK_THROW(b.frame(w, ParticleFrame{}), Error);
    b.y[2] = 2;
    b.restitution[1] = real(1.5);
    BOOST_CHECK_THROW(b.frame(w, ParticleFrame{}), Error);
    b.restitution[1] = 1;
    b.x[0] = std::numeric_limits<real>::max();
    b.vx[0] = std::numeric_limits<real>::max() / 2;
    BOOST_CHECK_THROW(b.frame(w, ParticleFrame{}), Error); // would leave the finite range
    b.x[0] = 0;
    b.vx[0] = 600;
    BOOST_TEST(unchanged(good));
    b.alive[3] = 0;
    b.vx[3] = nan; // a dead particle is not read
    BOOST_CHECK_NO_THROW(b.frame(w, ParticleFrame{}));
    b.vx[3] = 600;
    for (const auto& bad : std::vector<ParticleFrame>{[] {
        ParticleFrame f;
        f.dt = 0;
        return f;
                                                      }(),
                                                      [] {
        ParticleFrame f;
        f.dt = -1;
        return f;
         }(),
         [] {
        ParticleFrame f;
        f.gravity.y = std::numeric_limits<real>::infinity();
        return f;
         }(),
         [] {
        ParticleFrame f;
        f.rest_speed = -1;
        return f;
    }(),
        [] {
        ParticleFrame f;
        f.max_iterations = 0;
        return f;
        }(), [] {
            ParticleFrame f;
            f.friction = 2;
            return f;
        }()}) {
        const Batch before = b;
        BOOST_CHECK_THROW(b.frame(w, bad), Error);
        BOOST_TEST(unchanged(before));
    }
    Particles none = b.view();
    none.x = nullptr;
    BOOST_CHECK_THROW(move_particles(w, none, ParticleFrame{}, b.contacts), Error);
    ParticleContacts no_room;
    no_room.capacity = 4;
    BOOST_CHECK_THROW(move_particles(w, b.view(), ParticleFrame{}, no_room), Error);
    // ParticleArrays::view: every array as long as x, or an optional one empty.
    ParticleArrays arrays;
    arrays.x.assign(3, 0);
    arrays.y.assign(3, 0);
    arrays.vx.assign(3, 0);
    arrays.vy.assign(2, 0);
    BOOST_CHECK_THROW((void)arrays.view(), Error);
    arrays.vy.assign(3, 0);
    BOOST_TEST((arrays.view().alive == nullptr && arrays.view().count == 3u));
    arrays.mask.assign(1, 0);
    BOOST_CHECK_THROW((void)arrays.view(), Error);
}

// The emitter: the same seed gives the same sparks; every spark starts at the hit point, inside
// the cone around the reflected velocity, out of the face, no faster than the reflection.
BOOST_AUTO_TEST_CASE(emit_sparks_in_a_cone) {
    World w;
    add_static(w, box(100, -50, 101, 50));
    const CastHit hit = w.cast_ray(v2(0, 0), v2(200, 50));
    BOOST_REQUIRE(hit.hit);
    SparkCone cone;
    cone.count = 64;
    cone.spread = 40;
    cone.seed = 9;
    cone.restitution = real(0.8);
    Batch a(100), b(100);
    emit_sparks(hit, v2(1000, 250), cone, a.view(), 10);
    emit_sparks(hit, v2(1000, 250), cone, b.view(), 10);
    const Vec2 r = reflect(v2(1000, 250), hit.normal, real(0.8), 0);
    const double r_speed = std::hypot(double(r.x), double(r.y));
    for (std::size_t i = 10; i < 74; ++i) {
        BOOST_TEST((same(a.pos(i), b.pos(i)) && same(a.vel(i), b.vel(i))));
        BOOST_TEST(same(a.pos(i), hit.point));
        // The angle between the spark and the reflection.
        const double cross = double(r.x) * a.vy[i] - double(r.y) * a.vx[i];
        const double dot = double(r.x) * a.vx[i] + double(r.y) * a.vy[i];
        const double speed = std::hypot(a.vx[i], a.vy[i]);
        BOOST_TEST(std::fabs(std::atan2(cross, dot)) <= 20.0 * 3.14159265358979 / 180 + 1e-5);
        BOOST_TEST((speed <= r_speed * (1 + 1e-6) && speed >= 0.5 * r_speed * (1 - 1e-6)));
        BOOST_TEST(a.vx[i] * hit.normal.x + a.vy[i] * hit.normal.y >= 0);
    }
    BOOST_TEST(a.x[9] == 0); // outside the range: untouched
    BOOST_TEST(a.x[74] == 0);
    cone.seed = 10;
    emit_sparks(hit, v2(1000, 250), cone, b.view(), 10);
    BOOST_TEST(!same(a.vel(10), b.vel(10)));
    BOOST_CHECK_THROW(emit_sparks(hit, v2(1000, 250), cone, a.view(), 40), Error); // 40 + 64 > 100
    cone.spread = 200;
    BOOST_CHECK_THROW(emit_sparks(hit, v2(1000, 250), cone, a.view(), 0), Error);
    BOOST_CHECK_THROW(emit_sparks(CastHit{}, v2(1000, 250), SparkCone{}, a.view(), 0), Error);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(move)

// MoveOptions::rest_speed: a bouncing body under gravity stops bouncing on a floor once its speed
// into it is below rest_speed; with the default 0 it keeps bouncing (restitution 1).
BOOST_AUTO_TEST_CASE(rest_speed_stops_a_bounce) {
    for (const real rest : {real(0), real(40)}) {
        World w;
        add_static(w, box(-100, 100, 100, 110));
        const BodyId g = add_mover(w, box(0, 0, 4, 4));
        MoveOptions o;
        o.response = Response::bounce;
        o.restitution = real(0.5);
        o.rest_speed = rest;
        Vec2 v{0, 0};
        for (int frame = 0; frame < 600; ++frame) {
            const FrameMotion m = frame_motion(v, v2(0, 900), real(1) / real(60));
            o.velocity = m.velocity;
            v = w.move(g, m.delta, o).velocity;
        }
        if (rest > 0) {
            BOOST_TEST((v.x == 0 && v.y == 0));
            BOOST_TEST(w.box(g).max.y == 100);
        } else {
            BOOST_TEST(v.y != 0); // each bounce reflects 900 / 60 * 0.5: never quite still
        }
    }
    World w;
    const BodyId g = add_mover(w, box(0, 0, 4, 4));
    MoveOptions bad;
    bad.rest_speed = -1;
    BOOST_CHECK_THROW(w.move(g, v2(1, 0), bad), Error);
    bad.rest_speed = std::numeric_limits<real>::infinity();
    BOOST_CHECK_THROW(w.move(g, v2(1, 0), bad), Error);
    BOOST_TEST((w.box(g) == box(0, 0, 4, 4)));
}

BOOST_AUTO_TEST_SUITE_END()
