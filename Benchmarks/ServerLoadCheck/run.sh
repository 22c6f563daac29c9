#!/usr/bin/env bash
# Load check of the API server: builds it in release, starts it on a fresh database with the
# standard dataset, sends 10,000 mixed requests from 50 connections with wrk, and stops it.
#
#   Benchmarks/ServerLoadCheck/run.sh [requests] [connections]
#
# Needs wrk (apt-get install wrk). Run from anywhere inside the repository.
set -euo pipefail
cd "$(dirname "$0")/../.."

requests="${1:-10000}"
connections="${2:-50}"
port=18181
workdir="$(mktemp -d)"
trap 'kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; rm -rf "$workdir"' EXIT

swift build -c release --product Server --scratch-path .build-release
binary="$(swift build -c release --product Server --scratch-path .build-release --show-bin-path)/Server"

"$binary" --port "$port" --db "$workdir/api.sqlite" --log-level "${LOG_LEVEL:-warning}" &
server_pid=$!
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  sleep 0.1
done

threads=2
wrk -t"$threads" -c"$connections" -d60s --latency -s Benchmarks/ServerLoadCheck/mixed.lua \
  "http://127.0.0.1:$port" -- "$requests" "$threads"
