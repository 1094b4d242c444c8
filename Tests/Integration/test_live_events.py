"""Live dashboards over real HTTP: a changed data file or feed reaches an
open event stream as the page's new panel and badge; a reconnect with
Last-Event-ID gets what it missed, an unknown id a snapshot; sources are
refreshed only while a stream is open, conditionally (ETag), and a failed
refresh keeps the last good panel with a note and no internals; the count
is in the HTML without JavaScript; nginx passes the stream unbuffered."""

import http.server
import json
import re
import shutil
import threading
import time

import pytest

from live_support import LIVE_PAGER, EventStream, live_configuration, write_alerts
from test_dashboard_helpers import FeedServer, FolioServer, Nginx

STREAM = f"/{LIVE_PAGER}/events?pages=alerts"


@pytest.fixture
def live(folio_bin, tmp_path):
    server = FolioServer(folio_bin, "--config", live_configuration(tmp_path))
    yield server, tmp_path
    server.stop()


def is_feed(event):
    return event.get("event") == "page" and event["data"]["page"] == "feed"


def is_alerts(event):
    return event.get("event") == "page" and event["data"]["page"] == "alerts"


def test_a_changed_data_file_reaches_an_open_stream_with_its_panel_and_badge(live):
    server, folder = live
    stream = EventStream(server.host, server.port, STREAM)
    assert stream.status == 200
    assert stream.headers["content-type"].startswith("text/event-stream")
    assert stream.headers["x-accel-buffering"] == "no" and stream.headers["cache-control"] == "no-store"
    first = stream.next_event()
    assert first["event"] == "snapshot" and first["id"].endswith("-0")
    [alerts] = [page for page in first["data"]["pages"] if page["page"] == "alerts"]
    assert "2 alerts" in alerts["html"] and alerts["badge"] == 2
    write_alerts(folder, 5)
    changed = stream.events_until(lambda e: is_alerts(e) and "5 alerts" in e["data"]["html"], timeout=6)[-1]
    assert changed["data"]["badge"] == 5
    stream.close()


def test_a_badge_reaches_a_tab_that_never_opened_its_page_and_is_in_the_html(live):
    server, folder = live
    page = server.client().get(f"/{LIVE_PAGER}/overview")
    assert re.search(r'<span class="folio-badge" aria-hidden="true">2</span><span[^>]*>2 Alerts</span>', page.text)
    stream = EventStream(server.host, server.port, f"/{LIVE_PAGER}/events?pages=overview")
    stream.next_event()  # the snapshot
    write_alerts(folder, 7)
    event = stream.events_until(is_alerts, timeout=6)[-1]
    assert event["data"] == {"page": "alerts", "badge": 7}  # no panel: this tab has not loaded it
    stream.close()
    assert '<span class="folio-badge" aria-hidden="true">7</span>' in server.client().get(f"/{LIVE_PAGER}/overview").text


def test_a_reconnect_with_last_event_id_gets_what_it_missed(live):
    server, folder = live
    stream = EventStream(server.host, server.port, STREAM)
    seen = stream.next_event()["id"]
    stream.close()
    write_alerts(folder, 3)
    time.sleep(0.1)
    # Nobody is listening: nothing refreshes the file; a view loads it (and logs the change).
    server.client().get(f"/{LIVE_PAGER}/alerts")
    write_alerts(folder, 4)
    time.sleep(1.2)
    server.client().get(f"/{LIVE_PAGER}/alerts")
    again = EventStream(server.host, server.port, STREAM, headers={"Last-Event-ID": seen})
    missed = again.events_until(lambda e: is_alerts(e) and "4 alerts" in e["data"]["html"], timeout=6)
    assert all(event["event"] == "page" for event in missed), "a replay, not a snapshot"
    assert [int(e["id"].rsplit("-", 1)[1]) for e in missed] == sorted(int(e["id"].rsplit("-", 1)[1]) for e in missed)
    again.close()


def test_an_id_of_another_run_gets_a_snapshot(live):
    server, _ = live
    stream = EventStream(server.host, server.port, STREAM, headers={"Last-Event-ID": "zzzz-41"})
    event = stream.next_event()
    assert event["event"] == "snapshot" and not event["id"].startswith("zzzz")
    stream.close()


def test_refused_streams(live):
    server, _ = live
    client = server.client()
    assert client.get(f"/{LIVE_PAGER}/events?pages=nosuch").status == 404
    assert client.get("/nosuch/events").status == 404
    assert client.post(f"/{LIVE_PAGER}/events", {}).status == 405


def test_without_javascript_each_load_shows_the_newest_data(live):
    server, folder = live
    client = server.client()
    assert "2 alerts" in client.get(f"/{LIVE_PAGER}/alerts").text
    write_alerts(folder, 9)
    time.sleep(1.2)  # the page's refreshSeconds
    assert "9 alerts" in client.get(f"/{LIVE_PAGER}/alerts").text


class ConditionalFeed:
    """A feed with an ETag: answers 304 to If-None-Match of the current
    version; `fail` makes it answer 500. Records each request's headers."""

    def __init__(self):
        self.version = 1
        self.fail = False
        self.requests = []
        self.lock = threading.Lock()
        feed = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                with feed.lock:
                    feed.requests.append(dict(self.headers))
                    version, fail = feed.version, feed.fail
                if fail:
                    self.send_response(500)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                tag = f'"v{version}"'
                if self.headers.get("If-None-Match") == tag:
                    self.send_response(304)
                    self.send_header("ETag", tag)
                    self.end_headers()
                    return
                body = json.dumps({"color": "green", "heading": f"feed version {version}", "order": "o",
                                   "note": "n"}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("ETag", tag)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/feed.json"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def count(self):
        with self.lock:
            return len(self.requests)

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def feed_live(folio_bin, tmp_path):
    feed = ConditionalFeed()
    server = FolioServer(folio_bin, "--config", live_configuration(tmp_path, feed.url))
    yield server, feed
    server.stop()
    feed.stop()


def test_a_feed_is_refreshed_only_while_a_stream_is_open_and_conditionally(feed_live):
    server, feed = feed_live
    time.sleep(2.5)
    assert feed.count() == 0, "nobody looks: nothing is fetched"
    stream = EventStream(server.host, server.port, f"/{LIVE_PAGER}/events?pages=feed")
    snapshot = stream.next_event()
    assert "feed version 1" in [p for p in snapshot["data"]["pages"] if p["page"] == "feed"][0]["html"]
    time.sleep(3.2)
    fetched = feed.count()
    assert 3 <= fetched <= 6, f"one fetch a second for everybody, got {fetched}"
    assert any(request.get("If-None-Match") == '"v1"' for request in feed.requests), "refreshes are conditional"
    feed.version = 2
    stream.events_until(lambda e: is_feed(e) and "feed version 2" in e["data"]["html"], timeout=6)
    stream.close()
    time.sleep(1.5)
    settled = feed.count()
    time.sleep(2.5)
    assert feed.count() == settled, "no stream open: the refreshes stop"


def test_a_failed_refresh_keeps_the_last_panel_with_a_note_and_no_internals(feed_live):
    server, feed = feed_live
    stream = EventStream(server.host, server.port, f"/{LIVE_PAGER}/events?pages=feed")
    stream.next_event()
    feed.fail = True
    event = stream.events_until(lambda e: is_feed(e) and "stale" in e["data"]["html"], timeout=6)[-1]
    html = event["data"]["html"]
    assert "folio-panel-stale" in html and "Updated" in html and "retrying" in html
    assert "feed version 1" in html, "the last good panel stays"
    assert "127.0.0.1" not in html and "500" not in html
    view = server.client().get(f"/{LIVE_PAGER}/feed").text
    assert "folio-panel-stale" in view and "feed version 1" in view
    feed.fail = False
    recovered = stream.events_until(lambda e: is_feed(e) and "stale" not in e["data"]["html"], timeout=8)[-1]
    assert "feed version 1" in recovered["data"]["html"]
    stream.close()
    log = server.stopped_log()
    assert "refreshing failed" in log and "500" in log


PROXY = """
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://127.0.0.1:{upstream};
            proxy_http_version 1.1;
            proxy_set_header Host $host;
            proxy_read_timeout 60s;
        }}
    }}
"""


@pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed")
def test_events_pass_through_nginx_unbuffered(live):
    server, folder = live
    nginx = Nginx(str(folder), PROXY, "/healthz", upstream=server.port)
    try:
        stream = EventStream("127.0.0.1", nginx.port, STREAM)
        assert stream.status == 200
        stream.next_event(timeout=5)  # the snapshot, at once: not held in nginx's buffer
        write_alerts(folder, 6)
        started = time.monotonic()
        stream.events_until(lambda e: is_alerts(e) and "6 alerts" in e["data"]["html"], timeout=5)
        assert time.monotonic() - started < 3
        stream.close()
    finally:
        nginx.stop()


def test_a_panel_too_big_for_an_event_is_marked_to_be_fetched(live):
    server, folder = live
    stream = EventStream(server.host, server.port, STREAM)
    stream.next_event()
    write_alerts(folder, 3, heading="big " * 20_000)
    event = stream.events_until(lambda e: is_alerts(e) and e["data"].get("fetch") is True, timeout=6)[-1]
    assert "html" not in event["data"] and event["data"]["badge"] == 3
    stream.close()
    assert "big big" in server.client().get(f"/{LIVE_PAGER}/alerts/panel").text
