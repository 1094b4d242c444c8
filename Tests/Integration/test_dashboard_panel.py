"""`GET /{pager}/{page}/panel` over real HTTP: the panel's content alone,
fetched by folio.js while the reader drags towards a page not shown yet,
which changes nothing the session has (the reader may snap back): the
state JSON is the same before and after, byte for byte. A page fed from a
URL is fetched only when its panel is asked for (the lazy rule), off the
event loop: other requests are answered while the feed is slow."""

import json
import threading
import time

import pytest

from test_dashboard_helpers import ROOT, FeedServer, FolioServer, feed_and_clicks_config

MARKER = "邻页数据 neighbour-feed-marker"


@pytest.fixture(scope="module")
def server(folio_bin, tmp_path_factory):
    state = tmp_path_factory.mktemp("panel") / "state.sqlite"
    with FolioServer(folio_bin, "--state", str(state)) as running:
        yield running


def test_the_panel_route_answers_the_content_and_the_session_is_unchanged(server):
    client = server.client()
    client.start_session("/essence/all")
    before = client.get("/essence/state").body
    for path in ("/essence/video/panel", "/essence/1/panel"):
        answer = client.get(path)
        assert answer.status == 200, answer.text
        assert answer.header("Content-Type") == "text/html; charset=utf-8"
        assert answer.header("Cache-Control") == "private, no-cache"
        assert answer.header("Set-Cookie") is None
        # The content of the video page, not a pager: no section, no tabs, no form.
        assert 'class="post post--video"' in answer.text
        assert "folio-pager" not in answer.text and "<form" not in answer.text
    head = client.request("HEAD", "/essence/video/panel")
    assert head.status == 200 and head.body == b""
    assert client.get("/essence/state").body == before
    state = json.loads(before)
    assert state["selected"]["key"] == "all"
    assert [page["loaded"] for page in state["pages"]] == [True, False, False, False, False]


def test_a_visitor_without_a_session_gets_the_panel_and_no_cookie(server):
    answer = server.client().get("/essence/video/panel")
    assert answer.status == 200
    assert answer.header("Set-Cookie") is None
    assert 'class="post post--video"' in answer.text


@pytest.mark.parametrize("path, message", [
    ("/essence/5/panel", "The pager 'essence' has no page 5 (it has 5, numbered from 0)."),
    ("/essence/films/panel", "The pager 'essence' has no page 'films'."),
    ("/nothing/video/panel", "There is no pager 'nothing'."),
])
def test_an_unknown_page_or_pager_is_not_found_and_changes_nothing(server, path, message):
    client = server.client()
    client.start_session("/essence/all")
    before = client.get("/essence/state").body
    answer = client.get(path)
    assert answer.status == 404
    assert answer.text.strip() == message
    assert answer.header("Cache-Control") == "no-store"
    assert client.get("/essence/state").body == before


def test_a_post_to_the_panel_route_is_refused_with_allow(server):
    answer = server.client().post("/essence/video/panel", {})
    assert answer.status == 405
    assert answer.header("Allow") == "GET, HEAD"


def test_a_feed_page_is_fetched_when_its_panel_is_asked_for_and_the_loop_is_not_held(folio_bin, tmp_path):
    post = json.loads((ROOT / "Templates" / "demo" / "essence-joke.json").read_text())["posts"][0]
    post["text"] = MARKER
    with FeedServer({"posts": [post]}, gated=True) as feed, FolioServer(
            folio_bin, "--config", feed_and_clicks_config(tmp_path, feed.url, 20),
            "--state", str(tmp_path / "state.sqlite")) as server:
        client = server.client()
        client.start_session("/feed/a")
        before = client.get("/feed/state").body
        assert feed.fetches == 0, "nobody approached the feed page yet"
        answers = []
        asking = threading.Thread(target=lambda: answers.append(client.get("/feed/slow/panel")), daemon=True)
        asking.start()
        assert feed.requested.wait(timeout=10), "the panel's request did not start the feed's load"
        # The feed holds its answer: the event loops still answer everyone else.
        for _ in range(8):
            assert server.client().get("/healthz").status == 200
            assert server.client().get("/essence").status == 200
        feed.release()
        asking.join(timeout=30)
        assert answers and answers[0].status == 200
        deadline = time.monotonic() + 15
        answer = answers[0]
        while MARKER not in answer.text and time.monotonic() < deadline:
            time.sleep(0.1)  # the first answer may have been the loading panel
            answer = client.get("/feed/slow/panel")
        assert MARKER in answer.text, answer.text
        assert feed.fetches == 1
        assert client.get("/feed/state").body == before
        state = json.loads(before)
        assert state["selected"]["key"] == "a"
        assert [page["loaded"] for page in state["pages"]] == [True, False]
