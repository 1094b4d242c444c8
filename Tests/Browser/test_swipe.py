"""A swipe moves the indicator with the finger: dragged with real touch
events (Chromium's DevTools protocol) from page 0 towards page 1, the
indicator's box at each step is the interpolation of its boxes on the two
pages by the drag's progress, and the selected title's colour moves with
it; after the finger lifts, page 1 is selected and the indicator is there."""

import pytest

from browser_helpers import CHROMIUM, wait_until_settled

BOX = """(key) => {
  const section = document.getElementById(`folio-${key}`);
  const track = section.querySelector('.folio-track');
  const r = section.querySelector('.folio-indicator').getBoundingClientRect();
  const tabs = section.querySelectorAll('.folio-titles [role="tab"]');
  return { left: r.left, width: r.width, progress: Math.abs(track.scrollLeft) / track.clientWidth,
           colour0: getComputedStyle(tabs[0]).color, colour1: getComputedStyle(tabs[1]).color,
           selected: section.dataset.selected };
}"""


@pytest.fixture
def touch_page(chromium):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                   has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()


def frames(page, count=2):
    page.evaluate(f"() => new Promise(done => {{ let n = {count}; const f = () => --n ? requestAnimationFrame(f) : done(); requestAnimationFrame(f); }})")


def test_the_indicator_follows_a_touch_drag_in_proportion_and_lands_on_the_new_page(folio, touch_page):
    page = touch_page
    page.goto(f"{folio.url}/essence/all")
    wait_until_settled(page, "essence")
    start = page.evaluate(BOX, "essence")
    track = page.locator("#folio-essence .folio-track").bounding_box()
    y = track["y"] + track["height"] / 2
    x0 = track["x"] + track["width"] * 0.9
    cdp = page.context.new_cdp_session(page)
    touch = lambda kind, x: cdp.send("Input.dispatchTouchEvent", {  # noqa: E731
        "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})
    touch("touchStart", x0)
    samples = []
    steps = 12
    for step in range(1, steps + 1):
        touch("touchMove", x0 - track["width"] * 0.7 * step / steps)
        frames(page)
        samples.append(page.evaluate(BOX, "essence"))
    touch("touchEnd", 0)
    page.wait_for_function("() => document.getElementById('folio-essence').dataset.selected === '1'",
                           timeout=10_000)
    wait_until_settled(page, "essence")
    end = page.evaluate(BOX, "essence")
    assert end["selected"] == "1"
    moving = [s for s in samples if 0.05 < s["progress"] < 0.95]
    assert len(moving) >= 4, f"the drag did not move the track: {[s['progress'] for s in samples]}"
    for sample in moving:
        f = sample["progress"]
        expected_left = start["left"] + (end["left"] - start["left"]) * f
        expected_width = start["width"] + (end["width"] - start["width"]) * f
        assert abs(sample["left"] - expected_left) < 1.5, (f, sample, expected_left)
        assert abs(sample["width"] - expected_width) < 1.5, (f, sample, expected_width)
    # Half-way the two titles share the selected colour; at the end it is title 1's.
    middle = min(moving, key=lambda s: abs(s["progress"] - 0.5))
    assert middle["colour0"] != start["colour0"] and middle["colour1"] != start["colour1"], middle
    assert end["colour1"] == start["colour0"]
