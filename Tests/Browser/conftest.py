"""Fixtures for the browser suite: one `folio serve` (demo, memory state)
per session, two other origins for embedding, and one Chromium whose
contexts (phone and laptop size, JavaScript on and off) are reused."""

import os
import pathlib
import shutil
import tempfile

import pytest
from playwright.sync_api import sync_playwright

from browser_helpers import CHROMIUM, ROOT, VIEWPORTS, FolioServer, StaticSite


@pytest.fixture(scope="session")
def folio_bin():
    path = os.environ.get("FOLIO_BIN", str(ROOT / ".build" / "debug" / "folio"))
    if not os.path.exists(path):
        pytest.fail(f"{path} does not exist: run `swift build` first")
    return path


@pytest.fixture(scope="session")
def embedders():
    """Two static sites on other origins; the first may frame Folio."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-embed-"))
    allowed, refused = StaticSite(folder), StaticSite(folder)
    yield folder, allowed, refused
    allowed.stop()
    refused.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def folio(folio_bin, embedders):
    _, allowed, _ = embedders
    server = FolioServer(folio_bin, "--frame-ancestors", "'self'", "--frame-ancestors", allowed.origin)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def chromium():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


def _context(chromium, size, javascript=True):
    width, height = VIEWPORTS[size]
    return chromium.new_context(viewport={"width": width, "height": height}, device_scale_factor=1,
                                java_script_enabled=javascript)


@pytest.fixture(scope="session")
def pages(chromium):
    """One page per (size, JavaScript on/off), reused across tests."""
    made = {}

    def page_for(size, javascript=True):
        if (size, javascript) not in made:
            context = _context(chromium, size, javascript)
            made[(size, javascript)] = context.new_page()
        return made[(size, javascript)]

    yield page_for
    for page in made.values():
        page.context.close()


@pytest.fixture
def fresh_page(chromium):
    """A page in a new context: a new session, nothing cached."""
    contexts = []

    def make(size="laptop", javascript=True):
        context = _context(chromium, size, javascript)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
