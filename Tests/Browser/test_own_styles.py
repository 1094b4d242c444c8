"""A dashboard's own styles and files (issue 26, item 6), in Chromium: a
`--public DIR` holding only the dashboard's stylesheet keeps Folio's script
and styles (before, the pager fell apart: folio.js and folio.css were 404),
the configured stylesheet applies after Folio's own under the page's
Content-Security-Policy, and with it a laptop's equal bar goes back to the
full width (`--folio-bar-max-width: none`, item 5's offer)."""

import json
import os
import shutil
import tempfile

import pytest

from browser_helpers import FolioServer, check_indicator

OPS_CSS = """.folio-pager { --folio-bar-max-width: none; }
.color-page-heading { letter-spacing: 0.25em; }
"""
PAGE = {"template": "content/color.html",
        "data": {"color": "blue", "heading": "Heading", "order": "First", "note": "A page."}}
CONFIG = {
    "title": "Ops", "lang": "en", "stylesheets": ["ops.css"],
    "pagers": [{"key": "ops", "title": "Ops", "transition": {"crossDissolve": 0.2},
                "pages": [dict(PAGE, key=k, title=t) for k, t in [("a", "Alpha"), ("b", "Beta"), ("c", "Gamma")]]}],
}


@pytest.fixture(scope="module")
def own_styles(folio_bin):
    folder = tempfile.mkdtemp(prefix="folio-own-")
    with open(f"{folder}/folio.json", "w", encoding="utf-8") as file:
        json.dump(CONFIG, file)
    public = f"{folder}/public"
    os.mkdir(public)
    with open(f"{public}/ops.css", "w", encoding="utf-8") as file:
        file.write(OPS_CSS)
    try:
        with FolioServer(folio_bin, "--config", f"{folder}/folio.json", "--public", public) as server:
            yield server
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_public_folder_of_your_own_keeps_folios_script_and_applies_your_stylesheet(own_styles, fresh_page):
    page = fresh_page("laptop")
    refused = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.goto(f"{own_styles.url}/ops/a")
    page.wait_for_load_state("networkidle")
    assert missing == [] and refused == []
    seen = page.evaluate("""() => ({
      bar: document.querySelector('#folio-ops .folio-titles').getBoundingClientRect().width,
      spacing: getComputedStyle(document.querySelector('.color-page-heading')).letterSpacing,
      sheets: [...document.styleSheets].map((s) => new URL(s.href).pathname),
    })""")
    assert seen["sheets"] == ["/public/folio.css", "/ops/pager.css", "/public/ops.css"]
    assert seen["bar"] == pytest.approx(1280, abs=1), "your stylesheet's full-width bar"
    assert seen["spacing"] != "normal"
    # folio.js is there: a click is answered in place (no navigation), the panel dissolves in.
    page.evaluate("() => { window.stillThisDocument = true; }")
    with page.expect_response(lambda r: r.url.endswith("/ops/select")):
        page.get_by_role("tab", name="Beta").click()
    page.wait_for_url(f"{own_styles.url}/ops/b")
    check_indicator(page, "ops", "underline")
    assert page.evaluate("() => window.stillThisDocument === true"), "the click loaded a new document"
    assert page.evaluate("() => document.querySelectorAll('.folio-panel[inert]').length") == 2
