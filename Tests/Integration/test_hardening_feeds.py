"""Round two of the URL-feed hardening (HARDENING.md, issue 11 item 6): a
feed is read up to a size cap, redirects stay on the feed's origin, views of
one feed share one fetch, and a feed that hangs holds up no click.

Each feed here is a FeedServer (test_dashboard_helpers) on 127.0.0.1 whose
answer this file writes; it counts the fetches it gets and the bytes it sends."""

import json
import threading
import time

import pytest

from test_dashboard_helpers import ROOT, FeedServer, FolioServer, feed_and_clicks_config, send_json, write_config
from test_http_support import proc_status_kib

MIB = 1 << 20
FEED_BYTES = 300 * MIB
PEAK_LIMIT_KIB = 256 * 1024


def posts(text):
    """One demo post whose text is `text`."""
    post = json.loads((ROOT / "Templates" / "demo" / "essence-joke.json").read_text())["posts"][0]
    post["text"] = text
    return {"posts": [post]}


def huge(chunked):
    """300 MB of valid JSON, streamed: an object, then spaces, then its end.
    With `chunked`, no Content-Length warns the client: it must count."""
    def respond(handler, feed):
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        if chunked:
            handler.send_header("Transfer-Encoding", "chunked")
        else:
            handler.send_header("Content-Length", str(FEED_BYTES))
        handler.end_headers()

        def write(data):
            if chunked:
                handler.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            else:
                handler.wfile.write(data)
            feed.count(len(data))

        head, tail = b'{"posts": [', b"]}"
        write(head)
        chunk = b" " * (256 * 1024)
        left = FEED_BYTES - len(head) - len(tail)
        while left > 0:
            write(chunk[: min(left, len(chunk))])
            left -= len(chunk)
        write(tail)
        if chunked:
            handler.wfile.write(b"0\r\n\r\n")
    return respond


def redirect(location):
    def respond(handler, feed):
        handler.send_response(302)
        handler.send_header("Location", location(handler.path))
        handler.send_header("Content-Length", "0")
        handler.end_headers()
    return respond


def feed_config(folder, url, timeout_seconds=10):
    return feed_and_clicks_config(folder, url, timeout_seconds, pager="f", page="feed")


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_300_mb_feed_is_cut_off_at_the_cap_and_memory_stays_bounded(folio_bin, tmp_path, chunked):
    with FeedServer(respond=huge(chunked)) as feed, FolioServer(folio_bin, "--config", feed_config(tmp_path, feed.url, 60)) as server:
        started = time.monotonic()
        response = server.client().get("/f/feed")
        # The first view may be answered before the fetch ends: look until it has.
        deadline = time.monotonic() + 60
        while "folio-panel-loading" in response.text and time.monotonic() < deadline:
            time.sleep(0.2)
            response = server.client().get("/f/feed")
        elapsed = time.monotonic() - started
        peak = proc_status_kib(server.process.pid, "VmHWM")
        print(f"\n300 MB feed ({'chunked' if chunked else 'content-length'}): peak RSS {peak / 1024:.0f} MiB, answered in {elapsed:.2f} s, "
              f"feed sent {feed.sent / MIB:.0f} MiB")
        assert response.status == 200
        assert "folio-panel-error" in response.text
        # The reader sees no internals; whoever runs it finds them in the log.
        assert "4 MiB" not in response.text, response.text
        assert peak < PEAK_LIMIT_KIB, f"peak RSS {peak} KiB"
        assert feed.sent < 64 * MIB, "folio kept reading past the cap"
        assert server.client().get("/healthz").status == 200
        assert "4 MiB" in server.stopped_log()


def test_a_redirect_to_another_origin_is_not_followed_and_is_named(folio_bin, tmp_path):
    with FeedServer(posts("elsewhere-marker")) as elsewhere, \
            FeedServer(respond=redirect(lambda path: elsewhere.url)) as feed, \
            FolioServer(folio_bin, "--config", feed_config(tmp_path, feed.url)) as server:
        response = server.client().get("/f/feed")
        assert response.status == 200
        assert "folio-panel-error" in response.text
        assert elsewhere.url not in response.text and feed.url not in response.text, response.text
        assert "elsewhere-marker" not in response.text
        assert elsewhere.fetches == 0
        assert feed.fetches == 1
        assert elsewhere.url in server.stopped_log()


def test_a_redirect_on_the_same_origin_is_followed_a_bounded_number_of_times(folio_bin, tmp_path):
    def same_origin(handler, feed):
        if handler.path == "/feed.json":
            redirect(lambda path: "/real.json")(handler, feed)
        elif handler.path == "/real.json":
            send_json(handler, posts("same-origin-marker"))
        else:
            # /loop/N redirects to /loop/N+1, for ever.
            step = int(handler.path.rsplit("/", 1)[1])
            redirect(lambda path: f"/loop/{step + 1}")(handler, feed)

    with FeedServer(respond=same_origin) as feed, FolioServer(folio_bin, "--config", write_config(tmp_path, [
            {"key": "f", "title": "F", "pages": [
                {"key": "a", "title": "A", "template": "content/posts.html", "url": feed.url},
                {"key": "loop", "title": "Loop", "template": "content/posts.html",
                 "url": feed.origin + "/loop/0"},
            ]}])) as server:
        assert "same-origin-marker" in server.client().get("/f/a").text
        before = feed.fetches
        response = server.client().get("/f/loop")
        assert "folio-panel-error" in response.text
        assert "redirect" not in response.text
        assert feed.fetches - before <= 6, f"{feed.fetches - before} fetches for a redirect loop"
        assert "redirect" in server.stopped_log()


def test_concurrent_views_of_a_hanging_feed_make_one_fetch(folio_bin, tmp_path):
    views = 12
    with FeedServer(posts("shared-marker"), gated=True) as feed, \
            FolioServer(folio_bin, "--config", feed_config(tmp_path, feed.url, 20)) as server:
        answers = []
        started = time.monotonic()
        threads = [threading.Thread(target=lambda: answers.append(server.client().get("/f/feed")), daemon=True)
                   for _ in range(views)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        elapsed = time.monotonic() - started
        time.sleep(0.5)
        print(f"\n{views} concurrent views of a hanging feed: {feed.fetches} fetch(es), "
              f"all answered in {elapsed:.2f} s")
        assert feed.fetches == 1
        assert len(answers) == views and all(answer.status == 200 for answer in answers)
        # The feed's timeout is 20 s: nobody waited for it.
        assert elapsed < 10
        assert all("folio-panel-loading" in answer.text for answer in answers)
        feed.release()
        deadline = time.monotonic() + 10
        while "shared-marker" not in server.client().get("/f/feed").text:
            assert time.monotonic() < deadline, "the shared fetch's data never showed"
            time.sleep(0.1)
        assert feed.fetches == 1


def test_selects_on_another_pager_are_prompt_while_a_feed_hangs(folio_bin, tmp_path):
    """4 views a second of a feed that never answers, on the default 4
    workers and a durable store: every select on another pager is answered
    within a second."""
    with FeedServer(respond=lambda handler, feed: None, gated=True) as feed, FolioServer(
            folio_bin, "--config", feed_config(tmp_path, feed.url, 10),
            "--state", str(tmp_path / "state.sqlite")) as server:
        stop = threading.Event()

        def viewer():
            while not stop.is_set():
                threading.Thread(target=lambda: server.client().get("/f/feed"), daemon=True).start()
                stop.wait(0.25)

        load = threading.Thread(target=viewer, daemon=True)
        load.start()
        try:
            assert feed.gate.wait(0) is False
            time.sleep(0.5)
            poster = server.client()
            token = poster.token("/essence")
            timings = []
            for index in range(17):
                page = "y" if index % 2 == 0 else "x"
                started = time.monotonic()
                answer = poster.post("/essence/select", {"page": page, "csrf": token})
                timings.append(time.monotonic() - started)
                assert answer.status == 303, answer.text
                if index == 0:
                    token = poster.token("/essence")  # the first click reissued the session
                time.sleep(0.1)
        finally:
            stop.set()
        print(f"\nselects while a feed hangs: max {max(timings):.3f} s, "
              f"median {sorted(timings)[len(timings) // 2]:.3f} s, fetches {feed.fetches}")
        assert max(timings) < 1.0, [round(t, 3) for t in timings]
