# The Week dialog against the command-line program: the turn manager's script gives a side's weekly decisions on one
# fresh database of the bundled campaign, etatmajor-cli gives the same decisions (CLI_STEPS) on another made alike
# (same seed), and both databases must end the same: the command log (names, arguments, results) and the tables the
# decisions write.
#   cmake -DAPP=... -DCLI=... -DXVFB_RUN=... -DSQLITE3=... -DSCENARIO=... -DSCRIPT=template
#         -DCLI_STEPS=file -DDATA=dir -DOUT=dir -DSIDE=id [-DWINDOW=WxH] [-DSHOTS=png,...] [-DPANELS_SIDES=id,...]
#         -P run_week_script.cmake
# The script template's @OUT@ is replaced by the output folder; in CLI_STEPS, @DB@ by the second database and @DATA@
# by DATA. SIDE is the side the window opens on (the script may switch); the panel dumps of PANELS_SIDES (default SIDE)
# are searched for the other side's names.
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
  RESULT_VARIABLE app_status OUTPUT_VARIABLE app_out ERROR_VARIABLE app_err TIMEOUT 540)
message("${app_out}${app_err}")
if(NOT app_status EQUAL 0)
  message(FATAL_ERROR "etatmajor --test-script failed (status ${app_status})")
endif()

# The command-line program. Each command but the phases run and the odds asked (which write nothing) is logged once.
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
  if(NOT step MATCHES "^(advance|battle odds) ")
    math(EXPR given "${given} + 1")
  endif()
endforeach()

# The same campaign: the command log past the campaign's creation (the purchase's arguments hold the file's text and
# name, which differ in layout: its result and the tables say what it did; the orders' arguments name the file they
# came from, "orders of SIDE" in the window), and every other table of the two databases, row by row (their SQL dumps
# without the command log, its chain and the state's checksums, which digest the command log's arguments).
run_checked("${SQLITE3}" "${gui_db}" "SELECT seq, name, CASE name WHEN 'grant.buy' THEN '' WHEN 'orders.submit' THEN json_remove(args, '$.file') ELSE args END, result, week, day, phase FROM command_log WHERE seq > 1 ORDER BY seq")
set(from_window "${last_output}")
run_checked("${SQLITE3}" "${cli_db}" "SELECT seq, name, CASE name WHEN 'grant.buy' THEN '' WHEN 'orders.submit' THEN json_remove(args, '$.file') ELSE args END, result, week, day, phase FROM command_log WHERE seq > 1 ORDER BY seq")
if(NOT from_window STREQUAL last_output)
  message(FATAL_ERROR "the window and etatmajor-cli logged different commands\nwindow:\n${from_window}\netatmajor-cli:\n${last_output}")
endif()
foreach(db window cli)
  execute_process(COMMAND "${SQLITE3}" "${OUT}/${db}.db" .dump
                  COMMAND grep -v -E "^INSERT INTO (command_log|command_chain|state_checksum) "
                  OUTPUT_FILE "${OUT}/${db}.sql" RESULT_VARIABLE dumped)
  if(NOT dumped EQUAL 0)
    message(FATAL_ERROR "could not dump ${db}.db (status ${dumped})")
  endif()
endforeach()
file(SHA256 "${OUT}/window.sql" window_sum)
file(SHA256 "${OUT}/cli.sql" cli_sum)
if(NOT window_sum STREQUAL cli_sum)
  message(FATAL_ERROR "the window and etatmajor-cli left different campaigns: compare ${OUT}/window.sql and ${OUT}/cli.sql")
endif()
file(STRINGS "${OUT}/window.sql" rows REGEX "^INSERT INTO ")
list(LENGTH rows compared)
# Each command the command-line program gave is logged once in the window's campaign too.
run_checked("${SQLITE3}" "${gui_db}" "SELECT COUNT(*) FROM command_log WHERE seq > 1 AND name NOT LIKE 'phase.%'")
string(STRIP "${last_output}" logged)
if(NOT logged EQUAL given)
  message(FATAL_ERROR "the window's campaign logged ${logged} commands; etatmajor-cli gave ${given}")
endif()
message("week: the window and etatmajor-cli left the same campaign (${given} commands, ${compared} rows compared)")

# Secrecy: each side's dump (the Week dialog's part included) names nothing of the other side.
if(NOT DEFINED PANELS_SIDES)
  set(PANELS_SIDES "${SIDE}")
endif()
string(REPLACE "," ";" panels_sides "${PANELS_SIDES}")
foreach(panel_side IN LISTS panels_sides)
  if(EXISTS "${OUT}/panels-${panel_side}.txt")
    file(READ "${OUT}/panels-${panel_side}.txt" dump)
    if(NOT dump MATCHES "==== Weekly Decisions")
      message(FATAL_ERROR "panels-${panel_side}.txt has no Weekly Decisions panel")
    endif()
    run_checked("${SQLITE3}" "${gui_db}" "SELECT id FROM me WHERE side_id <> '${panel_side}' UNION SELECT id FROM unit WHERE side_id <> '${panel_side}' UNION SELECT name FROM unit WHERE side_id <> '${panel_side}' UNION SELECT name FROM general WHERE side_id <> '${panel_side}'")
    string(REPLACE "\n" ";" secret "${last_output}")
    list(FILTER secret EXCLUDE REGEX "^[ \t]*$")
    foreach(word IN LISTS secret)
      string(FIND "${dump}" "${word}" at)
      if(NOT at EQUAL -1)
        message(FATAL_ERROR "panels-${panel_side}.txt names the other side's '${word}'")
      endif()
    endforeach()
    list(LENGTH secret secret_count)
    message("secrecy: the ${panel_side} dump names none of ${secret_count} words of the other side")
  else()
    message(FATAL_ERROR "the script did not dump the panels of ${panel_side}")
  endif()
endforeach()

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
