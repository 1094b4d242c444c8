"""Two `folio serve` on one PostgreSQL: one session's clicks, sent as
folio.js sends them (`clickedAt`, `HX-Request`), spread over both
instances. The last click made wins (issue 25, item 1): no committed write
is ever overwritten by an older click's write, audited by a trigger on the
`pagers` table, and of a double click sent to A then B at once, B's wins."""

import json
import subprocess
import threading
import time
import random

import pytest

import instances_support as support
from instances_support import PAGER, Cluster, open_session, pages_of, selected

pytestmark = pytest.mark.skipif(support.missing() is not None, reason=str(support.missing()))

THREADS = 8
CLICKS_PER_THREAD = 400
DOUBLE_CLICKS = 200

# Every committed write of a pager record, in the order the session's row
# lock let them commit (a rolled-back write's audit row is rolled back too).
AUDIT = """
CREATE TABLE IF NOT EXISTS last_click_audit (
    n bigserial PRIMARY KEY, session_id text NOT NULL, record bytea NOT NULL);
CREATE OR REPLACE FUNCTION last_click_audit_write() RETURNS trigger AS $$
BEGIN
    INSERT INTO last_click_audit (session_id, record) VALUES (NEW.session_id, NEW.record);
    RETURN NEW;
END $$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS last_click_audit ON pagers;
CREATE TRIGGER last_click_audit AFTER INSERT OR UPDATE ON pagers
    FOR EACH ROW EXECUTE FUNCTION last_click_audit_write();
"""


def psql(url, sql):
    done = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", url, "-c", sql],
                          capture_output=True, text=True, timeout=60, check=True)
    return done.stdout


@pytest.fixture(scope="module")
def cluster(folio_bin, tmp_path_factory):
    built = Cluster(folio_bin, tmp_path_factory.mktemp("last-click"), count=2)
    try:
        psql(built.url, AUDIT)
        yield built
    finally:
        built.close()


def click(client, page, token, clicked_at):
    """One click as folio.js posts it: the form's hidden fields, the time
    the click was made, and `HX-Request` (the answer is the fragment)."""
    form = {"page": page, "csrf": token, "clickedAt": f"{clicked_at:.3f}"}
    headers = {"HX-Request": "true", "HX-Current-URL": f"http://{client.host}:{client.port}{PAGER}"}
    return client.post(PAGER + "/select", form, headers=headers)


def now_ms():
    return time.time() * 1000


def audited_click_times(url, session):
    """The `lastClickAt` of every committed write of `session`'s record,
    in commit order."""
    rows = psql(url, "SELECT convert_from(record, 'UTF8') FROM last_click_audit "
                     f"WHERE session_id = '{session}' ORDER BY n")
    return [json.loads(line).get("lastClickAt") for line in rows.splitlines() if line]


def overwritten_by_older(times):
    """How many committed writes a later write of an older click replaced."""
    lost, oldest_after = 0, float("inf")
    for made in reversed([t for t in times if t is not None]):
        if made > oldest_after:
            lost += 1
        oldest_after = min(oldest_after, made)
    return lost


def test_no_click_is_overwritten_by_an_older_one_across_instances(cluster):
    visitor = cluster.direct(0)
    token = open_session(visitor)
    pages = pages_of(visitor)
    session = visitor.cookie.split(".")[0]
    failures = []

    def browser_tab(seed):
        rng = random.Random(seed)
        for _ in range(CLICKS_PER_THREAD):
            client = cluster.direct(rng.randrange(2), like=visitor)
            answer = click(client, rng.choice(pages), token, now_ms())
            if answer.status != 200:
                failures.append((answer.status, answer.text[:200]))

    started = time.monotonic()
    tabs = [threading.Thread(target=browser_tab, args=(seed,)) for seed in range(THREADS)]
    for tab in tabs:
        tab.start()
    for tab in tabs:
        tab.join(120)
    elapsed = time.monotonic() - started
    times = audited_click_times(cluster.url, session)
    lost = overwritten_by_older(times)
    print(f"{THREADS * CLICKS_PER_THREAD} clicks in {elapsed:.1f} s, {len(times)} committed writes, "
          f"{lost} overwritten by an older click's write")
    assert not failures, f"{len(failures)} clicks not answered 200: {failures[:3]}"
    assert lost == 0, f"{lost} of {len(times)} committed writes were overwritten by an older click's write"


def test_of_a_double_click_on_two_instances_the_later_one_wins(cluster):
    visitor = cluster.direct(0)
    token = open_session(visitor)
    pages = pages_of(visitor)
    rng = random.Random(25)
    lost = []
    for attempt in range(DOUBLE_CLICKS):
        first, second = rng.sample(pages, 2)
        together = threading.Barrier(2)
        statuses = {}
        # The second click is made just after the first, by the browser's
        # clock; both are sent at once (when the threads run is up to them).
        first_made = now_ms()

        def send(instance, page, order):
            together.wait()
            made = first_made + order
            statuses[order] = click(cluster.direct(instance, like=visitor), page, token, made).status

        clicks = [threading.Thread(target=send, args=(0, first, 0)),
                  threading.Thread(target=send, args=(1, second, 1))]
        for thread in clicks:
            thread.start()
        for thread in clicks:
            thread.join(30)
        assert statuses == {0: 200, 1: 200}, (attempt, statuses)
        shown = selected(cluster.direct(attempt % 2, like=visitor).state(PAGER))
        if shown != second:
            lost.append((attempt, first, second, shown))
    print(f"{len(lost)} of {DOUBLE_CLICKS} double clicks kept the first click")
    assert not lost, f"{len(lost)} of {DOUBLE_CLICKS} double clicks kept the first click: {lost[:5]}"
