# consumer_install: `cmake --install BUILD_DIR --prefix PREFIX` into a fresh PREFIX, then checks
# what was installed: the package files, headers, library, pkg-config file, and that no
# installed package file points back into the source or build tree.
# Arguments: BUILD_DIR, PREFIX, CONFIG, SOURCE_DIR, EXPECT_SCENE, PROGRAM (its path in the
# prefix, when this build has the program).

foreach(arg BUILD_DIR PREFIX SOURCE_DIR)
  if(NOT DEFINED ${arg})
    message(FATAL_ERROR "install.cmake: ${arg} is not set")
  endif()
endforeach()

file(REMOVE_RECURSE "${PREFIX}")
set(config_args "")
if(CONFIG)
  set(config_args --config "${CONFIG}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}" ${config_args}
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD_DIR} --prefix ${PREFIX} failed: ${result}")
endif()

function(expect_one pattern out)
  file(GLOB_RECURSE found "${PREFIX}/${pattern}")
  list(LENGTH found n)
  if(NOT n EQUAL 1)
    message(FATAL_ERROR "expected one installed ${pattern}, found ${n}: ${found}")
  endif()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

expect_one("include/sweepbox/sweepbox.hpp" _)
expect_one("include/sweepbox/world.hpp" _)
expect_one("*/cmake/sweepbox/sweepboxConfig.cmake" config)
expect_one("*/cmake/sweepbox/sweepboxConfigVersion.cmake" _)
expect_one("*/cmake/sweepbox/sweepboxTargets.cmake" _)
expect_one("*/pkgconfig/sweepbox.pc" pc)
file(GLOB_RECURSE libs "${PREFIX}/*libsweepbox.*")
if(NOT libs)
  message(FATAL_ERROR "no libsweepbox.* was installed in ${PREFIX}")
endif()
if(EXPECT_SCENE)
  expect_one("*/cmake/sweepbox/sweepboxSceneTargets.cmake" _)
  expect_one("include/sweepbox/scene.hpp" _)
else()
  file(GLOB_RECURSE scene_files "${PREFIX}/*sweepboxSceneTargets*.cmake" "${PREFIX}/include/sweepbox/scene.hpp")
  if(scene_files)
    message(FATAL_ERROR "no scene library in this build, yet these were installed: ${scene_files}")
  endif()
endif()

# The installed program starts from the prefix (in a shared build: finds its libraries there).
if(PROGRAM)
  set(program "${PREFIX}/${PROGRAM}")
  execute_process(COMMAND "${program}" --help RESULT_VARIABLE result OUTPUT_QUIET)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "the installed ${program} --help failed: ${result}")
  endif()
endif()

# Installed package files must not name the source or build tree (a relocatable package).
get_filename_component(config_dir "${config}" DIRECTORY)
file(GLOB package_files "${config_dir}/*.cmake")
foreach(f IN LISTS package_files pc)
  file(READ "${f}" text)
  foreach(tree IN ITEMS "${SOURCE_DIR}" "${BUILD_DIR}")
    string(FIND "${text}" "${tree}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "${f} names ${tree}:\n${text}")
    endif()
  endforeach()
endforeach()
message(STATUS "consumer_install: installed into ${PREFIX}")
