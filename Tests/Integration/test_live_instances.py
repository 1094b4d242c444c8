"""Live dashboards on several instances sharing PostgreSQL: one instance
fetches a refreshing feed for all (once a second, not once per instance),
tabs whose stream another instance holds get the new panel, and when the
fetching instance dies (kill -9) another takes over."""

import os
import pathlib
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

from live_support import LIVE_PAGER, EventStream, live_configuration
from test_dashboard_helpers import FolioServer
from test_live_events import ConditionalFeed

ROOT = pathlib.Path(__file__).resolve().parents[2]
POSTGRES = ROOT / "scripts" / "postgres"
pytestmark = pytest.mark.skipif(
    not os.path.exists("/usr/lib/postgresql/15/bin/initdb"), reason="PostgreSQL 15 is not installed")


@pytest.fixture
def database():
    # Not under pytest's folder: PostgreSQL runs as its own user, who cannot enter root's.
    parent = pathlib.Path(tempfile.mkdtemp(prefix="folio-live-postgres-"))
    parent.chmod(0o755)
    folder = parent / "cluster"
    url = subprocess.run([str(POSTGRES), "start", str(folder)], check=True, capture_output=True,
                         text=True).stdout.strip().splitlines()[-1]
    yield url
    subprocess.run([str(POSTGRES), "stop", str(folder)], capture_output=True)
    shutil.rmtree(parent, ignore_errors=True)


def is_feed_version(version):
    return lambda e: (e.get("event") == "page" and e["data"]["page"] == "feed"
                      and f"feed version {version}" in e["data"].get("html", ""))


def test_one_instance_fetches_and_every_instances_tabs_get_the_panel(folio_bin, tmp_path, database):
    feed = ConditionalFeed()
    config = live_configuration(tmp_path, feed.url)
    first, second = (FolioServer(folio_bin, "--config", config, "--state", database) for _ in range(2))
    streams = []
    try:
        # The first instance's tab opens first: that instance leads.
        streams.append(EventStream(first.host, first.port, f"/{LIVE_PAGER}/events?pages=feed"))
        streams[0].next_event()
        time.sleep(1.5)
        streams.append(EventStream(second.host, second.port, f"/{LIVE_PAGER}/events?pages=feed"))
        streams[1].next_event()
        before = feed.count()
        time.sleep(4)
        fetched = feed.count() - before
        assert 2 <= fetched <= 6, f"one fetcher for both instances: {fetched} fetches in 4 s"
        feed.version = 2
        for stream in streams:
            stream.events_until(is_feed_version(2), timeout=8)
        # The leader dies: its lock goes with its connection, and the other instance fetches.
        first.process.send_signal(signal.SIGKILL)
        first.process.wait()
        feed.version = 3
        streams[1].events_until(is_feed_version(3), timeout=10)
    finally:
        for stream in streams:
            stream.close()
        first.stop()
        second.stop()
        feed.stop()
