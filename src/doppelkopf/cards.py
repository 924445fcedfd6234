"""Suits, ranks, cards, the 48-card deck and hands (SPEC §1).

Doppelkopf uses two copies of each of 24 distinct cards: A, 10, K, Q, J and 9 of
the four French suits.  There is exactly one :class:`Card` object per distinct
card: ``Card(Suit.CLUBS, Rank.QUEEN) is Card.parse("CQ")`` holds, so cards hash
and compare at C speed and never need to be constructed in a hot loop.

>>> from doppelkopf import Card, Hand, DECK
>>> queen = Card.parse("♣Q")
>>> queen, queen.points, str(queen), queen.ascii
(Card.parse('♣Q'), 3, '♣Q', 'CQ')
>>> len(DECK), sum(card.points for card in DECK)
(48, 240)
>>> hand = Hand.parse("♣Q ♣Q ♥10 ♦A")
>>> hand.count(queen), len(hand)
(2, 4)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Iterator
from typing import ClassVar, Final, NoReturn, Protocol, Self

from ._checks import LookupEnumType, excerpt, instance, integer, type_error
from ._checks import text as _text_arg
from .errors import InvalidNotationError, InvalidValueError

__all__ = [
    "DECK",
    "DISTINCT_CARDS",
    "Card",
    "CardOrdering",
    "Hand",
    "Rank",
    "Suit",
]


class Suit(enum.IntEnum, metaclass=LookupEnumType):
    """The four suits, in the conventional German order ♣ ♠ ♥ ♦."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol (``♣``)."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The ASCII suit letter (``C``, ``S``, ``H``, ``D``)."""
        return "CSHD"[self]

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        _missing_member(cls, value)


def _missing_member(cls: type[enum.IntEnum], value: object) -> NoReturn:
    """Raise the library's error for ``Suit(value)`` or ``Rank(value)`` with no such member."""
    if type(value) is not int:
        raise type_error(value, "value", f"int 0-{len(cls) - 1}")
    raise InvalidValueError(
        f"no {cls.__name__.lower()} has the value {excerpt(value)}: expected 0-{len(cls) - 1}",
        rule="§1.1",
    )


class Rank(enum.IntEnum, metaclass=LookupEnumType):
    """The six ranks, from the lowest card-point value to the highest.

    >>> [rank.points for rank in Rank]
    [0, 2, 3, 4, 10, 11]
    """

    NINE = 0
    JACK = 1
    QUEEN = 2
    KING = 3
    TEN = 4
    ACE = 5

    @property
    def points(self) -> int:
        """Card points (Augen) of a card of this rank (SPEC §1.2)."""
        return _RANK_POINTS[self]

    @property
    def symbol(self) -> str:
        """The rank as written in notation (``A``, ``10``, ``K``, ``Q``, ``J``, ``9``)."""
        return _RANK_SYMBOLS[self]

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        _missing_member(cls, value)


_SUIT_SYMBOLS: Final = ("♣", "♠", "♥", "♦")
_RANK_POINTS: Final = (0, 2, 3, 4, 10, 11)
_RANK_SYMBOLS: Final = ("9", "J", "Q", "K", "10", "A")

_SUIT_TOKENS: Final = {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "C": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "S": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "H": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "D": Suit.DIAMONDS,
}
_RANK_TOKENS: Final = {
    "9": Rank.NINE,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "10": Rank.TEN,
    "T": Rank.TEN,
    "A": Rank.ACE,
}
_CARD_RE: Final = re.compile(r"([♣♧♠♤♥♡♦♢CSHD])\uFE0F?(10|[9JQKTA])", re.ASCII | re.IGNORECASE)


class Card:
    """One of the 24 distinct cards; there are two copies of each in the deck.

    Cards are interned: calling ``Card(suit, rank)`` returns the one shared
    instance, so ``is`` and ``==`` agree.  Cards are immutable, hashable and
    ordered by :attr:`index` (clubs, spades, hearts, diamonds; nine up to ace
    within each suit).  That order is only a canonical one for sorting and
    storage: which card *beats* which depends on the game type
    (:class:`~doppelkopf.GameType`).

    >>> Card(Suit.HEARTS, Rank.TEN) is Card.parse("h10") is Card.parse("HT")
    True
    >>> Card.parse("♥10").points
    10
    """

    __slots__ = ("suit", "rank", "index", "points", "_text", "_ascii")

    suit: Suit
    rank: Rank
    index: int
    points: int
    _text: str
    _ascii: str

    _interned: ClassVar[list[Card]] = []

    def __new__(cls, suit: Suit, rank: Rank) -> Self:
        if type(suit) is not Suit:
            instance(suit, Suit, "suit")
        if type(rank) is not Rank:
            instance(rank, Rank, "rank")
        try:
            return cls._interned[suit * 6 + rank]  # type: ignore[return-value]
        except IndexError:  # pragma: no cover - only while the table is being built
            pass
        card = object.__new__(cls)
        for name, value in (
            ("suit", Suit(suit)),
            ("rank", Rank(rank)),
            ("index", len(cls._interned)),
            ("points", Rank(rank).points),
            ("_text", Suit(suit).symbol + Rank(rank).symbol),
            ("_ascii", Suit(suit).letter + Rank(rank).symbol),
        ):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Card is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Card is immutable; cannot delete {name!r}")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __str__(self) -> str:
        return self._text

    @property
    def ascii(self) -> str:
        """ASCII notation: suit letter then rank (``CQ``, ``H10``)."""
        return self._ascii

    def _repr_svg_(self) -> str:
        """The card as an SVG picture, which a notebook shows (:func:`doppelkopf.svg.card`)."""
        from . import _svg

        style = _svg.Style()
        body = _svg.card(self.suit, self.rank, style, transform="translate(6 6)")
        title = style.card_name(self.suit, self.rank)
        width, height = _svg.CARD_W + 12, _svg.CARD_H + 12
        return _svg.picture(width, height, style, title=title, body=body, cls="dk-card-picture")

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with the given :attr:`index` (0–23).

        >>> Card.from_index(0), Card.from_index(23)
        (Card.parse('♣9'), Card.parse('♦A'))
        """
        return cls._interned[integer(index, "card index", 0, 23, rule="§1.1")]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in Unicode (``♣Q``, ``♥10``) or ASCII (``CQ``, ``H10``, ``HT``).

        Case and surrounding white space are ignored.

        >>> Card.parse(" dA ")
        Card.parse('♦A')

        Raises:
            InvalidNotationError: the text is not exactly one card.
            InvalidTypeError: ``text`` is not a ``str``.
        """
        token = _text_arg(text).strip()
        match = _CARD_RE.fullmatch(token)
        if match is None:
            raise _bad_card(token)
        return cls._interned[_SUIT_TOKENS[match[1].upper()] * 6 + _RANK_TOKENS[match[2].upper()]]


def _bad_card(token: str) -> InvalidNotationError:
    return InvalidNotationError(
        f"invalid card {excerpt(token)}: expected a suit (♣ ♠ ♥ ♦ or C S H D) "
        "and a rank (A 10 K Q J 9)",
        text=token,
    )


for _suit in Suit:
    for _rank in Rank:
        Card._interned.append(Card(_suit, _rank))
del _suit, _rank

DISTINCT_CARDS: Final[tuple[Card, ...]] = tuple(Card._interned)
"""The 24 distinct cards in :attr:`Card.index` order."""

DECK: Final[tuple[Card, ...]] = tuple(card for card in DISTINCT_CARDS for _ in range(2))
"""The 48-card double deck (SPEC §1.1): two copies of every distinct card."""

# A hand is stored as an int with two bits per distinct card (the copy count,
# 0-2), card i occupying bits 2i and 2i+1.
_ONE: Final = tuple(1 << (2 * i) for i in range(24))
_FULL: Final = sum(2 << (2 * i) for i in range(24))


_TOKEN_RE: Final = re.compile(r"[^\s,;]+")
_MAX_TOKEN: Final = 4
"""The longest card token: a suit, the emoji selector U+FE0F and ``10``."""


def _card_tokens(
    text: str,
    most: int,
    holder: str,
    rule: str,
    *,
    full: Callable[[str], Exception] | None = None,
) -> list[str]:
    """The card tokens of ``text``, separated by white space, commas or semicolons.

    Reading stops at the first token longer than any card (:data:`_MAX_TOKEN`)
    and at token ``most + 1``, so a huge input costs no more than its first
    ``most`` cards.  ``holder`` (``"a hand"``) and ``rule`` go into the message;
    ``full``, given the text, builds the error for more than ``most`` tokens
    instead of the default :class:`~doppelkopf.InvalidNotationError`.
    """
    tokens: list[str] = []
    for match in _TOKEN_RE.finditer(text):
        token = match[0]
        if len(token) > _MAX_TOKEN:
            raise _bad_card(token)
        if len(tokens) == most:
            if full is not None:
                raise full(text)
            raise InvalidNotationError(
                f"{holder} holds at most {most} cards, and {excerpt(text)} holds more "
                f"(SPEC {rule})",
                text=text,
            )
        tokens.append(token)
    return tokens


class CardOrdering(Protocol):
    """What puts cards in a game's display order: a :class:`~doppelkopf.GameType`
    (its order under the default rules) or the :class:`~doppelkopf.CardOrder` of
    any rule set (SPEC §4).

    The cards know no rules, so :meth:`Hand.sorted` reads only this one
    property of what it is given.

    >>> from doppelkopf import GameType, Rules
    >>> GameType.NORMAL.order[0], Rules(second_dulle="always").card_order(GameType.NORMAL).order[0]
    (Card.parse('♥10'), Card.parse('♥10'))
    """

    @property
    def order(self) -> tuple[Card, ...]:
        """All 24 distinct cards, trumps high to low, then each plain suit high to low."""
        ...


class Hand:
    """An immutable multiset of cards: at most two copies of each distinct card.

    Iteration yields every copy, in the display order of the normal game
    (trumps high to low, then ♣ ♠ ♥); :meth:`sorted` gives the order of any game
    type.  :meth:`add` and :meth:`remove` return new hands.

    >>> hand = Hand.parse("♦9 ♣Q ♥A ♣Q")
    >>> list(hand)
    [Card.parse('♣Q'), Card.parse('♣Q'), Card.parse('♦9'), Card.parse('♥A')]
    >>> hand.remove(Card.parse("♣Q"))
    Hand.parse('♣Q ♦9 ♥A')
    >>> Card.parse("♥A") in hand, len(hand)
    (True, 4)

    Raises:
        InvalidValueError: a third copy of a card (the deck holds only two).
        InvalidTypeError: ``cards`` is not an iterable of cards (text is read
            by :meth:`parse`).
    """

    __slots__ = ("_bits", "__weakref__")

    _bits: int

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        if isinstance(cards, (str, bytes, bytearray, Card)):
            instance(cards, Hand, "cards")
        try:
            iterator = iter(cards)
        except TypeError:
            raise type_error(cards, "cards", "iterable of Card") from None
        bits = 0
        for card in iterator:
            if type(card) is not Card:
                instance(card, Card, "card")
            if (bits >> (2 * card.index)) & 3 == 2:
                raise InvalidValueError(f"a hand cannot hold a third {card}", rule="§1.1")
            bits += _ONE[card.index]
        object.__setattr__(self, "_bits", bits)

    @classmethod
    def from_bits(cls, bits: int) -> Hand:
        """Build a hand from its packed form (see :attr:`bits`)."""
        if type(bits) is not int:
            raise type_error(bits, "bits", "int")
        if bits < 0 or bits >> 48:
            raise InvalidValueError(
                f"hand bits must be a 48-bit unsigned int, not {excerpt(bits)}", rule="§1.1"
            )
        if (bits & (bits >> 1)) & 0x555555555555:
            raise InvalidValueError("hand bits hold a count of 3 for some card", rule="§1.1")
        return cls._from_bits(bits)

    @classmethod
    def _from_bits(cls, bits: int) -> Hand:
        hand = object.__new__(cls)
        object.__setattr__(hand, "_bits", bits)
        return hand

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read cards separated by white space or commas.

        >>> Hand.parse("CQ, ♣Q  h10")
        Hand.parse('♥10 ♣Q ♣Q')

        Raises:
            InvalidNotationError: a token is not a card, a card appears three
                times, or there are more than 48 cards.
            InvalidTypeError: ``text`` is not a ``str``.
        """
        cards = [Card.parse(token) for token in _card_tokens(_text_arg(text), 48, "a hand", "§1.1")]
        try:
            return cls(cards)
        except InvalidValueError as error:
            raise InvalidNotationError(str(error), text=text) from None

    @property
    def bits(self) -> int:
        """The packed form: two bits per distinct card holding its copy count."""
        return self._bits

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Hand is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Hand is immutable; cannot delete {name!r}")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Hand.from_bits, (self._bits,))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._bits == other._bits

    def __hash__(self) -> int:
        return hash(("Hand", self._bits))

    def __len__(self) -> int:
        bits = self._bits
        return (bits & 0x555555555555).bit_count() + ((bits >> 1) & 0x555555555555).bit_count() * 2

    def __bool__(self) -> bool:
        return self._bits != 0

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, Card):
            return False
        return (self._bits >> (2 * card.index)) & 3 != 0

    def count(self, card: Card) -> int:
        """How many copies of ``card`` the hand holds (0, 1 or 2).

        Raises:
            InvalidTypeError: ``card`` is not a :class:`Card`.
        """
        if type(card) is not Card:
            instance(card, Card, "card")
        return (self._bits >> (2 * card.index)) & 3

    def __iter__(self) -> Iterator[Card]:
        """Every copy, in the normal game's display order under the default rules."""
        bits = self._bits
        return (card for card in _DISPLAY_ORDER[0] for _ in range((bits >> (2 * card.index)) & 3))

    def distinct(self) -> tuple[Card, ...]:
        """The distinct cards held, in :attr:`Card.index` order."""
        bits = self._bits
        return tuple(card for card in DISTINCT_CARDS if (bits >> (2 * card.index)) & 3)

    def sorted(self, game_type: CardOrdering) -> tuple[Card, ...]:
        """Every copy, in ``game_type``'s display order: trumps high to low, then each plain suit.

        ``game_type`` is a game type (its order under the default rules) or the
        :class:`~doppelkopf.CardOrder` of any rule set.

        >>> from doppelkopf import GameType
        >>> Hand.parse("♥10 ♣Q ♥A ♦9").sorted(GameType.QUEENS_SOLO)
        (Card.parse('♣Q'), Card.parse('♥A'), Card.parse('♥10'), Card.parse('♦9'))
        """
        try:
            order = game_type.order
        except AttributeError:
            order = None
        if type(order) is not tuple:
            raise type_error(game_type, "game_type", "GameType", "GameType.parse")
        bits = self._bits
        return tuple(card for card in order for _ in range((bits >> (2 * card.index)) & 3))

    def add(self, card: Card) -> Hand:
        """A new hand with one more copy of ``card``.

        Raises:
            InvalidValueError: the hand already holds both copies.
            InvalidTypeError: ``card`` is not a :class:`Card`.
        """
        if type(card) is not Card:
            instance(card, Card, "card")
        if (self._bits >> (2 * card.index)) & 3 == 2:
            raise InvalidValueError(f"a hand cannot hold a third {card}", rule="§1.1")
        return Hand._from_bits(self._bits + _ONE[card.index])

    def remove(self, card: Card) -> Hand:
        """A new hand with one copy of ``card`` fewer.

        Raises:
            InvalidValueError: the hand does not hold ``card``.
            InvalidTypeError: ``card`` is not a :class:`Card`.
        """
        if type(card) is not Card:
            instance(card, Card, "card")
        if not (self._bits >> (2 * card.index)) & 3:
            raise InvalidValueError(f"the hand holds no {card}")
        return Hand._from_bits(self._bits - _ONE[card.index])

    @property
    def points(self) -> int:
        """The card points of all cards in the hand."""
        bits = self._bits
        return sum(card.points * ((bits >> (2 * card.index)) & 3) for card in DISTINCT_CARDS)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The hand as an SVG picture, which a notebook shows (:func:`doppelkopf.svg.hand`).

        The cards come in the order the hand lists them; the drawing layer
        takes them as suit and rank numbers, so it imports nothing of this module.
        """
        from . import _svg

        cards = [(card.suit.value, card.rank.value) for card in self]
        return _svg.hand(cards, [False] * len(cards), _svg.Style(), "horizontal")


FULL_DECK_BITS: Final = _FULL
"""The packed form of the whole 48-card deck (two copies of each card)."""


_DISPLAY_ORDER: Final[list[tuple[Card, ...]]] = [DISTINCT_CARDS]
"""The order a hand lists its cards in: the normal game's under the default rules.

``cards`` knows no rules, so :mod:`doppelkopf._order` hands that order over
through :func:`_set_display_order` once it has built it (the package imports it
at once); until then a hand lists its cards in :attr:`Card.index` order.
"""


def _set_display_order(order: tuple[Card, ...]) -> None:
    _DISPLAY_ORDER[0] = order
