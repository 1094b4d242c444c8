"""FolioHTTP against curl: keep-alive reuse, Expect: 100-continue, HEAD, static files."""

import gzip
import subprocess

from test_http_support import server  # noqa: F401 (pytest fixture)


def curl(*args):
    return subprocess.run(["curl", "-sS", "--http1.1", *args], capture_output=True, timeout=30)


def test_curl_reuses_one_keep_alive_connection(server):
    result = curl("-v", f"{server.url}/page", f"{server.url}/echo", f"{server.url}/page", "-o", "/dev/null",
                  "-o", "/dev/null", "-o", "/dev/null")
    log = result.stderr.decode()
    assert result.returncode == 0
    assert log.count("Re-using existing connection") == 2
    assert log.count("Connected to") == 1


def test_fixed_page_is_10_kb_of_html(server):
    result = curl("-i", f"{server.url}/page")
    head, body = result.stdout.split(b"\r\n\r\n", 1)
    assert b"HTTP/1.1 200 OK" in head
    assert b"Content-Length: 10240" in head
    assert b"Date: " in head
    assert len(body) == 10240


def test_curl_expect_100_continue_gets_continue_then_the_answer(server, tmp_path):
    payload = tmp_path / "body.txt"
    payload.write_bytes(b"x=" + b"y" * 4000)
    result = curl("-v", "-H", "Expect: 100-continue", "--data-binary", f"@{payload}", f"{server.url}/echo")
    log = result.stderr.decode()
    assert "HTTP/1.1 100 Continue" in log
    assert b'"bodyLength":4002' in result.stdout


def test_curl_head_gets_headers_without_body(server):
    result = curl("-I", f"{server.url}/page")
    assert b"Content-Length: 10240" in result.stdout
    assert result.stdout.endswith(b"\r\n\r\n")


def test_query_form_and_cookies_are_decoded(server):
    result = curl("--data", "page=%E7%B2%BE%E5%8D%8E&q=a+b", "-b", "session=abc; theme=\"dark\"",
                  f"{server.url}/echo?x=1+2&y=%C3%A9")
    text = result.stdout.decode()
    assert '"form":[["page","精华"],["q","a b"]]' in text
    assert '"query":[["x","1 2"],["y","é"]]' in text
    assert '"cookies":{"session":"abc","theme":"dark"}' in text


def test_path_is_percent_decoded_once(server):
    result = curl(f"{server.url}/echo%2520x")
    assert result.stdout == b"not found\n"
    result = curl(f"{server.url}/%65cho")
    assert b'"path":"\\/echo"' in result.stdout


def test_static_files_gzip_etag_and_304(server):
    result = curl("-i", "--compressed", f"{server.url}/static/hello.html")
    head, body = result.stdout.split(b"\r\n\r\n", 1)
    assert b"Content-Encoding: gzip" in head
    assert b"hello static world" in body
    etag = [line.split(b": ", 1)[1] for line in head.split(b"\r\n") if line.lower().startswith(b"etag:")][0]
    again = curl("-i", "--compressed", "-H", f"If-None-Match: {etag.decode()}", f"{server.url}/static/hello.html")
    assert again.stdout.startswith(b"HTTP/1.1 304")
    # The gzip copy's tag does not validate the identity representation (issue 11 item 12b).
    identity = curl("-i", "-H", f"If-None-Match: {etag.decode()}", f"{server.url}/static/hello.html")
    assert identity.stdout.startswith(b"HTTP/1.1 200") and b"Content-Encoding" not in identity.stdout
    raw = curl("-H", "Accept-Encoding: gzip", f"{server.url}/static/style.css")
    assert gzip.decompress(raw.stdout).startswith(b"body { color")


def test_static_files_refuse_traversal(server):
    result = curl("-i", "--path-as-is", f"{server.url}/static/../../etc/passwd")
    assert result.stdout.split(b" ")[1] in (b"400", b"404")


def test_unrouted_method_gets_405_with_allow(server):
    result = curl("-i", "-X", "DELETE", f"{server.url}/page")
    assert result.stdout.startswith(b"HTTP/1.1 405")
    assert b"Allow: GET, HEAD" in result.stdout
