"""Titles in scripts whose letters join, reorder or stack, and emoji: the
server shapes them with HarfBuzz as Chromium does, so each indicator is as
wide as Chromium draws its label (within 0.5 px at 15 px). Before shaping,
Arabic indicators were 20-40% too wide and emoji 8.4 px. Without HarfBuzz
the server says so at start and Latin and CJK titles still measure exactly
(the page then turns kerning off, as the sums assume)."""

import json
import pathlib

import pytest

from browser_helpers import FolioServer, wait_until_settled

KEY = "scripts"
TITLES = {
    "kerned": "AVATAR Wave",
    "arabic": "الأخبار العاجلة",
    "dashboard": "لوحة المعلومات",
    "hebrew": "שלום עולם",
    "devanagari": "नमस्ते दुनिया",
    "thai": "สวัสดีชาวโลก",
    "emoji": "🎉 发布 👍🏽",
    "family": "👨‍👩‍👧 ❤️",
    "mixed": "推荐 Tab Office",
}
# Shaping or not, these measure the same in Chromium and on the server.
UNSHAPED_EXACT = ["kerned", "mixed"]
FONT_SIZE = 15


def configuration(tmp_path_factory):
    pages = [
        {"key": key, "title": title, "template": "content/color.html",
         "data": {"color": "blue", "heading": title, "order": key, "note": title}}
        for key, title in TITLES.items()
    ]
    config = {
        "title": "Scripts", "pagers": [{
            "key": KEY, "title": "Scripts", "titleStyle": "underline", "layout": {"fit": 12},
            "transition": "slide", "fontSize": FONT_SIZE, "barHeight": 44, "navigation": None,
            "colors": {"bar": "#ffffff", "title": "#595959", "selectedTitle": "#c00000",
                       "indicator": "#c00000", "background": "#ffffff"},
            "pages": pages}]}
    path = pathlib.Path(tmp_path_factory.mktemp("scripts")) / "folio.json"
    path.write_text(json.dumps(config, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def shaped(folio_bin, tmp_path_factory):
    server = FolioServer(folio_bin, "--config", str(configuration(tmp_path_factory)))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def unshaped(folio_bin, tmp_path_factory):
    server = FolioServer(folio_bin, "--config", str(configuration(tmp_path_factory)),
                         environment={"FOLIO_HARFBUZZ": "/nonexistent/libharfbuzz.so.0"})
    yield server
    server.stop()


# For every title: the width the server gave its indicator (data-indicator-width,
# in px for a fit layout) and the width Chromium drew its label's text.
WIDTHS = """(key) => [...document.querySelectorAll(`#folio-${key} .folio-titles [role="tab"]`)].map(tab => {
  const range = document.createRange();
  range.selectNodeContents(tab.querySelector('.folio-title-label').firstChild);
  return { key: tab.value, server: parseFloat(tab.dataset.indicatorWidth),
           drawn: range.getBoundingClientRect().width,
           font: getComputedStyle(tab).fontKerning };
})"""


def widths(page, server):
    page.goto(f"{server.url}/{KEY}/kerned")
    page.evaluate("document.fonts.ready")
    wait_until_settled(page, KEY)
    return {w["key"]: w for w in page.evaluate(WIDTHS, KEY)}


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_every_script_gets_an_indicator_as_wide_as_chromium_draws_it(shaped, fresh_page, size):
    measured = widths(fresh_page(size), shaped)
    assert set(measured) == set(TITLES)
    for key, width in measured.items():
        assert abs(width["server"] - width["drawn"]) <= 0.5, f"{key} {TITLES[key]!r}: {width}"
    # Kerning is back on: "AVATAR Wave" is drawn kerned, narrower than its advance sum.
    assert measured["kerned"]["font"] == "auto"
    assert measured["kerned"]["drawn"] < 100.3 * FONT_SIZE / 14


def test_the_selected_indicator_spans_each_shaped_label(shaped, fresh_page):
    page = fresh_page("laptop")
    for key in TITLES:
        page.goto(f"{shaped.url}/{KEY}/{key}")
        page.evaluate("document.fonts.ready")
        wait_until_settled(page, KEY)
        box = page.evaluate("""(key) => {
          const section = document.getElementById(`folio-${key}`);
          const tab = section.querySelector('[role="tab"][aria-selected="true"]');
          const range = document.createRange();
          range.selectNodeContents(tab.querySelector('.folio-title-label').firstChild);
          return { indicator: section.querySelector('.folio-indicator').getBoundingClientRect().width,
                   text: range.getBoundingClientRect().width };
        }""", KEY)
        assert abs(box["indicator"] - box["text"]) <= 0.5, f"{key}: {box}"


def test_without_harfbuzz_the_server_says_so_and_latin_and_cjk_stay_exact(unshaped, fresh_page):
    measured = widths(fresh_page("laptop"), unshaped)
    for key in UNSHAPED_EXACT:
        assert abs(measured[key]["server"] - measured[key]["drawn"]) <= 0.5, f"{key}: {measured[key]}"
    assert measured["kerned"]["font"] == "none"
    # Unjoined Arabic letters are wider than the joined ones Chromium draws.
    assert measured["arabic"]["server"] > measured["arabic"]["drawn"] * 1.1
    log = unshaped.stopped_log()
    assert "titles are not shaped" in log and "/nonexistent/libharfbuzz.so.0" in log
