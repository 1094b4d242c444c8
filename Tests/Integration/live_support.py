"""A live dashboard for the live suites: a pager whose `alerts` page reads
a data file refreshed every second with a badge, and whose `feed` page
reads a URL (a FeedServer that honours ETag), plus an event-stream reader."""

import http.client
import json
import pathlib
import time

LIVE_PAGER = "ops"


def alerts(count, heading=None):
    return {"color": "red", "heading": heading or f"{count} alerts", "order": "now", "note": "ops",
            "alerts": list(range(count))}


def write_alerts(folder, count, heading=None):
    path = pathlib.Path(folder) / "alerts.json"
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(alerts(count, heading)), encoding="utf-8")
    temporary.replace(path)  # a new inode: the refresh sees it whatever the clock's resolution


def live_configuration(folder, feed_url=None, refresh=1):
    folder = pathlib.Path(folder)
    write_alerts(folder, 2)
    pages = [
        {"key": "overview", "title": "Overview", "template": "content/color.html",
         "data": {"color": "blue", "heading": "Overview", "order": "1", "note": "quiet"}},
        {"key": "alerts", "title": "Alerts", "template": "content/color.html", "dataFile": "alerts.json",
         "refreshSeconds": refresh, "badge": "alerts"},
    ]
    if feed_url:
        pages.append({"key": "feed", "title": "Feed", "template": "content/color.html", "url": feed_url,
                      "refreshSeconds": refresh, "timeoutSeconds": 2})
    config = {"title": "Ops", "lang": "en", "pagers": [{
        "key": LIVE_PAGER, "title": "Ops", "titleStyle": "underline", "layout": {"fit": 16},
        "transition": "slide", "fontSize": 15, "barHeight": 44, "navigation": None,
        "colors": {"bar": "#ffffff", "title": "#595959", "selectedTitle": "#c00000",
                   "indicator": "#c00000", "background": "#ffffff"},
        "pages": pages}]}
    path = folder / "folio.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    return str(path)


class EventStream:
    """`GET {path}` as text/event-stream; `next_event()` returns the next
    event as a dict (id, event, data parsed as JSON), comments skipped."""

    def __init__(self, host, port, path, headers=None, timeout=10):
        self.connection = http.client.HTTPConnection(host, port, timeout=timeout)
        self.connection.request("GET", path, headers=headers or {})
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.headers = {name.lower(): value for name, value in self.response.getheaders()}

    def next_event(self, timeout=10):
        deadline = time.monotonic() + timeout
        event = {}
        while time.monotonic() < deadline:
            self.connection.sock.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                line = self.response.readline()
            except TimeoutError:
                break
            if not line:
                raise EOFError("the stream ended")
            line = line.decode().rstrip("\n")
            if line == "":
                if "event" in event or "data" in event:
                    if "data" in event:
                        event["data"] = json.loads(event["data"])
                    return event
                event = {}
                continue
            if line.startswith(":"):
                event.setdefault("comments", []).append(line)
                continue
            name, _, value = line.partition(": ")
            event[name] = value
        raise TimeoutError(f"no event within {timeout} s")

    def events_until(self, predicate, timeout=10):
        """Events up to and including the first that `predicate` accepts."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            event = self.next_event(timeout=max(0.05, deadline - time.monotonic()))
            seen.append(event)
            if predicate(event):
                return seen

    def close(self):
        self.connection.close()
