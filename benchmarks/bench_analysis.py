"""How long the analysis of a deal takes, and how its losses settle as the budget grows.

Run from the repository root (after ``pip install ".[fast]"``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_analysis.py [--deals N] [--seat S] [--budgets B,B,...]
                                        [--reference R] [--seed S]

Deal ``i`` (counting from 0) is shuffled from seed ``S + i`` and played to its
end by four heuristic players; seat ``--seat`` of it is analysed once for
every budget of ``--budgets`` (worlds per decision) and once with the
``--reference`` budget, all with the analysis seed ``S + i``.  For each budget
the table gives the processor time of one deal's analysis (mean and largest,
one core), the seat's total loss per deal (mean over the deals), the mean
absolute difference between a decision's loss and its loss at the reference
budget, how often the best option agrees with the reference's, and the
blunders per deal.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from doppelkopf import Deal, HeuristicPlayer, __version__, play_deal
from doppelkopf.analysis import Analysis, analyze
from doppelkopf.search.playouts import _engine


def _analysed(deal: Deal, seat: int, budget: int, seed: int) -> tuple[Analysis, float]:
    started = time.process_time()
    analysis = analyze(deal, seat=seat, budget=budget, seed=seed)
    return analysis, time.process_time() - started


def main(argv: list[str] | None = None) -> None:
    """Measure and print the table (see the module)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--budgets", default="16,32,64,128,256,512")
    parser.add_argument("--reference", type=int, default=2048)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    budgets = [int(part) for part in args.budgets.split(",")]
    deals = [
        play_deal(
            Deal.shuffled(seed=args.seed + i, dealer=i % 4),
            [HeuristicPlayer(seed=16 * (args.seed + i) + s) for s in range(4)],
        )
        for i in range(args.deals)
    ]
    references = [
        _analysed(deal, args.seat, args.reference, args.seed + i)[0] for i, deal in enumerate(deals)
    ]
    print(
        f"doppelkopf {__version__}, Python {platform.python_version()}, engine {_engine()}, "
        f"{args.deals} deals, seat {args.seat}, reference budget {args.reference}"
    )
    print("budget  time mean  time max  total loss  |loss - ref|  best agrees  blunders")
    for budget in [*budgets, args.reference]:
        times, totals, gaps, agree, blunders = [], [], [], [], []
        for i, deal in enumerate(deals):
            analysis, used = _analysed(deal, args.seat, budget, args.seed + i)
            times.append(used)
            totals.append(analysis.total(args.seat).loss)
            blunders.append(len(analysis.blunders))
            for mine, ref in zip(analysis.decisions, references[i].decisions, strict=True):
                gaps.append(abs(mine.loss - ref.loss))
                agree.append(mine.best == ref.best)
        print(
            f"{budget:>6}  {statistics.fmean(times):>8.2f}s  {max(times):>7.2f}s  "
            f"{statistics.fmean(totals):>10.2f}  {statistics.fmean(gaps):>12.3f}  "
            f"{100 * statistics.fmean(agree):>10.0f} %  {statistics.fmean(blunders):>8.2f}"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
