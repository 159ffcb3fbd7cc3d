# Timed steps for .ci/run and scripts/test (sourced, not run).
#
#   step "name" command args...   # runs the command, records its wall time
#
# Each step prints "== name" when it starts and "== name: N s, cpu P%" when
# it ends (P: how busy the machine's cores were meanwhile, all processes,
# from /proc/stat; 100% is every core busy, so a low figure is a step that
# leaves cores idle); when the script exits (passed or failed) a table of
# every step's time and the total is printed, so every CI log says where
# its time went.
# A failing step stops the script as `set -e` would, after the table. A
# script may define `step_cleanup` (run at exit, after the table), e.g. to
# stop what it started in the background.

_step_names=()
_step_secs=()
_step_cpus=()
_step_title=${STEP_TITLE:-steps}
_step_start=$(date +%s.%N)

_step_now() { date +%s.%N; }

# "busy total" jiffies of all cores since boot (empty without /proc/stat).
_step_jiffies() {
  [ -r /proc/stat ] || return 0
  awk '/^cpu / {t = 0; for (i = 2; i <= NF; i++) t += $i; print t - $5 - $6, t; exit}' /proc/stat
}

# The cores' busy share between two _step_jiffies readings, "P%" or "?".
_step_cpu() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    split(a, x, " "); split(b, y, " ")
    if (y[2] > x[2]) printf "%.0f%%", 100 * (y[1] - x[1]) / (y[2] - x[2]); else printf "?"
  }'
}
_step_cpu_start=$(_step_jiffies)

_step_table() {
  local status=$?
  local total
  total=$(awk -v a="$_step_start" -v b="$(_step_now)" 'BEGIN {printf "%.0f", b - a}')
  echo "== $_step_title: wall time of each step (cpu: how busy the cores were)"
  local i
  for i in "${!_step_names[@]}"; do
    printf '== %7s s  %5s  %s\n' "${_step_secs[$i]}" "${_step_cpus[$i]}" "${_step_names[$i]}"
  done
  printf '== %7s s  %5s  total (exit %s)\n' "$total" "$(_step_cpu "$_step_cpu_start" "$(_step_jiffies)")" "$status"
  if declare -F step_cleanup >/dev/null; then
    step_cleanup || true
  fi
  return "$status"
}
trap _step_table EXIT

step() {
  local name=$1
  shift
  local t0 j0 rc=0
  t0=$(_step_now)
  j0=$(_step_jiffies)
  echo "== $name"
  "$@" || rc=$?
  local secs cpu
  secs=$(awk -v a="$t0" -v b="$(_step_now)" 'BEGIN {printf "%.0f", b - a}')
  cpu=$(_step_cpu "$j0" "$(_step_jiffies)")
  _step_names+=("$name")
  _step_secs+=("$secs")
  _step_cpus+=("$cpu")
  echo "== $name: $secs s, cpu $cpu"
  if [ "$rc" -ne 0 ]; then
    echo "== $name FAILED (exit $rc)" >&2
    exit "$rc"
  fi
}
