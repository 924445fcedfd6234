"""The session's bookkeeping in a session record: one ``table`` object per deal (V§8-V§11).

Each deal of a session record may carry a ``table`` object with what the
session made of it: the played deal it belongs to (``number``), the table seat
that dealt, the table seat of each deal seat, the table seats that owed a
compulsory solo before it, whether it was forced or void, the kind and
soloist of its solo, its Bock multiplier and each table seat's score.  The
writer always writes it; the reader replays every deal through a
:class:`~doppelkopf.Session` and requires the recomputed bookkeeping to be
what the record states (records written before it existed have none).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ..deal import SoloKind
from ..session import ScoreRow
from ._common import Entry, show

TABLE_KEY: Final = "table"
TABLE_KEYS: Final = (
    "number",
    "dealer",
    "seats",
    "owing",
    "forced",
    "void",
    "solo_kind",
    "soloist",
    "multiplier",
    "scores",
)


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


def _json_ints(value: object) -> bool:
    return isinstance(value, list | tuple) and all(type(item) is int for item in value)


_SOLO_KINDS: Final = frozenset(kind.value for kind in SoloKind)
"""The record names of the solo kinds; a value is looked up only once it is a string,
since a list or an object from the JSON is not hashable."""

_SHAPES: Final[dict[str, tuple[Callable[[object], bool], str]]] = {
    "number": (lambda value: type(value) is int, "an integer"),
    "dealer": (lambda value: type(value) is int, "a table seat"),
    "seats": (_json_ints, "an array of table seats"),
    "owing": (_json_ints, "an array of table seats"),
    "forced": (lambda value: type(value) is bool, "true or false"),
    "void": (lambda value: type(value) is bool, "true or false"),
    "solo_kind": (
        lambda value: value is None or (type(value) is str and value in _SOLO_KINDS),
        "null, 'compulsory', 'voluntary' or 'forced'",
    ),
    "soloist": (lambda value: value is None or type(value) is int, "null or a table seat"),
    "multiplier": (lambda value: type(value) is int, "an integer"),
    "scores": (_json_ints, "an array of integers"),
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
        shape, what = _SHAPES[key]
        if not shape(value):
            entry.fail(f"{key!r} must be {what}, not {show(value)}", key=key)
        written = list(value) if isinstance(value, list | tuple) else value
        if written != actual[key]:
            entry.fail(
                f"the record says {key}={show(written)}, but the replay gives {show(actual[key])}",
                key=key,
            )
