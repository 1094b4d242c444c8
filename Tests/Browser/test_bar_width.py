"""Equal tabs on a phone and on a laptop (issue 26, item 5).

On a 390 px phone, five long titles in equal tabs ran into each other: each
label now stays inside its tab, cut short with an ellipsis, its whole title
in the tab's tooltip and accessible name, and the underline (sized by the
server to the whole title) is drawn only under the visible label. On a 1280
px laptop the demo's five tabs spread over the whole window above a 640 px
column: the bar is now as wide as that column, centred over it."""

import json
import shutil
import struct
import tempfile
import zlib

import pytest

from browser_helpers import FolioServer, check_indicator

PAGE = {"template": "content/color.html",
        "data": {"color": "blue", "heading": "Heading", "order": "First", "note": "A page."}}
LONG_TITLES = ["Deployments today", "Incidents this week", "Requests per minute", "Error budget", "On call"]
CONFIG = {
    "title": "Ops", "lang": "en",
    "pagers": [{"key": "ops", "title": "Ops", "layout": "equal",
                "colors": {"indicator": "#e00000", "selectedTitle": "#e00000"},
                "pages": [dict(PAGE, key=f"p{i}", title=t) for i, t in enumerate(LONG_TITLES)]}],
}

# Each tab's box, its label's drawn box, whether the label is cut short
# (its text wider than its box), the tab's tooltip, and the bar's row of
# the indicator.
TABS = """() => {
  const section = document.getElementById('folio-ops');
  const tabs = [...section.querySelectorAll('.folio-titles [role="tab"]')].map((tab) => {
    const label = tab.querySelector('.folio-title-label');
    const t = tab.getBoundingClientRect();
    const l = label.getBoundingClientRect();
    return { tab: [t.left, t.right], label: [l.left, l.right], cut: label.scrollWidth > label.clientWidth,
             tooltip: tab.title, text: label.textContent };
  });
  const indicator = section.querySelector('.folio-indicator').getBoundingClientRect();
  return { tabs, indicatorRow: Math.floor(indicator.bottom - 1), selected: Number(section.dataset.selected) };
}"""


@pytest.fixture(scope="module")
def long_titles(folio_bin):
    folder = tempfile.mkdtemp(prefix="folio-bar-")
    path = f"{folder}/folio.json"
    with open(path, "w", encoding="utf-8") as file:
        json.dump(CONFIG, file)
    try:
        with FolioServer(folio_bin, "--config", path) as server:
            yield server
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def png_row(png):
    """The pixels (r, g, b) of a one-pixel-high PNG screenshot (8-bit RGB or RGBA)."""
    position, chunks, header = 8, b"", None
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        data = png[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", data)
        elif kind == b"IDAT":
            chunks += data
        position += 12 + length
    width, _, depth, colour = header[:4]
    assert depth == 8 and colour in (2, 6), header
    size = 4 if colour == 6 else 3
    raw = zlib.decompress(chunks)
    kind, row = raw[0], bytearray(raw[1:1 + width * size])
    for i in range(len(row)):  # one row: "up" and the above-row terms are zero
        left = row[i - size] if i >= size else 0
        if kind == 1 or kind == 4:  # sub; Paeth with no row above is sub
            row[i] = (row[i] + left) & 0xFF
        elif kind == 3:
            row[i] = (row[i] + left // 2) & 0xFF
    return [tuple(row[i:i + 3]) for i in range(0, len(row), size)]


def test_long_titles_in_equal_tabs_stay_in_their_tabs_on_a_phone(long_titles, fresh_page):
    page = fresh_page("phone")
    page.goto(f"{long_titles.url}/ops/p1")
    page.wait_for_load_state("networkidle")
    page.evaluate("() => document.fonts.ready")
    seen = page.evaluate(TABS)
    for tab in seen["tabs"]:
        assert tab["tab"][0] - 0.5 <= tab["label"][0] and tab["label"][1] <= tab["tab"][1] + 0.5, tab
    cut = [t for t in seen["tabs"] if t["cut"]]
    assert len(cut) >= 3, f"the long titles were not cut short: {seen['tabs']}"
    assert all(t["tooltip"] == t["text"] for t in cut), cut
    assert all(t["tooltip"] == "" for t in seen["tabs"] if not t["cut"])
    names = [page.get_by_role("tab", name=title).count() for title in LONG_TITLES]
    assert names == [1] * 5, "each tab is named by its whole title"
    # The red underline is drawn under the selected tab only, not over its neighbours.
    row = png_row(page.screenshot(clip={"x": 0, "y": seen["indicatorRow"], "width": 390, "height": 1}))
    red = [x for x, (r, g, b) in enumerate(row) if r > 180 and g < 80 and b < 80]
    tab = seen["tabs"][seen["selected"]]["tab"]
    assert red, "no indicator drawn"
    assert tab[0] - 1 <= min(red) and max(red) <= tab[1] + 1, f"indicator {min(red)}-{max(red)} leaves tab {tab}"


def test_short_titles_are_not_cut_and_keep_their_indicator(folio, fresh_page):
    page = fresh_page("phone")
    page.goto(f"{folio.url}/essence/video")
    check_indicator(page, "essence", "underline")
    cut = page.evaluate("""() => [...document.querySelectorAll('#folio-essence .folio-title-label')]
        .filter((l) => l.scrollWidth > l.clientWidth).length""")
    assert cut == 0


# The bar of tabs and the shown page's column of posts, as boxes.
COLUMNS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; };
  const section = document.getElementById('folio-essence');
  return { bar: box(section.querySelector('.folio-titles')),
           column: box(section.querySelector('.folio-panel:not([hidden]):not([inert]) .posts')) };
}"""


def test_on_a_laptop_the_equal_bar_is_as_wide_as_the_content_column(folio, fresh_page):
    page = fresh_page("laptop")
    page.goto(f"{folio.url}/essence/all")
    check_indicator(page, "essence", "underline")
    seen = page.evaluate(COLUMNS)
    assert seen["column"][1] - seen["column"][0] == pytest.approx(640, abs=1)
    assert seen["bar"] == pytest.approx(seen["column"], abs=1), seen
    page.get_by_role("tab", name="段子").click()
    page.wait_for_url(f"{folio.url}/essence/joke")
    check_indicator(page, "essence", "underline")
