"""How people move between pages: swiping the track, the keyboard
(WAI-ARIA tabs, manual activation), Tab without JavaScript, the back and
forward buttons; and that a page loads only when first shown."""

import pytest

from browser_helpers import demo_pagers

PAGERS = demo_pagers()


def selected_key(page, pager):
    return page.get_attribute(f"#folio-{pager} [role=tab][aria-selected=true]", "value")


def server_state(page, folio, pager):
    """The state the server holds for this page's session (same cookies)."""
    response = page.context.request.get(f"{folio.url}/{pager}/state")
    assert response.ok
    return response.json()


def test_swiping_the_track_one_page_selects_the_next_title(folio, fresh_page):
    page = fresh_page("phone")
    page.goto(f"{folio.url}/essence/all")
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/essence/scroll")) as answer:
        page.eval_on_selector("#folio-essence .folio-track",
                              "t => t.scrollBy({ left: t.clientWidth, behavior: 'instant' })")
    assert answer.value.status == 200
    page.wait_for_url(f"{folio.url}/essence/video")
    assert selected_key(page, "essence") == "video"
    state = server_state(page, folio, "essence")
    assert (state["selected"]["key"], state["selected"]["index"]) == ("video", 1)


def test_arrow_keys_move_focus_and_enter_or_space_select(folio, fresh_page):
    page = fresh_page("laptop")
    page.goto(f"{folio.url}/essence/all")
    focused = lambda: page.evaluate("() => document.activeElement.value")  # noqa: E731
    page.focus("#folio-essence-tab-all")
    # Roving tabindex: only the selected title is in the Tab order.
    assert page.eval_on_selector_all("#folio-essence [role=tab]", "ts => ts.map(t => t.tabIndex)") == [0, -1, -1, -1, -1]
    for key, expected in [("ArrowRight", "video"), ("ArrowRight", "voice"), ("ArrowLeft", "video"),
                          ("End", "joke"), ("Home", "all"), ("ArrowLeft", "joke"), ("ArrowRight", "all")]:
        page.keyboard.press(key)
        assert focused() == expected, f"{key} should focus {expected}"
    # Moving focus selects nothing (manual activation).
    assert selected_key(page, "essence") == "all"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    with page.expect_response(lambda r: r.url.endswith("/essence/select")):
        page.keyboard.press("Enter")
    page.wait_for_url(f"{folio.url}/essence/voice")
    assert selected_key(page, "essence") == "voice"
    page.keyboard.press("ArrowRight")
    with page.expect_response(lambda r: r.url.endswith("/essence/select")):
        page.keyboard.press(" ")
    page.wait_for_url(f"{folio.url}/essence/picture")
    assert selected_key(page, "essence") == "picture"
    assert server_state(page, folio, "essence")["selected"]["key"] == "picture"


def test_right_to_left_arrows_follow_the_reading_direction(folio, fresh_page):
    page = fresh_page("laptop")
    page.goto(f"{folio.url}/news/headline")
    page.evaluate("() => { document.documentElement.dir = 'rtl'; }")
    page.focus("#folio-news-tab-headline")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.value") == "today"


@pytest.mark.parametrize("pager", PAGERS, ids=[p[0] for p in PAGERS])
def test_without_javascript_every_title_is_reachable_with_tab(folio, pages, pager):
    key, _, page_keys = pager
    page = pages("laptop", javascript=False)
    page.goto(f"{folio.url}/{key}")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    reached = []
    for _ in range(40):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => document.activeElement.id"))
        if all(f"folio-{key}-tab-{k}" in reached for k in page_keys):
            break
    missing = [k for k in page_keys if f"folio-{key}-tab-{k}" not in reached]
    assert not missing, f"not reached with Tab: {missing}; focus went {reached}"


def test_a_page_and_its_images_load_only_when_first_shown(folio, fresh_page):
    page = fresh_page("laptop")
    pictures = []
    page.on("request", lambda request: request.resource_type == "image" and pictures.append(request.url))
    page.goto(f"{folio.url}/essence/all")
    page.wait_for_load_state("networkidle")
    video = "#folio-essence-panel-video"
    # Never shown: an empty placeholder. A view keeps no state; the state
    # JSON of a visitor without a session shows what the pager's page shows.
    assert page.get_attribute(video, "data-loaded") == "false"
    assert page.eval_on_selector(video, "p => p.childNodes.length") == 0
    assert [p["key"] for p in server_state(page, folio, "essence")["pages"] if p["loaded"]] == ["all"]
    # Every picture fetched so far belongs to what is shown.
    on_page = set(page.eval_on_selector_all("img", "images => images.map(i => i.src)"))
    assert set(pictures) <= on_page
    before = set(pictures)
    with page.expect_response(lambda r: r.url.endswith("/essence/select")):
        page.click("#folio-essence-tab-video")
    page.wait_for_function(f"() => document.querySelector('{video}').dataset.loaded === 'true'")
    shown = page.eval_on_selector_all(f"{video} img", "images => images.map(i => i.src)")
    fresh = [src for src in shown if src not in before]
    assert shown and fresh, "the video page should bring pictures not fetched before"
    # Shown now, its pictures in view are fetched (they are loading="lazy").
    page.wait_for_function("(urls) => performance.getEntriesByType('resource').some(e => urls.includes(e.name))",
                           arg=fresh)
    assert [p["key"] for p in server_state(page, folio, "essence")["pages"] if p["loaded"]] == ["all", "video"]


def test_back_and_forward_restore_the_selection_in_the_url(folio, fresh_page):
    page = fresh_page("laptop")
    page.goto(f"{folio.url}/essence/all")
    for key in ["video", "voice"]:
        with page.expect_response(lambda r: r.url.endswith("/essence/select")):
            page.click(f"#folio-essence-tab-{key}")
        page.wait_for_url(f"{folio.url}/essence/{key}")
    for move, key in [(page.go_back, "video"), (page.go_back, "all"), (page.go_forward, "video")]:
        with page.expect_response(lambda r: r.url.endswith("/essence/select")):
            move()
        assert page.url == f"{folio.url}/essence/{key}"
        page.wait_for_function(
            f"() => document.querySelector('#folio-essence-tab-{key}').getAttribute('aria-selected') === 'true'")
        assert server_state(page, folio, "essence")["selected"]["key"] == key


def test_back_without_javascript_shows_the_page_of_that_url(folio, fresh_page):
    page = fresh_page("laptop", javascript=False)
    page.goto(f"{folio.url}/essence/all")
    for key in ["video", "voice"]:
        with page.expect_navigation():
            page.click(f"#folio-essence-tab-{key}")
    page.go_back()
    assert page.url == f"{folio.url}/essence/video"
    assert selected_key(page, "essence") == "video"
    page.go_forward()
    assert page.url == f"{folio.url}/essence/voice"
    assert selected_key(page, "essence") == "voice"
