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

describe("world:moveMoving", function()
    it("stops a grenade against the runner where it was, where move passes behind it", function()
        local world = corridor()
        world:add("grenade", 0, 49, 2, 2)
        -- The plain move sees the runner at y 100 only (checked, so the grenade stays put).
        local plain_x, plain_y, _, plain = world:check("grenade", 100, 49)
        assert.equal(0, plain)
        assert.same({ 100, 49 }, { plain_x, plain_y })
        -- Against motion its right side meets the runner's left face at frame time 0.43, with
        -- the runner at y 43 to 53; the slide along that face takes the rest of the motion.
        local x, y, cols, len = world:moveMoving("grenade", 100, 49)
        assert.equal(1, len)
        assert.near(43, x, 1e-12)
        assert.equal(49, y)
        assert.same({ x, y, 2, 2 }, { world:getRect("grenade") })
        local col = cols[1]
        assert.equal("grenade", col.item)
        assert.equal("runner", col.other)
        assert.equal("slide", col.type)
        assert.near(0.43, col.ti, 1e-12)
        assert.same({ x = -1, y = 0 }, col.normal)
        assert.near(43, col.touch.x, 1e-12)
        assert.equal(45, col.otherRect.x)
        assert.near(43, col.otherRect.y, 1e-12)
        assert.same({ 45, 100, 10, 10 }, { world:getRect("runner") })
    end)

    it("bounces back with the filter's answer, and checkMoving moves nothing", function()
        local world = corridor()
        world:add("grenade", 0, 49, 2, 2)
        local function bouncy() return "bounce" end
        local x, _, cols, len = world:checkMoving("grenade", 100, 49, bouncy)
        assert.equal(1, len)
        assert.equal("bounce", cols[1].type)
        assert.near(-14, x, 1e-12) -- 57 units back from x 43
        assert.same({ 0, 49, 2, 2 }, { world:getRect("grenade") })
        local _, _, _, dropped = world:checkMoving("grenade", 100, 49, function() return false end)
        assert.equal(0, dropped)
    end)

    it("spans the frame times t0 to t1, and refuses bad ones leaving the world as it was", function()
        local world = corridor()
        world:add("grenade", 0, 79, 2, 2)
        local x, _, cols, len = world:moveMoving("grenade", 100, 79, nil, 0.5, 1)
        assert.equal(1, len)
        assert.near(0.715, cols[1].ti, 1e-12)
        assert.near(71.5, cols[1].otherRect.y, 1e-12)
        assert.near(43, x, 1e-12)
        world:update("grenade", 0, 79)
        assert.has_error(function() world:moveMoving("grenade", 100, 79, nil, "0") end,
            "t0 must be a number, but was 0(a string)")
        assert.has_error(function() world:moveMoving("grenade", 100, 79, nil, 0.5, 0.25) end)
        assert.same({ 0, 79, 2, 2 }, { world:getRect("grenade") })
        -- The plain move after them is plain again.
        local _, _, _, plain = world:move("grenade", 100, 79)
        assert.equal(0, plain)
    end)

    it("refuses responses added with addResponse", function()
        local world = corridor()
        world:add("grenade", 0, 49, 2, 2)
        world:addResponse("stick", function(_, col) return col.touch.x, col.touch.y, {}, 0 end)
        assert.has_error(function() world:moveMoving("grenade", 100, 49, function() return "stick" end) end,
            "moveMoving and checkMoving take the built-in responses only, not those added with addResponse")
        assert.same({ 0, 49, 2, 2 }, { world:getRect("grenade") })
    end)
end)
