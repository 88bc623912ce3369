# Tests of the tactical resolver (tactical-resolver.md §4.3 and the chart lines of §1.10 and §1.15).
add_executable(etatmajor_battle_tests
  ${CMAKE_CURRENT_LIST_DIR}/main.cpp
  ${CMAKE_CURRENT_LIST_DIR}/charts_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/morale_chart_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/close_assault_chart_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/spec_cases_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/whole_battle_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/determinism_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/battle_xml_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/calibration_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/victor_losses_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/snow_move_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/field_and_lanes_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/history_mechanisms_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/artillery_dice_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/battalion_guns_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/scouting_deployment_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bunker_hill_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/closing_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/standoff_test.cpp
)
target_link_libraries(etatmajor_battle_tests PRIVATE etatmajor_core etatmajor_warnings Catch2::Catch2)
target_compile_definitions(etatmajor_battle_tests PRIVATE ETATMAJOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
catch_discover_tests(etatmajor_battle_tests TEST_PREFIX "battle: " WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
