# package.cmake - the Debian package (`cpack -G DEB` in the build folder, or
# `make deb`): the program, OpenCV's plugin, the sample photo, the kiosk's
# systemd unit and its system user (sysusers.d), the manual page and the
# licence. Included from the top-level CMakeLists.txt, where CPack must be.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME seichi)
set(CPACK_PACKAGE_VENDOR "Seichi")
set(CPACK_PACKAGE_CONTACT "Seichi developers <seichi@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Go board from a camera to a counted, agreed result")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "Seichi reads a real Go board from a camera or photo (board, size, stones),\n proposes the dead stones, counts under Chinese, Japanese, Korean, Ing, AGA,\n NZ and Tromp-Taylor rules, records games to SGF, keeps agreed results and\n sends them to a director's station. It runs as a touchscreen kiosk.")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# The paths compiled into the program (its plugin, the sample photo) and
# written into the unit follow CMAKE_INSTALL_PREFIX, so the package installs
# there too: `make deb` configures a build with /usr, as a distribution's
# package is (a plain build keeps /usr/local for `cmake --install`).
set(CPACK_PACKAGING_INSTALL_PREFIX "${CMAKE_INSTALL_PREFIX}")
# The libraries the binaries link, found by dpkg-shlibdeps; fonts and
# espeak-ng's voices (its data, read at run time) are read by path, so
# they are named.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, fonts-wqy-microhei, espeak-ng-data")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
  "${CMAKE_SOURCE_DIR}/kiosk/debian/postinst;${CMAKE_SOURCE_DIR}/kiosk/debian/postrm")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
