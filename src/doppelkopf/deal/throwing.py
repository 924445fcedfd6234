"""The rules of Schmeißen, throwing in (V§7).

A player whose hand meets a throw reason in force may answer the reservation
round with Schmeißen, naming the reason; if that answer wins (V§6.2, V§9.2)
the deal is void (V§8) and the hand is shown.

>>> from doppelkopf import Hand, Rules
>>> hand = Hand.parse("♣9 ♣9 ♠9 ♥9 ♦9 ♣A ♣10 ♠A ♠K ♥A ♥K ♦Q")
>>> throw_reasons(hand, Rules(schmeissen={"nines5", "kings5"}))  # V22
('nines5',)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .. import _checks
from ..cards import Card, Hand, Rank, Suit
from ..rules import THROW_REASONS, Rules, ThrowReason
from .poverty import count_bits, trump_bits

__all__ = ["meets_throw_reason", "throw_reasons"]


def _rank_bits(*ranks: Rank) -> int:
    return sum(3 << (2 * Card(suit, rank).index) for suit in Suit for rank in ranks)


_NINES: Final = _rank_bits(Rank.NINE)
_KINGS: Final = _rank_bits(Rank.KING)
_FULL: Final = _rank_bits(Rank.ACE, Rank.TEN)

_CRITERIA: Final[dict[str, Callable[[int, Rules], bool]]] = {
    "nines5": lambda bits, rules: count_bits(bits & _NINES) >= 5,
    "kings5": lambda bits, rules: count_bits(bits & _KINGS) >= 5,
    "nines4_kings4": lambda bits, rules: (
        count_bits(bits & _NINES) >= 4 and count_bits(bits & _KINGS) >= 4
    ),
    "full7": lambda bits, rules: count_bits(bits & _FULL) >= 7,
    "trumps1": lambda bits, rules: count_bits(bits & trump_bits(rules)) <= 1,
}
"""V§7.1, one test per reason on a packed hand."""

REASON_TEXT: Final[dict[str, str]] = {
    "nines5": "at least 5 nines",
    "kings5": "at least 5 kings",
    "nines4_kings4": "at least 4 nines and at least 4 kings",
    "full7": "at least 7 aces and tens together",
    "trumps1": "at most 1 trump",
}
"""What each reason asks of the hand (V§7.1), for messages."""


def meets_throw_reason(hand: Hand, reason: ThrowReason, rules: Rules = Rules.DDV) -> bool:
    """Whether ``hand`` meets the throw reason ``reason`` (V§7.1), in force or not.

    ``"nines5"``: at least 5 nines; ``"kings5"``: at least 5 kings;
    ``"nines4_kings4"``: at least 4 nines and at least 4 kings; ``"full7"``: at
    least 7 aces and tens together; ``"trumps1"``: at most 1 trump in the
    normal order of ``rules`` (:func:`~doppelkopf.deal.poverty.normal_trumps`).

    >>> hand = Hand.parse("♣9 ♣9 ♠9 ♠9 ♣K ♣K ♠K ♥K ♥A ♥A ♦10 ♦Q")
    >>> meets_throw_reason(hand, "nines4_kings4"), meets_throw_reason(hand, "nines5")
    (True, False)

    Raises:
        InvalidTypeError: ``hand`` is not a :class:`~doppelkopf.Hand`, ``rules``
            not a :class:`~doppelkopf.Rules` value, or ``reason`` not a ``str``.
        InvalidValueError: ``reason`` is no throw reason.
    """
    if not isinstance(hand, Hand):
        raise _checks.type_error(hand, "hand", "Hand", "Hand.parse")
    if not isinstance(rules, Rules):
        raise _checks.type_error(rules, "rules", "Rules value")
    if type(reason) is not str:
        raise _checks.type_error(reason, "reason", "throw reason (str)")
    test = _CRITERIA.get(reason)
    if test is None:
        from ..errors import InvalidValueError

        raise InvalidValueError(
            f"not a throw reason: {_checks.excerpt(reason)}; the reasons are "
            f"{', '.join(THROW_REASONS)}",
            rule="V§7.1",
        )
    return test(hand.bits, rules)


def throw_reasons(hand: Hand, rules: Rules = Rules.DDV) -> tuple[ThrowReason, ...]:
    """The reasons in force under ``rules`` that ``hand`` meets, in the order of V§7.1.

    Empty when the table plays without Schmeißen (``schmeissen`` empty).

    >>> hand = Hand.parse("♥10 ♣K ♣K ♠K ♠K ♥K ♣A ♣A ♠A ♠A ♠10 ♥A")
    >>> throw_reasons(hand, Rules(schmeissen={"kings5", "full7", "trumps1"}))
    ('kings5', 'full7', 'trumps1')
    >>> throw_reasons(hand, Rules())
    ()

    Raises:
        InvalidTypeError: ``hand`` is not a :class:`~doppelkopf.Hand` or
            ``rules`` not a :class:`~doppelkopf.Rules` value.
    """
    if not isinstance(hand, Hand):
        raise _checks.type_error(hand, "hand", "Hand", "Hand.parse")
    if not isinstance(rules, Rules):
        raise _checks.type_error(rules, "rules", "Rules value")
    return reasons_met(hand.bits, rules)


def reasons_met(bits: int, rules: Rules) -> tuple[ThrowReason, ...]:
    """:func:`throw_reasons` of a packed hand, the arguments already checked."""
    in_force = rules.schmeissen
    if not in_force:
        return ()
    return tuple(
        reason for reason in THROW_REASONS if reason in in_force and _CRITERIA[reason](bits, rules)
    )
