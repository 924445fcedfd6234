"""The session's bookkeeping in a session record: one ``table`` object per deal (V§8-V§11).

Each deal of a session record may carry a ``table`` object with what the
session made of it: the played deal it belongs to (``number``), the table seat
that dealt, the table seat of each deal seat, the table seats that owed a
compulsory solo before it, whether it was forced or void, the kind and
soloist of its solo, its Bock multiplier and each table seat's score.  The
writer always writes it; the reader replays every deal through a
:class:`~doppelkopf.Session` and requires the recomputed bookkeeping to be
what the record states (records written before it existed have none).

A deal written down without cards (:meth:`Session.add_result
<doppelkopf.Session.add_result>`, :meth:`Session.add_void
<doppelkopf.Session.add_void>`) is an object of two keys: its ``result`` (the
:class:`~doppelkopf.DealSummary`, or ``null`` for a void deal) and its
``table``.  A session record may name the players (``names``) and the
position a round resumed mid-way starts from (``start``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..errors import DoppelkopfError
from ..rules import GameType, Rules
from ..scoring import DealSummary, PartyResult
from ..session import ScoreRow, SessionStart
from ._common import Entry, show
from ._layout import TABLE_KEY, obj
from ._structure import _fields, _read

_TABLE: Final = obj("table")
TABLE_KEYS: Final = _TABLE.keys


def table_fields(row: ScoreRow) -> dict[str, Any]:
    """The ``table`` object of a deal's row of the score sheet (V§8-V§11).

    >>> from doppelkopf import DealSummary, GameType, PartyResult, Rules, Session
    >>> solo = DealSummary(GameType.QUEENS_SOLO, {0}, PartyResult(190, 10), PartyResult(50, 2),
    ...                    rules=Rules.TOURNAMENT)
    >>> row = Session.new(3, rules=Rules.TOURNAMENT).add_result(solo).rows[0]
    >>> fields = table_fields(row)
    >>> fields["owing"], fields["solo_kind"], fields["soloist"], fields["scores"]
    ([0, 1, 2, 3], 'compulsory', 0, [9, -3, -3, -3])
    """
    return {
        "number": row.number,
        "dealer": row.dealer,
        "seats": list(row.seats),
        "owing": sorted(row.owing),
        "forced": row.forced,
        "void": row.void,
        "solo_kind": None if row.solo_kind is None else row.solo_kind.value,
        "soloist": row.soloist,
        "multiplier": row.multiplier,
        "scores": list(row.scores),
    }


def check_table(recorded: object, row: ScoreRow, entry: Entry) -> None:
    """Check a deal's recorded ``table`` object against the replayed row (V§8-V§11)."""
    if not isinstance(recorded, Mapping):
        entry.fail(f"must be a JSON object, not {show(recorded)}")
    for key in recorded:
        if key not in TABLE_KEYS:
            entry.fail(f"unknown key {show(key)}", key=key if isinstance(key, str) else None)
    actual = table_fields(row)
    for key in TABLE_KEYS:
        if key not in recorded:
            entry.fail(f"missing key {key!r}")
        value = recorded[key]
        node = _TABLE.field(key)
        if not node.accepts(value, ranges=False):  # the replay's values say the rest
            entry.fail(f"{key!r} must be {node.what}, not {show(value)}", key=key)
        written = list(value) if isinstance(value, list | tuple) else value
        if written != actual[key]:
            entry.fail(
                f"the record says {key}={show(written)}, but the replay gives {show(actual[key])}",
                key=key,
            )


# --- results written down, names and the start of a round resumed mid-way -----------------

_RESULT: Final = obj("result")
_PARTY_RESULT: Final = obj("partyResult")
_START: Final = obj("sessionStart")
_PAPER: Final = obj("paperDeal")
RESULT_KEY: Final = "result"


def result_fields(summary: DealSummary) -> dict[str, Any]:
    """The ``result`` object of a deal written down without cards (SPEC §9-§11).

    >>> from doppelkopf import DealSummary, GameType, PartyResult
    >>> fields = result_fields(DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7),
    ...                                    PartyResult(89, 5)))
    >>> fields["game_type"], fields["re_seats"], fields["re"]["card_points"]
    ('NORMAL', [0, 2], 151)
    """
    return {
        "game_type": summary.game_type.value,
        "re_seats": sorted(summary.re_seats),
        "re": _party_fields(summary.re),
        "kontra": _party_fields(summary.kontra),
    }


def _party_fields(result: PartyResult) -> dict[str, Any]:
    return {
        "card_points": result.card_points,
        "tricks": result.tricks,
        "announcement": None if result.announcement is None else int(result.announcement),
        "late_reply": result.late_reply,
        "doppelkopf": result.doppelkopf,
        "foxes_caught": result.foxes_caught,
        "karlchen": result.karlchen,
        "karlchen_caught": result.karlchen_caught,
        "fox_at_end": result.fox_at_end,
    }


def start_fields(start: SessionStart) -> dict[str, Any]:
    """The ``start`` object of a session resumed mid-way (SPEC §2.5, V§9, V§11)."""
    return {
        "played": start.played,
        "owing": sorted(start.owing or ()),
        "totals": list(start.totals or ()),
        "bock": list(start.bock),
    }


def is_paper(item: object) -> bool:
    """Whether a session record's deal entry is a result written down (it has ``result``)."""
    return isinstance(item, Mapping) and RESULT_KEY in item


def read_result(value: object, entry: Entry, rules: Rules) -> DealSummary:
    """The summary of a ``result`` object, checked as :class:`~doppelkopf.DealSummary` checks it."""
    data = _fields(value, entry, _RESULT)
    for key in ("game_type", "re_seats"):
        _read(data, key, entry, _RESULT)
    parties = []
    for side in ("re", "kontra"):
        side_entry = Entry(f"{entry.name}, {side}", (*entry.path, side))
        party = _fields(data[side], side_entry, _PARTY_RESULT)
        for key in _PARTY_RESULT.keys:
            _read(party, key, side_entry, _PARTY_RESULT)
        try:
            parties.append(PartyResult(**party))  # type: ignore[arg-type]
        except DoppelkopfError as error:
            side_entry.fail(str(error), cause=error)
    try:
        return DealSummary(
            GameType(str(data["game_type"])),
            data["re_seats"],  # type: ignore[arg-type]
            parties[0],
            parties[1],
            rules=rules,
        )
    except DoppelkopfError as error:
        entry.fail(str(error), cause=error)


def read_paper(item: object, entry: Entry, rules: Rules) -> tuple[DealSummary | None, object]:
    """A deal written down: its summary (``None`` for a void deal) and its ``table`` object."""
    data = _fields(item, entry, _PAPER)
    value = data[RESULT_KEY]
    if value is None:
        return None, data[TABLE_KEY]
    return read_result(value, Entry(f"{entry.name}, result", (*entry.path, RESULT_KEY)), rules), (
        data[TABLE_KEY]
    )


def read_start(value: object, entry: Entry) -> SessionStart:
    """The ``start`` object of a session record; the session checks it against its rules."""
    data = _fields(value, entry, _START)
    for key in _START.keys:
        _read(data, key, entry, _START)
    return SessionStart(
        data["played"],
        data["owing"],
        data["totals"],
        data["bock"],
    )
