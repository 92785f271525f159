-- What the specs of sweepbox.bump share.
local helpers = {}

-- A collision list as plain tables of bump's fields (a collision table makes its inner tables when
-- they are first read, so two lists are compared field by field).
local FIELDS = { "item", "other", "type", "overlaps", "ti", "move", "normal", "touch", "itemRect", "otherRect", "slide",
    "bounce" }
function helpers.plain(cols)
    local out = {}
    for i, col in ipairs(cols) do
        local copy = {}
        for _, key in ipairs(FIELDS) do
            copy[key] = col[key]
        end
        out[i] = copy
    end
    return out
end

return helpers
