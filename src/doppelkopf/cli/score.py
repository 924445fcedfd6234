"""``doppelkopf score``: the score calculator for a deal played with real cards."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from ..errors import InvalidNotationError
from ..parties import Announcement
from ..rules import GameType
from ..scoring import DealSummary, PartyResult, settle
from ._common import (
    EXIT_OK,
    _count,
    _fail,
)


def _game_type(text: str) -> GameType:
    try:
        return GameType.parse(text)
    except InvalidNotationError:
        names = ", ".join(game.name for game in GameType)
        raise argparse.ArgumentTypeError(
            f"unknown game type {text!r}; choose from {names}"
        ) from None


def _seat_list(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"seats are numbers 0-3 separated by commas, not {text!r}"
        ) from None


def _announcement(text: str) -> Announcement | None:
    if text.strip().lower() in ("none", "-", ""):
        return None
    try:
        return Announcement.parse(text)
    except InvalidNotationError:
        raise argparse.ArgumentTypeError(
            f"unknown announcement {text!r}; use none, re, kontra, k90, k60, k30 or schwarz"
        ) from None


_PARTY_KEYS: Final = (
    "card_points",
    "tricks",
    "announcement",
    "late_reply",
    "doppelkopf",
    "foxes_caught",
    "karlchen",
)
_SUMMARY_KEYS: Final = ("game_type", "re_seats", "re", "kontra")


def _json_int(value: object, where: str) -> int:
    if type(value) is not int:
        _fail(f"{where} must be a whole number, not {json.dumps(value)}")
    return value


def _json_bool(value: object, where: str) -> bool:
    if type(value) is not bool:
        _fail(f"{where} must be true or false, not {json.dumps(value)}")
    return value


def _json_announcement(value: object, where: str) -> Announcement | None:
    if value is None:
        return None
    if type(value) is int and 0 <= value <= 4:
        return Announcement(value)
    if isinstance(value, str):
        with contextlib.suppress(InvalidNotationError):
            return Announcement.parse(value)
    return _fail(
        f"{where} must be null, a level 0-4 or one of re, kontra, k90, k60, k30, schwarz, "
        f"not {json.dumps(value)}"
    )


def _json_object(value: object, where: str, keys: Sequence[str]) -> Mapping[str, object]:
    if not isinstance(value, dict):
        _fail(f"{where} must be a JSON object, not {json.dumps(value)}")
    unknown = sorted(set(value) - set(keys))
    if unknown:
        _fail(f"{where}: unknown key {unknown[0]!r}; the keys are {', '.join(keys)}")
    return value


def _json_party(value: object, where: str, other: Mapping[str, object] | None) -> PartyResult:
    data = _json_object(value, where, _PARTY_KEYS)
    values: dict[str, int] = {}
    for key, whole in (("card_points", 240), ("tricks", 12)):
        if key in data:
            values[key] = _json_int(data[key], f"{where}.{key}")
        elif other is not None and key in other:
            values[key] = whole - _json_int(other[key], f"re.{key}")
        else:
            _fail(f"{where}.{key} is missing")
    return PartyResult(
        values["card_points"],
        values["tricks"],
        announcement=_json_announcement(data.get("announcement"), f"{where}.announcement"),
        late_reply=_json_bool(data.get("late_reply", False), f"{where}.late_reply"),
        doppelkopf=_json_int(data.get("doppelkopf", 0), f"{where}.doppelkopf"),
        foxes_caught=_json_int(data.get("foxes_caught", 0), f"{where}.foxes_caught"),
        karlchen=_json_bool(data.get("karlchen", False), f"{where}.karlchen"),
    )


def summary_from_json(data: object) -> DealSummary:
    """The :class:`~doppelkopf.DealSummary` in a JSON object, as ``score --json`` reads it.

    ``game_type`` (a name such as ``"NORMAL"`` or a SPEC id such as
    ``"SOLO_Q"``, default ``"NORMAL"``), ``re_seats`` (a list of seats) and the
    two party objects ``re`` and ``kontra`` with the fields of
    :class:`~doppelkopf.PartyResult`.  ``kontra`` may leave out its card
    points and tricks, which are then what ``re`` leaves of 240 and 12, and may
    be left out altogether.

    >>> summary = summary_from_json({"re_seats": [0, 2], "re": {"card_points": 160, "tricks": 9}})
    >>> summary.kontra.card_points, summary.kontra.tricks, summary.game_type
    (80, 3, GameType.NORMAL)

    Raises:
        InvalidSummaryError: the summary cannot come from a deal.
        ValueError: a key or value is not what the format allows.
    """
    document = _json_object(data, "the summary", _SUMMARY_KEYS)
    game_text = document.get("game_type", "NORMAL")
    if not isinstance(game_text, str):
        _fail(f"game_type must be a string, not {json.dumps(game_text)}")
    try:
        game = GameType.parse(game_text)
    except InvalidNotationError:
        _fail(f"unknown game_type {game_text!r}")
    seats = document.get("re_seats")
    if not isinstance(seats, list):
        _fail(f"re_seats must be a list of seats, not {json.dumps(seats)}")
    seat_numbers = [_json_int(seat, "re_seats[]") for seat in seats]
    if "re" not in document:
        _fail("re is missing")
    re_data = _json_object(document["re"], "re", _PARTY_KEYS)
    re = _json_party(re_data, "re", None)
    kontra = _json_party(document.get("kontra", {}), "kontra", re_data)
    return DealSummary(game, seat_numbers, re, kontra)


def _summary_from_options(args: argparse.Namespace) -> DealSummary:
    missing = [
        option
        for option, value in (
            ("--re", args.re),
            ("--re-points", args.re_points),
            ("--re-tricks", args.re_tricks),
        )
        if value is None
    ]
    if missing:
        _fail(f"the score needs {', '.join(missing)} (or --json FILE)")
    kontra_points = 240 - args.re_points if args.kontra_points is None else args.kontra_points
    kontra_tricks = 12 - args.re_tricks if args.kontra_tricks is None else args.kontra_tricks
    re = PartyResult(
        args.re_points,
        args.re_tricks,
        announcement=args.re_announcement,
        late_reply=args.re_late_reply,
        doppelkopf=args.re_doppelkopf or 0,
        foxes_caught=args.re_foxes or 0,
        karlchen=args.karlchen == "re",
    )
    kontra = PartyResult(
        kontra_points,
        kontra_tricks,
        announcement=args.kontra_announcement,
        late_reply=args.kontra_late_reply,
        doppelkopf=args.kontra_doppelkopf or 0,
        foxes_caught=args.kontra_foxes or 0,
        karlchen=args.karlchen == "kontra",
    )
    return DealSummary(args.game or GameType.NORMAL, args.re, re, kontra)


_SCORE_OPTIONS: Final = (
    "game",
    "re",
    "re_points",
    "re_tricks",
    "re_announcement",
    "re_late_reply",
    "re_doppelkopf",
    "re_foxes",
    "kontra_points",
    "kontra_tricks",
    "kontra_announcement",
    "kontra_late_reply",
    "kontra_doppelkopf",
    "kontra_foxes",
    "karlchen",
)
"""The options that describe a summary; ``--json`` replaces all of them."""


def _read_json(source: str) -> object:
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as error:
        _fail(f"cannot read {source}: {error.strerror or error}")
    except UnicodeDecodeError:
        _fail(f"{source} is not UTF-8 text")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        _fail(f"{'standard input' if source == '-' else source} is not JSON: {error}")


def _run_score(args: argparse.Namespace) -> int:
    if args.json is not None:
        given = [name for name in _SCORE_OPTIONS if getattr(args, name) not in (None, False)]
        if given:
            _fail(f"--json cannot be combined with --{given[0].replace('_', '-')}")
        summary = summary_from_json(_read_json(args.json))
    else:
        summary = _summary_from_options(args)
    print(settle(summary))
    return EXIT_OK


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``score`` subcommand to ``commands``."""
    score = commands.add_parser(
        "score",
        help="settle a deal played with real cards",
        description=(
            "Settle a deal from what was written down after trick 12 and print each line "
            "of the game value and each seat's score. Kontra's card points and tricks "
            "default to what Re leaves of 240 and 12."
        ),
    )
    score.add_argument(
        "--json",
        metavar="FILE",
        help="read the summary from a JSON file (- for standard input) instead of options",
    )
    deal = score.add_argument_group("the deal (instead of --json)")
    deal.add_argument(
        "--game",
        type=_game_type,
        metavar="TYPE",
        help="game type: NORMAL, MARRIAGE, SOLO_Q, FLESHLESS, ... (default: NORMAL)",
    )
    deal.add_argument(
        "--re",
        type=_seat_list,
        metavar="SEATS",
        help="the Re seats, e.g. 0,2, or the soloist alone (required)",
    )
    deal.add_argument(
        "--karlchen",
        choices=("re", "kontra"),
        help="the party whose ♣J won the last trick (§11.5)",
    )
    for party in ("re", "kontra"):
        name = "Re" if party == "re" else "Kontra"
        group = score.add_argument_group(f"{name} (instead of --json)")
        points = "required" if party == "re" else "default: 240 minus Re's"
        group.add_argument(
            f"--{party}-points", type=_count, metavar="N", help=f"card points ({points})"
        )
        tricks = "required" if party == "re" else "default: 12 minus Re's"
        group.add_argument(f"--{party}-tricks", type=_count, metavar="N", help=f"tricks ({tricks})")
        group.add_argument(
            f"--{party}-announcement",
            type=_announcement,
            metavar="LEVEL",
            help=f"highest announcement: {party}, k90, k60, k30 or schwarz (default: none)",
        )
        group.add_argument(
            f"--{party}-late-reply",
            action="store_true",
            help=f"the {name} was only a late reply (§8.6c)",
        )
        group.add_argument(
            f"--{party}-doppelkopf",
            type=_count,
            metavar="N",
            help="tricks of 40 or more card points won (§11.3)",
        )
        group.add_argument(
            f"--{party}-foxes",
            type=_count,
            metavar="N",
            help="foxes caught (§11.4)",
        )
    score.set_defaults(handler=_run_score)
