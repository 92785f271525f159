// Suite `bad_input`: every bad input throws sweepbox::Error whose message reads
// "sweepbox: <function>: <problem>" and names the function, and the world is left exactly as it
// was (every body's box and fields, the count, the tiles, and query answers before and after).
#include <cmath>
#include <limits>
#include <string>
#include <boost/test/unit_test.hpp>
#include "reference_world.hpp"
#include "test_support.hpp"

using namespace sweepbox;
namespace ref = sweepbox::reference;
using sbt::box;
using sbt::v2;

namespace {

const real nan_ = std::numeric_limits<real>::quiet_NaN();
const real inf = std::numeric_limits<real>::infinity();

// Everything observable about a world.
struct Snapshot {
    std::vector<BodyId> ids;
    std::vector<BodyInfo> infos;
    std::size_t count = 0;
    TileMapDef tdef{};
    std::vector<std::uint8_t> tiles; // tile and faces of every cell
    std::vector<Other> everything;   // query_rect over a big area
    std::vector<Pair> pairs;
    CastHit probe{};

    explicit Snapshot(const World& w) {
        w.body_ids(ids);
        for (BodyId id : ids) infos.push_back(w.info(id));
        count = w.body_count();
        tdef = w.tiles().def();
        for (std::int32_t r = 0; r < w.tiles().rows(); ++r)
            for (std::int32_t c = 0; c < w.tiles().columns(); ++c) {
                tiles.push_back(std::uint8_t(w.tiles().get({c, r})));
                tiles.push_back(w.tiles().faces({c, r}));
            }
        w.query_rect(box(-1e6, -1e6, 1e6, 1e6), everything);
        w.overlapping_pairs(pairs);
        probe = w.cast_box(box(-50, -50, -48, -48), v2(200, 190));
    }
    bool operator==(const Snapshot& o) const {
        if (ids != o.ids || count != o.count || infos.size() != o.infos.size()) return false;
        for (std::size_t i = 0; i < infos.size(); ++i) {
            const BodyInfo& a = infos[i];
            const BodyInfo& b = o.infos[i];
            if (!(a.box == b.box) || a.is_static != b.is_static || a.category != b.category || a.mask != b.mask ||
                a.user_data != b.user_data)
                return false;
        }
        if (!(tdef.origin == o.tdef.origin) || tdef.tile_size != o.tdef.tile_size || tdef.columns != o.tdef.columns ||
            tdef.rows != o.tdef.rows || tdef.category != o.tdef.category || tdef.mask != o.tdef.mask)
            return false;
        if (tiles != o.tiles || !(everything == o.everything) || pairs.size() != o.pairs.size()) return false;
        for (std::size_t i = 0; i < pairs.size(); ++i)
            if (!(pairs[i].a == o.pairs[i].a) || !(pairs[i].b == o.pairs[i].b) ||
                pairs[i].overlap.depth != o.pairs[i].overlap.depth)
                return false;
        return probe.hit == o.probe.hit && probe.time == o.probe.time && probe.other == o.probe.other;
    }
};

struct Fixture {
    World w;
    BodyId wall, mover, other, stale;
    Fixture() {
        TileMapDef td;
        td.origin = v2(0, 0);
        td.tile_size = 10;
        td.columns = 8;
        td.rows = 6;
        w.set_tile_map(td);
        w.set_tile({3, 4}, Tile::solid);
        w.set_tile({4, 4}, Tile::one_way);
        BodyDef d;
        d.box = box(30, -10, 31, 40);
        d.is_static = true;
        wall = w.add(d);
        d.box = box(0, 0, 4, 4);
        d.is_static = false;
        d.user_data = 77;
        mover = w.add(d);
        d.box = box(2, 2, 6, 6); // overlaps the mover
        other = w.add(d);
        d.box = box(50, 50, 52, 52);
        stale = w.add(d);
        w.remove(stale);
    }
};

// Runs f, which must throw sweepbox::Error naming `function`, and checks the world is unchanged.
template <class F> void expect_error(World& w, const std::string& function, F&& f, const char* what) {
    const Snapshot before(w);
    bool threw = false;
    try {
        f();
    } catch (const Error& e) {
        threw = true;
        const std::string msg = e.what();
        BOOST_TEST(msg.rfind("sweepbox: ", 0) == 0u, what << ": message '" << msg << "' does not start with 'sweepbox: '");
        BOOST_TEST(msg.find(function) != std::string::npos,
                   what << ": message '" << msg << "' does not name the function " << function);
    } catch (const std::exception& e) {
        BOOST_ERROR(what << ": threw a std::exception that is not sweepbox::Error: " << e.what());
        threw = true;
    }
    BOOST_TEST(threw, what << ": did not throw");
    const Snapshot after(w);
    BOOST_TEST(bool(before == after), what << ": the world changed");
}

} // namespace

BOOST_AUTO_TEST_SUITE(bad_input)

BOOST_AUTO_TEST_CASE(error_is_invalid_argument_with_message) {
    const Error e("move", "stale body id");
    BOOST_TEST(std::string(e.what()) == "sweepbox: move: stale body id");
    const std::invalid_argument& base = e;
    BOOST_TEST(std::string(base.what()) == "sweepbox: move: stale body id");
}

BOOST_AUTO_TEST_CASE(bad_boxes) {
    Fixture fx;
    const Aabb bad[] = {Aabb{{nan_, 0}, {1, 1}}, Aabb{{0, nan_}, {1, 1}}, Aabb{{0, 0}, {nan_, 1}},
                        Aabb{{0, 0}, {1, nan_}}, Aabb{{-inf, 0}, {1, 1}}, Aabb{{0, 0}, {inf, 1}},
                        box(1, 0, 0, 1),         box(0, 1, 1, 0),         Aabb{{inf, inf}, {inf, inf}}};
    for (const Aabb& b : bad) {
        BOOST_TEST_CONTEXT("box " << ref::str(b)) {
            expect_error(fx.w, "add", [&] {
                BodyDef d;
                d.box = b;
                (void)fx.w.add(d);
            }, "add");
            expect_error(fx.w, "teleport", [&] { fx.w.teleport(fx.mover, b); }, "teleport");
            expect_error(fx.w, "cast_box", [&] { (void)fx.w.cast_box(b, v2(1, 1)); }, "cast_box");
            std::vector<CastHit> hits;
            expect_error(fx.w, "cast_all", [&] { fx.w.cast_all(b, v2(1, 1), hits); }, "cast_all");
            std::vector<Other> out;
            expect_error(fx.w, "query_rect", [&] { fx.w.query_rect(b, out); }, "query_rect");
        }
    }
}

BOOST_AUTO_TEST_CASE(bad_numbers) {
    Fixture fx;
    const Vec2 bad[] = {Vec2{nan_, 0}, Vec2{0, nan_}, Vec2{inf, 0}, Vec2{0, -inf}};
    for (const Vec2& v : bad) {
        BOOST_TEST_CONTEXT("vector " << ref::str(v)) {
            expect_error(fx.w, "move", [&] { (void)fx.w.move(fx.mover, v); }, "move delta");
            MoveResult mr;
            expect_error(fx.w, "move", [&] { fx.w.move(fx.mover, v, MoveOptions{}, mr); }, "move delta (out)");
            expect_error(fx.w, "move", [&] {
                MoveOptions o;
                o.has_velocity = true;
                o.velocity = v;
                (void)fx.w.move(fx.mover, v2(1, 1), o);
            }, "move velocity");
            expect_error(fx.w, "cast_ray", [&] { (void)fx.w.cast_ray(v, v2(1, 1)); }, "cast_ray origin");
            expect_error(fx.w, "cast_ray", [&] { (void)fx.w.cast_ray(v2(1, 1), v); }, "cast_ray delta");
            expect_error(fx.w, "cast_box", [&] { (void)fx.w.cast_box(box(0, 0, 1, 1), v); }, "cast_box delta");
            std::vector<CastHit> hits;
            expect_error(fx.w, "cast_all", [&] { fx.w.cast_all(box(0, 0, 1, 1), v, hits); }, "cast_all delta");
            std::vector<Other> out;
            expect_error(fx.w, "query_point", [&] { fx.w.query_point(v, out); }, "query_point");
            expect_error(fx.w, "query_segment", [&] { fx.w.query_segment(v, v2(1, 1), out); }, "query_segment a");
            expect_error(fx.w, "query_segment", [&] { fx.w.query_segment(v2(1, 1), v, out); }, "query_segment b");
        }
    }
}

BOOST_AUTO_TEST_CASE(max_iterations_below_one) {
    Fixture fx;
    for (std::int32_t n : {0, -1, -1000}) {
        BOOST_TEST_CONTEXT("max_iterations " << n) {
            expect_error(fx.w, "move", [&] {
                MoveOptions o;
                o.max_iterations = n;
                (void)fx.w.move(fx.mover, v2(100, 0), o);
            }, "move max_iterations");
        }
    }
}

BOOST_AUTO_TEST_CASE(bad_ids) {
    Fixture fx;
    const BodyId foreign{1000, 1};                            // index beyond the table
    const BodyId wrong_gen{fx.mover.index, fx.mover.generation + 1};
    const BodyId null_id{};
    for (BodyId id : {fx.stale, foreign, wrong_gen, null_id}) {
        BOOST_TEST_CONTEXT("id " << id.index << "/" << id.generation) {
            BOOST_TEST(!fx.w.is_valid(id));
            expect_error(fx.w, "remove", [&] { fx.w.remove(id); }, "remove");
            expect_error(fx.w, "teleport", [&] { fx.w.teleport(id, box(0, 0, 1, 1)); }, "teleport");
            expect_error(fx.w, "box", [&] { (void)fx.w.box(id); }, "box");
            expect_error(fx.w, "info", [&] { (void)fx.w.info(id); }, "info");
            expect_error(fx.w, "set_user_data", [&] { fx.w.set_user_data(id, 5); }, "set_user_data");
            expect_error(fx.w, "set_filter", [&] { fx.w.set_filter(id, 1, 1); }, "set_filter");
            expect_error(fx.w, "move", [&] { (void)fx.w.move(id, v2(1, 1)); }, "move");
        }
    }
    // A reused slot: the old id stays stale, the new one works and is distinct.
    BodyDef d;
    d.box = box(60, 60, 61, 61);
    const BodyId reused = fx.w.add(d);
    BOOST_TEST(fx.w.is_valid(reused));
    BOOST_TEST(!fx.w.is_valid(fx.stale));
    BOOST_TEST(!(reused == fx.stale));
    expect_error(fx.w, "move", [&] { (void)fx.w.move(fx.stale, v2(1, 1)); }, "move with the old id of a reused slot");
    SB_CHECK_BOX(fx.w.box(reused), box(60, 60, 61, 61));
    // Removing twice.
    fx.w.remove(reused);
    expect_error(fx.w, "remove", [&] { fx.w.remove(reused); }, "remove twice");
}

BOOST_AUTO_TEST_CASE(bad_world_and_tile_defs) {
    for (real cs : {real(0), real(-1), nan_, inf, -inf}) {
        BOOST_TEST_CONTEXT("cell_size " << cs) {
            WorldDef d;
            d.cell_size = cs;
            bool threw = false;
            try {
                World w(d);
            } catch (const Error& e) {
                threw = true;
                BOOST_TEST(std::string(e.what()).rfind("sweepbox: ", 0) == 0u);
                BOOST_TEST(std::string(e.what()).find("World") != std::string::npos, e.what());
            }
            BOOST_TEST(threw);
        }
    }
    Fixture fx;
    auto bad_def = [](int k) {
        TileMapDef d;
        d.tile_size = 10;
        d.columns = 4;
        d.rows = 4;
        switch (k) {
        case 0: d.tile_size = 0; break;
        case 1: d.tile_size = -16; break;
        case 2: d.tile_size = nan_; break;
        case 3: d.tile_size = inf; break;
        case 4: d.columns = -1; break;
        case 5: d.rows = -3; break;
        case 6: d.origin = Vec2{nan_, 0}; break;
        default: d.origin = Vec2{0, inf}; break;
        }
        return d;
    };
    for (int k = 0; k < 8; ++k) {
        BOOST_TEST_CONTEXT("tile map def " << k) {
            expect_error(fx.w, "set_tile_map", [&] { fx.w.set_tile_map(bad_def(k)); }, "set_tile_map");
            bool threw = false;
            try {
                TileMap m(bad_def(k));
            } catch (const Error& e) {
                threw = true;
                BOOST_TEST(std::string(e.what()).find("TileMap") != std::string::npos, e.what());
            }
            BOOST_TEST(threw, "TileMap constructor did not throw");
        }
    }
    for (TileCell c : {TileCell{-1, 0}, TileCell{0, -1}, TileCell{8, 0}, TileCell{0, 6}, TileCell{100000, 100000}}) {
        BOOST_TEST_CONTEXT("cell " << c.column << "," << c.row) {
            expect_error(fx.w, "set_tile", [&] { fx.w.set_tile(c, Tile::solid); }, "set_tile outside the map");
        }
    }
    // A world without a tile map: every set_tile is outside.
    World empty;
    expect_error(empty, "set_tile", [&] { empty.set_tile({0, 0}, Tile::solid); }, "set_tile without a map");
}

// After all these errors the world still works normally.
BOOST_AUTO_TEST_CASE(world_still_works_after_errors) {
    Fixture fx;
    try {
        (void)fx.w.move(fx.mover, Vec2{nan_, 1});
    } catch (const Error&) {
    }
    try {
        fx.w.remove(fx.stale);
    } catch (const Error&) {
    }
    const MoveResult r = fx.w.move(fx.mover, v2(-10, 0));
    SB_CHECK_BOX(r.box, box(-10, 0, -6, 4));
    BOOST_TEST(fx.w.body_count() == 3u);
}

BOOST_AUTO_TEST_SUITE_END()
