"""Deals per second of ``play_deal`` with four random players, and the cost of a view.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_runner.py [--deals N] [--repeat R] [--seed S]

``play_deal`` plays deal ``i`` (shuffled from seed ``S + i``, dealt by seat
``i % 4``) with four :class:`~doppelkopf.players.RandomPlayer` s seeded from
``S``; the figure is the best of ``--repeat`` runs in processor time
(:func:`time.process_time`).  The runner hands each player a
:class:`~doppelkopf.PlayerView` of its seat whenever it asks it for an action;
the script counts those views and measures, over the states of the played
deals, the time of ``deal.view(seat)`` alone and of a view whose
``legal_actions`` and ``game_type`` are read, as a random player reads them.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from doppelkopf import Action, Deal, PlayerView, __version__
from doppelkopf.players import RandomPlayer, iter_deal, play_deal


class _Counting(RandomPlayer):
    """A random player that counts the views it is shown."""

    shown = 0

    def act(self, view: PlayerView) -> Action | None:
        _Counting.shown += 1
        return super().act(view)


def deals_per_second(deals: int, repeat: int, seed: int) -> float:
    """The best rate of ``play_deal`` over ``repeat`` runs of ``deals`` deals."""
    best = 0.0
    for run in range(repeat):
        players = [RandomPlayer(seed=4 * (seed + run) + s) for s in range(4)]
        start = time.process_time()
        for number in range(deals):
            play_deal(Deal.shuffled(seed=seed + number, dealer=number % 4), players)
        best = max(best, deals / (time.process_time() - start))
    return best


def views_per_deal(deals: int, seed: int) -> float:
    """How many views the runner builds per deal of four random players."""
    _Counting.shown = 0
    players = [_Counting(seed=4 * seed + s) for s in range(4)]
    for number in range(deals):
        play_deal(Deal.shuffled(seed=seed + number, dealer=number % 4), players)
    return _Counting.shown / deals


def view_times(deals: int, repeat: int, seed: int) -> tuple[float, float]:
    """Seconds per ``deal.view(seat)``, and per view with its legal actions read."""
    players = [RandomPlayer(seed=4 * seed + s) for s in range(4)]
    states = [
        step.deal
        for number in range(deals)
        for step in iter_deal(Deal.shuffled(seed=seed + number), players)
    ]
    pairs = [(state, seat) for state in states for seat in range(4)]
    bare = read = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for state, seat in pairs:
            state.view(seat)
        bare = min(bare, (time.process_time() - start) / len(pairs))
        start = time.process_time()
        for state, seat in pairs:
            view = state.view(seat)
            _ = view.legal_actions, view.game_type
        read = min(read, (time.process_time() - start) / len(pairs))
    return bare, read


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"doppelkopf {__version__}, Python {platform.python_version()}, {platform.machine()}")
    deals_per_second(100, 1, args.seed - 1000)  # warm-up
    rate = deals_per_second(args.deals, args.repeat, args.seed)
    print(f"play_deal, four random players {rate:>9,.0f} deals/s ({1e6 / rate:,.0f} µs per deal)")
    print(f"views per deal                 {views_per_deal(args.deals // 4, args.seed):>9.1f}")
    bare, read = view_times(max(1, args.deals // 20), args.repeat, args.seed)
    print(f"deal.view(seat)                {1e6 * bare:>9.2f} µs")
    print(f"... and its legal actions read {1e6 * read:>9.2f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
