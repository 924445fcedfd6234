"""The score sheet: one row per deal, and the sheet as plain text (SPEC §2.5, §12, V§8-V§11)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from .._text_table import Column, lay_out, width
from ..deal import SoloKind
from ..rules import GameType, Rules

if TYPE_CHECKING:
    from ._start import SessionStart

__all__ = ["ScoreRow", "contract_text", "sheet_csv", "sheet_text"]


def _all_seats() -> tuple[int, ...]:
    return (0, 1, 2, 3)


@attrs.frozen
class ScoreRow:
    """One line of the score sheet: the deal, its scores and the running totals.

    ``number`` is the played deal the row belongs to (a void deal shows the
    number of the deal that is dealt again, V§8); ``dealer`` is the table seat
    that dealt.  ``scores`` and ``totals`` have one entry per table seat (five
    at five players, the sitting-out dealer writing 0, V§10); the scores are
    the settlement's times ``multiplier``, the Bock factor (V§11.4).  ``seats``
    is the table seat of each deal seat 0-3, ``owing`` the table seats that
    owed a compulsory solo before the deal, ``forced`` whether it was forced
    (V§9.5), ``soloist`` the table seat that played a solo alone (any solo,
    SPEC §12.2), ``solo_kind`` what a declared solo was for the session
    (V§9.6) and ``void`` whether the deal was void (no scores, V§8).
    """

    number: int
    dealer: int
    contract: str
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    void: bool = attrs.field(default=False, kw_only=True)
    soloist: int | None = attrs.field(default=None, kw_only=True)
    solo_kind: SoloKind | None = attrs.field(default=None, kw_only=True)
    multiplier: int = attrs.field(default=1, kw_only=True)
    seats: tuple[int, ...] = attrs.field(factory=_all_seats, kw_only=True)
    owing: frozenset[int] = attrs.field(default=frozenset(), kw_only=True)
    forced: bool = attrs.field(default=False, kw_only=True)


def contract_text(rules: Rules, game: GameType, declarer: int | None, kind: SoloKind | None) -> str:
    """The contract column: the game, its declarer's table seat and the solo kind (V§9.6).

    The kind is written only in tournament mode (``compulsory_solo``).

    >>> from doppelkopf import GameType
    >>> contract_text(Rules.DDV, GameType.QUEENS_SOLO, 2, SoloKind.VOLUNTARY)
    'queens solo (seat 2)'
    >>> contract_text(Rules.TOURNAMENT, GameType.QUEENS_SOLO, 0, SoloKind.COMPULSORY)
    'queens solo (seat 0, compulsory)'
    """
    if declarer is None:
        return str(game)
    if kind is None or not rules.compulsory_solo:
        return f"{game} (seat {declarer})"
    return f"{game} (seat {declarer}, {kind.value})"


VOID_CONTRACT = "void: dealt again"
"""The contract column of a void deal (V§8)."""


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def sheet_text(
    rules: Rules,
    rows: Sequence[ScoreRow],
    totals: Sequence[int],
    winners: Sequence[int] | None,
    *,
    names: Sequence[str] | None = None,
    carried: tuple[int, Sequence[int]] | None = None,
) -> str:
    """The score sheet as plain text (SPEC §2.5, V§8, V§9.6, V§10, V§11.4).

    One column pair (score, running sum) per table seat; with Bock rules a
    ``bock`` column shows each Bock deal's multiplier (``x2``, ``x4``).  A void
    deal has no scores.  ``winners`` (after the last deal) are named on the
    last line.  With ``names`` each column and the winners are headed by the
    player's name instead of ``seat k``.  ``carried`` (the deals played
    before a session resumed mid-way, and the totals carried over) makes a
    first line of its own.
    """
    players = rules.players
    bock = rules.bock != frozenset()
    contract = max([26, *(width(row.contract) for row in rows)])
    columns = [
        Column(">", 4, grows=False, gap=""),
        Column(">", 6, grows=False),
        Column("<", contract, grows=False),
    ]
    if bock:
        columns.append(Column(">", 4, grows=False))
    grows = names is not None
    columns.append(Column(">", 10, grows=grows, gap="    "))
    columns += [Column(">", 10, grows=grows)] * (players - 1)
    heads = [f"seat {seat}" for seat in range(players)] if names is None else list(names)
    blank = ("",) if bock else ()
    marker = ("bock",) if bock else ()
    table: list[tuple[str, ...]] = [
        ("deal", "dealer", "contract", *marker, *heads),
        ("", "", "", *blank, *["score  sum"] * players),
    ]
    if carried is not None:
        cells = [f"{'':>5} {_signed(total):>4}" for total in carried[1]]
        table.append(("", "", f"carried over ({carried[0]} deals)", *blank, *cells))
    for row in rows:
        factor = ("x" + str(row.multiplier) if row.multiplier > 1 else "",) if bock else ()
        cells = [
            f"{_signed(score):>5} {_signed(total):>4}"
            for score, total in zip(row.scores, row.totals, strict=True)
            if not row.void
        ]
        table.append((str(row.number), str(row.dealer), row.contract, *factor, *cells))
    table.append(("", "", "total", *blank, *(_signed(total) for total in totals)))
    lines = lay_out(columns, table)
    lines.insert(2, "-" * width(lines[0]))
    if winners is not None:
        seats_won = ", ".join(heads[seat] for seat in winners)
        label = "Winners (tied)" if len(winners) > 1 else "Winner"
        lines.append(f"{label}: {seats_won}")
    return "\n".join(lines)


def sheet_csv(
    rules: Rules,
    rows: Sequence[ScoreRow],
    names: Sequence[str] | None,
    start: SessionStart,
) -> str:
    """The score sheet as CSV text (see :meth:`Session.to_csv <doppelkopf.Session.to_csv>`)."""
    heads = [f"seat {seat}" for seat in range(rules.players)] if names is None else list(names)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        ["deal", "dealer", "contract", "void", "multiplier"]
        + [f"{head} {what}" for head in heads for what in ("score", "total")]
    )
    if start.played and start.totals is not None:
        writer.writerow(
            [start.played, "", "carried over", 0, 1]
            + [value for total in start.totals for value in ("", total)]
        )
    for row in rows:
        writer.writerow(
            [row.number, heads[row.dealer], row.contract, int(row.void), row.multiplier]
            + [value for pair in zip(row.scores, row.totals, strict=True) for value in pair]
        )
    return buffer.getvalue()
