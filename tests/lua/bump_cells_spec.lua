-- sweepbox.bump: bump's grid as debug code reads it. world.rows, world.rects and
-- world.nonEmptyCells are built when read, laid out as bump lays them out; countCells,
-- getDictItemsInCellRect, toWorld and toCell answer as bump's do.
local bump = require("sweepbox.bump")

-- What a bump_debug.lua-style overlay does each frame: every cell of world.rows, its rectangle
-- from toWorld, shaded by its itemCount. Returns the rectangles drawn, "l,t,w,h:count" each.
local function draw_cells(world)
    local drawn = {}
    for cy, row in pairs(world.rows) do
        for cx, cell in pairs(row) do
            local l, t = world:toWorld(cx, cy)
            assert(cell.x == cx and cell.y == cy)
            local count = 0
            for _ in pairs(cell.items) do
                count = count + 1
            end
            assert(count == cell.itemCount)
            drawn[#drawn + 1] = ("%g,%g,%g,%g:%d"):format(l, t, world.cellSize, world.cellSize, cell.itemCount)
        end
    end
    table.sort(drawn)
    return drawn
end

describe("world.rows", function()
    it("holds each item in the cells bump puts it in", function()
        local world = bump.newWorld(64)
        world:add("a", 0, 0, 10, 10) -- cell (1, 1)
        world:add("b", 60, 60, 10, 10) -- cells (1..2, 1..2)
        world:add("c", 64, 0, 64, 64) -- cell (2, 1): its far edges lie on the cell's edges
        world:add("d", -1, -1, 1, 1) -- cell (0, 0)
        local rows = world.rows
        assert.same({ a = true, b = true }, rows[1][1].items)
        assert.same({ b = true, c = true }, rows[1][2].items)
        assert.same({ b = true }, rows[2][1].items)
        assert.same({ b = true }, rows[2][2].items)
        assert.same({ d = true }, rows[0][0].items)
        assert.same({ itemCount = 2, x = 2, y = 1, items = { b = true, c = true } }, rows[1][2])
        assert.is_nil(rows[1][3])
        assert.is_nil(rows[3])
    end)

    it("is built when read, so it follows the moves", function()
        local world = bump.newWorld(32)
        world:add("wall", 100, 0, 10, 100)
        world:add("ball", 0, 0, 4, 4)
        assert.same({ "0,0,32,32:1", "96,0,32,32:1", "96,32,32,32:1", "96,64,32,32:1", "96,96,32,32:1" },
            draw_cells(world))
        world:move("ball", 200, 40) -- slides down the wall's side to (96, 40)
        assert.same({ "96,0,32,32:1", "96,32,32,32:2", "96,64,32,32:1", "96,96,32,32:1" }, draw_cells(world))
        world:remove("wall")
        assert.same({ "96,32,32,32:1" }, draw_cells(world))
    end)

    it("comes with world.nonEmptyCells and world.rects", function()
        local world = bump.newWorld(64)
        world:add("a", 0, 0, 100, 10)
        local rows, cells = world.rows, world.nonEmptyCells
        local count = 0
        for cell in pairs(cells) do
            count = count + 1
            assert.equal(rows[cell.y][cell.x].itemCount, cell.itemCount)
        end
        assert.equal(2, count)
        assert.same({ a = { x = 0, y = 0, w = 100, h = 10 } }, world.rects)
    end)
end)

describe("world:countCells", function()
    it("counts the cells that hold items, as bump's spec does", function()
        local world = bump.newWorld()
        world:add({}, 0, 0, 10, 10)
        assert.equal(1, world:countCells())
        world:add({}, 100, 100, 10, 10)
        assert.equal(2, world:countCells())
        world:add({}, 0, 0, 100, 10)
        assert.equal(3, world:countCells())
        world:add({}, 0, 0, 100, 10)
        assert.equal(3, world:countCells())
        local big = world:add({}, 300, 300, 64, 64)
        assert.equal(7, world:countCells())
        world:remove(big)
        assert.equal(3, world:countCells()) -- (bump: 7 until its next garbage collection)
    end)
end)

describe("world:getDictItemsInCellRect", function()
    it("gives the items of a rectangle of cells as a set", function()
        local world = bump.newWorld(10)
        world:add("a", 0, 0, 5, 5)
        world:add("b", 25, 5, 10, 10)
        world:add("c", 100, 100, 1, 1)
        assert.same({ a = true, b = true }, world:getDictItemsInCellRect(1, 1, 3, 2))
        assert.same({ b = true }, world:getDictItemsInCellRect(4, 2, 1, 1))
        assert.same({}, world:getDictItemsInCellRect(5, 5, 2, 2))
        assert.has_error(function() world:getDictItemsInCellRect(1, nil, 1, 1) end,
            "ct must be a number, but was nil(a nil)")
    end)
end)

describe("toWorld and toCell", function()
    it("check their arguments", function()
        local world = bump.newWorld()
        assert.has_error(function() world:toWorld(nil, 1) end, "cx must be a number, but was nil(a nil)")
        assert.has_error(function() world:toCell(0, "1") end, "y must be a number, but was 1(a string)")
        assert.same({ -128, 0 }, { world:toWorld(-1, 1) })
    end)
end)
