"""Sessions: separate selections per browser, kept across a restart on the
same --state file, pageDidShow counted per session."""

from test_dashboard_helpers import csrf_of, FolioServer, parse_html


def select(client, pager, page):
    token = client.token(f"/{pager}")
    response = client.post(f"/{pager}/select", {"page": page, "csrf": token})
    assert response.status == 303, response.text


def test_two_sessions_keep_separate_selections_across_a_restart(folio_bin, tmp_path):
    state = str(tmp_path / "state.sqlite")
    with FolioServer(folio_bin, "--state", state) as server:
        alice, bob = server.client(), server.client()
        select(alice, "essence", "voice")
        select(bob, "essence", "joke")
        select(bob, "news", "focus")
        assert alice.state("/essence")["selected"]["key"] == "voice"
        assert bob.state("/essence")["selected"]["key"] == "joke"
        assert alice.cookie != bob.cookie
    with FolioServer(folio_bin, "--state", state) as server:
        for client in (alice, bob):
            client.port = server.port
        assert alice.state("/essence")["selected"]["key"] == "voice"
        assert bob.state("/essence")["selected"]["key"] == "joke"
        assert bob.state("/news")["selected"]["key"] == "focus"
        assert alice.state("/news")["selected"]["key"] == "headline"
        # The old cookie and token still work after the restart.
        select(alice, "essence", "video")
        assert alice.state("/essence")["selected"]["key"] == "video"


def test_memory_state_forgets_on_restart(folio_bin):
    with FolioServer(folio_bin, "--state", "memory") as server:
        client = server.client()
        select(client, "essence", "voice")
    with FolioServer(folio_bin, "--state", "memory") as server:
        client.port = server.port
        assert client.state("/essence")["selected"]["key"] == "all"


def test_page_did_show_is_counted_per_session(folio_bin):
    with FolioServer(folio_bin) as server:
        client = server.client()
        client.get("/pageview/follow")
        select(client, "pageview", "recommend")
        select(client, "pageview", "follow")
        select(client, "pageview", "follow")  # the current page: nothing happens
        pages = {page["key"]: page for page in client.state("/pageview")["pages"]}
        assert pages["follow"]["shownCount"] == 2
        assert pages["recommend"]["shownCount"] == 1
        assert pages["trending"]["shownCount"] == 0
        document = parse_html(client.get("/pageview/follow").text)
        panel = document.find(".//*[@id='folio-pageview-panel-follow']")
        assert "2" in "".join(panel.itertext())
        other = server.client()
        other.start_session("/pageview/follow")
        assert {p["key"]: p["shownCount"] for p in other.state("/pageview")["pages"]}["follow"] == 1


def test_lazy_loading_loads_only_shown_pages(folio_bin):
    with FolioServer(folio_bin) as server:
        client = server.client()
        client.get("/controllers")
        # A view keeps nothing; a new visitor's state shows what their page shows.
        assert [page["loaded"] for page in client.state("/controllers")["pages"]] == [True, False, False]
        client.start_session("/controllers")
        loaded = [page["loaded"] for page in client.state("/controllers")["pages"]]
        assert loaded == [True, False, False]
        select(client, "controllers", "third")
        loaded = [page["loaded"] for page in client.state("/controllers")["pages"]]
        assert loaded == [True, False, True]


def test_a_read_only_store_refuses_writes_with_503_while_pages_still_show(folio_bin, tmp_path):
    state = tmp_path / "state.sqlite"
    with FolioServer(folio_bin, "--state", str(state)) as server:
        client = server.client()
        select(client, "essence", "voice")
    with FolioServer(folio_bin, "--state", f"file:{state}?mode=ro") as server:
        client.port = server.port
        page = client.get("/essence")
        assert page.status == 200
        assert parse_html(page.text).find(".//section[@id='folio-essence']").get("data-selected") == "2"
        token = client.token("/essence")
        answer = client.post("/essence/select", {"page": "joke", "csrf": token})
        assert answer.status == 503
        assert "nothing was changed" in answer.text
        assert client.state("/essence")["selected"]["key"] == "voice"
        # A newcomer's view writes nothing, so it shows; its first click cannot be saved.
        newcomer = server.client()
        view = newcomer.get("/essence/video")
        assert view.status == 200 and view.header("Folio-State") is None
        answer = newcomer.post("/essence/select", {"page": "joke", "from": "video", "csrf": csrf_of(view.text)})
        assert answer.status == 503 and newcomer.cookie is None
