// Tests of the tile layer (issue 3): the tile map, its edge flags, one-way tiles, doors, and
// every tile query and `move` checked against the same level built as one static box per solid
// tile in a brute-force world (WorldDef::brute_force), plus seam tests over thousands of frames.
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

namespace {

using namespace sweepbox;

// ---------------------------------------------------------------- printing and reporting

std::string str(real v) {
    std::ostringstream os;
    os << std::setprecision(std::numeric_limits<real>::max_digits10) << v;
    return os.str();
}
std::string str(Vec2 v) { return "(" + str(v.x) + ", " + str(v.y) + ")"; }
std::string str(const Aabb& b) { return "[" + str(b.min) + " " + str(b.max) + "]"; }
std::string str(TileCell c) { return "tile{" + std::to_string(c.column) + "," + std::to_string(c.row) + "}"; }
std::string str(const Other& o) {
    if (o.is_tile()) return str(o.tile);
    if (o.is_body()) return "body#" + std::to_string(o.body.index);
    return "none";
}
std::string str(const CastHit& h) {
    if (!h.hit) return "miss";
    return "hit t=" + str(h.time) + " n=" + str(h.normal) + " p=" + str(h.point) + " box=" + str(h.box) +
           " other=" + str(h.other) + (h.started_overlapping ? " started" : "") + (h.corner ? " corner" : "") +
           (h.junction ? " junction" : "");
}
std::string str(const Contact& c) {
    return "{" + str(c.other) + " t=" + str(c.time) + " n=" + str(c.normal) + " p=" + str(c.point) +
           " box=" + str(c.box) + " " + to_string(c.response) + (c.started_overlapping ? " started" : "") +
           (c.corner ? " corner" : "") + (c.junction ? " junction" : "") + "}";
}
std::string str(const MoveResult& r) {
    std::string s = "box=" + str(r.box) + " v=" + str(r.velocity) + " it=" + std::to_string(r.iterations) +
                    (r.truncated ? " truncated" : "") + " contacts:";
    for (const Contact& c : r.contacts) s += " " + str(c);
    return s;
}
std::string str(const std::vector<Other>& v) {
    std::string s = "[";
    for (const Other& o : v) s += " " + str(o);
    return s + " ]";
}
std::string str(const std::vector<CastHit>& v) {
    std::string s;
    for (const CastHit& h : v) s += "\n    " + str(h);
    return s;
}

/// Counts failures of a random test by kind; prints the first few of each kind in full, then
/// only counts, so that a systematic bug does not flood the log. The final count is one BOOST_TEST.
struct Failures {
    int count = 0;
    int limit = 4; // printed in full per kind
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
    template <class T, std::size_t N> const T& pick(const std::array<T, N>& a) { return a[std::size_t(range(0, int(N) - 1))]; }
};

constexpr real inf = std::numeric_limits<real>::infinity();

// ---------------------------------------------------------------- levels and worlds

/// A tile level: a map definition and its tiles, row-major.
struct Level {
    TileMapDef def{};
    std::vector<Tile> tiles;
    [[nodiscard]] Tile at(int c, int r) const { return tiles[std::size_t(r) * std::size_t(def.columns) + std::size_t(c)]; }
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
std::uint8_t face_of(Vec2 n) {
    if (n.x < 0) return face_neg_x;
    if (n.x > 0) return face_pos_x;
    if (n.y < 0) return face_neg_y;
    return face_pos_y;
}

/// The faces a tile should have, from the rule of the design, computed from scratch.
std::uint8_t expected_faces(const TileMap& m, TileCell c) {
    auto solid = [&](int dc, int dr) { return m.get({c.column + dc, c.row + dr}) == Tile::solid; };
    const Tile t = m.get(c);
    std::uint8_t f = 0;
    if (t == Tile::solid) {
        if (!solid(-1, 0)) f |= face_neg_x;
        if (!solid(1, 0)) f |= face_pos_x;
        if (!solid(0, -1)) f |= face_neg_y;
        if (!solid(0, 1)) f |= face_pos_y;
    } else if (t == Tile::one_way) {
        if (!solid(0, -1)) f |= face_neg_y;
    }
    return f;
}

/// The three worlds of the comparison (see the top of the file).
/// A random empty tile of m: column, then row, uniform, drawn again until empty.
TileCell random_empty_tile(Rng& rng, const TileMap& m) {
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

    explicit Worlds(const Level& level)
        : grid(WorldDef{}), brute(make_def(true)), boxes(make_def(true)) {
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

bool same(const CastHit& a, const CastHit& b) {
    if (a.hit != b.hit) return false;
    if (!a.hit) return true;
    return a.time == b.time && a.normal == b.normal && a.point == b.point && a.box == b.box &&
           a.other == b.other && a.started_overlapping == b.started_overlapping && a.corner == b.corner &&
           a.junction == b.junction;
}
bool same(const std::vector<CastHit>& a, const std::vector<CastHit>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!same(a[i], b[i])) return false;
    return true;
}
bool same(const Contact& a, const Contact& b) {
    return a.other == b.other && a.time == b.time && a.normal == b.normal && a.point == b.point &&
           a.box == b.box && a.response == b.response && a.started_overlapping == b.started_overlapping &&
           a.corner == b.corner && a.junction == b.junction && a.depth == b.depth && a.sweep_back == b.sweep_back;
}
bool same(const MoveResult& a, const MoveResult& b) {
    if (!(a.box == b.box && a.velocity == b.velocity && a.iterations == b.iterations &&
          a.truncated == b.truncated && a.contacts.size() == b.contacts.size()))
        return false;
    for (std::size_t i = 0; i < a.contacts.size(); ++i)
        if (!same(a.contacts[i], b.contacts[i])) return false;
    return true;
}

/// Checks a tile-world hit on its own: a hit that did not start inside names a blocking tile;
/// a corner hit lands on a face of that tile that is a surface (a seam yields to the other
/// face); a one-way tile is only hit on its top by a cast moving down that started fully above it.
std::string check_tile_hit(const TileMap& m, const CastHit& h, const Aabb& start, Vec2 d) {
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
Expected expected_from_box_world(const Worlds& w, const Other& body, real time, Vec2 normal, bool started,
                                 bool corner, const Aabb& box_at_contact, Vec2 d, bool know_d = true) {
    Expected e{Seam::keep, w.as_tile(body), time, normal, started};
    if (started || w.is_surface(e.tile, normal)) return e;
    if (corner) {
        const Vec2 other_axis = normal.x != 0 ? Vec2(0, d.y > 0 ? real(-1) : real(1)) : Vec2(d.x > 0 ? real(-1) : real(1), 0);
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
        const Vec2 other_axis = normal.x != 0 ? Vec2(0, d.y > 0 ? real(-1) : real(1)) : Vec2(d.x > 0 ? real(-1) : real(1), 0);
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
std::vector<Expected> expected_hits(const Worlds& w, const std::vector<CastHit>& box_all, Vec2 d) {
    std::vector<Expected> out;
    for (const CastHit& h : box_all)
        if (!h.junction) out.push_back(expected_from_box_world(w, h.other, h.time, h.normal, h.started_overlapping, h.corner, h.box, d));
    return out;
}
std::string str(const Expected& e) {
    const char* rule = e.rule == Seam::keep ? "keep" : e.rule == Seam::convert ? "convert" : e.rule == Seam::drop_ok ? "drop_ok" : "must";
    return std::string(rule) + " " + str(e.tile) + " t=" + str(e.time) + " n=" + str(e.normal) + (e.started ? " started" : "");
}
bool normal_fits(const Expected& e, Vec2 n, Vec2 d) {
    if (e.rule == Seam::must)
        return (n.x != 0 && n.y == 0 && n.x * d.x < 0) || (n.y != 0 && n.x == 0 && n.y * d.y < 0) || e.started;
    return n == e.normal;
}

/// A tile-world move contact that did not start inside lies flush against the face of the tile it
/// names (rule 5), on a surface of that tile (the edge flags), and its point is on that face.
std::string check_tile_contact(const TileMap& m, const Contact& c) {
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
    if (!flush) return "contact box is not flush against the tile it names\n  " + str(c.box) + " vs " + str(c.other.tile) + " " + str(t);
    if (!intersects_closed(c.box, t) || !contains_point(t, c.point))
        return "contact box or point does not touch " + str(c.other.tile);
    return {};
}

/// The design closes a tile at its seams: a mover with no thickness lying exactly on a seam line
/// (the face between two solid tiles), within the tile's extent along it, is inside solid ground
/// (a bullet running exactly along a seam still hits). The box world cannot see this, so such a
/// tile-world contact is allowed where the box world has none (or has it later).
bool on_seam_line(const TileMap& m, const Other& o, const Aabb& box, Vec2 normal, Vec2 d) {
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
bool touches_seam(const TileMap& m, const Other& o, const Aabb& box) {
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
std::string compare_closest(const Worlds& w, const CastHit& t, const CastHit& b, const std::vector<CastHit>& b_all, Vec2 d) {
    std::vector<Expected> ex = expected_hits(w, b_all, d);
    const auto first = std::find_if(ex.begin(), ex.end(), [](const Expected& e) { return e.rule != Seam::drop_ok; });
    // The box world's own closest hit is its first cast_all hit (checked here, since the rest relies on it).
    if (b.hit != !b_all.empty() || (b.hit && !(b.time == b_all.front().time && b.other == b_all.front().other)))
        return "box world: cast is not the first of cast_all";
    if (t.junction || b.junction) {
        // Stopped where obstacles meet (rule 6): the same stop in both worlds; the obstacle named
        // (and its face) may differ, since tiles and bodies rank differently.
        if (!(t.junction && b.junction && t.time == b.time && t.point == b.point && t.box == b.box && t.corner == b.corner))
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
        if (e.rule == Seam::drop_ok) return t.normal == e.normal || w.is_surface(t.other, t.normal) ? "" : "normal differs; expected " + str(e);
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
std::string compare_all(const Worlds& w, const std::vector<CastHit>& t, const std::vector<CastHit>& b, Vec2 d) {
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
        if (it->rule != Seam::drop_ok && !normal_fits(*it, th.normal, d)) return str(th.other) + " normal differs; expected " + str(*it);
    }
    for (const Expected& e : ex) {
        if (e.rule == Seam::drop_ok) continue;
        if (std::none_of(t.begin(), t.end(), [&](const CastHit& th) { return th.other == e.tile; }))
            return str(e.tile) + " missing; expected " + str(e);
    }
    return {};
}

std::vector<Other> as_tiles(const Worlds& w, const std::vector<Other>& v) {
    std::vector<Other> out;
    for (const Other& o : v) out.push_back(w.as_tile(o));
    return out;
}

// ---------------------------------------------------------------- random levels and inputs

constexpr std::array<real, 6> tile_sizes{real(1), real(16), real(1) / real(3), real(0.1), real(0.7), real(24)};

Level random_level(Rng& rng, bool with_one_way) {
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
            if (style == 1) solid = (r % 5 == 4 && rng.chance(0.85)) || (c % 7 == 0 && rng.chance(0.6)) || rng.chance(0.05);
            if (style == 2) solid = ((r + c) % 2 == 0) ? rng.chance(0.7) : rng.chance(0.1);
            Tile t = solid ? Tile::solid : Tile::empty;
            if (with_one_way && rng.chance(0.25)) t = Tile::one_way;
            lv.tiles[std::size_t(r) * std::size_t(lv.def.columns) + std::size_t(c)] = t;
        }
    return lv;
}

/// A coordinate along axis k: often exactly on a tile edge or next to one (the hard cases).
real random_coord(Rng& rng, const TileMap& m, int k) {
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

Vec2 random_point(Rng& rng, const TileMap& m) { return {random_coord(rng, m, 0), random_coord(rng, m, 1)}; }

real random_extent(Rng& rng, real s) {
    switch (rng.range(0, 5)) {
    case 0: return 0;
    case 1: return s;
    case 2: return s * real(2);
    case 3: return s * real(0.5);
    default: return rng.uniform(0.0, 2.5 * double(s));
    }
}

Aabb random_box(Rng& rng, const TileMap& m) {
    const real s = m.def().tile_size;
    const Vec2 p = random_point(rng, m);
    const Vec2 size{random_extent(rng, s), random_extent(rng, s)};
    // Anchor either corner on the chosen point, so both edges land on tile edges now and then.
    if (rng.chance(0.5)) return {p, p + size};
    return {p - size, p};
}

Vec2 random_delta(Rng& rng, const TileMap& m, Vec2 from) {
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

QueryFilter random_filter(Rng& rng) {
    QueryFilter f;
    if (rng.chance(0.05)) f.tiles = false;
    if (rng.chance(0.05)) f.mask = 2; // the tiles (category 1) are not seen
    return f;
}

// ---------------------------------------------------------------- seams (mirrored orientations)

/// One orientation of a surface: the run goes along `run_axis`, gravity along `normal_axis`
/// with sign `down` (+1: the surface is on the + side of the mover). Floor: x, y, +1.
struct Orientation {
    const char* name;
    int run_axis;
    int normal_axis;
    int down;
};
constexpr std::array<Orientation, 4> orientations{{
    {"floor", 0, 1, +1}, {"ceiling", 0, 1, -1}, {"left wall", 1, 0, -1}, {"right wall", 1, 0, +1}}};

Vec2 compose(const Orientation& o, real run, real normal) {
    Vec2 v{0, 0};
    v[o.run_axis] = run;
    v[o.normal_axis] = normal;
    return v;
}
TileCell compose_cell(const Orientation& o, int run, int normal) {
    std::array<int, 2> a{};
    a[std::size_t(o.run_axis)] = run;
    a[std::size_t(o.normal_axis)] = normal;
    return {a[0], a[1]};
}
real edge(const TileMap& m, int axis, int i) { return axis == 0 ? m.edge_x(i) : m.edge_y(i); }

struct SeamCase {
    real tile_size;
    Vec2 origin;
    real width_tiles;   // mover extent along the run, in tiles
    real height_tiles;  // mover extent along the normal, in tiles
    real run_tiles;     // run per frame, in tiles
    real gravity_tiles; // push into the surface per frame, in tiles
    bool jitter;        // run changes every frame
};

/// Runs one mover along one surface for `frames` frames, reporting failures to `fails`.
void run_seam_case(const SeamCase& sc, const Orientation& o, int frames, std::uint32_t seed, Failures& fails) {
    constexpr int length = 300; // tiles along the run
    constexpr int depth = 6;    // tiles across: the mover's side and two solid layers
    TileMapDef def;
    def.origin = sc.origin;
    def.tile_size = sc.tile_size;
    const std::array<int, 2> ext = [&] {
        std::array<int, 2> e{};
        e[std::size_t(o.run_axis)] = length;
        e[std::size_t(o.normal_axis)] = depth;
        return e;
    }();
    def.columns = ext[0];
    def.rows = ext[1];
    World world;
    world.set_tile_map(def);
    const TileMap& m = world.tiles();
    // The solid layer: normal indices 4, 5 when the surface is on the + side, else 0, 1.
    const int layer0 = o.down > 0 ? depth - 2 : 0;
    for (int i = 0; i < length; ++i)
        for (int j = layer0; j < layer0 + 2; ++j) world.set_tile(compose_cell(o, i, j), Tile::solid);
    const int surface_index = o.down > 0 ? depth - 2 : 2;
    const real surface = edge(m, o.normal_axis, surface_index);
    const real s = sc.tile_size;
    const real h = sc.height_tiles * s;
    const real wdt = sc.width_tiles * s;
    const int ra = o.run_axis, na = o.normal_axis;

    Aabb start;
    const real run0 = edge(m, ra, 5) + s * real(0.25);
    start.min[ra] = run0;
    start.max[ra] = run0 + wdt;
    if (o.down > 0) {
        start.max[na] = surface;
        start.min[na] = surface - h;
    } else {
        start.min[na] = surface;
        start.max[na] = surface + h;
    }
    const real size_n0 = start.max[na] - start.min[na];
    BodyDef bd;
    bd.box = start;
    const BodyId id = world.add(bd);

    Rng rng(seed);
    const real lo = edge(m, ra, 3), hi = edge(m, ra, length - 3);
    real dir = 1;
    const Vec2 surface_normal = compose(o, 0, real(-o.down));
    std::string where = std::string(o.name) + " size " + str(s) + " origin " + str(sc.origin) + " mover " +
                        str(wdt) + "x" + str(h) + " run " + str(sc.run_tiles * s) + " gravity " +
                        str(sc.gravity_tiles * s);
    MoveResult res;
    int frame_failures = 0;
    for (int f = 0; f < frames && frame_failures < 3; ++f) {
        const Aabb before = world.box(id);
        real run = sc.run_tiles * s * dir;
        if (sc.jitter) run = run * rng.uniform(0.25, 1.75);
        if (before.max[ra] + run * real(2) > hi) dir = -1;
        if (before.min[ra] + run * real(2) < lo) dir = 1;
        run = std::fabs(run) * dir;
        const Vec2 delta = compose(o, run, sc.gravity_tiles * s * real(o.down));
        world.move(id, delta, MoveOptions{}, res);
        const Aabb free_move = before.translated(delta); // what the run would be with no surface
        std::string bad;
        if (res.box.min[ra] != free_move.min[ra] || res.box.max[ra] != free_move.max[ra])
            bad += " run axis: got " + str(res.box.min[ra]) + ".." + str(res.box.max[ra]) + " expected " +
                   str(free_move.min[ra]) + ".." + str(free_move.max[ra]) + ";";
        const real flush = o.down > 0 ? res.box.max[na] : res.box.min[na];
        if (flush != surface) bad += " not flush: edge " + str(flush) + " surface " + str(surface) + ";";
        const real size_n = res.box.max[na] - res.box.min[na];
        if (std::fabs(size_n - size_n0) > std::fabs(surface) * real(4) * std::numeric_limits<real>::epsilon() + real(1e-6) * s)
            bad += " size across the surface changed to " + str(size_n) + ";";
        if (res.contacts.empty()) bad += " no contact with the surface;";
        for (const Contact& c : res.contacts)
            if (c.normal != surface_normal || c.time != 0 || !c.other.is_tile())
                bad += " unexpected contact " + str(c) + ";";
        if (res.truncated) bad += " truncated;";
        if (!bad.empty()) {
            ++frame_failures;
            fails.fail("seam: " + where + " frame " + std::to_string(f) + " from " + str(before) + " delta " +
                       str(delta) + ":" + bad + " result " + str(res));
        }
    }
}

// ---------------------------------------------------------------- small helpers

World make_world(const TileMapDef& def) {
    World w;
    w.set_tile_map(def);
    return w;
}

/// Builds a level from rows of text ('#' solid, '=' one-way, '.' empty).
void paint(World& w, const std::vector<std::string>& rows) {
    for (int r = 0; r < int(rows.size()); ++r)
        for (int c = 0; c < int(rows[std::size_t(r)].size()); ++c) {
            const char ch = rows[std::size_t(r)][std::size_t(c)];
            w.set_tile({c, r}, ch == '#' ? Tile::solid : ch == '=' ? Tile::one_way : Tile::empty);
        }
}

Response ignore_one_way(void* /*context*/, const World& world, BodyId /*self*/, const Other& other) {
    if (other.is_tile() && world.tiles().get(other.tile) == Tile::one_way) return Response::ignore;
    return Response::slide;
}

Response bounce_solid_touch_one_way(void* /*context*/, const World& world, BodyId /*self*/, const Other& other) {
    if (other.is_tile() && world.tiles().get(other.tile) == Tile::one_way) return Response::touch;
    return Response::bounce;
}

/// A snapshot of every tile and face, to check that a failed call changed nothing.
std::vector<int> snapshot(const TileMap& m) {
    std::vector<int> v{m.columns(), m.rows(), int(m.blocking_count())};
    for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.columns(); ++c) {
            v.push_back(int(m.get({c, r})));
            v.push_back(int(m.faces({c, r})));
        }
    return v;
}

} // namespace

BOOST_AUTO_TEST_SUITE(tile_map)

// ================================================================ definition and flags

BOOST_AUTO_TEST_CASE(bad_definitions_throw_and_leave_the_world_unchanged) {
    const real nan = std::numeric_limits<real>::quiet_NaN();
    World w;
    TileMapDef good;
    good.columns = 4;
    good.rows = 3;
    w.set_tile_map(good);
    w.set_tile({1, 1}, Tile::solid);
    const std::vector<int> before = snapshot(w.tiles());

    std::vector<TileMapDef> bad;
    for (real size : {real(0), real(-0.0), real(-1), real(-16), nan, inf, -inf}) {
        TileMapDef d = good;
        d.tile_size = size;
        bad.push_back(d);
    }
    {
        TileMapDef d = good;
        d.columns = -1;
        bad.push_back(d);
        d = good;
        d.rows = -3;
        bad.push_back(d);
        d = good;
        d.columns = std::numeric_limits<std::int32_t>::min();
        bad.push_back(d);
        d = good;
        d.origin = {nan, 0};
        bad.push_back(d);
        d = good;
        d.origin = {0, inf};
        bad.push_back(d);
        // Tiles smaller than the spacing of real numbers at the map's coordinates would have
        // no width (at 1e9 a float is a multiple of 64; in double builds 1e18 is a multiple
        // of 128).
        d = good;
        d.origin = {std::is_same_v<real, float> ? real(1e9) : real(1e18), 0};
        d.tile_size = std::is_same_v<real, float> ? real(16) : real(64);
        bad.push_back(d);
        d = good;
        d.origin = {0, std::is_same_v<real, float> ? real(-1e9) : real(-1e18)};
        d.tile_size = std::is_same_v<real, float> ? real(64) : real(128);
        bad.push_back(d);
    }
    for (const TileMapDef& d : bad) {
        const std::string what = "size " + str(d.tile_size) + " columns " + std::to_string(d.columns) + " rows " +
                                 std::to_string(d.rows) + " origin " + str(d.origin);
        BOOST_CHECK_THROW(TileMap{d}, Error);
        BOOST_CHECK_THROW(w.set_tile_map(d), Error);
        BOOST_TEST((snapshot(w.tiles()) == before), "set_tile_map(" << what << ") changed the map");
    }
    // Zero columns or rows is a legal, empty map.
    TileMapDef empty = good;
    empty.columns = 0;
    BOOST_CHECK_NO_THROW(TileMap{empty});
    BOOST_TEST(TileMap{empty}.is_empty());
    BOOST_TEST(TileMap{}.is_empty());
}

BOOST_AUTO_TEST_CASE(edges_are_shared_and_increasing_for_every_size) {
    for (real s : tile_sizes)
        for (Vec2 origin : {Vec2(0, 0), Vec2(real(0.37), real(-13.71)), Vec2(real(1000.123), real(-2000.9))}) {
            TileMapDef d;
            d.origin = origin;
            d.tile_size = s;
            d.columns = 500;
            d.rows = 500;
            const TileMap m(d);
            BOOST_TEST(m.edge_x(0) == origin.x);
            BOOST_TEST(m.edge_y(0) == origin.y);
            for (int i = 0; i < 500; ++i) {
                const Aabb a = m.cell_box({i, i}), right = m.cell_box({i + 1, i}), below = m.cell_box({i, i + 1});
                if (!(a.max.x == right.min.x && a.max.y == below.min.y && a.min.x < a.max.x && a.min.y < a.max.y)) {
                    BOOST_ERROR("edges of " << i << " not shared or not increasing, size " << str(s));
                    break;
                }
                // Close to origin + i * size (the formula, however it is rounded).
                const double exact = double(origin.x) + double(i) * double(s);
                if (std::fabs(double(m.edge_x(i)) - exact) > 2.0 * std::fabs(exact) * double(std::numeric_limits<real>::epsilon()) + 1e-12) {
                    BOOST_ERROR("edge_x(" << i << ") = " << str(m.edge_x(i)) << " far from " << exact);
                    break;
                }
            }
            BOOST_TEST((m.bounds() == Aabb{{m.edge_x(0), m.edge_y(0)}, {m.edge_x(500), m.edge_y(500)}}));
        }
}

BOOST_AUTO_TEST_CASE(cells_of_covers_every_tile_a_box_touches) {
    // Every query and the grid walks start from cells_of: a tile it leaves out is invisible. The
    // hard cases are boxes exactly on tile edges far from the origin with small tiles, where the
    // rounding of an edge (an ulp of the coordinate) is a large part of a tile.
    Rng rng(0xce11u);
    Failures fails;
    for (int round = 0; round < 90; ++round) {
        TileMapDef d;
        d.tile_size = rng.pick(tile_sizes);
        const double off = round % 3 == 0 ? 1000.0 : round % 3 == 1 ? 50.0 : 1.0;
        d.origin = {rng.uniform(-off, off), rng.uniform(-off, off)};
        d.columns = rng.range(1, 30);
        d.rows = rng.range(1, 30);
        const TileMap m(d);
        for (int q = 0; q < 200; ++q) {
            const Vec2 p{random_coord(rng, m, 0), random_coord(rng, m, 1)};
            Aabb box{p, p};
            if (rng.chance(0.5)) box.max = p + Vec2{random_extent(rng, d.tile_size), random_extent(rng, d.tile_size)};
            const CellRange r = m.cells_of(box);
            for (int row = 0; row < d.rows; ++row)
                for (int col = 0; col < d.columns; ++col) {
                    if (!intersects_closed(m.cell_box({col, row}), box)) continue;
                    if (col < r.x0 || col > r.x1 || row < r.y0 || row > r.y1)
                        fails.fail("cells_of leaves out a touched tile\n  origin " + str(d.origin) + " size " + str(d.tile_size) +
                                   " box " + str(box) + " tile " + str(TileCell{col, row}) + " " + str(m.cell_box({col, row})) +
                                   " range x " + std::to_string(r.x0) + ".." + std::to_string(r.x1) + " y " +
                                   std::to_string(r.y0) + ".." + std::to_string(r.y1));
                }
        }
    }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(face_flags_and_occupied_bits_follow_every_set_tile) {
    Rng rng(0x7117u);
    Failures fails;
    for (int round = 0; round < 20; ++round) {
        TileMapDef d;
        d.columns = rng.range(1, 12);
        d.rows = rng.range(1, 12);
        d.tile_size = rng.pick(tile_sizes);
        World w;
        w.set_tile_map(d);
        for (int step = 0; step < 300; ++step) {
            const TileCell c{rng.range(0, d.columns - 1), rng.range(0, d.rows - 1)};
            const int k = rng.range(0, 2);
            const Tile t = k == 0 ? Tile::empty : k == 1 ? Tile::solid : Tile::one_way;
            w.set_tile(c, t);
            const TileMap& m = w.tiles();
            if (m.get(c) != t) fails.fail("set_tile did not set " + str(c));
            std::size_t blocking = 0;
            for (int r = 0; r < d.rows; ++r)
                for (int col = 0; col < d.columns; ++col) {
                    const TileCell cc{col, r};
                    if (m.get(cc) != Tile::empty) ++blocking;
                    // The walks' bitset of non-empty tiles follows every set_tile.
                    const std::size_t i = std::size_t(r) * std::size_t(d.columns) + std::size_t(col);
                    if (TileMap::occupied(m.occupied_table(), i) != (m.get(cc) != Tile::empty))
                        fails.fail("occupied bit of " + str(cc) + " wrong after setting " + str(c));
                    if (m.faces(cc) != expected_faces(m, cc))
                        fails.fail("faces of " + str(cc) + " are " + std::to_string(m.faces(cc)) + ", expected " +
                                   std::to_string(expected_faces(m, cc)) + " after setting " + str(c));
                }
            if (blocking != m.blocking_count()) fails.fail("blocking_count " + std::to_string(m.blocking_count()) +
                                                           " expected " + std::to_string(blocking));
        }
    }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(specific_face_flags) {
    TileMapDef d;
    d.columns = 5;
    d.rows = 4;
    World w = make_world(d);
    paint(w, {".....",
              ".=#=.",
              "###=.",
              "#...."});
    const TileMap& m = w.tiles();
    BOOST_TEST(m.faces({0, 2}) == (face_neg_x | face_neg_y));          // left end of the floor, solid below
    BOOST_TEST(m.faces({1, 2}) == (face_neg_y | face_pos_y));          // under a one-way: its top stays a surface
    BOOST_TEST(m.faces({2, 2}) == (face_pos_x | face_pos_y));          // solid above: no top surface
    BOOST_TEST(m.faces({2, 1}) == (face_neg_x | face_pos_x | face_neg_y)); // one-way neighbours do not hide faces
    BOOST_TEST(m.faces({1, 1}) == face_neg_y);                         // one-way: only its top
    BOOST_TEST(m.faces({3, 1}) == face_neg_y);
    BOOST_TEST(m.faces({3, 2}) == face_neg_y);                         // one-way under a one-way keeps its top
    BOOST_TEST(m.faces({0, 3}) == (face_neg_x | face_pos_x | face_pos_y));
    BOOST_TEST(m.faces({4, 0}) == 0);                                  // empty
    w.set_tile({3, 1}, Tile::solid);
    BOOST_TEST(m.faces({3, 2}) == 0); // a one-way with a solid tile on top has no surface at all
    BOOST_TEST(m.faces({2, 1}) == (face_neg_x | face_neg_y));
}

BOOST_AUTO_TEST_CASE(set_tile_outside_the_map_throws_and_changes_nothing) {
    TileMapDef d;
    d.columns = 3;
    d.rows = 2;
    World w = make_world(d);
    paint(w, {"#.=", "##."});
    BodyDef bd;
    bd.box = {{1, 1}, {2, 2}};
    const BodyId id = w.add(bd);
    const std::vector<int> before = snapshot(w.tiles());
    for (TileCell c : {TileCell{-1, 0}, TileCell{3, 0}, TileCell{0, 2}, TileCell{0, -1}, TileCell{-5, -5},
                       TileCell{std::numeric_limits<std::int32_t>::max(), 0},
                       TileCell{0, std::numeric_limits<std::int32_t>::min()}})
        for (Tile t : {Tile::solid, Tile::empty, Tile::one_way}) {
            BOOST_CHECK_THROW(w.set_tile(c, t), Error);
            TileMap copy = w.tiles();
            BOOST_CHECK_THROW(copy.set(c, t), Error);
        }
    BOOST_TEST((snapshot(w.tiles()) == before));
    BOOST_TEST((w.box(id) == Aabb{{1, 1}, {2, 2}}));
    BOOST_TEST(w.body_count() == 1u);
    // A world without a tile map has no cell at all.
    World none;
    BOOST_CHECK_THROW(none.set_tile({0, 0}, Tile::solid), Error);
    BOOST_TEST(none.tiles().is_empty());
}

// ================================================================ against the box world

BOOST_AUTO_TEST_CASE(casts_and_queries_match_the_box_world) {
    Failures fails;
    long casts = 0, normal_fixes = 0, ties = 0;
    for (std::uint32_t seed = 1; seed <= 48; ++seed) {
        Rng rng(0x5eed0000u + seed);
        const Level level = random_level(rng, false);
        const Worlds w(level);
        const TileMap& m = w.map();
        std::vector<CastHit> all_grid, all_brute, all_boxes;
        std::vector<Other> q_grid, q_brute, q_boxes;
        auto report = [&](const std::string& what, const std::string& input, const std::string& answers) {
            fails.fail(what + "\n  seed " + std::to_string(seed) + " level " + level.text() + "  input " + input +
                       "\n  " + answers);
        };
        for (int q = 0; q < 320; ++q) {
            const QueryFilter filter = random_filter(rng);
            QueryFilter box_filter = filter; // the box world's bodies stand for the tiles
            box_filter.bodies = filter.tiles;
            box_filter.tiles = false;
            // ---- cast_ray
            {
                const Vec2 o = random_point(rng, m);
                const Vec2 d = random_delta(rng, m, o);
                const CastHit g = w.grid.cast_ray(o, d, filter);
                const CastHit t = w.brute.cast_ray(o, d, filter);
                const CastHit b = w.boxes.cast_ray(o, d, box_filter);
                w.boxes.cast_all(Aabb{o, o}, d, all_boxes, box_filter);
                const std::string input = "cast_ray " + str(o) + " delta " + str(d);
                const std::string answers = "grid " + str(g) + "\n  brute " + str(t) + "\n  boxes " + str(b);
                ++casts;
                if (!same(g, t)) report("cast_ray: grid and brute tile worlds differ", input, answers);
                if (const std::string e = compare_closest(w, t, b, all_boxes, d); !e.empty())
                    report("cast_ray vs box world: " + e, input, answers);
                if (const std::string e = check_tile_hit(m, t, Aabb{o, o}, d); !e.empty())
                    report("cast_ray: " + e, input, answers);
                if (t.hit && b.hit && t.normal != b.normal) ++normal_fixes;
                if (t.hit && b.hit && t.other != w.as_tile(b.other)) ++ties;
            }
            // ---- cast_box and cast_all
            {
                const Aabb box = random_box(rng, m);
                const Vec2 d = random_delta(rng, m, box.min);
                const CastHit g = w.grid.cast_box(box, d, filter);
                const CastHit t = w.brute.cast_box(box, d, filter);
                const CastHit b = w.boxes.cast_box(box, d, box_filter);
                w.grid.cast_all(box, d, all_grid, filter);
                w.brute.cast_all(box, d, all_brute, filter);
                w.boxes.cast_all(box, d, all_boxes, box_filter);
                const std::string input = "cast_box " + str(box) + " delta " + str(d);
                const std::string answers = "grid " + str(g) + "\n  brute " + str(t) + "\n  boxes " + str(b);
                ++casts;
                if (!same(g, t)) report("cast_box: grid and brute tile worlds differ", input, answers);
                if (const std::string e = compare_closest(w, t, b, all_boxes, d); !e.empty())
                    report("cast_box vs box world: " + e, input, answers);
                if (const std::string e = check_tile_hit(m, t, box, d); !e.empty())
                    report("cast_box: " + e, input, answers);
                if (t.hit && b.hit && t.normal != b.normal) ++normal_fixes;
                if (t.hit && b.hit && t.other != w.as_tile(b.other)) ++ties;
                const std::string all_answers = "grid" + str(all_grid) + "\n  brute" + str(all_brute) + "\n  boxes" + str(all_boxes);
                if (!same(all_grid, all_brute)) report("cast_all: grid and brute tile worlds differ", input, all_answers);
                if (const std::string e = compare_all(w, all_brute, all_boxes, d); !e.empty())
                    report("cast_all vs box world: " + e, input, all_answers);
                for (const CastHit& h : all_brute)
                    if (const std::string e = check_tile_hit(m, h, box, d); !e.empty())
                        report("cast_all: " + e, input, all_answers);
                // The closest hit is the first of cast_all.
                if (t.hit != !all_brute.empty() || (t.hit && !same(t, all_brute.front())))
                    report("cast_box is not the first hit of cast_all", input, answers + "\n  all" + str(all_brute));
            }
            // ---- query_rect, query_point, query_segment (touching counts: no flags involved)
            {
                const Aabb rect = random_box(rng, m);
                w.grid.query_rect(rect, q_grid, filter);
                w.brute.query_rect(rect, q_brute, filter);
                w.boxes.query_rect(rect, q_boxes, box_filter);
                if (q_grid != q_brute || q_brute != as_tiles(w, q_boxes))
                    report("query_rect differs", "rect " + str(rect),
                           "grid " + str(q_grid) + " brute " + str(q_brute) + " boxes " + str(as_tiles(w, q_boxes)));
                const Vec2 p = random_point(rng, m);
                w.grid.query_point(p, q_grid, filter);
                w.brute.query_point(p, q_brute, filter);
                w.boxes.query_point(p, q_boxes, box_filter);
                if (q_grid != q_brute || q_brute != as_tiles(w, q_boxes))
                    report("query_point differs", "point " + str(p),
                           "grid " + str(q_grid) + " brute " + str(q_brute) + " boxes " + str(as_tiles(w, q_boxes)));
                const Vec2 a = random_point(rng, m);
                const Vec2 e = a + random_delta(rng, m, a);
                w.grid.query_segment(a, e, q_grid, filter);
                w.brute.query_segment(a, e, q_brute, filter);
                w.boxes.query_segment(a, e, q_boxes, box_filter);
                if (q_grid != q_brute || q_brute != as_tiles(w, q_boxes))
                    report("query_segment differs", "segment " + str(a) + " -> " + str(e),
                           "grid " + str(q_grid) + " brute " + str(q_brute) + " boxes " + str(as_tiles(w, q_boxes)));
            }
        }
    }
    BOOST_TEST_MESSAGE("tile_map: " << casts << " casts compared, " << normal_fixes
                                    << " seam normals corrected by edge flags, " << ties << " ties");
    fails.summary();
}

BOOST_AUTO_TEST_CASE(moves_match_the_box_world) {
    Failures fails;
    long moves = 0, diverged = 0;
    constexpr std::array<Response, 4> responses{Response::slide, Response::touch, Response::bounce, Response::cross};
    for (std::uint32_t seed = 1; seed <= 40; ++seed) {
        Rng rng(0x40e00000u + seed);
        const Level level = random_level(rng, false);
        Worlds w(level);
        w.add_movers();
        const TileMap& m = w.map();
        MoveResult rg, rt, rb;
        for (int q = 0; q < 150; ++q) {
            const Aabb box = random_box(rng, m);
            const Vec2 d = random_delta(rng, m, box.min);
            MoveOptions opt;
            opt.response = rng.pick(responses);
            opt.restitution = rng.chance(0.5) ? real(1) : real(0.5);
            opt.friction = rng.chance(0.5) ? real(0) : real(0.25);
            opt.has_velocity = true;
            opt.velocity = d;
            w.grid.teleport(w.mover_grid, box);
            w.brute.teleport(w.mover_brute, box);
            w.boxes.teleport(w.mover_boxes, box);
            w.grid.move(w.mover_grid, d, opt, rg);
            w.brute.move(w.mover_brute, d, opt, rt);
            w.boxes.move(w.mover_boxes, d, opt, rb);
            ++moves;
            const std::string input = std::string("move ") + to_string(opt.response) + " from " + str(box) + " delta " + str(d);
            const std::string answers = "grid " + str(rg) + "\n  brute " + str(rt) + "\n  boxes " + str(rb);
            auto report = [&](const std::string& what) {
                fails.fail(what + "\n  seed " + std::to_string(seed) + " level " + level.text() + "  input " + input +
                           "\n  " + answers);
            };
            if (!same(rg, rt)) report("move: grid and brute tile worlds differ");
            // Tile contacts land flush on surfaces.
            for (const Contact& c : rt.contacts)
                if (const std::string e = check_tile_contact(m, c); !e.empty()) report("move: " + e);
            // Never through (rule 6) for the blocking responses.
            if (opt.response != Response::cross) {
                for (int r = 0; r < m.rows(); ++r)
                    for (int c = 0; c < m.columns(); ++c)
                        if (m.get({c, r}) == Tile::solid && overlaps(rt.box, m.cell_box({c, r})) &&
                            !overlaps(box, m.cell_box({c, r})))
                            report("move: ends inside " + str(TileCell{c, r}) + " which it did not overlap at the start");
            }
            // Against the box world, contact by contact, until the first contact where an edge flag
            // changes the path (see Expected): the tile world leaves out contacts on seams the
            // mover is already inside of, and may turn the normal of a seam contact.
            bool diverges = false;
            std::size_t j = 0;
            for (std::size_t i = 0; i < rb.contacts.size() && !diverges; ++i) {
                const Contact& cb = rb.contacts[i];
                const bool blocking = cb.response != Response::cross && cb.response != Response::ignore;
                // The leg's direction is known until the first blocking contact.
                const bool first_leg = std::none_of(rb.contacts.begin(), rb.contacts.begin() + std::ptrdiff_t(i), [](const Contact& c) {
                    return c.response != Response::cross && c.response != Response::ignore;
                });
                const Vec2 leg_d = first_leg ? d : (j < rt.contacts.size() ? -rt.contacts[j].normal : -cb.normal);
                const Expected e = expected_from_box_world(w, cb.other, cb.time, cb.normal, cb.started_overlapping,
                                                           cb.corner, cb.box, leg_d, first_leg);
                const std::string at = "move vs box world: box-world contact " + std::to_string(i) + " (" + str(e) + ")";
                if (j < rt.contacts.size() && rt.contacts[j].other == e.tile && rt.contacts[j].time == cb.time) {
                    const Contact& ct = rt.contacts[j++];
                    if (ct.response != cb.response ||
                        (ct.started_overlapping != cb.started_overlapping && !touches_seam(m, ct.other, ct.box)))
                        report(at + " differs in start or response");
                    else if (e.rule != Seam::drop_ok && !normal_fits(e, ct.normal, -ct.normal))
                        report(at + " has another normal in the tile world");
                    else if (ct.normal == cb.normal && ct.box != cb.box)
                        report(at + " has another box in the tile world");
                    if (ct.normal != cb.normal && blocking) {
                        diverges = true; // the flag turned the response: the paths part here
                        ++diverged;
                    }
                    continue;
                }
                if (e.rule == Seam::drop_ok) {
                    if (blocking) {
                        diverges = true; // the box world stopped on a seam the tile world ignores
                        ++diverged;
                    }
                    continue;
                }
                if (j < rt.contacts.size() && rt.contacts[j].time <= cb.time &&
                    on_seam_line(m, rt.contacts[j].other, rt.contacts[j].box, rt.contacts[j].normal, -rt.contacts[j].normal)) {
                    diverges = true; // the tile world met a seam line the box world cannot see
                    ++diverged;
                    break;
                }
                report(at + " is missing in the tile world (next tile-world contact " +
                       (j < rt.contacts.size() ? str(rt.contacts[j]) : std::string("none")) + ")");
                diverges = true;
            }
            if (!diverges && j != rt.contacts.size())
                report("move vs box world: tile-world contact " + std::to_string(j) + " has no box-world counterpart");
            if (!diverges && (rt.box != rb.box || rt.velocity != rb.velocity || rt.truncated != rb.truncated))
                report("move vs box world: results differ with the same contacts");
        }
    }
    BOOST_TEST_MESSAGE("tile_map: " << moves << " moves compared, " << diverged << " diverged at a flagged seam");
    fails.summary();
}

BOOST_AUTO_TEST_CASE(one_way_levels_grid_equals_brute) {
    Failures fails;
    for (std::uint32_t seed = 1; seed <= 30; ++seed) {
        Rng rng(0x0e3a0000u + seed);
        const Level level = random_level(rng, true);
        Worlds w(level);
        const TileMap& m = w.map();
        std::vector<CastHit> all_grid, all_brute;
        std::vector<Other> q_grid, q_brute;
        auto report = [&](const std::string& what, const std::string& input, const std::string& answers) {
            fails.fail(what + "\n  seed " + std::to_string(seed) + " level " + level.text() + "  input " + input +
                       "\n  " + answers);
        };
        for (int q = 0; q < 250; ++q) {
            const Vec2 p = random_point(rng, m);
            const Aabb b2 = rng.chance(0.3) ? Aabb{p, p} : random_box(rng, m);
            const Vec2 d = random_delta(rng, m, b2.min);
            const CastHit g = w.grid.cast_box(b2, d), t = w.brute.cast_box(b2, d);
            const CastHit gr = w.grid.cast_ray(b2.min, d), tr = w.brute.cast_ray(b2.min, d);
            w.grid.cast_all(b2, d, all_grid);
            w.brute.cast_all(b2, d, all_brute);
            const std::string input = "box " + str(b2) + " delta " + str(d);
            if (!same(g, t)) report("cast_box: grid and brute differ", input, str(g) + "\n  " + str(t));
            if (!same(gr, tr)) report("cast_ray: grid and brute differ", input, str(gr) + "\n  " + str(tr));
            if (!same(all_grid, all_brute)) report("cast_all: grid and brute differ", input, str(all_grid) + "\n  vs" + str(all_brute));
            for (const CastHit* h : {&t, &tr})
                if (const std::string e = check_tile_hit(m, *h, h == &t ? b2 : Aabb{b2.min, b2.min}, d); !e.empty())
                    report(e, input, str(*h));
            w.grid.query_rect(b2, q_grid);
            w.brute.query_rect(b2, q_brute);
            if (q_grid != q_brute) report("query_rect: grid and brute differ", input, str(q_grid) + " " + str(q_brute));
            w.grid.query_segment(b2.min, b2.min + d, q_grid);
            w.brute.query_segment(b2.min, b2.min + d, q_brute);
            if (q_grid != q_brute) report("query_segment: grid and brute differ", input, str(q_grid) + " " + str(q_brute));
        }
        w.add_movers();
        MoveResult rg, rt;
        for (int q = 0; q < 100; ++q) {
            const Aabb box = random_box(rng, m);
            const Vec2 d = random_delta(rng, m, box.min);
            MoveOptions opt;
            opt.response = rng.chance(0.7) ? Response::slide : Response::bounce;
            w.grid.teleport(w.mover_grid, box);
            w.brute.teleport(w.mover_brute, box);
            w.grid.move(w.mover_grid, d, opt, rg);
            w.brute.move(w.mover_brute, d, opt, rt);
            const std::string input = "move from " + str(box) + " delta " + str(d);
            if (!same(rg, rt)) report("move: grid and brute differ", input, str(rg) + "\n  " + str(rt));
            for (const Contact& c : rt.contacts) {
                if (const std::string e = check_tile_contact(m, c); !e.empty()) report("move: " + e, input, str(rt));
                if (c.other.is_tile() && m.get(c.other.tile) == Tile::one_way && c.normal != Vec2(0, -1))
                    report("move: one-way contact not on the top", input, str(rt));
            }
        }
    }
    fails.summary();
}

// ================================================================ Amanatides-Woo corners

BOOST_AUTO_TEST_CASE(rays_through_exact_tile_corners) {
    // Around the shared corner V of tiles (1..2, 1..2) of a 4x4 map, for each of the four
    // diagonal directions (sx, sy): `behind` is the tile the ray comes from, `ahead` the one
    // it goes to, `side_x` the tile ahead in x only, `side_y` the tile ahead in y only.
    Failures fails;
    struct Arrangement {
        const char* name;
        bool ahead, side_x, side_y;
    };
    constexpr std::array<Arrangement, 6> arrangements{{
        {"diagonal gap (the other diagonal solid)", false, true, true},
        {"only side_x", false, true, false},
        {"only side_y", false, false, true},
        {"ahead alone", true, false, false},
        {"ahead with side_x (a wall continues)", true, true, false},
        {"ahead with side_y (a floor continues)", true, false, true},
    }};
    for (real s : tile_sizes)
        for (Vec2 origin : {Vec2(0, 0), Vec2(real(0.37), real(-13.71)), Vec2(real(-250.5), real(99.125))})
            for (int sx : {-1, 1})
                for (int sy : {-1, 1})
                    for (const Arrangement& arr : arrangements)
                        for (real ratio : {real(1), real(0.5), real(2)}) {
                            TileMapDef def;
                            def.origin = origin;
                            def.tile_size = s;
                            def.columns = 4;
                            def.rows = 4;
                            Level level;
                            level.def = def;
                            level.tiles.assign(16, Tile::empty);
                            const TileCell ahead{sx > 0 ? 2 : 1, sy > 0 ? 2 : 1};
                            const TileCell behind{sx > 0 ? 1 : 2, sy > 0 ? 1 : 2};
                            const TileCell side_x{ahead.column, behind.row};
                            const TileCell side_y{behind.column, ahead.row};
                            auto put = [&](TileCell c) { level.tiles[std::size_t(c.row * 4 + c.column)] = Tile::solid; };
                            if (arr.ahead) put(ahead);
                            if (arr.side_x) put(side_x);
                            if (arr.side_y) put(side_y);
                            Worlds w(level);
                            const TileMap& m = w.map();
                            const Vec2 v{m.edge_x(2), m.edge_y(2)};
                            // Offsets: powers of two below the tile size, so that v - offset is exact.
                            const real a = std::ldexp(real(1), std::ilogb(s) - 1);
                            const Vec2 off{a * (ratio >= 1 ? real(1) : ratio), a / (ratio > 1 ? ratio : real(1))};
                            const Vec2 o{v.x - real(sx) * off.x, v.y - real(sy) * off.y};
                            BOOST_REQUIRE(double(v.x) - double(o.x) == double(sx) * double(off.x));
                            BOOST_REQUIRE(double(v.y) - double(o.y) == double(sy) * double(off.y));
                            const Vec2 d{real(sx) * off.x * real(2), real(sy) * off.y * real(2)};
                            const CastHit g = w.grid.cast_ray(o, d), t = w.brute.cast_ray(o, d), b = w.boxes.cast_ray(o, d);
                            std::vector<CastHit> all_b;
                            w.boxes.cast_all(Aabb{o, o}, d, all_b);
                            const std::string where = "\n  " + std::string(arr.name) + " dir (" + std::to_string(sx) + "," +
                                                      std::to_string(sy) + ") ratio " + str(ratio) + " level " +
                                                      level.text() + "  ray " + str(o) + " delta " + str(d) +
                                                      "\n  grid " + str(g) + "\n  brute " + str(t) + "\n  boxes " + str(b);
                            if (!same(g, t)) fails.fail("corner: grid walk differs from brute: " + where);
                            if (const std::string e = compare_closest(w, t, b, all_b, d); !e.empty())
                                fails.fail("corner vs box world: " + e + ": " + where);
                            if (const std::string e = check_tile_hit(m, t, Aabb{o, o}, d); !e.empty())
                                fails.fail("corner: " + e + ": " + where);
                            // What the contract says, spelled out.
                            const Vec2 nx{real(-sx), 0}, ny{0, real(-sy)};
                            if (!arr.ahead && arr.side_x && arr.side_y) {
                                // Two tiles meeting at v form one solid: the ray may not pass
                                // between them (rule 6), and stops one step before v.
                                if (!(g.hit && g.junction && g.corner && g.time == real(0.5) && g.point == v &&
                                      g.box.min == g.box.max && g.box.min.x * real(sx) < v.x * real(sx) &&
                                      g.box.min.y * real(sy) < v.y * real(sy) &&
                                      std::nextafter(g.box.min.x, v.x) == v.x && std::nextafter(g.box.min.y, v.y) == v.y))
                                    fails.fail("corner: the meeting point of two tiles must stop the ray: " + where);
                            } else if (!arr.ahead) {
                                if (g.hit) fails.fail("corner: touching one corner only must not hit: " + where);
                            } else {
                                if (!(g.hit && g.time == real(0.5) && g.point == v && g.other == Other::of(ahead)))
                                    fails.fail("corner: must hit `ahead` at the corner, t=0.5: " + where);
                                // Which face: the tie rule when both are surfaces, else the surface.
                                const Vec2 want = arr.side_x ? nx : arr.side_y ? ny : (std::fabs(d.x) > std::fabs(d.y) ? nx : ny);
                                if (g.hit && g.normal != want)
                                    fails.fail("corner: normal should be " + str(want) + ": " + where);
                            }
                        }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(ray_into_a_concave_tile_corner_hits) {
    // `ahead`, `side_x` and `side_y` all solid: the ray meets the inner corner of an L of solid
    // tiles exactly. Both faces of `ahead` that face the ray are seams, but the ray enters solid
    // ground at the corner: it must hit there (never through, rule 6), like the box world does.
    Failures fails;
    for (real s : tile_sizes)
        for (int sx : {-1, 1})
            for (int sy : {-1, 1})
                for (real ratio : {real(1), real(0.5), real(2)}) {
                    Level level;
                    level.def.origin = {real(0.37), real(-13.71)};
                    level.def.tile_size = s;
                    level.def.columns = 4;
                    level.def.rows = 4;
                    level.tiles.assign(16, Tile::empty);
                    const TileCell ahead{sx > 0 ? 2 : 1, sy > 0 ? 2 : 1};
                    const TileCell behind{sx > 0 ? 1 : 2, sy > 0 ? 1 : 2};
                    for (TileCell c : {ahead, TileCell{ahead.column, behind.row}, TileCell{behind.column, ahead.row}})
                        level.tiles[std::size_t(c.row * 4 + c.column)] = Tile::solid;
                    Worlds w(level);
                    const TileMap& m = w.map();
                    const Vec2 v{m.edge_x(2), m.edge_y(2)};
                    const real a = std::ldexp(real(1), std::ilogb(s) - 1);
                    const Vec2 off{a * (ratio >= 1 ? real(1) : ratio), a / (ratio > 1 ? ratio : real(1))};
                    const Vec2 o{v.x - real(sx) * off.x, v.y - real(sy) * off.y};
                    const Vec2 d{real(sx) * off.x * real(2), real(sy) * off.y * real(2)};
                    const CastHit b = w.boxes.cast_ray(o, d);
                    const std::string where = "\n  size " + str(s) + " dir (" + std::to_string(sx) + "," + std::to_string(sy) +
                                              ") ray " + str(o) + " delta " + str(d);
                    BOOST_TEST_REQUIRE(b.hit); // the box world hits `ahead` at its corner
                    for (const World* world : {&w.grid, &w.brute}) {
                        const CastHit t = world->cast_ray(o, d);
                        const bool against = t.normal == Vec2(real(-sx), 0) || t.normal == Vec2(0, real(-sy));
                        if (!(t.hit && t.time == b.time && against && !t.started_overlapping))
                            fails.fail(std::string(world == &w.grid ? "grid" : "brute") +
                                       ": ray into a concave corner must hit at t=" + str(b.time) + ": " + where +
                                       "\n  got " + str(t) + "\n  boxes " + str(b));
                    }
                    // And a bullet moved there stops at the corner instead of entering the solid tile.
                    World bullet_world;
                    bullet_world.set_tile_map(level.def);
                    for (int r = 0; r < 4; ++r)
                        for (int c = 0; c < 4; ++c)
                            if (level.tiles[std::size_t(r * 4 + c)] == Tile::solid) bullet_world.set_tile({c, r}, Tile::solid);
                    BodyDef bd;
                    bd.box = {o, o};
                    const BodyId id = bullet_world.add(bd);
                    MoveOptions touch;
                    touch.response = Response::touch;
                    const MoveResult r = bullet_world.move(id, d, touch);
                    if (!(r.box == Aabb{v, v} && r.contacts.size() == 1))
                        fails.fail("bullet into a concave corner should stop at it: " + where + "\n  got " + str(r));
                }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(long_diagonal_rays_over_a_checkerboard) {
    // Tiles with (column + row) odd are solid: a ray along the exact diagonal through the empty
    // tiles passes only through corners of solid ones. With exact sizes the ray misses; for every
    // size the answers agree with the box world.
    Failures fails;
    for (real s : tile_sizes)
        for (Vec2 origin : {Vec2(0, 0), Vec2(real(0.37), real(-13.71))}) {
            Level level;
            level.def.origin = origin;
            level.def.tile_size = s;
            level.def.columns = 40;
            level.def.rows = 40;
            level.tiles.assign(1600, Tile::empty);
            for (int r = 0; r < 40; ++r)
                for (int c = 0; c < 40; ++c)
                    if ((r + c) % 2 == 1) level.tiles[std::size_t(r * 40 + c)] = Tile::solid;
            Worlds w(level);
            const TileMap& m = w.map();
            const bool exact = origin == Vec2(0, 0) && (s == real(1) || s == real(16) || s == real(24));
            std::vector<CastHit> all_g, all_t, all_b;
            std::vector<Other> q_g, q_b;
            for (int k = 0; k < 4; ++k) {
                const int sx = (k & 1) ? -1 : 1, sy = (k & 2) ? -1 : 1;
                // From a tile corner on a diagonal of empty tiles, as far as the map goes.
                for (int start : {0, 2, 11}) {
                    const int ci = sx > 0 ? start : 40 - start;
                    int ri = sy > 0 ? start : 40 - start;
                    const int first_c = sx > 0 ? ci : ci - 1, first_r = sy > 0 ? ri : ri - 1;
                    if ((first_c + first_r) % 2 != 0) ri += sy; // start on the even diagonal
                    const int steps = std::min(sx > 0 ? 40 - ci : ci, sy > 0 ? 40 - ri : ri);
                    const Vec2 o{m.edge_x(ci), m.edge_y(ri)};
                    const Vec2 d{real(sx) * real(steps) * s, real(sy) * real(steps) * s};
                    const CastHit g = w.grid.cast_ray(o, d), t = w.brute.cast_ray(o, d), b = w.boxes.cast_ray(o, d);
                    w.boxes.cast_all(Aabb{o, o}, d, all_b);
                    w.grid.cast_all(Aabb{o, o}, d, all_g);
                    w.brute.cast_all(Aabb{o, o}, d, all_t);
                    const std::string where = "\n  size " + str(s) + " origin " + str(origin) + " ray " + str(o) + " delta " +
                                              str(d) + "\n  grid " + str(g) + "\n  brute " + str(t) + "\n  boxes " + str(b);
                    if (!same(g, t)) fails.fail("checkerboard: grid differs from brute: " + where);
                    if (!same(all_g, all_t)) fails.fail("checkerboard: cast_all grid differs from brute: " + where);
                    if (const std::string e = compare_closest(w, t, b, all_b, d); !e.empty())
                        fails.fail("checkerboard vs box world: " + e + ": " + where);
                    if (const std::string e = compare_all(w, all_t, all_b, d); !e.empty())
                        fails.fail("checkerboard cast_all vs box world: " + e + ": " + where);
                    // The solid tiles meet at the corners the ray passes: it stops before the
                    // first one after its start (rule 6). A ray that starts on such a corner
                    // (inside the map) could be on either side of it, and does not leave it.
                    const Vec2 first = start == 0 ? Vec2{m.edge_x(ci + sx), m.edge_y(ri + sy)} : o;
                    if (exact && !(g.hit && g.junction && g.point == first))
                        fails.fail("checkerboard: an exact diagonal through corners must stop at the first one: " + where);
                    // Touching counts for query_segment: every solid tile whose corner the ray passes.
                    w.grid.query_segment(o, o + d, q_g);
                    w.boxes.query_segment(o, o + d, q_b);
                    if (q_g != as_tiles(w, q_b))
                        fails.fail("checkerboard: query_segment differs: " + where + "\n  grid " + str(q_g) +
                                   "\n  boxes " + str(as_tiles(w, q_b)));
                    if (exact) {
                        std::vector<TileCell> touched;
                        for (int step = 0; step <= steps; ++step)
                            for (int dc : {-1, 0})
                                for (int dr : {-1, 0}) {
                                    const TileCell c{ci + step * sx + dc, ri + step * sy + dr};
                                    if (m.get(c) == Tile::solid && std::find(touched.begin(), touched.end(), c) == touched.end())
                                        touched.push_back(c);
                                }
                        if (q_g.size() != touched.size())
                            fails.fail("checkerboard: query_segment misses tiles touched at corners; expected " + std::to_string(touched.size()) +
                                       " solid tiles at the corners passed: " + where + "\n  got " + std::to_string(q_g.size()));
                    }
                }
            }
        }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(long_walks_over_coarsely_rounded_edges) {
    // Far from the origin a map's edges are rounded to real coarsely (near 2^17 a float is a
    // multiple of 2^-7, a tenth of a tile of 0.1 here): the tiles' widths differ, while the
    // casts' walks step by the time of one tile and must allow for it. Rays and boxes aimed at
    // exact tile corners many tiles away, where a step taken in the wrong order changes the
    // answer, must answer as reference mode (every tile tested), bit for bit.
    Failures fails;
    long corners_hit = 0;
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        Rng rng(0xc0a25e00u + seed);
        Level level;
        const std::array<real, 4> sizes{real(0.1), real(1) / real(3), real(0.7), real(1.3)};
        level.def.tile_size = rng.pick(sizes);
        const real far = seed % 3 == 0 ? real(-131072.37) : seed % 3 == 1 ? real(98304.81) : real(16777.3);
        level.def.origin = {far, real(-0.61) * far};
        level.def.columns = 48;
        level.def.rows = 48;
        level.tiles.assign(48 * 48, Tile::empty);
        const int style = int(seed % 2); // 0: noise, 1: checkerboard (corners everywhere)
        for (int r = 0; r < 48; ++r)
            for (int c = 0; c < 48; ++c) {
                const bool solid = style == 0 ? rng.chance(0.2) : ((r + c) % 2 == 1 && rng.chance(0.9));
                if (solid) level.tiles[std::size_t(r * 48 + c)] = Tile::solid;
            }
        const Worlds w(level);
        const TileMap& m = w.map();
        for (int q = 0; q < 300; ++q) {
            // From inside an empty tile, through the exact corner of tiles at least 8 away.
            const auto [c0, r0] = random_empty_tile(rng, m);
            int ci, ri;
            do {
                ci = rng.range(1, 47);
                ri = rng.range(1, 47);
            } while (std::abs(ci - c0) + std::abs(ri - r0) < 8);
            const Vec2 v{m.edge_x(ci), m.edge_y(ri)};
            const Aabb tile = m.cell_box({c0, r0});
            const Vec2 o = (tile.min + tile.max) * real(0.5);
            const Vec2 d = (v - o) * real(rng.chance(0.5) ? 1 : 1.5);
            const CastHit g = w.grid.cast_ray(o, d), t = w.brute.cast_ray(o, d);
            const std::string where = "\n  seed " + std::to_string(seed) + " size " + str(level.def.tile_size) +
                                      " origin " + str(level.def.origin) + "  ray " + str(o) + " delta " + str(d) +
                                      "\n  grid " + str(g) + "\n  brute " + str(t);
            if (!same(g, t)) fails.fail("far ray: grid walk differs from brute: " + where);
            if (t.hit && t.corner) ++corners_hit;
            // A box a third of a tile wide, its leading corner aimed at v.
            const real half = level.def.tile_size / real(6);
            const Aabb box{o - Vec2(half, half), o + Vec2(half, half)};
            const Vec2 lead{d.x > 0 ? box.max.x : box.min.x, d.y > 0 ? box.max.y : box.min.y};
            const Vec2 db = (v - lead) * real(rng.chance(0.5) ? 1 : 1.5);
            const CastHit gb = w.grid.cast_box(box, db), tb = w.brute.cast_box(box, db);
            if (!same(gb, tb))
                fails.fail("far box: grid walk differs from brute:\n  seed " + std::to_string(seed) + " box " + str(box) +
                           " delta " + str(db) + "\n  grid " + str(gb) + "\n  brute " + str(tb));
        }
    }
    BOOST_TEST_MESSAGE("long_walks_over_coarsely_rounded_edges: " << corners_hit << " ray hits on a corner");
    fails.summary();
}

BOOST_AUTO_TEST_CASE(steep_and_flat_box_walks_over_coarse_edges) {
    // The box walk's crossings of one axis are times summed tile by tile, off the edges' own
    // times by up to the map's rounding; at such a crossing the span of the other axis is taken
    // at that time, and for a steep (or flat) motion a small error in time is a large one in the
    // position along the fast axis. The walk pads those spans for it. Boxes moving 10 to 200
    // times faster along one axis than the other, over maps whose edges are coarsely rounded,
    // must answer as reference mode, bit for bit; half of them aimed at exact tile corners.
    Failures fails;
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        Rng rng(0x57ee9000u + seed);
        Level level;
        const std::array<real, 3> sizes{real(0.1), real(1) / real(3), real(0.7)};
        level.def.tile_size = rng.pick(sizes);
        const real far = seed % 2 == 0 ? real(-131072.37) : real(98304.81);
        level.def.origin = {far, real(-0.61) * far};
        level.def.columns = 64;
        level.def.rows = 64;
        level.tiles.assign(64 * 64, Tile::empty);
        for (auto& t : level.tiles)
            if (rng.chance(0.12)) t = Tile::solid;
        const Worlds w(level);
        const TileMap& m = w.map();
        for (int q = 0; q < 400; ++q) {
            const auto [c0, r0] = random_empty_tile(rng, m);
            const Aabb tile = m.cell_box({c0, r0});
            const Vec2 o = (tile.min + tile.max) * real(0.5);
            const real half = level.def.tile_size * real(rng.chance(0.5) ? 0.2 : 0.45);
            const Aabb box{o - Vec2(half, half), o + Vec2(half, half)};
            Vec2 d;
            if (q % 2 == 0) {
                const real fast = level.def.tile_size * real(rng.range(8, 60)) * (rng.chance(0.5) ? 1 : -1);
                const real slow = fast / real(rng.range(10, 200)) * (rng.chance(0.5) ? 1 : -1);
                d = rng.chance(0.5) ? Vec2(fast, slow) : Vec2(slow, fast);
            } else {
                // The leading corner aimed at an exact tile corner 1 to 3 tiles away on one axis
                // and 20 or more on the other, where a step in the wrong order changes the answer.
                const int near = rng.range(1, 3) * (rng.chance(0.5) ? 1 : -1);
                int far_off = rng.range(20, 60) * (rng.chance(0.5) ? 1 : -1);
                const bool steep = rng.chance(0.5);
                int ci = c0 + (steep ? near : far_off), ri = r0 + (steep ? far_off : near);
                if (ci < 1 || ci > 63 || ri < 1 || ri > 63) {
                    far_off = -far_off;
                    ci = c0 + (steep ? near : far_off);
                    ri = r0 + (steep ? far_off : near);
                    if (ci < 1 || ci > 63 || ri < 1 || ri > 63) continue;
                }
                const Vec2 v{m.edge_x(ci + (ci > c0 ? 0 : 1)), m.edge_y(ri + (ri > r0 ? 0 : 1))};
                const Vec2 lead{ci > c0 ? box.max.x : box.min.x, ri > r0 ? box.max.y : box.min.y};
                d = (v - lead) * real(rng.chance(0.5) ? 1 : 1.5);
            }
            const CastHit g = w.grid.cast_box(box, d), t = w.brute.cast_box(box, d);
            if (!same(g, t))
                fails.fail("steep box: grid walk differs from brute:\n  seed " + std::to_string(seed) + " box " + str(box) +
                           " delta " + str(d) + "\n  grid " + str(g) + "\n  brute " + str(t));
        }
    }
    fails.summary();
}

BOOST_AUTO_TEST_CASE(box_walks_past_many_tiles_of_one_axis_before_a_few_of_the_other) {
    // The same padding, where it is most of the span's padding: a box moving 170 to 480 times
    // faster along one axis than the other, over a map far from the origin whose tile size float
    // cannot hold (its edges off their lines by up to half a unit in the last place, 6e-5), passes
    // hundreds of tiles along the fast axis and two to four lines of the slow one before the first
    // solid tile, which lies in a band beyond those lines. Each crossing of a slow line after the
    // first is a summed time, off that line's own time by the edges' rounding; at that crossing
    // the span along the fast axis, taken at that time, is off by the ratio times as much (about
    // a tenth of a tile), and the walk pads it for that (the other axis's time error times |d|).
    // Without that padding on the spans along x, 111 of these 8,000 casts answer differently, and
    // 106 without it along y (measured by removing each in the SSE set-up of the float build);
    // with it, every cast answers as reference mode, bit for bit. (In a double build the walk's
    // padding of 1e-12 of the coordinates is the larger one at any such ratio, so there the test
    // is a plain comparison.) The eight variants: fast axis x or y, each axis moving + or -.
    Failures fails;
    long casts = 0, hits = 0;
    for (int variant = 0; variant < 8; ++variant) {
        const bool steep = (variant & 1) != 0, fast_back = (variant & 2) != 0, slow_back = (variant & 4) != 0;
        for (int j = 0; j < 4; ++j) {
            Rng rng(0xba5d0000u + 97u * std::uint32_t(variant) + 13u * std::uint32_t(j));
            TileMapDef def;
            def.origin = {real(2000.3) + real(0.0137) * real(j), real(2000.7) + real(0.0291) * real(j)};
            def.tile_size = real(0.1);
            const int along = 1400, across = 16;
            def.columns = steep ? across : along;
            def.rows = steep ? along : across;
            WorldDef brute_def;
            brute_def.brute_force = true;
            World grid, brute(brute_def);
            grid.set_tile_map(def);
            brute.set_tile_map(def);
            // The band of solid tiles: slow lines 11-12 ahead of the start (3-4 behind it when the
            // slow axis moves back), half of them solid.
            for (int s = 0; s < across; ++s)
                for (int f = 0; f < along; ++f)
                    if ((slow_back ? (s == 3 || s == 4) : (s == 11 || s == 12)) && rng.chance(0.5)) {
                        const TileCell c = steep ? TileCell{s, f} : TileCell{f, s};
                        grid.set_tile(c, Tile::solid);
                        brute.set_tile(c, Tile::solid);
                    }
            for (int q = 0; q < 250; ++q) {
                // Starting on slow lines 7-8, within the first (or last) 55 tiles of the fast axis.
                const double fast_at = fast_back ? along * 0.1 - 0.5 - 5 * rng.unit() : 0.5 + 5 * rng.unit();
                const double slow_at = 0.72 + 0.1 * rng.unit();
                const real w = rng.uniform(0.02, 0.08), h = rng.uniform(0.02, 0.08);
                const real fast_d = rng.uniform(200, 290) * real(fast_back ? -1 : 1);
                const real slow_d = rng.uniform(0.6, 1.2) * real(slow_back ? -1 : 1);
                const Vec2 min{def.origin.x + real(steep ? slow_at : fast_at), def.origin.y + real(steep ? fast_at : slow_at)};
                const Aabb box{min, {min.x + (steep ? h : w), min.y + (steep ? w : h)}};
                const Vec2 d = steep ? Vec2{slow_d, fast_d} : Vec2{fast_d, slow_d};
                const CastHit g = grid.cast_box(box, d), t = brute.cast_box(box, d);
                ++casts;
                hits += t.hit ? 1 : 0;
                if (!same(g, t))
                    fails.fail("long box walk: grid walk differs from brute:\n  variant " + std::to_string(variant) +
                               " origin " + str(def.origin) + " box " + str(box) + " delta " + str(d) + "\n  grid " +
                               str(g) + "\n  brute " + str(t));
            }
        }
    }
    BOOST_TEST_MESSAGE("box_walks_past_many_tiles_of_one_axis_before_a_few_of_the_other: " << casts << " casts, " << hits
                                                                                          << " hits");
    BOOST_TEST(hits > casts * 9 / 10);
    fails.summary();
}

BOOST_AUTO_TEST_CASE(casts_skip_bodies_only_where_no_body_can_be) {
    // A cast whose tile walk stays on the map over tiles no body has marked (the tiles of every
    // box a body has had) skips the bodies. Bodies added before and after the map, moved and
    // teleported, big ones in the oversize list (on the wider maps, more than 128 tiles across:
    // marks over several words), walls and points on tile edges, rays and boxes that leave the
    // map to meet a body outside it: every cast answers as reference mode (which tests every
    // tile and every body), bit for bit.
    Failures fails;
    long body_hits = 0;
    for (std::uint32_t seed = 1; seed <= 16; ++seed) {
        Rng rng(0xb0d1e500u + seed);
        const std::array<real, 4> cells{real(64), real(8), real(3.3), real(200)};
        WorldDef gdef, bdef;
        gdef.cell_size = bdef.cell_size = rng.pick(cells);
        gdef.oversize_cells = bdef.oversize_cells = 4;
        bdef.brute_force = true;
        World grid(gdef), brute(bdef);
        TileMapDef map;
        const std::array<real, 3> sizes{real(16), real(0.7), real(3)};
        map.tile_size = rng.pick(sizes);
        map.origin = {real(-37.5) * map.tile_size / 16, real(12.25)};
        const int cols = seed % 4 == 0 ? 150 : 40;
        map.columns = cols;
        map.rows = 30;
        const Vec2 lo = map.origin, hi = map.origin + Vec2(real(cols), real(30)) * map.tile_size;
        const real ts = map.tile_size;
        std::vector<BodyId> gids, bids;
        // A body somewhere near the map: a small box, a wall (on a tile edge half of the
        // time), a point, or now and then a big box that goes to the oversize list.
        auto random_body = [&] {
            BodyDef b;
            const real x = rng.chance(0.5) ? map.origin.x + ts * real(rng.range(-3, cols + 3))
                                           : rng.uniform(double(lo.x - 3 * ts), double(hi.x + 3 * ts));
            const real y = rng.chance(0.5) ? map.origin.y + ts * real(rng.range(-3, 33))
                                           : rng.uniform(double(lo.y - 3 * ts), double(hi.y + 3 * ts));
            const int kind = rng.range(0, 9);
            const real w = kind < 4 ? ts * rng.uniform(0.1, 1.5) : kind < 6 ? ts * real(rng.range(1, 4)) : 0;
            const real h = kind < 4 ? ts * rng.uniform(0.1, 1.5) : kind < 6 ? 0 : kind < 8 ? ts * real(rng.range(1, 4)) : 0;
            b.box = Aabb{{x, y}, {x + w, y + h}};
            if (kind == 9 && rng.chance(0.3)) b.box = Aabb{{x, y}, {x + gdef.cell_size * 6, y + gdef.cell_size * 5}};
            return b;
        };
        auto add = [&] {
            const BodyDef b = random_body();
            gids.push_back(grid.add(b));
            bids.push_back(brute.add(b));
        };
        for (int i = 0; i < 6; ++i) add(); // before the map: set_tile_map marks their cells
        grid.set_tile_map(map);
        brute.set_tile_map(map);
        for (int r = 0; r < map.rows; ++r)
            for (int c = 0; c < map.columns; ++c)
                if (rng.chance(0.15)) {
                    const Tile t = rng.chance(0.8) ? Tile::solid : Tile::one_way;
                    grid.set_tile({c, r}, t);
                    brute.set_tile({c, r}, t);
                }
        MoveOptions ignore;
        ignore.response = Response::ignore; // moves that go where they are sent
        for (int step = 0; step < 60; ++step) {
            const int what = rng.range(0, 5);
            if (what == 0 || gids.empty()) {
                add();
            } else if (what == 1) {
                const std::size_t i = std::size_t(rng.range(0, int(gids.size()) - 1));
                const Aabb b = random_body().box;
                grid.teleport(gids[i], b);
                brute.teleport(bids[i], b);
            } else if (what == 2) {
                const std::size_t i = std::size_t(rng.range(0, int(gids.size()) - 1));
                const Vec2 d{rng.uniform(-20, 20) * ts, rng.uniform(-20, 20) * ts};
                grid.move(gids[i], d, ignore);
                brute.move(bids[i], d, ignore);
            } else if (what == 3 && gids.size() > 3) {
                const std::size_t i = std::size_t(rng.range(0, int(gids.size()) - 1));
                grid.remove(gids[i]);
                brute.remove(bids[i]);
                gids.erase(gids.begin() + std::ptrdiff_t(i));
                bids.erase(bids.begin() + std::ptrdiff_t(i));
            }
            for (int q = 0; q < 40; ++q) {
                // From an empty tile, any direction, up to beyond the map; every other cast
                // from a tile near a body, aimed at a point of it (short paths over few tiles).
                const bool aimed = q % 2 == 1;
                const Aabb target = brute.box(bids[std::size_t(rng.range(0, int(bids.size()) - 1))]);
                const Vec2 at{rng.uniform(double(target.min.x), double(target.max.x)),
                              rng.uniform(double(target.min.y), double(target.max.y))};
                const int ac = std::clamp(grid.tiles().column_of(at.x), 0, cols - 1), ar = std::clamp(grid.tiles().row_of(at.y), 0, 29);
                int c0, r0, tries = 0;
                do {
                    c0 = aimed && tries < 50 ? std::clamp(ac + rng.range(-3, 3), 0, cols - 1) : rng.range(0, cols - 1);
                    r0 = aimed && tries < 50 ? std::clamp(ar + rng.range(-3, 3), 0, 29) : rng.range(0, 29);
                    ++tries;
                } while (grid.tiles().get({c0, r0}) != Tile::empty);
                const Aabb t = grid.tiles().cell_box({c0, r0});
                const Vec2 o{rng.uniform(double(t.min.x), double(t.max.x)), rng.uniform(double(t.min.y), double(t.max.y))};
                const Vec2 d = aimed ? (at - o) * real(1.25) : Vec2{rng.uniform(-30, 30) * ts, rng.uniform(-30, 30) * ts};
                auto check = [&](const Aabb& box) {
                    const CastHit g = grid.cast_box(box, d), b = brute.cast_box(box, d);
                    if (!same(g, b))
                        fails.fail("cast: grid differs from reference:\n  seed " + std::to_string(seed) + " step " +
                                   std::to_string(step) + " box " + str(box) + " delta " + str(d) + "\n  grid " +
                                   str(g) + "\n  reference " + str(b));
                    if (b.hit && b.other.is_body()) ++body_hits;
                };
                check(Aabb{o, o}); // a ray (cast_ray is cast_box of the point)
                const real half = ts * real(rng.chance(0.5) ? 0.2 : 0.45);
                check(Aabb{o - Vec2(half, half), o + Vec2(half, half)});
            }
        }
    }
    BOOST_TEST_MESSAGE("casts_skip_bodies_only_where_no_body_can_be: " << body_hits << " body hits");
    BOOST_TEST(body_hits > 1000); // the casts do meet bodies
    fails.summary();
}

// ================================================================ seams

BOOST_AUTO_TEST_CASE(sliding_never_catches_on_a_seam) {
    Failures fails;
    const std::array<Vec2, 3> origins{Vec2(real(0.37), real(-13.71)), Vec2(real(-1000.3), real(517.77)), Vec2(real(0.1), real(0.2))};
    struct Mover {
        real w, h, run, gravity;
        bool jitter;
    };
    constexpr std::array<Mover, 6> movers{{
        {real(1), real(1), real(1), real(0.5), false},     // tile-sized, one tile per frame: edges land on seams
        {real(0.5), real(1.5), real(0.37), real(0.01), false},
        {real(2.3), real(0.8), real(1.7), real(1.3), false}, // gravity larger than a tile
        {real(0.75), real(0.75), real(0.013), real(0.2), false}, // slow
        {real(1), real(2), real(3), real(0.5), true},     // fast, speed changes each frame
        {real(0), real(0.5), real(0.6), real(0.3), true}, // zero width along the run
    }};
    int cases = 0;
    std::uint32_t seed = 77;
    for (real s : tile_sizes)
        for (const Vec2& origin : origins)
            for (const Orientation& o : orientations)
                for (const Mover& mv : movers) {
                    const SeamCase sc{s, origin, mv.w, mv.h, mv.run, mv.gravity, mv.jitter};
                    run_seam_case(sc, o, 1500, ++seed, fails);
                    ++cases;
                }
    BOOST_TEST_MESSAGE("tile_map: " << cases << " seam runs of 1500 frames");
    fails.summary();
}

// ================================================================ one-way tiles

namespace {
/// A level for the one-way tests: a one-way platform (row 4, columns 3..7) over a solid floor
/// (row 8), in a 12 x 10 map.
World one_way_world(real s, Vec2 origin) {
    TileMapDef d;
    d.origin = origin;
    d.tile_size = s;
    d.columns = 12;
    d.rows = 10;
    World w = make_world(d);
    paint(w, {"............",
              "............",
              "............",
              "............",
              "...=====....",
              "............",
              "............",
              "............",
              "############",
              "############"});
    return w;
}
constexpr std::array<real, 4> one_way_sizes{real(16), real(0.7), real(1) / real(3), real(1)};
} // namespace

BOOST_AUTO_TEST_CASE(one_way_landing_from_above) {
    for (real s : one_way_sizes)
        for (real dx : {real(0), real(0.3), real(-0.45)}) {
            World w = one_way_world(s, {real(0.37), real(-5.5)});
            const TileMap& m = w.tiles();
            const real top = m.edge_y(4);
            BodyDef bd;
            bd.box = {{m.edge_x(4) + s * real(0.1), m.edge_y(1)}, {m.edge_x(5), m.edge_y(2)}};
            const BodyId id = w.add(bd);
            const MoveResult r = w.move(id, {dx * s, s * real(5)});
            BOOST_TEST_CONTEXT("size " << str(s) << " dx " << str(dx) << " result " << str(r)) {
                BOOST_TEST(r.box.max.y == top);
                BOOST_TEST(r.box.max.y - r.box.min.y == bd.box.max.y - bd.box.min.y);
                BOOST_TEST_REQUIRE(r.contacts.size() >= 1u);
                BOOST_TEST((r.contacts[0].normal == Vec2(0, -1)));
                BOOST_TEST(r.contacts[0].other.is_tile());
                BOOST_TEST((m.get(r.contacts[0].other.tile) == Tile::one_way));
                BOOST_TEST(r.contacts[0].other.tile.row == 4);
                BOOST_TEST(!r.contacts[0].started_overlapping);
                // Slide: the horizontal part is kept in full (two legs, so within rounding).
                BOOST_TEST(std::fabs(r.box.min.x - (bd.box.min.x + dx * s)) <= real(1e-5) * (real(1) + std::fabs(r.box.min.x)));
            }
            // Casts see the same top.
            const CastHit c = w.cast_box(bd.box, {0, s * real(5)}, QueryFilter{.ignore = id});
            BOOST_TEST((c.hit && c.normal == Vec2(0, -1) && c.box.max.y == top), str(c));
            const Vec2 ray_from{m.edge_x(5) + s * real(0.5), m.edge_y(1)};
            const CastHit rc = w.cast_ray(ray_from, {0, s * real(5)}, QueryFilter{.ignore = id});
            BOOST_TEST((rc.hit && rc.point.y == top && rc.normal == Vec2(0, -1) && rc.other.tile.row == 4), str(rc));
        }
}

BOOST_AUTO_TEST_CASE(one_way_passes_from_below_and_from_the_side) {
    for (real s : one_way_sizes) {
        World w = one_way_world(s, {real(-3.3), real(7.25)});
        const TileMap& m = w.tiles();
        BodyDef bd;
        // From below, straight up and diagonally up, through the platform.
        for (real dx : {real(0), real(0.7), real(-1.2)}) {
            bd.box = {{m.edge_x(5), m.edge_y(6)}, {m.edge_x(5) + s * real(0.8), m.edge_y(7)}};
            const BodyId id = w.add(bd);
            const Vec2 d{dx * s, -s * real(5)};
            const MoveResult r = w.move(id, d);
            BOOST_TEST((r.box == bd.box.translated(d) && r.contacts.empty()), "from below, size " << str(s) << ": " << str(r));
            const CastHit c = w.cast_box(bd.box, d, QueryFilter{.ignore = id});
            BOOST_TEST(!c.hit, "cast from below: " << str(c));
            const CastHit rc = w.cast_ray(bd.box.min, d, QueryFilter{.ignore = id});
            BOOST_TEST(!rc.hit, "ray from below: " << str(rc));
            w.remove(id);
        }
        // From the side, at the platform's height, horizontally and slightly down or up.
        for (real dy : {real(0), real(0.2), real(-0.2)}) {
            for (int side : {-1, 1}) {
                const real x0 = side < 0 ? m.edge_x(1) : m.edge_x(9);
                bd.box = {{x0, m.edge_y(4) + s * real(0.25)}, {x0 + s * real(0.5), m.edge_y(4) + s * real(0.75)}};
                const BodyId id = w.add(bd);
                const Vec2 d{real(-side) * s * real(8), dy * s};
                const MoveResult r = w.move(id, d);
                BOOST_TEST((r.box == bd.box.translated(d) && r.contacts.empty()),
                           "from the side " << side << " dy " << str(dy) << ", size " << str(s) << ": " << str(r));
                w.remove(id);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(one_way_mover_starting_partly_below_passes) {
    for (real s : one_way_sizes) {
        World w = one_way_world(s, {real(0.37), real(-5.5)});
        const TileMap& m = w.tiles();
        const real top = m.edge_y(4);
        // Bottom edge just below the top (by one ulp, by a quarter tile, by most of the tile).
        for (real bottom : {std::nextafter(top, inf), top + s * real(0.25), top + s * real(0.9)}) {
            BodyDef bd;
            bd.box = {{m.edge_x(5), bottom - s}, {m.edge_x(6), bottom}};
            const BodyId id = w.add(bd);
            const Vec2 d{0, s * real(2)};
            const MoveResult r = w.move(id, d);
            BOOST_TEST((r.box == bd.box.translated(d) && r.contacts.empty()),
                       "partly below by " << str(bottom - top) << ", size " << str(s) << ": " << str(r));
            w.remove(id);
        }
        // Exactly flush on top is fully above: blocked at once.
        BodyDef bd;
        bd.box = {{m.edge_x(5), top - s}, {m.edge_x(6), top}};
        const BodyId id = w.add(bd);
        const MoveResult r = w.move(id, {0, s * real(2)});
        BOOST_TEST((r.box == bd.box && r.contacts.size() == 1u && r.contacts[0].time == 0), "flush on top: " << str(r));
    }
}

BOOST_AUTO_TEST_CASE(standing_on_a_one_way_platform_across_frames) {
    for (real s : one_way_sizes) {
        World w = one_way_world(s, {real(11.1), real(-0.3)});
        const TileMap& m = w.tiles();
        const real top = m.edge_y(4);
        BodyDef bd;
        bd.box = {{m.edge_x(3) + s * real(0.1), top - s * real(1.5)}, {m.edge_x(3) + s * real(0.9), top}};
        const BodyId id = w.add(bd);
        // Walk right along the platform (over its seams) and back, with gravity every frame.
        real dir = 1;
        for (int f = 0; f < 2000; ++f) {
            const Aabb before = w.box(id);
            if (before.max.x + s * real(0.05) > m.edge_x(8)) dir = -1;
            if (before.min.x - s * real(0.05) < m.edge_x(3)) dir = 1;
            const Vec2 d{dir * s * real(0.0437), s * real(0.25)};
            const MoveResult r = w.move(id, d);
            const bool ok = r.box.max.y == top && r.box.min.x == before.translated(d).min.x && r.contacts.size() == 1u &&
                            r.contacts[0].normal == Vec2(0, -1);
            if (!ok) {
                BOOST_ERROR("size " << str(s) << " frame " << f << " from " << str(before) << ": " << str(r));
                break;
            }
        }
        // A larger gravity step (more than a tile per frame) does not fall through either.
        for (int f = 0; f < 50; ++f) {
            const MoveResult r = w.move(id, {0, s * real(3.5)});
            if (r.box.max.y != top) {
                BOOST_ERROR("fell through with a big step, size " << str(s) << ": " << str(r));
                break;
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(dropping_through_a_one_way_platform_with_a_filter) {
    for (real s : one_way_sizes) {
        World w = one_way_world(s, {real(0.37), real(-5.5)});
        const TileMap& m = w.tiles();
        BodyDef bd;
        bd.box = {{m.edge_x(5), m.edge_y(4) - s}, {m.edge_x(6), m.edge_y(4)}};
        const BodyId id = w.add(bd);
        MoveOptions drop;
        drop.filter = &ignore_one_way;
        const MoveResult r = w.move(id, {0, s * real(6)}, drop);
        // Through the platform, onto the solid floor (row 8).
        BOOST_TEST(r.box.max.y == m.edge_y(8), str(r));
        BOOST_TEST_REQUIRE(r.contacts.size() == 1u);
        BOOST_TEST(r.contacts[0].other.tile.row == 8);
        BOOST_TEST((r.contacts[0].normal == Vec2(0, -1)));
        // Without the filter, from the floor up through the platform and back down: lands on it.
        const MoveResult up = w.move(id, {0, -s * real(5)});
        BOOST_TEST(up.contacts.empty(), str(up));
        const MoveResult down = w.move(id, {0, s * real(5)});
        BOOST_TEST(down.box.max.y == m.edge_y(4), str(down));
        // The filter of a query can leave the tiles out altogether.
        const CastHit c = w.cast_ray({m.edge_x(5) + s * real(0.5), m.edge_y(0)}, {0, s * real(9)},
                                     QueryFilter{.ignore = id, .tiles = false});
        BOOST_TEST(!c.hit, str(c));
    }
}

BOOST_AUTO_TEST_CASE(one_way_rule_is_checked_for_each_leg) {
    // A box starting inside the platform row moves up (passes: it is not above), bounces off a
    // ceiling, and comes down: that second leg starts fully above the platform, so it lands.
    for (real s : one_way_sizes) {
        TileMapDef d;
        d.origin = {real(2.5), real(-1.25)};
        d.tile_size = s;
        d.columns = 6;
        d.rows = 9;
        World w = make_world(d);
        paint(w, {"######",
                  "......",
                  "......",
                  "......",
                  "......",
                  ".====.",
                  "......",
                  "......",
                  "######"});
        const TileMap& m = w.tiles();
        BodyDef bd;
        bd.box = {{m.edge_x(2), m.edge_y(5) + s * real(0.5)}, {m.edge_x(3), m.edge_y(6) + s * real(0.5)}};
        const BodyId id = w.add(bd);
        MoveOptions opt;
        opt.filter = &bounce_solid_touch_one_way;
        opt.restitution = 1;
        // Up 5.5 tiles to the ceiling (row 0's bottom at edge 1), then 4.5 tiles back down: the
        // platform top (edge 5) is 4 tiles below the ceiling with a 1-tile box, so it lands there.
        const MoveResult r = w.move(id, {0, -s * real(10)}, opt);
        BOOST_TEST_CONTEXT("size " << str(s) << ": " << str(r)) {
            BOOST_TEST_REQUIRE(r.contacts.size() == 2u);
            BOOST_TEST((r.contacts[0].normal == Vec2(0, 1)));
            BOOST_TEST(r.contacts[0].other.tile.row == 0);
            BOOST_TEST(r.contacts[0].box.min.y == m.edge_y(1));
            BOOST_TEST((r.contacts[1].normal == Vec2(0, -1)));
            BOOST_TEST(r.contacts[1].other.tile.row == 5);
            BOOST_TEST(r.box.max.y == m.edge_y(5));
        }
    }
}

// ================================================================ doors

BOOST_AUTO_TEST_CASE(doors_open_and_close_during_a_run) {
    for (real s : {real(16), real(0.7), real(0.1)}) {
        TileMapDef d;
        d.origin = {real(-7.75), real(3.1)};
        d.tile_size = s;
        d.columns = 20;
        d.rows = 6;
        World w = make_world(d);
        // A corridor (rows 2..3) closed by a door of two tiles at column 10.
        paint(w, {"####################",
                  "####################",
                  "..........#.........",
                  "..........#.........",
                  "####################",
                  "####################"});
        const TileMap& m = w.tiles();
        const TileCell door{10, 2};
        BodyDef bd;
        bd.box = {{m.edge_x(2), m.edge_y(2) + s * real(0.5)}, {m.edge_x(2) + s * real(0.8), m.edge_y(4)}};
        const BodyId id = w.add(bd);
        const Vec2 step{s * real(0.3), s * real(0.1)}; // walking right, with gravity into the floor
        int frame = 0;
        // Closed: the walker ends flush against the door.
        for (; frame < 60; ++frame) w.move(id, step);
        BOOST_TEST(w.box(id).max.x == m.edge_x(10), "blocked by the closed door, size " << str(s) << ": " << str(w.box(id)));
        BOOST_TEST(w.box(id).max.y == m.edge_y(4));
        // Looking through the door: the ray hits it.
        const Vec2 eye{m.edge_x(3), m.edge_y(3) + s * real(0.5)};
        CastHit c = w.cast_ray(eye, {s * real(12), 0}, QueryFilter{.ignore = id});
        BOOST_TEST((c.hit && c.other == Other::of(TileCell{10, 3}) && c.normal == Vec2(-1, 0)), str(c));
        // Open (both tiles): the walker passes.
        w.set_tile(door, Tile::empty);
        w.set_tile({10, 3}, Tile::empty);
        BOOST_TEST(m.faces({10, 1}) == (face_pos_y)); // the door's lintel gained a bottom surface
        BOOST_TEST(m.faces({10, 4}) == (face_neg_y)); // and its sill a top surface
        c = w.cast_ray(eye, {s * real(12), 0}, QueryFilter{.ignore = id});
        BOOST_TEST(!c.hit, str(c));
        for (int f = 0; f < 30; ++f) {
            const Aabb before = w.box(id);
            const MoveResult r = w.move(id, step);
            if (r.box.min.x != before.translated(step).min.x) {
                BOOST_ERROR("open door still blocks, size " << str(s) << ": " << str(r));
                break;
            }
        }
        BOOST_TEST(w.box(id).min.x > m.edge_x(11));
        // Close it behind; walking back, the walker stops on the other side of the door.
        w.set_tile(door, Tile::solid);
        w.set_tile({10, 3}, Tile::solid);
        BOOST_TEST(m.faces({10, 1}) == 0);
        BOOST_TEST(m.faces({10, 2}) == (face_neg_x | face_pos_x));
        for (int f = 0; f < 60; ++f) w.move(id, {-step.x, step.y});
        BOOST_TEST(w.box(id).min.x == m.edge_x(11), "blocked from the other side: " << str(w.box(id)));
    }
}

BOOST_AUTO_TEST_CASE(seams_appear_and_disappear_with_set_tile) {
    // A floor row; a ray inside the row, moving right, hits the first tile of a solid run on its
    // left face. Removing that tile makes the next tile's left face a surface; putting it back
    // removes it. A box sliding on the floor never notices the tile under it coming back.
    for (real s : tile_sizes) {
        TileMapDef d;
        d.origin = {real(0.37), real(-13.71)};
        d.tile_size = s;
        d.columns = 8;
        d.rows = 3;
        World w = make_world(d);
        paint(w, {"........", "........", ".#######"});
        const TileMap& m = w.tiles();
        const Vec2 o{m.edge_x(0), m.edge_y(2) + s * real(0.5)};
        const Vec2 ray{s * real(8), 0};
        CastHit c = w.cast_ray(o, ray);
        BOOST_TEST((c.hit && c.other == Other::of(TileCell{1, 2}) && c.point.x == m.edge_x(1)), str(c));
        BOOST_TEST((m.faces({2, 2}) & face_neg_x) == 0);
        w.set_tile({1, 2}, Tile::empty);
        BOOST_TEST((m.faces({2, 2}) & face_neg_x) != 0);
        c = w.cast_ray(o, ray);
        BOOST_TEST((c.hit && c.other == Other::of(TileCell{2, 2}) && c.point.x == m.edge_x(2) && c.normal == Vec2(-1, 0)), str(c));
        w.set_tile({1, 2}, Tile::solid);
        BOOST_TEST((m.faces({2, 2}) & face_neg_x) == 0);
        c = w.cast_ray(o, ray);
        BOOST_TEST((c.hit && c.other == Other::of(TileCell{1, 2})), str(c));
        // A walker on the floor: tiles under it change; it keeps sliding at full speed.
        BodyDef bd;
        bd.box = {{m.edge_x(2), m.edge_y(2) - s}, {m.edge_x(2) + s * real(0.6), m.edge_y(2)}};
        const BodyId id = w.add(bd);
        for (int f = 0; f < 40; ++f) {
            const TileCell flip{2 + f % 5, 2};
            w.set_tile(flip, Tile::empty);
            w.set_tile(flip, Tile::solid);
            const Aabb before = w.box(id);
            const Vec2 step{s * real(0.1), s * real(0.2)};
            const MoveResult r = w.move(id, step);
            if (r.box.min.x != before.translated(step).min.x || r.box.max.y != m.edge_y(2)) {
                BOOST_ERROR("walker caught after set_tile, size " << str(s) << ": " << str(r));
                break;
            }
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
