"""``doppelkopf analyze``: which decisions of a recorded deal cost a seat how much.

The record is a deal record, or a session record with ``--deal N`` naming
one of its deals.  The table of decisions is printed; the HTML report is
written next to the record (``NAME.analysis.html``, ``NAME.deal-N.analysis.html``
for a deal of a session) or to ``--report FILE``, unless ``--no-report``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from .._json import MAX_BYTES
from ..analysis import DEFAULT_BUDGET, DEFAULT_THRESHOLD, analyze, write_report
from ..analysis._analyze import MAX_BUDGET, MAX_JOBS
from ..deal import Deal
from ..errors import DoppelkopfError
from ..records import RecordError, load
from ._common import (
    EXIT_OK,
    _add_ascii,
    _check_writable,
    _count,
    _cut,
    _fail,
    _show,
    _write_file,
)

_ASCII_SUITS = str.maketrans({"♣": "C", "♠": "S", "♥": "H", "♦": "D"})
"""A card's suit symbol to its ASCII letter: ``♥10`` becomes ``H10``, as cards are read."""


def _seat(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seat is 0, 1, 2 or 3, not {_show(text)}") from None
    if not 0 <= value <= 3:
        raise argparse.ArgumentTypeError(f"a seat is 0, 1, 2 or 3, not {_show(value)}")
    return value


def _bounded(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = _count(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be from {low:,} to {high:,}, not {_show(value)}"
            )
        return value

    return parse


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, not {_show(text)}") from None
    if not 0 <= value <= 1000:
        raise argparse.ArgumentTypeError(f"must be from 0 to 1000 points, not {_show(text)}")
    return value


def _read_deal(path: Path, number: int | None) -> Deal:
    """The deal of the record in ``path``: the record's own, or deal ``number`` of a session."""
    shown = _cut(str(path), 80)
    try:
        if path.is_file() and path.stat().st_size > MAX_BYTES:
            _fail(f"{shown}: the file is longer than {MAX_BYTES:,} bytes (16 MiB)")
        loaded = load(path)
    except OSError as error:
        _fail(f"cannot read {shown}: {error.strerror or error}")
    except RecordError as error:
        _fail(f"{shown}: {error}")
    if isinstance(loaded, Deal):
        if number is not None and number != 1:
            _fail(f"{shown} is a deal record: --deal can only be 1, not {number}")
        return loaded
    _, deals = loaded
    if not deals:
        _fail(f"{shown} is a session record without any deal")
    if number is None:
        if len(deals) > 1:
            _fail(f"{shown} is a session record of {len(deals)} deals: choose one with --deal N")
        number = 1
    if not 1 <= number <= len(deals):
        _fail(f"{shown} holds deals 1 to {len(deals)}, not {number}")
    return deals[number - 1]


def _report_path(args: argparse.Namespace, session: bool) -> Path | None:
    if args.no_report:
        return None
    if args.report is not None:
        chosen: Path = args.report
        return chosen
    record: Path = args.record
    stem = record.name.removesuffix(".json")
    middle = f".deal-{args.deal}" if session and args.deal is not None else ""
    return record.with_name(f"{stem}{middle}.analysis.html")


def _run_analyze(args: argparse.Namespace) -> int:
    deal = _read_deal(args.record, args.deal)
    target = _report_path(args, args.deal is not None)
    if target is not None:
        _check_writable(target)
    seats = None if not args.seat else sorted(set(args.seat))
    try:
        analysis = analyze(
            deal,
            seat=seats,
            budget=args.budget,
            seed=args.seed,
            threshold=args.threshold,
            jobs=args.jobs,
        )
    except DoppelkopfError as error:
        _fail(f"{_cut(str(args.record), 80)}: {error}")
    text = str(analysis)
    print(text.translate(_ASCII_SUITS) if args.ascii else text)
    if target is not None:
        title = f"Analysis of {args.record.name}" + (
            f", deal {args.deal}" if args.deal is not None else ""
        )
        _write_file(target, lambda path: write_report(analysis, path, title=title, deal=deal))
        print(f"\nReport written to {target}.")
    return EXIT_OK


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``analyze`` subcommand to ``commands``."""
    parser = commands.add_parser(
        "analyze",
        help="find the decisions that cost a seat points in a recorded deal",
        description=(
            "Replay a finished deal from its record and score every option of every decision "
            "of the chosen seats from that seat's own view: worlds drawn from what the seat "
            "could see, the same worlds for every option, each played out and settled. "
            "Prints every decision with its options, the loss of the choice against the best "
            "and the blunders, and writes an HTML report."
        ),
    )
    parser.add_argument("record", type=Path, metavar="RECORD", help="a deal or session record")
    parser.add_argument(
        "--deal",
        type=_bounded(1, 10_000),
        default=None,
        metavar="N",
        help="the deal of a session record to analyse, counted from 1",
    )
    parser.add_argument(
        "--seat",
        type=_seat,
        action="append",
        default=[],
        metavar="S",
        help="a seat to analyse, 0-3; repeat for more (default: all four)",
    )
    parser.add_argument(
        "--budget",
        type=_bounded(2, MAX_BUDGET),
        default=DEFAULT_BUDGET,
        metavar="N",
        help=f"worlds drawn per decision (default: {DEFAULT_BUDGET}); the time grows and the "
        "intervals narrow as N grows",
    )
    parser.add_argument(
        "--jobs",
        type=_bounded(1, MAX_JOBS),
        default=1,
        metavar="N",
        help="processes that share the decisions, with the same results (default: 1)",
    )
    parser.add_argument(
        "--seed",
        type=_count,
        default=0,
        metavar="N",
        help="seed of the worlds drawn (default: 0)",
    )
    parser.add_argument(
        "--threshold",
        type=_number,
        default=DEFAULT_THRESHOLD,
        metavar="POINTS",
        help=f"the loss above which a significant loss is a blunder (default: "
        f"{DEFAULT_THRESHOLD:g})",
    )
    _add_ascii(parser)
    written = parser.add_mutually_exclusive_group()
    written.add_argument(
        "--report",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the HTML report to FILE (default: next to the record, NAME.analysis.html)",
    )
    written.add_argument(
        "--no-report", action="store_true", help="print the table only, write no report"
    )
    parser.set_defaults(handler=_run_analyze)
