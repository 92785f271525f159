# A CMake toolchain file for aarch64 Linux on an x86-64 Debian machine, with Debian's cross
# packages (g++-aarch64-linux-gnu: the compiler and the aarch64 C and C++ libraries in
# /usr/aarch64-linux-gnu) and qemu-user to run what it builds:
#   cmake -S . -B build/aarch64-gcc -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
#   cmake -S . -B build/aarch64-clang -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake \
#         -DSWEEPBOX_CROSS_COMPILER=clang
# SWEEPBOX_CROSS_COMPILER picks GCC (aarch64-linux-gnu-g++, the default) or Clang
# (clang++ --target=aarch64-linux-gnu, which uses the same GCC libraries). glm and nlohmann-json
# are header-only, so the machine's own packages (/usr/include, /usr/share/cmake) serve both
# architectures. tests/determinism/cross_arch.sh builds and runs with it.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(SWEEPBOX_CROSS_COMPILER gcc CACHE STRING "The compiler for aarch64: gcc or clang")
if(SWEEPBOX_CROSS_COMPILER STREQUAL "clang")
  set(CMAKE_C_COMPILER clang)
  set(CMAKE_CXX_COMPILER clang++)
  set(CMAKE_C_COMPILER_TARGET aarch64-linux-gnu)
  set(CMAKE_CXX_COMPILER_TARGET aarch64-linux-gnu)
elseif(SWEEPBOX_CROSS_COMPILER STREQUAL "gcc")
  set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
  set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
else()
  message(FATAL_ERROR "SWEEPBOX_CROSS_COMPILER is '${SWEEPBOX_CROSS_COMPILER}': gcc or clang")
endif()

# Libraries from the aarch64 tree only; header-only packages from the machine's too.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# Programs built here run under qemu-user (ctest and add_custom_command use this).
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
