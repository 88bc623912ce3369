# The tactical resolver (include/etatmajor/battle, tactical-resolver.md).
target_sources(etatmajor_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/types.cpp
  ${CMAKE_CURRENT_LIST_DIR}/charts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/setup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/params.cpp
  ${CMAKE_CURRENT_LIST_DIR}/battle_dice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/narrative.cpp
  ${CMAKE_CURRENT_LIST_DIR}/morale.cpp
  ${CMAKE_CURRENT_LIST_DIR}/close_assault.cpp
  ${CMAKE_CURRENT_LIST_DIR}/accounting.cpp
  ${CMAKE_CURRENT_LIST_DIR}/result.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine_setup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine_deploy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine_end.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine_geometry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine_morale.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine_fire.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine_move.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine_assault.cpp
  ${CMAKE_CURRENT_LIST_DIR}/resolver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/battle_xml.cpp
  ${CMAKE_CURRENT_LIST_DIR}/trials.cpp
  ${CMAKE_CURRENT_LIST_DIR}/calibration.cpp
)
# The resolver's inner loops (performance.md P4: thousands of battles per odds preview) are built with full
# optimisation whatever the build type; the rest of the library keeps the project's flags.
if(NOT CMAKE_BUILD_TYPE STREQUAL "Debug")
  set_source_files_properties(
    ${CMAKE_CURRENT_LIST_DIR}/engine.cpp
    ${CMAKE_CURRENT_LIST_DIR}/engine_setup.cpp
    ${CMAKE_CURRENT_LIST_DIR}/engine_deploy.cpp
    ${CMAKE_CURRENT_LIST_DIR}/engine_end.cpp
    ${CMAKE_CURRENT_LIST_DIR}/engine_geometry.cpp
    ${CMAKE_CURRENT_LIST_DIR}/engine_morale.cpp
    ${CMAKE_CURRENT_LIST_DIR}/engine_fire.cpp
    ${CMAKE_CURRENT_LIST_DIR}/engine_move.cpp
    ${CMAKE_CURRENT_LIST_DIR}/engine_assault.cpp
    ${CMAKE_CURRENT_LIST_DIR}/charts.cpp
    ${CMAKE_CURRENT_LIST_DIR}/morale.cpp
    ${CMAKE_CURRENT_LIST_DIR}/close_assault.cpp
    ${CMAKE_CURRENT_LIST_DIR}/battle_dice.cpp
    PROPERTIES COMPILE_OPTIONS "$<$<CXX_COMPILER_ID:GNU,Clang>:-O3>")
endif()
