"""kill -9 of one of three instances on one PostgreSQL, behind nginx, under
load (README, "Running several instances"; the short form is a test of
Tests/Integration/test_instances.py).

    python3 Tests/Reliability/instances.py [--rounds 10] [--visitors 8] [--after 3]

Each round: VISITORS visitors open sessions through nginx (a view, a first
click, the session's own token) and click random pages, each click on a new
connection; one instance, chosen at random, gets kill -9 at a random moment
0.5-2 s in; they click on for AFTER seconds; every visitor's state is read
through nginx. Then the killed instance is started again on its port, and
the next round begins once nginx takes it back (fail_timeout, 2 s). Prints the figures and PASS/FAIL per check; exits non-zero on a
FAIL.
"""

import argparse
import pathlib
import random
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "Integration"))
import folio_server as fs  # noqa: E402
import instances_support as support  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=None)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--visitors", type=int, default=8)
    parser.add_argument("--after", type=float, default=3.0, help="seconds of clicks after the kill")
    options = parser.parse_args()
    reason = support.missing()
    if reason:
        raise SystemExit(f"instances: {reason}")
    binary = options.binary or fs.default_binary()
    rng = random.Random()
    totals = {"rounds": options.rounds, "instances": 3, "visitors": options.visitors, "answered": 0,
              "answered_after_kill": 0, "unanswered": 0, "lost": [], "errors": [], "rounds_failing": 0}
    with tempfile.TemporaryDirectory(prefix="folio-instances-") as folder:
        cluster = support.Cluster(binary, folder, count=3)
        try:
            for number in range(1, options.rounds + 1):
                figures = support.kill_round(cluster, visitors=options.visitors, after=options.after, rng=rng)
                ok = (not figures["errors"] and not figures["lost"] and figures["answered_before_kill"] > 0
                      and figures["most_unanswered_per_visitor"] <= 1
                      and figures["visitors_unanswered_after_kill"] == 0
                      and figures["answered_by_victim_after_kill"] == 0)
                totals["rounds_failing"] += 0 if ok else 1
                for key in ("answered", "answered_after_kill"):
                    totals[key] += figures[key]
                totals["unanswered"] += len(figures["unanswered"])
                totals["lost"] += figures["lost"]
                totals["errors"] += figures["errors"]
                print(f"round {number}: kill -9 of instance {figures['victim']} at {figures['kill_after_s']} s; "
                      f"{figures['answered']} clicks answered ({figures['answered_before_kill']} before, "
                      f"{figures['answered_after_kill']} after, none by the dead one: "
                      f"{figures['answered_by_victim_after_kill'] == 0}), {len(figures['unanswered'])} unanswered "
                      f"{sorted(set(figures['unanswered']))}, {len(figures['lost'])} lost"
                      f"{'' if ok else '  FAIL ' + str(figures)}", flush=True)
                if not ok:
                    print("nginx's error log:\n" + cluster.nginx_errors(), flush=True)
                cluster.revive(figures["victim"])
                # nginx tries it again once its fail_timeout (2 s) is over.
                time.sleep(2.5)
        finally:
            cluster.close()
    totals["checks"] = {
        "clicks were answered in every round": totals["answered"] > 0,
        "every answered click is what the state shows (0 lost)": not totals["lost"],
        "only clicks in flight at the kill unanswered, later ones answered by the others":
            totals["rounds_failing"] == 0,
        "no client errors": not totals["errors"],
    }
    passed = fs.report("kill -9 of one of three instances behind nginx", totals)
    print(f"VERDICT: {'PASS' if passed else 'FAIL'}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
