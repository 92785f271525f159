-- The scripted run of the game (main.lua --script): the keys held at fixed frames, a screenshot,
-- and the checks at the end. Any Lua error ends the run with exit status 1 (so CI sees it), and
-- so does a broken promise of sweepbox.bump.
local script = {}

local options, library
local entered = {} -- the first moves that ended inside a block (what and where)

local function between(f, a, b)
    return f >= a and f < b
end

function script.start(game_options, _, library_name)
    options, library = game_options, library_name
    love.errorhandler = function(message)
        io.stderr:write(("game (%s): Lua error: %s\n%s\n"):format(library, tostring(message), debug.traceback()))
        io.stderr:flush()
        os.exit(1)
    end
end

-- The keys of frame f: runs right and left, jumps, throws a grenade every 45 frames, and shows
-- the grid for two stretches (so that the overlay's code runs).
function script.input(f)
    local cycle = f % 600
    return {
        right = between(cycle, 30, 160) or between(cycle, 330, 420),
        left = between(cycle, 200, 320) or between(cycle, 470, 560),
        jump = cycle % 70 == 40,
        throw = f % 45 == 20,
        grid = between(f, 240, 420) or between(f, 700, 900),
    }
end

function script.entered(thing, library_name)
    if #entered < 5 then
        entered[#entered + 1] = ("%s (%s)"):format(thing.class, library_name)
    end
end

-- After drawing frame f: the screenshot, when asked for and this is its frame.
function script.after_draw(f)
    if options.screenshot and f == 400 then
        local path = options.screenshot
        love.graphics.captureScreenshot(function(image)
            local file = assert(io.open(path, "wb"))
            file:write(image:encode("png"):getString())
            file:close()
            print("game: screenshot " .. path)
        end)
    end
end

-- The end of the run: what happened, and the checks. Exits.
function script.finish(world, stats, things)
    local stuck = 0
    for _, d in ipairs(things.debris) do
        if things.inside_block(d) then
            stuck = stuck + 1
        end
    end
    print(("game (%s): %d frames, %d items; %d coins, %d grenades, %d debris (%d alive, %d inside a block), "
        .. "%d bullets (%d hit the player), %d grid cells drawn; %d moves ended inside a block they started outside")
        :format(library, stats.frames, world:countItems(), stats.coins, stats.grenades, stats.debris, #things.debris,
            stuck, stats.bullets, stats.hits, stats.cells, stats.entered))
    if #entered > 0 then
        print("  first: " .. table.concat(entered, ", "))
    end
    local failures = {}
    local function expect(ok, what)
        if not ok then
            failures[#failures + 1] = what
        end
    end
    -- The run must have exercised the game.
    expect(stats.grenades > 5 and stats.debris > 100, "grenades thrown and burst into debris")
    expect(stats.bullets > 5, "the turrets fired")
    expect(stats.coins > 0, "the player took a coin")
    expect(stats.cells > 0, "bump's grid was drawn")
    expect(not things.inside_block(things.player), "the player is outside every block")
    -- What sweepbox promises (bump.lua does not: its runs only report these).
    if library == "sweepbox.bump" then
        expect(stats.entered == 0, "nothing ends a move inside a block it started outside")
    end
    if #failures > 0 then
        io.stderr:write(("game (%s): failed: %s\n"):format(library, table.concat(failures, "; ")))
        os.exit(1)
    end
    print(("game (%s): all checks passed"):format(library))
    os.exit(0)
end

return script
