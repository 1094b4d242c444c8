"""Memory a client can pin (issue 11, items 1-3, 10 and 12a), against a real
FolioHTTPFixture: each attack is bounded (at most ~300 MB over loopback), the
server's peak RSS (VmHWM) must stay under 256 MiB, and a GET /healthz on a new
connection must be answered quickly while the attack runs."""

import os
import re
import select
import socket
import threading
import time

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
