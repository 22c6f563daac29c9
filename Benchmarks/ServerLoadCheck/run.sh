#!/usr/bin/env bash
# Load check of the API server: builds it, starts it on a fresh database with the standard
# dataset, sends 10,000 mixed requests from 50 connections with wrk, stops it, and fails unless
# every request was answered with 200 (no non-200 answer, no socket error).
#
#   Benchmarks/ServerLoadCheck/run.sh [requests] [connections]
#
# CONFIGURATION=debug uses the debug build in .build (what CI has built already) instead of a
# release build in .build-release; LOG_LEVEL=info turns the per-request log lines on. wrk
# waits out its whole DURATION (default 60s) even once every request is answered, and a run
# that has not sent them all by then fails.
# Needs wrk and curl (apt-get install wrk curl). Run from anywhere inside the repository.
set -euo pipefail
cd "$(dirname "$0")/../.."

requests="${1:-10000}"
connections="${2:-50}"
configuration="${CONFIGURATION:-release}"
port="${PORT:-18181}"
workdir="$(mktemp -d)"
server_pid=""
trap '[ -n "$server_pid" ] && { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; }; rm -rf "$workdir"' EXIT

if [ "$configuration" = release ]; then
  build=(swift build -c release --product Server --scratch-path .build-release)
else
  build=(swift build --product Server)
fi
"${build[@]}"
binary="$("${build[@]}" --show-bin-path)/Server"

"$binary" --port "$port" --db "$workdir/api.sqlite" --log-level "${LOG_LEVEL:-warning}" &
server_pid=$!
for _ in $(seq 1 300); do
  curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  sleep 0.1
done

threads=2
wrk -t"$threads" -c"$connections" -d"${DURATION:-60s}" --latency -s Benchmarks/ServerLoadCheck/mixed.lua \
  "http://127.0.0.1:$port" -- "$requests" "$threads" | tee "$workdir/wrk.txt"

# mixed.lua's summary: "answers: N, non-200: F, socket errors: connect C, read R, write W,
# timeout T".
summary="$(grep '^answers:' "$workdir/wrk.txt")"
read -r answered failed connect_errors read_errors write_errors timeouts < <(
  sed -E 's/^answers: ([0-9]+), non-200: ([0-9]+), socket errors: connect ([0-9]+), read ([0-9]+), write ([0-9]+), timeout ([0-9]+).*/\1 \2 \3 \4 \5 \6/' <<<"$summary"
)
errors=$((failed + connect_errors + read_errors + write_errors + timeouts))
if [ "$answered" -lt "$requests" ] || [ "$errors" -gt 0 ]; then
  echo "Load check FAILED: $answered of $requests answered, $errors errors" >&2
  exit 1
fi
kill -0 "$server_pid" 2>/dev/null || { echo "Load check FAILED: the server died" >&2; exit 1; }
echo "Load check passed: $answered requests, 0 errors"
