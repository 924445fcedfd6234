"""What a player can work out from its view alone: unseen cards, voids, winning cards."""

from __future__ import annotations

from typing import Final

from ..cards import DECK, Card, Hand
from ..deal import Play, PlayerView
from ..rules import Category
from ..tricks import trick_winner

__all__ = ["known_voids", "unseen_cards", "winning_cards"]


_FULL_DECK: Final = Hand(DECK).bits


def unseen_cards(view: PlayerView) -> Hand:
    """The cards the viewer has not seen: neither in its hand nor played yet.

    The other three hands hold exactly these cards between them.

    >>> from doppelkopf import Deal, Reservation
    >>> deal = Deal.shuffled(seed=3)
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> deal = deal.play(0, deal.legal_cards()[0])
    >>> len(unseen_cards(deal.view(1)))
    35
    """
    bits = _FULL_DECK - view.hand.bits
    for card in view.cards_played:
        bits -= 1 << (2 * card.index)
    return Hand.from_bits(bits)


def known_voids(view: PlayerView) -> tuple[frozenset[Category], ...]:
    """For each seat, the categories it has shown it no longer holds (SPEC §5.2).

    A seat that did not follow the led category holds none of it.  Nothing
    is known before the contract is fixed.

    >>> from doppelkopf import Deal, Reservation
    >>> deal = Deal.from_hands(["♠A ♠A ♠10 ♠10 ♠K ♠K ♠9 ♠9 ♥A ♥A ♥K ♥K",
    ...                         "♣A ♣A ♣10 ♣10 ♣K ♣K ♣9 ♣9 ♥9 ♥9 ♣Q ♣Q",
    ...                         "♥10 ♥10 ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J ♠J",
    ...                         "♥J ♥J ♦J ♦J ♦A ♦A ♦10 ♦10 ♦K ♦K ♦9 ♦9"])
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> deal = deal.play(0, Card.parse("♠A")).play(1, Card.parse("♣A"))
    >>> known_voids(deal.view(2))[1]
    frozenset({Category.SPADES})
    """
    game = view.game_type
    voids: list[set[Category]] = [set(), set(), set(), set()]
    if game is None:
        return tuple(frozenset(void) for void in voids)
    for trick in (*view.tricks, view.current_trick):
        if not trick.cards:
            continue
        led = game.category(trick.cards[0])
        for seat, card in trick:
            if game.category(card) is not led:
                voids[seat].add(led)
    return tuple(frozenset(void) for void in voids)


def winning_cards(view: PlayerView) -> tuple[Card, ...]:
    """The viewer's legal cards that would put it ahead in the current trick (SPEC §5.3, §5.4).

    On turn with an empty trick every legal card leads, so every one is
    returned; off turn the answer is empty.  "Ahead" means winning the trick
    as it stands after the card; later players may still beat it.

    >>> from doppelkopf import Deal, Reservation
    >>> deal = Deal.from_hands(["♠A ♠A ♠10 ♠10 ♠K ♠K ♠9 ♠9 ♥A ♥A ♥K ♥K",
    ...                         "♣A ♣A ♣10 ♣10 ♣K ♣K ♣9 ♣9 ♥9 ♥9 ♣Q ♣Q",
    ...                         "♥10 ♥10 ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J ♠J",
    ...                         "♥J ♥J ♦J ♦J ♦A ♦A ♦10 ♦10 ♦K ♦K ♦9 ♦9"])
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> deal = deal.play(0, Card.parse("♠A"))
    >>> [str(card) for card in winning_cards(deal.view(1))]
    ['♣Q']
    """
    game = view.game_type
    cards = _legal_cards(view)
    trick = view.current_trick
    if game is None or not trick.cards:
        return cards
    return tuple(card for card in cards if trick_winner(trick.play(card), game) == view.seat)


def _legal_cards(view: PlayerView) -> tuple[Card, ...]:
    return tuple(action.card for action in view.legal_actions if isinstance(action, Play))
