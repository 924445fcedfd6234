"""Playouts per second of :func:`doppelkopf.search.playouts`, by rule set, moment and batch size.

Run from the repository root (after ``pip install ".[fast]"``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_playouts.py [--repeat R] [--seed S] [--batches 256,1024,4096]

For each rule set, a pool of 4,096 distinct positions is prepared through the
public API: shuffled deals whose four players said healthy (normal games and
silent marriages, the Schweine where the rules have them), either at the first
card of trick 1 ("trick 1") or after 21 random legal cards, in the middle of
trick 6 ("mid-game").  A measured call is ``playouts(pool[:batch], seed=...)``
with the random policy (and the greedy one for the DDV rules): it reads the
positions, plays every game to its end and settles it.  The figure is games per
second: the best of ``--repeat`` calls with other seeds ("warm": the settlement
cache already holds the summaries of earlier calls, as in a long search), and
the first call after clearing that cache ("cold").  The pure-Python engine is
measured on one row for comparison.  Other processes on the machine slow
single calls down: the best of several is the figure to read.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from doppelkopf import Deal, Reservation, Rules, __version__
from doppelkopf.search import playouts

_RULE_SETS = {
    "DDV": Rules.DDV,
    "no nines": Rules(nines=False),
    "schweinchen, 2nd Dulle": Rules(schweinchen=True, second_dulle="always"),
    "XIX": Rules.XIX,
}
_POOL = 4096


def positions(rules: Rules, count: int, cards: int, seed: int) -> list[Deal]:
    """``count`` healthy deals after ``cards`` random legal cards."""
    rng = random.Random(seed)
    pool = []
    for _ in range(count):
        deal = Deal.shuffled(rng=rng, rules=rules, dealer=rng.randrange(4))
        for _ in range(4):
            turn = deal.turn
            assert turn is not None
            deal = deal.declare(turn, Reservation.HEALTHY)
        for _ in range(cards):
            turn = deal.turn
            assert turn is not None
            deal = deal.play(turn, rng.choice(deal.legal_cards()))
        pool.append(deal)
    return pool


def rate(deals: Sequence[Deal], policy: str, seed: int) -> float:
    """Games per second of one call."""
    start = time.perf_counter()
    playouts(deals, policy=policy, seed=seed)
    return len(deals) / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batches", default="256,1024,4096")
    args = parser.parse_args(argv)
    batches = [int(size) for size in args.batches.split(",")]
    # The module, not the function of the same name that the package exports.
    engine: Any = importlib.import_module("doppelkopf.search.playouts")
    from doppelkopf.search import _playout_summary as summaries

    print(f"doppelkopf {__version__}, Python {platform.python_version()}, {platform.machine()}")
    print(f"{'rules':<24} {'start':<9} {'policy':<7} {'batch':>6} {'warm':>10} {'cold':>10}")
    for name, rules in _RULE_SETS.items():
        for label, cards in (("trick 1", 0), ("mid-game", 21)):
            pool = positions(rules, _POOL, cards, args.seed)
            for policy in ("random", "greedy") if name == "DDV" else ("random",):
                for batch in batches:
                    summaries._SCORES.clear()
                    cold = rate(pool[:batch], policy, args.seed)
                    warm = max(
                        rate(pool[:batch], policy, args.seed + 1 + run)
                        for run in range(args.repeat)
                    )
                    print(
                        f"{name:<24} {label:<9} {policy:<7} {batch:>6} "
                        f"{warm:>8,.0f}/s {cold:>8,.0f}/s"
                    )
    pool = positions(Rules.DDV, 256, 0, args.seed)
    engine._ENGINE = "python"  # the pure-Python engine, as without numpy
    slow = max(rate(pool, "random", args.seed + run) for run in range(args.repeat))
    engine._ENGINE = None
    print(f"{'DDV, pure-Python engine':<24} {'trick 1':<9} {'random':<7} {256:>6} {slow:>8,.0f}/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
