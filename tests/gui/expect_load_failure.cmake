# A file that cannot be shown must make `etatmajor --screenshot` exit with status 1, name the file and the
# line in its message on stderr, and leave no picture behind.
#   cmake -DAPP=... -DXVFB_RUN=... -DINPUT=... -DPNG=... -DEXPECT=REGEX -P expect_load_failure.cmake
foreach(var APP XVFB_RUN INPUT PNG EXPECT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "expect_load_failure.cmake needs -D${var}=...")
  endif()
endforeach()

set(ENV{NO_AT_BRIDGE} 1)
file(REMOVE "${PNG}")
execute_process(
  COMMAND "${XVFB_RUN}" -a -s "-screen 0 1600x1200x24" "${APP}" "${INPUT}" --screenshot "${PNG}"
  RESULT_VARIABLE status
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err
  TIMEOUT 120)
message("status ${status}\nstderr:\n${err}")
if(NOT status EQUAL 1)
  message(FATAL_ERROR "expected exit status 1, got '${status}'")
endif()
if(NOT err MATCHES "${EXPECT}")
  message(FATAL_ERROR "stderr does not match '${EXPECT}'")
endif()
if(EXISTS "${PNG}")
  message(FATAL_ERROR "a screenshot was written although the file could not be opened")
endif()
