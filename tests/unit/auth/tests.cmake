# Side and host passphrases (src/core/auth, docs/secrecy-auth.md): hashing, who may act, who may change a
# passphrase, the slow-down, and no passphrase in clear in the campaign's files; texts sealed under a passphrase.
add_executable(etatmajor_auth_tests
  ${CMAKE_CURRENT_LIST_DIR}/main.cpp
  ${CMAKE_CURRENT_LIST_DIR}/passphrase_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sealed_test.cpp
)
target_link_libraries(etatmajor_auth_tests PRIVATE etatmajor_core etatmajor_warnings Catch2::Catch2 SQLiteCpp)
target_include_directories(etatmajor_auth_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/..)
target_compile_definitions(etatmajor_auth_tests PRIVATE ETATMAJOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
catch_discover_tests(etatmajor_auth_tests TEST_PREFIX "auth: " WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
