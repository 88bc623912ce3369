# The map editor's edit commands and their wx-free undo history (architecture §2). Included by src/core/CMakeLists.txt.
target_sources(etatmajor_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/edit.cpp
  ${CMAKE_CURRENT_LIST_DIR}/edit_history.cpp
  ${CMAKE_CURRENT_LIST_DIR}/map_edits.cpp
)
