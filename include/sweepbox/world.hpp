#pragma once
/// @file world.hpp
/// The world: bodies with generational ids, categories and masks, an optional tile map, the
/// queries (casts, rectangle, point, segment, overlapping pairs) and `move`, the three-level
/// movement pipeline with its responses (ignore, touch, slide, cross, bounce).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>
#include <sweepbox/cast_options.hpp>
#include <sweepbox/error.hpp>
#include <sweepbox/geometry.hpp>
#include <sweepbox/id.hpp>
#include <sweepbox/move_options.hpp>
#include <sweepbox/tile_map.hpp>

namespace sweepbox {

class World;

/// How to build a world.
struct WorldDef {
    real cell_size = 64; ///< side of a broad-phase cell in world units, > 0
    /// Boxes spanning more cells than this on an axis (1 to 255) go to the oversize list.
    std::int32_t oversize_cells = 8;
    /// Reference mode (for tests): every query and move tests every body and every blocking tile,
    /// with no grid walk, no sub-boxes and no early exit. Same narrow phase, same answers.
    bool brute_force = false;
};

/// Which way a one-way body blocks: the direction a mover must move to be blocked, which it must
/// start fully on the near side of (down: a jump-through platform, met from above). A body that
/// is not one-way blocks from every side.
enum class OneWay : std::uint8_t {
    none,  ///< blocks from every side
    down,  ///< blocks movers moving +y that start fully above it
    up,    ///< blocks movers moving -y that start fully below it
    left,  ///< blocks movers moving -x that start fully right of it
    right, ///< blocks movers moving +x that start fully left of it
};

/// The name of a one-way direction ("none", "down", "up", "left", "right"; "invalid" otherwise).
[[nodiscard]] SWEEPBOX_API const char* to_string(OneWay w);

/// A body: how to add one (World::add), and what World::info says of one. The C API's
/// sweepbox_body_def and a scene's SceneBody carry the same fields.
struct BodyDef {
    Aabb box{};                       ///< where the body is; zero width or height is legal
    bool is_static = false;           ///< static bodies never pair with each other in overlapping_pairs
    bool is_platform = false;         ///< a moving platform (platforms.hpp): carries riders, pushes; not static
    std::uint32_t category = 1;       ///< what the body is (bits)
    std::uint32_t mask = 0xffffffffu; ///< what the body interacts with (bits)
    std::uint64_t user_data = 0;      ///< one opaque word for the game
    bool is_sensor = false;           ///< never blocks, is never pushed, moves through everything; reports
                                      ///< the bodies overlapping it (update_events)
    OneWay one_way = OneWay::none;    ///< a one-way body blocks only movers coming its way
    /// Exact equality of every field.
    bool operator==(const BodyDef&) const = default;
};

/// A read-only view of a body: the record it was added with, at its current box, filter, user
/// data and one-way direction (World::add of it adds a body like it, under a new id).
using BodyInfo = BodyDef;

/// Which obstacles a query sees. An obstacle passes when
/// `(obstacle.category & mask) && (category & obstacle.mask)`.
struct QueryFilter {
    std::uint32_t category = 0xffffffffu; ///< the query's own category
    std::uint32_t mask = 0xffffffffu;     ///< categories the query sees
    BodyId ignore{};                      ///< a body to leave out (the shooter), or null
    bool bodies = true;                   ///< include bodies
    bool tiles = true;                    ///< include tiles
    bool sensors = false;                 ///< also sensor bodies and sensor tiles: listed by the region
                                          ///< queries, hit by the casts as lone boxes (moves never see them)
};

/// The answer of a cast. If `hit` is false, every other field is meaningless.
struct CastHit {
    bool hit = false;                 ///< true when something was hit in [0, 1)
    real time = 1;                    ///< fraction of delta at contact; 0 when started overlapping
    Vec2 normal{0, 0};                ///< unit axis vector out of the obstacle
    Vec2 point{0, 0};                 ///< ray: origin + time*delta (on the face); box: middle of the touching faces
    Aabb box{};                       ///< the cast box at contact, flush against the face (ray: a point)
    Other other{};                    ///< what was hit
    bool started_overlapping = false; ///< the cast started inside the obstacle (normal: minimum translation)
    bool corner = false;              ///< both axes entered at the same instant
    bool junction = false;            ///< stopped where obstacles meet (rule 6; as Contact::junction)
};

/// One overlapping pair of bodies (interiors overlap), each pair once, a.index < b.index.
struct Pair {
    BodyId a{};            ///< first body (lower index)
    BodyId b{};            ///< second body
    Penetration overlap{}; ///< minimum translation moving a out of b (depth > 0)
};

/// A body started or stopped overlapping a sensor (interiors overlap; category and mask both ways).
struct SensorEvent {
    Other sensor{};   ///< the sensor body or sensor tile
    BodyId visitor{}; ///< the body (never a sensor); stale when it was removed
    /// Sensor, then visitor (Other's order: bodies by id, then tiles by row and column).
    friend constexpr auto operator<=>(const SensorEvent&, const SensorEvent&) = default;
};

/// A body started or stopped touching an obstacle (closed boxes meet, the two interact, neither is
/// a sensor; a one-way tile only from the side it blocks).
struct ContactEvent {
    BodyId body{}; ///< a movable body (of two movable bodies, the lower index); stale when removed
    Other other{}; ///< the obstacle: a body or a blocking tile
    /// Body, then other.
    friend constexpr auto operator<=>(const ContactEvent&, const ContactEvent&) = default;
};

/// The events of the last update_events, each list sorted (SensorEvent's and ContactEvent's
/// order). Valid until the next update_events or the world's destruction.
struct Events {
    std::span<const SensorEvent> sensor_begin;   ///< began overlapping a sensor
    std::span<const SensorEvent> sensor_end;     ///< stopped overlapping a sensor
    std::span<const ContactEvent> contact_begin; ///< began touching
    std::span<const ContactEvent> contact_end;   ///< stopped touching
};

/// What a snapshot holds (World::save; docs/contract.md, "Snapshots").
enum class SnapshotMode : std::uint8_t {
    full,    ///< the whole world: every body, the tile map's kinds and tiles, the grid, the events' bookkeeping
    movable, ///< every body but the static ones, and the events' bookkeeping; the static bodies and the tile
             ///< map are taken by reference: the world that restores it must hold them as they were
};

/// What the body grid holds (World::grid_stats).
struct GridStats {
    real cell_size = 0;           ///< the side of a cell (WorldDef::cell_size)
    std::size_t cells = 0;        ///< cells made (an emptied cell is kept until the grid compacts)
    std::size_t oversize = 0;     ///< bodies in the oversize list (spanning more than oversize_cells)
    std::size_t memory_bytes = 0; ///< bytes held by the grid's own tables
};

/// A world of boxes. Not copyable while moves are running; read-only queries on a const World
/// are safe from many threads at once (they use thread-local scratch memory only).
class SWEEPBOX_API World {
public:
    /// A world with the given broad-phase settings. Throws Error on a bad definition.
    explicit World(const WorldDef& def = {});

    // ---- bodies ----
    /// Adds a body. Throws Error on an invalid box (NaN or infinite, min > max, or wider or taller
    /// than the finite range of real).
    BodyId add(const BodyDef& def);
    /// Removes a body; its id becomes stale. Throws Error on a stale id.
    void remove(BodyId id);
    /// Puts a body at a new box at once (no sweep). Throws Error on a stale id or invalid box (as add).
    void teleport(BodyId id, const Aabb& box);
    /// True when id names a live body of this world.
    [[nodiscard]] bool is_valid(BodyId id) const;
    /// The current box, by value (a reference would dangle once `add` grows the body table).
    /// Throws Error on a stale id.
    [[nodiscard]] Aabb box(BodyId id) const { return checked(id, "box").box; }
    /// Everything about a body. Throws Error on a stale id.
    [[nodiscard]] BodyInfo info(BodyId id) const;
    /// Changes a body's user data. Throws Error on a stale id.
    void set_user_data(BodyId id, std::uint64_t user_data);
    /// Changes a body's category and mask. Throws Error on a stale id.
    void set_filter(BodyId id, std::uint32_t category, std::uint32_t mask);
    /// Makes a body one-way (or solid again, OneWay::none): a jump-through platform that a game
    /// turns on and off. Throws Error on a bad id or a value outside the enum.
    void set_one_way(BodyId id, OneWay one_way);
    /// Number of live bodies.
    [[nodiscard]] std::size_t body_count() const { return live_; }
    /// Appends the ids of all live bodies, by index, to out (cleared first).
    void body_ids(std::vector<BodyId>& out) const;
    /// The broad-phase settings.
    [[nodiscard]] const WorldDef& def() const { return def_; }
    /// What the body grid holds (for inspection and benchmarks).
    [[nodiscard]] GridStats grid_stats() const;

    // ---- tiles ----
    /// Replaces the tile map with an empty one of the given shape. Throws Error on a bad definition.
    void set_tile_map(const TileMapDef& def);
    /// The tile map (empty unless set_tile_map was called).
    [[nodiscard]] const TileMap& tiles() const { return tiles_; }
    /// Sets one tile (open a door, close it). Throws Error outside the map.
    void set_tile(TileCell cell, Tile tile);
    /// Sets one tile to kind index `kind` (TileMap::set). Throws Error outside the map or on a
    /// kind out of 0 to 255.
    void set_tile(TileCell cell, std::int32_t kind);
    /// Redefines tile kind `index` (TileMap::set_kind); its tiles change with it. Throws Error on
    /// a bad kind or an empty map (set_tile_map first).
    void set_tile_kind(std::int32_t index, const TileKind& kind);

    // ---- movement ----
    /// Moves a body by delta, colliding with every other body (at its current position) and the
    /// tiles. Throws Error on a stale id, a non-finite delta or velocity, a moved box out of the
    /// finite range of real, max_iterations < 1, options out of their ranges (MoveOptions), or a
    /// result (box, velocity, a contact's numbers) out of that range; the world is then unchanged.
    MoveResult move(BodyId id, Vec2 delta, const MoveOptions& options = {});
    /// The same, filling `out` (reuse it across calls and the move allocates nothing).
    void move(BodyId id, Vec2 delta, const MoveOptions& options, MoveResult& out);
    /// The dry run of move (bump's `check`, Godot's `test_move`): the same answer, bit for bit,
    /// with the body left where it is. Const: a move's filter may call it.
    [[nodiscard]] MoveResult check(BodyId id, Vec2 delta, const MoveOptions& options = {}) const;
    /// The same, filling `out`.
    void check(BodyId id, Vec2 delta, const MoveOptions& options, MoveResult& out) const;

    // ---- queries (const, thread-safe) ----
    /// The closest hit of the segment origin -> origin + delta. A ray starting inside a box hits
    /// it at time 0 with started_overlapping.
    [[nodiscard]] CastHit cast_ray(Vec2 origin, Vec2 delta, const QueryFilter& filter = {}) const;
    /// The closest hit of box moved by delta. Throws Error on a NaN, infinite or inverted box or
    /// delta, a moved box out of the finite range of real, or a box wider or taller than that range.
    [[nodiscard]] CastHit cast_box(const Aabb& box, Vec2 delta, const QueryFilter& filter = {}) const;
    /// Every obstacle the moving box meets in [0, 1), each once at its first contact, sorted by
    /// time (then face before corner, then bodies by id, then tiles by row, column). For
    /// piercing shots. `out` is cleared first. Throws Error as cast_box does.
    void cast_all(const Aabb& box, Vec2 delta, std::vector<CastHit>& out, const QueryFilter& filter = {}) const;
    /// Everything whose closed box meets the closed rectangle (touching counts), bodies by id
    /// then tiles by row and column. `out` is cleared first.
    void query_rect(const Aabb& rect, std::vector<Other>& out, const QueryFilter& filter = {}) const;
    /// Everything whose closed box holds p (on an edge counts). `out` is cleared first.
    void query_point(Vec2 p, std::vector<Other>& out, const QueryFilter& filter = {}) const;
    /// Everything the closed segment a -> b meets, in order along the segment (ties as in
    /// cast_all; touching counts). `out` is cleared first.
    void query_segment(Vec2 a, Vec2 b, std::vector<Other>& out, const QueryFilter& filter = {}) const;
    /// Every pair of bodies whose interiors overlap and that interact (category and mask both
    /// ways), each once, static-static pairs left out, sorted by (a, b). `out` is cleared first.
    void overlapping_pairs(std::vector<Pair>& out) const;

    // ---- moving targets (docs/contract.md, "Moving targets") ----
    /// Starts a frame: the moves from now on make each body's frame motion. Allocates nothing
    /// once the lists have grown.
    void begin_frame();
    /// The closest hit of a cast with options: with `moving`, spanning the frame times [t0, t1]
    /// and meeting each moving body where it was. Throws Error as cast_box does, or on a bad
    /// interval.
    [[nodiscard]] CastHit cast_ray(Vec2 origin, Vec2 delta, const QueryFilter& filter,
                                   const CastOptions& options) const;
    /// The same for a box.
    [[nodiscard]] CastHit cast_box(const Aabb& box, Vec2 delta, const QueryFilter& filter,
                                   const CastOptions& options) const;
    /// Every hit in time order, each obstacle once.
    void cast_all(const Aabb& box, Vec2 delta, std::vector<CastHit>& out, const QueryFilter& filter,
                  const CastOptions& options) const;
    /// query_rect, query_point and query_segment without what `keep` leaves out.
    void query_rect(const Aabb& rect, std::vector<Other>& out, const QueryFilter& filter, QueryCallback keep,
                    void* context) const;
    /// (See query_rect with a callback.)
    void query_point(Vec2 p, std::vector<Other>& out, const QueryFilter& filter, QueryCallback keep,
                     void* context) const;
    /// (See query_rect with a callback.)
    void query_segment(Vec2 a, Vec2 b, std::vector<Other>& out, const QueryFilter& filter, QueryCallback keep,
                       void* context) const;
    /// Where a body was at frame time t in [0, 1] (its box when it has no motion this frame).
    /// Throws Error on a stale id or a bad t.
    [[nodiscard]] Aabb frame_box(BodyId id, real t) const;
    /// The body's frame motion: its start box, then each leg's end box (empty: still). `out` is
    /// cleared first. Throws Error on a stale id.
    void frame_path(BodyId id, std::vector<Aabb>& out) const;

    // ---- events (docs/events.md) ----
    /// Compares who overlaps which sensor and who touches what now with the last call, and lists
    /// the differences (events()). A body whose move passed through a sensor since the last call
    /// gets both a begin and an end, and so does a pair a move's contact touched that touches at
    /// neither call. Call once a frame, after the frame's moves; the lists reuse their memory, so
    /// a steady frame allocates nothing.
    void update_events();
    /// The events of the last update_events.
    [[nodiscard]] Events events() const { return {sensor_begin_, sensor_end_, contact_begin_, contact_end_}; }

    // ---- snapshots (docs/contract.md, "Snapshots") ----
    /// The size in bytes of the snapshot `save` would write now.
    [[nodiscard]] std::size_t save_size(SnapshotMode mode = SnapshotMode::full) const;
    /// Saves the world's state into `out`, resized to the snapshot's size (its capacity is kept: a
    /// buffer reused frame after frame allocates only when a snapshot outgrows it). The bytes are
    /// the same on every machine: little-endian, no padding, no pointers, after a header naming the
    /// format's and the library's versions, the precision of `real` and the world's definition.
    /// Unlike the queries, not to be called on one world from two threads at once (a movable
    /// snapshot may refresh the world's cached hash of its level).
    void save(std::vector<std::byte>& out, SnapshotMode mode = SnapshotMode::full) const;
    /// The same into the game's buffer: writes save_size(mode) bytes and returns that number.
    /// Throws Error, writing nothing, when `out` is smaller.
    std::size_t save(std::span<std::byte> out, SnapshotMode mode = SnapshotMode::full) const;
    /// Puts the world back in the state a snapshot saved (ids, free slots, boxes, tiles, the grid's
    /// order, the events' bookkeeping), so that every later answer is bit for bit the one the saved
    /// world gave. Throws Error, with the world unchanged, when the bytes are not a whole snapshot
    /// of this format, library version and precision, of a world of the same cell size, oversize
    /// cells and tile map definition (for a movable snapshot: the same static bodies and tile map),
    /// or when they contradict themselves.
    void restore(std::span<const std::byte> snapshot);

    /// The library's own way to the private parts below: defined in src/ only, no use to a game.
    struct Internals;

private:
    // What the queries read of a body, 32 bytes (with float): two to a cache line, none split
    // across two. The game's word, which no query reads, lives apart in user_data_.
    struct Body {
        Aabb box{};
        std::uint32_t generation = 0;
        std::uint32_t category = 1;
        std::uint32_t mask = 0xffffffffu; // when dead: the next free slot
        bool alive = false;
        bool is_static = false;
        std::uint8_t one_way = 0;     // 0, or the OneWay (emit_body gives a one-way obstacle its entry face)
        bool is_platform : 1 = false; // (bit fields: the body stays 32 bytes, the walks read its fields)
        bool is_sensor : 1 = false;   // then `mask` is 0, so no selector ever meets it; masks_ holds the game's
    };
    // One straight piece of a move's path, for the sensors it may have passed (update_events).
    struct PathLeg {
        BodyId id{};
        Aabb from{}, to{};
        std::uint32_t category = 0, mask = 0;
        bool is_sensor = false;
    };
    // The live body of id, or throws Error naming `where` (null, foreign or stale id).
    const Body& checked(BodyId id, const char* where) const {
        if (id.index < bodies_.size() && !id.is_null()) {
            const Body& b = bodies_[id.index];
            if (b.alive && b.generation == id.generation) return b;
        }
        bad_id(id, where);
    }
    [[noreturn]] void bad_id(BodyId id, const char* where) const;
    // move and check (dry): the whole answer into out (box and velocity included), storing nothing.
    template <class Frame>
    void resolve_move(BodyId id, Vec2 delta, const MoveOptions& o, MoveResult& out, bool dry, const Frame& f) const;
    void store_move(BodyId id, const MoveResult& out); // a move's result into the world
    // A move against the frame's motion (MoveOptions::moving), into out (move_moving.cpp).
    void resolve_against(BodyId id, Vec2 delta, const MoveOptions& o, MoveResult& out, bool dry) const;

    WorldDef def_{};
    std::vector<Body> bodies_;             // slot 0 unused
    std::vector<std::uint64_t> user_data_; // parallel to bodies_
    std::uint32_t free_head_ = 0;
    std::size_t live_ = 0;
    // The body grid, a SpatialGrid (src/broadphase/spatial_grid.hpp), held in place so that a move
    // reaches it with no pointer to follow; made, copied and destroyed in src/world/world_grid.cpp,
    // which checks that `bytes` holds it in every build (float or double, 32 or 64 bits).
    class Grid;
    struct SWEEPBOX_API GridSlot {
        explicit GridSlot(const WorldDef& def);
        GridSlot(const GridSlot& other);
        GridSlot(GridSlot&& other) noexcept;
        GridSlot& operator=(const GridSlot& other);
        GridSlot& operator=(GridSlot&& other) noexcept;
        ~GridSlot();
        alignas(64) std::byte bytes[448];
    };
    GridSlot grid_;
    // The grid in grid_ (defined with Grid, in src/broadphase/obstacle.hpp).
    [[nodiscard]] inline Grid& grid();
    [[nodiscard]] inline const Grid& grid() const;
    TileMap tiles_;
    // One bit per tile, row by row (64 a word), set where the tile's closed box meets
    // a box some body has had since the map was set, for the casts: a ray or box whose tile walk
    // stays on the map over unmarked tiles meets no body (a body meeting the path meets a tile
    // the walk passed, and marked it). Marks only grow (a body leaving a tile leaves its mark: a
    // stale mark only costs a cast its bodies' pass); every call that gives a body a box marks
    // it (mark_body), and set_tile_map marks the bodies of the moment.
    std::vector<std::uint64_t> body_marks_;
    void mark_body(const Aabb& box) {
        if (!body_marks_.empty()) mark_tiles_of(box);
    }
    void mark_tiles_of(const Aabb& box);

    // Events (src/world/events.cpp): the pairs of the last update_events, the paths moved since, the lists.
    std::size_t sensor_bodies_ = 0;
    bool events_on_ = false;    // update_events was called: moves keep the pairs their contacts touched
    bool record_paths_ = false; // events_on_ or some sensor exists: moves call note_path
    [[nodiscard]] bool has_sensors() const { return sensor_bodies_ != 0 || tiles_.sensor_count() != 0; }
    void refresh_record_paths() { record_paths_ = events_on_ || has_sensors() || frame_on_; }
    // Records a move's path (while a sensor exists) and its contacts' pairs (once events are on)
    // for update_events; called before the move stores the new box.
    void note_path(BodyId id, const MoveResult& out);
    std::vector<PathLeg> legs_;
    std::vector<ContactEvent> touched_; // the contact pairs the moves' contacts made since update_events
    std::vector<SensorEvent> sensor_pairs_, sensor_next_, crossed_, sensor_begin_, sensor_end_;
    std::vector<ContactEvent> contact_pairs_, contact_next_, contact_begin_, contact_end_;
    std::vector<std::uint32_t> masks_; // parallel to bodies_: the mask as the game set it (a sensor's is 0 there)

    // Moving targets (src/world/frame_motion.cpp): each body's legs this frame, a list per body.
    struct FrameLeg {
        Aabb from{}, to{};
        double start = 0, length = 0; // the path's length before this leg, and this leg's
        std::uint32_t next = 0;       // the body's next leg + 1, or 0
    };
    struct FrameMotion {
        std::uint32_t first = 0, last = 0; // leg + 1, or 0: still
        double length = 0;                 // of the whole path
        bool listed = false;               // in frame_movers_
    };
    real frame_spread_ = 0; // the most a motion's hull reaches beyond its body's box: the casts' grid margin
    bool frame_on_ = false;
    std::vector<FrameLeg> frame_legs_;
    std::vector<FrameMotion> frame_motion_;   // by body index (grown on demand)
    std::vector<std::uint32_t> frame_movers_; // indices that got a leg this frame (each once)
    void note_motion(BodyId id, Aabb at, const MoveResult& out);
    void clear_motion();
    void drop_motion(std::uint32_t index) {
        if (index < frame_motion_.size()) frame_motion_[index] = {0, 0, 0, frame_motion_[index].listed};
    }

    // What a movable snapshot takes by reference (the static bodies, the tile map): its hash, the
    // number of static bodies and the last slot holding one; made again, when a snapshot needs
    // it, after a change (level_changed).
    struct Level {
        std::uint64_t hash = 0;
        std::uint32_t statics = 0, last = 0;
        bool stale = true;
    };
    mutable Level level_;
    void level_changed() { level_.stale = true; }
};

} // namespace sweepbox
