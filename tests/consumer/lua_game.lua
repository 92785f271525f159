-- A tiny LÖVE-style game, outside any build tree, on the installed sweepbox.bump: it finds the
-- module through package.path and libsweepbox_c through package.cpath, both pointed at the
-- install prefix, as a game would. Every answer is checked; a wrong one exits 1.
--   luajit lua_game.lua PREFIX LIBDIR    (LIBDIR: the prefix's library folder, e.g. lib)
local prefix, libdir = arg[1], arg[2]
if not prefix or not libdir then
    io.stderr:write("usage: luajit lua_game.lua PREFIX LIBDIR\n")
    os.exit(2)
end
package.path = prefix .. "/share/lua/5.1/?.lua;" .. package.path
package.cpath = prefix .. "/" .. libdir .. "/?.so;" .. package.cpath

local bump = require("sweepbox.bump")
local failures = 0
local function check(ok, what)
    if not ok then
        io.stderr:write("consumer Lua game: wrong answer: " .. what .. "\n")
        failures = failures + 1
    end
end

local world = bump.newWorld(64)
local player, wall, coin = { name = "player" }, { name = "wall" }, { name = "coin" }
world:add(wall, 50, -100, 10, 300)
world:add(coin, 20, 0, 4, 4)
world:add(player, 0, 0, 10, 10)

-- The player walks right through the coin into the wall and slides down the rest.
local x, y, cols, len = world:move(player, 100, 20, function(_, other)
    return other == coin and "cross" or "slide"
end)
check(x == 40 and y == 20, ("the player ends at (40, 20), not (%s, %s)"):format(x, y))
check(len == 2 and cols[1].other == coin and cols[1].type == "cross", "the coin is crossed first")
check(cols[2].other == wall and cols[2].normal.x == -1 and cols[2].type == "slide", "then the wall stops it")
check(#world:querySegment(0, 2, 100, 2) == 2, "a shot along y = 2 meets the coin and the wall")
check(world:countItems() == 3, "three items")
local ok, message = pcall(world.add, world, player, 0, 0, 1, 1)
check(not ok and message:find("added to the world twice", 1, true), "an item added twice is an error")

if failures > 0 then
    os.exit(1)
end
print(("consumer Lua game: sweepbox.bump %s from %s: all answers right"):format(bump._VERSION, prefix))
