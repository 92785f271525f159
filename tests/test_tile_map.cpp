// Tests of the tile map itself (issue 3): bad definitions, edges, cells_of, face flags and the
// occupied bits after every set_tile, set_tile outside the map. The casts and moves over tiles are
// in test_tile_map_vs_boxes.cpp, test_tile_map_walks.cpp and test_tile_map_moves.cpp; what they
// share is in tile_map_support.hpp. All four files are the one Boost.Test suite `tile_map`.

#include "tile_map_support.hpp"
#include "tiles/tile_tables.hpp" // src/: the walks' view of the map

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using namespace sweepbox;
using namespace tile_test;

/// The faces a tile should have, from the rule of the design, computed from scratch.
std::uint8_t expected_faces(const TileMap& m, TileCell c) {
    auto solid = [&](int dc, int dr) { return m.get({c.column + dc, c.row + dr}) == Tile::solid; };
    const Tile t = m.get(c);
    std::uint8_t f = 0;
    if (t == Tile::solid) {
        if (!solid(-1, 0)) f |= face_neg_x;
        if (!solid(1, 0)) f |= face_pos_x;
        if (!solid(0, -1)) f |= face_neg_y;
        if (!solid(0, 1)) f |= face_pos_y;
    } else if (t == Tile::one_way) {
        if (!solid(0, -1)) f |= face_neg_y;
    }
    return f;
}

/// A snapshot of every tile and face, to check that a failed call changed nothing.
std::vector<int> snapshot(const TileMap& m) {
    std::vector<int> v{m.columns(), m.rows(), int(m.blocking_count())};
    for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.columns(); ++c) {
            v.push_back(int(m.get({c, r})));
            v.push_back(int(m.faces({c, r})));
        }
    return v;
}

} // namespace

BOOST_AUTO_TEST_SUITE(tile_map)

// ================================================================ definition and flags

BOOST_AUTO_TEST_CASE(bad_definitions_throw_and_leave_the_world_unchanged) {
    const real nan = std::numeric_limits<real>::quiet_NaN();
    World w;
    TileMapDef good;
    good.columns = 4;
    good.rows = 3;
    w.set_tile_map(good);
    w.set_tile({1, 1}, Tile::solid);
    const std::vector<int> before = snapshot(w.tiles());

    std::vector<TileMapDef> bad;
    for (real size : {real(0), real(-0.0), real(-1), real(-16), nan, inf, -inf}) {
        TileMapDef d = good;
        d.tile_size = size;
        bad.push_back(d);
    }
    {
        TileMapDef d = good;
        d.columns = -1;
        bad.push_back(d);
        d = good;
        d.rows = -3;
        bad.push_back(d);
        d = good;
        d.columns = std::numeric_limits<std::int32_t>::min();
        bad.push_back(d);
        d = good;
        d.origin = {nan, 0};
        bad.push_back(d);
        d = good;
        d.origin = {0, inf};
        bad.push_back(d);
        // Tiles smaller than the spacing of real numbers at the map's coordinates would have
        // no width (at 1e9 a float is a multiple of 64; in double builds 1e18 is a multiple
        // of 128).
        d = good;
        d.origin = {std::is_same_v<real, float> ? real(1e9) : real(1e18), 0};
        d.tile_size = std::is_same_v<real, float> ? real(16) : real(64);
        bad.push_back(d);
        d = good;
        d.origin = {0, std::is_same_v<real, float> ? real(-1e9) : real(-1e18)};
        d.tile_size = std::is_same_v<real, float> ? real(64) : real(128);
        bad.push_back(d);
    }
    for (const TileMapDef& d : bad) {
        const std::string what = "size " + str(d.tile_size) + " columns " + std::to_string(d.columns) + " rows " +
                                 std::to_string(d.rows) + " origin " + str(d.origin);
        BOOST_CHECK_THROW(TileMap{d}, Error);
        BOOST_CHECK_THROW(w.set_tile_map(d), Error);
        BOOST_TEST((snapshot(w.tiles()) == before), "set_tile_map(" << what << ") changed the map");
    }
    // Zero columns or rows is a legal, empty map.
    TileMapDef empty = good;
    empty.columns = 0;
    BOOST_CHECK_NO_THROW(TileMap{empty});
    BOOST_TEST(TileMap{empty}.is_empty());
    BOOST_TEST(TileMap{}.is_empty());
}

BOOST_AUTO_TEST_CASE(edges_are_shared_and_increasing_for_every_size) {
    for (real s : tile_sizes)
        for (Vec2 origin : {Vec2(0, 0), Vec2(real(0.37), real(-13.71)), Vec2(real(1000.123), real(-2000.9))}) {
            TileMapDef d;
            d.origin = origin;
            d.tile_size = s;
            d.columns = 500;
            d.rows = 500;
            const TileMap m(d);
            BOOST_TEST(m.edge_x(0) == origin.x);
            BOOST_TEST(m.edge_y(0) == origin.y);
            for (int i = 0; i < 500; ++i) {
                const Aabb a = m.cell_box({i, i}), right = m.cell_box({i + 1, i}), below = m.cell_box({i, i + 1});
                if (!(a.max.x == right.min.x && a.max.y == below.min.y && a.min.x < a.max.x && a.min.y < a.max.y)) {
                    BOOST_ERROR("edges of " << i << " not shared or not increasing, size " << str(s));
                    break;
                }
                // Close to origin + i * size (the formula, however it is rounded).
                const double exact = double(origin.x) + double(i) * double(s);
                if (std::fabs(double(m.edge_x(i)) - exact) >
                    2.0 * std::fabs(exact) * double(std::numeric_limits<real>::epsilon()) + 1e-12) {
                    BOOST_ERROR("edge_x(" << i << ") = " << str(m.edge_x(i)) << " far from " << exact);
                    break;
                }
            }
            BOOST_TEST((m.bounds() == Aabb{{m.edge_x(0), m.edge_y(0)}, {m.edge_x(500), m.edge_y(500)}}));
        }
}

BOOST_AUTO_TEST_CASE(cells_of_covers_every_tile_a_box_touches) {
    // Every query and the grid walks start from cells_of: a tile it leaves out is invisible. The
    // hard cases are boxes exactly on tile edges far from the origin with small tiles, where the
    // rounding of an edge (an ulp of the coordinate) is a large part of a tile.
    Rng rng(0xce11u);
    Failures fails;
    for (int round = 0; round < 90; ++round) {
        TileMapDef d;
        d.tile_size = rng.pick(tile_sizes);
        const double off = round % 3 == 0 ? 1000.0 : round % 3 == 1 ? 50.0 : 1.0;
        d.origin = {rng.uniform(-off, off), rng.uniform(-off, off)};
        d.columns = rng.range(1, 30);
        d.rows = rng.range(1, 30);
        const TileMap m(d);
        for (int q = 0; q < 200; ++q) {
            const Vec2 p{random_coord(rng, m, 0), random_coord(rng, m, 1)};
            Aabb box{p, p};
            if (rng.chance(0.5)) box.max = p + Vec2{random_extent(rng, d.tile_size), random_extent(rng, d.tile_size)};
            const CellRange r = m.cells_of(box);
            for (int row = 0; row < d.rows; ++row)
                for (int col = 0; col < d.columns; ++col) {
                    if (!intersects_closed(m.cell_box({col, row}), box)) continue;
                    if (col < r.x0 || col > r.x1 || row < r.y0 || row > r.y1)
                        fails.fail("cells_of leaves out a touched tile\n  origin " + str(d.origin) + " size " +
                                   str(d.tile_size) + " box " + str(box) + " tile " + str(TileCell{col, row}) + " " +
                                   str(m.cell_box({col, row})) + " range x " + std::to_string(r.x0) + ".." +
                                   std::to_string(r.x1) + " y " + std::to_string(r.y0) + ".." + std::to_string(r.y1));
                }
        }
    }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(face_flags_and_occupied_bits_follow_every_set_tile) {
    Rng rng(0x7117u);
    Failures fails;
    for (int round = 0; round < 20; ++round) {
        TileMapDef d;
        d.columns = rng.range(1, 12);
        d.rows = rng.range(1, 12);
        d.tile_size = rng.pick(tile_sizes);
        World w;
        w.set_tile_map(d);
        for (int step = 0; step < 300; ++step) {
            const TileCell c{rng.range(0, d.columns - 1), rng.range(0, d.rows - 1)};
            const int k = rng.range(0, 2);
            const Tile t = k == 0 ? Tile::empty : k == 1 ? Tile::solid : Tile::one_way;
            w.set_tile(c, t);
            const TileMap& m = w.tiles();
            if (m.get(c) != t) fails.fail("set_tile did not set " + str(c));
            std::size_t blocking = 0;
            for (int r = 0; r < d.rows; ++r)
                for (int col = 0; col < d.columns; ++col) {
                    const TileCell cc{col, r};
                    if (m.get(cc) != Tile::empty) ++blocking;
                    // The walks' bitset of non-empty tiles follows every set_tile.
                    const std::size_t i = std::size_t(r) * std::size_t(d.columns) + std::size_t(col);
                    if (detail::TileTables::bit(detail::TileTables::occupied(m), i) != (m.get(cc) != Tile::empty))
                        fails.fail("occupied bit of " + str(cc) + " wrong after setting " + str(c));
                    if (m.faces(cc) != expected_faces(m, cc))
                        fails.fail("faces of " + str(cc) + " are " + std::to_string(m.faces(cc)) + ", expected " +
                                   std::to_string(expected_faces(m, cc)) + " after setting " + str(c));
                }
            if (blocking != m.blocking_count())
                fails.fail("blocking_count " + std::to_string(m.blocking_count()) + " expected " +
                           std::to_string(blocking));
        }
    }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(specific_face_flags) {
    TileMapDef d;
    d.columns = 5;
    d.rows = 4;
    World w = make_world(d);
    paint(w, {".....", ".=#=.", "###=.", "#...."});
    const TileMap& m = w.tiles();
    BOOST_TEST(m.faces({0, 2}) == (face_neg_x | face_neg_y));              // left end of the floor, solid below
    BOOST_TEST(m.faces({1, 2}) == (face_neg_y | face_pos_y));              // under a one-way: its top stays a surface
    BOOST_TEST(m.faces({2, 2}) == (face_pos_x | face_pos_y));              // solid above: no top surface
    BOOST_TEST(m.faces({2, 1}) == (face_neg_x | face_pos_x | face_neg_y)); // one-way neighbours do not hide faces
    BOOST_TEST(m.faces({1, 1}) == face_neg_y);                             // one-way: only its top
    BOOST_TEST(m.faces({3, 1}) == face_neg_y);
    BOOST_TEST(m.faces({3, 2}) == face_neg_y); // one-way under a one-way keeps its top
    BOOST_TEST(m.faces({0, 3}) == (face_neg_x | face_pos_x | face_pos_y));
    BOOST_TEST(m.faces({4, 0}) == 0); // empty
    w.set_tile({3, 1}, Tile::solid);
    BOOST_TEST(m.faces({3, 2}) == 0); // a one-way with a solid tile on top has no surface at all
    BOOST_TEST(m.faces({2, 1}) == (face_neg_x | face_neg_y));
}

BOOST_AUTO_TEST_CASE(set_tile_outside_the_map_throws_and_changes_nothing) {
    TileMapDef d;
    d.columns = 3;
    d.rows = 2;
    World w = make_world(d);
    paint(w, {"#.=", "##."});
    BodyDef bd;
    bd.box = {{1, 1}, {2, 2}};
    const BodyId id = w.add(bd);
    const std::vector<int> before = snapshot(w.tiles());
    for (TileCell c :
         {TileCell{-1, 0}, TileCell{3, 0}, TileCell{0, 2}, TileCell{0, -1}, TileCell{-5, -5},
          TileCell{std::numeric_limits<std::int32_t>::max(), 0}, TileCell{0, std::numeric_limits<std::int32_t>::min()}})
        for (Tile t : {Tile::solid, Tile::empty, Tile::one_way}) {
            BOOST_CHECK_THROW(w.set_tile(c, t), Error);
            TileMap copy = w.tiles();
            BOOST_CHECK_THROW(copy.set(c, t), Error);
        }
    BOOST_TEST((snapshot(w.tiles()) == before));
    BOOST_TEST((w.box(id) == Aabb{{1, 1}, {2, 2}}));
    BOOST_TEST(w.body_count() == 1u);
    // A world without a tile map has no cell at all.
    World none;
    BOOST_CHECK_THROW(none.set_tile({0, 0}, Tile::solid), Error);
    BOOST_TEST(none.tiles().is_empty());
}

BOOST_AUTO_TEST_SUITE_END()
