"""``doppelkopf arena``: many deals between bots, with a table of results."""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Final, TextIO

from ..deal import (
    Deal,
)
from ..players import HeuristicPlayer, Player, RandomPlayer, play_deal
from ..records import dump_deal
from ..rules import GameType
from ..scoring import settle
from ._common import (
    EXIT_OK,
    _add_seed,
    _positive,
    _random_seed,
    _write_file,
)

_BOTS: Final[Mapping[str, Callable[[int], Player]]] = {
    "heuristic": lambda seed: HeuristicPlayer(seed=seed),
    "random": lambda seed: RandomPlayer(seed=seed),
}


def _player_kinds(text: str) -> list[str]:
    kinds = [kind.strip().lower() for kind in text.split(",")]
    if len(kinds) != 4:
        raise argparse.ArgumentTypeError(
            f"give four players separated by commas, not {len(kinds)}: {text!r}"
        )
    for kind in kinds:
        if kind not in _BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown player {kind!r}; choose from {', '.join(sorted(_BOTS))}"
            )
    return kinds


class _Progress:
    """A one-line text bar on a stream, redrawn with ``\\r``."""

    WIDTH: Final = 30

    def __init__(self, stream: TextIO, total: int, enabled: bool) -> None:
        self.stream = stream
        self.total = total
        self.enabled = enabled
        self.shown = -1

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        filled = self.WIDTH * done // self.total
        percent = 100 * done // self.total
        if percent == self.shown and done != self.total:
            return
        self.shown = percent
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} deals")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def _mean_interval(values: Sequence[int]) -> tuple[float, float | None]:
    """The mean and the half-width of its 95 % confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _contract_name(deal: Deal) -> str:
    game = deal.game_type
    assert game is not None
    return "marriage" if game is GameType.MARRIAGE else str(game)


def arena_table(deals: Sequence[Deal], kinds: Sequence[str]) -> list[str]:
    """The results of bot deals as text: per seat the mean score with its 95 % confidence
    interval, the win rate and the contracts it declared; then how often each contract was played.

    A deal counts as won for a seat when its party won the deal (SPEC §9); a
    deal that nobody won (SPEC §10.4) is won by no seat.
    """
    count = len(deals)
    settlements = [settle(deal) for deal in deals]
    lines = [
        f"{'seat':>4}  {'player':<9}  {'mean':>6}  {'95% CI':<17}  {'won':>6}  {'total':>6}",
    ]
    for seat in range(4):
        scores = [settlement.scores[seat] for settlement in settlements]
        mean, half = _mean_interval(scores)
        interval = "n/a" if half is None else f"[{mean - half:+.2f}, {mean + half:+.2f}]"
        won = sum(
            1
            for settlement in settlements
            if settlement.winner is not None
            and settlement.summary.party_of(seat) is settlement.winner
        )
        lines.append(
            f"{seat:>4}  {kinds[seat]:<9}  {mean:>+6.2f}  {interval:<17}  "
            f"{100 * won / count:>5.1f}%  {sum(scores):>+6d}"
        )
    contracts = Counter(_contract_name(deal) for deal in deals)
    declared: dict[str, Counter[int]] = {}
    for deal in deals:
        if deal.declarer is not None:
            declared.setdefault(_contract_name(deal), Counter())[deal.declarer] += 1
    lines.append("")
    lines.append(f"{'contract':<16}  {'deals':>5}  declared by")
    for name, times in sorted(contracts.items(), key=lambda item: (-item[1], item[0])):
        by = declared.get(name)
        who = ", ".join(f"seat {seat} ×{n}" for seat, n in sorted(by.items())) if by else ""
        lines.append(f"{name:<16}  {times:>5}  {who}".rstrip())
    return lines


def _run_arena(args: argparse.Namespace) -> int:
    seed: int = args.seed if args.seed is not None else _random_seed()
    kinds: list[str] = args.players
    count: int = args.deals
    rng = random.Random(seed)
    players = [_BOTS[kind](rng.getrandbits(32)) for kind in kinds]
    first_dealer = rng.randrange(4)
    enabled = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _Progress(sys.stderr, count, enabled)
    deals: list[Deal] = []
    progress.update(0)
    for number in range(count):
        dealer = (first_dealer + number) % 4
        deals.append(play_deal(Deal.shuffled(rng=rng, dealer=dealer), players))
        progress.update(number + 1)
    progress.close()
    print(
        f"{count} deal{'s' if count != 1 else ''} (seed {seed}), seats fixed, "
        f"seat {first_dealer} deals first and the deal passes to the left."
    )
    print("\n".join(arena_table(deals, kinds)))
    if args.record is not None:
        meta = {"program": "doppelkopf arena", "seed": seed, "players": kinds}
        text = (
            "[\n"
            + ",\n".join(
                json.dumps(dump_deal(deal, meta={**meta, "deal": number}), ensure_ascii=False)
                for number, deal in enumerate(deals, start=1)
            )
            + "\n]\n"
        )
        _write_file(args.record, lambda path: path.write_text(text, encoding="utf-8"))
        print(f"Deal records written to {args.record}.")
    return EXIT_OK


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``arena`` subcommand to ``commands``."""
    arena = commands.add_parser(
        "arena",
        help="play many deals between bots and compare them",
        description=(
            "Play N deals between four bots in fixed seats, the deal passing to the left "
            "after every deal, and show each seat's mean score per deal with a 95% "
            "confidence interval, its win rate and the contracts played."
        ),
    )
    arena.add_argument(
        "--deals", type=_positive, default=100, metavar="N", help="how many deals (default: 100)"
    )
    arena.add_argument(
        "--players",
        type=_player_kinds,
        default=_player_kinds("heuristic,random,random,random"),
        metavar="A,B,C,D",
        help="the bots at seats 0-3: heuristic or random (default: heuristic,random,random,random)",
    )
    _add_seed(arena, "the deals and bots")
    arena.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on standard error (default: when it is a terminal)",
    )
    arena.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="write every deal to FILE as a JSON array of deal records",
    )
    arena.set_defaults(handler=_run_arena)
