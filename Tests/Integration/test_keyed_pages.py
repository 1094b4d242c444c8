"""Issue 27, items 2 and 3, on a real `folio serve`: the server restarted
with an edited folio.json over the same SQLite state file keeps each
visitor's selection by page key across inserting, removing, reordering and
retitling pages; the state JSON says what changed; a click on a tab removed
meanwhile answers the pager as it is with a notice; a bookmark of a removed
page is a 404 that links to its pager."""

from test_dashboard_helpers import FolioServer, csrf_of, parse_html, text_of, write_config

PAGER = "/ops"


def pages(*keys_and_titles):
    return [{"key": key, "title": title, "template": "content/color.html",
             "data": {"color": "red", "order": key, "heading": title, "note": title}}
            for key, title in keys_and_titles]


def serve(folio_bin, folder, state, page_list):
    config = write_config(folder, [{"key": "ops", "title": "Ops", "pages": page_list}])
    return FolioServer(folio_bin, "--config", config, "--state", state)


def selected_key(client):
    return client.state(PAGER)["selected"]["key"]


def click(client, page, htmx=False):
    form = {"page": page, "csrf": client.token(PAGER)}
    return client.post(PAGER + "/select", form, headers={"HX-Request": "true"} if htmx else {})


FIRST = pages(("cpu", "CPU"), ("disk", "Disk"), ("net", "Network"), ("mem", "Memory"))


def test_the_selection_is_kept_by_key_across_restarts_with_edited_pages(folio_bin, tmp_path):
    state = str(tmp_path / "state.db")
    with serve(folio_bin, tmp_path, state, FIRST) as server:
        visitor = server.client()
        visitor.start_session(PAGER, page="net")
        assert selected_key(visitor) == "net"
        cookies = (visitor.cookie, visitor.form_cookie)

    # Inserted, retitled and reordered: the same page stays selected.
    edited = pages(("latency", "Latency"), ("mem", "Memory"), ("net", "Net I/O"), ("cpu", "CPU"),
                   ("disk", "Disk"))
    with serve(folio_bin, tmp_path, state, edited) as server:
        visitor = server.client()
        visitor.cookie, visitor.form_cookie = cookies
        shown = visitor.state(PAGER)
        assert shown["selected"] == {"index": 2, "key": "net"}
        assert [page["title"] for page in shown["pages"]][2] == "Net I/O"
        changed = shown["pagesChanged"]
        assert changed["added"] == ["latency"] and changed["removed"] == []
        assert changed["retitled"] == ["net"] and "selectionMoved" not in changed
        assert changed["moved"] == ["mem", "net", "cpu", "disk"]
        view = visitor.get(PAGER)
        assert view.status == 200 and 'data-selected-key="net"' in view.text
        # Saved by the view: still there on the next request, gone after a click.
        assert visitor.state(PAGER)["pagesChanged"]["added"] == ["latency"]
        assert click(visitor, "cpu").status == 303
        assert "pagesChanged" not in visitor.state(PAGER)
        assert click(visitor, "net").status == 303

    # The selected page removed: its right neighbour in the old order.
    removed = pages(("latency", "Latency"), ("mem", "Memory"), ("cpu", "CPU"), ("disk", "Disk"))
    with serve(folio_bin, tmp_path, state, removed) as server:
        visitor = server.client()
        visitor.cookie, visitor.form_cookie = cookies
        shown = visitor.state(PAGER)
        assert shown["selected"]["key"] == "cpu"
        assert shown["pagesChanged"]["removed"] == ["net"]
        assert shown["pagesChanged"]["selectionMoved"] == {
            "from": "net", "to": "cpu", "reason": "nearestRemainingNeighbour"}
        assert "net" not in [page["key"] for page in shown["pages"]]
        # The state JSON saves nothing; a view saves the visitor landed on cpu.
        assert 'data-selected-key="cpu"' in visitor.get(PAGER).text

    # Net put back: its shown count was kept; the selection stays where it landed.

    with serve(folio_bin, tmp_path, state, edited) as server:
        visitor = server.client()
        visitor.cookie, visitor.form_cookie = cookies
        shown = visitor.state(PAGER)
        assert shown["selected"]["key"] == "cpu"
        counts = {page["key"]: page["shownCount"] for page in shown["pages"]}
        assert counts["net"] == 2 and counts["cpu"] == 2


def test_a_click_on_a_removed_tab_answers_the_pager_with_a_notice(folio_bin, tmp_path):
    state = str(tmp_path / "state.db")
    with serve(folio_bin, tmp_path, state, FIRST) as server:
        visitor = server.client()
        visitor.start_session(PAGER, page="disk")
        open_page = visitor.get(PAGER).text
        cookies = (visitor.cookie, visitor.form_cookie)
    assert 'value="net"' in open_page

    with serve(folio_bin, tmp_path, state, pages(("cpu", "CPU"), ("disk", "Disk"), ("mem", "Memory"))) as server:
        visitor = server.client()
        visitor.cookie, visitor.form_cookie = cookies
        # The tab the open page still shows, posted with that page's token.
        for htmx in (False, True):
            answer = visitor.post(PAGER + "/select", {"page": "net", "from": "disk", "csrf": csrf_of(open_page)},
                                  headers={"HX-Request": "true"} if htmx else {})
            assert answer.status == 200, answer.text
            notice = parse_html(answer.text).find(".//div[@class='folio-notice']")
            assert notice is not None and notice.get("role") == "status"
            assert text_of(notice) == "That page is no longer on this dashboard: here it is as it is now."
            assert 'data-selected-key="disk"' in answer.text
            assert ('<html' in answer.text) is not htmx
        assert selected_key(visitor) == "disk"
        # A page that never existed is still not found.
        assert visitor.post(PAGER + "/select", {"page": "nope", "csrf": csrf_of(open_page)}).status == 404

        # A bookmark of the removed page: 404, linking to its pager.
        bookmark = server.client().get(PAGER + "/net", headers={"Accept": "text/html"})
        assert bookmark.status == 404
        link = parse_html(bookmark.text).find(".//a[@class='folio-error-pager']")
        assert link is not None and link.get("href") == PAGER and text_of(link) == "Go to Ops"
