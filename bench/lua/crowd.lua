-- The crowd workload (bench/README.md) driven from LuaJIT: 100 frames x 1,000 slide moves among
-- 10,000 statics, through sweepbox.bump (world:move, as a bump.lua game calls it, with and
-- without reuseCollisions), through the C API directly (sweepbox_move on a world of its own), and
-- through bump.lua 3.1.7 when its path is given: moves per second, bytes of garbage per move, and
-- the crowd checksum of each (the sum of the movers' final x and y; the sweepbox ways must agree).
-- Each move's collisions are read as a game reads them (the other item and the normal). Each run
-- is a process of its own; the ways take turns, and the best run of each is reported
-- (common.lua).
--
-- Usage: luajit bench/lua/crowd.lua DATA_DIR [--repeat N] [--bump BUMP_LUA] [--frames F]
--   DATA_DIR  a workload directory holding crowd/ (BUILD/bench/data, or ../shared/bench)
--   --repeat  runs of each way (default 5)
--   --frames  the first F frames only (default all 100)
--   --bump    bump.lua itself, or the folder that holds it (default: $BUMP_LUA; without either,
--             bump.lua is left out). The script downloads nothing.
-- package.path must find sweepbox.bump, and the module must find libsweepbox_c_double (lua/README.md).
local ffi = require("ffi")
local common = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/common.lua")
local sweepbox_bump = require("sweepbox.bump")
local C = require("sweepbox.c")

local options = common.options(arg, "luajit crowd.lua DATA_DIR [--repeat N] [--bump BUMP_LUA]")
local bump_lua = common.load_bump_lua(options.bump)

local statics = common.read_records(options.data_dir .. "/crowd/statics.txt", 4)
local movers = common.read_records(options.data_dir .. "/crowd/movers.txt", 4)
-- The deltas in two arrays outside the Lua heap: 100,000 small tables would make every
-- collection of the collector slower, for both libraries, and no game has them.
local deltas = common.read_records(options.data_dir .. "/crowd/deltas.txt", 2)
local move_count = #deltas
local dx, dy = ffi.new("double[?]", move_count), ffi.new("double[?]", move_count)
for i, d in ipairs(deltas) do
    dx[i - 1], dy[i - 1] = d[1], d[2]
end
deltas = nil
local frames = move_count / #movers
assert(frames == math.floor(frames), "deltas are not whole frames of movers")
if options.frames then -- (fewer, for a quick check)
    frames = math.min(frames, options.frames)
    move_count = frames * #movers
end

-- A bump-API world (sweepbox.bump's or bump.lua's): statics and movers as items, each mover a
-- table. move(i, k) makes mover i's move by delta k (goal = position + delta, bump's default
-- filter) and reads its collisions as a game does; it returns how many there were.
local function make_world(library, world_options)
    local world, items, reset, position = common.crowd_world(library, world_options, statics, movers,
        function(i) return "static" .. i end, function(i) return { id = i } end)
    local walls = 0
    return {
        reset = reset,
        position = position,
        move = function(i, k)
            local item = items[i]
            local x, y = world:getRect(item)
            local _, _, cols, len = world:move(item, x + dx[k], y + dy[k])
            for j = 1, len do
                local col = cols[j]
                if col.other ~= item and col.normal.x ~= 0 then
                    walls = walls + 1
                end
            end
            return len
        end,
    }
end

-- The same moves through the C API, on a world of its own built with the same boxes.
local function make_c_world()
    local out = ffi.new("sweepbox_world*[1]")
    local def = C.sweepbox_world_def_default()
    def.cell_size = 64
    assert(C.sweepbox_world_create(def, out) == C.SWEEPBOX_OK)
    local world = ffi.gc(out[0], C.sweepbox_world_destroy)
    local body = ffi.new("sweepbox_body_def", C.sweepbox_body_def_default())
    local function set(box, r)
        local x, y = r[1], r[2]
        box.min.x, box.min.y, box.max.x, box.max.y = x, y, x + (r[3] - r[1]), y + (r[4] - r[2])
    end
    local id = ffi.new("sweepbox_body_id")
    for _, s in ipairs(statics) do
        set(body.box, s)
        assert(C.sweepbox_add(world, body, id) == C.SWEEPBOX_OK)
    end
    local ids = {}
    for i, m in ipairs(movers) do
        set(body.box, m)
        assert(C.sweepbox_add(world, body, id) == C.SWEEPBOX_OK)
        ids[i] = ffi.new("sweepbox_body_id", id)
    end
    local result = ffi.new("sweepbox_move_result")
    local room = ffi.new("sweepbox_contact[?]", 64) -- (kept alive by move's reference)
    result.contacts, result.capacity = room, 64
    local box = ffi.new("sweepbox_box")
    local walls = 0
    return {
        reset = function()
            for i, m in ipairs(movers) do
                set(box, m)
                assert(C.sweepbox_teleport(world, ids[i], box) == C.SWEEPBOX_OK)
            end
        end,
        move = function(i, k)
            assert(C.sweepbox_move(world, ids[i], dx[k], dy[k], nil, result) == C.SWEEPBOX_OK)
            local len = tonumber(result.count)
            for j = 0, len - 1 do
                walls = walls + math.abs(room[j].normal.x) -- (read, as a game reads its contacts)
            end
            return len
        end,
        position = function(i)
            assert(C.sweepbox_get_box(world, ids[i], box) == C.SWEEPBOX_OK)
            return box.min.x, box.min.y
        end,
    }
end

local makers = {
    module = function() return make_world(sweepbox_bump) end,
    reuse = function() return make_world(sweepbox_bump, { reuseCollisions = true }) end,
    capi = make_c_world,
    bump = function() return make_world(bump_lua.library) end,
}
if options.way then -- one run, in this process
    common.run_way(makers[options.way](), frames, #movers)
end

print(("crowd: %s: %d statics, %d movers, %d frames; %s, libsweepbox_c %s (real: %d bytes); best of %d rounds"):format(
    options.data_dir, #statics, #movers, frames, jit and jit.version or "?", ffi.string(C.sweepbox_version_string()),
    C.sweepbox_real_size(), options.rounds))
local ways = {
    { name = "sweepbox.bump move", way = "module" },
    { name = "sweepbox.bump move, reuseCollisions", way = "reuse" },
    { name = "C API sweepbox_move", way = "capi" },
}
if bump_lua then
    ways[#ways + 1] = { name = "bump.lua " .. bump_lua.version, way = "bump", bump = true }
else
    print("bump.lua: no path given (--bump or BUMP_LUA): left out")
end
for _, way in ipairs(ways) do
    way.args = { options.data_dir, "--way", way.way, "--bump", options.bump or "", "--frames", frames }
end
common.measure(ways, options.rounds, move_count)
common.report(ways, "sweepbox.bump move")
local sums = {}
for i = 1, 3 do
    sums[i] = ("%.6f"):format(ways[i].checksum)
end
if sums[1] ~= sums[2] or sums[1] ~= sums[3] then
    print("*** the three sweepbox ways disagree")
    os.exit(1)
end
