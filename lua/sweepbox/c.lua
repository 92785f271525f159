-- sweepbox.c: loads libsweepbox_c through LuaJIT's FFI and returns its namespace (the functions
-- and enums of include/sweepbox/sweepbox.h, sweepbox_answers.h and sweepbox_moving.h, declared from the
-- headers).
--
-- Where the library is found, first match wins:
--   1. the SWEEPBOX_C_LIBRARY environment variable: a path to the library;
--   2. package.cpath, searched for the double-precision copy that sweepbox.bump needs
--      ("libsweepbox_c_double", "sweepbox_c_double"), then for "libsweepbox_c" and "sweepbox_c"
--      (so a game that sets package.cpath = "/opt/sweepbox/lib/?.so;" .. package.cpath finds the
--      installed one);
--   3. the system's own search (LD_LIBRARY_PATH, the ld.so cache): "sweepbox_c_double", then
--      "sweepbox_c".
local ffi = require("ffi")

local header = require("sweepbox.c_declarations")
ffi.cdef(header.declarations)

local NAMES = { "sweepbox_c_double", "sweepbox_c" }

local function load()
    local from_environment = os.getenv("SWEEPBOX_C_LIBRARY")
    if from_environment and from_environment ~= "" then
        return ffi.load(from_environment)
    end
    for _, name in ipairs(NAMES) do
        local path = package.searchpath("lib" .. name, package.cpath) or package.searchpath(name, package.cpath)
        if path then
            return ffi.load(path)
        end
    end
    local failures = {}
    for _, name in ipairs(NAMES) do
        local ok, library = pcall(ffi.load, name)
        if ok then
            return library
        end
        failures[#failures + 1] = tostring(library)
    end
    error("sweepbox.c: libsweepbox_c was not found (set SWEEPBOX_C_LIBRARY to its path, or add its folder "
        .. "to package.cpath): " .. table.concat(failures, "; "), 0)
end

local C = load()

-- The declarations are this version's: a library of another major or minor version has another ABI.
local library_version = C.sweepbox_version()
if math.floor(library_version / 100) ~= header.major * 100 + header.minor then
    error(("sweepbox.c: the library is version %s; this module needs %d.%d.x"):format(
        ffi.string(C.sweepbox_version_string()), header.major, header.minor))
end

return C
