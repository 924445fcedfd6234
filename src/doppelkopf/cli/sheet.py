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
import os
import shlex
import sys
from collections.abc import Callable
from typing import NoReturn

from .. import records
from ..deal import SoloKind
from ..errors import DoppelkopfError
from ..rules import Rules
from ..scoring import DealSummary
from ..session import Session
from ._common import (
    EXIT_FAILURE,
    EXIT_OK,
    _add_plot,
    _add_rules,
    _check_plot,
    _line_reader,
    _parse_json,
    _print_rules,
    _rules,
    _show,
    _signed,
    _UsageError,
    _write_plot,
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
        words = short_form(shlex.split(text))
    except ValueError as error:
        raise _UsageError(f"cannot read the line: {error}") from None
    try:
        args = (parser or _line_parser()).parse_args(words)
    except argparse.ArgumentError as error:
        raise _UsageError(str(error)) from None
    return read_summary(args, rules)


def _totals_line(totals: tuple[int, ...], names: tuple[str, ...] | None = None) -> str:
    heads = [f"seat {seat}" for seat in range(len(totals))] if names is None else names
    return ", ".join(f"{head} {_signed(total)}" for head, total in zip(heads, totals, strict=True))


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
    dealer = _who(session, session.dealer)
    text = f"Deal {len(session) + 1} of {rules.session_deals}, dealt by {dealer}"
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


MAX_LINE = 4096
"""The longest line the sheet reads, in characters; a longer one is refused."""

MAX_LINES = 100_000
"""The most lines the sheet reads from one input."""


class SheetStopped(_UsageError):
    """A line that stopped the sheet, with the session as it stood before that line."""

    def __init__(self, message: str, session: Session) -> None:
        super().__init__(message)
        self.session = session


def short_form(words: list[str]) -> list[str]:
    """The options of ``score`` for a short line: ``re 0,2 151`` is Re seats 0, 2 with 151.

    Any further words are options of ``score`` as they are.

    >>> short_form(["re", "0,2", "151", "--re-announcement", "re"])
    ['--re', '0,2', '--re-points', '151', '--re-announcement', 're']
    >>> short_form(["--re", "0,2"])
    ['--re', '0,2']
    """
    if len(words) >= 3 and words[0].lower() == "re" and not words[1].startswith("-"):
        return ["--re", words[1], "--re-points", words[2], *words[3:]]
    return words


def _session_line(
    session: Session, line: str, parser: argparse.ArgumentParser, rules: Rules
) -> tuple[Session, list[str]]:
    """The session after one line that is not an export, and what to say about it."""
    words = line.split()
    command = words[0].lower()
    if line.lower() in _VOID_WORDS:
        deal = len(session) + 1
        after = session.add_void()
        return after, ["", f"Deal {deal} is void; seat {after.dealer} deals again (V§8)"]
    if line.lower() == "undo":
        after = session.undo()
        return after, [
            "",
            f"The last deal is undone; deal {len(after) + 1} is dealt by "
            f"{_who(after, after.dealer)}.",
            f"  Totals: {_totals_line(after.totals, after.names)}",
        ]
    if command == "correct":
        if len(words) < 3 or not words[1].isdigit() or len(words[1]) > 4:
            raise _UsageError(
                "write a correction as: correct DEAL RESULT, e.g. correct 3 re 0,2 151"
            )
        number = int(words[1])
        rest = line.split(None, 2)[2]
        summary, _ = read_result(rest, parser, rules)
        after = session.correct(number, summary)
        return after, [
            "",
            f"Deal {number} is corrected; every later deal is recomputed.",
            f"  Totals: {_totals_line(after.totals, after.names)}",
        ]
    summary, counted = read_result(line, parser, rules)
    deal = len(session) + 1
    after = session.add_result(summary)
    lines = ["", f"Deal {deal}, dealt by {_who(after, after.rows[-1].dealer)}"]
    lines += [f"  {row}" for row in settlement_text(summary, tricks_counted=counted).splitlines()]
    lines += _deal_notes(after)
    lines.append(f"  Totals after deal {deal}: {_totals_line(after.totals, after.names)}")
    return after, lines


def _who(session: Session, seat: int) -> str:
    return f"seat {seat}" if session.names is None else f"seat {seat} ({session.names[seat]})"


def _export(session: Session, words: list[str]) -> str:
    """Write the sheet as CSV or as its session record (JSON), atomically; say where."""
    if len(words) != 3 or words[1].lower() not in ("csv", "json"):
        raise _UsageError("write an export as: export csv PATH, or export json PATH")
    form, path = words[1].lower(), words[2]
    if form == "csv":
        records.save_text(path, session.to_csv())
    else:
        records.save(path, session)
    return f"The sheet is written to {path} ({form.upper()})."


def keep_sheet(
    session: Session,
    read_line: Callable[[str], str],
    output_fn: Callable[[str], None] = print,
    *,
    retry: bool = True,
    rules: Rules | None = None,
    on_change: Callable[[Session], None] | None = None,
) -> Session:
    """Add deal results to ``session`` until it is finished or the input ends.

    Every deal is settled under ``rules``, the rules of the session (by
    default ``session.rules``); a JSON line that states other rules is not a
    deal's result of this session.  Besides a deal's result (the options of
    ``score``, the short form ``re 0,2 151`` or a JSON summary) a line may be
    ``void`` (or ``thrown``) for a void deal (V§8), ``undo`` to take back the
    last deal, ``correct N RESULT`` to replace deal ``N``'s result (every
    later deal is recomputed), or ``export csv PATH`` / ``export json PATH``.

    ``on_change`` is called with each changed session before it is taken (to
    save it); should it fail, the line is refused and nothing changes.
    ``read_line`` is called with a prompt and returns the next line (raising
    :class:`EOFError` at the end, and a :class:`~doppelkopf.DoppelkopfError` for
    a line it cannot read, which is reported as a bad line); blank lines and
    ``#`` comments are skipped.
    A line longer than :data:`MAX_LINE` characters, or a line that is not
    one of the above, is reported; with ``retry`` the line is asked for again,
    otherwise :class:`SheetStopped` is raised, naming the line.

    Raises:
        SheetStopped: a bad line without ``retry`` (a :class:`~doppelkopf.DoppelkopfError`).
    """
    parser = _line_parser()
    rules = session.rules if rules is None else rules
    number = 0
    while not session.is_finished and number < MAX_LINES:
        try:
            line = read_line(prompt(session))
        except EOFError:
            break
        except DoppelkopfError as error:  # a line that cannot be read at all
            number += 1
            if not retry:
                raise SheetStopped(f"line {number}: {error}", session) from None
            output_fn(f"Not read: {error}. Try again.")
            continue
        number += 1
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if text.lower() in ("q", "quit", "exit"):
            break
        try:
            if len(line) > MAX_LINE:
                raise _UsageError(f"the line is longer than {MAX_LINE} characters")
            words = text.split()
            if words[0].lower() == "export":
                output_fn(_export(session, words))
                continue
            after, said = _session_line(session, text, parser, rules)
            if on_change is not None:
                on_change(after)
        except (DoppelkopfError, OSError) as error:
            reason = error.strerror or str(error) if isinstance(error, OSError) else str(error)
            if not retry:
                raise SheetStopped(f"line {number}: {reason}", session) from None
            label = "Not taken" if isinstance(error, OSError) else "Not a deal's result"
            output_fn(f"{label}: {reason}. Try again.")
            continue
        session = after
        for note in said:
            output_fn(note)
    return session


def _names(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [name.strip() for name in text.split(",")]


def _open(args: argparse.Namespace, rules: Rules) -> tuple[Session, bool]:
    """The session to keep: resumed from ``--file`` when it exists, else a new one."""
    names = _names(args.names)
    path = args.file
    if path is not None and os.path.exists(path):
        try:
            session = records.replay_file(path)
        except (DoppelkopfError, OSError) as error:
            reason = error.strerror if isinstance(error, OSError) else str(error)
            raise _UsageError(f"--file: cannot resume {_show(path)}: {reason}") from None
        if names is not None and tuple(names) != session.names:
            raise _UsageError(
                f"--names: the file {_show(path)} keeps the sheet of other names; leave "
                "--names out to resume it"
            )
        if rules not in (Rules.DDV, session.rules):
            raise _UsageError(
                f"--rules: the file {_show(path)} keeps a session under the rules "
                f"{session.rules}; leave the rules out to resume it"
            )
        return session, True
    try:
        session = Session.new(args.first_dealer, rules=rules, names=names)
    except DoppelkopfError as error:
        option = "--names" if str(error).startswith("names") else "--first-dealer"
        raise _UsageError(f"{option}: {error}") from None
    if path is not None:
        try:
            records.save(path, session)
        except (DoppelkopfError, OSError) as error:
            reason = error.strerror if isinstance(error, OSError) else str(error)
            raise _UsageError(f"--file: cannot save to {_show(path)}: {reason}") from None
    return session, False


def _run_sheet(args: argparse.Namespace) -> int:
    if args.plot is not None:
        _check_plot(args.plot)
    session, resumed = _open(args, _rules(args))
    rules = session.rules
    interactive = sys.stdin.isatty()
    if resumed:
        print(f"Resuming the score sheet in {args.file} after {len(session)} deals:")
        print(session.score_sheet())
    else:
        print(
            f"Score sheet of a session of {rules.session_deals} deals; "
            f"{_who(session, session.first_dealer)} deals first. Type each deal's result as "
            "the options of doppelkopf score (e.g. --re 0,2 --re-points 151, or short: "
            "re 0,2 151) or as a JSON summary"
            + ("; void for a deal thrown in." if rules.armut or rules.schmeissen else ".")
        )
    _print_rules(rules)

    def save(changed: Session) -> None:
        records.save(args.file, changed)

    try:
        session = keep_sheet(
            session,
            _line_reader(MAX_LINE, echo=False),
            retry=interactive,
            on_change=None if args.file is None else save,
        )
    except SheetStopped as stopped:
        print()
        print(stopped.session.score_sheet())
        _plot(args, stopped.session)
        raise
    print()
    print(session.score_sheet())
    _plot(args, session)
    if not session.is_finished:
        print(f"The input ended after {len(session)} of {rules.session_deals} deals.")
        return EXIT_FAILURE
    return EXIT_OK


def _plot(args: argparse.Namespace, session: Session) -> None:
    """Draw the running totals to the ``--plot`` file, when one was given."""
    if args.plot is not None:
        _write_plot(args.plot, lambda plots: plots.session_figure(session))


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
            "doppelkopf score (or short: re 0,2 151) or as its JSON summary, or void for a "
            "deal thrown in, undo for the last deal, correct N RESULT, export csv PATH or "
            "export json PATH; show "
            "each settlement with the running totals, and after the last deal the sheet "
            "and the winners. Exit status 0 after the last deal, 1 when the input ends "
            "before, 2 for a line that is not a deal's result (when the input is not a "
            "terminal; a terminal asks again)."
        ),
    )
    sheet.add_argument(
        "--names",
        metavar="NAMES",
        help="the players' names, one per seat, separated by commas (e.g. Anna,Ben,Cem,Dora)",
    )
    sheet.add_argument(
        "--file",
        metavar="PATH",
        help="keep the sheet in this session record: resume it if it exists, and save it "
        "after every line taken",
    )
    sheet.add_argument(
        "--first-dealer",
        type=_table_seat,
        default=0,
        metavar="N",
        help="the seat that deals first, 0-3 (0-4 at five players; default: 0)",
    )
    _add_rules(sheet)
    _add_plot(
        sheet,
        "when the sheet ends, draw each player's running total over the deals to FILE, "
        "Bock and void deals marked",
    )
    sheet.set_defaults(handler=_run_sheet)
