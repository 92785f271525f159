-- What the LuaJIT benchmarks (crowd.lua, debris.lua) share: their arguments, the workload files,
-- bump.lua loaded from a path the caller gives, and the timing: the ways take turns, round after
-- round, and each way's best round is kept, so that a busy machine slows them alike.
local common = {}

-- DATA_DIR [--repeat N] [--bump BUMP_LUA]: { data_dir, rounds, bump } (bump: $BUMP_LUA by default).
function common.options(args, usage)
    local options = { rounds = 5, bump = os.getenv("BUMP_LUA") }
    local i = 1
    while i <= #args do
        if args[i] == "--repeat" then
            options.rounds = tonumber(args[i + 1])
            i = i + 2
        elseif args[i] == "--bump" then
            options.bump = args[i + 1]
            i = i + 2
        else
            options.data_dir = args[i]
            i = i + 1
        end
    end
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
        print("bump.lua: no path given (--bump or BUMP_LUA): left out")
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

-- Times each way's frames `rounds` times in turns, keeping the best. Each round builds the way's
-- world (way.make()), collects, times, reads the checksum and drops the world again, so that
-- only one world is alive at a time: the collector of a game walks its own world only. Then
-- counts the bytes one frame allocates with the collector stopped. Fills way.seconds,
-- way.bytes (per move), way.checksum, way.contacts, way.moves.
function common.measure(ways, rounds, frames, movers)
    for round = 1, rounds do
        for _, way in ipairs(ways) do
            local world = way.make()
            collectgarbage()
            local t0 = os.clock()
            way.contacts = run(world, frames, movers)
            way.seconds = math.min(way.seconds or math.huge, os.clock() - t0)
            way.checksum = checksum(world, movers)
            if round == rounds then
                world.reset()
                collectgarbage()
                collectgarbage("stop")
                local kilobytes = collectgarbage("count")
                run(world, 1, movers)
                way.bytes = (collectgarbage("count") - kilobytes) * 1024 / movers
                collectgarbage("restart")
            end
            world = nil -- luacheck: ignore (dropped before the collection)
            collectgarbage()
        end
    end
    for _, way in ipairs(ways) do
        way.moves = frames * movers
    end
end

-- One line per way: moves per second, microseconds and bytes of garbage per move, the checksum,
-- and against bump.lua (the way marked `bump`), how many times its moves per second `mine` makes.
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
        print(("%s makes %.1f times bump.lua's moves per second"):format(mine, reference.seconds / ours.seconds))
    end
end

return common
