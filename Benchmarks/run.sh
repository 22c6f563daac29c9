#!/usr/bin/env bash
# Runs every runtime benchmark once (package-benchmark, release build) and checks the run:
#
# 1. The run is stored as the baseline `current` (Benchmarks/.benchmarkBaselines/
#    RuntimeBenchmarks/current, not committed) and exported in package-benchmark's JMH format.
# 2. BenchmarkReport prints each benchmark's median time, malloc count (and instructions, where
#    the machine counts them) per operation and its ratio to its baseline benchmark, and checks
#    the budgets of Catalog.swift: ratios and custom metrics are gated, absolute times printed.
#    A ratio that fails is measured twice more (its benchmarks only) and fails only if the
#    median of the three runs does, so that one slow moment of a shared VM does not fail it.
#    A custom metric (unexpected observer calls, memory growth) fails at once.
# 3. `benchmark thresholds check current` compares the run's malloc counts with the committed
#    thresholds (Benchmarks/Thresholds, one file per benchmark): more than
#    `mallocCountTolerance` (Harness.swift) above them fails. Times are not compared. Every
#    benchmark must have a thresholds file: the check skips one that has none.
#
# Exits non-zero when step 2 or 3 fails. Fewer allocations than the thresholds pass, with a
# reminder to update them from a run (from Benchmarks/):
#
#   swift package -c release --allow-writing-to-package-directory \
#     benchmark thresholds update current
set -euo pipefail
cd "$(dirname "$0")"

export_dir=.build/benchmark-export
rm -rf "$export_dir" .benchmarkBaselines/RuntimeBenchmarks/current \
  .benchmarkBaselines/RuntimeBenchmarks/recheck-*
mkdir -p "$export_dir"

# Runs the benchmarks matching $2 (a regular expression) and stores them as the baseline $1,
# exported to $export_dir/$1.jmh.json.
run_benchmarks() {
  swift package -c release --allow-writing-to-package-directory benchmark baseline update "$1" \
    --filter "$2" --no-progress
  swift package -c release --allow-writing-to-package-directory benchmark baseline read "$1" \
    --format jmh --path "$export_dir" --no-progress >/dev/null
}

echo "== Runtime benchmarks (package-benchmark)"
run_benchmarks current '.*'

echo "== Ratios and budgets (BenchmarkReport)"
swift build -c release --product BenchmarkReport >/dev/null
report="$(swift build -c release --show-bin-path)/BenchmarkReport"
report_status=0
report_output="$("$report" "$export_dir/current.jmh.json")" || report_status=$?
echo "$report_output"
if [ "$report_status" -eq 1 ]; then
  recheck="$(sed -n 's/^recheck: //p' <<<"$report_output")"
  if [ -n "$recheck" ]; then
    pattern="^($(sed 's/\./\\./g; s/ /|/g' <<<"$recheck"))\$"
    echo "== Measuring again: $recheck"
    run_benchmarks recheck-1 "$pattern"
    run_benchmarks recheck-2 "$pattern"
    report_status=0
    "$report" "$export_dir/current.jmh.json" "$export_dir/recheck-1.jmh.json" \
      "$export_dir/recheck-2.jmh.json" | sed -n '/^Budgets/,$p' || report_status=$?
  fi
fi

echo "== Malloc counts against the committed thresholds (benchmark thresholds check current)"
# The check skips a benchmark without a thresholds file, so every benchmark run must have one.
missing_thresholds=0
for name in $(grep -o '"benchmark":"package\.benchmark\.[^"]*"' "$export_dir/current.jmh.json" \
  | sed 's/^"benchmark":"package\.benchmark\.//; s/"$//' | sort -u); do
  if [ ! -f "Thresholds/$name.p90.json" ]; then
    echo "error: no committed thresholds for $name (Benchmarks/Thresholds)" >&2
    missing_thresholds=1
  fi
done
# The plugin exits with 1 both when counts are over the thresholds and when they are only
# under them, so its verdict is read from its output.
check_status=0
check_output="$(swift package -c release benchmark thresholds check current --no-progress 2>&1)" \
  || check_status=$?
grep -v -e '^Building' -e '^Build ' -e 'runtime interposer' -e 'skipping LD_PRELOAD' \
  <<<"$check_output" || true
if grep -q "is WORSE than the defined thresholds" <<<"$check_output"; then
  echo "error: malloc counts over the committed thresholds (Benchmarks/Thresholds)" >&2
  check_status=1
elif grep -q "is BETTER than the defined thresholds" <<<"$check_output"; then
  echo "Malloc counts fell below the committed thresholds: update them (see Benchmarks/run.sh)."
  check_status=0
elif [ "$check_status" -eq 0 ]; then
  echo "Malloc counts within the committed thresholds."
else
  echo "error: benchmark thresholds check failed (exit $check_status)" >&2
fi

if [ "$report_status" -ne 0 ] || [ "$check_status" -ne 0 ] || [ "$missing_thresholds" -ne 0 ]
then
  exit 1
fi
