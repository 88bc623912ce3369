# The checks the command-line tests share (sourced): counts of checks passed and failed, a command's exit status
# against the one wanted (its standard output in out.txt, its standard error in err.txt), and no library's own words
# in what it printed.
passed=0; failed=0
ok()   { passed=$((passed + 1)); }
bad()  { failed=$((failed + 1)); echo "FAILED: $*" >&2; }
expect_exit() { # expected-code description command...
  local want=$1 what=$2; shift 2
  "$@" >out.txt 2>err.txt; local got=$?
  if [ "$got" -eq "$want" ]; then ok; else bad "$what: exit $got, wanted $want"; cat out.txt err.txt >&2; fi
}
# No library's own words reach the user.
no_raw() { # description
  if grep -qE 'json\.exception|constraint failed|basic_string|std::|SQLite|what\(\)|UNEXPECTED' out.txt err.txt; then
    bad "$1: a library's message reached the user"; cat err.txt >&2
  else ok; fi
}
