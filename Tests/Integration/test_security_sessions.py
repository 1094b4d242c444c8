"""Session review: ids are 128 random bits (32 lowercase hex digits) that
look uniform over 1,000 sessions, never repeat, differ between server runs,
never appear in markup, and a cookie value the server did not issue is
never adopted (no session fixation). Views keep no state: sessions begin at
a visitor's first click, so every session here is made by one. Against a
real `folio serve`."""

import http.client
import os
import re

import pytest

from test_dashboard_helpers import FolioServer

SESSIONS = 1000
ID = re.compile(r"^[0-9a-f]{32}$")
SIGNED = re.compile(r"^f1\.[0-9a-f]+\.([0-9a-f]{32})\.[0-9a-f]+$")
TOKEN = re.compile(r'name="csrf" value="([^"]*)"|value="([^"]*)" name="csrf"')
FROM = re.compile(r'name="from" value="([^"]*)"|value="([^"]*)" name="from"')
SESSION_COOKIES = ("folio_session", "__Host-folio_session")


def session_cookies(response):
    return [c for c in response.headers.get_all("Set-Cookie") or []
            if c.split("=", 1)[0] in SESSION_COOKIES]


def value_of(pattern, body):
    match = pattern.search(body)
    assert match, f"the form has no {pattern.pattern!r}"
    return match.group(1) or match.group(2)


def exchange(connection, method, path, headers=None, body=None):
    all_headers = dict(headers or {})
    if body is not None:
        all_headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=body, headers=all_headers)
    response = connection.getresponse()
    return response, response.read().decode()


def view(connection, cookie=None, headers=None):
    """GET /essence/fragment as a visitor without a session (optionally
    presenting `cookie` as folio_session): it must set no session cookie but
    a folio_csrf cookie, and sign its form. Returns (folio_csrf value,
    signed token, shown page key, body)."""
    sent = dict(headers or {})
    if cookie is not None:
        sent["Cookie"] = f"folio_session={cookie}"
    response, body = exchange(connection, "GET", "/essence/fragment", sent)
    assert response.status == 200, body
    assert session_cookies(response) == [], "a view set a session cookie"
    form_cookies = [c for c in response.headers.get_all("Set-Cookie") or [] if c.startswith("folio_csrf=")]
    assert len(form_cookies) == 1, form_cookies
    form_cookie = form_cookies[0].split(";")[0].split("=", 1)[1]
    assert ID.match(form_cookie), form_cookie
    assert "httponly" in [part.strip().lower() for part in form_cookies[0].split(";")]
    signed = value_of(TOKEN, body)
    match = SIGNED.match(signed)
    assert match and match.group(1) == form_cookie, signed
    return form_cookie, signed, value_of(FROM, body), body


def fresh_session(connection, headers=None, cookie=None):
    """A visitor's first click on a kept-alive connection: the view (no
    session), the POST /essence/select that creates the session, then the
    view of the new session. Returns (session id from the 303's Set-Cookie,
    the cookie line, the session's CSRF token, the session's fragment)."""
    form_cookie, signed, shown, _ = view(connection, cookie, headers)
    sent = dict(headers or {})
    sent["Cookie"] = "; ".join(
        ([f"folio_session={cookie}"] if cookie is not None else []) + [f"folio_csrf={form_cookie}"])
    body = f"page={shown}&from={shown}&csrf={signed}"
    response, text = exchange(connection, "POST", "/essence/select", sent, body)
    assert response.status == 303, text
    cookies = session_cookies(response)
    assert len(cookies) == 1, cookies
    name, _, rest = cookies[0].partition("=")
    session_id = rest.split(";")[0]
    response, page = exchange(connection, "GET", "/essence/fragment",
                              {**(headers or {}), "Cookie": f"{name}={session_id}"})
    assert response.status == 200, page
    token = value_of(TOKEN, page)
    return session_id, cookies[0], token, page


@pytest.fixture(scope="module")
def server(folio_bin):
    with FolioServer(folio_bin) as running:
        yield running


@pytest.fixture(scope="module")
def many(server):
    """1,000 sessions created one after another, each by a first click."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    sessions = [fresh_session(connection) for _ in range(SESSIONS)]
    connection.close()
    return sessions


def hex_digit_chi_square(values):
    digits = "".join(values)
    expected = len(digits) / 16
    return sum((digits.count(d) - expected) ** 2 / expected for d in "0123456789abcdef")


def bit_counts(values):
    counts = [0] * 128
    for value in values:
        number = int(value, 16)
        for bit in range(128):
            counts[bit] += (number >> bit) & 1
    return counts


def test_session_ids_are_128_bit_lowercase_hex_and_never_repeat(many):
    ids = [session[0] for session in many]
    assert all(ID.match(value) for value in ids), [v for v in ids if not ID.match(v)][:3]
    assert len(set(ids)) == SESSIONS


def test_csrf_tokens_are_128_bit_unique_and_unrelated_to_ids(many):
    ids = {session[0] for session in many}
    tokens = [session[2] for session in many]
    assert all(ID.match(token) for token in tokens)
    assert len(set(tokens)) == SESSIONS
    assert not ids & set(tokens)


@pytest.mark.parametrize("which", [0, 2], ids=["ids", "tokens"])
def test_hex_digits_are_uniform(many, which):
    # 32,000 digits in 16 bins, 15 degrees of freedom: the 1e-7 tail starts
    # near 55; a counter, a clock or a weak seed lands far beyond it.
    chi_square = hex_digit_chi_square([session[which] for session in many])
    assert chi_square < 55, chi_square


@pytest.mark.parametrize("which", [0, 2], ids=["ids", "tokens"])
def test_every_bit_is_set_in_about_half_the_values(many, which):
    # Each bit over 1,000 values: mean 500, sd 15.8; 5.5 sd either side.
    counts = bit_counts([session[which] for session in many])
    outliers = [(bit, count) for bit, count in enumerate(counts) if not 413 <= count <= 587]
    assert outliers == []


def test_consecutive_ids_share_no_long_prefix(many):
    ids = [session[0] for session in many]
    longest = max(len(os.path.commonprefix([a, b])) for a, b in zip(ids, ids[1:]))
    assert longest <= 8, longest  # 9 equal hex digits in a row: p < 1e-7 per pair


def test_ids_differ_between_server_runs(folio_bin):
    # A generator seeded with a constant (or the start time, per process
    # start) would repeat its first ids.
    firsts = []
    for _ in range(2):
        with FolioServer(folio_bin) as running:
            connection = http.client.HTTPConnection("127.0.0.1", running.port, timeout=30)
            firsts.append([fresh_session(connection)[0] for _ in range(3)])
            connection.close()
    assert not set(firsts[0]) & set(firsts[1])


def test_the_session_id_never_appears_in_markup_or_json(server, many):
    session_id, _, _, body = many[0]
    assert session_id not in body
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    for path in ["/essence", "/essence/state", "/essence/fragment", "/"]:
        connection.request("GET", path, headers={"Cookie": f"folio_session={session_id}"})
        response = connection.getresponse()
        assert session_id not in response.read().decode(), path
    connection.close()


@pytest.mark.parametrize("forged", [
    "0123456789abcdef0123456789abcdef",  # well formed, never issued
    "ffffffffffffffffffffffffffffffff",
    "0123456789ABCDEF0123456789ABCDEF",  # upper case
    "0123456789abcdef",                  # short
    "0123456789abcdef0123456789abcdef00",
    "../../../../etc/passwd",
    '"0123456789abcdef0123456789abcdef"',
    "",
])
def test_a_cookie_the_server_did_not_issue_is_ignored_and_never_adopted(server, forged):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    # A view ignores it: a visitor without a session (no session cookie set
    # in reply, a form signed for the visitor's folio_csrf; view() checks).
    view(connection, cookie=forged)
    # The first click creates a fresh session under a new id, never the forged one.
    issued, line, token, _ = fresh_session(connection, cookie=forged)
    assert ID.match(issued) and issued != forged.strip('"').lower()
    assert ID.match(token)
    # The forged value still names no session: it gets yet another new id.
    again, _, _, _ = fresh_session(connection, cookie=forged)
    assert again not in (issued, forged)
    # The issued one is a live session: presenting it keeps it (its page
    # carries its own token, and a cookie set again to refresh its lifetime
    # carries the same id).
    response, body = exchange(connection, "GET", "/essence/fragment", {"Cookie": f"folio_session={issued}"})
    assert response.status == 200
    assert value_of(TOKEN, body) == token
    for cookie in session_cookies(response):
        assert cookie.startswith(f"folio_session={issued};"), cookie
    connection.close()


def test_a_forged_session_cannot_post(server):
    client = server.client()
    client.cookie = "0123456789abcdef0123456789abcdef"
    response = client.post("/essence/select", {"page": "joke", "csrf": "0" * 32}, cookie=True)
    assert response.status == 403
    assert client.cookie == "0123456789abcdef0123456789abcdef", "a refused click set a session cookie"
    # Neither does a token signed for another visitor's folio_csrf cookie.
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    _, signed, shown, _ = view(connection)
    connection.close()
    response = client.post("/essence/select", {"page": "joke", "from": shown, "csrf": signed}, cookie=True)
    assert response.status == 403
    assert client.cookie == "0123456789abcdef0123456789abcdef", "a refused click set a session cookie"


def test_the_session_cookie_is_http_only_same_site_lax_and_scoped(many):
    line = many[0][1]
    attributes = [part.strip() for part in line.split(";")[1:]]
    lowered = [a.lower() for a in attributes]
    assert "httponly" in lowered
    assert "samesite=lax" in lowered
    assert "path=/" in lowered
    assert any(a.startswith("max-age=") and int(a.split("=")[1]) > 0 for a in lowered)
    assert not any(a.startswith("domain=") for a in lowered)


def test_the_cookie_is_secure_behind_a_tls_proxy(server):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    _, line, _, _ = fresh_session(connection, {"X-Forwarded-Proto": "https"})
    connection.close()
    assert "secure" in [part.strip().lower() for part in line.split(";")]
    assert line.startswith("__Host-folio_session=")  # test_hardening_sessions.py
