-- The crowd workload (bench/README.md) driven from LuaJIT: 100 frames x 1,000 slide moves among
-- 10,000 statics, through sweepbox.bump (world:move, as a bump.lua game calls it) and through the
-- C API directly (sweepbox_move on the same world), with moves per second, bytes of garbage per
-- move, and the crowd checksum of each (sum of the movers' final x and y; both must agree, and
-- agree with bench_crowd's).
--
-- Usage: luajit bench/lua/crowd.lua DATA_DIR [--repeat N] [--check CHECKSUM]
--   DATA_DIR  a workload directory holding crowd/ (BUILD/bench/data, or ../shared/bench)
--   --repeat  timed runs of each way (default 5; the best is reported)
--   --check   also fail unless both checksums equal CHECKSUM (printed with 6 decimals)
-- package.path must find sweepbox.bump, and the module must find libsweepbox_c (lua/README.md).
local ffi = require("ffi")
local bump = require("sweepbox.bump")
local C = require("sweepbox.c")

local data_dir, repeats, expected = nil, 5, nil
do
    local i = 1
    while i <= #arg do
        if arg[i] == "--repeat" then
            repeats = tonumber(arg[i + 1])
            i = i + 2
        elseif arg[i] == "--check" then
            expected = arg[i + 1]
            i = i + 2
        else
            data_dir = arg[i]
            i = i + 1
        end
    end
end
if not data_dir or not repeats or repeats < 1 then
    io.stderr:write("usage: luajit crowd.lua DATA_DIR [--repeat N] [--check CHECKSUM]\n")
    os.exit(2)
end

local function read_records(path, fields)
    local file = assert(io.open(path, "r"))
    local records = {}
    for line in file:lines() do
        local record = {}
        for number in line:gmatch("%S+") do
            record[#record + 1] = tonumber(number)
        end
        assert(#record == fields, path .. ": a line without " .. fields .. " numbers")
        records[#records + 1] = record
    end
    file:close()
    return records
end

local statics = read_records(data_dir .. "/crowd/statics.txt", 4)
local movers = read_records(data_dir .. "/crowd/movers.txt", 4)
local deltas = read_records(data_dir .. "/crowd/deltas.txt", 2)
local frames = #deltas / #movers
assert(frames == math.floor(frames), "deltas are not whole frames of movers")

-- The world as a bump game builds it: statics and movers as items; each mover is a table.
local function make_world(options)
    local world = bump.newWorld(64, options)
    for i, s in ipairs(statics) do
        world:add("static" .. i, s[1], s[2], s[3] - s[1], s[4] - s[2])
    end
    local items = {}
    for i, m in ipairs(movers) do
        items[i] = { id = i }
        world:add(items[i], m[1], m[2], m[3] - m[1], m[4] - m[2])
    end
    return world, items
end

local function checksum(world, items)
    local sum = 0
    for _, item in ipairs(items) do
        local x, y = world:getRect(item)
        sum = sum + x + y
    end
    return sum
end

local function reset(world, items)
    for i, m in ipairs(movers) do
        world:update(items[i], m[1], m[2], m[3] - m[1], m[4] - m[2])
    end
end

-- One crowd through the module: goal = current position + delta, world:move with bump's default filter.
local function run_bump(world, items)
    local n = #items
    local k = 1
    local contacts = 0
    for _ = 1, frames do
        for i = 1, n do
            local item = items[i]
            local x, y = world:getRect(item)
            local d = deltas[k]
            local _, _, _, len = world:move(item, x + d[1], y + d[2])
            contacts = contacts + len
            k = k + 1
        end
    end
    return contacts
end

-- The same moves through the C API, on the module's own world and bodies.
local function run_c(world, items)
    local handle = world._handle
    local ids = {}
    for i, item in ipairs(items) do
        local id = ffi.new("sweepbox_body_id")
        id.index = world._index[item]
        id.generation = world._generation[id.index]
        ids[i] = id
    end
    local box = ffi.new("sweepbox_box")
    local n = #items
    local k = 1
    for _ = 1, frames do
        for i = 1, n do
            local id = ids[i]
            assert(C.sweepbox_get_box(handle, id, box) == 0)
            local d = deltas[k]
            local x, y = box.min.x, box.min.y
            assert(C.sweepbox_move(handle, id, (x + d[1]) - x, (y + d[2]) - y, nil, nil) == 0)
            k = k + 1
        end
    end
end

-- The best time of `repeats` runs with the collector running as in a game, then one run with it
-- stopped to count the bytes allocated.
local function measure(name, world, items, run)
    local best, contacts = math.huge, nil
    for _ = 1, repeats do
        reset(world, items)
        collectgarbage()
        local t0 = os.clock()
        contacts = run(world, items)
        best = math.min(best, os.clock() - t0)
    end
    local sum = checksum(world, items)
    reset(world, items)
    collectgarbage()
    collectgarbage("stop")
    local kilobytes = collectgarbage("count")
    run(world, items)
    local allocated = (collectgarbage("count") - kilobytes) * 1024
    collectgarbage("restart")
    local moves = frames * #items
    print(("%-34s %9.0f moves/s %7.3f us/move %7.1f bytes/move  checksum %.6f%s"):format(
        name, moves / best, best / moves * 1e6, allocated / moves, sum,
        contacts and (", %.3f contacts/move"):format(contacts / moves) or ""))
    return ("%.6f"):format(sum)
end

print(("crowd: %s: %d statics, %d movers, %d frames; %s, libsweepbox_c %s (real: %d bytes); best of %d"):format(
    data_dir, #statics, #movers, frames, jit and jit.version or "?", ffi.string(C.sweepbox_version_string()),
    C.sweepbox_real_size(), repeats))
local sums = {}
local world, items = make_world(nil)
sums[1] = measure("sweepbox.bump move", world, items, run_bump)
local reusing, reused_items = make_world({ reuseCollisions = true })
sums[2] = measure("sweepbox.bump move, reuseCollisions", reusing, reused_items, run_bump)
sums[3] = measure("C API sweepbox_move", world, items, run_c)
local failed = false
if sums[1] ~= sums[2] or sums[1] ~= sums[3] then
    print("*** the three ways disagree")
    failed = true
end
if expected and sums[1] ~= expected then
    print("*** expected checksum " .. expected)
    failed = true
end
if failed then
    os.exit(1)
end
