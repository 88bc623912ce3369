# The map importer of real geography (src/core/geo): the projection's laws, the georeference in map files, water
# hexes against the GSHHG shorelines, rivers on the right hexsides, the gazetteer, and the importer's refusals.
add_executable(etatmajor_geo_tests
  ${CMAKE_CURRENT_LIST_DIR}/main.cpp
  ${CMAKE_CURRENT_LIST_DIR}/projection_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/import_test.cpp
)
target_link_libraries(etatmajor_geo_tests PRIVATE etatmajor_core etatmajor_warnings Catch2::Catch2)
target_include_directories(etatmajor_geo_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/..)
target_compile_definitions(etatmajor_geo_tests PRIVATE ETATMAJOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
catch_discover_tests(etatmajor_geo_tests TEST_PREFIX "geo: " WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
