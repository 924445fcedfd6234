"""``doppelkopf score``: the score calculator for a deal played with real cards."""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Final

from .._json import MAX_BYTES
from ..errors import InvalidNotationError, InvalidRulesError, InvalidSummaryError
from ..parties import Announcement
from ..rules import GameType, Rules
from ..scoring import DealSummary, PartyResult, settle
from ..session._bock import triggers
from ._common import (
    EXIT_OK,
    _add_rules,
    _count,
    _cut,
    _fail,
    _parse_json,
    _positive,
    _rules,
    _show,
)


def _game_type(text: str) -> GameType:
    try:
        return GameType.parse(text)
    except InvalidNotationError:
        names = ", ".join(game.name for game in GameType)
        raise argparse.ArgumentTypeError(
            f"unknown game type {_show(text)}; choose from {names}"
        ) from None


def _seat_list(text: str) -> list[int]:
    try:
        seats = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"seats are numbers 0-3 separated by commas, not {_show(text)}"
        ) from None
    for seat in seats:
        if seats.count(seat) > 1:
            raise argparse.ArgumentTypeError(
                f"seat {_show(seat)} is named twice in {_show(text)}: name each Re seat once"
            )
    return seats


_OTHER_WORDS: Final = {"re": ("kontra", "contra"), "kontra": ("re",)}
"""The words of the other party's Ansage, which one party cannot have made (SPEC §8.1)."""


def _own_level(level: Announcement, text: str, party: str) -> str | None:
    """Why ``text``, read as ``level``, is not an announcement of ``party``, or ``None``."""
    if level is Announcement.RE_KONTRA and "".join(text.lower().split()) in _OTHER_WORDS[party]:
        own, other = ("Re", "Kontra") if party == "re" else ("Kontra", "Re")
        return (
            f"{own}'s Ansage is {own.lower()}, not {other.lower()}: {other} announces "
            f"{other.lower()} (SPEC §8.1)"
        )
    return None


def _announcement(party: str) -> Callable[[str], Announcement | None]:
    """The type of ``--re-announcement`` (``party`` ``"re"``) or ``--kontra-announcement``."""

    def parse(text: str) -> Announcement | None:
        if text.strip().lower() in ("none", "-", ""):
            return None
        try:
            level = Announcement.parse(text)
        except InvalidNotationError:
            raise argparse.ArgumentTypeError(
                f"unknown announcement {_show(text)}; use none, {party}, k90, k60, k30 or schwarz"
            ) from None
        wrong = _own_level(level, text, party)
        if wrong is not None:
            raise argparse.ArgumentTypeError(wrong)
        return level

    return parse


_PARTY_KEYS: Final = (
    "card_points",
    "tricks",
    "announcement",
    "late_reply",
    "doppelkopf",
    "foxes_caught",
    "karlchen",
)
_SUMMARY_KEYS: Final = ("game_type", "re_seats", "re", "kontra", "rules")


def _json_int(value: object, where: str) -> int:
    if type(value) is not int:
        _fail(f"{where} must be a whole number, not {_show(value)}")
    return value


def _json_bool(value: object, where: str) -> bool:
    if type(value) is not bool:
        _fail(f"{where} must be true or false, not {_show(value)}")
    return value


def _json_announcement(value: object, where: str, party: str) -> Announcement | None:
    if value is None:
        return None
    if type(value) is int and 0 <= value <= 4:
        return Announcement(value)
    if isinstance(value, str):
        with contextlib.suppress(InvalidNotationError):
            level = Announcement.parse(value)
            wrong = _own_level(level, value, party)
            if wrong is not None:
                _fail(f"{where}: {wrong}")
            return level
    return _fail(
        f"{where} must be null, a level 0-4 or one of {party}, k90, k60, k30, schwarz, "
        f"not {_show(value)}"
    )


def _json_object(value: object, where: str, keys: Sequence[str]) -> Mapping[str, object]:
    if not isinstance(value, dict):
        _fail(f"{where} must be a JSON object, not {_show(value)}")
    unknown = sorted(str(key) for key in set(value) - set(keys))
    if unknown:
        _fail(f"{where}: unknown key {_cut(repr(unknown[0]))}; the keys are {', '.join(keys)}")
    return value


def _split(first: int | None, second: int | None, whole: int) -> tuple[int | None, int | None]:
    """Both parties' figures when one of them is given: the other has what is left of ``whole``."""
    if first is None and second is not None:
        return whole - second, second
    if second is None and first is not None:
        return first, whole - first
    return first, second


def _tricks_for(
    re_points: int, tricks: tuple[int | None, int | None], whole: int
) -> list[tuple[int, int]]:
    """The trick counts to try: those given, or else every split with at least one trick each.

    Tricks count in the score only for schwarz (SPEC §10.1), so when nobody
    said how many tricks each party took, each took at least one; the splits
    are tried nearest the card points first, since a summary must be possible
    (few tricks cannot hold many card points).  ``whole`` is the number of
    tricks of a deal: 12, or 10 without nines (V§1.3).
    """
    re_tricks, kontra_tricks = tricks
    if re_tricks is not None and kontra_tricks is not None:
        return [(re_tricks, kontra_tricks)]
    guess = round(whole * re_points / 240)
    return [(n, whole - n) for n in sorted(range(1, whole), key=lambda n: (abs(n - guess), n))]


def _summary(
    game: GameType,
    seats: Iterable[int],
    *,
    points: tuple[int, int],
    tricks: tuple[int | None, int | None],
    extras: tuple[Mapping[str, object], Mapping[str, object]],
    rules: Rules,
) -> DealSummary:
    """The summary of the deal, with trick counts as :func:`_tricks_for` chooses them."""
    seat_list = list(seats)
    first: InvalidSummaryError | None = None
    for re_tricks, kontra_tricks in _tricks_for(points[0], tricks, rules.tricks):
        try:
            return DealSummary(
                game,
                seat_list,
                PartyResult(points[0], re_tricks, **extras[0]),  # type: ignore[arg-type]
                PartyResult(points[1], kontra_tricks, **extras[1]),  # type: ignore[arg-type]
                rules=rules,
            )
        except InvalidSummaryError as error:
            first = first or error
    assert first is not None
    raise first


def _json_extra(data: Mapping[str, object], where: str) -> dict[str, object]:
    return {
        "announcement": _json_announcement(
            data.get("announcement"), f"{where}.announcement", where
        ),
        "late_reply": _json_bool(data.get("late_reply", False), f"{where}.late_reply"),
        "doppelkopf": _json_int(data.get("doppelkopf", 0), f"{where}.doppelkopf"),
        "foxes_caught": _json_int(data.get("foxes_caught", 0), f"{where}.foxes_caught"),
        "karlchen": _json_bool(data.get("karlchen", False), f"{where}.karlchen"),
    }


def _json_figure(data: Mapping[str, object], where: str, key: str) -> int | None:
    return _json_int(data[key], f"{where}.{key}") if key in data else None


def _json_rules(document: Mapping[str, object], rules: Rules | None) -> Rules:
    """The rules a summary document states, or else ``rules`` (the default rules when ``None``).

    A document that states rules cannot be given other rules as well.
    """
    if "rules" not in document:
        return Rules.DDV if rules is None else rules
    try:
        stated = Rules.from_dict(document["rules"])  # type: ignore[arg-type]
    except InvalidRulesError as error:
        _fail(f"rules: {error}")
    if rules is not None and rules != stated:
        _fail(
            f"the summary states the rules {stated}, but the command line gives {rules}; "
            "give the rules in one place"
        )
    return stated


def summary_and_counted(data: object, rules: Rules | None = None) -> tuple[DealSummary, bool]:
    """The summary in ``data`` and whether its trick counts were given.

    ``rules`` are the rules of the deal unless ``data`` states its own.
    """
    document = _json_object(data, "the summary", _SUMMARY_KEYS)
    table = _json_rules(document, rules)
    game_text = document.get("game_type", "NORMAL")
    if not isinstance(game_text, str):
        _fail(f"game_type must be a string, not {_show(game_text)}")
    try:
        game = GameType.parse(game_text)
    except InvalidNotationError:
        _fail(f"unknown game_type {_cut(repr(game_text))}")
    seats = document.get("re_seats")
    if not isinstance(seats, list):
        _fail(f"re_seats must be a list of seats, not {_show(seats)}")
    seat_numbers = [_json_int(seat, "re_seats[]") for seat in seats]
    for seat in seat_numbers:
        if seat_numbers.count(seat) > 1:
            _fail(f"re_seats names seat {_show(seat)} twice: name each Re seat once")
    if "re" not in document:
        _fail("re is missing")
    re_data = _json_object(document["re"], "re", _PARTY_KEYS)
    kontra_data = _json_object(document.get("kontra", {}), "kontra", _PARTY_KEYS)
    re_points, kontra_points = _split(
        _json_figure(re_data, "re", "card_points"),
        _json_figure(kontra_data, "kontra", "card_points"),
        240,
    )
    if re_points is None or kontra_points is None:
        _fail("re.card_points is missing (or kontra.card_points)")
    tricks = _split(
        _json_figure(re_data, "re", "tricks"),
        _json_figure(kontra_data, "kontra", "tricks"),
        table.tricks,
    )
    summary = _summary(
        game,
        seat_numbers,
        points=(re_points, kontra_points),
        tricks=tricks,
        extras=(_json_extra(re_data, "re"), _json_extra(kontra_data, "kontra")),
        rules=table,
    )
    return summary, tricks[0] is not None


def summary_from_json(data: object) -> DealSummary:
    """The :class:`~doppelkopf.DealSummary` in a JSON object, as ``score --json`` reads it.

    ``game_type`` (a name such as ``"NORMAL"`` or a SPEC id such as
    ``"SOLO_Q"``, default ``"NORMAL"``), ``re_seats`` (a list of seats) and the
    two party objects ``re`` and ``kontra`` with the fields of
    :class:`~doppelkopf.PartyResult`.  One party's card points are enough: the
    other's are what is left of 240 (likewise tricks, of 12 or 10 without
    nines), and ``kontra`` may be left out altogether.  Tricks count only for
    schwarz (SPEC §10.1): without them each party took at least one trick, and
    the summary holds a split of the tricks that fits the card points; give
    ``"tricks": 0`` for a party that took none.  An optional ``rules`` object
    names the rules of the deal as :meth:`Rules.as_dict
    <doppelkopf.Rules.as_dict>` writes them (missing options keep their
    defaults; default: the DDV rules, V§0.1).

    >>> summary = summary_from_json({"re_seats": [0, 2], "re": {"card_points": 160, "tricks": 9}})
    >>> summary.kontra.card_points, summary.kontra.tricks, summary.game_type
    (80, 3, GameType.NORMAL)
    >>> summary_from_json({"re_seats": [1, 3], "kontra": {"card_points": 100},
    ...                    "re": {"announcement": "re"}}).re.card_points
    140
    >>> ten = summary_from_json({"re_seats": [0, 2], "re": {"card_points": 160},
    ...                          "rules": {"nines": False}})
    >>> ten.rules, ten.re.tricks + ten.kontra.tricks
    (Rules(nines=False), 10)

    Raises:
        InvalidSummaryError: the summary cannot come from a deal.
        InvalidValueError: a key or value is not what the format allows, or the
            rules are not a rule set (V§0.1, V§0.4).
    """
    return summary_and_counted(data)[0]


def _summary_from_options(args: argparse.Namespace, rules: Rules) -> tuple[DealSummary, bool]:
    """The summary the options describe and whether its trick counts were given."""
    if args.re is None:
        _fail("the score needs --re (or --json FILE)")
    re_points, kontra_points = _split(args.re_points, args.kontra_points, 240)
    if re_points is None or kontra_points is None:
        _fail("the score needs --re-points or --kontra-points (or --json FILE)")
    tricks = _split(args.re_tricks, args.kontra_tricks, rules.tricks)

    def extra(party: str) -> dict[str, object]:
        return {
            "announcement": getattr(args, f"{party}_announcement"),
            "late_reply": getattr(args, f"{party}_late_reply"),
            "doppelkopf": getattr(args, f"{party}_doppelkopf") or 0,
            "foxes_caught": getattr(args, f"{party}_foxes") or 0,
            "karlchen": args.karlchen == party,
        }

    summary = _summary(
        args.game or GameType.NORMAL,
        args.re,
        points=(re_points, kontra_points),
        tricks=tricks,
        extras=(extra("re"), extra("kontra")),
        rules=rules,
    )
    return summary, tricks[0] is not None


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


_TRICKS = re.compile(r"card points, +\d+ tricks?,")


def settlement_text(summary: DealSummary, *, tricks_counted: bool = True) -> str:
    """The settlement of ``summary`` as text; without counted tricks, no trick counts are shown.

    >>> x01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
    >>> print(settlement_text(x01, tricks_counted=False).splitlines()[1])
      Re      151 card points, tricks not counted, nothing announced
    """
    text = str(settle(summary))
    if tricks_counted:
        return text
    lines = text.splitlines()
    for index in range(1, 4):
        if lines[index].startswith(("  Re ", "  Kontra ")):
            lines[index] = _TRICKS.sub("card points, tricks not counted,", lines[index], count=1)
    return "\n".join(lines)


def _read_bytes(source: str) -> str | bytes:
    """The text of ``source`` (``-`` for standard input), at most one byte past the limit."""
    try:
        if source == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is not None:
                data: bytes = stream.read(MAX_BYTES + 1)
                return data
            text: str = sys.stdin.read(MAX_BYTES + 1)
            return text
        with Path(source).open("rb") as file:
            return file.read(MAX_BYTES + 1)
    except OSError as error:
        _fail(f"cannot read {_cut(source, 80)}: {error.strerror or error}")


def _read_json(source: str) -> object:
    name = "standard input" if source == "-" else _cut(source, 80)
    return _parse_json(_read_bytes(source), name)


def read_summary(args: argparse.Namespace, rules: Rules | None = None) -> tuple[DealSummary, bool]:
    """The summary that ``--json`` or the deal options describe, and whether tricks were given.

    The rules of the deal are ``rules``, or else those of ``--rules`` and
    ``--option`` when ``args`` has them; a ``--json`` summary may state its own,
    if no other rules were given.
    """
    named = hasattr(args, "rules") and (args.rules.strip().lower() != "ddv" or args.option)
    if rules is None and named:
        rules = _rules(args)
    if args.json is not None:
        given = [name for name in _SCORE_OPTIONS if getattr(args, name) not in (None, False)]
        if given:
            _fail(f"--json cannot be combined with --{given[0].replace('_', '-')}")
        return summary_and_counted(_read_json(args.json), rules)
    return _summary_from_options(args, Rules.DDV if rules is None else rules)


def bock_text(summary: DealSummary, multiplier: int = 1) -> list[str]:
    """The Bock lines of a deal: its scores times ``multiplier``, the rounds it starts (V§11).

    >>> tie = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(120, 6), PartyResult(120, 6),
    ...                   rules=Rules(bock={"tie"}))
    >>> for line in bock_text(tie, 2):
    ...     print(line)
    Bock x2: seat 0 -4, seat 1 +4, seat 2 -4, seat 3 +4 (V§11.4)
    Starts 1 Bock round of 4 deals: tie (V§11.1)
    """
    settlement = settle(summary)
    lines = []
    if multiplier > 1:
        scores = ", ".join(
            f"seat {seat} {score * multiplier:+d}" if score else f"seat {seat} 0"
            for seat, score in enumerate(settlement.scores)
        )
        lines.append(f"Bock x{multiplier}: {scores} (V§11.4)")
    met = triggers(summary.rules, settlement)
    if met:
        rounds = "round" if len(met) == 1 else "rounds"
        deals = summary.rules.players
        lines.append(f"Starts {len(met)} Bock {rounds} of {deals} deals: {', '.join(met)} (V§11.1)")
    return lines


def _run_score(args: argparse.Namespace) -> int:
    multiplier: int = args.bock
    if multiplier & (multiplier - 1):
        _fail(f"--bock takes a Bock multiplier 1, 2, 4, 8, ... (V§11.3), not {multiplier}")
    summary, counted = read_summary(args)
    print(settlement_text(summary, tricks_counted=counted))
    for line in bock_text(summary, multiplier):
        print(line)
    return EXIT_OK


def add_deal_options(parser: argparse.ArgumentParser) -> None:
    """The options that describe one deal's outcome, shared by ``score`` and ``sheet``."""
    parser.add_argument(
        "--json",
        metavar="FILE",
        help="read the summary from a JSON file (- for standard input) instead of options",
    )
    deal = parser.add_argument_group("the deal (instead of --json)")
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
        other = "Kontra" if party == "re" else "Re"
        group = parser.add_argument_group(f"{name} (instead of --json)")
        group.add_argument(
            f"--{party}-points",
            type=_count,
            metavar="N",
            help=f"card points (one party's are needed; default: 240 minus {other}'s)",
        )
        group.add_argument(
            f"--{party}-tricks",
            type=_count,
            metavar="N",
            help=(
                "tricks, which count only for schwarz: give 0 for a party that took none "
                f"(default: 12, or 10 without nines, minus {other}'s, or at least one each)"
            ),
        )
        group.add_argument(
            f"--{party}-announcement",
            type=_announcement(party),
            metavar="LEVEL",
            help=f"highest announcement: {party}, k90, k60, k30 or schwarz (default: none; "
            f"{other.lower()} is {other}'s Ansage, given with --{other.lower()}-announcement)",
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


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``score`` subcommand to ``commands``."""
    score = commands.add_parser(
        "score",
        help="settle a deal played with real cards",
        description=(
            "Settle a deal from what was written down after the last trick and print each line "
            "of the game value and each seat's score. One party's card points are enough: "
            "the other's are what is left of 240. Tricks count only for schwarz, so "
            "without them each party took at least one; give --re-tricks 0 or "
            "--kontra-tricks 0 for a party that took none. Under --rules tournament or "
            "with Bock rounds (--option bock=...) the deal is settled the same way; "
            "--bock N shows its scores in a Bock round, and the Bock rounds it starts "
            "are named."
        ),
    )
    add_deal_options(score)
    score.add_argument(
        "--bock",
        type=_positive,
        default=1,
        metavar="N",
        help="the deal's Bock multiplier, 2 or 2^k in a Bock round (V§11.3; default: 1); "
        "with --option bock=tie+lost_announcement+lost_solo the Bock rounds the deal "
        "starts are named",
    )
    _add_rules(score)
    score.set_defaults(handler=_run_score)
