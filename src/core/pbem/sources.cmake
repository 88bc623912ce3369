# Play by e-mail (docs/pbem.md): signed and sealed packets, turn packets rendered from a side's view, and the audit of
# a whole campaign.
target_sources(etatmajor_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/packet.cpp
  ${CMAKE_CURRENT_LIST_DIR}/turn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/audit.cpp
)
