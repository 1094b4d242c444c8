"""Clicks that reach the server out of order (a slow network, several quick
clicks): the last click made wins, in the page and on the server, so the
URL, `/{pager}/state` and a reload all follow the page the user chose last."""

import pytest

from browser_helpers import wait_until_settled

SELECT = "/essence/select"


def selected_key(page):
    return page.get_attribute("#folio-essence [role=tab][aria-selected=true]", "value")


def server_selected(page, folio):
    response = page.context.request.get(f"{folio.url}/essence/state")
    assert response.ok
    return response.json()["selected"]["key"]


def is_select(request):
    return request.method == "POST" and request.url.endswith(SELECT)


@pytest.mark.parametrize("held", [0, 1], ids=["earlier-click-arrives-last", "later-click-arrives-first"])
def test_the_last_click_made_wins_on_the_server_whatever_order_they_arrive_in(folio, fresh_page, held):
    page = fresh_page("laptop")
    page.goto(f"{folio.url}/essence")
    tabs = page.locator("#folio-essence .folio-titles [role=tab]")
    keys = [tabs.nth(i).get_attribute("value") for i in range(tabs.count())]
    # A first click makes the session; the race is between two later ones.
    with page.expect_response(lambda r: is_select(r.request)):
        tabs.nth(1).click()
    wait_until_settled(page, "essence")

    # Hold one of the next two clicks in the network (the first or the
    # second made) and let the other through; release it afterwards.
    routes = []

    def route(request_route):
        routes.append(request_route)
        if len(routes) - 1 != held:
            request_route.continue_()

    page.route(f"**{SELECT}", route)
    if held == 0:
        with page.expect_request(is_select):
            tabs.nth(2).click()
        with page.expect_response(lambda r: is_select(r.request)) as second:
            tabs.nth(3).click()
        assert second.value.status == 200
        with page.expect_response(lambda r: is_select(r.request)) as first:
            routes[0].continue_()
        assert first.value.status == 200
    else:
        with page.expect_response(lambda r: is_select(r.request)) as first:
            tabs.nth(2).click()
        assert first.value.status == 200
        with page.expect_request(is_select):
            tabs.nth(3).click()
        with page.expect_response(lambda r: is_select(r.request)) as second:
            routes[1].continue_()
        assert second.value.status == 200
    page.unroute(f"**{SELECT}")
    wait_until_settled(page, "essence")

    assert selected_key(page) == keys[3]
    assert server_selected(page, folio) == keys[3]
    assert page.url == f"{folio.url}/essence/{keys[3]}"
    page.reload()
    assert selected_key(page) == keys[3]
