"""The cookie options a portal needs (README, "Embedding Folio in a
portal"): `--cookie-path` sets the `Path` of Folio's cookies (default: the
base path + "/") and must be a prefix of the base path; `--partitioned-cookies`
makes them `SameSite=None; Secure; Partitioned`. Read from the `Set-Cookie`
of a first click, against a real `folio serve` (demo config)."""

import http.client
import subprocess
import urllib.parse

import pytest

from test_dashboard_helpers import ROOT, FolioServer, parse_html


def first_click(server, base=""):
    """A cookieless GET of the fragment, then a click on its form from the
    site itself: {cookie name: Set-Cookie line} of both answers."""
    lines = []
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("GET", f"{base}/essence/fragment")
    response = connection.getresponse()
    text = response.read().decode()
    assert response.status == 200, text
    lines += response.headers.get_all("Set-Cookie") or []
    form = parse_html(text).find(".//form")
    fields = {i.get("name"): i.get("value") for i in form.findall(".//input[@type='hidden']")}
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin",
               "Origin": f"http://127.0.0.1:{server.port}"}
    csrf = [line.split(";")[0] for line in lines if line.startswith("folio_csrf=")]
    if csrf:
        headers["Cookie"] = csrf[0]
    connection.request("POST", f"{base}/essence/select", urllib.parse.urlencode({**fields, "page": "video"}),
                       headers)
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    assert response.status == 303, (response.status, text)
    lines += response.headers.get_all("Set-Cookie") or []
    return {line.split("=", 1)[0]: line for line in lines}


def attributes(line):
    """The attributes of a Set-Cookie line, lowercased names: {name: value or True}."""
    pairs = [part.strip() for part in line.split(";")[1:]]
    return {p.split("=", 1)[0].lower(): (p.split("=", 1)[1] if "=" in p else True) for p in pairs}


def test_by_default_the_cookies_path_is_the_base_path(folio_bin):
    with FolioServer(folio_bin, "--base-path", "/intranet/pager") as server:
        cookies = first_click(server, "/intranet/pager")
    assert "folio_session" in cookies, cookies
    for line in cookies.values():
        assert attributes(line)["path"] == "/intranet/pager/", line
        assert attributes(line)["samesite"].lower() == "lax", line


def test_cookie_path_sets_the_path_of_every_cookie(folio_bin):
    with FolioServer(folio_bin, "--base-path", "/intranet/pager", "--cookie-path", "/") as server:
        cookies = first_click(server, "/intranet/pager")
    assert "folio_session" in cookies, cookies
    for line in cookies.values():
        assert attributes(line)["path"] == "/", line


def test_a_cookie_path_outside_the_base_path_stops_serve_naming_both(folio_bin):
    run = subprocess.run(
        [folio_bin, "serve", "--port", "0", "--state", "memory", "--no-access-log",
         "--base-path", "/intranet/pager", "--cookie-path", "/elsewhere"],
        cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert run.returncode != 0
    message = run.stderr + run.stdout
    assert "/elsewhere" in message and "/intranet/pager" in message, message
    assert "http://" not in run.stdout, "serve must not start"


def test_partitioned_cookies_are_samesite_none_secure_partitioned(folio_bin):
    with FolioServer(folio_bin, "--partitioned-cookies") as server:
        cookies = first_click(server)
    assert "folio_session" in cookies, cookies
    for line in cookies.values():
        found = attributes(line)
        assert found.get("samesite", "").lower() == "none", line
        assert found.get("secure") is True and found.get("partitioned") is True, line
        assert found.get("httponly") is True, line


@pytest.mark.parametrize("flags", [[], ["--partitioned-cookies"]], ids=["default", "partitioned"])
def test_a_view_sets_no_session_cookie(folio_bin, flags):
    with FolioServer(folio_bin, *flags) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        connection.request("GET", "/essence")
        response = connection.getresponse()
        response.read()
        connection.close()
    assert response.status == 200
    names = [line.split("=", 1)[0] for line in response.headers.get_all("Set-Cookie") or []]
    assert "folio_session" not in names and "__Host-folio_session" not in names, names
