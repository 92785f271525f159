#pragma once
// Internal: the narrow phase of slope tiles (docs/contract.md, "Slopes"). A slope tile is a
// convex polygon whose edges are normal to x, y or the slope's line, so a box swept against it
// is decided by three slabs (separating axes x, y and the line's normal), every comparison exact.
// The line passes through two lattice corners of the map (tile edges, exact `real`s), so the
// pieces of a ramp share one line and meet the floor and ledge tiles exactly at their corners.

#include <cstdint>
#include <sweepbox/geometry.hpp>
#include <sweepbox/tile_map.hpp>

#include "core/wide.hpp"
#include "geometry/exact.hpp"
#include "geometry/expansion.hpp"

namespace sweepbox::detail {

/// A slope tile as the narrow phase sees it.
struct SlopeTile {
    Aabb cell{};    ///< the tile's box: the polygon's extent on x and y
    Vec2 p{};       ///< a point of the line (a tile corner)
    Exact A{}, B{}; ///< the line's normal w = (A, B), exact, pointing into the solid part
    int sx = 0;     ///< sign of A (+1 or -1): the leading corner of a box is on max x when +1
    int sy = 0;     ///< sign of B
    Vec2 normal{};  ///< the outward unit normal, correctly rounded (slope_normal)
    TileShape shape{};
    /// The axis on which the solid part is half the cell (a shallow ramp's low piece: y; a steep
    /// ramp's high piece: x), whose near end is the tip where the line crosses the cell's side;
    /// -1 for the other pieces.
    std::int16_t tip = -1;
    /// The tip's coordinate on that axis when it is a `real` (evenly spaced tile edges: the
    /// middle of the cell's side), so its slab is a box's; else the exact tests decide.
    bool tip_real = false;
    real tip_at = 0;
};

/// The slope tile at c (inside the map) of shape s (a slope shape).
SWEEPBOX_API SlopeTile slope_tile(const TileMap& tiles, TileCell c, TileShape s);

/// The sweep of box a by d against the slope tile (rules S1-S2): the first time the interiors
/// overlap, the face entered last (at a tie the slope's face, then the box rules of
/// sweep_box_box with `faces` and `seams` for the cell's four sides). A hit on the slope's face
/// has the slope's normal; a hit on a side, an axis normal. A start inside gives the way out of
/// least depth among the tile's axes (ties: -y, +y, -x, +x, the slope).
SWEEPBOX_API Sweep sweep_slope(const Aabb& a, Vec2 d, const SlopeTile& s, std::uint8_t faces, std::uint8_t seams);

/// True when the normal is a slope's (neither component zero): every box face is an axis's.
inline bool is_slope_normal(Vec2 n) { return n.x != 0 && n.y != 0; }

/// A hit of box a moved by d, as compare_entries sees it: started inside (at exactly 0), on the
/// slope tile `slope` (when given: its face for a slope's normal, else the side of the axis
/// normal `normal`), or on the face of `box` with the axis normal `normal`.
struct EntryOf {
    bool started = false;
    const SlopeTile* slope = nullptr;
    const Aabb* box = nullptr;
    Vec2 normal{};
};
/// The sign of x's exact entry time minus y's: the order of two hits whose times round to the
/// same number (rule 4), decided on the slope's exact line.
SWEEPBOX_API int compare_entries(const Aabb& a, Vec2 d, const EntryOf& x, const EntryOf& y);
/// x's exact entry time as num / den (den > 0; 0 / 1 for a start inside).
SWEEPBOX_API void slope_entry_time(const Aabb& a, Vec2 d, const EntryOf& x, Terms<16>& num, Terms<8>& den);

/// The box a moved by d to its contact with the slope's face (a hit with the slope's normal):
/// at a + t*d for the exact time, rounded, then stepped out by units of the last place until
/// its leading corner is on the line or on the free side (rule S3). The box keeps its size as
/// place_flush does.
SWEEPBOX_API Aabb slope_contact_box(const Aabb& a, Vec2 d, const SlopeTile& s);

/// True when the axis normal n is that of a half-height piece's tip (SlopeTile::tip): the side of
/// the polygon facing away from its far corner on the tip's axis, a vertex only.
inline bool is_tip_side(const SlopeTile& s, Vec2 n) {
    if (s.tip < 0) return false;
    const real nk = s.tip == 0 ? n.x : n.y;
    return (s.tip == 0 ? s.sx : s.sy) > 0 ? nk < 0 : nk > 0;
}

/// The box a moved by d to its contact with the tip (is_tip_side): at the exact time, its lead
/// edge on the tip's axis at the tip, or on the `real` nearest it on the free side when the tip
/// is not a `real` (tile edges rounded). The box keeps its size as place_flush does.
SWEEPBOX_API Aabb slope_tip_box(const Aabb& a, Vec2 d, const SlopeTile& s);

/// Steps box c out of the slope's half-plane by units of the last place, on x and / or y
/// (against the normal), until its leading corner is on the line or on the free side, never past
/// `limit` on an axis (where given: the box the motion came from); false when that does not do
/// it (c is then partly moved).
SWEEPBOX_API bool slope_step_out(Aabb& c, const SlopeTile& s, bool x, bool y, const Aabb* limit = nullptr);

/// An end box F of a motion from S that rounding put into the slope tile s (S outside it):
/// stepped out by units of the last place on x, else y, else both, never past S
/// (slope_step_out), the first way that `free(G)` accepts (into nothing S was not in); false,
/// F unchanged, when none does.
template <class Free> bool step_out_of_slope(Aabb& F, const Aabb& S, const SlopeTile& s, Free&& free) {
    for (const int axes : {1, 2, 3}) {
        Aabb G = F;
        if (!slope_step_out(G, s, (axes & 1) != 0, (axes & 2) != 0, &S) || !free(G)) continue;
        F = G;
        return true;
    }
    return false;
}

/// The corner of box a that touches the slope's face (its leading corner along the normal).
SWEEPBOX_API Vec2 slope_corner(const Aabb& a, const SlopeTile& s);

/// The contact point of box c touching the slope tile with normal n: the leading corner for
/// the slope's face, else the middle of where c's face meets the solid part of the tile's side.
SWEEPBOX_API Vec2 slope_contact_point(const Aabb& c, const SlopeTile& s, Vec2 n);

/// The way out of the slope tile for a box a that overlaps it: the least of the five ways
/// (-y, +y, -x, +x along the cell's sides, or along the slope's normal; ties in that order),
/// compared on rounded depths.
SWEEPBOX_API Penetration slope_penetration(const Aabb& a, const SlopeTile& s);

/// True when the interiors of box a and the slope tile overlap.
SWEEPBOX_API bool slope_overlaps(const Aabb& a, const SlopeTile& s);
/// True when the closed box a and the closed polygon share a point.
SWEEPBOX_API bool slope_intersects_closed(const Aabb& a, const SlopeTile& s);

/// True when the closed segment a + t*d, t in [0, 1], meets the closed polygon of the slope
/// tile (decided exactly); `entry` is then the first such t, rounded.
SWEEPBOX_API bool slope_segment_meets(Vec2 a, Vec2 d, const SlopeTile& s, wide& entry);

/// v with the part going into the slope's face removed (a slide), and then stepped by units of
/// the last place until it goes exactly along or away from the exact line (never into it).
SWEEPBOX_API Vec2 slope_slide(Vec2 v, const SlopeTile& s);
/// v stepped by units of the last place until it does not go into the exact line.
SWEEPBOX_API Vec2 slope_not_into(Vec2 v, const SlopeTile& s);

/// The solid part of side `face` of a tile of shape s, as an interval [lo, hi] of the side's
/// length in tile units (0 to 1, along x for the top and bottom sides, along y for the left and
/// right); lo > hi when the side has no solid part. Solid tiles cover every side; one-way and
/// empty tiles none.
struct SideCover {
    real lo = 1, hi = 0;
};
SWEEPBOX_API SideCover side_cover(TileShape s, std::uint8_t face);

} // namespace sweepbox::detail
