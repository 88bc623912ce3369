# etatmajor-server end to end (docs/server.md): a week played through the server by two command-line clients against
# the same orders given locally, the fog-of-war audit over every byte sent to one client, refusals, malformed and
# oversized requests, and SIGKILL at random moments of a day's run. scripts/server-stress.sh runs the full counts.
pkg_check_modules(HTTPLIB_TEST REQUIRED IMPORTED_TARGET cpp-httplib)
add_executable(etatmajor_server_tests
  ${CMAKE_CURRENT_LIST_DIR}/server_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/server_host_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/server_week_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/server_common.cpp
  ${CMAKE_CURRENT_LIST_DIR}/harness.cpp
  ${CMAKE_CURRENT_LIST_DIR}/client_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../unit/main.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../audit/campaign_player.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../audit/capture.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../audit/knowledge.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../audit/audit.cpp
)
target_link_libraries(etatmajor_server_tests PRIVATE etatmajor_client etatmajor_core etatmajor_warnings Catch2::Catch2 SQLiteCpp
  nlohmann_json::nlohmann_json PkgConfig::HTTPLIB_TEST Threads::Threads)
target_compile_definitions(etatmajor_server_tests PRIVATE
  ETATMAJOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
  ETATMAJOR_SERVER="$<TARGET_FILE:etatmajor-server>"
  ETATMAJOR_CLI="$<TARGET_FILE:etatmajor-cli>"
  ETATMAJOR_PDFTOTEXT="${PDFTOTEXT}"
  ETATMAJOR_SERVER_TEST_OUT="${CMAKE_CURRENT_BINARY_DIR}/server-work")
add_dependencies(etatmajor_server_tests etatmajor-server etatmajor-cli)
catch_discover_tests(etatmajor_server_tests WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  PROPERTIES LABELS server)
