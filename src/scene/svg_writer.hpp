#pragma once
// Internal to the scene layer: the SVG text the renderer writes (numbers that print finite,
// escaped text, boxes, lines, arrows, crosses, labels), in sizes of `u`.

#include <cmath>
#include <string>
#include <sweepbox/geometry.hpp>

namespace sweepbox::detail {

/// A real as a double, for the drawing's arithmetic.
inline double d(real v) { return double(v); }

// A coordinate that would print as inf or nan; render_svg turns it into a SceneError.
struct NotFinite {};

inline std::string n(double v) {
    if (!std::isfinite(v)) throw NotFinite{};
    if (std::fabs(v) < 1e-9) return "0";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

inline std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default:
            if (static_cast<unsigned char>(c) >= 0x20) out += c;
        }
    }
    return out;
}

struct Pt {
    double x, y;
};

struct Bounds {
    double x0 = std::numeric_limits<double>::infinity(), y0 = x0;
    double x1 = -x0, y1 = -x0;
    void add(double x, double y) {
        if (!std::isfinite(x) || !std::isfinite(y)) return;
        x0 = std::min(x0, x);
        y0 = std::min(y0, y);
        x1 = std::max(x1, x);
        y1 = std::max(y1, y);
    }
    void add(const Aabb& b) {
        add(d(b.min.x), d(b.min.y));
        add(d(b.max.x), d(b.max.y));
    }
    [[nodiscard]] bool empty() const { return !(x0 <= x1); }
};

class Svg {
public:
    explicit Svg(double unit) : u(unit) {}
    const double u;
    std::string out;

    void rect(double x0, double y0, double x1, double y1, const std::string& style) {
        out += "<rect x=\"" + n(x0) + "\" y=\"" + n(y0) + "\" width=\"" + n(x1 - x0) + "\" height=\"" + n(y1 - y0) +
               "\" " + style + "/>\n";
    }
    void box(const Aabb& b, const std::string& style) { rect(d(b.min.x), d(b.min.y), d(b.max.x), d(b.max.y), style); }
    void line(double x0, double y0, double x1, double y1, const std::string& style) {
        out += "<line x1=\"" + n(x0) + "\" y1=\"" + n(y0) + "\" x2=\"" + n(x1) + "\" y2=\"" + n(y1) + "\" " + style +
               "/>\n";
    }
    void circle(double x, double y, double r, const std::string& style) {
        out += "<circle cx=\"" + n(x) + "\" cy=\"" + n(y) + "\" r=\"" + n(r) + "\" " + style + "/>\n";
    }
    void polyline(const std::vector<Pt>& pts, const std::string& style) {
        if (pts.size() < 2) return;
        out += "<polyline points=\"";
        // Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict, a false positive) on
        // chains of `"literal" + std::string`.
        for (std::size_t i = 0; i < pts.size(); ++i) {
            if (i) out += ' ';
            out += n(pts[i].x);
            out += ',';
            out += n(pts[i].y);
        }
        out += "\" fill=\"none\" " + style + "/>\n";
    }
    void polygon(const Pt* pts, std::size_t count, const std::string& style) {
        out += "<polygon points=\"";
        for (std::size_t i = 0; i < count; ++i) {
            if (i) out += ' ';
            out += n(pts[i].x);
            out += ',';
            out += n(pts[i].y);
        }
        out += "\" ";
        out += style;
        out += "/>\n";
    }
    // An arrow from (x, y) along (dx, dy), with a filled head.
    void arrow(double x, double y, double dx, double dy, const char* colour, double width) {
        const double len = std::hypot(dx, dy);
        if (!(len > 0) || !std::isfinite(len)) return;
        const double ux = dx / len, uy = dy / len;
        const double head = std::min(len * 0.5, 1.6 * u);
        const double bx = x + dx - ux * head, by = y + dy - uy * head;
        line(x, y, bx, by, "stroke=\"" + std::string(colour) + "\" stroke-width=\"" + n(width) + "\"");
        const double w = head * 0.55;
        out += "<polygon points=\"" + n(x + dx) + "," + n(y + dy) + " " + n(bx - uy * w) + "," + n(by + ux * w) + " " +
               n(bx + uy * w) + "," + n(by - ux * w) + "\" fill=\"" + colour + "\"/>\n";
    }
    void cross(double x, double y, double r, const char* colour) {
        const std::string st = "stroke=\"" + std::string(colour) + "\" stroke-width=\"" + n(0.35 * u) + "\"";
        line(x - r, y - r, x + r, y + r, st);
        line(x - r, y + r, x + r, y - r, st);
    }
    void text(double x, double y, double size, const std::string& s, const char* colour, const char* anchor = "start",
              bool halo = false) {
        out += "<text x=\"";
        out += n(x);
        out += "\" y=\"";
        out += n(y);
        out += "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"";
        out += n(size);
        out += "\" fill=\"";
        out += colour;
        out += "\" text-anchor=\"";
        out += anchor;
        out += '"';
        if (halo) {
            out += " stroke=\"#ffffff\" stroke-width=\"";
            out += n(size * 0.25);
            out += "\" paint-order=\"stroke\"";
        }
        out += '>';
        out += escape(s);
        out += "</text>\n";
    }
};

} // namespace sweepbox::detail
