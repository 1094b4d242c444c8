"""A page made of tiles, served by a real `folio`: every widget drawn from
its own data, a tile whose feed is down or whose path names nothing shows
its own problem while the others render, `folio check` points at a broken
tile by file:line:col, and the stylesheet of the grid is served."""

import json
import re
import subprocess

import pytest

from test_dashboard_helpers import FeedServer, FolioServer


def tiles_config(folder, feed_url, down_url):
    (folder / "deploys.json").write_text(json.dumps({"rows": [
        {"service": "api", "took": 42, "result": "ok", "note": "routine"},
        {"service": "web", "took": 310, "result": "failed", "note": "rolled back " * 20},
    ]}))
    config = {
        "title": "Ops", "lang": "en",
        "pagers": [{
            "key": "ops", "title": "Ops",
            "pages": [{
                "key": "overview", "title": "Overview",
                "data": {"traffic": {"rpm": 1441, "before": 1200}, "disk": {"free": 42}},
                "tiles": [
                    {"key": "rpm", "title": "Requests", "widget": "stat", "path": "traffic.rpm",
                     "previousPath": "traffic.before", "unit": "req/min",
                     "levels": {"warning": 1000, "critical": 2000}},
                    {"key": "services", "title": "Services", "widget": "status", "path": "services",
                     "url": feed_url, "refreshSeconds": 30},
                    {"key": "deploys", "title": "Deploys", "widget": "table", "dataFile": "deploys.json",
                     "path": "rows", "levelKey": "result",
                     "levels": {"map": {"ok": "ok", "failed": "critical"}},
                     "columns": [{"key": "service", "title": "Service"},
                                 {"key": "took", "title": "Took (s)", "align": "end"},
                                 {"key": "note", "title": "Note", "truncate": True}]},
                    {"key": "disk", "title": "Free disk", "widget": "meter", "path": "disk.free",
                     "max": 500, "unit": "GB", "levels": {"warning": 50, "critical": 10}},
                    {"key": "errors", "title": "Errors", "widget": "stat", "path": "traffic.errors"},
                    {"key": "queue", "title": "Queue", "widget": "stat", "path": "depth",
                     "url": down_url, "timeoutSeconds": 2},
                ],
            }, {
                "key": "alerts", "title": "Alerts", "badge": "alerts.open", "badgeLabel": "open alerts",
                "data": {"alerts": {"open": 3}},
                "tiles": [{"key": "open", "title": "Open", "widget": "stat", "path": "alerts.open"}],
            }, {
                "key": "pages", "title": "Pages", "badge": "pages", "data": {"pages": []},
                "tiles": [{"key": "none", "title": "None", "widget": "status", "path": "pages",
                           "empty": "Nobody was paged"}],
            }],
        }],
    }
    path = folder / "folio.json"
    path.write_text(json.dumps(config, indent=2))
    return str(path)


def tile_text(page, key):
    """The words of one tile as a reader gets them: tags dropped, spaces squeezed."""
    match = re.search(r'<article[^>]*\bid="folio-tile-%s"[^>]*>(.*?)</article>' % key, page, re.S)
    assert match, f"no tile {key}"
    return " ".join(re.sub(r"<[^>]*>", " ", match.group(1)).split())


@pytest.fixture(scope="module")
def served(folio_bin, tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiles")
    services = {"services": [{"name": "api", "state": "up", "since": "08:00"},
                             {"name": "search", "state": "degraded", "since": "09:12"}]}
    with FeedServer(services) as feed, FeedServer(respond=lambda handler, feed: handler.send_error(503)) as down:
        config = tiles_config(folder, feed.url, down.url)
        with FolioServer(folio_bin, "--config", config) as server:
            yield server, config


def test_every_widget_is_drawn_from_its_own_data(served):
    server, _ = served
    answer = server.client().get("/ops/overview")
    assert answer.status == 200
    page = answer.text
    assert tile_text(page, "rpm") == "Requests 1441 req/min ▲ up 241 from 1200 ! Warning"
    assert tile_text(page, "services") == "Services api ✓ up since 08:00 search ! degraded since 09:12"
    assert '<tr class="folio-row folio-row--critical">' in page
    assert '<summary title="' + "rolled back " * 20 in page
    assert re.search(r'<meter class="folio-meter-bar" value="42" min="0" max="500" low="50" optimum="500"'
                     r' aria-label="Free disk"></meter>', page)


def test_a_failing_tile_shows_its_own_problem_and_the_rest_of_the_page_renders(served):
    server, _ = served
    page = server.client().get("/ops/overview").text
    assert tile_text(page, "errors") == "Errors ⚠ No value at ‘traffic.errors’ in this tile's data."
    assert tile_text(page, "queue") == "Queue ⚠ This tile's data could not be loaded."
    assert "folio-panel-error" not in page
    assert "1441" in tile_text(page, "rpm")


def test_badges_are_said_in_words_and_hidden_at_zero(served):
    server, _ = served
    client = server.client()
    assert tile_text(client.get("/ops/pages").text, "none") == "None Nobody was paged"
    page = client.get("/ops/alerts").text  # inline data is counted once its page was shown
    assert re.search(r'<span class="folio-badge" aria-hidden="true">3</span><span class="folio-visually-hidden'
                     r' folio-badge-label" data-noun="open alerts">3 open alerts</span>', page)
    assert re.search(r'<span class="folio-badge" aria-hidden="true" hidden>0</span><span [^>]*data-noun="Pages">'
                     r'</span>', page)


def test_the_grid_is_styled_by_folios_own_stylesheet(served):
    server, _ = served
    answer = server.client().get("/public/folio.css")
    assert answer.status == 200
    assert re.search(r"\.folio-tiles \{[^}]*grid-template-columns", answer.text)


def test_folio_check_names_a_broken_tile_by_file_line_and_column(folio_bin, tmp_path):
    config = tmp_path / "folio.json"
    config.write_text('{"title": "Ops", "pagers": [{"key": "ops", "title": "Ops", "pages": [\n'
                      '  {"key": "o", "title": "O", "tiles": [\n'
                      '    {"key": "a", "title": "A", "widget": "gauge"},\n'
                      '    {"key": "b", "title": "B", "widget": "meter", "path": "x", "levels": {"map": {"up": "fine"}}}\n'
                      ']}]}]}\n')
    checked = subprocess.run([folio_bin, "check", "--config", str(config)], capture_output=True, text=True)
    assert checked.returncode != 0
    assert f"{config}:3:42: unknown widget 'gauge'" in checked.stderr + checked.stdout
    assert f"{config}:4:89: the level of 'up' must be one of" in checked.stderr + checked.stdout


def test_curl_gets_every_tile_without_javascript_and_the_panel_route_the_tiles_alone(served):
    server, _ = served
    page = subprocess.run(["curl", "-sS", "--compressed", server.url + "/ops/overview"],
                          capture_output=True, text=True, timeout=30, check=True).stdout
    assert [key for key in re.findall(r'<article[^>]*\bid="folio-tile-([a-z]+)"', page)] == [
        "rpm", "services", "deploys", "disk", "errors", "queue"]
    panel = subprocess.run(["curl", "-sS", server.url + "/ops/overview/panel"],
                           capture_output=True, text=True, timeout=30, check=True).stdout
    assert panel.count("<article") == 6 and "<html" not in panel
    assert tile_text(panel, "rpm") == tile_text(page, "rpm")
