"""Shared helpers for the FolioHTTP suites: start FolioHTTPFixture, talk raw HTTP,
read a server's memory figures from /proc.

Imported by the other test_http_* modules (pytest puts this folder on sys.path);
it holds no tests itself.
"""

import os
import pathlib
import socket
import subprocess
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURE = os.environ.get("FOLIO_HTTP_FIXTURE", str(ROOT / ".build" / "debug" / "FolioHTTPFixture"))


class Fixture:
    """A running FolioHTTPFixture process."""

    def __init__(self, process, url, static_root):
        self.process = process
        self.url = url
        self.port = int(url.rsplit(":", 1)[1])
        self.static_root = static_root


def start_fixture(tmp_path, *extra):
    """Starts the fixture on 127.0.0.1, port 0, serving tmp_path/static at /static/."""
    if not os.path.exists(FIXTURE):
        pytest.fail(f"{FIXTURE} does not exist: run `swift build` first")
    static = tmp_path / "static"
    static.mkdir(exist_ok=True)
    (static / "hello.html").write_text("<!DOCTYPE html><p>" + "hello static world " * 40 + "</p>\n")
    (static / "style.css").write_text("body { color: #767676; }\n" * 30)
    process = subprocess.Popen(
        [FIXTURE, "--static", str(static), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = process.stdout.readline().strip()
    if not url.startswith("http://"):
        process.kill()
        pytest.fail(f"fixture did not start: {process.stderr.read()}")
    return Fixture(process, url, static)


def stop_fixture(fixture):
    """SIGTERM, then wait; returns the exit status."""
    if fixture.process.poll() is None:
        fixture.process.terminate()
    try:
        return fixture.process.wait(timeout=10)
    finally:
        fixture.process.stdout.close()
        fixture.process.stderr.close()


@pytest.fixture
def server(tmp_path):
    """A quiet fixture server for one test."""
    fixture = start_fixture(tmp_path, "--quiet")
    yield fixture
    assert stop_fixture(fixture) == 0


def raw_exchange(port, data, timeout=5.0):
    """Sends bytes on a new connection and reads until the server closes it (or timeout)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        chunks = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                break
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)


def status_of(response_bytes):
    """The status code of the first response in raw bytes, or None."""
    if not response_bytes.startswith(b"HTTP/1.1 "):
        return None
    return int(response_bytes[9:12])


def get_status(port, path="/healthz", timeout=5.0):
    """One GET on a fresh connection with Connection: close; its status."""
    request = f"GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode()
    return status_of(raw_exchange(port, request, timeout))


def proc_status_kib(pid, field):
    """A `kB` field of /proc/PID/status (`VmHWM`, the peak RSS; `VmRSS`), in KiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise AssertionError(f"no {field} in /proc/{pid}/status")
