-- The soak's mix for wrk: pager pages, selects and state reads from prepared
-- sessions, and static files. Each thread stops itself after its share of the
-- requests, so a run is bounded by count (and by wrk's -d as a time cap).
--
--   wrk -t T -c C -d CAP -s soak.lua http://127.0.0.1:PORT -- SESSIONS PATHS STATICS TOTAL T DONE
--
-- SESSIONS: lines "cookie csrf" (from soak.py, one GET per session).
-- PATHS:    lines "pager page".   STATICS: lines "/public/...".
-- DONE:     a path prefix; thread N creates DONE..N when it has its share.
--           wrk 4.1 sleeps for all of -d even when every thread has stopped,
--           so soak.py sends it SIGINT once every thread's file exists.
--
-- Mix out of 20 requests, all but the static ones with a session's cookie:
-- 9 GET /{pager} (the session's selection: a read), 1 GET /{pager}/{page}
-- and 3 POST /{pager}/select (a durable write when the page changes),
-- 1 GET /{pager}/state, 6 static files.

local threads = {}
local next_id = 1

function setup(thread)
   thread:set("id", next_id)
   next_id = next_id + 1
   table.insert(threads, thread)
end

local function lines(path, pattern)
   local found = {}
   for line in io.lines(path) do
      local a, b = line:match(pattern)
      if a then found[#found + 1] = { a, b } end
   end
   return found
end

function init(args)
   sessions = lines(args[1], "^(%S+) (%S+)$")
   paths = lines(args[2], "^(%S+) (%S+)$")
   statics = lines(args[3], "^(%S+)()")
   quota = math.floor(tonumber(args[4]) / tonumber(args[5]))
   done_marker = args[6]
   answered, sent = 0, 0
   s2xx, s3xx, s4xx, s5xx, other = 0, 0, 0, 0, 0
   math.randomseed(id * 7919 + os.time())
   form = { ["Content-Type"] = "application/x-www-form-urlencoded" }
end

function request()
   sent = sent + 1
   local slot = sent % 20
   if slot < 6 then
      return wrk.format("GET", statics[math.random(#statics)][1])
   end
   local session = sessions[math.random(#sessions)]
   local path = paths[math.random(#paths)]
   local headers = { ["Cookie"] = "folio_session=" .. session[1] }
   if slot < 15 then
      return wrk.format("GET", "/" .. path[1], headers)
   elseif slot < 16 then
      return wrk.format("GET", "/" .. path[1] .. "/" .. path[2], headers)
   elseif slot < 19 then
      headers["Content-Type"] = "application/x-www-form-urlencoded"
      return wrk.format("POST", "/" .. path[1] .. "/select", headers,
         "page=" .. path[2] .. "&csrf=" .. session[2])
   end
   return wrk.format("GET", "/" .. path[1] .. "/state", headers)
end

function response(status, headers, body)
   answered = answered + 1
   if status >= 200 and status < 300 then s2xx = s2xx + 1
   elseif status >= 300 and status < 400 then s3xx = s3xx + 1
   elseif status >= 400 and status < 500 then s4xx = s4xx + 1
   elseif status >= 500 then s5xx = s5xx + 1
   else other = other + 1 end
   if answered == quota then
      if done_marker then
         local marker = io.open(done_marker .. id, "w")
         if marker then marker:close() end
      end
      wrk.thread:stop()
   end
end

function done(summary, latency, requests)
   local totals = { answered = 0, s2xx = 0, s3xx = 0, s4xx = 0, s5xx = 0, other = 0 }
   for _, thread in ipairs(threads) do
      for name, _ in pairs(totals) do
         totals[name] = totals[name] + (thread:get(name) or 0)
      end
   end
   local e = summary.errors
   io.write(string.format(
      "SOAK-RESULT requests=%d seconds=%.2f answered=%d s2xx=%d s3xx=%d s4xx=%d s5xx=%d other=%d "
         .. "connect_errors=%d read_errors=%d write_errors=%d timeouts=%d "
         .. "p50_ms=%.3f p99_ms=%.3f max_ms=%.3f\n",
      summary.requests, summary.duration / 1e6, totals.answered, totals.s2xx, totals.s3xx,
      totals.s4xx, totals.s5xx, totals.other, e.connect, e.read, e.write, e.timeout,
      latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
