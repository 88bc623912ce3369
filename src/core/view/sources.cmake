# Read-only views of a running campaign for the turn manager (no rules of their own).
target_sources(etatmajor_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/turn_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/side_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/roll_log.cpp
  ${CMAKE_CURRENT_LIST_DIR}/day_report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/battle_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/battle_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/supply_view.cpp
)
