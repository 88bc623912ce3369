# The printed papers (issue 7): every paper of both sides of the bundled campaign rendered to PDF, read back with
# pdftotext and rasterised with pdftoppm. The first page of each paper is also written as a PNG to
# <build>/papers/ for a look by eye. The intelligence and battle reports come from the campaign played through its
# first day (a scouting report and a battle).
find_program(PDFTOTEXT pdftotext)
find_program(PDFTOPPM pdftoppm)
add_executable(etatmajor_report_tests
  ${CMAKE_CURRENT_LIST_DIR}/main.cpp
  ${CMAKE_CURRENT_LIST_DIR}/papers_test.cpp
)
target_link_libraries(etatmajor_report_tests PRIVATE etatmajor_core etatmajor_warnings Catch2::Catch2 SQLiteCpp nlohmann_json::nlohmann_json)
target_compile_definitions(etatmajor_report_tests PRIVATE
  ETATMAJOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
  ETATMAJOR_PAPERS_DIR="${CMAKE_BINARY_DIR}/papers"
  ETATMAJOR_PDFTOTEXT="${PDFTOTEXT}"
  ETATMAJOR_PDFTOPPM="${PDFTOPPM}")
catch_discover_tests(etatmajor_report_tests TEST_PREFIX "report: " WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})

# The print command's contract: every paper for both sides, paper sizes, exit codes 0/1/2.
add_test(NAME "report: cli print contract"
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/print_cli_test.sh $<TARGET_FILE:etatmajor-cli> ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/print-cli-work)
