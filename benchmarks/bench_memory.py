"""Bytes a deal takes: per successive state kept, and per finished deal kept alone.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_memory.py [--deals N] [--seed S]

Each deal is played at random through the public API as in
``benchmarks/bench_deal.py``: ``Deal.shuffled``, four reservations (healthy
four times in five), then random legal cards with a random legal
announcement by a random seat before one card in ten.  Memory is counted
with :mod:`tracemalloc`, after a warm-up that builds the card orders and the
shared tables, as the growth of the traced memory while the deals are held:

- **every state kept**: every deal a game passed through (the dealt deal,
  each answer, each announcement, each card), for ``--deals`` games;
- **final state kept**: only each game's finished deal.

The list that holds the kept deals is left out of both.

The bytes per finished deal are the second figure per game; the bytes per
successive state are the difference of the two divided by the number of
states kept beyond the last of each game.  What a new state shares with the
one before it (the dealt hands, the rules, the completed tricks, the card
order) is not counted again, which is what keeping a search's positions costs.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import sys
import tracemalloc

from doppelkopf import Deal, Reservation, __version__

_RESERVATIONS = tuple(Reservation)


def random_states(rng: random.Random) -> list[Deal]:
    """Every state of one random deal played through the public API, the last finished."""
    draw = rng.random
    healthy = Reservation.HEALTHY
    deal = Deal.shuffled(rng=rng, dealer=int(draw() * 4))
    states = [deal]
    for _ in range(4):
        seat = deal.turn
        assert seat is not None
        wish = healthy if draw() < 0.8 else _RESERVATIONS[int(draw() * 9)]
        deal = deal.declare(seat, wish if deal.can_declare(seat, wish) else healthy)
        states.append(deal)
    while (turn := deal.turn) is not None:
        if draw() < 0.1:
            seat = int(draw() * 4)
            levels = deal.legal_announcements(seat)
            if levels:
                deal = deal.announce(seat, levels[int(draw() * len(levels))])
                states.append(deal)
        cards = deal.legal_cards()
        deal = deal.play(turn, cards[int(draw() * len(cards))])
        states.append(deal)
    return states


def held_bytes(deals: int, seed: int, *, every_state: bool) -> tuple[int, int]:
    """The traced bytes held by ``deals`` games and the number of states kept."""
    rng = random.Random(seed)
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    kept: list[Deal] = []
    for _ in range(deals):
        states = random_states(rng)
        if every_state:
            kept.extend(states)
        else:
            kept.append(states[-1])
    del states
    gc.collect()
    # The list that holds the states is not part of them.
    held = tracemalloc.get_traced_memory()[0] - before - sys.getsizeof(kept)
    return held, len(kept)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"doppelkopf {__version__}, Python {platform.python_version()}, {platform.machine()}")
    tracemalloc.start()
    warm_up = random.Random(args.seed - 1)
    for _ in range(200):
        random_states(warm_up)
    every, states = held_bytes(args.deals, args.seed, every_state=True)
    final, _ = held_bytes(args.deals, args.seed, every_state=False)
    tracemalloc.stop()
    successive = (every - final) / (states - args.deals)
    print(f"states kept             {states:>10,} ({states / args.deals:.1f} per deal)")
    print(f"every state kept        {every / args.deals:>10,.0f} bytes per deal")
    print(f"per successive state    {successive:>10,.0f} bytes")
    print(f"per finished deal       {final / args.deals:>10,.0f} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
