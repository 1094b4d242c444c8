"""Issue 25, item 4, against a real `folio serve` on PostgreSQL: a view by a
visitor without a session never touches the database. PostgreSQL's own
record of the Folio database's connections (pg_stat_activity: each
backend's last statement start and state change) stays as it was across
200 such views of every kind, and its counters (pg_stat_database:
transactions, rows read) do not move either; the first click, which must
reach the database, moves both, so the test sees a database touch when
there is one. Needs FOLIO_TEST_POSTGRES_URL (scripts/test sets it)."""

import os
import subprocess
import time
import urllib.parse
import uuid

import pytest

from test_dashboard_helpers import Client, FolioServer

PSQL = ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"]
VIEWS = 200


@pytest.fixture
def database():
    """A database of the test's own on the cluster of FOLIO_TEST_POSTGRES_URL:
    (its name, the URL that reaches it, the URL of the cluster's own database)."""
    url = os.environ.get("FOLIO_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("FOLIO_TEST_POSTGRES_URL is unset: scripts/test starts a PostgreSQL and sets it")
    name = "folio_views_" + uuid.uuid4().hex[:8]
    subprocess.run([*PSQL, url, "-c", f"CREATE DATABASE {name}"], check=True, timeout=30)
    parts = urllib.parse.urlsplit(url)
    yield name, urllib.parse.urlunsplit(parts._replace(path="/" + name)), url
    subprocess.run([*PSQL, url, "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], timeout=30)


def query(url, sql):
    """Rows of `sql`, run from the cluster's own database (so it counts in none of Folio's)."""
    result = subprocess.run([*PSQL, url, "-c", sql], check=True, capture_output=True, text=True, timeout=30)
    return result.stdout.strip()


def activity(url, name):
    """Each Folio connection's pid, last statement start and last state change."""
    return query(url, "SELECT pid, query_start, state_change FROM pg_stat_activity "
                      f"WHERE datname = '{name}' AND backend_type = 'client backend' ORDER BY pid")


def counters(url, name):
    """Transactions committed and rolled back, rows fetched and returned, in Folio's database."""
    return query(url, "SELECT xact_commit, xact_rollback, tup_fetched, tup_returned "
                      f"FROM pg_stat_database WHERE datname = '{name}'")


def settled_counters(url, name, timeout=30):
    """The counters once they stop moving: a backend reports them up to 10 s
    after its last transaction (PostgreSQL 15's idle flush)."""
    deadline = time.monotonic() + timeout
    last, since = counters(url, name), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(1)
        now = counters(url, name)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= 11:
            return now
    raise AssertionError(f"the counters of {name} kept moving: {last}")


def views_without_a_session(server):
    """VIEWS views as visitors without a session make them: new browsers,
    a browser holding the folio_csrf cookie its first view set, a HEAD,
    every kind of view and the state JSON."""
    returning = Client(server.host, server.port)
    paths = ["/essence", "/essence/video", "/essence/fragment", "/essence/state", "/essence?return=/home"]
    for index in range(VIEWS):
        path = paths[index % len(paths)]
        browser = returning if index % 2 else Client(server.host, server.port)
        response = browser.request("HEAD" if index % 7 == 0 else "GET", path)
        assert response.status == 200, (path, response.status, response.body[:200])
        assert browser.cookie is None, f"the view of {path} set a session cookie"


def test_views_without_a_session_never_touch_the_database(folio_bin, database):
    name, folio_url, cluster_url = database
    with FolioServer(folio_bin, "--state", folio_url) as server:
        server.client().get("/healthz")
        # Nothing left for autovacuum to do, whose work would count in the
        # database too: the views change nothing, so none starts meanwhile.
        query(folio_url, "VACUUM ANALYZE")
        counted = settled_counters(cluster_url, name)
        connections = activity(cluster_url, name)
        assert connections, "Folio keeps no connection to its database"

        views_without_a_session(server)

        assert activity(cluster_url, name) == connections, "a view without a session ran a statement"
        after = settled_counters(cluster_url, name)
        assert after == counted, f"a view without a session read or wrote: {counted} -> {after}"

        # The observation can fail: the first click makes a session in the database.
        Client(server.host, server.port).start_session("/essence")
        assert activity(cluster_url, name) != connections, "a click ran no statement PostgreSQL saw"
        assert settled_counters(cluster_url, name) != counted, "a click's write left no count"
