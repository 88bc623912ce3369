# The campaign bot: whole campaigns played through the core's commands, invariants checked after every phase.
add_library(etatmajor_bot STATIC ${CMAKE_CURRENT_LIST_DIR}/campaign_bot.cpp ${CMAKE_CURRENT_LIST_DIR}/battle_file.cpp)
target_link_libraries(etatmajor_bot PUBLIC etatmajor_core PRIVATE etatmajor_warnings SQLiteCpp)
target_include_directories(etatmajor_bot PUBLIC ${CMAKE_CURRENT_LIST_DIR})

# The soak (scripts/soak.sh): etatmajor-bot --campaigns N --first-seed S.
add_executable(etatmajor-bot ${CMAKE_CURRENT_LIST_DIR}/bot_main.cpp)
target_link_libraries(etatmajor-bot PRIVATE etatmajor_bot etatmajor_warnings)
target_compile_definitions(etatmajor-bot PRIVATE ETATMAJOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}")

add_executable(etatmajor_bot_tests ${CMAKE_CURRENT_LIST_DIR}/bot_test.cpp ${CMAKE_CURRENT_LIST_DIR}/../unit/main.cpp)
target_link_libraries(etatmajor_bot_tests PRIVATE etatmajor_bot etatmajor_warnings Catch2::Catch2 SQLiteCpp)
target_compile_definitions(etatmajor_bot_tests PRIVATE ETATMAJOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
catch_discover_tests(etatmajor_bot_tests TEST_PREFIX "bot: " WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
