"""The fast solver against the deliberately literal one, deal by deal.

300 class-N deals (seeds 0–299: about 3 in 10 winnable, the rest proved lost, which is
where the literal search has to visit every reachable position) and 30 class-W deals.
The literal solver takes about 20 s for them on one core, so the deals are shared
between two worker processes.
"""

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from games.engine.heart_to_heart.deal_codes import DealCode, deal_for
from games.engine.heart_to_heart.solver import is_winnable
from tests.engine.heart_to_heart.literal_solver import literal_winnable

CODES = [DealCode("N", seed) for seed in range(300)] + [DealCode("W", seed) for seed in range(30)]
SLOW = {280, 35, 246, 136, 235, 54}  # seeds of the N deals that take the literal search > 1 s
SLOW_FIRST = {code: (code.deal_class, code.seed) not in {("N", s) for s in SLOW} for code in CODES}


def both_verdicts(code):
    deal = deal_for(code)
    return str(code), is_winnable(deal), literal_winnable(deal)


def test_fast_solver_agrees_with_the_literal_solver_on_330_deals():
    workers = max(1, min(2, os.cpu_count() or 1))
    # forkserver: an xdist worker runs threads, and a child forked beside them can
    # inherit a lock one of them held (Python 3.12 and later warn of it).
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        # The slowest deals first, one at a time, so that the two workers finish together.
        verdicts = list(pool.map(both_verdicts, sorted(CODES, key=SLOW_FIRST.get)))
    assert len(verdicts) == len(CODES)
    disagreements = [(code, fast, literal) for code, fast, literal in verdicts if fast != literal]
    assert disagreements == []
    winnable = sum(fast for _, fast, _ in verdicts)
    assert 60 < winnable < 200  # both verdicts occur plenty: the comparison means something
