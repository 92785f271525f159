# The WebAssembly build (the `web` preset, Debian's Emscripten): glm and nlohmann-json are the
# host's header-only packages. Each of their folders is staged alone (a symbolic link) and added
# as a system include folder: adding the host's /usr/include itself would put the host's C
# library before Emscripten's.
set(SWEEPBOX_HOST_INCLUDE "/usr/include" CACHE PATH "Where the host's glm/ and nlohmann/ headers are")
set(_sweepbox_staged "${CMAKE_BINARY_DIR}/host_headers")
file(MAKE_DIRECTORY "${_sweepbox_staged}")
foreach(_dir glm nlohmann)
  if(NOT EXISTS "${SWEEPBOX_HOST_INCLUDE}/${_dir}")
    message(FATAL_ERROR "${SWEEPBOX_HOST_INCLUDE}/${_dir} not found (install libglm-dev and nlohmann-json3-dev)")
  endif()
  file(CREATE_LINK "${SWEEPBOX_HOST_INCLUDE}/${_dir}" "${_sweepbox_staged}/${_dir}" SYMBOLIC)
endforeach()
# (Imported targets' include folders are system folders: their warnings are not ours.)
add_library(glm::glm INTERFACE IMPORTED)
set_target_properties(glm::glm PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_sweepbox_staged}")
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_sweepbox_staged}")
