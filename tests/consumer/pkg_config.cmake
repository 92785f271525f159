# consumer_pkg_config, consumer_c_pkg_config: compiles and runs the game with only the compiler
# and `pkg-config --cflags --libs <module>`, PKG_CONFIG_PATH pointing into the installed prefix.
# Prints "<test>: skipped" (ctest: skipped) when pkg-config is not installed.
# Arguments: CONSUMER_SOURCE, CONSUMER_BINARY_DIR, CONSUMER_PREFIX, CONSUMER_CXX_COMPILER,
# CONSUMER_CXX_FLAGS, CONSUMER_EXE_LINKER_FLAGS, CONSUMER_REAL, CONSUMER_VERSION, CONSUMER_SHARED;
# for the C game CONSUMER_LANGUAGE=C, CONSUMER_C_COMPILER and CONSUMER_C_FLAGS.

if(CONSUMER_LANGUAGE STREQUAL "C")
  set(test_name consumer_c_pkg_config)
  set(module sweepbox_c)
  set(header sweepbox/sweepbox.h)
  set(compiler "${CONSUMER_C_COMPILER}")
  set(standard -std=c99)
  set(language_flags "${CONSUMER_C_FLAGS}")
else()
  set(test_name consumer_pkg_config)
  set(module sweepbox)
  set(header sweepbox/sweepbox.hpp)
  set(compiler "${CONSUMER_CXX_COMPILER}")
  set(standard -std=c++20)
  set(language_flags "${CONSUMER_CXX_FLAGS}")
endif()

find_program(PKG_CONFIG_EXECUTABLE NAMES pkg-config pkgconf)
if(NOT PKG_CONFIG_EXECUTABLE)
  message("${test_name}: skipped: pkg-config is not installed")
  return()
endif()

function(run what out)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${test_name}: ${what} failed (${result}):\n  ${ARGN}\n${output}")
  endif()
  set(${out} "${output}" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE pc_files "${CONSUMER_PREFIX}/*/pkgconfig/${module}.pc")
list(LENGTH pc_files n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "${test_name}: expected one ${module}.pc in ${CONSUMER_PREFIX}, found: ${pc_files}")
endif()
get_filename_component(pc_dir "${pc_files}" DIRECTORY)
set(ENV{PKG_CONFIG_PATH} "${pc_dir}")

run("pkg-config --modversion" version "${PKG_CONFIG_EXECUTABLE}" --modversion ${module})
if(NOT version STREQUAL CONSUMER_VERSION)
  message(FATAL_ERROR "${test_name}: ${module}.pc says version ${version}, expected ${CONSUMER_VERSION}")
endif()
run("pkg-config --cflags" cflags "${PKG_CONFIG_EXECUTABLE}" --cflags ${module})
run("pkg-config --libs" libs "${PKG_CONFIG_EXECUTABLE}" --libs ${module})
message(STATUS "pkg-config --cflags --libs ${module}: ${cflags} ${libs}")

# The include directory must be the installed one.
file(REAL_PATH "${CONSUMER_PREFIX}" prefix_real)
separate_arguments(cflags_list UNIX_COMMAND "${cflags}")
set(include_ok FALSE)
foreach(flag IN LISTS cflags_list)
  if(flag MATCHES "^-I(.+)$")
    file(REAL_PATH "${CMAKE_MATCH_1}" dir)
    string(FIND "${dir}/" "${prefix_real}/" at)
    if(at EQUAL 0 AND EXISTS "${dir}/${header}")
      set(include_ok TRUE)
    endif()
  endif()
endforeach()
if(NOT include_ok)
  message(FATAL_ERROR "${test_name}: no -I in '${cflags}' points to the installed headers in ${CONSUMER_PREFIX}")
endif()

separate_arguments(libs_list UNIX_COMMAND "${libs}")
separate_arguments(flags_list UNIX_COMMAND "${language_flags}")
separate_arguments(ldflags_list UNIX_COMMAND "${CONSUMER_EXE_LINKER_FLAGS}")
set(rpath "")
if(CONSUMER_SHARED)
  # A game built by hand against a shared library in a private prefix needs a run path.
  foreach(flag IN LISTS libs_list)
    if(flag MATCHES "^-L(.+)$")
      list(APPEND rpath "-Wl,-rpath,${CMAKE_MATCH_1}")
    endif()
  endforeach()
endif()

file(REMOVE_RECURSE "${CONSUMER_BINARY_DIR}")
file(MAKE_DIRECTORY "${CONSUMER_BINARY_DIR}")
set(game "${CONSUMER_BINARY_DIR}/game")
run("compiling the game" _ "${compiler}" ${standard} ${flags_list} ${cflags_list}
    "-DSWEEPBOX_CONSUMER_REAL=${CONSUMER_REAL}" "${CONSUMER_SOURCE}" -o "${game}"
    ${ldflags_list} ${libs_list} ${rpath})
run("the game" output "${game}")
message(STATUS "${output}")
message(STATUS "${test_name}: passed")
