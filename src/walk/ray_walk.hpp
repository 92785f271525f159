#pragma once
// Internal: a ray's walk over the tiles (Amanatides-Woo), exact, and its closest-hit form on
// the map's edge tables.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <sweepbox/tile_map.hpp>

#include "geometry/exact.hpp"
#include "core/compiler.hpp"
#include "core/tolerances.hpp"
#include "core/wide.hpp"
#include "geometry/sweep.hpp"
#include "broadphase/tile_obstacles.hpp"

namespace sweepbox::detail {

/// How a ray's walk over the tiles ended.
enum class RayEnd : std::uint8_t {
    unsure,  ///< it could not walk, or (a fast walk) met a case it leaves to an exact one
    ended,   ///< it reached the end of the segment
    stopped, ///< its caller ended it (a tile said done, or stop)
    left,    ///< the ray left the map, where no tile covers the rest of its path
};

/// What a ray walk's caller says of a tile.
enum class TileAction : std::uint8_t { go_on, done, unsure };

/// The decision of one step of a ray's walk, taken exactly (ray_step_exact).
struct RayStep {
    bool done; ///< the next boundary is at or beyond the end of the segment
    bool x, y; ///< the axes crossed (both: exactly through a corner)
    wide t;    ///< the fraction of d at the boundary, rounded
};

/// One step of the walk from tile (col, row), decided exactly: the next boundary is the one with
/// the smaller (boundary - origin) / |d|, decided on the rounded quotients where they differ
/// clearly, else by cross-multiplication, so a ray through a tile corner steps diagonally.
/// Rare (near a corner or the end), so out of line.
[[gnu::noinline]] inline RayStep ray_step_exact(const real* ex, const real* ey, const SweepQuery& q, int sx, int sy,
                                                std::int32_t col, std::int32_t row) {
    const Vec2 o = q.a.min;
    constexpr wide inf = std::numeric_limits<wide>::infinity();
    constexpr wide rel = tol::clear_rel;
    const real bx = ex[sx > 0 ? col + 1 : col], by = ey[sy > 0 ? row + 1 : row];
    const Diff fx = sx > 0 ? diff(bx, o.x) : diff(o.x, bx);
    const Diff fy = sy > 0 ? diff(by, o.y) : diff(o.y, by);
    const wide tx = sx != 0 ? fx.approx * q.inv[0] : inf;
    const wide ty = sy != 0 ? fy.approx * q.inv[1] : inf;
    RayStep st{false, tx < ty, ty < tx, 0};
    if (sx != 0 && sy != 0 && std::fabs(tx - ty) <= (tx + ty) * rel) {
        const int order = compare(fx, q.den[0], fy, q.den[1]);
        st.x = order <= 0;
        st.y = order >= 0;
    }
    st.t = st.x ? tx : ty;
    st.done = st.t > 1 + rel || (!(st.t < 1 - rel) && (st.x ? compare(fx, q.den[0]) >= 0 : compare(fy, q.den[1]) >= 0));
    return st;
}

/// Rays over tiles: the Amanatides-Woo grid walk ("A Fast Voxel Traversal Algorithm for Ray
/// Tracing", 1987), visiting the tiles in the exact order the ray enters them, on the map's edge
/// tables. Each step is decided on running sums of the boundaries' times where the decision is
/// clear by their error bound. Where it is not (a step near a tile corner, a boundary near the
/// end of the segment), the `exact` walk decides exactly (ray_step_exact): a ray through a tile
/// corner steps diagonally, and the two side tiles it only touches are visited too (a side tile
/// may be the one whose closed seam makes the corner solid); no tile is skipped at any scale.
/// The fast walk (`exact` false) answers `unsure` there instead, and also where the ray starts
/// in a non-empty tile or on a tile corner, or moves along an axis: a closest-hit cast's usual case, with nothing else
/// per step, for a caller that walks exactly when it must.
///
/// Each tile passed is given to passed(index in the map's tables); each non-empty one to
/// tile(column, row, bits, entry), which says whether the walk goes on. The exact walk also
/// ends once stop(t) says the best hit so far is before the next boundary t. entry(Sweep&) is
/// true, with the ray's sweep against the tile's box, when every tile before was empty, every
/// step along one axis, and the face just crossed was entered clearly after the other slab and
/// clearly before the tile is left: the sweep would take the same route, and every tile after
/// this one is first touched clearly later than the ray enters it, so a hit there ranks first
/// among the tiles of the walk.
template <bool exact, class Tile_, class Passed, class Stop>
SWEEPBOX_FORCE_INLINE RayEnd walk_ray_tiles(const TileMap& tiles, const SweepQuery& q, Tile_&& tile, Passed&& passed,
                                            Stop&& stop) {
    const real* ex = TileTables::edges_x(tiles);
    const real* ey = TileTables::edges_y(tiles);
    const Vec2 o = q.a.min, d = q.d;
    const Aabb& mb = tiles.bounds();
    if (ex == nullptr || ey == nullptr || !(mb.min.x <= o.x && o.x < mb.max.x && mb.min.y <= o.y && o.y < mb.max.y))
        return RayEnd::unsure;
    const std::int32_t columns = tiles.columns(), rows = tiles.rows();
    // The start tile: a first guess by the division (o is at or right of / below the map's first
    // edges, so truncation is the floor), then settled on the edges themselves.
    const wide inv_size = TileTables::inverse_tile_size(tiles);
    std::int32_t col = std::min(std::int32_t((wide(o.x) - wide(tiles.def().origin.x)) * inv_size), columns - 1);
    std::int32_t row = std::min(std::int32_t((wide(o.y) - wide(tiles.def().origin.y)) * inv_size), rows - 1);
    while (col > 0 && o.x < ex[col]) --col;
    while (col + 1 < columns && o.x >= ex[col + 1]) ++col;
    while (row > 0 && o.y < ey[row]) --row;
    while (row + 1 < rows && o.y >= ey[row + 1]) ++row;
    const std::uint8_t* bits = TileTables::bits(tiles);
    const std::uint64_t* occupied = TileTables::occupied(tiles);
    std::size_t at = std::size_t(row) * std::size_t(columns) + std::size_t(col);
    // A start in a tile or on a tile corner (a meeting point of tiles, junction.hpp): only the
    // exact walk goes on, and no face is entered plainly.
    bool plain = !TileTables::bit(occupied, at) && !(o.x == ex[col] && o.y == ey[row]);
    if constexpr (!exact) {
        if (!plain) return RayEnd::unsure;
    }
    // The signs of d, and what depends on them, without a branch: a ray's direction is a coin
    // toss for the branch predictor (products by the sign and bools as numbers; the same values).
    const int sx = int(d.x > 0) - int(d.x < 0);
    const int sy = int(d.y > 0) - int(d.y < 0);
    if constexpr (!exact) {
        // A ray along a line may run along a seam or into a meeting point: the exact walk's.
        if ((sx == 0) | (sy == 0)) return RayEnd::unsure;
    }
    // The fraction of d at which the ray reaches the next column (row) edge: the edge minus the
    // origin over d, signed (the query's 1 / |d| with d's sign, the same number), which is
    // ray_step_exact's quotient and the sweep's slab time bit for bit. An axis without motion
    // never steps: its time is 0 * (edge - origin) + 4, past every end and far from every tie.
    const wide inv_x = q.inv[0] * wide(sx), inv_y = q.inv[1] * wide(sy);
    const wide still_x = wide(4 * int(sx == 0)), still_y = wide(4 * int(sy == 0));
    const int ax = int(sx > 0), ay = int(sy > 0); // the edge ahead of a tile: its own or the next
    const wide wox = wide(o.x), woy = wide(o.y);
#define SWEEPBOX_TIME_X(edge) ((wide(ex[edge]) - wox) * inv_x + still_x)
#define SWEEPBOX_TIME_Y(edge) ((wide(ey[edge]) - woy) * inv_y + still_y)
    // The walk steps by adding the time of one tile to the time of the edge it has crossed,
    // rather than computing the next edge's time as above (a load, a difference and a product
    // in the chain of each step). A sum t stays within drift * t + base of the expression for
    // its edge: each sum and the tile's time are rounded once a step, by at most 2^-52 of a
    // time below 2 (a time beyond only ends the walk), and k steps need k <= t / (time of a
    // tile); the expressions round twice themselves; and the map's edges, each rounded to
    // real, are a tile apart only within edge_error tiles. (drift and base bound these with
    // room: 2^-50 where 2^-52 would do.) Every decision below is taken on the sums only where
    // it is clear by that bound, and is then the exact decision.
    wide tx = SWEEPBOX_TIME_X(col + ax), ty = SWEEPBOX_TIME_Y(row + ay);
    const wide size = wide(tiles.def().tile_size);
    const wide step_tx = size * q.inv[0], step_ty = size * q.inv[1]; // 0 on an axis that never steps
    constexpr wide unit = wide(1) / wide(std::uint64_t(1) << 50);
    const wide drift = unit * std::max(q.den[0], q.den[1]) * inv_size;
    const wide base = TileTables::edge_error(tiles, 0) * step_tx + TileTables::edge_error(tiles, 1) * step_ty +
                      64 * unit;
    constexpr wide rel = tol::clear_rel;
    const wide corner = rel + 2 * drift, corner_base = 2 * base;
    // t < 1 - rel - (drift t + base) and t > 1 + rel + (drift t + base), as bounds on t (drift
    // is far below 1/2, and the roundings of these bounds far below base).
    const wide go_on = (1 - rel - base) * (1 - drift) - unit, past = (1 + rel + base) * (1 + 2 * drift) + unit;
    const std::ptrdiff_t row_step = std::ptrdiff_t(sy) * std::ptrdiff_t(columns);
    auto no_entry = [](Sweep&) { return false; };
    passed(at);
    if constexpr (exact) {
        if (!plain && TileTables::bit(occupied, at) && tile(col, row, bits[at], no_entry) != TileAction::go_on)
            return RayEnd::stopped;
    }
    while (true) {
        const wide t = std::min(tx, ty);
        wide t_cross = t; // the time of the edge crossed
        bool step_x;
        if constexpr (exact) {
            if (stop(t)) return RayEnd::stopped;
        }
        if (t < go_on && !(std::fabs(tx - ty) <= (tx + ty) * corner + corner_base)) [[likely]] {
            step_x = tx < ty;
            if (step_x) {
                col += sx;
                if (std::uint32_t(col) >= std::uint32_t(columns)) break; // off the map
                at += std::size_t(std::ptrdiff_t(sx));
                tx += step_tx;
            } else {
                row += sy;
                if (std::uint32_t(row) >= std::uint32_t(rows)) break;
                at += std::size_t(row_step);
                ty += step_ty;
            }
        } else {
            if (!(t < go_on) && t > past) return RayEnd::ended; // clearly beyond the end
            if constexpr (!exact) {
                return RayEnd::unsure;
            } else {
                const RayStep st = ray_step_exact(ex, ey, q, sx, sy, col, row);
                if (st.done) return RayEnd::ended;
                step_x = st.x;
                t_cross = st.t;
                if (st.x && st.y) {
                    plain = false;
                    for (const TileCell side : {TileCell{col + sx, row}, TileCell{col, row + sy}}) {
                        if (!tiles.in_map(side)) continue;
                        const std::size_t i = std::size_t(side.row) * std::size_t(columns) + std::size_t(side.column);
                        passed(i);
                        if (TileTables::bit(occupied, i) &&
                            tile(side.column, side.row, bits[i], no_entry) != TileAction::go_on)
                            return RayEnd::stopped;
                    }
                }
                if (st.x) col += sx;
                if (st.y) row += sy;
                if (std::uint32_t(col) >= std::uint32_t(columns) || std::uint32_t(row) >= std::uint32_t(rows)) break;
                at = std::size_t(row) * std::size_t(columns) + std::size_t(col);
                tx = SWEEPBOX_TIME_X(col + ax);
                ty = SWEEPBOX_TIME_Y(row + ay);
            }
        }
        passed(at);
        if (!TileTables::bit(occupied, at)) continue;
        // The sweep's answer where its own tests are clear (see above). The sweep's slab times:
        // t_cross of the edge just crossed and t_out of the edges ahead, each within `off` of
        // the walk's sums (the tests are clear by it too), and in_other, the expression for the
        // edge behind on the other axis (the ray entered the current row, or column, there or
        // at the start).
        auto entry = [&](Sweep& sw) SWEEPBOX_FORCE_INLINE_LAMBDA {
            const wide in_other = step_x ? SWEEPBOX_TIME_Y(row + 1 - ay) : SWEEPBOX_TIME_X(col + 1 - ax);
            const wide t_out = std::min(tx, ty);
            const wide off = drift * t_out + base;
            if constexpr (exact) {
                if (!plain) return false; // (the fast walk gives up before plain can fail)
            }
            if (!(sx != 0 && sy != 0 && t_cross - in_other > (t_cross + std::fabs(in_other)) * rel + off &&
                  t_out - t_cross > (t_cross + std::fabs(t_out)) * rel + 2 * off))
                return false;
            // (Field by field, as the caller reads them: a Sweep built in a local and copied
            // whole is a wide load of narrow stores just made.)
            const wide num = step_x ? std::fabs(wide(ex[col + 1 - ax]) - wox) : std::fabs(wide(ey[row + 1 - ay]) - woy);
            real time = real(num / (step_x ? q.den[0] : q.den[1]));
            if (time >= 1) time = std::nextafter(real(1), real(0));
            sw.state = SweepState::hit;
            sw.time = time;
            sw.normal = step_x ? Vec2{real(-sx), 0} : Vec2{0, real(-sy)};
            sw.corner = false;
            return true;
        };
        const TileAction action = tile(col, row, bits[at], entry);
        if (action == TileAction::done) return RayEnd::stopped;
        if constexpr (!exact) {
            if (action == TileAction::unsure) return RayEnd::unsure;
        }
        plain = false;
    }
    return RayEnd::left;
}
#undef SWEEPBOX_TIME_X
#undef SWEEPBOX_TIME_Y

} // namespace sweepbox::detail
