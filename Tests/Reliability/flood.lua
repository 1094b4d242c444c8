-- Floods for wrk. Each thread stops after its share and creates DONE..N
-- (floods.py then ends wrk; see soak.lua); `created` counts answers that set
-- a session cookie.
--   views:  wrk ... -s flood.lua URL -- PATH TOTAL T DONE
--           every request a GET of PATH without a cookie (views keep no
--           state: none may create a session), expected 200;
--   clicks: wrk ... -s flood.lua URL -- PATH TOTAL T FORM_COOKIE SIGNED FROM DONE
--           every request a first click, POST PATH/select without a session
--           cookie but with one view's folio_csrf cookie and signed token,
--           expected 303 with a new session.
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
   clicks = #args == 7
   if clicks then
      form_cookie, signed, shown, done_marker = args[4], args[5], args[6], args[7]
      expected = 303
   else
      done_marker = args[4]
      expected = 200
   end
   answered, created, failed = 0, 0, 0
end

function request()
   if clicks then
      return wrk.format("POST", path .. "/select",
         { ["Cookie"] = "folio_csrf=" .. form_cookie,
           ["Content-Type"] = "application/x-www-form-urlencoded" },
         "page=" .. shown .. "&from=" .. shown .. "&csrf=" .. signed)
   end
   return wrk.format("GET", path)
end

function response(status, headers, body)
   answered = answered + 1
   local cookies = headers["Set-Cookie"] or ""
   if status ~= expected then
      failed = failed + 1
   end
   if string.find(cookies, "folio_session=", 1, true) then
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
