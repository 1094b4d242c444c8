"""Page data fetched from a `url` comes from another machine: whatever it
sends, `folio serve` answers (the page shows an error panel) and keeps
serving. Each hostile document is served by a feed on 127.0.0.1."""

import json

import pytest

from test_dashboard_helpers import FeedServer, FolioServer

HOSTILE_FEEDS = {
    "not json": b"<html>nope</html>",
    "a JSON array": b"[1, 2, 3]",
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "truncated": b'{"posts": [{"text": "a',
    "bad utf-8": b'{"posts": "\xc3\x28\xed\xa0\x80"}',
    "lone high surrogate": b'{"posts": "\\ud800"}',
    "lone low surrogate": b'{"posts": "\\udc00"}',
    "huge number": b'{"posts": 1e999999}',
    "empty": b"",
    # Found by `scripts/fuzz feed` (HARDENING.md, finding 1): a high
    # surrogate followed by an escape that is not a low surrogate overflowed
    # FolioTemplate's JSONReader and killed the server.
    "high surrogate then a non-low escape": b'{"posts": "\\ud800\\u0000"}',
    "high surrogate then an ASCII escape": b'{"posts": "\\ud83d\\u0041"}',
}


def config(folder, url):
    path = folder / "folio.json"
    path.write_text(json.dumps({"pagers": [{"key": "f", "title": "F", "pages": [
        {"key": "a", "title": "A", "template": "content/posts.html", "data": {"posts": []}},
        {"key": "feed", "title": "Feed", "template": "content/posts.html", "url": url, "timeoutSeconds": 5},
    ]}]}))
    return str(path)


@pytest.mark.parametrize("what", HOSTILE_FEEDS)
def test_a_hostile_feed_gives_an_error_panel_and_the_server_keeps_serving(folio_bin, tmp_path, what):
    with FeedServer(HOSTILE_FEEDS[what]) as feed, FolioServer(folio_bin, "--config", config(tmp_path, feed.url)) as server:
        client = server.client()
        response = client.get("/f/feed")
        assert response.status == 200
        assert "folio-panel-error" in response.text
        assert client.get("/healthz").status == 200
        assert server.process.poll() is None
