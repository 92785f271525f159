// Tests of tile kinds (issue 28): the default kinds, one-way tiles in four directions (moves and
// casts, by symmetry), their edge flags, redefining a kind, sensor kinds that never block, and
// bad kinds. Part of the suite `tile_map`.

#include <array>
#include <cstdint>
#include <vector>
#include <boost/test/unit_test.hpp>
#include "one_way_directions.hpp"
#include "test_support.hpp"

namespace {

using namespace sweepbox;
using sbt::add_mover;
using sbt::box;
using sbt::v2;

/// A 9 x 9 map of 16-unit tiles with kind 3 = shape at the middle tile (4, 4): [64, 80]^2.
World one_tile_world(TileShape shape) {
    World w;
    TileMapDef td;
    td.columns = td.rows = 9;
    w.set_tile_map(td);
    w.set_tile_kind(3, {shape, td.category, td.mask, false});
    w.set_tile({4, 4}, 3);
    return w;
}

/// Every kind, and every tile's kind and faces, to check that a failed call changed nothing.
std::vector<int> kinds_and_tiles(const TileMap& m) {
    std::vector<int> v;
    for (int k = 0; k < max_tile_kinds; ++k) {
        const TileKind& tk = m.kind(k);
        v.insert(v.end(), {int(tk.shape), int(tk.category), int(tk.mask), int(tk.sensor)});
    }
    for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.columns(); ++c) v.insert(v.end(), {int(m.kind_at({c, r})), int(m.faces({c, r}))});
    return v;
}

} // namespace

BOOST_AUTO_TEST_SUITE(tile_map)

BOOST_AUTO_TEST_CASE(default_kinds_are_empty_solid_and_one_way_down) {
    World w;
    TileMapDef td;
    td.columns = td.rows = 4;
    td.category = 4;
    td.mask = 6;
    w.set_tile_map(td);
    const TileMap& m = w.tiles();
    BOOST_TEST(int(m.kind(0).shape) == int(TileShape::empty));
    BOOST_TEST(int(m.kind(1).shape) == int(TileShape::solid));
    BOOST_TEST(int(m.kind(2).shape) == int(TileShape::one_way_down));
    for (int k = 3; k < max_tile_kinds; ++k) BOOST_TEST(int(m.kind(k).shape) == int(TileShape::empty));
    for (int k = 0; k < max_tile_kinds; ++k) {
        BOOST_TEST(m.kind(k).category == 4u);
        BOOST_TEST(m.kind(k).mask == 6u);
        BOOST_TEST(!m.kind(k).sensor);
    }
    // The Tile values are the kind indices.
    w.set_tile({0, 0}, Tile::one_way);
    w.set_tile({1, 0}, 2);
    w.set_tile({2, 0}, Tile::solid);
    BOOST_TEST(int(m.kind_at({0, 0})) == 2);
    BOOST_TEST(int(m.kind_at({2, 0})) == 1);
    BOOST_TEST(int(m.get({1, 0})) == int(Tile::one_way));
    BOOST_TEST(int(m.faces({1, 0})) == int(face_neg_y));
    BOOST_TEST(m.blocking_count() == 3u);
}

BOOST_AUTO_TEST_CASE(one_way_tiles_block_only_their_direction) {
    for (const sbt::OneWayDirection& dir : sbt::one_way_directions) {
        BOOST_TEST_CONTEXT("shape " << to_string(dir.shape)) {
            World w = one_tile_world(dir.shape);
            const BodyId m = add_mover(w, sbt::one_way_start_box(dir.motion));
            // Moving in the direction from the near side: stopped flush on the entry face.
            MoveResult r = w.move(m, dir.motion * real(40), {Response::touch});
            BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
            SB_CHECK_VEC(r.contacts[0].normal, dir.normal);
            BOOST_TEST((r.contacts[0].other == Other::of(TileCell{4, 4})));
            const Vec2 flush = sbt::one_way_start_box(dir.motion).min + dir.motion * real(12);
            SB_CHECK_VEC(r.box.min, flush);
            QueryFilter tiles_only;
            tiles_only.bodies = false;
            const CastHit h = w.cast_box(sbt::one_way_start_box(dir.motion), dir.motion * real(40), tiles_only);
            BOOST_TEST(h.hit);
            SB_CHECK_VEC(h.normal, dir.normal);
            // A ray in the direction hits it too; a ray against it does not.
            const Aabb near = sbt::one_way_start_box(dir.motion);
            const Vec2 c = (near.min + near.max) * real(0.5);
            BOOST_TEST(w.cast_ray(c, dir.motion * real(40), tiles_only).hit);
            BOOST_TEST(!w.cast_ray(c + dir.motion * real(48), dir.motion * real(-40), tiles_only).hit);
            // From the far side, against the direction: passes through.
            w.teleport(m, sbt::one_way_start_box(dir.motion * real(-1)));
            r = w.move(m, dir.motion * real(-40), {Response::touch});
            BOOST_TEST(r.contacts.empty());
            // Across it, sideways: passes through.
            const Vec2 side{dir.motion.y, dir.motion.x};
            w.teleport(m, sbt::one_way_start_box(side));
            r = w.move(m, side * real(40), {Response::touch});
            BOOST_TEST(r.contacts.empty());
        }
    }
}

BOOST_AUTO_TEST_CASE(one_way_entry_face_is_no_surface_under_a_solid_tile) {
    const std::array<TileCell, 4> beyond{{{4, 3}, {4, 5}, {5, 4}, {3, 4}}};
    const std::array<std::uint8_t, 4> face{{face_neg_y, face_pos_y, face_pos_x, face_neg_x}};
    for (std::size_t i = 0; i < sbt::one_way_directions.size(); ++i) {
        BOOST_TEST_CONTEXT("shape " << to_string(sbt::one_way_directions[i].shape)) {
            World w = one_tile_world(sbt::one_way_directions[i].shape);
            BOOST_TEST(int(w.tiles().faces({4, 4})) == int(face[i]));
            w.set_tile(beyond[i], Tile::solid);
            BOOST_TEST(int(w.tiles().faces({4, 4})) == 0);
            // The solid tile beyond keeps its face towards the one-way tile (not solid).
            BOOST_TEST(int(w.tiles().faces(beyond[i])) == int(face_all));
            w.set_tile(beyond[i], Tile::empty);
            BOOST_TEST(int(w.tiles().faces({4, 4})) == int(face[i]));
        }
    }
}

BOOST_AUTO_TEST_CASE(redefining_a_kind_changes_its_tiles) {
    World w;
    TileMapDef td;
    td.columns = td.rows = 6;
    w.set_tile_map(td);
    for (int c = 0; c < 6; ++c) w.set_tile({c, 3}, 7); // kind 7: empty until defined
    BOOST_TEST(w.tiles().blocking_count() == 0u);
    const BodyId m = add_mover(w, box(1, 20, 9, 28));
    BOOST_TEST(w.move(m, v2(0, 40)).contacts.empty());
    w.teleport(m, box(1, 20, 9, 28));
    w.set_tile_kind(7, {TileShape::solid, td.category, td.mask, false});
    BOOST_TEST(w.tiles().blocking_count() == 6u);
    BOOST_TEST(int(w.tiles().get({2, 3})) == int(Tile::solid));
    // Seams between the new solid tiles are no surfaces.
    BOOST_TEST(int(w.tiles().faces({2, 3})) == int(face_neg_y | face_pos_y));
    const MoveResult r = w.move(m, v2(0, 40));
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    SB_CHECK_VEC(r.box.max, v2(9, 48));
    w.set_tile_kind(7, {TileShape::one_way_up, td.category, td.mask, false});
    BOOST_TEST(int(w.tiles().get({2, 3})) == int(Tile::one_way));
    BOOST_TEST(int(w.tiles().faces({2, 3})) == int(face_pos_y));
    w.set_tile_kind(7, {});
    BOOST_TEST(w.tiles().blocking_count() == 0u);
    BOOST_TEST(int(w.tiles().get({2, 3})) == int(Tile::empty));
}

BOOST_AUTO_TEST_CASE(sensor_tiles_never_block) {
    World w;
    TileMapDef td;
    td.columns = td.rows = 8;
    w.set_tile_map(td);
    w.set_tile_kind(9, {TileShape::solid, 2, 1, true}); // water
    for (int c = 0; c < 8; ++c) w.set_tile({c, 4}, 9);
    BOOST_TEST(w.tiles().blocking_count() == 0u);
    BOOST_TEST(w.tiles().sensor_count() == 8u);
    BOOST_TEST(int(w.tiles().get({3, 4})) == int(Tile::empty));
    BOOST_TEST(int(w.tiles().kind_at({3, 4})) == 9);
    const BodyId m = add_mover(w, box(1, 20, 9, 28));
    const MoveResult r = w.move(m, v2(0, 80));
    BOOST_TEST(r.contacts.empty());
    SB_CHECK_VEC(r.box.min, v2(1, 100));
    QueryFilter tiles_only;
    tiles_only.bodies = false;
    BOOST_TEST(!w.cast_ray(v2(5, 0), v2(0, 120), tiles_only).hit);
    BOOST_TEST(!w.cast_box(box(1, 20, 9, 28), v2(0, 80), tiles_only).hit);
    std::vector<Other> found;
    w.query_rect(box(0, 60, 128, 70), found, tiles_only);
    BOOST_TEST(found.empty());
    w.set_tile({3, 4}, Tile::empty);
    BOOST_TEST(w.tiles().sensor_count() == 7u);
    w.set_tile_kind(9, {});
    BOOST_TEST(w.tiles().sensor_count() == 0u);
}

BOOST_AUTO_TEST_CASE(bad_kinds_throw_and_change_nothing) {
    World w;
    BOOST_CHECK_THROW(w.set_tile_kind(3, {TileShape::solid, 1, ~0u, false}), Error); // no map
    TileMapDef td;
    td.columns = td.rows = 4;
    w.set_tile_map(td);
    w.set_tile({1, 1}, Tile::solid);
    const std::vector<int> before = kinds_and_tiles(w.tiles());
    BOOST_CHECK_THROW(w.set_tile({0, 0}, 256), Error);
    BOOST_CHECK_THROW(w.set_tile({0, 0}, -1), Error);
    BOOST_CHECK_THROW(w.set_tile({4, 0}, 1), Error);
    BOOST_CHECK_THROW(w.set_tile_kind(256, {}), Error);
    BOOST_CHECK_THROW(w.set_tile_kind(-1, {}), Error);
    BOOST_CHECK_THROW(w.set_tile_kind(3, {TileShape(42), 1, ~0u, false}), Error);
    BOOST_CHECK_THROW(w.set_tile_kind(3, {TileShape::one_way_up, 1, ~0u, true}), Error); // sensor: solid only
    BOOST_CHECK_THROW(w.set_tile_kind(3, {TileShape::empty, 1, ~0u, true}), Error);
    BOOST_CHECK_THROW(w.set_tile_kind(1, {TileShape::solid, 2, ~0u, false}), Error); // not the map's category
    BOOST_CHECK_THROW((void)w.tiles().kind(256), Error);
    BOOST_TEST(kinds_and_tiles(w.tiles()) == before);
    BOOST_TEST(w.tiles().blocking_count() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
