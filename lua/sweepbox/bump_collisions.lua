-- sweepbox.bump_collisions: the collision tables of sweepbox.bump, with bump's fields: item,
-- other, type, overlaps, ti, and the tables move, normal, touch, itemRect, otherRect and slide
-- or bounce. A move makes many and a game reads few of their tables, so a new collision keeps
-- its numbers in one object the collector never looks into (`_sweepbox`) and makes each table
-- the first time it is read: a collision then costs one table, not seven.
local ffi = require("ffi")

local collisions = {}

-- The numbers of one collision. goal: 0, or which table holds goal_x, goal_y (SLIDE, BOUNCE).
local Numbers = ffi.typeof([[struct {
    double move_x, move_y, normal_x, normal_y, touch_x, touch_y;
    double item_x, item_y, item_w, item_h, other_x, other_y, other_w, other_h;
    double goal_x, goal_y;
    int32_t goal;
}]])
collisions.Numbers = Numbers
local SLIDE, BOUNCE = 1, 2
collisions.SLIDE, collisions.BOUNCE = SLIDE, BOUNCE

local function xy(x, y)
    return { x = x, y = y }
end

local function rect(x, y, w, h)
    return { x = x, y = y, w = w, h = h }
end

local make = {
    move = function(n) return xy(n.move_x, n.move_y) end,
    normal = function(n) return xy(n.normal_x, n.normal_y) end,
    touch = function(n) return xy(n.touch_x, n.touch_y) end,
    itemRect = function(n) return rect(n.item_x, n.item_y, n.item_w, n.item_h) end,
    otherRect = function(n) return rect(n.other_x, n.other_y, n.other_w, n.other_h) end,
    slide = function(n) return n.goal == SLIDE and xy(n.goal_x, n.goal_y) or nil end,
    bounce = function(n) return n.goal == BOUNCE and xy(n.goal_x, n.goal_y) or nil end,
}

-- A table of bump's read for the first time: made from the numbers, then kept in the collision.
local lazy = {
    __index = function(col, key)
        local made = make[key]
        if made == nil then
            return nil
        end
        local value = made(rawget(col, "_sweepbox"))
        rawset(col, key, value)
        return value
    end,
}

-- A new collision table (numbers: a Numbers of its own).
function collisions.new(item, other, name, overlaps, ti, numbers)
    return setmetatable({ item = item, other = other, type = name, overlaps = overlaps, ti = ti, _sweepbox = numbers },
        lazy)
end

-- A collision table with every table made, for a world that fills the same ones move after
-- move (reuseCollisions). One constructor with every field gives it its final size at once.
function collisions.new_filled()
    return {
        item = false, other = false, type = false, overlaps = false, ti = 0,
        move = xy(0, 0), normal = xy(0, 0), touch = xy(0, 0),
        itemRect = rect(0, 0, 0, 0), otherRect = rect(0, 0, 0, 0),
    }
end

-- Fills a table of new_filled's; the slide and bounce tables are kept under _slide and _bounce
-- between moves.
function collisions.fill(col, item, other, name, overlaps, ti, n)
    col.item, col.other, col.type, col.overlaps, col.ti = item, other, name, overlaps, ti
    col.move.x, col.move.y = n.move_x, n.move_y
    col.normal.x, col.normal.y = n.normal_x, n.normal_y
    col.touch.x, col.touch.y = n.touch_x, n.touch_y
    local r = col.itemRect
    r.x, r.y, r.w, r.h = n.item_x, n.item_y, n.item_w, n.item_h
    r = col.otherRect
    r.x, r.y, r.w, r.h = n.other_x, n.other_y, n.other_w, n.other_h
    col.slide, col.bounce = nil, nil
    if n.goal ~= 0 then
        local keep = n.goal == SLIDE and "_slide" or "_bounce"
        local goal = col[keep]
        if goal == nil then
            goal = xy(0, 0)
            col[keep] = goal
        end
        goal.x, goal.y = n.goal_x, n.goal_y
        if n.goal == SLIDE then
            col.slide = goal
        else
            col.bounce = goal
        end
    end
    return col
end

return collisions
