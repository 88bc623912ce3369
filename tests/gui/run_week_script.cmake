# The Week dialog against the command-line program: the turn manager's script gives a side's weekly decisions on one
# fresh database of the bundled campaign, etatmajor-cli gives the same decisions (CLI_STEPS) on another made alike
# (same seed), and both databases must end the same: the command log (names, arguments, results) and the tables the
# decisions write.
#   cmake -DAPP=... -DCLI=... -DXVFB_RUN=... -DSQLITE3=... -DSCENARIO=... -DSCRIPT=template
#         -DCLI_STEPS=file -DDATA=dir -DOUT=dir -DSIDE=id [-DWINDOW=WxH] [-DSHOTS=png,...] -P run_week_script.cmake
# The script template's @OUT@ is replaced by the output folder; in CLI_STEPS, @DB@ by the second database and @DATA@
# by DATA.
cmake_minimum_required(VERSION 3.25)
foreach(var APP CLI XVFB_RUN SQLITE3 SCENARIO SCRIPT CLI_STEPS DATA OUT SIDE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_week_script.cmake needs -D${var}=...")
  endif()
endforeach()
include(${CMAKE_CURRENT_LIST_DIR}/script_common.cmake)
if(NOT DEFINED WINDOW)
  set(WINDOW 1280x800)
endif()

set(gui_db "${OUT}/window.db")
set(cli_db "${OUT}/cli.db")
foreach(db "${gui_db}" "${cli_db}")
  run_checked("${CLI}" campaign new --scenario "${SCENARIO}" --db "${db}" --seed 1780)
endforeach()

# The window.
file(READ "${SCRIPT}" text)
string(REPLACE "@OUT@" "${OUT}" text "${text}")
get_filename_component(script_name "${SCRIPT}" NAME)
file(WRITE "${OUT}/${script_name}" "${text}")
execute_process(
  COMMAND "${XVFB_RUN}" -a -s "-screen 0 1600x1200x24" "${APP}" "${gui_db}" --side "${SIDE}" --size ${WINDOW}
          --test-script "${OUT}/${script_name}"
  RESULT_VARIABLE app_status OUTPUT_VARIABLE app_out ERROR_VARIABLE app_err TIMEOUT 200)
message("${app_out}${app_err}")
if(NOT app_status EQUAL 0)
  message(FATAL_ERROR "etatmajor --test-script failed (status ${app_status})")
endif()

# The command-line program.
file(STRINGS "${CLI_STEPS}" steps)
set(given 0)
foreach(step IN LISTS steps)
  if(step MATCHES "^[ \t]*(#|$)")
    continue()
  endif()
  string(REPLACE "@DB@" "${cli_db}" step "${step}")
  string(REPLACE "@DATA@" "${DATA}" step "${step}")
  separate_arguments(words UNIX_COMMAND "${step}")
  run_checked("${CLI}" ${words})
  math(EXPR given "${given} + 1")
endforeach()

# The same campaign: the command log past the campaign's creation (the purchase's arguments hold the file's text and
# name, which differ in layout: its result and the tables below say what it did), and the tables the decisions write.
set(queries
  "SELECT seq, name, CASE name WHEN 'grant.buy' THEN '' ELSE args END, result, week, day, phase FROM command_log WHERE seq > 1 ORDER BY seq"
  "SELECT * FROM supply_allocation ORDER BY 1, 2, 3"
  "SELECT * FROM supply_ledger ORDER BY id"
  "SELECT * FROM initiative ORDER BY 1, 2"
  "SELECT * FROM side ORDER BY id"
  "SELECT * FROM me ORDER BY id"
  "SELECT * FROM unit ORDER BY id"
  "SELECT * FROM general ORDER BY id"
  "SELECT * FROM reinforcement ORDER BY 1")
set(compared 0)
foreach(query IN LISTS queries)
  run_checked("${SQLITE3}" "${gui_db}" "${query}")
  set(from_window "${last_output}")
  run_checked("${SQLITE3}" "${cli_db}" "${query}")
  if(NOT from_window STREQUAL last_output)
    message(FATAL_ERROR "the window and etatmajor-cli left different campaigns for\n  ${query}\nwindow:\n${from_window}\netatmajor-cli:\n${last_output}")
  endif()
  math(EXPR compared "${compared} + 1")
endforeach()
# Each decision the command-line program gave is logged once in the window's campaign too.
run_checked("${SQLITE3}" "${gui_db}" "SELECT COUNT(*) FROM command_log WHERE seq > 1")
string(STRIP "${last_output}" logged)
if(NOT logged EQUAL given)
  message(FATAL_ERROR "the window's campaign logged ${logged} commands; etatmajor-cli gave ${given}")
endif()
message("week: the window and etatmajor-cli left the same campaign (${given} commands, ${compared} tables compared)")

# Secrecy: the side's dump (the Week dialog's part included) names nothing of the other side.
if(EXISTS "${OUT}/panels-${SIDE}.txt")
  file(READ "${OUT}/panels-${SIDE}.txt" dump)
  if(NOT dump MATCHES "==== Weekly Decisions")
    message(FATAL_ERROR "panels-${SIDE}.txt has no Weekly Decisions panel")
  endif()
  run_checked("${SQLITE3}" "${gui_db}" "SELECT id FROM me WHERE side_id <> '${SIDE}' UNION SELECT id FROM unit WHERE side_id <> '${SIDE}' UNION SELECT name FROM unit WHERE side_id <> '${SIDE}' UNION SELECT name FROM general WHERE side_id <> '${SIDE}'")
  string(REPLACE "\n" ";" secret "${last_output}")
  list(FILTER secret EXCLUDE REGEX "^[ \t]*$")
  foreach(word IN LISTS secret)
    string(FIND "${dump}" "${word}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "panels-${SIDE}.txt names the other side's '${word}'")
    endif()
  endforeach()
  list(LENGTH secret secret_count)
  message("secrecy: the ${SIDE} dump names none of ${secret_count} words of the other side")
endif()

# The screenshots (the Week dialog over the window): PNG pictures of the window's size.
string(REPLACE "x" ";" window_wh "${WINDOW}")
list(GET window_wh 0 shot_w)
list(GET window_wh 1 shot_h)
string(REPLACE "," ";" shots "${SHOTS}")
foreach(shot IN LISTS shots)
  if(NOT EXISTS "${OUT}/${shot}")
    message(FATAL_ERROR "the script did not save ${shot}")
  endif()
  file(READ "${OUT}/${shot}" header LIMIT 24 HEX)
  string(SUBSTRING "${header}" 0 16 magic)
  string(SUBSTRING "${header}" 32 8 w_hex)
  string(SUBSTRING "${header}" 40 8 h_hex)
  math(EXPR w "0x${w_hex}")
  math(EXPR h "0x${h_hex}")
  if(NOT magic STREQUAL "89504e470d0a1a0a" OR NOT w EQUAL shot_w OR NOT h EQUAL shot_h)
    message(FATAL_ERROR "${shot} is no ${shot_w}x${shot_h} PNG picture (${w}x${h})")
  endif()
  message("${shot}: ${w}x${h}")
endforeach()
