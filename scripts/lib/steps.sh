# Timed steps for .ci/run and scripts/test (sourced, not run).
#
#   step "name" command args...   # runs the command, records its wall time
#
# Each step prints "== name" when it starts and "== name: N s" when it
# ends; when the script exits (passed or failed) a table of every step's
# time and the total is printed, so every CI log says where its time went.
# A failing step stops the script as `set -e` would, after the table. A
# script may define `step_cleanup` (run at exit, after the table), e.g. to
# stop what it started in the background.

_step_names=()
_step_secs=()
_step_title=${STEP_TITLE:-steps}
_step_start=$(date +%s.%N)

_step_now() { date +%s.%N; }

_step_table() {
  local status=$?
  local total
  total=$(awk -v a="$_step_start" -v b="$(_step_now)" 'BEGIN {printf "%.0f", b - a}')
  echo "== $_step_title: wall time of each step"
  local i
  for i in "${!_step_names[@]}"; do
    printf '== %7s s  %s\n' "${_step_secs[$i]}" "${_step_names[$i]}"
  done
  printf '== %7s s  total (exit %s)\n' "$total" "$status"
  if declare -F step_cleanup >/dev/null; then
    step_cleanup || true
  fi
  return "$status"
}
trap _step_table EXIT

step() {
  local name=$1
  shift
  local t0 rc=0
  t0=$(_step_now)
  echo "== $name"
  "$@" || rc=$?
  local secs
  secs=$(awk -v a="$t0" -v b="$(_step_now)" 'BEGIN {printf "%.0f", b - a}')
  _step_names+=("$name")
  _step_secs+=("$secs")
  echo "== $name: $secs s"
  if [ "$rc" -ne 0 ]; then
    echo "== $name FAILED (exit $rc)" >&2
    exit "$rc"
  fi
}
