"""A live pager in Chromium: a changed data file shows in the open page
without a reload (badge too), the panel's scroll position and focus kept,
announced politely; after a server restart the page catches up by itself;
a hidden tab gets nothing until shown; without JavaScript each load shows
the newest data."""

import sys

import pytest

from browser_helpers import ROOT, FolioServer, wait_until_settled

sys.path.insert(0, str(ROOT / "Tests" / "Integration"))
from live_support import LIVE_PAGER, live_configuration, write_alerts  # noqa: E402
from test_dashboard_helpers import free_port  # noqa: E402

HEADING = f"#folio-{LIVE_PAGER}-panel-alerts .color-page-heading"
BADGE = f"#folio-{LIVE_PAGER}-tab-alerts .folio-badge"


@pytest.fixture
def live(folio_bin, tmp_path):
    port = free_port()
    config = live_configuration(tmp_path)
    server = FolioServer(folio_bin, "--config", config, port=port)
    yield server, tmp_path, config, port
    server.stop()


def open_alerts(page, server):
    page.goto(f"{server.url}/{LIVE_PAGER}/alerts")
    wait_until_settled(page, LIVE_PAGER)
    # A mark that a reload would wipe.
    page.evaluate("() => { window.__sameDocument = true; }")
    page.wait_for_function("() => document.querySelector('#folio-ops').dataset.eventsUrl !== undefined")


def shows(page, text, timeout=8000):
    page.wait_for_function("([selector, text]) => document.querySelector(selector)?.textContent === text",
                           arg=[HEADING, text], timeout=timeout)


def test_a_changed_panel_and_badge_show_without_a_reload(live, fresh_page):
    server, folder, _, _ = live
    page = fresh_page("phone")
    open_alerts(page, server)
    assert page.text_content(BADGE) == "2"
    write_alerts(folder, 5)
    shows(page, "5 alerts")
    assert page.text_content(BADGE) == "5"
    assert page.evaluate("() => window.__sameDocument === true"), "the page was reloaded"
    page.wait_for_function("""() => {
      const region = document.querySelector('#folio-ops .folio-live-region');
      return region && region.getAttribute('aria-live') === 'polite' && region.textContent.includes('Alerts');
    }""", timeout=5000)


def test_scroll_position_and_focus_survive_a_swap(live, fresh_page):
    server, folder, _, _ = live
    page = fresh_page("phone")
    # A tall panel: a long heading list makes it scroll.
    write_alerts(folder, 3, heading="tall " * 400)
    open_alerts(page, server)
    panel = f"#folio-{LIVE_PAGER}-panel-alerts"
    page.eval_on_selector(panel, "p => { p.scrollTop = 200; p.focus(); }")
    before = page.eval_on_selector(panel, "p => p.scrollTop")
    assert before > 0
    write_alerts(folder, 4, heading="tall " * 401)
    page.wait_for_function("(s) => document.querySelector(s).textContent.split('tall').length > 401", arg=HEADING,
                           timeout=8000)
    assert page.eval_on_selector(panel, "p => p.scrollTop") == before
    assert page.evaluate(f"() => document.activeElement === document.querySelector('{panel}')")


def test_after_a_server_restart_the_page_catches_up_by_itself(live, fresh_page, folio_bin):
    server, folder, config, port = live
    page = fresh_page("laptop")
    open_alerts(page, server)
    server.stop()
    write_alerts(folder, 8)
    restarted = FolioServer(folio_bin, "--config", config, port=port)
    try:
        shows(page, "8 alerts", timeout=15000)
        assert page.text_content(BADGE) == "8"
        assert page.evaluate("() => window.__sameDocument === true")
    finally:
        restarted.stop()


HIDE = """(hidden) => {
  Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_a_hidden_tab_gets_nothing_until_shown(live, fresh_page):
    server, folder, _, _ = live
    page = fresh_page("laptop")
    streams = []
    page.on("request", lambda request: streams.append(request.url) if "/events" in request.url else None)
    open_alerts(page, server)
    page.wait_for_function("() => true")
    page.evaluate(HIDE, True)
    opened = len(streams)
    write_alerts(folder, 6)
    page.wait_for_timeout(2500)
    assert page.text_content(HEADING) == "2 alerts", "a hidden tab changed"
    assert len(streams) == opened, "a hidden tab opened a stream"
    page.evaluate(HIDE, False)
    shows(page, "6 alerts")
    assert "after=" in streams[-1], "shown again, it asks for what it missed"


def test_without_javascript_each_load_shows_the_newest(live, fresh_page):
    server, folder, _, _ = live
    page = fresh_page("laptop", javascript=False)
    page.goto(f"{server.url}/{LIVE_PAGER}/alerts")
    assert page.text_content(HEADING) == "2 alerts"
    write_alerts(folder, 11)
    page.wait_for_timeout(1200)
    page.reload()
    assert page.text_content(HEADING) == "11 alerts"
    assert page.text_content(BADGE) == "11"


def test_a_panel_too_big_for_an_event_is_fetched(live, fresh_page):
    server, folder, _, _ = live
    page = fresh_page("laptop")
    fetched = []
    page.on("request", lambda request: fetched.append(request.url) if request.url.endswith("/alerts/panel") else None)
    open_alerts(page, server)
    write_alerts(folder, 3, heading="big " * 20_000)  # 80 KB: over the 64 KiB an event carries
    page.wait_for_function("(s) => document.querySelector(s)?.textContent.length > 70000", arg=HEADING, timeout=8000)
    assert fetched, "the panel came from the panel route"
    assert page.evaluate("() => window.__sameDocument === true")
