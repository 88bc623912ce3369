# Runs the turn manager on a fresh campaign database under a private X server with a test script, then checks in
# the database, with the command-line program, that the orders the script wrote and submitted landed there.
#   cmake -DAPP=... -DCLI=... -DXVFB_RUN=... -DCHECKER=... -DSCENARIO=... -DSCRIPT=template -DOUT=dir -DSIDE=id
#         [-DEXPECT_ME=id -DEXPECT_PATH="c,r c,r ..." -DEXPECT_GUNS=ON|OFF -DEXPECT_CONTACT=observe|evade|engage]
#         [-DSCRIPT2=template (a second window on the same database)] [-DEXPECT_PHASE=D3] [-DSHOTS=png;...] [-DSQLITE3=... -DSETUP_SQL="..."] [-DEXPECT_BATTLE=resolved]
#         -P run_turn_script.cmake
# SETUP_SQL (and SETUP_SQL2) are run on the new database before the window opens (to stage a situation, such as two MEs meeting).
# The script template's @OUT@ is replaced by the output folder. HOME points into the output folder, so the
# window's remembered layout (wxConfig) never touches the user's settings.
cmake_minimum_required(VERSION 3.25)
foreach(var APP CLI XVFB_RUN CHECKER SCENARIO SCRIPT OUT SIDE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_turn_script.cmake needs -D${var}=...")
  endif()
endforeach()

set(ENV{NO_AT_BRIDGE} 1)
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}/home")
set(ENV{HOME} "${OUT}/home")
set(ENV{XDG_CONFIG_HOME} "${OUT}/home/.config")

function(run_checked)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (status ${status}): ${ARGN}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

set(db "${OUT}/campaign.db")
run_checked("${CLI}" campaign new --scenario "${SCENARIO}" --db "${db}" --seed 1780)

foreach(sql SETUP_SQL SETUP_SQL2)
  if(DEFINED ${sql} AND NOT "${${sql}}" STREQUAL "")
    run_checked("${SQLITE3}" "${db}" "${${sql}}")
  endif()
endforeach()

file(READ "${SCRIPT}" text)
string(REPLACE "@OUT@" "${OUT}" text "${text}")
get_filename_component(script_name "${SCRIPT}" NAME)
file(WRITE "${OUT}/${script_name}" "${text}")

execute_process(
  COMMAND "${XVFB_RUN}" -a -s "-screen 0 1600x1200x24" "${APP}" "${db}" --side "${SIDE}" --size 1280x900
          --test-script "${OUT}/${script_name}"
  RESULT_VARIABLE app_status
  OUTPUT_VARIABLE app_out
  ERROR_VARIABLE app_err
  TIMEOUT 200)
message("${app_out}${app_err}")
if(NOT app_status EQUAL 0)
  message(FATAL_ERROR "etatmajor --test-script failed (status ${app_status})")
endif()

# SCRIPT2: a second window on the same database once the first has closed (what the first left behind, such as a
# draft of orders, must be there again), for the same side.
if(DEFINED SCRIPT2)
  set(draft "${db}.draft-${SIDE}.xml")
  if(NOT EXISTS "${draft}")
    message(FATAL_ERROR "the first window left no draft of orders at ${draft}")
  endif()
  file(READ "${draft}" draft_text)
  if(NOT draft_text MATCHES "b-tarleton")
    message(FATAL_ERROR "the draft of orders names no b-tarleton:\n${draft_text}")
  endif()
  file(READ "${SCRIPT2}" text)
  string(REPLACE "@OUT@" "${OUT}" text "${text}")
  get_filename_component(script_name "${SCRIPT2}" NAME)
  file(WRITE "${OUT}/${script_name}" "${text}")
  execute_process(
    COMMAND "${XVFB_RUN}" -a -s "-screen 0 1600x1200x24" "${APP}" "${db}" --side "${SIDE}" --size 1280x900
            --test-script "${OUT}/${script_name}"
    RESULT_VARIABLE app_status
    OUTPUT_VARIABLE app_out
    ERROR_VARIABLE app_err
    TIMEOUT 200)
  message("${app_out}${app_err}")
  if(NOT app_status EQUAL 0)
    message(FATAL_ERROR "etatmajor --test-script (second window) failed (status ${app_status})")
  endif()
endif()

# The database, read by the command-line program: the side's orders are given, with the route drawn on the map.
if(DEFINED EXPECT_PHASE)
  run_checked("${CLI}" status --db "${db}" --json)
  string(JSON phase GET "${last_output}" campaign phase)
  if(NOT phase STREQUAL "${EXPECT_PHASE}")
    message(FATAL_ERROR "the campaign's next phase is ${phase}, expected ${EXPECT_PHASE}")
  endif()
endif()
if(NOT DEFINED EXPECT_ME)
  set(EXPECT_ME "")
endif()
set(last_output "")
if(NOT EXPECT_ME STREQUAL "")
  run_checked("${CLI}" orders show --db "${db}" --side "${SIDE}")
endif()
set(shown "${last_output}")
if(EXPECT_ME STREQUAL "")
  set(shown "")
elseif(NOT shown MATCHES "\"status\": \"submitted\"")
  message(FATAL_ERROR "the orders of ${SIDE} are not recorded as submitted:\n${shown}")
endif()
set(found "")
set(count 0)
if(NOT EXPECT_ME STREQUAL "")
  string(JSON count LENGTH "${shown}" orders)
endif()
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  if(count EQUAL 0)
    break()
  endif()
  string(JSON me GET "${shown}" orders ${i} me)
  if(me STREQUAL "${EXPECT_ME}")
    string(JSON steps LENGTH "${shown}" orders ${i} path)
    set(found "")
    if(steps GREATER 0)
      math(EXPR lastStep "${steps} - 1")
      foreach(k RANGE ${lastStep})
        string(JSON h GET "${shown}" orders ${i} path ${k})
        list(APPEND found "${h}")
      endforeach()
    endif()
    string(JSON guns GET "${shown}" orders ${i} marchToGuns)
    string(JSON contact GET "${shown}" orders ${i} onScoutContact)
  endif()
endforeach()
list(JOIN found " " found_text)
if(NOT EXPECT_ME STREQUAL "" AND NOT found_text STREQUAL "${EXPECT_PATH}")
  message(FATAL_ERROR "ME ${EXPECT_ME}: the database holds the route '${found_text}', expected '${EXPECT_PATH}'")
endif()
if(DEFINED EXPECT_GUNS AND NOT guns STREQUAL "${EXPECT_GUNS}")
  message(FATAL_ERROR "ME ${EXPECT_ME}: march to the guns is '${guns}', expected '${EXPECT_GUNS}'")
endif()
if(DEFINED EXPECT_CONTACT AND NOT contact STREQUAL "${EXPECT_CONTACT}")
  message(FATAL_ERROR "ME ${EXPECT_ME}: on contact is '${contact}', expected '${EXPECT_CONTACT}'")
endif()

# The first battle's status as the command-line program reports it.
if(DEFINED EXPECT_BATTLE)
  run_checked("${CLI}" battle list --db "${db}" --json)
  string(JSON battle_status GET "${last_output}" 0 status)
  if(NOT battle_status STREQUAL "${EXPECT_BATTLE}")
    message(FATAL_ERROR "battle 1 is '${battle_status}', expected '${EXPECT_BATTLE}'")
  endif()
endif()

# Secrecy: what the side's Battles tab showed of a fought battle names no enemy unit and no enemy general of it
# (their names read from the database), while the host's view of the same battle does name some of them.
if(DEFINED EXPECT_BATTLE AND DEFINED SQLITE3)
  run_checked("${SQLITE3}" "${db}"
    "SELECT u.name FROM unit u JOIN battle_participant p ON p.me_id = u.me_id WHERE p.battle_id = 1 AND p.side_id <> '${SIDE}' UNION SELECT g.name FROM general g JOIN battle_participant p ON p.me_id = g.me_id WHERE p.battle_id = 1 AND p.side_id <> '${SIDE}'")
  string(REPLACE "\n" ";" enemy_names "${last_output}")
  list(FILTER enemy_names EXCLUDE REGEX "^[ \t]*$")
  list(LENGTH enemy_names enemy_count)
  if(enemy_count EQUAL 0)
    message(FATAL_ERROR "no enemy unit or general of battle 1 was found in the database")
  endif()
  foreach(f battle-british.txt battle-british-setup.txt battle-host.txt)
    if(NOT EXISTS "${OUT}/${f}")
      message(FATAL_ERROR "the script did not save ${f}")
    endif()
    file(READ "${OUT}/${f}" battle_text_${f})
  endforeach()
  set(host_named 0)
  foreach(name IN LISTS enemy_names)
    foreach(f battle-british.txt battle-british-setup.txt)
      string(FIND "${battle_text_${f}}" "${name}" at)
      if(NOT at EQUAL -1)
        message(FATAL_ERROR "the ${SIDE} Battles tab (${f}) names the enemy's '${name}':\n${battle_text_${f}}")
      endif()
    endforeach()
    string(FIND "${battle_text_battle-host.txt}" "${name}" at)
    if(NOT at EQUAL -1)
      math(EXPR host_named "${host_named} + 1")
    endif()
  endforeach()
  if(host_named EQUAL 0)
    message(FATAL_ERROR "the host's view of battle 1 names none of the ${enemy_count} enemy units and generals: the secrecy check would prove nothing")
  endif()
  message("secrecy: ${enemy_count} enemy names absent from the ${SIDE} view; ${host_named} of them in the host's")
endif()

# The window remembered its layout (the script's save-layout) in the private HOME, nowhere else.
if(NOT EXPECT_ME STREQUAL "")
  file(GLOB_RECURSE remembered LIST_DIRECTORIES false "${OUT}/home/*" "${OUT}/home/.*")
  if(NOT remembered)
    message(FATAL_ERROR "the window's layout was not written to the private HOME")
  endif()
  list(GET remembered 0 settings_file)
  file(READ "${settings_file}" settings)
  if(NOT settings MATCHES "LastSide=${SIDE}")
    message(FATAL_ERROR "the remembered layout lacks the side:\n${settings}")
  endif()
endif()

foreach(shot ${SHOTS})
  run_checked("${CHECKER}" "${OUT}/${shot}" 1280 900 --no-sea)
endforeach()
