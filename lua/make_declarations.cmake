# Writes OUTPUT, a Lua module that returns the C declarations of HEADERS (include/sweepbox/sweepbox_types.h,
# sweepbox.h, then the C API's other headers, in the order C reads them) as one string for LuaJIT's
# ffi.cdef (`declarations`) and sweepbox.h's version (`major`, `minor`), so the FFI binding is never a
# second copy of the headers.
# LuaJIT's C parser takes declarations only: comments, preprocessor lines, the export marker and
# the extern "C" wrapper are dropped.
# Usage: cmake "-DHEADERS=a.h|b.h" -DOUTPUT=... -P make_declarations.cmake (| between the headers:
# a semicolon would split the command's argument)
foreach(arg HEADERS OUTPUT)
  if(NOT DEFINED ${arg})
    message(FATAL_ERROR "make_declarations.cmake: ${arg} is not set")
  endif()
endforeach()

# Semicolons would split CMake's lists and an unbalanced bracket would stop the splitting: they
# travel as placeholders until the file is written.
string(REPLACE "|" ";" HEADERS "${HEADERS}")
set(text "")
foreach(header IN LISTS HEADERS)
  file(READ "${header}" one)
  string(APPEND text "${one}\n")
endforeach()
string(REPLACE ";" "@SEMICOLON@" text "${text}")
string(REPLACE "[" "@OPEN@" text "${text}")
string(REPLACE "]" "@CLOSE@" text "${text}")
string(REPLACE "\n" ";" lines "${text}")
set(out "")
set(in_block OFF)
foreach(line IN LISTS lines)
  if(in_block)
    if(line MATCHES "\\*/")
      set(in_block OFF)
    endif()
    continue()
  endif()
  if(line MATCHES "^[ \t]*/\\*")
    if(NOT line MATCHES "\\*/")
      set(in_block ON)
    endif()
    continue()
  endif()
  string(REGEX REPLACE "//.*$" "" line "${line}")
  string(REGEX REPLACE "[ \t]+$" "" line "${line}")
  if(line STREQUAL "" OR line MATCHES "^[ \t]*#" OR line MATCHES "^extern \"C\" {$" OR line STREQUAL "}")
    continue()
  endif()
  string(REPLACE "SWEEPBOX_C_API " "" line "${line}")
  string(APPEND out "${line}\n")
endforeach()
if(out MATCHES "SWEEPBOX_C_API|/\\*|#")
  message(FATAL_ERROR "make_declarations.cmake: ${HEADERS} have a form this script does not strip")
endif()

string(REPLACE "@SEMICOLON@" ";" out "${out}")
string(REPLACE "@OPEN@" "[" out "${out}")
string(REPLACE "@CLOSE@" "]" out "${out}")
foreach(part MAJOR MINOR)
  if(NOT text MATCHES "#define SWEEPBOX_VERSION_${part} ([0-9]+)")
    message(FATAL_ERROR "make_declarations.cmake: ${HEADERS} give no SWEEPBOX_VERSION_${part}")
  endif()
  set(${part} "${CMAKE_MATCH_1}")
endforeach()

file(WRITE "${OUTPUT}.tmp" "-- Generated from include/sweepbox/sweepbox.h by lua/make_declarations.cmake: do not edit.
return {
    major = ${MAJOR},
    minor = ${MINOR},
    declarations = [==[
${out}]==],
}
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
