"""Shared pieces of the security suites (test_security_*.py): hostile
payloads, a test configuration that carries them in every value a user or
feed controls, and checks on the markup that comes back.

Servers come from test_dashboard_helpers (a real `folio serve --port 0
--state memory`, and FeedServer for a `url` source); everything binds 127.0.0.1."""

import json
import pathlib
import socket

from test_dashboard_helpers import parse_html

# Each payload, if echoed raw, would run script or break out of its context
# (element content, a quoted attribute, <title>, a URL). The marker q7x lets
# a test find where a payload landed.
PAYLOADS = [
    "<script>window.q7x=1</script>",
    '"><img src=x onerror="window.q7x=2">',
    "'><svg onload=window.q7x=3>",
    "</title><script>window.q7x=4</script>",
    "</textarea></style></script><script>window.q7x=5</script>",
    "<iframe srcdoc='&lt;script&gt;q7x&lt;/script&gt;'></iframe>",
    "${site/title} q7x",
]

HOSTILE = PAYLOADS[0]


def hostile(index, where):
    """A payload labelled with the place it was put, so a failure says where."""
    return f"{where}:{PAYLOADS[index % len(PAYLOADS)]}"


def post(i, where):
    """One post for content/posts.html with a payload in every text and URL field."""
    return {
        "kind": "text",
        "avatar": hostile(i + 1, f"{where}.avatar"),
        "author": hostile(i, f"{where}.author"),
        "time": hostile(i + 2, f"{where}.time"),
        "text": hostile(i + 3, f"{where}.text"),
        "picture": {"src": hostile(i + 4, f"{where}.src"), "alt": hostile(i + 1, f"{where}.alt")},
        "likes": hostile(i + 5, f"{where}.likes"),
        "comments": 1,
        "shares": 2,
    }


def news(i, where):
    """One item for content/news.html with payloads."""
    return {
        "title": hostile(i, f"{where}.title"),
        "summary": hostile(i + 1, f"{where}.summary"),
        "source": hostile(i + 2, f"{where}.source"),
        "time": hostile(i + 3, f"{where}.time"),
        "comments": hostile(i + 4, f"{where}.comments"),
        "image": hostile(i + 5, f"{where}.image"),
    }


def hostile_config(folder, feed_url):
    """A configuration whose every free-text value carries a payload:
    site, pager, page and navigation titles, inline data, a data file and a
    URL feed. Returns the config path."""
    folder = pathlib.Path(folder)
    (folder / "news.json").write_text(json.dumps({"items": [news(i, "file") for i in range(3)]}))
    pager = {
        "key": "x",
        "title": hostile(3, "pager.title"),
        "navigation": {
            "titleImage": hostile(1, "nav.titleImage"),
            "leftButton": {"label": hostile(0, "nav.label"), "icon": hostile(1, "nav.icon"), "href": "tags"},
        },
        "pages": [
            {"key": "inline", "title": hostile(0, "page.title"), "template": "content/posts.html",
             "data": {"posts": [post(i, "inline") for i in range(4)]}},
            {"key": "file", "title": hostile(1, "page2.title"), "template": "content/news.html",
             "dataFile": "news.json"},
            {"key": "feed", "title": hostile(2, "page3.title"), "template": "content/posts.html",
             "url": feed_url, "timeoutSeconds": 5},
            {"key": "tags", "title": hostile(4, "page4.title"), "template": "content/tags.html",
             "data": {"heading": hostile(5, "tags.heading"), "intro": hostile(6, "tags.intro"),
                      "tags": [{"name": hostile(0, "tag.name"), "icon": hostile(1, "tag.icon"),
                                "subscribers": hostile(2, "tag.subscribers"), "rank": 1}]}},
        ],
    }
    path = folder / "folio.json"
    path.write_text(json.dumps({"title": hostile(4, "site.title"), "pagers": [pager]}, ensure_ascii=False))
    return str(path)


def feed_document():
    return {"posts": [post(i, "feed") for i in range(3)]}


def assert_no_injection(text, context=""):
    """The markup carries no payload raw and no script or handler from input:
    every <script> has a same-origin src, no element has an on* attribute,
    no iframe/svg/img came from a payload, and no URL uses javascript:."""
    for payload in PAYLOADS:
        if "<" in payload:
            assert payload not in text, f"{context}: raw payload {payload!r}"
    document = parse_html(text)
    for element in document.iter():
        if element.tag == "script":
            source = element.get("src")
            assert source and source.startswith("/") and not "".join(element.itertext()).strip(), (
                f"{context}: a script that is not the page's own: {element.attrib} {element.text!r}")
        for name, value in element.attrib.items():
            assert not name.lower().startswith("on"), f"{context}: handler attribute {name}={value!r}"
            if name in ("href", "src", "action", "srcdoc"):
                assert not value.strip().lower().startswith("javascript:"), f"{context}: {name}={value!r}"
        if element.tag in ("iframe", "svg") or (element.tag == "img" and element.get("src") == "x"):
            raise AssertionError(f"{context}: element {element.tag} {element.attrib} came from input")


def request_bytes(method, target, extra=b""):
    """A request for `target` exactly as given (bytes), with `extra` header
    lines before `Connection: close`."""
    return (method + b" " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra
            + b"Connection: close\r\n\r\n")


def raw_request(port, data, timeout=10):
    """Sends bytes as they are (no client-side path normalisation) and
    returns (status, headers dict lower-cased, body bytes) of the first answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            chunks.append(chunk)
            head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
            if _ and b"content-length:" in head.lower():
                length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
                if len(body) >= length:
                    break
    response = b"".join(chunks)
    head, _, body = response.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return status, headers, body
