"""A title bar that scrolls (fit layout, 15 tabs on a phone): a click on a
far tab moves the bar and the indicator together, sampled every animation
frame; the bar shows that it scrolls (faded edges) and a vertical wheel
over it scrolls it sideways."""

import json
import pathlib

import pytest

from browser_helpers import ROOT, FolioServer, wait_until_settled

KEY = "fifty"  # the bench fixture's pager, cut to 15 tabs


@pytest.fixture(scope="module")
def scrolling(folio_bin, tmp_path_factory):
    config = json.loads((ROOT / "scripts" / "bench-fixtures" / "fifty-tabs.json").read_text(encoding="utf-8"))
    pager = config["pagers"][0]
    pager["pages"] = pager["pages"][:15]
    path = pathlib.Path(tmp_path_factory.mktemp("fifteen")) / "folio.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    server = FolioServer(folio_bin, "--config", str(path))
    yield server, [page["key"] for page in pager["pages"]]
    server.stop()


# Records, every animation frame for `ms`, the bar's scroll offset and the
# visible centres of the indicator, the old and the new tab; sets
# window.__folioFrames when done.
SAMPLE = """([key, from, to, ms]) => {
  const section = document.getElementById(`folio-${key}`);
  const bar = section.querySelector('.folio-titles');
  const indicator = section.querySelector('.folio-indicator');
  const tabs = section.querySelectorAll('.folio-titles [role="tab"]');
  const centre = (element) => { const r = element.getBoundingClientRect(); return r.left + r.width / 2; };
  const frames = [];
  window.__folioFrames = null;
  const started = performance.now();
  const frame = () => {
    const box = bar.getBoundingClientRect();
    frames.push({ t: performance.now() - started, scroll: bar.scrollLeft, indicator: centre(indicator),
                  old: centre(tabs[from]), new: centre(tabs[to]), left: box.left, right: box.right });
    if (performance.now() - started < ms) requestAnimationFrame(frame);
    else window.__folioFrames = frames;
  };
  requestAnimationFrame(frame);
}"""


def test_a_far_tab_moves_the_bar_and_the_indicator_together_frame_by_frame(scrolling, fresh_page):
    server, keys = scrolling
    page = fresh_page("phone")
    page.goto(f"{server.url}/{KEY}/{keys[1]}")
    wait_until_settled(page, KEY)
    page.evaluate(SAMPLE, [KEY, 1, 12, 900])
    with page.expect_response(lambda r: r.request.method == "POST"):
        # element.click(): Playwright's own click would first scroll the tab into view itself.
        page.eval_on_selector(f"#folio-{KEY} [role=tab][value={keys[12]}]", "tab => tab.click()")
    page.wait_for_function("() => window.__folioFrames !== null", timeout=10_000)
    frames = page.evaluate("() => window.__folioFrames")
    travel = frames[-1]["scroll"] - frames[0]["scroll"]
    assert travel > 200, f"the bar should scroll to reach tab 12, it moved {travel} px"
    steps = [abs(b["scroll"] - a["scroll"]) for a, b in zip(frames, frames[1:])]
    moving = [step for step in steps if step > 0.5]
    # Glided over many frames, none of which did most of the way (the jump this replaces did it in one).
    assert len(moving) >= 5, f"the bar moved in {len(moving)} frames: {steps}"
    assert max(steps) < 0.4 * travel, f"one frame scrolled {max(steps)} of {travel} px"
    for sample in frames:
        # Always inside the visible bar, and between the tab it leaves and the one it goes to.
        assert sample["left"] - 1 <= sample["indicator"] <= sample["right"] + 1, sample
        low, high = sorted((sample["old"], sample["new"]))
        assert low - 2 <= sample["indicator"] <= high + 2, sample
    # At rest: under the new tab.
    assert abs(frames[-1]["indicator"] - frames[-1]["new"]) < 1.5, frames[-1]


def test_the_bar_fades_where_titles_are_hidden_and_a_vertical_wheel_scrolls_it(scrolling, fresh_page):
    server, keys = scrolling
    page = fresh_page("phone")
    page.goto(f"{server.url}/{KEY}/{keys[0]}")
    wait_until_settled(page, KEY)
    bar = f"#folio-{KEY} .folio-titles"
    assert page.get_attribute(bar, "data-overflow") == "end"
    mask = page.eval_on_selector(bar, "b => getComputedStyle(b).maskImage || getComputedStyle(b).webkitMaskImage")
    assert mask and mask != "none", mask
    box = page.locator(bar).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    scroll_y = page.evaluate("() => window.scrollY")
    page.mouse.wheel(0, 240)
    page.wait_for_function(f"() => document.querySelector('{bar}').scrollLeft > 100", timeout=5_000)
    assert page.evaluate("() => window.scrollY") == scroll_y
    page.wait_for_function(f"() => document.querySelector('{bar}').dataset.overflow === 'both'", timeout=5_000)
    # The last page's tab: nothing beyond the end any more.
    page.eval_on_selector(f"#folio-{KEY} [role=tab][value={keys[14]}]", "tab => tab.click()")
    page.wait_for_function(f"() => document.querySelector('{bar}').dataset.overflow === 'start'", timeout=5_000)


def test_a_bar_that_fits_is_not_faded(folio, fresh_page):
    page = fresh_page("laptop")
    page.goto(f"{folio.url}/essence")
    wait_until_settled(page, "essence")
    assert page.get_attribute("#folio-essence .folio-titles", "data-overflow") is None
