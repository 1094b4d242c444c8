-- A flood of new clients for wrk: every request is a GET of a pager page with
-- no cookie, so every answer creates a new session. Each thread stops after
-- its share and creates DONE..N (floods.py then ends wrk; see soak.lua).
--
--   wrk -t T -c C -d CAP -s flood.lua http://127.0.0.1:PORT -- PATH TOTAL T DONE

local threads = {}
local next_id = 1

function setup(thread)
   thread:set("id", next_id)
   next_id = next_id + 1
   table.insert(threads, thread)
end

function init(args)
   path = args[1]
   quota = math.floor(tonumber(args[2]) / tonumber(args[3]))
   done_marker = args[4]
   answered, created, failed = 0, 0, 0
end

function request()
   return wrk.format("GET", path)
end

function response(status, headers, body)
   answered = answered + 1
   if status ~= 200 then
      failed = failed + 1
   elseif headers["Set-Cookie"] then
      created = created + 1
   end
   if answered == quota then
      local marker = io.open(done_marker .. id, "w")
      if marker then marker:close() end
      wrk.thread:stop()
   end
end

function done(summary, latency, requests)
   local totals = { answered = 0, created = 0, failed = 0 }
   for _, thread in ipairs(threads) do
      for name, _ in pairs(totals) do
         totals[name] = totals[name] + (thread:get(name) or 0)
      end
   end
   local e = summary.errors
   io.write(string.format(
      "FLOOD-RESULT requests=%d seconds=%.2f answered=%d created=%d failed=%d "
         .. "socket_errors=%d p50_ms=%.3f p99_ms=%.3f\n",
      summary.requests, summary.duration / 1e6, totals.answered, totals.created, totals.failed,
      e.connect + e.read + e.write + e.timeout,
      latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
