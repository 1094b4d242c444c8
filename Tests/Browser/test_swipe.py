"""A swipe moves the indicator with the finger: dragged with real touch
events (Chromium's DevTools protocol) from page 0 towards page 1, the
indicator's box at each step is the interpolation of its boxes on the two
pages by the drag's progress, and the selected title's colour moves with
it; after the finger lifts, page 1 is selected and the indicator is there.

A drag towards a page never shown fetches that page's content from its
read-only panel URL while the finger is still down (and no page further
away); letting go short of it snaps back, and the server still has page 0
selected and page 1 not loaded: only the settle's post records a page. A
fetch that fails is not asked again in the same drag, leaves the skeleton,
and the settle's post loads the page as before."""

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


def touch_driver(page, key):
    """`move(fraction)` holds the finger on the track, `fraction` of its width
    left of where it started; `lift()` ends the touch."""
    track = page.locator(f"#folio-{key} .folio-track").bounding_box()
    y = track["y"] + track["height"] / 2
    x0 = track["x"] + track["width"] * 0.9
    cdp = page.context.new_cdp_session(page)

    def send(kind, x=0):
        cdp.send("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})

    state = {"at": 0.0}

    def move(fraction, steps=8):
        if not state.get("down"):
            send("touchStart", x0)
            state["down"] = True
        start = state["at"]
        for step in range(1, steps + 1):
            state["at"] = start + (fraction - start) * step / steps
            send("touchMove", x0 - track["width"] * state["at"])
            frames(page)

    def lift():
        send("touchEnd")
        state.update(down=False, at=0.0)

    return move, lift


def server_state(page, folio, key):
    """The session's pager as the server has it (the context's cookies)."""
    response = page.request.get(f"{folio.url}/{key}/state")
    assert response.ok, response.status
    data = response.json()
    return data["selected"]["index"], {p["key"]: p["loaded"] for p in data["pages"]}


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


PANEL = """([key, index]) => {
  const panel = document.querySelectorAll(`#folio-${key} .folio-track > .folio-panel`)[index];
  return { loaded: panel.dataset.loaded, prefetched: panel.dataset.prefetched || null,
           busy: panel.getAttribute('aria-busy'), posts: panel.querySelectorAll('.post').length };
}"""


def test_a_drag_fetches_the_neighbour_it_heads_for_and_a_snap_back_records_nothing(folio, touch_page):
    page = touch_page
    page.goto(f"{folio.url}/essence/all")
    wait_until_settled(page, "essence")
    # A session that has shown pages 3 and 0: pages 1 and 2 are placeholders.
    for key, index in (("picture", "3"), ("all", "0")):
        page.locator(f"#folio-essence-tab-{key}").click()
        page.wait_for_function(
            f"() => document.getElementById('folio-essence').dataset.selected === '{index}'", timeout=10_000)
        page.wait_for_load_state("networkidle")
    wait_until_settled(page, "essence")
    assert server_state(page, folio, "essence") == (
        0, {"all": True, "video": False, "voice": False, "picture": True, "joke": False})
    assert page.evaluate(PANEL, ["essence", 1])["loaded"] == "false"
    requests = []
    page.on("request", lambda request: requests.append((request.method, request.url)))
    move, lift = touch_driver(page, "essence")

    move(0.4)  # the finger stays down, 40 % of the way to page 1
    page.wait_for_function(f"() => ({PANEL})(['essence', 1]).posts > 0", timeout=10_000)
    held = page.evaluate(PANEL, ["essence", 1])
    assert held == {"loaded": "true", "prefetched": "true", "busy": None, "posts": held["posts"]}, held
    # Still dragging (a lifted finger snaps back to 0); under load the track may trail the finger.
    assert page.evaluate(BOX, "essence")["progress"] > 0.05, "the finger lifted early"
    panel_requests = [url for method, url in requests if url.endswith("/panel")]
    assert panel_requests == [f"{folio.url}/essence/video/panel"], requests
    assert not [r for r in requests if r[0] == "POST"], requests
    assert page.evaluate(PANEL, ["essence", 2])["loaded"] == "false"

    move(0.0)
    lift()
    page.wait_for_load_state("networkidle")
    wait_until_settled(page, "essence")
    assert page.evaluate(BOX, "essence")["selected"] == "0"
    assert not [r for r in requests if r[0] == "POST"], requests
    assert server_state(page, folio, "essence") == (
        0, {"all": True, "video": False, "voice": False, "picture": True, "joke": False})

    # Dragged all the way this time: the settle's post records page 1, whose
    # content was already there (not fetched again).
    move(0.7, steps=12)
    lift()
    page.wait_for_function("() => document.getElementById('folio-essence').dataset.selected === '1'",
                           timeout=10_000)
    page.wait_for_load_state("networkidle")
    wait_until_settled(page, "essence")
    assert [url for method, url in requests if url.endswith("/panel")] == panel_requests, requests
    assert server_state(page, folio, "essence") == (
        1, {"all": True, "video": True, "voice": False, "picture": True, "joke": False})
    shown = page.evaluate(PANEL, ["essence", 1])
    assert shown["loaded"] == "true" and shown["prefetched"] is None and shown["posts"] > 0, shown


def test_a_failed_fetch_ahead_keeps_the_skeleton_and_the_settle_loads_the_page(folio, touch_page):
    page = touch_page
    page.route("**/panel", lambda route: route.abort())
    failed = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.goto(f"{folio.url}/essence/all")
    wait_until_settled(page, "essence")
    move, lift = touch_driver(page, "essence")
    with page.expect_event("requestfailed", timeout=10_000):
        move(0.3)
    # The wait's busy mark goes with the failure; the skeleton stays.
    page.wait_for_function(f"() => ({PANEL})(['essence', 1]).busy === null", timeout=10_000)
    move(0.5)  # further on in the same drag: not asked again
    frames(page, 10)
    assert failed == [f"{folio.url}/essence/video/panel"], failed
    held = page.evaluate(PANEL, ["essence", 1])
    assert held == {"loaded": "false", "prefetched": None, "busy": None, "posts": 0}, held
    assert page.evaluate(BOX, "essence")["selected"] == "0"
    move(0.7)
    lift()
    page.wait_for_function(f"() => ({PANEL})(['essence', 1]).posts > 0", timeout=10_000)
    assert page.evaluate(BOX, "essence")["selected"] == "1"
    assert failed == [f"{folio.url}/essence/video/panel"], failed


# The opacity of every panel of pager `key`, once per animation frame for `count` frames.
# Records the panels' opacities every frame for `ms` milliseconds; the promise
# ends when the recording does (`window.__opacities`).
RECORD_OPACITIES = """([key, ms]) => {
  const panels = [...document.querySelectorAll(`#folio-${key} .folio-track > .folio-panel`)];
  const start = performance.now();
  const seen = [];
  window.__opacities = new Promise((done) => {
    const sample = () => {
      seen.push(panels.map((p) => Number(getComputedStyle(p).opacity)));
      if (performance.now() - start < ms) requestAnimationFrame(sample); else done(seen);
    };
    requestAnimationFrame(sample);
  });
}"""


def test_a_swipe_on_a_cross_dissolve_pager_changes_page_with_its_dissolve(folio, touch_page):
    """The trial's /news: a swipe did nothing and said nothing (the track of a
    dissolving pager does not scroll)."""
    page = touch_page
    page.goto(f"{folio.url}/news/headline")
    wait_until_settled(page, "news")
    move, lift = touch_driver(page, "news")
    move(0.5)
    # Sampled from before the lift: the page left starts fading at once, before the answer.
    page.evaluate(RECORD_OPACITIES, ["news", 2000])
    with page.expect_response(lambda r: r.url.endswith("/news/select")):
        lift()
    sampled = page.evaluate("() => window.__opacities")
    page.wait_for_url(f"{folio.url}/news/today")
    assert page.evaluate("() => document.getElementById('folio-news').dataset.selected") == "1"
    # The dissolve ran: the page left faded out through in-between opacities, the new one in.
    assert any(0.05 < frame[0] < 0.95 for frame in sampled), f"no dissolve of page 0: {sampled}"
    assert sampled[-1][1] > sampled[0][1], f"page 1 did not fade in: {sampled}"
    assert server_state(page, folio, "news")[0] == 1
    # Swiped the other way (left to right), back to the first page.
    track = page.locator("#folio-news .folio-track").bounding_box()
    cdp = page.context.new_cdp_session(page)
    y = track["y"] + track["height"] / 2

    def touch(kind, x):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})

    touch("touchStart", track["x"] + 40)
    touch("touchMove", track["x"] + 120)
    touch("touchMove", track["x"] + 240)
    with page.expect_response(lambda r: r.url.endswith("/news/select")):
        touch("touchEnd", 0)
    page.wait_for_url(f"{folio.url}/news/headline")
    assert server_state(page, folio, "news")[0] == 0


def test_a_short_or_vertical_swipe_on_a_cross_dissolve_pager_keeps_the_page(folio, touch_page):
    page = touch_page
    page.goto(f"{folio.url}/news/headline")
    wait_until_settled(page, "news")
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    track = page.locator("#folio-news .folio-track").bounding_box()
    cdp = page.context.new_cdp_session(page)
    x, y = track["x"] + 300, track["y"] + 300
    for path in ([(x - 20, y)], [(x - 60, y - 200)]):  # 20 px sideways; mostly downwards
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for px, py in path:
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": px, "y": py}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        frames(page, 4)
    assert posts == [] and page.url == f"{folio.url}/news/headline"
