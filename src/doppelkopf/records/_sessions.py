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

from collections.abc import Mapping
from typing import Any, Final

from ..session import ScoreRow
from ._common import Entry, show
from ._layout import obj

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
