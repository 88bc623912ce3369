# Runs `etatmajor FILE --screenshot PNG` under a private X server, then judges the picture.
#   cmake -DAPP=... -DXVFB_RUN=... -DCHECKER=... -DINPUT=... -DPNG=... -DWIDTH=... -DHEIGHT=...
#         [-DSIZE_ARG=WxH] [-DSIDE_ARG=id|host] [-DCHECK_ARGS=--counters] -P run_screenshot.cmake
foreach(var APP XVFB_RUN CHECKER INPUT PNG WIDTH HEIGHT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_screenshot.cmake needs -D${var}=...")
  endif()
endforeach()

# Keep GTK from looking for a session's accessibility bus.
set(ENV{NO_AT_BRIDGE} 1)
file(REMOVE "${PNG}")

set(app_args "${INPUT}" --screenshot "${PNG}")
if(DEFINED SIZE_ARG AND NOT SIZE_ARG STREQUAL "")
  list(APPEND app_args --size "${SIZE_ARG}")
endif()
# A campaign database opens on no side (nothing of either side shown) unless one is named.
if(DEFINED SIDE_ARG AND NOT SIDE_ARG STREQUAL "")
  list(APPEND app_args --side "${SIDE_ARG}")
endif()

execute_process(
  COMMAND "${XVFB_RUN}" -a -s "-screen 0 1920x1200x24" "${APP}" ${app_args}
  RESULT_VARIABLE app_status
  OUTPUT_VARIABLE app_out
  ERROR_VARIABLE app_err
  TIMEOUT 120)
message("${app_out}")
if(NOT app_status EQUAL 0)
  message(FATAL_ERROR "etatmajor --screenshot failed (status ${app_status}):\n${app_err}")
endif()

execute_process(
  COMMAND "${CHECKER}" "${PNG}" "${WIDTH}" "${HEIGHT}" ${CHECK_ARGS}
  RESULT_VARIABLE check_status
  OUTPUT_VARIABLE check_out
  ERROR_VARIABLE check_err)
message("${check_out}${check_err}")
if(NOT check_status EQUAL 0)
  message(FATAL_ERROR "the screenshot ${PNG} does not show a map")
endif()
