"""Game types and the card order of each (SPEC §3.1, §4).

The game type alone decides whether a card is trump or belongs to a plain suit
(its :class:`Category`) and how strong it is (SPEC §4.7).  Every table is built
once, at import time, from the lists in SPEC §4.

>>> from doppelkopf import Card, GameType
>>> normal = GameType.NORMAL
>>> [str(card) for card in normal.trumps]
['♥10', '♣Q', '♠Q', '♥Q', '♦Q', '♣J', '♠J', '♥J', '♦J', '♦A', '♦10', '♦K', '♦9']
>>> normal.category(Card.parse("♠Q")), normal.category(Card.parse("♠A"))
(Category.TRUMP, Category.SPADES)
>>> GameType.QUEENS_SOLO.category(Card.parse("♥10"))
Category.HEARTS
"""

from __future__ import annotations

import enum
from typing import Final

from .cards import DISTINCT_CARDS, Card, Rank, Suit
from .errors import InvalidNotationError

__all__ = ["Category", "GameType"]


class Category(enum.Enum):
    """What a card counts as for following suit: trump, or one plain suit (SPEC §4).

    >>> Category.of_suit(Suit.HEARTS), Category.HEARTS.suit
    (Category.HEARTS, <Suit.HEARTS: 2>)
    """

    TRUMP = 0
    CLUBS = 1
    SPADES = 2
    HEARTS = 3
    DIAMONDS = 4

    @property
    def suit(self) -> Suit | None:
        """The plain suit, or ``None`` for trump."""
        return None if self is Category.TRUMP else Suit(self.value - 1)

    @classmethod
    def of_suit(cls, suit: Suit) -> Category:
        """The plain-suit category of ``suit``."""
        return cls(suit + 1)

    def __repr__(self) -> str:
        return f"Category.{self.name}"

    def __str__(self) -> str:
        return "trump" if self is Category.TRUMP else Suit(self.value - 1).symbol


def _cards(suit: Suit, *ranks: Rank) -> list[Card]:
    return [Card(suit, rank) for rank in ranks]


_QUEENS: Final = [Card(suit, Rank.QUEEN) for suit in Suit]
_JACKS: Final = [Card(suit, Rank.JACK) for suit in Suit]
_DULLE: Final = Card(Suit.HEARTS, Rank.TEN)


def _suit_trumps(suit: Suit) -> list[Card]:
    """SPEC §4.1–4.3: 10♥, the queens, the jacks, then the trump suit's A 10 K 9."""
    tail = [
        card
        for card in _cards(suit, Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE)
        if card is not _DULLE
    ]
    return [_DULLE, *_QUEENS, *_JACKS, *tail]


class GameType(enum.Enum):
    """Every game type of SPEC §3.1, with its card order (SPEC §4).

    The value is the SPEC identifier (``"SOLO_D"`` for the diamonds solo).

    >>> GameType.parse("solo_q") is GameType.QUEENS_SOLO
    True
    >>> [len(game.trumps) for game in (GameType.NORMAL, GameType.HEARTS_SOLO,
    ...                                 GameType.JACKS_SOLO, GameType.FLESHLESS)]
    [13, 12, 4, 0]
    """

    NORMAL = "NORMAL"
    MARRIAGE = "MARRIAGE"
    MARRIAGE_SOLO = "MARRIAGE_SOLO"
    SILENT_MARRIAGE = "SILENT_MARRIAGE"
    DIAMONDS_SOLO = "SOLO_D"
    HEARTS_SOLO = "SOLO_H"
    SPADES_SOLO = "SOLO_S"
    CLUBS_SOLO = "SOLO_C"
    QUEENS_SOLO = "SOLO_Q"
    JACKS_SOLO = "SOLO_J"
    FLESHLESS = "FLESHLESS"

    # Tables filled in below the class (see _build_tables).
    _trumps: tuple[Card, ...]
    _order: tuple[Card, ...]
    _category: tuple[Category, ...]
    _strength: tuple[int, ...]
    # Internal, for the hot paths of doppelkopf.tricks:
    _cat_index: dict[Card, int]  # card -> 0 (trump) or 1 + suit
    _cat_bits: tuple[int, ...]  # category index -> packed-hand mask of its cards
    _follow_bits: dict[Card, int]  # led card -> packed-hand mask of the cards that follow it
    _lead_keys: dict[Card, dict[Card, int]]  # led card -> card -> winning key
    _solo: bool  # see is_solo; read by settlement and views for every deal

    def __repr__(self) -> str:
        return f"GameType.{self.name}"

    def __str__(self) -> str:
        return _DISPLAY_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> GameType:
        """Read a game type from its name (``QUEENS_SOLO``) or SPEC id (``SOLO_Q``).

        Case, hyphens and spaces are ignored.

        Raises:
            InvalidNotationError: no game type has that name.
        """
        key = text.strip().upper().replace("-", "_").replace(" ", "_")
        for game in cls:
            if key in (game.name, game.value):
                return game
        raise InvalidNotationError(f"unknown game type {text!r}", text=text)

    @property
    def trumps(self) -> tuple[Card, ...]:
        """The distinct trump cards from high to low (each exists twice; SPEC §4)."""
        return self._trumps

    @property
    def order(self) -> tuple[Card, ...]:
        """All 24 distinct cards in display order: trumps high to low, then ♣ ♠ ♥ ♦ high to low."""
        return self._order

    @property
    def is_solo(self) -> bool:
        """Whether one player plays alone against three (scored ×3, SPEC §12.2)."""
        return self._solo

    @property
    def is_declarable_solo(self) -> bool:
        """Whether a player may announce this game as a voluntary solo (SPEC §3.2)."""
        return self in _DECLARABLE_SOLOS

    @property
    def has_special_points(self) -> bool:
        """Whether Doppelkopf, fox and Karlchen points exist (NORMAL and MARRIAGE, SPEC §11.1)."""
        return not self.is_solo

    @property
    def trump_suit(self) -> Suit | None:
        """The suit whose A/10/K/9 are trumps (``None`` in the queens, jacks, fleshless solos)."""
        return _TRUMP_SUITS.get(self)

    def category(self, card: Card) -> Category:
        """Whether ``card`` is trump or which plain suit it belongs to (SPEC §4.7).

        >>> GameType.JACKS_SOLO.category(Card.parse("♣Q"))
        Category.CLUBS
        """
        return self._category[card.index]

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is trump in this game type (SPEC §4)."""
        return self._category[card.index] is Category.TRUMP

    def strength(self, card: Card) -> int:
        """The card's rank within its category: higher beats lower (SPEC §4).

        Every trump is stronger than every plain card; plain cards of different
        suits are not comparable for winning a trick (SPEC §5.3), so their
        strengths only order cards of one suit.

        >>> game = GameType.NORMAL
        >>> game.strength(Card.parse("♥10")) > game.strength(Card.parse("♣Q"))
        True
        """
        return self._strength[card.index]

    def sort(self, cards: list[Card] | tuple[Card, ...]) -> list[Card]:
        """``cards`` in this game type's display order (see :attr:`order`)."""
        position = self._position
        return sorted(cards, key=lambda card: position[card.index])

    @property
    def _position(self) -> tuple[int, ...]:
        return _POSITIONS[self]


_DISPLAY_NAMES: Final = {
    GameType.NORMAL: "normal game",
    GameType.MARRIAGE: "marriage",
    GameType.MARRIAGE_SOLO: "marriage solo",
    GameType.SILENT_MARRIAGE: "silent marriage",
    GameType.DIAMONDS_SOLO: "diamonds solo",
    GameType.HEARTS_SOLO: "hearts solo",
    GameType.SPADES_SOLO: "spades solo",
    GameType.CLUBS_SOLO: "clubs solo",
    GameType.QUEENS_SOLO: "queens solo",
    GameType.JACKS_SOLO: "jacks solo",
    GameType.FLESHLESS: "fleshless solo",
}

_DECLARABLE_SOLOS: Final = frozenset(
    {
        GameType.DIAMONDS_SOLO,
        GameType.HEARTS_SOLO,
        GameType.SPADES_SOLO,
        GameType.CLUBS_SOLO,
        GameType.QUEENS_SOLO,
        GameType.JACKS_SOLO,
        GameType.FLESHLESS,
    }
)

_TRUMP_SUITS: Final = {
    GameType.NORMAL: Suit.DIAMONDS,
    GameType.MARRIAGE: Suit.DIAMONDS,
    GameType.MARRIAGE_SOLO: Suit.DIAMONDS,
    GameType.SILENT_MARRIAGE: Suit.DIAMONDS,
    GameType.DIAMONDS_SOLO: Suit.DIAMONDS,
    GameType.HEARTS_SOLO: Suit.HEARTS,
    GameType.SPADES_SOLO: Suit.SPADES,
    GameType.CLUBS_SOLO: Suit.CLUBS,
}


def _trump_list(game: GameType) -> list[Card]:
    suit = _TRUMP_SUITS.get(game)
    if suit is not None:
        return _suit_trumps(suit)
    if game is GameType.QUEENS_SOLO:
        return list(_QUEENS)
    if game is GameType.JACKS_SOLO:
        return list(_JACKS)
    return []


_POSITIONS: dict[GameType, tuple[int, ...]] = {}

_TRUMP_BASE: Final = 100
"""Strength of the lowest trump; plain cards use their Rank value (0-5)."""


def _build_tables() -> None:
    for game in GameType:
        trumps = _trump_list(game)
        trump_set = set(trumps)
        category: list[Category] = []
        strength: list[int] = []
        for card in DISTINCT_CARDS:
            if card in trump_set:
                category.append(Category.TRUMP)
                strength.append(_TRUMP_BASE + len(trumps) - 1 - trumps.index(card))
            else:
                category.append(Category.of_suit(card.suit))
                strength.append(int(card.rank))
        plain = [
            card
            for suit in Suit
            for card in sorted(
                (c for c in DISTINCT_CARDS if c.suit is suit and c not in trump_set),
                key=lambda c: -c.rank,
            )
        ]
        order = tuple(trumps + plain)
        cat_index = {card: category[card.index].value for card in DISTINCT_CARDS}
        cat_bits = tuple(
            sum(3 << (2 * card.index) for card in DISTINCT_CARDS if cat_index[card] == value)
            for value in range(5)
        )
        lead_keys: dict[Card, dict[Card, int]] = {}
        for led in DISTINCT_CARDS:
            led_category = category[led.index]
            lead_keys[led] = {
                card: (
                    strength[card.index]
                    if category[card.index] is Category.TRUMP
                    or category[card.index] is led_category
                    else -1
                )
                for card in DISTINCT_CARDS
            }
        for name, value in (
            ("_trumps", tuple(trumps)),
            ("_order", order),
            ("_category", tuple(category)),
            ("_strength", tuple(strength)),
            ("_cat_index", cat_index),
            ("_cat_bits", cat_bits),
            ("_follow_bits", {card: cat_bits[cat_index[card]] for card in DISTINCT_CARDS}),
            ("_lead_keys", lead_keys),
            ("_solo", game not in (GameType.NORMAL, GameType.MARRIAGE)),
        ):
            setattr(game, name, value)
        position = [0] * 24
        for rank_in_order, card in enumerate(order):
            position[card.index] = rank_in_order
        _POSITIONS[game] = tuple(position)


_build_tables()
