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
