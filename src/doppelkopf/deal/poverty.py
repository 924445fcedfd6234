"""The rules of Armut, the poverty exchange (V§6).

A player with few trumps declares Armut in the reservation round (V§6.1);
if it wins (V§6.2) the poor player passes three cards that include all its
trumps, the others are offered them in turn, and the first to accept takes
them and returns three cards of its choice (V§6.3).  :class:`Poverty` is the
record of that exchange; the functions here are the rules each step checks,
and the lists of the distinct choices a player has.

>>> from doppelkopf import Hand, Rules
>>> hand = Hand.parse("♦K ♣J ♠K ♠K ♠A ♠A ♠10 ♣A ♣A ♣10 ♥A ♥K")
>>> normal_trumps(hand, Rules(armut=True)), len(pass_choices(hand, Rules(armut=True)))
(2, 7)
"""

from __future__ import annotations

import itertools
from typing import Final

import attrs

from .. import _checks
from ..cards import DISTINCT_CARDS as _DISTINCT
from ..cards import Card, Hand
from ..errors import CardNotHeldError, IllegalActionError
from ..rules import GameType, Rules

__all__ = ["Poverty", "normal_trumps", "pass_choices", "return_choices"]

_LOW: Final = 0x555555555555
"""The low bit of every card's two-bit count in a packed hand."""


def count_bits(bits: int) -> int:
    """The number of cards in the packed hand ``bits`` (see :attr:`Hand.bits`)."""
    return (bits & _LOW).bit_count() + ((bits >> 1) & _LOW).bit_count() * 2


def trump_bits(rules: Rules) -> int:
    """The mask of the trumps of a normal game under ``rules``, without Schweine (V§6.1)."""
    return rules.card_order(GameType.NORMAL).cat_bits[0]


def _rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise _checks.type_error(rules, "rules", "Rules value")
    return rules


def _hand(hand: object) -> Hand:
    if not isinstance(hand, Hand):
        raise _checks.type_error(hand, "hand", "Hand", "Hand.parse")
    return hand


def normal_trumps(hand: Hand, rules: Rules = Rules.DDV) -> int:
    """The trumps ``hand`` holds in the normal-game card order of ``rules`` (V§6.1).

    With ``dullen=False`` the ♥10 is no trump; the Schweine change nothing
    (they only reorder the trumps, V§2.3).  This count decides who may declare
    Armut and the throw reason ``"trumps1"`` (V§7.1).

    >>> hand = Hand.parse("♥10 ♦K ♣J ♠A ♠A ♠10 ♠K ♣A ♣A ♣10 ♥A ♥K")
    >>> normal_trumps(hand), normal_trumps(hand, Rules(dullen=False))
    (3, 2)

    Raises:
        InvalidTypeError: ``hand`` is not a :class:`~doppelkopf.Hand` or
            ``rules`` not a :class:`~doppelkopf.Rules` value.
    """
    return count_bits(_hand(hand).bits & trump_bits(_rules(rules)))


def may_declare_poverty(hand: Hand, rules: Rules) -> bool:
    """Whether ``hand`` may declare Armut under ``rules`` (V§6.1), both already checked."""
    return rules.armut and count_bits(hand.bits & trump_bits(rules)) <= rules.armut_max_trumps


def _multisets(hand_bits: int, size: int) -> list[tuple[Card, ...]]:
    """The distinct multisets of ``size`` cards in the packed hand, in card index order."""
    cards = [card for card in _DISTINCT for _ in range((hand_bits >> (2 * card.index)) & 3)]
    return sorted(set(itertools.combinations(cards, size)), key=_index_key)


def _index_key(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(card.index for card in cards)


def pass_choices(hand: Hand, rules: Rules = Rules.DDV) -> tuple[tuple[Card, ...], ...]:
    """Every distinct set of three cards the poor player may pass (V§6.3 step 1).

    Each set holds all the hand's trumps (normal order, :func:`normal_trumps`)
    and non-trumps of the player's choice up to three cards.  A hand with more
    than three trumps has no choice: it cannot be poor.  Each set is sorted by
    :attr:`Card.index`, as :class:`~doppelkopf.PassCards` keeps it.

    >>> hand = Hand.parse("♦K ♣J ♠K ♠K ♠A ♠A ♠10 ♣A ♣A ♣10 ♥A ♥K")
    >>> [" ".join(map(str, cards)) for cards in pass_choices(hand)][:2]
    ['♣J ♣10 ♦K', '♣J ♣A ♦K']

    Raises:
        InvalidTypeError: ``hand`` is not a :class:`~doppelkopf.Hand` or
            ``rules`` not a :class:`~doppelkopf.Rules` value.
    """
    bits = _hand(hand).bits
    trumps = bits & trump_bits(_rules(rules))
    count = count_bits(trumps)
    if count > 3:
        return ()
    held_trumps = tuple(card for card in _DISTINCT for _ in range((trumps >> (2 * card.index)) & 3))
    choices = {
        tuple(sorted((*held_trumps, *extra), key=_card_index))
        for extra in _multisets(bits & ~trumps, 3 - count)
    }
    return tuple(sorted(choices, key=_index_key))


def return_choices(hand: Hand) -> tuple[tuple[Card, ...], ...]:
    """Every distinct set of three cards the acceptor may return (V§6.3 step 3).

    Any three of its fifteen cards, trumps and the received cards included.

    >>> len(return_choices(Hand.parse("♣Q ♣Q ♠Q ♠A"))), len(return_choices(Hand.parse("♠A ♠A")))
    (3, 0)

    Raises:
        InvalidTypeError: ``hand`` is not a :class:`~doppelkopf.Hand`.
    """
    return tuple(_multisets(_hand(hand).bits, 3))


def _card_index(card: Card) -> int:
    return card.index


def cards_bits(cards: tuple[Card, ...]) -> int:
    """The packed hand of ``cards`` (checked cards of an exchange action)."""
    bits = 0
    for card in cards:
        bits += 1 << (2 * card.index)
    return bits


def held_refusal(
    hand_bits: int, cards: tuple[Card, ...], seat: int, action: str
) -> IllegalActionError | None:
    """Why ``seat`` cannot move ``cards`` out of the packed hand ``hand_bits`` (V§6.3), if so."""
    wanted = cards_bits(cards)
    for card in cards:
        shift = 2 * card.index
        if (wanted >> shift) & 3 > (hand_bits >> shift) & 3:
            return CardNotHeldError(
                f"cannot {action} {card}: the hand holds "
                f"{'no' if not (hand_bits >> shift) & 3 else 'only one'} {card}",
                seat=seat,
                action=f"{action} {' '.join(map(str, cards))}",
                rule="V§6.3",
            )
    return None


def pass_refusal(
    hand_bits: int, cards: tuple[Card, ...], seat: int, rules: Rules
) -> IllegalActionError | None:
    """Why the poor player ``seat`` may not pass ``cards`` (V§6.3 step 1), or ``None``."""
    error = held_refusal(hand_bits, cards, seat, "pass")
    if error is not None:
        return error
    trumps = hand_bits & trump_bits(rules)
    passed = cards_bits(cards)
    kept = [
        card
        for card in _DISTINCT
        if (trumps >> (2 * card.index)) & 3 > (passed >> (2 * card.index)) & 3
    ]
    if kept:
        return IllegalActionError(
            "the poor player passes all its trumps: "
            f"{' '.join(map(str, kept))} would stay in the hand",
            seat=seat,
            action=f"pass {' '.join(map(str, cards))}",
            rule="V§6.3",
        )
    return None


@attrs.frozen
class Poverty:
    """The record of an Armut exchange (V§6.3, V§6.7).

    ``poor`` is the seat that declared Armut; ``passed`` the three cards it
    passed (``None`` before it passes, and in the view of a player who may not
    know them); ``answers`` the answers to the offer in asking order from the
    poor player's left (``True`` for the accept that ended it); ``acceptor``
    the seat that accepted; ``returned`` the three cards it gave back (hidden
    like ``passed``) and ``returned_trumps`` how many of them are trumps, which
    is public (V§6.3 step 3, R3).

    >>> Poverty(0).asked, Poverty(0, cards_passed=True).asked
    (None, 1)
    >>> Poverty(0, answers=(False,), cards_passed=True).asked
    2
    """

    poor: int
    passed: tuple[Card, ...] | None = None
    answers: tuple[bool, ...] = ()
    acceptor: int | None = None
    returned: tuple[Card, ...] | None = None
    returned_trumps: int | None = None
    cards_passed: bool = attrs.field(default=False, repr=False)
    """Whether the poor player has passed, also where ``passed`` is hidden."""
    cards_returned: bool = attrs.field(default=False, repr=False)
    """Whether the acceptor has returned, also where ``returned`` is hidden."""

    @property
    def asked(self) -> int | None:
        """The seat the offer is put to now (V§6.3 step 2), ``None`` outside the offer."""
        if not self.cards_passed or self.acceptor is not None or len(self.answers) == 3:
            return None
        return (self.poor + 1 + len(self.answers)) & 3

    def seen_by(self, seat: int) -> Poverty:
        """The record as ``seat`` may know it (V§6.7).

        The poor player and the acceptor see the cards that went each way; every
        other seat sees who accepted, that three cards went each way and the
        number of trumps returned.

        >>> from doppelkopf import Hand
        >>> done = Poverty(0, tuple(Hand.parse("♦K ♣J ♠K")), (False, True), 2,
        ...                tuple(Hand.parse("♥10 ♦A ♠9")), 2, True, True)
        >>> done.seen_by(1).passed, done.seen_by(2).passed == done.passed
        (None, True)
        """
        if seat in (self.poor, self.acceptor):
            return self
        return attrs.evolve(self, passed=None, returned=None)
