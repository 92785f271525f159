-- sweepbox.bump: bump.lua 3.1.7's world API over sweepbox's exact C library, for LuaJIT.
-- A game switches by changing one line: local bump = require("sweepbox.bump").
-- lua/README.md lists every place where the answers differ from bump's, and why.
local ffi = require("ffi")
local bit = require("bit")
local C = require("sweepbox.c")

local OK, TOO_SMALL = C.SWEEPBOX_OK, C.SWEEPBOX_TOO_SMALL
local IGNORE, TOUCH, SLIDE, CROSS, BOUNCE = C.SWEEPBOX_RESPONSE_IGNORE, C.SWEEPBOX_RESPONSE_TOUCH,
    C.SWEEPBOX_RESPONSE_SLIDE, C.SWEEPBOX_RESPONSE_CROSS, C.SWEEPBOX_RESPONSE_BOUNCE
local OTHER_BODY = C.SWEEPBOX_OTHER_BODY
local STARTED_OVERLAPPING = C.SWEEPBOX_STARTED_OVERLAPPING
local NOT_A_RESPONSE = -1 -- a filter answer that fails the move, leaving the world as it was
-- Blocking contacts per move in bump's loop: the library's own limit (max_iterations).
local MAX_LEGS = C.sweepbox_move_options_default().max_iterations

local bump = {
    _VERSION = "bump v3.1.7 (sweepbox.bump " .. ffi.string(C.sweepbox_version_string()) .. ")",
    _URL = "https://github.com/kikito/bump.lua",
    _DESCRIPTION = "bump.lua's world API over sweepbox: exact swept collision of axis-aligned boxes",
    _LICENSE = "MIT",
}

------------------------------------------------------------------------------------------------
-- Errors, and argument checks with bump's messages

local THIS_FILE = debug.getinfo(1, "S").source

-- Raises message at the first caller outside this file, so the error names the game's line
-- however deep the module's own calls go (public functions make no tail calls, which would
-- hide that line).
local function fail(message)
    local level = 2
    while true do
        local info = debug.getinfo(level, "S")
        if info == nil or info.source ~= THIS_FILE then
            break
        end
        level = level + 1
    end
    error(message, level)
end

local function assert_type(wanted, value, name)
    if type(value) ~= wanted then
        fail(name .. " must be a " .. wanted .. ", but was " .. tostring(value) .. "(a " .. type(value) .. ")")
    end
end

local function assert_positive(value, name)
    if type(value) ~= "number" or value <= 0 then
        fail(name .. " must be a positive integer, but was " .. tostring(value) .. "(" .. type(value) .. ")")
    end
end

local function assert_rect(x, y, w, h)
    assert_type("number", x, "x")
    assert_type("number", y, "y")
    assert_positive(w, "w")
    assert_positive(h, "h")
end

local function not_added(item)
    return "Item " .. tostring(item) .. " must be added to the world before getting its rect. "
        .. "Use world:add(item, x,y,w,h) to add it first."
end

local function unknown_response(name)
    return ("Unknown collision type: %s (%s)"):format(tostring(name), type(name))
end

------------------------------------------------------------------------------------------------
-- The responses, as bump defines them: used by moves whose filter names a response added with
-- addResponse, and callable by such responses (bump.responses.slide(...)).

local function touch(_, col)
    return col.touch.x, col.touch.y, {}, 0
end

local function cross(world, col, x, y, w, h, goal_x, goal_y, filter)
    local cols, len = world:project(col.item, x, y, w, h, goal_x, goal_y, filter)
    return goal_x, goal_y, cols, len
end

local function slide(world, col, x, y, w, h, goal_x, goal_y, filter)
    goal_x, goal_y = goal_x or x, goal_y or y
    local tch, move = col.touch, col.move
    if move.x ~= 0 or move.y ~= 0 then
        if col.normal.x ~= 0 then
            goal_x = tch.x
        else
            goal_y = tch.y
        end
    end
    col.slide = { x = goal_x, y = goal_y }
    local cols, len = world:project(col.item, tch.x, tch.y, w, h, goal_x, goal_y, filter)
    return goal_x, goal_y, cols, len
end

local function bounce(world, col, x, y, w, h, goal_x, goal_y, filter)
    goal_x, goal_y = goal_x or x, goal_y or y
    local tch, move = col.touch, col.move
    local bx, by = tch.x, tch.y
    if move.x ~= 0 or move.y ~= 0 then
        local rx, ry = goal_x - tch.x, goal_y - tch.y
        if col.normal.x == 0 then
            ry = -ry
        else
            rx = -rx
        end
        bx, by = tch.x + rx, tch.y + ry
    end
    col.bounce = { x = bx, y = by }
    local cols, len = world:project(col.item, tch.x, tch.y, w, h, bx, by, filter)
    return bx, by, cols, len
end

bump.responses = { touch = touch, cross = cross, slide = slide, bounce = bounce }

-- The library runs these four itself; a name bound to another function needs the Lua loop.
local builtin_code = { [touch] = TOUCH, [cross] = CROSS, [slide] = SLIDE, [bounce] = BOUNCE }

------------------------------------------------------------------------------------------------
-- The world

local World = {}
local World_mt = { __index = World }

-- The filter of the move in progress. One C callback serves every world; a filter may run a
-- move of another world, so these are saved and restored around each filtered move.
local active_world, active_item, active_filter, active_error, active_custom

local function filter_trampoline(_, _, _, other)
    if other.kind ~= OTHER_BODY then
        return IGNORE -- a bump world has no tiles
    end
    local world = active_world
    local index = other.body.index
    local ok, answer = pcall(active_filter, active_item, world._item[index])
    if not ok then
        active_error = answer
        return NOT_A_RESPONSE
    end
    if not answer then
        return IGNORE
    end
    local response = world.responses[answer]
    if response == nil then
        active_error = unknown_response(answer)
        return NOT_A_RESPONSE
    end
    local code = builtin_code[response]
    if code == nil then
        active_custom = true
        return NOT_A_RESPONSE
    end
    world._answer[index] = answer
    return code
end
local filter_callback = ffi.cast("sweepbox_filter", filter_trampoline)

-- The library's message for the call that just failed on world.
local function raise(world)
    fail(ffi.string(C.sweepbox_last_error(world._handle)))
end

local function body_id(world, index)
    local id = world._id
    id.index = index
    id.generation = world._generation[index]
    return id
end

local function item_index(world, item)
    local index = world._index[item]
    if index == nil then
        fail(not_added(item))
    end
    return index
end

local function not_busy(world, what)
    if world._busy then
        fail("world:" .. what .. " was called from a filter of this world's move; a filter may only read the world")
    end
end

-- The box of a body, in world._other_box (valid until the next call).
local function box_of(world, index)
    local box = world._other_box
    if C.sweepbox_get_box(world._handle, body_id(world, index), box) ~= OK then
        raise(world)
    end
    return box
end

-- The box of a body as bump's x, y, w, h.
local function rect_of(world, index)
    local box = box_of(world, index)
    return box.min.x, box.min.y, box.max.x - box.min.x, box.max.y - box.min.y
end

local function set_box(box, x, y, w, h)
    box.min.x, box.min.y, box.max.x, box.max.y = x, y, x + w, y + h
end

-- After a call that fills the world's list `name` ("_others" or "_hits"): the count when every
-- answer fit; else nil, with the list grown to the count needed (the caller asks again).
local function fitted(world, status, name, ctype)
    local count = tonumber(world._count[0])
    if status == OK then
        return count
    elseif status ~= TOO_SMALL then
        raise(world)
    end
    world[name] = ffi.new(ctype, count)
    world[name .. "_capacity"] = count
    return nil
end

-- Runs a query of the rectangle a (a box), the point (a, b) or the segment (a, b) -> (c, d)
-- into world._others; returns the count.
local function run_query(world, query, a, b, c, d)
    local count
    repeat
        local status
        if b == nil then
            status = query(world._handle, a, nil, world._others, world._others_capacity, world._count)
        elseif c == nil then
            status = query(world._handle, a, b, nil, world._others, world._others_capacity, world._count)
        else
            status = query(world._handle, a, b, c, d, nil, world._others, world._others_capacity, world._count)
        end
        count = fitted(world, status, "_others", "sweepbox_other[?]")
    until count
    return count
end

function World:addResponse(name, response)
    self.responses[name] = response
end

function World:hasItem(item)
    return item ~= nil and self._index[item] ~= nil
end

function World:countItems()
    return self._count_items
end

function World:getItems()
    local items, len = {}, 0
    for index = 1, self._top do
        local item = self._item[index]
        if item ~= nil and self._index[item] == index then
            len = len + 1
            items[len] = item
        end
    end
    return items, len
end

function World:getRect(item)
    local x, y, w, h = rect_of(self, item_index(self, item))
    return x, y, w, h
end

function World:toWorld(cx, cy)
    return (cx - 1) * self.cellSize, (cy - 1) * self.cellSize
end

function World:toCell(x, y)
    return math.floor(x / self.cellSize) + 1, math.floor(y / self.cellSize) + 1
end

function World:add(item, x, y, w, h)
    not_busy(self, "add")
    if item == nil or item ~= item then
        fail("an item must be a value that can be a table key, not " .. tostring(item))
    end
    if self._index[item] ~= nil then
        fail("Item " .. tostring(item) .. " added to the world twice.")
    end
    assert_rect(x, y, w, h)
    local def = self._def
    set_box(def.box, x, y, w, h)
    local id = self._new_id
    if C.sweepbox_add(self._handle, def, id) ~= OK then
        raise(self)
    end
    local index = id.index
    self._index[item], self._item[index], self._generation[index] = index, item, id.generation
    if index > self._top then
        self._top = index
    end
    self._count_items = self._count_items + 1
    return item
end

function World:remove(item)
    not_busy(self, "remove")
    local index = item_index(self, item)
    if C.sweepbox_remove(self._handle, body_id(self, index)) ~= OK then
        raise(self)
    end
    self._index[item], self._item[index] = nil, nil
    self._count_items = self._count_items - 1
end

function World:update(item, x, y, w, h)
    not_busy(self, "update")
    local index = item_index(self, item)
    local _, _, w1, h1 = rect_of(self, index)
    w, h = w or w1, h or h1
    assert_rect(x, y, w, h)
    local box = self._box
    set_box(box, x, y, w, h)
    if C.sweepbox_teleport(self._handle, body_id(self, index), box) ~= OK then
        raise(self)
    end
end

-- A collision table with bump's fields. One constructor with every field gives each new table
-- its final size at once (no growth on the way, so no extra garbage).
local function new_col()
    return {
        item = false, other = false, type = false, overlaps = false, ti = 0,
        move = { x = 0, y = 0 },
        normal = { x = 0, y = 0 },
        touch = { x = 0, y = 0 },
        itemRect = { x = 0, y = 0, w = 0, h = 0 },
        otherRect = { x = 0, y = 0, w = 0, h = 0 },
    }
end

-- Fills col from what is known of the item's leg (leg: its start x, y, size w, h and goal) and
-- of the other's box.
local function fill_col(col, item, other, name, overlaps, ti, nx, ny, tx, ty, leg, other_box)
    col.item, col.other, col.type, col.overlaps, col.ti = item, other, name, overlaps, ti
    col.move.x, col.move.y = leg.goal_x - leg.x, leg.goal_y - leg.y
    col.normal.x, col.normal.y = nx, ny
    col.touch.x, col.touch.y = tx, ty
    local r = col.itemRect
    r.x, r.y, r.w, r.h = leg.x, leg.y, leg.w, leg.h
    r = col.otherRect
    r.x, r.y = other_box.min.x, other_box.min.y
    r.w, r.h = other_box.max.x - other_box.min.x, other_box.max.y - other_box.min.y
    return col
end

-- A fresh {x, y} table, or with reuseCollisions the one kept in col under `keep`.
local function goal_table(col, keep, reuse)
    local goal = reuse and col[keep] or nil
    if goal == nil then
        goal = { x = 0, y = 0 }
        if reuse then
            col[keep] = goal
        end
    end
    return goal
end

-- The leg after a slide or bounce on a face with normal x nx: it starts at the touch, and its
-- goal is bump's (the motion into the face dropped, or reflected).
local function next_leg(leg, bounces, nx, tx, ty)
    if nx ~= 0 then
        leg.goal_x = bounces and tx - (leg.goal_x - tx) or tx
    else
        leg.goal_y = bounces and ty - (leg.goal_y - ty) or ty
    end
    leg.x, leg.y = tx, ty
end

-- The collision table of contact c, and the leg after it: a push out of an item the body
-- started in (rule 7) carries the whole move, a slide or bounce starts a new leg from the
-- touch with bump's new goal.
local function describe(world, col, item, c, filtered, leg)
    local index = c.other.body.index
    local other_box = box_of(world, index)
    local code, time = c.response, c.time
    local tx, ty, nx = c.box.min.x, c.box.min.y, c.normal.x
    local overlaps = bit.band(c.flags, STARTED_OVERLAPPING) ~= 0
    fill_col(col, item, world._item[index], filtered and world._answer[index] or "slide", overlaps,
        leg.time < 1 and (time - leg.time) / (1 - leg.time) or 0, nx, c.normal.y, tx, ty, leg, other_box)
    col.slide, col.bounce = nil, nil
    if overlaps and code ~= CROSS then
        leg.goal_x, leg.goal_y = leg.goal_x + (tx - leg.x), leg.goal_y + (ty - leg.y)
        leg.x, leg.y = tx, ty
    elseif code == SLIDE then
        next_leg(leg, false, nx, tx, ty)
        leg.time = time
        local goal = goal_table(col, "_slide", world._reuse)
        goal.x, goal.y = leg.goal_x, leg.goal_y
        col.slide = goal
    elseif code == BOUNCE then
        next_leg(leg, true, nx, tx, ty)
        leg.time = time
        local goal = goal_table(col, "_bounce", world._reuse)
        goal.x, goal.y = leg.goal_x, leg.goal_y
        col.bounce = goal
    end
end

-- The collision tables of a finished library move, as bump builds them: each leg starts where
-- the last slide or bounce left the body, `ti` is the fraction of that leg, `move` its motion.
-- A world made with reuseCollisions fills the same tables move after move.
local function collisions_of(world, item, result, filtered)
    local n = tonumber(result.count)
    local reuse = world._reuse
    local cols = reuse and world._cols or {}
    for i = 1, n do
        local col
        if reuse then
            col = world._pool[i]
            if col == nil then
                col = new_col()
                world._pool[i] = col
            end
        else
            col = new_col()
        end
        describe(world, col, item, result.contacts[i - 1], filtered, world._leg)
        cols[i] = col
    end
    if reuse then
        for i = n + 1, world._cols_len do
            cols[i] = nil
        end
        world._cols_len = n
    end
    return cols, n
end

-- bump's own loop (World:check in bump.lua), for a move whose filter names a response added
-- with addResponse: each leg is a sweepbox projection, so every contact is still exact. A
-- slide or bounce leaves its obstacle behind by moving along or away from it, so only the
-- obstacles of other responses are visited once, as in bump.
local function lua_loop(world, item, goal_x, goal_y, filter)
    local visited = { [item] = true }
    local function visited_filter(itm, other)
        if visited[other] then
            return false
        end
        return filter(itm, other)
    end
    local x, y, w, h = world:getRect(item)
    local cols, len = {}, 0
    local projected, projected_len = world:project(item, x, y, w, h, goal_x, goal_y, visited_filter)
    local legs = 0
    while projected_len > 0 do
        local col = projected[1]
        len = len + 1
        cols[len] = col
        local response = world.responses[col.type]
        if response == nil then
            fail(unknown_response(col.type))
        end
        if response ~= slide and response ~= bounce then
            visited[col.other] = true
        else
            legs = legs + 1
            if legs == MAX_LEGS then
                return col.touch.x, col.touch.y, cols, len
            end
        end
        goal_x, goal_y, projected, projected_len = response(world, col, x, y, w, h, goal_x, goal_y, visited_filter)
    end
    return goal_x, goal_y, cols, len
end

-- A filtered library move (or check, its dry run): the C library calls back into Lua, which
-- LuaJIT's compiler cannot follow, so this function stays interpreted (jit.off below).
local function filtered_move(world, run, id, dx, dy, result, item, filter)
    local saved_world, saved_item, saved_filter, saved_error, saved_custom =
        active_world, active_item, active_filter, active_error, active_custom
    active_world, active_item, active_filter, active_error, active_custom = world, item, filter, nil, false
    world._busy = true
    local status = run(world._handle, id, dx, dy, world._filtered_options, result)
    world._busy = false
    local error_text, custom = active_error, active_custom
    active_world, active_item, active_filter, active_error, active_custom =
        saved_world, saved_item, saved_filter, saved_error, saved_custom
    return status, error_text, custom
end
jit.off(filtered_move)

local function slide_filter()
    return "slide"
end

-- World:move and World:check: the library's move, or its dry run.
local function run_move(world, item, goal_x, goal_y, filter, dry)
    not_busy(world, dry and "check" or "move")
    if filter == nil and world.responses.slide ~= slide then
        filter = slide_filter -- bump's default filter answers "slide", whatever that now names
    end
    local index = item_index(world, item)
    assert_type("number", goal_x, "x")
    assert_type("number", goal_y, "y")
    local id = body_id(world, index)
    local start = world._start
    if C.sweepbox_get_box(world._handle, id, start) ~= OK then
        raise(world)
    end
    local x, y = start.min.x, start.min.y
    local dx, dy = goal_x - x, goal_y - y
    local result = world._result
    local run = dry and C.sweepbox_check or C.sweepbox_move
    while true do
        local status, error_text, custom
        if filter == nil then
            status = run(world._handle, id, dx, dy, world._options, result)
        else
            status, error_text, custom = filtered_move(world, run, id, dx, dy, result, item, filter)
        end
        if status == OK then
            break
        elseif custom then
            -- The library left the world as it was; bump's loop finds the goal, then a move that
            -- ignores everything takes the body there (or a check says where), rounding as every
            -- move does.
            local end_x, end_y, cols, len = lua_loop(world, item, goal_x, goal_y, filter)
            if run(world._handle, body_id(world, index), end_x - x, end_y - y, world._ignore_options, result) ~= OK then
                raise(world)
            end
            return result.box.min.x, result.box.min.y, cols, len
        elseif error_text ~= nil then
            error(error_text, 0)
        elseif status ~= TOO_SMALL then
            raise(world)
        end
        local needed = tonumber(result.count)
        world._contacts = ffi.new("sweepbox_contact[?]", needed)
        result.contacts, result.capacity = world._contacts, needed
        id = body_id(world, index)
    end
    local leg = world._leg
    leg.x, leg.y, leg.w, leg.h = x, y, start.max.x - x, start.max.y - y
    leg.goal_x, leg.goal_y, leg.time = goal_x, goal_y, 0
    local cols, len = collisions_of(world, item, result, filter ~= nil)
    return result.box.min.x, result.box.min.y, cols, len
end

-- (No tail calls in the public functions: fail() looks for the game's line on the stack.)
function World:move(item, goal_x, goal_y, filter)
    local x, y, cols, len = run_move(self, item, goal_x, goal_y, filter, false)
    return x, y, cols, len
end

function World:check(item, goal_x, goal_y, filter)
    local x, y, cols, len = run_move(self, item, goal_x, goal_y, filter, true)
    return x, y, cols, len
end

function World:project(item, x, y, w, h, goal_x, goal_y, filter)
    assert_rect(x, y, w, h)
    goal_x, goal_y = goal_x or x, goal_y or y
    local query = self._query
    local index = item ~= nil and self._index[item] or nil
    if index ~= nil then
        query.ignore = body_id(self, index)
    else
        query.ignore.index, query.ignore.generation = 0, 0
    end
    local box = self._box
    set_box(box, x, y, w, h)
    local dx, dy = goal_x - x, goal_y - y
    local count
    repeat
        local status = C.sweepbox_cast_all(self._handle, box, dx, dy, query, self._hits, self._hits_capacity, self._count)
        count = fitted(self, status, "_hits", "sweepbox_cast_hit[?]")
    until count
    local cols, len = {}, 0
    for i = 0, count - 1 do
        local hit = self._hits[i]
        local other_index = hit.other.body.index
        local other = self._item[other_index]
        local name = filter == nil and "slide" or filter(item, other)
        if name then
            local other_box = box_of(self, other_index)
            len = len + 1
            local leg = self._leg
            leg.x, leg.y, leg.w, leg.h, leg.goal_x, leg.goal_y = x, y, w, h, goal_x, goal_y
            cols[len] = fill_col(new_col(), item, other, name, bit.band(hit.flags, STARTED_OVERLAPPING) ~= 0,
                hit.time, hit.normal.x, hit.normal.y, hit.box.min.x, hit.box.min.y, leg, other_box)
        end
    end
    return cols, len
end

-- The items of the query just run whose interiors meet the rectangle [x1, x2] x [y1, y2] (with
-- x1 == x2 and y1 == y2, a point): bump leaves out an item whose edge only touches it.
local function interiors_meeting(world, count, x1, y1, x2, y2, filter)
    local items, len = {}, 0
    for i = 0, count - 1 do
        local index = world._others[i].body.index
        local box = box_of(world, index)
        local item = world._item[index]
        if x1 < box.max.x and box.min.x < x2 and y1 < box.max.y and box.min.y < y2
            and (filter == nil or filter(item)) then
            len = len + 1
            items[len] = item
        end
    end
    return items, len
end

function World:queryRect(x, y, w, h, filter)
    assert_rect(x, y, w, h)
    local box = self._box
    set_box(box, x, y, w, h)
    local items, len = interiors_meeting(self, run_query(self, C.sweepbox_query_rect, box), x, y, x + w, y + h, filter)
    return items, len
end

function World:queryPoint(x, y, filter)
    local items, len = interiors_meeting(self, run_query(self, C.sweepbox_query_point, x, y), x, y, x, y, filter)
    return items, len
end

-- The part [t1, t2] of the segment a -> a + d inside the closed box (the library said they meet).
local function clip(ax, ay, dx, dy, ox, oy, ow, oh)
    local t1, t2 = 0, 1
    if dx ~= 0 then
        local e, l = (ox - ax) / dx, (ox + ow - ax) / dx
        if dx < 0 then e, l = l, e end
        t1, t2 = math.max(t1, e), math.min(t2, l)
    end
    if dy ~= 0 then
        local e, l = (oy - ay) / dy, (oy + oh - ay) / dy
        if dy < 0 then e, l = l, e end
        t1, t2 = math.max(t1, e), math.min(t2, l)
    end
    return t1, math.max(t1, t2)
end

local function segment_items(world, x1, y1, x2, y2, filter, with_coords)
    assert_type("number", x1, "x1")
    assert_type("number", y1, "y1")
    assert_type("number", x2, "x2")
    assert_type("number", y2, "y2")
    local count = run_query(world, C.sweepbox_query_segment, x1, y1, x2, y2)
    local items, len = {}, 0
    local dx, dy = x2 - x1, y2 - y1
    for i = 0, count - 1 do
        local index = world._others[i].body.index
        local item = world._item[index]
        if filter == nil or filter(item) then
            len = len + 1
            if with_coords then
                local t1, t2 = clip(x1, y1, dx, dy, rect_of(world, index))
                items[len] = {
                    item = item, ti1 = t1, ti2 = t2,
                    x1 = x1 + dx * t1, y1 = y1 + dy * t1, x2 = x1 + dx * t2, y2 = y1 + dy * t2,
                }
            else
                items[len] = item
            end
        end
    end
    return items, len
end

function World:querySegment(x1, y1, x2, y2, filter)
    local items, len = segment_items(self, x1, y1, x2, y2, filter, false)
    return items, len
end

function World:querySegmentWithCoords(x1, y1, x2, y2, filter)
    local info, len = segment_items(self, x1, y1, x2, y2, filter, true)
    return info, len
end

------------------------------------------------------------------------------------------------

-- options (a sweepbox.bump extension): { reuseCollisions = true } makes move and check fill the
-- same collision tables each time instead of new ones (no garbage; a table is valid until the
-- world's next move or check).
function bump.newWorld(cellSize, options)
    cellSize = cellSize or 64
    if type(cellSize) ~= "number" or cellSize <= 0 then
        fail("cellSize must be a positive integer, but was " .. tostring(cellSize) .. "(" .. type(cellSize) .. ")")
    end
    local def = C.sweepbox_world_def_default()
    def.cell_size = cellSize
    local out = ffi.new("sweepbox_world*[1]")
    if C.sweepbox_world_create(def, out) ~= OK then
        fail(ffi.string(C.sweepbox_last_error(nil)))
    end
    local slide_options = ffi.new("sweepbox_move_options", C.sweepbox_move_options_default())
    local ignore_options = ffi.new("sweepbox_move_options", C.sweepbox_move_options_default())
    ignore_options.response = IGNORE
    local filtered = ffi.new("sweepbox_move_options", C.sweepbox_move_options_default())
    filtered.filter = filter_callback
    local contacts = ffi.new("sweepbox_contact[?]", 16)
    local result = ffi.new("sweepbox_move_result")
    result.contacts, result.capacity = contacts, 16
    local world = setmetatable({
        cellSize = cellSize,
        responses = {},
        _handle = ffi.gc(out[0], C.sweepbox_world_destroy),
        _index = {}, -- item -> body index
        _item = {}, -- body index -> item
        _generation = {}, -- body index -> generation of its live body
        _answer = {}, -- body index -> the filter's answer in the move in progress
        _top = 0, -- the largest body index issued
        _count_items = 0,
        _busy = false,
        _id = ffi.new("sweepbox_body_id"),
        _new_id = ffi.new("sweepbox_body_id"),
        _def = ffi.new("sweepbox_body_def", C.sweepbox_body_def_default()),
        _box = ffi.new("sweepbox_box"),
        _start = ffi.new("sweepbox_box"),
        _other_box = ffi.new("sweepbox_box"),
        _options = slide_options,
        _ignore_options = ignore_options,
        _filtered_options = filtered,
        _contacts = contacts,
        _result = result,
        _query = ffi.new("sweepbox_query_filter", C.sweepbox_query_filter_default()),
        _others = ffi.new("sweepbox_other[?]", 16),
        _others_capacity = 16,
        _hits = ffi.new("sweepbox_cast_hit[?]", 16),
        _hits_capacity = 16,
        _count = ffi.new("size_t[1]"),
        _leg = ffi.new("struct { double x, y, w, h, goal_x, goal_y, time; }"),
        _reuse = options ~= nil and options.reuseCollisions == true,
        _cols = {}, -- with reuseCollisions: the list move and check return
        _cols_len = 0,
        _pool = {}, -- with reuseCollisions: the collision tables, by position in the list
    }, World_mt)
    for name, response in pairs(bump.responses) do
        world:addResponse(name, response)
    end
    return world
end

return bump
