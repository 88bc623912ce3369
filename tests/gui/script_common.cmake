# What the GUI test runners share (included after they check their -D variables): a fresh output folder OUT with a
# home of its own for the window (so no settings of the machine's user are read or written), and run_checked, which
# runs a command, prints what it said, stops the test when it fails, and leaves its standard output in last_output.
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
