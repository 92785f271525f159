-- A LÖVE-style platformer on sweepbox.bump: the code a bump.lua game already has, with one
-- changed line (the require). Under LÖVE, main.lua would be this file; without LÖVE it runs
-- headless (a stand-in `love` table below steps two seconds of frames and prints what happened):
--   luajit examples/lua/platformer.lua      (package.path must find sweepbox.bump: lua/README.md)
local bump = require("sweepbox.bump") -- was: local bump = require("bump")

local love = love or { graphics = {}, headless = true } -- luacheck: ignore love

local world
local player = { name = "player", x = 40, y = 100, w = 12, h = 20, vx = 0, vy = 0, on_ground = false }
local grenade = { name = "grenade", x = 60, y = 40, w = 4, h = 4, vx = 240, vy = -120 }
local coins_taken = 0
local log = {}

local GRAVITY = 900
local RUN_SPEED = 120
local JUMP_SPEED = 330

-- The player walks through coins (cross) and stands on everything else (slide).
local function player_filter(_, other)
    if other.coin then
        return "cross"
    end
    return "slide"
end

-- The grenade bounces off walls and ignores coins and the player.
local function grenade_filter(_, other)
    if other.coin or other == player then
        return false
    end
    return "bounce"
end

function love.load()
    world = bump.newWorld(32)
    local blocks = {
        { 0, 200, 400, 16 }, -- the floor
        { 0, 0, 8, 200 }, -- the left wall
        { 392, 0, 8, 200 }, -- the right wall
        { 120, 150, 60, 8 }, -- a ledge
        { 260, 170, 1, 30 }, -- a 1-unit-thin wall the grenade must never pass
    }
    for i, b in ipairs(blocks) do
        world:add({ name = "block" .. i }, b[1], b[2], b[3], b[4])
    end
    for i = 1, 3 do
        world:add({ name = "coin" .. i, coin = true }, 100 + i * 30, 185, 6, 6)
    end
    world:add(player, player.x, player.y, player.w, player.h)
    world:add(grenade, grenade.x, grenade.y, grenade.w, grenade.h)
end

local function update_player(dt, time)
    player.vx = time < 1.2 and RUN_SPEED or 0
    player.vy = player.vy + GRAVITY * dt
    if player.on_ground and time > 0.5 and time < 0.6 then
        player.vy = -JUMP_SPEED
        log[#log + 1] = ("%.2f s: the player jumps"):format(time)
    end
    local goal_x, goal_y = player.x + player.vx * dt, player.y + player.vy * dt
    local x, y, cols, len = world:move(player, goal_x, goal_y, player_filter)
    player.x, player.y = x, y
    local was_on_ground = player.on_ground
    player.on_ground = false
    for i = 1, len do
        local col = cols[i]
        if col.other.coin then
            world:remove(col.other)
            coins_taken = coins_taken + 1
            log[#log + 1] = ("%.2f s: the player takes %s"):format(time, col.other.name)
        elseif col.normal.y < 0 then
            player.on_ground, player.vy = true, 0
        elseif col.normal.y > 0 then
            player.vy = 0
        end
    end
    if player.on_ground and not was_on_ground then
        log[#log + 1] = ("%.2f s: the player lands at (%g, %g)"):format(time, x, y)
    end
end

local function update_grenade(dt, time)
    grenade.vy = grenade.vy + GRAVITY * dt
    local goal_x, goal_y = grenade.x + grenade.vx * dt, grenade.y + grenade.vy * dt
    local x, y, cols, len = world:move(grenade, goal_x, goal_y, grenade_filter)
    for i = 1, len do
        -- bump's bounce reflects the motion; the velocity follows the face hit, damped
        local n = cols[i].normal
        if n.x ~= 0 then grenade.vx = -grenade.vx * 0.6 end
        if n.y ~= 0 then grenade.vy = -grenade.vy * 0.6 end
        log[#log + 1] = ("%.2f s: the grenade bounces off %s, normal (%g, %g)"):format(time, cols[i].other.name, n.x, n.y)
    end
    grenade.x, grenade.y = x, y
end

local time = 0
function love.update(dt)
    time = time + dt
    update_player(dt, time)
    update_grenade(dt, time)
end

function love.draw()
    for _, item in ipairs(world:getItems()) do
        love.graphics.rectangle("line", world:getRect(item))
    end
end

if love.headless then
    function love.graphics.rectangle() end
    love.load()
    for _ = 1, 120 do
        love.update(1 / 60)
        love.draw()
    end
    for _, line in ipairs(log) do
        print(line)
    end
    print(("after 2 s: player at (%g, %g), %d coins, grenade at (%g, %g)"):format(
        player.x, player.y, coins_taken, grenade.x, grenade.y))
    -- what the example promises, checked (ctest runs it)
    assert(player.on_ground and player.y + player.h == 200, "the player stands on the floor")
    assert(coins_taken == 3, "the player took the three coins")
    assert(grenade.x >= 8 and grenade.x + grenade.w <= 260, "the grenade stayed between the left and the thin wall")
    assert(grenade.y + grenade.h <= 200, "the grenade stayed above the floor")
end
