#pragma once
/// @file geometry.hpp
/// Pure functions on boxes and segments: overlap, swept box against box (slabs on the
/// Minkowski-grown box), segment against box, minimum translation, contact point, reflection.
/// Nothing here knows about a world; nothing here allocates.
///
/// Conventions (the contract, docs/contract.md, rules 1-4, 7-9):
/// - Interiors overlap when `a.min < b.max && b.min < a.max` on both axes; touching is not
///   overlapping.
/// - A sweep's `normal` is a unit axis vector on the face of the obstacle that was hit, pointing
///   against the motion (out of the obstacle).
/// - Times are fractions of the displacement: 0 is the start, 1 is start + d.

#include <algorithm>
#include <cmath>
#include <sweepbox/config.hpp>

namespace sweepbox {

/// An axis-aligned box given by its min and max corners. Zero width or height is legal
/// (a thin wall, a bullet); `min > max`, NaN and infinity are invalid.
struct Aabb {
    Vec2 min{0, 0}; ///< the corner with the smallest coordinates
    Vec2 max{0, 0}; ///< the corner with the largest coordinates

    /// max - min.
    [[nodiscard]] Vec2 size() const { return max - min; }
    /// The box moved by d (both corners, each rounded once).
    [[nodiscard]] Aabb translated(Vec2 d) const { return {min + d, max + d}; }
    /// Exact equality of both corners.
    friend bool operator==(const Aabb&, const Aabb&) = default;
};

/// True when both components are finite (neither NaN nor infinite).
[[nodiscard]] inline bool is_finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }
/// True when the box is finite and min <= max on both axes.
[[nodiscard]] inline bool is_valid(const Aabb& b) {
    return is_finite(b.min) && is_finite(b.max) && b.min.x <= b.max.x && b.min.y <= b.max.y;
}
// The box tests below combine their four comparisons with & rather than &&: one branch on the
// answer instead of up to four, each hard to predict in a broad phase's stream of candidates.

/// True when the interiors of a and b overlap (touching is not overlapping).
[[nodiscard]] inline bool overlaps(const Aabb& a, const Aabb& b) {
    return (a.min.x < b.max.x) & (b.min.x < a.max.x) & (a.min.y < b.max.y) & (b.min.y < a.max.y);
}
/// True when the closed boxes share at least one point (touching counts).
[[nodiscard]] inline bool intersects_closed(const Aabb& a, const Aabb& b) {
    return (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y);
}
/// True when p lies in the closed box (on an edge counts).
[[nodiscard]] inline bool contains_point(const Aabb& b, Vec2 p) {
    return b.min.x <= p.x && p.x <= b.max.x && b.min.y <= p.y && p.y <= b.max.y;
}
/// The smallest box holding both a and b.
[[nodiscard]] inline Aabb merge(const Aabb& a, const Aabb& b) {
    return {{std::min(a.min.x, b.min.x), std::min(a.min.y, b.min.y)},
            {std::max(a.max.x, b.max.x), std::max(a.max.y, b.max.y)}};
}

/// Bit flags naming the four faces of a box, by the normal of the face.
enum Face : std::uint8_t {
    face_neg_x = 1, ///< the face at min.x, normal (-1, 0)
    face_pos_x = 2, ///< the face at max.x, normal (+1, 0)
    face_neg_y = 4, ///< the face at min.y, normal (0, -1)
    face_pos_y = 8, ///< the face at max.y, normal (0, +1)
    face_all = 15,  ///< every face is a surface
};

/// What a sweep found.
enum class SweepState : std::uint8_t {
    miss,                ///< no contact in [0, 1)
    hit,                 ///< interiors start to overlap at `time` in [0, 1)
    started_overlapping, ///< interiors already overlap at time 0
};

/// The answer of a sweep. If `state` is `miss`, every other field is meaningless.
struct Sweep {
    SweepState state = SweepState::miss; ///< hit, miss or started overlapping
    real time = 1;                       ///< first time of contact, in [0, 1); 0 when started overlapping
    Vec2 normal{0, 0};                   ///< unit axis vector on the face hit, against the motion
    bool corner = false;                 ///< both axes entered at the same instant (rule 4)

    /// True for `hit` (not for `started_overlapping`).
    [[nodiscard]] bool is_hit() const { return state == SweepState::hit; }
};

/// Sweeps box a by displacement d against box b (contract rules 1-4).
/// Computed by slabs on b grown by a's size (the path of a's corner against the Minkowski sum),
/// with every comparison of entry and exit times done by cross-multiplication in a wider type,
/// never by sampling. Returns `started_overlapping` when the interiors overlap at t = 0.
/// Two masks describe tiles (for plain boxes keep the defaults):
/// - `faces`: the faces through which b may be entered at all (a one-way tile: its top only).
///   A contact through another face is no contact, unless both axes enter at the same instant
///   and the other face may be entered; then that face is the normal.
/// - `seams`: the faces where b continues into more solid (tile edges shared by two solid
///   tiles, the N tutorial's edge flags). When both axes enter at the same instant a seam face
///   yields to the other face, so a box sliding over a tile floor never catches on a seam.
///   A seam entered strictly last is still a contact: whatever is beyond it is solid (rule 6).
///   Touching a seam side is touching, as everywhere (rules 1 and 3).
[[nodiscard]] SWEEPBOX_API Sweep sweep_box_box(const Aabb& a, Vec2 d, const Aabb& b, std::uint8_t faces = face_all,
                                               std::uint8_t seams = 0);

/// The segment from `origin` to `origin + d` against box b: `sweep_box_box` of a zero-size box.
[[nodiscard]] SWEEPBOX_API Sweep segment_box(Vec2 origin, Vec2 d, const Aabb& b, std::uint8_t faces = face_all,
                                             std::uint8_t seams = 0);

/// The minimum translation that separates two boxes.
struct Penetration {
    real depth = 0;    ///< overlap along `normal`; > 0 when interiors overlap, <= 0 when apart
    Vec2 normal{0, 0}; ///< unit axis direction in which to move a out of b
};

/// The minimum translation moving a out of b: the axis of least overlap (ties: y), the normal
/// pointing from b's centre toward a's (ties: negative direction). Depth is signed: the
/// separation on that axis is `-depth` when the boxes do not overlap on it.
[[nodiscard]] SWEEPBOX_API Penetration minimum_translation(const Aabb& a, const Aabb& b);

/// The time s >= 0 at which box a, moved back by -s*d, stops overlapping b (the sweep-back of
/// Pistol Slut's grenades); returns 0 when a and b do not overlap and +infinity when moving
/// back along -d never separates them (d is zero on every axis that could).
[[nodiscard]] SWEEPBOX_API real sweep_back_time(const Aabb& a, Vec2 d, const Aabb& b);

/// The contact point of box a resting against b with normal n (n points out of b): the middle
/// of the segment where the two touching faces meet (rule 8). For a zero-size a it is a's corner.
[[nodiscard]] SWEEPBOX_API Vec2 contact_point(const Aabb& a, const Aabb& b, Vec2 n);

/// Places box `a` flush against b's face with normal n (n points out of b): the edge of `a`
/// that touches takes b's edge value exactly; the other edge keeps a's size on that axis.
/// The other axis is left unchanged. (Contract rule 5.) When a and b are both thin on that axis
/// (a bullet against a 0-thickness wall) "touching" would mean lying on the wall's line, which
/// is on neither side; the box then rests one step of `real` off the line on n's side, so the
/// next move knows which side it is on.
[[nodiscard]] SWEEPBOX_API Aabb place_flush(const Aabb& a, const Aabb& b, Vec2 n);

/// Reflects v on a surface with unit normal n: the normal part is scaled by -restitution, the
/// tangent part by (1 - friction). Never adds energy when restitution <= 1 and 0 <= friction <= 2.
[[nodiscard]] SWEEPBOX_API Vec2 reflect(Vec2 v, Vec2 n, real restitution, real friction);

} // namespace sweepbox
