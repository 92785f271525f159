#pragma once
/// @file reference_world.hpp
/// The brute-force reference of the tests: every answer of the contract (docs/contract.md rules 1-4,
/// 7, 8, rule 6's junctions and the one-way tile rule) computed the slow, obvious way, written
/// from the contract text and not from src/. It loops over every body (World::body_ids / info)
/// and every blocking tile (World::tiles()), sweeps each with its own slab code in 113-bit
/// `__float128` arithmetic, and sorts the answers in the order of the contract. Accelerated
/// answers are compared to it.
///
/// Exactness: slab numerators are differences of two `real` values and times are compared by
/// cross-multiplication, all in __float128 (113-bit mantissa). For `float` coordinates this is
/// exact unless two compared coordinates differ by more than ~60 binades (never in the tests);
/// for `double` builds it is exact while exponents differ by at most ~7 binades. Whether a
/// corner lies exactly on a diagonal path (junctions) is decided with error-free products.
///
/// Also here, because every random test needs them: `Rng` (rng.hpp) and `Symmetry`, the eight
/// axis swaps and reflections used to mirror a scenario.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>
#include <sweepbox/sweepbox.hpp>
#include "rng.hpp"

namespace sweepbox::reference {

/// 113-bit binary floating point (GCC and Clang on x86-64), the reference's exact-enough type.
__extension__ typedef __float128 quad;

/// A non-negative time as an exact fraction num / den (den > 0). den is |d| on the axis that
/// decided the time, so two times are compared by cross-multiplication without rounding.
struct Time {
    quad num = 0; ///< numerator (distance along the axis)
    quad den = 1; ///< denominator (|d| on that axis), > 0
    /// The time rounded once to long double.
    [[nodiscard]] long double value() const { return static_cast<long double>(num / den); }
    /// The time rounded once to `real` (the value the library should report, within a few ulps).
    [[nodiscard]] real to_real() const { return static_cast<real>(num / den); }
};
/// Exact a < b.
[[nodiscard]] bool less(const Time& a, const Time& b);
/// Exact a == b.
[[nodiscard]] bool equal(const Time& a, const Time& b);
/// True when a time t reported by the library is the exact time `ref` within the bound the tests
/// allow: |t - ref| <= 2 * epsilon(real) * ref. The library may form the slab numerator as a
/// difference of two reals (one rounding, <= eps/2 relative) and divide by |d| (another rounding,
/// <= eps/2), so two roundings give at most eps relative; 2 eps leaves room for one more rounding
/// (e.g. a time computed in double and then rounded to real). Exactly 0 must be reported as 0.
[[nodiscard]] bool time_matches(real t, const Time& ref);

/// The answer of the reference sweep of box a by d against box b (contract rules 1-4, 7).
struct RefSweep {
    SweepState state = SweepState::miss; ///< miss, hit or started_overlapping
    Time time{};                         ///< exact time of first contact (0 when started overlapping)
    Vec2 normal{0, 0};                   ///< unit axis vector against the motion (started: minimum translation)
    bool corner = false;                 ///< both axes entered at the same instant
    /// True for hit or started_overlapping.
    [[nodiscard]] bool is_hit_or_started() const { return state != SweepState::miss; }
};

/// Sweeps a by d against b by slabs on the Minkowski sum (see the definitions in the .cpp).
/// `faces`: the faces of b that may be entered (Face bits); a contact on another face takes the
/// other axis when both axes entered at the same instant, and is no contact otherwise.
/// `seams`: faces where b continues into more solid (edges shared by two solid tiles). At a
/// corner tie a seam yields to the other face when that one is a true surface; a seam entered
/// strictly last, or at a corner whose other face is a seam too, is still a contact: beyond it
/// is solid (rule 6: a ray fired from a seam line, or into a concave corner, must not pass).
[[nodiscard]] RefSweep sweep(const Aabb& a, Vec2 d, const Aabb& b, std::uint8_t faces = face_all,
                             std::uint8_t seams = 0);

/// Minimum translation of a out of b: axis of least overlap (ties: y), normal from b's centre
/// toward a's (ties: negative), depth = the overlap on that axis (rounded once).
[[nodiscard]] Penetration min_translation(const Aabb& a, const Aabb& b);

/// One obstacle met by a cast, as the reference sees it.
struct RefHit {
    Other other{};                    ///< body or tile
    Aabb obstacle{};                  ///< the obstacle's box
    Time time{};                      ///< exact time (0 when started overlapping)
    Vec2 normal{0, 0};                ///< face normal (started: minimum translation normal)
    bool corner = false;              ///< same-instant entry on both axes
    bool started_overlapping = false; ///< interiors overlapped at time 0
    bool junction = false;            ///< rule 6's junction stop (see junction_stop)
    Vec2 point{0, 0};                 ///< junction: the meeting point q, exactly
    Aabb box{};                       ///< junction: the mover at the stop, exactly
};

/// The contract order of hits: time, then face before corner, then bodies by id, then tiles
/// by row and column (Other's order). A started-overlapping hit ranks as a face contact at 0.
[[nodiscard]] bool before(const RefHit& a, const RefHit& b);

/// True when an obstacle with (category, mask) passes the query filter's category test.
[[nodiscard]] bool passes(const QueryFilter& f, std::uint32_t category, std::uint32_t mask);

/// Rule 6's junction stop, if any. Why: touching obstacles form one solid, but a point (or a
/// plank moving along its own line) can slip between two of them where no slab sweep sees overlap.
/// At a point q the solid obstacles holding q (bodies, solid tiles; never one-way tiles) cover the
/// open rays from q they extend beyond and the open quadrants they extend beyond on both axes;
/// free quadrants joined across uncovered rays form components, and a piece's sides are the
/// components beside it (none for a covered ray: a seam). Along an axis (points; planks at their
/// leading end) the mover stops at the first start or face line where the ray ahead is a seam
/// ("enters", flush) or the sides behind (a point's start: all sides) are not all sides ahead
/// ("passes", one step of `real` before q); diagonally (points) at a start whose free quadrant
/// ahead lacks a side of q, or at the first obstacle corner on the path whose free quadrant ahead
/// lacks a side of the quadrant behind (corner = true, rule 4's normal). point = q exactly.
[[nodiscard]] std::optional<RefHit> junction_stop(const World& w, const Aabb& box, Vec2 delta,
                                                  const QueryFilter& f = {});

/// Every obstacle that box, moved by delta, meets in [0, 1), sorted by `before`.
/// One-way tiles count only when the box starts fully above them (max.y <= tile top) and moves +y.
/// The junction stop, if any, goes right before the first hit strictly later than it; it is left
/// out when its obstacle is hit before that place, and a later hit of its obstacle is left out.
[[nodiscard]] std::vector<RefHit> cast_all(const World& w, const Aabb& box, Vec2 delta, const QueryFilter& f = {});
/// The first hit of cast_all, if any.
[[nodiscard]] std::optional<RefHit> cast_box(const World& w, const Aabb& box, Vec2 delta, const QueryFilter& f = {});
/// cast_box of the zero-size box at origin.
[[nodiscard]] std::optional<RefHit> cast_ray(const World& w, Vec2 origin, Vec2 delta, const QueryFilter& f = {});

/// Rule 7's way out of the blocking obstacles a box starts inside, for a world without slope
/// tiles (see push_out in the .cpp).
struct RefPush {
    bool started = false; ///< the box overlaps a blocking obstacle (not a one-way one)
    bool stuck = false;   ///< started, and no way out within reach is free: it stays
    Aabb box{};           ///< started and not stuck: where it goes
    Vec2 normal{0, 0};    ///< the way it goes
    Other last{};         ///< the obstacle it leaves last (the lowest of those it leaves together)
};
/// The way out of `box` (the mover's filter: category, mask and itself as `ignore`), where
/// blocks(other) says which obstacles block it and `push_out_sides` bounds the push.
[[nodiscard]] RefPush push_out(const World& w, const Aabb& box, const QueryFilter& f,
                               const std::function<bool(const Other&)>& blocks, real push_out_sides);

/// Bodies (by id) then blocking tiles (by row, column) whose closed box meets the closed rect.
[[nodiscard]] std::vector<Other> query_rect(const World& w, const Aabb& rect, const QueryFilter& f = {});
/// Bodies then blocking tiles whose closed box holds p.
[[nodiscard]] std::vector<Other> query_point(const World& w, Vec2 p, const QueryFilter& f = {});

/// One obstacle met by a closed segment, with the exact parameter where it first meets it.
struct SegmentHit {
    Other other{}; ///< body or tile
    Time time{};   ///< first parameter in [0, 1] where the closed segment meets the closed box
};
/// Everything the closed segment a -> b meets (touching counts), sorted by time, then Other.
/// Tests compare the set exactly and the order only up to equal times.
[[nodiscard]] std::vector<SegmentHit> query_segment(const World& w, Vec2 a, Vec2 b, const QueryFilter& f = {});

/// Every interacting pair with overlapping interiors, static-static left out, a.index < b.index,
/// sorted by (a, b), with min_translation(a, b).
[[nodiscard]] std::vector<Pair> overlapping_pairs(const World& w);

/// Every blocking tile of the map with its box, by row then column.
struct TileBox {
    TileCell cell{};                    ///< the cell
    Aabb box{};                         ///< TileMap::cell_box(cell)
    Tile tile = Tile::empty;            ///< solid or one-way
    std::uint8_t faces = 0;             ///< TileMap::faces(cell)
    TileShape shape = TileShape::empty; ///< the shape of the tile's kind (a one-way tile's direction)
    std::uint32_t category = 0;         ///< the tile's kind's category bits
    std::uint32_t mask = 0;             ///< the tile's kind's mask bits
};
/// The blocking tiles of a map.
[[nodiscard]] std::vector<TileBox> blocking_tiles(const TileMap& m);
/// True when a one-way tile of shape `shape` with box `tile` blocks a mover starting at `start`
/// moving by d: the mover moves in the shape's direction and starts fully on the side it comes from.
[[nodiscard]] bool one_way_blocks(const Aabb& start, Vec2 d, const Aabb& tile, TileShape shape);
/// The face through which a one-way tile of shape `shape` is entered (down: the top, face_neg_y).
[[nodiscard]] std::uint8_t one_way_entry_face(TileShape shape);

/// One of the eight symmetries of the square: optional x/y swap, then optional negations.
/// Exact in floating point, so a mirrored scenario must give mirrored answers bit for bit
/// (except rule 4's tie, which prefers y and so does not commute with the swap).
struct Symmetry {
    bool swap_xy = false; ///< swap x and y first
    bool neg_x = false;   ///< then negate x
    bool neg_y = false;   ///< then negate y
    /// The image of a vector (also of a normal).
    [[nodiscard]] Vec2 apply(Vec2 v) const;
    /// The image of a box (corners re-sorted).
    [[nodiscard]] Aabb apply(const Aabb& b) const;
    /// A short name for messages, e.g. "swap,-x".
    [[nodiscard]] std::string name() const;
    /// All eight.
    [[nodiscard]] static std::array<Symmetry, 8> all();
};

/// Text of a box for messages: "[minx, miny, maxx, maxy]" with full precision.
[[nodiscard]] std::string str(const Aabb& b);
/// Text of a vector for messages.
[[nodiscard]] std::string str(Vec2 v);
/// Text of an Other for messages.
[[nodiscard]] std::string str(const Other& o);

} // namespace sweepbox::reference
