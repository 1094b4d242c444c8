"""Your own styles and files without copying Folio's (issue 26, item 6): a
`--public DIR` is searched first and Folio's own `Public/` after it (before,
it hid folio.js and folio.css and the pager fell apart with no warning); a
configuration's `stylesheets` are served from there and linked after Folio's
own; a symlink in DIR whose target stays inside the public folders is
served, one leading out is refused with a 403 that says so and named in a
warning at start (before, both were a silent 404)."""

import json
import os
import socket

import h11
import pytest

from test_dashboard_helpers import ROOT, FolioServer, parse_html

OPS_CSS = b".folio-pager { --folio-bar-max-width: none; }\n"


@pytest.fixture(scope="module")
def public(tmp_path_factory):
    top = tmp_path_factory.mktemp("public-folders")
    (top / "secret.txt").write_bytes(b"SECRET outside the public folder")
    root = top / "public"
    (root / "css").mkdir(parents=True)
    (root / "css" / "ops.css").write_bytes(OPS_CSS)
    os.symlink(root / "css" / "ops.css", root / "ops-link.css")
    os.symlink(top / "secret.txt", root / "escape.txt")
    os.symlink(ROOT / "Public" / "folio.js", root / "folio-link.js")  # into Folio's own folder
    config = top / "folio.json"
    config.write_text(json.dumps({
        "title": "Ops", "lang": "en", "stylesheets": ["css/ops.css", "missing.css"],
        "pagers": [{"key": "ops", "title": "Ops", "pages": [
            {"key": "a", "title": "A", "template": "content/color.html",
             "data": {"color": "blue", "heading": "A", "order": "1", "note": "n"}}]}]}))
    return root, config


@pytest.fixture(scope="module")
def server(folio_bin, public):
    root, config = public
    running = FolioServer(folio_bin, "--public", str(root), "--config", str(config))
    yield running
    running.stop()


def get(server, path):
    """One GET with h11: (status, headers by lower-case name, body)."""
    connection = h11.Connection(our_role=h11.CLIENT)
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(connection.send(h11.Request(
            method="GET", target=path, headers=[("Host", "127.0.0.1"), ("Connection", "close")])))
        sock.sendall(connection.send(h11.EndOfMessage()))
        response, body = None, b""
        while True:
            event = connection.next_event()
            if event is h11.NEED_DATA:
                connection.receive_data(sock.recv(65536))
            elif isinstance(event, h11.Response):
                response = event
            elif isinstance(event, h11.Data):
                body += event.data
            elif isinstance(event, (h11.EndOfMessage, h11.ConnectionClosed)):
                break
    headers = {name.decode().lower(): value.decode() for name, value in response.headers}
    return response.status_code, headers, body


def test_folios_own_files_are_served_behind_a_public_folder_of_your_own(server):
    for name in ("folio.js", "folio.css", "fonts/DejaVuSans.ttf"):
        status, _, body = get(server, f"/public/{name}")
        assert status == 200 and body == (ROOT / "Public" / name).read_bytes(), name


def test_your_stylesheet_is_served_and_linked_after_folios_own(server):
    status, headers, body = get(server, "/public/css/ops.css")
    assert status == 200 and body == OPS_CSS and headers["content-type"].startswith("text/css")
    status, headers, page = get(server, "/ops")
    assert status == 200
    links = [link.get("href") for link in parse_html(page.decode()).iter("link") if link.get("rel") == "stylesheet"]
    assert [href.split("?")[0] for href in links] == [
        "/public/folio.css", "/ops/pager.css", "/public/css/ops.css", "/public/missing.css"]
    # Served under the page's own Content-Security-Policy: same origin, no inline style needed.
    assert "style-src 'self'" in headers["content-security-policy"]


def test_a_symlink_inside_the_public_folders_is_served(server):
    assert get(server, "/public/ops-link.css")[2] == OPS_CSS
    assert get(server, "/public/folio-link.js")[2] == (ROOT / "Public" / "folio.js").read_bytes()


def test_a_symlink_leading_out_is_refused_and_named_at_start(server, public):
    status, _, body = get(server, "/public/escape.txt")
    assert status == 403 and b"SECRET" not in body
    assert body.startswith(b"refused: escape.txt is a symbolic link to a file outside the public folders")
    log = server.stopped_log()
    assert "escape.txt -> " in log and "leads out of the public folders" in log, log
    assert "stylesheet 'missing.css' is in none of the public folders" in log, log
    assert "ops-link.css" not in log and "folio-link.js" not in log
