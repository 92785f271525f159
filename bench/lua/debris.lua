-- Moves with a game's own Lua filter, through sweepbox.bump and through bump.lua 3.1.7: the
-- filter a game writes, by item class (slide on walls, cross on pickups, nothing between
-- debris), in three phases:
--   crowd           the crowd workload (bench/README.md): every tenth static a pickup, the rest
--                   walls, the 1,000 movers debris that pass through each other;
--   debris flying   2,000 debris thrown by 40 grenades (50 each, from where the grenade was)
--                   through a level of floors, walls and pickups, under gravity, most of them in
--                   the air, the first frames close together;
--   debris piled    the same 2,000 lying in piles of 50 on the floors, pressed down by gravity
--                   and creeping sideways, each overlapping the rest of its pile.
-- The debris react as a game's do: a floor stops the fall, a wall the sideways motion. Moves per
-- second and bytes of garbage per move of each library in each phase, the ways taking turns,
-- best of N; and how many times bump.lua's moves per second sweepbox.bump makes.
--
-- Usage: luajit bench/lua/debris.lua DATA_DIR [--repeat N] [--bump BUMP_LUA] [--frames F] [--phase P]
--   DATA_DIR, --repeat, --bump as crowd.lua's; --frames: frames timed per phase (default 30);
--   --phase: only that one ("crowd", "flying" or "piled", for a profiler).
local ffi = require("ffi")
local common = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/common.lua")
local sweepbox_bump = require("sweepbox.bump")
local C = require("sweepbox.c")

local options = common.options(arg, "luajit debris.lua DATA_DIR [--repeat N] [--bump BUMP_LUA] [--frames F] [--phase P]")
local frames = options.frames or 30
local bump_lua = common.load_bump_lua(options.bump)

-- The game's filter: by the other item's class.
local function filter(_, other)
    local class = other.class
    if class == "wall" then
        return "slide"
    elseif class == "pickup" then
        return "cross"
    end
    return nil -- debris pass through debris
end

local DT, GRAVITY = 1 / 60, 900

-- Numbers in [low, high) from LuaJIT's own generator, seeded: the same sequence in every process.
local function generator(seed)
    math.randomseed(seed)
    return function(low, high)
        return low + (high - low) * math.random()
    end
end

------------------------------------------------------------------------------------------------
-- The crowd, filtered

local statics = common.read_records(options.data_dir .. "/crowd/statics.txt", 4)
local movers = common.read_records(options.data_dir .. "/crowd/movers.txt", 4)
local deltas = common.read_records(options.data_dir .. "/crowd/deltas.txt", 2)
local crowd_dx, crowd_dy = ffi.new("double[?]", #deltas), ffi.new("double[?]", #deltas)
for i, d in ipairs(deltas) do
    crowd_dx[i - 1], crowd_dy[i - 1] = d[1], d[2]
end
local crowd_frames = math.min(frames, #deltas / #movers)
deltas = nil

local function make_crowd(library)
    local world, items, reset, position = common.crowd_world(library, nil, statics, movers,
        function(i) return { class = i % 10 == 0 and "pickup" or "wall" } end, function() return { class = "debris" } end)
    return {
        count = #items,
        reset = reset,
        position = position,
        move = function(i, k)
            local item = items[i]
            local x, y = world:getRect(item)
            local _, _, _, len = world:move(item, x + crowd_dx[k], y + crowd_dy[k], filter)
            return len
        end,
    }
end

------------------------------------------------------------------------------------------------
-- The debris level: 8 floors 1,800 wide, walls at both ends of each, 200 pickups; 2,000 debris
-- of 4 x 4.

local FLOORS, DEBRIS, PILE = 8, 2000, 50
local level = {}
do
    local random = generator(7)
    for f = 1, FLOORS do
        local y = f * 128
        level[#level + 1] = { "wall", 100, y, 1800, 16 }
        level[#level + 1] = { "wall", 84, y - 112, 16, 128 }
        level[#level + 1] = { "wall", 1900, y - 112, 16, 128 }
    end
    for _ = 1, 200 do
        local f = math.floor(random(1, FLOORS + 1))
        level[#level + 1] = { "pickup", math.floor(random(120, 1860)), f * 128 - math.floor(random(10, 80)), 8, 8 }
    end
end

-- Where the debris start in each phase: x, y, vx, vy.
local function starts(phase)
    local random = generator(phase == "flying" and 11 or 13)
    local list = {}
    for i = 1, DEBRIS do
        local pile = math.floor((i - 1) / PILE)
        local f = pile % FLOORS + 1
        if phase == "flying" then
            -- thrown by one of 40 grenades, each 40 to 90 above a floor, in every direction
            local x, y = 150 + (pile * 397) % 1650, f * 128 - 40 - (pile * 13) % 50
            local angle, speed = random(0, 2 * math.pi), random(100, 350)
            list[i] = { x + random(-6, 6), y + random(-6, 6), math.cos(angle) * speed, math.sin(angle) * speed - 150 }
        else
            list[i] = { 160 + (pile * 211) % 1600 + random(0, 30), f * 128 - 4, random(-20, 20), 0 }
        end
    end
    return list
end

local function make_debris(library, phase)
    local start = starts(phase)
    local world = library.newWorld(64)
    for _, b in ipairs(level) do
        world:add({ class = b[1] }, b[2], b[3], b[4], b[5])
    end
    local items, vx, vy = {}, {}, {}
    for i, s in ipairs(start) do
        items[i] = { class = "debris" }
        world:add(items[i], s[1], s[2], 4, 4)
    end
    local function reset()
        for i, s in ipairs(start) do
            world:update(items[i], s[1], s[2])
            vx[i], vy[i] = s[3], s[4]
        end
    end
    reset()
    return {
        count = #items,
        reset = reset,
        -- One frame of debris i: gravity, the move, and what its collisions do to its velocity.
        move = function(i)
            local item = items[i]
            local x, y = world:getRect(item)
            local v = vy[i] + GRAVITY * DT
            local _, _, cols, len = world:move(item, x + vx[i] * DT, y + v * DT, filter)
            for j = 1, len do
                local col = cols[j]
                if col.type == "slide" then
                    local n = col.normal
                    if n.y < 0 then
                        v = 0
                        vx[i] = vx[i] * 0.9
                    elseif n.y > 0 then
                        v = 0
                    else
                        vx[i] = -vx[i] * 0.5
                    end
                end
            end
            vy[i] = v
            return len
        end,
        position = common.position_of(world, items),
    }
end

------------------------------------------------------------------------------------------------

local phases = {
    { name = "crowd", frames = crowd_frames, make = make_crowd },
    { name = "debris flying", frames = frames, make = function(library) return make_debris(library, "flying") end },
    { name = "debris piled", frames = frames, make = function(library) return make_debris(library, "piled") end },
}
if options.way then -- one run of one phase, in this process
    for _, phase in ipairs(phases) do
        if phase.name == options.phase then
            local world = phase.make(options.way == "bump" and bump_lua.library or sweepbox_bump)
            common.run_way(world, phase.frames, world.count)
        end
    end
    error("no phase " .. tostring(options.phase))
end

print(("filtered moves: %s; %s, libsweepbox_c %s (real: %d bytes); %d frames a phase, best of %d runs"):format(
    options.data_dir, jit and jit.version or "?", ffi.string(C.sweepbox_version_string()), C.sweepbox_real_size(),
    frames, options.rounds))
if not bump_lua then
    print("bump.lua: no path given (--bump or BUMP_LUA): left out")
end
local slowest = math.huge
for _, phase in ipairs(phases) do
    if not options.phase or phase.name:find(options.phase, 1, true) then
        print(("-- %s"):format(phase.name))
        local ways = { { name = "sweepbox.bump", way = "module" } }
        if bump_lua then
            ways[2] = { name = "bump.lua " .. bump_lua.version, way = "bump", bump = true }
        end
        for _, way in ipairs(ways) do
            way.args = { options.data_dir, "--way", way.way, "--phase", phase.name, "--frames", frames,
                "--bump", options.bump or "" }
        end
        local count = phase.make(sweepbox_bump).count
        common.measure(ways, options.rounds, phase.frames * count)
        slowest = math.min(slowest, common.report(ways, "sweepbox.bump") or math.huge)
    end
end
if slowest < math.huge then
    print(("in every phase, sweepbox.bump makes at least %.1f times bump.lua's moves per second"):format(slowest))
end
