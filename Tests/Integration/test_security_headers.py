"""Response-header review: every kind of answer a real `folio serve` gives
(pages, fragments, JSON, generated and static CSS, 303, 304, HEAD, health,
and every refusal: 400, 403, 404 as HTML and text, 405) carries
`X-Content-Type-Options: nosniff`, a Content-Security-Policy without
'unsafe-inline' and with frame-ancestors, and a Referrer-Policy; the session
cookie is HttpOnly and SameSite=Lax; pages holding a token are not cached by
shared caches. The HTTP layer's own refusals (bad framing, limits) are
checked as well."""

import pytest

from test_dashboard_helpers import FolioServer
from test_security_support import raw_request

SAFE_REFERRER_POLICIES = {"no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"}


@pytest.fixture(scope="module")
def server(folio_bin):
    with FolioServer(folio_bin) as running:
        yield running


def csp_directives(policy):
    directives = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives[words[0].lower()] = words[1:]
    return directives


def check_security_headers(headers, what, frame_ancestors=("'self'",)):
    """headers: name (lower case) -> list of values."""
    assert headers.get("x-content-type-options") == ["nosniff"], what
    policies = headers.get("content-security-policy", [])
    assert len(policies) == 1, (what, policies)
    directives = csp_directives(policies[0])
    for name, sources in directives.items():
        assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources, (what, name)
    assert "default-src" in directives, what
    for name in ("script-src", "style-src"):
        sources = directives.get(name, directives["default-src"])
        assert "*" not in sources and "data:" not in sources and "http:" not in sources, (what, name)
    assert directives.get("object-src") == ["'none'"], what
    assert directives.get("frame-ancestors") == list(frame_ancestors), what
    assert "base-uri" in directives, what
    referrer = headers.get("referrer-policy", [])
    assert len(referrer) == 1 and referrer[0] in SAFE_REFERRER_POLICIES, (what, referrer)


def lower(response):
    headers = {}
    for name, value in response.headers.items():
        headers.setdefault(name.lower(), []).append(value)
    return headers


def kinds(client):
    """(what, response) for every kind of answer the dashboard gives."""
    page = client.get("/essence")
    token = client.token("/essence")
    css = client.get("/public/folio.css")
    yield "index", client.get("/")
    yield "page", page
    yield "page by key", client.get("/essence/video")
    yield "fragment", client.get("/essence/fragment")
    yield "state JSON", client.get("/essence/state")
    yield "pager.css", client.get("/essence/pager.css")
    yield "static file", css
    yield "static 304", client.get("/public/folio.css", headers={"If-None-Match": css.header("ETag")})
    yield "static gzip", client.get("/public/folio.css", headers={"Accept-Encoding": "gzip"})
    yield "health", client.get("/healthz")
    yield "HEAD page", client.request("HEAD", "/essence")
    yield "303 select", client.post("/essence/select", {"page": "voice", "csrf": token})
    yield "htmx select", client.post("/essence/select", {"page": "joke", "csrf": token},
                                     headers={"HX-Request": "true"})
    yield "400 form", client.post("/essence/select", "page=%zz&csrf=" + token,
                                  headers={"Content-Type": "application/x-www-form-urlencoded"})
    yield "403 csrf", client.post("/essence/select", {"page": "voice"})
    yield "404 html", client.get("/nowhere", headers={"Accept": "text/html"})
    yield "404 text", client.get("/essence/nowhere")
    yield "404 static", client.get("/public/nothing.css")
    yield "400 static", client.get("/public/%2e%2e/Package.swift")
    yield "405", client.get("/essence/select")


def test_every_kind_of_answer_carries_the_security_headers(server):
    client = server.client()
    seen = set()
    for what, response in kinds(client):
        seen.add(response.status)
        check_security_headers(lower(response), what)
    assert {200, 303, 304, 400, 403, 404, 405} <= seen


def test_every_answer_names_its_content_type(server):
    for what, response in kinds(server.client()):
        if response.status in (303, 304) or what.startswith("HEAD"):
            continue
        assert response.header("Content-Type"), what
        if response.header("Content-Type").startswith("text/"):
            assert "charset=utf-8" in response.header("Content-Type").lower(), what


def test_answers_holding_a_token_or_cookie_are_private(server):
    client = server.client()
    for path in ["/essence", "/essence/video", "/essence/fragment", "/essence/state"]:
        response = client.get(path)
        cache = (response.header("Cache-Control") or "").lower()
        assert "private" in cache or "no-store" in cache, (path, cache)


def test_frame_ancestors_follows_the_option(folio_bin):
    with FolioServer(folio_bin, "--frame-ancestors", "https://intranet.example",
                     "--frame-ancestors", "'self'") as running:
        response = running.client().get("/essence")
        check_security_headers(lower(response), "page", ("https://intranet.example", "'self'"))


def test_the_session_and_form_cookies_are_http_only_and_same_site_lax(server):
    client = server.client()
    view = client.get("/essence")
    response = client.start_session("/essence")
    for answer, name in [(view, "folio_csrf"), (response, "folio_session")]:
        cookies = [c for c in answer.headers.get_all("Set-Cookie") if c.startswith(name + "=")]
        assert len(cookies) == 1, name
        attributes = [part.strip().lower() for part in cookies[0].split(";")[1:]]
        assert "httponly" in attributes and "samesite=lax" in attributes, name


def test_no_answer_without_a_session_need_sets_a_cookie(server):
    client = server.client()
    for path in ["/healthz", "/public/folio.css", "/essence/pager.css", "/nowhere"]:
        assert client.get(path).header("Set-Cookie") is None, path


HTTP_LAYER_REFUSALS = {
    "400 request line": b"GARBAGE\r\n\r\n",
    "400 framing": b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
    "413 body": b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n",
    "414 request line": b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    "431 header count": b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(120)) + b"\r\n",
    "501 method": b"BREW / HTTP/1.1\r\nHost: x\r\n\r\n",
}


@pytest.mark.parametrize("what", HTTP_LAYER_REFUSALS)
def test_http_layer_refusals_are_plain_text_and_echo_nothing(server, what):
    status, headers, body = raw_request(server.port, HTTP_LAYER_REFUSALS[what])
    assert status == int(what.split()[0])
    assert headers["content-type"][0].startswith("text/plain")
    assert b"<" not in body and len(body) < 200


@pytest.mark.parametrize("what", HTTP_LAYER_REFUSALS)
def test_http_layer_refusals_carry_nosniff(server, what):
    # HARDENING.md, finding 3: these used to go out without it.
    _, headers, _ = raw_request(server.port, HTTP_LAYER_REFUSALS[what])
    assert headers.get("x-content-type-options") == ["nosniff"]
