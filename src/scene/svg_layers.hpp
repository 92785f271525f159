#pragma once
// Internal to the scene layer: the layers of the SVG picture, drawn bottom to top by render_svg
// (svg.cpp): the tiles and the bodies (svg_world.cpp), what the steps did (svg_trace.cpp), and
// the legend (svg_legend.cpp). Sizes are in units of `u` (Svg::u), one hundredth of the content's
// larger side.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <sweepbox/scene.hpp>
#include <sweepbox/svg.hpp>

#include "svg_writer.hpp"

namespace sweepbox::detail {

// Colours, one meaning each (the legend repeats them).
inline constexpr const char* c_solid = "#4d4d4d";
inline constexpr const char* c_one_way = "#b07a1e";
inline constexpr const char* c_static = "#9a9a9a";
inline constexpr const char* c_static_edge = "#3c3c3c";
inline constexpr const char* c_body = "#2f7fd8";
inline constexpr const char* c_start = "#6f9fd8";
inline constexpr const char* c_path = "#2a5d9e";
inline constexpr const char* c_contact = "#e0201b";
inline constexpr const char* c_normal = "#109a3a";
inline constexpr const char* c_velocity = "#f08a00";
inline constexpr const char* c_cast = "#8e3fb8";
inline constexpr const char* c_query = "#129a9a";
inline constexpr const char* c_sensor = "#3a7bd5";     // sensor bodies and tiles, translucent
inline constexpr const char* c_own_filter = "#5f8fa8"; // solid and slope tiles of a kind with its own category or mask
inline constexpr const char* c_spark = "#d9480f";
inline constexpr const char* c_ground = "#f2c200";
inline constexpr const char* c_platform = "#2e8b57";
inline constexpr const char* c_rider = "#d81b60";

/// A step's number where it began, written after the bodies' names, off the text before it.
struct StepLabel {
    double x, y;
    std::string text;
};

/// What the picture shows, so that the legend lists only that.
struct Shown {
    bool solid = false, own_filter = false, one_way = false, slope = false, static_body = false, movable = false,
         platform = false, sensor = false, one_way_body = false, riders = false;
    bool moves = false, single_contact_box = false, contacts = false, velocity = false, ground = false, stuck = false;
    bool casts = false, hits = false, queries = false, sparks = false, bounces = false, moving_targets = false;
    /// The legend's entries, one a row.
    [[nodiscard]] int rows() const;
};

/// What the runner's world and trace will show.
[[nodiscard]] Shown shown_in(const SceneRunner& runner, const std::vector<NamedBody>& bodies);

/// In double: min + max overflows a real near the largest one.
[[nodiscard]] inline Pt centre(const Aabb& b) {
    return {(d(b.min.x) + d(b.max.x)) * 0.5, (d(b.min.y) + d(b.max.y)) * 0.5};
}

/// The face of box b whose outward normal is the axis vector `out`, as a segment.
[[nodiscard]] std::array<Pt, 2> face_of(const Aabb& b, Vec2 out);

/// Where a move touched a floor, a wall or a ceiling (the ground state of each of its blocking
/// contacts under the step's rules): the face of the box at that contact. Points (bullets) have
/// no face to show.
[[nodiscard]] std::vector<std::array<Pt, 2>> ground_faces(const MoveTrace& move, const SceneStep& step);

/// Whether move k of the trace is the last of its step (a `move`, or a `frames` step's last frame).
[[nodiscard]] bool last_of_step(const SceneTrace& trace, std::size_t k);

/// A solid or slope tile whose kind has its own category or mask (not the map's): its own colour.
[[nodiscard]] bool own_filter(const TileMap& tiles, TileCell cell);

/// The tile map: a faint grid, solid tiles dark, slopes with their normal, one-way tiles as a ledge.
void draw_tiles(Svg& svg, const TileMap& tiles);
/// The bodies where they are now; those that rode a platform outlined.
void draw_bodies(Svg& svg, const World& world, const std::vector<NamedBody>& bodies, const SceneTrace& trace);
// What the steps did, each layer adding the labels of its steps. `drawing` follows the step
// being drawn, for errors.
void draw_moves(Svg& svg, const SceneRunner& runner, std::vector<StepLabel>& labels,
                std::optional<std::size_t>& drawing);
void draw_particles(Svg& svg, const SceneTrace& trace, std::vector<StepLabel>& labels,
                    std::optional<std::size_t>& drawing);
void draw_casts(Svg& svg, const SceneTrace& trace, std::vector<StepLabel>& labels, std::optional<std::size_t>& drawing);
void draw_queries(Svg& svg, const SceneTrace& trace, std::vector<StepLabel>& labels,
                  std::optional<std::size_t>& drawing);
/// The legend's box at (x, y), `width` by `height`: an entry for each thing shown.
void draw_legend(Svg& svg, const Shown& shown, const SvgOptions& options, bool has_tiles, double x, double y,
                 double width, double height);

} // namespace sweepbox::detail
