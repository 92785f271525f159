#pragma once
/// @file svg.hpp
/// Draws what a SceneRunner did as an SVG picture: the tile map, the bodies (static and movable),
/// every move's path (start box, end box, the swept path through each contact box), contact
/// points, normals, velocities after each response, casts with their hits, queries, and a legend.
/// y grows downward, as in the scene.

#include <string>
#include <sweepbox/scene.hpp>

namespace sweepbox {

/// How to draw.
struct SvgOptions {
    int pixels = 1000;  ///< width of the picture in pixels (its height follows the content)
    bool legend = true; ///< draw the legend to the right of the content
    bool labels = true; ///< write body names and step numbers
    std::string title;  ///< text above the legend (e.g. the scene file name); empty for none
};

/// The picture of the runner's world and trace, as a complete SVG document.
[[nodiscard]] std::string render_svg(const SceneRunner& runner, const SvgOptions& options = {});
/// Writes render_svg(runner, options) to a file. Throws SceneError when it cannot be written.
void write_svg_file(const SceneRunner& runner, const std::string& path, const SvgOptions& options = {});

} // namespace sweepbox
