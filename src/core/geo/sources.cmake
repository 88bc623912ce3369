# The importer of real geography (GSHHG shorelines and WDBII rivers through the GMT C API) and the theatres'
# gazetteers. Included by src/core/CMakeLists.txt. GMT (libgmt-dev) ships neither a CMake package nor a pkg-config
# file: its header and library are found directly; both are required (scripts/install-deps.sh installs them). The
# library is not linked: gshhg.cpp opens it with dlopen when a map is first imported (it brings a hundred libraries
# with it), from the file found here.
find_path(ETATMAJOR_GMT_INCLUDE_DIR gmt.h PATH_SUFFIXES gmt REQUIRED)
find_library(ETATMAJOR_GMT_LIBRARY NAMES gmt REQUIRED)
target_sources(etatmajor_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/gshhg.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gazetteer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/map_import.cpp
)
# GMT's headers are read as system headers: the project's warnings do not apply to them.
target_include_directories(etatmajor_core SYSTEM PRIVATE ${ETATMAJOR_GMT_INCLUDE_DIR})
get_filename_component(ETATMAJOR_GMT_LIBRARY_FILE "${ETATMAJOR_GMT_LIBRARY}" REALPATH)
set_property(SOURCE ${CMAKE_CURRENT_LIST_DIR}/gshhg.cpp APPEND PROPERTY COMPILE_DEFINITIONS
  ETATMAJOR_GMT_LIBRARY_FILE="${ETATMAJOR_GMT_LIBRARY_FILE}")
target_link_libraries(etatmajor_core PRIVATE ${CMAKE_DL_LIBS})
