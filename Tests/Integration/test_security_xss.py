"""XSS review: every value a user, a configuration author or a remote feed
controls reaches the markup escaped. A hostile configuration (titles,
navigation, inline data, a data file, a URL feed on 127.0.0.1) and hostile
requests (query strings, paths echoed in 404 pages, form values echoed in
errors) are served by a real `folio serve`; no payload comes back raw and
no script or event handler from input appears in the parsed DOM."""

import json
import urllib.parse

import pytest

from test_dashboard_helpers import FeedServer, FolioServer, parse_html, text_of
from test_security_support import (
    HOSTILE, PAYLOADS, assert_no_injection, feed_document, hostile_config, raw_request)

HTML = {"Accept": "text/html"}


@pytest.fixture(scope="module")
def server(folio_bin, tmp_path_factory):
    with FeedServer(feed_document()) as feed:
        config = hostile_config(tmp_path_factory.mktemp("xss"), feed.url)
        with FolioServer(folio_bin, "--config", config) as running:
            yield running


@pytest.mark.parametrize("path", ["/", "/x", "/x/inline", "/x/file", "/x/feed", "/x/tags", "/x/fragment"])
def test_configured_titles_and_page_data_are_escaped(server, path):
    client = server.client()
    response = client.get(path)
    assert response.status == 200, response.text
    assert_no_injection(response.text, path)


def test_payloads_arrive_as_text_not_markup(server):
    # Escaped, not dropped: the visible text holds the payload verbatim.
    document = parse_html(server.client().get("/x/inline").text)
    labels = [text_of(label) for label in document.iter() if label.get("class") == "folio-title-label"]
    assert labels[0] == f"page.title:{PAYLOADS[0]}"
    title = text_of(document.find(".//title"))
    assert PAYLOADS[3] in title  # "</title><script>..." stays inside the title
    authors = [text_of(e) for e in document.iter() if e.get("class") == "post-author"]
    assert f"inline.author:{PAYLOADS[0]}" in authors


def test_feed_data_from_a_url_is_escaped(server):
    document = parse_html(server.client().get("/x/feed").text)
    texts = [text_of(e) for e in document.iter() if e.get("class") == "post-text"]
    assert texts and all(text.startswith("feed.text:") for text in texts)


def test_template_syntax_in_data_is_not_evaluated(server):
    text = server.client().get("/x/inline").text
    assert "${site/title} q7x" in text


def test_state_json_carries_titles_as_json_strings(server):
    response = server.client().get("/x/state")
    assert response.status == 200
    assert response.header("Content-Type").startswith("application/json")
    assert response.header("X-Content-Type-Options") == "nosniff"
    titles = [page["title"] for page in response.json()["pages"]]
    assert titles[0] == f"page.title:{PAYLOADS[0]}"


@pytest.mark.parametrize("query", [
    "?" + urllib.parse.quote(HOSTILE),
    "?q=" + urllib.parse.quote(PAYLOADS[1]),
    "?page=" + urllib.parse.quote(PAYLOADS[3]) + "&csrf=" + urllib.parse.quote(PAYLOADS[2]),
])
@pytest.mark.parametrize("path", ["/", "/x", "/x/inline", "/x/fragment"])
def test_query_strings_are_never_echoed_raw(server, path, query):
    response = server.client().get(path + query, headers=HTML)
    assert response.status == 200
    assert_no_injection(response.text, path + query)


@pytest.mark.parametrize("path", [
    "/" + urllib.parse.quote(HOSTILE),
    "/x/" + urllib.parse.quote(PAYLOADS[1]),
    "/" + urllib.parse.quote(PAYLOADS[3]) + "/inline",
    "/x/inline/" + urllib.parse.quote(PAYLOADS[0]) + "/more",
    "/public/" + urllib.parse.quote(HOSTILE) + ".css",
])
@pytest.mark.parametrize("accept", ["text/html", "*/*"])
def test_paths_echoed_in_error_messages_are_escaped(server, path, accept):
    response = server.client().get(path, headers={"Accept": accept})
    assert response.status == 404
    if response.header("Content-Type").startswith("text/html"):
        assert_no_injection(response.text, path)
    else:
        # A plain-text answer is never sniffed into HTML.
        assert response.header("Content-Type").startswith("text/plain")
        assert response.header("X-Content-Type-Options") == "nosniff"


def test_unescaped_raw_bytes_in_a_path_are_escaped_in_the_error_page(server):
    # Raw '<' and '"' in the request target (no percent-encoding), which
    # browsers never send but scripts can.
    request = f"GET /x/{HOSTILE} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nConnection: close\r\n\r\n"
    status, headers, body = raw_request(server.port, request.encode())
    assert status in (400, 404)
    if "text/html" in headers.get("content-type", [""])[0]:
        assert_no_injection(body.decode("utf-8", "replace"), "raw target")


@pytest.mark.parametrize("field", ["page", "offset"])
@pytest.mark.parametrize("accept", ["text/html", "*/*"])
def test_form_values_echoed_in_errors_are_escaped(server, field, accept):
    client = server.client()
    token = client.token("/x")
    action = "select" if field == "page" else "scroll"
    form = {"page": PAYLOADS[0], "csrf": token} if field == "page" else {
        "offset": PAYLOADS[1], "width": PAYLOADS[0], "csrf": token}
    response = client.post(f"/x/{action}", form, headers={"Accept": accept})
    assert response.status in (400, 404), response.text
    if response.header("Content-Type").startswith("text/html"):
        assert_no_injection(response.text, f"{action} {field}")
    else:
        assert response.header("Content-Type").startswith("text/plain")
        assert response.header("X-Content-Type-Options") == "nosniff"
    assert client.state("/x")["selected"]["key"] == "inline"


def test_htmx_error_answers_are_plain_text(server):
    # An htmx swap of an error must not insert markup built from input.
    client = server.client()
    token = client.token("/x")
    response = client.post("/x/select", {"page": HOSTILE, "csrf": token},
                           headers={"HX-Request": "true", "Accept": "text/html"})
    assert response.status == 404
    assert response.header("Content-Type").startswith("text/plain")


def test_a_browser_runs_no_injected_script(server):
    """Chromium loads each hostile page: no payload sets window.q7x, and
    the page raises no CSP violation (nothing inline was even attempted)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    import shutil
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("chromium is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            violations = []
            page.on("console", lambda message: violations.append(message.text)
                    if "Content Security Policy" in message.text else None)
            base = f"http://127.0.0.1:{server.port}"
            for path in ["/x/inline", "/x/file", "/x/feed", "/x/tags",
                         "/" + urllib.parse.quote(HOSTILE), "/x/inline?" + urllib.parse.quote(HOSTILE)]:
                page.goto(base + path, timeout=20000)
                assert page.evaluate("typeof window.q7x") == "undefined", path
                inline = page.evaluate(
                    "[...document.scripts].filter(s => !s.src || s.textContent.trim()).length")
                assert inline == 0, path
            # Clicking through every tab keeps it so (fragment swaps included).
            page.goto(base + "/x/inline")
            for key in ["file", "feed", "tags", "inline"]:
                page.click(f"#folio-x-tab-{key}")
                page.wait_for_function(
                    f"document.querySelector('#folio-x-tab-{key}').getAttribute('aria-selected') === 'true'",
                    timeout=10000)
                assert page.evaluate("typeof window.q7x") == "undefined", key
            assert violations == [], violations
        finally:
            browser.close()


def test_colour_values_cannot_break_out_of_the_stylesheet(folio_bin, tmp_path):
    # Colours go into pager.css; the loader must refuse anything but a colour.
    config = tmp_path / "folio.json"
    config.write_text(json.dumps({"pagers": [{
        "key": "c", "title": "C", "colors": {"bar": "red;}</style><script>alert(1)</script><style>{"},
        "pages": [{"key": "p", "title": "P", "template": "content/posts.html"}]}]}))
    import subprocess
    result = subprocess.run([folio_bin, "check", "--config", str(config)], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode != 0
    assert "is not a CSS colour" in (result.stdout + result.stderr)
