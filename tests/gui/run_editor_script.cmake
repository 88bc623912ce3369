# Runs `etatmajor [INPUT] --test-script SCRIPT` under a private X server, then checks what it left behind.
#   cmake -DAPP=... -DXVFB_RUN=... -DSCRIPT=template -DOUT=dir -DMODE=brush|features|readonly|new-map|docs|theatres
#         [-DINPUT=file] -DCHECKER=screenshot checker -DEXPECT=etatmajor_map_expect -DXMLLINT=... -DSOURCE=root
#         -P run_editor_script.cmake
# [-DSIZE=WxH]
# The script template's @OUT@ is replaced by the output folder, @SOURCE@ by the source tree.
cmake_minimum_required(VERSION 3.25)
foreach(var APP XVFB_RUN SCRIPT OUT MODE CHECKER EXPECT SOURCE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_editor_script.cmake needs -D${var}=...")
  endif()
endforeach()

include(${CMAKE_CURRENT_LIST_DIR}/script_common.cmake)
file(READ "${SCRIPT}" text)
string(REPLACE "@OUT@" "${OUT}" text "${text}")
string(REPLACE "@SOURCE@" "${SOURCE}" text "${text}")
get_filename_component(script_name "${SCRIPT}" NAME)
file(WRITE "${OUT}/${script_name}" "${text}")

if(MODE STREQUAL "features" OR MODE STREQUAL "docs" OR MODE STREQUAL "tools")
  run_checked("${EXPECT}" make-scan "${OUT}/scan.png" 900 800)
endif()

set(app_args "")
if(DEFINED INPUT AND NOT INPUT STREQUAL "")
  list(APPEND app_args "${INPUT}")
endif()
list(APPEND app_args --test-script "${OUT}/${script_name}")
if(DEFINED SIZE AND NOT SIZE STREQUAL "")
  list(APPEND app_args --size "${SIZE}")
endif()
execute_process(
  COMMAND "${XVFB_RUN}" -a -s "-screen 0 1600x1200x24" "${APP}" ${app_args}
  RESULT_VARIABLE app_status
  OUTPUT_VARIABLE app_out
  ERROR_VARIABLE app_err
  TIMEOUT 150)
message("${app_out}${app_err}")
if(NOT app_status EQUAL 0)
  message(FATAL_ERROR "etatmajor --test-script failed (status ${app_status})")
endif()

# Saved maps must still be valid map files: the schema, and the editor must not have put anything else in them.
function(check_map file)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "the script did not save ${file}")
  endif()
  if(DEFINED XMLLINT AND NOT XMLLINT STREQUAL "")
    run_checked("${XMLLINT}" --noout --schema "${SOURCE}/schemas/map.xsd" "${file}")
  endif()
  file(READ "${file}" xml)
  if(xml MATCHES "background|view\\.json")
    message(FATAL_ERROR "${file}: the view settings leaked into the map file")
  endif()
endfunction()

if(MODE STREQUAL "brush")
  check_map("${OUT}/brushed.xml")
  # Independently of the editor: the stroke 10,10 -> 14,10 with radius 1 painted marsh and changed nothing else.
  run_checked("${EXPECT}" brush "${SOURCE}/maps/carolinas-1780.xml" "${OUT}/brushed.xml" marsh 1 10,10 14,10)
  run_checked("${CHECKER}" "${OUT}/editor-brush.png" 1280 900 --no-sea)
elseif(MODE STREQUAL "features")
  check_map("${OUT}/features.xml")
  # The shipped map was never saved, so nothing may have been written beside it.
  if(EXISTS "${INPUT}.view.json")
    message(FATAL_ERROR "the editor wrote ${INPUT}.view.json although that map was not saved")
  endif()
  if(NOT EXISTS "${OUT}/features.xml.view.json")
    message(FATAL_ERROR "the background image settings were not saved beside the map")
  endif()
  file(READ "${OUT}/features.xml.view.json" sidecar)
  if(NOT sidecar MATCHES "\"image\": \"scan.png\"" OR NOT sidecar MATCHES "\"opacity\": 0.45")
    message(FATAL_ERROR "unexpected sidecar:\n${sidecar}")
  endif()
  run_checked("${CHECKER}" "${OUT}/editor-features.png" 1280 900)
elseif(MODE STREQUAL "tools")
  check_map("${OUT}/tools.xml")
  # Saving kept the comment that heads the shipped map.
  file(READ "${OUT}/tools.xml" xml)
  string(FIND "${xml}" "The Carolinas, 1780-1781: Etat-Major campaign map." header_at)
  string(FIND "${xml}" "<map " map_at)
  if(header_at EQUAL -1 OR header_at GREATER map_at)
    message(FATAL_ERROR "the saved map lost the comment that headed the original")
  endif()
  # The placing of the scan went to the sidecar, and the layers shown to neither file.
  file(READ "${OUT}/tools.xml.view.json" sidecar)
  if(NOT sidecar MATCHES "\"image\": \"scan.png\"")
    message(FATAL_ERROR "unexpected sidecar:\n${sidecar}")
  endif()
  if(xml MATCHES "hexNumbers|layer" OR sidecar MATCHES "hexNumbers|layer")
    message(FATAL_ERROR "the layers shown leaked into the map or its sidecar")
  endif()
  run_checked("${CHECKER}" "${OUT}/editor-tools.png" 1280 800)
  run_checked("${CHECKER}" "${OUT}/editor-layers.png" 1280 800 --no-sea)
elseif(MODE STREQUAL "readonly")
  run_checked("${CHECKER}" "${OUT}/editor-readonly.png" 1280 900)
elseif(MODE STREQUAL "docs")
  foreach(shot editor editor-terrain editor-picker)
    run_checked("${CHECKER}" "${OUT}/${shot}.png" 1280 900 --no-sea)
  endforeach()
elseif(MODE STREQUAL "theatres")
  foreach(shot theatre-virginia-1781 theatre-new-york-1776 theatre-carolinas-1780)
    run_checked("${CHECKER}" "${OUT}/${shot}.png" 1280 900)
  endforeach()
  # Pennsylvania has little sea: the head of the Chesapeake and of Delaware Bay.
  run_checked("${CHECKER}" "${OUT}/theatre-pennsylvania-1777.png" 1280 900 --no-sea)
elseif(MODE STREQUAL "new-map")
  check_map("${OUT}/new-map.xml")
  file(READ "${OUT}/new-map.xml" xml)
  if(NOT xml MATCHES "orientation=\"flat\" offset=\"even\" width=\"24\" height=\"16\"")
    message(FATAL_ERROR "the new map's layout was not saved")
  endif()
endif()
