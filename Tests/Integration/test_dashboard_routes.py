"""Every route of the README's "HTTP interface" over real HTTP against the demo,
and every bad input: 404, 400, 403, 405, each leaving the state unchanged."""

import pytest

from test_dashboard_helpers import FolioServer, parse_html, text_of


@pytest.fixture(scope="module")
def server(folio_bin):
    with FolioServer(folio_bin) as running:
        yield running


@pytest.fixture
def browser(server):
    client = server.client()
    assert client.get("/essence").status == 200
    return client


def selected(client, pager="/essence"):
    return client.state(pager)["selected"]["key"]


def test_health_answers_ok(server):
    response = server.client().get("/healthz")
    assert response.status == 200
    assert response.text.strip() == "ok"
    assert response.header("Set-Cookie") is None


def test_index_lists_every_demo_pager(server):
    document = parse_html(server.client().get("/").text)
    hrefs = {link.get("href") for link in document.findall(".//a")}
    assert {"/essence", "/news", "/controllers", "/pageview"} <= hrefs


def test_a_first_view_sets_only_the_form_cookie_and_the_first_click_a_strict_session_cookie(server):
    client = server.client()
    response = client.get("/essence")
    assert response.status == 200
    assert response.header("Content-Type").startswith("text/html")
    cookies = response.headers.get_all("Set-Cookie")
    assert [c.split("=")[0] for c in cookies] == ["folio_csrf"], "a view starts no session"
    cookie = client.start_session("/essence").header("Set-Cookie")
    assert cookie.startswith("folio_session=")
    assert len(cookie.split(";")[0].split("=")[1]) == 32
    for part in ("HttpOnly", "SameSite=Lax", "Path=/"):
        assert part in cookie
    policy = response.header("Content-Security-Policy")
    assert "default-src 'self'" in policy and "frame-ancestors 'self'" in policy
    assert "unsafe-inline" not in policy
    assert response.header("X-Content-Type-Options") == "nosniff"
    assert response.header("Referrer-Policy") == "same-origin"


def test_pager_markup_meets_the_html_contract(server):
    # A fresh session: only the page opened is loaded.
    document = parse_html(server.client().get("/essence/video").text)
    root = document.find(".//section[@id='folio-essence']")
    assert root.get("class") == "folio-pager" and root.get("data-selected") == "1"
    form = root.find(".//form[@method='post']")
    assert form.get("action") == "/essence/select"
    tablist = form.find(".//*[@role='tablist']")
    tabs = tablist.findall("button[@role='tab']")
    assert [text_of(tab) for tab in tabs] == ["全部", "视频", "声音", "图片", "段子"]
    assert [tab.get("aria-selected") for tab in tabs] == ["false", "true", "false", "false", "false"]
    assert tabs[1].get("id") == "folio-essence-tab-video"
    assert tabs[1].get("aria-controls") == "folio-essence-panel-video"
    assert len(root.findall(".//*[@class='folio-indicator']")) == 1
    panels = root.findall(".//*[@role='tabpanel']")
    assert [panel.get("data-loaded") for panel in panels] == ["false", "true", "false", "false", "false"]
    assert [panel.get("hidden") is None for panel in panels] == [False, True, False, False, False]
    assert len(panels[1].findall(".//li")) > 0


def test_get_page_url_selects_it_and_the_pager_url_remembers(browser):
    browser.start_session("/essence")
    browser.get("/essence/joke")
    document = parse_html(browser.get("/essence").text)
    assert document.find(".//section[@id='folio-essence']").get("data-selected") == "4"


def test_select_by_key_redirects_to_the_canonical_url(browser):
    token = browser.token("/essence")
    response = browser.post("/essence/select", {"page": "voice", "csrf": token})
    assert response.status == 303
    assert response.header("Location") == "/essence/voice"
    assert "HX-Request" in response.header("Vary")
    assert selected(browser) == "voice"


def test_select_by_index(browser):
    token = browser.token("/essence")
    response = browser.post("/essence/select", {"page": "3", "csrf": token})
    assert response.status == 303 and response.header("Location") == "/essence/picture"


def test_htmx_select_answers_the_fragment_and_push_url(browser):
    token = browser.token("/essence")
    response = browser.post(
        "/essence/select", {"page": "video", "csrf": token}, headers={"HX-Request": "true"})
    assert response.status == 200
    assert response.header("HX-Push-Url") == "/essence/video"
    assert "HX-Request" in response.header("Vary")
    assert "<html" not in response.text
    fragment = parse_html(response.text)
    assert fragment.find(".//section[@id='folio-essence']").get("data-selected") == "1"


def test_scroll_end_selects_offset_over_width(browser):
    token = browser.token("/essence")
    response = browser.post("/essence/scroll", {"offset": "780", "width": "390", "csrf": token})
    assert response.status == 303 and response.header("Location") == "/essence/voice"
    token = browser.token("/essence/voice")  # the first click reissued the session and its token
    response = browser.post("/essence/scroll", {"offset": "100000", "width": "390", "csrf": token})
    assert response.header("Location") == "/essence/joke"


def test_state_json_describes_pages_selection_and_indicator(browser):
    browser.start_session("/essence/video")
    state = browser.state("/essence")
    assert state["selected"] == {"index": 1, "key": "video"}
    assert [page["key"] for page in state["pages"]] == ["all", "video", "voice", "picture", "joke"]
    assert state["pages"][1]["loaded"] is True
    assert state["layout"] == "equal" and state["titleStyle"] == "underline"
    indicator = state["indicator"]
    # 视频 is two ideographs at 14 px: 28 px wide, centred in the second fifth.
    assert abs(indicator["width"]["px"] - 28) < 0.5
    assert indicator["left"]["css"].startswith("calc(")


def test_state_does_not_create_a_session(server):
    client = server.client()
    response = client.get("/essence/state")
    assert response.status == 200 and response.header("Set-Cookie") is None
    # What the pager's page shows this visitor: its first page loaded, shown once.
    pages = response.json()["pages"]
    assert [p["loaded"] for p in pages] == [True] + [False] * (len(pages) - 1)
    assert pages[0]["shownCount"] == 1


def test_fragment_is_the_pager_alone(browser):
    response = browser.get("/essence/fragment")
    assert response.status == 200
    assert "<html" not in response.text and "folio-pager" in response.text


def test_pager_css_places_the_indicator_and_revalidates(server):
    client = server.client()
    response = client.get("/essence/pager.css")
    assert response.status == 200 and response.header("Content-Type").startswith("text/css")
    assert '#folio-essence[data-selected="1"] .folio-indicator' in response.text
    assert "--folio-indicator: #e00000" in response.text
    etag = response.header("ETag")
    again = client.get("/essence/pager.css", headers={"If-None-Match": etag})
    assert again.status == 304


def test_public_files_are_served(server):
    response = server.client().get("/public/fonts/DejaVuSans.ttf")
    assert response.status == 200 and len(response.body) > 100000


# Bad input: a clear answer, nothing changed.


@pytest.mark.parametrize("path", ["/nope", "/essence/nope", "/essence/video/x", "/public/nope.css"])
def test_unknown_paths_are_404(browser, path):
    before = browser.state("/essence")
    response = browser.get(path)
    assert response.status == 404
    assert response.text.strip()
    assert browser.state("/essence") == before


def test_browsers_get_an_error_page(browser):
    response = browser.get("/essence/nope", headers={"Accept": "text/html"})
    assert response.status == 404
    document = parse_html(response.text)
    # In the page's language (the demo's zh-Hans), with the address asked for.
    assert "这个页面不存在" in text_of(document) and "/essence/nope" in text_of(document)
    assert document.find(".//html") is not None


@pytest.mark.parametrize(
    "form, status",
    [
        ({"page": "nope"}, 404),
        ({"page": "99"}, 404),
        ({"page": "-1"}, 404),
        ({}, 400),
        ({"page": ""}, 400),
    ],
)
def test_bad_select_forms(browser, form, status):
    browser.get("/essence/video")
    before = browser.state("/essence")
    token = browser.token("/essence")
    response = browser.post("/essence/select", {**form, "csrf": token})
    assert response.status == status, response.text
    assert response.text.strip()
    assert browser.state("/essence") == before


@pytest.mark.parametrize(
    "form", [{"offset": "abc", "width": "390"}, {"offset": "10", "width": "0"}, {"offset": "-5", "width": "390"},
             {"width": "390"}, {"offset": "nan", "width": "390"}])
def test_bad_scroll_forms_are_400(browser, form):
    before = browser.state("/essence")
    token = browser.token("/essence")
    response = browser.post("/essence/scroll", {**form, "csrf": token})
    assert response.status == 400, response.text
    assert browser.state("/essence") == before


def test_malformed_form_bodies_are_400(browser):
    before = browser.state("/essence")
    response = browser.request(
        "POST", "/essence/select", body="page=%zz&csrf=1",
        headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert response.status == 400
    response = browser.request(
        "POST", "/essence/select", body='{"page": "video"}', headers={"Content-Type": "application/json"})
    assert response.status == 400
    assert browser.state("/essence") == before


@pytest.mark.parametrize("case", ["missing", "wrong", "no-cookie", "cross-site"])
def test_csrf_failures_are_403(browser, case):
    browser.get("/essence/video")
    before = browser.state("/essence")
    token = browser.token("/essence")
    form = {"page": "joke", "csrf": token}
    headers = {}
    cookie = True
    if case == "missing":
        del form["csrf"]
    elif case == "wrong":
        form["csrf"] = "0" * 32
    elif case == "no-cookie":
        cookie = False
    else:
        headers["Sec-Fetch-Site"] = "cross-site"
    response = browser.post("/essence/select", form, headers=headers, cookie=cookie)
    assert response.status == 403
    assert response.text.strip()
    assert browser.state("/essence") == before


def test_another_sessions_token_is_refused(server, browser):
    other = server.client()
    stolen = other.token("/essence")
    before = browser.state("/essence")
    response = browser.post("/essence/select", {"page": "joke", "csrf": stolen})
    assert response.status == 403
    assert browser.state("/essence") == before


@pytest.mark.parametrize(
    "method, path, allow",
    [("GET", "/essence/select", "POST"), ("GET", "/essence/scroll", "POST"),
     ("POST", "/essence/video", "GET, HEAD"), ("DELETE", "/essence", "GET, HEAD")])
def test_wrong_methods_are_405_with_allow(browser, method, path, allow):
    before = browser.state("/essence")
    response = browser.request(method, path)
    assert response.status == 405
    assert response.header("Allow") == allow
    assert browser.state("/essence") == before


def test_unknown_pager_actions_are_404(browser):
    token = browser.token("/essence")
    assert browser.post("/nope/select", {"page": "a", "csrf": token}).status == 404


def test_head_answers_like_get_without_a_body(server):
    response = server.client().request("HEAD", "/essence/video")
    assert response.status == 200 and response.body == b""
    assert int(response.header("Content-Length")) > 5000


def test_cookie_is_secure_behind_a_tls_proxy(server):
    response = server.client().get("/essence", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in response.header("Set-Cookie")


def test_pages_are_private_to_the_session(browser):
    response = browser.get("/essence")
    assert response.header("Cache-Control") == "private, no-cache"
