"""Short soak (the full million is `scripts/reliability soak`): memory and
open files end where they were after the warm-up, every request answered."""

import reliability_support
import soak


def test_memory_and_open_files_stay_flat_over_a_short_soak(folio_bin):
    # The warm-up must outlast the filling of the server's bounded render
    # caches (about 150,000 requests of this mix), else it measures their
    # filling, not a leak. About 70 s against the debug build.
    figures = soak.run(folio_bin, requests=250_000, warmup=200_000, sessions=1000, cap_seconds=300,
                       echo=False)
    failed, shown = reliability_support.failed_checks(figures)
    assert not failed, f"{failed}: {shown}"
