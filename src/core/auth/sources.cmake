# Side and host passphrases (docs/secrecy-auth.md): Argon2id hashes, and texts sealed under a side's passphrase, with
# libsodium, which stays private to the core (found and linked in ../CMakeLists.txt).
target_sources(etatmajor_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/passphrase.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sealed.cpp
  ${CMAKE_CURRENT_LIST_DIR}/keys.cpp
)
