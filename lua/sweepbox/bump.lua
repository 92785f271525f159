-- sweepbox.bump: bump.lua 3.1.7's world API over sweepbox's exact C library, for LuaJIT.
-- A game switches by changing one line: local bump = require("sweepbox.bump").
-- lua/README.md lists every place where the answers differ from bump's, and why.
local ffi = require("ffi")
local bit = require("bit")
local C = require("sweepbox.c")
local cells = require("sweepbox.bump_cells")
local collisions = require("sweepbox.bump_collisions")
local Numbers = collisions.Numbers
local new_table = require("table.new") -- (LuaJIT's: a table with room for its entries)

local OK, TOO_SMALL, BAD_ARGUMENT, UNANSWERED =
    C.SWEEPBOX_OK, C.SWEEPBOX_TOO_SMALL, C.SWEEPBOX_BAD_ARGUMENT, C.SWEEPBOX_UNANSWERED
local IGNORE, TOUCH, SLIDE, CROSS, BOUNCE = C.SWEEPBOX_RESPONSE_IGNORE, C.SWEEPBOX_RESPONSE_TOUCH,
    C.SWEEPBOX_RESPONSE_SLIDE, C.SWEEPBOX_RESPONSE_CROSS, C.SWEEPBOX_RESPONSE_BOUNCE
local STARTED_OVERLAPPING = C.SWEEPBOX_STARTED_OVERLAPPING
-- The answer for a body whose response is one added with addResponse: no library response, so a
-- move that meets it fails (changing nothing) and bump's own loop runs instead.
local CUSTOM = 99
-- Blocking contacts per move in bump's loop: the library's own limit (max_iterations).
local MAX_LEGS = C.sweepbox_move_options_default().max_iterations

if C.sweepbox_real_size() ~= 8 then
    error("sweepbox.bump needs the double-precision library (libsweepbox_c_double, or a libsweepbox_c built "
        .. "with SWEEPBOX_DOUBLE=ON): Lua's numbers are doubles, and this one is a float build", 0)
end

local bump = {
    _VERSION = "bump v3.1.7 (sweepbox.bump " .. ffi.string(C.sweepbox_version_string()) .. ")",
    _URL = "https://github.com/kikito/bump.lua",
    _DESCRIPTION = "bump.lua's world API over sweepbox: exact swept collision of axis-aligned boxes",
    _LICENSE = "MIT",
}

------------------------------------------------------------------------------------------------
-- Errors, and argument checks with bump's messages

local THIS_FILE = debug.getinfo(1, "S").source

-- Raises message at the first caller outside this module, so the error names the game's line
-- however deep the module's own calls go (public functions make no tail calls, which would
-- hide that line).
local function fail(message)
    local level = 2
    while true do
        local info = debug.getinfo(level, "S")
        if info == nil or (info.source ~= THIS_FILE and info.source ~= cells.SOURCE) then
            break
        end
        level = level + 1
    end
    error(message, level)
end
cells.fail = fail

local function assert_type(wanted, value, name)
    if type(value) ~= wanted then
        fail(name .. " must be a " .. wanted .. ", but was " .. tostring(value) .. "(a " .. type(value) .. ")")
    end
end
cells.assert_type = assert_type

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

-- A filter or a response: a function, or a value with a __call metamethod (bump calls either).
local function assert_callable(value, name)
    if type(value) ~= "function" then
        local mt = getmetatable(value)
        if type(mt) ~= "table" or mt.__call == nil then
            fail(name .. " must be a function, but was " .. tostring(value) .. "(a " .. type(value) .. ")")
        end
    end
end

local function assert_filter(filter)
    if filter ~= nil then
        assert_callable(filter, "filter")
    end
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

-- The library runs these four itself; a name bound to another function needs bump's loop.
local builtin_code = { [touch] = TOUCH, [cross] = CROSS, [slide] = SLIDE, [bounce] = BOUNCE }

------------------------------------------------------------------------------------------------
-- The world. It keeps every item's rectangle as given (x, y, w, h by body index), so getRect,
-- the collision tables and bump's cell tables cost no call into the library; a move updates the
-- mover's x and y from the library's answer.

local World = {}

-- The library's message for the call that just failed on world.
local function raise(world)
    fail(ffi.string(C.sweepbox_last_error(world._handle)))
end

local function item_index(world, item)
    local index = world._index[item]
    if index == nil then
        fail(not_added(item))
    end
    return index
end

-- world._id (or the cdata given) set to the id of body `index`.
local function body_id(world, index, id)
    id = id or world._id
    id.index = index
    id.generation = world._generation[index]
    return id
end

-- The library box of the rectangle: x + w and y + h rounded once, as bump computes them.
local function set_box(box, x, y, w, h)
    box.min.x, box.min.y, box.max.x, box.max.y = x, y, x + w, y + h
end

-- A rectangle whose far side the library cannot hold (x + w beyond the largest double).
local function assert_finite_extent(x, y, w, h)
    if x + w == math.huge or y + h == math.huge then
        fail(("the rectangle (%s, %s, %s, %s) reaches beyond the largest number"):format(
            tostring(x), tostring(y), tostring(w), tostring(h)))
    end
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

-- The body indices of the query just run, into a new list (so that a filter called while the
-- list is read may run queries of its own).
local function indices_of(world, count)
    local list = {}
    local others = world._others
    for i = 1, count do
        list[i] = others[i - 1].body.index
    end
    return list
end

function World:addResponse(name, response)
    if name == nil or name ~= name then
        fail("a response name must be a value that can be a table key, not " .. tostring(name))
    end
    assert_callable(response, "response")
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
    local item_of, index_of = self._item, self._index
    for index = 1, self._top do
        local item = item_of[index]
        if item ~= nil and index_of[item] == index then
            len = len + 1
            items[len] = item
        end
    end
    return items, len
end

function World:getRect(item)
    local index = self._index[item]
    if index == nil then
        fail(not_added(item))
    end
    return self._x[index], self._y[index], self._w[index], self._h[index]
end

function World:add(item, x, y, w, h)
    if item == nil or item ~= item then
        fail("an item must be a value that can be a table key, not " .. tostring(item))
    end
    if self._index[item] ~= nil then
        fail("Item " .. tostring(item) .. " added to the world twice.")
    end
    assert_rect(x, y, w, h)
    assert_finite_extent(x, y, w, h)
    local def = self._def
    set_box(def.box, x, y, w, h)
    local id = self._new_id
    if C.sweepbox_add(self._handle, def, id) ~= OK then
        raise(self)
    end
    local index = id.index
    self._index[item], self._item[index], self._generation[index] = index, item, id.generation
    self._x[index], self._y[index], self._w[index], self._h[index] = x, y, w, h
    self._names[index] = false -- (the arrays by body index grow with the bodies, not in a move)
    if index > self._top then
        self._top = index
    end
    if index >= self._answers_size then
        -- The table of answers by body index (answered moves), grown with the body table.
        local size = math.max(2 * self._answers_size, index + 1)
        local table = ffi.new("sweepbox_answer[?]", size)
        ffi.copy(table, self._answers_table, self._answers_size * ffi.sizeof("sweepbox_answer"))
        self._answers_table, self._answers_size = table, size
    end
    self._count_items = self._count_items + 1
    return item
end

function World:remove(item)
    local index = item_index(self, item)
    if C.sweepbox_remove(self._handle, body_id(self, index)) ~= OK then
        raise(self)
    end
    self._index[item], self._item[index] = nil, nil
    self._x[index], self._y[index], self._w[index], self._h[index] = nil, nil, nil, nil
    self._answers_table[index].stamp = 0 -- (a body added in its place has no answer yet)
    self._count_items = self._count_items - 1
end

function World:update(item, x, y, w, h)
    local index = item_index(self, item)
    w, h = w or self._w[index], h or self._h[index]
    assert_rect(x, y, w, h)
    assert_finite_extent(x, y, w, h)
    if x == self._x[index] and y == self._y[index] and w == self._w[index] and h == self._h[index] then
        return
    end
    local box = self._box
    set_box(box, x, y, w, h)
    if C.sweepbox_teleport(self._handle, body_id(self, index), box) ~= OK then
        raise(self)
    end
    self._x[index], self._y[index], self._w[index], self._h[index] = x, y, w, h
end

-- The numbers of a collision (collisions.Numbers n) from what is known of the item's leg (leg:
-- its start x, y, size w, h and goal) and of the other, body `other_index`.
local function set_numbers(world, n, other_index, nx, ny, tx, ty, leg)
    n.move_x, n.move_y = leg.goal_x - leg.x, leg.goal_y - leg.y
    n.normal_x, n.normal_y, n.touch_x, n.touch_y = nx, ny, tx, ty
    n.item_x, n.item_y, n.item_w, n.item_h = leg.x, leg.y, leg.w, leg.h
    n.other_x, n.other_y = world._x[other_index], world._y[other_index]
    n.other_w, n.other_h = world._w[other_index], world._h[other_index]
    n.goal = 0
end

-- The other's rectangle in n where body `index` was at frame time t (World:frame_box).
local function other_then(world, n, index, t)
    local was = world._box
    if C.sweepbox_frame_box(world._handle, body_id(world, index), t, was) ~= OK then
        raise(world)
    end
    n.other_x, n.other_y = was.min.x, was.min.y
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

-- The numbers (into n) of contact c, and the leg after it: a push out of an item the body
-- started in (rule 7) carries the whole move, a slide or bounce starts a new leg from the touch
-- with bump's new goal. Returns the collision's other item, type, overlaps and ti.
local function describe(world, n, c, filtered, leg)
    local index = c.other.body.index
    local code, time = c.response, c.time
    local tx, ty, nx = c.box.min.x, c.box.min.y, c.normal.x
    local overlaps = bit.band(c.flags, STARTED_OVERLAPPING) ~= 0
    local ti = leg.time < 1 and (time - leg.time) / (1 - leg.time) or 0
    set_numbers(world, n, index, nx, c.normal.y, tx, ty, leg)
    if leg.frame ~= 0 then -- (moveMoving: the time is a frame time, the other where it was then)
        ti = time
        other_then(world, n, index, time)
    end
    if overlaps and code ~= CROSS then
        leg.goal_x, leg.goal_y = leg.goal_x + (tx - leg.x), leg.goal_y + (ty - leg.y)
        leg.x, leg.y = tx, ty
    elseif code == SLIDE or code == BOUNCE then
        next_leg(leg, code == BOUNCE, nx, tx, ty)
        leg.time = time
        n.goal = code == SLIDE and collisions.SLIDE or collisions.BOUNCE
        n.goal_x, n.goal_y = leg.goal_x, leg.goal_y
    end
    return world._item[index], filtered and world._names[index] or "slide", overlaps, ti
end

-- The collision tables of a finished library move, as bump builds them: each leg starts where
-- the last slide or bounce left the body, `ti` is the fraction of that leg, `move` its motion.
-- A world made with reuseCollisions fills the same tables move after move.
local function collisions_of(world, item, result, filtered)
    local count = tonumber(result.count)
    local leg = world._leg
    if not world._reuse then
        local cols = new_table(count, 0)
        for i = 1, count do
            local n = Numbers()
            local other, name, overlaps, ti = describe(world, n, result.contacts[i - 1], filtered, leg)
            cols[i] = collisions.new(item, other, name, overlaps, ti, n)
        end
        return cols, count
    end
    local cols, pool, n = world._cols, world._pool, world._numbers
    for i = 1, count do
        local col = pool[i]
        if col == nil then
            col = collisions.new_filled()
            pool[i] = col
        end
        local other, name, overlaps, ti = describe(world, n, result.contacts[i - 1], filtered, leg)
        cols[i] = collisions.fill(col, item, other, name, overlaps, ti, n)
    end
    for i = count + 1, world._cols_len do
        cols[i] = nil
    end
    world._cols_len = count
    return cols, count
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

-- The filter's answers for the bodies the library asked about (world._asked[0 .. n)), written
-- into the table of answers with this move's stamp; the names are kept for the collision tables.
-- Returns whether an answer names a response added with addResponse, and an answer that names
-- no response at all (with true), if there is one. `placing`: the answers of the move that
-- places the body at the end of bump's loop (slide on what blocks, pass the rest).
-- A filter may change the world (as bump lets it): the list asked may then be another's and the
-- table another one, which only means that the library asks again.
local function answer_asked(world, item, filter, n, stamp, placing)
    -- The filter first, alone in its loop: few values live across the game's code, so that
    -- LuaJIT compiles each of its branches (a side trace of this loop) without spilling.
    local asked, item_of, pending = world._asked, world._item, world._pending
    for i = 0, n - 1 do
        local other = item_of[asked[i].index]
        if other ~= nil then
            pending[i] = filter(item, other)
        else
            pending[i] = false -- (removed by the filter of another: ignored)
        end
    end
    local answers, names, responses = world._answers_table, world._names, world.responses
    local custom = false
    for i = 0, n - 1 do
        local index = asked[i].index
        local answer = pending[i]
        local code = IGNORE
        if answer then
            local response = responses[answer]
            if response == nil then
                return custom, answer, true
            end
            code = builtin_code[response]
            if code == nil then
                code, custom = CUSTOM, true
            end
            if placing then
                code = (code == TOUCH or code == SLIDE or code == BOUNCE) and SLIDE or IGNORE
            end
        end
        local entry = answers[index]
        entry.stamp, entry.response = stamp, code
        names[index] = answer
    end
    return custom
end

-- One call of the answered library move (or check) of item to the goal with this stamp: its
-- status, and where the item started. (The item's index is read anew each time: a filter may
-- have removed or moved it, or grown the table.)
local function answered_call(world, item, goal_x, goal_y, dry, stamp, index, moving)
    index = index or world._index[item]
    if index == nil then
        fail(not_added(item))
    end
    local answers = world._answers
    answers.table, answers.size, answers.stamp = world._answers_table, world._answers_size, stamp
    local x, y = world._x[index], world._y[index]
    local status = (dry and C.sweepbox_check_answered or C.sweepbox_move_answered)(world._handle,
        body_id(world, index, world._move_id), goal_x - x, goal_y - y,
        moving and world._moving_options or world._options, answers, world._result)
    return status, x, y
end

-- The filter's answers to what the last call asked; whether one names a response added with
-- addResponse.
local function answer(world, item, filter, stamp, placing)
    local custom, bad_answer, bad = answer_asked(world, item, filter, tonumber(world._answers.asked_count), stamp,
        placing)
    if bad then
        fail(unknown_response(bad_answer))
    end
    return custom
end

-- An answered library move (or check) of item to the goal: the library lists the bodies the
-- move may meet, the filter answers them here, in Lua (no callback from C, so LuaJIT compiles it
-- all), and the library moves with those answers. Returns the status, whether a body's answer is
-- a response added with addResponse, and where the item started. `placing`: answer_asked's.
-- Two calls make the usual move, written out: a loop of one or two turns in every move would
-- keep LuaJIT from compiling the game's loop around it.
local function answered_move(world, item, goal_x, goal_y, filter, dry, placing, index, moving)
    local stamp = world._stamp + 1
    if stamp == 4294967296 then -- after 2^32 - 1 moves: every entry's stamp is stale again
        ffi.fill(world._answers_table, world._answers_size * ffi.sizeof("sweepbox_answer"))
        stamp = 1
    end
    world._stamp = stamp
    local status, x, y = answered_call(world, item, goal_x, goal_y, dry, stamp, index, moving)
    if status ~= UNANSWERED then
        return status, false, x, y
    end
    local custom = answer(world, item, filter, stamp, placing)
    status, x, y = answered_call(world, item, goal_x, goal_y, dry, stamp, nil, moving)
    -- More to answer: bodies beyond the room of one list, or met by the move itself.
    while status == UNANSWERED do
        custom = answer(world, item, filter, stamp, placing) or custom
        status, x, y = answered_call(world, item, goal_x, goal_y, dry, stamp, nil, moving)
    end
    return status, custom, x, y
end

local function slide_filter()
    return "slide"
end

-- The library's move (or check) of item to the goal: plain, or answered with the filter. Returns
-- as answered_move.
local function library_move(world, item, index, goal_x, goal_y, filter, dry, moving)
    if filter ~= nil then
        return answered_move(world, item, goal_x, goal_y, filter, dry, false, index, moving)
    end
    local x, y = world._x[index], world._y[index]
    local status = (dry and C.sweepbox_check or C.sweepbox_move)(world._handle, body_id(world, index, world._move_id),
        goal_x - x, goal_y - y, moving and world._moving_options or world._options, world._result)
    return status, false, x, y
end

-- A move that met a body whose response was added with addResponse, and changed nothing: bump's
-- loop finds the goal, then a library move takes the body there (or a check says where), sliding
-- on what blocks, so that rounding never leaves it inside anything.
local function custom_move(world, item, goal_x, goal_y, filter, dry)
    local end_x, end_y, cols, len = lua_loop(world, item, goal_x, goal_y, filter)
    if answered_move(world, item, end_x, end_y, filter, dry, true, nil, false) ~= OK then
        raise(world)
    end
    local result = world._result
    if not dry then
        local index = world._index[item]
        world._x[index], world._y[index] = result.box.min.x, result.box.min.y
    end
    return result.box.min.x, result.box.min.y, cols, len
end

-- World:move and World:check: the library's move, or its dry run; `moving`: with
-- world._moving_options (moveMoving), else world._options. (A flag, not the options: a cdata
-- passed along would be boxed anew at each exit of the game's compiled loop.)
local function run_move(world, item, goal_x, goal_y, filter, dry, moving)
    local index = world._index[item]
    if index == nil then
        fail(not_added(item))
    end
    assert_type("number", goal_x, "x")
    assert_type("number", goal_y, "y")
    assert_filter(filter)
    if filter == nil and world.responses.slide ~= slide then
        filter = slide_filter -- bump's default filter answers "slide", whatever that now names
    end
    local result = world._result
    local status, custom, x, y = library_move(world, item, index, goal_x, goal_y, filter, dry, moving)
    if status == TOO_SMALL then
        -- (the same move with room for its contacts gives the same answer)
        local needed = tonumber(result.count)
        world._contacts = ffi.new("sweepbox_contact[?]", needed)
        result.contacts, result.capacity = world._contacts, needed
        index = world._index[item] -- (a filter may have removed the item)
        if index == nil then
            fail(not_added(item))
        end
        status, custom, x, y = library_move(world, item, index, goal_x, goal_y, filter, dry, moving)
    end
    if status ~= OK then
        if custom and status == BAD_ARGUMENT then
            if moving then
                fail("moveMoving and checkMoving take the built-in responses only, not those added with addResponse")
            end
            local end_x, end_y, cols, len = custom_move(world, item, goal_x, goal_y, filter, dry)
            return end_x, end_y, cols, len
        end
        raise(world)
    end
    if filter ~= nil then
        index = world._index[item] -- (a filter may have moved or removed the item)
    end
    local end_x, end_y = result.box.min.x, result.box.min.y
    if not dry then
        world._x[index], world._y[index] = end_x, end_y
    end
    if result.count == 0 then
        return end_x, end_y, world._reuse and collisions_of(world, item, result, false) or {}, 0
    end
    local leg = world._leg
    leg.x, leg.y, leg.w, leg.h = x, y, world._w[index], world._h[index]
    leg.goal_x, leg.goal_y, leg.time, leg.frame = goal_x, goal_y, 0, moving and 1 or 0
    local cols, len = collisions_of(world, item, result, filter ~= nil)
    return end_x, end_y, cols, len
end

-- (No tail calls in the public functions: fail() looks for the game's line on the stack.)
function World:move(item, goal_x, goal_y, filter)
    local x, y, cols, len = run_move(self, item, goal_x, goal_y, filter, false, false)
    return x, y, cols, len
end

function World:check(item, goal_x, goal_y, filter)
    local x, y, cols, len = run_move(self, item, goal_x, goal_y, filter, true, false)
    return x, y, cols, len
end

-- project, and projectMoving with `options` (a sweepbox_cast_options): then each collision's ti
-- is a frame time and its otherRect where the other was at that time.
local function project(self, item, x, y, w, h, goal_x, goal_y, filter, options)
    assert_rect(x, y, w, h)
    goal_x, goal_y = goal_x or x, goal_y or y
    assert_type("number", goal_x, "goalX")
    assert_type("number", goal_y, "goalY")
    assert_filter(filter)
    local query = self._query
    local index = item ~= nil and self._index[item] or nil
    if index ~= nil then
        body_id(self, index, query.ignore)
    else
        query.ignore.index, query.ignore.generation = 0, 0
    end
    local box = self._box
    set_box(box, x, y, w, h)
    local dx, dy = goal_x - x, goal_y - y
    local count
    repeat
        local status
        if options == nil then
            status = C.sweepbox_cast_all(self._handle, box, dx, dy, query, self._hits, self._hits_capacity, self._count)
        else
            status = C.sweepbox_cast_all_with(self._handle, box, dx, dy, query, options, self._hits,
                self._hits_capacity, self._count)
        end
        count = fitted(self, status, "_hits", "sweepbox_cast_hit[?]")
    until count
    -- Every hit read before the filter runs (a filter may project too): 7 numbers each.
    local hits = {}
    for i = 0, count - 1 do
        local hit, k = self._hits[i], 7 * i
        hits[k + 1], hits[k + 2], hits[k + 3] = hit.other.body.index, bit.band(hit.flags, STARTED_OVERLAPPING), hit.time
        hits[k + 4], hits[k + 5], hits[k + 6], hits[k + 7] = hit.normal.x, hit.normal.y, hit.box.min.x, hit.box.min.y
    end
    local cols, len = {}, 0
    local leg = { x = x, y = y, w = w, h = h, goal_x = goal_x, goal_y = goal_y }
    for i = 0, count - 1 do
        local k = 7 * i
        local other_index = hits[k + 1]
        local other = self._item[other_index]
        local name = filter == nil and "slide" or filter(item, other)
        if name then
            local n = Numbers()
            set_numbers(self, n, other_index, hits[k + 4], hits[k + 5], hits[k + 6], hits[k + 7], leg)
            if options ~= nil then
                local was = self._box
                if C.sweepbox_frame_box(self._handle, body_id(self, other_index), hits[k + 3], was) ~= OK then
                    raise(self)
                end
                n.other_x, n.other_y = was.min.x, was.min.y
            end
            len = len + 1
            cols[len] = collisions.new(item, other, name, hits[k + 2] ~= 0, hits[k + 3], n)
        end
    end
    return cols, len
end

function World:project(item, x, y, w, h, goal_x, goal_y, filter)
    local cols, len = project(self, item, x, y, w, h, goal_x, goal_y, filter, nil)
    return cols, len
end

-- Moving targets (a sweepbox.bump extension, docs/contract.md "Moving targets"): the moves after
-- beginFrame make each item's motion of the frame; projectMoving meets each item that moved
-- where it was when the rectangle got there, over the frame times t0 to t1 (default 0 and 1).
function World:beginFrame()
    if C.sweepbox_begin_frame(self._handle) ~= OK then
        raise(self)
    end
end

function World:projectMoving(item, x, y, w, h, goal_x, goal_y, filter, t0, t1)
    t0, t1 = t0 or 0, t1 or 1
    assert_type("number", t0, "t0")
    assert_type("number", t1, "t1")
    local options = self._cast_options
    options.t0, options.t1 = t0, t1
    local cols, len = project(self, item, x, y, w, h, goal_x, goal_y, filter, options)
    return cols, len
end

-- moveMoving and checkMoving: move and check meeting each item that moved where it was when the
-- item got there, the move spanning the frame times t0 to t1; each collision's ti is a frame time
-- and its otherRect where the other was then.
local function run_moving(world, item, goal_x, goal_y, filter, dry, t0, t1)
    t0, t1 = t0 or 0, t1 or 1
    assert_type("number", t0, "t0")
    assert_type("number", t1, "t1")
    local options = world._moving_options
    local outer_t0, outer_t1 = options.t0, options.t1 -- (a filter's own moveMoving keeps this one's)
    options.t0, options.t1 = t0, t1
    local x, y, cols, len = run_move(world, item, goal_x, goal_y, filter, dry, true)
    options.t0, options.t1 = outer_t0, outer_t1
    return x, y, cols, len
end

function World:moveMoving(item, goal_x, goal_y, filter, t0, t1)
    local x, y, cols, len = run_moving(self, item, goal_x, goal_y, filter, false, t0, t1)
    return x, y, cols, len
end

function World:checkMoving(item, goal_x, goal_y, filter, t0, t1)
    local x, y, cols, len = run_moving(self, item, goal_x, goal_y, filter, true, t0, t1)
    return x, y, cols, len
end

-- The items among the bodies `indices` whose interiors meet the open rectangle (x1, x2) x
-- (y1, y2), or with x1 == x2 and y1 == y2 hold the point inside: bump leaves out an item whose
-- edge only touches. The list is reused for the answer.
local function interiors_meeting(world, indices, x1, y1, x2, y2, filter)
    local len = 0
    local xs, ys, ws, hs, item_of = world._x, world._y, world._w, world._h, world._item
    for i = 1, #indices do
        local index = indices[i]
        local x, y = xs[index], ys[index]
        local item = item_of[index]
        if x1 < x + ws[index] and x < x2 and y1 < y + hs[index] and y < y2 and (filter == nil or filter(item)) then
            len = len + 1
            indices[len] = item
        end
    end
    for i = len + 1, #indices do
        indices[i] = nil
    end
    return indices, len
end

function World:queryRect(x, y, w, h, filter)
    assert_rect(x, y, w, h)
    assert_filter(filter)
    local box = self._box
    set_box(box, x, y, w, h)
    local indices = indices_of(self, run_query(self, C.sweepbox_query_rect, box))
    local items, len = interiors_meeting(self, indices, x, y, x + w, y + h, filter)
    return items, len
end

function World:queryPoint(x, y, filter)
    assert_type("number", x, "x")
    assert_type("number", y, "y")
    assert_filter(filter)
    local indices = indices_of(self, run_query(self, C.sweepbox_query_point, x, y))
    local items, len = interiors_meeting(self, indices, x, y, x, y, filter)
    return items, len
end

-- The parameters [t1, t2] of the segment a -> a + d inside the closed box, and whether the
-- segment meets the box's interior: for t in (e, l) on each axis (a single point when the box is
-- flat), intersected with [0, 1].
local function clip(ax, ay, dx, dy, ox, oy, ow, oh)
    local t1, t2 = 0, 1
    local lo, hi = -math.huge, math.huge -- the open interval of the interior
    for axis = 1, 2 do
        local a, d, o, s
        if axis == 1 then
            a, d, o, s = ax, dx, ox, ow
        else
            a, d, o, s = ay, dy, oy, oh
        end
        if d ~= 0 then
            local e, l = (o - a) / d, (o + s - a) / d
            if d < 0 then
                e, l = l, e
            end
            t1, t2 = math.max(t1, e), math.min(t2, l)
            lo, hi = math.max(lo, e), math.min(hi, l)
        elseif not (o < a and a < o + s) then
            hi = lo -- along an edge, or outside: never in the interior
        end
    end
    return t1, math.max(t1, t2), lo < hi and lo < 1 and hi > 0
end

local function segment_items(world, x1, y1, x2, y2, filter, with_coords)
    assert_type("number", x1, "x1")
    assert_type("number", y1, "y1")
    assert_type("number", x2, "x2")
    assert_type("number", y2, "y2")
    assert_filter(filter)
    local indices = indices_of(world, run_query(world, C.sweepbox_query_segment, x1, y1, x2, y2))
    local items, len = {}, 0
    local dx, dy = x2 - x1, y2 - y1
    for i = 1, #indices do
        local index = indices[i]
        local item = world._item[index]
        local t1, t2, inside = clip(x1, y1, dx, dy, world._x[index], world._y[index], world._w[index], world._h[index])
        if inside and (filter == nil or filter(item)) then
            len = len + 1
            if with_coords then
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

-- bump's grid: toWorld, toCell, countCells, getDictItemsInCellRect, and the tables world.rows,
-- world.rects and world.nonEmptyCells built when read (sweepbox/bump_cells.lua).
cells.add_methods(World)

------------------------------------------------------------------------------------------------

-- A world's methods are its own fields, so that a method call never reaches __index, which
-- builds bump's internal tables (rows, rects, nonEmptyCells) when a debug view reads them.
local World_mt = { __index = cells.view }

-- options (a sweepbox.bump extension): { reuseCollisions = true } makes move and check fill the
-- same collision tables each time instead of new ones (no garbage; a table is valid until the
-- world's next move or check).
function bump.newWorld(cellSize, options)
    cellSize = cellSize or 64
    if type(cellSize) ~= "number" or cellSize <= 0 then
        fail("cellSize must be a positive integer, but was " .. tostring(cellSize) .. "(" .. type(cellSize) .. ")")
    end
    if options ~= nil then
        assert_type("table", options, "options")
    end
    local def = C.sweepbox_world_def_default()
    def.cell_size = cellSize
    local out = ffi.new("sweepbox_world*[1]")
    if C.sweepbox_world_create(def, out) ~= OK then
        fail(ffi.string(C.sweepbox_last_error(nil)))
    end
    local slide_options = ffi.new("sweepbox_move_options", C.sweepbox_move_options_default())
    local moving_options = ffi.new("sweepbox_move_options", C.sweepbox_move_options_default())
    moving_options.moving = 1
    local contacts = ffi.new("sweepbox_contact[?]", 16)
    local result = ffi.new("sweepbox_move_result")
    result.contacts, result.capacity = contacts, 16
    local asked = ffi.new("sweepbox_body_id[?]", 64)
    local answers = ffi.new("sweepbox_answers")
    answers.asked, answers.asked_capacity = asked, 64
    local world = setmetatable({
        cellSize = cellSize,
        responses = {},
        _handle = ffi.gc(out[0], C.sweepbox_world_destroy),
        _index = {}, -- item -> body index
        _item = {}, -- body index -> item
        _generation = {}, -- body index -> generation of its live body
        _x = {}, _y = {}, _w = {}, _h = {}, -- body index -> the item's rectangle
        _top = 0, -- the largest body index issued
        _count_items = 0,
        _id = ffi.new("sweepbox_body_id"),
        _move_id = ffi.new("sweepbox_body_id"),
        _new_id = ffi.new("sweepbox_body_id"),
        _def = ffi.new("sweepbox_body_def", C.sweepbox_body_def_default()),
        _box = ffi.new("sweepbox_box"),
        _options = slide_options,
        _moving_options = moving_options,
        _contacts = contacts,
        _result = result,
        -- answered moves: the answers by body index, the move's stamp, the bodies asked about,
        -- and the filter's answer (the collision's type) by body index
        _answers = answers,
        _answers_table = ffi.new("sweepbox_answer[?]", 64),
        _answers_size = 64,
        _stamp = 0,
        _asked = asked,
        _names = {},
        _pending = {}, -- the filter's answers, by position in the list asked
        _query = ffi.new("sweepbox_query_filter", C.sweepbox_query_filter_default()),
        _others = ffi.new("sweepbox_other[?]", 16),
        _others_capacity = 16,
        _hits = ffi.new("sweepbox_cast_hit[?]", 16),
        _hits_capacity = 16,
        _cast_options = ffi.new("sweepbox_cast_options", C.sweepbox_cast_options_moving()),
        _count = ffi.new("size_t[1]"),
        _leg = ffi.new("struct { double x, y, w, h, goal_x, goal_y, time; int32_t frame; }"),
        _reuse = options ~= nil and options.reuseCollisions == true,
        _cols = {}, -- with reuseCollisions: the list move and check return
        _cols_len = 0,
        _pool = {}, -- with reuseCollisions: the collision tables, by position in the list
        _numbers = Numbers(), -- with reuseCollisions: a collision's numbers on the way to its table
    }, World_mt)
    for name, method in pairs(World) do
        world[name] = method
    end
    for name, response in pairs(bump.responses) do
        world:addResponse(name, response)
    end
    return world
end

return bump
