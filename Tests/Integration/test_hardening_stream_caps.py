"""Issue 24, item 5: one client cannot hold every connection with event
streams. Streams of one address stop at --max-streams-per-address (429 with
Retry-After), streams of all addresses at nine tenths of --max-connections
(503 with Retry-After), and pages and /healthz are served meanwhile, to that
client and to others.

Run with `-s` to see the figures."""

import socket
import time

import pytest

from live_support import LIVE_PAGER, live_configuration
from test_dashboard_helpers import FolioServer

MAX_CONNECTIONS = 200
PER_ADDRESS = 32  # the default
STREAM = f"/{LIVE_PAGER}/events?pages=alerts"


@pytest.fixture
def server(folio_bin, tmp_path):
    server = FolioServer(
        folio_bin, "--config", live_configuration(tmp_path), "--max-connections", str(MAX_CONNECTIONS))
    yield server
    server.stop()


def connect(server, source):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(5)
    sock.bind((source, 0))
    sock.connect((server.host, server.port))
    return sock


def read_head(sock):
    """The status code and header block of the response; b"" when the server closed first."""
    head = b""
    while b"\r\n\r\n" not in head:
        try:
            chunk = sock.recv(4096)
        except ConnectionResetError:
            chunk = b""
        if not chunk:
            break
        head += chunk
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/1.1 ") else None
    return status, head


def open_stream(server, source, forwarded_for=None):
    """`GET` of the live pager's events from `source`: (socket, status, response so far)."""
    sock = connect(server, source)
    extra = b"X-Forwarded-For: %s\r\n" % forwarded_for.encode() if forwarded_for else b""
    sock.sendall(b"GET %s HTTP/1.1\r\nHost: t\r\n%s\r\n" % (STREAM.encode(), extra))
    status, head = read_head(sock)
    return sock, status, head


def timed_get(server, source, path):
    """(status, seconds) of a `GET path` on a new connection from `source`."""
    started = time.monotonic()
    with connect(server, source) as sock:
        sock.sendall(b"GET %s HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n" % path.encode())
        status, _ = read_head(sock)
    return status, time.monotonic() - started


def assert_served(server, sources):
    for source in sources:
        for path in ("/healthz", f"/{LIVE_PAGER}/overview"):
            status, seconds = timed_get(server, source, path)
            print(f"{path} from {source}: {status} in {seconds * 1000:.1f} ms")
            assert status == 200 and seconds < 2, f"{path} from {source}: {status} in {seconds:.2f} s"


def test_one_address_gets_its_share_of_streams_and_pages_are_still_served(server):
    held, statuses = [], {}
    try:
        for _ in range(260):
            sock, status, head = open_stream(server, "127.0.0.1")
            statuses[status] = statuses.get(status, 0) + 1
            if status == 200:
                held.append(sock)
                continue
            if status == 429:
                assert b"\r\nRetry-After: " in head and b"Too many event streams from your address" in head
            sock.close()
        print(f"\n260 streams from 127.0.0.1: {statuses}")
        assert_served(server, ["127.0.0.1", "127.0.0.2"])
        assert len(held) == PER_ADDRESS and statuses.get(429) == 260 - PER_ADDRESS
        # A slot is given back when its stream ends.
        held.pop().close()
        deadline = time.monotonic() + 5
        while True:
            sock, status, _ = open_stream(server, "127.0.0.1")
            if status == 200 or time.monotonic() > deadline:
                break
            sock.close()
            time.sleep(0.05)
        held.append(sock)
        assert status == 200
    finally:
        for sock in held:
            sock.close()


def test_streams_from_many_addresses_never_take_every_connection(server):
    held, statuses, refusal = [], {}, b""
    try:
        for host in range(2, 12):
            for _ in range(PER_ADDRESS):
                sock, status, head = open_stream(server, f"127.0.0.{host}")
                statuses[status] = statuses.get(status, 0) + 1
                if status == 200:
                    held.append(sock)
                else:
                    refusal = head
                    sock.close()
        print(f"\n{10 * PER_ADDRESS} streams from 10 addresses: {statuses}")
        assert_served(server, ["127.0.0.1", "127.0.0.2", "127.0.0.50"])
        assert b"\r\nRetry-After: " in refusal and b"Too many event streams are open" in refusal
        assert len(held) == MAX_CONNECTIONS * 9 // 10 and statuses.get(503) == 10 * PER_ADDRESS - len(held)
    finally:
        for sock in held:
            sock.close()


def count_accepted(server, forwarded_for):
    """Opens one stream from 127.0.0.1 per `forwarded_for` entry; returns how many got 200, and closes all."""
    socks, accepted = [], 0
    for address in forwarded_for:
        sock, status, _ = open_stream(server, "127.0.0.1", forwarded_for=address)
        socks.append(sock)
        accepted += status == 200
    for sock in socks:
        sock.close()
    return accepted


def test_behind_a_trusted_proxy_streams_count_against_the_forwarded_address(folio_bin, tmp_path):
    proxied = FolioServer(
        folio_bin, "--config", live_configuration(tmp_path), "--trusted-proxy", "127.0.0.1/32")
    try:
        many = [f"198.51.100.{n}, 127.0.0.1" for n in range(40)]
        assert count_accepted(proxied, many) == 40
        time.sleep(0.5)  # the slots are given back as the server sees the closes
        assert count_accepted(proxied, ["198.51.100.7"] * 40) == PER_ADDRESS
    finally:
        proxied.stop()


def test_a_forwarded_address_from_an_untrusted_peer_does_not_lift_the_cap(server):
    assert count_accepted(server, [f"198.51.100.{n}" for n in range(40)]) == PER_ADDRESS
