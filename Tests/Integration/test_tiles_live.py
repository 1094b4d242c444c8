"""Tiles on a live pager: a tile whose own data file changes has its page's
panel drawn again from every tile's data and the changed tile pushed over
the pager's event stream; a tile reading the page's data keeps showing it."""

import json
import urllib.request

import pytest

from live_support import EventStream
from test_dashboard_helpers import FolioServer


def write_queue(folder, depth):
    path = folder / "queue.json"
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps({"depth": depth}), encoding="utf-8")
    temporary.replace(path)  # a new inode: the refresh sees it whatever the clock's resolution


@pytest.fixture()
def live(folio_bin, tmp_path):
    write_queue(tmp_path, 7)
    config = {"title": "Ops", "lang": "en", "pagers": [{"key": "ops", "title": "Ops", "pages": [
        {"key": "overview", "title": "Overview", "data": {"traffic": {"rpm": 1441}}, "tiles": [
            {"key": "rpm", "title": "Requests", "widget": "stat", "path": "traffic.rpm"},
            {"key": "queue", "title": "Queue", "widget": "meter", "path": "depth", "max": 50,
             "dataFile": "queue.json", "refreshSeconds": 1, "levels": {"warning": 20, "critical": 40}},
        ]}]}]}
    path = tmp_path / "folio.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    with FolioServer(folio_bin, "--config", str(path)) as server:
        yield server, tmp_path


def sent_markup(event):
    """What an `event: page` draws: the whole panel, or the changed tiles alone."""
    data = event["data"]
    return data.get("html") or "".join(data.get("tiles", {}).values())


def test_a_tiles_own_changed_data_reaches_an_open_stream(live):
    server, folder = live
    stream = EventStream(server.host, server.port, "/ops/events?pages=overview")
    first = stream.next_event()
    assert first["event"] == "snapshot"
    [overview] = [page for page in first["data"]["pages"] if page["page"] == "overview"]
    assert 'value="7"' in overview["html"]
    write_queue(folder, 45)
    changed = stream.events_until(
        lambda e: e.get("event") == "page" and 'value="45"' in sent_markup(e), timeout=8)[-1]
    markup = sent_markup(changed)
    assert "folio-level--critical" in markup and "Critical" in markup
    with urllib.request.urlopen(server.url + "/ops/overview") as answer:
        page = answer.read().decode()
    assert 'value="45"' in page and '<span class="folio-value">1441</span>' in page, (
        "the page's own data is drawn again too")
    stream.close()
