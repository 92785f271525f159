// Suite `bad_input`: every bad input throws sweepbox::Error whose message reads
// "sweepbox: <function>: <problem>" and names the function, and the world is left exactly as it
// was (every body's box and fields, the count, the tiles, and query answers before and after).
#include <array>
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
        if (ids != o.ids || count != o.count || infos != o.infos) return false;
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

// Runs f, which must throw sweepbox::Error naming `function` (and saying `problem`, when given),
// and checks the world is unchanged.
template <class F>
void expect_error(World& w, const std::string& function, F&& f, const char* what, const std::string& problem = "") {
    const Snapshot before(w);
    bool threw = false;
    try {
        f();
    } catch (const Error& e) {
        threw = true;
        const std::string msg = e.what();
        BOOST_TEST(msg.rfind("sweepbox: ", 0) == 0u,
                   what << ": message '" << msg << "' does not start with 'sweepbox: '");
        BOOST_TEST(msg.find(function) != std::string::npos,
                   what << ": message '" << msg << "' does not name the function " << function);
        BOOST_TEST(msg.find(problem) != std::string::npos,
                   what << ": message '" << msg << "' does not say " << problem);
    } catch (const std::exception& e) {
        BOOST_ERROR(what << ": threw a std::exception that is not sweepbox::Error: " << e.what());
        threw = true;
    }
    BOOST_TEST(threw, what << ": did not throw");
    const Snapshot after(w);
    BOOST_TEST(bool(before == after), what << ": the world changed");
}

// A point between two 0-thickness walls at x = 1 and x = 20.
struct Walls {
    World w;
    BodyId b;
    Walls() {
        w.add({.box = box(1, -100, 1, 100), .is_static = true});
        w.add({.box = box(20, -100, 20, 100), .is_static = true});
        b = w.add({.box = box(5, 0, 5, 0)});
    }
};

MoveOptions bounce(real restitution, real friction) {
    MoveOptions o;
    o.response = Response::bounce;
    o.restitution = restitution;
    o.friction = friction;
    return o;
}

} // namespace

// clang-format 14 lays out a call whose lambda is not the last argument one argument a line
// (llvm-project #44486), and every check below is such a call: the cases keep their hand layout.
// clang-format off
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

// Rule 11: restitution and friction in [0, 1] (MoveOptions), NaN and infinity included.
BOOST_AUTO_TEST_CASE(restitution_and_friction_out_of_range) {
    const real above_1 = std::nextafter(real(1), real(2));
    const real below_0 = -std::numeric_limits<real>::denorm_min();
    for (real r : {below_0, real(-1e30), above_1, real(1.5), real(1e38), nan_, inf, -inf}) {
        BOOST_TEST_CONTEXT("restitution " << r) {
            Fixture fx;
            expect_error(fx.w, "move", [&] { (void)fx.w.move(fx.mover, v2(40, 20), bounce(r, 0)); }, "restitution",
                         "restitution must be in [0, 1]");
        }
    }
    for (real f : {below_0, real(-0.5), above_1, real(2), real(7.2), real(1e38), nan_, -inf}) {
        BOOST_TEST_CONTEXT("friction " << f) {
            Fixture fx;
            expect_error(fx.w, "move", [&] { (void)fx.w.move(fx.mover, v2(40, 20), bounce(1, f)); }, "friction",
                         "friction must be in [0, 1]");
        }
    }
    // Cases that left the finite range: friction 1e38 stored a box at y = -inf, restitution 1e38
    // and -1e30 sent it to -inf and +inf (through the wall), and restitution 1.5 between two
    // walls reached -inf after 209 contacts.
    {
        Walls s;
        expect_error(s.w, "move", [&] { (void)s.w.move(s.b, v2(40, 20), bounce(1, real(1e38))); }, "friction 1e38");
    }
    for (real r : {real(1e38), real(-1e30)}) {
        BOOST_TEST_CONTEXT("restitution " << r) {
            Walls s;
            expect_error(s.w, "move", [&] { (void)s.w.move(s.b, v2(40, 0), bounce(r, 0)); }, "restitution");
        }
    }
    {
        Walls s;
        MoveOptions gaining = bounce(real(1.5), 0);
        gaining.max_iterations = 100000;
        expect_error(s.w, "move", [&] { (void)s.w.move(s.b, v2(40, 0), gaining); }, "restitution 1.5 between walls");
    }
    // The ends of the ranges, and -0, are accepted.
    for (real r : {real(0), real(-0.0), real(1)})
        for (real f : {real(0), real(-0.0), real(1)}) {
            BOOST_TEST_CONTEXT("restitution " << r << ", friction " << f) {
                Walls s;
                const MoveResult m = s.w.move(s.b, v2(40, 3), bounce(r, f));
                BOOST_TEST(m.contacts.size() >= 1u);
                BOOST_TEST(m.box.min.x >= 1);
                BOOST_TEST(m.box.max.x <= 20);
            }
        }
}

// Rule 11: a Response outside the enum, as the option, in a category table (whether or not the
// move meets that category) or from a filter, throws; to_string names it "invalid".
BOOST_AUTO_TEST_CASE(response_outside_the_enum) {
    for (int bad : {5, 7, 255}) {
        BOOST_TEST_CONTEXT("Response(" << bad << ")") {
            Fixture fx;
            expect_error(fx.w, "move", [&] {
                MoveOptions o;
                o.response = Response(bad);
                (void)fx.w.move(fx.mover, v2(100, 0), o);
            }, "response", "not a Response");
            for (std::size_t entry : {std::size_t(0), std::size_t(31)}) {
                std::array<Response, 32> table;
                table.fill(Response::slide);
                table[entry] = Response(bad);
                expect_error(fx.w, "move", [&] {
                    MoveOptions o;
                    o.category_responses = &table;
                    (void)fx.w.move(fx.mover, v2(100, 0), o);
                }, "category_responses entry", "category_responses[" + std::to_string(entry) + "]");
            }
        }
    }
    // A filter that answers Response(7) for the wall only, met after the body the mover starts in.
    Fixture fx;
    struct Context {
        BodyId wall;
        int calls = 0;
    } ctx{fx.wall};
    MoveOptions o;
    o.filter_context = &ctx;
    o.filter = [](void* c, const World&, BodyId, const Other& other) {
        Context& k = *static_cast<Context*>(c);
        ++k.calls;
        return other.is_body() && other.body == k.wall ? Response(7) : Response::slide;
    };
    expect_error(fx.w, "move", [&] { (void)fx.w.move(fx.mover, v2(100, 0), o); }, "filter answer",
                 "the filter returned 7");
    BOOST_TEST(ctx.calls >= 1);
    // The same filter with valid answers: the check of its answers changes nothing else.
    o.filter = [](void* c, const World&, BodyId, const Other& other) {
        Context& k = *static_cast<Context*>(c);
        ++k.calls;
        return other.is_body() && other.body == k.wall ? Response::touch : Response::ignore;
    };
    const MoveResult r = fx.w.move(fx.mover, v2(100, 0), o);
    SB_CHECK_BOX(r.box, box(26, 0, 30, 4));
    BOOST_TEST(r.contacts.size() == 1u);
    BOOST_TEST(std::string(to_string(Response(7))) == "invalid");
    BOOST_TEST(std::string(to_string(Response::bounce)) == "bounce");
}

// Rule 11: without has_velocity the velocity is returned as it is, so it must be finite then too.
BOOST_AUTO_TEST_CASE(velocity_checked_without_has_velocity) {
    for (const Vec2& v : {Vec2{nan_, 0}, Vec2{0, inf}}) {
        Fixture fx;
        expect_error(fx.w, "move", [&] {
            MoveOptions o;
            o.velocity = v;
            (void)fx.w.move(fx.mover, v2(1, 0), o);
        }, "velocity without has_velocity", "velocity");
    }
}

// Rule 11: valid input whose result would leave the finite range of real throws, the world
// unchanged: a bounce back past the lowest real, a sweep-back point out of range.
BOOST_AUTO_TEST_CASE(result_out_of_the_finite_range) {
    const double top = std::numeric_limits<real>::max();
    const std::string out_of_range = "the result leaves the finite range";
    World w;
    w.add({.box = box(-0.85 * top, -100, -0.85 * top, 100), .is_static = true});
    const BodyId point = w.add({.box = box(-0.88 * top, 0, -0.88 * top, 0)});
    MoveOptions o;
    o.response = Response::bounce;
    o.has_velocity = true;
    o.velocity = v2(1, 0);
    // The delta ends at 0.09 * top; the bounce off the wall sends the rest back to -1.79 * top.
    expect_error(w, "move", [&] { (void)w.move(point, v2(0.97 * top, 0), o); }, "bounce past the lowest real",
                 out_of_range + " of real: the box after the move");
    MoveResult reused;
    expect_error(w, "move", [&] { w.move(point, v2(0.97 * top, 0), o, reused); }, "the same (out)", out_of_range);
    // A shorter one stays in range and is stored.
    const MoveResult r = w.move(point, v2(0.1 * top, 0), o);
    BOOST_TEST(r.contacts.size() == 1u);
    BOOST_TEST(std::isfinite(r.box.min.x));
    SB_CHECK_BOX(w.box(point), r.box);

    // A body sunk near the left end of a long one, pushed down and right: moved back along -d it
    // would first touch at x = -1.03 * top (the sweep-back point).
    World back;
    back.add({.box = box(-top, -10, -0.01 * top, 10), .is_static = true});
    const BodyId near_end = back.add({.box = box(-0.97 * top, -1, -0.94 * top, 1)});
    expect_error(back, "move", [&] { (void)back.move(near_end, v2(0.5 * top, 1)); }, "sweep_back",
                 out_of_range + " of real: contact 0's sweep_back");
}

// Rule 11: a box wider or taller than the finite range is refused wherever a box comes in (its
// contact point, the middle of the touching faces, or its overlap depth would be infinite).
BOOST_AUTO_TEST_CASE(boxes_wider_than_the_finite_range) {
    const double top = std::numeric_limits<real>::max();
    const std::string too_wide = "wider or taller than the finite range";
    Fixture fx;
    std::vector<CastHit> hits;
    for (const Aabb& b : {box(-0.88 * top, 0, 0.88 * top, 1), box(0, -0.88 * top, 1, 0.88 * top),
                          box(-top, -top, top, top)}) {
        BOOST_TEST_CONTEXT("box " << ref::str(b)) {
            expect_error(fx.w, "add", [&] { (void)fx.w.add({.box = b}); }, "add", too_wide);
            expect_error(fx.w, "teleport", [&] { fx.w.teleport(fx.mover, b); }, "teleport", too_wide);
            expect_error(fx.w, "cast_box", [&] { (void)fx.w.cast_box(b, v2(0, 10)); }, "cast_box", too_wide);
            expect_error(fx.w, "cast_all", [&] { fx.w.cast_all(b, v2(10, 0), hits); }, "cast_all", too_wide);
        }
    }
    // Half as wide is fine: every number of a contact with a body as wide is finite.
    World w;
    w.add({.box = box(-0.44 * top, 5, 0.44 * top, 6), .is_static = true});
    const CastHit h = w.cast_box(box(-0.44 * top, 0, 0.44 * top, 1), v2(0, 10));
    BOOST_TEST(h.hit);
    BOOST_TEST(is_finite(h.point));
    BOOST_TEST(is_valid(h.box));
    const BodyId b = w.add({.box = box(-0.44 * top, 0, 0.44 * top, 1)});
    const MoveResult r = w.move(b, v2(0, 10));
    BOOST_TEST(r.contacts.size() == 1u);
    BOOST_TEST(is_finite(r.contacts[0].point));
}

// Rule 11 for the casts: a moved box or ray end out of the finite range, and a segment too long.
BOOST_AUTO_TEST_CASE(casts_out_of_the_finite_range) {
    const double top = std::numeric_limits<real>::max();
    World w;
    w.add({.box = box(-0.44 * top, 5, 0.44 * top, 6), .is_static = true});
    std::vector<CastHit> hits;
    std::vector<Other> out;
    const Aabb far = box(0.88 * top, 0, 0.9 * top, 1);
    expect_error(w, "cast_box", [&] { (void)w.cast_box(far, v2(0.3 * top, 0)); }, "cast_box past the highest real",
                 "finite range");
    expect_error(w, "cast_ray", [&] { (void)w.cast_ray(v2(0.88 * top, 0), v2(0.3 * top, 0)); },
                 "cast_ray past the highest real", "finite range");
    expect_error(w, "cast_all", [&] { w.cast_all(far, v2(0.3 * top, 0), hits); }, "cast_all past the highest real",
                 "finite range");
    expect_error(w, "query_segment", [&] { w.query_segment(v2(-0.88 * top, 0), v2(0.88 * top, 0), out); },
                 "query_segment longer than the highest real", "too long");
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
    // The mover overlaps `other` by 2: rule 7 pushes it out upward (ties: y) before it moves.
    const MoveResult r = fx.w.move(fx.mover, v2(-10, 0));
    SB_CHECK_BOX(r.box, box(-10, -2, -6, 2));
    BOOST_TEST(fx.w.body_count() == 3u);
}

BOOST_AUTO_TEST_SUITE_END()
// clang-format on
