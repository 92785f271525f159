-- sweepbox.bump on random worlds: the whole world is checked after every move. Items that start
-- in a closed room never end outside it, whatever the responses, the filters and the speed; a
-- check gives the move's answer and changes nothing; the collision tables are consistent.
local bump = require("sweepbox.bump")
local plain = require("helpers").plain
local ffi = require("ffi")
local C = require("sweepbox.c")

-- A small deterministic generator (the specs must not depend on math.random's algorithm).
local function generator(seed)
    local state = seed
    return function(low, high)
        state = (state * 1103515245 + 12345) % 2147483648
        return low + (high - low) * (state / 2147483648)
    end
end

local RESPONSES = { "slide", "touch", "bounce", "cross" }

-- A room of four walls (thickness 1) around [0, size] x [0, size], crates inside and outside
-- (not in the walls), and movers inside that overlap nothing.
local function random_world(random, reuse)
    local world = bump.newWorld(random(8, 64), { reuseCollisions = reuse })
    local size = math.floor(random(40, 200))
    local walls = {
        { -1, -1, size + 2, 1 }, { -1, size, size + 2, 1 }, { -1, 0, 1, size }, { size, 0, 1, size },
    }
    for i, w in ipairs(walls) do
        world:add("wall" .. i, w[1], w[2], w[3], w[4])
    end
    for i = 1, 6 do
        local x, y = math.floor(random(-60, size + 60)), math.floor(random(-60, size + 60))
        local w, h = math.floor(random(1, 20)), math.floor(random(1, 20))
        if #world:queryRect(x - 1, y - 1, w + 2, h + 2) == 0 then
            world:add("crate" .. i, x, y, w, h)
        end
    end
    local movers = {}
    for i = 1, 4 do
        local w, h = math.floor(random(1, 12)), math.floor(random(1, 12))
        local x, y = math.floor(random(0, size - w)), math.floor(random(0, size - h))
        if #world:queryRect(x, y, w, h) == 0 then
            local mover = { name = "mover" .. i }
            world:add(mover, x, y, w, h)
            movers[#movers + 1] = mover
        end
    end
    return world, movers, size
end

-- The item's box as the library holds it, inside the room, exactly; and its rectangle as getRect
-- gives it (x and y the box's corner, w and h as given) within the rounding of the moves' sums:
-- the box's far sides are x + w and y + h up to a few units in the last place of a double.
local box, id = ffi.new("sweepbox_box"), ffi.new("sweepbox_body_id")
local function inside_room(world, item, size)
    id.index = world._index[item]
    id.generation = world._generation[id.index]
    assert(C.sweepbox_get_box(world._handle, id, box) == C.SWEEPBOX_OK)
    local x, y, w, h = world:getRect(item)
    local slack = 1e-12 * size
    return box.min.x >= 0 and box.min.y >= 0 and box.max.x <= size and box.max.y <= size
        and x == box.min.x and y == box.min.y
        and math.abs(x + w - box.max.x) <= slack and math.abs(y + h - box.max.y) <= slack
end

-- Every item's rectangle, to see that a check changed nothing.
local function snapshot(world)
    local rects = {}
    local items = world:getItems()
    for _, item in ipairs(items) do
        rects[item] = { world:getRect(item) }
    end
    return rects
end

-- A filter: walls are never crossed, the rest gets a response picked from the pair's names.
local function filter_for(random)
    local picks = {}
    return function(item, other)
        local key = tostring(item) .. "/" .. tostring(other)
        if picks[key] == nil then
            local is_wall = type(other) == "string" and other:sub(1, 4) == "wall"
            picks[key] = RESPONSES[math.floor(random(1, is_wall and 4 or 5))]
        end
        return picks[key]
    end
end

local function check_cols(item, cols, len)
    assert.equal(#cols, len)
    for _, col in ipairs(cols) do
        assert.equal(item, col.item)
        assert.is_true(col.ti >= 0 and col.ti <= 1)
        assert.equal(1, math.abs(col.normal.x) + math.abs(col.normal.y))
        assert.is_true(col.type == "slide" or col.type == "touch" or col.type == "bounce" or col.type == "cross"
            or col.type == "stick")
        if col.type == "slide" and not col.overlaps then
            assert.is_table(col.slide)
        end
        if col.type == "bounce" and not col.overlaps then
            assert.is_table(col.bounce)
        end
    end
end

describe("random closed rooms", function()
    for seed = 1, 40 do
        it("hold every mover, seed " .. seed, function()
            local random = generator(seed)
            local world, movers, size = random_world(random, seed % 2 == 0)
            world:addResponse("stick", function(w, col, x, y, width, height, goal_x, goal_y, filter)
                -- a response of the game's own, which runs bump's loop over sweepbox's projections
                return bump.responses.slide(w, col, x, y, width, height, goal_x, goal_y, filter)
            end)
            local filter = filter_for(random)
            for _ = 1, 25 do
                for _, mover in ipairs(movers) do
                    local x, y = world:getRect(mover)
                    local speed = random(0, 1) < 0.2 and 5000 or 300
                    local gx, gy = x + random(-speed, speed), y + random(-speed, speed)
                    local how = math.floor(random(1, 4))
                    local use_filter = how == 2 and filter
                        or how == 3 and function(_, other)
                            if type(other) == "string" and other:sub(1, 5) == "crate" then
                                return "stick"
                            end
                            return "slide"
                        end
                        or nil

                    local before = snapshot(world)
                    local cx, cy, ccols, clen = world:check(mover, gx, gy, use_filter)
                    assert.same(before, snapshot(world))
                    local mx, my, cols, len = world:move(mover, gx, gy, use_filter)
                    assert.same({ cx, cy, clen }, { mx, my, len })
                    local rx, ry = world:getRect(mover)
                    assert.same({ mx, my }, { rx, ry })
                    check_cols(mover, cols, len)
                    if not world._reuse then
                        assert.same(plain(ccols), plain(cols))
                    end
                    for _, m in ipairs(movers) do
                        assert.is_true(inside_room(world, m, size),
                            ("%s left the room (seed %d)"):format(m.name, seed))
                    end
                end
            end
        end)
    end
end)
