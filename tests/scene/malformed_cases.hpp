#pragma once
// Every kind of malformed scene the loader must reject, with the place and the problem its
// one-line message must name. Used by the scene_file suite (through parse_scene) and by the
// program suite (through `sweepbox run`, which must exit 2 with exactly one stderr line).
#include <string>
#include <vector>

namespace scene_test {

struct Malformed {
    const char* name;    ///< short label, also the scratch file name
    std::string text;    ///< the scene text
    const char* where;   ///< expected SceneError::where() (exact)
    const char* problem; ///< a part of the expected SceneError::problem()
};

// A valid prefix: one static wall and one movable box.
inline std::string with_steps(const std::string& steps) {
    return R"({"bodies": [{"name": "wall", "box": [100, 0, 101, 400], "static": true},
                          {"name": "box", "box": [0, 0, 4, 4]}],
              "steps": [)" +
           steps + "]}";
}

inline const std::vector<Malformed>& malformed_cases() {
    static const std::vector<Malformed> cases{
        {"bad_json", R"({"bodies": [)", "json", "parse error"},
        {"trailing_garbage", R"({} xyz)", "json", "parse error"},
        {"nan_literal", R"({"cell_size": NaN})", "json", "parse error"},
        {"number_overflow", R"({"cell_size": 1e999})", "json", "overflow"},
        {"real_overflow", with_steps(R"({"op": "move", "body": "box", "delta": [1e39, 0]})"), "step 0 (move)",
         "field \"delta\": not a finite number"},
        {"nan_as_string", with_steps(R"({"op": "move", "body": "box", "delta": ["NaN", 0]})"), "step 0 (move)",
         "expected a number, got a string"},
        {"root_not_object", R"([1, 2])", "scene", "expected an object, got an array"},
        {"unknown_top_field", R"({"cellsize": 64})", "scene", "unknown field \"cellsize\""},
        {"bad_cell_size", R"({"cell_size": 0})", "scene", "field \"cell_size\": must be > 0"},
        {"unknown_op", with_steps(R"({"op": "jump", "body": "box"})"), "step 0 (jump)", "unknown op \"jump\""},
        {"op_not_string", with_steps(R"({"op": 3})"), "step 0", "field \"op\": expected a string, got a number"},
        {"missing_op", with_steps(R"({"body": "box"})"), "step 0", "missing field \"op\""},
        {"step_not_object", with_steps(R"("move")"), "step 0", "expected an object, got a string"},
        {"unknown_body", with_steps(R"({"op": "move", "body": "ghost", "delta": [1, 0]})"), "step 0 (move)",
         "unknown body \"ghost\""},
        {"stale_name",
         with_steps(R"({"op": "remove", "body": "box"}, {"op": "teleport", "body": "box", "box": [0, 0, 1, 1]})"),
         "step 1 (teleport)", "was removed at step 0"},
        {"unknown_ignore", with_steps(R"({"op": "cast_ray", "from": [0, 0], "delta": [1, 0], "ignore": "ghost"})"),
         "step 0 (cast_ray)", "field \"ignore\": unknown body \"ghost\""},
        {"min_gt_max_body", R"({"bodies": [{"name": "a", "box": [10, 0, 0, 10]}]})", "bodies[0]",
         "field \"box\": min > max"},
        {"min_gt_max_step", with_steps(R"({"op": "query_rect", "box": [0, 10, 10, 0]})"), "step 0 (query_rect)",
         "min > max"},
        {"box_three_numbers", with_steps(R"({"op": "cast_box", "box": [0, 0, 4], "delta": [1, 0]})"),
         "step 0 (cast_box)", "expected an array of 4 numbers"},
        {"delta_wrong_type", with_steps(R"({"op": "move", "body": "box", "delta": "fast"})"), "step 0 (move)",
         "field \"delta\": expected an array of 2 numbers"},
        {"missing_delta", with_steps(R"({"op": "move", "body": "box"})"), "step 0 (move)", "missing field \"delta\""},
        {"unknown_field", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0], "restitusion": 0.5})"),
         "step 0 (move)", "unknown field \"restitusion\""},
        {"unknown_response", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0], "response": "bouncy"})"),
         "step 0 (move)", "unknown response \"bouncy\""},
        {"static_not_bool", R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1], "static": "yes"}]})", "bodies[0]",
         "field \"static\": expected true or false"},
        {"unknown_kind", R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1], "kind": "lift"}]})", "bodies[0]",
         "field \"kind\": unknown kind \"lift\" (static, dynamic, platform, sensor)"},
        {"static_platform", R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1], "static": true, "kind": "platform"}]})",
         "bodies[0]", "field \"kind\": \"platform\" contradicts \"static\": true"},
        {"negative_snap", with_steps(R"({"op": "frames", "body": "box", "count": 2, "snap": -1})"), "step 0 (frames)",
         "field \"snap\": must be >= 0"},
        {"check_with_snap", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0], "check": true, "snap": 2})"),
         "step 0 (move)", "field \"snap\": a dry run (\"check\") does not snap"},
        {"unknown_crush", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0], "crush": "squash"})"),
         "step 0 (move)", "field \"crush\": unknown crush \"squash\" (stop, pass)"},
        {"bad_one_way", R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1], "one_way": "diagonal"}]})", "bodies[0]",
         "field \"one_way\": unknown direction \"diagonal\" (down, up, left, right)"},
        {"drop_through_not_bool", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0], "drop_through": 1})"),
         "step 0 (move)", "field \"drop_through\": expected true or false"},
        {"negative_mask", R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1], "mask": -1}]})", "bodies[0]",
         "field \"mask\": integer -1 out of range"},
        {"mask_too_big", R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1], "mask": 4294967296}]})", "bodies[0]",
         "out of range"},
        {"count_not_integer", with_steps(R"({"op": "frames", "body": "box", "count": 1.5})"), "step 0 (frames)",
         "field \"count\": expected an integer"},
        {"zero_dt", with_steps(R"({"op": "frames", "body": "box", "count": 2, "dt": 0})"), "step 0 (frames)",
         "field \"dt\": must be > 0"},
        {"negative_rest_speed", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0], "rest_speed": -1})"),
         "step 0 (move)", "field \"rest_speed\": must be >= 0"},
        {"particles_without_emit", with_steps(R"({"op": "particles", "frames": 3})"), "step 0 (particles)",
         "missing field \"emit\""},
        {"particles_hit_step_ahead",
         with_steps(R"({"op": "particles", "emit": [{"hit_step": 1, "count": 3}], "frames": 3},
                      {"op": "cast_ray", "from": [0, 0], "delta": [200, 0]})"),
         "step 0 (particles): emit[0]", "field \"hit_step\": 1 is not an earlier cast_ray or cast_box step"},
        {"particles_hit_step_not_a_cast", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0]},
                      {"op": "particles", "emit": [{"hit_step": 0, "count": 3}], "frames": 3})"),
         "step 1 (particles): emit[0]", "is not an earlier cast_ray or cast_box step"},
        {"particles_wide_cone", with_steps(R"({"op": "cast_ray", "from": [0, 0], "delta": [200, 0]},
                      {"op": "particles", "emit": [{"hit_step": 0, "count": 3, "spread": 190}], "frames": 3})"),
         "step 1 (particles): emit[0]", "field \"spread\": must be in [0, 180] degrees"},
        {"particles_emit_not_a_list", with_steps(R"({"op": "particles", "emit": 3, "frames": 3})"),
         "step 0 (particles)", "field \"emit\": expected an array of particles and spark cones, or one of them"},
        {"particle_without_velocity", with_steps(R"({"op": "particles", "emit": [{"from": [0, 0]}], "frames": 3})"),
         "step 0 (particles): emit[0]", "missing field \"velocity\""},
        {"particle_unknown_field",
         with_steps(R"({"op": "particles", "emit": [{"from": [0, 0], "velocity": [1, 0], "speed": 3}], "frames": 3})"),
         "step 0 (particles): emit[0]", "unknown field \"speed\""},
        {"zero_iterations", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0], "max_iterations": 0})"),
         "step 0 (move)", "field \"max_iterations\": integer 0 out of range"},
        {"zero_up", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0], "up": [0, 0]})"), "step 0 (move)",
         "field \"up\": must not be [0, 0]"},
        {"steep_floor", with_steps(R"({"op": "frames", "body": "box", "count": 1, "max_floor_angle": 90})"),
         "step 0 (frames)", "field \"max_floor_angle\": must be in [0, 90) degrees"},
        {"check_not_bool", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0], "check": 1})"), "step 0 (move)",
         "field \"check\": expected"},
        {"duplicate_name", R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1]}, {"name": "a", "box": [2, 2, 3, 3]}]})",
         "bodies[1]", "duplicate body name \"a\""},
        {"empty_name", R"({"bodies": [{"name": "", "box": [0, 0, 1, 1]}]})", "bodies[0]", "empty name"},
        {"missing_box", R"({"bodies": [{"name": "a"}]})", "bodies[0]", "missing field \"box\""},
        {"bodies_not_array", R"({"bodies": {"name": "a"}})", "scene", "field \"bodies\": expected an array"},
        {"steps_not_array", R"({"steps": 5})", "scene", "field \"steps\": expected an array"},
        {"bad_tile_char", R"({"tiles": {"size": 16, "rows": ["..#", ".x."]}})", "tiles",
         "row 1, column 1: unknown tile \"x\""},
        {"ragged_rows", R"({"tiles": {"size": 16, "rows": ["...", ".."]}})", "tiles", "row 1 has 2 tiles, row 0 has 3"},
        {"bad_tile_size", R"({"tiles": {"size": -16, "rows": ["."]}})", "tiles", "field \"size\": must be > 0"},
        {"set_tile_outside",
         R"({"tiles": {"size": 16, "rows": ["..", ".."]}, "steps": [{"op": "set_tile", "cell": [2, 0], "tile": "#"}]})",
         "step 0 (set_tile)", "outside the tile map"},
        {"set_tile_bad_tile",
         R"({"tiles": {"size": 16, "rows": [".."]}, "steps": [{"op": "set_tile", "cell": [0, 0], "tile": "x"}]})",
         "step 0 (set_tile)", "field \"tile\""},
        {"legend_unknown_name", R"({"tiles": {"size": 16, "legend": {"~": "lava"}, "rows": ["~"]}})", "tiles",
         "unknown shape or kind \"lava\""},
        {"legend_long_key", R"({"tiles": {"size": 16, "legend": {"~~": "solid"}, "rows": ["."]}})", "tiles",
         "is not one character"},
        {"kind_bad_shape", R"({"tiles": {"size": 16, "kinds": [{"name": "w", "shape": "round"}], "rows": ["."]}})",
         "tiles: kinds[0]", "unknown shape \"round\""},
        {"kind_sensor_not_solid",
         R"({"tiles": {"size": 16, "kinds": [{"name": "w", "shape": "one_way_up", "sensor": true}], "rows": ["."]}})",
         "tiles: kinds[0]", "a sensor kind's shape must be solid"},
        {"kind_duplicate_name", R"({"tiles": {"size": 16, "kinds": [{"name": "w"}, {"name": "w"}], "rows": ["."]}})",
         "tiles: kinds[1]", "duplicate kind name \"w\""},
        {"kind_shape_name", R"({"tiles": {"size": 16, "kinds": [{"name": "solid"}], "rows": ["."]}})",
         "tiles: kinds[0]", "must not be empty or a shape name"},
        // Slopes: a near miss of a slope name, a slope as a sensor, a slope name as a kind name.
        {"kind_bad_slope_shape",
         R"({"tiles": {"size": 16, "kinds": [{"name": "ramp", "shape": "slope45"}], "rows": ["."]}})",
         "tiles: kinds[0]", "unknown shape \"slope45\""},
        {"kind_sensor_slope",
         R"({"tiles": {"size": 16, "kinds": [{"name": "w", "shape": "steep_dl_low", "sensor": true}], "rows": ["."]}})",
         "tiles: kinds[0]", "a sensor kind's shape must be solid"},
        {"kind_slope_name", R"({"tiles": {"size": 16, "kinds": [{"name": "shallow_ur_high"}], "rows": ["."]}})",
         "tiles: kinds[0]", "must not be empty or a shape name"},
        {"legend_bad_slope", R"({"tiles": {"size": 16, "legend": {"^": "slope45_uu"}, "rows": ["^"]}})", "tiles",
         "unknown shape or kind \"slope45_uu\" for \"^\""},
        {"set_tile_bad_slope",
         R"({"tiles": {"size": 16, "rows": ["/\\"]}, "steps": [{"op": "set_tile", "cell": [0, 0], "tile": "steep_xx_low"}]})",
         "step 0 (set_tile)", "unknown tile \"steep_xx_low\""},
        {"too_many_kinds",
         std::string(R"({"tiles": {"size": 16, "rows": ["."], "kinds": [)") +
             [] {
        std::string k;
        for (int i = 0; i < 231; ++i) k += (i ? ", " : "") + std::string(R"({"name": "k)") + std::to_string(i) + "\"}";
        return k;
         }() +
         "]}}",
         "tiles", "field \"kinds\": at most 230 kinds"},
        {"body_bad_kind", R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1], "kind": "ghost"}]})", "bodies[0]",
         "unknown kind \"ghost\""},
        {"body_static_sensor", R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1], "static": true, "kind": "sensor"}]})",
         "bodies[0]", "field \"kind\": \"sensor\" contradicts \"static\": true"},
        {"add_duplicate", with_steps(R"({"op": "add", "name": "wall", "box": [0, 0, 1, 1]})"), "step 0 (add)",
         "duplicate body name \"wall\""},
        // JSON allows a key twice in an object (the last would win); a scene does not.
        {"duplicate_op", with_steps(R"({"op": "move", "body": "box", "op": "move", "delta": [1, 0]})"), "step 0",
         "duplicate key \"op\""},
        {"duplicate_step_field", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0], "delta": [2, 0]})"),
         "step 0", "duplicate key \"delta\""},
        {"duplicate_top_field", R"({"cell_size": 8, "cell_size": 16})", "scene", "duplicate key \"cell_size\""},
        {"duplicate_body_field",
         R"({"bodies": [{"name": "a", "box": [0, 0, 1, 1]}, {"name": "b", "name": "c", "box": [2, 2, 3, 3]}]})",
         "bodies[1]", "duplicate key \"name\""},
        {"duplicate_tiles_field", R"({"tiles": {"size": 16, "rows": ["."], "size": 8}})", "tiles",
         "duplicate key \"size\""},
        {"duplicate_nested", with_steps(R"({"op": "move", "body": "box", "delta": [1, 0], "x": {"a": 1, "a": 2}})"),
         "step 0", "duplicate key \"a\" in field \"x\""},
        // Bytes after a NUL must not be ignored.
        {"nul_byte", std::string(R"({"cell_size": 16})") + '\0' + R"({"cell_size": 0})", "json",
         "NUL byte at line 1, column 18"},
        };
    return cases;
}

} // namespace scene_test
