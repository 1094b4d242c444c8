"""FolioHTTP against h11, a strict HTTP/1.1 implementation, plus raw pipelining."""

import json
import socket

import h11

from test_http_support import raw_exchange, server  # noqa: F401 (pytest fixture)


class H11Client:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.conn = h11.Connection(our_role=h11.CLIENT)

    def send(self, *events):
        for event in events:
            data = self.conn.send(event)
            if data:
                self.sock.sendall(data)

    def receive(self):
        response, body = None, b""
        while True:
            event = self.conn.next_event()
            if event is h11.NEED_DATA:
                self.conn.receive_data(self.sock.recv(65536))
                continue
            if isinstance(event, h11.InformationalResponse):
                continue
            if isinstance(event, h11.Response):
                response = event
            elif isinstance(event, h11.Data):
                body += event.data
            elif isinstance(event, (h11.EndOfMessage, h11.ConnectionClosed)):
                return response, body

    def request(self, method, target, headers=(), body=None):
        headers = [("Host", "t"), *headers]
        if body is not None:
            headers.append(("Content-Length", str(len(body))))
        self.send(h11.Request(method=method, target=target, headers=headers))
        if body is not None:
            self.send(h11.Data(data=body))
        self.send(h11.EndOfMessage())
        result = self.receive()
        if self.conn.our_state is h11.DONE and self.conn.their_state is h11.DONE:
            self.conn.start_next_cycle()
        return result

    def close(self):
        self.sock.close()


def header(response, name):
    for key, value in response.headers:
        if key == name.lower().encode():
            return value.decode()
    return None


def test_strict_client_keeps_the_connection_for_many_cycles(server):
    client = H11Client(server.port)
    for index in range(20):
        response, body = client.request("GET", f"/echo?i={index}")
        assert response.status_code == 200
        assert json.loads(body)["query"] == [["i", str(index)]]
        assert header(response, "date")
    client.close()


def test_strict_client_sends_a_chunked_body(server):
    client = H11Client(server.port)
    client.send(h11.Request(method="POST", target="/echo", headers=[("Host", "t"), ("Transfer-Encoding", "chunked")]))
    client.send(h11.Data(data=b"a=1&"), h11.Data(data=b"b=two+words"), h11.EndOfMessage())
    response, body = client.receive()
    assert response.status_code == 200
    assert json.loads(body)["form"] == [["a", "1"], ["b", "two words"]]
    client.close()


def test_head_response_has_length_and_no_body(server):
    client = H11Client(server.port)
    client.send(h11.Request(method="HEAD", target="/page", headers=[("Host", "t")]), h11.EndOfMessage())
    response, body = client.receive()
    assert header(response, "content-length") == "10240"
    assert body == b""
    client.conn.start_next_cycle()
    response, body = client.request("GET", "/page")
    assert len(body) == 10240
    client.close()


def test_connection_close_is_honoured(server):
    client = H11Client(server.port)
    response, _ = client.request("GET", "/page", headers=[("Connection", "close")])
    assert header(response, "connection") == "close"
    assert client.sock.recv(1) == b""
    client.close()


def test_http10_closes_unless_keep_alive_is_asked(server):
    plain = raw_exchange(server.port, b"GET /healthz HTTP/1.0\r\n\r\n")
    assert plain.startswith(b"HTTP/1.1 200") and b"Connection: close" in plain
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(b"GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        first = sock.recv(65536)
        assert b"Connection: keep-alive" in first
        sock.sendall(b"GET /healthz HTTP/1.0\r\n\r\n")
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")


def test_pipelined_requests_are_answered_in_order(server):
    names = [*map(str, range(10)), "last"]
    requests = b"".join(f"GET /echo?n={n} HTTP/1.1\r\nHost: t\r\n\r\n".encode() for n in names[:-1])
    requests += b"GET /echo?n=last HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
    data = raw_exchange(server.port, requests)
    order = []
    for n in names:
        # h11 does not pipeline, so each response is read by a fresh strict parser.
        conn = h11.Connection(our_role=h11.CLIENT)
        conn.send(h11.Request(method="GET", target=f"/echo?n={n}", headers=[("Host", "t")]))
        conn.send(h11.EndOfMessage())
        conn.receive_data(data)
        body = b""
        while True:
            event = conn.next_event()
            if isinstance(event, h11.Data):
                body += event.data
            elif isinstance(event, h11.EndOfMessage):
                break
            assert event is not h11.NEED_DATA
        order.append(json.loads(body)["query"][0][1])
        data, _ = conn.trailing_data
    assert order == names
    assert data == b""
