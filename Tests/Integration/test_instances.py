"""Three `folio serve` on one PostgreSQL, behind one nginx (README, "Running
several instances"): what a visitor notices when the instance answering
them changes from one request to the next, when PostgreSQL goes away and
comes back, and when one instance is killed with kill -9 under load."""

import random
import re
import signal
import threading
import time

import pytest

import instances_support as support
from test_dashboard_helpers import Client, FolioServer, Nginx, csrf_of

pytestmark = pytest.mark.skipif(support.missing() is not None, reason=str(support.missing()))

PAGER = "/essence"
INSTANCES = 3
SHOWN = re.compile(r'name="from" value="([^"]*)"')


class Cluster:
    """PostgreSQL, the instances on it and nginx in front of them."""

    def __init__(self, folio_bin, folder):
        # Its own temporary folder: pytest's are closed to the postgres user.
        self.postgres = support.Postgres()
        self.url = self.postgres.start()
        self.instances = []
        self.nginx = None
        try:
            self.instances = [FolioServer(folio_bin, "--state", self.url) for _ in range(INSTANCES)]
            self.nginx = Nginx(str(folder), support.UPSTREAM, "/healthz",
                               servers=support.upstream_servers(i.port for i in self.instances))
        except BaseException:
            self.close()
            raise

    def proxied(self):
        """A new browser talking to nginx."""
        return Client("127.0.0.1", self.nginx.port)

    def direct(self, index, like=None):
        """A browser talking to instance `index` directly, holding the
        cookies of `like` when given (the same visitor)."""
        instance = self.instances[index]
        client = Client(instance.host, instance.port)
        if like is not None:
            client.cookie, client.form_cookie = like.cookie, like.form_cookie
        return client

    def live(self):
        return [i for i, instance in enumerate(self.instances) if instance.process.poll() is None]

    def close(self):
        if self.nginx:
            self.nginx.stop()
        for instance in self.instances:
            instance.stop()
        self.postgres.remove()


@pytest.fixture(scope="module")
def cluster(folio_bin, tmp_path_factory):
    built = Cluster(folio_bin, tmp_path_factory.mktemp("instances"))
    try:
        yield built
    finally:
        built.close()


def pages_of(client):
    return [page["key"] for page in client.get(PAGER + "/state", cookie=False).json()["pages"]]


def selected(state):
    chosen = state["selected"]
    return chosen["key"] if isinstance(chosen, dict) else state["pages"][chosen]["key"]


def shown_total(state):
    return sum(page.get("shownCount", 0) for page in state["pages"])


def open_session(client):
    """The real flow: a view without a session (a signed token and its
    folio_csrf cookie), the first click, then the session's own token from
    its page. Returns that token."""
    client.start_session(PAGER)
    token = client.token(PAGER)
    assert re.fullmatch(r"[0-9a-f]{32}", token), f"the session's page carries {token!r}, not its own token"
    return token


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


class Clicker(threading.Thread):
    """One visitor clicking through nginx, each click on a new connection,
    to a random page it is not on. Records every click: when it was sent,
    its page, its status, and the instance nginx says answered."""

    def __init__(self, port, seed, stop):
        super().__init__(daemon=True)
        self.client = Client("127.0.0.1", port)
        self.token = open_session(self.client)
        self.pages = pages_of(self.client)
        before = self.client.state(PAGER)
        self.start_page, self.shown_before = selected(before), shown_total(before)
        self.stop = stop
        self.random = random.Random(seed)
        self.clicks = []  # (sent at, page, status, upstream)
        self.error = None

    def run(self):
        current, uncertain = self.start_page, set()
        try:
            while not self.stop.is_set():
                # Never the page it is on, nor one an unanswered click may
                # have selected: every click changes the selection.
                page = self.random.choice([p for p in self.pages if p != current and p not in uncertain])
                sent = time.monotonic()
                try:
                    answer = self.client.post(PAGER + "/select", {"page": page, "csrf": self.token})
                    status, upstream = answer.status, (answer.header("X-Upstream") or "").split(", ")[-1]
                except OSError as error:
                    status, upstream = type(error).__name__, ""
                self.clicks.append((sent, page, status, upstream))
                if status == 303:
                    current, uncertain = page, set()
                else:
                    uncertain.add(page)
        except Exception as error:  # noqa: BLE001  (reported by the test)
            self.error = repr(error)

    def answered(self):
        return [click for click in self.clicks if click[2] == 303]

    def check(self, state):
        """What is wrong with this visitor's state, or None. Its selection is
        its last answered click, or a click after it that was not answered;
        its page-shown count grew by one per answered click, plus at most one
        per unanswered one."""
        answered = self.answered()
        last = max((i for i, click in enumerate(self.clicks) if click[2] == 303), default=None)
        expected = answered[-1][1] if answered else self.start_page
        later = {click[1] for click in self.clicks[(last + 1 if last is not None else 0):]}
        unanswered = len(self.clicks) - len(answered)
        grown = shown_total(state) - self.shown_before
        if selected(state) != expected and selected(state) not in later:
            return f"shows {selected(state)}, last answered click {expected}"
        if not len(answered) <= grown <= len(answered) + unanswered:
            return f"page-shown count grew by {grown} for {len(answered)} answered, {unanswered} unanswered clicks"
        return None


def test_kill_9_of_one_instance_behind_nginx_loses_no_answered_click(cluster):
    if len(cluster.live()) < INSTANCES:
        pytest.fail("an instance died before this test")
    stop = threading.Event()
    clickers = [Clicker(cluster.nginx.port, seed, stop) for seed in range(8)]
    victim_index = random.randrange(INSTANCES)
    victim = cluster.instances[victim_index]
    victim_address = f"127.0.0.1:{victim.port}"
    for clicker in clickers:
        clicker.start()
    time.sleep(random.uniform(0.5, 2.0))
    victim.process.send_signal(signal.SIGKILL)
    victim.process.wait(10)
    killed_at = time.monotonic()
    time.sleep(3.0)
    stop.set()
    for clicker in clickers:
        clicker.join(30)
    assert not any(c.is_alive() for c in clickers), "a clicker hung"
    assert not [c.error for c in clickers if c.error], [c.error for c in clickers if c.error]

    answered = sum(len(c.answered()) for c in clickers)
    before_kill = sum(1 for c in clickers for click in c.answered() if click[0] < killed_at)
    after_kill = [click for c in clickers for click in c.answered() if click[0] > killed_at]
    refused = [click for c in clickers for click in c.clicks if click[2] != 303]
    reader = cluster.proxied()
    wrong = []
    for clicker in clickers:
        reader.cookie = clicker.client.cookie
        problem = clicker.check(reader.state(PAGER))
        if problem:
            wrong.append(problem)
    print(f"kill -9 of instance {victim_index} behind nginx: {answered} clicks answered "
          f"({before_kill} before the kill, {len(after_kill)} after), {len(refused)} unanswered "
          f"{sorted({str(c[2]) for c in refused})}, {len(wrong)} lost")
    assert before_kill > 0, "no click was answered before the kill"
    assert not wrong, f"{len(wrong)} of {len(clickers)} visitors lost an answered click: {wrong}"
    # Only the clicks in flight at the instance at the kill go unanswered
    # (nginx does not send a POST twice): at most one per visitor.
    assert all(sum(1 for click in c.clicks if click[2] != 303) <= 1 for c in clickers), refused
    # After the kill every visitor keeps clicking, answered by the others.
    for clicker in clickers:
        later = [click for click in clicker.answered() if click[0] > killed_at]
        assert later, "a visitor's clicks after the kill were not answered"
        assert all(click[3] and click[3] != victim_address for click in later), later
