"""Issue 11, items 4, 5 and 12 (static files), end to end: big files are
streamed (memory stays flat, HEAD reads nothing, the loop keeps answering),
Range works, a slow reader is not cut off while it makes progress, gzip and
identity have their own ETags, and a symlinked folder inside Public/ is served.

Servers are real: `folio serve --public DIR` (FolioServer), and
FolioHTTPFixture where a short write timeout is needed (folio serve has no
flag for it). Each RSS test starts its own server, so VmHWM is its own peak."""

import os
import shutil
import socket
import statistics
import subprocess
import time

import pytest

from test_dashboard_helpers import FolioServer
from test_http_support import proc_status_kib, start_fixture, stop_fixture
from test_security_support import raw_request, request_bytes

MIB = 1024 * 1024
BIG = 50 * 1000 * 1000
# A period that is no power of two, so a body shifted by any small offset differs.
PATTERN = bytes(range(251))


def pattern(size):
    return (PATTERN * (size // len(PATTERN) + 1))[:size]


@pytest.fixture(scope="module")
def public(tmp_path_factory):
    root = tmp_path_factory.mktemp("hardening") / "public"
    root.mkdir()
    (root / "big.bin").write_bytes(pattern(BIG))
    (root / "small.bin").write_bytes(pattern(10_000))
    (root / "clip.mp4").write_bytes(pattern(3 * MIB))
    (root / "site.css").write_text("body { color: #767676; margin: 0 auto; }\n" * 200)
    (root / "real").mkdir()
    (root / "real" / "inner.txt").write_bytes(b"inner text")
    os.symlink(root / "real", root / "linked")
    os.symlink("real", root / "relative-linked")
    return root


@pytest.fixture
def server(folio_bin, public):
    with FolioServer(folio_bin, "--public", str(public)) as running:
        yield running


def bytes_read(pid):
    """Bytes the process has asked read(2) and friends for (rchar): a file read whole shows here."""
    with open(f"/proc/{pid}/io") as io:
        for line in io:
            if line.startswith("rchar:"):
                return int(line.split()[1])
    raise AssertionError("no rchar")


def get(server, target, extra=b""):
    return raw_request(server.port, request_bytes(b"GET", target, extra))


def healthz_seconds(port):
    started = time.monotonic()
    status, _, body = raw_request(port, request_bytes(b"GET", b"/healthz"), timeout=10)
    elapsed = time.monotonic() - started
    assert status == 200 and body == b"ok\n"
    return elapsed


def test_forty_unread_requests_for_a_big_file_keep_memory_flat_and_the_loop_free(server):
    pid = server.process.pid
    before = proc_status_kib(pid, "VmHWM")
    sockets = []
    try:
        for _ in range(40):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            sock.sendall(request_bytes(b"GET", b"/public/big.bin"))
            sockets.append(sock)
        timings = [healthz_seconds(server.port) for _ in range(20)]
        time.sleep(0.5)
        peak = proc_status_kib(pid, "VmHWM")
    finally:
        for sock in sockets:
            sock.close()
    p50, worst = statistics.median(timings), max(timings)
    print(f"\nVmHWM {before // 1024} -> {peak // 1024} MiB; /healthz p50 {p50 * 1000:.1f} ms, "
          f"max {worst * 1000:.1f} ms")
    assert peak < 256 * 1024, f"peak RSS {peak // 1024} MiB"
    assert worst < 1.0, f"/healthz took {worst:.3f} s"


def test_head_of_a_big_file_is_answered_from_metadata(server):
    pid = server.process.pid
    hwm, read = proc_status_kib(pid, "VmHWM"), bytes_read(pid)
    for _ in range(10):
        status, headers, body = raw_request(server.port, request_bytes(b"HEAD", b"/public/big.bin"))
        assert status == 200 and body == b""
        assert headers["content-length"] == [str(BIG)]
        assert headers["accept-ranges"] == ["bytes"]
        assert "etag" in headers and "last-modified" in headers
    grown, extra_read = proc_status_kib(pid, "VmHWM") - hwm, bytes_read(pid) - read
    print(f"\n10 HEADs: VmHWM +{grown // 1024} MiB, read {extra_read} bytes")
    assert grown < 16 * 1024, f"VmHWM grew {grown // 1024} MiB"
    assert extra_read < MIB, f"HEAD read {extra_read} bytes"


@pytest.mark.parametrize("name, size", [("big.bin", BIG), ("small.bin", 10_000), ("clip.mp4", 3 * MIB)])
def test_a_ranged_get_returns_exactly_those_bytes(server, name, size):
    data = pattern(size)
    target = b"/public/" + name.encode()
    cases = [
        (b"bytes=1000-1999", 1000, 1999),
        (b"bytes=0-0", 0, 0),
        (b"bytes=%d-" % (size - 300), size - 300, size - 1),
        (b"bytes=-500", size - 500, size - 1),
        (b"bytes=%d-%d" % (size - 10, size + 5000), size - 10, size - 1),
    ]
    for spec, first, last in cases:
        status, headers, body = get(server, target, b"Range: " + spec + b"\r\n")
        assert status == 206, spec
        assert headers["content-range"] == [f"bytes {first}-{last}/{size}"], spec
        assert headers["content-length"] == [str(last - first + 1)], spec
        assert headers["accept-ranges"] == ["bytes"], spec
        assert body == data[first:last + 1], spec


def test_curl_ranges_and_seeks_like_a_video_element(server, tmp_path):
    if shutil.which("curl") is None:
        pytest.skip("no curl")
    data = pattern(3 * MIB)
    for spec, first, last in [("0-99", 0, 99), ("1048576-", 1048576, 3 * MIB - 1)]:
        out = tmp_path / "part"
        done = subprocess.run(
            ["curl", "-sS", "-r", spec, "-o", str(out), "-w", "%{http_code} %{content_type}",
             server.url + "/public/clip.mp4"], capture_output=True, text=True, timeout=30)
        assert done.stdout == "206 video/mp4", done.stdout + done.stderr
        assert out.read_bytes() == data[first:last + 1]


def test_an_unsatisfiable_range_is_416_with_the_length(server):
    for spec in (b"bytes=%d-" % BIG, b"bytes=%d-%d" % (BIG + 5, BIG + 10), b"bytes=-0"):
        status, headers, _ = get(server, b"/public/big.bin", b"Range: " + spec + b"\r\n")
        assert status == 416, spec
        assert headers["content-range"] == [f"bytes */{BIG}"], spec


def test_if_range_and_multiple_ranges_fall_back_to_the_whole_file(server):
    data = pattern(10_000)
    _, headers, _ = get(server, b"/public/small.bin")
    etag = headers["etag"][0].encode()
    status, _, body = get(server, b"/public/small.bin", b"Range: bytes=0-9\r\nIf-Range: " + etag + b"\r\n")
    assert status == 206 and body == data[:10]
    status, _, body = get(server, b"/public/small.bin", b'Range: bytes=0-9\r\nIf-Range: "stale"\r\n')
    assert status == 200 and body == data
    status, _, body = get(server, b"/public/small.bin", b"Range: bytes=0-9, 20-29\r\n")
    assert status == 200 and body == data


def test_a_slow_reader_gets_the_whole_file_although_it_takes_longer_than_the_write_timeout(tmp_path):
    # FolioHTTPFixture has --write-timeout; a 1 s timeout against a ~4 s read.
    fixture = start_fixture(tmp_path, "--quiet", "--write-timeout", "1")
    try:
        size = 12 * MIB
        (fixture.static_root / "slow.bin").write_bytes(pattern(size))
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        # A small receive window so the server's writes block early and often.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 * 1024)
        sock.settimeout(10)
        sock.connect(("127.0.0.1", fixture.port))
        sock.sendall(request_bytes(b"GET", b"/static/slow.bin"))
        received = bytearray()
        started = time.monotonic()
        rate = 3 * MIB  # bytes per second
        while True:
            chunk = sock.recv(64 * 1024)
            if not chunk:
                break
            received += chunk
            # Never run ahead of `rate`: sleep until the bytes so far are due.
            due = started + len(received) / rate
            if due > time.monotonic():
                time.sleep(due - time.monotonic())
        elapsed = time.monotonic() - started
        sock.close()
        head, _, body = bytes(received).partition(b"\r\n\r\n")
        print(f"\nslow reader: {len(body)} of {size} bytes in {elapsed:.1f} s (write timeout 1 s)")
        assert head.startswith(b"HTTP/1.1 200")
        assert elapsed > 2, "the read did not outlast the write timeout"
        assert len(body) == size
        assert body == pattern(size)
    finally:
        assert stop_fixture(fixture) == 0


def test_a_reader_that_stops_is_still_cut_after_the_write_timeout(tmp_path):
    fixture = start_fixture(tmp_path, "--quiet", "--write-timeout", "1")
    try:
        (fixture.static_root / "stall.bin").write_bytes(pattern(12 * MIB))
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 * 1024)
        sock.settimeout(10)
        sock.connect(("127.0.0.1", fixture.port))
        sock.sendall(request_bytes(b"GET", b"/static/stall.bin"))
        time.sleep(3)  # reads nothing for three write timeouts
        total, started = 0, time.monotonic()
        while time.monotonic() - started < 8:
            chunk = sock.recv(MIB)
            if not chunk:
                break
            total += len(chunk)
        sock.close()
        assert total < 12 * MIB, "a stalled reader was never cut"
    finally:
        assert stop_fixture(fixture) == 0


def test_gzip_and_identity_have_their_own_etags(server):
    gzip = b"Accept-Encoding: gzip\r\n"
    _, zipped, _ = get(server, b"/public/site.css", gzip)
    _, plain, _ = get(server, b"/public/site.css")
    assert zipped["content-encoding"] == ["gzip"] and "content-encoding" not in plain
    assert zipped["vary"] == ["Accept-Encoding"] and plain["vary"] == ["Accept-Encoding"]
    gzip_tag, plain_tag = zipped["etag"][0].encode(), plain["etag"][0].encode()
    assert gzip_tag != plain_tag
    # A client holding the identity copy that now accepts gzip gets gzip, not a 304.
    status, headers, _ = get(server, b"/public/site.css", gzip + b"If-None-Match: " + plain_tag + b"\r\n")
    assert status == 200 and headers["content-encoding"] == ["gzip"]
    # A client holding the gzip copy that no longer accepts gzip gets identity.
    status, headers, _ = get(server, b"/public/site.css", b"If-None-Match: " + gzip_tag + b"\r\n")
    assert status == 200 and "content-encoding" not in headers
    # Each copy still gets its 304.
    status, headers, _ = get(server, b"/public/site.css", gzip + b"If-None-Match: " + gzip_tag + b"\r\n")
    assert status == 304 and headers["etag"] == [gzip_tag.decode()]
    status, headers, _ = get(server, b"/public/site.css", b"If-None-Match: " + plain_tag + b"\r\n")
    assert status == 304 and headers["etag"] == [plain_tag.decode()]


@pytest.mark.parametrize("target", [b"/public/linked/inner.txt", b"/public/relative-linked/inner.txt"])
def test_a_symlinked_folder_inside_public_is_served(server, target):
    # Its target stays inside the public folder (issue 26, item 6).
    assert get(server, b"/public/real/inner.txt")[2] == b"inner text"
    status, _, body = get(server, target)
    assert status == 200 and body == b"inner text"
