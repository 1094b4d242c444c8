"""The demo's /ops pager in Chromium at 390x844 and 1280x800, light and
dark: every tile is drawn inside the screen with a value, axe finds
nothing serious, and with JavaScript off the page shows the numbers the
server rendered."""

import re
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe

from browser_helpers import VIEWPORTS

TILES = ["requests", "errors", "alerts", "services", "disk", "deploys"]

# Each tile's words and box, as the reader sees them.
TILES_SEEN = """() => [...document.querySelectorAll('#folio-ops-panel-overview .folio-tile')].map(tile => {
  const box = tile.getBoundingClientRect();
  return {key: tile.id.replace('folio-tile-', ''), text: tile.innerText.replace(/\\s+/g, ' ').trim(),
          left: box.left, right: box.right, width: box.width, height: box.height,
          screen: document.documentElement.clientWidth,
          problem: !!tile.querySelector('.folio-tile-problem')};
})"""


def open_ops(chromium, folio, size, scheme, javascript=True):
    width, height = VIEWPORTS[size]
    context = chromium.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                   java_script_enabled=javascript, reduced_motion="reduce")
    page = context.new_page()
    page.goto(folio.url + "/ops/overview", wait_until="load")
    return context, page


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_every_tile_is_drawn_on_screen_and_axe_finds_nothing_serious(chromium, folio, size, scheme):
    context, page = open_ops(chromium, folio, size, scheme)
    try:
        tiles = page.evaluate(TILES_SEEN)
        assert [tile["key"] for tile in tiles] == TILES
        for tile in tiles:
            assert not tile["problem"], tile
            assert re.search(r"\d", tile["text"]), tile
            assert tile["width"] > 100 and tile["height"] > 40, tile
            assert 0 <= tile["left"] and tile["right"] <= tile["screen"], tile
        results = Axe().run(page).response
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3], v["help"])
               for v in results["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, f"axe on /ops at {size} in {scheme}: {bad}"
    finally:
        context.close()


def server_numbers(folio):
    with urllib.request.urlopen(folio.url + "/ops/overview", timeout=10) as answer:
        page = answer.read().decode()
    # A value's text, as the browser's textContent reads it (a relative time is a <time> inside).
    return [re.sub(r"<[^>]*>", "", value) for value in re.findall(r'<span class="folio-value">(.*?)</span>', page)]


def test_javascript_off_shows_the_numbers_the_server_rendered(chromium, folio):
    # The simulated numbers move every 10 s: the browser's page must be one of
    # the server's answers just before and just after it.
    before = server_numbers(folio)
    context, page = open_ops(chromium, folio, "laptop", "light", javascript=False)
    try:
        shown = page.evaluate("""() => [...document.querySelectorAll('#folio-ops-panel-overview .folio-value')]
            .map(value => value.textContent)""")
    finally:
        context.close()
    after = server_numbers(folio)
    assert len(shown) >= 10
    assert shown in (before, after), (shown, before, after)
