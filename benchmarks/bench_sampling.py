"""How fast worlds are drawn from a view: samples per second at several moments.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_sampling.py [--deals N] [--samples K]

For each of ``N`` deals played by four heuristic players, the view of the seat
on turn is taken after 0, 12, 20, 32 and 40 cards; a
:class:`~doppelkopf.search.WorldSampler` is built for it (the time to count the
ways is reported apart) and ``K`` worlds are drawn.  The rate is worlds per
second of processor time, as full :class:`~doppelkopf.Deal` values.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from doppelkopf import Deal, HeuristicPlayer, PlayerView
from doppelkopf.players import iter_deal
from doppelkopf.search import WorldSampler

MOMENTS = (0, 12, 20, 32, 40)


def views_at(moment: int, deals: int) -> list[PlayerView]:
    """The view of the seat on turn after ``moment`` cards, in each of ``deals`` deals."""
    found: list[PlayerView] = []
    for number in range(deals):
        players = [HeuristicPlayer(seed=4 * number + s) for s in range(4)]
        for step in iter_deal(Deal.shuffled(seed=number), players):
            deal = step.deal
            if deal.card_order is not None and deal.moment == moment and deal.turn is not None:
                found.append(deal.view(deal.turn))
                break
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print one line per moment."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--samples", type=int, default=2000)
    options = parser.parse_args(argv)
    rng = random.Random(0)
    print("cards played  build (ms)  worlds/s")
    for moment in MOMENTS:
        views = views_at(moment, options.deals)
        started = time.process_time()
        samplers = [WorldSampler(view) for view in views]
        built = time.process_time() - started
        started = time.process_time()
        for sampler in samplers:
            for _ in range(options.samples):
                sampler.sample(rng)
        drawn = time.process_time() - started
        rate = len(samplers) * options.samples / drawn
        print(f"{moment:12d}  {built / len(samplers) * 1000:10.2f}  {rate:8,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
