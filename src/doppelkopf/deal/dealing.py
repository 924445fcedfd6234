"""Dealing: the cut and the packets of each round (SPEC §2.3, §2.4, V§1.2).

A hand is held as a packed int with two bits per distinct card (see
:attr:`doppelkopf.Hand.bits`); four hands are one int of 4 × 48 bits, seat
``s`` in bits ``48 s`` to ``48 s + 47``.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence
from typing import Final

from .. import _checks
from ..cards import _ONE, DECK, Card, Hand
from ..errors import InvalidValueError
from ..rules import Rules

__all__ = ["deal_hands"]

_DDV: Final = Rules.DDV
_new_object: Final = object.__new__
HAND_MASK: Final = (1 << 48) - 1
"""The 48 bits of one seat in the packed hands."""


def hand_of(bits: int) -> Hand:
    """The :class:`Hand` of the packed set ``bits``, without the constructor's checks."""
    hand: Hand = _new_object(Hand)
    _set_hand_bits(hand, bits)
    return hand


_set_hand_bits: Final = vars(Hand)["_bits"].__set__


def hand_size(held: int, seat: int) -> int:
    """The number of cards seat ``seat`` holds in the packed hands ``held``."""
    bits = (held >> 48 * seat) & HAND_MASK
    return (bits & 0x555555555555).bit_count() + ((bits >> 1) & 0x555555555555).bit_count() * 2


def deal_hands(
    deck: Sequence[Card], dealer: int, cut: int, rules: Rules = _DDV
) -> tuple[Hand, Hand, Hand, Hand]:
    """Cut ``deck`` and deal it in packets (SPEC §2.3, §2.4, V§1.2).

    The dealer's right-hand neighbour lifts the top ``cut`` cards (each part
    keeps at least 3: 3 ≤ cut ≤ 45, or 37 without nines) and the lower part
    goes on top.  Then each round gives a packet to dealer+1, dealer+2,
    dealer+3 and the dealer, in that order: four rounds of three cards, or
    rounds of 3, 4 and 3 cards without nines.

    >>> from doppelkopf import DECK, Rules
    >>> hands = deal_hands(DECK, dealer=3, cut=3)
    >>> [len(hand) for hand in hands]
    [12, 12, 12, 12]
    >>> str(hands[0])  # cards 4-6, 16-18, 28-30 and 40-42 of the uncut deck
    '♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♠J ♥J ♦J'
    >>> short = Rules(nines=False)
    >>> [len(hand) for hand in deal_hands(short.deck, dealer=3, cut=3, rules=short)]  # V02
    [10, 10, 10, 10]
    """
    if not isinstance(rules, Rules):
        raise _checks.type_error(rules, "rules", "Rules value")
    if isinstance(deck, str) or not isinstance(deck, Sequence):
        raise _checks.type_error(deck, "deck", "sequence of cards")
    for card in deck:
        if type(card) is not Card:
            raise _checks.type_error(card, "a card of the deck", "Card", "Card.parse")
    size = len(rules.deck)
    if len(deck) != size or Hand(deck).bits != rules.deck_bits:
        raise InvalidValueError(
            f"the deck must hold two copies of each of the {size // 2} cards (SPEC §1.1)"
        )
    if type(cut) is not int:
        raise _checks.type_error(cut, "cut", "int")
    if cut not in rules.cuts:
        raise InvalidValueError(
            "the cut must leave at least 3 cards in each part, "
            f"not {_checks.excerpt(cut)} (SPEC §2.3)"
        )
    if type(dealer) is not int:
        raise _checks.type_error(dealer, "dealer", "int")
    if not 0 <= dealer <= 3:
        raise InvalidValueError(f"the dealer must be a seat 0-3, not {_checks.excerpt(dealer)}")
    return cut_and_deal([_ONE[card.index] for card in deck], dealer, cut, rules)


def _piles(
    packets: tuple[int, ...], cut: int
) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
    """For one cut, the positions in the uncut deck of the cards of each seat after the dealer.

    Position ``p`` of the cut deck is position ``p + cut`` of the uncut one; the
    rounds give a packet to each of the four seats in turn (SPEC §2.4, V§1.2).
    """
    size = 4 * sum(packets)
    owners: list[int] = []
    for packet in packets:
        for k in range(4):
            owners.extend([k] * packet)
    return tuple(
        operator.itemgetter(*[(p + cut) % size for p in range(size) if owners[p] == k])
        for k in range(4)
    )


# For each cut (SPEC §2.3) of each deck, the piles of the four seats after the dealer.
_CUT_PILES: Final[dict[tuple[tuple[int, ...], int], tuple[Callable[..., tuple[int, ...]], ...]]] = {
    (packets, cut): _piles(packets, cut)
    for packets in ((3, 3, 3, 3), (3, 4, 3))
    for cut in range(3, 4 * sum(packets) - 2)
}
_PILES_OF_FULL: Final = tuple(_CUT_PILES.get(((3, 3, 3, 3), cut), ()) for cut in range(46))
_PILES_OF_SHORT: Final = tuple(_CUT_PILES.get(((3, 4, 3), cut), ()) for cut in range(38))
"""The piles of :data:`_CUT_PILES` by cut, with 48 cards and with 40 (no piles for no cut)."""
# Each card of DECK as its one-card bits (see Hand.bits), in DECK order.
DECK_ONES: Final = tuple(_ONE[card.index] for card in DECK)


def cut_and_deal(
    ones: list[int], dealer: int, cut: int, rules: Rules
) -> tuple[Hand, Hand, Hand, Hand]:
    """Deal a deck given as one-card bits; ``dealer`` and ``cut`` are already checked."""
    # By the nines rather than by rules.packets, a property building its tuple.
    first, second, third, fourth = (_PILES_OF_FULL if rules.nines else _PILES_OF_SHORT)[cut]
    piles = (sum(first(ones)), sum(second(ones)), sum(third(ones)), sum(fourth(ones)))
    after = dealer + 1
    return (
        hand_of(piles[-after & 3]),
        hand_of(piles[(1 - after) & 3]),
        hand_of(piles[(2 - after) & 3]),
        hand_of(piles[(3 - after) & 3]),
    )


def shuffle_and_cut(generator: random.Random, items: list[int]) -> int:
    """``generator.shuffle(items)``, then the cut ``generator.randint(3, len(items) - 3)``.

    For a plain ``Random`` and the 48-card deck the loop is
    :meth:`random.Random.shuffle` and ``randint`` with their rejection
    sampling (``_randbelow``) written out, so a seed deals the same cards
    either way; any other generator class or deck gets its own methods.
    """
    if type(generator) is not random.Random or len(items) != 48:
        generator.shuffle(items)
        return generator.randint(3, len(items) - 3)
    getrandbits = generator.getrandbits
    for i, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
    lifted = getrandbits(6)  # randint(3, 45) is 3 + a draw below 43, of 6 bits
    while lifted >= 43:
        lifted = getrandbits(6)
    return 3 + lifted


# Fisher-Yates over 48 items: position i swaps with a draw below i + 1 made
# from the bit length of i + 1, as Random._randbelow draws it.
_SHUFFLE_STEPS: Final = tuple((i, (i + 1).bit_length()) for i in range(47, 0, -1))
