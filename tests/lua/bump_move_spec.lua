-- sweepbox.bump: world:move, world:check, world:project, the four responses, filters and
-- responses added with addResponse.
local bump = require("sweepbox.bump")
local plain = require("helpers").plain

-- A world with a player (0, 0, 10, 10) and a wall (20, -50, 5, 100) to its right.
local function player_and_wall()
    local world = bump.newWorld()
    world:add("player", 0, 0, 10, 10)
    world:add("wall", 20, -50, 5, 100)
    return world
end

local function always(name)
    return function() return name end
end

describe("world:move", function()
    it("goes to the goal when nothing is in the way", function()
        local world = player_and_wall()
        local x, y, cols, len = world:move("player", 5, -20)
        assert.same({ 5, -20 }, { x, y })
        assert.same({}, cols)
        assert.equal(0, len)
        assert.same({ 5, -20, 10, 10 }, { world:getRect("player") })
    end)

    it("slides along a wall by default, with bump's collision table", function()
        local world = player_and_wall()
        local x, y, cols, len = world:move("player", 30, 20)
        assert.same({ 10, 20 }, { x, y })
        assert.equal(1, len)
        local col = cols[1]
        assert.equal("player", col.item)
        assert.equal("wall", col.other)
        assert.equal("slide", col.type)
        assert.is_false(col.overlaps)
        assert.equal(1 / 3, col.ti)
        assert.same({ x = 30, y = 20 }, col.move)
        assert.same({ x = -1, y = 0 }, col.normal)
        assert.same({ x = 10, y = 20 / 3 }, col.touch)
        assert.same({ x = 10, y = 20 }, col.slide)
        assert.same({ x = 0, y = 0, w = 10, h = 10 }, col.itemRect)
        assert.same({ x = 20, y = -50, w = 5, h = 100 }, col.otherRect)
        assert.same({ 10, 20, 10, 10 }, { world:getRect("player") })
    end)

    it("stops at the contact with touch", function()
        local world = player_and_wall()
        local x, y, cols, len = world:move("player", 30, 0, always("touch"))
        assert.same({ 10, 0 }, { x, y })
        assert.equal(1, len)
        assert.equal("touch", cols[1].type)
        assert.is_nil(cols[1].slide)
    end)

    it("reports and passes through with cross", function()
        local world = player_and_wall()
        local x, y, cols, len = world:move("player", 40, 0, always("cross"))
        assert.same({ 40, 0 }, { x, y })
        assert.equal(1, len)
        assert.equal("cross", cols[1].type)
        assert.equal(0.25, cols[1].ti)
    end)

    it("reflects the rest of the motion with bounce", function()
        local world = player_and_wall()
        local x, y, cols, len = world:move("player", 30, 10, always("bounce"))
        -- touch at x = 10 (a third of the way), the remaining (20, 6.67) comes back as (-20, 6.67)
        assert.same({ -10, 10 }, { x, y })
        assert.equal(1, len)
        assert.equal("bounce", cols[1].type)
        assert.same({ x = -10, y = 10 }, cols[1].bounce)
    end)

    it("passes what the filter answers false or nil for, without a collision", function()
        local world = player_and_wall()
        for _, answer in ipairs({ false, nil }) do
            world:update("player", 0, 0)
            local x, y, cols, len = world:move("player", 40, 0, function() return answer end)
            assert.same({ 40, 0, 0 }, { x, y, len })
            assert.same({}, cols)
        end
    end)

    it("asks the filter about each other item, with the moving item first", function()
        local world = player_and_wall()
        world:add("coin", 12, 0, 2, 2)
        local asked = {}
        local x, y, cols, len = world:move("player", 30, 0, function(item, other)
            assert.equal("player", item)
            asked[other] = true
            return other == "coin" and "cross" or "slide"
        end)
        assert.is_true(asked.coin and asked.wall)
        assert.is_nil(asked.player)
        assert.same({ 10, 0, 2 }, { x, y, len })
        assert.same({ "coin", "wall" }, { cols[1].other, cols[2].other })
        assert.same({ "cross", "slide" }, { cols[1].type, cols[2].type })
    end)

    it("runs a response added with addResponse, with bump's arguments", function()
        local world = player_and_wall()
        local seen
        world:addResponse("sticky", function(w, col, x, y, width, height, goal_x, goal_y, filter)
            seen = { w, col.other, x, y, width, height, goal_x, goal_y, type(filter) }
            return col.touch.x, col.touch.y - 5, {}, 0
        end)
        local x, y, cols, len = world:move("player", 30, 0, always("sticky"))
        assert.same({ world, "wall", 0, 0, 10, 10, 30, 0, "function" }, seen)
        assert.same({ 10, -5, 1 }, { x, y, len })
        assert.equal("sticky", cols[1].type)
        assert.same({ 10, -5, 10, 10 }, { world:getRect("player") })
    end)

    it("runs a response that replaces a built-in name", function()
        local world = player_and_wall()
        world:addResponse("slide", bump.responses.touch)
        local x, y = world:move("player", 30, 20)
        assert.same({ 10, 20 / 3 }, { x, y })
        world:update("player", 0, 0)
        local filtered_x, filtered_y = world:move("player", 30, 20, always("slide"))
        assert.same({ 10, 20 / 3 }, { filtered_x, filtered_y })
    end)

    it("refuses an unknown response name with bump's message, leaving the world as it was", function()
        local world = player_and_wall()
        assert.has_error(function() world:move("player", 30, 0, always("nope")) end, "Unknown collision type: nope (string)")
        assert.has_error(function() world:move("player", 30, 0, always(7)) end, "Unknown collision type: 7 (number)")
        assert.same({ 0, 0, 10, 10 }, { world:getRect("player") })
    end)

    it("passes on a filter's error, leaving the world as it was", function()
        local world = player_and_wall()
        local ok, message = pcall(world.move, world, "player", 30, 0, function() error("filter broke") end)
        assert.is_false(ok)
        assert.truthy(message:find("filter broke", 1, true))
        assert.same({ 0, 0, 10, 10 }, { world:getRect("player") })
        -- the module is still usable: the next move works
        local x, y = world:move("player", 30, 0)
        assert.same({ 10, 0 }, { x, y })
    end)

    it("lets a filter read the world", function()
        local world = player_and_wall()
        local x = world:move("player", 30, 0, function()
            assert.equal(1, select(2, world:queryPoint(22, 0)))
            assert.equal(1, select(2, world:queryRect(-100, -100, 300, 300, function(item) return item == "wall" end)))
            return "slide"
        end)
        assert.equal(10, x)
    end)

    it("lets a filter change the world, as bump does: the move sees the world as it leaves it", function()
        -- a coin taken in the filter is gone from the move
        local world = player_and_wall()
        world:add("coin", 12, 0, 2, 2)
        local x = world:move("player", 30, 0, function(_, other)
            if other == "coin" then
                world:remove(other)
                return false
            end
            return "slide"
        end)
        assert.equal(10, x)
        assert.is_false(world:hasItem("coin"))
        -- a door closed in the filter stops the move
        world = player_and_wall()
        local x2, _, cols = world:move("player", 30, 0, function(_, other)
            if other == "wall" and not world:hasItem("door") then
                world:add("door", 15, -5, 1, 20)
            end
            return "slide"
        end)
        assert.same({ 5, "door" }, { x2, cols[1].other })
        -- a wall moved away, and another item moved, in the filter
        world = player_and_wall()
        world:add("crate", 0, 50, 5, 5)
        local x3, _, _, len = world:move("player", 30, 0, function(_, other)
            if other == "wall" then
                world:update("wall", 200, -50)
                world:move("crate", 40, 50)
            end
            return "slide"
        end)
        assert.same({ 30, 0 }, { x3, len })
        assert.same({ 40, 50, 5, 5 }, { world:getRect("crate") })
        -- the mover itself moved by its filter: the move goes on from there
        world = player_and_wall()
        local x4 = world:move("player", 30, 0, function(item, other)
            if other == "wall" and world:getRect(item) == 0 then
                world:update(item, 100, 0)
            end
            return "slide"
        end)
        assert.equal(30, x4)
    end)

    it("lets a filter move the items of another world", function()
        local world, other = player_and_wall(), bump.newWorld()
        other:add("ghost", 0, 0, 1, 1)
        local x = world:move("player", 30, 0, function()
            other:move("ghost", 5, 0, always("cross"))
            return "slide"
        end)
        assert.equal(10, x)
        assert.equal(5, (other:getRect("ghost")))
    end)

    it("checks its arguments", function()
        local world = player_and_wall()
        assert.has_error(function() world:move("ghost", 0, 0) end,
            "Item ghost must be added to the world before getting its rect. Use world:add(item, x,y,w,h) to add it first.")
        assert.has_error(function() world:move("player") end, "x must be a number, but was nil(a nil)")
        assert.has_error(function() world:move("player", 1, "2") end, "y must be a number, but was 2(a string)")
        assert.has_error(function() world:move("player", 0 / 0, 0) end)
        assert.same({ 0, 0, 10, 10 }, { world:getRect("player") })
    end)
end)

describe("where sweepbox.bump answers differently from bump", function()
    it("never lets a bounce pass through a wall it met before in the same move", function()
        -- a 2-unit corridor between two walls; bump visits each wall once per move, so its
        -- second meeting with the left wall is no collision and the ball leaves
        local world = bump.newWorld()
        world:add("left", -1, -100, 1, 200)
        world:add("right", 3, -100, 1, 200)
        world:add("ball", 0, 0, 1, 1)
        local x, _, cols = world:move("ball", 9, 1, always("bounce"))
        assert.is_true(x >= 0 and x <= 2)
        assert.is_true(#cols >= 3)
        assert.same({ "right", "left", "right" }, { cols[1].other, cols[2].other, cols[3].other })
    end)

    it("pushes an item that starts inside another out the shortest way, then makes its move", function()
        local world = bump.newWorld()
        world:add("box", 0, 0, 10, 10)
        world:add("stuck", 8, 2, 4, 4)
        local x, y, cols, len = world:move("stuck", 20, 2)
        assert.same({ 22, 2 }, { x, y })
        assert.equal(1, len)
        assert.is_true(cols[1].overlaps)
        assert.equal(0, cols[1].ti)
        assert.same({ x = 1, y = 0 }, cols[1].normal)
        assert.same({ x = 10, y = 2 }, cols[1].touch)
    end)

    it("takes debris spawned inside overlapping blocks out of all of them at once", function()
        -- Issue 39's game: pushed out of one block at a time, the piece went from one into the next.
        local world = bump.newWorld()
        world:add("B264", 428, 1242, 97, 79)
        world:add("B265", 530, 1279, 83, 78)
        world:add("B397", 470, 1296, 88, 92)
        world:add("debris", 531, 1300, 7, 6)
        local function inside(x, y)
            for _, block in ipairs({ "B264", "B265", "B397" }) do
                local bx, by, bw, bh = world:getRect(block)
                if x < bx + bw and bx < x + 7 and y < by + bh and by < y + 6 then return true end
            end
            return false
        end
        for i = 1, 3 do
            local x, y, cols, len = world:move("debris", 524.02, 1304.12, always("bounce"))
            assert.is_false(inside(x, y))
            assert.is_true(len <= 8)
            if i == 1 then
                assert.is_true(cols[1].overlaps)
                assert.same({ x = 531, y = 1273 }, cols[1].touch) -- up by 27, out of B265
                assert.same({ x = 0, y = -1 }, cols[1].normal)
            end
        end
    end)
end)

describe("world:check", function()
    it("gives the move's answer and leaves the world as it was", function()
        local world = player_and_wall()
        for _, name in ipairs({ "slide", "touch", "cross", "bounce" }) do
            local checked = { world:check("player", 30, 20, always(name)) }
            assert.same({ 0, 0, 10, 10 }, { world:getRect("player") })
            local moved = { world:move("player", 30, 20, always(name)) }
            checked[3], moved[3] = plain(checked[3]), plain(moved[3])
            assert.same(moved, checked)
            world:update("player", 0, 0)
        end
    end)

    it("leaves the world as it was with a response added with addResponse", function()
        local world = player_and_wall()
        world:addResponse("stop", bump.responses.touch)
        local x, y, _, len = world:check("player", 30, 0, always("stop"))
        assert.same({ 10, 0, 1 }, { x, y, len })
        assert.same({ 0, 0, 10, 10 }, { world:getRect("player") })
    end)
end)

describe("world:project", function()
    it("lists every collision of a rectangle's path, in order, moving nothing", function()
        local world = bump.newWorld()
        world:add("near", 20, 0, 5, 10)
        world:add("far", 40, 0, 5, 10)
        world:add("aside", 20, 50, 5, 10)
        local cols, len = world:project(nil, 0, 0, 10, 10, 60, 0)
        assert.equal(2, len)
        assert.same({ "near", "far" }, { cols[1].other, cols[2].other })
        assert.same({ 1 / 6, 0.5 }, { cols[1].ti, cols[2].ti })
        assert.same({ x = 10, y = 0 }, cols[1].touch)
        assert.same({ x = 30, y = 0 }, cols[2].touch)
        assert.same({ "slide", "slide" }, { cols[1].type, cols[2].type })
        assert.same({ 20, 0, 5, 10 }, { world:getRect("near") })
    end)

    it("leaves out the item itself and what the filter answers false for", function()
        local world = bump.newWorld()
        world:add("me", 0, 0, 10, 10)
        world:add("wall", 20, 0, 5, 10)
        world:add("coin", 30, 0, 5, 10)
        local cols, len = world:project("me", 0, 0, 10, 10, 60, 0, function(_, other)
            return other == "coin" and "cross"
        end)
        assert.equal(1, len)
        assert.equal("coin", cols[1].other)
        assert.equal("cross", cols[1].type)
    end)

    it("sees no collision with an item touched and moved along", function()
        local world = bump.newWorld()
        world:add("floor", 0, 10, 100, 10)
        local _, len = world:project(nil, 0, 0, 10, 10, 50, 0)
        assert.equal(0, len)
        local _, away = world:project(nil, 0, 0, 10, 10, 0, -20)
        assert.equal(0, away)
    end)

    it("stays where it is without a goal", function()
        local world = bump.newWorld()
        world:add("wall", 20, 0, 5, 10)
        local _, len = world:project(nil, 0, 0, 10, 10)
        assert.equal(0, len)
    end)
end)

describe("bump's loop for responses added with addResponse", function()
    -- The four responses under other names run bump's loop over sweepbox projections; on a plain
    -- wall they must agree with the library's own moves.
    for _, name in ipairs({ "touch", "cross", "slide", "bounce" }) do
        it("agrees with the library's " .. name, function()
            local library, lua = player_and_wall(), player_and_wall()
            lua:addResponse("my_" .. name, bump.responses[name])
            local lx, ly, lcols, llen = library:move("player", 30, 20, always(name))
            local x, y, cols, len = lua:move("player", 30, 20, always("my_" .. name))
            assert.same({ lx, ly, llen }, { x, y, len })
            for i = 1, len do
                assert.equal(lcols[i].other, cols[i].other)
                assert.equal("my_" .. name, cols[i].type)
                assert.same(lcols[i].normal, cols[i].normal)
                assert.same(lcols[i].touch, cols[i].touch)
                assert.equal(lcols[i].ti, cols[i].ti)
            end
            assert.same({ library:getRect("player") }, { lua:getRect("player") })
        end)
    end
end)

describe("reuseCollisions", function()
    it("fills the same tables move after move, with the same answers", function()
        local fresh = player_and_wall()
        local reusing = bump.newWorld(64, { reuseCollisions = true })
        reusing:add("player", 0, 0, 10, 10)
        reusing:add("wall", 20, -50, 5, 100)
        local first_cols, first_col
        for step, goal in ipairs({ { 30, 20 }, { 10, 40 }, { 40, 40 }, { 0, 0 } }) do
            local fx, fy, fcols, flen = fresh:move("player", goal[1], goal[2], always("bounce"))
            local x, y, cols, len = reusing:move("player", goal[1], goal[2], always("bounce"))
            assert.same({ fx, fy, flen }, { x, y, len })
            assert.equal(len, #cols)
            for i = 1, len do
                for _, key in ipairs({ "other", "type", "overlaps", "ti", "move", "normal", "touch", "itemRect",
                    "otherRect", "bounce" }) do
                    assert.same(fcols[i][key], cols[i][key])
                end
            end
            if step == 1 then
                first_cols, first_col = cols, cols[1]
            else
                assert.equal(first_cols, cols)
                if len > 0 then
                    assert.equal(first_col, cols[1])
                end
            end
        end
    end)
end)

describe("filters answered in Lua", function()
    it("asks about the items within reach of the move, once each, and not about far ones", function()
        local world = player_and_wall()
        world:add("far", 500, 500, 10, 10)
        local asked = {}
        world:move("player", 30, 0, function(_, other)
            asked[other] = (asked[other] or 0) + 1
            return "slide"
        end)
        assert.same({ wall = 1 }, asked)
    end)

    it("asks again in the next move, which may answer otherwise", function()
        local world = player_and_wall()
        local ghost = false
        local function filter()
            return not ghost and "slide" or nil
        end
        assert.equal(10, (world:move("player", 30, 0, filter)))
        ghost = true
        assert.equal(40, (world:move("player", 40, 0, filter)))
    end)

    it("answers a crowd of items within reach, more than fit in one request", function()
        local world = bump.newWorld(16)
        world:add("player", 0, 0, 2, 2)
        for i = 1, 300 do
            world:add({ coin = i }, i * 3, 0, 1, 1)
        end
        local x, _, cols, len = world:move("player", 1000, 0, function(_, other)
            return other.coin and "cross"
        end)
        assert.equal(1000, x)
        assert.equal(300, len)
        for i = 1, len do
            assert.equal(i, cols[i].other.coin)
            assert.equal("cross", cols[i].type)
        end
    end)

    it("asks about an item that a push out of another carries the mover to", function()
        -- the mover starts 5 units inside a block; the nearest way out, 5 left, passes a post 4.5
        -- units away, beyond the reach of a move by 1: it goes 15 up instead
        local world = bump.newWorld()
        world:add("block", 5, -100, 95, 50)
        world:add("post", -7, -95, 2.5, 10)
        world:add("mover", 0, -95, 10, 10)
        local asked = {}
        local x, y, cols = world:move("mover", 1, -95, function(_, other)
            asked[#asked + 1] = other
            return "slide"
        end)
        assert.same({ "block", "post" }, asked)
        assert.equal(1, x)
        assert.equal(-110, y)
        assert.is_true(cols[1].overlaps)
    end)

    it("takes a callable table as a filter", function()
        local world = player_and_wall()
        local filter = setmetatable({}, { __call = function() return "cross" end })
        assert.equal(40, (world:move("player", 40, 0, filter)))
    end)

    it("refuses a filter that is not a function, with bump's words", function()
        local world = player_and_wall()
        assert.has_error(function() world:move("player", 30, 0, 5) end, "filter must be a function, but was 5(a number)")
        assert.has_error(function() world:check("player", 30, 0, "slide") end,
            "filter must be a function, but was slide(a string)")
        assert.has_error(function() world:project("player", 0, 0, 1, 1, 5, 5, {}) end)
        assert.same({ 0, 0, 10, 10 }, { world:getRect("player") })
    end)

    it("passes on whatever the filter raises, error(nil) and tables too", function()
        local world = player_and_wall()
        local ok, message = pcall(world.move, world, "player", 30, 0, function() error(nil) end)
        assert.is_false(ok)
        assert.is_nil(message)
        local object = { reason = "broken" }
        ok, message = pcall(world.move, world, "player", 30, 0, function() error(object) end)
        assert.is_false(ok)
        assert.equal(object, message)
        assert.same({ 0, 0, 10, 10 }, { world:getRect("player") })
        assert.equal(10, (world:move("player", 30, 0, function() return "slide" end)))
    end)
end)
