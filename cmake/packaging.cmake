# Install rules and package files (issue 7), included at the end of the top-level CMakeLists.txt
# once every target exists:
# - the public headers, the core library `sweepbox` (exported as sweepbox::sweepbox),
# - the scene library `sweepbox_scene` (exported as sweepbox::scene) and the `sweepbox` program
#   when they are built,
# - the levels library `sweepbox_levels` (exported as sweepbox::levels) when it is built,
# - the C API `sweepbox_c` (exported as sweepbox::sweepbox_c, with sweepbox.h and sweepbox_c.pc)
#   when it is built,
# - a CMake package (sweepboxConfig.cmake, its version file, the exported targets) so that
#   `find_package(sweepbox 0.1 REQUIRED)` + `target_link_libraries(game sweepbox::sweepbox)` works,
# - pkg-config files, sweepbox.pc (and sweepbox_c.pc).
# Install components: sweepbox_Runtime (shared libraries, the program) and sweepbox_Development
# (headers, static libraries, the .so link, package files); `cmake --install` alone installs both.
#
# Tested by tests/consumer/: a tiny game built against `cmake --install` of this build through
# find_package and through pkg-config, and one built with add_subdirectory; a C game through
# find_package and pkg-config.

include(CMakePackageConfigHelpers)

set(SWEEPBOX_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/sweepbox" CACHE STRING
    "Where to install the CMake package files, relative to the prefix")
set(SWEEPBOX_INSTALL_PKGCONFIGDIR "${CMAKE_INSTALL_LIBDIR}/pkgconfig" CACHE STRING
    "Where to install sweepbox.pc (and sweepbox_c.pc), relative to the prefix")
mark_as_advanced(SWEEPBOX_INSTALL_CMAKEDIR SWEEPBOX_INSTALL_PKGCONFIGDIR)

# The scene library and the program, when this build has them.
set(_sweepbox_scene_target "")
if(TARGET sweepbox_scene)
  set(_sweepbox_scene_target sweepbox_scene)
endif()
set(_sweepbox_program_target "")
if(TARGET sweepbox_program) # apps/CMakeLists.txt; its output name is `sweepbox`
  set(_sweepbox_program_target sweepbox_program)
endif()

# An installed program (and scene library) finds the shared libraries of the same prefix.
if(BUILD_SHARED_LIBS AND NOT APPLE AND NOT WIN32)
  file(RELATIVE_PATH _bin_to_lib "${CMAKE_INSTALL_FULL_BINDIR}" "${CMAKE_INSTALL_FULL_LIBDIR}")
  if(_sweepbox_program_target)
    set_property(TARGET ${_sweepbox_program_target} APPEND PROPERTY INSTALL_RPATH "$ORIGIN/${_bin_to_lib}")
  endif()
  if(_sweepbox_scene_target)
    set_property(TARGET ${_sweepbox_scene_target} APPEND PROPERTY INSTALL_RPATH "$ORIGIN")
  endif()
  if(TARGET sweepbox_levels)
    set_property(TARGET sweepbox_levels APPEND PROPERTY INSTALL_RPATH "$ORIGIN")
  endif()
endif()

# ---- headers ----
# Every public header; scene.hpp only when the scene library is installed with it, sweepbox.h
# only with the C API.
set(_header_excludes "")
if(NOT _sweepbox_scene_target)
  list(APPEND _header_excludes PATTERN "scene.hpp" EXCLUDE PATTERN "svg.hpp" EXCLUDE)
endif()
if(NOT TARGET sweepbox_levels)
  list(APPEND _header_excludes PATTERN "levels.hpp" EXCLUDE)
endif()
set(_c_header "")
if(TARGET sweepbox_c)
  set(_c_header PATTERN "sweepbox.h" PATTERN "sweepbox_types.h" PATTERN "sweepbox_answers.h" PATTERN "sweepbox_moving.h")
endif()
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/sweepbox"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
        COMPONENT sweepbox_Development
        FILES_MATCHING PATTERN "*.hpp" ${_c_header} ${_header_excludes})

# ---- libraries and the program ----
set(_sweepbox_lib_destinations
    RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT sweepbox_Runtime
    LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT sweepbox_Runtime
            NAMELINK_COMPONENT sweepbox_Development
    ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT sweepbox_Development)
install(TARGETS sweepbox EXPORT sweepboxTargets ${_sweepbox_lib_destinations})
install(EXPORT sweepboxTargets
        NAMESPACE sweepbox::
        DESTINATION "${SWEEPBOX_INSTALL_CMAKEDIR}"
        COMPONENT sweepbox_Development)

if(TARGET sweepbox_levels)
  # Its own export set: a game that uses only the core never needs zlib or nlohmann_json.
  get_target_property(_version sweepbox VERSION)
  get_target_property(_soversion sweepbox SOVERSION)
  set_target_properties(sweepbox_levels PROPERTIES EXPORT_NAME levels VERSION "${_version}" SOVERSION "${_soversion}")
  install(TARGETS sweepbox_levels EXPORT sweepboxLevelsTargets ${_sweepbox_lib_destinations})
  install(EXPORT sweepboxLevelsTargets
          NAMESPACE sweepbox::
          DESTINATION "${SWEEPBOX_INSTALL_CMAKEDIR}"
          COMPONENT sweepbox_Development)
endif()
if(SWEEPBOX_LEVELS_ZSTD)
  set(SWEEPBOX_PACKAGE_LEVELS_ZSTD ON)
else()
  set(SWEEPBOX_PACKAGE_LEVELS_ZSTD OFF)
endif()

if(_sweepbox_scene_target)
  # A separate export set: a game that uses only the core never needs nlohmann_json.
  # Same version and soname as the core (libsweepbox_scene.so.0.1 -> .0.1.0).
  get_target_property(_version sweepbox VERSION)
  get_target_property(_soversion sweepbox SOVERSION)
  set_target_properties(${_sweepbox_scene_target} PROPERTIES EXPORT_NAME scene
                        VERSION "${_version}" SOVERSION "${_soversion}")
  install(TARGETS ${_sweepbox_scene_target} EXPORT sweepboxSceneTargets ${_sweepbox_lib_destinations})
  install(EXPORT sweepboxSceneTargets
          NAMESPACE sweepbox::
          DESTINATION "${SWEEPBOX_INSTALL_CMAKEDIR}"
          COMPONENT sweepbox_Development)
endif()

if(TARGET sweepbox_c)
  # Its own export set: the library carries its own copy of the core, so a C consumer needs
  # neither the core's target nor glm.
  install(TARGETS sweepbox_c EXPORT sweepboxCTargets ${_sweepbox_lib_destinations})
  install(EXPORT sweepboxCTargets
          NAMESPACE sweepbox::
          DESTINATION "${SWEEPBOX_INSTALL_CMAKEDIR}"
          COMPONENT sweepbox_Development)
endif()

if(TARGET sweepbox_c_double)
  # The double-precision copy of the C API that sweepbox.bump loads (not exported: a C game links
  # sweepbox::sweepbox_c).
  install(TARGETS sweepbox_c_double ${_sweepbox_lib_destinations})
endif()

if(TARGET sweepbox_lua)
  # Where LuaJIT looks by default (PREFIX/share/lua/5.1/?.lua); the module finds libsweepbox_c
  # through package.cpath or the system's library search (lua/README.md).
  install(FILES ${SWEEPBOX_LUA_FILES}
          DESTINATION "${CMAKE_INSTALL_DATADIR}/lua/5.1/sweepbox"
          COMPONENT sweepbox_Runtime)
endif()

if(_sweepbox_program_target)
  install(TARGETS ${_sweepbox_program_target}
          RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT sweepbox_Runtime)
endif()

# ---- CMake package ----
# 0.x: minor releases may break the API, so 0.1.z satisfies a request for 0.1 (or 0.1.y with
# y <= z) and nothing else. From 1.0 on, any release of the same major version is compatible.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(_sweepbox_compatibility SameMinorVersion)
else()
  set(_sweepbox_compatibility SameMajorVersion)
endif()

# Values recorded in sweepboxConfig.cmake for consumers to inspect.
if(SWEEPBOX_DOUBLE)
  set(SWEEPBOX_PACKAGE_DOUBLE ON)
else()
  set(SWEEPBOX_PACKAGE_DOUBLE OFF)
endif()
if(BUILD_SHARED_LIBS)
  set(SWEEPBOX_PACKAGE_SHARED ON)
else()
  set(SWEEPBOX_PACKAGE_SHARED OFF)
endif()

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/sweepboxConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/packaging/sweepboxConfig.cmake"
  INSTALL_DESTINATION "${SWEEPBOX_INSTALL_CMAKEDIR}")
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/packaging/sweepboxConfigVersion.cmake"
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY ${_sweepbox_compatibility})
install(FILES "${PROJECT_BINARY_DIR}/packaging/sweepboxConfig.cmake"
              "${PROJECT_BINARY_DIR}/packaging/sweepboxConfigVersion.cmake"
        DESTINATION "${SWEEPBOX_INSTALL_CMAKEDIR}"
        COMPONENT sweepbox_Development)

# ---- pkg-config ----
# Paths are relative to the .pc file (${pcfiledir}), so the file stays right when the prefix is
# chosen at install time (`cmake --install build --prefix DIR`) or the tree is moved.
function(_sweepbox_pc_path out dir)
  if(IS_ABSOLUTE "${dir}")
    set(${out} "${dir}" PARENT_SCOPE)
  else()
    set(${out} "\${prefix}/${dir}" PARENT_SCOPE)
  endif()
endfunction()
if(IS_ABSOLUTE "${SWEEPBOX_INSTALL_PKGCONFIGDIR}")
  set(SWEEPBOX_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _pc_to_prefix "${CMAKE_INSTALL_PREFIX}/${SWEEPBOX_INSTALL_PKGCONFIGDIR}"
       "${CMAKE_INSTALL_PREFIX}")
  string(REGEX REPLACE "/$" "" _pc_to_prefix "${_pc_to_prefix}")
  set(SWEEPBOX_PC_PREFIX "\${pcfiledir}/${_pc_to_prefix}")
endif()
_sweepbox_pc_path(SWEEPBOX_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
_sweepbox_pc_path(SWEEPBOX_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
# The public compile definitions of the library, as the exported target carries them.
set(SWEEPBOX_PC_CFLAGS "")
if(SWEEPBOX_DOUBLE)
  string(APPEND SWEEPBOX_PC_CFLAGS " -DSWEEPBOX_DOUBLE")
endif()
if(BUILD_SHARED_LIBS)
  string(APPEND SWEEPBOX_PC_CFLAGS " -DSWEEPBOX_SHARED")
endif()
# glm is header-only; name it as a requirement only where a glm.pc exists (Debian's libglm-dev
# has one, some glm installs do not).
set(SWEEPBOX_PC_REQUIRES "")
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(_SWEEPBOX_GLM_PC QUIET glm)
  if(_SWEEPBOX_GLM_PC_FOUND)
    set(SWEEPBOX_PC_REQUIRES "glm")
  endif()
endif()
get_target_property(_sweepbox_output_name sweepbox OUTPUT_NAME)
if(NOT _sweepbox_output_name)
  set(_sweepbox_output_name sweepbox)
endif()
set(SWEEPBOX_PC_LIBNAME "${_sweepbox_output_name}")
configure_file("${CMAKE_CURRENT_LIST_DIR}/sweepbox.pc.in" "${PROJECT_BINARY_DIR}/packaging/sweepbox.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/packaging/sweepbox.pc"
        DESTINATION "${SWEEPBOX_INSTALL_PKGCONFIGDIR}"
        COMPONENT sweepbox_Development)

# The C API's: no definitions and no requirement (its header is the same for every build).
if(TARGET sweepbox_c)
  configure_file("${CMAKE_CURRENT_LIST_DIR}/sweepbox_c.pc.in" "${PROJECT_BINARY_DIR}/packaging/sweepbox_c.pc" @ONLY)
  install(FILES "${PROJECT_BINARY_DIR}/packaging/sweepbox_c.pc"
          DESTINATION "${SWEEPBOX_INSTALL_PKGCONFIGDIR}"
          COMPONENT sweepbox_Development)
endif()
