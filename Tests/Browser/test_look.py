"""The title bar's looks (issue 15, item 6): the titles keep WCAG AA
contrast over the bar whatever scrolls under it (worst case black)."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from browser_helpers import demo_pagers

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

# A colour the Python parser below does not read (oklab(), lab() …) as
# sRGB bytes, by the browser's own conversion.
CANVAS_RGBA = """(css) => {
  const context = document.createElement('canvas').getContext('2d');
  context.fillStyle = css;
  context.fillRect(0, 0, 1, 1);
  return Array.from(context.getImageData(0, 0, 1, 1).data);
}"""


def rgba(page, css):
    """A computed colour as (r, g, b, alpha) with r, g, b in 0-255."""
    css = css.strip()
    match = re.fullmatch(r"rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)", css)
    if match:
        r, g, b, a = match.groups()
        return float(r), float(g), float(b), float(a) if a is not None else 1.0
    match = re.fullmatch(r"color\(srgb ([-\d.e]+) ([-\d.e]+) ([-\d.e]+)(?: / ([\d.]+))?\)", css)
    if match:
        r, g, b, a = match.groups()
        return (*(min(max(float(v), 0.0), 1.0) * 255 for v in (r, g, b)), float(a) if a is not None else 1.0)
    r, g, b, a = page.evaluate(CANVAS_RGBA, css)
    return float(r), float(g), float(b), a / 255


def over(top, bottom):
    """`top` composited over the opaque `bottom` (source-over, in sRGB as browsers do)."""
    alpha = top[3]
    return tuple(alpha * t + (1 - alpha) * b for t, b in zip(top[:3], bottom[:3])) + (1.0,)


def luminance(colour):
    """WCAG 2 relative luminance of an opaque sRGB colour."""
    def linear(channel):
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


BLACK = (0.0, 0.0, 0.0, 1.0)


def move_mouse_away(page):
    """Nothing hovered: the pointer on the page's last pixel row, below every bar."""
    size = page.viewport_size
    page.mouse.move(size["width"] // 2, size["height"] - 1)


@pytest.mark.parametrize("pager", PAGERS, ids=[p[0] for p in PAGERS])
def test_titles_keep_aa_contrast_over_black_content_under_the_bar(folio, pages, pager):
    key, style, page_keys = pager
    page = pages("laptop")
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
    assert not low, f"{key}: titles under {AA}:1 over the bar ({seen['bar']}) on black: {low}"
    results = Axe().run(page, context=f"#folio-{key} .folio-head",
                        options={"runOnly": {"type": "rule", "values": ["color-contrast"]},
                                 "resultTypes": ["violations", "passes", "incomplete"]}).response
    assert not results["violations"], f"axe on {key} over black: {results['violations']}"
    # axe really judged every title (not left them as undecidable).
    judged = sum(len(r["nodes"]) for r in results["passes"])
    undecided = [n["target"] for r in results["incomplete"] for n in r["nodes"]]
    assert judged >= len(page_keys) and not undecided, f"{key}: axe passed {judged}, undecided {undecided}"
