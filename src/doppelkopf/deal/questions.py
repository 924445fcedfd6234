"""The two-step reservation round of a DDV table: a bare *Vorbehalt*, then questions by kind.

At a DDV table (SPEC §3.2–§3.4) each seat first says *gesund* or
*Vorbehalt*; only then are the seats that said *Vorbehalt* asked what it
is, and only as far as it matters.  The deal asks by kind in the order of
the ranking, V§6.2 (solo > Schmeißen > Armut > Hochzeit) and V§9.2
(compulsory solo > Lustsolo > Schmeißen > Armut > Hochzeit), and within a
kind the seats in asking order; the first seat to name a reservation of
the kind asked wins and nobody else is asked, so a reservation that loses
is never named.  The kinds the rules do not have are never asked (V§3,
V§6, V§7, V§9).

A seat that named its reservation at once (the one-step form, a shortcut)
answers each question implicitly: it names when its kind is asked and
declines every other question.  A seat that said a bare *Vorbehalt*
answers each question itself: it names a reservation of that kind or
answers :attr:`~doppelkopf.Reservation.DECLINE`.  It may decline only
while a lower kind it could hold is still to be asked of it, so it never
ends with nothing to name.  Which seat is asked which kind depends on the
public answers and, for the implicit answers, on the named reservations,
never on a hand; whether a seat may decline depends on its own hand only.

These are functions of hands and answers, read by the deal
(:mod:`doppelkopf.deal._round`) and by a player's view.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final, NoReturn

from .. import _checks
from ..cards import Hand
from ..errors import InvalidValueError
from ..rules import Rules, ThrowReason
from .actions import Declare, Reservation
from .poverty import may_declare_poverty
from .reservations import CLUB_QUEEN_SHIFT, declare_choices
from .throwing import reasons_met

__all__ = ["ReservationKind", "kind_choices", "kind_of", "kinds_asked", "next_question"]

_HEALTHY: Final = Reservation.HEALTHY
_VORBEHALT: Final = Reservation.VORBEHALT
_DECLINE: Final = Reservation.DECLINE
_MARRIAGE: Final = Reservation.MARRIAGE
_POVERTY: Final = Reservation.POVERTY
_THROW: Final = Reservation.THROW


class ReservationKind(enum.Enum, metaclass=_checks.LookupEnumType):
    """A kind of reservation, as the second step of the round asks for it (V§6.2, V§9.2).

    The members in the order they are asked: ``COMPULSORY_SOLO`` (the solo of
    a seat that still owes its compulsory solo, V§9.1), ``SOLO`` (a voluntary
    solo, a Lustsolo at a table with compulsory solos), ``THROW``
    (Schmeißen, V§7), ``POVERTY`` (Armut, V§6) and ``MARRIAGE`` (Hochzeit,
    SPEC §3.2).

    >>> [kind.value for kind in ReservationKind]
    ['compulsory_solo', 'solo', 'throw', 'poverty', 'marriage']
    >>> str(ReservationKind.POVERTY), ReservationKind("marriage")
    ('Armut', ReservationKind.MARRIAGE)
    """

    COMPULSORY_SOLO = "compulsory_solo"
    SOLO = "solo"
    THROW = "throw"
    POVERTY = "poverty"
    MARRIAGE = "marriage"

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        if not isinstance(value, str):
            raise _checks.type_error(value, "value", "str")
        raise InvalidValueError(
            f"no reservation kind has the value {_checks.excerpt(value)}: expected "
            "'compulsory_solo', 'solo', 'throw', 'poverty' or 'marriage'",
            rule="V§6.2",
        )

    def __str__(self) -> str:
        return _GERMAN[self]

    def __repr__(self) -> str:
        return f"ReservationKind.{self.name}"


_GERMAN: Final = {
    ReservationKind.COMPULSORY_SOLO: "Pflichtsolo",
    ReservationKind.SOLO: "Solo",
    ReservationKind.THROW: "Schmeißen",
    ReservationKind.POVERTY: "Armut",
    ReservationKind.MARRIAGE: "Hochzeit",
}

_COMPULSORY: Final = ReservationKind.COMPULSORY_SOLO
_SOLO: Final = ReservationKind.SOLO
_KIND_THROW: Final = ReservationKind.THROW
_KIND_POVERTY: Final = ReservationKind.POVERTY
_KIND_MARRIAGE: Final = ReservationKind.MARRIAGE


def kind_of(
    seat: int, reservation: Reservation, rules: Rules, owing: frozenset[int]
) -> ReservationKind:
    """The kind of the named ``reservation`` of ``seat`` (V§6.2, V§9.1, V§9.2).

    A solo of a seat that owes its compulsory solo is a compulsory solo, any
    other solo a (Lust)solo.

    >>> kind_of(1, Reservation.QUEENS_SOLO, Rules.TOURNAMENT, frozenset({1}))
    ReservationKind.COMPULSORY_SOLO
    >>> kind_of(1, Reservation.MARRIAGE, Rules.DDV, frozenset())
    ReservationKind.MARRIAGE
    """
    if reservation.is_solo:
        return _COMPULSORY if rules.compulsory_solo and seat in owing else _SOLO
    if reservation is _THROW:
        return _KIND_THROW
    if reservation is _POVERTY:
        return _KIND_POVERTY
    assert reservation is _MARRIAGE
    return _KIND_MARRIAGE


def kinds_asked(seat: int, rules: Rules, owing: frozenset[int]) -> tuple[ReservationKind, ...]:
    """The kinds the second step asks ``seat``, in order (V§3, V§6.2, V§7, V§9.2).

    Only the kinds of the rules in force, and of the two kinds of solo the
    one that a solo of ``seat`` would be.  Public: it reads no hand.

    >>> kinds_asked(0, Rules.DDV, frozenset())
    (ReservationKind.SOLO, ReservationKind.MARRIAGE)
    >>> [str(k) for k in kinds_asked(2, Rules.TOURNAMENT, frozenset({2}))]
    ['Pflichtsolo', 'Hochzeit']
    """
    kinds: list[ReservationKind] = []
    if rules.solos:
        kinds.append(_COMPULSORY if rules.compulsory_solo and seat in owing else _SOLO)
    if rules.schmeissen:
        kinds.append(_KIND_THROW)
    if rules.armut:
        kinds.append(_KIND_POVERTY)
    kinds.append(_KIND_MARRIAGE)
    return tuple(kinds)


_ALL_KINDS: Final = tuple(ReservationKind)


def next_question(
    dealer: int,
    declarations: Sequence[Reservation | None],
    asked: Sequence[Declare],
    rules: Rules,
    owing: frozenset[int],
    *,
    reasons: Sequence[ThrowReason | None] = (None, None, None, None),
) -> tuple[ReservationKind, int] | Declare:
    """The question the second step asks next, or the winning answer (SPEC §3.3, V§6.2, V§9.2).

    ``declarations`` are the first step's answers of all four seats, ``asked``
    the answers given to the questions so far (a name or a ``DECLINE``).
    The result is ``(kind, seat)``, the seat asked for a reservation of that
    kind, or the winning ``Declare``: a name given to a question, or the
    named reservation of a seat that answered in one step (with its throw
    reason of ``reasons``, by seat, for Schmeißen).

    >>> R = Reservation
    >>> answers = (R.MARRIAGE, R.HEALTHY, R.VORBEHALT, R.HEALTHY)
    >>> next_question(3, answers, (), Rules.DDV, frozenset())
    (ReservationKind.SOLO, 2)
    >>> next_question(3, answers, (Declare(2, R.DECLINE),), Rules.DDV, frozenset())
    Declare(seat=0, reservation=Reservation.MARRIAGE)
    """
    order = ((dealer + 1) & 3, (dealer + 2) & 3, (dealer + 3) & 3, dealer & 3)
    given = 0
    for kind in _ALL_KINDS:
        for seat in order:
            said = declarations[seat]
            if said is _HEALTHY or said is None or kind not in kinds_asked(seat, rules, owing):
                continue
            if said is not _VORBEHALT:
                if kind_of(seat, said, rules, owing) is kind:
                    return Declare(seat, said, reasons[seat] if said is _THROW else None)
                continue
            if given == len(asked):
                return kind, seat
            answer = asked[given]
            given += 1
            if answer.reservation is not _DECLINE:
                return answer
    raise AssertionError("a bare Vorbehalt always ends with a name")


def may_hold(kind: ReservationKind, hand: Hand, rules: Rules) -> bool:
    """Whether ``hand`` could name a reservation of ``kind`` (SPEC §3.2, V§6.1, V§7).

    >>> hand = Hand.parse("♣A ♣A ♣10 ♣K ♠A ♠A ♠10 ♠K ♥A ♥A ♥K ♥J")
    >>> may_hold(ReservationKind.SOLO, hand, Rules(solos=False))
    False
    """
    if kind is _COMPULSORY or kind is _SOLO:
        return rules.solos
    if kind is _KIND_THROW:
        return bool(reasons_met(hand.bits, rules))
    if kind is _KIND_POVERTY:
        return may_declare_poverty(hand, rules)
    return (hand.bits >> CLUB_QUEEN_SHIFT) & 3 == 2


def kind_choices(
    seat: int, hand: Hand, kind: ReservationKind, rules: Rules, owing: frozenset[int]
) -> tuple[Declare, ...]:
    """The answers of ``seat`` holding ``hand`` when asked for ``kind`` (SPEC §3.2, V§6.2, V§9.2).

    The reservations of that kind the hand may name, then ``DECLINE`` if a
    lower kind the hand could hold is still to be asked of the seat: a seat
    that said a bare *Vorbehalt* never runs out of answers.

    >>> hand = Hand.parse("♣Q ♣Q ♣9 ♣9 ♠9 ♥9 ♦9 ♣A ♣10 ♠A ♠K ♥A")
    >>> choices = kind_choices(1, hand, ReservationKind.SOLO, Rules.DDV, frozenset())
    >>> [str(d) for d in choices]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['seat 1: SOLO_D', 'seat 1: SOLO_H', 'seat 1: SOLO_S', 'seat 1: SOLO_C', 'seat 1: SOLO_Q',
     'seat 1: SOLO_J', 'seat 1: FLESHLESS', 'seat 1: decline']
    """
    if kind is _COMPULSORY or kind is _SOLO or kind is _KIND_MARRIAGE:
        named = [
            choice
            for choice in declare_choices(seat, hand, rules)
            if (choice.reservation.is_solo and kind is not _KIND_MARRIAGE)
            or (choice.reservation is _MARRIAGE and kind is _KIND_MARRIAGE)
        ]
    elif kind is _KIND_THROW:
        named = [Declare(seat, _THROW, reason) for reason in reasons_met(hand.bits, rules)]
    else:
        named = [Declare(seat, _POVERTY)] if may_declare_poverty(hand, rules) else []
    kinds = kinds_asked(seat, rules, owing)
    later = kinds[kinds.index(kind) + 1 :] if kind in kinds else ()
    if any(may_hold(lower, hand, rules) for lower in later):
        named.append(Declare(seat, _DECLINE))
    return tuple(named)


def may_say_vorbehalt(hand: Hand, rules: Rules) -> bool:
    """Whether a bare *Vorbehalt* is open to ``hand``: some reservation is (SPEC §3.2, V§3).

    >>> may_say_vorbehalt(Hand.parse("♣A ♣A ♣10 ♣K ♠A ♠A ♠10 ♠K ♥A ♥A ♥K ♥J"), Rules(solos=False))
    False
    """
    return any(may_hold(kind, hand, rules) for kind in _ALL_KINDS)
