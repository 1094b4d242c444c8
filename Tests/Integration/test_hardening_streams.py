"""Issue 24, item 4: a stream reader that stops reading is dropped once what
waits for it, in FolioHTTP's queue and in the kernel's send buffer together,
passes the 256 KiB stream limit; a reader that keeps up is never dropped.

Run with `-s` to see the figures (the largest Send-Q `ss` showed for the
slow reader's socket on the server side)."""

import re
import socket
import subprocess
import threading
import time

from live_support import LIVE_PAGER, EventStream, live_configuration, write_alerts
from test_dashboard_helpers import FolioServer
from test_http_support import start_fixture, stop_fixture

STREAM_LIMIT = 256 * 1024
EVENT = b"data: " + b"x" * 60_000 + b"\n\n"  # a panel of about 60 KB


def broadcast(port, body, group=None):
    """POSTs `body` to every open stream (of `group`); returns how many it reached."""
    target = "/broadcast" + (f"?group={group}" if group else "")
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(
            b"POST %s HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Length: %d\r\n\r\n"
            % (target.encode(), len(body)) + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return int(answer.rsplit(b"\r\n\r\n", 1)[1].strip())


def open_stream(port, group, receive_buffer=None):
    """A raw `GET /stream?group=...`; with `receive_buffer`, SO_RCVBUF is set before connecting."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(5)
    sock.connect(("127.0.0.1", port))
    sock.sendall(b"GET /stream?group=%s HTTP/1.1\r\nHost: t\r\n\r\n" % group.encode())
    deadline = time.monotonic() + 5
    while broadcast(port, b": ping\n\n", group) == 0:
        assert time.monotonic() < deadline, "the stream did not start"
        time.sleep(0.02)
    return sock


def server_send_queue(server_port, client_port):
    """Send-Q of the server's socket to `client_port` (`ss -tn`), or None once it is gone."""
    output = subprocess.run(
        ["ss", "-tnH", f"( sport = :{server_port} and dport = :{client_port} )"],
        capture_output=True, text=True, check=True).stdout
    for line in output.splitlines():
        fields = line.split()
        if fields and fields[0] == "ESTAB":
            return int(fields[2])
    return None


class FastReader(threading.Thread):
    """Reads a stream as fast as it comes, counting the big events."""

    def __init__(self, sock):
        super().__init__(daemon=True)
        self.sock = sock
        self.received = bytearray()
        self.ended = False

    def run(self):
        self.sock.settimeout(30)
        try:
            while chunk := self.sock.recv(1 << 20):
                self.received += chunk
        except OSError:
            pass
        self.ended = True

    def events(self):
        return len(re.findall(rb"data: x", bytes(self.received)))


def test_a_reader_that_never_reads_is_dropped_before_the_kernel_holds_more_than_the_limit(tmp_path):
    fixture = start_fixture(tmp_path, "--quiet")
    try:
        slow = open_stream(fixture.port, "slow", receive_buffer=4096)
        fast = open_stream(fixture.port, "fast")
        reader = FastReader(fast)
        reader.start()
        slow_port = slow.getsockname()[1]
        largest, reached, dropped_after = 0, [], None
        for number in range(20):
            reached.append(broadcast(fixture.port, EVENT))
            time.sleep(0.05)
            queued = server_send_queue(fixture.port, slow_port)
            largest = max(largest, queued or 0)
            if dropped_after is None and reached[-1] == 1:
                dropped_after = number
        print(f"\nslow reader: largest server Send-Q {largest:,} bytes; "
              f"dropped at event {dropped_after}; reached per event {reached}; "
              f"Send-Q now {server_send_queue(fixture.port, slow_port)}")
        assert dropped_after is not None, f"the slow reader was never dropped (Send-Q up to {largest:,})"
        assert largest <= STREAM_LIMIT
        assert server_send_queue(fixture.port, slow_port) is None
        # The reader finally reads: what it had, then a reset or the end.
        slow.settimeout(5)
        with_end = False
        try:
            while slow.recv(65536):
                pass
            with_end = True
        except ConnectionResetError:
            with_end = True
        assert with_end
        deadline = time.monotonic() + 10
        while reader.events() < 20 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert reader.events() == 20 and not reader.ended
        slow.close()
        fast.close()
    finally:
        assert stop_fixture(fixture) == 0


def test_a_reader_that_keeps_up_is_never_dropped_by_big_events(tmp_path):
    fixture = start_fixture(tmp_path, "--quiet")
    try:
        fast = open_stream(fixture.port, "fast")
        reader = FastReader(fast)
        reader.start()
        for _ in range(60):
            assert broadcast(fixture.port, EVENT) == 1
            time.sleep(0.01)
        deadline = time.monotonic() + 10
        while reader.events() < 60 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert reader.events() == 60 and not reader.ended
        fast.close()
    finally:
        assert stop_fixture(fixture) == 0


def test_a_live_tab_that_never_reads_60_kb_panels_is_dropped_and_one_that_reads_gets_them_all(
        folio_bin, tmp_path):
    server = FolioServer(folio_bin, "--config", live_configuration(tmp_path))
    try:
        path = f"/{LIVE_PAGER}/events?pages=alerts"
        slow = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        slow.connect((server.host, server.port))
        slow.sendall(b"GET %s HTTP/1.1\r\nHost: t\r\n\r\n" % path.encode())
        fast = EventStream(server.host, server.port, path)
        fast.next_event()  # the snapshot
        slow_port = slow.getsockname()[1]
        largest, gone_after = 0, None
        for number in range(8):
            heading = f"panel {number} " + "x" * 60_000
            write_alerts(tmp_path, number + 3, heading=heading)
            fast.events_until(lambda e: e.get("event") == "page" and heading in e["data"]["html"], timeout=6)
            queued = server_send_queue(server.port, slow_port)
            largest = max(largest, queued or 0)
            if queued is None and gone_after is None:
                gone_after = number
        print(f"\nlive tab that never reads: largest server Send-Q {largest:,} bytes; "
              f"its socket gone after panel {gone_after}")
        assert gone_after is not None and largest <= STREAM_LIMIT
        fast.close()
        slow.close()
    finally:
        server.stop()
