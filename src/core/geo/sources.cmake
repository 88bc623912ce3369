# The importer of real geography (GSHHG shorelines and WDBII rivers through the GMT C API) and the theatres'
# gazetteers. Included by src/core/CMakeLists.txt. GMT (libgmt-dev) ships neither a CMake package nor a pkg-config
# file: its header and library are found directly; both are required (scripts/install-deps.sh installs them).
find_path(ETATMAJOR_GMT_INCLUDE_DIR gmt.h PATH_SUFFIXES gmt REQUIRED)
find_library(ETATMAJOR_GMT_LIBRARY NAMES gmt REQUIRED)
target_sources(etatmajor_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/gshhg.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gazetteer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/map_import.cpp
)
# GMT's headers are read as system headers: the project's warnings do not apply to them.
target_include_directories(etatmajor_core SYSTEM PRIVATE ${ETATMAJOR_GMT_INCLUDE_DIR})
target_link_libraries(etatmajor_core PRIVATE ${ETATMAJOR_GMT_LIBRARY})
