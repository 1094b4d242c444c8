"""Language, direction and dark mode as settings: a Folio started on a
configuration with `lang: en`, `dir: rtl` (and a pager of its own in
zh-Hans, ltr) writes them into every page, its own words follow them, and
the indicator stays under the selected title; in a dark colour scheme the
demo's bar, titles and background take their dark colours, the titles keep
4.5:1 over the bar, and axe finds no contrast violation."""

import json
import re
import shutil
import tempfile

import pytest
from axe_playwright_python.sync_playwright import Axe

from browser_helpers import ROOT, FolioServer, check_indicator, contrast, demo_pagers, over

PAGE = {"template": "content/color.html",
        "data": {"color": "blue", "heading": "Heading", "order": "First", "note": "A page."}}

CONFIG = {
    "title": "Locale", "lang": "en", "dir": "rtl",
    "pagers": [
        {"key": "inherits", "title": "Inherits",
         "navigation": {"titleImage": "img/essence-title.svg"},
         "pages": [dict(PAGE, key=key, title=title) for key, title in
                   [("one", "One"), ("two", "Second"), ("three", "Third page")]]},
        {"key": "own", "title": "自己的", "lang": "zh-Hans", "dir": "ltr",
         "navigation": {"titleImage": "img/essence-title.svg"},
         "pages": [dict(PAGE, key=key, title=title) for key, title in [("a", "全部"), ("b", "视频")]]},
    ],
}

# Folio's dark chrome (PagerColors.dark), for pagers without `colors.dark`.
DARK_DEFAULTS = {"bar": "#1c1c1e", "title": "#b0b0b0", "selectedTitle": "#ff6b6b", "background": "#121212"}
CJK = re.compile(r"[\u3400-\u9fff]")

# The computed colours of a pager's chrome: the bar's background, every
# title's colour (selected or not), and the selected panel's background.
CHROME = """(key) => {
  const section = document.getElementById(`folio-${key}`);
  const titles = [...section.querySelectorAll('.folio-title')].map((t) => ({
    selected: t.getAttribute('aria-selected') === 'true', color: getComputedStyle(t).color }));
  return {
    bar: getComputedStyle(section.querySelector('.folio-head')).backgroundColor,
    titles,
    background: getComputedStyle(section.querySelector('.folio-panel:not([hidden])')).backgroundColor,
    scheme: matchMedia('(prefers-color-scheme: dark)').matches,
  };
}"""


@pytest.fixture(scope="module")
def localized(folio_bin):
    """A Folio on CONFIG: the dashboard in English, right to left."""
    folder = tempfile.mkdtemp(prefix="folio-locale-")
    path = f"{folder}/folio.json"
    with open(path, "w", encoding="utf-8") as file:
        json.dump(CONFIG, file, ensure_ascii=False)
    try:
        with FolioServer(folio_bin, "--config", path) as server:
            yield server
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def rgb(text):
    """`rgb(r, g, b)` / `rgba(r, g, b, a)` or `#rrggbb` as (r, g, b, a)."""
    if text.startswith("#"):
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5)) + (1.0,)
    parts = [float(p) for p in re.findall(r"[\d.]+", text)]
    return tuple(parts[:3]) + ((parts[3],) if len(parts) > 3 else (1.0,))



def test_the_dashboards_language_and_direction_are_on_every_page(localized, fresh_page):
    page = fresh_page("phone")
    page.goto(f"{localized.url}/inherits")
    assert page.evaluate("() => [document.documentElement.lang, document.documentElement.dir]") == ["en", "rtl"]
    section = page.locator("#folio-inherits")
    # It inherits: no lang or dir of its own, and the page's direction.
    assert section.get_attribute("lang") is None and section.get_attribute("dir") is None
    assert section.evaluate("s => getComputedStyle(s).direction") == "rtl"
    assert page.get_attribute("#folio-inherits .folio-nav", "aria-label") == "Navigation"
    page.goto(f"{localized.url}/")
    lead = page.text_content(".folio-index-lead")
    assert lead.startswith("Pager dashboards") and not CJK.search(lead)


def test_the_error_page_speaks_the_dashboards_language_only(localized, fresh_page):
    page = fresh_page("laptop")
    response = page.goto(f"{localized.url}/inherits/nothing-here")
    assert response.status == 404
    assert page.evaluate("() => [document.documentElement.lang, document.documentElement.dir]") == ["en", "rtl"]
    assert page.text_content(".folio-error-message") == "This page does not exist."
    assert page.text_content(".folio-error-detail") == "The pager 'inherits' has no page 'nothing-here'."
    assert page.text_content(".folio-error-home") == "Back to the home page"
    assert not CJK.search(page.text_content("main")), "Chinese words on an English error page"


def test_the_demos_error_page_is_all_chinese(folio, fresh_page):
    page = fresh_page("laptop")
    assert page.goto(f"{folio.url}/essence/nothing-here").status == 404
    assert page.evaluate("() => document.documentElement.lang") == "zh-Hans"
    assert page.text_content(".folio-error-message") == "这个页面不存在。"
    assert page.text_content(".folio-error-home") == "返回首页"
    assert page.locator(".folio-error-detail").count() == 0
    # The address asked for is shown as it is; everything else is Chinese.
    assert page.text_content(".folio-error-path") == "/essence/nothing-here"
    words = page.evaluate(
        "() => { const m = document.querySelector('main').cloneNode(true);"
        " m.querySelector('.folio-error-path').remove(); return m.textContent; }")
    assert not re.search(r"[A-Za-z]", words), "English words on a Chinese error page"


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_indicator_stays_under_the_selected_title_right_to_left(localized, fresh_page, size):
    page = fresh_page(size)
    page.goto(f"{localized.url}/inherits/one")
    first = check_indicator(page, "inherits", "underline")
    assert first["dir"] == "rtl"
    # Right to left, the first title is the rightmost.
    lefts = page.eval_on_selector_all("#folio-inherits .folio-title", "ts => ts.map(t => t.getBoundingClientRect().left)")
    assert lefts == sorted(lefts, reverse=True)
    for target in ["two", "three", "one"]:
        with page.expect_response(lambda r: r.url.endswith("/inherits/select")):
            page.click(f"#folio-inherits-tab-{target}")
        page.wait_for_url(f"{localized.url}/inherits/{target}")
        measured = check_indicator(page, "inherits", "underline")
        assert (measured["key"], measured["selected"], measured["dir"]) == (target, "true", "rtl")


def test_a_pagers_own_language_and_direction_go_on_its_element(localized, fresh_page):
    page = fresh_page("phone")
    page.goto(f"{localized.url}/own/b")
    section = page.locator("#folio-own")
    assert (section.get_attribute("lang"), section.get_attribute("dir")) == ("zh-Hans", "ltr")
    assert section.evaluate("s => getComputedStyle(s).direction") == "ltr"
    assert page.get_attribute("#folio-own .folio-nav", "aria-label") == "导航"
    measured = check_indicator(page, "own", "underline")
    assert (measured["key"], measured["dir"]) == ("b", "ltr")


def dark_colours(key):
    """The dark colours the demo's configuration gives pager `key`, over Folio's defaults."""
    with open(ROOT / "Templates" / "demo" / "folio.json", encoding="utf-8") as file:
        pager = next(p for p in json.load(file)["pagers"] if p["key"] == key)
    return dict(DARK_DEFAULTS, **(pager.get("colors") or {}).get("dark", {}))


@pytest.mark.parametrize("key", ["essence", "news"])  # Folio's dark defaults, and colours of the pager's own
def test_dark_mode_takes_the_dark_colours_and_keeps_the_titles_readable(folio, fresh_page, key):
    page = fresh_page("phone")
    page.emulate_media(color_scheme="dark")
    page.goto(f"{folio.url}/{key}")
    chrome = page.evaluate(CHROME, key)
    assert chrome["scheme"], "the page was not in a dark colour scheme"
    expected = dark_colours(key)
    assert rgb(chrome["bar"]) == rgb(expected["bar"])
    assert rgb(chrome["background"]) == rgb(expected["background"])
    for title in chrome["titles"]:
        assert rgb(title["color"]) == rgb(expected["selectedTitle" if title["selected"] else "title"]), title
    bar = over(rgb(chrome["bar"]), rgb(chrome["background"]))
    for title in chrome["titles"]:
        ratio = contrast(over(rgb(title["color"]), bar), bar)
        assert ratio >= 4.5, f"{key}: {title} on {chrome['bar']} is {ratio:.2f}:1"
    # The light scheme is unchanged.
    page.emulate_media(color_scheme="light")
    assert rgb(page.evaluate(CHROME, key)["background"]) != rgb(expected["background"])


@pytest.mark.parametrize("path", ["/", "/essence/nothing-here"] + [f"/{key}" for key, _, _ in demo_pagers()])
def test_axe_finds_no_contrast_violation_in_dark_mode(folio, fresh_page, path):
    page = fresh_page("laptop")
    page.emulate_media(color_scheme="dark")
    page.goto(folio.url + path)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    results = Axe().run(page).response
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
           for v in results["violations"] if v["id"] == "color-contrast" or v["impact"] in ("serious", "critical")]
    assert not bad, f"axe in dark mode on {path}: {bad}"
