"""A live page of tiles on two instances sharing PostgreSQL: a change one
instance loads reaches the other instance's tabs as the changed tile
alone too, each instance keying its changes to its own events, so a panel
one instance served is never taken for the state another's change builds
on (the tab fetches instead)."""

import json
import os

import pytest

from live_support import EventStream
from test_live_instances import database  # noqa: F401 (a fixture)
from test_live_tile_events import CHARTS, PAGER, STREAM, queued_changed, shown, write_feed
from test_dashboard_helpers import FolioServer

pytestmark = pytest.mark.skipif(
    not os.path.exists("/usr/lib/postgresql/15/bin/initdb"), reason="PostgreSQL 15 is not installed")


def tiles_config(folder):
    write_feed(folder, 10)
    tiles = [{"key": "queued", "title": "Queued", "widget": "stat", "path": "queued"}]
    tiles += [{"key": name, "title": name.title(), "widget": "line", "path": name} for name in CHARTS]
    config = {"title": "Ops", "lang": "en", "pagers": [{"key": PAGER, "title": "Ops", "pages": [
        {"key": "overview", "title": "Overview", "dataFile": "feed.json", "refreshSeconds": 1,
         "tiles": tiles}]}]}
    path = folder / "folio.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    return str(path)


def test_each_instance_sends_the_changed_tile_keyed_to_its_own_events(folio_bin, tmp_path, database):  # noqa: F811
    config = tiles_config(tmp_path)
    servers = [FolioServer(folio_bin, "--config", config, "--state", database) for _ in range(2)]
    streams = []
    try:
        for server in servers:
            streams.append(EventStream(server.host, server.port, STREAM))
            assert streams[-1].next_event()["event"] == "snapshot"
        write_feed(tmp_path, 11)
        for server, stream in zip(servers, streams):
            shown(server, stream, 11)
        write_feed(tmp_path, 12)
        changes = [stream.events_until(queued_changed(12), timeout=15)[-1] for stream in streams]

        for change in changes:
            assert list(change["data"]["tiles"]) == ["folio-tile-queued"]
        runs = [change["id"].rsplit("-", 1)[0] for change in changes]
        assert runs[0] != runs[1]
        assert [change["data"]["base"].rsplit("-", 1)[0] for change in changes] == runs
        # What each instance serves names its own event: a tab never applies one's change to the other's panel.
        states = [server.client().get(f"/{PAGER}/overview/panel").header("Folio-Live-State")
                  for server in servers]
        assert states == [change["id"] for change in changes]
    finally:
        for stream in streams:
            stream.close()
        for server in servers:
            server.stop()
