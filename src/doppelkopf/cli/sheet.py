"""``doppelkopf sheet``: the score sheet of a session played with real cards.

Each deal's result is typed as one line, in the options of ``doppelkopf
score`` (``--re 0,2 --re-points 151``) or as the JSON object that ``score
--json`` reads; the sheet settles it (SPEC §9-§12), adds it for the seat whose
turn it was to deal (SPEC §2.2) and shows the running totals.  After deal 12
it shows the whole sheet and the winners (SPEC §2.5).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable
from typing import NoReturn

from ..errors import DoppelkopfError
from ..rules import Rules
from ..scoring import DealSummary
from ..session import SESSION_LENGTH, Session
from ._common import (
    EXIT_FAILURE,
    EXIT_OK,
    _add_rules,
    _parse_json,
    _print_rules,
    _rules,
    _seat,
    _signed,
    _UsageError,
)
from .score import add_deal_options, read_summary, settlement_text, summary_and_counted


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


def _totals_line(totals: tuple[int, int, int, int]) -> str:
    return ", ".join(f"seat {seat} {_signed(total)}" for seat, total in enumerate(totals))


def keep_sheet(
    session: Session,
    read_line: Callable[[str], str],
    output_fn: Callable[[str], None] = print,
    *,
    retry: bool = True,
    rules: Rules = Rules.DDV,
) -> Session:
    """Add deal results to ``session`` until it is finished or the input ends.

    Every deal is settled under ``rules``, the rules of the session; a JSON
    line that states other rules is not a deal's result of this session.

    ``read_line`` is called with a prompt and returns the next line (raising
    :class:`EOFError` at the end); blank lines and ``#`` comments are skipped.
    A line that is not a deal's result is reported; with ``retry`` the line is
    asked for again, otherwise the error is raised, naming the line.

    Raises:
        InvalidValueError, InvalidSummaryError: a bad line without ``retry``.
    """
    parser = _line_parser()
    number = 0
    while not session.is_finished:
        deal = len(session) + 1
        try:
            line = read_line(f"Deal {deal} of {SESSION_LENGTH}, dealt by seat {session.dealer}: ")
        except EOFError:
            break
        number += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.strip().lower() in ("q", "quit", "exit"):
            break
        try:
            summary, counted = read_result(line, parser, rules)
        except DoppelkopfError as error:
            if not retry:
                raise _UsageError(f"line {number}: {error}") from None
            output_fn(f"Not a deal's result: {error}. Try again.")
            continue
        session = session.add_result(summary)
        output_fn("")
        output_fn(f"Deal {deal}, dealt by seat {session.rows[-1].dealer}")
        output_fn(
            "\n".join(
                f"  {row}" for row in settlement_text(summary, tricks_counted=counted).splitlines()
            )
        )
        output_fn(f"  Totals after deal {deal}: {_totals_line(session.totals)}")
    return session


def _run_sheet(args: argparse.Namespace) -> int:
    rules = _rules(args)
    session = Session.new(args.first_dealer)
    interactive = sys.stdin.isatty()
    print(
        f"Score sheet of a session of {SESSION_LENGTH} deals; seat {session.first_dealer} "
        "deals first. Type each deal's result as the options of doppelkopf score "
        "(e.g. --re 0,2 --re-points 151) or as a JSON summary."
    )
    _print_rules(rules)

    def from_stream(prompt: str) -> str:
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    session = keep_sheet(
        session, input if interactive else from_stream, retry=interactive, rules=rules
    )
    print()
    print(session.score_sheet())
    if not session.is_finished:
        print(f"The input ended after {len(session)} of {SESSION_LENGTH} deals.")
        return EXIT_FAILURE
    return EXIT_OK


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``sheet`` subcommand to ``commands``."""
    sheet = commands.add_parser(
        "sheet",
        help="keep the score sheet of a session played with real cards",
        description=(
            "Keep the score sheet of a session of 12 deals played with real cards. Read "
            "each deal's result from standard input, one line per deal, as the options of "
            "doppelkopf score or as its JSON summary; show each settlement with the running "
            "totals, and after deal 12 the sheet and the winners. Exit status 0 after deal "
            "12, 1 when the input ends before, 2 for a line that is not a deal's result "
            "(when the input is not a terminal; a terminal asks again)."
        ),
    )
    sheet.add_argument(
        "--first-dealer",
        type=_seat,
        default=0,
        metavar="N",
        help="the seat that deals first, 0-3 (default: 0)",
    )
    _add_rules(sheet)
    sheet.set_defaults(handler=_run_sheet)
