-- A LÖVE 11 game on sweepbox.bump, written as a bump.lua game is: a player who runs, jumps, takes
-- coins and throws grenades; grenades that bounce and burst into debris; debris that bounce off
-- the blocks and pass through each other (a Lua filter); turrets that shoot at the player; blocks
-- that overlap, as a level's often do; and bump's grid drawn over it all (tab).
--
--   love examples/lua/game                      sweepbox.bump (LUA_PATH and SWEEPBOX_C_LIBRARY
--                                               as lua/README.md says)
--   love examples/lua/game --bump DIR           the same game on bump.lua 3.1.7 (DIR holds bump.lua)
--   love examples/lua/game --script [--frames N] [--screenshot FILE]
--                                               scripted input for N frames (default 900), checks,
--                                               exits: 0, or 1 on any Lua error or broken promise
-- Keys: left/right (a/d) run, up/space (w) jump, x (g) throws a grenade, tab shows the grid.
local debug_grid = require("debug_grid")
local script = require("script")

local STEP = 1 / 60 -- the game steps at 60 Hz, whatever the frame rate
local GRAVITY = 900

local bump, library_name
local world
local options = { frames = 900 }
local player
local grenades, debris, bullets, turrets, coins, blocks = {}, {}, {}, {}, {}, {}
local stats = { frames = 0, coins = 0, grenades = 0, debris = 0, bullets = 0, hits = 0, cells = 0, entered = 0 }
local show_grid = false
local random
local time = 0
local accumulator = 0

------------------------------------------------------------------------------------------------
-- The filters: what each kind of thing does when it meets another (bump's responses).

-- A filter: `on_solid` for blocks and turrets, answers[class] for the others (nil: passes through).
local function filter_of(on_solid, answers)
    return function(_, other)
        local class = other.class
        if class == "block" or class == "turret" then
            return on_solid
        end
        return answers[class]
    end
end

local player_filter = filter_of("slide", { coin = "cross" }) -- grenades, debris, bullets: not the player's business
local grenade_filter = filter_of("bounce", {})
local debris_filter = filter_of("bounce", {}) -- debris pass through debris, the player, everything else
local bullet_filter = filter_of("touch", { player = "cross" })

------------------------------------------------------------------------------------------------
-- The level

local function add(thing, x, y, w, h)
    thing.w, thing.h = w, h
    world:add(thing, x, y, w, h)
    return thing
end

local function build_level()
    world = bump.newWorld(64)
    local level = {
        { 0, 500, 960, 40 }, -- the floor
        { 0, 0, 20, 500 }, { 940, 0, 20, 500 }, -- the walls
        { 120, 400, 200, 16 }, -- a ledge
        { 380, 330, 180, 16 }, { 440, 300, 24, 200 }, -- a platform through a pillar (they overlap)
        { 620, 420, 220, 16 }, { 700, 250, 140, 16 }, { 780, 200, 30, 80 }, -- a shelf and a post through it
        { 200, 470, 60, 30 }, { 230, 450, 60, 50 }, { 270, 480, 80, 20 }, -- steps that overlap
        { 560, 430, 1, 70 }, -- a wall 1 unit thin: nothing may pass it
        { 20, 200, 120, 16 }, { 860, 130, 80, 16 },
    }
    for _, b in ipairs(level) do
        blocks[#blocks + 1] = add({ class = "block" }, b[1], b[2], b[3], b[4])
    end
    for _, c in ipairs({ { 160, 380 }, { 200, 380 }, { 420, 300 }, { 500, 300 }, { 740, 230 }, { 60, 180 },
        { 660, 400 }, { 880, 110 } }) do
        coins[#coins + 1] = add({ class = "coin" }, c[1], c[2], 8, 8)
    end
    for _, t in ipairs({ { 24, 240 }, { 916, 170 }, { 600, 60 } }) do
        turrets[#turrets + 1] = add({ class = "turret", reload = 1 + #turrets * 0.4 }, t[1], t[2], 20, 20)
    end
    player = add({ class = "player", vx = 0, vy = 0, on_ground = false }, 60, 440, 14, 22)
end

------------------------------------------------------------------------------------------------
-- Moving things. Each move is checked against the promise every library makes and sweepbox
-- keeps: a thing outside every block before its move is outside every block after it.

local function block_filter(item)
    return item.class == "block"
end

local function inside_block(thing)
    local x, y, w, h = world:getRect(thing)
    local _, len = world:queryRect(x, y, w, h, block_filter)
    return len > 0
end

-- world:move, and whether the thing entered a block it was not in.
local function move(thing, goal_x, goal_y, filter)
    local was_inside = options.check and inside_block(thing)
    local x, y, cols, len = world:move(thing, goal_x, goal_y, filter)
    if options.check and not was_inside and inside_block(thing) then
        stats.entered = stats.entered + 1
        script.entered(thing, library_name)
    end
    return x, y, cols, len
end

-- After a bounce: the velocity reflected on the normal's axis, damped.
local function bounce_velocity(thing, cols, len, restitution)
    for i = 1, len do
        local n = cols[i].normal
        if n.x ~= 0 and thing.vx * n.x < 0 then
            thing.vx = -thing.vx * restitution
        end
        if n.y ~= 0 and thing.vy * n.y < 0 then
            thing.vy = -thing.vy * restitution
            thing.vx = thing.vx * 0.8
        end
    end
end

local function throw_grenade()
    local x, y = world:getRect(player)
    local g = add({ class = "grenade", vx = (player.facing or 1) * 260, vy = -300, fuse = 1.4 }, x + 4, y - 8, 6, 6)
    grenades[#grenades + 1] = g
    stats.grenades = stats.grenades + 1
end

local function burst(g)
    local x, y = world:getRect(g)
    for _ = 1, 40 do
        local angle, speed = random:random() * 2 * math.pi, 80 + random:random() * 320
        -- around the grenade, as debris fly from a burst (some may start inside a block)
        local d = add({ class = "debris", vx = math.cos(angle) * speed, vy = math.sin(angle) * speed - 120,
            life = 6 + random:random() * 4 }, x + random:random() * 10 - 5, y + random:random() * 10 - 5, 3, 3)
        debris[#debris + 1] = d
    end
    stats.debris = stats.debris + 40
end

local function fire(turret)
    local tx, ty = world:getRect(turret)
    local px, py = world:getRect(player)
    local dx, dy = px + 7 - (tx + 10), py + 11 - (ty + 10)
    local length = math.sqrt(dx * dx + dy * dy)
    if length == 0 then
        return
    end
    local b = add({ class = "bullet", vx = dx / length * 700, vy = dy / length * 700, life = 3 },
        tx + 8 + dx / length * 16, ty + 8 + dy / length * 16, 4, 4)
    bullets[#bullets + 1] = b
    stats.bullets = stats.bullets + 1
end

-- Removes the things whose `gone` is set, from the world and from their list.
local function sweep_out(list)
    local kept = 0
    for i = 1, #list do
        local thing = list[i]
        if thing.gone then
            world:remove(thing)
        else
            kept = kept + 1
            list[kept] = thing
        end
    end
    for i = #list, kept + 1, -1 do
        list[i] = nil
    end
end

local function update_player(input)
    player.vx = (input.right and 180 or 0) - (input.left and 180 or 0)
    if player.vx ~= 0 then
        player.facing = player.vx > 0 and 1 or -1
    end
    if input.jump and player.on_ground then
        player.vy = -420
    end
    player.vy = player.vy + GRAVITY * STEP
    local x, y = world:getRect(player)
    local _, _, cols, len = move(player, x + player.vx * STEP, y + player.vy * STEP, player_filter)
    player.on_ground = false
    for i = 1, len do
        local col = cols[i]
        local other, ny = col.other, col.normal.y
        if other.class == "coin" then
            stats.coins = stats.coins + (other.gone and 0 or 1)
            other.gone = true
        elseif ny ~= 0 then -- a floor (ny < 0) or a ceiling: the fall or the jump ends
            player.on_ground = player.on_ground or ny < 0
            player.vy = 0
        end
    end
    sweep_out(coins)
end

local function update_flying(list, filter, restitution, on_end)
    for _, thing in ipairs(list) do
        thing.vy = thing.vy + GRAVITY * STEP
        local x, y = world:getRect(thing)
        local _, _, cols, len = move(thing, x + thing.vx * STEP, y + thing.vy * STEP, filter)
        bounce_velocity(thing, cols, len, restitution)
        on_end(thing, cols, len)
    end
end

local function step(input)
    time = time + STEP
    update_player(input)
    if input.throw then
        throw_grenade()
    end
    update_flying(grenades, grenade_filter, 0.55, function(g)
        g.fuse = g.fuse - STEP
        if g.fuse <= 0 then
            g.gone = true
            burst(g)
        end
    end)
    sweep_out(grenades)
    update_flying(debris, debris_filter, 0.4, function(d)
        d.life = d.life - STEP
        d.gone = d.life <= 0
    end)
    sweep_out(debris)
    for _, b in ipairs(bullets) do
        local x, y = world:getRect(b)
        local _, _, cols, len = move(b, x + b.vx * STEP, y + b.vy * STEP, bullet_filter)
        b.life = b.life - STEP
        b.gone = b.life <= 0
        for i = 1, len do
            if cols[i].other.class == "player" then
                stats.hits = stats.hits + 1
            end
            b.gone = true
        end
    end
    sweep_out(bullets)
    for _, t in ipairs(turrets) do
        t.reload = t.reload - STEP
        if t.reload <= 0 then
            t.reload = 1.3
            fire(t)
        end
    end
end

------------------------------------------------------------------------------------------------
-- LÖVE

-- --bump DIR, --script, --frames N, --screenshot FILE
local function parse(args)
    local i = 1
    while i <= #args do
        local a = args[i]
        if a == "--bump" or a == "--frames" or a == "--screenshot" then
            options[a:sub(3)] = args[i + 1]
            i = i + 2
        else
            if a == "--script" then
                options.script, options.check = true, true
            end
            i = i + 1
        end
    end
    options.frames = tonumber(options.frames)
end

function love.load(args)
    parse(args)
    if options.bump then
        package.path = options.bump .. "/?.lua;" .. package.path
        bump, library_name = require("bump"), "bump.lua"
    else
        bump, library_name = require("sweepbox.bump"), "sweepbox.bump"
    end
    random = love.math.newRandomGenerator(7)
    build_level()
    if options.script then
        script.start(options, stats, library_name)
    end
end

-- Keys as the player holds them, or as the script does.
local function input_now()
    if options.script then
        return script.input(stats.frames)
    end
    local down = love.keyboard.isDown
    return {
        left = down("left", "a"), right = down("right", "d"), jump = down("up", "w", "space"),
        throw = options.throw_pressed, grid = show_grid,
    }
end

function love.keypressed(key)
    if key == "x" or key == "g" then
        options.throw_pressed = true
    elseif key == "tab" then
        show_grid = not show_grid
    elseif key == "escape" then
        love.event.quit(0)
    end
end

function love.update(dt)
    if options.script then
        dt = STEP -- one step a frame, whatever the machine
    end
    accumulator = math.min(accumulator + dt, 0.25)
    while accumulator >= STEP do
        accumulator = accumulator - STEP
        local input = input_now()
        show_grid = input.grid
        step(input)
        options.throw_pressed = false
    end
    stats.frames = stats.frames + 1
    if options.script and stats.frames >= options.frames then
        script.finish(world, stats, { player = player, debris = debris, inside_block = inside_block })
    end
end

local COLORS = {
    block = { 0.45, 0.47, 0.52 }, coin = { 1, 0.85, 0.2 }, turret = { 0.6, 0.3, 0.8 },
    player = { 0.3, 0.6, 1 }, grenade = { 0.3, 0.85, 0.35 }, debris = { 1, 0.55, 0.15 }, bullet = { 1, 0.25, 0.25 },
}

function love.draw()
    love.graphics.clear(0.08, 0.09, 0.12)
    if show_grid then
        stats.cells = debug_grid.draw_cells(world)
    end
    for _, list in ipairs({ blocks, coins, turrets, debris, grenades, bullets, { player } }) do
        for _, thing in ipairs(list) do
            love.graphics.setColor(COLORS[thing.class])
            love.graphics.rectangle("fill", world:getRect(thing))
        end
    end
    if show_grid then
        debug_grid.draw_rects(world)
    end
    love.graphics.setColor(1, 1, 1)
    love.graphics.print(("%s   items %d   coins %d   grenades %d   debris %d   bullets %d, hits %d   %d fps%s"):format(
        library_name, world:countItems(), stats.coins, stats.grenades, #debris, stats.bullets, stats.hits,
        love.timer.getFPS(), show_grid and ("   cells " .. stats.cells) or ""), 28, 8)
    if options.script then
        script.after_draw(stats.frames)
    end
end
