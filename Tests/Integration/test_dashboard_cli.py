"""`folio render`, `folio check` and `folio serve` errors, end to end; the XSS
case and URL data sources with configurations written by the tests."""

import http.server
import json
import os
import pathlib
import re
import socket
import subprocess
import threading

import pytest

from test_dashboard_helpers import DEMO_CONFIG, ROOT, FolioServer, parse_html, text_of, write_config


def run(folio_bin, *args, cwd=None):
    return subprocess.run(
        [folio_bin, *args], cwd=cwd or ROOT, capture_output=True, text=True, timeout=120)


def test_render_essence_video_asserted_with_xpath(folio_bin):
    result = run(folio_bin, "render", "/essence/video")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("<!DOCTYPE html>")
    document = parse_html(result.stdout)
    root = document.find(".//section[@class='folio-pager']")
    assert root.get("id") == "folio-essence" and root.get("data-pager") == "essence"
    assert root.get("data-selected") == "1"
    tab = root.find(".//button[@aria-selected='true']")
    assert tab.get("id") == "folio-essence-tab-video" and tab.get("value") == "video"
    assert text_of(tab.find("span[@class='folio-title-label']")) == "视频"
    panel = root.find(".//*[@id='folio-essence-panel-video']")
    assert panel.get("role") == "tabpanel" and panel.get("data-loaded") == "true"
    assert panel.get("aria-labelledby") == "folio-essence-tab-video"
    assert len(panel.findall(".//li")) >= 5
    hidden = root.findall(".//*[@role='tabpanel'][@data-loaded='false']")
    assert len(hidden) == 4 and all(len(p) == 0 and not text_of(p) for p in hidden)
    token = root.find(".//input[@name='csrf']").get("value")
    assert re.fullmatch(r"f1\.[0-9a-f]+\.[0-9a-f]{32}\.[0-9a-f]{64}", token), "a new visitor's signed token"
    assert not re.search(r'\sstyle="', result.stdout)  # the CSP forbids inline styles


def test_render_unknown_path_fails_with_the_status_line_and_the_servers_message(folio_bin):
    result = run(folio_bin, "render", "/essence/nope")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip() == (
        "folio render: GET /essence/nope: 404 Not Found: The pager 'essence' has no page 'nope'.")


def test_check_accepts_the_demo(folio_bin):
    result = run(folio_bin, "check")
    assert result.returncode == 0, result.stderr
    assert "ok" in result.stdout


def test_check_reports_bad_language_direction_and_dark_colours(folio_bin, tmp_path):
    config = tmp_path / "locale.json"
    config.write_text(
        '{"lang": "en us",\n'
        ' "pagers": [{"key": "a", "title": "A", "dir": "sideways", "colors": {"dark": {"bar": "red;}"}},\n'
        '   "pages": [{"key": "p", "title": "P", "template": "content/posts.html"}]}]}\n')
    result = run(folio_bin, "check", "--config", str(config))
    assert result.returncode == 1
    assert result.stderr.splitlines()[:3] == [
        f"{config}:1:10: 'lang' of the configuration must be a language tag like 'en', 'zh-Hans' or 'ar-EG', "
        "found 'en us'",
        f"{config}:2:47: 'dir' of pager 'a' must be 'ltr', 'rtl' or 'auto', found 'sideways'",
        f"{config}:2:86: 'red;}}' is not a CSS colour",
    ]


def test_check_names_a_bad_format_threshold_and_zone_by_line_and_column(folio_bin, tmp_path):
    config = tmp_path / "formats.json"
    config.write_text(
        '{"timeZone": "Mars/Olympus",\n'
        ' "formats": {"requests": "compakt"},\n'
        ' "levels": {"cpu": "warning=80,critical=high"},\n'
        ' "pagers": [{"key": "a", "title": "A",\n'
        '   "pages": [{"key": "p", "title": "P", "template": "content/posts.html"}]}]}\n')
    result = run(folio_bin, "check", "--config", str(config))
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert lines[0] == (
        f"{config}:1:14: unknown time zone 'Mars/Olympus': write an IANA name such as 'Europe/Berlin' or 'UTC'")
    assert lines[1].startswith(f"{config}:2:27: format 'requests': unknown format 'compakt' (known: number, ")
    assert lines[2] == (
        f"{config}:3:41: level 'cpu': the critical threshold 'high' is not a finite number"
        " in 'warning=80,critical=high'")


def test_check_names_an_unknown_format_in_a_template_by_line_and_column(folio_bin, tmp_path):
    templates = tmp_path / "templates"
    (templates / "content").mkdir(parents=True)
    (templates / "content" / "stats.html").write_text(
        '<div>\n  <b tal:content="format:compakt stats/requests">0</b>\n</div>\n')
    config = tmp_path / "stats.json"
    config.write_text(
        '{"pagers": [{"key": "a", "title": "A",\n'
        '   "pages": [{"key": "p", "title": "P", "template": "content/stats.html"}]}]}\n')
    result = run(folio_bin, "check", "--config", str(config), "--templates", str(templates))
    assert result.returncode == 1
    template = templates / "content" / "stats.html"
    assert any(line.startswith(f"{template}:2:6: tal:content=") and "unknown format 'compakt'" in line
               for line in result.stderr.splitlines()), result.stderr


def test_check_warns_of_a_language_without_folios_words(folio_bin, tmp_path):
    config = tmp_path / "french.json"
    config.write_text(
        '{"lang": "fr", "pagers": [{"key": "a", "title": "A",\n'
        '  "pages": [{"key": "p", "title": "P", "template": "content/posts.html"}]}]}\n')
    result = run(folio_bin, "check", "--config", str(config))
    assert result.returncode == 0, result.stderr
    assert f"{config}:1:10: warning: Folio has no words in 'fr'" in result.stdout + result.stderr


def test_check_reports_every_problem_with_line_and_column(folio_bin, tmp_path):
    config = tmp_path / "broken.json"
    config.write_text(
        '{\n'
        '  "pagers": [{"key": "a", "title": "A", "colour": 1,\n'
        '    "pages": [{"key": "p", "title": "P", "template": "content/none.html"},\n'
        '              {"key": "p", "title": "P", "template": "content/posts.html", "dataFile": "x.json"}]}]\n'
        '}\n')
    result = run(folio_bin, "check", "--config", str(config))
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert f"{config}:2:41: unknown key 'colour'" in result.stderr
    assert any(line.startswith(f"{config}:3:54: template 'content/none.html' not found") for line in lines)
    assert any(line.startswith(f"{config}:4:23: duplicate page key 'p'") for line in lines)
    assert any(line.startswith(f"{config}:4:88: cannot read data file {tmp_path}/x.json") for line in lines)


def test_check_reports_template_errors(folio_bin, tmp_path):
    templates = tmp_path / "Templates"
    subprocess.run(["cp", "-r", str(ROOT / "Templates"), str(templates)], check=True)
    (templates / "content" / "posts.html").write_text('<div tal:content="python: 1">x</div>\n<p tal:bogus="x">')
    result = run(folio_bin, "check", "--templates", str(templates))
    assert result.returncode == 1
    assert re.search(r"posts\.html:\d+:\d+: ", result.stderr), result.stderr


def test_a_script_in_a_title_renders_escaped(folio_bin, tmp_path):
    evil = "<script>alert(1)</script>"
    config = write_config(tmp_path, [{
        "key": "x", "title": evil,
        "pages": [{"key": "a", "title": evil, "template": "content/color.html",
                   "data": {"color": "red", "heading": evil, "order": "1", "note": "n"}},
                  {"key": "b", "title": "B", "template": "content/color.html",
                   "data": {"color": "blue", "heading": "B", "order": "2", "note": "n"}}]}])
    result = run(folio_bin, "render", "/x/a", "--config", config)
    assert result.returncode == 0, result.stderr
    assert "<script>alert(1)" not in result.stdout
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in result.stdout
    document = parse_html(result.stdout)
    assert text_of(document.find(".//*[@id='folio-x-tab-a']")) == evil


class _Feed(http.server.BaseHTTPRequestHandler):
    hits = 0

    def do_GET(self):
        type(self).hits += 1
        body = json.dumps({"color": "red", "heading": f"Fetched {type(self).hits}", "order": "1", "note": "n"})
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body.encode())))
        self.end_headers()
        self.wfile.write(body.encode())

    def log_message(self, *args):
        pass


def test_url_sources_are_fetched_lazily_and_failures_render_an_error_panel(folio_bin, tmp_path):
    feed = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Feed)
    threading.Thread(target=feed.serve_forever, daemon=True).start()
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        dead_port = closed.getsockname()[1]
    config = write_config(tmp_path, [{
        "key": "feeds", "title": "Feeds",
        "pages": [
            {"key": "local", "title": "Local", "template": "content/color.html",
             "data": {"color": "red", "heading": "Local", "order": "1", "note": "n"}},
            {"key": "live", "title": "Live", "template": "content/color.html",
             "url": f"http://127.0.0.1:{feed.server_address[1]}/feed.json", "cacheSeconds": 600,
             "timeoutSeconds": 2},
            {"key": "dead", "title": "Dead", "template": "content/color.html",
             "url": f"http://127.0.0.1:{dead_port}/feed.json", "timeoutSeconds": 1}]}])
    try:
        with FolioServer(folio_bin, "--config", config) as server:
            client = server.client()
            assert client.get("/feeds").status == 200
            assert _Feed.hits == 0  # not shown yet: not fetched
            live = client.get("/feeds/live")
            assert live.status == 200 and "Fetched 1" in live.text
            assert client.get("/feeds/live").status == 200
            assert _Feed.hits == 1  # cached for cacheSeconds
            dead = client.get("/feeds/dead")
            assert dead.status == 200
            panel = parse_html(dead.text).find(".//*[@id='folio-feeds-panel-dead']")
            assert panel.find(".//*[@role='alert']") is not None
    finally:
        feed.shutdown()


def test_serve_reports_a_port_in_use(folio_bin):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run(folio_bin, "serve", "--port", str(port), "--state", "memory")
    assert result.returncode != 0
    assert str(port) in result.stderr and "in use" in result.stderr.lower()


def test_serve_reports_a_missing_config_file(folio_bin, tmp_path):
    result = run(folio_bin, "serve", "--port", "0", "--config", str(tmp_path / "none.json"))
    assert result.returncode != 0
    assert "none.json" in result.stderr and "no such file" in result.stderr


def test_serve_reports_an_unreadable_template_folder(folio_bin, tmp_path):
    result = run(folio_bin, "serve", "--port", "0", "--templates", str(tmp_path / "missing"),
                 "--config", str(DEMO_CONFIG))
    assert result.returncode != 0
    assert "missing" in result.stderr and "templates" in result.stderr


def test_help_names_every_subcommand(folio_bin):
    result = run(folio_bin, "--help")
    assert result.returncode == 0
    for name in ("serve", "render", "check"):
        assert name in result.stdout
    assert "--frame-ancestors" in run(folio_bin, "serve", "--help").stdout


def test_frame_ancestors_reach_the_policy(folio_bin):
    with FolioServer(folio_bin, "--frame-ancestors", "https://intranet.example", "--frame-ancestors",
                     "'self'") as server:
        policy = server.client().get("/healthz").header("Content-Security-Policy")
        assert "frame-ancestors https://intranet.example 'self'" in policy


# Issue 12: folio template --data, check's order and plurals, one validation
# for check and start, and a user's templates folder beside Folio's own.

def _template(tmp_path):
    template = tmp_path / "hello.html"
    template.write_text('<p tal:content="user">x</p>\n')
    return str(template)


def test_template_data_is_inline_json_a_file_or_standard_input(folio_bin, tmp_path):
    template = _template(tmp_path)
    inline = run(folio_bin, "template", template, "--data", '{"user": "ana"}')
    assert inline.returncode == 0, inline.stderr
    assert inline.stdout.strip() == "<p>ana</p>"
    data = tmp_path / "data.json"
    data.write_text('{"user": "bo"}')
    from_file = run(folio_bin, "template", template, "--data", str(data))
    assert from_file.returncode == 0 and from_file.stdout.strip() == "<p>bo</p>"
    from_stdin = subprocess.run([folio_bin, "template", template, "--data", "-"], input='{"user": "cy"}',
                                capture_output=True, text=True, timeout=60)
    assert from_stdin.returncode == 0 and from_stdin.stdout.strip() == "<p>cy</p>"


def test_template_data_errors_name_where_the_data_came_from(folio_bin, tmp_path):
    template = _template(tmp_path)
    broken = run(folio_bin, "template", template, "--data", '{"user": ')
    assert broken.returncode == 1
    assert broken.stderr.startswith("--data:1:")
    listed = run(folio_bin, "template", template, "--data", "[1, 2]")
    assert listed.returncode == 1 and "must be a JSON object" in listed.stderr
    missing = run(folio_bin, "template", template, "--data", str(tmp_path / "none.json"))
    assert missing.returncode == 1 and "cannot read the data file" in missing.stderr


def test_check_lists_problems_in_position_order(folio_bin, tmp_path):
    config = tmp_path / "order.json"
    config.write_text(
        '{"pagers": [{"key": "a", "title": "A", "colors": {"bar": "nope"}, "layout": {"wide": 1},\n'
        '  "pages": [{"key": "b c", "title": "B", "template": "content/color.html"},\n'
        '            {"key": "d", "title": 5, "template": "content/none.html"}]}]}\n')
    result = run(folio_bin, "check", "--config", str(config))
    assert result.returncode == 1
    lines = [line for line in result.stderr.splitlines() if line.startswith(str(config))]
    places = [tuple(int(n) for n in line[len(str(config)) + 1:].split(":")[:2]) for line in lines]
    assert len(places) == 5 and places == sorted(places), result.stderr
    assert result.stderr.splitlines()[-1] == "folio check: 5 problems"


def test_check_counts_in_singular_and_plural(folio_bin, tmp_path):
    one = write_config(tmp_path, [{"key": "x", "title": "X", "pages": [
        {"key": "a", "title": "A", "template": "content/color.html"}]}])
    result = run(folio_bin, "check", "--config", one)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"{one}: ok, 1 pager, 1 page"
    demo = run(folio_bin, "check")
    assert re.search(r": ok, \d+ pagers, \d+ pages$", demo.stdout.strip()), demo.stdout


def test_check_warns_of_page_keys_made_of_digits(folio_bin, tmp_path):
    config = write_config(tmp_path, [{"key": "x", "title": "X", "pages": [
        {"key": "a", "title": "A", "template": "content/color.html"},
        {"key": "0", "title": "Zero", "template": "content/color.html"}]}])
    result = run(folio_bin, "check", "--config", config)
    assert result.returncode == 0, result.stderr
    assert "warning: page key '0' is all digits" in result.stderr
    assert result.stdout.strip().endswith("ok, 1 pager, 2 pages, 1 warning")


def test_a_bad_key_colour_or_template_is_refused_by_check_and_at_start_alike(folio_bin, tmp_path):
    config = write_config(tmp_path, [{"key": "my ops", "title": "Ops", "colors": {"indicator": "not-a-colour"},
                                      "pages": [{"key": "a", "title": "A", "template": "content/gone.html"}]}])
    check = run(folio_bin, "check", "--config", config, cwd=tmp_path)  # no ./Templates: Folio's own
    assert check.returncode == 1
    problems = [line for line in check.stderr.splitlines() if line.startswith(config)]
    messages = [line.split(": ", 1)[1] for line in problems]
    assert messages == [
        "key 'my ops' must be 1 to 64 letters, digits, '-' or '_'",
        "'not-a-colour' is not a CSS colour",
        f"template 'content/gone.html' not found in {ROOT / 'Templates'}",
    ], check.stderr
    render = run(folio_bin, "render", "/my ops", "--config", config, cwd=tmp_path)
    assert render.returncode == 1
    assert [line for line in render.stderr.splitlines() if line.startswith(config)] == problems
    serve = run(folio_bin, "serve", "--port", "0", "--state", "memory", "--config", config, cwd=tmp_path)
    assert serve.returncode == 1
    assert [line for line in serve.stderr.splitlines() if line.startswith(config)] == problems


def _user_package(tmp_path):
    """A user's package: a Templates folder holding one template of its own."""
    package = tmp_path / "package"
    (package / "Templates" / "content").mkdir(parents=True)
    (package / "Templates" / "content" / "mine.html").write_text('<p class="mine" tal:content="heading">x</p>\n')
    config = write_config(package, [{"key": "ops", "title": "Ops", "pages": [
        {"key": "board", "title": "Board", "template": "content/mine.html", "data": {"heading": "Mine"}},
        {"key": "colour", "title": "Colour", "template": "content/color.html",
         "data": {"color": "red", "heading": "Red", "order": "1", "note": "n"}}]}])
    return package, config


def test_a_user_templates_folder_with_one_template_renders_with_folios_chrome(folio_bin, tmp_path):
    package, config = _user_package(tmp_path)
    for args in (["--templates", str(package / "Templates")], []):  # named, or ./Templates
        result = run(folio_bin, "render", "/ops/board", "--config", config, *args, cwd=package)
        assert result.returncode == 0, result.stderr
        document = parse_html(result.stdout)
        assert document.find(".//section[@id='folio-ops']") is not None
        assert text_of(document.find(".//p[@class='mine']")) == "Mine"
    check = run(folio_bin, "check", "--config", config, cwd=package)
    assert check.returncode == 0, check.stderr
    demo = run(folio_bin, "render", "/essence/video", cwd=package)  # the demo still comes from Folio's folder
    assert demo.returncode == 0, demo.stderr


def test_a_users_template_replaces_folios_own_of_the_same_name(folio_bin, tmp_path):
    package, config = _user_package(tmp_path)
    (package / "Templates" / "error.html").write_text('<p class="mine-error" tal:content="error/message">e</p>\n')
    with FolioServer(folio_bin, "--config", config, "--templates", str(package / "Templates")) as server:
        response = server.client().get("/ops/nope", headers={"Accept": "text/html"})
        assert response.status == 404 and 'class="mine-error"' in response.text


def test_serve_help_documents_the_forwarded_proto_header_and_the_template_search(folio_bin):
    result = run(folio_bin, "serve", "--help")
    assert "X-Forwarded-Proto: https" in result.stdout and "Secure" in result.stdout
    assert "searched before Folio's own" in result.stdout


def test_check_warns_of_titles_too_wide_for_equal_tabs_on_a_phone(folio_bin, tmp_path):
    # Issue 26, item 5: five long titles overflowed their tabs at 390 px and check said ok.
    titles = ["Deployments today", "Incidents this week", "Requests per minute", "Error budget", "On call"]
    config = write_config(tmp_path, [{"key": "ops", "title": "Ops", "pages": [
        {"key": f"p{i}", "title": title, "template": "content/color.html"} for i, title in enumerate(titles)]}])
    result = run(folio_bin, "check", "--config", config)
    assert result.returncode == 0, result.stderr
    warned = [line for line in result.stderr.splitlines() if "an equal tab leaves it on a 390 px phone" in line]
    assert any("title 'Requests per minute' is " in line for line in warned), result.stderr
    assert not any("'On call'" in line for line in warned)
    fit = write_config(tmp_path, [{"key": "ops", "title": "Ops", "layout": {"fit": 12}, "pages": [
        {"key": f"p{i}", "title": title, "template": "content/color.html"} for i, title in enumerate(titles)]}])
    assert "390 px phone" not in run(folio_bin, "check", "--config", fit).stderr


def test_check_warns_of_a_dark_selected_title_unreadable_on_its_fill(folio_bin, tmp_path):
    # Issue 26, item 5: /pageview's selected segment was red on its red fill in dark mode; check said ok.
    config = write_config(tmp_path, [{"key": "seg", "title": "Seg", "titleStyle": "segmented",
                                      "colors": {"dark": {"selectedTitle": "#ff6b6b", "indicator": "#ff6b6b"}},
                                      "pages": [{"key": "a", "title": "A", "template": "content/color.html"}]}])
    result = run(folio_bin, "check", "--config", config)
    assert result.returncode == 0, result.stderr
    assert ("warning: selectedTitle '#ff6b6b' is 1.0:1 on the indicator '#ff6b6b' in dark mode, "
            "under WCAG AA's 4.5:1") in result.stderr
    plain = write_config(tmp_path, [{"key": "seg", "title": "Seg", "titleStyle": "segmented",
                                     "pages": [{"key": "a", "title": "A", "template": "content/color.html"}]}])
    assert "warning" not in run(folio_bin, "check", "--config", plain).stderr


def test_check_refuses_a_stylesheet_outside_the_public_folder(folio_bin, tmp_path):
    config = tmp_path / "sheets.json"
    config.write_text(
        '{"stylesheets": ["ops.css",\n'
        '   "../etc/x.css", "https://cdn.example/x.css", "ops.js"],\n'
        ' "pagers": [{"key": "a", "title": "A", "pages": [{"key": "p", "title": "P", "template": "content/color.html"}]}]}\n')
    result = run(folio_bin, "check", "--config", str(config))
    assert result.returncode == 1
    refused = [line for line in result.stderr.splitlines() if "must be the path of a .css file" in line]
    assert [line.split(": stylesheet")[0] for line in refused] == [
        f"{config}:2:4", f"{config}:2:20", f"{config}:2:49"], result.stderr
