"""The hands of the card play, packed by each card's position in the card order.

Why this module exists: :meth:`Deal.legal_cards <doppelkopf.Deal.legal_cards>`
is the call a bot or a playout makes before every card.  With the hands
packed as :attr:`Hand.bits <doppelkopf.Hand.bits>` packs one (two bits per
card index, a count of 0-2), the legal cards took four table lookups (one
per suit), three ORs and eight shifts and masks of 48-bit and 192-bit ints:
5,700 machine instructions a call, half of them in integer arithmetic.  Once
the contract fixes the card order, a deal keeps the hands by *position*
instead: bit ``p`` of a seat's 48 bits is set when the seat holds the card at
position ``p`` of the order's display order (``CardOrder._position``), bit
``24 + p`` when it holds both copies.  The seat's low 24 bits, masked by the
led category when it can follow, then give the tuple of legal cards by two
lookups: 2,700 instructions.  ``play`` tests and clears one bit as before.

So the ``held`` of a deal's state is in *index* layout (:attr:`Hand.bits`
per seat) while the card order is ``None`` (the reservation round, the Armut
exchange, a void deal), and in *position* layout from the first card on.
:func:`by_position` converts when the order is fixed; every reader other than
``legal_cards`` and ``play`` goes through :func:`index_held` or
:func:`seat_bits`, which convert back.  ``tests/test_positions.py`` pins the
conversions against each other, the legal cards against the index layout's,
and the hand sizes.
"""

from __future__ import annotations

from typing import Final

from .._order import CardOrder
from ._state import _Setup
from .dealing import HAND_MASK, hand_size

PRESENT: Final = (1 << 24) - 1
"""A seat's presence bits in position layout: one per position of the card order."""


def by_position(held: int, order: CardOrder) -> int:
    """The four packed hands ``held`` (index layout) in the position layout of ``order``.

    Every deal comes here once, at its contract.
    """
    return placed(
        held & HAND_MASK,
        (held >> 48) & HAND_MASK,
        (held >> 96) & HAND_MASK,
        held >> 144,
        order,
    )


def placed(first: int, second: int, third: int, fourth: int, order: CardOrder) -> int:
    """The hands of seats 0-3 (each as :attr:`Hand.bits`) in the position layout of ``order``.

    One lookup per suit and seat (``_Decoder.placed_tables`` gives a suit's
    12 bits in position layout), written out for the four seats.  The world
    sampler calls it with the hands it drew, without packing them first.
    """
    clubs, spades, hearts, diamonds = (order._decoder or order.decoder).placed_tables
    return (
        clubs[first & 4095]
        | spades[(first >> 12) & 4095]
        | hearts[(first >> 24) & 4095]
        | diamonds[first >> 36]
        | (
            clubs[second & 4095]
            | spades[(second >> 12) & 4095]
            | hearts[(second >> 24) & 4095]
            | diamonds[second >> 36]
        )
        << 48
        | (
            clubs[third & 4095]
            | spades[(third >> 12) & 4095]
            | hearts[(third >> 24) & 4095]
            | diamonds[third >> 36]
        )
        << 96
        | (
            clubs[fourth & 4095]
            | spades[(fourth >> 12) & 4095]
            | hearts[(fourth >> 24) & 4095]
            | diamonds[fourth >> 36]
        )
        << 144
    )


def seat_bits(held: int, seat: int, order: CardOrder | None) -> int:
    """The :attr:`Hand.bits` of ``seat`` in ``held``, whichever layout ``order`` says it is in."""
    bits = (held >> 48 * seat) & HAND_MASK
    if order is None:
        return bits
    low, high = (order._decoder or order.decoder).unplaced
    present = bits & PRESENT
    both = bits >> 24
    # Each table gives one copy (binary 01) of each card it places; a card
    # held twice is counted once from each set, 01 + 01 = 10.
    return low[present & 4095] + high[present >> 12] + low[both & 4095] + high[both >> 12]


def index_held(setup: _Setup, held: int) -> int:
    """The four packed hands of a state's ``held`` in index layout (:attr:`Hand.bits` per seat)."""
    order = setup.order
    if order is None:
        return held
    return (
        seat_bits(held, 0, order)
        | seat_bits(held, 1, order) << 48
        | seat_bits(held, 2, order) << 96
        | seat_bits(held, 3, order) << 144
    )


def held_count(setup: _Setup, held: int, seat: int) -> int:
    """How many cards ``seat`` holds in a state's ``held``, in either layout.

    In the position layout each copy of a card is one bit; the index layout
    is counted by :func:`~doppelkopf.deal.dealing.hand_size`.
    """
    if setup.order is None:
        return hand_size(held, seat)
    return ((held >> 48 * seat) & HAND_MASK).bit_count()
