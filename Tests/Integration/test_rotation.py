"""Wall screens over HTTP: `rotate` and `playlists` checked with their
positions, the refresh a view without JavaScript follows, and a rotating
view that keeps nothing, even for a visitor with a session."""

import re
import subprocess

from rotation_support import session_rows, wall_config, write_config
from test_dashboard_helpers import FolioServer, parse_html


def refresh_of(html):
    """(seconds, url) of the view's refresh, or None."""
    found = re.search(r'<noscript><meta http-equiv="refresh" content="([0-9.]+); url=([^"]*)"></noscript>', html)
    return (found.group(1), found.group(2).replace("&amp;", "&")) if found else None


def test_check_names_a_bad_rotation_and_an_unknown_playlist_pager_by_line_and_column(folio_bin, tmp_path):
    config = wall_config()
    config["pagers"][0]["rotate"] = 0.5
    config["playlists"]["screens"].append({"pager": "gone", "seconds": 10})
    path = write_config(tmp_path, config)
    result = subprocess.run([folio_bin, "check", "--config", path], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert any(re.fullmatch(rf"{re.escape(path)}:\d+:\d+: 'rotate' must be between 1 and 86400", line)
               for line in lines), lines
    assert any(re.fullmatch(rf"{re.escape(path)}:\d+:\d+: playlist 'screens' names no pager 'gone' "
                            r"\(pagers: other, wall\)", line) for line in lines), lines


def test_a_rotating_view_carries_a_refresh_to_the_next_page_kept_rotating(folio_bin, tmp_path):
    with FolioServer(folio_bin, "--config", write_config(tmp_path, wall_config())) as server:
        client = server.client()
        assert refresh_of(client.get("/wall/two?rotate=7").text) == ("7", "/wall/three?rotate=7")
        assert refresh_of(client.get("/wall/three?rotate=7&kiosk").text) == ("7", "/wall/one?rotate=7&kiosk")
        document = parse_html(client.get("/wall/one?kiosk").text)
        assert document.find(".//meta[@name='folio-kiosk']") is not None
        assert refresh_of(client.get("/wall/one?kiosk").text) is None
        # An ordinary view has none.
        assert refresh_of(client.get("/wall/one").text) is None
        bad = client.get("/wall/one?rotate=0.2")
        assert bad.status == 400
        assert "rotate must be 0 (off) or seconds from 1 to 86400" in bad.text


def test_a_pagers_own_rotate_needs_no_query_and_rotate_0_turns_it_off(folio_bin, tmp_path):
    with FolioServer(folio_bin, "--config", write_config(tmp_path, wall_config(pager_rotate=15))) as server:
        client = server.client()
        assert refresh_of(client.get("/wall/one").text) == ("15", "/wall/two")
        assert refresh_of(client.get("/wall/one?rotate=0").text) is None


def test_a_playlist_leads_through_its_pagers_and_an_unknown_one_is_not_found(folio_bin, tmp_path):
    with FolioServer(folio_bin, "--config", write_config(tmp_path, wall_config(playlist_seconds=(30, 20)))) as server:
        client = server.client()
        first = client.get("/playlist/screens?kiosk")
        assert 'id="folio-wall"' in first.text
        assert refresh_of(first.text) == ("30", "/playlist/screens?entry=1&step=0&kiosk")
        second = client.get("/playlist/screens?entry=1&step=0&kiosk")
        assert 'id="folio-other"' in second.text
        assert refresh_of(second.text) == ("20", "/playlist/screens?entry=0&step=0&kiosk")
        assert client.get("/playlist/nothing").status == 404
        assert client.get("/playlist/screens?entry=2").status == 400


def test_a_rotating_view_with_a_session_cookie_saves_nothing(folio_bin, tmp_path):
    state = str(tmp_path / "state.sqlite")
    with FolioServer(folio_bin, "--config", write_config(tmp_path, wall_config()), "--state", state) as server:
        client = server.client()
        client.start_session("/wall")
        before = client.state("/wall")
        assert before["selected"]["key"] == "one"
        for path in ("/wall/two?rotate=1", "/wall/three?rotate=1&kiosk", "/playlist/screens?entry=1"):
            view = client.get(path)
            assert view.status == 200
            assert view.headers.get_all("Set-Cookie") is None, path
        assert client.state("/wall") == before
        assert session_rows(state) == 1
        # An ordinary view of the session does save its page: the rotation is what differs.
        client.get("/wall/two")
        assert client.state("/wall")["selected"]["key"] == "two"


def test_a_rotation_and_a_playlist_lead_only_to_what_the_viewer_may_see(folio_bin, tmp_path):
    config = wall_config(playlist_seconds=(30, 20))
    config["pagers"][0]["pages"][1]["access"] = {"groups": ["ops"]}  # wall/two
    config["pagers"][1]["access"] = {"groups": ["ops"]}  # the whole of other
    ann = {"X-Forwarded-User": "ann", "X-Forwarded-Groups": "ops"}
    with FolioServer(folio_bin, "--config", write_config(tmp_path, config), "--trusted-proxy", "127.0.0.1/32") as server:
        client = server.client()
        assert refresh_of(client.get("/wall/one?rotate=5").text) == ("5", "/wall/three?rotate=5")
        assert refresh_of(client.get("/wall/one?rotate=5", headers=ann).text) == ("5", "/wall/two?rotate=5")
        assert refresh_of(client.get("/playlist/screens").text) == ("30", "/playlist/screens?entry=0&step=0")
        assert refresh_of(client.get("/playlist/screens", headers=ann).text) == (
            "30", "/playlist/screens?entry=1&step=0")
        # A position in a pager they may not see shows the next one they may.
        assert 'id="folio-wall"' in client.get("/playlist/screens?entry=1").text
