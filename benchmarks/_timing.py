"""What the benchmarks share: the fastest of several rounds per call, and played deals."""

from __future__ import annotations

import time
from collections.abc import Callable

from doppelkopf import Deal, HeuristicPlayer
from doppelkopf.players import iter_deal


def best(repeat: int, calls: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeat`` rounds of ``run``, in microseconds per call.

    ``run`` makes ``calls`` calls of what is measured; processor time is used, so a
    busy machine slows the figures less than wall-clock time would.
    """
    times = []
    for _ in range(repeat):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return min(times) / calls * 1e6


def played_deals(deals: int) -> tuple[list[Deal], list[Deal]]:
    """Every position of ``deals`` deals between heuristic players, and the finished deals.

    Deal ``n`` is ``Deal.shuffled(seed=n)``, its players seeded ``4n`` to ``4n + 3``, so
    every benchmark that reads these positions reads the same ones.
    """
    positions: list[Deal] = []
    finished: list[Deal] = []
    for number in range(deals):
        players = [HeuristicPlayer(seed=4 * number + s) for s in range(4)]
        deal = Deal.shuffled(seed=number)
        for step in iter_deal(deal, players):
            deal = step.deal
            positions.append(deal)
        finished.append(deal)
    return positions, finished
