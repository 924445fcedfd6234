"""``doppelkopf sheet``: the score sheet of a session played with real cards.

Each deal's result is typed as one line, in the options of ``doppelkopf
score`` (``--re 0,2 --re-points 151``) or as the JSON object that ``score
--json`` reads; the sheet settles it (SPEC §9-§12), adds it for the seat whose
turn it was to deal (SPEC §2.2) and shows the running totals.  After the last
deal (12 under the DDV rules) it shows the whole sheet and the winners (SPEC
§2.5).  A line ``void`` writes down a deal thrown in or whose Armut nobody
accepted (V§8).  Under the rules of the session the sheet also keeps the
compulsory solos of tournament mode (V§9), five players (V§10: the seats typed
are the deal's seats 0-3 from the dealer's left, which the prompt names) and
Bock rounds (V§11).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable
from typing import NoReturn

from ..deal import SoloKind
from ..errors import DoppelkopfError
from ..rules import Rules
from ..scoring import DealSummary
from ..session import Session
from ._common import (
    EXIT_FAILURE,
    EXIT_OK,
    _add_rules,
    _parse_json,
    _print_rules,
    _rules,
    _show,
    _signed,
    _UsageError,
)
from .score import add_deal_options, read_summary, settlement_text, summary_and_counted


def _table_seat(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seat is a number 0-4, not {_show(text)}") from None
    if not 0 <= value <= 4:
        raise argparse.ArgumentTypeError(
            f"a seat is 0-3, or 0-4 at five players, not {_show(value)}"
        )
    return value


class _LineParser(argparse.ArgumentParser):
    """Reads one line of deal options; a mistake is an error to report, not an exit."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def _line_parser() -> argparse.ArgumentParser:
    parser = _LineParser(prog="deal", add_help=False, exit_on_error=False)
    add_deal_options(parser)
    return parser


def read_result(
    line: str, parser: argparse.ArgumentParser | None = None, rules: Rules | None = None
) -> tuple[DealSummary, bool]:
    """The summary of one deal typed as ``line``, and whether its tricks were given.

    ``line`` holds the options of ``doppelkopf score`` (without the rules) or a
    JSON summary.  The deal is played under ``rules``; without them, a JSON
    summary may state its own and the options mean the default rules.

    >>> summary, counted = read_result("--re 0,2 --re-points 151")
    >>> sorted(summary.re_seats), summary.kontra.card_points, counted
    ([0, 2], 89, False)
    >>> solo = '{"re_seats": [1], "game_type": "SOLO_Q", "re": {"card_points": 200}}'
    >>> read_result(solo)[0].soloist
    1

    Raises:
        InvalidValueError, InvalidSummaryError: the line is not a deal's result.
    """
    text = line.strip()
    if text.startswith("{"):
        return summary_and_counted(_parse_json(text, "the line"), rules)
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise _UsageError(f"cannot read the line: {error}") from None
    try:
        args = (parser or _line_parser()).parse_args(words)
    except argparse.ArgumentError as error:
        raise _UsageError(str(error)) from None
    return read_summary(args, rules)


def _totals_line(totals: tuple[int, ...]) -> str:
    return ", ".join(f"seat {seat} {_signed(total)}" for seat, total in enumerate(totals))


_VOID_WORDS = ("void", "thrown", "redeal")
"""The lines that write down a void deal (V§8)."""


def prompt(session: Session) -> str:
    """The question for the next deal: its number, dealer and what the rules make of it.

    >>> from doppelkopf import Rules
    >>> prompt(Session.new(1))
    'Deal 1 of 12, dealt by seat 1: '
    >>> prompt(Session.new(4, rules=Rules(players=5, bock={"tie"})))
    'Deal 1 of 15, dealt by seat 4 (deal seats 0-3 are seats 0, 1, 2, 3): '
    """
    rules = session.rules
    text = f"Deal {len(session) + 1} of {rules.session_deals}, dealt by seat {session.dealer}"
    notes = []
    if rules.players == 5:
        notes.append(f"deal seats 0-3 are seats {', '.join(map(str, session.seats))}")
    if session.forced_seat is not None:
        notes.append(f"forced: seat {session.forced_seat} plays a solo")
    if session.bock_multiplier > 1:
        notes.append(f"Bock x{session.bock_multiplier}")
    if notes:
        text += f" ({'; '.join(notes)})"
    return text + ": "


def _deal_notes(session: Session) -> list[str]:
    """What the last row adds to the settlement: Bock, solo kind, who deals next."""
    row = session.rows[-1]
    notes = []
    if row.multiplier > 1:
        notes.append(f"  Bock deal: every score x{row.multiplier} (V§11.4)")
    if row.solo_kind is SoloKind.COMPULSORY:
        notes.append(
            f"  Compulsory solo of seat {row.soloist}; seat {session.dealer} deals again (V§9.4)"
        )
    elif row.solo_kind is SoloKind.FORCED:
        notes.append(f"  Forced solo of seat {row.soloist} (V§9.5)")
    elif row.solo_kind is SoloKind.VOLUNTARY and session.rules.compulsory_solo:
        notes.append(f"  Voluntary solo (Lustsolo) of seat {row.soloist}")
    if session.rules.compulsory_solo and not session.is_finished:
        owing = ", ".join(map(str, sorted(session.owing))) or "nobody"
        notes.append(f"  Compulsory solos still owed by: {owing}")
    if session.bock_rounds and not session.is_finished:
        notes.append(f"  Bock deals to come: {sum(session.bock_rounds)}")
    return notes


def keep_sheet(
    session: Session,
    read_line: Callable[[str], str],
    output_fn: Callable[[str], None] = print,
    *,
    retry: bool = True,
    rules: Rules | None = None,
) -> Session:
    """Add deal results to ``session`` until it is finished or the input ends.

    Every deal is settled under ``rules``, the rules of the session (by
    default ``session.rules``); a JSON line that states other rules is not a
    deal's result of this session.  A line ``void`` (or ``thrown``) writes
    down a void deal (V§8).

    ``read_line`` is called with a prompt and returns the next line (raising
    :class:`EOFError` at the end); blank lines and ``#`` comments are skipped.
    A line that is not a deal's result is reported; with ``retry`` the line is
    asked for again, otherwise the error is raised, naming the line.

    Raises:
        InvalidValueError, InvalidSummaryError: a bad line without ``retry``.
    """
    parser = _line_parser()
    rules = session.rules if rules is None else rules
    number = 0
    while not session.is_finished:
        deal = len(session) + 1
        try:
            line = read_line(prompt(session))
        except EOFError:
            break
        number += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.strip().lower() in ("q", "quit", "exit"):
            break
        try:
            if line.strip().lower() in _VOID_WORDS:
                session = session.add_void()
                output_fn("")
                output_fn(f"Deal {deal} is void; seat {session.dealer} deals again (V§8)")
                continue
            summary, counted = read_result(line, parser, rules)
            session = session.add_result(summary)
        except DoppelkopfError as error:
            if not retry:
                raise _UsageError(f"line {number}: {error}") from None
            output_fn(f"Not a deal's result: {error}. Try again.")
            continue
        output_fn("")
        output_fn(f"Deal {deal}, dealt by seat {session.rows[-1].dealer}")
        output_fn(
            "\n".join(
                f"  {row}" for row in settlement_text(summary, tricks_counted=counted).splitlines()
            )
        )
        for note in _deal_notes(session):
            output_fn(note)
        output_fn(f"  Totals after deal {deal}: {_totals_line(session.totals)}")
    return session


def _run_sheet(args: argparse.Namespace) -> int:
    rules = _rules(args)
    try:
        session = Session.new(args.first_dealer, rules=rules)
    except DoppelkopfError as error:
        raise _UsageError(f"--first-dealer: {error}") from None
    interactive = sys.stdin.isatty()
    print(
        f"Score sheet of a session of {rules.session_deals} deals; seat {session.first_dealer} "
        "deals first. Type each deal's result as the options of doppelkopf score "
        "(e.g. --re 0,2 --re-points 151) or as a JSON summary"
        + ("; void for a deal thrown in." if rules.armut or rules.schmeissen else ".")
    )
    _print_rules(rules)

    def from_stream(prompt: str) -> str:
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    session = keep_sheet(session, input if interactive else from_stream, retry=interactive)
    print()
    print(session.score_sheet())
    if not session.is_finished:
        print(f"The input ended after {len(session)} of {rules.session_deals} deals.")
        return EXIT_FAILURE
    return EXIT_OK


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``sheet`` subcommand to ``commands``."""
    sheet = commands.add_parser(
        "sheet",
        help="keep the score sheet of a session played with real cards",
        description=(
            "Keep the score sheet of a session played with real cards (12 deals under the "
            "DDV rules; --rules tournament for a tournament round with compulsory solos, "
            "--option players=5, --option bock=tie+lost_solo for Bock rounds). Read "
            "each deal's result from standard input, one line per deal, as the options of "
            "doppelkopf score or as its JSON summary, or void for a deal thrown in; show "
            "each settlement with the running totals, and after the last deal the sheet "
            "and the winners. Exit status 0 after the last deal, 1 when the input ends "
            "before, 2 for a line that is not a deal's result (when the input is not a "
            "terminal; a terminal asks again)."
        ),
    )
    sheet.add_argument(
        "--first-dealer",
        type=_table_seat,
        default=0,
        metavar="N",
        help="the seat that deals first, 0-3 (0-4 at five players; default: 0)",
    )
    _add_rules(sheet)
    sheet.set_defaults(handler=_run_sheet)
