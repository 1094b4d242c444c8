"""Issue 27, item 3, in Chromium: the server restarted with a tab removed
while a page still shows it; a click on that tab answers the pager as it is
now with a notice (status role) instead of an error page, the selection
kept; the next click removes the notice. With JavaScript (the fragment
merged by folio.js) and without (the form post)."""

import pytest

from browser_helpers import FolioServer, wait_until_settled
from test_dashboard_helpers import free_port, write_config


def pages(*keys):
    return [{"key": key, "title": key.upper(), "template": "content/color.html",
             "data": {"color": "red", "order": key, "heading": key, "note": key}} for key in keys]


def serve(folio_bin, folder, port, keys):
    config = write_config(folder, [{"key": "ops", "title": "Ops", "pages": pages(*keys)}])
    return FolioServer(folio_bin, "--config", config, "--state", str(folder / "state.db"), port=port)


def selected_key(page):
    return page.get_attribute("#folio-ops [role=tab][aria-selected=true]", "value")


@pytest.mark.parametrize("javascript", [True, False])
def test_a_click_on_a_tab_removed_meanwhile_shows_the_pager_as_it_is_with_a_notice(
        folio_bin, fresh_page, tmp_path, javascript):
    port = free_port()
    page = fresh_page("laptop", javascript=javascript)
    tab = lambda key: page.locator(f"#folio-ops .folio-titles [role=tab][value={key}]")
    with serve(folio_bin, tmp_path, port, ["cpu", "disk", "net", "mem"]) as server:
        page.goto(f"{server.url}/ops")
        wait_until_settled(page, "ops", javascript)
        tab("disk").click()
        page.wait_for_url(f"{server.url}/ops/disk")
        wait_until_settled(page, "ops", javascript)
    with serve(folio_bin, tmp_path, port, ["cpu", "disk", "mem"]) as server:
        # The open page still shows the removed tab.
        assert tab("net").count() == 1
        with page.expect_response(lambda r: r.request.method == "POST") as answer:
            tab("net").click()
        assert answer.value.status == 200
        notice = page.locator("#folio-ops .folio-notice[role=status]")
        notice.wait_for(timeout=10_000)
        assert notice.inner_text() == "That page is no longer on this dashboard: here it is as it is now."
        assert notice.is_visible()
        assert tab("net").count() == 0
        assert selected_key(page) == "disk"
        assert page.locator("#folio-ops [role=tabpanel]:not([hidden]):not([inert])").get_attribute("data-key") == "disk"
        assert page.locator(".folio-error").count() == 0
        wait_until_settled(page, "ops", javascript)
        tab("mem").click()
        page.wait_for_url(f"{server.url}/ops/mem")
        wait_until_settled(page, "ops", javascript)
        assert selected_key(page) == "mem"
        assert page.locator("#folio-ops .folio-notice").count() == 0
