#!/usr/bin/env bash
# Times `tcal` from launch to its first screen, in line mode: the first screen is printed once
# the first tab's data has loaded, so this is launch → a screen with data on it.
#
#   cold   a fresh data directory: the embedded server generates and seeds its database
#   warm   the database exists (the same directory, after the cold run)
#   mock   `--feature NAME --mock`: no server at all
#
# Usage: bash Benchmarks/AppMeasure/startup.sh [BINARY]
# Without BINARY it builds and times the release binary. RUNS (default 10) warm runs per line,
# COLD_RUNS (default 3) cold ones; the median is reported, with the time to exit after `quit`.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs="${RUNS:-10}"
cold_runs="${COLD_RUNS:-3}"
if [ $# -ge 1 ]; then
  binary="$1"
else
  swift build -c release --product tcal >/dev/null
  binary="$(swift build -c release --show-bin-path)/tcal"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config" COLUMNS=100 LINES=30

now() { date +%s%N; }

# once ARGS...: "FIRST TOTAL" in milliseconds: launch to the first line of the first screen
# (the screen is written at once), and launch to exit after `quit`.
once() {
  local start first end
  start=$(now)
  first=$(printf 'quit\n' | "$binary" "$@" 2>/dev/null | {
    IFS= read -r _ || true
    now
    cat >/dev/null
  })
  end=$(now)
  echo "$(((first - start) / 1000000)) $(((end - start) / 1000000))"
}

# measure LABEL COUNT SETUP ARGS...: runs SETUP (a shell function) then `once ARGS` COUNT times
# and prints the medians.
measure() {
  local label="$1" count="$2" setup="$3"
  shift 3
  local firsts=() totals=()
  for _ in $(seq 1 "$count"); do
    "$setup"
    read -r first total < <(once "$@")
    firsts+=("$first")
    totals+=("$total")
  done
  median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
  printf '%-40s first screen %6s ms   exit %6s ms   (median of %s: %s)\n' \
    "$label" "$(median "${firsts[@]}")" "$(median "${totals[@]}")" "$count" "${firsts[*]}"
}

fresh_data() { rm -rf "$work/data"; export XDG_DATA_HOME="$work/data"; }
keep_data() { export XDG_DATA_HOME="$work/data"; }

echo "tcal: $binary"
measure "cold (fresh data dir, seeding)" "$cold_runs" fresh_data
measure "warm (database exists)" "$runs" keep_data
measure "warm --feature users" "$runs" keep_data --feature users
measure "--feature search --mock (no server)" "$runs" keep_data --feature search --mock
measure "--mock (the whole app, no server)" "$runs" keep_data --mock
