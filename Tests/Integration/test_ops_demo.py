"""The demo's /ops pager on Folio's simulated source: every tile shows a
value, the numbers change by themselves, a tile whose own source fails
shows its own error while the others render, and the live stream pushes
the new numbers to an open tab."""

import html
import json
import re
import time
import urllib.request

import pytest

from live_support import EventStream
from test_dashboard_helpers import ROOT, FolioServer

OVERVIEW_TILES = ["requests", "errors", "alerts", "services", "disk", "deploys"]


@pytest.fixture(scope="module")
def demo(folio_bin):
    with FolioServer(folio_bin) as running:
        yield running


def fetch(url):
    with urllib.request.urlopen(url, timeout=15) as answer:
        return answer.read().decode()


def tile_text(page, key):
    """The words of tile `key` as a reader sees them, spaces collapsed."""
    found = re.search(rf'<article[^>]*id="folio-tile-{key}".*?</article>', page, re.S)
    assert found, f"no tile {key}"
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", found.group(0)))).strip()


def test_every_tile_of_the_overview_shows_a_value(demo):
    page = fetch(demo.url + "/ops/overview")
    assert 'lang="en"' in page
    for key in OVERVIEW_TILES:
        text = tile_text(page, key)
        assert "folio-tile-problem" not in re.search(
            rf'<article[^>]*id="folio-tile-{key}".*?</article>', page, re.S).group(0), text
    # compact.1: 1441 reads 1.4k, and so does the previous value.
    assert re.fullmatch(r"Requests \d+(\.\d)?k? req/min [▲▼▶] (up|down|unchanged) \d+(\.\d)?k? from \d+(\.\d)?k?"
                        r" [✓!✕?] \w+",
                        tile_text(page, "requests")), tile_text(page, "requests")
    services = tile_text(page, "services")
    for name in ["api", "search", "billing"]:
        assert re.search(rf"{name} \S (up|degraded|down) since (now|\d+ (s|min|h|d) ago)", services), services
    assert tile_text(page, "deploys").count(" 1.") == 5
    assert re.search(r"Error rate \d+\.\d\d%", tile_text(page, "errors")), tile_text(page, "errors")
    assert re.search(r"Disk free \d+\.\d % / 100\.0", tile_text(page, "disk")), tile_text(page, "disk")


def test_the_trends_page_draws_every_chart_as_a_named_image(demo):
    page = fetch(demo.url + "/ops/trends")
    for key in ["requests-spark", "requests-line", "latency", "errors-by-service"]:
        tile = re.search(rf'<article[^>]*id="folio-tile-{key}".*?</article>', page, re.S).group(0)
        assert "folio-tile-problem" not in tile, tile_text(page, key)
        assert re.search(rf'<svg [^>]*role="img" aria-labelledby="folio-chart-{key}-title', tile), key
    latency = tile_text(page, "latency")
    assert re.search(r"\d+ ms", latency), latency


def test_no_value_shows_float_noise(demo):
    # A value such as 0.0014000000000000002 or 9.99e-05 is a float printed raw, not a reading.
    page = fetch(demo.url + "/ops/overview")
    values = re.findall(r'<span class="folio-value">([^<]*)</span>', page)
    assert len(values) >= 10
    noisy = [value for value in values if re.search(r"\d\.\d{5,}|\de-?\d", value)]
    assert not noisy, noisy


def requests_tile(demo):
    return tile_text(fetch(demo.url + "/ops/overview"), "requests")


def test_the_numbers_change_by_themselves(demo):
    first = requests_tile(demo)
    deadline = time.monotonic() + 25
    while requests_tile(demo) == first:
        assert time.monotonic() < deadline, f"still {first!r} after 25 s"
        time.sleep(1)


def test_a_tile_whose_own_source_fails_leaves_the_others(folio_bin, tmp_path):
    with open(ROOT / "Templates" / "demo" / "folio.json", encoding="utf-8") as file:
        config = json.load(file)
    ops = next(pager for pager in config["pagers"] if pager["key"] == "ops")
    overview = ops["pages"][0]
    overview["tiles"].insert(1, {"key": "queue", "title": "Queue", "widget": "stat", "path": "depth",
                                 "url": "http://127.0.0.1:9/queue.json", "timeoutSeconds": 1})
    path = tmp_path / "folio.json"
    path.write_text(json.dumps({"title": "Ops", "lang": "en", "pagers": [ops]}))
    with FolioServer(folio_bin, "--config", str(path)) as running:
        deadline = time.monotonic() + 15
        while "Loading" in tile_text(page := fetch(running.url + "/ops/overview"), "queue"):
            assert time.monotonic() < deadline
            time.sleep(0.3)
        assert "⚠" in tile_text(page, "queue")
        for key in OVERVIEW_TILES:
            assert "⚠" not in tile_text(page, key), tile_text(page, key)
            assert re.search(r"\d", tile_text(page, key)), tile_text(page, key)


def sent_markup(event, key):
    """The markup an `event: page` carries for tile `key`: the whole panel,
    or the changed tiles alone (None when that tile did not change)."""
    data = event["data"]
    if "html" in data:
        return data["html"]
    return data.get("tiles", {}).get(f"folio-tile-{key}")


def test_an_open_tab_is_sent_the_new_numbers(demo):
    stream = EventStream(demo.host, demo.port, "/ops/events?pages=overview")
    first = stream.next_event()
    assert first["event"] == "snapshot"
    [overview] = [page for page in first["data"]["pages"] if page["page"] == "overview"]
    shown = tile_text(overview["html"], "requests")

    def new_requests(event):
        if event.get("event") != "page" or event["data"]["page"] != "overview":
            return False
        markup = sent_markup(event, "requests")
        return markup is not None and tile_text(markup, "requests") != shown

    changed = stream.events_until(new_requests, timeout=25)[-1]
    assert re.match(r"Requests \d+(\.\d)?k? req/min", tile_text(sent_markup(changed, "requests"), "requests"))
    stream.close()
