"""How strong a hand is: the heuristic player's reservations and announcements (SPEC §3, §8).

Each measure counts a hand's cards in the card order of the game it would be
played in under the rules in force (SPEC §4, V§2), with thresholds set for
hands of 12 cards and scaled to the hand size of the rules (V§1.2).  The
:class:`~doppelkopf.players.HeuristicPlayer` asks them what to declare, whether
to announce and which absage is safe; how it plays its cards is its own.
"""

from __future__ import annotations

from typing import Final

from .._order import CardOrder
from ..cards import Card, Hand, Rank, Suit
from ..deal import PlayerView, Reservation
from ..parties import Announcement, Party
from ..rules import Category, GameType, Rules
from .knowledge import _winner

_CLUB_QUEEN: Final = Card(Suit.CLUBS, Rank.QUEEN)
_CLUB_JACK: Final = Card(Suit.CLUBS, Rank.JACK)
_FOX: Final = Card(Suit.DIAMONDS, Rank.ACE)
_SUIT_SOLOS: Final = (
    (GameType.DIAMONDS_SOLO, Reservation.DIAMONDS_SOLO),
    (GameType.HEARTS_SOLO, Reservation.HEARTS_SOLO),
    (GameType.SPADES_SOLO, Reservation.SPADES_SOLO),
    (GameType.CLUBS_SOLO, Reservation.CLUBS_SOLO),
)

# The thresholds below are set for hands of 12 cards; those that count a
# hand's length (trumps, the power measure) are scaled to the hand size of
# the rules in force (see _scaled).

_SUIT_SOLO_POWER: Final = 15
"""Trumps + top trumps + plain aces that call for a suit solo (about 1 hand in 90)."""

_SUIT_SOLO_TRUMPS: Final = 9
"""The trumps a suit solo needs besides its power."""

_SILENT_MARRIAGE_POWER: Final = 14
"""The same measure in the normal card order that makes a double-♣Q hand play alone."""

_ANNOUNCE_POWER: Final = 13
"""The same measure that makes a 2-against-2 player say Re or Kontra (about 1 hand in 8)."""

_SOLOIST_ANNOUNCE_POWER: Final = 16
"""The same measure that makes a soloist in a trump solo say Re."""

_ACCEPT_TRUMPS: Final = 8
"""The trumps (normal order) with which it accepts an Armut (V§6.3)."""

_THROW_REASONS: Final = ("nines5", "kings5", "nines4_kings4", "trumps1")
"""The throw reasons of a weak hand, for which it throws in (V§7.1); never ``full7``."""

_DECLARABLE: Final = tuple(
    (game, Reservation(game.value)) for game in GameType if game.is_declarable_solo
)


def _scaled(threshold: int, rules: Rules) -> int:
    """``threshold`` for 12 cards, scaled up to the hand size of ``rules`` (V§1.2)."""
    return -(-threshold * rules.hand_size // 12)


def _power(hand: Hand, order: CardOrder) -> int:
    """Trumps, plus each copy of the order's three highest trumps, plus plain aces.

    A rough count of a hand's strength in a game with trumps: length in trumps
    wins the late tricks, the top trumps win tricks outright, and a plain ace
    usually wins the first round of its suit.
    """
    top = order.trumps[:3]
    is_trump = order.is_trump
    power = 0
    for card in hand:
        if is_trump(card):
            power += 2 if card in top else 1
        elif card.rank is Rank.ACE:
            power += 1
    return power


def _count_rank(hand: Hand, rank: Rank) -> int:
    return sum(hand.count(Card(suit, rank)) for suit in Suit)


def _sure_winners(hand: Hand, order: CardOrder, category: Category) -> int:
    """The top cards of ``category`` the hand can cash from the top, both copies at a time."""
    winners = 0
    for card in order.order:
        if order.category(card) is not category:
            continue
        copies = hand.count(card)
        winners += copies
        if copies < 2:
            break
    return winners


def _solo_for(hand: Hand, rules: Rules) -> Reservation | None:
    """The solo the hand clearly calls for, if any and if ``rules`` allow solos (V§3)."""
    if not rules.solos:
        return None
    queens = _count_rank(hand, Rank.QUEEN)
    jacks = _count_rank(hand, Rank.JACK)
    aces = _count_rank(hand, Rank.ACE)
    if queens >= 5 and hand.count(_CLUB_QUEEN) and queens + aces >= 8:
        return Reservation.QUEENS_SOLO
    if jacks >= 5 and hand.count(_CLUB_JACK) and jacks + aces >= 8:
        return Reservation.JACKS_SOLO
    fleshless = rules.card_order(GameType.FLESHLESS)
    winners = sum(_sure_winners(hand, fleshless, Category.of_suit(suit)) for suit in Suit)
    if aces >= 6 and winners >= 8:
        return Reservation.FLESHLESS
    options = [(rules.card_order(game), reservation) for game, reservation in _SUIT_SOLOS]
    order, reservation = max(options, key=lambda option: _power(hand, option[0]))
    trumps = sum(1 for card in hand if order.is_trump(card))
    if _power(hand, order) >= _scaled(_SUIT_SOLO_POWER, rules) and trumps >= _scaled(
        _SUIT_SOLO_TRUMPS, rules
    ):
        return reservation
    return None


def _best_solo(hand: Hand, rules: Rules) -> Reservation:
    """The declarable solo the measure rates best for ``hand`` (a forced solo, V§9.5)."""
    _, reservation = max(_DECLARABLE, key=lambda option: _power(hand, rules.card_order(option[0])))
    return reservation


def _reservation_for(hand: Hand, rules: Rules) -> Reservation:
    """The :class:`HeuristicPlayer`'s answer in the reservation round under ``rules``."""
    solo = _solo_for(hand, rules)
    if hand.count(_CLUB_QUEEN) < 2:
        return solo or Reservation.HEALTHY
    if solo is Reservation.DIAMONDS_SOLO:
        return Reservation.HEALTHY  # the same trumps, played as a silent marriage
    if solo is not None:
        return solo
    # Both ♦A in this hand are the Schweine of a silent marriage (V§2.3).
    silent = rules.card_order(GameType.SILENT_MARRIAGE, schweine=hand.count(_FOX) == 2)
    if _power(hand, silent) >= _scaled(_SILENT_MARRIAGE_POWER, rules):
        return Reservation.HEALTHY
    return Reservation.MARRIAGE


def _soloist_is_strong(hand: Hand, game: GameType, order: CardOrder, rules: Rules) -> bool:
    """Whether a soloist's hand is strong enough to say Re."""
    if game is GameType.FLESHLESS:
        return sum(_sure_winners(hand, order, Category.of_suit(suit)) for suit in Suit) >= 9
    trumps = sum(1 for card in hand if order.is_trump(card))
    if game in (GameType.QUEENS_SOLO, GameType.JACKS_SOLO):
        return trumps >= 6
    return _power(hand, order) >= _scaled(_SOLOIST_ANNOUNCE_POWER, rules)


def _trick_winners(view: PlayerView, order: CardOrder) -> list[int]:
    """The winner of each trick the view has seen completed (SPEC §5.3, V§2.2)."""
    last = view.rules.tricks - 1
    return [_winner(order, trick, None, number == last) for number, trick in enumerate(view.tricks)]


def _tricks_taken(view: PlayerView, order: CardOrder, party: Party) -> int:
    """Tricks ``party`` is known to have won so far (the viewer and its known partners)."""
    known = view.known_parties
    return sum(1 for winner in _trick_winners(view, order) if known[winner] is party)


def _absage_is_safe(view: PlayerView, order: CardOrder, party: Party, level: Announcement) -> bool:
    """An absage of ``level`` is safe when ``party`` has won every trick so far (at least
    ``level + 1`` of them) with 30 card points a trick on average."""
    if len(view.tricks) < level + 1:
        return False
    known = view.known_parties
    if any(known[winner] is not party for winner in _trick_winners(view, order)):
        return False
    return sum(trick.points for trick in view.tricks) >= 30 * len(view.tricks)
