// Suite `world`: bodies with generational ids, categories and masks, user data, teleport,
// body_ids, tile maps and doors.
#include <set>
#include <boost/test/unit_test.hpp>
#include "reference_world.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::box;
using sbt::v2;

BOOST_AUTO_TEST_SUITE(world)

BOOST_AUTO_TEST_CASE(ids_and_generations) {
    World w;
    BodyDef d;
    d.box = box(0, 0, 1, 1);
    d.user_data = 42;
    d.category = 6;
    d.mask = 3;
    d.is_static = true;
    const BodyId a = w.add(d);
    BOOST_TEST(!a.is_null());
    BOOST_TEST(a.index != 0u);
    BOOST_TEST(w.is_valid(a));
    BOOST_TEST(!w.is_valid(BodyId{}));
    const BodyInfo i = w.info(a);
    SB_CHECK_BOX(i.box, box(0, 0, 1, 1));
    BOOST_TEST(i.user_data == 42u);
    BOOST_TEST(i.category == 6u);
    BOOST_TEST(i.mask == 3u);
    BOOST_TEST(i.is_static);
    w.set_user_data(a, 7);
    w.set_filter(a, 1, 2);
    BOOST_TEST(w.info(a).user_data == 7u);
    BOOST_TEST(w.info(a).category == 1u);
    BOOST_TEST(w.info(a).mask == 2u);
    w.remove(a);
    BOOST_TEST(!w.is_valid(a));
    BOOST_TEST(w.body_count() == 0u);
    // Slots are reused with a new generation; the old id stays stale.
    const BodyId b = w.add(d);
    BOOST_TEST(w.is_valid(b));
    BOOST_TEST(!w.is_valid(a));
    BOOST_TEST(!(a == b));
    // Many adds and removes: ids never repeat, body_ids lists live ones by index.
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen{{a.index, a.generation}, {b.index, b.generation}};
    std::vector<BodyId> live{b};
    ref::Rng rng(4);
    for (int k = 0; k < 2000; ++k) {
        if (!live.empty() && rng.chance(0.45)) {
            const std::size_t j = std::size_t(rng.uniform_int(0, std::int32_t(live.size()) - 1));
            w.remove(live[j]);
            live.erase(live.begin() + std::ptrdiff_t(j));
        } else {
            const BodyId id = w.add(d);
            BOOST_TEST(seen.insert({id.index, id.generation}).second);
            live.push_back(id);
        }
    }
    std::vector<BodyId> ids;
    w.body_ids(ids);
    std::sort(live.begin(), live.end());
    BOOST_TEST(ids.size() == live.size());
    BOOST_TEST(bool(ids == live));
    BOOST_TEST(w.body_count() == live.size());
}

BOOST_AUTO_TEST_CASE(teleport_updates_queries) {
    World w;
    BodyDef d;
    d.box = box(0, 0, 2, 2);
    const BodyId a = w.add(d);
    std::vector<Other> out;
    w.teleport(a, box(1000, 1000, 1002, 1002));
    SB_CHECK_BOX(w.box(a), box(1000, 1000, 1002, 1002));
    w.query_point(v2(1, 1), out);
    BOOST_TEST(out.empty());
    w.query_point(v2(1001, 1001), out);
    BOOST_TEST(out.size() == 1u);
    // Teleport to a huge box (oversize) and back.
    w.teleport(a, box(-1e5, -1e5, 1e5, 1e5));
    w.query_point(v2(5e4, -5e4), out);
    BOOST_TEST(out.size() == 1u);
    w.teleport(a, box(3, 3, 3, 3));
    w.query_point(v2(5e4, -5e4), out);
    BOOST_TEST(out.empty());
    w.query_point(v2(3, 3), out);
    BOOST_TEST(out.size() == 1u);
}

BOOST_AUTO_TEST_CASE(tile_map_and_doors) {
    World w;
    BOOST_TEST(w.tiles().is_empty());
    TileMapDef td;
    td.origin = v2(-8, 4);
    td.tile_size = 8;
    td.columns = 6;
    td.rows = 3;
    w.set_tile_map(td);
    BOOST_TEST(w.tiles().columns() == 6);
    SB_CHECK_BOX(w.tiles().cell_box({1, 2}), box(0, 20, 8, 28));
    // A door: closed, the mover stops; opened, it passes.
    for (int r = 0; r < 3; ++r) w.set_tile({3, r}, Tile::solid); // x [16, 24]
    BodyDef d;
    d.box = box(0, 5, 4, 9); // in row 0 (y 4..12)
    const BodyId m = w.add(d);
    MoveResult res = w.move(m, v2(30, 0));
    SB_CHECK_BOX(res.box, box(12, 5, 16, 9));
    BOOST_REQUIRE(res.contacts.size() == 1u);
    BOOST_TEST(bool(res.contacts[0].other == Other::of(TileCell{3, 0})));
    w.set_tile({3, 0}, Tile::empty);
    res = w.move(m, v2(30, 0));
    SB_CHECK_BOX(res.box, box(42, 5, 46, 9));
    BOOST_TEST(res.contacts.empty());
    // Edge flags: the shared edge of two solid tiles is no surface, an open edge is.
    BOOST_TEST((w.tiles().faces({3, 1}) & face_neg_y) != 0); // above it is the open door
    BOOST_TEST((w.tiles().faces({3, 1}) & face_pos_y) == 0); // below is solid (3,2)
    BOOST_TEST((w.tiles().faces({3, 1}) & face_neg_x) != 0);
    // Replacing the map empties it.
    w.set_tile_map(td);
    BOOST_TEST(w.tiles().blocking_count() == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
