-- sweepbox.bump: beginFrame and projectMoving, moving targets (docs/contract.md, "Moving targets").
local bump = require("sweepbox.bump")

-- The contract's runner: 10 x 10 at x 45, moved from y 0 to y 100 after beginFrame.
local function corridor()
    local world = bump.newWorld()
    world:add("runner", 45, 0, 10, 10)
    world:beginFrame()
    world:move("runner", 45, 100)
    return world
end

describe("world:projectMoving", function()
    it("meets an item where it was when the rectangle got there", function()
        local world = corridor()
        -- A 2 x 2 bullet along y 49 to 51: the plain projection sees the runner at y 100 only.
        local _, plain = world:project(nil, 0, 49, 2, 2, 100, 49)
        assert.equal(0, plain)
        -- Its right side reaches x 45 at frame time 0.43, with the runner at y 43 to 53.
        local cols, len = world:projectMoving(nil, 0, 49, 2, 2, 100, 49)
        assert.equal(1, len)
        local col = cols[1]
        assert.equal("runner", col.other)
        assert.near(0.43, col.ti, 1e-12)
        assert.same({ x = -1, y = 0 }, col.normal)
        assert.near(43, col.touch.x, 1e-12)
        assert.equal(49, col.touch.y)
        assert.equal(45, col.otherRect.x)
        assert.near(43, col.otherRect.y, 1e-12)
        assert.same({ 45, 100, 10, 10 }, { world:getRect("runner") }) -- the rect is where it ended
    end)

    it("misses an item that only arrived where the rectangle had passed", function()
        local world = corridor()
        local _, plain = world:project(nil, 0, 104, 2, 2, 100, 104)
        assert.equal(1, plain)
        local _, len = world:projectMoving(nil, 0, 104, 2, 2, 100, 104)
        assert.equal(0, len)
    end)

    it("spans the frame times t0 to t1", function()
        local world = corridor()
        -- Over the second half: x 43 at 0.5 + 0.43 / 2 = 0.715, the runner at y 71.5 to 81.5.
        local cols, len = world:projectMoving(nil, 0, 79, 2, 2, 100, 79, nil, 0.5, 1)
        assert.equal(1, len)
        assert.near(0.715, cols[1].ti, 1e-12)
        assert.near(71.5, cols[1].otherRect.y, 1e-12)
        local _, early = world:projectMoving(nil, 0, 79, 2, 2, 100, 79, nil, 0, 0.5)
        assert.equal(0, early)
        assert.has_error(function() world:projectMoving(nil, 0, 79, 2, 2, 100, 79, nil, "0") end,
            "t0 must be a number, but was 0(a string)")
    end)

    it("never meets an item moving alongside at the same speed", function()
        local world = bump.newWorld()
        world:add("pacer", 20, 118, 10, 10)
        world:beginFrame()
        world:move("pacer", 120, 118)
        local _, len = world:projectMoving(nil, 0, 118, 10, 10, 100, 118)
        assert.equal(0, len)
        local cols, faster = world:projectMoving(nil, 0, 118, 10, 10, 200, 118)
        assert.equal(1, faster)
        assert.near(0.1, cols[1].ti, 1e-12)
        assert.near(30, cols[1].otherRect.x, 1e-12)
    end)

    it("keeps the filter's answers, and update drops an item's motion", function()
        local world = corridor()
        local _, filtered = world:projectMoving(nil, 0, 49, 2, 2, 100, 49, function() return false end)
        assert.equal(0, filtered)
        world:update("runner", 45, 200) -- a teleport: the runner stands at y 200 for the frame
        local _, len = world:projectMoving(nil, 0, 49, 2, 2, 100, 49)
        assert.equal(0, len)
        local cols = world:projectMoving(nil, 0, 204, 2, 2, 100, 204)
        assert.equal(200, cols[1].otherRect.y)
        assert.near(0.43, cols[1].ti, 1e-12)
    end)
end)
