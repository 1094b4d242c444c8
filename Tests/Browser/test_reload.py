"""Reload in Chromium: a tab holding a live pager's event stream gets the
new title bar within 2 s of an edit of folio.json (a page added, one
removed, the rest reordered), without a reload of the document, its
selected page kept; a broken edit leaves the tab as it is."""

import json
import sys
import time

import pytest

from browser_helpers import ROOT, FolioServer, wait_until_settled

sys.path.insert(0, str(ROOT / "Tests" / "Integration"))
from live_support import LIVE_PAGER, live_configuration  # noqa: E402
from test_dashboard_helpers import free_port  # noqa: E402

TAB_KEYS = f"() => Array.from(document.querySelectorAll('#folio-{LIVE_PAGER} .folio-titles [role=tab]'))" \
    ".map((tab) => tab.dataset.key)"


@pytest.fixture
def live(folio_bin, tmp_path):
    config = live_configuration(tmp_path)
    server = FolioServer(folio_bin, "--config", config, port=free_port())
    yield server, config
    server.stop()


def edit(config, change):
    with open(config, encoding="utf-8") as file:
        document = json.load(file)
    change(document["pagers"][0]["pages"])
    with open(config, "w", encoding="utf-8") as file:
        json.dump(document, file)


def test_an_open_tab_gets_the_new_bar_within_two_seconds_keeping_its_selection(live, fresh_page):
    server, config = live
    pid = server.process.pid
    page = fresh_page("laptop")
    page.goto(f"{server.url}/{LIVE_PAGER}/alerts")
    wait_until_settled(page, LIVE_PAGER)
    page.evaluate("() => { window.__sameDocument = true; }")
    # The stream is open (its snapshot applied) before the edit.
    time.sleep(0.5)
    assert page.evaluate(TAB_KEYS) == ["overview", "alerts"]

    def add_remove_reorder(pages):
        overview, alerts = pages
        pages[:] = [alerts, {**overview, "key": "summary", "title": "Summary"}]

    edited = time.monotonic()
    edit(config, add_remove_reorder)
    page.wait_for_function(f"() => ({TAB_KEYS})().join() === 'alerts,summary'", timeout=2000)
    assert time.monotonic() - edited < 2.0
    assert page.evaluate(f"() => document.querySelector('#folio-{LIVE_PAGER}').dataset.selectedKey") == "alerts"
    assert page.evaluate("() => window.__sameDocument === true"), "the document was reloaded"
    assert page.text_content(f"#folio-{LIVE_PAGER}-tab-summary .folio-title-label") == "Summary"

    # A broken edit: the tab keeps what it shows, the server the last good configuration.
    with open(config, "a", encoding="utf-8") as file:
        file.write(",")
    time.sleep(0.6)
    assert page.evaluate(TAB_KEYS) == ["alerts", "summary"]
    assert server.process.poll() is None and server.process.pid == pid

    # The stream followed to the new generation: a later edit arrives too.
    def rename(pages):
        pages[1]["title"] = "Digest"

    with open(config, encoding="utf-8") as file:
        text = file.read().rstrip(",")
    with open(config, "w", encoding="utf-8") as file:
        file.write(text)
    edit(config, rename)
    page.wait_for_function(
        f"() => document.querySelector('#folio-{LIVE_PAGER}-tab-summary .folio-title-label')"
        "?.textContent === 'Digest'", timeout=2000)
    assert page.evaluate(f"() => document.querySelector('#folio-{LIVE_PAGER}').dataset.selectedKey") == "alerts"
