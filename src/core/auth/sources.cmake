# Side and host passphrases (docs/secrecy-auth.md): Argon2id hashes, and texts sealed under a side's passphrase, with
# libsodium, which stays private to the core.
find_package(PkgConfig REQUIRED)
pkg_check_modules(ETATMAJOR_SODIUM REQUIRED IMPORTED_TARGET libsodium)
target_sources(etatmajor_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/passphrase.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sealed.cpp
)
target_link_libraries(etatmajor_core PRIVATE PkgConfig::ETATMAJOR_SODIUM)
