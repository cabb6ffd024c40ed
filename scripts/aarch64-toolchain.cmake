# aarch64-toolchain.cmake - CMake toolchain file for building Seichi for
# arm64 (a Raspberry Pi 4 or 5 on a 64-bit OS) on an x86-64 Debian 12 host,
# against a sysroot made by scripts/arm64-sysroot.sh. scripts/check-arm64.sh
# uses it; by hand:
#
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=scripts/aarch64-toolchain.cmake \
#         -DSEICHI_ARM64_SYSROOT=$PWD/build-arm64/sysroot
#
# Host packages: scripts/install-deps.sh arm64 (Debian's cross compiler,
# qemu-user-static). ctest runs each test program through qemu.

set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

# The sysroot: from the cache on the first run, from the environment in
# CMake's own try-compile projects (which see this file again without the
# cache), so both read the same folder.
if(NOT SEICHI_ARM64_SYSROOT AND DEFINED ENV{SEICHI_ARM64_SYSROOT})
  set(SEICHI_ARM64_SYSROOT "$ENV{SEICHI_ARM64_SYSROOT}")
endif()
if(NOT SEICHI_ARM64_SYSROOT OR NOT EXISTS "${SEICHI_ARM64_SYSROOT}/usr/lib/aarch64-linux-gnu")
  message(FATAL_ERROR "aarch64-toolchain: set SEICHI_ARM64_SYSROOT to an arm64 sysroot "
                      "(scripts/arm64-sysroot.sh DIR makes one); got '${SEICHI_ARM64_SYSROOT}'")
endif()
get_filename_component(SEICHI_ARM64_SYSROOT "${SEICHI_ARM64_SYSROOT}" ABSOLUTE)
set(SEICHI_ARM64_SYSROOT "${SEICHI_ARM64_SYSROOT}" CACHE PATH "The arm64 sysroot (scripts/arm64-sysroot.sh)")
set(ENV{SEICHI_ARM64_SYSROOT} "${SEICHI_ARM64_SYSROOT}")

set(CMAKE_SYSROOT "${SEICHI_ARM64_SYSROOT}")
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# Libraries, headers and CMake packages come from the sysroot only; the
# programs run during the build (the shell, CMake itself) are the host's.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config (libcamera, SDL2, cmocka, ...) reads the sysroot's .pc files
# only, and prefixes the paths they give with the sysroot.
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${SEICHI_ARM64_SYSROOT}")
set(ENV{PKG_CONFIG_LIBDIR} "${SEICHI_ARM64_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig:${SEICHI_ARM64_SYSROOT}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

# ctest runs the test programs through qemu, with the sysroot's loader and
# libraries. Programs that a test runs itself (a shell script running
# seichi) need the kernel's binfmt_misc entry for qemu-aarch64 instead
# (scripts/check-arm64.sh registers it).
find_program(SEICHI_QEMU_AARCH64 qemu-aarch64-static)
if(NOT SEICHI_QEMU_AARCH64)
  message(FATAL_ERROR "aarch64-toolchain: qemu-aarch64-static not found (scripts/install-deps.sh arm64)")
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR "${SEICHI_QEMU_AARCH64};-L;${SEICHI_ARM64_SYSROOT}")
