"""Return targets: a pager's views (`/{pager}`, `/{pager}/{page}`,
`/{pager}/fragment`) given `?return=PATH` put it in their form, and a
first-time visitor's post carrying it is answered `303 Location: PATH` when
PATH is a path on this site; anything else is `400`, creates no session and
changes nothing. Against a real `folio serve` (demo config), talking
http.client like a browser: the token from a cookieless GET of the
fragment, `Origin` and `Sec-Fetch-Site` of the site itself."""

import http.client
import re
import urllib.parse

import pytest

from test_dashboard_helpers import FolioServer, parse_html

CSRF_COOKIE = re.compile(r"^[0-9a-f]{32}$")


@pytest.fixture(scope="module")
def server(folio_bin):
    with FolioServer(folio_bin) as running:
        yield running


def request(server, method, path, body=None, headers=None):
    """(status, headers, text) of one request on a new connection."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    text = response.read().decode("utf-8", "replace")
    connection.close()
    return response.status, response.headers, text


def set_cookies(headers):
    """{name: the whole Set-Cookie line} of an answer."""
    return {line.split("=", 1)[0].strip(): line for line in headers.get_all("Set-Cookie") or []}


def first_visit(server, path="/essence/fragment"):
    """A cookieless GET, as a new visitor's browser does: the form's hidden
    fields and the Cookie header its post would carry (the `folio_csrf`
    cookie, when the view set one)."""
    status, headers, text = request(server, "GET", path)
    assert status == 200, text
    form = parse_html(text).find(".//form")
    hidden = {i.get("name"): i.get("value") for i in form.findall(".//input[@type='hidden']")}
    assert hidden.get("csrf"), "the form carries a signed token"
    cookies = set_cookies(headers)
    cookie = cookies["folio_csrf"].split(";")[0] if "folio_csrf" in cookies else None
    return hidden, cookie, cookies


def post_select(server, fields, cookie=None, extra=None):
    """POST /essence/select from a page of the site itself."""
    origin = f"http://127.0.0.1:{server.port}"
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": origin,
               "Sec-Fetch-Site": "same-origin", **(extra or {})}
    if cookie:
        headers["Cookie"] = cookie
    return request(server, "POST", "/essence/select", urllib.parse.urlencode(fields), headers)


def test_a_first_visit_sets_no_session_cookie_and_its_form_names_the_shown_page(server):
    hidden, cookie, cookies = first_visit(server)
    assert "folio_session" not in cookies and "__Host-folio_session" not in cookies, cookies
    assert hidden.get("from") == "all"
    if cookie is not None:
        line = cookies["folio_csrf"]
        assert CSRF_COOKIE.match(cookie.split("=", 1)[1]), line
        assert "httponly" in line.lower(), line


@pytest.mark.parametrize("path", ["/essence/fragment", "/essence", "/essence/video"])
def test_a_view_puts_its_return_target_in_the_form(server, path):
    hidden, _, _ = first_visit(server, path + "?return=/portal.html")
    assert hidden.get("return") == "/portal.html"


HOSTILE = {
    "scheme-relative": "//evil.example/",
    "backslash": "/\\evil.example",
    "absolute URL": "https://evil.example/",
    "header injection": "/\r\nSet-Cookie:x",
    "3000 bytes": "/" + "a" * 2999,
    "javascript URL": "javascript:alert(1)",
}


@pytest.mark.parametrize("target", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_return_target_off_this_site_is_refused_and_creates_no_session(server, target):
    hidden, cookie, _ = first_visit(server)
    status, headers, text = post_select(server, {**hidden, "page": "video", "return": target}, cookie)
    assert status == 400, (status, text)
    assert "path on this site" in text.lower(), text
    assert headers.get("Location") is None
    assert "folio_session" not in set_cookies(headers), headers.get_all("Set-Cookie")
    assert "evil" not in "".join(headers.get_all("Set-Cookie") or [])


def test_an_empty_return_target_is_none_the_canonical_page_is_the_answer(server):
    hidden, cookie, _ = first_visit(server)
    status, headers, text = post_select(server, {**hidden, "page": "video", "return": ""}, cookie)
    assert status == 303, (status, text)
    assert headers.get("Location") == "/essence/video"
    assert "folio_session" in set_cookies(headers), "the first click creates the session"


def test_a_path_on_this_site_is_the_answers_location_exactly(server):
    hidden, cookie, _ = first_visit(server)
    status, headers, text = post_select(server, {**hidden, "page": "video", "return": "/portal.html?x=1"}, cookie)
    assert status == 303, (status, text)
    assert headers.get("Location") == "/portal.html?x=1"
    session = set_cookies(headers).get("folio_session")
    assert session, "the first click creates the session"
    # ...in which the click happened: the pager shows video to that session.
    state = request(server, "GET", "/essence/state", headers={"Cookie": session.split(";")[0]})
    assert '"key":"video"' in state[2].replace(" ", ""), state[2]


def test_with_folio_js_a_return_target_keeps_the_address_bar_where_it_is(server):
    hidden, cookie, _ = first_visit(server, "/essence/fragment?return=/portal.html")
    status, headers, text = post_select(server, {**hidden, "page": "voice"}, cookie, {"HX-Request": "true"})
    assert status == 200, (status, text)
    assert headers.get("HX-Push-Url") is None
    tab = parse_html(text).find(".//*[@id='folio-essence-tab-voice']")
    assert tab is not None and tab.get("aria-selected") == "true"


def test_without_the_csrf_cookie_a_cross_site_post_is_refused(server):
    hidden, _, _ = first_visit(server)
    status, headers, text = post_select(server, {**hidden, "page": "video"}, None,
                                        {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"})
    assert status == 403, (status, text)
    assert "folio_session" not in set_cookies(headers)


def test_without_the_csrf_cookie_a_same_origin_post_is_accepted(server):
    """nginx drops an SSI subrequest's Set-Cookie: the browser never got `folio_csrf`."""
    hidden, _, _ = first_visit(server)
    status, headers, text = post_select(server, {**hidden, "page": "video"})
    assert status == 303, (status, text)
    assert headers.get("Location") == "/essence/video"
    assert "folio_session" in set_cookies(headers)
