# Rules of the campaign (etat-major.md), tested against the specification's tables, worked example and vectors.
add_executable(etatmajor_rules_tests
  ${CMAKE_CURRENT_LIST_DIR}/main.cpp
  ${CMAKE_CURRENT_LIST_DIR}/scouting_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/victory_supply_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/loc_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/weather_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/orders_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/movement_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/campaign_battle_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/intel_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/siege_water_works_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/weekly_cycle_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/worked_example_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fog_campaign_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/decoys_fog_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/variant_keys_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/daily_variants_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/battle_variants_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/scouting_variants_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pontoon_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/phase_order_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/weather_regions_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/invariants_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/replay_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pbem_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/weekly_stops_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/arrivals_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/blockade_test.cpp
)
target_link_libraries(etatmajor_rules_tests PRIVATE etatmajor_core etatmajor_warnings Catch2::Catch2 SQLiteCpp nlohmann_json::nlohmann_json)
target_include_directories(etatmajor_rules_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/..)
target_compile_definitions(etatmajor_rules_tests PRIVATE ETATMAJOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
catch_discover_tests(etatmajor_rules_tests TEST_PREFIX "rules: " WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
