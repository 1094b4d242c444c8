"""The indicator after every title click, in every demo pager: as wide as
the label's text (the whole tab for the segmented style) and centred under
the tab, within 1 px; at phone and laptop width, left-to-right and
right-to-left; with JavaScript (fetch + fragment swap, sliding indicator)
and without (form post, 303, new page)."""

import pytest

from browser_helpers import check_indicator, demo_pagers

PAGERS = demo_pagers()
SIZES = ["phone", "laptop"]
DIRECTIONS = ["ltr", "rtl"]
SET_DIRECTION = "(direction) => { document.documentElement.dir = direction; }"


def clicks(pages):
    """Every other title in turn, then back to the first."""
    return pages[1:] + pages[:1]


@pytest.mark.parametrize("direction", DIRECTIONS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("pager", PAGERS, ids=[p[0] for p in PAGERS])
def test_indicator_follows_each_click_with_javascript(folio, pages, pager, size, direction):
    key, style, page_keys = pager
    page = pages(size)
    page.goto(f"{folio.url}/{key}/{page_keys[0]}")
    page.evaluate(SET_DIRECTION, direction)
    check_indicator(page, key, style)
    for target in clicks(page_keys):
        with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith(f"/{key}/select")) as answer:
            page.click(f"#folio-{key}-tab-{target}")
        assert answer.value.status == 200
        assert answer.value.headers.get("hx-push-url", "").endswith(f"/{key}/{target}")
        page.wait_for_url(f"{folio.url}/{key}/{target}")
        measured = check_indicator(page, key, style)
        assert (measured["key"], measured["selected"]) == (target, "true")


@pytest.mark.parametrize("direction", DIRECTIONS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("pager", PAGERS, ids=[p[0] for p in PAGERS])
def test_indicator_follows_each_form_post_without_javascript(folio, pages, pager, size, direction):
    key, style, page_keys = pager
    page = pages(size, javascript=False)
    page.goto(f"{folio.url}/{key}/{page_keys[0]}")
    for target in clicks(page_keys):
        with page.expect_navigation() as navigation:
            page.click(f"#folio-{key}-tab-{target}")
        response = navigation.value
        assert (response.url, response.status) == (f"{folio.url}/{key}/{target}", 200)
        post = response.request.redirected_from
        assert post is not None and post.method == "POST" and post.url == f"{folio.url}/{key}/select"
        assert post.response().status == 303
        page.evaluate(SET_DIRECTION, direction)
        measured = check_indicator(page, key, style, javascript=False)
        assert (measured["key"], measured["selected"]) == (target, "true")
        # Without JavaScript exactly the selected page shows.
        shown = page.eval_on_selector_all(f"#folio-{key} [role=tabpanel]", "ps => ps.map(p => !p.hidden)")
        assert shown == [k == target for k in page_keys]
