# Creates a fresh campaign database from a campaign file with the command-line tool.
#   cmake -DCLI=... -DSCENARIO=... -DDB=... -P make_campaign_db.cmake
foreach(var CLI SCENARIO DB)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "make_campaign_db.cmake needs -D${var}=...")
  endif()
endforeach()
file(REMOVE "${DB}" "${DB}-wal" "${DB}-shm")
execute_process(
  COMMAND "${CLI}" campaign new --scenario "${SCENARIO}" --db "${DB}" --seed 7
  RESULT_VARIABLE status
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
message("${out}${err}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "could not create ${DB} from ${SCENARIO}")
endif()
