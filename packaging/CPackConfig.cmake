# Debian package for Etat-Major, built with `cpack -G DEB` from a configured and built tree.
# Included at the end of the top-level CMakeLists.txt, so every target and its install() rule exist already:
# the programs install themselves into bin/; this file adds the data files and the desktop integration,
# then sets the package metadata and turns CPack on.

include(GNUInstallDirs)

# Data shared by the CLI and the GUI: maps, campaigns and the XML schemas that describe them, under
# share/etatmajor/. maps/ and campaigns/ stay siblings because campaign files name their map with a
# relative path (map="../maps/...").
install(DIRECTORY ${PROJECT_SOURCE_DIR}/maps ${PROJECT_SOURCE_DIR}/campaigns
        DESTINATION ${CMAKE_INSTALL_DATADIR}/etatmajor
        FILES_MATCHING PATTERN "*.xml")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/schemas
        DESTINATION ${CMAKE_INSTALL_DATADIR}/etatmajor
        FILES_MATCHING PATTERN "*.xsd")

# Desktop integration only makes sense with the window to launch: a menu entry for a program that is not
# installed would be broken, so a build with -DETATMAJOR_BUILD_GUI=OFF packages the CLI and data only.
if(ETATMAJOR_BUILD_GUI)
  install(FILES ${PROJECT_SOURCE_DIR}/packaging/etatmajor.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${PROJECT_SOURCE_DIR}/packaging/io.github.etatmajor.Etatmajor.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  install(FILES ${PROJECT_SOURCE_DIR}/packaging/etatmajor.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
endif()

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "etatmajor")
set(CPACK_PACKAGE_VENDOR "Etat-Major developers")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Umpire-less campaigns for American War of Independence wargames")
# The long description, wrapped for `apt show` (CPack indents the continuation lines as Debian wants).
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "Etat-Major runs campaigns of the Etat-Major rules for American War of\n"
    "Independence wargames without an umpire. It checks hex maps of a theatre\n"
    "and campaign files, creates a campaign database that holds the campaign's\n"
    "state and a log of every die rolled, and shows each side only what it may\n"
    "know.\n"
    "\n"
    "The package holds the etatmajor-cli command-line program, the map window\n"
    "when it was built, the maps and campaigns that come with the program, and\n"
    "the XML schemas of their file formats.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "etatmajor")
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_PACKAGE_MAINTAINER "Etat-Major developers")
set(CPACK_DEBIAN_PACKAGE_SECTION "games")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Depends is computed from the binaries' shared libraries by dpkg-shlibdeps (wxWidgets, SQLite, tinyxml2,
# the C++ runtime); nothing is listed by hand.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The map importer opens the GMT library only when a map is imported (src/core/geo/gshhg.cpp), so dpkg-shlibdeps
# does not see it: it and the shorelines it reads are recommended.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgmt6, gmt-gshhg-high")

# A source package, should anyone ask for one, must not sweep up build trees or the repository itself.
set(CPACK_SOURCE_GENERATOR "TGZ")
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/" "/\\\\.ci/")

include(CPack)
