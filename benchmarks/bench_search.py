"""How much one SearchPlayer wins against three HeuristicPlayers, per deal, seats rotated.

Run from the repository root (after ``pip install ".[fast]"``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_search.py [--deals N] [--worlds W] [--time T] [--model M]
                                      [--jobs J] [--seed S] [--out FILE] [--against FILE]

Deal ``i`` (counting from 0) is shuffled from seed ``S + i`` and dealt by seat
``i % 4``.  It is played four times, the search player at seat 0, 1, 2 and 3
in turn and heuristic players at the other seats, so every player gets every
hand once: the luck of the cards cancels, and the unit of the statistics is
the deal (the mean of the search player's four scores).  The report gives that
mean with a 95 % confidence interval (mean ± 1.96 standard errors, normal
approximation over the deals), the same split by who played the contract, and
the processor time per searched decision (mean and largest; a decision is
searched when more than one card is legal) measured inside each worker process,
which runs on one core.  ``--jobs`` runs deals in parallel processes.

Every player is seeded from ``S`` and ``i``, so a run is reproducible, and two
runs over the same deals can be compared deal by deal: ``--out`` writes each
deal's mean score, one number a line, and ``--against FILE`` reports the paired
difference from such a file (the interval of the mean difference).
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from doppelkopf import Deal, __version__
from doppelkopf.players import HeuristicPlayer, Player, play_deal
from doppelkopf.scoring import settle
from doppelkopf.search import SearchPlayer
from doppelkopf.search.playouts import _engine


class TimedSearchPlayer(SearchPlayer):
    """A search player that records the processor time of every searched decision."""

    def __init__(self, **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.times: list[float] = []

    def act(self, view):  # type: ignore[no-untyped-def]
        started = time.process_time()
        action = super().act(view)
        used = time.process_time() - started
        if view.turn == view.seat and view.card_order is not None and used > 0.0005:
            self.times.append(used)
        return action


@dataclass(frozen=True)
class Result:
    """What one deal, played four times, gave the search player."""

    scores: tuple[int, int, int, int]
    declared: tuple[bool, bool, bool, bool]
    times: tuple[float, ...]


def play_one(  # noqa: PLR0917 - one deal's whole configuration, passed through a pool
    number: int, seed: int, worlds: int, policy: str, model: str, budget: float | None
) -> Result:
    """Deal ``number`` played with the search player at each seat in turn."""
    scores: list[int] = []
    declared: list[bool] = []
    times: list[float] = []
    for seat in range(4):
        base = 16 * (seed + number) + 4 * seat
        players: list[Player] = [HeuristicPlayer(seed=base + other) for other in range(4)]
        searcher = TimedSearchPlayer(worlds=worlds, policy=policy, model=model, seed=base + seat)
        players[seat] = searcher
        deal = play_deal(Deal.shuffled(seed=seed + number, dealer=number % 4), players)
        scores.append(0 if deal.is_void else settle(deal).scores[seat])
        declared.append(deal.declarer == seat)
        times.extend(searcher.times)
    return Result(
        (scores[0], scores[1], scores[2], scores[3]),
        (declared[0], declared[1], declared[2], declared[3]),
        tuple(times),
    )


def _play(arguments: tuple[int, int, int, str, str, float | None]) -> Result:
    return play_one(*arguments)


def _interval(values: Sequence[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:+.3f} points per deal, 95 % interval [{mean - half:+.3f}, {mean + half:+.3f}]"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals, each played 4 times")
    parser.add_argument("--worlds", type=int, default=64, help="worlds per decision")
    parser.add_argument("--time", type=float, help="seconds per decision (SearchPlayer's time)")
    parser.add_argument("--policy", default="greedy", choices=("greedy", "random"))
    parser.add_argument("--model", default="uniform", choices=("heuristic", "uniform"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0, help="seed of deal 0")
    parser.add_argument("--out", help="write each deal's mean score to this file")
    parser.add_argument("--against", help="compare deal by deal with a file written by --out")
    options = parser.parse_args(argv)
    started = time.perf_counter()
    work = [
        (i, options.seed, options.worlds, options.policy, options.model, options.time)
        for i in range(options.deals)
    ]
    with ProcessPoolExecutor(max_workers=options.jobs) as pool:
        results = list(pool.map(_play, work, chunksize=4))
    elapsed = time.perf_counter() - started
    per_deal = [sum(result.scores) / 4 for result in results]
    own = [s for r in results for s, d in zip(r.scores, r.declared, strict=True) if d]
    times = [t for result in results for t in result.times]
    print(f"doppelkopf {__version__} on Python {platform.python_version()}, engine {_engine()}")
    print(
        f"{options.deals} deals x 4 seats = {4 * options.deals} games; "
        f"{options.worlds} worlds per decision, time budget {options.time} s, "
        f"{options.policy} playouts, "
        f"{options.model} model of the others"
    )
    print(f"search player: {_interval(per_deal)}")
    if options.out:
        with open(options.out, "w", encoding="utf-8") as file:
            file.writelines(f"{value}\n" for value in per_deal)
    if options.against:
        with open(options.against, encoding="utf-8") as file:
            before = [float(line) for line in file if line.strip()]
        paired = [a - b for a, b in zip(per_deal, before, strict=False)]
        print(f"  against {options.against} ({len(paired)} deals): {_interval(paired)}")
    if own:
        print(f"  in its own contracts ({len(own)} games): mean {statistics.fmean(own):+.2f}")
    if times:
        print(
            f"processor time per searched decision: mean {statistics.fmean(times) * 1000:.0f} ms, "
            f"99th percentile {sorted(times)[int(0.99 * len(times))] * 1000:.0f} ms, "
            f"largest {max(times) * 1000:.0f} ms, {len(times)} decisions, "
            f"{sum(t > 0.25 for t in times)} of them over 0.25 s"
        )
    print(f"wall clock {elapsed:.0f} s with {options.jobs} processes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
