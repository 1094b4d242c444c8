"""Process-level behaviour of the server: graceful shutdown, access log, IPv6."""

import signal
import socket
import subprocess
import threading
import time

import pytest

from test_http_support import FIXTURE, start_fixture, stop_fixture


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT])
def test_signal_finishes_the_request_in_flight_and_exits_zero(tmp_path, signal_number):
    fixture = start_fixture(tmp_path, "--quiet")
    result = {}

    def slow_request():
        with socket.create_connection(("127.0.0.1", fixture.port), timeout=10) as sock:
            sock.sendall(b"GET /slow?ms=800 HTTP/1.1\r\nHost: t\r\n\r\n")
            data = b""
            while b"slept" not in data:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
            result["response"] = data
            result["closed"] = sock.recv(1) == b""

    thread = threading.Thread(target=slow_request)
    thread.start()
    time.sleep(0.3)
    fixture.process.send_signal(signal_number)
    time.sleep(0.1)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", fixture.port), timeout=1).close()
    thread.join(10)
    assert fixture.process.wait(timeout=10) == 0
    assert result["response"].startswith(b"HTTP/1.1 200")
    assert b"Connection: close" in result["response"]
    assert result["closed"]
    stop_fixture(fixture)


def test_access_log_line_format(tmp_path):
    fixture = start_fixture(tmp_path)
    with socket.create_connection(("127.0.0.1", fixture.port), timeout=5) as sock:
        sock.sendall(b"GET /page?x=1 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        while sock.recv(65536):
            pass
    fixture.process.terminate()
    _, err = fixture.process.communicate(timeout=10)
    assert fixture.process.returncode == 0
    line = err.strip().splitlines()[0].split(" ")
    assert line[:4] == ["GET", "/page?x=1", "200", "10240"]
    assert line[4].endswith("us") and int(line[4][:-2]) >= 0


def test_serves_ipv6_loopback():
    try:
        socket.create_server(("::1", 0), family=socket.AF_INET6).close()
    except OSError:
        pytest.skip("no IPv6 loopback here")
    process = subprocess.Popen([FIXTURE, "--quiet", "--host", "::1"], stdout=subprocess.PIPE, text=True)
    url = process.stdout.readline().strip()
    assert url.startswith("http://[::1]:")
    port = int(url.rsplit(":", 1)[1])
    with socket.create_connection(("::1", port), timeout=5) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: [::1]\r\nConnection: close\r\n\r\n")
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
    process.terminate()
    assert process.wait(timeout=10) == 0
    process.stdout.close()
