-- wrk script for the API server's load check: a deterministic mix of users pages, users by
-- id, feed pages and searches, stopping after a fixed number of requests.
--
--   wrk -t2 -c50 -d120s --latency -s mixed.lua http://127.0.0.1:8080 -- 10000 2
--
-- The arguments after `--` are the total number of requests, shared evenly by the threads, and
-- the number of threads (each thread runs its own Lua state, which cannot see the others).

local ffi = require("ffi")
ffi.cdef[[
  typedef struct { long tv_sec; long tv_usec; } loadcheck_timeval;
  int gettimeofday(loadcheck_timeval *tv, void *tz);
]]

-- Wall-clock time in seconds. wrk keeps running until its -d duration even after every thread
-- has stopped, so throughput is measured here, from the first request to the last answer.
local function now()
  local tv = ffi.new("loadcheck_timeval")
  ffi.C.gettimeofday(tv, nil)
  return tonumber(tv.tv_sec) + tonumber(tv.tv_usec) / 1e6
end

local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

local searches = {
  "ali", "caf%C3%A9", "coffee", "swift%20con", "%E6%9D%B1%E4%BA%AC", "garden", "jazz", "mar",
  "sourdough%20bread", "a%26limit%3D100000%23",
}

function init(args)
  local total = tonumber(args[1]) or 10000
  local count = tonumber(args[2]) or 1
  limit = math.floor(total / count)
  if id <= total % count then limit = limit + 1 end
  sent = 0
  received = 0
  started = 0
  finished = 0
  failures = 0
  math.randomseed(1000 + id)
end

function request()
  if sent == 0 then started = now() end
  sent = sent + 1
  local kind = sent % 4
  local path
  if kind == 0 then
    path = "/users?page=" .. math.random(1, 50) .. "&limit=20"
  elseif kind == 1 then
    path = "/users/" .. math.random(1, 1000)
  elseif kind == 2 then
    path = "/posts?page=" .. math.random(1, 50) .. "&limit=20"
  else
    path = "/search?q=" .. searches[math.random(1, #searches)] .. "&limit=10"
  end
  return wrk.format("GET", path)
end

function response(status, headers, body)
  received = received + 1
  -- The time of the thread's last answer, whether or not it reaches its budget (a thread cut
  -- short by socket errors or by the duration still counts, up to its last answer).
  finished = now()
  if status ~= 200 then failures = failures + 1 end
  if received >= limit then
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local failed, answered, first, last = 0, 0, math.huge, 0
  for _, thread in ipairs(threads) do
    failed = failed + thread:get("failures")
    answered = answered + thread:get("received")
    first = math.min(first, thread:get("started"))
    last = math.max(last, thread:get("finished"))
  end
  io.write(string.format(
    "answers: %d, non-200: %d, socket errors: connect %d, read %d, write %d, timeout %d\n",
    answered, failed, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout))
  io.write(string.format(
    "wall time: %.2f s, throughput: %.0f req/s\n", last - first, answered / (last - first)))
  io.write(string.format(
    "latency: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000))
end
