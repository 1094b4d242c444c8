"""Memory a client can pin (issue 11, items 1-3, 10 and 12a), against a real
FolioHTTPFixture: each attack is bounded (at most ~300 MB over loopback), the
server's peak RSS (VmHWM) must stay under 256 MiB, and a GET /healthz on a new
connection must be answered quickly while the attack runs."""

import http.client
import json
import os
import re
import resource
import select
import socket
import threading
import time

from test_dashboard_helpers import FeedServer, FolioServer, feed_and_clicks_config
from test_http_support import get_status, proc_status_kib, start_fixture, status_of, stop_fixture

MIB = 1024 * 1024
PEAK_LIMIT = 256 * MIB
HEALTHZ_LIMIT = 2.0  # seconds, on a 2-core machine shared with other builds


class HealthProbe:
    """GETs /healthz on a new connection every 0.1 s while an attack runs."""

    def __init__(self, port):
        self.port = port
        self.latencies = []
        self.statuses = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        while not self.done.is_set():
            started = time.monotonic()
            status = None
            try:
                status = get_status(self.port, timeout=5)
            except OSError:
                pass
            self.latencies.append(time.monotonic() - started)
            self.statuses.append(status)
            self.done.wait(0.1)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.thread.join(10)

    def check(self):
        assert self.statuses, "no probe ran"
        assert all(status == 200 for status in self.statuses), self.statuses
        assert max(self.latencies) < HEALTHZ_LIMIT, f"slowest /healthz {max(self.latencies):.2f} s"


def stream(port, prefix, piece, total):
    """Sends `prefix`, then `piece` until `total` bytes went out or the server
    stops taking them. Returns (bytes sent, first response bytes or b"")."""
    sent = 0
    response = b""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(prefix)
        block = piece * max(1, 65536 // len(piece))
        try:
            while sent < total:
                sock.sendall(block)
                sent += len(block)
                if select.select([sock], [], [], 0)[0]:
                    response = sock.recv(65536)
                    break
        except OSError:
            pass
        if not response:
            try:
                response = sock.recv(65536)
            except OSError:
                pass
    return sent, response


def run_attack(tmp_path, attack, *flags):
    """Starts a fixture, runs `attack(port)` under a health probe, returns
    (attack's result, peak RSS, RSS after, fixture)."""
    fixture = start_fixture(tmp_path, "--quiet", *flags)
    try:
        with HealthProbe(fixture.port) as probe:
            time.sleep(0.2)
            result = attack(fixture.port)
            time.sleep(0.3)
        peak = proc_status_kib(fixture.process.pid, "VmHWM") * 1024
        time.sleep(0.5)  # a loop tick frees and trims
        after = proc_status_kib(fixture.process.pid, "VmRSS") * 1024
        probe.check()
        shown = result if isinstance(result, tuple) else (len(result), sorted(set(result), key=str))
        print(f"peak {peak / MIB:.0f} MiB, after {after / MIB:.0f} MiB, "
              f"slowest /healthz {max(probe.latencies) * 1000:.0f} ms, result {str(shown)[:70]}")
        return result, peak, after
    finally:
        assert stop_fixture(fixture) == 0


def test_blank_lines_before_a_request_are_capped_and_dropped(tmp_path):
    (sent, response), peak, _ = run_attack(
        tmp_path, lambda port: stream(port, b"", b"\r\n", 300 * MIB))
    assert peak < PEAK_LIMIT, f"peak RSS {peak / MIB:.0f} MiB"
    assert sent < 64 * MIB, f"the server took {sent / MIB:.0f} MiB of blank lines"
    assert response == b"" or status_of(response) == 400


def test_chunk_extensions_count_against_the_request(tmp_path):
    head = b"POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
    chunk = b"1;" + b"x" * 4090 + b"\r\na\r\n"
    (sent, response), peak, _ = run_attack(
        tmp_path, lambda port: stream(port, head, chunk, 300 * MIB))
    assert peak < PEAK_LIMIT, f"peak RSS {peak / MIB:.0f} MiB"
    assert sent < 64 * MIB, f"the server took {sent / MIB:.0f} MiB of chunk framing"
    assert response == b"" or status_of(response) == 413


def open_bodies(port, count, chunked):
    """`count` connections each sending a 1 MiB body one byte short; returns
    the statuses of those the server answered at once, then closes them all."""
    socks = []
    statuses = []
    try:
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            socks.append(sock)
            if chunked:
                head = b"POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
                body = (b"10000\r\n" + b"b" * 65536 + b"\r\n") * 15 + b"fffe\r\n" + b"b" * 65534
            else:
                head = b"POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1048576\r\n\r\n"
                body = b"b" * (MIB - 1)
            try:
                sock.sendall(head + body)
            except OSError:
                pass
        time.sleep(0.5)
        for sock in socks:
            if select.select([sock], [], [], 0)[0]:
                try:
                    statuses.append(status_of(sock.recv(4096)))
                except OSError:
                    statuses.append("reset")
    finally:
        for sock in socks:
            sock.close()
    return statuses


def test_bodies_in_flight_share_a_budget_and_memory_comes_back(tmp_path):
    statuses, peak, after = run_attack(tmp_path, lambda port: open_bodies(port, 300, chunked=False))
    assert peak < PEAK_LIMIT, f"peak RSS {peak / MIB:.0f} MiB"
    assert after < 96 * MIB, f"RSS after the bodies closed {after / MIB:.0f} MiB"
    assert len(statuses) >= 200 and set(statuses) <= {503, "reset"}, statuses


def test_chunked_bodies_in_flight_share_the_budget(tmp_path):
    statuses, peak, after = run_attack(tmp_path, lambda port: open_bodies(port, 300, chunked=True))
    assert peak < PEAK_LIMIT, f"peak RSS {peak / MIB:.0f} MiB"
    assert after < 96 * MIB, f"RSS after the bodies closed {after / MIB:.0f} MiB"
    assert len(statuses) >= 200 and set(statuses) <= {503, "reset"}, statuses


def test_access_log_never_blocks_the_loop_when_stderr_is_not_read(tmp_path):
    # Not --quiet: one line per request goes to a stderr pipe nobody reads.
    fixture = start_fixture(tmp_path)
    try:
        total = 20000  # about 500 KB of log lines: more than the pipe and the log's buffer hold
        batch = b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n" * 100
        answered = 0
        with socket.create_connection(("127.0.0.1", fixture.port), timeout=5) as sock:
            pending = b""
            while answered < total:
                sock.sendall(batch)
                goal = answered + 100
                while answered < goal:
                    chunk = sock.recv(65536)
                    assert chunk, "server closed"
                    pending += chunk
                    answered += pending.count(b"\r\n\r\nok")
                    pending = pending[pending.rfind(b"\r\n\r\nok") + 1:] if b"\r\n\r\nok" in pending else pending
        assert answered == total
        # Reading stderr lets the writer catch up and report what it dropped:
        # every line is either written or counted in a report after it.
        def accounted(text):
            dropped = sum(int(count) for count in re.findall(rb"access log: (\d+) lines dropped\n", text))
            return text.count(b"GET /healthz 200 ") + dropped, dropped

        text = b""
        deadline = time.monotonic() + 10
        fd = fixture.process.stderr.fileno()
        while accounted(text)[0] < total and time.monotonic() < deadline:
            if select.select([fd], [], [], 0.5)[0]:
                text += os.read(fd, 65536)
        assert b" lines dropped\n" in text, text[-300:]
        print(f"access log: {accounted(text)}")
        assert accounted(text)[0] == total and accounted(text)[1] > 0
    finally:
        if fixture.process.poll() is None:
            fixture.process.kill()
        fixture.process.wait(10)


def test_no_100_continue_for_http_1_0(tmp_path):
    fixture = start_fixture(tmp_path, "--quiet")
    try:
        with socket.create_connection(("127.0.0.1", fixture.port), timeout=5) as sock:
            sock.sendall(b"POST /echo HTTP/1.0\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            early = b""
            if select.select([sock], [], [], 0.5)[0]:
                early = sock.recv(4096)
            assert early == b"", early
            sock.sendall(b"hello")
            response = b""
            while chunk := sock.recv(65536):
                response += chunk
        assert status_of(response) == 200 and b"100 Continue" not in response
    finally:
        assert stop_fixture(fixture) == 0


# Issue 24, item 8: memory that stays.

def view(server, path, timeout):
    """One GET on a new connection; (status, body bytes, seconds)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(server.host, server.port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read(), time.monotonic() - started
    finally:
        connection.close()


def test_a_40000_item_feed_renders_no_huge_panel(folio_bin, tmp_path):
    # 40,000 items in under 4 MiB of JSON: about 19 MB of panel before the cap.
    posts = [{"kind": "j", "author": "a", "avatar": "x", "time": "t", "text": "h",
              "likes": index, "comments": 1, "shares": 2} for index in range(40000)]
    document = json.dumps({"posts": posts}, separators=(",", ":")).encode()
    assert len(document) < 4 * MIB
    with FeedServer(document=document) as feed:
        config = feed_and_clicks_config(tmp_path, feed.url, 30, pager="f", page="feed")
        with FolioServer(folio_bin, "--config", config) as server:
            pid = server.process.pid
            baseline = proc_status_kib(pid, "VmRSS") * 1024
            status, body, seconds = view(server, "/f/feed", 20)
            deadline = time.monotonic() + 20
            while b"folio-panel-loading" in body and time.monotonic() < deadline:
                time.sleep(0.3)
                status, body, seconds = view(server, "/f/feed", 20)
            again = view(server, "/f/feed", 20)
            peak = proc_status_kib(pid, "VmHWM") * 1024
            log = server.stopped_log()
    print(f"\n40,000 items: view {seconds:.2f} s, again {again[2]:.2f} s, body {len(body)} bytes, "
          f"baseline {baseline / MIB:.0f} MiB, peak {peak / MIB:.0f} MiB")
    assert status == 200 and b"folio-panel-error" in body
    assert len(body) < 2 * MIB, f"the view is {len(body)} bytes"
    assert seconds < 10 and again[2] < 2, (seconds, again[2])
    assert again[0] == 200 and b"folio-panel-error" in again[1]
    assert "passed 2 MiB of HTML" in log, log[-500:]
    assert peak < 128 * MIB, f"peak RSS {peak / MIB:.0f} MiB"


def test_partial_heads_share_a_budget_and_memory_comes_back(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    count = 3000
    if soft < count + 100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 200), hard))
    fixture = start_fixture(tmp_path, "--quiet", "--head-budget", str(32 * MIB))
    head = b"GET / HTTP/1.1\r\nHost: t\r\nX-Pad: " + b"a" * 60000 + b"\r\n"
    socks = []
    try:
        pid = fixture.process.pid
        time.sleep(0.2)
        baseline = proc_status_kib(pid, "VmRSS") * 1024
        with HealthProbe(fixture.port) as probe:
            for _ in range(count):
                sock = socket.create_connection(("127.0.0.1", fixture.port), timeout=5)
                sock.setblocking(False)
                try:
                    sock.send(head)
                except OSError:
                    pass
                socks.append(sock)
            time.sleep(1.0)
            held = proc_status_kib(pid, "VmRSS") * 1024
        statuses = {}
        for sock in socks:
            try:
                data = sock.recv(4096)
                kind = status_of(data) if data else "closed"
            except BlockingIOError:
                kind = "held"
            except OSError:
                kind = "reset"
            statuses[kind] = statuses.get(kind, 0) + 1
        peak = proc_status_kib(pid, "VmHWM") * 1024
        for sock in socks:
            sock.close()
        socks = []
        time.sleep(10)
        after = proc_status_kib(pid, "VmRSS") * 1024
        print(f"\n{count} partial 60 KB heads: {statuses}; baseline {baseline / MIB:.0f} MiB, "
              f"held {held / MIB:.0f} MiB, peak {peak / MIB:.0f} MiB, 10 s after {after / MIB:.0f} MiB")
        probe.check()
        assert statuses.get(503, 0) >= count // 2, statuses
        assert statuses.get("held", 0) <= 32 * MIB // 60000 + 64, statuses
        assert peak < 96 * MIB, f"peak RSS {peak / MIB:.0f} MiB"
        assert after < baseline + 50 * MIB, f"RSS 10 s after {after / MIB:.0f} MiB"
    finally:
        for sock in socks:
            sock.close()
        assert stop_fixture(fixture) == 0
