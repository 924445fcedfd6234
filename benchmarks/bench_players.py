"""How much the HeuristicPlayer wins against three RandomPlayers, per deal.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_players.py [--deals N] [--seed S]

Deal ``i`` (counting from 0) is shuffled from seed ``S + i`` and dealt by seat
``i % 4``; the heuristic player sits at seat ``(i // 4) % 4``, so over every 16
deals it plays each seat against each dealer once.  The other three seats are
random players.  Every player is seeded from ``S`` and ``i``, so a run is
reproducible.  Each finished deal is settled (SPEC §9–§12) and the score of
each seat is recorded.

The report gives the heuristic player's mean score per deal with a 95%
confidence interval (normal approximation: mean ± 1.96 standard errors), the
same for the random players (the mean of their three scores in each deal),
how often the heuristic player's party won, and the mix of contracts with the
heuristic player's mean score in each.  Random players say Vorbehalt in one
answer in twenty (``RandomPlayer``'s default ``reservation_rate``), so about one
deal in six is a solo declared by one of them.  The time is given as wall-clock
time and as the processor time of this process, which a busy machine disturbs less.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from doppelkopf import Deal, GameType, Party, __version__
from doppelkopf.players import HeuristicPlayer, Player, RandomPlayer, play_deal
from doppelkopf.scoring import settle


@dataclass(frozen=True)
class Result:
    """What one deal gave the heuristic player and the random players."""

    game_type: GameType
    heuristic_declared: bool
    heuristic_score: int
    random_score: float
    outcome: str


def play_one(number: int, seed: int) -> Result:
    """Play and settle deal ``number`` of the run."""
    dealer = number % 4
    seat = (number // 4) % 4
    base = 4 * (seed + number)
    players: list[Player] = [RandomPlayer(seed=base + other) for other in range(4)]
    players[seat] = HeuristicPlayer(seed=base + seat)
    deal = play_deal(Deal.shuffled(seed=seed + number, dealer=dealer), players)
    settlement = settle(deal)
    scores = settlement.scores
    party = Party.RE if seat in settlement.summary.re_seats else Party.KONTRA
    assert deal.game_type is not None
    return Result(
        game_type=deal.game_type,
        heuristic_declared=deal.declarer == seat,
        heuristic_score=scores[seat],
        random_score=(sum(scores) - scores[seat]) / 3,
        outcome="none"
        if settlement.winner is None
        else ("won" if settlement.winner is party else "lost"),
    )


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (1.96 standard errors)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def report(results: Sequence[Result], seconds: float, cpu: float, seed: int) -> list[str]:
    """The lines of the report."""
    count = len(results)
    heuristic, heuristic_error = interval([r.heuristic_score for r in results])
    randoms, random_error = interval([r.random_score for r in results])
    margin, margin_error = interval([r.heuristic_score - r.random_score for r in results])
    outcomes = Counter(r.outcome for r in results)
    positive = sum(r.heuristic_score > 0 for r in results)
    lines = [
        f"doppelkopf {__version__}, {platform.python_implementation()} "
        f"{platform.python_version()} on {platform.machine()} ({platform.system()})",
        f"{count:,} deals (seed {seed}), HeuristicPlayer against three RandomPlayers, "
        f"{seconds:.1f} s ({seconds / count * 1e3:.2f} ms a deal), "
        f"{cpu:.1f} s of processor time ({cpu / count * 1e3:.2f} ms a deal)",
        "",
        "mean score per deal, 95% confidence interval:",
        f"  HeuristicPlayer          {heuristic:+8.3f} ± {heuristic_error:.3f}",
        f"  RandomPlayer (each)      {randoms:+8.3f} ± {random_error:.3f}",
        f"  difference               {margin:+8.3f} ± {margin_error:.3f}",
        f"HeuristicPlayer's party won {outcomes['won'] / count:.1%} of the deals and lost "
        f"{outcomes['lost'] / count:.1%}; nobody won {outcomes['none'] / count:.1%} "
        "(both parties' absagen failed, SPEC §10.4)",
        f"HeuristicPlayer's score was positive in {positive / count:.1%} of the deals",
        "",
        f"{'contract':<18} {'deals':>7} {'share':>7} {'by heuristic':>13} {'heuristic mean':>15}",
    ]
    by_game: defaultdict[GameType, list[int]] = defaultdict(list)
    declared: Counter[GameType] = Counter()
    for result in results:
        by_game[result.game_type].append(result.heuristic_score)
        declared[result.game_type] += result.heuristic_declared
    for game in sorted(by_game, key=lambda game: -len(by_game[game])):
        scores = by_game[game]
        lines.append(
            f"{game!s:<18} {len(scores):>7,} {len(scores) / count:>7.1%} "
            f"{declared[game]:>13,} {statistics.fmean(scores):>+15.3f}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Play the deals and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=10_000, help="deals to play (10000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal (0)")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    start, start_cpu = time.perf_counter(), time.process_time()
    results = [play_one(number, args.seed) for number in range(args.deals)]
    seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    print("\n".join(report(results, seconds, cpu, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
