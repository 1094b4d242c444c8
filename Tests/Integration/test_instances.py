"""Three `folio serve` on one PostgreSQL, behind one nginx (README, "Running
several instances"): what a visitor notices when the instance answering
them changes from one request to the next, when PostgreSQL goes away and
comes back, and when one instance is killed with kill -9 under load."""

import random
import time

import pytest

import instances_support as support
from instances_support import PAGER, SHOWN, Cluster, open_session, pages_of, selected, shown_total
from test_dashboard_helpers import csrf_of

pytestmark = pytest.mark.skipif(support.missing() is not None, reason=str(support.missing()))

INSTANCES = 3


@pytest.fixture(scope="module")
def cluster(folio_bin, tmp_path_factory):
    built = Cluster(folio_bin, tmp_path_factory.mktemp("instances"), count=INSTANCES)
    try:
        yield built
    finally:
        built.close()


def test_a_form_shown_by_one_instance_is_accepted_by_every_other(cluster):
    # The secret that signs the forms of visitors without a session lives in
    # PostgreSQL, so every instance signs with the same one: a first click
    # can land on any instance, whichever showed the form.
    for shown_by in range(INSTANCES):
        for clicked_on in range(INSTANCES):
            visitor = cluster.direct(shown_by)
            view = visitor.get(PAGER)
            assert view.status == 200
            assert visitor.cookie is None, "a view without a session set a session cookie"
            shown = SHOWN.search(view.text).group(1)
            other = cluster.direct(clicked_on, like=visitor)
            page = next(p for p in pages_of(other) if p != shown)
            answer = other.post(PAGER + "/select", {"page": page, "from": shown, "csrf": csrf_of(view.text)})
            assert answer.status == 303, (shown_by, clicked_on, answer.status, answer.text)
            assert other.cookie, "the first click set no session cookie"
            third = cluster.direct((clicked_on + 1) % INSTANCES, like=other)
            assert selected(third.state(PAGER)) == page


def test_a_click_answered_by_one_instance_is_shown_by_another_on_the_next_request(cluster):
    visitor = cluster.direct(0)
    token = open_session(visitor)
    pages = pages_of(visitor)
    rng = random.Random(17)
    current = selected(visitor.state(PAGER))
    shown = shown_total(visitor.state(PAGER))
    stale = []
    for attempt in range(100):
        clicked_on = attempt % INSTANCES
        read_on = (clicked_on + 1 + attempt % (INSTANCES - 1)) % INSTANCES
        page = rng.choice([p for p in pages if p != current])
        answer = cluster.direct(clicked_on, like=visitor).post(PAGER + "/select", {"page": page, "csrf": token})
        assert answer.status == 303, (attempt, answer.status, answer.text)
        current = page
        shown += 1
        reader = cluster.direct(read_on, like=visitor)
        if attempt % 2:
            # The page itself: its form says which page it shows.
            view = reader.get(PAGER)
            assert view.status == 200
            seen = SHOWN.search(view.text).group(1)
            if seen != page:
                stale.append((attempt, clicked_on, read_on, "page", seen, page))
        else:
            state = reader.state(PAGER)
            if selected(state) != page or shown_total(state) != shown:
                stale.append((attempt, clicked_on, read_on, "state", selected(state), shown_total(state), page, shown))
    assert not stale, f"{len(stale)} of 100 reads on another instance were stale: {stale[:5]}"


def wait_until(check, seconds):
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.2)  # PostgreSQL is starting and the pools reconnect: poll


def test_without_postgresql_clicks_answer_503_and_change_nothing_then_work_again(cluster):
    visitor = cluster.direct(0)
    token = open_session(visitor)
    pages = pages_of(visitor)
    before = visitor.state(PAGER)
    target = next(p for p in pages if p != selected(before))
    newcomer = cluster.direct(1)
    newcomer_view = newcomer.get(PAGER)
    assert newcomer_view.status == 200

    cluster.postgres.stop()
    try:
        for index in range(INSTANCES):
            answer = cluster.direct(index, like=visitor).post(PAGER + "/select", {"page": target, "csrf": token})
            assert answer.status == 503, (index, answer.status, answer.text)
            assert "nothing was changed" in answer.text.lower() or "try again" in answer.text.lower(), answer.text
            # The database's address and libpq's words go to the log, not to the visitor.
            assert "127.0.0.1" not in answer.text and "port" not in answer.text.lower(), answer.text
            # A visitor without a session still sees the dashboard.
            view = cluster.direct(index).get(PAGER)
            assert view.status == 200, (index, view.status, view.text[:300])
            assert SHOWN.search(view.text), "the view without a session has no pager form"
        # A first click cannot create its session: 503, and no session cookie.
        shown = SHOWN.search(newcomer_view.text).group(1)
        first = cluster.direct(2, like=newcomer).post(
            PAGER + "/select", {"page": target, "from": shown, "csrf": csrf_of(newcomer_view.text)})
        assert first.status == 503, (first.status, first.text)
        assert newcomer.cookie is None and "folio_session=" not in (first.header("Set-Cookie") or "")
        assert cluster.proxied().get(PAGER).status == 200
    finally:
        cluster.postgres.start()

    # Back without restarting any instance: the refused clicks changed nothing...
    def state_again():
        response = cluster.direct(2, like=visitor).get(PAGER + "/state")
        return response.json() if response.status == 200 else None

    after = wait_until(lambda: (lambda s: s if s and selected(s) == selected(before) else None)(state_again()), 15)
    assert after is not None, "the session's selection did not come back with PostgreSQL"
    assert shown_total(after) == shown_total(before), "a refused click was counted"

    # ...and clicks work again on every instance, within about 15 s.
    def click_works(index):
        response = cluster.direct(index, like=visitor).post(PAGER + "/select", {"page": target, "csrf": token})
        return response.status == 303

    for index in range(INSTANCES):
        assert wait_until(lambda: click_works(index), 15), f"instance {index} still refuses clicks"
    assert all(selected(cluster.direct(i, like=visitor).state(PAGER)) == target for i in range(INSTANCES))


def test_kill_9_of_one_instance_behind_nginx_loses_no_answered_click(cluster):
    if len(cluster.live()) < INSTANCES:
        pytest.fail("an instance died before this test")
    figures = support.kill_round(cluster, visitors=8, before=(0.5, 2.0), after=3.0)
    print(f"kill -9 of instance {figures['victim']} at {figures['kill_after_s']} s behind nginx: "
          f"{figures['answered']} clicks answered ({figures['answered_before_kill']} before the kill, "
          f"{figures['answered_after_kill']} after), {len(figures['unanswered'])} unanswered "
          f"{sorted(set(figures['unanswered']))}, {len(figures['lost'])} lost")
    assert not figures["errors"], figures["errors"]
    assert figures["answered_before_kill"] > 0, "no click was answered before the kill"
    assert not figures["lost"], f"{len(figures['lost'])} of 8 visitors lost an answered click: {figures['lost']}"
    # Only a click in flight at the instance when it died goes unanswered
    # (nginx does not send a POST twice): at most one per visitor.
    assert figures["most_unanswered_per_visitor"] <= 1, figures["unanswered"]
    # After the kill every visitor keeps clicking, answered by the others.
    assert figures["visitors_unanswered_after_kill"] == 0, "a visitor's clicks after the kill were not answered"
    assert figures["answered_by_victim_after_kill"] == 0
