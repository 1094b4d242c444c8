"""Path-traversal review of GET /public/...: a real `folio serve --public
DIR` over a folder that sits next to a secret file and holds symlinks out of
it (refused with 403; a symlink that stays inside is served). Requests go out as raw bytes (no client normalises `..` away); none
may read the secret, /etc/passwd, a hidden file or a folder listing."""

import os
import shutil

import pytest

from test_dashboard_helpers import ROOT, FolioServer
from test_security_support import raw_request, request_bytes

SECRET = b"SECRET-q7x-outside-the-public-folder"


@pytest.fixture(scope="module")
def public(tmp_path_factory):
    top = tmp_path_factory.mktemp("static")
    (top / "secret.txt").write_bytes(SECRET)
    (top / "outside").mkdir()
    (top / "outside" / "secret.txt").write_bytes(SECRET)
    root = top / "public"
    shutil.copytree(ROOT / "Public", root)
    (root / "ok.txt").write_bytes(b"public text")
    (root / ".hidden").write_bytes(SECRET)
    (root / "sub").mkdir()
    (root / "sub" / "inner.txt").write_bytes(b"inner")
    os.symlink(top / "secret.txt", root / "escape.txt")
    os.symlink(top / "outside", root / "escape-dir")
    os.symlink("../secret.txt", root / "sub" / "relative-escape.txt")
    os.symlink(root / "ok.txt", root / "inside-link.txt")
    return root


@pytest.fixture(scope="module")
def server(folio_bin, public):
    with FolioServer(folio_bin, "--public", str(public)) as running:
        yield running


def get(server, target, extra=b""):
    return raw_request(server.port, request_bytes(b"GET", target, extra))


def test_files_inside_the_root_are_served(server):
    assert get(server, b"/public/ok.txt")[2] == b"public text"
    assert get(server, b"/public/sub/inner.txt")[2] == b"inner"


def test_a_symlink_that_stays_inside_the_root_is_served(server):
    # Issue 26 item 6: resolved, then opened inside the root with no symlink on the way.
    status, _, body = get(server, b"/public/inside-link.txt")
    assert status == 200 and body == b"public text"


@pytest.mark.parametrize("target", [b"/public/escape.txt", b"/public/escape-dir/secret.txt"])
def test_a_symlink_leading_out_is_refused_with_a_reason(server, target):
    status, _, body = get(server, target)
    assert status == 403 and SECRET not in body
    assert b"symbolic link to a file outside the public folders" in body


TRAVERSALS = [
    b"/public/../secret.txt",
    b"/public/sub/../../secret.txt",
    b"/public/./../secret.txt",
    b"/public/%2e%2e/secret.txt",
    b"/public/%2E%2E/secret.txt",
    b"/public/%2e%2e%2fsecret.txt",
    b"/public/..%2fsecret.txt",
    b"/public/..%2Fsecret.txt",
    b"/public/sub%2f..%2f..%2fsecret.txt",
    b"/public/%252e%252e/secret.txt",
    b"/public/%252e%252e%252fsecret.txt",
    b"/public/..\\secret.txt",
    b"/public/..%5csecret.txt",
    b"/public/..%5Csecret.txt",
    b"/public/sub\\..\\..\\secret.txt",
    b"/public/ok.txt%00/../../secret.txt",
    b"/public/ok.txt%00.css",
    b"/public/%00",
    b"/public/%c0%ae%c0%ae/secret.txt",
    b"/public/%e0%80%ae%e0%80%ae/secret.txt",
    b"/public/..;/secret.txt",
    b"/public/.../secret.txt",
    b"/public/escape.txt",
    b"/public/escape-dir/secret.txt",
    b"/public/sub/relative-escape.txt",
    b"/public/.hidden",
    b"/public/sub/../.hidden",
    b"/public//etc/passwd",
    b"/public/%2fetc%2fpasswd",
    b"/public/../../../../../../../../etc/passwd",
    b"/public/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    b"/public/file:///etc/passwd",
    b"http://127.0.0.1/public/../secret.txt",
    b"/public/sub/",
    b"/public/sub",
    b"/public/",
    b"/public",
    b"/public/escape-dir/",
]


@pytest.mark.parametrize("target", TRAVERSALS, ids=[t.decode("latin-1") for t in TRAVERSALS])
@pytest.mark.parametrize("method", [b"GET", b"HEAD"])
def test_traversal_never_reads_outside_the_root(server, target, method):
    request = method + b" " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    status, headers, body = raw_request(server.port, request)
    assert status in (400, 403, 404), (status, body[:200])
    assert SECRET not in body
    assert b"root:x:0:0" not in body
    assert b"<title>Index of" not in body and b"inner.txt" not in body  # no listing


def test_a_symlink_swapped_in_after_a_first_read_is_still_checked(server, public, tmp_path):
    # The file cache must not let a later symlink through on the strength of
    # an earlier, legitimate answer for the same name.
    path = public / "swap.txt"
    path.write_bytes(b"first")
    assert get(server, b"/public/swap.txt")[2] == b"first"
    path.unlink()
    os.symlink(public.parent / "secret.txt", path)
    status, _, body = get(server, b"/public/swap.txt")
    assert status == 403 and SECRET not in body
    path.unlink()


def test_static_answers_carry_security_headers(server):
    for target in (b"/public/ok.txt", b"/public/../secret.txt", b"/public/escape.txt"):
        status, headers, _ = get(server, target)
        assert headers.get("x-content-type-options") == ["nosniff"], target
        assert "frame-ancestors" in headers.get("content-security-policy", [""])[0], target
