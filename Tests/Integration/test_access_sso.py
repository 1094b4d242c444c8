"""Folio behind single sign-on (issue 18): nginx `auth_request` to a small
auth service of this test, which names three people in different groups
in oauth2-proxy's headers; every route checked for each. Identity headers
sent straight to Folio from an address it does not trust are ignored."""

import http.client
import http.server
import json
import pathlib
import re
import shutil
import socket
import subprocess
import threading

import pytest

from live_support import EventStream
from test_dashboard_helpers import ROOT, Client, FolioServer, Nginx, csrf_of, parse_html

pytestmark = pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed")

# Who the auth service knows, by the bearer token a browser would hold.
PEOPLE = {
    "token-ann": {"user": "ann", "email": "ann@example.com", "groups": "ops,staff"},
    "token-bob": {"user": "bob", "email": "bob@example.com", "groups": "sales"},
    "token-cat": {"user": "cat", "email": "cat@example.com", "groups": ""},
}

# Pager -> who may see it: ops by group, sales by group or Cat's e-mail,
# lobby by the dashboard's default (signed in), open to everyone.
SEES = {
    "ops": {"ann"},
    "sales": {"bob", "cat"},
    "lobby": {"ann", "bob", "cat"},
    "open": {"ann", "bob", "cat", None},
}

PROXY = """
    server {{
        listen 127.0.0.1:{port};
        location = /_auth {{
            internal;
            proxy_pass http://127.0.0.1:{auth}/auth;
            proxy_pass_request_body off;
            proxy_set_header Content-Length "";
            proxy_set_header Authorization $http_authorization;
        }}
        location = /healthz {{
            proxy_pass http://127.0.0.1:{upstream};
        }}
        location / {{
            auth_request /_auth;
            auth_request_set $user $upstream_http_x_auth_request_user;
            auth_request_set $email $upstream_http_x_auth_request_email;
            auth_request_set $groups $upstream_http_x_auth_request_groups;
            proxy_set_header X-Forwarded-User $user;
            proxy_set_header X-Forwarded-Email $email;
            proxy_set_header X-Forwarded-Groups $groups;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header Host $host;
            proxy_buffering off;
            proxy_pass http://127.0.0.1:{upstream};
        }}
    }}
"""


class AuthService:
    """Answers nginx's subrequest: 200 with the person's headers for a known
    bearer token, 401 otherwise."""

    def __init__(self):
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                token = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
                person = PEOPLE.get(token)
                self.send_response(200 if person else 401)
                for name, value in (person or {}).items():
                    self.send_header(f"X-Auth-Request-{name.title()}", value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def page(key, **extra):
    return {"key": key, "title": key.title(), "template": "content/color.html",
            "data": {"color": "blue", "heading": key, "order": "1", "note": "n"}, **extra}


def write_dashboard(folder):
    folder = pathlib.Path(folder)
    (folder / "alerts.json").write_text(json.dumps(
        {"color": "red", "heading": "2 alerts", "order": "now", "note": "ops", "alerts": [1, 2]}))
    alerts = {"key": "alerts", "title": "Alerts", "template": "content/color.html",
              "dataFile": "alerts.json", "refreshSeconds": 1, "badge": "alerts"}
    config = {"title": "Intranet", "lang": "en", "access": "signedIn", "pagers": [
        {"key": "ops", "title": "Ops", "access": {"groups": ["ops"]}, "pages": [page("overview"), alerts]},
        {"key": "sales", "title": "Sales", "access": {"groups": ["sales"], "users": ["cat@example.com"]},
         "pages": [page("overview"), {**alerts, "dataFile": "alerts.json"}]},
        {"key": "lobby", "title": "Lobby", "pages": [page("overview"), {**alerts}]},
        {"key": "open", "title": "Open", "access": "public", "pages": [page("overview"), {**alerts}]},
        {"key": "desk", "title": "Desk", "pages": [
            page("overview"), page("notes"), {**alerts, "access": {"groups": ["ops"]}}]},
    ]}
    path = folder / "folio.json"
    path.write_text(json.dumps(config))
    return str(path)


class Person(Client):
    """A browser that the auth service knows by its token (or nobody's)."""

    def __init__(self, host, port, token=None):
        super().__init__(host, port)
        self.token = token

    def request(self, method, path, body=None, headers=None, cookie=True):
        headers = dict(headers or {})
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return super().request(method, path, body=body, headers=headers, cookie=cookie)


@pytest.fixture(scope="module")
def sso(folio_bin, tmp_path_factory):
    folder = tmp_path_factory.mktemp("sso")
    config = write_dashboard(folder)
    auth = AuthService()
    with FolioServer(folio_bin, "--config", config, "--trusted-proxy", "127.0.0.1/32") as server:
        nginx = Nginx(str(folder), PROXY, "/healthz", upstream=server.port, auth=auth.port)
        try:
            yield server, nginx
        finally:
            nginx.stop()
            auth.stop()


def browser(sso, token):
    _, nginx = sso
    return Person("127.0.0.1", nginx.port, token)


def routes(pager):
    """Every route of a pager: (method, path, form)."""
    return [
        ("GET", f"/{pager}", None), ("GET", f"/{pager}/alerts", None), ("GET", f"/{pager}/fragment", None),
        ("GET", f"/{pager}/state", None), ("GET", f"/{pager}/pager.css", None),
        ("GET", f"/{pager}/alerts/panel", None), ("GET", f"/{pager}/events?pages=alerts", None),
        ("HEAD", f"/{pager}", None), ("POST", f"/{pager}/select", {"page": "alerts"}),
        ("POST", f"/{pager}/scroll", {"offset": "390", "width": "390"}),
    ]


def answer(client, method, path, form):
    """Status and body of one request; an event stream's head only."""
    if "/events" in path:
        connection = http.client.HTTPConnection(client.host, client.port, timeout=10)
        headers = {"Authorization": f"Bearer {client.token}"} if client.token else {}
        connection.request(method, path, headers=headers)
        response = connection.getresponse()
        status, kind = response.status, response.getheader("Content-Type") or ""
        body = b"" if kind.startswith("text/event-stream") else response.read()
        connection.close()
        return status, body
    if form is not None:
        # The form token of the pager's page when it is shown, else of the open one.
        view = client.get(path.rsplit("/", 1)[0])
        form = {**form, "csrf": csrf_of(view.text) if view.status == 200 else csrf_of(client.get("/open").text)}
    response = client.request(method, path, body=form, headers={"Sec-Fetch-Site": "same-origin"})
    return response.status, response.body


@pytest.mark.parametrize("token", list(PEOPLE))
def test_every_route_of_every_pager_is_shown_only_to_those_its_rule_admits(sso, token):
    client = browser(sso, token)
    name = PEOPLE[token]["user"]
    for pager, people in SEES.items():
        for method, path, form in routes(pager):
            status, body = answer(client, method, path, form)
            if name in people:
                assert status in (200, 303), f"{name} {method} {path}: {status} {body[:200]!r}"
            else:
                missing = answer(client, method, path.replace(f"/{pager}", "/nowhere", 1), form)
                assert status == 404, f"{name} {method} {path}: {status}"
                assert body == missing[1].replace(b"nowhere", pager.encode()), f"{name} {path}"
    listed = {a.get("href") for a in parse_html(client.get("/").text).findall(".//a")}
    assert {p for p, people in SEES.items() if name in people} == {p.strip("/") for p in listed} & set(SEES)


def test_a_person_clicks_through_their_own_pager(sso):
    ann = browser(sso, "token-ann")
    ann.start_session("/ops", page="alerts")
    assert ann.state("/ops")["selected"]["key"] == "alerts"


def test_nobody_signed_in_is_stopped_by_the_proxy(sso):
    anonymous = browser(sso, None)
    assert anonymous.get("/open").status == 401
    assert anonymous.get("/ops").status == 401


def test_a_cookie_replayed_by_another_person_names_no_session(sso):
    ann = browser(sso, "token-ann")
    ann.start_session("/lobby", page="alerts")
    assert ann.state("/lobby")["selected"]["key"] == "alerts"
    bob = browser(sso, "token-bob")
    bob.cookie = ann.cookie
    assert bob.state("/lobby")["selected"]["key"] == "overview"
    view = bob.get("/lobby")
    shown = re.search(r'name="from" value="([^"]*)"', view.text).group(1)
    click = bob.post("/lobby/select", {"page": "alerts", "from": shown, "csrf": csrf_of(view.text)},
                     headers={"Sec-Fetch-Site": "same-origin"})
    assert click.status == 303
    assert bob.cookie.split(".")[0] != ann.cookie.split(".")[0], "Bob got a session of his own"
    assert ann.state("/lobby")["selected"]["key"] == "alerts"


def straight(server, headers, path="/ops"):
    """A request sent to Folio itself from 127.0.0.2, which it does not trust."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=10,
                                            source_address=("127.0.0.2", 0))
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    result = (response.status, response.getheader("Set-Cookie") or "", response.read())
    connection.close()
    return result


def test_identity_headers_from_an_untrusted_address_are_ignored(sso):
    server, _ = sso
    forged = {"X-Forwarded-User": "ann", "X-Forwarded-Email": "ann@example.com",
              "X-Forwarded-Groups": "ops", "Accept": "text/html"}
    for path in ["/ops", "/ops/state", "/lobby", "/ops/pager.css"]:
        status, _, _ = straight(server, forged, path)
        assert status == 404, path
    status, _, _ = straight(server, forged, "/open")
    assert status == 200
    # The same headers from the trusted address are believed.
    trusted = server.client()
    assert trusted.get("/ops", headers=forged).status == 200


def test_the_scheme_from_an_untrusted_address_is_not_believed(sso):
    server, _ = sso
    _, cookie, _ = straight(server, {"X-Forwarded-Proto": "https"}, "/open")
    assert cookie.startswith("folio_csrf=") and "Secure" not in cookie
    trusted = server.client().get("/open", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in trusted.header("Set-Cookie")


class LoggingFolio(FolioServer):
    """`folio serve` with its access log on (FolioServer turns it off)."""

    def __init__(self, folio_bin, *args):
        self.process = subprocess.Popen(
            [folio_bin, "serve", "--port", "0", "--state", "memory", *args], cwd=ROOT,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.url = self._read_url()
        self.host, self.port = "127.0.0.1", int(self.url.rsplit(":", 1)[1])


def test_the_access_log_names_the_person_and_a_refusals_rule_but_no_session(folio_bin, tmp_path):
    config = write_dashboard(tmp_path)
    server = LoggingFolio(folio_bin, "--config", config, "--trusted-proxy", "127.0.0.1/32")
    try:
        ann = Client(server.host, server.port)
        headers = {"X-Forwarded-User": "ann", "X-Forwarded-Groups": "ops", "Sec-Fetch-Site": "same-origin"}
        view = ann.get("/ops", headers=headers)
        shown = re.search(r'name="from" value="([^"]*)"', view.text).group(1)
        ann.post("/ops/select", {"page": "alerts", "from": shown, "csrf": csrf_of(view.text)}, headers=headers)
        assert ann.cookie
        cat = {"X-Forwarded-User": "cat", "Cookie": f"folio_session={ann.cookie}"}
        assert ann.get("/ops/state", headers=cat, cookie=False).status == 404
    finally:
        log = server.stopped_log()
    assert re.search(r"^GET /ops 200 \d+ \d+us user=ann$", log, re.M), log
    assert re.search(r"^GET /ops/state 404 \d+ \d+us user=cat refused pager=ops access=groups=ops$", log, re.M), log
    assert ann.cookie.split(".")[0] not in log and csrf_of(view.text) not in log


def tabs(client, path):
    return [tab.get("data-key") for tab in parse_html(client.get(path).text).findall(".//button[@role='tab']")]


def test_a_page_for_some_people_only_is_not_there_for_the_others(sso):
    _, nginx = sso
    ann, bob = browser(sso, "token-ann"), browser(sso, "token-bob")
    assert tabs(ann, "/desk") == ["overview", "notes", "alerts"]
    assert tabs(bob, "/desk") == ["overview", "notes"]
    assert [p["key"] for p in bob.state("/desk")["pages"]] == ["overview", "notes"]
    assert bob.get("/desk/alerts").status == 404
    assert bob.get("/desk/alerts").body == bob.get("/desk/nowhere").body.replace(b"nowhere", b"alerts")
    assert bob.get("/desk/alerts/panel").status == 404
    assert ann.get("/desk/alerts/panel").status == 200
    assert bob.get("/desk/pager.css").body != ann.get("/desk/pager.css").body
    # The stream says nothing of the hidden page, not even its badge: for
    # Bob, whose every live page is hidden, the pager has no stream at all.
    for client, status in [(ann, 200), (bob, 404)]:
        stream = EventStream("127.0.0.1", nginx.port, "/desk/events?pages=overview",
                             headers={"Authorization": f"Bearer {client.token}"})
        try:
            assert stream.status == status
            if status == 200:
                snapshot = stream.events_until(lambda event: event.get("event") == "snapshot")[-1]
                assert "alerts" in [p["page"] for p in snapshot["data"]["pages"]]
        finally:
            stream.close()


def test_an_ipv6_proxy_is_trusted_by_its_range(folio_bin, tmp_path):
    try:
        socket.socket(socket.AF_INET6).close()
    except OSError:
        pytest.skip("no IPv6")
    config = write_dashboard(tmp_path)
    with FolioServer(folio_bin, "--config", config, "--host", "::1", "--trusted-proxy", "::1/128") as server:
        ann = {"X-Forwarded-User": "ann", "X-Forwarded-Groups": "ops"}
        connection = http.client.HTTPConnection("::1", server.port, timeout=10)
        connection.request("GET", "/ops/state", headers=ann)
        assert connection.getresponse().status == 200
        connection.close()
    with FolioServer(folio_bin, "--config", config, "--host", "::1", "--trusted-proxy", "127.0.0.1/32") as server:
        connection = http.client.HTTPConnection("::1", server.port, timeout=10)
        connection.request("GET", "/ops/state", headers=ann)
        assert connection.getresponse().status == 404
        connection.close()


def test_folio_check_names_a_bad_access_rule_where_it_is(folio_bin, tmp_path):
    config = tmp_path / "folio.json"
    config.write_text('{"title": "x", "access": "everyone", "pagers": [{"key": "a", "title": "A",\n'
                      ' "access": {"groups": []}, "pages": [{"key": "b", "title": "B",\n'
                      ' "template": "content/posts.html", "data": {"posts": []}, "access": {"teams": ["x"]}}]}]}\n')
    result = subprocess.run([folio_bin, "check", "--config", str(config)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode != 0
    assert f"{config}:1:26: access must be" in result.stderr + result.stdout
    assert f"{config}:2:12: an access rule must name at least one group or user" in result.stderr + result.stdout
    assert "unknown key 'teams' in an access rule" in result.stderr + result.stdout
