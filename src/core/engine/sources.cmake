# The campaign turn: phases as core commands over the campaign database.
target_sources(etatmajor_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/turn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reports.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reorg.cpp
  ${CMAKE_CURRENT_LIST_DIR}/grant.cpp
  ${CMAKE_CURRENT_LIST_DIR}/supply_orders.cpp
  ${CMAKE_CURRENT_LIST_DIR}/siege.cpp
  ${CMAKE_CURRENT_LIST_DIR}/weekly_stops.cpp
  ${CMAKE_CURRENT_LIST_DIR}/water.cpp
  ${CMAKE_CURRENT_LIST_DIR}/works.cpp
  ${CMAKE_CURRENT_LIST_DIR}/orders.cpp
  ${CMAKE_CURRENT_LIST_DIR}/phase_log.cpp
  ${CMAKE_CURRENT_LIST_DIR}/battles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/battle_setup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/intel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/decoys.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/after_battle.cpp
  ${CMAKE_CURRENT_LIST_DIR}/invariants.cpp
  ${CMAKE_CURRENT_LIST_DIR}/commands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/replay.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pbem.cpp
)
