"""``doppelkopf arena``: many deals between bots, with a table of results."""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from .. import _checks
from .._text_table import Column, lay_out
from ..deal import Deal
from ..errors import DoppelkopfError, InvalidValueError
from ..records import dump_deal
from ..rules import GameType
from ..scoring import Settlement, settle
from ._arena_run import (
    BOTS,
    Gathered,
    Plan,
    bot_maker,
    first_dealer,
    require_ray,
    run_here,
    run_pool,
    run_ray,
)
from ._common import (
    EXIT_OK,
    _add_plot,
    _add_rules,
    _add_seed,
    _check_plot,
    _check_writable,
    _count,
    _cut,
    _fail,
    _positive,
    _print_rules,
    _random_seed,
    _rules,
    _show,
    _write_file,
    _write_plot,
)

_CLI_EXTRA: Final = 'pip install ".[cli]" from a checkout of the source'
"""How to install the command line's optional extra, the progress bar's rich library."""

_NAME_WIDTH: Final = 24
"""The widest bot name the table of results shows whole."""


def _display_name(kind: str) -> str:
    """The name of a bot in the table: ``kind``, or a shorter one that is not cut mid-word.

    A bot of one's own longer than the table's column is named by its class alone, and a
    class name longer still ends at the last word boundary that fits, marked with ``…``.

    >>> _display_name("heuristic"), _display_name("my_bots:CarefulPlayer")
    ('heuristic', 'my_bots:CarefulPlayer')
    >>> _display_name("tournament_bots.season_two.finals:CarefulPlayer")
    'CarefulPlayer'
    >>> _display_name("bots:ExtremelyCarefulCountingPlayerWithMemory")
    'ExtremelyCareful…'
    """
    if len(kind) <= _NAME_WIDTH:
        return kind
    name = kind.rpartition(":")[2].rpartition(".")[2] or kind
    if len(name) <= _NAME_WIDTH:
        return name
    cut = name[:_NAME_WIDTH]
    ends = [
        index
        for index in range(1, _NAME_WIDTH)
        if cut[index] in "_-" or (cut[index].isupper() and cut[index - 1].islower())
    ]
    return (cut[: ends[-1]] if ends else cut[: _NAME_WIDTH - 1]).rstrip("_-") + "…"


def _player_kinds(text: str) -> list[str]:
    kinds = [kind.strip() for kind in text.split(",")]
    if len(kinds) != 4:
        raise argparse.ArgumentTypeError(
            f"give four players separated by commas, not {len(kinds)}: {_cut(repr(text))}"
        )
    for index, kind in enumerate(kinds):
        if ":" in kind:
            continue
        kinds[index] = kind.lower()
        if kinds[index] not in BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown player {_cut(repr(kind))}; choose from {', '.join(sorted(BOTS))} "
                "or give MODULE:CLASS"
            )
    return kinds


def _jobs(text: str) -> int:
    """``--jobs``: a number of worker processes, ``0`` or ``auto`` for one per CPU."""
    if text.strip().lower() == "auto":
        return 0
    value = _count(text)
    if not 0 <= value <= _MOST_JOBS:
        raise argparse.ArgumentTypeError(
            f"give a number of processes from 1 to {_MOST_JOBS}, or 0 or auto for one per "
            f"CPU, not {_show(value)}"
        )
    return value


_MOST_JOBS: Final = 1024
"""The most worker processes ``--jobs`` starts."""


def _ray_address(text: str) -> str:
    """``--ray``: ``auto`` or a cluster's address, never blank."""
    address = text.strip()
    if not address:
        raise argparse.ArgumentTypeError(
            "give the address of a Ray cluster, HOST:PORT, or auto for the one on this machine"
        )
    return "auto" if address.lower() == "auto" else address


def _player_spec(text: str) -> str:
    module, _, name = text.partition(":")
    if not module or not name:
        raise argparse.ArgumentTypeError(
            f"a bot of your own is MODULE:CLASS, e.g. mybot:MyPlayer, not {_cut(repr(text))}"
        )
    return text.strip()


class _Progress:
    """A progress bar with rate and time left on standard error, drawn by ``rich``.

    Without ``rich`` installed (the optional ``cli`` extra) there is no bar; when
    one was asked for (``--progress``), a line on standard error says what to install.
    """

    def __init__(self, total: int, enabled: bool, asked: bool = False) -> None:
        self.bar: Any = None
        self.task: Any = None
        if not enabled:
            return
        try:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TaskProgressColumn,
                TextColumn,
                TimeRemainingColumn,
            )
        except ImportError:
            if asked:
                print(
                    "doppelkopf arena: --progress draws its bar with the rich library, which "
                    f"is not installed; without it there is no bar. Install it with {_CLI_EXTRA}",
                    file=sys.stderr,
                )
            return
        self.bar = Progress(
            TextColumn("deals"),
            BarColumn(),
            MofNCompleteColumn(),
            TaskProgressColumn(),
            TextColumn("{task.fields[rate]}"),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=Console(file=sys.stderr),
            transient=False,
        )
        self.task = self.bar.add_task("deals", total=total, rate="")
        self.start = time.monotonic()
        self.bar.start()

    def update(self, done: int) -> None:
        if self.bar is None:
            return
        elapsed = time.monotonic() - self.start
        rate = f"{done / elapsed:,.0f} deals/s" if elapsed > 0 and done else ""
        self.bar.update(self.task, completed=done, rate=rate)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _mean_interval(values: Sequence[int]) -> tuple[float, float | None]:
    """The mean and the half-width of its 95 % confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _contract_name(deal: Deal) -> str:
    void = deal.void
    if void is not None:
        return "void: thrown in" if void.reason == "thrown" else "void: Armut refused"
    game = deal.game_type
    assert game is not None
    return "marriage" if game is GameType.MARRIAGE else str(game)


def _declarer(deal: Deal) -> int | None:
    """The seat that declared the contract: the soloist, the poor player, the thrower."""
    void = deal.void
    return deal.declarer if void is None else void.seat


def arena_table(
    deals: Sequence[Deal],
    kinds: Sequence[str],
    *,
    seating: Sequence[Sequence[int]] | None = None,
) -> list[str]:
    """The results of bot deals as text: per bot the mean score with its 95 % confidence
    interval, the win rate and the contracts it declared; then how often each contract was played.

    ``kinds[bot]`` names each bot; ``seating[i][bot]`` is the seat bot ``bot``
    had in ``deals[i]`` (by default bot ``n`` sits at seat ``n`` throughout,
    and the rows are the seats).  A deal counts as won for a bot when its
    party won the deal (SPEC §9); a deal that nobody won (SPEC §10.4) is won by
    no bot.  Void deals (V§8) among ``deals`` have no score: they are left out
    of the means and win rates and counted in the contract table as thrown in
    (Schmeißen, V§7) or Armut refused (V§6.3), with the seat that declared them;
    an Armut is counted under ``poverty``, declared by the poor player.
    """
    all_seats = [tuple(range(4))] * len(deals) if seating is None else [tuple(s) for s in seating]
    played = [i for i, deal in enumerate(deals) if not deal.is_void]
    seats = [all_seats[i] for i in played]
    count = len(played)
    settlements = [settle(deals[i]) for i in played]
    per_bot = _scores(settlements, seats)
    label = "seat" if seating is None else "bot"
    width = min(24, max(9, *(len(kind) for kind in kinds)))
    rows = [(label, "player", "mean", "95% CI", "won", "total")]
    for bot in range(4):
        scores = per_bot[bot]
        won = sum(
            1
            for i, settlement in enumerate(settlements)
            if settlement.winner is not None
            and settlement.summary.party_of(seats[i][bot]) is settlement.winner
        )
        name = _cut(kinds[bot], width)
        if not scores:
            rows.append((str(bot), name, "n/a", "n/a", "n/a", "+0"))
            continue
        mean, half = _mean_interval(scores)
        interval = "n/a" if half is None else f"[{mean - half:+.2f}, {mean + half:+.2f}]"
        rows.append(
            (
                str(bot),
                name,
                f"{mean:+.2f}",
                interval,
                f"{100 * won / count:.1f}%",
                f"{sum(scores):+d}",
            )
        )
    player_columns = [
        Column(">", 4, grows=False, gap=""),
        Column("<", width, grows=False),
        Column(">", 6, grows=False),
        Column("<", 17, grows=False),
        Column(">", 6, grows=False),
        Column(">", 6, grows=False),
    ]
    lines = lay_out(player_columns, rows)
    contracts = Counter(_contract_name(deal) for deal in deals)
    declared: dict[str, Counter[int]] = {}
    for i, deal in enumerate(deals):
        declarer = _declarer(deal)
        if declarer is not None:
            by_bot = all_seats[i].index(declarer)
            declared.setdefault(_contract_name(deal), Counter())[by_bot] += 1
    lines.append("")
    contract_rows = [("contract", "deals", "declared by")]
    for name, times in sorted(contracts.items(), key=lambda item: (-item[1], item[0])):
        by = declared.get(name)
        who = ", ".join(f"{label} {n} ×{k}" for n, k in sorted(by.items())) if by else ""
        contract_rows.append((name, str(times), who))
    contract_columns = [Column("<", 16, gap=""), Column(">", 5, grows=False), Column("<")]
    return lines + lay_out(contract_columns, contract_rows)


def _scores(
    settlements: Sequence[Settlement], seats: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], ...]:
    """Each bot's score in every settled deal, ``seats[i][bot]`` its seat in deal ``i``."""
    return tuple(
        tuple(settlement.scores[seats[i][bot]] for i, settlement in enumerate(settlements))
        for bot in range(4)
    )


@attrs.frozen
class ArenaResult:
    """What an arena run gives: the bots, every deal and where each bot sat.

    ``names[bot]`` is the bot's name as the table of results shows it,
    ``deals`` every finished deal in the order played (void deals included,
    V§8) and ``seating[i][bot]`` the seat bot ``bot`` had in ``deals[i]``.
    :attr:`scores` holds each bot's score per deal played, as
    :func:`doppelkopf.plots.arena_figure` draws them.

    >>> from doppelkopf import Deal, HeuristicPlayer, play_deal
    >>> deal = play_deal(Deal.shuffled(seed=3), [HeuristicPlayer(seed=n) for n in range(4)])
    >>> result = ArenaResult(("a", "b", "c", "d"), (deal,), ((1, 2, 3, 0),))
    >>> scores = settle(deal).scores
    >>> result.scores == ((scores[1],), (scores[2],), (scores[3],), (scores[0],))
    True

    Raises:
        InvalidTypeError: ``names`` is not four ``str`` or ``deals`` not
            :class:`~doppelkopf.Deal` values, each in a tuple.
        InvalidValueError: ``seating`` is not one tuple of the seats 0-3 per deal.
    """

    names: tuple[str, ...]
    deals: tuple[Deal, ...]
    seating: tuple[tuple[int, ...], ...]

    def __attrs_post_init__(self) -> None:
        names, deals, seating = self.names, self.deals, self.seating
        if type(names) is not tuple or len(names) != 4:
            raise _checks.type_error(names, "names", "tuple of four str")
        for name in names:
            _checks.text(name, "names[k]")
        if type(deals) is not tuple:
            raise _checks.type_error(deals, "deals", "tuple of Deal")
        for deal in deals:
            if not isinstance(deal, Deal):
                raise _checks.type_error(deal, "deals[i]", "Deal")
        if type(seating) is not tuple or len(seating) != len(deals):
            raise InvalidValueError(
                f"seating: one seating per deal, {len(deals)}, not {_checks.excerpt(seating)}"
            )
        for seats in seating:
            if (
                type(seats) is not tuple
                or not all(type(seat) is int for seat in seats)
                or sorted(seats) != [0, 1, 2, 3]
            ):
                raise InvalidValueError(
                    f"seating: each is a tuple of the seats 0-3 in some order, not "
                    f"{_checks.excerpt(seats)}"
                )

    @property
    def scores(self) -> tuple[tuple[int, ...], ...]:
        """Each bot's score in every deal played, in order; void deals have none (V§8)."""
        played = [i for i, deal in enumerate(self.deals) if not deal.is_void]
        settlements = [settle(self.deals[i]) for i in played]
        return _scores(settlements, [self.seating[i] for i in played])


def _run_arena(args: argparse.Namespace) -> int:
    if args.record is not None:
        _check_writable(args.record)
    if args.plot is not None:
        _check_plot(args.plot)
    seed: int = args.seed if args.seed is not None else _random_seed()
    kinds: list[str] = list(args.players)
    if args.player is not None:
        kinds[0] = args.player
    count: int = args.deals
    rotate: bool = args.rotate
    rules = _rules(args)
    if args.ray is not None:
        try:
            require_ray()
        except DoppelkopfError as error:
            _fail(f"--ray: {error}")
    for kind in kinds:  # a bot that cannot be made is a usage error before any deal
        bot_maker(kind, debug=args.debug)(0)
    dealer = first_dealer(seed)
    shifts = (0, 1, 2, 3) if rotate else (0,)
    plan = Plan(seed, rules.as_dict(), tuple(kinds), shifts, dealer, args.debug, os.getcwd())
    total = count * len(shifts)
    gathered = _play_deals(args, plan, count, total)
    deals, seating, voids = gathered.deals, gathered.seating, gathered.voids
    if rotate:
        print(
            f"{count} deal{'s' if count != 1 else ''} (seed {seed}), each played four times "
            f"with the bots moved one seat to the left each time ({total} games); seat "
            f"{dealer} deals first and the deal passes to the left."
        )
    else:
        print(
            f"{count} deal{'s' if count != 1 else ''} (seed {seed}), seats fixed, "
            f"seat {dealer} deals first and the deal passes to the left."
        )
    _print_rules(rules)
    if voids:
        print(
            f"{voids} void deal{'s were' if voids != 1 else ' was'} dealt again by the same "
            "dealer (V§8) and left out of the scores."
        )
    if rules.compulsory_solo or rules.bock or rules.players == 5:
        print(
            "Each deal stands alone, outside a session: no compulsory solo is owed, no Bock "
            "round runs and nobody sits out (V§9-V§11 are the session's; see demo)."
        )
    names = [_display_name(kind) for kind in kinds]
    print("\n".join(arena_table(deals, names, seating=seating if rotate else None)))
    if args.record is not None:
        _write_record(args.record, seed, kinds, deals, seating)
    if args.plot is not None:
        result = ArenaResult(tuple(names), tuple(deals), tuple(seating))
        title = f"Scores per deal over {len(deals) - voids:,} deals (seed {seed})"
        _write_plot(
            args.plot, lambda plots: plots.arena_figure(result.names, result.scores, title=title)
        )
    return EXIT_OK


def _play_deals(args: argparse.Namespace, plan: Plan, count: int, total: int) -> Gathered:
    """Play the run of ``plan`` here, in worker processes or on Ray, with the progress bar."""
    jobs: int | None = args.jobs
    workers = 1 if jobs is None else jobs or os.cpu_count() or 1
    enabled = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _Progress(total, enabled, asked=args.progress is True)
    try:
        if args.ray is not None:
            return run_ray(plan, count, args.ray, progress.update)
        if workers == 1:
            return run_here(plan, count, progress.update)
        return run_pool(plan, count, workers, progress.update)
    finally:
        progress.close()


def _write_record(
    path: Path,
    seed: int,
    kinds: Sequence[str],
    deals: Sequence[Deal],
    seating: Sequence[tuple[int, ...]],
) -> None:
    """Write every game to ``path`` as a JSON array of deal records; say so."""
    meta = {"program": "doppelkopf arena", "seed": seed}
    text = (
        "[\n"
        + ",\n".join(
            json.dumps(
                dump_deal(
                    deal,
                    meta={
                        **meta,
                        "players": [kinds[seats.index(seat)] for seat in range(4)],
                        "deal": number,
                    },
                ),
                ensure_ascii=False,
            )
            for number, (deal, seats) in enumerate(zip(deals, seating, strict=True), start=1)
        )
        + "\n]\n"
    )
    _write_file(path, lambda file: file.write_text(text, encoding="utf-8"))
    print(f"Deal records written to {path}.")


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``arena`` subcommand to ``commands``."""
    arena = commands.add_parser(
        "arena",
        help="play many deals between bots and compare them",
        description=(
            "Play N deals between four bots, the deal passing to the left after every deal, "
            "and show each bot's mean score per deal with a 95% confidence interval, its "
            "win rate and the contracts played. With --rotate each deal is played four "
            "times, the bots moved one seat each time, so that every bot holds every hand."
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
        help=(
            "the bots at seats 0-3: heuristic, random (declares a solo in 2%% of its "
            "reservations and announces rarely), uniform (RandomPlayer: says Vorbehalt in one "
            "answer in twenty), search (SearchPlayer, slow) or MODULE:CLASS "
            "(default: heuristic,random,random,random)"
        ),
    )
    arena.add_argument(
        "--player",
        type=_player_spec,
        metavar="MODULE:CLASS",
        help=(
            "your own bot, a class imported from MODULE (the current directory is searched "
            "too), at seat 0 in place of the first of --players"
        ),
    )
    arena.add_argument(
        "--rotate",
        action="store_true",
        help="play every deal four times, the bots moved one seat to the left each time",
    )
    _add_seed(arena, "the deals and bots")
    where = arena.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs",
        type=_jobs,
        default=None,
        metavar="N",
        help=(
            "play the deals in N worker processes, 0 or auto for one per CPU; the results "
            "are those of one process (default: 1, this process)"
        ),
    )
    where.add_argument(
        "--ray",
        type=_ray_address,
        metavar="ADDRESS",
        help=(
            "play the deals as Ray tasks on the cluster at ADDRESS, auto for the one on this "
            'machine or a new local one (needs Ray: pip install "doppelkopf[ray]")'
        ),
    )
    _add_rules(arena)
    arena.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=(
            "show a progress bar with rate and time left on standard error, drawn by the "
            f"rich library ({_CLI_EXTRA}; default: when standard error is a terminal)"
        ),
    )
    arena.add_argument(
        "--debug",
        action="store_true",
        help="when a bot fails, show its Python traceback on standard error",
    )
    arena.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="write every deal to FILE as a JSON array of deal records",
    )
    _add_plot(
        arena,
        "draw each bot's scores per deal with the 95%% confidence interval of its mean to FILE",
    )
    arena.set_defaults(handler=_run_arena)
