"""Folio inside other pages: framed by a page of another origin (allowed
only when that origin is in --frame-ancestors), and its fragment included
by nginx's SSI behind a path prefix."""

import os
import pathlib
import shutil
import tempfile

import pytest

from browser_helpers import FolioServer, Nginx, StaticSite, check_indicator

EMBED_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Intranet</title></head>
<body><h1>Intranet</h1>
<iframe id="pager" src="{src}" title="Folio" width="420" height="600"></iframe>
</body></html>
"""


def embed(folder, folio):
    (folder / "embed.html").write_text(EMBED_PAGE.format(src=f"{folio.url}/essence/all"), encoding="utf-8")


def test_a_page_of_an_allowed_origin_frames_a_working_pager(folio, embedders, fresh_page):
    folder, allowed, _ = embedders
    embed(folder, folio)
    page = fresh_page("laptop")
    page.goto(f"{allowed.origin}/embed.html")
    frame = page.frame_locator("#pager")
    frame.locator("#folio-essence").wait_for()
    with page.expect_response(lambda r: r.url.endswith("/essence/select")) as answer:
        frame.locator("#folio-essence-tab-voice").click()
    assert answer.value.status == 200
    frame.locator("#folio-essence-tab-voice[aria-selected=true]").wait_for()


def test_a_page_of_another_origin_is_refused_the_frame(folio, embedders, fresh_page):
    folder, allowed, refused = embedders
    embed(folder, folio)
    page = fresh_page("laptop")
    with page.expect_console_message(lambda m: "frame-ancestors" in m.text) as message:
        page.goto(f"{refused.origin}/embed.html")
    assert "blocked" in message.value.text.lower() or "refused" in message.value.text.lower()
    assert allowed.origin in message.value.text  # the policy names who may
    child = page.frames[1]
    try:
        framed = child.query_selector("#folio-essence") is not None
    except Exception:  # an error page that cannot be inspected: nothing framed
        framed = False
    assert not framed, "the pager was shown inside a frame of a refused origin"


# The http block of nginx.conf: the portal's folder with SSI, and
# /intranet/pager/ proxied to the Folio.
PORTAL_SITE = """
    types {{ text/html html; }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            root {dir}/site;
            ssi on;
        }}
        location /intranet/pager/ {{
            proxy_pass http://127.0.0.1:{upstream};
            proxy_set_header Host $host;
        }}
    }}
"""

PORTAL = """<!DOCTYPE html>
<html lang="zh-Hans"><head><meta charset="utf-8"><title>Portal</title></head>
<body><h1>Portal</h1>
<!--# include virtual="/intranet/pager/essence/fragment" -->
</body></html>
"""


# The same portal whose include names the portal page as the return target
# ($uri: nginx expands variables in `include virtual`), for a Folio whose
# cookies are scoped to `/` (`--cookie-path /`), so the browser sends the
# session cookie with the portal page and the SSI subrequest passes it on.
RETURNING_PORTAL = PORTAL.replace('essence/fragment"', 'essence/fragment?return=$uri"')


def _portal(folio_bin, page, *folio_args):
    """nginx on a free port serving `page` as /portal.html with SSI, proxying
    /intranet/pager/ to a Folio started with that base path and `folio_args`;
    yields the portal's origin."""
    if shutil.which("nginx") is None:
        pytest.fail("nginx is not installed (scripts/install-test-deps installs it)")
    folder = tempfile.mkdtemp(prefix="folio-ssi-")
    os.chmod(folder, 0o755)  # nginx's workers (nobody) read the portal from here
    os.makedirs(f"{folder}/site")
    with open(f"{folder}/site/portal.html", "w", encoding="utf-8") as file:
        file.write(page)
    try:
        with FolioServer(folio_bin, "--base-path", "/intranet/pager", *folio_args) as server:
            nginx = Nginx(folder, PORTAL_SITE, "/intranet/pager/healthz", upstream=server.port)
            yield nginx.url
            nginx.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def portal(folio_bin):
    """/portal.html includes Folio's fragment (no return target); Folio's
    cookies keep their default path, the base path."""
    yield from _portal(folio_bin, PORTAL)


@pytest.fixture(scope="module")
def returning_portal(folio_bin):
    """/portal.html includes the fragment with `?return=/portal.html`;
    Folio runs with `--cookie-path /`."""
    yield from _portal(folio_bin, RETURNING_PORTAL, "--cookie-path", "/")


def test_the_fragment_included_by_nginx_is_styled_and_its_titles_work(portal, fresh_page):
    page = fresh_page("phone")
    failed = []
    page.on("response", lambda r: r.status >= 400 and failed.append((r.status, r.url)))
    page.goto(f"{portal}/portal.html")
    page.wait_for_load_state("networkidle")
    assert page.text_content("h1") == "Portal"
    assert page.get_attribute("#folio-essence form", "action") == "/intranet/pager/essence/select"
    assert not failed, f"requests of the included markup failed: {failed}"
    check_indicator(page, "essence", "underline")
    # This portal's include names no return target, so folio.js shows the
    # title's canonical URL (pushed from HX-Push-Url, or opened when a post
    # is refused): either way the visitor lands on that page, selected.
    page.click("#folio-essence-tab-video")
    page.wait_for_url(f"{portal}/intranet/pager/essence/video")
    assert page.get_attribute("#folio-essence-tab-video", "aria-selected") == "true"
    check_indicator(page, "essence", "underline")



def _selected(page_or_frame):
    """The key of the title shown selected (aria-selected) in pager essence."""
    return page_or_frame.get_attribute("#folio-essence [role=tab][aria-selected=true]", "value")


def _shown_panels(page):
    """The keys of the panels a visitor without JavaScript sees (not hidden)."""
    return page.eval_on_selector_all(
        "#folio-essence .folio-panel", "ps => ps.filter(p => !p.hidden).map(p => p.dataset.key)")


# True once folio.js has finished a post: it records the selected index in
# history.state after merging the answer (pushState or replaceState).
POSTED = "(index) => ((history.state || {}).folio || {})['folio-essence'] === index"
VIDEO, VOICE = 1, 2  # positions of the demo's essence pages video and voice


def test_a_first_time_visitors_click_in_the_included_fragment_swaps_it_in_place_and_persists(
        returning_portal, fresh_page):
    page = fresh_page("phone")
    portal_url = f"{returning_portal}/portal.html"
    page.goto(portal_url)
    assert page.get_attribute("#folio-essence form input[name=return]", "value") == "/portal.html"
    assert _selected(page) == "all"
    check_indicator(page, "essence", "underline")
    with page.expect_response(lambda r: r.url.endswith("/intranet/pager/essence/select")) as answer:
        page.click("#folio-essence-tab-video")
    assert answer.value.status == 200, f"the click was answered {answer.value.status}"
    page.wait_for_function(POSTED, arg=VIDEO)
    assert page.url == portal_url, "the address bar left the portal"
    assert page.text_content("h1") == "Portal"  # swapped in place: still the portal's page
    assert _selected(page) == "video"
    check_indicator(page, "essence", "underline")
    page.reload()
    assert page.url == portal_url
    assert _selected(page) == "video", "the selection did not survive a reload of the portal"
    check_indicator(page, "essence", "underline")


def test_without_javascript_a_title_of_the_included_fragment_selects_its_page(returning_portal, fresh_page):
    page = fresh_page("phone", javascript=False)
    portal_url = f"{returning_portal}/portal.html"
    page.goto(portal_url)
    assert _selected(page) == "all"
    with page.expect_navigation() as navigation:
        page.click("#folio-essence-tab-video")
    assert navigation.value.status == 200, f"the post was answered {navigation.value.status}"
    assert page.url == portal_url, "the answer did not bring the visitor back to the portal"
    assert page.text_content("h1") == "Portal"
    assert _selected(page) == "video"
    assert _shown_panels(page) == ["video"]
    check_indicator(page, "essence", "underline", javascript=False)
    page.reload()
    assert _selected(page) == "video", "the selection did not survive a reload of the portal"
    assert _shown_panels(page) == ["video"]
    # A second click, now with a session, comes back to the portal too.
    with page.expect_navigation():
        page.click("#folio-essence-tab-voice")
    assert page.url == portal_url
    assert _selected(page) == "voice"
    page.reload()
    assert _selected(page) == "voice"
    check_indicator(page, "essence", "underline", javascript=False)


# A portal on 127.0.0.1 framing Folio on localhost: another site, so the
# frame is a third-party context (SameSite=Lax cookies are neither sent nor
# stored there, and Chromium blocks unpartitioned third-party cookies).
FRAMING_PORTAL = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Other site</title></head>
<body><h1>Other site</h1>
<iframe id="pager" src="{src}" title="Folio" width="420" height="600"></iframe>
</body></html>
"""


@pytest.fixture(scope="module")
def other_site():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-frame-"))
    site = StaticSite(folder)
    yield folder, site
    site.stop()
    shutil.rmtree(folder, ignore_errors=True)


def _framed_folio(folio_bin, other_site, name, *folio_args):
    folder, site = other_site
    with FolioServer(folio_bin, "--frame-ancestors", site.origin, *folio_args) as server:
        folio_origin = f"http://localhost:{server.port}"
        page = FRAMING_PORTAL.format(src=f"{folio_origin}/essence")
        (folder / f"{name}.html").write_text(page, encoding="utf-8")
        yield f"{site.origin}/{name}.html", folio_origin


@pytest.fixture(scope="module")
def partitioned_frame(folio_bin, other_site):
    yield from _framed_folio(folio_bin, other_site, "partitioned", "--partitioned-cookies")


@pytest.fixture(scope="module")
def unpartitioned_frame(folio_bin, other_site):
    yield from _framed_folio(folio_bin, other_site, "unpartitioned")


class _InFrame:
    """What check_indicator needs of a page, for the pager inside a frame."""

    def __init__(self, page, frame):
        self.frame, self.viewport_size = frame, page.viewport_size

    def evaluate(self, *arguments, **keywords):
        return self.frame.evaluate(*arguments, **keywords)

    def wait_for_function(self, *arguments, **keywords):
        return self.frame.wait_for_function(*arguments, **keywords)


def _open_framed(page, portal_url):
    page.goto(portal_url)
    page.wait_for_selector("#pager")
    frame = page.frame_locator("#pager")
    frame.locator("#folio-essence").wait_for()
    return page.query_selector("#pager").content_frame()


def _click_in_frame(page, frame, folio_origin, javascript):
    """Clicks the title voice inside the frame and waits for what follows:
    the post's answer merged (JavaScript), or the frame's new page (without)."""
    if javascript:
        with page.expect_response(lambda r: r.url == f"{folio_origin}/essence/select") as answer:
            frame.click("#folio-essence-tab-voice")
        assert answer.value.status == 200, f"the click was answered {answer.value.status}"
        frame.wait_for_function(POSTED, arg=VOICE)
    else:
        with frame.expect_navigation() as navigation:
            frame.click("#folio-essence-tab-voice")
        assert navigation.value.status == 200, f"the post was answered {navigation.value.status}"
        assert frame.url == f"{folio_origin}/essence/voice"


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_pager_framed_by_another_site_keeps_its_selection_with_partitioned_cookies(
        partitioned_frame, fresh_page, javascript):
    portal_url, folio_origin = partitioned_frame
    page = fresh_page("laptop", javascript=javascript)
    frame = _open_framed(page, portal_url)
    assert _selected(frame) == "all"
    _click_in_frame(page, frame, folio_origin, javascript)
    assert page.url == portal_url
    assert _selected(frame) == "voice"
    check_indicator(_InFrame(page, frame), "essence", "underline", javascript)
    # Chromium stored Folio's Secure cookie although Folio is plain http:
    # http://localhost is a secure context; partitioned by the top-level site.
    cookies = [c for c in page.context.cookies() if c["name"] == "folio_session"]
    assert cookies, f"Chromium stored no folio_session cookie: {page.context.cookies()}"
    assert cookies[0]["secure"] and cookies[0]["sameSite"] == "None"
    assert cookies[0].get("partitionKey") == "http://127.0.0.1", cookies[0]
    page.reload()
    frame = _open_framed(page, portal_url)
    assert _selected(frame) == "voice", "the selection did not survive a reload of the portal"
    check_indicator(_InFrame(page, frame), "essence", "underline", javascript)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_without_partitioned_cookies_a_framing_site_starts_fresh_on_each_load(
        unpartitioned_frame, fresh_page, javascript):
    portal_url, folio_origin = unpartitioned_frame
    page = fresh_page("laptop", javascript=javascript)
    frame = _open_framed(page, portal_url)
    # The click works: the form's signed token is enough for a first click.
    _click_in_frame(page, frame, folio_origin, javascript)
    assert _selected(frame) == "voice"
    check_indicator(_InFrame(page, frame), "essence", "underline", javascript)
    # ...but the session cookie (SameSite=Lax) was not stored in this
    # third-party frame, so the portal's next load is a first visit again.
    assert not [c for c in page.context.cookies() if c["name"] == "folio_session"]
    page.reload()
    frame = _open_framed(page, portal_url)
    assert _selected(frame) == "all"
