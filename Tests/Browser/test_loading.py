"""A page whose content is on its way: the placeholder looks like content
loading (a skeleton, not a blank page), is marked busy with a line of text
while the click's answer is held in the network, and on the cross-dissolve
pager the content that arrives after the fade fades in instead of popping."""

import pytest

from browser_helpers import wait_until_settled


def held_click(page, pager, index):
    """Clicks tab `index` of `pager` with its select request held in the
    network; returns the held route and the panel locator."""
    routes = []
    page.route(f"**/{pager}/select", lambda route: routes.append(route))
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith(f"/{pager}/select")):
        page.locator(f"#folio-{pager} .folio-titles [role=tab]").nth(index).click()
    return routes, page.locator(f"#folio-{pager} .folio-track > .folio-panel").nth(index)


@pytest.mark.parametrize("pager", ["essence", "news"])
def test_a_panel_on_its_way_is_busy_with_text_over_a_skeleton_then_shows_its_content(folio, fresh_page, pager):
    page = fresh_page("laptop")
    page.goto(f"{folio.url}/{pager}")
    wait_until_settled(page, pager)
    routes, panel = held_click(page, pager, 2)
    assert panel.get_attribute("data-loaded") == "false"
    assert panel.get_attribute("aria-busy") == "true"
    wait = panel.locator(".folio-panel-wait[role=status]")
    assert wait.inner_text().strip() == "正在载入……"
    skeleton = panel.evaluate("p => getComputedStyle(p, '::before').backgroundImage")
    assert skeleton.count("linear-gradient") >= 4, skeleton
    assert panel.evaluate("p => getComputedStyle(p, '::before').height") != "0px"
    with page.expect_response(lambda r: r.url.endswith(f"/{pager}/select")):
        routes[0].continue_()
    page.unroute(f"**/{pager}/select")
    page.wait_for_function(
        "([pager]) => document.querySelectorAll(`#folio-${pager} .folio-track > .folio-panel`)[2].dataset.loaded === 'true'",
        arg=[pager])
    assert panel.get_attribute("aria-busy") is None
    assert panel.locator(".folio-panel-wait").count() == 0
    assert panel.inner_text().strip() != ""


def test_content_arriving_after_a_cross_dissolve_fades_in(folio, fresh_page):
    page = fresh_page("laptop")
    page.goto(f"{folio.url}/news")
    wait_until_settled(page, "news")
    routes, panel = held_click(page, "news", 1)
    page.evaluate("""(panel) => {
      window.__folioOpacities = [];
      new MutationObserver(() => {
        if (panel.dataset.loaded !== 'true' || window.__folioOpacities.length) return;
        const sample = () => {
          window.__folioOpacities.push(Number(getComputedStyle(panel).opacity));
          if (window.__folioOpacities.length < 30) requestAnimationFrame(sample);
        };
        sample();
      }).observe(panel, { attributes: true, attributeFilter: ['data-loaded'] });
    }""", panel.element_handle())
    routes[0].continue_()
    page.unroute("**/news/select")
    page.wait_for_function("() => window.__folioOpacities.length >= 30", timeout=10_000)
    opacities = page.evaluate("() => window.__folioOpacities")
    assert min(opacities) < 0.5, opacities  # it started faded out
    assert opacities[-1] == 1, opacities


@pytest.fixture(scope="module")
def failing(folio_bin, tmp_path_factory):
    """A Folio whose second page's feed refuses connections (port 9 on loopback)."""
    import json
    import pathlib

    from browser_helpers import ROOT, FolioServer

    config = json.loads((ROOT / "scripts" / "bench-fixtures" / "fifty-tabs.json").read_text(encoding="utf-8"))
    pager = config["pagers"][0]
    pager["pages"] = pager["pages"][:3]
    broken = pager["pages"][1]
    broken.pop("data", None)
    broken["template"] = "content/posts.html"
    broken["url"] = "http://127.0.0.1:9/feed.json"
    path = pathlib.Path(tmp_path_factory.mktemp("failing")) / "folio.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    server = FolioServer(folio_bin, "--config", str(path))
    yield server, pager["key"], pager["pages"][1]["key"]
    server.stop()


def test_a_failed_feed_shows_a_styled_panel_without_internals_and_a_retry(failing, fresh_page):
    from axe_playwright_python.sync_playwright import Axe

    server, pager, key = failing
    page = fresh_page("phone")
    page.goto(f"{server.url}/{pager}/{key}")
    panel = page.locator(f"#folio-{pager} .folio-panel-error[role=alert]")
    panel.wait_for(timeout=15_000)
    text = panel.inner_text()
    assert "这一页暂时无法显示" in text
    for internal in ("127.0.0.1", ":9", "feed.json", "refused", "error", "Error"):
        assert internal not in text, f"{internal!r} shown to the reader: {text!r}"
    assert "cannot be shown" not in text  # one language on the page
    style = panel.evaluate("e => { const s = getComputedStyle(e); return [s.borderTopStyle, s.paddingTop, s.backgroundColor]; }")
    assert style[0] != "none" and style[1] != "0px" and style[2] != "rgba(0, 0, 0, 0)", style
    retry = panel.locator("a.folio-panel-retry")
    assert retry.inner_text().strip() == "重试"
    results = Axe().run(page, context=f"#folio-{pager} .folio-panel-error")
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, serious
    with page.expect_navigation():
        retry.click()
    assert page.url == f"{server.url}/{pager}/{key}"
    assert page.locator(f"#folio-{pager} .folio-panel-error").count() == 1
    assert "127.0.0.1:9" in server.stopped_log()
