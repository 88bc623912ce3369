# The map editor's edit commands and undo history (src/core/edit), tested without any GUI.
add_executable(etatmajor_edit_tests
  ${CMAKE_CURRENT_LIST_DIR}/main.cpp
  ${CMAKE_CURRENT_LIST_DIR}/edit_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/edit_history_test.cpp
)
target_link_libraries(etatmajor_edit_tests PRIVATE etatmajor_core etatmajor_warnings Catch2::Catch2)
target_include_directories(etatmajor_edit_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/..)
target_compile_definitions(etatmajor_edit_tests PRIVATE ETATMAJOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
catch_discover_tests(etatmajor_edit_tests TEST_PREFIX "edit: " WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
