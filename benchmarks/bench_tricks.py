"""Calls per second of ``legal_cards`` and ``trick_winner`` on mid-game positions.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_tricks.py [--deals N] [--repeat R] [--seed S]

Positions come from seeded random deals.  Half of the deals are normal games and
the other half are spread over the other ten game types.  Each deal is played
legally, with random legal cards, for a random number of complete tricks (0-11)
and then a random number of cards (0-3) into the next trick; the player to move
and that partial trick are one ``legal_cards`` position.  The trick is then
played out to four cards, which is one ``trick_winner`` position.

Each figure is the best of ``--repeat`` timed runs; one run calls the function on
every position several times in a plain ``for`` loop, so the figures include
the loop's own cost.  A third row times complete random playouts (12 tricks,
48 cards) for a feel of what a Monte Carlo bot can do.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from doppelkopf import DECK, GameType, Hand, Trick, __version__, legal_cards, trick_winner

LegalPosition = tuple[Hand, Trick, GameType]
WinnerPosition = tuple[Trick, GameType]

_OTHER_GAME_TYPES = tuple(game for game in GameType if game is not GameType.NORMAL)


@dataclass(frozen=True)
class Positions:
    """The benchmark's inputs, built once from seeded deals."""

    legal: list[LegalPosition]
    winner: list[WinnerPosition]
    deals: list[tuple[list[Hand], GameType, int]]


def _deal(rng: random.Random) -> list[Hand]:
    cards = list(DECK)
    rng.shuffle(cards)
    return [Hand(cards[12 * seat : 12 * seat + 12]) for seat in range(4)]


def _game_type(rng: random.Random) -> GameType:
    return GameType.NORMAL if rng.random() < 0.5 else rng.choice(_OTHER_GAME_TYPES)


def make_positions(deals: int, seed: int) -> Positions:
    """Play ``deals`` seeded random deals part of the way and collect positions."""
    rng = random.Random(seed)
    legal: list[LegalPosition] = []
    winner: list[WinnerPosition] = []
    playouts: list[tuple[list[Hand], GameType, int]] = []
    for _ in range(deals):
        hands = _deal(rng)
        game = _game_type(rng)
        playouts.append((list(hands), game, rng.randrange(1 << 30)))
        leader = 0
        for _trick in range(rng.randrange(12)):
            trick = Trick(leader)
            for _card in range(4):
                seat = (leader + len(trick)) % 4
                card = rng.choice(legal_cards(hands[seat], trick, game))
                hands[seat] = hands[seat].remove(card)
                trick = trick.play(card)
            leader = trick_winner(trick, game)
        trick = Trick(leader)
        for _card in range(rng.randrange(4)):
            seat = (leader + len(trick)) % 4
            card = rng.choice(legal_cards(hands[seat], trick, game))
            hands[seat] = hands[seat].remove(card)
            trick = trick.play(card)
        seat = (leader + len(trick)) % 4
        legal.append((hands[seat], trick, game))
        while not trick.is_complete:
            seat = (leader + len(trick)) % 4
            card = rng.choice(legal_cards(hands[seat], trick, game))
            hands[seat] = hands[seat].remove(card)
            trick = trick.play(card)
        winner.append((trick, game))
    return Positions(legal, winner, playouts)


def run_legal_cards(positions: Sequence[LegalPosition], passes: int) -> None:
    """Call ``legal_cards`` on every position, ``passes`` times."""
    legal = legal_cards
    for _ in range(passes):
        for hand, trick, game in positions:
            legal(hand, trick, game)


def run_trick_winner(positions: Sequence[WinnerPosition], passes: int) -> None:
    """Call ``trick_winner`` on every complete trick, ``passes`` times."""
    winner = trick_winner
    for _ in range(passes):
        for trick, game in positions:
            winner(trick, game)


def random_playout(hands: list[Hand], game: GameType, seed: int) -> int:
    """Play all 12 tricks with random legal cards; return the last trick's winner."""
    choose = random.Random(seed).choice
    hands = list(hands)
    leader = 0
    for _ in range(12):
        trick = Trick(leader)
        seat = leader
        for _ in range(4):
            card = choose(legal_cards(hands[seat], trick, game))
            hands[seat] = hands[seat].remove(card)
            trick = trick.play(card)
            seat = (seat + 1) % 4
        leader = trick_winner(trick, game)
    return leader


def run_playouts(deals: Sequence[tuple[list[Hand], GameType, int]], passes: int) -> None:
    """Play every deal out once per pass."""
    for _ in range(passes):
        for hands, game, seed in deals:
            random_playout(hands, game, seed)


def best_seconds(run: Callable[[], None], repeat: int) -> float:
    """The shortest wall-clock time of ``repeat`` calls of ``run``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


@dataclass(frozen=True)
class Row:
    """One line of the result table."""

    name: str
    calls: int
    seconds: float
    goal: int | None

    @property
    def rate(self) -> float:
        return self.calls / self.seconds

    def render(self) -> str:
        goal = "" if self.goal is None else f">= {self.goal:,}"
        verdict = "" if self.goal is None else ("met" if self.rate >= self.goal else "MISSED")
        nanoseconds = self.seconds / self.calls * 1e9
        per_call = f"{nanoseconds:,.0f} ns" if nanoseconds < 1e5 else f"{nanoseconds / 1e3:,.0f} us"
        line = f"{self.name:<16} {self.rate:>12,.0f} {per_call:>10} {goal:>14}  {verdict}"
        return line.rstrip()


def main(argv: Sequence[str] | None = None) -> int:
    """Build the positions, time each function and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=5000, help="positions to build (5000)")
    parser.add_argument("--repeat", type=int, default=7, help="timed runs, best kept (7)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the deals (2024)")
    args = parser.parse_args(argv)

    positions = make_positions(args.deals, args.seed)
    passes = 20
    playout_deals = positions.deals[: max(1, args.deals // 10)]
    rows = [
        Row(
            "legal_cards",
            len(positions.legal) * passes,
            best_seconds(lambda: run_legal_cards(positions.legal, passes), args.repeat),
            500_000,
        ),
        Row(
            "trick_winner",
            len(positions.winner) * passes,
            best_seconds(lambda: run_trick_winner(positions.winner, passes), args.repeat),
            1_000_000,
        ),
        Row(
            "random playout",
            len(playout_deals),
            best_seconds(lambda: run_playouts(playout_deals, 1), args.repeat),
            None,
        ),
    ]
    print(
        f"doppelkopf {__version__}, {platform.python_implementation()} "
        f"{platform.python_version()} on {platform.machine()} ({platform.system()})"
    )
    print(
        f"{len(positions.legal):,} positions from {args.deals:,} deals (seed {args.seed}), "
        f"best of {args.repeat} runs"
    )
    print()
    print(f"{'function':<16} {'per second':>12} {'per call':>10} {'goal':>14}")
    for row in rows:
        print(row.render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
