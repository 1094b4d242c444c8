"""Issue 11, items 7, 8, 9 and 11, against a real `folio serve`:
the state files are private to their owner, a cross-site view or a HEAD
changes nothing stored, the cookie is `__Host-` where it can be and the
session's first click reissues its id, and page data cannot turn a joined
link into an off-site one. See HARDENING.md, "Round two"."""

import http.client
import json
import re
import os
import sqlite3
import stat

import pytest

from test_dashboard_helpers import FolioServer, csrf_of, parse_html, write_config

PLAIN = "folio_session"
HOST = "__Host-folio_session"


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def rows(state):
    """Every stored row, read with a read-only connection beside the server's."""
    connection = sqlite3.connect(f"file:{state}?mode=ro", uri=True)
    try:
        return {
            "sessions": sorted(connection.execute("SELECT id, csrf, last_seen FROM sessions")),
            "pagers": sorted(connection.execute("SELECT session_id, pager, record FROM pagers")),
        }
    finally:
        connection.close()


def raw(server, method, path, cookie=None, headers=None, body=None):
    """One request; (status, Set-Cookie lines, body text)."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=30)
    sent = dict(headers or {})
    if cookie:
        sent["Cookie"] = cookie
    if body is not None:
        sent["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=body, headers=sent)
    response = connection.getresponse()
    text = response.read().decode()
    cookies = response.headers.get_all("Set-Cookie") or []
    connection.close()
    return response.status, cookies, text


def session_of(cookies, name=PLAIN):
    """The id a Set-Cookie of `name` gives, or None."""
    for line in cookies:
        key, _, rest = line.partition("=")
        if key == name:
            return rest.split(";")[0]
    return None


def pager_state(server, cookie):
    status, _, text = raw(server, "GET", "/essence/state", cookie=f"{PLAIN}={cookie}")
    assert status == 200
    return json.loads(text)


@pytest.fixture
def durable(folio_bin, tmp_path):
    state = tmp_path / "state.sqlite"
    with FolioServer(folio_bin, "--state", str(state)) as server:
        server.state = str(state)
        yield server


def first_click(server, path="/essence", page="joke", headers=None, cookie=None, htmx=False):
    """A new visitor's view of `path`, then its first click on `page` with
    the view's signed token and folio_csrf cookie: (status, Set-Cookie
    lines, body) of the click."""
    _, view_cookies, text = raw(server, "GET", path, headers=headers)
    sent = [c.split(";")[0] for c in view_cookies if c.startswith("folio_csrf=")]
    if cookie:
        sent.append(cookie)
    sent_headers = dict(headers or {})
    if htmx:
        sent_headers["HX-Request"] = "true"
    shown = re.search(r'name="from" value="([^"]*)"', text).group(1)
    action = re.search(r'<form class="folio-head" method="post" action="([^"]*)"', text).group(1)
    return raw(server, "POST", action, cookie="; ".join(sent) or None, headers=sent_headers,
               body=f"page={page}&from={shown}&csrf={csrf_of(text)}")


# Item 7: the state files are 0600.

def test_the_state_database_and_its_wal_and_shm_are_owner_only(durable):
    status, cookies, _ = first_click(durable)
    assert status == 303 and session_of(cookies)
    for path in (durable.state, durable.state + "-wal", durable.state + "-shm"):
        assert os.path.exists(path), path
        assert mode(path) == 0o600, (path, oct(mode(path)))


def test_looser_modes_of_an_existing_database_are_tightened_at_start(folio_bin, tmp_path):
    state = tmp_path / "old.sqlite"
    with FolioServer(folio_bin, "--state", str(state)) as server:
        first_click(server)
    os.chmod(state, 0o644)
    with FolioServer(folio_bin, "--state", str(state)) as server:
        raw(server, "GET", "/essence")
        for path in (str(state), f"{state}-wal", f"{state}-shm"):
            assert mode(path) == 0o600, (path, oct(mode(path)))


# Item 8: a request the browser marks cross-site, and any HEAD, change nothing stored.

@pytest.mark.parametrize("method, headers", [
    ("GET", {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}),
    ("HEAD", {}),
    ("HEAD", {"Sec-Fetch-Site": "same-origin"}),
])
def test_a_cross_site_view_or_a_head_changes_nothing_stored(durable, method, headers):
    _, cookies, _ = first_click(durable, page="all")
    cookie = session_of(cookies)
    before_state = pager_state(durable, cookie)
    before = rows(durable.state)
    for path in ("/essence/joke", "/essence/fragment", "/news/today", "/pageview/trending"):
        status, set_cookies, text = raw(durable, method, path, cookie=f"{PLAIN}={cookie}", headers=headers)
        assert status == 200, (path, text)
        assert set_cookies == [], path
        if method == "GET" and path == "/essence/joke":
            # The view the URL asks for, with the session's own token.
            section = parse_html(text).find(".//section[@data-pager='essence']")
            assert section.get("data-selected") == "4"
            assert csrf_of(text) == before["sessions"][0][1]
    assert rows(durable.state) == before
    assert pager_state(durable, cookie) == before_state


@pytest.mark.parametrize("method, headers", [
    ("GET", {}), ("GET", {"Sec-Fetch-Site": "cross-site"}), ("HEAD", {}),
])
def test_a_view_without_a_cookie_creates_no_session(durable, method, headers):
    for path in ("/essence", "/essence/joke", "/essence/fragment", "/pageview/recommend"):
        status, set_cookies, _ = raw(durable, method, path, headers=headers)
        assert status == 200 and session_of(set_cookies) is None, path
        if method == "HEAD" or headers:
            assert set_cookies == [], path
    assert rows(durable.state) == {"sessions": [], "pagers": []}


def test_same_site_views_still_select_and_count(durable):
    _, cookies, _ = first_click(durable, path="/pageview", page="follow")
    cookie = f"{PLAIN}={session_of(cookies)}"
    raw(durable, "GET", "/pageview/trending", cookie=cookie, headers={"Sec-Fetch-Site": "same-origin"})
    status, _, text = raw(durable, "GET", "/pageview/state", cookie=cookie)
    assert status == 200
    state = json.loads(text)
    assert state["selected"]["key"] == "trending"
    assert [p["shownCount"] for p in state["pages"] if p["key"] == "trending"] == [1]


# Item 9: __Host- where it applies; a session's id is issued at its first click.

def test_the_cookie_is_host_prefixed_over_https_at_the_root(durable):
    _, cookies, _ = first_click(durable, headers={"X-Forwarded-Proto": "https"})
    sessions = [c for c in cookies if not c.startswith("folio_csrf=")]
    assert len(sessions) == 1 and sessions[0].startswith(HOST + "=")
    attributes = [a.strip().lower() for a in sessions[0].split(";")[1:]]
    assert "secure" in attributes and "path=/" in attributes and "httponly" in attributes
    assert not any(a.startswith("domain=") for a in attributes)
    # Over plain HTTP the prefix cannot apply.
    _, cookies, _ = first_click(durable)
    assert len(cookies) == 1 and cookies[0].startswith(PLAIN + "=") and "Secure" not in cookies[0]


def test_under_a_base_path_the_cookie_keeps_the_plain_name(folio_bin):
    with FolioServer(folio_bin, "--base-path", "/tools/pager") as server:
        _, cookies, _ = first_click(server, path="/tools/pager/essence", headers={"X-Forwarded-Proto": "https"})
    assert len(cookies) == 1 and cookies[0].startswith(PLAIN + "=")
    assert "Path=/tools/pager/;" in cookies[0] and cookies[0].endswith("; Secure")


def test_where_the_host_name_applies_a_plain_cookie_is_never_read_only_expired(durable):
    # Round three, item 2: a sibling subdomain can plant the plain name, never the __Host- one.
    _, cookies, _ = first_click(durable)
    old = session_of(cookies)
    https = {"X-Forwarded-Proto": "https"}
    _, cookies, text = raw(durable, "GET", "/essence", cookie=f"{PLAIN}={old}", headers=https)
    assert session_of(cookies, HOST) is None
    assert any(c.startswith(PLAIN + "=;") and "Max-Age=0" in c for c in cookies)


@pytest.mark.parametrize("https", [False, True])
def test_a_planted_unknown_id_is_never_adopted_by_the_first_click(durable, https):
    name = HOST if https else PLAIN
    headers = {"X-Forwarded-Proto": "https"} if https else {}
    planted = "0123456789abcdef0123456789abcdef"
    status, cookies, _ = first_click(durable, headers=headers, cookie=f"{name}={planted}")
    assert status == 303
    new = session_of(cookies, name)
    assert new and new != planted
    ids = [row[0] for row in rows(durable.state)["sessions"]]
    assert ids == [new]
    # The new id has the state and its own token; the next form works and keeps the id.
    status, cookies, text = raw(durable, "GET", "/essence", cookie=f"{name}={new}", headers=headers)
    assert cookies == []
    assert parse_html(text).find(".//section[@data-pager='essence']").get("data-selected") == "4"
    token = csrf_of(text)
    status, cookies, _ = raw(durable, "POST", "/essence/select", cookie=f"{name}={new}", headers=headers,
                             body=f"page=video&csrf={token}")
    assert status == 303 and cookies == []
    # The planted id still finds nothing and cannot post with that token.
    status, _, _ = raw(durable, "POST", "/essence/select", cookie=f"{name}={planted}", headers=headers,
                       body=f"page=all&csrf={token}")
    assert status == 403


def test_htmx_first_click_carries_the_new_token_in_the_fragment(durable):
    status, cookies, fragment = first_click(durable, page="voice", htmx=True)
    assert status == 200
    new = session_of(cookies)
    assert new and re.fullmatch(r"[0-9a-f]{32}", csrf_of(fragment))
    status, _, _ = raw(durable, "POST", "/essence/select", cookie=f"{PLAIN}={new}",
                       headers={"HX-Request": "true"}, body=f"page=joke&csrf={csrf_of(fragment)}")
    assert status == 200


# Item 11: joining a base and a path never makes an off-site link.

def test_page_data_cannot_turn_a_joined_link_into_an_off_site_one(folio_bin, tmp_path):
    page = {"heading": "h", "description": "d", "style": "s",
            "otherStyle": {"label": "evil", "href": "/evil.example/phish"}}
    config = write_config(tmp_path, [{"key": "pv", "title": "PV", "pages": [
        {"key": "a", "title": "A", "template": "content/pageview.html", "data": page},
        {"key": "b", "title": "B", "template": "content/pageview.html",
         "data": {**page, "otherStyle": {"label": "evil", "href": "\\\\evil.example/phish"}}},
    ]}])
    with FolioServer(folio_bin, "--config", config) as server:
        for path in ("/pv/a", "/pv/b"):
            status, _, text = raw(server, "GET", path)
            assert status == 200
            links = [a.get("href") for a in parse_html(text).iter("a") if a.get("class") == "pageview-switch"]
            assert links == ["/evil.example/phish"], links
            assert "//evil.example" not in text and "\\evil.example" not in text
