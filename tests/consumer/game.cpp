// A tiny game that uses sweepbox as a package (through find_package, add_subdirectory or
// pkg-config): a player box slides into a wall, a shot hits the wall, a crate falls on a tile
// floor, and a bad id throws sweepbox::Error across the library boundary. Every answer is
// checked; the program exits 1 on the first wrong one, so a broken package fails its test.
//
// SWEEPBOX_CONSUMER_REAL (float or double) is what the build under test was configured with; the
// consumer never defines SWEEPBOX_DOUBLE itself, so this checks that the definition travels with
// the package.

#include <sweepbox/sweepbox.hpp>

#include <cmath>
#include <cstdio>
#include <type_traits>

#ifndef SWEEPBOX_CONSUMER_REAL
#    error "the consumer test passes SWEEPBOX_CONSUMER_REAL (float or double)"
#endif
static_assert(std::is_same_v<sweepbox::real, SWEEPBOX_CONSUMER_REAL>,
              "sweepbox::real differs from the real type of the build that was packaged");

namespace {

int failures = 0;

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "consumer game: wrong answer: %s\n", what);
        ++failures;
    }
}

bool near(sweepbox::real a, double b) { return std::fabs(double(a) - b) <= 1e-4; }

} // namespace

int main() {
    using namespace sweepbox;
    std::printf("sweepbox %s (real is %s)\n", version_string, sizeof(real) == sizeof(double) ? "double" : "float");
    check(version_major == 0 && version_minor == 1, "version 0.1");

    World world;
    const BodyId wall = world.add(BodyDef{.box = {{50, 0}, {60, 100}}, .is_static = true});
    const BodyId player = world.add(BodyDef{.box = {{0, 0}, {10, 10}}});

    // The player moves by (100, 20): it meets the wall at t = 0.4 and slides down the rest.
    const MoveResult moved = world.move(player, {100, 20});
    check(moved.contacts.size() == 1, "one contact");
    if (!moved.contacts.empty()) {
        const Contact& c = moved.contacts.front();
        check(c.other == Other::of(wall), "the contact names the wall");
        check(near(c.time, 0.4), "time of impact 0.4");
        check(c.normal == Vec2{-1, 0}, "normal (-1, 0)");
        check(c.box.max.x == 50, "flush against the wall at contact");
        check(c.response == Response::slide, "slide is the default response");
    }
    check(moved.box.max.x == 50 && moved.box.min.x == 40, "stopped flush at x = 50");
    check(near(moved.box.min.y, 20) && near(moved.box.max.y, 30), "slid down to y = 20");
    check(world.box(player) == moved.box, "the world stores the new box");

    // A shot from (0, 50) to the right hits the wall's face at (50, 50).
    const CastHit shot = world.cast_ray({0, 50}, {100, 0});
    check(shot.hit, "the shot hits");
    check(shot.other == Other::of(wall), "the shot hits the wall");
    check(near(shot.time, 0.5), "the shot hits at t = 0.5");
    check(near(shot.point.x, 50) && near(shot.point.y, 50), "the shot hits at (50, 50)");

    // A crate falls 300 units onto a floor of solid tiles whose top is at y = 200.
    world.set_tile_map(TileMapDef{.origin = {100, 200}, .tile_size = 16, .columns = 8, .rows = 1});
    for (std::int32_t column = 0; column < 8; ++column) world.set_tile({column, 0}, Tile::solid);
    const BodyId crate = world.add(BodyDef{.box = {{120, 0}, {136, 16}}});
    const MoveResult fell = world.move(crate, {0, 300}, MoveOptions{.response = Response::touch});
    check(fell.box.max.y == 200, "the crate rests on the floor at y = 200");
    check(!fell.contacts.empty() && fell.contacts.front().other.is_tile(), "the crate hit a tile");

    // Errors cross the library boundary as sweepbox::Error.
    bool threw = false;
    try {
        world.remove(BodyId{});
    } catch (const Error&) {
        threw = true;
    }
    check(threw, "removing the null id throws sweepbox::Error");

    if (failures != 0) {
        std::fprintf(stderr, "consumer game: %d wrong answer(s)\n", failures);
        return 1;
    }
    std::printf("consumer game: all answers right\n");
    return 0;
}
