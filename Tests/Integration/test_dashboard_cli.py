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
    assert re.fullmatch(r"[0-9a-f]{32}", token)
    assert not re.search(r'\sstyle="', result.stdout)  # the CSP forbids inline styles


def test_render_unknown_path_fails_with_the_message(folio_bin):
    result = run(folio_bin, "render", "/essence/nope")
    assert result.returncode == 1
    assert "404" in result.stderr and "nope" in result.stderr


def test_check_accepts_the_demo(folio_bin):
    result = run(folio_bin, "check")
    assert result.returncode == 0, result.stderr
    assert "ok" in result.stdout


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
