-- sweepbox.bump: the numbers a game gives come back as given. getRect after add and update is
-- exactly the rectangle given; after moves w and h are still the given ones and x, y are the
-- library's double-precision box corner; tiny and huge rectangles work or are refused at add.
local bump = require("sweepbox.bump")
local ffi = require("ffi")
local C = require("sweepbox.c")

-- The item's box as the library holds it.
local function library_box(world, item)
    local id = ffi.new("sweepbox_body_id")
    id.index = world._index[item]
    id.generation = world._generation[id.index]
    local box = ffi.new("sweepbox_box")
    assert(C.sweepbox_get_box(world._handle, id, box) == C.SWEEPBOX_OK)
    return box
end

describe("exact rectangles", function()
    it("give back what add and update were given, to the last bit", function()
        local world = bump.newWorld()
        world:add("a", 0.1, 0.2, 32.3, 20.7)
        assert.same({ 0.1, 0.2, 32.3, 20.7 }, { world:getRect("a") })
        world:update("a", 1 / 3, -2 / 3, 31.999999999999996, 20.000000000000004)
        assert.same({ 1 / 3, -2 / 3, 31.999999999999996, 20.000000000000004 }, { world:getRect("a") })
        world:update("a", 7.77, 8.88)
        assert.same({ 7.77, 8.88, 31.999999999999996, 20.000000000000004 }, { world:getRect("a") })
    end)

    it("keep w and h as given through many moves, x and y the library's corner", function()
        local world = bump.newWorld(32)
        world:add("floor", -1000, 100, 2000, 10)
        world:add("wall", 300, -1000, 10, 2000)
        world:add("crate", 0, 0, 32, 20)
        local goals = 0
        for i = 1, 500 do
            local x, y = world:getRect("crate")
            local gx, gy = x + math.sin(i) * 37.3, y + 11.1
            local ax, ay = world:move("crate", gx, gy)
            local rx, ry, w, h = world:getRect("crate")
            assert.same({ ax, ay, 32, 20 }, { rx, ry, w, h })
            local box = library_box(world, "crate")
            assert.equal(box.min.x, rx)
            assert.equal(box.min.y, ry)
            assert.is_true(box.max.y <= 100 and box.max.x <= 300)
            if ax == gx and ay == gy then
                goals = goals + 1
            end
        end
        assert.is_true(goals > 0) -- (the free moves end at their goals)
    end)

    it("holds tiny and huge rectangles, and far from the origin", function()
        local world = bump.newWorld()
        world:add("tiny", 0, 0, 1e-46, 1)
        assert.same({ 0, 0, 1e-46, 1 }, { world:getRect("tiny") })
        world:update("tiny", 0, 0)
        assert.same({ 0, 0, 1e-46, 1 }, { world:getRect("tiny") })
        world:add("far", 1e9, 0, 32, 20)
        for _ = 1, 10 do
            local x, y = world:getRect("far")
            world:move("far", x + 0.3, y + 0.7)
        end
        local x, _, w, h = world:getRect("far")
        assert.same({ 32, 20 }, { w, h })
        assert.is_true(x > 1e9 + 2.9 and x < 1e9 + 3.1)
        world:update("far", 0, 0)
        assert.same({ 0, 0, 32, 20 }, { world:getRect("far") })
        world:add("huge", -1e300, -1e300, 1e300, 1e300)
        assert.same({ -1e300, -1e300, 1e300, 1e300 }, { world:getRect("huge") })
    end)

    it("refuses at add a rectangle whose far side is beyond the largest number", function()
        local world = bump.newWorld()
        assert.has_error(function() world:add("a", 1e308, 0, 1e308, 1) end,
            "the rectangle (1e+308, 0, 1e+308, 1) reaches beyond the largest number")
        assert.has_error(function() world:add("a", 0, 0, 1e-320 * 0, 1) end,
            "w must be a positive integer, but was 0(number)")
        assert.is_false(world:hasItem("a"))
        world:add("a", 0, 0, 1, 1)
        assert.has_error(function() world:update("a", 0, 1.7e308, 1, 1.7e308) end)
        assert.same({ 0, 0, 1, 1 }, { world:getRect("a") })
    end)
end)
