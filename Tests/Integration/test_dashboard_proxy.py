"""Folio behind Debian's nginx at /intranet/pager/ with --base-path."""

import shutil

import pytest

from test_dashboard_helpers import Client, FolioServer, Nginx, parse_html

pytestmark = pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed")

# The http block of nginx.conf: /intranet/pager/ proxied to the Folio.
PROXY = """
    server {{
        listen 127.0.0.1:{port};
        location /intranet/pager/ {{
            proxy_pass http://127.0.0.1:{upstream};
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-Proto http;
        }}
    }}
"""


@pytest.fixture
def proxied(folio_bin, tmp_path):
    with FolioServer(folio_bin, "--base-path", "/intranet/pager") as server:
        nginx = Nginx(str(tmp_path), PROXY, "/intranet/pager/healthz", upstream=server.port)
        try:
            yield Client("127.0.0.1", nginx.port)
        finally:
            nginx.stop()


def test_everything_works_under_the_prefix(proxied):
    response = proxied.get("/intranet/pager/essence")
    assert response.status == 200
    assert "Path=/intranet/pager/" in response.header("Set-Cookie")
    document = parse_html(response.text)
    form = document.find(".//section[@id='folio-essence']//form")
    assert form.get("action") == "/intranet/pager/essence/select"
    links = [el.get("href") for el in document.findall(".//link")] + [el.get("src") for el in document.findall(".//script")]
    assert links and all(link.startswith("/intranet/pager/") for link in links)
    for link in links:
        assert proxied.get(link).status == 200, link
    tabs = document.findall(".//button[@role='tab']")
    assert all(tab.get("data-href", "/intranet/pager/").startswith("/intranet/pager/") for tab in tabs)

    token = form.find(".//input[@name='csrf']").get("value")
    answer = proxied.post("/intranet/pager/essence/select", {"page": "joke", "csrf": token})
    assert answer.status == 303
    assert answer.header("Location") == "/intranet/pager/essence/joke"
    assert proxied.get(answer.header("Location")).status == 200
    assert proxied.state("/intranet/pager/essence")["selected"]["key"] == "joke"
    index = parse_html(proxied.get("/intranet/pager/").text)
    assert "/intranet/pager/essence" in {a.get("href") for a in index.findall(".//a")}


def test_paths_outside_the_prefix_are_404(folio_bin):
    with FolioServer(folio_bin, "--base-path", "/intranet/pager") as server:
        assert server.client().get("/essence").status == 404
        assert server.client().get("/intranet/pager/essence").status == 200
