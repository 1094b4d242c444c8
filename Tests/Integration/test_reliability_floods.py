"""Short floods (full runs: `scripts/reliability floods all`)."""

import reliability_support  # noqa: F401  (first: puts Tests/Reliability on the path)
import floods
import folio_server
import pytest


def assert_passed(figures):
    failed, shown = reliability_support.failed_checks(figures)
    assert not failed, f"{failed}: {shown}"


def test_a_flood_of_first_clicks_levels_off_at_the_session_cap(folio_bin):
    # New sessions come only from first clicks (views keep no state).
    assert_passed(floods.sessions(folio_bin, requests=60_000, max_sessions=20_000, state="memory",
                                  cap_seconds=120, echo=print))


def test_a_flood_of_cookieless_views_creates_no_session(folio_bin):
    assert_passed(floods.views(folio_bin, requests=20_000, cap_seconds=120, echo=print))


def test_ten_thousand_idle_connections_leave_the_server_responsive(folio_bin):
    # This process holds the clients' sockets and the server inherits its limit.
    if folio_server.raise_open_file_limit(12_000) < 10_100:
        pytest.skip("the open-file hard limit is under 10,100")
    assert_passed(floods.connections(folio_bin, count=10_000, echo=print))
