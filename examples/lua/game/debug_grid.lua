-- The grid overlay bump.lua games draw to see the world's cells (as bump's demo does): every cell
-- of world.rows, shaded by how many items it holds, and every item's rectangle from
-- world.rects. Only bump's public tables are read, so the same code draws a bump.lua world and a
-- sweepbox.bump one.
local debug_grid = {}

-- The cells, under the game's drawing; returns how many there are.
function debug_grid.draw_cells(world)
    local size = world.cellSize
    local cells = 0
    for cy, row in pairs(world.rows) do
        for cx, cell in pairs(row) do
            local l, t = world:toWorld(cx, cy)
            love.graphics.setColor(0.3, 0.7, 1, math.min(0.45, 0.06 + cell.itemCount * 0.025))
            love.graphics.rectangle("fill", l, t, size, size)
            love.graphics.setColor(0.3, 0.7, 1, 0.35)
            love.graphics.rectangle("line", l, t, size, size)
            love.graphics.setColor(1, 1, 1, 0.7)
            love.graphics.print(tostring(cell.itemCount), l + 3, t + 2)
            cells = cells + 1
        end
    end
    return cells
end

-- Every item's rectangle, over the game's drawing.
function debug_grid.draw_rects(world)
    love.graphics.setColor(0.5, 1, 0.5, 0.7)
    for _, rect in pairs(world.rects) do
        love.graphics.rectangle("line", rect.x, rect.y, rect.w, rect.h)
    end
end

return debug_grid
