#pragma once
// Tile kinds by name (LevelRules plus the built-in names), the flips of a tile, and the
// numbering of the kinds a level uses.

#include <sweepbox/levels.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sweepbox::levels {

// Where a problem is, for LevelError.
struct Place {
    std::string file;
    std::string layer;
    std::int64_t line = 0;
};
[[noreturn]] void fail(const Place& at, const std::string& problem);

// ASCII lower case.
[[nodiscard]] std::string lower(std::string_view s);
// The name in double quotes, for messages.
[[nodiscard]] std::string in_quotes(std::string_view s);

// A tile's flips, as Tiled's gid bits say them: the diagonal flip (x and y swapped) first, then
// the horizontal, then the vertical.
struct Flips {
    bool h = false, v = false, d = false;
    [[nodiscard]] bool any() const { return h || v || d; }
};
// The shape a flipped tile of shape `s` has; false when no shape is its image (never for the
// built-in shapes: the 20 slopes and the 4 one-way directions are each closed under the flips).
[[nodiscard]] bool flipped_shape(TileShape s, Flips f, TileShape& out);

// The kinds of one level: editor names are resolved (rename, case, the rules' kinds, the
// built-in names), given a provisional id in first-use order, and numbered at the end.
class KindTable {
public:
    explicit KindTable(const LevelRules& rules);
    // The provisional id (1 and up; 0 is empty) of the kind an editor name names, flipped.
    // Fails (at `at`) on an unknown name, a flip no kind matches, or more than 255 kinds.
    [[nodiscard]] std::uint8_t id_of(std::string_view editor_name, Flips flips, const Place& at);
    // The name of a provisional id ("empty" for 0).
    [[nodiscard]] std::string name_of(std::uint8_t id) const { return id ? used_[id - 1u].name : "empty"; }
    // The kinds used, numbered (shapes by their value, other names from tile_shape_count in name
    // order), and for each provisional id its kind index.
    [[nodiscard]] std::vector<LevelKind> finish(std::array<std::uint8_t, 256>& index_of_id, const Place& at) const;

private:
    struct Entry {
        std::string name;
        TileKind kind;
    };
    [[nodiscard]] bool lookup(const std::string& name, TileKind& out) const;
    const LevelRules& rules_;
    std::vector<Entry> used_; // provisional id - 1
};

// The body a body kind name makes (rename and case applied); false when the name is no body
// kind. "none" gives true with `none` set.
struct BodyKind {
    bool none = false;
    bool is_static = false, is_platform = false, is_sensor = false;
    OneWay one_way = OneWay::none;
};
[[nodiscard]] bool body_kind_of(std::string_view editor_name, const LevelRules& rules, BodyKind& out);
// A one-way direction by name ("down", "up", "left", "right", "none"); false when unknown.
[[nodiscard]] bool one_way_of(std::string_view name, OneWay& out);

} // namespace sweepbox::levels
