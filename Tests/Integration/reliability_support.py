"""Imports the reliability scripts (Tests/Reliability) for the short suites.

Views keep no state: a GET by a visitor without a session sets only the
`folio_csrf` cookie and signs its form for it; the session begins at the
first click (POST /{pager}/select), whose 303 sets `folio_session`. The
scripts' helpers here follow that: `open_session` makes a first click, and
`first_click_flood()` makes `floods.sessions` flood with first clicks (new
sessions come only from clicks). Importing this module installs
`open_session` into `folio_server`, so faults, floods and soak use it."""

import contextlib
import pathlib
import re
import sqlite3
import sys
import tempfile
import time

RELIABILITY = pathlib.Path(__file__).resolve().parents[1] / "Reliability"
if str(RELIABILITY) not in sys.path:
    sys.path.insert(0, str(RELIABILITY))

import folio_server as fs  # noqa: E402

FORM_COOKIE = re.compile(r"folio_csrf=([0-9a-f]{32})")
SESSION_COOKIE = re.compile(r"(?:__Host-)?folio_session=([0-9a-f]{32})")
FROM_INPUT = re.compile(r"<input\b[^>]*\bname=\"from\"[^>]*>")


def failed_checks(figures):
    """The names of the checks that failed, with every figure for the message."""
    failed = [name for name, ok in figures["checks"].items() if not ok]
    shown = {k: v for k, v in figures.items() if k != "checks"}
    return failed, shown


def _input(pattern, body, name):
    field = pattern.search(body)
    value = fs.VALUE.search(field.group(0)) if field else None
    if not value:
        raise RuntimeError(f"the pager's form has no {name} input")
    return value.group(1)


def first_click_form(port, pager, connection=None):
    """GET /{pager} as a visitor without a session: (folio_csrf cookie,
    signed token, shown page key). The view must set no session cookie."""
    status, headers, body = fs.request(port, "GET", f"/{pager}", connection=connection)
    if status != 200:
        raise RuntimeError(f"GET /{pager} answered {status}")
    set_cookie = headers.get("set-cookie", "")
    if SESSION_COOKIE.search(set_cookie):
        raise RuntimeError(f"GET /{pager} without a session set a session cookie: {set_cookie}")
    form_cookie = FORM_COOKIE.search(set_cookie)
    if not form_cookie:
        raise RuntimeError(f"GET /{pager} without a session set no folio_csrf cookie: {set_cookie!r}")
    text = body.decode("utf-8", "replace")
    signed = _input(fs.CSRF_INPUT, text, "csrf")
    if not signed.startswith("f1."):
        raise RuntimeError(f"GET /{pager} without a session has an unsigned token {signed!r}")
    return form_cookie.group(1), signed, _input(FROM_INPUT, text, "from")


def open_session(port, pager, connection=None):
    """A visitor's first click: GET /{pager} without a cookie, then POST
    /{pager}/select of the page it shows with its signed token and its
    folio_csrf cookie (the 303 sets the session cookie), then GET /{pager}
    with the session for the session's own CSRF token. Returns (session id,
    CSRF token), good for any number of clicks."""
    form_cookie, signed, shown = first_click_form(port, pager, connection)
    status, headers, _ = fs.request(port, "POST", f"/{pager}/select",
                                    {"page": shown, "from": shown, "csrf": signed},
                                    headers={"Cookie": f"folio_csrf={form_cookie}"}, connection=connection)
    if status != 303:
        raise RuntimeError(f"the first click on /{pager} answered {status}")
    found = SESSION_COOKIE.search(headers.get("set-cookie", ""))
    if not found:
        raise RuntimeError(f"the first click on /{pager} set no session cookie")
    cookie = found.group(1)
    status, headers, body = fs.request(port, "GET", f"/{pager}", cookie=cookie, connection=connection)
    if status != 200:
        raise RuntimeError(f"GET /{pager} with the new session answered {status}")
    token = _input(fs.CSRF_INPUT, body.decode("utf-8", "replace"), "csrf")
    if not re.fullmatch(r"[0-9a-f]{32}", token):
        raise RuntimeError(f"the session's page carries {token!r}, not the session's own token")
    return cookie, token


fs.open_session = open_session


# wrk scripts. Each thread stops after its share and creates DONE..N (see
# folio_server.run_wrk); `created` counts answers that set a session cookie.
#   clicks: wrk ... -- PATH TOTAL T FORM_COOKIE SIGNED FROM DONE
#   views:  wrk ... -- PATH TOTAL T DONE
WRK_SCRIPT = r"""
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
"""


def _wrk_script(folder):
    script = pathlib.Path(folder) / "first-click-flood.lua"
    script.write_text(WRK_SCRIPT)
    return script


@contextlib.contextmanager
def first_click_flood():
    """While active, `floods.sessions` floods with first clicks instead of
    cookieless GETs: every wrk run of its flood.lua becomes N POSTs of
    /{pager}/select, each without a session cookie and with one view's
    folio_csrf cookie and signed token, so each 303 is a new session."""
    original = fs.run_wrk
    with tempfile.TemporaryDirectory(prefix="folio-clicks-") as folder:
        script = _wrk_script(folder)

        def run_wrk(port, lua, script_args, marker, tag, *args, **kwargs):
            if pathlib.Path(lua).name != "flood.lua":
                return original(port, lua, script_args, marker, tag, *args, **kwargs)
            path, total, threads = script_args
            form_cookie, signed, shown = first_click_form(port, path.lstrip("/"))
            return original(port, script, [path, total, threads, form_cookie, signed, shown],
                            marker, tag, *args, **kwargs)

        fs.run_wrk = run_wrk
        try:
            yield
        finally:
            fs.run_wrk = original


def _stored_sessions(state):
    """Rows in the sessions table (read beside the running server, WAL
    mode); 0 while the store has no such table yet."""
    connection = sqlite3.connect(f"file:{state}?mode=ro", uri=True, timeout=5)
    try:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        return connection.execute("SELECT count(*) FROM sessions").fetchone()[0] if "sessions" in tables else 0
    finally:
        connection.close()


def views(binary, requests=20_000, connections=64, cap_seconds=300, echo=print):
    """N cookieless GETs of a pager against a SQLite store: views keep no
    state, so none sets a session cookie and the store has no session row."""
    figures = {"requests": requests}
    with tempfile.TemporaryDirectory(prefix="folio-views-") as work:
        folder = pathlib.Path(work)
        state = str(folder / "state.sqlite")
        server = fs.Server(binary, state, log=str(folder / "server.log")).start()
        try:
            result = fs.run_wrk(server.port, _wrk_script(folder), ["/essence", requests, 2],
                                folder / "done-", "FLOOD-RESULT", 2, connections, cap_seconds)
            figures["stored_sessions"] = _stored_sessions(state)
            # The count is live: a first click afterwards is a stored row.
            open_session(server.port, "essence")
            deadline = time.monotonic() + 5
            while _stored_sessions(state) == 0 and time.monotonic() < deadline:
                time.sleep(0.05)  # the store may write shortly after the 303
            figures["stored_sessions_after_a_first_click"] = _stored_sessions(state)
        finally:
            figures["exit_code"] = server.stop()
    figures.update({k: result[k] for k in ("answered", "created", "failed", "socket_errors", "seconds")})
    echo(f"{figures['answered']} cookieless views in {figures['seconds']} s: "
         f"{figures['created']} session cookies, {figures['stored_sessions']} stored sessions")
    figures["checks"] = {
        "every view answered 200": figures["failed"] == 0 and figures["socket_errors"] == 0
        and figures["answered"] >= requests,
        "no view set a session cookie": figures["created"] == 0,
        "no view stored a session": figures["stored_sessions"] == 0,
        "a first click after the views stores one session": figures["stored_sessions_after_a_first_click"] == 1,
        "clean exit": figures["exit_code"] == 0,
    }
    return figures
