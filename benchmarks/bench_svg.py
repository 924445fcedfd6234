"""How fast the pictures are drawn: a hand, a trick, a seat's table and a finished deal.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_svg.py [--deals N] [--repeat R]

The inputs come from ``N`` deals played by four heuristic players: the hand
and the view of the seat on turn before each of its cards, each trick, and
the finished deals.  Reported, in microseconds of processor time per
picture, best of ``R`` rounds, with the average length of the text:

- ``hand``: :func:`doppelkopf.svg.hand` in the contract's order with the
  legal cards highlighted;
- ``trick``: :func:`doppelkopf.svg.trick` with its winner decided;
- ``view``: :func:`doppelkopf.svg.view` of a view whose fields were read;
- ``deal``: :func:`doppelkopf.svg.deal` of a finished deal, settlement
  included;
- ``deal tricks``: :func:`doppelkopf.svg.tricks`, the grid alone.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from functools import partial

from _timing import best, played_deals
from doppelkopf import Deal, Play, PlayerView, svg


def played(deals: int) -> tuple[list[PlayerView], list[Deal]]:
    """The views of the seat on turn before each card, and the finished deals."""
    positions, finished = played_deals(deals)
    views = [
        deal.view(deal.turn)
        for deal in positions
        if deal.turn is not None and deal.game_type is not None
    ]
    return views, finished


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print one line per kind of picture."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args(argv)
    views, finished = played(options.deals)
    for view in views:
        view.legal_actions  # noqa: B018 - read the fields once, as a client has
    hands = [
        (view.hand, view.card_order, [a.card for a in view.legal_actions if isinstance(a, Play)])
        for view in views
    ]
    tricks = [(trick, deal.game_type) for deal in finished for trick in deal.tricks]
    rows: list[tuple[str, list[Callable[[], str]]]] = [
        ("hand", [partial(svg.hand, h, order=o, highlight=c) for h, o, c in hands]),
        ("trick", [partial(svg.trick, t, game_type=g) for t, g in tricks]),
        ("view", [partial(svg.view, v) for v in views]),
        ("deal", [partial(svg.deal, d) for d in finished]),
        ("deal tricks", [partial(svg.tricks, d) for d in finished]),
    ]
    print(f"{len(views)} views, {len(tricks)} tricks, {len(finished)} finished deals")
    print("picture        µs per call   characters")
    for name, calls in rows:
        size = sum(len(call()) for call in calls) / len(calls)

        def run(calls: list[Callable[[], str]] = calls) -> None:
            for call in calls:
                call()

        print(f"{name:12s}  {best(options.repeat, len(calls), run):12.1f}  {size:11,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
