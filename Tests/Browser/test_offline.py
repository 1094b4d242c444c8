"""Offline (or the server unreachable): a click keeps the dashboard on the
screen instead of the browser's "no internet" page, says what failed and
offers to try again; the retry, once back online, makes the click."""

from browser_helpers import wait_until_settled


def selected_key(page):
    return page.get_attribute("#folio-essence [role=tab][aria-selected=true]", "value")


def test_a_click_offline_keeps_the_page_says_why_and_the_retry_works_once_online(folio, fresh_page):
    page = fresh_page("laptop")
    page.goto(f"{folio.url}/essence")
    wait_until_settled(page, "essence")
    tabs = page.locator("#folio-essence .folio-titles [role=tab]")
    keys = [tabs.nth(i).get_attribute("value") for i in range(tabs.count())]
    address = page.url
    page.context.set_offline(True)
    tabs.nth(2).click()
    notice = page.locator("#folio-essence .folio-notice[role=alert]")
    notice.wait_for(timeout=10_000)
    # Still the dashboard, at its address, on the page the server has.
    assert page.url == address
    assert page.locator("#folio-essence").count() == 1
    assert selected_key(page) == keys[0]
    assert "无法连接服务器" in notice.inner_text()
    wait_until_settled(page, "essence")
    # Readable over the page, and the retry is a real, focusable button.
    retry = notice.locator("button.folio-notice-retry")
    assert retry.is_visible()
    page.context.set_offline(False)
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/essence/select")) as answer:
        retry.click()
    assert answer.value.status == 200
    page.wait_for_url(f"{folio.url}/essence/{keys[2]}")
    assert selected_key(page) == keys[2]
    assert page.locator("#folio-essence .folio-notice").count() == 0
    state = page.context.request.get(f"{folio.url}/essence/state").json()
    assert state["selected"]["key"] == keys[2]
