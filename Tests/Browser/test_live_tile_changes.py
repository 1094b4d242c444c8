"""A live page of tiles in Chromium, changed by events that carry only the
tiles that changed: the reader's open chart table, its scroll offset and
the focus stay across a change of that chart and of another tile, no
panel is fetched once the tab knows its state, and what the tab shows is
what a fresh load of the page shows. A tab whose panel is not the state
a change builds on fetches the whole panel instead of mixing two states.
A failed refresh's note, beside the grid, comes and goes in the events."""

import json
import sys
import urllib.request
from pathlib import Path

import pytest

from browser_helpers import FolioServer, wait_until_settled

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Integration"))
from live_support import EventStream  # noqa: E402
from test_dashboard_helpers import FeedServer, send_json  # noqa: E402

PAGER = "ops"
PANEL = "#folio-ops-panel-overview, .folio-panel[data-key='overview']"
QUEUED = "#folio-tile-queued"
TREND = "#folio-tile-trend"
DEPLOYS = "#folio-tile-deploys"
START = 1764630000


def write_feed(folder, queued, last, release=1):
    """A stat, a 90-point chart whose last point is `last`, and a table
    wider than a phone whose rows name `release`."""
    series = [{"t": START + 60 * minute, "v": 500 + minute} for minute in range(89)]
    series.append({"t": START + 60 * 89, "v": last})
    rows = [{"service": f"service{index}", "version": f"r{release}.{index}", "region": "europewestnorthernregion",
             "owner": "platformteamoncallrotation", "note": "rolledoutinstagesacrosseveryzone"}
            for index in range(4)]
    path = folder / "feed.json"
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps({"queued": queued, "series": series, "deploys": rows}), encoding="utf-8")
    temporary.replace(path)  # a new inode: the refresh sees it whatever the clock's resolution


@pytest.fixture
def live_tiles(folio_bin, tmp_path):
    write_feed(tmp_path, 10, 700)
    columns = [{"key": key} for key in ("service", "version", "region", "owner", "note")]
    config = {"title": "Ops", "lang": "en", "pagers": [{"key": PAGER, "title": "Ops", "pages": [
        {"key": "overview", "title": "Overview", "dataFile": "feed.json", "refreshSeconds": 1, "tiles": [
            {"key": "queued", "title": "Queued", "widget": "stat", "path": "queued"},
            {"key": "trend", "title": "Requests", "widget": "line", "path": "series"},
            {"key": "deploys", "title": "Deploys", "widget": "table", "path": "deploys", "columns": columns},
        ]}]}]}
    path = tmp_path / "folio.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    server = FolioServer(folio_bin, "--config", str(path))
    yield server, tmp_path
    server.stop()


def open_live(page, server):
    """Loads the pager and counts the panels the tab fetches (`window.__panelFetches`)."""
    page.goto(f"{server.url}/{PAGER}/overview")
    wait_until_settled(page, PAGER)
    page.wait_for_function(f"() => document.querySelector('#folio-{PAGER}').dataset.eventsUrl !== undefined")
    fetches = []
    page.on("request", lambda request: fetches.append(request.url) if request.url.endswith("/panel") else None)
    return fetches


def shows(page, selector, text):
    page.wait_for_function("([selector, text]) => document.querySelector(selector)?.textContent.includes(text)",
                           arg=[selector, text], timeout=10_000)


def tiles_as_shown(page):
    return page.evaluate("""() => Object.fromEntries(Array.from(
      document.querySelectorAll(".folio-panel[data-key='overview'] article.folio-tile"),
      (tile) => [tile.id, tile.textContent]))""")


def tiles_as_loaded(page, server):
    """Each tile's text as a fresh GET of the page draws it, read by the same browser."""
    with urllib.request.urlopen(f"{server.url}/{PAGER}/overview") as response:
        html = response.read().decode()
    return page.evaluate("""(html) => Object.fromEntries(Array.from(
      new DOMParser().parseFromString(html, 'text/html')
        .querySelectorAll(".folio-panel[data-key='overview'] article.folio-tile"),
      (tile) => [tile.id, tile.textContent]))""", html)


def test_open_table_scroll_and_focus_stay_across_changes_of_that_chart_and_of_another_tile(live_tiles, fresh_page):
    server, folder = live_tiles
    page = fresh_page("phone")
    fetches = open_live(page, server)
    # The first change: the tab learns which event its panel is (from the event, or a fetch).
    write_feed(folder, 11, 700)
    shows(page, QUEUED, "11")
    page.wait_for_function("() => document.querySelector(\".folio-panel[data-key='overview']\").dataset.liveState")
    fetched = len(fetches)

    page.evaluate(f"""() => {{
      document.querySelector('{TREND} details.folio-chart-data').open = true;
      document.querySelector('{DEPLOYS} .folio-table-scroll').scrollLeft = 120;
      document.querySelector('{TREND} details.folio-chart-data summary').focus();
      document.querySelector('{QUEUED}').__untouched = true;
    }}""")
    offset = page.eval_on_selector(f"{DEPLOYS} .folio-table-scroll", "region => region.scrollLeft")
    assert offset == 120, "the table is wider than the phone"

    write_feed(folder, 11, 777)  # the chart alone
    shows(page, f"{TREND} .folio-chart-data tbody tr:last-child", "777")
    assert page.eval_on_selector(f"{TREND} details.folio-chart-data", "details => details.open"), \
        "the chart's data table closed when the chart changed"
    write_feed(folder, 11, 777, release=2)  # another tile alone: the scrolled table
    shows(page, DEPLOYS, "r2.0")

    assert page.eval_on_selector(f"{TREND} details.folio-chart-data", "details => details.open"), \
        "the chart's data table closed when another tile changed"
    assert page.eval_on_selector(f"{DEPLOYS} .folio-table-scroll", "region => region.scrollLeft") == offset
    assert page.evaluate(f"""() => document.activeElement ===
      document.querySelector('{TREND} details.folio-chart-data summary')"""), "the focus moved"
    assert page.evaluate(f"() => document.querySelector('{QUEUED}').__untouched === true"), \
        "a tile no change touched was drawn again"
    assert len(fetches) == fetched, "the changed tiles came in the events, not by fetching the panel"
    assert tiles_as_shown(page) == tiles_as_loaded(page, server)


def test_a_tab_loaded_after_a_change_applies_the_next_without_fetching(live_tiles, fresh_page):
    server, folder = live_tiles
    # Another tab keeps the page live, and a change goes out before this tab loads the page.
    other = EventStream(server.host, server.port, f"/{PAGER}/events?pages=overview")
    other.next_event()
    write_feed(folder, 11, 700)
    other.events_until(lambda event: event.get("event") == "page" and ">11<" in json.dumps(event["data"]))
    page = fresh_page("laptop")
    fetches = open_live(page, server)
    assert page.evaluate("() => document.querySelector(\".folio-panel[data-key='overview']\").dataset.liveState")

    write_feed(folder, 12, 700)
    shows(page, QUEUED, "12")
    other.close()

    assert fetches == [], "the page came marked with the event its panel is: the change applied to it"
    assert tiles_as_shown(page) == tiles_as_loaded(page, server)


MISS_EVENTS = """
  // A tab that misses events (asleep, a dropped connection): while
  // window.__missing is set, page events never reach folio.js.
  window.__missed = [];
  const add = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'page') return add.call(this, type, listener, options);
    return add.call(this, type, (event) => {
      if (window.__missing) window.__missed.push(event.data);
      else listener(event);
    }, options);
  };
"""


def test_a_tab_that_missed_a_change_fetches_the_whole_panel_instead_of_mixing_states(live_tiles, fresh_page):
    server, folder = live_tiles
    page = fresh_page("laptop")
    page.add_init_script(MISS_EVENTS)
    fetches = open_live(page, server)
    write_feed(folder, 11, 700)
    shows(page, QUEUED, "11")
    page.wait_for_function("() => document.querySelector(\".folio-panel[data-key='overview']\").dataset.liveState")

    page.evaluate("() => { window.__missing = true; }")
    write_feed(folder, 12, 700)  # the stat alone, never seen by the tab
    page.wait_for_function("() => window.__missed.some((data) => data.includes('folio-tile-queued'))")
    page.evaluate("() => { window.__missing = false; }")
    fetched = len(fetches)
    write_feed(folder, 12, 778)  # the chart alone, built on the change the tab missed
    shows(page, f"{TREND} .folio-chart-data tbody tr:last-child", "778")

    assert "12" in page.text_content(QUEUED), "the chart of one state beside the stat of another"
    assert len(fetches) == fetched + 1, "the whole panel was fetched"
    assert tiles_as_shown(page) == tiles_as_loaded(page, server)


def test_a_failed_refresh_brings_its_note_beside_the_grid_and_takes_it_away(folio_bin, tmp_path, fresh_page):
    feed_state = {"queued": 10, "fail": False}

    def respond(handler, feed):
        if feed_state["fail"]:
            handler.send_response(500)
            handler.send_header("Content-Length", "0")
            handler.end_headers()
            return
        series = [{"t": START + 60 * minute, "v": 500 + minute} for minute in range(30)]
        send_json(handler, {"queued": feed_state["queued"], "series": series})

    with FeedServer(respond=respond) as feed:
        config = {"title": "Ops", "lang": "en", "pagers": [{"key": PAGER, "title": "Ops", "pages": [
            {"key": "overview", "title": "Overview", "url": feed.url, "refreshSeconds": 1, "timeoutSeconds": 2,
             "tiles": [{"key": "queued", "title": "Queued", "widget": "stat", "path": "queued"},
                       {"key": "trend", "title": "Requests", "widget": "line", "path": "series"}]}]}]}
        path = tmp_path / "folio.json"
        path.write_text(json.dumps(config), encoding="utf-8")
        server = FolioServer(folio_bin, "--config", str(path))
        try:
            page = fresh_page("laptop")
            fetches = open_live(page, server)
            feed_state["queued"] = 11
            shows(page, QUEUED, "11")
            page.wait_for_function(
                "() => document.querySelector(\".folio-panel[data-key='overview']\").dataset.liveState")
            page.evaluate(f"() => {{ document.querySelector('{TREND} details.folio-chart-data').open = true; }}")
            fetched = len(fetches)

            feed_state["fail"] = True
            page.wait_for_selector(".folio-panel[data-key='overview'] > .folio-panel-stale", timeout=10_000)
            assert tiles_as_shown(page) == tiles_as_loaded(page, server), "the tiles as they were"
            feed_state.update(fail=False, queued=12)
            shows(page, QUEUED, "12")
            page.wait_for_selector(".folio-panel[data-key='overview'] > .folio-panel-stale", state="detached",
                                   timeout=10_000)

            assert page.eval_on_selector(f"{TREND} details.folio-chart-data", "details => details.open"), \
                "the chart's data table closed"
            assert len(fetches) == fetched, "the note came and went in the events"
            assert tiles_as_shown(page) == tiles_as_loaded(page, server)
        finally:
            server.stop()
