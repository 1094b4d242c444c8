"""Malformed and oversized requests over raw sockets: each gets its status,
the connection is closed, and the server still answers a normal request."""

import socket
import time

import pytest

from test_http_support import get_status, raw_exchange, server, start_fixture, status_of, stop_fixture  # noqa: F401

HOST = b"Host: t\r\n"

VECTORS = [
    ("request line over 8 KB", b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n" + HOST + b"\r\n", 414),
    ("request line never ending", b"GET /" + b"a" * 20000, 414),
    ("headers over 64 KB", b"GET / HTTP/1.1\r\n" + HOST + (b"X-Big: " + b"b" * 1000 + b"\r\n") * 70 + b"\r\n", 431),
    ("over 100 header lines", b"GET / HTTP/1.1\r\n" + HOST + b"".join(b"X-%d: v\r\n" % i for i in range(101)) + b"\r\n", 431),
    ("body over 1 MB", b"POST /echo HTTP/1.1\r\n" + HOST + b"Content-Length: 2000000\r\n\r\n", 413),
    ("chunked body over 1 MB", b"POST /echo HTTP/1.1\r\n" + HOST + b"Transfer-Encoding: chunked\r\n\r\n200000\r\n", 413),
    ("Content-Length and Transfer-Encoding", b"POST /echo HTTP/1.1\r\n" + HOST + b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
    ("duplicate Content-Length", b"POST /echo HTTP/1.1\r\n" + HOST + b"Content-Length: 4\r\nContent-Length: 4\r\n\r\nabcd", 400),
    ("Content-Length +5", b"POST /echo HTTP/1.1\r\n" + HOST + b"Content-Length: +5\r\n\r\nhello", 400),
    ("Content-Length -1", b"POST /echo HTTP/1.1\r\n" + HOST + b"Content-Length: -1\r\n\r\n", 400),
    ("Content-Length 0x10", b"POST /echo HTTP/1.1\r\n" + HOST + b"Content-Length: 0x10\r\n\r\n", 400),
    ("Content-Length list", b"POST /echo HTTP/1.1\r\n" + HOST + b"Content-Length: 4, 4\r\n\r\nabcd", 400),
    ("unknown transfer coding", b"POST /echo HTTP/1.1\r\n" + HOST + b"Transfer-Encoding: gzip, chunked\r\n\r\n", 501),
    ("bad chunk size", b"POST /echo HTTP/1.1\r\n" + HOST + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
    ("chunk size 0x5", b"POST /echo HTTP/1.1\r\n" + HOST + b"Transfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n", 400),
    ("chunk without CRLF", b"POST /echo HTTP/1.1\r\n" + HOST + b"Transfer-Encoding: chunked\r\n\r\n3\r\nabcX0\r\n\r\n", 400),
    ("obsolete line folding", b"GET / HTTP/1.1\r\n" + HOST + b"X-Fold: a\r\n  b\r\n\r\n", 400),
    ("whitespace before colon", b"GET / HTTP/1.1\r\nHost : t\r\n\r\n", 400),
    ("control character in value", b"GET / HTTP/1.1\r\n" + HOST + b"X-Ctl: a\x00b\r\n\r\n", 400),
    ("control character in name", b"GET / HTTP/1.1\r\n" + HOST + b"X\x01Ctl: a\r\n\r\n", 400),
    ("bare LF in value", b"GET / HTTP/1.1\r\n" + HOST + b"X-Lf: a\nb\r\n\r\n", 400),
    ("missing Host", b"GET / HTTP/1.1\r\n\r\n", 400),
    ("repeated Host", b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    ("unknown method", b"BREW /pot HTTP/1.1\r\n" + HOST + b"\r\n", 501),
    ("garbage request line", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 400),
    ("HTTP/2 version", b"GET / HTTP/2.0\r\n" + HOST + b"\r\n", 505),
    ("bad percent escape", b"GET /%zz HTTP/1.1\r\n" + HOST + b"\r\n", 400),
    ("unsupported Expect", b"POST /echo HTTP/1.1\r\n" + HOST + b"Expect: teapot\r\nContent-Length: 1\r\n\r\nx", 417),
]


@pytest.mark.parametrize("name,request_bytes,status", VECTORS, ids=[v[0] for v in VECTORS])
def test_rejection_has_its_status_closes_and_server_still_answers(server, name, request_bytes, status):
    response = raw_exchange(server.port, request_bytes)
    assert status_of(response) == status, response[:200]
    assert b"\r\nConnection: close\r\n" in response
    assert get_status(server.port) == 200


def test_405_with_allow_for_a_known_but_unrouted_method(server):
    response = raw_exchange(server.port, b"PUT /page HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    assert status_of(response) == 405
    assert b"\r\nAllow: GET, HEAD\r\n" in response


def test_stalled_head_gets_408_within_the_deadline_even_when_trickled(tmp_path):
    fixture = start_fixture(tmp_path, "--quiet", "--head-timeout", "1")
    try:
        with socket.create_connection(("127.0.0.1", fixture.port), timeout=5) as sock:
            started = time.monotonic()
            sock.sendall(b"GET / HTTP/1.1\r\n")
            for _ in range(4):  # one byte every 0.4 s must not extend the deadline
                time.sleep(0.4)
                try:
                    sock.sendall(b"X")
                except OSError:
                    break
                assert get_status(fixture.port) == 200
            data = sock.recv(65536)
            assert status_of(data) == 408
            assert time.monotonic() - started < 2.5
    finally:
        assert stop_fixture(fixture) == 0


def test_idle_keep_alive_connection_is_closed(tmp_path):
    fixture = start_fixture(tmp_path, "--quiet", "--idle-timeout", "0.5")
    try:
        with socket.create_connection(("127.0.0.1", fixture.port), timeout=5) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            assert sock.recv(65536).startswith(b"HTTP/1.1 200")
            started = time.monotonic()
            assert sock.recv(1) == b""
            assert time.monotonic() - started < 2
    finally:
        assert stop_fixture(fixture) == 0


def test_body_deadline_answers_408(tmp_path):
    fixture = start_fixture(tmp_path, "--quiet", "--body-timeout", "0.5")
    try:
        response = raw_exchange(fixture.port, b"POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
        assert status_of(response) == 408
    finally:
        assert stop_fixture(fixture) == 0


def test_connection_cap_answers_503_and_keeps_serving_below_it(tmp_path):
    fixture = start_fixture(tmp_path, "--quiet", "--max-connections", "3")
    try:
        held = [socket.create_connection(("127.0.0.1", fixture.port), timeout=5) for _ in range(3)]
        time.sleep(0.2)
        assert status_of(raw_exchange(fixture.port, b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")) == 503
        held.pop().close()
        time.sleep(0.3)
        assert get_status(fixture.port) == 200
        for sock in held:
            sock.close()
    finally:
        assert stop_fixture(fixture) == 0
