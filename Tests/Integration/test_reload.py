"""Reload without restart, over real HTTP: an edit of folio.json (a page
added, one removed, the rest reordered) is served within 2 s by the same
process; a broken edit keeps the old dashboard and the log names its line;
with --no-watch an edit waits for SIGHUP; an open event stream of a live
pager is told of the reload and a new one opens on the new configuration;
two instances on one PostgreSQL each reload their own files, and a session
reads the same through both generations."""

import json
import os
import re
import signal
import subprocess
import time
import urllib.parse
import uuid

import pytest

from live_support import LIVE_PAGER, EventStream, live_configuration
from test_dashboard_helpers import FolioServer


def configuration(pages):
    return {"title": "Reloads", "lang": "en", "pagers": [{
        "key": "p", "title": "Pager", "layout": "equal",
        "pages": [{"key": key, "title": key.upper(), "template": "content/color.html",
                   "data": {"color": "blue", "heading": key, "order": "1", "note": "n"}} for key in pages]}]}


def write(path, text):
    path.write_text(text, encoding="utf-8")


def tabs(server):
    return re.findall(r'role="tab" class="folio-title"[^>]*data-key="([^"]+)"', server.client().get("/p").text)


def generation(server):
    return server.client().get("/healthz").headers.get("Folio-Generation")


def until(condition, timeout=2.0):
    """How long `condition` took to hold, or None if it did not within `timeout` seconds."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if condition():
            return time.monotonic() - start
        time.sleep(0.02)
    return None


@pytest.fixture
def dashboard(tmp_path):
    path = tmp_path / "folio.json"
    write(path, json.dumps(configuration(["a", "b", "c"]), indent=1))
    return path


def test_an_edit_is_served_within_two_seconds_by_the_same_process(folio_bin, dashboard):
    with FolioServer(folio_bin, "--config", str(dashboard)) as server:
        pid = server.process.pid
        assert tabs(server) == ["a", "b", "c"] and generation(server) == "1"
        write(dashboard, json.dumps(configuration(["c", "d", "a"]), indent=1))
        assert until(lambda: tabs(server) == ["c", "d", "a"]) is not None
        assert server.client().get("/p/b").status == 404
        assert server.client().get("/p/d").status == 200
        assert generation(server) == "2"
        assert server.process.poll() is None and server.process.pid == pid


def test_an_editor_save_by_rename_is_one_reload(folio_bin, dashboard):
    with FolioServer(folio_bin, "--config", str(dashboard)) as server:
        # Written in place, then replaced by a rename and its mode set, as editors do: one reload.
        write(dashboard, json.dumps(configuration(["a"])))
        scratch = dashboard.with_name(".folio.json.swp")
        write(scratch, json.dumps(configuration(["b"])))
        scratch.replace(dashboard)
        dashboard.chmod(0o644)
        assert until(lambda: tabs(server) == ["b"]) is not None
        time.sleep(0.3)
        assert generation(server) == "2"


def test_a_broken_edit_keeps_the_old_dashboard_and_the_log_names_the_line(folio_bin, dashboard):
    with FolioServer(folio_bin, "--config", str(dashboard)) as server:
        good = dashboard.read_text(encoding="utf-8")
        write(dashboard, good.replace('"layout": "equal"', '"layout": "equal",,', 1))
        line = 1 + good[: good.index('"layout"')].count("\n")
        assert until(lambda: "Folio-Reload-Error" in server.client().get("/healthz").headers) is not None
        health = server.client().get("/healthz")
        assert health.headers["Folio-Generation"] == "1" and health.text == "ok\n"
        assert f"folio.json:{line}:" in health.headers["Folio-Reload-Error"]
        assert tabs(server) == ["a", "b", "c"]
        write(dashboard, good)
        assert until(lambda: "Folio-Reload-Error" not in server.client().get("/healthz").headers) is not None
        log = server.stopped_log()
    assert f"{dashboard}:{line}:" in log and "reload refused, generation 1 serves on" in log


def test_with_no_watch_an_edit_waits_for_sighup(folio_bin, dashboard):
    with FolioServer(folio_bin, "--config", str(dashboard), "--no-watch") as server:
        write(dashboard, json.dumps(configuration(["z"])))
        time.sleep(0.5)
        assert tabs(server) == ["a", "b", "c"]
        server.process.send_signal(signal.SIGHUP)
        assert until(lambda: tabs(server) == ["z"]) is not None
        assert server.process.poll() is None


def test_an_open_event_stream_is_told_of_the_reload_and_a_new_one_follows(folio_bin, tmp_path):
    path = live_configuration(tmp_path)
    with FolioServer(folio_bin, "--config", path) as server:
        stream = EventStream(server.host, server.port, f"/{LIVE_PAGER}/events?pages=overview")
        assert stream.next_event()["event"] == "snapshot"
        config = json.loads(open(path, encoding="utf-8").read())
        config["pagers"][0]["pages"][0]["title"] = "Summary"
        write(tmp_path / "folio.json", json.dumps(config))
        reload = stream.events_until(lambda event: event.get("event") == "reload", timeout=3)[-1]
        assert reload["data"] == {"generation": 2}
        stream.close()
        again = EventStream(server.host, server.port, f"/{LIVE_PAGER}/events?pages=overview")
        assert again.status == 200 and again.next_event()["event"] == "snapshot"
        again.close()
        assert ">Summary<" in server.client().get(f"/{LIVE_PAGER}").text


def selected(client, server):
    """The key of the tab shown selected to `client` (its cookies) by `server`."""
    other = server.client()
    other.cookie, other.form_cookie = client.cookie, client.form_cookie
    page = other.get("/p").text
    return re.search(r'aria-selected="true"[^>]*data-key="([^"]+)"', page).group(1)


def test_two_instances_on_one_database_each_reload_their_own_files(folio_bin, tmp_path):
    url = os.environ.get("FOLIO_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("FOLIO_TEST_POSTGRES_URL is unset: scripts/test starts a PostgreSQL and sets it")
    name = "folio_reload_" + uuid.uuid4().hex[:8]
    subprocess.run(["psql", "-X", "-q", url, "-c", f"CREATE DATABASE {name}"], check=True, timeout=30)
    database = urllib.parse.urlunsplit(urllib.parse.urlsplit(url)._replace(path="/" + name))
    first, second = tmp_path / "a" / "folio.json", tmp_path / "b" / "folio.json"
    for path in (first, second):
        path.parent.mkdir()
        write(path, json.dumps(configuration(["a", "b", "c"])))
    try:
        with FolioServer(folio_bin, "--config", str(first), "--state", database) as one, \
                FolioServer(folio_bin, "--config", str(second), "--state", database) as two:
            visitor = one.client()
            visitor.start_session("/p", page="b")
            # A pager added, p as it was (a record kept across p's own pages changing is
            # the keyed records' part, ResolvedPager.storedRecord).
            edited = configuration(["a", "b", "c"])
            edited["pagers"].append({**configuration(["x"])["pagers"][0], "key": "q", "title": "Q"})
            write(first, json.dumps(edited))
            assert until(lambda: generation(one) == "2") is not None
            assert generation(two) == "1"
            # The session written before the reload reads the same through both generations.
            assert selected(visitor, one) == "b" and selected(visitor, two) == "b"
            assert one.client().get("/q").status == 200 and two.client().get("/q").status == 404
    finally:
        subprocess.run(["psql", "-X", "-q", url, "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"],
                       timeout=30)
