# Rules of the campaign (etat-major.md): pure functions on campaign::CampaignState.
target_sources(etatmajor_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/loc.cpp
  ${CMAKE_CURRENT_LIST_DIR}/scouting.cpp
  ${CMAKE_CURRENT_LIST_DIR}/initiative.cpp
  ${CMAKE_CURRENT_LIST_DIR}/victory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/supply.cpp
  ${CMAKE_CURRENT_LIST_DIR}/setup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/weather.cpp
  ${CMAKE_CURRENT_LIST_DIR}/orders.cpp
  ${CMAKE_CURRENT_LIST_DIR}/movement.cpp
  ${CMAKE_CURRENT_LIST_DIR}/intel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/visibility.cpp
  ${CMAKE_CURRENT_LIST_DIR}/siege.cpp
  ${CMAKE_CURRENT_LIST_DIR}/water.cpp
  ${CMAKE_CURRENT_LIST_DIR}/works.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../campaign/state.cpp
)
