"""The rows a session writes for each deal, and the deal's facts it reads (V§8-V§11)."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .. import _checks
from ..deal import Deal
from ..errors import InvalidTypeError, InvalidValueError
from ..rules import Rules
from ..scoring import DealSummary, Settlement, settle
from . import _bock, _rotation
from ._rotation import Position
from ._sheet import VOID_CONTRACT, ScoreRow, contract_text


def type_error(value: object, name: str, expected: str, context: str) -> InvalidTypeError:
    """:func:`_checks.type_error` with ``context`` (which deal of the session) before it."""
    error = _checks.type_error(value, name, expected)
    return InvalidTypeError(
        f"{context}: {error}", name=error.name, expected=error.expected, value=error.value
    )


def check_deals(deals: tuple[object, ...]) -> tuple[Deal, ...]:
    """``deals`` if each is a :class:`~doppelkopf.Deal`, naming the first that is not."""
    for number, deal in enumerate(deals, start=1):
        if not isinstance(deal, Deal):
            raise type_error(deal, "deal", "Deal", f"deal {number} of the session")
    return deals  # type: ignore[return-value]


# The deal's tournament facts (V§8, V§9).


def is_void(deal: Deal) -> bool:
    """Whether ``deal`` ended void, before any card was played (V§8)."""
    return deal.is_void


def owing_of(deal: Deal) -> frozenset[int]:
    """The deal seats that owed a compulsory solo when ``deal`` was dealt (V§9.1)."""
    return deal.owing


def forced_of(deal: Deal) -> bool:
    """Whether ``deal`` was dealt as a forced deal (V§9.5)."""
    return deal.forced


def seat_list(seats: Iterable[int]) -> str:
    numbers = sorted(seats)
    if not numbers:
        return "no seat"
    noun = "seat" if len(numbers) == 1 else "seats"
    return f"{noun} {', '.join(str(seat) for seat in numbers)}"


def check_result(result: object, number: int) -> Settlement:
    """The settlement of a deal played on paper, from a Settlement or its summary."""
    if isinstance(result, DealSummary):
        return settle(result)
    if not isinstance(result, Settlement):
        raise type_error(
            result, "result", "Settlement or DealSummary", f"result {number} of the session"
        )
    if Settlement(result.summary) != result:
        raise InvalidValueError(
            f"result {number}: the settlement is not the one its summary gives (SPEC §9-§12)"
        )
    return result


@attrs.frozen
class Table:
    """What the session's deals so far give: the rows and the position before the next deal."""

    rows: tuple[ScoreRow, ...]
    position: Position


def played_row(
    rules: Rules,
    position: Position,
    settlement: Settlement,
    declarer: int | None,
    totals: tuple[int, ...],
) -> tuple[ScoreRow, Position]:
    """The row of a played deal and the position after it (V§9, V§10, V§11).

    ``declarer`` is the deal seat that declared the contract, or ``None``.
    """
    table = _rotation.seats(rules, position.dealer)
    summary = settlement.summary
    soloist = summary.soloist if summary.game_type.is_solo else None
    table_soloist = None if soloist is None else table[soloist]
    kind = _rotation.solo_kind(rules, position, summary.game_type, table_soloist)
    factor = _bock.multiplier(rules, position.bock)
    scores = [0] * rules.players
    for seat, score in enumerate(settlement.scores):
        scores[table[seat]] = score * factor
    new_totals = tuple(total + score for total, score in zip(totals, scores, strict=True))
    named = None if declarer is None else table[declarer]
    row = ScoreRow(
        position.played + 1,
        position.dealer,
        contract_text(rules, summary.game_type, named, kind),
        tuple(scores),
        new_totals,
        soloist=table_soloist,
        solo_kind=kind,
        multiplier=factor,
        seats=table,
        owing=position.owing,
        forced=_rotation.is_forced(rules, position),
    )
    bock = _bock.after_deal(rules, position.bock, settlement) if rules.bock else ()
    return row, _rotation.after_played(rules, position, kind, table_soloist, bock)


def void_row(rules: Rules, position: Position, totals: tuple[int, ...]) -> ScoreRow:
    """The row of a void deal: no scores, the same dealer deals again (V§8)."""
    return ScoreRow(
        position.played + 1,
        position.dealer,
        VOID_CONTRACT,
        (0,) * rules.players,
        totals,
        void=True,
        multiplier=_bock.multiplier(rules, position.bock),
        seats=_rotation.seats(rules, position.dealer),
        owing=position.owing,
        forced=False,
    )


def totals_of(rules: Rules, rows: tuple[ScoreRow, ...]) -> tuple[int, ...]:
    return rows[-1].totals if rows else (0,) * rules.players
