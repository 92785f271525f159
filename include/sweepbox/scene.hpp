#pragma once
/// @file scene.hpp
/// The scene layer: JSON scene files (load, save), and the runner that plays a scene's steps on
/// a World, prints one JSON object per step (JSON Lines) and records what happened for the SVG
/// renderer. The format is the one of docs/scenes.md plus the
/// ops documented in docs/scenes.md. This layer uses nlohmann-json inside its sources only; the
/// core library does not depend on it.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>
#include <sweepbox/particles.hpp>
#include <sweepbox/platforms.hpp>
#include <sweepbox/world.hpp>

namespace sweepbox {

/// Thrown for a malformed scene (bad JSON, duplicate keys, unknown op or body, wrong types, NaN,
/// min > max...), for a step the world refuses and for a result that is not finite. `what()` is
/// one line: "<file>: <where>: <problem>", where `<where>` is e.g. "step 3 (move)",
/// "step 3 (frames), frame 1234", "bodies[1]" or "tiles".
class SceneError : public std::runtime_error {
public:
    /// Builds the one-line message from its three parts (empty parts are left out).
    SceneError(const std::string& file, const std::string& where, const std::string& problem);
    /// The file name given to the loader ("<scene>" for text without a file).
    [[nodiscard]] const std::string& file() const { return file_; }
    /// Where in the scene: "step 3 (move)", "step 3 (frames), frame 1234", "bodies[1]", "tiles",
    /// "scene" or "json".
    [[nodiscard]] const std::string& where() const { return where_; }
    /// What is wrong, without the file and the place.
    [[nodiscard]] const std::string& problem() const { return problem_; }

private:
    std::string file_;
    std::string where_;
    std::string problem_;
};

/// A tile kind of a scene (an entry of the tiles' "kinds"): the runner gives the kinds indices
/// tile_shape_count, tile_shape_count + 1, ... in order (kind k < tile_shape_count is TileShape(k):
/// empty, solid, the four one-way shapes, then the 20 slopes).
struct SceneKind {
    std::string name;                      ///< how the legend and set_tile name it
    TileShape shape = TileShape::solid;    ///< "shape": a shape name (to_string(TileShape)), "one_way" = down
    std::optional<std::uint32_t> category; ///< category bits; the tiles' when absent
    std::optional<std::uint32_t> mask;     ///< mask bits; the tiles' when absent
    bool sensor = false;                   ///< a sensor kind (shape solid)
    /// Exact equality.
    friend bool operator==(const SceneKind&, const SceneKind&) = default;
};

/// The tile map of a scene: rows of characters, top to bottom ('#' solid, '=' one-way, '.' empty,
/// '/' slope45_ul, '\\' slope45_ur unless the legend says otherwise).
struct SceneTiles {
    Vec2 origin{0, 0};                         ///< world position of the min corner of tile (0, 0)
    real size = 16;                            ///< side of a tile in world units, > 0
    std::vector<std::string> rows;             ///< one string per row, all the same length
    std::uint32_t category = 1;                ///< category bits of every tile
    std::uint32_t mask = 0xffffffffu;          ///< mask bits of every tile
    std::vector<SceneKind> kinds;              ///< "kinds": the scene's own tile kinds
    std::map<std::string, std::string> legend; ///< "legend": row character -> shape or kind name
    /// Exact equality.
    friend bool operator==(const SceneTiles&, const SceneTiles&) = default;
};

/// The kind index of a tile name in a scene's tiles: a one-character row legend entry ("legend",
/// else the default '.' empty, '#' solid, '=' one_way, '/' slope45_ul, '\\' slope45_ur), a shape
/// name (to_string(TileShape), or "one_way" for one_way_down) or a kind's name; -1 when it names
/// nothing.
[[nodiscard]] std::int32_t scene_tile_kind(const SceneTiles& tiles, const std::string& name);

/// A named body of a scene (an entry of "bodies", or the body of an "add" step): its BodyDef and
/// its name. In the file: "box" [minx, miny, maxx, maxy]; "static": true or "kind": "static";
/// "kind": "platform" (moved by move and frames steps with move_platform) or "sensor";
/// "category" and "mask" bits; "user_data", an integer; "one_way": "down", "up", "left" or "right".
struct SceneBody : BodyDef {
    std::string name; ///< unique among live bodies; how steps and output name it
    /// Exact equality.
    friend bool operator==(const SceneBody&, const SceneBody&) = default;
};

/// The operation of a step.
enum class SceneOp : std::uint8_t {
    move,              ///< move "body" by "delta" with a response (docs/contract.md)
    frames,            ///< "count" frames of "body" under "gravity": v += g*dt, move by v*dt
    cast_ray,          ///< closest hit of the segment "from" -> "from" + "delta"
    cast_box,          ///< closest hit of "box" moved by "delta"
    cast_all,          ///< every hit of "box" moved by "delta", in order
    query_rect,        ///< everything touching the closed rectangle "box"
    query_point,       ///< everything holding "point"
    query_segment,     ///< everything the closed segment "from" -> "to" meets
    overlapping_pairs, ///< every overlapping pair of bodies
    teleport,          ///< put "body" at "box" at once
    set_tile,          ///< set the tile at "cell" to "tile"
    add,               ///< add the body described by the step's own "name", "box", ... fields
    remove,            ///< remove "body"; its name is stale afterwards
    particles,         ///< emit a batch of particles, then run "frames" frames of move_particles
    events,            ///< World::update_events: the sensor and contact events since the last events step
    save,              ///< World::save under the name "snapshot" ("mode": "full" or "movable")
    restore,           ///< World::restore of the snapshot an earlier save step named "snapshot"
    begin_frame,       ///< World::begin_frame: the moves from here on are the frame's motion
};

/// The name of an op as written in scene files ("move", "cast_ray", ...).
[[nodiscard]] const char* to_string(SceneOp op);

/// One entry of a `particles` step's "emit": one particle ("from", "velocity"), or a spark cone
/// at the hit of an earlier cast step ("hit_step", "count", "spread", "seed", "min_speed"; the
/// bullet's velocity is that cast's delta, per second).
struct SceneEmit {
    bool cone = false;          ///< true: a spark cone; false: one particle
    Vec2 from{0, 0};            ///< one particle: its position
    Vec2 velocity{0, 0};        ///< one particle: its velocity, units per second
    std::size_t hit_step = 0;   ///< cone: the index of an earlier cast_ray or cast_box step
    std::int32_t count = 0;     ///< cone: how many sparks
    real spread = 60;           ///< cone: SparkCone::spread, degrees
    std::uint64_t seed = 0;     ///< cone: SparkCone::seed
    real min_speed = real(0.5); ///< cone: SparkCone::min_speed
    /// Exact equality.
    friend bool operator==(const SceneEmit&, const SceneEmit&) = default;
};

/// One step of a scene. Only the fields its op reads are meaningful; the others keep their
/// defaults (so that a loaded scene compares equal to itself after save and load).
struct SceneStep {
    SceneOp op = SceneOp::move;           ///< what the step does
    std::string comment;                  ///< free text ("comment"), ignored by the runner
    std::string body;                     ///< move, frames, teleport, remove: the body's name
    Vec2 delta{0, 0};                     ///< move, cast_*: the displacement
    Vec2 from{0, 0};                      ///< cast_ray, query_segment: the start point
    Vec2 to{0, 0};                        ///< query_segment: the end point
    Vec2 point{0, 0};                     ///< query_point: the point
    Aabb box{};                           ///< cast_box, cast_all, query_rect, teleport: the box
    Response response = Response::slide;  ///< move, frames: the response to every obstacle
    real restitution = 1;                 ///< move, frames: bounce restitution
    real friction = 0;                    ///< move, frames: bounce friction
    std::int32_t max_iterations = 8;      ///< move, frames, particles: contacts resolved per move
    real rest_speed = 0;                  ///< move, frames, particles: MoveOptions::rest_speed
    bool check = false;                   ///< move: the answer only, the body stays (World::check)
    Crush crush = Crush::stop;            ///< move, frames of a platform: "crush", "stop" or "pass"
    real snap = 0;                        ///< move, frames: floor snap, units (move_and_snap; not with check)
    bool constant_speed = false;          ///< move, frames: SnapRules::constant_speed (not with check)
    bool stop_on_steep = false;           ///< move, frames: SnapRules::stop_on_steep (not with check)
    bool drop_through = false;            ///< move, frames: MoveOptions::drop_through
    real push_out_sides = 8;              ///< move, frames: MoveOptions::push_out_sides ("infinity" in a file)
    Vec2 up{0, -1};                       ///< move, frames: the ground state's up (GroundRules)
    real max_floor_angle = 45;            ///< move, frames: the ground state's steepest floor, degrees
    bool has_velocity = false;            ///< move, frames: "velocity" was given
    Vec2 velocity{0, 0};                  ///< move, frames: the velocity carried through responses
    std::int32_t count = 0;               ///< frames: number of frames (moves); particles: "frames"
    Vec2 gravity{0, 0};                   ///< frames, particles: acceleration, units per second squared
    real dt = real(1) / real(60);         ///< frames, particles: seconds per frame, > 0
    bool has_walk = false;                ///< frames: "walk" was given
    real walk = 0;                        ///< frames: speed across `up` set every frame (a game's input)
    std::vector<SceneEmit> emit;          ///< particles: what to emit, in order (particle indices follow it)
    TileCell cell{};                      ///< set_tile: [column, row]
    std::string tile = ".";               ///< set_tile: the new tile, a legend character or a shape or kind name
    SceneBody add{};                      ///< add: the new body
    std::uint32_t category = 0xffffffffu; ///< queries, particles: the query's (particles') own category bits
    std::uint32_t mask = 0xffffffffu;     ///< queries, particles: the categories the query (particles) sees
    std::string ignore;                   ///< queries: the name of a body to leave out, or empty
    bool bodies = true;                   ///< queries: include bodies
    bool tiles = true;                    ///< queries: include tiles
    bool sensors = false;                 ///< query_rect, query_point, query_segment: include sensors
    bool moving = false;                  ///< cast_*, move: against the frame's motion (CastOptions, MoveOptions)
    real t0 = 0;                          ///< cast_*, move with moving: the frame time it starts at
    real t1 = 1;                          ///< cast_*, move with moving: the frame time it ends at
    std::string snapshot;                 ///< save, restore: the snapshot's name
    SnapshotMode snapshot_mode = SnapshotMode::full; ///< save: "mode"
    /// Exact equality of every field.
    friend bool operator==(const SceneStep&, const SceneStep&) = default;
};

/// A whole scene file.
struct Scene {
    std::string description;         ///< free text ("description"), ignored by the runner
    real cell_size = 64;             ///< broad-phase cell size ("cell_size"), > 0
    std::optional<SceneTiles> tiles; ///< the tile map, if any ("tiles")
    std::string level;               ///< an editor's level file ("level", relative to the scene; docs/levels.md)
    std::string level_name;          ///< the LDtk level to load ("level_name"; empty: every level)
    /// The level's tile map and bodies (named after its objects), as parse_scene read them from
    /// `level`; the runner puts them before "bodies". Not saved: save_scene writes `level`.
    std::optional<SceneTiles> level_tiles;
    std::vector<SceneBody> level_bodies; ///< see level_tiles
    std::vector<SceneBody> bodies;       ///< the bodies at the start, in id order ("bodies")
    std::vector<SceneStep> steps;        ///< what to do, in order ("steps")
    /// Exact equality of every field.
    friend bool operator==(const Scene&, const Scene&) = default;
};

/// Parses scene text. `file` only names the source in error messages. Checks everything that
/// can be checked before running: JSON syntax, NUL bytes, keys given twice in one object, types,
/// unknown fields and ops, finite numbers, min <= max, tile characters, cells inside the map, and
/// that every body name a step uses is live at that step (not unknown, not removed). Throws
/// SceneError.
[[nodiscard]] Scene parse_scene(std::string_view text, const std::string& file = "<scene>");
/// Reads a file a scene refers to: its "level", and the files that level refers to (a tileset,
/// an LDtk level), by path (the scene's folder joined with the name it gives). Throws on failure;
/// the exception's what() goes into the SceneError.
using SceneFileReader = std::function<std::string(const std::string& path)>;
/// parse_scene with the scene's level files read by `read` instead of from disk (the web
/// package hands a page's files this way). An empty `read` reads from disk.
[[nodiscard]] Scene parse_scene(std::string_view text, const std::string& file, const SceneFileReader& read);
/// Reads and parses a scene file. Throws SceneError (also when the file cannot be read, or is a
/// directory).
[[nodiscard]] Scene load_scene(const std::string& path);
/// The scene as JSON text that parse_scene reads back to an equal Scene (one body and one
/// step per line; numbers in their shortest round-trip form; default fields left out).
[[nodiscard]] std::string save_scene(const Scene& scene);
/// Writes save_scene(scene) to a file. Throws SceneError when the file cannot be written.
void save_scene_file(const Scene& scene, const std::string& path);

/// A number in the shortest text that reads back to the same `real` ("100", "0.192", "1e+30");
/// negative zero prints as "0". Throws SceneError for infinities and NaN (JSON has no such number).
[[nodiscard]] std::string format_real(real v);

/// A `frames` line lists at most this many contacts, the first ones; "contacts_omitted" counts
/// the others (so a long step needs no memory per frame).
inline constexpr std::size_t max_listed_contacts = 1000;
/// The trace keeps at most this many moves and frames in all (one per `move` step, `count` per
/// `frames` step, particles times frames per `particles` step); render_svg refuses a run that
/// had more.
inline constexpr std::size_t max_traced_moves = 100000;
/// A `particles` step with more particles than this prints counts and a checksum instead of
/// every position, velocity and contact.
inline constexpr std::size_t max_listed_particles = 1000;

/// What one move (or one frame of a `frames` step) did, for the picture.
struct MoveTrace {
    std::size_t step = 0;       ///< index of the step
    std::int32_t frame = -1;    ///< frame index within a `frames` step, -1 for a `move`
    std::string body;           ///< the body's name
    Aabb start{};               ///< box before the move
    Vec2 delta{0, 0};           ///< the displacement asked for
    MoveResult result{};        ///< box after, velocity after, contacts
    bool has_velocity = false;  ///< a velocity was carried
    Vec2 velocity_before{0, 0}; ///< the velocity going in
    bool check = false;         ///< a dry run (World::check): the body stayed at `start`
    bool platform = false;      ///< a platform's move (move_platform): result.box is the platform's, no contacts
};

/// What one cast did (cast_ray, cast_box, cast_all), for the picture.
struct CastTrace {
    std::size_t step = 0;                         ///< index of the step
    SceneOp op = SceneOp::cast_ray;               ///< which cast
    Aabb box{};                                   ///< the cast box at the start (a point for a ray)
    Vec2 delta{0, 0};                             ///< the displacement
    std::vector<CastHit> hits;                    ///< the hits (at most one for cast_ray and cast_box)
    bool moving = false;                          ///< cast against the frame's motion: hit times are frame times
    std::vector<std::optional<Aabb>> other_boxes; ///< moving: by hit, a body moving this frame then (frame_box)
};

/// What one query did (query_rect, query_point, query_segment), for the picture.
struct QueryTrace {
    std::size_t step = 0;             ///< index of the step
    SceneOp op = SceneOp::query_rect; ///< which query
    Aabb rect{};                      ///< query_rect: the rectangle; query_point: the point as a box
    Vec2 from{0, 0};                  ///< query_segment: start
    Vec2 to{0, 0};                    ///< query_segment: end
    std::size_t found = 0;            ///< how many things were found
};

/// What a `particles` step did, for the picture: every particle's position at the start and
/// after each frame, and the contacts where a particle bounced (not those of a particle at rest).
struct ParticleTrace {
    std::size_t step = 0;         ///< index of the step
    std::size_t count = 0;        ///< particles
    std::int32_t frames = 0;      ///< frames
    std::vector<Vec2> positions;  ///< particle i after frame f at i * (frames + 1) + f + 1; the start at f = -1
    std::vector<Contact> bounces; ///< point and normal of each bounce, in order (other fields unused)
};

/// Everything the runner recorded, in step order within each list.
struct SceneTrace {
    std::vector<MoveTrace> moves;          ///< every move and frame, up to max_traced_moves
    std::vector<CastTrace> casts;          ///< every cast
    std::vector<QueryTrace> queries;       ///< every rectangle, point and segment query
    std::vector<ParticleTrace> particles;  ///< every particles step
    std::vector<std::string> riders;       ///< every body that rode a platform, in the order first seen
    std::size_t traced = 0;                ///< moves, frames and particle-frames kept (at most max_traced_moves)
    std::size_t moves_not_traced = 0;      ///< moves, frames and particle-frames past max_traced_moves (not kept)
    std::size_t first_step_not_traced = 0; ///< the step of the first of them (when there are any)
};

/// A body as the runner knows it: its scene name and its id in the runner's world.
struct NamedBody {
    std::string name; ///< the scene name
    BodyId id{};      ///< the id in SceneRunner::world()
};

/// Plays a scene on a World: builds the world from the scene, then runs steps one at a time,
/// each returning its JSON Lines output line (without the newline).
class SceneRunner {
public:
    /// Builds the world (cell size, tiles, bodies). `file` names the scene in errors. With
    /// `record` false the trace stays empty (for a run that draws nothing).
    /// Throws SceneError when the world refuses the scene.
    explicit SceneRunner(Scene scene, std::string file = "<scene>", bool record = true);

    /// Number of steps in the scene.
    [[nodiscard]] std::size_t step_count() const { return scene_.steps.size(); }
    /// Runs step i (steps must run in order, each once) and returns its output line.
    /// Throws SceneError when the world refuses the step (the world is then unchanged, except
    /// for the frames of a `frames` step before the refused one) or when the line would hold a
    /// number that is not finite.
    std::string run_step(std::size_t i);
    /// Runs every remaining step, returning the output lines in order.
    std::vector<std::string> run_all();

    /// The scene being played.
    [[nodiscard]] const Scene& scene() const { return scene_; }
    /// The name of the scene in errors.
    [[nodiscard]] const std::string& file() const { return file_; }
    /// The world in its current state.
    [[nodiscard]] const World& world() const { return world_; }
    /// Every live body with its name, in id order.
    [[nodiscard]] std::vector<NamedBody> bodies() const;
    /// The name of a body or tile as the output prints it ("wall", or "tile [3, 4]").
    [[nodiscard]] std::string name_of(const Other& other) const;
    /// What happened so far, for the SVG renderer.
    [[nodiscard]] const SceneTrace& trace() const { return trace_; }

private:
    // Building the world and naming its bodies (runner.cpp).
    void set_tiles(const SceneTiles& tiles);
    void add_body(const SceneBody& body, const std::string& where);
    [[nodiscard]] BodyId id_of(const std::string& name, std::size_t step) const;
    [[nodiscard]] std::string other_json(const Other& other) const;
    [[nodiscard]] QueryFilter filter_of(const SceneStep& step, std::size_t index) const;
    [[nodiscard]] bool trace_move(std::size_t step, std::size_t moves = 1);
    void note_riders(const std::vector<BodyId>& riders);
    // One per kind of step, each returning the fields of its output line after "op": moves and
    // frames (runner_moves.cpp), casts, queries and events (runner_queries.cpp), particles
    // (runner_particles.cpp), the edits of the world (runner.cpp).
    [[nodiscard]] std::string run_move(std::size_t index, const std::string& where);
    [[nodiscard]] std::string run_platform_move(std::size_t index);
    [[nodiscard]] std::string run_frames(std::size_t index, const std::string& where);
    [[nodiscard]] std::string run_cast(std::size_t index);
    [[nodiscard]] std::string run_cast_all(std::size_t index);
    void note_other_boxes(CastTrace& cast) const;
    [[nodiscard]] std::string run_query(std::size_t index);
    [[nodiscard]] std::string run_overlapping_pairs() const;
    [[nodiscard]] std::string run_events();
    [[nodiscard]] std::string run_particles(std::size_t index, const std::string& where);
    void emit_particles(std::size_t index, const std::string& where, const Particles& batch) const;
    [[nodiscard]] std::string run_edit(std::size_t index, const std::string& where);
    // save and restore steps (snapshot_steps.cpp): the world's snapshot and the runner's names,
    // velocities and ground states, by the snapshot's name.
    struct Saved;
    [[nodiscard]] std::string run_snapshot(std::size_t index);
    std::map<std::string, std::shared_ptr<const Saved>> saved_;

    Scene scene_;
    std::string file_;
    World world_;
    // Hash maps and a vector by slot: a step costs the same in a scene of a million bodies.
    std::unordered_map<std::string, BodyId> ids_;         // live bodies by name
    std::vector<std::string> names_;                      // live bodies by slot index ("" for none)
    std::unordered_map<std::uint64_t, std::string> ever_; // every body added, by index << 32 | generation (events)
    std::unordered_map<std::string, Vec2> velocities_;    // last known velocity of each body (frames)
    std::unordered_map<std::string, bool> on_floor_;      // each body's ground state after its last move (snap)
    std::map<std::size_t, CastHit> cast_hits_;            // the hit of each cast_ray and cast_box step (particles)
    SceneTrace trace_;
    std::unordered_set<std::string> riders_seen_; // trace_.riders as a set
    bool record_ = true;
    std::size_t next_step_ = 0;
};

} // namespace sweepbox
