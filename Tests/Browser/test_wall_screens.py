"""Wall screens in Chromium: a rotation changes pages by itself and keeps
nothing on the server, pauses when someone touches it, works without
JavaScript through the refresh in its head, survives a server restart as a
kiosk, and a playlist moves from one pager to the next."""

import sys
import time

import pytest

from browser_helpers import ROOT, FolioServer
from test_dashboard_helpers import free_port

sys.path.insert(0, str(ROOT / "Tests" / "Integration"))
from rotation_support import session_rows, wall_config, write_config  # noqa: E402

# Records every change of a pager's selection, with when it happened: set up
# before the page's scripts run, on every page the context loads.
RECORD_CHANGES = """
window.__changes = [];
document.addEventListener('DOMContentLoaded', () => { window.__shownAt = performance.now(); });
new MutationObserver((records) => {
  for (const record of records) {
    const value = record.target.getAttribute('data-selected');
    if (record.target.matches('section.folio-pager') && value !== record.oldValue) {
      window.__changes.push({ index: Number(value), key: record.target.dataset.selectedKey, at: performance.now() });
    }
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-selected'], attributeOldValue: true });
"""


@pytest.fixture(scope="module")
def wall(folio_bin, tmp_path_factory):
    folder = tmp_path_factory.mktemp("wall")
    config = write_config(folder, wall_config(playlist_seconds=(1, 1)))
    state = str(folder / "state.sqlite")
    server = FolioServer(folio_bin, "--config", config, "--state", state)
    server.state_file = state
    yield server
    server.stop()


def recording_page(fresh_page, javascript=True):
    page = fresh_page("laptop", javascript)
    page.add_init_script(RECORD_CHANGES)
    return page


def changes(page):
    return page.evaluate("() => window.__changes")


def test_a_rotation_of_three_pages_at_one_second_changes_page_three_times_in_about_three_seconds(
        wall, fresh_page):
    page = recording_page(fresh_page)
    page.goto(f"{wall.url}/wall/one?rotate=1")
    page.wait_for_function("() => window.__changes.length >= 3", timeout=10_000)
    started = page.evaluate("() => window.__shownAt")  # when the page, and its rotation, started
    seen = changes(page)[:3]
    assert [change["key"] for change in seen] == ["two", "three", "one"]
    elapsed = (seen[2]["at"] - started) / 1000
    assert 2.5 <= elapsed <= 4.5, seen
    # The address follows, with its rotation, so a reload goes on from there.
    assert page.url == f"{wall.url}/wall/one?rotate=1"
    assert session_rows(wall.state_file) == 0
    assert page.context.cookies() == []


# One frame after each change, how far the track still is from the selected page.
RECORD_TRACK_DISTANCE = """
window.__distances = [];
new MutationObserver((records) => {
  for (const record of records) {
    const section = record.target;
    if (!section.matches('section.folio-pager') || section.getAttribute('data-selected') === record.oldValue) continue;
    requestAnimationFrame(() => {
      const track = section.querySelector('.folio-track');
      const target = Number(section.dataset.selected) * track.clientWidth;
      window.__distances.push(Math.abs(Math.abs(track.scrollLeft) - target));
    });
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-selected'], attributeOldValue: true });
"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_rotation_slides_unless_reduced_motion_is_preferred(wall, chromium, motion):
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
    try:
        page = context.new_page()
        page.add_init_script(RECORD_TRACK_DISTANCE)
        page.goto(f"{wall.url}/wall/one?rotate=1")
        page.wait_for_function("() => window.__distances.length >= 2", timeout=10_000)
        distances = page.evaluate("() => window.__distances")
        if motion == "reduce":
            assert all(distance <= 1 for distance in distances), distances  # there at once
        else:
            assert all(distance > 100 for distance in distances), distances  # still sliding
    finally:
        context.close()


def test_a_click_pauses_the_rotation(wall, fresh_page):
    page = recording_page(fresh_page)
    page.goto(f"{wall.url}/wall/one?rotate=1")
    page.wait_for_function("() => window.__changes.length >= 1", timeout=10_000)
    page.locator("#folio-wall .folio-titles [role=tab][value=three]").click()
    page.wait_for_function(
        "() => document.querySelector('#folio-wall').dataset.selectedKey === 'three'", timeout=5_000)
    clicked = len(changes(page))
    time.sleep(3.5)  # three and a half rotations' time: none may happen
    assert len(changes(page)) == clicked
    assert page.get_attribute("#folio-wall", "data-selected-key") == "three"


def test_without_javascript_the_refresh_leads_to_the_next_page(wall, fresh_page):
    page = fresh_page("laptop", javascript=False)
    sessions_before = session_rows(wall.state_file)  # the click test's session, if it ran
    page.goto(f"{wall.url}/wall/two?rotate=1")
    page.wait_for_url(f"{wall.url}/wall/three?rotate=1", timeout=5_000)
    page.wait_for_url(f"{wall.url}/wall/one?rotate=1", timeout=5_000)
    assert page.get_attribute("#folio-wall [role=tab][aria-selected=true]", "value") == "one"
    assert session_rows(wall.state_file) == sessions_before
    assert page.context.cookies() == []


def test_a_kiosk_survives_a_server_restart_and_rotates_on(folio_bin, fresh_page, tmp_path):
    config = write_config(tmp_path, wall_config())
    port = free_port()
    server = FolioServer(folio_bin, "--config", config, port=port)
    try:
        page = recording_page(fresh_page)
        page.goto(f"{server.url}/wall/one?rotate=1&kiosk")
        # A kiosk shows no pointer; the title bar stays as the rotation's cue.
        assert page.evaluate(
            "() => getComputedStyle(document.querySelector('.folio-title')).cursor") == "none"
        assert page.locator("#folio-wall .folio-titles").is_visible()
        page.wait_for_function("() => window.__changes.length >= 1", timeout=10_000)
        page.evaluate("() => { window.__beforeRestart = window.__changes.length; }")
        server.stop()
        time.sleep(3)  # down long enough for several fetches to fail
        server = FolioServer(folio_bin, "--config", config, port=port)
        # Rotating again: in place, or on the page loaded afresh after the failures.
        page.wait_for_function(
            """() => window.__beforeRestart === undefined ? window.__changes.length >= 2
                     : window.__changes.length >= window.__beforeRestart + 2""",
            timeout=40_000)
        assert "kiosk" in page.url and "rotate=1" in page.url
    finally:
        server.stop()


def test_a_kiosk_rides_out_a_network_outage(wall, fresh_page):
    page = recording_page(fresh_page)
    page.goto(f"{wall.url}/wall/one?rotate=1&kiosk")
    page.wait_for_function("() => window.__changes.length >= 1", timeout=10_000)
    page.context.set_offline(True)
    offline_from = len(changes(page))
    time.sleep(3)
    page.evaluate("() => { window.__beforeOutageEnds = window.__changes.length; }")
    # No page change while offline (at most one already on its way), and no
    # browser error page: the dashboard stays on the screen.
    assert len(changes(page)) <= offline_from + 1
    assert page.locator("#folio-wall").count() == 1
    page.context.set_offline(False)
    page.wait_for_function(
        """() => window.__beforeOutageEnds === undefined ? window.__changes.length >= 1
                 : window.__changes.length >= window.__beforeOutageEnds + 1""",
        timeout=40_000)


def test_a_playlist_moves_from_one_pager_to_the_next(wall, fresh_page):
    page = fresh_page("laptop")
    sessions_before = session_rows(wall.state_file)
    page.goto(f"{wall.url}/playlist/screens")
    assert page.locator("#folio-wall").count() == 1
    page.wait_for_url(f"{wall.url}/playlist/screens?entry=1&step=0", timeout=5_000)
    page.locator("#folio-other").wait_for(timeout=5_000)
    assert page.title().startswith("Other")
    page.wait_for_url(f"{wall.url}/playlist/screens?entry=0&step=0", timeout=5_000)
    page.locator("#folio-wall").wait_for(timeout=5_000)
    assert session_rows(wall.state_file) == sessions_before
    assert page.context.cookies() == []
