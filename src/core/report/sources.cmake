# The report layer (issue 7): page description, the papers of a side (with its intelligence and battle reports),
# and the cairo/pango PDF backend.
find_package(PkgConfig REQUIRED)
pkg_check_modules(ETATMAJOR_PANGOCAIRO REQUIRED IMPORTED_TARGET pangocairo cairo)
target_sources(etatmajor_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/page.cpp
  ${CMAKE_CURRENT_LIST_DIR}/compose.cpp
  ${CMAKE_CURRENT_LIST_DIR}/map_draw.cpp
  ${CMAKE_CURRENT_LIST_DIR}/papers.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reports.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pdf_cairo.cpp
)
target_link_libraries(etatmajor_core PRIVATE PkgConfig::ETATMAJOR_PANGOCAIRO)
