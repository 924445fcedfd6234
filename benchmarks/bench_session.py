"""Seconds to build a session written on paper, by the number of void deals it holds.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_session.py [--voids N ...] [--repeat R]

Each row builds ``Session(0, [], results, voids=range(N))`` under rules with Armut: N
void deals and then the twelve played deals of a session, each the result of
EXAMPLES X01, so the constructor checks and writes every row.  The construction
is linear in the deals given: doubling N doubles the time.  The figure is the
best of ``--repeat`` runs, with the time per deal.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from doppelkopf import DealSummary, GameType, PartyResult, Rules, __version__
from doppelkopf.session import Session

_RULES = Rules(armut=True)
_X01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5), rules=_RULES)


def measure(voids: int, repeat: int) -> float:
    """Best seconds over ``repeat`` builds of a paper session with ``voids`` void deals."""
    results = [_X01] * _RULES.session_deals
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        session = Session(0, [], results, voids=range(voids), rules=_RULES)
        best = min(best, time.perf_counter() - start)
        assert len(session.rows) == voids + len(results)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--voids", type=int, nargs="+", default=[1_000, 16_000, 32_000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"doppelkopf {__version__}, Python {platform.python_version()}, {platform.machine()}")
    for voids in args.voids:
        seconds = measure(voids, args.repeat)
        per_deal = seconds / (voids + _RULES.session_deals) * 1e6
        print(
            f"paper session, {voids:>7,} void deals {seconds:>7.3f} s ({per_deal:.1f} µs per deal)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
