"""The rule set, game types and the facts derived from them (SPEC §3.1, §4, V§0).

:class:`Rules` is the rule set a table plays: ``Rules()`` is the default rule
set of the rules pages (§1–§12), the DDV domestic rules, and each field is one
option of V§0.1.  Every fact that
depends on the rules — the deck, the cards per hand, the number of tricks, the
announcement deadlines, the card order of each game type — is derived from a
``Rules`` value here and nowhere else.  :class:`GameType` names a contract; its
card order under a rule set is :meth:`Rules.card_order` (the properties of
:class:`GameType` read the default rules).

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
import itertools
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, NoReturn, TypeAlias, cast

import attrs

from . import _checks
from .cards import DISTINCT_CARDS, Card, Rank, Suit
from .errors import InvalidNotationError, InvalidRulesError, InvalidValueError

if TYPE_CHECKING:
    from ._order import CardOrder
    from .parties import Announcement

__all__ = [
    "BOCK_TRIGGERS",
    "THROW_REASONS",
    "USUAL_THROW_REASONS",
    "BockStacking",
    "BockTrigger",
    "Category",
    "GameType",
    "Rules",
    "SecondDulle",
    "ThrowReason",
]


class Category(enum.Enum, metaclass=_checks.LookupEnumType):
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
        """The plain-suit category of ``suit`` (SPEC §4.7).

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


# --- the card order of each game type under the default rules ----------------

_DEFAULT_ORDERS: dict[GameType, CardOrder] = {}


def _register_default_orders(orders: Mapping[GameType, CardOrder]) -> None:
    """Called once by :mod:`doppelkopf._order` when it has built the default orders."""
    _DEFAULT_ORDERS.update(orders)


def _default_order(game: GameType) -> CardOrder:
    try:
        return _DEFAULT_ORDERS[game]
    except KeyError:
        from . import _order  # noqa: F401 - importing it registers the orders

        return _DEFAULT_ORDERS[game]


# --- the rule set -------------------------------------------------------------

SecondDulle: TypeAlias = Literal["never", "always", "except_last_trick"]
"""The values of :attr:`Rules.second_dulle` (V§2.2)."""

ThrowReason: TypeAlias = Literal["nines5", "kings5", "nines4_kings4", "full7", "trumps1"]
"""A reason to throw in (Schmeißen, V§7.1), an element of :attr:`Rules.schmeissen`."""

BockTrigger: TypeAlias = Literal["tie", "lost_announcement", "lost_solo"]
"""An event that starts a Bock round (V§11.1), an element of :attr:`Rules.bock`."""

BockStacking: TypeAlias = Literal["consecutive", "multiply"]
"""The values of :attr:`Rules.bock_stacking` (V§11.3)."""

THROW_REASONS: Final[tuple[ThrowReason, ...]] = (
    "nines5",
    "kings5",
    "nines4_kings4",
    "full7",
    "trumps1",
)
"""Every throw reason of V§7.1, in the order that section lists them."""

BOCK_TRIGGERS: Final[tuple[BockTrigger, ...]] = ("tie", "lost_announcement", "lost_solo")
"""Every Bock trigger of V§11.1."""

USUAL_THROW_REASONS: Final[frozenset[ThrowReason]] = frozenset({"nines5", "kings5"})
"""SUMMARY's pair of throw reasons, the usual choice (V§7.1)."""

_SECOND_DULLE: Final = ("never", "always", "except_last_trick")
_BOCK_STACKING: Final = ("consecutive", "multiply")
_NINE_REASONS: Final = frozenset({"nines5", "nines4_kings4"})
_BOOLEAN_WORDS: Final = {
    "true": True,
    "yes": True,
    "on": True,
    "1": True,
    "false": False,
    "no": False,
    "off": False,
    "0": False,
}


def _flag(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise InvalidRulesError(
            f"option {attribute.name} must be True or False, not {_short(value)}",
            options=(attribute.name,),
            rule="V§0.1",
        )


def _choice(
    name: str, choices: tuple[str, ...], section: str
) -> Callable[[object, attrs.Attribute[str], object], None]:
    """A validator that accepts one of ``choices`` as the value of option ``name``."""

    def validate(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
        if type(value) is not str or value not in choices:
            listed = ", ".join(repr(choice) for choice in choices)
            raise InvalidRulesError(
                f"option {name} must be one of {listed}, not {_short(value)}",
                options=(name,),
                rule=section,
            )

    return validate


def _in_range(
    name: str, *, optional: bool = False
) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """A validator that accepts an ``int`` within :data:`_INT_BOUNDS` (or ``None`` if optional)."""
    low, high, _ = _INT_BOUNDS[name]

    def validate(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        if type(value) is int and low <= value <= high:
            return
        raise _out_of_range(name, value)

    return validate


def _out_of_range(name: str, value: object) -> InvalidRulesError:
    """The error for a value of the int option ``name`` outside :data:`_INT_BOUNDS`."""
    low, high, section = _INT_BOUNDS[name]
    allowed = f"{low}-{high}" + (" or None" if name in _OPTIONAL_INTS else "")
    return InvalidRulesError(
        f"option {name} must be an int {allowed}, not {_short(value)} (V§0.4)",
        options=(name,),
        rule=section,
    )


_MOST_SESSION_DEALS: Final = 10_000
"""The longest session :attr:`Rules.session_length` may ask for (V§9.6).

No table plays ten thousand deals in one session.  The bound keeps every number
a rule set holds, and every count derived from it, far within what a record
writes and reads back (integers of at most 20 digits).
"""

_INT_BOUNDS: Final = {
    "armut_max_trumps": (1, 3, "V§6.1"),
    "players": (4, 5, "V§10"),
    "session_length": (1, _MOST_SESSION_DEALS, "V§9.6"),
}
"""The smallest and largest value of each int option and the section that sets them.

``True`` and ``False`` are not ints here.
"""

_OPTIONAL_INTS: Final = frozenset({"session_length"})
"""The int options that may also be ``None``."""


def _reasons(value: Iterable[str]) -> frozenset[ThrowReason]:
    """:attr:`Rules.schmeissen` from any iterable of reason names (V§7.1)."""
    return cast("frozenset[ThrowReason]", _name_set("schmeissen", value, THROW_REASONS, "V§7.1"))


def _triggers(value: Iterable[str]) -> frozenset[BockTrigger]:
    """:attr:`Rules.bock` from any iterable of trigger names (V§11.1)."""
    return cast("frozenset[BockTrigger]", _name_set("bock", value, BOCK_TRIGGERS, "V§11.1"))


def _name_set(name: str, value: object, names: tuple[str, ...], section: str) -> frozenset[str]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise InvalidRulesError(
            f"option {name} must be a set of names ({', '.join(names)}), not {_short(value)}",
            options=(name,),
            rule=section,
        )
    items = list(itertools.islice(value, _MOST_NAMES + 1))
    if len(items) > _MOST_NAMES:
        raise InvalidRulesError(
            f"option {name} lists more than {_MOST_NAMES} names", options=(name,), rule=section
        )
    for item in items:
        if type(item) is not str or item not in names:
            raise InvalidRulesError(
                f"option {name}: unknown name {_short(item)}; the names are {', '.join(names)}",
                options=(name,),
                rule=section,
            )
    return frozenset(items)


_MOST_NAMES: Final = 64
"""More names than this in a set option are refused unread (a hostile iterable may be endless)."""


_short: Final = _checks.excerpt


@attrs.frozen(repr=False, cache_hash=True)
class Rules:
    """A rule set: the default rules (§1–§12) and the options that change them (V§0).

    ``Rules()`` is exactly the default rule set of the rules pages, the DDV
    domestic rules, also named :attr:`Rules.DDV`.  Every field is one option
    (V§0.1), and its default reproduces the default rules.  Combinations that
    exclude each other are rejected when the value is built (V§0.4).  A rule
    set is an immutable, hashable value.

    >>> from doppelkopf import Rules
    >>> Rules() == Rules.DDV, Rules.DDV.tricks, Rules(nines=False).tricks
    (True, 12, 10)
    >>> Rules(nines=False, second_dulle="always")
    Rules(nines=False, second_dulle='always')
    >>> Rules(dullen=False, second_dulle="always")
    Traceback (most recent call last):
    ...
    doppelkopf.errors.InvalidRulesError: dullen=False excludes second_dulle='always': ... (V§0.4)

    Options (each cites the section of the rule options that defines it):

    - ``nines`` (V§1): play with the eight 9s (48 cards, 12 tricks) or without
      (40 cards, 10 tricks, every deadline two cards lower).
    - ``dullen`` (V§2.1): the 10♥ is the highest trump; off, it is a plain heart.
    - ``second_dulle`` (V§2.2): when both 10♥ fall in one trick, whether the
      second beats the first: ``"never"``, ``"always"`` or ``"except_last_trick"``.
    - ``schweinchen`` (V§2.3): both ♦A in one hand become the two highest trumps.
    - ``solos`` (V§3): voluntary solos may be declared.
    - ``skip_levels`` (V§4): an absage may skip levels (SPEC §8.8); off, each
      level must have been announced explicitly first.
    - ``specials`` (V§5.1): Doppelkopf, fox and Karlchen points are counted.
    - ``karlchen`` (V§5.2): the Karlchen point of SPEC §11.5.
    - ``karlchen_caught`` (V§5.3): a ♣J of the losing party in the last trick
      earns the winners a point.
    - ``fox_at_end`` (V§5.4): a party's own ♦A winning the last trick earns it a point.
    - ``armut`` (V§6): a player with at most ``armut_max_trumps`` trumps (an
      int from 1 to 3) may declare poverty and exchange three cards with a partner.
    - ``schmeissen`` (V§7): the set of :data:`ThrowReason` for which a player
      may throw the deal in (empty: no throwing in).
    - ``compulsory_solo`` (V§9): tournament mode; each player owes one
      compulsory solo per session.
    - ``players`` (V§10): four or five at the table, the int 4 or 5 (at five
      the dealer sits out).
    - ``session_length`` (V§9.6, V§10): the deals of a session, an int from 1
      to 10,000 (a bound no table reaches, which keeps every record readable),
      or ``None`` for three per player (:attr:`session_deals`).
    - ``bock`` (V§11): the set of :data:`BockTrigger` that start a Bock round;
      ``bock_stacking`` says how rounds that overlap combine.

    >>> Rules.TOURNAMENT
    Rules(compulsory_solo=True, session_length=24)
    >>> str(Rules.XIX), Rules.parse("xix") is Rules.XIX
    ('xix', True)
    """

    nines: bool = attrs.field(default=True, validator=_flag)
    dullen: bool = attrs.field(default=True, validator=_flag)
    second_dulle: SecondDulle = attrs.field(
        default="never", validator=_choice("second_dulle", _SECOND_DULLE, "V§2.2")
    )
    schweinchen: bool = attrs.field(default=False, validator=_flag)
    solos: bool = attrs.field(default=True, validator=_flag)
    skip_levels: bool = attrs.field(default=True, validator=_flag)
    specials: bool = attrs.field(default=True, validator=_flag)
    karlchen: bool = attrs.field(default=True, validator=_flag)
    karlchen_caught: bool = attrs.field(default=False, validator=_flag)
    fox_at_end: bool = attrs.field(default=False, validator=_flag)
    armut: bool = attrs.field(default=False, validator=_flag)
    armut_max_trumps: int = attrs.field(default=3, validator=_in_range("armut_max_trumps"))
    schmeissen: frozenset[ThrowReason] = attrs.field(default=frozenset(), converter=_reasons)
    compulsory_solo: bool = attrs.field(default=False, validator=_flag)
    players: int = attrs.field(default=4, validator=_in_range("players"))
    session_length: int | None = attrs.field(
        default=None, validator=_in_range("session_length", optional=True)
    )
    bock: frozenset[BockTrigger] = attrs.field(default=frozenset(), converter=_triggers)
    bock_stacking: BockStacking = attrs.field(
        default="consecutive", validator=_choice("bock_stacking", _BOCK_STACKING, "V§11.3")
    )
    # Derived once per value: the hot paths of a deal read them for every trick.
    _tricks: int = attrs.field(init=False, eq=False, repr=False)

    DDV: ClassVar[Rules]
    """The DDV domestic rules, the default rule set (§1–§12): ``Rules()``."""
    TOURNAMENT: ClassVar[Rules]
    """A DDV tournament round at a four-player table (V§0.3): compulsory solos, 24 deals."""
    XIX: ClassVar[Rules]
    """The mid-19th-century game (V§0.3): no Dullen, Armut, no skipped levels, no specials."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_tricks", 12 if self.nines else 10)
        if not self.dullen and self.second_dulle != "never":
            _exclude(
                "dullen",
                False,
                "second_dulle",
                self.second_dulle,
                "without Dullen there is no second Dulle",
            )
        if not self.specials:
            for name in ("karlchen_caught", "fox_at_end"):
                if getattr(self, name):
                    _exclude("specials", False, name, True, f"{name} is a special point")
        if self.compulsory_solo and not self.solos:
            _exclude("compulsory_solo", True, "solos", False, "a compulsory solo needs solos")
        if not self.nines and self.schmeissen & _NINE_REASONS:
            reason = min(self.schmeissen & _NINE_REASONS)
            _exclude("nines", False, "schmeissen", reason, "there are no nines")
        if self.compulsory_solo and self.session_deals < self.players:
            _exclude(
                "compulsory_solo",
                True,
                "session_length",
                self.session_length,
                f"a session of {self.session_deals} deals cannot give each of "
                f"{self.players} players a compulsory solo",
            )

    # --- text and JSON forms ------------------------------------------------

    def __repr__(self) -> str:
        return f"Rules({', '.join(f'{name}={value!r}' for name, value in self._changes())})"

    def __str__(self) -> str:
        """The stable text form: a preset's name, or the options that differ from ``ddv``."""
        for name, preset in _PRESETS.items():
            if self == preset:
                return name
        return ", ".join(f"{name}={_text(value)}" for name, value in self._changes())

    def _changes(self) -> list[tuple[str, object]]:
        return [
            (field.name, getattr(self, field.name))
            for field in attrs.fields(Rules)
            if field.init and getattr(self, field.name) != field.default
        ]

    def as_dict(self) -> dict[str, Any]:
        """Every option and its value, as JSON-ready data (the form records store).

        >>> Rules(nines=False).as_dict()["nines"], Rules.from_dict({}) == Rules.DDV
        (False, True)
        >>> Rules(schmeissen={"kings5", "nines5"}).as_dict()["schmeissen"]  # sets as sorted lists
        ['kings5', 'nines5']
        """
        return {name: _json_value(getattr(self, name)) for name in _OPTION_NAMES}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Rules:
        """The rule set of :meth:`as_dict`'s form; missing options take their defaults.

        Raises:
            InvalidRulesError: an unknown option, a value of the wrong type or out
                of its bounds, a set option naming an element twice, or an
                excluded combination (V§0.4).
        """
        if not isinstance(data, Mapping):
            raise InvalidRulesError(
                f"rules must be a mapping of options, not {_short(data)}", rule="V§0.1"
            )
        for name in data:
            if name not in _OPTION_NAMES:
                raise InvalidRulesError(
                    f"unknown option {_short(name)}; the options are {', '.join(_OPTION_NAMES)}",
                    options=(str(name),),
                    rule="V§0.1",
                )
        values = dict(data)
        for name in _SET_OPTIONS.intersection(values):
            values[name] = _distinct(name, values[name])
        return cls(**values)  # type: ignore[arg-type]

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read the text form of :meth:`__str__`: a preset, then ``name=value`` options.

        Options are separated by commas or spaces; a preset name may come first
        (``ddv``).  Booleans are ``true``/``false`` (also ``yes``/``no``,
        ``on``/``off``, ``1``/``0``).

        >>> Rules.parse("nines=false, second_dulle=always")
        Rules(nines=False, second_dulle='always')
        >>> Rules.parse(str(Rules(schweinchen=True))) == Rules(schweinchen=True)
        True

        Options are read as :meth:`from_options` reads text; each may be given
        once.

        >>> Rules.parse("nines=false nines=true")
        Traceback (most recent call last):
        ...
        doppelkopf.errors.InvalidRulesError: option 'nines' is given twice (V§0.1)

        Raises:
            InvalidRulesError: an unknown preset or option, an option given
                twice, or a bad value.
        """
        if not isinstance(text, str):
            raise InvalidRulesError(f"rules text must be a str, not {_short(text)}")
        if len(text) > 1000:
            raise InvalidRulesError(f"rules text of {len(text)} characters is too long")
        tokens = text.replace(",", " ").split()
        base = Rules.DDV
        if tokens and "=" not in tokens[0]:
            base = cls.preset(tokens.pop(0))
        options: dict[str, str] = {}
        for token in tokens:
            name, equals, value = token.partition("=")
            if not equals:
                raise InvalidRulesError(
                    f"expected name=value, not {_short(token)}", options=(name,), rule="V§0.1"
                )
            if name in options:
                raise InvalidRulesError(
                    f"option {_short(name)} is given twice", options=(name,), rule="V§0.1"
                )
            options[name] = value
        return cls.from_options(options, base=base)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset of that name (V§0.3): ``ddv``, ``tournament`` or ``xix``.

        >>> Rules.preset("Tournament") is Rules.TOURNAMENT
        True

        Raises:
            InvalidRulesError: no preset has that name.
        """
        key = name.strip().lower() if isinstance(name, str) else None
        if key not in _PRESETS:
            raise InvalidRulesError(
                f"unknown preset {_short(name)}; the presets are {', '.join(_PRESETS)}",
                rule="V§0.3",
            )
        return _PRESETS[key]

    @classmethod
    def from_options(cls, options: Mapping[str, object], *, base: Rules | None = None) -> Rules:
        """``base`` (default :attr:`DDV`) with the named options changed.

        Values may be given as text, as the command line's ``--option
        NAME=VALUE`` does, or as Python values.  A whole number is written in
        the digits 0-9; a set option (``schmeissen``, ``bock``) is written with
        ``+`` between its names and may not name one twice, in text or in a list.

        >>> Rules.from_options({"nines": "false", "fox_at_end": True})
        Rules(nines=False, fox_at_end=True)
        >>> Rules.from_options({"schmeissen": "nines5+kings5", "players": "5"}).players
        5

        Raises:
            InvalidRulesError: an unknown option, a bad value (out of its
                bounds, a set option naming an element twice) or an excluded
                combination (V§0.4).
            InvalidTypeError: ``options`` is not a mapping or ``base`` not a
                :class:`Rules` value.
        """
        if base is not None and type(base) is not Rules:
            _checks.rule_set(base, "base")
        if not isinstance(options, Mapping):
            raise _checks.type_error(options, "options", "mapping of option names to values")
        start = base if base is not None else Rules.DDV
        if not options:
            return start
        values = start.as_dict()
        for name, value in options.items():
            if name not in _OPTION_NAMES:
                raise InvalidRulesError(
                    f"unknown option {_short(name)}; the options are {', '.join(_OPTION_NAMES)}",
                    options=(str(name),),
                    rule="V§0.1",
                )
            values[name] = _option_value(name, value)
        return cls(**values)

    # --- derived facts (V§0.2) ----------------------------------------------

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of the deck, two copies of each distinct card (SPEC §1.1, V§1.1).

        >>> len(Rules().deck), len(Rules(nines=False).deck)
        (48, 40)
        """
        return _DECKS[self.nines]

    @property
    def distinct_cards(self) -> tuple[Card, ...]:
        """The distinct cards in play: 24, or 20 without nines (V§1.1)."""
        return _DISTINCT[self.nines]

    @property
    def deck_bits(self) -> int:
        """The whole deck as a packed hand (see :attr:`doppelkopf.Hand.bits`)."""
        return _DECK_BITS[self.nines]

    @property
    def hand_size(self) -> int:
        """Cards per hand at the start of play: 12, or 10 without nines (SPEC §2.4, V§1.2)."""
        return self._tricks

    @property
    def tricks(self) -> int:
        """Tricks per deal, equal to :attr:`hand_size` (SPEC §3.5, V§1.3)."""
        return self._tricks

    @property
    def packets(self) -> tuple[int, ...]:
        """The packet size of each dealing round (SPEC §2.4, V§1.2): 3 3 3 3, or 3 4 3."""
        return (3, 3, 3, 3) if self.nines else (3, 4, 3)

    @property
    def cuts(self) -> range:
        """The legal cuts: each part keeps at least 3 cards (SPEC §2.3, V§1.2)."""
        return range(3, len(self.deck) - 2)

    def deadline(self, level: Announcement | int, shift: int = 0) -> int:
        """The fewest cards a player may hold to make ``level`` in time (SPEC §8.4, V§0.2).

        ``D(L) = h − 1 − L − s`` for the hand size ``h``, level ``L`` (0 for
        Re/Kontra … 4 for schwarz) and marriage shift ``s`` (SPEC §7.4).

        >>> [Rules().deadline(level) for level in range(5)]  # SPEC §8.4
        [11, 10, 9, 8, 7]
        >>> [Rules(nines=False).deadline(level) for level in range(5)]  # V01
        [9, 8, 7, 6, 5]

        Raises:
            InvalidValueError: ``level`` is not 0–4 or ``shift`` not 0–2.
        """
        if type(level) is not int and not _is_announcement(level):
            raise InvalidValueError(f"an announcement level is 0-4, not {_short(level)} (§8.1)")
        if not 0 <= level <= 4:
            raise InvalidValueError(f"an announcement level is 0-4, not {_short(level)} (§8.1)")
        if type(shift) is not int or not 0 <= shift <= 2:
            raise InvalidValueError(
                f"the marriage shift is 0, 1 or 2, not {_short(shift)} (SPEC §7.4)"
            )
        return self.hand_size - 1 - int(level) - shift

    @property
    def session_deals(self) -> int:
        """The played deals of a session: :attr:`session_length`, or 3 per player (V§0.1, V§10).

        >>> Rules().session_deals, Rules(players=5).session_deals, Rules.TOURNAMENT.session_deals
        (12, 15, 24)
        """
        return self.session_length if self.session_length is not None else 3 * self.players

    @property
    def deadlines(self) -> tuple[int, int, int, int, int]:
        """``D(L)`` for the levels 0–4 without a marriage shift (SPEC §8.4, V§0.2)."""
        h = self.hand_size
        return (h - 1, h - 2, h - 3, h - 4, h - 5)

    def card_order(self, game_type: GameType, *, schweine: bool = False) -> CardOrder:
        """The card order of ``game_type`` under these rules (SPEC §4, V§1.5, V§2).

        ``schweine`` says whether a player holds the Schweine (both ♦A, with
        :attr:`schweinchen` on, in the game types of V§2.3); it is ignored
        where Schweine do not exist.

        >>> from doppelkopf import GameType
        >>> [str(card) for card in Rules(nines=False).card_order(GameType.NORMAL).trumps]  # V03
        ['♥10', '♣Q', '♠Q', '♥Q', '♦Q', '♣J', '♠J', '♥J', '♦J', '♦A', '♦10', '♦K']

        Raises:
            InvalidTypeError: ``game_type`` is not a :class:`GameType` or
                ``schweine`` not a ``bool``.
        """
        from ._order import _card_order

        _checks.flag(schweine, "schweine")
        if type(game_type) is not GameType:
            _checks.instance(game_type, GameType, "game_type")

        return _card_order(
            game_type, self.nines, self.dullen, self.second_dulle, schweine and self.schweinchen
        )

    def counts_specials(self, game_type: GameType) -> bool:
        """Whether Doppelkopf, fox and Karlchen points are counted in ``game_type``.

        Only in the 2-against-2 games (SPEC §11.1), and only while
        :attr:`specials` is on (V§5.1).

        >>> Rules().counts_specials(GameType.MARRIAGE), Rules(specials=False).counts_specials(
        ...     GameType.NORMAL), Rules().counts_specials(GameType.QUEENS_SOLO)
        (True, False, False)

        Raises:
            InvalidTypeError: ``game_type`` is not a :class:`GameType`.
        """
        if type(game_type) is not GameType:
            _checks.instance(game_type, GameType, "game_type")
        return self.specials and game_type.has_special_points


def _exclude(first: str, first_value: object, second: str, second_value: object, why: str) -> None:
    raise InvalidRulesError(
        f"{first}={first_value!r} excludes {second}={second_value!r}: {why}",
        options=(first, second),
        rule="V§0.4",
    )


def _is_announcement(value: object) -> bool:
    from .parties import Announcement

    return type(value) is Announcement


def _text(value: object) -> str:
    """An option's value in the text form: ``false``, ``always``, ``nines5+kings5``, ``none``."""
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return "none"
    if isinstance(value, frozenset):
        return "+".join(sorted(value)) if value else "none"
    return str(value)


def _json_value(value: object) -> object:
    """An option's value as JSON data: sets become sorted lists."""
    return sorted(value) if isinstance(value, frozenset) else value


_SET_OPTIONS: Final = frozenset({"schmeissen", "bock"})
_WORD_OPTIONS: Final = frozenset({"second_dulle", "bock_stacking"})


def _option_value(name: str, value: object) -> object:
    """An option's value from text (``"false"``, ``"nines5+kings5"``, ``"24"``) or as given.

    A set option may not name one element twice, in text or in a list (V§0.1).
    """
    if not isinstance(value, str):
        return _distinct(name, value) if name in _SET_OPTIONS else value
    word = value.strip().lower()
    if name in _WORD_OPTIONS:
        return word
    if name in _SET_OPTIONS:
        if word in ("", "none"):
            return frozenset()
        return _distinct(name, [part.strip() for part in word.split("+")])
    if name in _INT_BOUNDS:
        return _whole_number(name, word, value)
    if word not in _BOOLEAN_WORDS:
        raise InvalidRulesError(
            f"option {name} must be true or false, not {_short(value)}",
            options=(name,),
            rule="V§0.1",
        )
    return _BOOLEAN_WORDS[word]


_LONGEST_NUMBER: Final = 6
"""More digits than this (leading zeros aside) are beyond every int option's bound."""


def _whole_number(name: str, word: str, value: str) -> int | None:
    """The int option ``name`` from its text ``word`` (``value`` as given): ASCII digits only.

    ``str.isdigit`` also accepts ``²`` and ``①``, which ``int`` refuses, and
    ``int`` reads other scripts' digits such as ``٥``; neither is a number here.

    >>> _whole_number("players", "05", " 05"), _whole_number("session_length", "none", "None")
    (5, None)
    """
    if name in _OPTIONAL_INTS and word in ("", "none"):
        return None
    if not (word.isascii() and word.isdigit()):
        raise InvalidRulesError(
            f"option {name} must be a whole number written in the digits 0-9, not {_short(value)}",
            options=(name,),
            rule="V§0.1",
        )
    if len(word.lstrip("0")) > _LONGEST_NUMBER:
        raise _out_of_range(name, value)
    return int(word)


def _distinct(name: str, value: object) -> object:
    """``value`` of the set option ``name``, refused if it names an element twice (V§0.1).

    A set or frozenset is returned as it is; any other iterable is read (at most
    :data:`_MOST_NAMES` + 1 items, so an endless one is not) into a tuple for the
    option's converter, which checks the names.  Anything else is left to the
    converter to refuse.
    """
    if isinstance(value, (set, frozenset, str, bytes, Mapping)) or not isinstance(value, Iterable):
        return value
    items = tuple(itertools.islice(value, _MOST_NAMES + 1))
    seen: set[str] = set()
    for item in items:
        if type(item) is str:
            if item in seen:
                raise InvalidRulesError(
                    f"option {name} names {_short(item)} twice; a set names each element once",
                    options=(name,),
                    rule=_SET_SECTIONS[name],
                )
            seen.add(item)
    return items


_SET_SECTIONS: Final = {"schmeissen": "V§7.1", "bock": "V§11.1"}

_SUIT_CATEGORIES: Final = {suit: Category(suit + 1) for suit in Suit}

_OPTION_NAMES: Final = tuple(field.name for field in attrs.fields(Rules) if field.init)

Rules.DDV = Rules()
Rules.TOURNAMENT = Rules(compulsory_solo=True, session_length=24)
Rules.XIX = Rules(dullen=False, armut=True, skip_levels=False, specials=False)
_PRESETS: Final = {"ddv": Rules.DDV, "tournament": Rules.TOURNAMENT, "xix": Rules.XIX}

_DISTINCT: Final = {
    True: DISTINCT_CARDS,
    False: tuple(card for card in DISTINCT_CARDS if card.rank is not Rank.NINE),
}
_DECKS: Final = {
    nines: tuple(c for c in cards for _ in range(2)) for nines, cards in _DISTINCT.items()
}
_DECK_BITS: Final = {
    nines: sum(2 << (2 * card.index) for card in cards) for nines, cards in _DISTINCT.items()
}
