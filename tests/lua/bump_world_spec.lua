-- sweepbox.bump: the world's bookkeeping (newWorld, add, remove, update, getRect, hasItem,
-- getItems, countItems, toWorld, toCell) and bump's argument errors.
local bump = require("sweepbox.bump")

local function sorted_names(items)
    local names = {}
    for i, item in ipairs(items) do
        names[i] = tostring(item)
    end
    table.sort(names)
    return names
end

describe("bump.newWorld", function()
    it("takes a cell size, 64 by default", function()
        assert.equal(64, bump.newWorld().cellSize)
        assert.equal(32, bump.newWorld(32).cellSize)
    end)

    it("refuses a cell size that is not a positive number, as bump does", function()
        assert.has_error(function() bump.newWorld(0) end, "cellSize must be a positive integer, but was 0(number)")
        assert.has_error(function() bump.newWorld(-1) end, "cellSize must be a positive integer, but was -1(number)")
        assert.has_error(function() bump.newWorld("big") end, "cellSize must be a positive integer, but was big(string)")
    end)

    it("knows bump's four responses", function()
        local world = bump.newWorld()
        for _, name in ipairs({ "touch", "cross", "slide", "bounce" }) do
            assert.equal(bump.responses[name], world.responses[name])
        end
        assert.truthy(bump._VERSION:find("bump v3.1.7", 1, true))
    end)
end)

describe("world:add", function()
    it("returns the item, which getRect then describes", function()
        local world = bump.newWorld()
        local item = {}
        assert.equal(item, world:add(item, 10, 20, 30, 40))
        assert.same({ 10, 20, 30, 40 }, { world:getRect(item) })
    end)

    it("takes items of any Lua type that can be a table key", function()
        local world = bump.newWorld()
        local items = { "a string", 42, 1.5, true, false, {}, function() end, coroutine.create(function() end) }
        for i, item in ipairs(items) do
            world:add(item, i * 100, 0, 10, 10)
        end
        for i, item in ipairs(items) do
            assert.is_true(world:hasItem(item))
            assert.equal(i * 100, (world:getRect(item)))
        end
        assert.equal(#items, world:countItems())
    end)

    it("refuses nil and NaN, which no table can hold", function()
        local world = bump.newWorld()
        assert.has_error(function() world:add(nil, 0, 0, 1, 1) end)
        assert.has_error(function() world:add(0 / 0, 0, 0, 1, 1) end)
        assert.equal(0, world:countItems())
    end)

    it("refuses an item added twice and leaves the first one", function()
        local world = bump.newWorld()
        world:add("a", 0, 0, 1, 1)
        assert.has_error(function() world:add("a", 5, 5, 1, 1) end, "Item a added to the world twice.")
        assert.same({ 0, 0, 1, 1 }, { world:getRect("a") })
        assert.equal(1, world:countItems())
    end)

    it("checks the rectangle with bump's messages, adding nothing", function()
        local world = bump.newWorld()
        assert.has_error(function() world:add("a", "0", 0, 1, 1) end, "x must be a number, but was 0(a string)")
        assert.has_error(function() world:add("a", 0, nil, 1, 1) end, "y must be a number, but was nil(a nil)")
        assert.has_error(function() world:add("a", 0, 0, 0, 1) end, "w must be a positive integer, but was 0(number)")
        assert.has_error(function() world:add("a", 0, 0, 1, -2) end, "h must be a positive integer, but was -2(number)")
        assert.has_error(function() world:add("a", 0, 0, 1, {}) end)
        assert.is_false(world:hasItem("a"))
        assert.equal(0, world:countItems())
    end)

    it("refuses a NaN or infinite coordinate with the library's message, adding nothing", function()
        local world = bump.newWorld()
        assert.has_error(function() world:add("a", 0 / 0, 0, 1, 1) end)
        assert.has_error(function() world:add("a", 0, math.huge, 1, 1) end)
        local ok, message = pcall(world.add, world, "a", 0 / 0, 0, 1, 1)
        assert.is_false(ok)
        assert.truthy(message:find("sweepbox_add", 1, true))
        assert.is_false(world:hasItem("a"))
        assert.equal(0, world:countItems())
    end)
end)

describe("world:remove", function()
    it("forgets the item, which may then be added again", function()
        local world = bump.newWorld()
        world:add("a", 0, 0, 1, 1)
        world:add("b", 5, 0, 1, 1)
        world:remove("a")
        assert.is_false(world:hasItem("a"))
        assert.is_true(world:hasItem("b"))
        assert.equal(1, world:countItems())
        assert.same({}, world:queryPoint(0.5, 0.5))
        world:add("a", 20, 0, 2, 2)
        assert.same({ 20, 0, 2, 2 }, { world:getRect("a") })
        assert.same({ "a", "b" }, sorted_names(world:getItems()))
    end)

    it("refuses an item that is not in the world, with bump's message", function()
        local world = bump.newWorld()
        assert.has_error(function() world:remove("ghost") end,
            "Item ghost must be added to the world before getting its rect. Use world:add(item, x,y,w,h) to add it first.")
    end)
end)

describe("world:update", function()
    it("moves the item without collisions, keeping its size unless given", function()
        local world = bump.newWorld()
        world:add("a", 0, 0, 10, 10)
        world:add("b", 50, 0, 10, 10)
        world:update("a", 52, 2)
        assert.same({ 52, 2, 10, 10 }, { world:getRect("a") })
        world:update("a", 1, 2, 3, 4)
        assert.same({ 1, 2, 3, 4 }, { world:getRect("a") })
    end)

    it("checks its arguments and leaves the item where it was", function()
        local world = bump.newWorld()
        world:add("a", 0, 0, 10, 10)
        assert.has_error(function() world:update("a", nil, 0) end, "x must be a number, but was nil(a nil)")
        assert.has_error(function() world:update("a", 0, 0, -1) end, "w must be a positive integer, but was -1(number)")
        assert.has_error(function() world:update("a", 0 / 0, 0) end)
        assert.has_error(function() world:update("ghost", 0, 0) end)
        assert.same({ 0, 0, 10, 10 }, { world:getRect("a") })
    end)
end)

describe("the item list", function()
    it("counts and lists the items", function()
        local world = bump.newWorld()
        assert.equal(0, world:countItems())
        local items, len = world:getItems()
        assert.same({}, items)
        assert.equal(0, len)
        for i = 1, 5 do
            world:add("item" .. i, i * 10, 0, 5, 5)
        end
        world:remove("item3")
        items, len = world:getItems()
        assert.equal(4, len)
        assert.equal(4, world:countItems())
        assert.same({ "item1", "item2", "item4", "item5" }, sorted_names(items))
    end)

    it("says which items it has", function()
        local world = bump.newWorld()
        world:add("a", 0, 0, 1, 1)
        assert.is_true(world:hasItem("a"))
        assert.is_false(world:hasItem("b"))
        assert.is_false(world:hasItem(nil))
    end)

    it("keeps the items of two worlds apart", function()
        local one, two = bump.newWorld(), bump.newWorld()
        local item = {}
        one:add(item, 0, 0, 1, 1)
        two:add(item, 100, 0, 1, 1)
        assert.equal(0, (one:getRect(item)))
        assert.equal(100, (two:getRect(item)))
        one:remove(item)
        assert.is_true(two:hasItem(item))
    end)
end)

describe("cells", function()
    it("converts between world and cell coordinates as bump does (cells count from 1)", function()
        local world = bump.newWorld(64)
        assert.same({ 1, 1 }, { world:toCell(0, 0) })
        assert.same({ 1, 1 }, { world:toCell(63.9, 63.9) })
        assert.same({ 2, 3 }, { world:toCell(64, 128) })
        assert.same({ 0, -1 }, { world:toCell(-1, -65) })
        assert.same({ 0, 0 }, { world:toWorld(1, 1) })
        assert.same({ 64, 128 }, { world:toWorld(2, 3) })
    end)
end)

describe("errors", function()
    it("name the game's line, however deep in the module they are found", function()
        local world = bump.newWorld()
        world:add("a", 0, 0, 1, 1)
        for _, call in ipairs({
            function() world:move("ghost", 0, 0) end,
            function() world:check("a", nil, 0) end,
            function() world:querySegment(0, 0, nil, 0) end,
            function() world:queryRect(0, 0, 0, 1) end,
            function() world:update("a", 0 / 0, 0) end,
            function() world:add("a", 0, 0, 1, 1) end,
            function() bump.newWorld(-1) end,
        }) do
            local ok, message = pcall(call)
            assert.is_false(ok)
            assert.truthy(message:find("^[^:]*bump_world_spec%.lua:%d+: "), message)
        end
    end)
end)

describe("argument checks", function()
    it("use bump's words for the same mistakes", function()
        local world = bump.newWorld()
        world:add("a", 0, 0, 1, 1)
        assert.has_error(function() world:queryPoint(nil, 0) end, "x must be a number, but was nil(a nil)")
        assert.has_error(function() world:queryPoint(0, 0, 7) end, "filter must be a function, but was 7(a number)")
        assert.has_error(function() world:queryRect(0, 0, 1, 1, "a") end, "filter must be a function, but was a(a string)")
        assert.has_error(function() world:querySegment(0, 0, 1, 1, true) end,
            "filter must be a function, but was true(a boolean)")
        assert.has_error(function() world:addResponse(nil, function() end) end,
            "a response name must be a value that can be a table key, not nil")
        assert.has_error(function() world:addResponse("stick", 5) end, "response must be a function, but was 5(a number)")
        assert.has_error(function() world:project("a", 0, 0, 1, 1, "x") end, "goalX must be a number, but was x(a string)")
        assert.has_error(function() bump.newWorld(64, 5) end, "options must be a table, but was 5(a number)")
        assert.is_nil(world.responses.stick)
    end)
end)
