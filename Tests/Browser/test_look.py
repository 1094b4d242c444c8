"""The title bar's looks (issue 15, items 6, 7 and 8): the titles keep WCAG
AA contrast over the bar whatever scrolls under it (worst case black), a
hovered tab is tinted, never underlined, and a printed pager is its shown
page whole, over as many sheets as it needs."""

import math
import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from browser_helpers import check_indicator, contrast, demo_pagers, over, rgba

PAGERS = demo_pagers()
AA = 4.5

# The computed colours of the bar, of every title and of the indicator,
# with everything under the bar painted black: the pager's background (what
# axe composites over) and the shown panel with its content (what Chromium
# draws), by inline style through the CSSOM, which the
# Content-Security-Policy allows.
BLACK_UNDER_THE_BAR = """(key) => {
  const section = document.getElementById(`folio-${key}`);
  const index = Number(section.dataset.selected);
  const panel = section.querySelectorAll('.folio-track > .folio-panel')[index];
  document.body.style.background = '#000000';
  section.style.setProperty('--folio-background', '#000000');
  panel.style.background = '#000000';
  for (const child of panel.children) child.style.background = '#000000';
  const head = section.querySelector('.folio-head');
  const corner = head.getBoundingClientRect();
  const stack = document.elementsFromPoint(corner.left + 2, corner.top + 2);
  return {
    bar: getComputedStyle(head).backgroundColor,
    under: stack.slice(stack.indexOf(head) + 1).map((e) => getComputedStyle(e).backgroundColor),
    titles: Array.from(section.querySelectorAll('.folio-titles [role="tab"]'), (tab) => ({
      key: tab.value, selected: tab.getAttribute('aria-selected') === 'true',
      color: getComputedStyle(tab).color,
    })),
    indicator: getComputedStyle(section.querySelector('.folio-indicator')).backgroundColor,
  };
}"""

BLACK = (0.0, 0.0, 0.0, 1.0)


def move_mouse_away(page):
    """Nothing hovered: the pointer on the page's last pixel row, below every bar."""
    size = page.viewport_size
    page.mouse.move(size["width"] // 2, size["height"] - 1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("pager", PAGERS, ids=[p[0] for p in PAGERS])
def test_titles_keep_aa_contrast_over_black_content_under_the_bar(folio, fresh_page, pager, scheme):
    """In dark mode too: the trial found /pageview's selected segment red on its red fill (1:1)."""
    key, style, page_keys = pager
    page = fresh_page("laptop")
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{folio.url}/{key}/{page_keys[0]}")
    page.wait_for_load_state("networkidle")
    move_mouse_away(page)
    seen = page.evaluate(BLACK_UNDER_THE_BAR, key)
    # What is really under the bar's corner: the black panel.
    under = [rgba(page, c) for c in seen["under"]]
    opaque = next(c for c in under if c[3] == 1.0)
    assert opaque[:3] == BLACK[:3], f"{key}: the first opaque layer under the bar is not black: {seen['under']}"
    bar = over(rgba(page, seen["bar"]), BLACK)
    # A segmented pager's selected title is drawn on the indicator's fill.
    filled = over(rgba(page, seen["indicator"]), bar)

    def ground(title):
        return filled if style == "segmented" and title["selected"] else bar

    figures = {t["key"]: round(contrast(over(rgba(page, t["color"]), ground(t)), ground(t)), 2)
               for t in seen["titles"]}
    low = {k: v for k, v in figures.items() if v < AA}
    assert not low, f"{key} ({scheme}): titles under {AA}:1 over the bar ({seen['bar']}) on black: {low}"
    results = Axe().run(page, context=f"#folio-{key} .folio-head",
                        options={"runOnly": {"type": "rule", "values": ["color-contrast"]},
                                 "resultTypes": ["violations", "passes", "incomplete"]}).response
    assert not results["violations"], f"axe on {key} over black: {results['violations']}"
    # axe really judged every title (not left them as undecidable).
    judged = sum(len(r["nodes"]) for r in results["passes"])
    undecided = [n["target"] for r in results["incomplete"] for n in r["nodes"]]
    assert judged >= len(page_keys) and not undecided, f"{key}: axe passed {judged}, undecided {undecided}"


# The hovered tab (and its label), and every element of the title bar that
# draws an underline: text decoration or a bottom border.
HOVER_STATE = """([key, index]) => {
  const section = document.getElementById(`folio-${key}`);
  const tab = section.querySelectorAll('.folio-titles [role="tab"]')[index];
  const label = tab.querySelector('.folio-title-label');
  const style = (e) => getComputedStyle(e);
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const underlines = Array.from(section.querySelectorAll('.folio-head, .folio-head *'))
    .filter((e) => style(e).textDecorationLine.includes('underline')
                || parseFloat(style(e).borderBottomWidth) > 0)
    .map((e) => e.className || e.tagName);
  return {
    hovered: tab.matches(':hover'), selected: tab.getAttribute('aria-selected') === 'true',
    color: style(tab).color, decoration: style(tab).textDecorationLine,
    labelDecoration: style(label).textDecorationLine,
    tabBackground: style(tab).backgroundColor, labelBackground: style(label).backgroundColor,
    labelRadius: parseFloat(style(label).borderTopLeftRadius), labelShadow: style(label).boxShadow,
    outline: [style(tab).outlineStyle, parseFloat(style(tab).outlineWidth)],
    focusVisible: tab.matches(':focus-visible'),
    labelBox: box(label), underlines,
    bar: style(section.querySelector('.folio-head')).backgroundColor,
    selectedColor: style(section.querySelector('.folio-titles [aria-selected="true"]')).color,
  };
}"""


def hover_state(page, key, index):
    return page.evaluate(HOVER_STATE, [key, index])


@pytest.mark.parametrize("direction", ["ltr", "rtl"])
@pytest.mark.parametrize("pager", PAGERS, ids=[p[0] for p in PAGERS])
def test_a_hovered_tab_is_tinted_not_underlined(folio, pages, pager, direction):
    key, style, page_keys = pager
    page = pages("laptop")
    page.goto(f"{folio.url}/{key}/{page_keys[0]}")
    page.evaluate("(d) => { document.documentElement.dir = d; }", direction)
    check_indicator(page, key, style)
    move_mouse_away(page)
    before = hover_state(page, key, 1)
    assert not before["hovered"] and not before["selected"]
    page.hover(f"#folio-{key}-tab-{page_keys[1]}")
    page.wait_for_function("(id) => document.getElementById(id).matches(':hover')", arg=f"folio-{key}-tab-{page_keys[1]}")
    after = hover_state(page, key, 1)
    where = f"{key} ({direction}): {after}"
    assert after["decoration"] == "none" and after["labelDecoration"] == "none", "hover underlines: " + where
    assert after["underlines"] == [], "something in the bar draws an underline besides the indicator: " + where
    # The treatment: a tint (the label's pill, or the whole segment).
    tint_css = after["tabBackground"] if style == "segmented" else after["labelBackground"]
    tint = rgba(page, tint_css)
    assert 0 < tint[3] < 1, "no tint on hover: " + where
    if style != "segmented":
        assert after["labelRadius"] > 0 and after["labelShadow"] != "none", "the pill has no rounded shape: " + where
        assert after["color"] != before["color"], "the hovered title keeps its colour: " + where
    # It does not look like selection, and the label (what the indicator is
    # measured against) did not move.
    assert rgba(page, after["color"]) != rgba(page, after["selectedColor"]), "hover looks selected: " + where
    assert after["labelBox"] == before["labelBox"], "hover moved the label: " + where
    # The hovered title keeps AA over the tint, over the bar, over black.
    bar = over(rgba(page, after["bar"]), BLACK)
    ground = over(tint, bar)
    ratio = contrast(over(rgba(page, after["color"]), ground), ground)
    assert ratio >= AA, f"hovered title at {ratio:.2f}:1: " + where
    # Only the indicator underlines, and hover did not move it.
    check_indicator(page, key, style)
    # The selected tab ignores the pointer.
    selected_before = hover_state(page, key, 0)
    page.hover(f"#folio-{key}-tab-{page_keys[0]}")
    page.wait_for_function("(id) => document.getElementById(id).matches(':hover')", arg=f"folio-{key}-tab-{page_keys[0]}")
    selected = hover_state(page, key, 0)
    changed = {k: (selected_before[k], selected[k]) for k in ("color", "tabBackground", "labelBackground", "labelShadow")
               if selected_before[k] != selected[k]}
    assert not changed, f"hovering the selected tab changes it: {key} ({direction}): {changed}"


@pytest.mark.parametrize("pager", PAGERS, ids=[p[0] for p in PAGERS])
def test_a_hovered_tab_keeps_aa_contrast_in_dark_mode(folio, fresh_page, pager):
    key, style, page_keys = pager
    page = fresh_page("laptop")
    page.emulate_media(color_scheme="dark")
    page.goto(f"{folio.url}/{key}/{page_keys[0]}")
    check_indicator(page, key, style)
    page.hover(f"#folio-{key}-tab-{page_keys[1]}")
    page.wait_for_function("(id) => document.getElementById(id).matches(':hover')", arg=f"folio-{key}-tab-{page_keys[1]}")
    after = hover_state(page, key, 1)
    tint = rgba(page, after["tabBackground"] if style == "segmented" else after["labelBackground"])
    bar = over(rgba(page, after["bar"]), BLACK)
    ground = over(tint, bar)
    ratio = contrast(over(rgba(page, after["color"]), ground), ground)
    assert ratio >= AA, f"{key} (dark): hovered title at {ratio:.2f}:1: {after}"


def test_keyboard_focus_outline_shows_with_the_hover_tint(folio, pages):
    page = pages("laptop")
    page.goto(f"{folio.url}/essence/all")
    page.focus("#folio-essence-tab-all")
    page.keyboard.press("ArrowRight")  # manual activation: focus moves, nothing is selected
    page.wait_for_function("() => document.activeElement.id === 'folio-essence-tab-video'")
    page.hover("#folio-essence-tab-video")
    state = hover_state(page, "essence", 1)
    assert state["focusVisible"] and state["outline"] == ["solid", 2.0], state
    assert rgba(page, state["labelBackground"])[3] > 0, state


# In print media: what of the pager could clip or hide the shown page.
PRINT_STATE = """(key) => {
  const section = document.getElementById(`folio-${key}`);
  const index = Number(section.dataset.selected);
  const panels = Array.from(section.querySelectorAll('.folio-track > .folio-panel'));
  const shown = panels[index];
  const items = shown.querySelectorAll('.post, .news-item, .tag, .pageview, .color-page');
  const last = items[items.length - 1];
  const clips = [];
  for (let e = last.parentElement; e; e = e.parentElement) {
    const s = getComputedStyle(e);
    const overflowing = e.scrollHeight > e.clientHeight + 1 && e !== document.documentElement;
    if (overflowing && s.overflowY !== 'visible') clips.push(`${e.className || e.tagName}: overflow-y ${s.overflowY}`);
  }
  const head = getComputedStyle(section.querySelector('.folio-head'));
  const indicator = section.querySelector('.folio-indicator');
  const tab = section.querySelectorAll('.folio-titles [role="tab"]')[index];
  const rect = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
  return {
    index, items: items.length, lastBottom: last.getBoundingClientRect().bottom + window.scrollY,
    scrollHeight: document.documentElement.scrollHeight, clips,
    displayed: panels.map((p) => getComputedStyle(p).display !== 'none'),
    head: { position: head.position, backdrop: head.backdropFilter, printColors: head.printColorAdjust || head.webkitPrintColorAdjust },
    indicator: { ...rect(indicator), display: getComputedStyle(indicator).display,
                 background: getComputedStyle(indicator).backgroundColor },
    tab: rect(tab),
  };
}"""

A4 = {"width": 794, "height": 1123}  # CSS px at 96 per inch


def pdf_pages(pdf):
    """Page objects in Chromium's PDF (it writes no object streams)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


@pytest.mark.parametrize("key,javascript", [("essence", True), ("essence", False), ("news", True)],
                         ids=["essence-js", "essence-nojs", "news-crossdissolve"])
def test_print_shows_the_whole_shown_page(folio, fresh_page, key, javascript):
    page = fresh_page(javascript=javascript)
    page.set_viewport_size(A4)
    page.goto(f"{folio.url}/{key}")
    page.wait_for_load_state("networkidle")
    screen = page.evaluate(PRINT_STATE, key)
    page.emulate_media(media="print")
    printed = page.evaluate(PRINT_STATE, key)
    where = f"{key}: {printed}"
    assert printed["items"] == screen["items"] and printed["items"] > 1
    assert not printed["clips"], "the shown page is clipped in print: " + where
    assert printed["lastBottom"] <= printed["scrollHeight"] + 1, where
    assert printed["displayed"] == [i == printed["index"] for i in range(len(printed["displayed"]))], \
        "exactly the shown page prints: " + where
    assert printed["head"]["position"] == "static" and printed["head"]["backdrop"] == "none", where
    assert printed["head"]["printColors"] == "exact", "the bar and indicator would print blank: " + where
    # The indicator under the selected title, at the bar's bottom.
    indicator, tab = printed["indicator"], printed["tab"]
    assert indicator["display"] != "none" and rgba(page, indicator["background"])[3] == 1, where
    assert abs(indicator["bottom"] - tab["bottom"]) <= 1 and tab["left"] <= indicator["left"] < indicator["right"] <= tab["right"], where
    # The sheets: at least as many as the printed document's height needs.
    pdf = page.pdf(format="A4", margin={"top": "0", "bottom": "0", "left": "0", "right": "0"})
    needed = math.ceil(printed["scrollHeight"] / A4["height"])
    count = pdf_pages(pdf)
    if key == "essence":
        assert needed > 1, where
    assert count >= needed, f"{key}: {count} PDF pages for a {printed['scrollHeight']} px document"
