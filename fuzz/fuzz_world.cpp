/// @file fuzz_world.cpp
/// Fuzz target: whole worlds (thin walls of 0 and 1 unit, solid and one-way tiles, bodies of
/// every size including 0 and 1, huge and tiny deltas, coordinates up to 2^62) driven by
/// sequences of moves with every response, checked after every move against the contract.
///
/// "Blocking" obstacles of a move (those the body must never get into):
/// - other bodies that interact with it (category and mask both ways) and whose response for
///   this move (filter, else per-category table, else the move's response) is touch, slide or
///   bounce (not cross, not ignore);
/// - solid tiles, likewise, except those in a group of edge-connected solid tiles that the body
///   was already inside at the start (its interior overlaps one, or, thin or a point, it lies on
///   a seam or corner with solid tiles all around; shared tile edges are no surfaces: a body
///   starting inside a wall of tiles may move within it, and rule 7 lets it out);
/// - one-way tiles only for a body starting fully above the tile (max.y <= tile top), only
///   through the top edge (the tile's only surface), and only when the tile above is empty
///   (a stacked tile's top edge is no surface; the contract is silent there); one-way bodies
///   likewise in each of the four directions (body i of the scenario is OneWay down, up, left,
///   right for i % 4 = 0, 1, 2, 3): only the entry face is a surface, met only from its side.
///
/// Checked after every move (any violation aborts with a message):
/// 1. never into (rule 6): the end box overlaps no blocking obstacle it did not overlap at the
///    start (exact `overlaps`; one-way tiles: see 2);
/// 2. never through (rule 6): the path rebuilt from the start box, the box of every contact
///    that changed the motion (not cross) and the end box goes through no blocking obstacle not overlapped at the start (path_check.hpp:
///    exact, with a rounding tolerance of 2^-20 of the magnitudes involved at corners; thin
///    walls and lines are checked by side); a one-way tile's top edge is never crossed
///    downward within its x range, nor a one-way body's entry face in its blocked direction;
/// 3. never deeper (rule 7): for a blocking body overlapped at the start, the overlap depth
///    (the smaller of the two axis overlaps, exact) is never larger at the end or at a contact;
/// 4. contacts: times finite, in [0, 1] and non-decreasing; normals unit axis vectors; the
///    normal of a contact that did not start overlapping points against the motion of its leg
///    (tracked through slides and bounces); a one-way contact's normal is against its blocked
///    direction ((0, -1) for tiles and OneWay::down bodies); the other is
///    a live, interacting obstacle, never the body itself; the response is the one the options
///    pick and never `ignore`; nothing follows a touch except contacts at the same time; a
///    crossing is reported once per entry (never twice for one obstacle at the same time through
///    the same face: a body bounced back through a thin obstacle at once enters it again; and
///    one rounded time may hold two entries: on a move of 1e11 a body bounced away from the
///    face and back, between tiles 16 apart, enters again);
/// 5. flush (rule 5): a contact's box touches its obstacle (closed boxes meet, interiors do not
///    overlap) and its touching edge equals the obstacle's edge exactly; the contact point lies
///    on that face, within the segment where the faces meet (rule 8);
/// 6. energy (rule 9): with restitution in [0, 1] and friction in [0, 1], neither component of
///    the velocity grows in magnitude; without a velocity the result's is the option's;
/// 7. bookkeeping: the result box is the stored box, is valid, other bodies did not move,
///    iterations <= max_iterations, truncated only when all were used, a move ending on a
///    touch ends at that contact's box, valid input never throws;
/// 8. determinism (rule 10): running the same input again gives the same bits, and a
///    reference-mode world (WorldDef::brute_force) gives the same bits too ("same answers");
/// 9. dry run: World::check before each move gives the move's answer, bit for bit, and leaves
///    the body where it was;
/// 10. events: in a run of the same scenario where every third body is a sensor and the map has
///    sensor tiles of two kinds (the tile writes of kind 3; set_tile operations that, by the
///    upper bits of their kind byte, write a sensor kind or redefine the second one, sensor or
///    a wall of its own category and mask; and every third solid tile written is a wall of its
///    own category and mask), update_events after every operation lists exactly what a brute-force recomputation
///    from the bodies' boxes, every tile of the map, the moves' paths (a fast body passing
///    through a sensor within one move begins and ends) and the moves' contacts (touches that
///    begin and end between two calls) lists (events_check.hpp), in the accelerated world and in
///    the reference-mode one.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>
#include <sweepbox/world.hpp>
#include "events_check.hpp"
#include "exact.hpp"
#include "fuzz_common.hpp"
#include "path_check.hpp"
#include "scenario.hpp"

using namespace sweepbox;
using namespace sweepbox::fuzz;

namespace {

bool interacts(std::uint32_t cat_a, std::uint32_t mask_a, std::uint32_t cat_b, std::uint32_t mask_b) {
    return (cat_a & mask_b) != 0 && (cat_b & mask_a) != 0;
}

Response expected_response(const Op& op, const Other& other, std::uint32_t other_category) {
    if (op.response_mode == 6) return filter_answer(op.filter.seed, other);
    if (op.response_mode == 5) return op.table[std::size_t(std::countr_zero(other_category) & 31)];
    return Response(op.response_mode);
}

bool is_blocking(Response r) { return r == Response::touch || r == Response::slide || r == Response::bounce; }

/// Exact overlap depth: the smaller of the two axis overlaps of the closed boxes.
Big overlap_depth(const Aabb& a, const Aabb& b) {
    const Big ox = std::min(to_big(a.max.x), to_big(b.max.x)) - std::max(to_big(a.min.x), to_big(b.min.x));
    const Big oy = std::min(to_big(a.max.y), to_big(b.max.y)) - std::max(to_big(a.min.y), to_big(b.min.y));
    return std::min(ox, oy);
}

/// Everything a check needs to know about the world before the move.
struct Before {
    std::vector<Aabb> boxes;
    std::vector<std::uint32_t> categories, masks;
};

struct Obstacle {
    Aabb box;
    Other other;
    OneWay one_way = OneWay::none; // one-way tiles are OneWay::down
};

/// The direction of scenario body i when it is one-way: the decoder's flag byte has no bit left,
/// so the index picks it and every input decodes as before but for the direction.
OneWay one_way_direction(std::size_t i) {
    static constexpr OneWay ways[] = {OneWay::down, OneWay::up, OneWay::left, OneWay::right};
    return ways[i % 4];
}

/// The normal of a hit on a one-way obstacle: against the direction it blocks.
Vec2 one_way_normal(OneWay w) {
    switch (w) {
    case OneWay::up: return {0, 1};
    case OneWay::left: return {1, 0};
    case OneWay::right: return {-1, 0};
    default: return {0, -1};
    }
}

/// `b` seen in a frame where the blocked direction `w` is +y (a reflection or a swap of the axes:
/// exact), so the check of a jump-through platform's top serves every direction.
Aabb to_down_frame(const Aabb& b, OneWay w) {
    switch (w) {
    case OneWay::up: return {{b.min.x, -b.max.y}, {b.max.x, -b.min.y}};
    case OneWay::right: return {{b.min.y, b.min.x}, {b.max.y, b.max.x}};
    case OneWay::left: return {{b.min.y, -b.max.x}, {b.max.y, -b.min.x}};
    default: return b;
    }
}

class MoveChecker {
public:
    MoveChecker(const World& w, const std::vector<BodyId>& ids, const Before& before, std::size_t op_index,
                const Op& op, std::size_t mover)
        : w_(w), ids_(ids), before_(before), op_index_(op_index), op_(op), mover_(mover) {}

    void check(const MoveResult& r) {
        r_ = &r;
        const Aabb& S = before_.boxes[mover_];
        const Aabb& E = r.box;
        if (!is_valid(E)) fail_move("the result box is not valid");
        if (!(w_.box(ids_[mover_]) == E)) fail_move("the result box differs from the stored box");
        for (std::size_t j = 0; j < ids_.size(); ++j)
            if (j != mover_ && !(w_.box(ids_[j]) == before_.boxes[j])) fail_move("another body moved");
        if (r.iterations < 0 || r.iterations > op_.max_iterations) fail_move("iterations out of range");
        if (r.truncated && r.iterations != op_.max_iterations) fail_move("truncated before max_iterations");

        // Energy (rule 9).
        if (op_.has_velocity) {
            if (!is_finite(r.velocity)) fail_move("the velocity is not finite");
            if (std::fabs(r.velocity.x) > std::fabs(op_.velocity.x) ||
                std::fabs(r.velocity.y) > std::fabs(op_.velocity.y))
                fail_move("a response added energy: velocity %s became %s", str(op_.velocity).c_str(),
                          str(r.velocity).c_str());
        } else if (std::memcmp(&r.velocity, &op_.velocity, sizeof r.velocity) != 0) {
            fail_move("no velocity was given, but the result's velocity is not the option's");
        }

        collect_obstacles(S);
        check_contacts(S);

        // The path: start, the box of every contact that changed the motion, end. (A cross
        // contact's box is where the body was placed for the report, flush or, thin against
        // thin, one ulp on the near side; the body itself went on along the leg.)
        std::vector<Aabb> path;
        path.push_back(S);
        for (const Contact& c : r.contacts)
            if (c.response != Response::cross) path.push_back(c.box);
        path.push_back(E);

        for (const Obstacle& o : obstacles_) {
            if (o.one_way != OneWay::none) {
                const Aabb ob = to_down_frame(o.box, o.one_way);
                const Big top = to_big(ob.min.y);
                for (std::size_t i = 0; i + 1 < path.size(); ++i) {
                    if (!intersects_closed(merge(path[i], path[i + 1]), o.box)) continue;
                    const Aabb p = to_down_frame(path[i], o.one_way), q = to_down_frame(path[i + 1], o.one_way);
                    const Big tol = tolerance(p, q, ob);
                    Big x0 = to_big(ob.min.x), x1 = to_big(ob.max.x);
                    // Too narrow to shrink: collapse to its min edge e, which the body must then
                    // cover by more than tol on both sides (min < e - tol and e + tol < max): a
                    // graze within rounding is no crossing.
                    if (x1 - x0 > 2 * tol) {
                        x0 += tol;
                        x1 -= tol;
                    } else {
                        x1 = x0 - tol;
                        x0 += tol;
                    }
                    if (crosses_top_downward(p, q, top, x0, x1))
                        fail_move("went through one-way (%s) %s %s from its blocking side between path boxes %zu "
                                  "%s and %zu %s",
                                  to_string(o.one_way), other_str(o.other).c_str(), str(o.box).c_str(), i,
                                  str(path[i]).c_str(), i + 1, str(path[i + 1]).c_str());
                }
                continue;
            }
            if (overlaps(S, o.box)) {
                // Rule 7: never deeper (bodies only; tiles are handled as groups).
                static const bool skip_deeper = avoid("deeper");
                if (!o.other.is_body() || skip_deeper) continue;
                // Deeper by more than rounding: a box moved or placed flush may change size by
                // an ulp (README, known limits), which alone is no motion into the obstacle.
                const Big d0 = overlap_depth(S, o.box);
                for (std::size_t i = 1; i < path.size(); ++i)
                    if (overlap_depth(path[i], o.box) > d0 + tolerance(S, path[i], o.box))
                        fail_move("started inside %s %s and went deeper (path box %zu %s)", other_str(o.other).c_str(),
                                  str(o.box).c_str(), i, str(path[i]).c_str());
                continue;
            }
            if (overlaps(E, o.box))
                fail_move("ends overlapping blocking %s %s that it did not overlap at the start (rule 6)",
                          other_str(o.other).c_str(), str(o.box).c_str());
            for (std::size_t i = 0; i + 1 < path.size(); ++i) {
                if (!intersects_closed(merge(path[i], path[i + 1]), o.box)) continue;
                const BigBox shrunk = shrink(o.box, tolerance(path[i], path[i + 1], o.box));
                if (path_overlaps(path[i], path[i + 1], shrunk))
                    fail_move("the path went through blocking %s %s (rule 6) between path boxes %zu %s and %zu %s",
                              other_str(o.other).c_str(), str(o.box).c_str(), i, str(path[i]).c_str(), i + 1,
                              str(path[i + 1]).c_str());
            }
        }
    }

private:
    [[noreturn]] void fail_move(const char* format, ...) __attribute__((format(printf, 2, 3))) {
        char msg[1024];
        va_list args;
        va_start(args, format);
        std::vsnprintf(msg, sizeof msg, format, args);
        va_end(args);
        const char* modes[] = {"ignore", "touch", "slide", "cross", "bounce", "category table", "filter"};
        fail("op %zu: move of body %zu from %s by %s (response %s, restitution %s, friction %s, "
             "max_iterations %d%s): %s\n  result: %s",
             op_index_, mover_, str(before_.boxes[mover_]).c_str(), str(op_.delta).c_str(), modes[op_.response_mode],
             str(op_.restitution).c_str(), str(op_.friction).c_str(), int(op_.max_iterations),
             op_.has_velocity ? (", velocity " + str(op_.velocity)).c_str() : "", msg, move_str(*r_).c_str());
    }

    bool body_interacts(std::size_t j) const {
        return interacts(before_.categories[mover_], before_.masks[mover_], before_.categories[j], before_.masks[j]);
    }
    bool tile_interacts() const {
        const TileMapDef& d = w_.tiles().def();
        return interacts(before_.categories[mover_], before_.masks[mover_], d.category, d.mask);
    }

    /// True when the start box S is inside the solid tiles at tile t: its interior overlaps
    /// t, or (a thin body or a point lying on a seam or a corner between solid tiles) the
    /// middle of S's intersection with t has solid tiles on all four sides around it.
    static bool starts_inside(const Aabb& S, const TileMap& tm, TileCell t) {
        const Aabb c = tm.cell_box(t);
        if (overlaps(S, c)) return true;
        if (!intersects_closed(S, c)) return false;
        const double px = (double(std::max(S.min.x, c.min.x)) + double(std::min(S.max.x, c.max.x))) / 2;
        const double py = (double(std::max(S.min.y, c.min.y)) + double(std::min(S.max.y, c.max.y))) / 2;
        for (int sx = -1; sx <= 1; sx += 2)
            for (int sy = -1; sy <= 1; sy += 2) {
                bool covered = false;
                for (std::int32_t r = std::max(0, t.row - 1); r <= std::min(tm.rows() - 1, t.row + 1) && !covered; ++r)
                    for (std::int32_t q = std::max(0, t.column - 1);
                         q <= std::min(tm.columns() - 1, t.column + 1) && !covered; ++q) {
                        if (tm.get({q, r}) != Tile::solid) continue;
                        const Aabb b = tm.cell_box({q, r});
                        const bool in_x = sx > 0 ? (b.min.x <= px && px < b.max.x) : (b.min.x < px && px <= b.max.x);
                        const bool in_y = sy > 0 ? (b.min.y <= py && py < b.max.y) : (b.min.y < py && py <= b.max.y);
                        covered = in_x && in_y;
                    }
                if (!covered) return false;
            }
        return true;
    }

    void collect_obstacles(const Aabb& S) {
        for (std::size_t j = 0; j < ids_.size(); ++j) {
            if (j == mover_ || !body_interacts(j)) continue;
            const Other o = Other::of(ids_[j]);
            if (is_blocking(expected_response(op_, o, before_.categories[j])))
                obstacles_.push_back({before_.boxes[j], o, w_.info(ids_[j]).one_way});
        }
        const TileMap& tm = w_.tiles();
        if (tm.is_empty() || !tile_interacts()) return;
        const std::int32_t cols = tm.columns(), rows = tm.rows();
        // Edge-connected groups of solid tiles; a group the body starts in is not an obstacle.
        std::vector<std::int32_t> group(std::size_t(cols * rows), -1);
        std::vector<bool> entered;
        std::vector<TileCell> stack;
        for (std::int32_t r = 0; r < rows; ++r)
            for (std::int32_t c = 0; c < cols; ++c) {
                if (tm.get({c, r}) != Tile::solid || group[std::size_t(r * cols + c)] >= 0) continue;
                const std::int32_t g = std::int32_t(entered.size());
                entered.push_back(false);
                stack.push_back({c, r});
                group[std::size_t(r * cols + c)] = g;
                while (!stack.empty()) {
                    const TileCell t = stack.back();
                    stack.pop_back();
                    if (starts_inside(S, tm, t)) entered[std::size_t(g)] = true;
                    const TileCell nb[4] = {
                        {t.column - 1, t.row}, {t.column + 1, t.row}, {t.column, t.row - 1}, {t.column, t.row + 1}};
                    for (const TileCell& n : nb) {
                        if (!tm.in_map(n) || tm.get(n) != Tile::solid ||
                            group[std::size_t(n.row * cols + n.column)] >= 0)
                            continue;
                        group[std::size_t(n.row * cols + n.column)] = g;
                        stack.push_back(n);
                    }
                }
            }
        for (std::int32_t r = 0; r < rows; ++r)
            for (std::int32_t c = 0; c < cols; ++c) {
                const Tile t = tm.get({c, r});
                if (t == Tile::empty) continue;
                const Other o = Other::of(TileCell{c, r});
                if (!is_blocking(expected_response(op_, o, tm.def().category))) continue;
                const Aabb box = tm.cell_box({c, r});
                if (t == Tile::solid) {
                    if (entered[std::size_t(group[std::size_t(r * cols + c)])]) continue;
                    obstacles_.push_back({box, o, OneWay::none});
                } else if (S.max.y <= box.min.y && tm.get({c, r - 1}) == Tile::empty) {
                    obstacles_.push_back({box, o, OneWay::down});
                }
            }
    }

    /// True when contacts q + 1 to i - 1 bounce the body away from contact i's face (its normal)
    /// and back (the opposite one): the crossing reported at i is a new entry, though the
    /// rounded times may be equal.
    bool bounced_to_and_fro(std::size_t q, std::size_t i) const {
        const std::vector<Contact>& cs = r_->contacts;
        bool away = false;
        for (std::size_t k = q + 1; k < i; ++k) {
            if (cs[k].response != Response::bounce) continue;
            if (cs[k].normal == cs[i].normal) away = true;
            else if (away && cs[k].normal == -cs[i].normal) return true;
        }
        return false;
    }

    void check_contacts(const Aabb& S) {
        (void)S;
        const MoveResult& r = *r_;
        const TileMap& tm = w_.tiles();
        int s[2] = {op_.delta.x > 0 ? 1 : (op_.delta.x < 0 ? -1 : 0), op_.delta.y > 0 ? 1 : (op_.delta.y < 0 ? -1 : 0)};
        bool uncertain[2] = {false, false};
        bool stopped = false;
        real stop_time = 0;
        real prev = 0;
        for (std::size_t i = 0; i < r.contacts.size(); ++i) {
            const Contact& c = r.contacts[i];
            if (!std::isfinite(c.time) || c.time < 0 || c.time > 1) fail_move("contact %zu: time out of [0, 1]", i);
            if (c.time < prev) fail_move("contact %zu: time goes backwards", i);
            prev = c.time;
            const Vec2 n = c.normal;
            const bool unit_axis = (std::fabs(n.x) == 1 && n.y == 0) || (n.x == 0 && std::fabs(n.y) == 1);
            if (!unit_axis) fail_move("contact %zu: the normal is not a unit axis vector", i);
            const int k = n.x != 0 ? 0 : 1;

            // What was met, and what the options say about it.
            Aabb obox;
            std::uint32_t ocat = 0;
            OneWay one_way = OneWay::none;
            if (c.other.is_body()) {
                std::size_t j = ids_.size();
                for (std::size_t q = 0; q < ids_.size(); ++q)
                    if (ids_[q] == c.other.body) j = q;
                if (j == ids_.size()) fail_move("contact %zu: names an unknown body", i);
                if (j == mover_) fail_move("contact %zu: the body met itself", i);
                if (!body_interacts(j)) fail_move("contact %zu: met a body whose category/mask do not interact", i);
                obox = before_.boxes[j];
                ocat = before_.categories[j];
                one_way = w_.info(ids_[j]).one_way;
            } else if (c.other.is_tile()) {
                if (!tm.in_map(c.other.tile)) fail_move("contact %zu: a tile outside the map", i);
                const Tile t = tm.get(c.other.tile);
                if (t == Tile::empty) fail_move("contact %zu: an empty tile", i);
                if (!tile_interacts()) fail_move("contact %zu: met tiles whose category/mask do not interact", i);
                one_way = t == Tile::one_way ? OneWay::down : OneWay::none;
                obox = tm.cell_box(c.other.tile);
                ocat = tm.def().category;
            } else {
                fail_move("contact %zu: names nothing", i);
            }
            const Response want = expected_response(op_, c.other, ocat);
            if (want == Response::ignore) fail_move("contact %zu: reported an obstacle whose response is ignore", i);
            if (c.response == Response::cross)
                for (std::size_t q = 0; q < i; ++q)
                    if (r.contacts[q].response == Response::cross && r.contacts[q].other == c.other &&
                        r.contacts[q].time == c.time && r.contacts[q].normal == c.normal && !bounced_to_and_fro(q, i))
                        fail_move("contact %zu: the crossing of contact %zu reported again at the same time", i, q);
            if (c.response != want)
                fail_move("contact %zu: response %s, but the options say %s", i, to_string(c.response),
                          to_string(want));

            if (stopped) {
                if (c.time != stop_time) fail_move("contact %zu: comes after a touch stopped the move", i);
                continue;
            }
            if (c.started_overlapping) {
                uncertain[k] = true;
                if (c.response == Response::bounce) uncertain[1 - k] = true;
            } else if (c.junction) {
                // A point or plank stopped where obstacles meet (rule 6): flush at a seam's end or
                // one step before a meeting point, so not flush against the obstacle named; the
                // meeting point is on it, the box outside it.
                if (!contains_point(obox, c.point))
                    fail_move("contact %zu: the junction point is not on the obstacle %s", i, str(obox).c_str());
                if (overlaps(c.box, obox)) fail_move("contact %zu: the box at a junction overlaps the obstacle", i);
            } else {
                if (!uncertain[k] && !(s[k] != 0 && (n[k] > 0 ? 1 : -1) == -s[k]))
                    fail_move("contact %zu: the normal %s does not point against the motion of its leg (signs %d, %d)",
                              i, str(n).c_str(), s[0], s[1]);
                if (one_way != OneWay::none && !(n == one_way_normal(one_way)))
                    fail_move("contact %zu: a one-way (%s) obstacle met with normal %s (only its entry face is a "
                              "surface)",
                              i, to_string(one_way), str(n).c_str());
                // Flush (rule 5) and the contact point (rule 8).
                if (overlaps(c.box, obox))
                    fail_move("contact %zu: the box at contact overlaps the obstacle %s", i, str(obox).c_str());
                const real face = k == 0 ? (n.x < 0 ? obox.min.x : obox.max.x) : (n.y < 0 ? obox.min.y : obox.max.y);
                const real edge = k == 0 ? (n.x < 0 ? c.box.max.x : c.box.min.x)
                                         : (n.y < 0 ? c.box.max.y : c.box.min.y);
                // A thin body against a thin obstacle on the normal's axis may rest one ulp on the
                // free side instead of on the line itself ("the nearest value on the free side", rule 5),
                // so that it is on a definite side of a 0-thickness wall.
                // So may one against a thick face on which a blocking zero-thickness body lies across it.
                bool thin_thin = c.box.min[k] == c.box.max[k] && obox.min[k] == obox.max[k];
                for (const Obstacle& o : obstacles_)
                    thin_thin = thin_thin ||
                                (c.box.min[k] == c.box.max[k] && o.box.min[k] == face && o.box.max[k] == face &&
                                 o.box.min[1 - k] < c.box.max[1 - k] && c.box.min[1 - k] < o.box.max[1 - k]);
                const real free_side = std::nextafter(face, n[k] < 0 ? -std::numeric_limits<real>::infinity()
                                                                     : std::numeric_limits<real>::infinity());
                if (!(edge == face || (thin_thin && edge == free_side)))
                    fail_move("contact %zu: not flush: the touching edge is %s, the obstacle's face %s (obstacle %s)",
                              i, str(edge).c_str(), str(face).c_str(), str(obox).c_str());
                // On the other axis the position at contact is rounded (start + t*d), so at a corner
                // the boxes may miss touching by rounding: allow 2^-20 of the magnitudes involved.
                const int t = 1 - k;
                double mag = 0;
                for (real v : {c.box.min[t], c.box.max[t], obox.min[t], obox.max[t], c.point[t]})
                    mag = std::fmax(mag, std::fabs(double(v)));
                // At subnormal scale a rounding is a whole unit of the smallest subnormal, and a
                // thin body resting one unit off a thin wall (rule 5) is where its path was one
                // unit earlier: allow two of those units.
                const double tol = std::fmax(std::ldexp(mag, -20),
                                             2.0 * double(std::numeric_limits<real>::denorm_min()));
                const double gap = std::fmax(double(c.box.min[t]) - double(obox.max[t]),
                                             double(obox.min[t]) - double(c.box.max[t]));
                if (gap > tol)
                    fail_move("contact %zu: the box at contact does not touch the obstacle %s", i, str(obox).c_str());
                const real pk = c.point[k];
                const double pt = double(c.point[t]);
                const double lo = std::max(double(c.box.min[t]), double(obox.min[t]));
                const double hi = std::min(double(c.box.max[t]), double(obox.max[t]));
                if (pk != face || !(std::min(lo, hi) - tol <= pt && pt <= std::max(lo, hi) + tol))
                    fail_move("contact %zu: the point %s is not on the touching faces (obstacle %s)", i,
                              str(c.point).c_str(), str(obox).c_str());
            }
            // A started-overlapping contact is rule 7's push out of the obstacle (or a stop at
            // time 0 when the push was blocked): no response to follow.
            if (c.started_overlapping) continue;
            switch (c.response) {
            case Response::slide: s[k] = 0; break;
            case Response::bounce:
                s[k] = op_.restitution > 0 ? -s[k] : 0;
                if (op_.friction >= 1) s[1 - k] = 0;
                break;
            case Response::touch:
                stopped = true;
                stop_time = c.time;
                break;
            default: break;
            }
        }
        // A move that ended on a touch stays at that contact.
        if (stopped) {
            for (const Contact& c : r.contacts)
                if (c.response == Response::touch && !c.started_overlapping) {
                    if (!(c.box == r.box)) fail_move("stopped by a touch, but the result box is not the contact's box");
                    break;
                }
        }
    }

    const World& w_;
    const std::vector<BodyId>& ids_;
    const Before& before_;
    std::size_t op_index_;
    const Op& op_;
    std::size_t mover_;
    const MoveResult* r_ = nullptr;
    std::vector<Obstacle> obstacles_;
};

struct Run {
    std::vector<std::uint8_t> trace;
    std::vector<std::size_t> op_end; // trace size after each op
    std::vector<MoveResult> moves;   // per op (empty for other ops)
};

void run(const Scenario& sc, bool brute_force, bool check, Run& out) {
    WorldDef def = sc.def;
    def.brute_force = brute_force;
    try {
        World w(def);
        std::vector<BodyId> ids;
        build_world(sc, w, ids);
        Before before;
        for (const BodyDef& b : sc.bodies) {
            before.categories.push_back(b.category);
            before.masks.push_back(b.mask);
        }
        for (std::size_t i = 0; i < sc.ops.size(); ++i) {
            const Op& op = sc.ops[i];
            MoveResult r;
            switch (op.kind) {
            case Op::Kind::move: {
                before.boxes.clear();
                for (BodyId id : ids) before.boxes.push_back(w.box(id));
                MoveResult dry;
                if (check) {
                    dry = w.check(ids[op.body], op.delta, options_of(op));
                    if (!(w.box(ids[op.body]) == before.boxes[op.body])) fail("op %zu: check moved the body", i);
                }
                r = w.move(ids[op.body], op.delta, options_of(op));
                if (check) {
                    MoveChecker(w, ids, before, i, op, op.body).check(r);
                    std::vector<std::uint8_t> moved, checked;
                    trace_move(moved, r);
                    trace_move(checked, dry);
                    if (moved != checked) fail("op %zu: check gave another answer than the move", i);
                }
                trace_move(out.trace, r);
                break;
            }
            case Op::Kind::set_tile:
            case Op::Kind::teleport: apply_world_op(sc, w, ids, op); break;
            case Op::Kind::set_filter:
                apply_world_op(sc, w, ids, op);
                before.categories[op.body] = op.category;
                before.masks[op.body] = op.mask;
                break;
            case Op::Kind::query: break;
            }
            out.moves.push_back(std::move(r));
            out.op_end.push_back(out.trace.size());
        }
        for (BodyId id : ids) trace_box(out.trace, w.box(id));
    } catch (const Error& e) {
        fail("valid input threw: %s", e.what());
    }
}

// Property 10's second sensor kind, and what a set_tile of the event run does by its variant
// bits (unused by the other properties, so their inputs decode as before): tiles turn into and
// out of sensors, and redefining kind 6 changes every tile of it at once.
constexpr std::int32_t second_sensor_kind = 6;
constexpr TileKind second_sensor_def{TileShape::solid, 1, 5, true};

void events_set_tile(World& w, EventModel& model, const Op& op) {
    const TileCell c{op.cell.column % w.tiles().columns(), op.cell.row % w.tiles().rows()};
    std::int32_t kind = std::int32_t(op.tile);
    switch (op.tile_variant & 3) {
    case 1: kind = sensor_kind; break;
    case 2: kind = second_sensor_kind; break;
    case 3: {
        // Other filters, no sensor at all (a wall of its own category and mask, met by the
        // bodies whose filters meet it), or the first definition again.
        const TileKind defs[] = {{TileShape::solid, 4, ~0u, true},
                                 {TileShape::solid, 2, 5, false},
                                 {TileShape::solid, ~0u, ~0u, true},
                                 second_sensor_def};
        const TileKind& d = defs[(op.tile_variant >> 2) & 3];
        w.set_tile_kind(second_sensor_kind, d);
        model.set_kind(second_sensor_kind, d);
        return;
    }
    default: break;
    }
    w.set_tile(c, kind);
    model.set_tile(c, kind);
}

// Property 10: the scenario with every third body a sensor, its tile writes of kind 3 sensor
// tiles, events checked after every operation.
void run_events(Scenario sc, bool brute_force) {
    for (std::size_t i = 2; i < sc.bodies.size(); i += 3) {
        sc.bodies[i].is_sensor = true;
        sc.bodies[i].is_static = false;
    }
    sc.sensor_tiles = true;
    sc.glass_tiles = true; // every third solid tile write a wall of its own category and mask
    sc.def.brute_force = brute_force;
    try {
        World w(sc.def);
        std::vector<BodyId> ids;
        build_world(sc, w, ids);
        EventModel model;
        if (sc.has_tiles) {
            w.set_tile_kind(second_sensor_kind, second_sensor_def);
            model.set_map(w.tiles());
            model.set_kind(sensor_kind, sensor_kind_def);
            model.set_kind(second_sensor_kind, second_sensor_def);
            model.set_kind(glass_kind, glass_kind_def);
            for (std::size_t i = 0; i < sc.initial_tiles.size(); ++i)
                model.set_tile(sc.initial_tiles[i].first, initial_kind(sc, i));
        }
        model.check(w, ids, 0);
        for (std::size_t i = 0; i < sc.ops.size(); ++i) {
            const Op& op = sc.ops[i];
            switch (op.kind) {
            case Op::Kind::move: {
                const Aabb start = w.box(ids[op.body]);
                const MoveResult r = w.move(ids[op.body], op.delta, options_of(op));
                model.note_move(w, ids, ids[op.body], start, r);
                break;
            }
            case Op::Kind::set_tile:
                if (sc.has_tiles) events_set_tile(w, model, op);
                break;
            case Op::Kind::teleport:
            case Op::Kind::set_filter: apply_world_op(sc, w, ids, op); break;
            case Op::Kind::query: break;
            }
            model.check(w, ids, i);
        }
    } catch (const Error& e) {
        fail("valid input threw (sensors): %s", e.what());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    Scenario sc = decode_scenario(in, false);
    for (std::size_t i = 0; i < sc.bodies.size(); ++i)
        if (sc.bodies[i].one_way != OneWay::none) sc.bodies[i].one_way = one_way_direction(i);
    if (verbose()) print_scenario(sc);
    Run a, b, ref;
    run(sc, false, true, a);
    run(sc, false, false, b);
    if (a.trace != b.trace) fail("not deterministic: the same input gave different bits on a second run (rule 10)");
    run_events(sc, false);
    static const bool skip_reference_mode = avoid("reference-mode");
    if (skip_reference_mode) return 0;
    run_events(sc, true);
    run(sc, true, false, ref);
    if (a.trace != ref.trace) {
        // Find the first operation whose bits differ.
        std::size_t begin = 0;
        for (std::size_t i = 0; i < a.op_end.size() && i < ref.op_end.size(); ++i) {
            const bool same = a.op_end[i] == ref.op_end[i] && std::equal(a.trace.begin() + std::ptrdiff_t(begin),
                                                                         a.trace.begin() + std::ptrdiff_t(a.op_end[i]),
                                                                         ref.trace.begin() + std::ptrdiff_t(begin));
            if (!same)
                fail("op %zu: the accelerated world and the reference-mode world (brute_force) answer differently:\n"
                     "  accelerated: %s\n  reference:   %s",
                     i, move_str(a.moves[i]).c_str(), move_str(ref.moves[i]).c_str());
            begin = a.op_end[i];
        }
        fail("the accelerated world and the reference-mode world end with different boxes");
    }
    return 0;
}
