# Configures, builds and runs one consumer project with the compiler, flags and build type of the
# build under test; fails on the first step that fails or when the game gives a wrong answer.
# Arguments:
#   CONSUMER_NAME, CONSUMER_SOURCE_DIR, CONSUMER_BINARY_DIR    the project and where to build it
#   CONSUMER_GENERATOR, CONSUMER_MAKE_PROGRAM, CONSUMER_CXX_COMPILER, CONSUMER_CXX_FLAGS,
#   CONSUMER_EXE_LINKER_FLAGS, CONSUMER_SHARED_LINKER_FLAGS, CONSUMER_CONFIG,
#   CONSUMER_TOOLCHAIN_FILE                                    copied from the build under test
#   CONSUMER_C_COMPILER, CONSUMER_C_FLAGS                      the same, for a C consumer (optional)
#   CONSUMER_REAL, CONSUMER_VERSION, CONSUMER_SCENE, CONSUMER_LEVELS  what the game and checks expect
#   CONSUMER_PREFIX        the install prefix to search (find_package), optional
#   CONSUMER_ARGS          more -D arguments for the configure step, separated by |
#   CONSUMER_CONFIGURE_ONLY    stop after the configure step (its checks are the test)
#   CONSUMER_EXPECT_NO_INSTALL after the build, `cmake --install` must install nothing

foreach(arg CONSUMER_NAME CONSUMER_SOURCE_DIR CONSUMER_BINARY_DIR CONSUMER_GENERATOR CONSUMER_CXX_COMPILER)
  if(NOT DEFINED ${arg})
    message(FATAL_ERROR "run_consumer.cmake: ${arg} is not set")
  endif()
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "consumer_${CONSUMER_NAME}: ${what} failed (${result}):\n  ${ARGN}")
  endif()
endfunction()

# A fresh build every time: no cache from a run against another prefix or package.
file(REMOVE_RECURSE "${CONSUMER_BINARY_DIR}")

set(configure
  "${CMAKE_COMMAND}" -S "${CONSUMER_SOURCE_DIR}" -B "${CONSUMER_BINARY_DIR}"
  -G "${CONSUMER_GENERATOR}"
  "-DCMAKE_CXX_COMPILER=${CONSUMER_CXX_COMPILER}"
  "-DCMAKE_CXX_FLAGS=${CONSUMER_CXX_FLAGS}"
  "-DCMAKE_EXE_LINKER_FLAGS=${CONSUMER_EXE_LINKER_FLAGS}"
  "-DCMAKE_SHARED_LINKER_FLAGS=${CONSUMER_SHARED_LINKER_FLAGS}"
  "-DSWEEPBOX_CONSUMER_REAL=${CONSUMER_REAL}"
  "-DSWEEPBOX_CONSUMER_VERSION=${CONSUMER_VERSION}"
  "-DSWEEPBOX_CONSUMER_SCENE=${CONSUMER_SCENE}"
  "-DSWEEPBOX_CONSUMER_LEVELS=${CONSUMER_LEVELS}"
  # Only the prefix under test: no user or system package registry.
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
  -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
if(CONSUMER_C_COMPILER)
  list(APPEND configure "-DCMAKE_C_COMPILER=${CONSUMER_C_COMPILER}" "-DCMAKE_C_FLAGS=${CONSUMER_C_FLAGS}")
endif()
if(CONSUMER_MAKE_PROGRAM)
  list(APPEND configure "-DCMAKE_MAKE_PROGRAM=${CONSUMER_MAKE_PROGRAM}")
endif()
if(CONSUMER_CONFIG)
  list(APPEND configure "-DCMAKE_BUILD_TYPE=${CONSUMER_CONFIG}")
endif()
if(CONSUMER_TOOLCHAIN_FILE)
  list(APPEND configure "-DCMAKE_TOOLCHAIN_FILE=${CONSUMER_TOOLCHAIN_FILE}")
endif()
if(CONSUMER_PREFIX)
  list(APPEND configure "-DCMAKE_PREFIX_PATH=${CONSUMER_PREFIX}" "-DSWEEPBOX_CONSUMER_PREFIX=${CONSUMER_PREFIX}")
endif()
if(CONSUMER_ARGS)
  string(REPLACE "|" ";" extra "${CONSUMER_ARGS}")
  list(APPEND configure ${extra})
endif()
run("configure" ${configure})
if(CONSUMER_CONFIGURE_ONLY)
  return()
endif()

set(config_args "")
if(CONSUMER_CONFIG)
  set(config_args --config "${CONSUMER_CONFIG}")
endif()
run("build" "${CMAKE_COMMAND}" --build "${CONSUMER_BINARY_DIR}" ${config_args})

# Run the games: `game` always, `scene_game` when the build under test has the scene library
# and the project builds it (find_package).
set(programs game)
if(CONSUMER_SCENE AND CONSUMER_NAME STREQUAL "find_package")
  list(APPEND programs scene_game)
endif()
if(CONSUMER_LEVELS AND CONSUMER_NAME STREQUAL "find_package")
  list(APPEND programs level_game)
endif()
foreach(program IN LISTS programs)
  file(GLOB_RECURSE found "${CONSUMER_BINARY_DIR}/${program}" "${CONSUMER_BINARY_DIR}/${program}.exe")
  list(FILTER found EXCLUDE REGEX "/CMakeFiles/")
  list(LENGTH found n)
  if(NOT n EQUAL 1)
    message(FATAL_ERROR "consumer_${CONSUMER_NAME}: expected one built ${program}, found: ${found}")
  endif()
  run("${program}" "${found}")
endforeach()

if(CONSUMER_EXPECT_NO_INSTALL)
  set(empty "${CONSUMER_BINARY_DIR}/install-should-stay-empty")
  run("install" "${CMAKE_COMMAND}" --install "${CONSUMER_BINARY_DIR}" --prefix "${empty}" ${config_args})
  file(GLOB_RECURSE installed "${empty}/*")
  if(installed)
    message(FATAL_ERROR "consumer_${CONSUMER_NAME}: as a subproject sweepbox installed files: ${installed}")
  endif()
endif()
message(STATUS "consumer_${CONSUMER_NAME}: passed")
