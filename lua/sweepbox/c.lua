-- sweepbox.c: loads libsweepbox_c through LuaJIT's FFI and returns its namespace (the functions
-- and enums of include/sweepbox/sweepbox.h, declared from the header itself).
--
-- Where the library is found, first match wins:
--   1. the SWEEPBOX_C_LIBRARY environment variable: a path to the library;
--   2. package.cpath, searched for "libsweepbox_c" and "sweepbox_c" (so a game that sets
--      package.cpath = "/opt/sweepbox/lib/?.so;" .. package.cpath finds the installed one);
--   3. the system's own search (LD_LIBRARY_PATH, the ld.so cache): "sweepbox_c".
local ffi = require("ffi")

local header = require("sweepbox.c_declarations")
ffi.cdef(header.declarations)

local function library_path()
    local from_environment = os.getenv("SWEEPBOX_C_LIBRARY")
    if from_environment and from_environment ~= "" then
        return from_environment
    end
    for _, name in ipairs({ "libsweepbox_c", "sweepbox_c" }) do
        local path = package.searchpath(name, package.cpath)
        if path then
            return path
        end
    end
    return "sweepbox_c"
end

local C = ffi.load(library_path())

-- The declarations are this version's: a library of another major or minor version has another ABI.
local library_version = C.sweepbox_version()
if math.floor(library_version / 100) ~= header.major * 100 + header.minor then
    error(("sweepbox.c: the library is version %s; this module needs %d.%d.x"):format(
        ffi.string(C.sweepbox_version_string()), header.major, header.minor))
end

return C
