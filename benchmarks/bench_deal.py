"""Complete random deals per second through the public :class:`doppelkopf.Deal` API.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_deal.py [--deals N] [--repeat R] [--seed S]

One deal is: ``Deal.shuffled`` (shuffle, cut, deal), four random reservations
(healthy four times in five, otherwise a random reservation the seat may make),
48 random legal cards with a random legal announcement by a random seat before
one card in ten, and the finished deal's ``outcome`` and ``settle``.  Every
action goes through the checked public methods.  The figure is the best of
``--repeat`` runs of ``--deals`` deals each, after 200 warm-up deals that build
the card-order tables of the game types they meet.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from doppelkopf import Deal, Reservation, __version__, settle

_RESERVATIONS = tuple(Reservation)


def random_deal(rng: random.Random, *, with_settlement: bool = True) -> Deal:
    """Play one random deal through the public API.

    Choices are drawn as ``items[int(random() * len(items))]``, uniform up to
    floating-point rounding and a fifth of the cost of ``rng.choice``, so that
    the figure measures the library rather than the harness.
    """
    draw = rng.random
    healthy = Reservation.HEALTHY
    deal = Deal.shuffled(rng=rng, dealer=int(draw() * 4))
    for _ in range(4):
        seat = deal.turn
        assert seat is not None
        wish = healthy if draw() < 0.8 else _RESERVATIONS[int(draw() * 9)]
        deal = deal.declare(seat, wish if deal.can_declare(seat, wish) else healthy)
    while (turn := deal.turn) is not None:
        if draw() < 0.1:
            seat = int(draw() * 4)
            levels = deal.legal_announcements(seat)
            if levels:
                deal = deal.announce(seat, levels[int(draw() * len(levels))])
        cards = deal.legal_cards()
        deal = deal.play(turn, cards[int(draw() * len(cards))])
    if with_settlement:
        settle(deal)
    else:
        _ = deal.outcome
    return deal


def measure(deals: int, repeat: int, seed: int, *, with_settlement: bool) -> float:
    """Best deals per second over ``repeat`` runs."""
    warm_up = random.Random(seed - 1)
    for _ in range(200):
        random_deal(warm_up, with_settlement=with_settlement)
    best = 0.0
    for run in range(repeat):
        rng = random.Random(seed + run)
        start = time.perf_counter()
        for _ in range(deals):
            random_deal(rng, with_settlement=with_settlement)
        best = max(best, deals / (time.perf_counter() - start))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"doppelkopf {__version__}, Python {platform.python_version()}, {platform.machine()}")
    for label, settled in (("deal + outcome", False), ("deal + outcome + settle", True)):
        rate = measure(args.deals, args.repeat, args.seed, with_settlement=settled)
        print(f"{label:<26} {rate:>8,.0f} deals/s  ({1e6 / rate:,.0f} µs per deal)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
