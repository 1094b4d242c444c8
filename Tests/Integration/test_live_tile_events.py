"""A live page of tiles on the wire: a change of one tile sends that tile
alone, inline, keyed to the page's previous event, even when the whole
panel (three 720-point charts) is far over the 64 KiB inline limit; the
panel route and a snapshot say which event their panel is, so a tab can
tell whether the changed tiles apply to what it shows; a tab reconnecting
from an id the server no longer keeps is sent the whole panel (or told to
fetch it), never a change it cannot apply."""

import json
import time

import pytest

from live_support import EventStream
from test_dashboard_helpers import FolioServer

PAGER = "ops"
STREAM = f"/{PAGER}/events?pages=overview"
START = 1764630000
CHARTS = ("requests", "latency", "errors")


def write_feed(folder, queued):
    """The page's data: three 720-point series that never change, and the
    `queued` count, the only number that does."""
    feed = {"queued": queued}
    for index, name in enumerate(CHARTS):
        feed[name] = [{"t": START + 60 * minute, "v": (minute * (index + 3)) % 97} for minute in range(720)]
    path = folder / "feed.json"
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(feed), encoding="utf-8")
    temporary.replace(path)  # a new inode: the refresh sees it whatever the clock's resolution


@pytest.fixture
def charts(folio_bin, tmp_path):
    write_feed(tmp_path, 10)
    tiles = [{"key": "queued", "title": "Queued", "widget": "stat", "path": "queued"}]
    tiles += [{"key": name, "title": name.title(), "widget": "line", "path": name} for name in CHARTS]
    config = {"title": "Ops", "lang": "en", "pagers": [{"key": PAGER, "title": "Ops", "pages": [
        {"key": "overview", "title": "Overview", "dataFile": "feed.json", "refreshSeconds": 1, "tiles": tiles},
        {"key": "about", "title": "About", "template": "content/color.html",
         "data": {"color": "blue", "heading": "About", "order": "1", "note": "quiet"}}]}]}
    path = tmp_path / "folio.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    server = FolioServer(folio_bin, "--config", str(path))
    yield server, tmp_path
    server.stop()


def is_overview(event):
    return event.get("event") == "page" and event["data"]["page"] == "overview"


def queued_changed(count):
    return lambda event: is_overview(event) and f">{count}<" in json.dumps(event["data"].get("tiles", {}))


def panel(server):
    response = server.client().get(f"/{PAGER}/overview/panel")
    assert response.status == 200
    return response


def change_to(server, stream, folder, queued):
    """Writes `queued` and reads the stream up to the event that left the
    panel showing it, which the panel route names (the data's first load
    may publish an event of its own before or after the stream opened)."""
    write_feed(folder, queued)
    return shown(server, stream, queued)


def shown(server, stream, queued):
    """The event of `stream` (a stream of `server`) that left the panel showing `queued`."""
    deadline = time.monotonic() + 15
    while True:
        now = panel(server)
        if f">{queued}<" in now.text and now.header("Folio-Live-State"):
            break
        assert time.monotonic() < deadline, "the change never went out"
        time.sleep(0.1)
    state = now.header("Folio-Live-State")
    return stream.events_until(lambda event: event.get("id") == state)[-1]


def test_one_changed_stat_goes_inline_alone_beside_three_big_charts(charts):
    server, folder = charts
    whole = panel(server).text
    assert len(whole.encode()) > 64 << 10, "the charts' data tables make the panel too big for an event"
    stream = EventStream(server.host, server.port, STREAM)
    assert stream.next_event()["event"] == "snapshot"
    first = change_to(server, stream, folder, 11)

    write_feed(folder, 12)
    event = stream.events_until(queued_changed(12))[-1]
    change = event["data"]
    assert change["base"] == first["id"], "keyed to the page's previous event"
    assert list(change["tiles"]) == ["folio-tile-queued"], "only the stat changed"
    assert change["order"] == ["folio-tile-queued"] + [f"folio-tile-{name}" for name in CHARTS]
    assert "html" not in change and "before" not in change
    framed = len(json.dumps(change).encode())
    assert framed * 20 < len(whole.encode()), f"{framed} bytes for one stat of a {len(whole)}-byte panel"
    assert '<article class="folio-tile folio-tile--stat" id="folio-tile-queued"' in change["tiles"][
        "folio-tile-queued"]

    # The panel as anyone loads it now is that event's: its changed tiles build on it.
    now = panel(server)
    assert now.header("Folio-Live-State") == event["id"]
    assert ">12<" in now.text
    page = server.client().get(f"/{PAGER}/overview").text
    assert f'data-key="overview" data-live-state="{event["id"]}"' in page
    assert 'data-key="about" data-live-state' not in page

    write_feed(folder, 13)
    following = stream.events_until(queued_changed(13))[-1]
    assert following["data"]["base"] == event["id"]
    stream.close()


def test_a_reconnect_gets_the_change_it_can_apply_or_the_whole_panel(charts):
    server, folder = charts
    stream = EventStream(server.host, server.port, STREAM)
    stream.next_event()
    first = change_to(server, stream, folder, 20)
    write_feed(folder, 21)
    missed = stream.events_until(queued_changed(21))[-1]
    stream.close()

    # From the id it last saw, a tab is replayed the change keyed to that very id.
    again = EventStream(server.host, server.port, STREAM, headers={"Last-Event-ID": first["id"]})
    replayed = again.events_until(is_overview)[-1]
    assert replayed["id"] == missed["id"] and replayed["data"]["base"] == first["id"]
    again.close()

    # From an id the server does not hold (another run, or older than the
    # events kept), nothing it could miss is assumed: the whole panel now,
    # marked with the event it is, or a fetch.
    stale = EventStream(server.host, server.port, STREAM, headers={"Last-Event-ID": "zzzz-3"})
    snapshot = stale.next_event()
    assert snapshot["event"] == "snapshot"
    [overview] = [page for page in snapshot["data"]["pages"] if page["page"] == "overview"]
    assert "tiles" not in overview and "base" not in overview
    if "html" in overview:
        assert overview["state"] == missed["id"] and ">21<" in overview["html"]
        assert overview["html"] == panel(server).text
    else:
        assert overview["fetch"] is True
    stale.close()


def test_a_page_not_of_tiles_keeps_its_whole_panel_events(folio_bin, tmp_path):
    from live_support import live_configuration, write_alerts

    server = FolioServer(folio_bin, "--config", live_configuration(tmp_path))
    try:
        stream = EventStream(server.host, server.port, f"/{PAGER}/events?pages=alerts")
        stream.next_event()
        write_alerts(tmp_path, 5)
        time.sleep(0.1)
        event = stream.events_until(
            lambda e: e.get("event") == "page" and "5 alerts" in e["data"].get("html", ""), timeout=6)[-1]
        assert "base" not in event["data"] and "tiles" not in event["data"]
        assert panel_header(server, "alerts") is None
        stream.close()
    finally:
        server.stop()


def panel_header(server, page):
    return server.client().get(f"/{PAGER}/{page}/panel").header("Folio-Live-State")
