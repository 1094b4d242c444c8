"""A page of tiles in Chromium: one column on a 390 px phone, several on a
1280 px laptop and more on a wall screen, from CSS alone (JavaScript off
gives the same grid); no tile is wider than the screen."""

import json
import os

import pytest

from test_dashboard_helpers import FolioServer

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


@pytest.fixture(scope="module")
def server(folio_bin, tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiles-grid")
    tiles = [{"key": f"s{index}", "title": f"Service {index}", "widget": "stat", "path": f"values.{index}",
              "levels": {"warning": 50, "critical": 90}} for index in range(8)]
    tiles.append({"key": "deploys", "title": "Deploys", "widget": "table", "path": "rows",
                  "columns": [{"key": "service", "title": "Service"},
                              {"key": "took", "title": "Took (s)", "align": "end"},
                              {"key": "note", "title": "Note", "truncate": True}]})
    config = {"title": "Ops", "lang": "en", "pagers": [{"key": "ops", "title": "Ops", "pages": [{
        "key": "grid", "title": "Grid", "tiles": tiles,
        "data": {"values": [index * 12 for index in range(8)], "rows": [{"service": "search-indexer", "took": 310, "note": "word " * 200}]}}]}]}
    path = folder / "folio.json"
    path.write_text(json.dumps(config))
    with FolioServer(folio_bin, "--config", str(path)) as running:
        yield running


@pytest.fixture(scope="module")
def chromium():
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


def grid_of(chromium, server, width, height, javascript=True):
    context = chromium.new_context(viewport={"width": width, "height": height}, java_script_enabled=javascript)
    page = context.new_page()
    page.goto(server.url + "/ops/grid")
    measured = page.evaluate("""() => {
        const tiles = [...document.querySelectorAll('.folio-tile--stat')];
        const lefts = new Set(tiles.map(tile => Math.round(tile.getBoundingClientRect().left)));
        const widest = Math.max(...[...document.querySelectorAll('.folio-tile')]
            .map(tile => tile.getBoundingClientRect().right));
        const line = parseFloat(getComputedStyle(document.querySelector('.folio-table th')).lineHeight) || 20;
        const tallest = Math.max(...[...document.querySelectorAll('.folio-table th, .folio-table td')]
            .map(cell => {
                const style = getComputedStyle(cell);
                return cell.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
            }));
        return {columns: lefts.size, widest, screen: document.documentElement.clientWidth,
                linesInTallestCell: tallest / line};
    }""")
    context.close()
    return measured


@pytest.mark.parametrize("javascript", [True, False])
def test_a_phone_gets_one_column_of_tiles(chromium, server, javascript):
    measured = grid_of(chromium, server, 390, 844, javascript)
    assert measured["columns"] == 1
    assert measured["widest"] <= measured["screen"]
    # Headings and values keep their words whole (a hyphen may wrap); the long note is cut to one line.
    assert measured["linesInTallestCell"] <= 2.1, measured


@pytest.mark.parametrize("javascript", [True, False])
def test_a_laptop_gets_several_columns_and_a_wall_screen_more(chromium, server, javascript):
    laptop = grid_of(chromium, server, 1280, 800, javascript)
    wall = grid_of(chromium, server, 2560, 1440, javascript)
    assert laptop["columns"] >= 3, laptop
    assert wall["columns"] > laptop["columns"], (laptop, wall)
    assert laptop["widest"] <= laptop["screen"]
