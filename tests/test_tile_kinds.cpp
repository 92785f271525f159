// Tests of tile kinds (issue 28): the default kinds, one-way tiles in four directions (moves and
// casts, by symmetry), their edge flags, redefining a kind, sensor kinds that never block, kinds
// with their own category and mask, and bad kinds. Part of the suite `tile_map`.

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
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

/// An 8 x 8 map of 16-unit tiles (the map's category 1, mask all) with kind 3 a solid kind of
/// category 2: glass.
World glass_kind_world() {
    World w;
    TileMapDef td;
    td.columns = td.rows = 8;
    w.set_tile_map(td);
    w.set_tile_kind(3, {TileShape::solid, 2, ~0u, false});
    return w;
}

/// glass_kind_world with a row of glass (row 4, y 64 to 80) over a stone floor (row 7, y 112 to 128).
World glass_row_world() {
    World w = glass_kind_world();
    for (int c = 0; c < 8; ++c) {
        w.set_tile({c, 4}, 3);
        w.set_tile({c, 7}, 1);
    }
    return w;
}

/// A filter of only a category and a mask, for casts and queries of tiles.
QueryFilter tiles_seen_by(std::uint32_t category, std::uint32_t mask) {
    QueryFilter f;
    f.category = category;
    f.mask = mask;
    f.bodies = false;
    return f;
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

BOOST_AUTO_TEST_CASE(a_kind_with_its_own_filter_blocks_whom_it_meets) {
    World w = glass_row_world();
    BOOST_TEST(w.tiles().filtered_count() == 8u);
    BOOST_TEST(w.tiles().blocking_count() == 16u);
    const BodyId sees = add_mover(w, box(1, 20, 9, 28));
    w.set_filter(sees, 1, 3);
    const BodyId blind = add_mover(w, box(20, 20, 28, 28));
    w.set_filter(blind, 1, 1);
    MoveResult r = w.move(sees, v2(0, 80), {Response::touch});
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    BOOST_TEST((r.contacts[0].other == Other::of(TileCell{0, 4})));
    SB_CHECK_VEC(r.box.max, v2(9, 64));
    r = w.move(blind, v2(0, 100), {Response::touch});
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    BOOST_TEST((r.contacts[0].other == Other::of(TileCell{1, 7})));
    SB_CHECK_VEC(r.box.max, v2(28, 112));
    // Casts and queries by their filters (the ray's tile walk and the box cast's alike): a mask
    // of 3 meets the barrier and the floor, 1 the floor only, 2 the barrier only.
    for (const std::uint32_t mask : {3u, 1u, 2u}) {
        BOOST_TEST_CONTEXT("mask " << mask) {
            const QueryFilter f = tiles_seen_by(1, mask);
            const real first = mask == 1 ? 112 : 64;
            const CastHit ray = w.cast_ray(v2(40, 0), v2(0, 120), f);
            BOOST_TEST(ray.hit);
            SB_CHECK_VEC(ray.point, v2(40, first));
            const CastHit cast = w.cast_box(box(36, 0, 44, 8), v2(0, 120), f);
            BOOST_TEST(cast.hit);
            SB_CHECK_VEC(cast.box.max, v2(44, first));
            std::vector<Other> found;
            w.query_rect(box(0, 60, 128, 70), found, f);
            BOOST_TEST(found.size() == (mask == 1 ? 0u : 8u));
            std::vector<CastHit> all;
            w.cast_all(box(36, 0, 44, 8), v2(0, 120), all, f);
            BOOST_TEST(all.size() == (mask == 3 ? 2u : 1u));
        }
    }
    // The kind's own mask counts too: a category-4 query meets nothing of mask 1.
    w.set_tile_kind(3, {TileShape::solid, 2, 1, false});
    BOOST_TEST(!w.cast_ray(v2(40, 0), v2(0, 100), tiles_seen_by(4, 2)).hit);
    BOOST_TEST(w.cast_ray(v2(40, 0), v2(0, 100), tiles_seen_by(1, 2)).hit);
    // Contact events by the same filters: `sees` touches the barrier, `blind` only the floor.
    w.update_events();
    std::vector<ContactEvent> begun(w.events().contact_begin.begin(), w.events().contact_begin.end());
    const std::vector<ContactEvent> expected{{sees, Other::of(TileCell{0, 4})}, {blind, Other::of(TileCell{1, 7})}};
    BOOST_TEST((begun == expected));
}

BOOST_AUTO_TEST_CASE(a_side_between_kinds_of_two_filters_is_a_surface) {
    World w = glass_kind_world();
    w.set_tile_kind(4, {TileShape::one_way_down, 2, ~0u, false});
    w.set_tile_kind(5, {TileShape::solid, 2, ~0u, false}); // kind 3's filter under another index
    for (int c = 0; c < 4; ++c) w.set_tile({c, 4}, 1);
    for (int c = 4; c < 8; ++c) w.set_tile({c, 4}, c == 6 ? 5 : 3);
    BOOST_TEST(int(w.tiles().faces({2, 4})) == int(face_neg_y | face_pos_y)); // a seam of one filter
    BOOST_TEST(int(w.tiles().faces({3, 4})) == int(face_neg_y | face_pos_y | face_pos_x));
    BOOST_TEST(int(w.tiles().faces({4, 4})) == int(face_neg_y | face_pos_y | face_neg_x));
    BOOST_TEST(int(w.tiles().faces({6, 4})) == int(face_neg_y | face_pos_y)); // same filter, other kind
    // A body that sees the map's tiles only, moving through the barrier into them, meets that side.
    const BodyId blind = add_mover(w, box(100, 66, 108, 74));
    w.set_filter(blind, 1, 1);
    const MoveResult r = w.move(blind, v2(-80, 0), {Response::touch});
    BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
    SB_CHECK_VEC(r.contacts[0].normal, v2(1, 0));
    SB_CHECK_VEC(r.box.min, v2(64, 66));
    // A ray of that filter from inside the barrier stops there too; one that sees both passes
    // inside the solid row (it started in it).
    const CastHit h = w.cast_ray(v2(100, 70), v2(-80, 0), tiles_seen_by(1, 1));
    BOOST_TEST(h.hit);
    SB_CHECK_VEC(h.point, v2(64, 70));
    // A one-way tile's entry face stays a surface under a solid tile of another filter.
    w.set_tile({5, 2}, 4);
    BOOST_TEST(int(w.tiles().faces({5, 2})) == int(face_neg_y));
    w.set_tile({5, 1}, 1);
    BOOST_TEST(int(w.tiles().faces({5, 2})) == int(face_neg_y));
    w.set_tile({5, 1}, 3);
    BOOST_TEST(int(w.tiles().faces({5, 2})) == 0);
}

BOOST_AUTO_TEST_CASE(redefining_a_kinds_filter_changes_its_tiles) {
    World w;
    TileMapDef td;
    td.columns = td.rows = 6;
    w.set_tile_map(td);
    w.set_tile_kind(3, {TileShape::solid, td.category, td.mask, false});
    w.set_tile_kind(4, {TileShape::solid, 8, 8, true}); // a sensor: never counted as filtered
    for (int c = 0; c < 6; ++c) w.set_tile({c, 3}, c % 2 == 0 ? 1 : 3);
    w.set_tile({0, 0}, 4);
    BOOST_TEST(w.tiles().filtered_count() == 0u);
    BOOST_TEST(int(w.tiles().faces({2, 3})) == int(face_neg_y | face_pos_y));
    const BodyId m = add_mover(w, box(17, 20, 23, 28)); // over tile (1, 3), of kind 3
    w.set_filter(m, 1, 1);
    BOOST_TEST(w.check(m, v2(0, 40)).contacts.size() == 1u);
    w.set_tile_kind(3, {TileShape::solid, 2, td.mask, false});
    BOOST_TEST(w.tiles().filtered_count() == 3u);
    BOOST_TEST(int(w.tiles().faces({2, 3})) == int(face_all));
    BOOST_TEST(w.check(m, v2(0, 40)).contacts.empty());
    w.set_tile({1, 3}, 1);
    BOOST_TEST(w.tiles().filtered_count() == 2u);
    BOOST_TEST(w.check(m, v2(0, 40)).contacts.size() == 1u);
    w.set_tile_kind(3, {TileShape::solid, td.category, td.mask, false});
    BOOST_TEST(w.tiles().filtered_count() == 0u);
    BOOST_TEST(int(w.tiles().faces({2, 3})) == int(face_neg_y | face_pos_y));
}

BOOST_AUTO_TEST_CASE(a_tiles_category_picks_its_response) {
    World w = glass_row_world();
    std::array<Response, 32> table{};
    table.fill(Response::slide);
    table[1] = Response::cross; // category 2: the barrier
    for (const bool drop_through : {false, true}) {
        BOOST_TEST_CONTEXT("drop_through " << drop_through) {
            const BodyId m = add_mover(w, box(1, 20, 9, 28));
            MoveOptions o;
            o.category_responses = &table;
            o.drop_through = drop_through;
            const MoveResult r = w.move(m, v2(0, 100), o);
            BOOST_TEST_REQUIRE(r.contacts.size() == 2u);
            BOOST_TEST(int(r.contacts[0].response) == int(Response::cross));
            BOOST_TEST((r.contacts[0].other == Other::of(TileCell{0, 4})));
            BOOST_TEST(int(r.contacts[1].response) == int(Response::slide));
            SB_CHECK_VEC(r.box.max, v2(9, 112));
            w.remove(m);
        }
    }
}

// Closed rooms hold where kinds of different filters meet: a ring of tiles of three kinds and
// three filters, every one of which the movers meet, in the grid world and the reference one.
BOOST_AUTO_TEST_CASE(a_room_of_kinds_of_three_filters_holds) {
    std::mt19937 rng(28);
    long moves = 0, contacts = 0;
    for (int room = 0; room < 20; ++room) {
        TileMapDef td;
        td.columns = td.rows = 8;
        td.category = 1;
        WorldDef reference;
        reference.brute_force = true;
        World grid, brute(reference);
        const std::array<World*, 2> worlds{&grid, &brute};
        for (World* w : worlds) {
            w->set_tile_map(td);
            w->set_tile_kind(3, {TileShape::solid, 2, ~0u, false});
            w->set_tile_kind(4, {TileShape::solid, 4, 7, false});
        }
        std::uniform_int_distribution<int> kind(0, 2);
        for (int r = 0; r < 8; ++r)
            for (int c = 0; c < 8; ++c)
                if (r == 0 || c == 0 || r == 7 || c == 7) {
                    const int k = std::array{1, 3, 4}[std::size_t(kind(rng))];
                    for (World* w : worlds) w->set_tile({c, r}, k);
                }
        std::uniform_real_distribution<double> inside(16, 112), far(-400, 400), size(0, 6);
        std::vector<BodyId> ids;
        for (int b = 0; b < 3; ++b) {
            const double x = inside(rng), y = inside(rng);
            const double sx = b == 0 ? 0 : std::min(size(rng), 112 - x), sy = b == 1 ? 0 : std::min(size(rng), 112 - y);
            for (World* w : worlds) {
                ids.push_back(add_mover(*w, box(x, y, x + sx, y + sy)));
                w->set_filter(ids.back(), 1, 7);
            }
        }
        for (int i = 0; i < 200; ++i) {
            const std::size_t b = std::size_t(i % 3);
            // Axis-aligned and diagonal motions along the seams too.
            Vec2 d = v2(far(rng), far(rng));
            if (i % 5 == 1) d.y = 0;
            if (i % 5 == 2) d.y = d.x;
            MoveOptions o;
            o.response = i % 2 ? Response::bounce : Response::slide;
            const MoveResult rg = grid.move(ids[2 * b], d, o);
            const MoveResult rb = brute.move(ids[2 * b + 1], d, o);
            ++moves;
            contacts += long(rg.contacts.size());
            BOOST_TEST((rg.box == rb.box));
            BOOST_TEST(rg.contacts.size() == rb.contacts.size());
            const Aabb& a = rg.box;
            BOOST_TEST_REQUIRE((a.min.x >= 16 && a.min.y >= 16 && a.max.x <= 112 && a.max.y <= 112),
                               "room " << room << " move " << i << " left the room: " << a.min.x << " " << a.min.y
                                       << " " << a.max.x << " " << a.max.y);
        }
    }
    BOOST_TEST(moves == 4000);
    BOOST_TEST(contacts > moves);
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
    BOOST_CHECK_THROW((void)w.tiles().kind(256), Error);
    BOOST_TEST(kinds_and_tiles(w.tiles()) == before);
    BOOST_TEST(w.tiles().blocking_count() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
