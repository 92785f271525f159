// Suite `query`: query_rect, query_point, query_segment (closed sets: touching counts) and
// overlapping_pairs (interiors overlap; each pair once, static-static left out, signed overlap).
#include <boost/test/unit_test.hpp>
#include "reference_world.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::box;
using sbt::v2;

namespace {
BodyId add_body(World& w, const Aabb& b, bool is_static = false, std::uint32_t category = 1,
                std::uint32_t mask = 0xffffffffu) {
    BodyDef d;
    d.box = b;
    d.is_static = is_static;
    d.category = category;
    d.mask = mask;
    return w.add(d);
}
std::vector<Other> of(std::initializer_list<Other> l) { return l; }
} // namespace

BOOST_AUTO_TEST_SUITE(query)

BOOST_AUTO_TEST_CASE(rect_and_point_touching_counts) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            const BodyId a = add_body(w, s.apply(box(0, 0, 10, 10)));
            const BodyId b = add_body(w, s.apply(box(10, 0, 20, 10)));  // touches a
            const BodyId c = add_body(w, s.apply(box(30, 30, 30, 30))); // a point body
            std::vector<Other> out;
            w.query_rect(s.apply(box(10, 5, 12, 6)), out);
            BOOST_TEST(bool(out == of({Other::of(a), Other::of(b)})));
            w.query_rect(s.apply(box(20.5, 0, 29.5, 40)), out);
            BOOST_TEST(out.empty());
            w.query_rect(s.apply(box(30, 0, 31, 30)), out); // corner touches the point body
            BOOST_TEST(bool(out == of({Other::of(c)})));
            w.query_point(s.apply(v2(10, 10)), out);
            BOOST_TEST(bool(out == of({Other::of(a), Other::of(b)})));
            w.query_point(s.apply(v2(30, 30)), out);
            BOOST_TEST(bool(out == of({Other::of(c)})));
            w.query_point(s.apply(v2(25, 5)), out);
            BOOST_TEST(out.empty());
            QueryFilter f;
            f.ignore = a;
            w.query_point(s.apply(v2(10, 10)), out, f);
            BOOST_TEST(bool(out == of({Other::of(b)})));
        }
    }
}

BOOST_AUTO_TEST_CASE(tiles_in_queries) {
    World w;
    TileMapDef td;
    td.origin = v2(0, 0);
    td.tile_size = 10;
    td.columns = 4;
    td.rows = 4;
    w.set_tile_map(td);
    w.set_tile({1, 1}, Tile::solid);   // [10,10,20,20]
    w.set_tile({2, 1}, Tile::one_way); // [20,10,30,20]
    const BodyId body = add_body(w, box(15, 15, 16, 16));
    std::vector<Other> out;
    w.query_rect(box(0, 0, 40, 40), out);
    BOOST_TEST(bool(out == of({Other::of(body), Other::of(TileCell{1, 1}), Other::of(TileCell{2, 1})})));
    w.query_point(v2(20, 12), out); // on the edge shared by both tiles
    BOOST_TEST(bool(out == of({Other::of(TileCell{1, 1}), Other::of(TileCell{2, 1})})));
    w.query_rect(box(0, 0, 10, 10), out); // touches tile (1,1) at its corner
    BOOST_TEST(bool(out == of({Other::of(TileCell{1, 1})})));
    QueryFilter f;
    f.tiles = false;
    w.query_rect(box(0, 0, 40, 40), out, f);
    BOOST_TEST(bool(out == of({Other::of(body)})));
    // Segments: in order along the segment; touching counts.
    w.query_segment(v2(0, 15), v2(40, 15), out);
    BOOST_TEST(bool(out == of({Other::of(TileCell{1, 1}), Other::of(body), Other::of(TileCell{2, 1})})));
    w.query_segment(v2(40, 15), v2(0, 15), out); // meets (2,1) at x 30, (1,1) at x 20, the body at x 16
    BOOST_TEST(bool(out == of({Other::of(TileCell{2, 1}), Other::of(TileCell{1, 1}), Other::of(body)})));
    // Along the top edge of both tiles (touching).
    w.query_segment(v2(0, 10), v2(40, 10), out);
    BOOST_TEST(bool(out == of({Other::of(TileCell{1, 1}), Other::of(TileCell{2, 1})})),
               "segment along the tiles' top edge found " << out.size());
    // Starting on a tile's edge and leaving it.
    w.query_segment(v2(15, 20), v2(15, 40), out);
    BOOST_TEST(bool(out == of({Other::of(TileCell{1, 1})})), "segment leaving a tile's edge found " << out.size());
    // A point segment.
    w.query_segment(v2(15, 15), v2(15, 15), out);
    BOOST_TEST(bool(out == of({Other::of(body), Other::of(TileCell{1, 1})})));
}

BOOST_AUTO_TEST_CASE(segment_order_and_ties) {
    for (const ref::Symmetry& s : ref::Symmetry::all()) {
        BOOST_TEST_CONTEXT("symmetry " << s.name()) {
            World w;
            const BodyId far_b = add_body(w, s.apply(box(30, -5, 31, 5)));
            const BodyId near_b = add_body(w, s.apply(box(10, -5, 11, 5)));
            const BodyId tie = add_body(w, s.apply(box(10, 0, 11, 8))); // met at the same x as near_b
            std::vector<Other> out;
            w.query_segment(s.apply(v2(0, 1)), s.apply(v2(40, 1)), out);
            BOOST_TEST(bool(out == of({Other::of(near_b), Other::of(tie), Other::of(far_b)})));
        }
    }
}

BOOST_AUTO_TEST_CASE(overlapping_pairs_rules) {
    World w;
    const BodyId a = add_body(w, box(0, 0, 10, 10));
    const BodyId b = add_body(w, box(8, 1, 20, 9));                // overlaps a by 2 on x
    const BodyId c = add_body(w, box(10, 20, 12, 22));             // touches nothing
    const BodyId s1 = add_body(w, box(0, 0, 5, 5), true);          // static, overlaps a
    const BodyId s2 = add_body(w, box(1, 1, 4, 4), true);          // static, overlaps s1 (left out)
    const BodyId m = add_body(w, box(9, 2, 11, 3), false, 2, ~1u); // does not see category 1
    add_body(w, box(10, 0, 12, 10));                               // touches a: not overlapping
    (void)c;
    (void)s2;
    std::vector<Pair> out;
    w.overlapping_pairs(out);
    // (a,b) by 2 on x; (a,s1) and (a,s2) (static with movable); (b,last) by 4 on x. Not:
    // (s1,s2) static-static, m with anything (it does not see category 1), a with last (touching).
    BOOST_REQUIRE(out.size() == 4u);
    BOOST_TEST(bool(out[0].a == a));
    BOOST_TEST(bool(out[0].b == b));
    BOOST_TEST(out[0].overlap.depth == real(2.0));
    SB_CHECK_VEC(out[0].overlap.normal, v2(-1, 0));
    BOOST_TEST(bool(out[1].a == a));
    BOOST_TEST(bool(out[1].b == s1));
    BOOST_TEST(out[1].overlap.depth == real(5.0));
    SB_CHECK_VEC(out[1].overlap.normal, v2(0, 1)); // tie on both axes: y; a's centre is below
    BOOST_TEST(bool(out[2].a == a));
    BOOST_TEST(bool(out[2].b == s2));
    BOOST_TEST(out[2].overlap.depth == real(4.0));
    BOOST_TEST(bool(out[3].a == b));
    BOOST_TEST(out[3].b.index == m.index + 1);
    BOOST_TEST(out[3].overlap.depth == real(4.0));
    SB_CHECK_VEC(out[3].overlap.normal, v2(1, 0));
    // The reference agrees.
    const std::vector<Pair> want = ref::overlapping_pairs(w);
    BOOST_REQUIRE(want.size() == out.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        BOOST_TEST(bool(want[i].a == out[i].a && want[i].b == out[i].b));
        BOOST_TEST(want[i].overlap.depth == out[i].overlap.depth);
    }
}

BOOST_AUTO_TEST_SUITE_END()
