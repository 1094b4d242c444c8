"""CSRF review: a state-changing POST (select, scroll) is refused with 403
and changes nothing unless it carries the session's own token, in the form
body, from a same-site context. Against a real `folio serve` (demo config)."""

import secrets

import pytest

from test_dashboard_helpers import FolioServer

ACTIONS = {
    "select": {"page": "joke"},
    "scroll": {"offset": "1500", "width": "375"},
}


@pytest.fixture(scope="module")
def server(folio_bin):
    with FolioServer(folio_bin) as running:
        yield running


@pytest.fixture
def alice(server):
    client = server.client()
    client.token_value = client.token("/essence")
    return client


@pytest.fixture
def bob(server):
    client = server.client()
    client.token_value = client.token("/essence")
    return client


def refused(client, action, form, headers=None, status=403, **kwargs):
    """POSTs and checks the refusal: the status, a short message, and the
    session's whole pager state (selection, loaded pages, counts) unchanged."""
    before = client.state("/essence")
    response = client.post(f"/essence/{action}", form, headers=headers, **kwargs)
    assert response.status == status, response.text
    assert response.text.strip(), "a refusal says why"
    assert response.header("Location") is None
    assert client.state("/essence") == before
    return response


@pytest.mark.parametrize("action", ACTIONS)
def test_a_missing_token_is_refused(alice, action):
    refused(alice, action, ACTIONS[action])


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("token", ["", "0" * 32, "not-a-token", "TOKEN"])
def test_a_wrong_token_is_refused(alice, action, token):
    if token == "TOKEN":
        token = alice.token_value.upper()  # right digits, wrong case
    refused(alice, action, {**ACTIONS[action], "csrf": token})


@pytest.mark.parametrize("action", ACTIONS)
def test_a_random_token_of_the_right_shape_is_refused(alice, action):
    refused(alice, action, {**ACTIONS[action], "csrf": secrets.token_hex(16)})


@pytest.mark.parametrize("action", ACTIONS)
def test_another_sessions_token_is_refused(alice, bob, action):
    assert alice.token_value != bob.token_value
    refused(alice, action, {**ACTIONS[action], "csrf": bob.token_value})
    # ...and Bob's own state did not move either.
    assert bob.state("/essence")["selected"]["key"] == "all"


@pytest.mark.parametrize("action", ACTIONS)
def test_a_valid_token_without_its_session_cookie_is_refused(server, alice, action):
    stranger = server.client()
    before = alice.state("/essence")
    response = stranger.post(f"/essence/{action}", {**ACTIONS[action], "csrf": alice.token_value})
    assert response.status == 403
    assert alice.state("/essence") == before


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("site", ["cross-site", "Cross-Site", " cross-site "])
def test_cross_site_posts_are_refused_even_with_a_valid_token(alice, action, site):
    refused(alice, action, {**ACTIONS[action], "csrf": alice.token_value}, headers={"Sec-Fetch-Site": site})


@pytest.mark.parametrize("action", ACTIONS)
def test_htmx_posts_need_the_token_too(alice, action):
    refused(alice, action, ACTIONS[action], headers={"HX-Request": "true"})


def test_a_token_in_the_query_string_is_not_accepted(alice):
    before = alice.state("/essence")
    response = alice.post(f"/essence/select?csrf={alice.token_value}", {"page": "joke"})
    assert response.status == 403
    assert alice.state("/essence") == before


def test_a_text_plain_form_post_is_refused(alice):
    # <form enctype="text/plain"> is the one cross-site form body without a
    # preflight that looks urlencoded; it must not be read as a form.
    body = f"page=joke&csrf={alice.token_value}"
    refused(alice, "select", body, headers={"Content-Type": "text/plain"}, status=400)


def test_a_get_cannot_change_the_selection_through_the_action_url(alice):
    before = alice.state("/essence")
    response = alice.get(f"/essence/select?page=joke&csrf={alice.token_value}")
    assert response.status == 405
    assert alice.state("/essence") == before


@pytest.mark.parametrize("site", [None, "same-origin", "none"])
def test_the_sessions_own_token_from_the_same_site_is_accepted(alice, site):
    headers = {"Sec-Fetch-Site": site} if site else None
    response = alice.post("/essence/select", {"page": "joke", "csrf": alice.token_value}, headers=headers)
    assert response.status == 303
    assert alice.state("/essence")["selected"]["key"] == "joke"
    # The first click reissued the session: the page it redirects to carries the new token.
    alice.token_value = alice.token("/essence/joke")
    response = alice.post("/essence/scroll", {"offset": "375", "width": "375", "csrf": alice.token_value},
                          headers=headers)
    assert response.status == 303
    assert alice.state("/essence")["selected"]["key"] == "video"
