"""Helpers for the dashboard suites: start a real `folio serve`, talk HTTP
with the standard library (no redirects followed, cookies by hand), and
query HTML with ElementTree's XPath subset (lxml is not installed)."""

import html.parser
import http.client
import http.server
import json
import re
import pathlib
import os
import select
import signal
import socket
import subprocess
import threading
import time
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEMO_CONFIG = ROOT / "Templates" / "demo" / "folio.json"


def free_port():
    """A TCP port on 127.0.0.1 nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class FolioServer:
    """A `folio serve --port 0` child process; `url` is what it printed,
    without the trailing slash (so `url + "/path"` is a page)."""

    def __init__(self, folio_bin, *args, cwd=None, environment=None, port=0):
        command = [folio_bin, "serve", "--port", str(port), "--no-access-log", *args]
        if "--state" not in args:
            command += ["--state", "memory"]
        self.process = subprocess.Popen(
            command, cwd=cwd or ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, **(environment or {})})
        self.url = self._read_url()
        parsed = urllib.parse.urlsplit(self.url)
        self.host, self.port = parsed.hostname, parsed.port
        self.base = parsed.path.rstrip("/")

    def _read_url(self):
        deadline = time.monotonic() + 30
        line = b""
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stdout], [], [], 0.2)
            if ready:
                line = self.process.stdout.readline()
                break
            if self.process.poll() is not None:
                break
        text = line.decode()
        if "http://" not in text:
            self.stop()
            raise RuntimeError(f"folio serve did not start: {text!r} {self.process.stderr.read().decode()}")
        return text.split()[-1].rstrip("/")

    def client(self):
        return Client(self.host, self.port)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def stopped_log(self):
        """Stops the server and returns what it wrote to standard error (its log)."""
        self.stop()
        return self.process.stderr.read().decode("utf-8", "replace")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def send_json(handler, document):
    """A 200 with `document` as JSON (bytes are sent as they are), with its Content-Length."""
    body = document if isinstance(document, bytes) else json.dumps(document).encode()
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


class FeedServer:
    """A JSON feed on 127.0.0.1 for pages with a `url` source: the data a
    remote system controls. `document` is encoded as JSON; bytes are sent
    exactly as they are (for feeds that are not valid JSON). Instead,
    `respond(handler, feed)` may write the whole answer (a redirect, a
    stream; it reports body bytes with `feed.count`). A `gated` feed
    accepts at once but answers only after `release()` (or never).
    `requested` is set when a fetch arrived, `fetches` counts them, `sent`
    the bytes `respond` counted."""

    def __init__(self, document=None, gated=False, respond=None):
        if respond is None:
            respond = lambda handler, feed: send_json(handler, document)  # noqa: E731
        self.requested = threading.Event()
        self.gate = threading.Event()
        self.fetches = 0
        self.sent = 0
        self.lock = threading.Lock()
        if not gated:
            self.gate.set()
        feed = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                with feed.lock:
                    feed.fetches += 1
                feed.requested.set()
                if not feed.gate.wait(timeout=60):
                    return
                try:
                    respond(self, feed)
                except OSError:
                    pass  # folio gave up (its timeout, its size cap) and closed the connection

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.url = self.origin + "/feed.json"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def count(self, sent):
        with self.lock:
            self.sent += sent

    def release(self):
        self.gate.set()

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.gate.set()
        self.server.shutdown()
        self.server.server_close()


# What every nginx of the suites needs to run unprivileged from one folder;
# `{http}` is the rest of the http block (its server, and types if needed).
NGINX_CONF = """
daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
{http}
}}
"""


class Nginx:
    """Debian's nginx on a free port of 127.0.0.1, run from `folder`, ready
    once `ready_path` answers 200. `http` is the rest of its http block, a
    template that may use {dir}, {port} and the keyword `values`."""

    def __init__(self, folder, http, ready_path, **values):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        conf = NGINX_CONF.format(dir=folder, http=http.format(dir=folder, port=self.port, **values))
        with open(f"{folder}/nginx.conf", "w") as file:
            file.write(conf)
        self.process = subprocess.Popen(["nginx", "-c", f"{folder}/nginx.conf", "-p", folder],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while True:
            try:
                with urllib.request.urlopen(self.url + ready_path, timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                pytest.fail("nginx did not start: " + self.process.stderr.read().decode())
            time.sleep(0.05)  # nginx is starting: poll its port

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


class Response:
    def __init__(self, raw):
        self.status = raw.status
        self.headers = raw.headers
        self.body = raw.read()

    @property
    def text(self):
        return self.body.decode("utf-8")

    def header(self, name):
        return self.headers.get(name)

    def json(self):
        return json.loads(self.body)


class Client:
    """One browser: keeps the session cookie and the folio_csrf cookie its
    first click's signed token is bound to, follows nothing."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.cookie = None
        self.form_cookie = None

    def request(self, method, path, body=None, headers=None, cookie=True):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        all_headers = dict(headers or {})
        sent = []
        if cookie and self.cookie:
            sent.append(f"folio_session={self.cookie}")
        if cookie and self.form_cookie:
            sent.append(f"folio_csrf={self.form_cookie}")
        if sent:
            all_headers["Cookie"] = "; ".join(sent)
        if isinstance(body, dict):
            body = urllib.parse.urlencode(body)
            all_headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
        connection.request(method, path, body=body, headers=all_headers)
        response = Response(connection.getresponse())
        connection.close()
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            if name == "folio_session":
                self.cookie = rest.split(";")[0]
            elif name == "folio_csrf":
                self.form_cookie = rest.split(";")[0]
        return response

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, form, **kwargs):
        return self.request("POST", path, body=form, **kwargs)

    def token(self, pager_path):
        """The CSRF token of the pager's form (opening the page if needed)."""
        return csrf_of(self.get(pager_path).text)

    def start_session(self, pager_path, page=None):
        """A first click, as a visitor makes one: views keep no state, so
        the session begins here. Selects `page` (default: the page shown)
        from the view of `pager_path`, and returns that 303's response."""
        view = self.get(pager_path)
        assert view.status == 200, view.text
        shown = re.search(r'name="from" value="([^"]*)"', view.text).group(1)
        action = re.search(r'<form class="folio-head" method="post" action="([^"]*)"', view.text).group(1)
        answer = self.post(action, {"page": page or shown, "from": shown, "csrf": csrf_of(view.text)})
        assert answer.status == 303, answer.text
        assert self.cookie, "the first click set no session cookie"
        return answer

    def state(self, pager_path):
        response = self.get(pager_path + "/state")
        assert response.status == 200, response.text
        return response.json()


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _TreeBuilder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = ET.Element("document")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        element = ET.SubElement(self.stack[-1], tag, {k: (v if v is not None else "") for k, v in attrs})
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs):
        ET.SubElement(self.stack[-1], tag, {k: (v if v is not None else "") for k, v in attrs})

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, 0, -1):
            if self.stack[index].tag == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        parent = self.stack[-1]
        if len(parent):
            parent[-1].tail = (parent[-1].tail or "") + data
        else:
            parent.text = (parent.text or "") + data


def parse_html(text):
    """An ElementTree of an HTML document, for `find`/`findall` XPath."""
    builder = _TreeBuilder()
    builder.feed(text)
    builder.close()
    return builder.root


def csrf_of(text):
    """The CSRF token of the pager form in an HTML page or fragment."""
    return parse_html(text).find(".//form//input[@name='csrf']").get("value")


def text_of(element):
    return "".join(element.itertext()).strip()


def write_config(folder, pagers, title="Test"):
    path = pathlib.Path(folder) / "folio.json"
    path.write_text(json.dumps({"title": title, "pagers": pagers}, ensure_ascii=False))
    return str(path)


def feed_and_clicks_config(folder, url, timeout_seconds, pager="feed", page="slow"):
    """Pager `pager` with a plain page `a` and page `page` fed from `url`, and
    pager `essence` (pages x, y) to click on meanwhile."""
    return write_config(folder, [
        {"key": pager, "title": pager.title(), "pages": [
            {"key": "a", "title": "A", "template": "content/posts.html", "data": {"posts": []}},
            {"key": page, "title": page.title(), "template": "content/posts.html", "url": url,
             "timeoutSeconds": timeout_seconds},
        ]},
        {"key": "essence", "title": "Essence", "pages": [
            {"key": "x", "title": "X", "template": "content/posts.html", "data": {"posts": []}},
            {"key": "y", "title": "Y", "template": "content/posts.html", "data": {"posts": []}},
        ]},
    ])


def serious_axe_violations(axe, page):
    """axe's serious and critical findings on `page` (`axe`: the module
    `axe_playwright_python.sync_playwright`), each as its rule, impact and
    first three targets."""
    results = axe.Axe().run(page).response
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in results["violations"] if v["impact"] in ("serious", "critical")]

