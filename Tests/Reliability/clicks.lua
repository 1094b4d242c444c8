-- Durable clicks for wrk (scripts/bench-clicks): every request a select
-- that changes its session's page, so every request is a real write.
--   [CLICKS_PACE_MS=MS] wrk ... -s clicks.lua URL -- SESSIONS_FILE PAGE_A PAGE_B
-- SESSIONS_FILE has one "cookie token" line per session; requests go to the
-- sessions in turn, each flipping its session between PAGE_A and PAGE_B
-- (sessions start on PAGE_A). With CLICKS_PACE_MS each connection waits
-- that long after an answer before its next click: a load below
-- saturation, where latency is the server's own rather than the queue's.
-- Prints CLICKS-RESULT with the answers that were not the expected 303
-- and the latency's p50, p95, p99 and p99.9.
local threads = {}

function setup(thread)
   table.insert(threads, thread)
end

function init(args)
   sessions = {}
   for line in io.lines(args[1]) do
      local cookie, token = line:match("^(%x+) (%x+)$")
      if cookie then
         table.insert(sessions, { cookie = cookie, token = token, on_b = false })
      end
   end
   page_a, page_b = args[2], args[3]
   turn = 0
   wrong = 0
end

function request()
   turn = turn % #sessions + 1
   local session = sessions[turn]
   session.on_b = not session.on_b
   local page = session.on_b and page_b or page_a
   return wrk.format("POST", nil,
      { ["Cookie"] = "folio_session=" .. session.cookie,
        ["Content-Type"] = "application/x-www-form-urlencoded" },
      "page=" .. page .. "&csrf=" .. session.token)
end

-- Defined only when pacing, read when the script loads: wrk sends every
-- request through a timer once a script has delay(), even one returning 0.
local pace_ms = tonumber(os.getenv("CLICKS_PACE_MS") or "0")
if pace_ms > 0 then
   function delay()
      return pace_ms
   end
end

function response(status, headers, body)
   if status ~= 303 then
      wrong = wrong + 1
   end
end

function done(summary, latency, requests)
   local wrong_total = 0
   for _, thread in ipairs(threads) do
      wrong_total = wrong_total + (thread:get("wrong") or 0)
   end
   local e = summary.errors
   io.write(string.format(
      "CLICKS-RESULT requests=%d seconds=%.3f wrong=%d socket_errors=%d "
         .. "p50_ms=%.3f p95_ms=%.3f p99_ms=%.3f p999_ms=%.3f\n",
      summary.requests, summary.duration / 1e6, wrong_total,
      e.connect + e.read + e.write + e.timeout,
      latency:percentile(50) / 1000, latency:percentile(95) / 1000,
      latency:percentile(99) / 1000, latency:percentile(99.9) / 1000))
end
