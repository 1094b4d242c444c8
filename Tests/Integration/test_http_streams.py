"""FolioHTTP's streaming responses read by h11, a strict HTTP/1.1 client:
chunked framing, events in order, the end of the message, keep-alive after
it, a broadcast reaching a held stream, and the access-log line at the end."""

import socket
import time

import h11

from test_http_support import start_fixture, stop_fixture


class StreamClient:
    """An h11 connection that hands out events as they arrive."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.conn = h11.Connection(our_role=h11.CLIENT)

    def get(self, target):
        for event in (h11.Request(method="GET", target=target, headers=[("Host", "t")]), h11.EndOfMessage()):
            self.sock.sendall(self.conn.send(event))

    def next_event(self):
        while True:
            event = self.conn.next_event()
            if event is not h11.NEED_DATA:
                return event
            self.conn.receive_data(self.sock.recv(65536))

    def read_until_end(self):
        """The response and its body's data events, up to EndOfMessage."""
        response, data = None, []
        while True:
            event = self.next_event()
            if isinstance(event, h11.Response):
                response = event
            elif isinstance(event, h11.Data):
                data.append(event.data)
            elif isinstance(event, h11.EndOfMessage):
                return response, data


def header(response, name):
    return dict(response.headers).get(name.lower().encode(), b"").decode()


def test_h11_reads_a_stream_to_its_end_and_keeps_the_connection(tmp_path):
    fixture = start_fixture(tmp_path)
    try:
        client = StreamClient(fixture.port)
        client.get("/stream?events=5")
        response, data = client.read_until_end()
        assert response.status_code == 200
        assert header(response, "transfer-encoding") == "chunked"
        assert header(response, "content-type") == "text/event-stream"
        assert b"".join(data) == b"".join(f"data: event {n}\n\n".encode() for n in range(5))
        client.conn.start_next_cycle()
        client.get("/healthz")
        response, data = client.read_until_end()
        assert response.status_code == 200 and b"".join(data) == b"ok\n"
        client.sock.close()
    finally:
        assert stop_fixture(fixture) == 0


def test_h11_gets_a_broadcast_on_a_held_stream_and_the_final_chunk_at_stop(tmp_path):
    fixture = start_fixture(tmp_path)
    client = StreamClient(fixture.port)
    client.get("/stream")
    response = client.next_event()
    assert isinstance(response, h11.Response) and response.status_code == 200
    deadline = time.monotonic() + 5
    reached = b"0"
    while reached == b"0" and time.monotonic() < deadline:
        with socket.create_connection(("127.0.0.1", fixture.port), timeout=5) as sock:
            event = b"data: hello\n\n"
            sock.sendall(
                b"POST /broadcast HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s"
                % (len(event), event)
            )
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        reached = answer.rsplit(b"\r\n\r\n", 1)[1].strip()
    assert reached == b"1"
    event = client.next_event()
    assert isinstance(event, h11.Data) and event.data == b"data: hello\n\n"
    fixture.process.terminate()
    # The stream ends cleanly: h11 sees the end of the message, then the close.
    assert isinstance(client.next_event(), h11.EndOfMessage)
    assert fixture.process.wait(timeout=10) == 0
    log = fixture.process.stderr.read()
    fixture.process.stdout.close()
    fixture.process.stderr.close()
    client.sock.close()
    # Written as the stream ended, with the body bytes sent.
    assert "GET /stream 200 13 " in log
