-- sweepbox.bump: queryRect, queryPoint, querySegment, querySegmentWithCoords.
local bump = require("sweepbox.bump")

local function sorted(items)
    local copy = { unpack(items) }
    table.sort(copy)
    return copy
end

-- Three boxes in a row: a (0..10), b (20..30) and c (40..50), all 10 high at y 0..10.
local function row()
    local world = bump.newWorld()
    world:add("a", 0, 0, 10, 10)
    world:add("b", 20, 0, 10, 10)
    world:add("c", 40, 0, 10, 10)
    return world
end

describe("world:queryRect", function()
    it("finds the items whose interiors overlap the rectangle's", function()
        local world = row()
        local items, len = world:queryRect(5, 5, 20, 2)
        assert.same({ "a", "b" }, sorted(items))
        assert.equal(2, len)
    end)

    it("leaves out an item that only touches the rectangle, as bump does", function()
        local world = row()
        local items, len = world:queryRect(10, 0, 10, 10)
        assert.same({}, items)
        assert.equal(0, len)
    end)

    it("keeps only what the filter accepts, and checks its arguments", function()
        local world = row()
        local items = world:queryRect(-100, -100, 300, 300, function(item) return item ~= "b" end)
        assert.same({ "a", "c" }, sorted(items))
        assert.has_error(function() world:queryRect(0, 0, 0, 1) end, "w must be a positive integer, but was 0(number)")
        assert.has_error(function() world:queryRect("0", 0, 1, 1) end, "x must be a number, but was 0(a string)")
    end)

    it("finds many items at once", function()
        local world = bump.newWorld(16)
        for i = 1, 500 do
            world:add(i, (i % 25) * 4, math.floor(i / 25) * 4, 3, 3)
        end
        local _, len = world:queryRect(-1, -1, 200, 200)
        assert.equal(500, len)
    end)
end)

describe("world:queryPoint", function()
    it("finds the items that hold the point inside", function()
        local world = row()
        world:add("big", 0, 0, 50, 10)
        assert.same({ "b", "big" }, sorted((world:queryPoint(25, 5))))
    end)

    it("leaves out an item whose edge the point lies on, as bump does", function()
        local world = row()
        local items, len = world:queryPoint(10, 5)
        assert.same({}, items)
        assert.equal(0, len)
        assert.same({}, (world:queryPoint(5, 0)))
    end)

    it("keeps only what the filter accepts", function()
        local world = row()
        world:add("big", 0, 0, 50, 10)
        assert.same({ "big" }, (world:queryPoint(25, 5, function(item) return item == "big" end)))
    end)
end)

describe("world:querySegment", function()
    it("finds the items along a segment, in the order it meets them", function()
        local world = row()
        local items, len = world:querySegment(60, 5, -5, 5)
        assert.same({ "c", "b", "a" }, items)
        assert.equal(3, len)
        assert.same({ "a", "b" }, (world:querySegment(5, 5, 25, 5)))
    end)

    it("keeps only what the filter accepts", function()
        local world = row()
        assert.same({ "a", "c" }, (world:querySegment(-5, 5, 60, 5, function(item) return item ~= "b" end)))
    end)

    it("finds an item the segment lies inside, which bump misses", function()
        local world = row()
        assert.same({ "b" }, (world:querySegment(22, 2, 28, 8)))
    end)

    it("leaves out an item the segment only touches, as bump does", function()
        local world = row()
        assert.same({}, (world:querySegment(-5, 10, 60, 10))) -- along the bottom edges
        assert.same({}, (world:querySegment(0, 15, 10, 10))) -- ends on a's corner
        assert.same({}, (world:querySegment(10, -5, 10, 15))) -- along a's right side
        assert.same({ "a" }, (world:querySegment(0, 15, 10.5, 9.5))) -- a little further, it enters a
    end)

    it("checks its arguments", function()
        local world = row()
        assert.has_error(function() world:querySegment(0, 0, nil, 0) end, "x2 must be a number, but was nil(a nil)")
        assert.has_error(function() world:querySegment(0, 0, 0 / 0, 0) end)
    end)
end)

describe("world:querySegmentWithCoords", function()
    it("gives where the segment enters and leaves each item", function()
        local world = row()
        local info, len = world:querySegmentWithCoords(-10, 5, 70, 5)
        assert.equal(3, len)
        local expected = { { "a", 0, 10 }, { "b", 20, 30 }, { "c", 40, 50 } }
        for i, e in ipairs(expected) do
            assert.equal(e[1], info[i].item)
            assert.equal((e[2] + 10) / 80, info[i].ti1)
            assert.equal((e[3] + 10) / 80, info[i].ti2)
            assert.same({ e[2], 5, e[3], 5 }, { info[i].x1, info[i].y1, info[i].x2, info[i].y2 })
        end
    end)

    it("clips to the segment's ends when it starts or ends inside", function()
        local world = row()
        local info = world:querySegmentWithCoords(25, 5, 45, 5)
        assert.same({ "b", "c" }, { info[1].item, info[2].item })
        assert.same({ 0, 0.25 }, { info[1].ti1, info[1].ti2 })
        assert.same({ 0.75, 1 }, { info[2].ti1, info[2].ti2 })
        assert.same({ 25, 5, 30, 5 }, { info[1].x1, info[1].y1, info[1].x2, info[1].y2 })
    end)

    it("works on a diagonal and on a segment of zero length", function()
        local world = row()
        local info, len = world:querySegmentWithCoords(0, -5, 40, 35)
        assert.equal(1, len)
        assert.same({ "a", 0.125, 0.25 }, { info[1].item, info[1].ti1, info[1].ti2 })
        assert.same({ 5, 0, 10, 5 }, { info[1].x1, info[1].y1, info[1].x2, info[1].y2 })
        local point = world:querySegmentWithCoords(25, 5, 25, 5)
        assert.same({ "b", 0, 1 }, { point[1].item, point[1].ti1, point[1].ti2 })
    end)
end)
