-- sweepbox.bump_cells: bump.lua's grid as its debug code reads it. bump keeps every item in the
-- cells of a grid (world.rows[cy][cx], each cell {x, y, items, itemCount}) and its rectangles in
-- world.rects; bump_debug.lua-style drawing walks them. sweepbox's own grid is the library's,
-- so these tables are built from the items' rectangles when they are read, laid out as bump
-- lays them out: moves never pay for them. Part of sweepbox.bump (its methods are added there).
local cells = {
    SOURCE = debug.getinfo(1, "S").source,
    -- set by sweepbox.bump: its error function (naming the game's line) and its type check
    fail = error,
    assert_type = nil,
}

local floor, ceil = math.floor, math.ceil

-- bump's cell of a point, counting from 1.
local function to_cell(cell_size, x, y)
    return floor(x / cell_size) + 1, floor(y / cell_size) + 1
end

-- bump's cells of a rectangle: left, top, width and height in cells (a rectangle whose far edge
-- lies on a cell's edge does not reach into that cell).
local function cell_rect(cell_size, x, y, w, h)
    local cx, cy = to_cell(cell_size, x, y)
    local cr, cb = ceil((x + w) / cell_size), ceil((y + h) / cell_size)
    return cx, cy, cr - cx + 1, cb - cy + 1
end

-- Calls f(index, cl, ct, cw, ch) for every item of the world with its cells.
local function each_item(world, f)
    local size = world.cellSize
    local xs, ys, ws, hs, item_of, index_of = world._x, world._y, world._w, world._h, world._item, world._index
    for index = 1, world._top do
        local item = item_of[index]
        if item ~= nil and index_of[item] == index then
            f(index, cell_rect(size, xs[index], ys[index], ws[index], hs[index]))
        end
    end
end

-- world.rows: rows[cy][cx] = {x = cx, y = cy, items = {[item] = true}, itemCount = n}, the cells
-- that hold items; and world.nonEmptyCells, those cells as keys.
local function rows_of(world)
    local rows, non_empty = {}, {}
    local item_of = world._item
    each_item(world, function(index, cl, ct, cw, ch)
        local item = item_of[index]
        for cy = ct, ct + ch - 1 do
            local row = rows[cy]
            if row == nil then
                row = {}
                rows[cy] = row
            end
            for cx = cl, cl + cw - 1 do
                local cell = row[cx]
                if cell == nil then
                    cell = { itemCount = 0, x = cx, y = cy, items = {} }
                    row[cx] = cell
                    non_empty[cell] = true
                end
                cell.items[item] = true
                cell.itemCount = cell.itemCount + 1
            end
        end
    end)
    return rows, non_empty
end

-- world.rects: rects[item] = {x = , y = , w = , h = }.
local function rects_of(world)
    local rects = {}
    local xs, ys, ws, hs, item_of = world._x, world._y, world._w, world._h, world._item
    each_item(world, function(index)
        rects[item_of[index]] = { x = xs[index], y = ys[index], w = ws[index], h = hs[index] }
    end)
    return rects
end

-- The world's __index (its methods are its own fields): bump's internal tables, built each time
-- they are read. A frame's drawing reads world.rows once; keep it in a local for several uses.
function cells.view(world, key)
    if key == "rows" then
        return (rows_of(world))
    elseif key == "nonEmptyCells" then
        local _, non_empty = rows_of(world)
        return non_empty
    elseif key == "rects" then
        return rects_of(world)
    end
    return nil
end

function cells.add_methods(World)
    local function assert_numbers(a, b, name_a, name_b)
        cells.assert_type("number", a, name_a)
        cells.assert_type("number", b, name_b)
    end

    function World:toWorld(cx, cy)
        assert_numbers(cx, cy, "cx", "cy")
        return (cx - 1) * self.cellSize, (cy - 1) * self.cellSize
    end

    function World:toCell(x, y)
        assert_numbers(x, y, "x", "y")
        return to_cell(self.cellSize, x, y)
    end

    -- The cells that hold items, as bump counts them (each cell of world.rows).
    function World:countCells()
        local count = 0
        for _, row in pairs(rows_of(self)) do
            for _ in pairs(row) do
                count = count + 1
            end
        end
        return count
    end

    -- The items in the cells [cl, cl + cw) x [ct, ct + ch), as a set: {[item] = true}.
    function World:getDictItemsInCellRect(cl, ct, cw, ch)
        assert_numbers(cl, ct, "cl", "ct")
        assert_numbers(cw, ch, "cw", "ch")
        local items = {}
        local item_of = self._item
        each_item(self, function(index, il, it, iw, ih)
            if il < cl + cw and cl < il + iw and it < ct + ch and ct < it + ih then
                items[item_of[index]] = true
            end
        end)
        return items
    end
end

return cells
