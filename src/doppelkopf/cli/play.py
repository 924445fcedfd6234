"""``doppelkopf play``: a person at the terminal against three bots."""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Final

from ..deal import (
    Deal,
)
from ..players import HeuristicPlayer, Player, play_deal
from ..scoring import settle
from ..session import SESSION_LENGTH, Session
from ._common import (
    EXIT_FAILURE,
    EXIT_OK,
    _add_ascii,
    _add_rules,
    _add_seed,
    _line_reader,
    _print_rules,
    _random_seed,
    _rules,
    _signed,
    _table_seat,
    _UsageError,
)
from ._narration import play_narrated
from ._terminal import GameAbandoned, TerminalPlayer

__all__ = ["GameAbandoned", "TerminalPlayer", "play_narrated"]


def _deal_title(session: Session, seat: int, number: int, total: int, again: bool) -> str:
    """The title of the next deal of ``session`` for the person at table ``seat``."""
    title = f"Deal {number} of {total}"
    if again:
        title += " (dealt again)"
    return title


def _table_lines(session: Session, seat: int) -> list[str]:
    """What the session tells before a deal: five players' seats, compulsory solos, Bock."""
    rules = session.rules
    lines = []
    if rules.compulsory_solo:
        owing = sorted(session.owing)
        if owing:
            you = " (you among them)" if seat in owing else ""
            lines.append(
                f"Compulsory solos still owed by {_seat_list(owing)}{you}; "
                f"{session.deals_left} deals left (V§9)."
            )
    if session.bock_multiplier > 1:
        lines.append(f"Bock deal: every score counts ×{session.bock_multiplier} (V§11).")
    return lines


def _seat_list(seats: Sequence[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))


def _sat_out(deal: Deal, session: Session, seat: int, out: Callable[[str], None]) -> None:
    """Tell briefly what the bots did in a deal the person sat out (V§10)."""
    row = session.rows[-1]
    if row.void:
        void = deal.void
        assert void is not None
        table = row.seats[void.seat]
        why = (
            f"seat {table} threw in ({void.throw_reason})"
            if void.reason == "thrown"
            else f"nobody accepted the Armut of seat {table}"
        )
        out(f"The four others played: {why}, so the deal is void; seat {row.dealer} deals again.")
        return
    scores = ", ".join(
        f"{'you' if table == seat else f'seat {table}'} {_signed(score)}"
        for table, score in enumerate(row.scores)
    )
    out(f"The four others played a {row.contract}: {scores}.")


_SEATS: Final = re.compile(r"\b(seats? )(\d(?:, \d)*)")


def _renumbered(text: str, table: Sequence[int]) -> str:
    """``text`` with every ``seat N`` of a deal's seats 0-3 written as its table seat (V§10).

    >>> _renumbered("Normal game: Re seats 0, 2 against Kontra seats 1, 3", (2, 3, 4, 0))
    'Normal game: Re seats 2, 4 against Kontra seats 3, 0'
    """

    def table_seats(match: re.Match[str]) -> str:
        seats = ", ".join(str(table[int(seat)]) for seat in match[2].split(", "))
        return match[1] + seats

    return _SEATS.sub(table_seats, text)


def _line_editing() -> None:
    """Let the person edit the line typed and recall earlier ones, where the platform can.

    Importing :mod:`readline` gives :func:`input` line editing; it is imported only when
    standard input is a terminal, and left out where the platform has none (Windows).
    """
    if not sys.stdin.isatty():
        return
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401 - importing it is what turns line editing on


def _answer_reader() -> Callable[[str], str]:
    """How the person's answers are read: :func:`input` at a terminal, else lines of at most
    :data:`~doppelkopf.cli._common.MAX_INPUT_LINE` characters, each prompt written first."""
    return _line_reader()


def _settled(deal: Deal, session: Session, seat: int, out: Callable[[str], None]) -> None:
    """Show the settlement of the deal just added to ``session`` and the person's score."""
    if deal.is_void:
        return
    row = session.rows[-1]
    out("")
    text = str(settle(deal))
    out(text if session.rules.players == 4 else _renumbered(text, row.seats))
    if row.multiplier > 1:
        out(f"Bock: the scores count ×{row.multiplier} (V§11.4).")
    out(f"You score {_signed(row.scores[seat])}.")


def _run_play(args: argparse.Namespace) -> int:
    seed: int = args.seed if args.seed is not None else _random_seed()
    seat: int = args.seat
    ascii_only: bool = args.ascii
    out: Callable[[str], None] = print
    rules = _rules(args)
    if seat >= rules.players:
        raise _UsageError(
            f"--seat {seat} is not at a table of {rules.players} players: choose "
            f"0-{rules.players - 1}"
        )
    _line_editing()
    human = TerminalPlayer(
        _answer_reader(), out, ascii_only=ascii_only, ask_off_turn=args.ask_off_turn
    )
    rng = random.Random(seed)
    session = Session.new(rng=rng, rules=rules)
    table: list[Player] = [HeuristicPlayer(seed=rng.getrandbits(32)) for _ in range(rules.players)]
    table[seat] = human
    total = rules.session_deals
    deals = total if args.session else 1
    others = "three" if rules.players == 4 else "four"
    out(
        f"Doppelkopf: you are seat {seat} against {others} heuristic players (seed {seed}). "
        "Type ? for help, q to quit."
    )
    _print_rules(rules)
    again = False
    try:
        while len(session) < deals:
            out("")
            number = len(session) + 1
            title = (
                _deal_title(session, seat, number, total, again)
                if args.session
                else ("The deal again" if again else "A deal")
            )
            for line in _table_lines(session, seat):
                out(line)
            seats = session.seats
            players = [table[table_seat] for table_seat in seats]
            deal = session.next_deal(rng=rng)
            if seat not in seats:
                out(f"{title}: you deal and sit out, writing 0 (V§10).")
                deal = play_deal(deal, players)
                session = session.add(deal)
                _sat_out(deal, session, seat, out)
            else:
                human.table_seats = seats if rules.players == 5 else None
                deal = play_narrated(
                    deal,
                    players,
                    seat=seats.index(seat),
                    output_fn=out,
                    ascii_only=ascii_only,
                    title=title,
                    table_seats=human.table_seats,
                )
                session = session.add(deal)
                _settled(deal, session, seat, out)
            again = deal.is_void
            if args.session and not again:
                out("")
                out(session.score_sheet())
    except GameAbandoned:
        out("Game abandoned.")
        return EXIT_FAILURE
    return EXIT_OK


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand to ``commands``."""
    play = commands.add_parser(
        "play",
        help="play a deal against three bots",
        description=(
            "Play one seat against three heuristic players, answering on the terminal. "
            "Exit status 0 when the game was played to the end, 1 when it was left "
            "with q or by closing the input."
        ),
    )
    play.add_argument(
        "--seat",
        type=_table_seat,
        default=0,
        metavar="N",
        help="your seat, 0-3, or 0-4 at five players (default: 0)",
    )
    _add_seed(play, "the game")
    play.add_argument(
        "--session",
        action="store_true",
        help=f"play a whole session ({SESSION_LENGTH} deals under the DDV rules, 24 in a "
        "tournament, 3 per player in general; void deals are dealt again)",
    )
    play.add_argument(
        "--ask-off-turn",
        action="store_true",
        help="also offer announcements after every card of the others, not only on your turn",
    )
    _add_rules(play)
    _add_ascii(play)
    play.set_defaults(handler=_run_play)
