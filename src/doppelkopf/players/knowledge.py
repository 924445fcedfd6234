"""What a player can work out from its view alone: unseen cards, voids, winning cards.

Every answer reads the view's own rules (:attr:`PlayerView.rules
<doppelkopf.PlayerView.rules>`): the deck they play with and the card order of
the contract under them, the Schweine included (SPEC §4, V§1, V§2).
"""

from __future__ import annotations

from .. import _checks
from .._order import CardOrder
from ..cards import Card, Hand
from ..deal import Phase, Play, PlayerView
from ..rules import Category
from ..tricks import Trick

__all__ = ["known_voids", "unseen_cards", "winning_cards"]


def _checked_view(view: object) -> PlayerView:
    """``view`` itself if it is a :class:`~doppelkopf.PlayerView`, else an InvalidTypeError."""
    if type(view) is PlayerView:
        return view
    return _checks.instance(view, PlayerView, "view")


def unseen_cards(view: PlayerView) -> Hand:
    """The cards the viewer has not seen: neither in its hand nor played yet.

    The other three hands hold exactly these cards between them; the deck is
    the one of the view's rules (40 cards without nines, V§1.1).  While the
    three cards of an Armut are on offer (V§6.3 step 2) they are in nobody's
    hand: the poor player knows them and does not count them, and the other
    players count them among the cards they have not seen (V§6.7).

    >>> from doppelkopf import Deal, Reservation, Rules
    >>> deal = Deal.shuffled(seed=3)
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> deal = deal.play(0, deal.legal_cards()[0])
    >>> len(unseen_cards(deal.view(1)))
    35
    >>> len(unseen_cards(Deal.shuffled(seed=3, rules=Rules(nines=False)).view(0)))
    30

    Raises:
        InvalidTypeError: ``view`` is not a :class:`~doppelkopf.PlayerView`.
    """
    view = _checked_view(view)
    bits = view.rules.deck_bits - view.hand.bits
    for card in view.played_cards:
        bits -= 1 << (2 * card.index)
    poverty = view.poverty
    if view.phase is Phase.POVERTY_OFFER and poverty is not None and poverty.poor == view.seat:
        assert poverty.passed is not None  # the poor player sees its own cards
        for card in poverty.passed:
            bits -= 1 << (2 * card.index)
    return Hand.from_bits(bits)


def known_voids(view: PlayerView) -> tuple[frozenset[Category], ...]:
    """For each seat, the categories it has shown it no longer holds (SPEC §5.2).

    A seat that did not follow the led category holds none of it.  Nothing
    is known before the contract is fixed.  Categories are those of the
    contract's card order under the view's rules: without Dullen the 10♥ is a
    heart (V§2.1).

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

    Raises:
        InvalidTypeError: ``view`` is not a :class:`~doppelkopf.PlayerView`.
    """
    view = _checked_view(view)
    order = _card_order(view)
    voids: list[set[Category]] = [set(), set(), set(), set()]
    if order is None:
        return tuple(frozenset(void) for void in voids)
    category = order.category
    for trick in (*view.tricks, view.current_trick):
        if not trick.cards:
            continue
        led = category(trick.cards[0])
        for seat, card in trick:
            if category(card) is not led:
                voids[seat].add(led)
    return tuple(frozenset(void) for void in voids)


def winning_cards(view: PlayerView) -> tuple[Card, ...]:
    """The viewer's legal cards that would put it ahead in the current trick (SPEC §5.3, §5.4).

    On turn with an empty trick every legal card leads, so every one is
    returned; off turn the answer is empty.  "Ahead" means winning the trick
    as it stands after the card; later players may still beat it.  The winner
    is decided by the card order of the view's rules, so a second 10♥ beats
    the first where ``second_dulle`` says so, the last trick being trick 10
    without nines (V§1.3, V§2.2), and the Schweine top the trumps (V§2.3).

    >>> from doppelkopf import Deal, Reservation, Rules
    >>> hands = ["♠A ♠A ♠10 ♠10 ♠K ♠K ♠9 ♠9 ♥A ♥A ♥K ♥K",
    ...          "♣A ♣A ♣10 ♣10 ♣K ♣K ♣9 ♣9 ♥9 ♥9 ♣Q ♣Q",
    ...          "♥10 ♥10 ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J ♠J",
    ...          "♥J ♥J ♦J ♦J ♦A ♦A ♦10 ♦10 ♦K ♦K ♦9 ♦9"]
    >>> deal = Deal.from_hands(hands)
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> deal = deal.play(0, Card.parse("♠A"))
    >>> [str(card) for card in winning_cards(deal.view(1))]
    ['♣Q']
    >>> deal = Deal.from_hands(hands, rules=Rules(schweinchen=True))
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> deal = deal.play(0, Card.parse("♠A")).play(1, Card.parse("♣Q"))
    >>> deal = deal.play(2, Card.parse("♥10"))
    >>> [str(card) for card in winning_cards(deal.view(3))]  # seat 3 has the Schweine
    ['♦A']

    Raises:
        InvalidTypeError: ``view`` is not a :class:`~doppelkopf.PlayerView`.
    """
    view = _checked_view(view)
    order = _card_order(view)
    cards = _legal_cards(view)
    trick = view.current_trick
    if order is None or not trick.cards:
        return cards
    return tuple(card for card in cards if _winner(order, trick, card, _is_last(view)) == view.seat)


def _legal_cards(view: PlayerView) -> tuple[Card, ...]:
    return tuple(action.card for action in view.legal_actions if isinstance(action, Play))


def _card_order(view: PlayerView) -> CardOrder | None:
    """The card order of the view's contract under its rules and Schweine (SPEC §4, V§2)."""
    game = view.game_type
    if game is None:
        return None
    return view.rules.card_order(game, schweine=view.schweine is not None)


def _is_last(view: PlayerView) -> bool:
    """Whether the current trick is the deal's last one (trick 12, or 10 without nines)."""
    return len(view.tricks) == view.rules.tricks - 1


def _winner(order: CardOrder, trick: Trick, card: Card | None, last: bool) -> int:
    """The seat ahead in ``trick`` after ``card`` (if given) is added to it (SPEC §5.3, V§2.2)."""
    cards = trick.cards if card is None else (*trick.cards, card)
    return (trick.leader + order.winner_position(cards, last=last)) & 3
