"""What the browser tests share: starting servers, the demo's pagers, and
the in-page measurements (no sleeps: every wait is for a condition)."""

import http.server
import json
import os
import pathlib
import re
import sys
import threading
import time

# `folio serve` and nginx are started by the dashboard suites' helpers, shared from Tests/Integration.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Integration"))
from test_dashboard_helpers import ROOT, FolioServer, Nginx  # noqa: E402,F401

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
VIEWPORTS = {"phone": (390, 844), "laptop": (1280, 800)}


def demo_pagers():
    """[(pager key, title style, [page keys])] of the demo configuration."""
    with open(ROOT / "Templates" / "demo" / "folio.json", encoding="utf-8") as file:
        config = json.load(file)
    return [(p["key"], p.get("titleStyle", "underline"), [page["key"] for page in p["pages"]])
            for p in config["pagers"]]


class StaticSite:
    """Python's http.server on a free port serving one folder: another origin."""

    def __init__(self, folder):
        handler = lambda *a, **k: _QuietHandler(*a, directory=str(folder), **k)  # noqa: E731
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.server.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


# Geometry of the selected tab of pager `key`, measured in the page: the
# indicator's box, the tab's box, and the label's text measured with a
# Range over its text node (the width the browser drew the glyphs at).
MEASURE = """(key) => {
  const section = document.getElementById(`folio-${key}`);
  const index = Number(section.dataset.selected);
  const tab = section.querySelectorAll('.folio-titles [role="tab"]')[index];
  const label = tab.querySelector('.folio-title-label');
  const range = document.createRange();
  range.selectNodeContents(label.firstChild);
  const text = range.getBoundingClientRect();
  const box = (r) => ({ left: r.left, width: r.width, centre: r.left + r.width / 2 });
  return {
    index, key: tab.value, selected: tab.getAttribute('aria-selected'),
    indicator: box(section.querySelector('.folio-indicator').getBoundingClientRect()),
    tab: box(tab.getBoundingClientRect()), text: box(text),
    dir: getComputedStyle(section).direction,
  };
}"""

# True once the indicator has no running animation or transition and its
# box has not moved for three animation frames.
SETTLED = """(key) => {
  const indicator = document.querySelector(`#folio-${key} .folio-indicator`);
  if (!indicator) return false;
  const r = indicator.getBoundingClientRect();
  const signature = `${r.left},${r.width}`;
  const moving = indicator.getAnimations().length > 0 || window.__folioLast !== signature;
  window.__folioLast = signature;
  window.__folioStill = moving ? 0 : (window.__folioStill || 0) + 1;
  return window.__folioStill >= 3;
}"""


# The same facts read once, for pages without JavaScript, where the page's
# own animation frames do not run for a waiting function.
STILLNESS = """(key) => {
  const indicator = document.querySelector(`#folio-${key} .folio-indicator`);
  const r = indicator.getBoundingClientRect();
  return { box: `${r.left},${r.width}`, moving: indicator.getAnimations().length,
           ready: document.readyState === 'complete' && document.fonts.status === 'loaded' };
}"""


def wait_until_settled(page, key, javascript=True):
    if javascript:
        page.evaluate("() => { window.__folioLast = undefined; window.__folioStill = 0; }")
        page.wait_for_function(SETTLED, arg=key, polling="raf", timeout=10_000)
        return
    deadline = time.monotonic() + 10
    previous = None
    while True:
        now = page.evaluate(STILLNESS, key)
        if now["ready"] and not now["moving"] and now["box"] == previous:
            return
        assert time.monotonic() < deadline, f"the indicator of {key} never settled: {now}"
        previous = now["box"]


def check_indicator(page, key, style, javascript=True):
    """The indicator spans the selected label's text (underline) or the whole
    tab (segmented), centred under the tab, within 1 px."""
    wait_until_settled(page, key, javascript)
    m = page.evaluate(MEASURE, key)
    expected = m["tab"]["width"] if style == "segmented" else m["text"]["width"]
    where = f"{key}/{m['key']} ({m['dir']}, {page.viewport_size['width']} px): {m}"
    assert abs(m["indicator"]["width"] - expected) <= 1, "indicator width is off: " + where
    assert abs(m["indicator"]["centre"] - m["tab"]["centre"]) <= 1, "indicator is not centred: " + where
    return m


def over(top, bottom):
    """`top` (r, g, b, a) composited over the opaque `bottom` (source-over, in sRGB as browsers do)."""
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
    """The WCAG contrast ratio of two opaque colours."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


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
