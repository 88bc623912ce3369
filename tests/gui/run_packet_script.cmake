# Play by e-mail in the window (docs/pbem.md): the host makes keys, a campaign and the British turn packet with
# etatmajor-cli; the window opens the packet with the British key, writes the orders packet (packet_orders.script),
# the host takes it in with the American orders sealed on the command line, exports the next packet, the window writes
# the British dice share (packet_reveal.script), and the host takes the shares in and runs the day; the audit of the
# campaign must then say "verified".
#   cmake -DAPP=... -DCLI=... -DXVFB_RUN=... -DSCENARIO=... -DSCRIPTS=dir -DOUT=dir -P run_packet_script.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var APP CLI XVFB_RUN SCENARIO SCRIPTS OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_packet_script.cmake needs -D${var}=...")
  endif()
endforeach()
include(${CMAKE_CURRENT_LIST_DIR}/script_common.cmake)

function(window packet script)
  file(READ "${SCRIPTS}/${script}" text)
  string(REPLACE "@OUT@" "${OUT}" text "${text}")
  file(WRITE "${OUT}/${script}" "${text}")
  execute_process(
    COMMAND "${XVFB_RUN}" -a -s "-screen 0 1600x1200x24" "${APP}" --packet "${packet}" --key "${OUT}/british.key"
            --key-password-file "${pass}" --host-key "${OUT}/host.key.pub" --size 1280x800 --test-script "${OUT}/${script}"
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 200)
  message("${out}${err}")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "etatmajor --packet --test-script ${script} failed (status ${status})")
  endif()
endfunction()

set(db "${OUT}/campaign.db")
set(pass "${OUT}/passphrase")
file(WRITE "${pass}" "a passphrase for the keys\n")
set(key_args --key-password-file "${pass}")
foreach(who host british american)
  run_checked("${CLI}" key new --who ${who} -o "${OUT}/${who}.key" ${key_args})
endforeach()
run_checked("${CLI}" campaign new --scenario "${SCENARIO}" --db "${db}" --seed 1780 --key "${OUT}/host.key.pub"
            --key "${OUT}/british.key.pub" --key "${OUT}/american.key.pub")
# To the day's orders.
foreach(i RANGE 20)
  execute_process(COMMAND "${CLI}" advance --db "${db}" RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if("${out}${err}" MATCHES "ORDERS-MISSING")
    break()
  endif()
endforeach()

# Round one: the British orders from the window, the American ones from the command line.
run_checked("${CLI}" turn export --db "${db}" --side british --key "${OUT}/host.key" ${key_args} -o "${OUT}/british-1.pkt")
run_checked("${CLI}" turn export --db "${db}" --side american --key "${OUT}/host.key" ${key_args} -o "${OUT}/american-1.pkt")
window("${OUT}/british-1.pkt" packet_orders.script)
execute_process(COMMAND "${CLI}" turn show --packet "${OUT}/american-1.pkt" --key "${OUT}/american.key" ${key_args} --host-key
                        "${OUT}/host.key.pub" --view template
                OUTPUT_FILE "${OUT}/american-orders.xml" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "turn show --view template failed (status ${status})")
endif()
run_checked("${CLI}" orders seal --packet "${OUT}/american-1.pkt" --key "${OUT}/american.key" ${key_args} --host-key
            "${OUT}/host.key.pub" --orders "${OUT}/american-orders.xml" -o "${OUT}/american-orders.pkt")
run_checked("${CLI}" turn import --db "${db}" --key "${OUT}/host.key" ${key_args} "${OUT}/british-orders.pkt" "${OUT}/american-orders.pkt")
if(NOT last_output MATCHES "side 'british' gave its orders for week 1 day 1 by a signed packet")
  message(FATAL_ERROR "the host did not take in the British orders from the window")
endif()

# Round two: the shares.
run_checked("${CLI}" turn export --db "${db}" --side british --key "${OUT}/host.key" ${key_args} -o "${OUT}/british-2.pkt")
run_checked("${CLI}" turn export --db "${db}" --side american --key "${OUT}/host.key" ${key_args} -o "${OUT}/american-2.pkt")
window("${OUT}/british-2.pkt" packet_reveal.script)
run_checked("${CLI}" orders reveal --packet "${OUT}/american-2.pkt" --key "${OUT}/american.key" ${key_args} -o "${OUT}/american-reveal.pkt")
run_checked("${CLI}" turn import --db "${db}" --key "${OUT}/host.key" ${key_args} "${OUT}/british-reveal.pkt" "${OUT}/american-reveal.pkt")
run_checked("${CLI}" advance --db "${db}")
if(NOT last_output MATCHES "D2 Orders")
  message(FATAL_ERROR "the orders phase did not run once the shares were in")
endif()
run_checked("${CLI}" orders show --db "${db}" --side british)
string(REGEX MATCH "\"me\": \"b-tarleton\"[^}]*\"mode\": \"march\"[^}]*\"path\": \\[[^]]*28,34" tarleton "${last_output}")
if(tarleton STREQUAL "")
  message(FATAL_ERROR "Tarleton's march from the window is not in the campaign's British orders")
endif()
run_checked("${CLI}" campaign audit --db "${db}" --packet "${OUT}/british-1.pkt" --packet "${OUT}/british-2.pkt")
if(NOT last_output MATCHES "verified")
  message(FATAL_ERROR "the audit did not verify the campaign")
endif()
