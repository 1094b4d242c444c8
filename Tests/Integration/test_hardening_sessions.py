"""Issue 11, items 7, 8, 9 and 11, against a real `folio serve`:
the state files are private to their owner, a cross-site view or a HEAD
changes nothing stored, the cookie is `__Host-` where it can be and the
session's first click reissues its id, and page data cannot turn a joined
link into an off-site one. See HARDENING.md, "Round two"."""

import http.client
import json
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


# Item 7: the state files are 0600.

def test_the_state_database_and_its_wal_and_shm_are_owner_only(durable):
    status, cookies, _ = raw(durable, "GET", "/essence")
    assert status == 200 and session_of(cookies)
    for path in (durable.state, durable.state + "-wal", durable.state + "-shm"):
        assert os.path.exists(path), path
        assert mode(path) == 0o600, (path, oct(mode(path)))


def test_looser_modes_of_an_existing_database_are_tightened_at_start(folio_bin, tmp_path):
    state = tmp_path / "old.sqlite"
    with FolioServer(folio_bin, "--state", str(state)) as server:
        raw(server, "GET", "/essence")
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
    _, cookies, _ = raw(durable, "GET", "/essence")
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


@pytest.mark.parametrize("method, headers", [("GET", {"Sec-Fetch-Site": "cross-site"}), ("HEAD", {})])
def test_a_cross_site_view_or_a_head_without_a_cookie_creates_no_session(durable, method, headers):
    before = rows(durable.state)
    for path in ("/essence", "/essence/joke", "/pageview/recommend"):
        status, set_cookies, _ = raw(durable, method, path, headers=headers)
        assert status == 200 and set_cookies == [], path
    assert rows(durable.state) == before


def test_same_site_views_still_select_and_count(durable):
    _, cookies, _ = raw(durable, "GET", "/pageview")
    cookie = f"{PLAIN}={session_of(cookies)}"
    raw(durable, "GET", "/pageview/trending", cookie=cookie, headers={"Sec-Fetch-Site": "same-origin"})
    status, _, text = raw(durable, "GET", "/pageview/state", cookie=cookie)
    assert status == 200
    state = json.loads(text)
    assert state["selected"]["key"] == "trending"
    assert [p["shownCount"] for p in state["pages"] if p["key"] == "trending"] == [1]


# Item 9: __Host- where it applies, and a new id at the first click.

def test_the_cookie_is_host_prefixed_over_https_at_the_root(durable):
    _, cookies, _ = raw(durable, "GET", "/essence", headers={"X-Forwarded-Proto": "https"})
    assert len(cookies) == 1 and cookies[0].startswith(HOST + "=")
    attributes = [a.strip().lower() for a in cookies[0].split(";")[1:]]
    assert "secure" in attributes and "path=/" in attributes and "httponly" in attributes
    assert not any(a.startswith("domain=") for a in attributes)
    # Over plain HTTP the prefix cannot apply.
    _, cookies, _ = raw(durable, "GET", "/essence")
    assert len(cookies) == 1 and cookies[0].startswith(PLAIN + "=") and "Secure" not in cookies[0]


def test_under_a_base_path_the_cookie_keeps_the_plain_name(folio_bin):
    with FolioServer(folio_bin, "--base-path", "/tools/pager") as server:
        _, cookies, _ = raw(server, "GET", "/tools/pager/essence", headers={"X-Forwarded-Proto": "https"})
    assert len(cookies) == 1 and cookies[0].startswith(PLAIN + "=")
    assert "Path=/tools/pager/;" in cookies[0] and cookies[0].endswith("; Secure")


def test_a_session_under_the_plain_name_moves_to_the_host_name(durable):
    _, cookies, text = raw(durable, "GET", "/essence")
    old = session_of(cookies)
    https = {"X-Forwarded-Proto": "https"}
    _, cookies, text = raw(durable, "GET", "/essence", cookie=f"{PLAIN}={old}", headers=https)
    assert session_of(cookies, HOST) == old
    assert any(c.startswith(PLAIN + "=;") and "Max-Age=0" in c for c in cookies)


@pytest.mark.parametrize("https", [False, True])
def test_the_first_click_issues_a_new_id_and_the_old_one_finds_nothing(durable, https):
    name = HOST if https else PLAIN
    headers = {"X-Forwarded-Proto": "https"} if https else {}
    _, cookies, text = raw(durable, "GET", "/essence", headers=headers)
    old, old_token = session_of(cookies, name), csrf_of(text)
    status, cookies, _ = raw(durable, "POST", "/essence/select", cookie=f"{name}={old}", headers=headers,
                             body=f"page=joke&csrf={old_token}")
    assert status == 303
    new = session_of(cookies, name)
    assert new and new != old
    ids = [row[0] for row in rows(durable.state)["sessions"]]
    assert new in ids and old not in ids
    # The old id finds nothing: it is not adopted and cannot post.
    status, cookies, _ = raw(durable, "GET", "/essence", cookie=f"{name}={old}", headers=headers)
    assert session_of(cookies, name) not in (None, old, new)
    status, _, _ = raw(durable, "POST", "/essence/select", cookie=f"{name}={old}", headers=headers,
                       body=f"page=video&csrf={old_token}")
    assert status == 403
    # The new id has the state and a new token; the next form works and keeps the id.
    status, cookies, text = raw(durable, "GET", "/essence", cookie=f"{name}={new}", headers=headers)
    assert cookies == []
    assert parse_html(text).find(".//section[@data-pager='essence']").get("data-selected") == "4"
    new_token = csrf_of(text)
    assert new_token != old_token
    status, cookies, _ = raw(durable, "POST", "/essence/select", cookie=f"{name}={new}", headers=headers,
                             body=f"page=video&csrf={new_token}")
    assert status == 303 and cookies == []
    status, _, _ = raw(durable, "POST", "/essence/select", cookie=f"{name}={new}", headers=headers,
                       body=f"page=all&csrf={old_token}")
    assert status == 403


def test_a_planted_id_is_worthless_after_the_victims_first_click(durable):
    # The attacker opens a page and plants its id in the victim's browser.
    _, cookies, text = raw(durable, "GET", "/essence")
    planted, attacker_token = session_of(cookies), csrf_of(text)
    _, _, victim_page = raw(durable, "GET", "/essence", cookie=f"{PLAIN}={planted}")
    status, cookies, _ = raw(durable, "POST", "/essence/select", cookie=f"{PLAIN}={planted}",
                             body=f"page=picture&csrf={csrf_of(victim_page)}")
    assert status == 303 and session_of(cookies) not in (None, planted)
    # The attacker sees a new visitor's page, not the victim's, and cannot click for them.
    assert pager_state(durable, planted)["selected"]["key"] == "all"
    status, _, _ = raw(durable, "POST", "/essence/select", cookie=f"{PLAIN}={planted}",
                       body=f"page=joke&csrf={attacker_token}")
    assert status == 403


def test_htmx_first_click_carries_the_new_token_in_the_fragment(durable):
    _, cookies, text = raw(durable, "GET", "/essence")
    old = session_of(cookies)
    status, cookies, fragment = raw(durable, "POST", "/essence/select", cookie=f"{PLAIN}={old}",
                                    headers={"HX-Request": "true"}, body=f"page=voice&csrf={csrf_of(text)}")
    assert status == 200
    new = session_of(cookies)
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
