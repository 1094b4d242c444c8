"""A live page of tiles in Chromium: a data change swaps only the tiles it
touches, so a chart's open data table stays open, a scrolled table keeps its
offset, the focused element keeps the focus, and a tile whose data did not
change is the very same element as before, while the new numbers show."""

import json

import pytest

from browser_helpers import FolioServer, wait_until_settled

PAGER = "ops"
TREND = "#folio-tile-trend"
DEPLOYS = "#folio-tile-deploys"
CALM = "#folio-tile-calm"
START = 1764630000


def feed(requests, newer=0):
    """The page's data: a chart's series ending at `requests`, and a table
    wider than a phone whose rows carry the same number, `newer` rows on top
    of the four first ones, and a long change note cut short in each."""
    series = [{"t": START + 60 * minute, "v": requests - 10 * (5 - minute)} for minute in range(6)]
    # Words with nowhere to break, so the table cannot wrap to the tile's width.
    rows = [{"service": f"service{index}", "region": "europewestnorthernregion",
             "version": f"v{requests}.{index}", "owner": "platformteamoncallrotation",
             "note": "rolledoutinstagesacrosseveryzone",
             "change": f"service{index} moved to the new queue; the old one drains over the next hour"}
            for index in range(-newer, 4)]
    return {"series": series, "deploys": rows}


def write_feed(folder, requests, newer=0):
    path = folder / "feed.json"
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(feed(requests, newer)), encoding="utf-8")
    temporary.replace(path)  # a new inode: the refresh sees it whatever the clock's resolution


@pytest.fixture
def live_tiles(folio_bin, tmp_path):
    write_feed(tmp_path, 1000)
    columns = [{"key": key} for key in ("service", "region", "version", "owner", "note")]
    columns.append({"key": "change", "truncate": True})
    config = {"title": "Ops", "lang": "en", "pagers": [{"key": PAGER, "title": "Ops", "pages": [
        {"key": "overview", "title": "Overview", "dataFile": "feed.json", "refreshSeconds": 1, "tiles": [
            {"key": "calm", "title": "Last incident", "widget": "stat", "data": {"at": "2026-11-30T09:00:00Z"},
             "path": "at", "format": "relative"},
            {"key": "trend", "title": "Requests", "widget": "line", "path": "series"},
            {"key": "deploys", "title": "Deploys", "widget": "table", "path": "deploys", "columns": columns},
        ]}]}]}
    path = tmp_path / "folio.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    server = FolioServer(folio_bin, "--config", str(path))
    yield server, tmp_path
    server.stop()


def shows_version(page, version):
    page.wait_for_function("([selector, text]) => document.querySelector(selector)?.textContent.includes(text)",
                           arg=[DEPLOYS, version], timeout=10_000)


def test_a_data_change_keeps_open_tables_scroll_and_focus_and_untouched_tiles(live_tiles, fresh_page):
    server, folder = live_tiles
    page = fresh_page("phone")
    page.goto(f"{server.url}/{PAGER}/overview")
    wait_until_settled(page, PAGER)
    page.wait_for_function(f"() => document.querySelector('#folio-{PAGER}').dataset.eventsUrl !== undefined")
    page.evaluate(f"""() => {{
      const calm = document.querySelector('{CALM}');
      calm.__untouched = true;
      // As this script's minute timer rewrites it: not a change of the tile.
      calm.querySelector('time[data-folio-relative]').textContent = 'a while ago';
      document.querySelector('{TREND} details.folio-chart-data').open = true;
      const region = document.querySelector('{DEPLOYS} .folio-table-scroll');
      region.scrollLeft = 120;
      document.querySelector('{TREND} details.folio-chart-data summary').focus();
    }}""")
    scrolled = page.eval_on_selector(f"{DEPLOYS} .folio-table-scroll", "region => region.scrollLeft")
    assert scrolled == 120, "the table is wider than the phone"

    for requests in (1001, 1002):
        write_feed(folder, requests)
        shows_version(page, f"v{requests}.0")

    assert page.eval_on_selector(f"{TREND} details.folio-chart-data", "details => details.open"), \
        "the chart's data table closed"
    assert page.text_content(f"{TREND} .folio-chart-data tbody tr:last-child").endswith("1,002.00"), \
        "the chart's table shows the new numbers"
    assert page.eval_on_selector(f"{DEPLOYS} .folio-table-scroll", "region => region.scrollLeft") == scrolled
    assert page.evaluate(f"""() => document.activeElement ===
      document.querySelector('{TREND} details.folio-chart-data summary')"""), "the focus moved"
    assert page.evaluate(f"() => document.querySelector('{CALM}').__untouched === true"), \
        "a tile whose data did not change was drawn again"



def test_cut_cells_stay_open_and_focused_when_rows_arrive_above_them(live_tiles, fresh_page):
    server, folder = live_tiles
    page = fresh_page("laptop")
    page.goto(f"{server.url}/{PAGER}/overview")
    wait_until_settled(page, PAGER)
    page.wait_for_function(f"() => document.querySelector('#folio-{PAGER}').dataset.eventsUrl !== undefined")
    opened, focused = (f"{DEPLOYS} summary[title^='service{index} ']" for index in (1, 2))
    page.eval_on_selector(opened, "summary => { summary.parentElement.open = true; }")
    page.focus(focused)

    write_feed(folder, 1001, newer=2)
    shows_version(page, "v1001.-2")

    assert page.eval_on_selector_all(f"{DEPLOYS} details[open] summary", "open => open.map(s => s.title)") == [
        "service1 moved to the new queue; the old one drains over the next hour"], "another cell is open"
    assert page.evaluate(f"() => document.activeElement === document.querySelector(\"{focused}\")"), \
        "the focus left the cell"
