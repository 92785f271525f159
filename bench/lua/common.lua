-- What the LuaJIT benchmarks (crowd.lua, debris.lua) share: their arguments, the workload files,
-- bump.lua loaded from a path the caller gives, and the timing. Each run of a way is a LuaJIT
-- process of its own (the script again, with --way), as a game loads one library: no other
-- library's traces, hot counters or heap in its JIT and collector. The ways take turns, round
-- after round, so that a busy machine slows them alike, and each way's best run is kept.
local common = {}

-- DATA_DIR [--repeat N] [--bump BUMP_LUA] [--way W] [--frames F] [--phase P]:
-- { data_dir, rounds, bump, way, frames, phase }, bump $BUMP_LUA by default.
function common.options(args, usage)
    local options = { rounds = 5, bump = os.getenv("BUMP_LUA") }
    local valued = { ["--repeat"] = "rounds", ["--bump"] = "bump", ["--way"] = "way", ["--frames"] = "frames",
        ["--phase"] = "phase" }
    local i = 1
    while i <= #args do
        local key = valued[args[i]]
        if key then
            options[key] = args[i + 1]
            i = i + 2
        else
            options.data_dir = args[i]
            i = i + 1
        end
    end
    options.rounds = tonumber(options.rounds)
    options.frames = options.frames and tonumber(options.frames)
    if not options.data_dir or not options.rounds or options.rounds < 1 then
        io.stderr:write("usage: " .. usage .. "\n")
        os.exit(2)
    end
    if options.bump == "" then
        options.bump = nil
    end
    return options
end

-- The records of a workload file: one line each, `fields` numbers.
function common.read_records(path, fields)
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

-- bump.lua from `path` (the file, or the folder that holds it): { library, version }, or nil
-- without a path. Only 3.1.7, the version sweepbox.bump follows, is accepted.
function common.load_bump_lua(path)
    if not path then
        return nil
    end
    local inside = io.open(path .. "/bump.lua", "r") -- a folder (whatever its name)
    if inside then
        inside:close()
        path = path .. "/bump.lua"
    end
    local chunk = assert(loadfile(path))
    local library = chunk()
    assert(library._VERSION == "bump v3.1.7", path .. " is " .. tostring(library._VERSION) .. ", not bump v3.1.7")
    return { library = library, version = "3.1.7" }
end

-- A way's position(i): the x and y of item i of a bump-API world.
function common.position_of(world, items)
    return function(i)
        local x, y = world:getRect(items[i])
        return x, y
    end
end

-- The crowd as a bump-API world (sweepbox.bump's or bump.lua's): static i is the item
-- static_item(i) makes, mover i a table mover_item(i) makes. Returns the world, the movers' items
-- and a way's reset and position functions.
function common.crowd_world(library, world_options, statics, movers, static_item, mover_item)
    local world = library.newWorld(64, world_options)
    for i, s in ipairs(statics) do
        world:add(static_item(i), s[1], s[2], s[3] - s[1], s[4] - s[2])
    end
    local items = {}
    for i, m in ipairs(movers) do
        items[i] = mover_item(i)
        world:add(items[i], m[1], m[2], m[3] - m[1], m[4] - m[2])
    end
    local function reset()
        for i, m in ipairs(movers) do
            world:update(items[i], m[1], m[2], m[3] - m[1], m[4] - m[2])
        end
    end
    return world, items, reset, common.position_of(world, items)
end

-- Runs `frames` frames of a world: world.move(i, k) for each of its `movers` movers, k counting
-- the moves from 0. Returns the number of collisions.
local function run(world, frames, movers)
    local k, contacts = 0, 0
    for _ = 1, frames do
        for i = 1, movers do
            contacts = contacts + world.move(i, k)
            k = k + 1
        end
    end
    return contacts
end

-- The sum of the movers' x and y: the same in every way that gives the same answers.
local function checksum(world, movers)
    local sum = 0
    for i = 1, movers do
        local x, y = world.position(i)
        sum = sum + x + y
    end
    return sum
end

-- In a way's own process: its world built, the frames run twice (the first lets LuaJIT compile)
-- and the faster kept, then one frame with the collector stopped to count the bytes it
-- allocates. Prints "RESULT seconds bytes_per_move checksum contacts" and exits.
function common.run_way(world, frames, movers)
    local best, contacts, sum = math.huge, 0, 0
    for _ = 1, 2 do
        world.reset()
        collectgarbage()
        local t0 = os.clock()
        contacts = run(world, frames, movers)
        best = math.min(best, os.clock() - t0)
        sum = checksum(world, movers)
    end
    world.reset()
    collectgarbage()
    collectgarbage("stop")
    local kilobytes = collectgarbage("count")
    run(world, 1, movers)
    local bytes = (collectgarbage("count") - kilobytes) * 1024 / movers
    print(("RESULT %.17g %.17g %.17g %d"):format(best, bytes, sum, contacts))
    os.exit(0, true) -- (closing the state: a profiler started with -jp writes its report)
end

-- The command that runs this script again: the interpreter, the script and `args`.
local function command(args)
    local words = {}
    local i = -1
    while arg[i - 1] do -- the interpreter and its options, as this one was started
        i = i - 1
    end
    for k = i, 0 do
        words[#words + 1] = arg[k]
    end
    for _, a in ipairs(args) do
        words[#words + 1] = a
    end
    for k, w in ipairs(words) do
        words[k] = "'" .. tostring(w):gsub("'", "'\\''") .. "'"
    end
    return table.concat(words, " ")
end

-- Runs each way (ways[i].name; ways[i].args: the arguments of its process) `rounds` times in
-- turns, each run a process of its own, keeping the best. Fills way.seconds, way.bytes (per
-- move), way.checksum, way.contacts, way.moves.
function common.measure(ways, rounds, moves)
    for _ = 1, rounds do
        for _, way in ipairs(ways) do
            local pipe = assert(io.popen(command(way.args)))
            local output = pipe:read("*a")
            pipe:close()
            local seconds, bytes, sum, contacts = output:match("RESULT (%S+) (%S+) (%S+) (%S+)")
            if not seconds then
                error(way.name .. ": its process printed no result:\n" .. output)
            end
            if not way.seconds or tonumber(seconds) < way.seconds then
                way.seconds = tonumber(seconds)
            end
            way.bytes, way.checksum, way.contacts = tonumber(bytes), tonumber(sum), tonumber(contacts)
            way.moves = moves
        end
    end
end

-- One line per way: moves per second, microseconds and bytes of garbage per move, the checksum,
-- and against bump.lua (the way marked `bump`), how many times its moves per second `mine` makes
-- (returned).
function common.report(ways, mine)
    local reference, ours
    for _, way in ipairs(ways) do
        if way.bump then
            reference = way
        end
        if way.name == mine then
            ours = way
        end
    end
    for _, way in ipairs(ways) do
        print(("%-36s %9.0f moves/s %7.3f us/move %8.1f bytes/move  checksum %.6f, %.3f contacts/move"):format(
            way.name, way.moves / way.seconds, way.seconds / way.moves * 1e6, way.bytes, way.checksum,
            way.contacts / way.moves))
    end
    if reference and ours then
        local ratio = reference.seconds / ours.seconds
        print(("%s makes %.1f times bump.lua's moves per second"):format(mine, ratio))
        return ratio
    end
end

return common
