"""The game types and the categories of following suit (SPEC §3.1, §4).

:class:`GameType` names a contract and :class:`Category` says what a card
counts as for following suit.  Both belong to :mod:`doppelkopf.rules`, which
re-exports them: their module is ``doppelkopf.rules`` for pickling, repr and
the documentation.  The card order of a game type under the default rules is
built by :mod:`doppelkopf._order`, which imports this module and hands the
orders back through :func:`_register_default_orders`; this module imports
neither it nor the rule set.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import FunctionType
from typing import Final, NoReturn, Protocol

from . import _checks
from .cards import Card, Suit
from .errors import InvalidNotationError, InvalidValueError

__all__ = ["Category", "GameType"]


class Category(enum.Enum, metaclass=_checks.LookupEnumType):
    """What a card counts as for following suit: trump, or one plain suit (SPEC §4).

    >>> from doppelkopf import Suit
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
        """The plain-suit category of ``suit`` (SPEC §4.7).

        >>> from doppelkopf import Suit
        >>> Category.of_suit(Suit.DIAMONDS)
        Category.DIAMONDS

        Raises:
            InvalidTypeError: ``suit`` is not a :class:`~doppelkopf.Suit`.
        """
        if type(suit) is not Suit:
            _checks.instance(suit, Suit, "suit")
        return _SUIT_CATEGORIES[suit]

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        if type(value) is not int:
            raise _checks.type_error(value, "value", "int 0-4")
        raise InvalidValueError(
            f"no category has the value {_checks.excerpt(value)}: expected 0-4", rule="§4.7"
        )

    def __repr__(self) -> str:
        return f"Category.{self.name}"

    def __str__(self) -> str:
        return "trump" if self is Category.TRUMP else Suit(self.value - 1).symbol


class GameType(enum.Enum, metaclass=_checks.LookupEnumType):
    """Every game type of SPEC §3.1, with its card order (SPEC §4).

    The value is the SPEC identifier (``"SOLO_D"`` for the diamonds solo); ``str``
    gives the English display name.

    >>> GameType.parse("solo_q") is GameType.QUEENS_SOLO is GameType.parse("Damensolo")
    True
    >>> str(GameType.QUEENS_SOLO), GameType("SOLO_Q")
    ('queens solo', GameType.QUEENS_SOLO)
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
    POVERTY = "ARMUT"

    def __repr__(self) -> str:
        return f"GameType.{self.name}"

    def __str__(self) -> str:
        return _DISPLAY_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> GameType:
        """Read a game type from any of its names (SPEC §3.1).

        Accepted: the English display name (``queens solo``), the member name
        (``QUEENS_SOLO``), the SPEC identifier (``SOLO_Q``) and the German word
        used at tables: ``Normalspiel``, ``Hochzeit``, ``stille Hochzeit``,
        ``Damensolo``, ``Bubensolo``, ``Fleischloser`` (``Fleischlos``),
        ``Trumpfsolo`` or ``Karosolo``, ``Herzsolo``, ``Piksolo``, ``Kreuzsolo``,
        ``Armut``.
        Case, spaces, hyphens and underscores are ignored, and ``ä ö ü ß`` may be
        written ``ae oe ue ss``.

        >>> GameType.parse("Queens-Solo"), GameType.parse("stille hochzeit")
        (GameType.QUEENS_SOLO, GameType.SILENT_MARRIAGE)
        >>> GameType.parse("FLEISCHLOSER"), GameType.parse("Karo-Solo")
        (GameType.FLESHLESS, GameType.DIAMONDS_SOLO)

        Raises:
            InvalidNotationError: no game type has that name.
            InvalidTypeError: ``text`` is not a ``str``.
        """
        key = _name_key(_checks.text(text))
        try:
            return _GAME_NAMES[key]
        except KeyError:
            raise InvalidNotationError(
                f"unknown game type {_checks.excerpt(text)}", text=text
            ) from None

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        if type(value) is not str:
            raise _checks.type_error(value, "value", "str")
        raise InvalidValueError(
            f"no game type has the value {_checks.excerpt(value)}; "
            f"use GameType.parse({_checks.excerpt(value)}) to read a name",
            rule="§3.1",
        )

    def __init__(self, value: str) -> None:
        # A fact of the contract itself, read for every deal by settlement and
        # views: a member attribute costs one slot read, a set lookup an enum hash.
        self._solo = value not in ("NORMAL", "MARRIAGE", "ARMUT")

    # Members are singletons, so identity is their equality and the identity hash
    # (in C) is a valid hash; Enum's own hashes the name in Python, and the card
    # order of a game type is looked up by it on every legal_cards and trick_winner.
    __hash__ = object.__hash__

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
        """Whether this contract is a 2-against-2 game with special points (SPEC §11.1).

        NORMAL, MARRIAGE and POVERTY (V§6.6); whether special points are counted at all is the
        rule set's choice (:meth:`Rules.counts_specials`, V§5.1).
        """
        return not self._solo

    @property
    def trump_suit(self) -> Suit | None:
        """The suit whose A/10/K/9 are trumps (``None`` in the queens, jacks, fleshless solos)."""
        return _TRUMP_SUITS.get(self)

    # --- the card order under the default rules ------------------------------
    # Conveniences for the common case; any other rule set asks
    # Rules.card_order(game_type), which these read for Rules.DDV.

    @property
    def trumps(self) -> tuple[Card, ...]:
        """The distinct trumps from high to low under the default rules (SPEC §4).

        Each exists twice.  Under other rules: ``rules.card_order(game).trumps``.
        """
        return _default_order(self).trumps

    @property
    def order(self) -> tuple[Card, ...]:
        """All 24 distinct cards in display order under the default rules (SPEC §4).

        Trumps high to low, then ♣ ♠ ♥ ♦ high to low.
        """
        return _default_order(self).order

    def category(self, card: Card) -> Category:
        """Whether ``card`` is trump or which plain suit it belongs to (SPEC §4.7).

        Under the default rules; see :meth:`Rules.card_order` for others.

        >>> GameType.JACKS_SOLO.category(Card.parse("♣Q"))
        Category.CLUBS
        """
        return _default_order(self).category(card)

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is trump in this game type under the default rules (SPEC §4)."""
        return _default_order(self).is_trump(card)

    def strength(self, card: Card) -> int:
        """The card's rank within its category under the default rules (SPEC §4).

        Every trump is stronger than every plain card; plain cards of different
        suits are not comparable for winning a trick (SPEC §5.3), so their
        strengths only order cards of one suit.

        >>> game = GameType.NORMAL
        >>> game.strength(Card.parse("♥10")) > game.strength(Card.parse("♣Q"))
        True
        """
        return _default_order(self).strength(card)

    def sort(self, cards: list[Card] | tuple[Card, ...]) -> list[Card]:
        """``cards`` in this game type's display order (see :attr:`order`)."""
        return _default_order(self).sort(cards)


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
    GameType.POVERTY: "poverty",
}

_LONGEST_NAME: Final = 40
"""Text longer than this is no game type's name; it is not normalised at all."""

_GERMAN_LETTERS: Final = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def _name_key(text: str) -> str:
    """``text`` without case, spaces, hyphens and underscores, umlauts as ae/oe/ue/ss.

    >>> _name_key(" Stille-Hochzeit "), _name_key("Fleischloß"), _name_key("SOLO_Q")
    ('stillehochzeit', 'fleischloss', 'soloq')
    """
    if len(text) > _LONGEST_NAME:
        return ""
    return "".join(text.lower().translate(_GERMAN_LETTERS).split()).translate(_DROPPED)


_DROPPED: Final = str.maketrans("", "", "-_")

_GERMAN_NAMES: Final = {
    "Normalspiel": GameType.NORMAL,
    "Hochzeit": GameType.MARRIAGE,
    "stille Hochzeit": GameType.SILENT_MARRIAGE,
    "Damensolo": GameType.QUEENS_SOLO,
    "Bubensolo": GameType.JACKS_SOLO,
    "Fleischloser": GameType.FLESHLESS,
    "Fleischlos": GameType.FLESHLESS,
    "Trumpfsolo": GameType.DIAMONDS_SOLO,
    "Karosolo": GameType.DIAMONDS_SOLO,
    "Herzsolo": GameType.HEARTS_SOLO,
    "Piksolo": GameType.SPADES_SOLO,
    "Kreuzsolo": GameType.CLUBS_SOLO,
    "Armut": GameType.POVERTY,
}
"""The German words used at tables (SPEC §3.1), read by :meth:`GameType.parse`."""

_GAME_NAMES: Final = {
    **{_name_key(word): game for word, game in _GERMAN_NAMES.items()},
    **{_name_key(_DISPLAY_NAMES[game]): game for game in GameType},
    **{_name_key(game.name): game for game in GameType},
    **{_name_key(game.value): game for game in GameType},
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
    GameType.POVERTY: Suit.DIAMONDS,
}


_SUIT_CATEGORIES: Final = {suit: Category(suit + 1) for suit in Suit}


# --- the card order of each game type under the default rules ----------------


class _DefaultOrder(Protocol):
    """What a game type reads of its card order under the default rules (a ``CardOrder``)."""

    @property
    def trumps(self) -> tuple[Card, ...]: ...

    @property
    def order(self) -> tuple[Card, ...]: ...

    def category(self, card: Card) -> Category: ...

    def is_trump(self, card: Card) -> bool: ...

    def strength(self, card: Card) -> int: ...

    def sort(self, cards: list[Card] | tuple[Card, ...]) -> list[Card]: ...


_DEFAULT_ORDERS: Final[dict[GameType, _DefaultOrder]] = {}
"""The card order of each game type under the default rules, filled by :mod:`doppelkopf._order`.

The package imports that module first of all, so the table is full before any
game type is asked for its order.
"""


def _register_default_orders(orders: Mapping[GameType, _DefaultOrder]) -> None:
    """Called once by :mod:`doppelkopf._order` when it has built the default orders."""
    _DEFAULT_ORDERS.update(orders)


def _default_order(game: GameType) -> _DefaultOrder:
    return _DEFAULT_ORDERS[game]


# --- where the public names belong ---------------------------------------------


def _belong_to(module: str, *classes: type) -> None:
    """Make ``module`` the module of each class and of the functions defined in it.

    Pickles and the documentation name a class by its module, and doctest
    looks for the examples of a method in its function's module.
    """
    for cls in classes:
        cls.__module__ = module
        for member in vars(cls).values():
            function = member.fget if isinstance(member, property) else member
            function = getattr(function, "__func__", function)
            if isinstance(function, FunctionType):
                function.__module__ = module


_belong_to("doppelkopf.rules", Category, GameType)
