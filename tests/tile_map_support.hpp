#pragma once
/// @file tile_map_support.hpp
/// What the tile-map tests share (test_tile_map.cpp, test_tile_map_vs_boxes.cpp,
/// test_tile_map_walks.cpp, test_tile_map_moves.cpp): printing, failure counting, random numbers,
/// random levels and inputs, and the comparison of a tile world with the same level built of boxes.
//
// Three worlds answer every random question:
//   grid  - the tile map, normal mode (tile grid walks, Amanatides-Woo for rays);
//   brute - the tile map, reference mode (every tile tested): must equal `grid` bit for bit;
//   boxes - one static body per solid tile, reference mode. Its answers, passed through the
//           edge-flag rule (see `Expected`), must be the tile world's: same times and `other`
//           (ties allowed), same normals except where a flag removes a seam surface, and then
//           the tile answer must be a real surface of its tile.
// Random numbers come from std::mt19937 with our own mapping to ranges (the standard
// distributions differ between standard libraries), with fixed seeds.

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <type_traits>
#include <vector>

#include <sweepbox/sweepbox.hpp>

namespace tile_test {

using namespace sweepbox;

// ---------------------------------------------------------------- printing and reporting

inline std::string str(real v) {
    std::ostringstream os;
    os << std::setprecision(std::numeric_limits<real>::max_digits10) << v;
    return os.str();
}
inline std::string str(Vec2 v) { return "(" + str(v.x) + ", " + str(v.y) + ")"; }
inline std::string str(const Aabb& b) { return "[" + str(b.min) + " " + str(b.max) + "]"; }
inline std::string str(TileCell c) { return "tile{" + std::to_string(c.column) + "," + std::to_string(c.row) + "}"; }
inline std::string str(const Other& o) {
    if (o.is_tile()) return str(o.tile);
    if (o.is_body()) return "body#" + std::to_string(o.body.index);
    return "none";
}
inline std::string str(const CastHit& h) {
    if (!h.hit) return "miss";
    return "hit t=" + str(h.time) + " n=" + str(h.normal) + " p=" + str(h.point) + " box=" + str(h.box) +
           " other=" + str(h.other) + (h.started_overlapping ? " started" : "") + (h.corner ? " corner" : "") +
           (h.junction ? " junction" : "");
}
inline std::string str(const Contact& c) {
    return "{" + str(c.other) + " t=" + str(c.time) + " n=" + str(c.normal) + " p=" + str(c.point) +
           " box=" + str(c.box) + " " + to_string(c.response) + (c.started_overlapping ? " started" : "") +
           (c.corner ? " corner" : "") + (c.junction ? " junction" : "") + "}";
}
inline std::string str(const MoveResult& r) {
    std::string s = "box=" + str(r.box) + " v=" + str(r.velocity) + " it=" + std::to_string(r.iterations) +
                    (r.truncated ? " truncated" : "") + " contacts:";
    for (const Contact& c : r.contacts) s += " " + str(c);
    return s;
}
inline std::string str(const std::vector<Other>& v) {
    std::string s = "[";
    for (const Other& o : v) s += " " + str(o);
    return s + " ]";
}
inline std::string str(const std::vector<CastHit>& v) {
    std::string s;
    for (const CastHit& h : v) s += "\n    " + str(h);
    return s;
}

/// Counts failures of a random test by kind; prints the first few of each kind in full, then
/// only counts, so that a systematic bug does not flood the log. The final count is one BOOST_TEST.
struct Failures {
    int count = 0;
    int limit = 4;                                  // printed in full per kind
    std::vector<std::pair<std::string, int>> kinds; // kind, count
    void fail(const std::string& what) {
        ++count;
        // The kind: the first line of the message (at most 120 characters), numbers masked as '#'.
        std::string kind;
        for (char ch : what.substr(0, std::min(what.find('\n'), std::size_t(120)))) {
            const bool digit = ch >= '0' && ch <= '9';
            const bool number = digit || (!kind.empty() && kind.back() == '#' && (ch == '.' || ch == 'e' || ch == '-'));
            if (number && !kind.empty() && kind.back() == '#') continue;
            kind += number ? '#' : ch;
        }
        auto it = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == kind; });
        if (it == kinds.end()) {
            kinds.emplace_back(kind, 0);
            it = kinds.end() - 1;
        }
        if (it->second++ < limit) BOOST_ERROR(what);
    }
    /// One line per kind of failure, then the one assertion of the test.
    void summary() const {
        for (const auto& [kind, n] : kinds) BOOST_TEST_MESSAGE("  failures of kind '" << kind << "': " << n);
        BOOST_TEST(count == 0);
    }
};

// ---------------------------------------------------------------- random numbers

/// std::mt19937 with hand-written mappings (results do not depend on the standard library).
struct Rng {
    std::mt19937 g;
    explicit Rng(std::uint32_t seed) : g(seed) {}
    /// Uniform in [0, 1) with 24 random bits.
    double unit() { return double(g() >> 8) * (1.0 / 16777216.0); }
    /// Uniform integer in [lo, hi].
    int range(int lo, int hi) { return lo + int(g() % std::uint32_t(hi - lo + 1)); }
    /// Uniform real in [lo, hi).
    real uniform(double lo, double hi) { return real(lo + (hi - lo) * unit()); }
    /// True with probability p.
    bool chance(double p) { return unit() < p; }
    template <class T, std::size_t N> const T& pick(const std::array<T, N>& a) {
        return a[std::size_t(range(0, int(N) - 1))];
    }
};

inline constexpr real inf = std::numeric_limits<real>::infinity();

// ---------------------------------------------------------------- levels and worlds

/// A tile level: a map definition and its tiles, row-major.
struct Level {
    TileMapDef def{};
    std::vector<Tile> tiles;
    [[nodiscard]] Tile at(int c, int r) const {
        return tiles[std::size_t(r) * std::size_t(def.columns) + std::size_t(c)];
    }
    [[nodiscard]] std::string text() const {
        std::string s = "origin " + str(def.origin) + " size " + str(def.tile_size) + " " +
                        std::to_string(def.columns) + "x" + std::to_string(def.rows) + "\n";
        for (int r = 0; r < def.rows; ++r) {
            s += "    ";
            for (int c = 0; c < def.columns; ++c) {
                const Tile t = at(c, r);
                s += t == Tile::solid ? '#' : t == Tile::one_way ? '=' : '.';
            }
            s += "\n";
        }
        return s;
    }
};

/// The surface face bit of normal n (n must be a unit axis vector).
inline std::uint8_t face_of(Vec2 n) {
    if (n.x < 0) return face_neg_x;
    if (n.x > 0) return face_pos_x;
    if (n.y < 0) return face_neg_y;
    return face_pos_y;
}

/// The three worlds of the comparison (see the top of the file).
/// A random empty tile of m: column, then row, uniform, drawn again until empty.
inline TileCell random_empty_tile(Rng& rng, const TileMap& m) {
    TileCell c;
    do {
        c.column = rng.range(0, m.columns() - 1);
        c.row = rng.range(0, m.rows() - 1);
    } while (m.get(c) != Tile::empty);
    return c;
}

struct Worlds {
    World grid;
    World brute;
    World boxes;
    std::vector<TileCell> cell_of_body; // boxes: body index -> tile cell
    BodyId mover_grid{}, mover_brute{}, mover_boxes{};

    explicit Worlds(const Level& level) : grid(WorldDef{}), brute(make_def(true)), boxes(make_def(true)) {
        grid.set_tile_map(level.def);
        brute.set_tile_map(level.def);
        cell_of_body.resize(1);
        for (int r = 0; r < level.def.rows; ++r)
            for (int c = 0; c < level.def.columns; ++c) {
                const Tile t = level.at(c, r);
                if (t == Tile::empty) continue;
                grid.set_tile({c, r}, t);
                brute.set_tile({c, r}, t);
                if (t != Tile::solid) continue; // the box world has no one-way boxes
                BodyDef b;
                b.box = grid.tiles().cell_box({c, r});
                b.is_static = true;
                b.category = level.def.category;
                b.mask = level.def.mask;
                const BodyId id = boxes.add(b);
                if (cell_of_body.size() <= id.index) cell_of_body.resize(id.index + 1);
                cell_of_body[id.index] = {c, r};
            }
    }
    static WorldDef make_def(bool brute_force) {
        WorldDef d;
        d.brute_force = brute_force;
        return d;
    }
    /// What a box-world answer names, as a tile.
    [[nodiscard]] Other as_tile(const Other& o) const {
        if (!o.is_body()) return o;
        if (o.body.index >= cell_of_body.size()) return Other{};
        return Other::of(cell_of_body[o.body.index]);
    }
    /// Adds the moving body to each world (after the casts: it would be an obstacle to them).
    void add_movers() {
        BodyDef d;
        d.box = {{0, 0}, {0, 0}};
        mover_grid = grid.add(d);
        mover_brute = brute.add(d);
        mover_boxes = boxes.add(d);
    }
    [[nodiscard]] const TileMap& map() const { return brute.tiles(); }
    [[nodiscard]] bool is_surface(const Other& o, Vec2 n) const {
        return o.is_tile() && (map().faces(o.tile) & face_of(n)) != 0;
    }
};

// ---------------------------------------------------------------- exact comparisons

inline bool same(const CastHit& a, const CastHit& b) {
    if (a.hit != b.hit) return false;
    if (!a.hit) return true;
    return a.time == b.time && a.normal == b.normal && a.point == b.point && a.box == b.box && a.other == b.other &&
           a.started_overlapping == b.started_overlapping && a.corner == b.corner && a.junction == b.junction;
}
inline bool same(const std::vector<CastHit>& a, const std::vector<CastHit>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!same(a[i], b[i])) return false;
    return true;
}
inline bool same(const Contact& a, const Contact& b) {
    return a.other == b.other && a.time == b.time && a.normal == b.normal && a.point == b.point && a.box == b.box &&
           a.response == b.response && a.started_overlapping == b.started_overlapping && a.corner == b.corner &&
           a.junction == b.junction && a.depth == b.depth && a.sweep_back == b.sweep_back;
}
inline bool same(const MoveResult& a, const MoveResult& b) {
    if (!(a.box == b.box && a.velocity == b.velocity && a.iterations == b.iterations && a.truncated == b.truncated &&
          a.contacts.size() == b.contacts.size()))
        return false;
    for (std::size_t i = 0; i < a.contacts.size(); ++i)
        if (!same(a.contacts[i], b.contacts[i])) return false;
    return true;
}

/// Checks a tile-world hit on its own: a hit that did not start inside names a blocking tile;
/// a corner hit lands on a face of that tile that is a surface (a seam yields to the other
/// face); a one-way tile is only hit on its top by a cast moving down that started fully above it.
inline std::string check_tile_hit(const TileMap& m, const CastHit& h, const Aabb& start, Vec2 d) {
    if (!h.hit || h.started_overlapping) return {};
    if (!h.other.is_tile()) return "a tile world hit names no tile";
    if (h.junction) return contains_point(m.cell_box(h.other.tile), h.point) ? "" : "junction point is not on its tile";
    const Tile t = m.get(h.other.tile);
    if (t == Tile::empty) return "hit an empty tile";
    // At a corner the seam yields to the other face when that one is a surface; when both
    // faces entered are seams (a concave corner of the solid) either normal is right.
    const int k2 = h.normal.x != 0 ? 1 : 0;
    Vec2 n2{0, 0};
    n2[k2] = d[k2] > 0 ? real(-1) : real(1);
    const bool other_is_surface = h.corner && t != Tile::one_way && (m.faces(h.other.tile) & face_of(n2)) != 0;
    if ((m.faces(h.other.tile) & face_of(h.normal)) == 0 && (other_is_surface || t == Tile::one_way))
        return "corner hit normal is not a surface of its tile\n  " + str(h.normal) + " on " + str(h.other.tile) +
               " (faces " + std::to_string(m.faces(h.other.tile)) + ")";
    if (t == Tile::one_way) {
        const real top = m.cell_box(h.other.tile).min.y;
        if (!(h.normal == Vec2(0, -1) && d.y > 0 && start.max.y <= top))
            return "one-way tile hit although the cast did not come from above";
    }
    return {};
}

/// What the edge flags make of one box-world contact (a tile met through the box standing for
/// it), following the rule of the design: a contact on a face that is a surface stays (`keep`);
/// a corner contact whose face is a seam takes the other axis when that face is a surface
/// (`convert`); a contact on a seam may be left out or reported as it is (`drop_ok`) only when
/// the mover is inside the solid tile across the seam just before or just after it (it was, or
/// is, inside solid ground anyway). Otherwise the mover enters solid ground there (a bullet
/// exactly on a seam line, a ray into a concave corner): the tile world must still report a
/// contact at that time (`must`, rule 6), with either normal against the motion.
enum class Seam { keep, convert, drop_ok, must };
struct Expected {
    Seam rule = Seam::keep;
    Other tile{};
    real time = 0;
    Vec2 normal{0, 0};
    bool started = false;
};
inline Expected expected_from_box_world(const Worlds& w, const Other& body, real time, Vec2 normal, bool started,
                                        bool corner, const Aabb& box_at_contact, Vec2 d, bool know_d = true) {
    Expected e{Seam::keep, w.as_tile(body), time, normal, started};
    if (started || w.is_surface(e.tile, normal)) return e;
    if (corner) {
        const Vec2 other_axis = normal.x != 0 ? Vec2(0, d.y > 0 ? real(-1) : real(1))
                                              : Vec2(d.x > 0 ? real(-1) : real(1), 0);
        if (w.is_surface(e.tile, other_axis)) {
            e.rule = Seam::convert;
            e.normal = other_axis;
            return e;
        }
    }
    // Is the mover inside a solid tile across a seam of this tile, just after the contact or
    // just before it (then it was travelling through solid ground already)?
    const TileCell c = e.tile.tile;
    std::vector<TileCell> across{{c.column + int(normal.x), c.row + int(normal.y)}};
    if (corner) {
        const Vec2 other_axis = normal.x != 0 ? Vec2(0, d.y > 0 ? real(-1) : real(1))
                                              : Vec2(d.x > 0 ? real(-1) : real(1), 0);
        across.push_back({c.column + int(other_axis.x), c.row + int(other_axis.y)});
    }
    bool inside = false;
    if (know_d) {
        const double len = std::max(std::fabs(double(d.x)), std::fabs(double(d.y)));
        const double step = len > 0 ? 1e-4 * double(w.map().def().tile_size) / len : 0;
        for (const TileCell& a : across) {
            if (w.map().get(a) != Tile::solid) continue;
            const Aabb t = w.map().cell_box(a);
            // A moment after the contact, or (when it came from there) a moment before it.
            for (const double sign : {1.0, -1.0}) {
                if (sign < 0 && !(time > 0)) continue;
                bool all = true;
                for (int k = 0; k < 2; ++k) {
                    const double lo = double(box_at_contact.min[k]) + sign * step * double(d[k]);
                    const double hi = double(box_at_contact.max[k]) + sign * step * double(d[k]);
                    all = all && lo < double(t.max[k]) && double(t.min[k]) < hi;
                }
                inside = inside || all;
            }
        }
    } else {
        // The leg's direction is unknown (a later leg of a move): only a mover with no extent
        // across the seam can enter this tile without being inside the tile across it.
        const Vec2 size = box_at_contact.size();
        const bool thin_across = normal.x != 0 ? size.x == 0 : size.y == 0;
        inside = !(thin_across && (!corner || (size.x == 0 && size.y == 0)));
    }
    e.rule = inside ? Seam::drop_ok : Seam::must;
    return e;
}
inline std::vector<Expected> expected_hits(const Worlds& w, const std::vector<CastHit>& box_all, Vec2 d) {
    std::vector<Expected> out;
    for (const CastHit& h : box_all)
        if (!h.junction)
            out.push_back(
                expected_from_box_world(w, h.other, h.time, h.normal, h.started_overlapping, h.corner, h.box, d));
    return out;
}
inline std::string str(const Expected& e) {
    const char* rule = e.rule == Seam::keep    ? "keep"
                     : e.rule == Seam::convert ? "convert"
                     : e.rule == Seam::drop_ok ? "drop_ok"
                                               : "must";
    return std::string(rule) + " " + str(e.tile) + " t=" + str(e.time) + " n=" + str(e.normal) +
           (e.started ? " started" : "");
}
inline bool normal_fits(const Expected& e, Vec2 n, Vec2 d) {
    if (e.rule == Seam::must)
        return (n.x != 0 && n.y == 0 && n.x * d.x < 0) || (n.y != 0 && n.x == 0 && n.y * d.y < 0) || e.started;
    return n == e.normal;
}

/// A tile-world move contact that did not start inside lies flush against the face of the tile it
/// names (rule 5), on a surface of that tile (the edge flags), and its point is on that face.
inline std::string check_tile_contact(const TileMap& m, const Contact& c) {
    if (c.started_overlapping || !c.other.is_tile()) return {};
    const Aabb t = m.cell_box(c.other.tile);
    if (c.junction) {
        // Stopped where tiles meet: the meeting point is on the tile it names.
        if (!contains_point(t, c.point)) return "junction contact point is not on the tile it names";
        return {};
    }
    // A seam normal is only for a seam entered strictly last (then beyond it is solid); at a
    // corner the seam yields to the other face.
    // (Both faces seams, a concave corner: either normal is right.) The other face entered is
    // the one the box's corner lies on.
    const int k2 = c.normal.x != 0 ? 1 : 0;
    Vec2 n2{0, 0};
    n2[k2] = c.box.max[k2] == t.min[k2] ? real(-1) : real(1);
    if ((m.faces(c.other.tile) & face_of(c.normal)) == 0 && c.corner && (m.faces(c.other.tile) & face_of(n2)) != 0)
        return "corner contact normal is not a surface of " + str(c.other.tile);
    const bool flush = c.normal.x < 0 ? c.box.max.x == t.min.x
                     : c.normal.x > 0 ? c.box.min.x == t.max.x
                     : c.normal.y < 0 ? c.box.max.y == t.min.y
                                      : c.box.min.y == t.max.y;
    if (!flush)
        return "contact box is not flush against the tile it names\n  " + str(c.box) + " vs " + str(c.other.tile) +
               " " + str(t);
    if (!intersects_closed(c.box, t) || !contains_point(t, c.point))
        return "contact box or point does not touch " + str(c.other.tile);
    return {};
}

/// The design closes a tile at its seams: a mover with no thickness lying exactly on a seam line
/// (the face between two solid tiles), within the tile's extent along it, is inside solid ground
/// (a bullet running exactly along a seam still hits). The box world cannot see this, so such a
/// tile-world contact is allowed where the box world has none (or has it later).
inline bool on_seam_line(const TileMap& m, const Other& o, const Aabb& box, Vec2 normal, Vec2 d) {
    if (!o.is_tile() || m.get(o.tile) != Tile::solid) return false;
    if (!(normal.x * d.x < 0 || normal.y * d.y < 0) && d != Vec2(0, 0)) return false; // against the motion
    const Aabb t = m.cell_box(o.tile);
    const std::uint8_t f = m.faces(o.tile);
    // A moment after the contact the mover runs along the seam, within the tile's extent.
    const double len = std::max(std::fabs(double(d.x)), std::fabs(double(d.y)));
    const double step = len > 0 ? 1e-4 * double(m.def().tile_size) / len : 0;
    for (int k = 0; k < 2; ++k) {
        const int o_axis = 1 - k;
        const double lo = double(box.min[o_axis]) + step * double(d[o_axis]);
        const double hi = double(box.max[o_axis]) + step * double(d[o_axis]);
        const bool along = lo < double(t.max[o_axis]) && double(t.min[o_axis]) < hi;
        if (!along || box.min[k] != box.max[k] || d[k] != 0) continue;
        const std::uint8_t lo_face = k == 0 ? face_neg_x : face_neg_y, hi_face = k == 0 ? face_pos_x : face_pos_y;
        if ((f & lo_face) == 0 && box.min[k] == t.min[k]) return true;
        if ((f & hi_face) == 0 && box.min[k] == t.max[k]) return true;
    }
    return false;
}

/// True when box lies flush against a seam face of the tile (touching it along that face): the
/// design counts that as inside the tile, so `started_overlapping` may differ from the box world.
inline bool touches_seam(const TileMap& m, const Other& o, const Aabb& box) {
    if (!o.is_tile() || m.get(o.tile) != Tile::solid) return false;
    const Aabb t = m.cell_box(o.tile);
    const std::uint8_t f = m.faces(o.tile);
    for (int k = 0; k < 2; ++k) {
        const int o_axis = 1 - k;
        if (!(box.min[o_axis] < t.max[o_axis] && t.min[o_axis] < box.max[o_axis])) continue;
        if ((f & (k == 0 ? face_neg_x : face_neg_y)) == 0 && box.max[k] == t.min[k]) return true;
        if ((f & (k == 0 ? face_pos_x : face_pos_y)) == 0 && box.min[k] == t.max[k]) return true;
    }
    return false;
}

/// Compares a closest hit of the tile world (brute) with what the flags make of the box world's
/// answers (cast_all of the box world, same filter). Empty when they agree.
inline std::string compare_closest(const Worlds& w, const CastHit& t, const CastHit& b,
                                   const std::vector<CastHit>& b_all, Vec2 d) {
    std::vector<Expected> ex = expected_hits(w, b_all, d);
    const auto first = std::find_if(ex.begin(), ex.end(), [](const Expected& e) { return e.rule != Seam::drop_ok; });
    // The box world's own closest hit is its first cast_all hit (checked here, since the rest relies on it).
    if (b.hit != !b_all.empty() || (b.hit && !(b.time == b_all.front().time && b.other == b_all.front().other)))
        return "box world: cast is not the first of cast_all";
    if (t.junction || b.junction) {
        // Stopped where obstacles meet (rule 6): the same stop in both worlds; the obstacle named
        // (and its face) may differ, since tiles and bodies rank differently.
        if (!(t.junction && b.junction && t.time == b.time && t.point == b.point && t.box == b.box &&
              t.corner == b.corner))
            return "junction stops differ";
        return {};
    }
    const bool seam_line = t.hit && on_seam_line(w.map(), t.other, t.box, t.normal, d);
    if (!t.hit) return first == ex.end() ? "" : "tile world missed; expected " + str(*first);
    if (seam_line && (first == ex.end() || t.time <= first->time)) return {};
    // The tile hit is one of the box world's contacts no later than the first one the flags keep.
    // (A seam contact entered strictly last may be reported or left out.)
    for (const Expected& e : ex) {
        if (first != ex.end() && e.time > first->time) break;
        if (e.tile != t.other || e.time != t.time) continue;
        if (e.started != t.started_overlapping && !touches_seam(w.map(), t.other, t.box))
            return "started_overlapping differs; expected " + str(e);
        if (e.rule == Seam::drop_ok)
            return t.normal == e.normal || w.is_surface(t.other, t.normal) ? "" : "normal differs; expected " + str(e);
        if (!normal_fits(e, t.normal, d) && !e.started) return "normal differs; expected " + str(e);
        if (e.rule == Seam::keep && &e == &ex.front() && t.normal == b.normal && t.other == w.as_tile(b.other)) {
            if (t.box != b.box) return "box differs";
            if (t.point != b.point) return "point differs";
            if (t.corner != b.corner) return "corner differs";
        }
        return {};
    }
    if (first == ex.end()) return "tile world hit, but the box world has no contact the flags keep";
    if (t.time != first->time) return "time differs; expected " + str(*first);
    return "other differs: " + str(t.other) + " is no contact at that time; expected " + str(*first);
}

/// Compares cast_all of the tile world (brute) with what the flags make of the box world's.
inline std::string compare_all(const Worlds& w, const std::vector<CastHit>& t, const std::vector<CastHit>& b, Vec2 d) {
    for (std::size_t i = 0; i + 1 < t.size(); ++i)
        if (t[i + 1].time < t[i].time) return "tile hits not sorted by time";
    const std::vector<Expected> ex = expected_hits(w, b, d);
    // A junction stop (rule 6) is in both lists at the same place, whatever obstacle it names.
    const auto tj = std::find_if(t.begin(), t.end(), [](const CastHit& h) { return h.junction; });
    const auto bj = std::find_if(b.begin(), b.end(), [](const CastHit& h) { return h.junction; });
    if ((tj == t.end()) != (bj == b.end()) ||
        (tj != t.end() && !(tj->time == bj->time && tj->point == bj->point && tj->box == bj->box)))
        return "junction stops differ";
    for (const CastHit& th : t) {
        if (th.junction) continue;
        auto it = std::find_if(ex.begin(), ex.end(), [&](const Expected& e) { return e.tile == th.other; });
        const bool seam_line = on_seam_line(w.map(), th.other, th.box, th.normal, d);
        if (seam_line && (it == ex.end() || th.time <= it->time)) continue;
        if (it == ex.end()) return str(th.other) + " hit by tiles only";
        if (it->time != th.time) return str(th.other) + " time differs; expected " + str(*it);
        if (it->started != th.started_overlapping && !touches_seam(w.map(), th.other, th.box))
            return str(th.other) + " started differs; expected " + str(*it);
        if (it->rule != Seam::drop_ok && !normal_fits(*it, th.normal, d))
            return str(th.other) + " normal differs; expected " + str(*it);
    }
    for (const Expected& e : ex) {
        if (e.rule == Seam::drop_ok) continue;
        if (std::none_of(t.begin(), t.end(), [&](const CastHit& th) { return th.other == e.tile; }))
            return str(e.tile) + " missing; expected " + str(e);
    }
    return {};
}

inline std::vector<Other> as_tiles(const Worlds& w, const std::vector<Other>& v) {
    std::vector<Other> out;
    for (const Other& o : v) out.push_back(w.as_tile(o));
    return out;
}

// ---------------------------------------------------------------- random levels and inputs

inline constexpr std::array<real, 6> tile_sizes{real(1), real(16), real(1) / real(3), real(0.1), real(0.7), real(24)};

inline Level random_level(Rng& rng, bool with_one_way) {
    Level lv;
    lv.def.tile_size = rng.pick(tile_sizes);
    const real s = lv.def.tile_size;
    const int kind = rng.range(0, 3);
    const double off = kind == 0 ? 0.0 : kind == 1 ? 50.0 : kind == 2 ? 1000.0 : 5.0;
    lv.def.origin = {real(rng.uniform(-off, off)), real(rng.uniform(-off, off))};
    if (rng.chance(0.2)) lv.def.origin = {real(rng.range(-20, 20)) * s, real(rng.range(-20, 20)) * s};
    lv.def.columns = rng.range(3, 22);
    lv.def.rows = rng.range(3, 22);
    const double p_solid = rng.uniform(0.15, 0.6);
    const int style = rng.range(0, 2); // 0: noise, 1: floors and walls, 2: checkerboard bits
    lv.tiles.assign(std::size_t(lv.def.columns) * std::size_t(lv.def.rows), Tile::empty);
    for (int r = 0; r < lv.def.rows; ++r)
        for (int c = 0; c < lv.def.columns; ++c) {
            bool solid = false;
            if (style == 0) solid = rng.chance(p_solid);
            if (style == 1)
                solid = (r % 5 == 4 && rng.chance(0.85)) || (c % 7 == 0 && rng.chance(0.6)) || rng.chance(0.05);
            if (style == 2) solid = ((r + c) % 2 == 0) ? rng.chance(0.7) : rng.chance(0.1);
            Tile t = solid ? Tile::solid : Tile::empty;
            if (with_one_way && rng.chance(0.25)) t = Tile::one_way;
            lv.tiles[std::size_t(r) * std::size_t(lv.def.columns) + std::size_t(c)] = t;
        }
    return lv;
}

/// A coordinate along axis k: often exactly on a tile edge or next to one (the hard cases).
inline real random_coord(Rng& rng, const TileMap& m, int k) {
    const int n = k == 0 ? m.columns() : m.rows();
    const real s = m.def().tile_size;
    auto edge = [&](int i) { return k == 0 ? m.edge_x(i) : m.edge_y(i); };
    const int i = rng.range(-1, n + 1);
    switch (rng.range(0, 5)) {
    case 0:
    case 1: return rng.uniform(double(edge(-2)), double(edge(n + 2)));
    case 2: return edge(i);
    case 3: return std::nextafter(edge(i), rng.chance(0.5) ? inf : -inf);
    case 4: return edge(i) + s * real(rng.range(1, 3)) / real(4);
    default: return edge(i) + s * real(0.5);
    }
}

inline Vec2 random_point(Rng& rng, const TileMap& m) { return {random_coord(rng, m, 0), random_coord(rng, m, 1)}; }

inline real random_extent(Rng& rng, real s) {
    switch (rng.range(0, 5)) {
    case 0: return 0;
    case 1: return s;
    case 2: return s * real(2);
    case 3: return s * real(0.5);
    default: return rng.uniform(0.0, 2.5 * double(s));
    }
}

inline Aabb random_box(Rng& rng, const TileMap& m) {
    const real s = m.def().tile_size;
    const Vec2 p = random_point(rng, m);
    const Vec2 size{random_extent(rng, s), random_extent(rng, s)};
    // Anchor either corner on the chosen point, so both edges land on tile edges now and then.
    if (rng.chance(0.5)) return {p, p + size};
    return {p - size, p};
}

inline Vec2 random_delta(Rng& rng, const TileMap& m, Vec2 from) {
    const real s = m.def().tile_size;
    const double span = double(s) * double(std::max(m.columns(), m.rows()));
    switch (rng.range(0, 6)) {
    case 0: return {rng.uniform(-span, span), rng.uniform(-span, span)};
    case 1: return {rng.uniform(-span, span), 0};
    case 2: return {0, rng.uniform(-span, span)};
    case 3: { // exact diagonals (through tile corners when started on one)
        const real a = s * real(rng.range(1, 8));
        return {rng.chance(0.5) ? a : -a, rng.chance(0.5) ? a : -a};
    }
    case 4: { // ending exactly on a tile corner
        const Vec2 to = random_point(rng, m);
        return to - from;
    }
    case 5: return {rng.uniform(-3.0 * double(s), 3.0 * double(s)), rng.uniform(-3.0 * double(s), 3.0 * double(s))};
    default: return {rng.uniform(-span, span), rng.uniform(-0.01 * double(s), 0.01 * double(s))};
    }
}

inline QueryFilter random_filter(Rng& rng) {
    QueryFilter f;
    if (rng.chance(0.05)) f.tiles = false;
    if (rng.chance(0.05)) f.mask = 2; // the tiles (category 1) are not seen
    return f;
}

// ---------------------------------------------------------------- small helpers

inline World make_world(const TileMapDef& def) {
    World w;
    w.set_tile_map(def);
    return w;
}

/// Builds a level from rows of text ('#' solid, '=' one-way, '.' empty).
inline void paint(World& w, const std::vector<std::string>& rows) {
    for (int r = 0; r < int(rows.size()); ++r)
        for (int c = 0; c < int(rows[std::size_t(r)].size()); ++c) {
            const char ch = rows[std::size_t(r)][std::size_t(c)];
            w.set_tile({c, r}, ch == '#' ? Tile::solid : ch == '=' ? Tile::one_way : Tile::empty);
        }
}

} // namespace tile_test
