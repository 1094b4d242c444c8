"""A page whose URL feed is slow holds up nobody else: while `folio serve`
waits for the feed, other pagers and form posts of other sessions are
answered. The fetch runs off the request threads; a view waits for it at
most `PageDataLimits.viewWaitSeconds` (0.5 s) after it started, then shows
the loading panel, and a later view shows the data or, past the page's
timeout, the error panel.

The feed answers only when the test says so, after the other requests have
been answered."""

import json
import subprocess
import threading
import time

from test_dashboard_helpers import ROOT, FeedServer, FolioServer, feed_and_clicks_config

MARKER = "来自慢速数据源 slow-feed-marker"
# Enough fresh connections that each event loop (one per core, dealt round
# robin) gets some, the slow request's loop included.
OTHER_REQUESTS = 8


def slow_feed():
    """A gated feed of one demo post whose text is MARKER."""
    post = json.loads((ROOT / "Templates" / "demo" / "essence-joke.json").read_text())["posts"][0]
    post["text"] = MARKER
    return FeedServer({"posts": [post]}, gated=True)


def config(folder, url, timeout_seconds):
    return feed_and_clicks_config(folder, url, timeout_seconds)


def start_slow_request(server):
    """GETs the slow page on a thread; returns (thread, done event, result list)."""
    done = threading.Event()
    result = []

    def run():
        try:
            result.append(server.client().get("/feed/slow"))
        finally:
            done.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, done, result


def others_are_answered(server, rounds=OTHER_REQUESTS):
    """Another session's posts and other pagers, each on a fresh connection."""
    poster = server.client()
    token = poster.token("/essence")
    for index in range(rounds):
        assert server.client().get("/essence").status == 200
        page = "y" if index % 2 == 0 else "x"
        answer = poster.post("/essence/select", {"page": page, "csrf": token})
        assert answer.status == 303, answer.text
        assert answer.header("Location").endswith(f"/essence/{page}")
        if index == 0:
            token = poster.token("/essence")  # the first click reissued the session
    assert poster.state("/essence")["selected"]["key"] == ("x" if rounds % 2 == 0 else "y")


def view_until(server, marker, seconds=15):
    """Views the slow page until its text holds `marker`; returns that answer."""
    deadline = time.monotonic() + seconds
    while True:
        answer = server.client().get("/feed/slow")
        if marker in answer.text or time.monotonic() > deadline:
            return answer
        time.sleep(0.1)


def test_a_slow_feed_holds_up_no_other_pager_then_its_page_arrives(folio_bin, tmp_path):
    with slow_feed() as feed, FolioServer(
            folio_bin, "--config", config(tmp_path, feed.url, 20),
            "--state", str(tmp_path / "state.sqlite")) as server:
        thread, done, result = start_slow_request(server)
        assert feed.requested.wait(timeout=10), "folio never fetched the feed"
        others_are_answered(server)
        thread.join(timeout=10)
        assert done.is_set(), "the first view of the slow page waited past its bounded wait"
        assert result and result[0].status == 200
        assert "folio-panel-loading" in result[0].text and MARKER not in result[0].text
        feed.release()
        answer = view_until(server, MARKER)
        assert answer.status == 200
        assert MARKER in answer.text
        assert "folio-panel-error" not in answer.text
        assert server.process.poll() is None


def test_a_feed_that_never_answers_gives_the_error_panel_after_its_timeout(folio_bin, tmp_path):
    with slow_feed() as feed, FolioServer(
            folio_bin, "--config", config(tmp_path, feed.url, 3),
            "--state", str(tmp_path / "state.sqlite")) as server:
        started = time.monotonic()
        thread, done, result = start_slow_request(server)
        assert feed.requested.wait(timeout=10), "folio never fetched the feed"
        others_are_answered(server, rounds=3)
        thread.join(timeout=10)
        assert result and "folio-panel-loading" in result[0].text
        answer = view_until(server, "folio-panel-error")
        assert "folio-panel-error" in answer.text
        assert time.monotonic() - started >= 3, "the error panel came before the feed's timeout"
        assert MARKER not in answer.text
        assert server.client().get("/healthz").status == 200


def test_with_one_worker_a_select_is_answered_while_the_slow_page_loads(folio_bin, tmp_path):
    """--workers bounds the blocking work in flight, and a hanging feed
    holds the only worker for at most the bounded wait, not its timeout:
    a select (a durable write) is answered while the feed still hangs."""
    with slow_feed() as feed, FolioServer(
            folio_bin, "--config", config(tmp_path, feed.url, 20), "--workers", "1",
            "--state", str(tmp_path / "state.sqlite")) as server:
        poster = server.client()
        token = poster.token("/essence")
        thread, done, result = start_slow_request(server)
        assert feed.requested.wait(timeout=10), "folio never fetched the feed"
        assert poster.get("/essence").status == 200
        answers = []
        select = threading.Thread(
            target=lambda: answers.append(poster.post("/essence/select", {"page": "y", "csrf": token})),
            daemon=True)
        select.start()
        select.join(timeout=5)
        assert answers and answers[0].status == 303, "the select waited for the hanging feed"
        thread.join(timeout=10)
        assert done.is_set() and "folio-panel-loading" in result[0].text
        feed.release()
        assert MARKER in view_until(server, MARKER).text


def test_serve_refuses_a_worker_count_out_of_range(folio_bin):
    for value in ("0", "-1", "many", "5000"):
        result = subprocess.run([folio_bin, "serve", "--port", "0", "--workers", value],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode != 0
        assert "--workers must be a number from 1 to 1024" in result.stderr and value in result.stderr

