"""Card orders: the tables that decide following and winning (SPEC §4, V§1.5, V§2).

A :class:`CardOrder` is built once per distinct combination of a game type and
the options that change the order — ``nines``, ``dullen``, ``second_dulle`` and
whether a player holds the Schweine — and cached.  Nothing is attached to the
:class:`~doppelkopf.GameType` enum: two rule sets can live side by side in one
process.

>>> from doppelkopf import Card, GameType, Rules
>>> order = Rules(dullen=False).card_order(GameType.NORMAL)
>>> [str(card) for card in order.trumps][:3], order.category(Card.parse("♥10"))
(['♣Q', '♠Q', '♥Q'], Category.HEARTS)
>>> Rules().card_order(GameType.NORMAL) is Rules.DDV.card_order(GameType.NORMAL)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from . import _checks
from ._game_types import Category, GameType, _register_default_orders
from .cards import DISTINCT_CARDS, Card, Rank, Suit, _set_display_order
from .errors import InvalidRulesError, InvalidValueError

__all__ = ["CardOrder", "card_order"]

_QUEENS: Final = tuple(Card(suit, Rank.QUEEN) for suit in Suit)
_JACKS: Final = tuple(Card(suit, Rank.JACK) for suit in Suit)
_DULLE: Final = Card(Suit.HEARTS, Rank.TEN)
_SCHWEIN: Final = Card(Suit.DIAMONDS, Rank.ACE)

_TRUMP_BASE: Final = 100
"""Strength of the lowest trump; plain cards use their Rank value (0-5)."""

_NORMAL_ORDER_TYPES: Final = frozenset(
    {
        GameType.NORMAL,
        GameType.MARRIAGE,
        GameType.MARRIAGE_SOLO,
        GameType.SILENT_MARRIAGE,
        GameType.DIAMONDS_SOLO,
        GameType.POVERTY,
    }
)
_SUIT_SOLOS: Final = {
    GameType.HEARTS_SOLO: Suit.HEARTS,
    GameType.SPADES_SOLO: Suit.SPADES,
    GameType.CLUBS_SOLO: Suit.CLUBS,
}


def _trump_list(game_type: GameType, *, dullen: bool, schweine: bool) -> list[Card]:
    """The distinct trumps from high to low (SPEC §4.1–§4.5, V§2.1, V§2.3)."""
    if game_type is GameType.QUEENS_SOLO:
        return list(_QUEENS)
    if game_type is GameType.JACKS_SOLO:
        return list(_JACKS)
    if game_type is GameType.FLESHLESS:
        return []
    suit = Suit.DIAMONDS if game_type in _NORMAL_ORDER_TYPES else _SUIT_SOLOS[game_type]
    tail = [
        Card(suit, rank)
        for rank in (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE)
        if not dullen or Card(suit, rank) is not _DULLE
    ]
    top = [_DULLE] if dullen else []
    if schweine:
        tail.remove(_SCHWEIN)
        top.insert(0, _SCHWEIN)
    return [*top, *_QUEENS, *_JACKS, *tail]


class _Decoder:
    """Tables that turn a packed set of cards into a tuple in display order.

    A hand is a packed int with two bits per distinct card (see Hand.bits).
    Four lookups (one per suit's 12 bits) give a 24-bit set in display
    positions (``suit_tables``: the cards held; ``placed_tables``: the same
    in the low 24 bits and the cards held twice in the next 24), and two
    lookups turn a set in positions into the tuple of cards (``low``,
    ``high``) or back into Hand.bits with one copy of each card
    (``unplaced``).  The position layout of a deal's hands
    (``doppelkopf.deal._positions``) is built from these.
    """

    __slots__ = ("high", "low", "placed_tables", "suit_tables", "unplaced")

    def __init__(self, order: tuple[Card, ...]) -> None:
        position = {card: i for i, card in enumerate(order)}
        # Each table is filled from a smaller entry: drop one card, add it back.
        suit_tables = []
        placed_tables = []
        for suit in range(4):
            bit_of = [1 << position[DISTINCT_CARDS[6 * suit + rank]] for rank in range(6)]
            table = [0] * 4096
            both = [0] * 4096
            for chunk in range(1, 4096):
                rank = ((chunk & -chunk).bit_length() - 1) >> 1
                rest = chunk & ~(3 << (2 * rank))
                table[chunk] = table[rest] | bit_of[rank]
                both[chunk] = both[rest] | (bit_of[rank] if (chunk >> (2 * rank)) & 3 == 2 else 0)
            suit_tables.append(tuple(table))
            placed_tables.append(
                tuple(one | two << 24 for one, two in zip(table, both, strict=True))
            )
        self.suit_tables = tuple(suit_tables)
        self.placed_tables = tuple(placed_tables)
        unplaced = []
        for offset in (0, 12):
            back = [0] * 4096
            for mask in range(1, 4096):
                top = mask.bit_length() - 1
                back[mask] = back[mask ^ (1 << top)] | 1 << (2 * order[offset + top].index)
            unplaced.append(tuple(back))
        self.unplaced = (unplaced[0], unplaced[1])
        halves = []
        for offset in (0, 12):
            half: list[tuple[Card, ...]] = [()] * 4096
            for mask in range(1, 4096):
                top = mask.bit_length() - 1
                half[mask] = (*half[mask ^ (1 << top)], order[offset + top])
            halves.append(tuple(half))
        self.low, self.high = halves


_DECODERS: Final[dict[tuple[Card, ...], _Decoder]] = {}


class CardOrder:
    """The card order of one game type under one set of order options (SPEC §4, V§2).

    Get one from :meth:`doppelkopf.Rules.card_order` (or :func:`card_order`),
    never by the constructor: orders are cached, one object per combination.

    >>> from doppelkopf import Card, GameType, Rules
    >>> order = Rules().card_order(GameType.QUEENS_SOLO)
    >>> order.category(Card.parse("♥10")), order.is_trump(Card.parse("♦Q"))
    (Category.HEARTS, True)
    """

    __slots__ = (
        "game_type",
        "nines",
        "dullen",
        "second_dulle",
        "schweine",
        "trumps",
        "order",
        "_full_order",
        "_category",
        "_strength",
        "_position",
        "cat_index",
        "cat_bits",
        "follow_bits",
        "follow_present",
        "lead_keys",
        "dulle_rises",
        "_decoder",
    )

    game_type: GameType
    nines: bool
    dullen: bool
    second_dulle: str
    schweine: bool
    trumps: tuple[Card, ...]
    order: tuple[Card, ...]
    _full_order: tuple[Card, ...]
    _category: tuple[Category, ...]
    _strength: tuple[int, ...]
    _position: tuple[int, ...]
    cat_index: dict[Card, int]
    cat_bits: tuple[int, ...]
    follow_bits: dict[Card, int]
    follow_present: dict[Card, int]
    lead_keys: dict[Card, dict[Card, int]]
    dulle_rises: int
    _decoder: _Decoder | None

    def __init__(
        self,
        game_type: GameType,
        *,
        nines: bool = True,
        dullen: bool = True,
        second_dulle: str = "never",
        schweine: bool = False,
    ) -> None:
        _check_options(game_type, nines, dullen, second_dulle, schweine)
        self.game_type = game_type
        self.nines = nines
        self.dullen = dullen
        self.second_dulle = second_dulle
        self.schweine = schweine
        trumps = _trump_list(game_type, dullen=dullen, schweine=schweine)
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
        full_order = (*trumps, *plain)
        present = tuple(card for card in full_order if nines or card.rank is not Rank.NINE)
        self.trumps = tuple(card for card in trumps if card in present)
        self.order = present
        self._full_order = full_order
        self._category = tuple(category)
        self._strength = tuple(strength)
        position = [0] * 24
        for rank_in_order, card in enumerate(full_order):
            position[card.index] = rank_in_order
        self._position = tuple(position)
        cat_index = {card: category[card.index].value for card in DISTINCT_CARDS}
        self.cat_index = cat_index
        cat_bits = tuple(
            sum(3 << (2 * card.index) for card in DISTINCT_CARDS if cat_index[card] == value)
            for value in range(5)
        )
        self.cat_bits = cat_bits
        self.follow_bits = {card: cat_bits[cat_index[card]] for card in DISTINCT_CARDS}
        # The same categories as sets of display positions, for hands packed
        # by position (doppelkopf.deal._positions).
        cat_present = [0] * 5
        for card in DISTINCT_CARDS:
            cat_present[cat_index[card]] |= 1 << position[card.index]
        self.follow_present = {card: cat_present[cat_index[card]] for card in DISTINCT_CARDS}
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
        self.lead_keys = lead_keys
        # V§2.2: 0 = the first 10♥ beats the second everywhere; 1 = the second
        # beats the first in every trick; 2 = the same except in the last trick.
        rises = _DULLE in trump_set and second_dulle != "never"
        self.dulle_rises = 0 if not rises else (1 if second_dulle == "always" else 2)
        self._decoder = None

    def __repr__(self) -> str:
        options = []
        if not self.nines:
            options.append("nines=False")
        if not self.dullen:
            options.append("dullen=False")
        if self.second_dulle != "never":
            options.append(f"second_dulle={self.second_dulle!r}")
        if self.schweine:
            options.append("schweine=True")
        return f"<CardOrder {self.game_type.name}{''.join(' ' + o for o in options)}>"

    def __reduce__(self) -> tuple[object, ...]:
        return (
            _cached,
            (self.game_type, self.nines, self.dullen, self.second_dulle, self.schweine),
        )

    def category(self, card: Card) -> Category:
        """Whether ``card`` is trump or which plain suit it belongs to (SPEC §4.7).

        >>> from doppelkopf import Card, GameType, Rules
        >>> Rules().card_order(GameType.JACKS_SOLO).category(Card.parse("♣Q"))
        Category.CLUBS

        Raises:
            InvalidTypeError: ``card`` is not a :class:`~doppelkopf.Card`.
        """
        try:
            return self._category[card.index]
        except (AttributeError, TypeError, IndexError):
            _check_card(card)
            raise  # pragma: no cover - a Card always has a valid index

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is a trump in this order (SPEC §4).

        >>> from doppelkopf import Card, GameType, Rules
        >>> Rules().card_order(GameType.FLESHLESS).is_trump(Card.parse("♣Q"))
        False

        Raises:
            InvalidTypeError: ``card`` is not a :class:`~doppelkopf.Card`.
        """
        try:
            return self._category[card.index] is Category.TRUMP
        except (AttributeError, TypeError, IndexError):
            _check_card(card)
            raise  # pragma: no cover - a Card always has a valid index

    def strength(self, card: Card) -> int:
        """The card's rank within its category: higher beats lower (SPEC §4, §5.3).

        Every trump is stronger than every plain card; plain cards of different
        suits are not comparable for winning a trick, so their strengths only
        order cards of one suit.

        >>> from doppelkopf import Card, GameType, Rules
        >>> order = Rules(schweinchen=True).card_order(GameType.NORMAL, schweine=True)
        >>> order.strength(Card.parse("♦A")) > order.strength(Card.parse("♥10"))
        True

        Raises:
            InvalidTypeError: ``card`` is not a :class:`~doppelkopf.Card`.
        """
        try:
            return self._strength[card.index]
        except (AttributeError, TypeError, IndexError):
            _check_card(card)
            raise  # pragma: no cover - a Card always has a valid index

    def sort(self, cards: Iterable[Card]) -> list[Card]:
        """``cards`` in display order: trumps high to low, then ♣ ♠ ♥ ♦ high to low (SPEC §4).

        >>> from doppelkopf import GameType, Hand, Rules
        >>> Rules().card_order(GameType.JACKS_SOLO).sort(Hand.parse("♣Q ♦J ♣A"))
        [Card.parse('♦J'), Card.parse('♣A'), Card.parse('♣Q')]

        Raises:
            InvalidTypeError: ``cards`` is text or not iterable, or holds a value
                that is not a :class:`~doppelkopf.Card`.
        """
        if isinstance(cards, (str, bytes, bytearray)) or not isinstance(cards, Iterable):
            raise _checks.type_error(cards, "cards", "iterable of Card", "Hand.parse")
        items = list(cards)
        for card in items:
            if type(card) is not Card:
                _checks.instance(card, Card, "card")
        position = self._position
        return sorted(items, key=lambda card: position[card.index])

    @property
    def decoder(self) -> _Decoder:
        """The packed-set decoding tables of this display order (built on first use)."""
        decoder = self._decoder
        if decoder is None:
            decoder = _DECODERS.get(self._full_order)
            if decoder is None:
                decoder = _DECODERS[self._full_order] = _Decoder(self._full_order)
            self._decoder = decoder
        return decoder

    def distinct_in_order(self, bits: int) -> tuple[Card, ...]:
        """The distinct cards of the packed set ``bits`` in display order (SPEC §4).

        ``bits`` is a packed hand (see :attr:`doppelkopf.Hand.bits`): an ``int``
        from 0 to below ``2**48``.

        >>> from doppelkopf import GameType, Hand, Rules
        >>> Rules().card_order(GameType.NORMAL).distinct_in_order(Hand.parse("♠A ♣Q ♣Q").bits)
        (Card.parse('♣Q'), Card.parse('♠A'))

        Raises:
            InvalidTypeError: ``bits`` is not an ``int``.
            InvalidValueError: ``bits`` is negative or has more than 48 bits.
        """
        if type(bits) is not int:
            raise _checks.type_error(bits, "bits", "int")
        if not 0 <= bits < _ALL_BITS:
            raise InvalidValueError(
                f"bits must be a packed hand 0 to 2**48 - 1, not {_checks.excerpt(bits)}",
                rule="§1.1",
            )
        return self._distinct(bits)

    def _distinct(self, bits: int) -> tuple[Card, ...]:
        """:meth:`distinct_in_order` of a packed set known to be valid (a hand's own bits)."""
        # The slot first: the property is a Python call, and this runs for every
        # legal_cards question; it builds the tables only on the first one.
        decoder = self._decoder
        if decoder is None:
            decoder = self.decoder
        tables = decoder.suit_tables
        positions = (
            tables[0][bits & 4095]
            | tables[1][(bits >> 12) & 4095]
            | tables[2][(bits >> 24) & 4095]
            | tables[3][bits >> 36]
        )
        return decoder.low[positions & 4095] + decoder.high[positions >> 12]

    def winner_position(self, cards: tuple[Card, ...], *, last: bool = False) -> int:
        """The position in play order of the winning card of ``cards`` (SPEC §5.3, §5.4, V§2.2).

        A later card replaces the current winner only if it is strictly
        stronger, so of two equal cards the first wins — except the second
        10♥ when :attr:`dulle_rises` says so (``last`` tells whether this is
        the deal's last trick, for ``second_dulle="except_last_trick"``).

        >>> from doppelkopf import GameType, Rules, Trick
        >>> Rules().card_order(GameType.NORMAL).winner_position(Trick.parse("♠A ♠Q ♠10").cards)
        1

        Raises:
            InvalidTypeError: ``cards`` is not a tuple of 1-4 cards.
        """
        if type(cards) is not tuple or not 1 <= len(cards) <= 4:
            raise _checks.type_error(cards, "cards", "tuple of 1-4 Card", "Trick.parse")
        for card in cards:
            if type(card) is not Card:
                _checks.instance(card, Card, "card")
        _checks.flag(last, "last")
        return self._winner_position(cards, last)

    def _winner_position(self, cards: tuple[Card, ...], last: bool) -> int:
        """:meth:`winner_position` of a trick's own cards."""
        keys = self.lead_keys[cards[0]]
        best = 0
        best_key = keys[cards[0]]
        rises = self.dulle_rises == 1 or (self.dulle_rises == 2 and not last)
        for position in range(1, len(cards)):
            card = cards[position]
            key = keys[card]
            if key > best_key or (rises and key == best_key and card is _DULLE):
                best = position
                best_key = key
        return best


_ALL_BITS: Final = 1 << 48


def _check_card(card: object) -> None:
    """Raise the error for a value given where a card belongs."""
    if not isinstance(card, Card):
        raise _checks.type_error(card, "card", "Card", "Card.parse")


_ORDERS: Final[dict[tuple[GameType, bool, bool, str, bool], CardOrder]] = {}


def _cached(
    game_type: GameType, nines: bool, dullen: bool, second_dulle: str, schweine: bool
) -> CardOrder:
    key = (game_type, nines, dullen, second_dulle, schweine)
    try:
        order = _ORDERS.get(key)
    except TypeError:  # an unhashable part
        order = None
    if order is None:
        _check_options(game_type, nines, dullen, second_dulle, schweine)
        order = _ORDERS[key] = CardOrder(
            game_type, nines=nines, dullen=dullen, second_dulle=second_dulle, schweine=schweine
        )
    return order


def _check_options(
    game_type: object, nines: object, dullen: object, second_dulle: object, schweine: object
) -> None:
    """Raise unless the parts of a card order's key are a game type and valid options.

    Checked once per new combination, before it is built and cached.
    """
    if type(game_type) is not GameType:
        _checks.instance(game_type, GameType, "game_type")
    for name, flag in (("nines", nines), ("dullen", dullen), ("schweine", schweine)):
        _checks.flag(flag, name)
    if type(second_dulle) is not str or second_dulle not in (
        "never",
        "always",
        "except_last_trick",
    ):
        raise InvalidRulesError(
            "option second_dulle must be one of 'never', 'always', 'except_last_trick'",
            options=("second_dulle",),
            rule="V§2.2",
        )
    if not dullen and second_dulle != "never":
        raise InvalidRulesError(
            "dullen=False excludes a second Dulle: without Dullen there is no second Dulle",
            options=("dullen", "second_dulle"),
            rule="V§0.4",
        )


def card_order(
    game_type: GameType,
    *,
    nines: bool = True,
    dullen: bool = True,
    second_dulle: str = "never",
    schweine: bool = False,
) -> CardOrder:
    """The cached :class:`CardOrder` of ``game_type`` under these order options.

    Schweine exist only in NORMAL, MARRIAGE, MARRIAGE_SOLO and SILENT_MARRIAGE
    (V§2.3); elsewhere ``schweine`` is ignored.

    Raises:
        InvalidTypeError: ``game_type`` is not a :class:`~doppelkopf.GameType`, or a
            flag is not a bool.
        InvalidRulesError: ``second_dulle`` is not one of its values, or is set
            without Dullen (V§0.4).
    """
    # Checked here, not only when a new order is built: 0 and 1 would find the
    # cached orders of False and True.
    for name, flag in (("nines", nines), ("dullen", dullen), ("schweine", schweine)):
        _checks.flag(flag, name)
    return _card_order(game_type, nines, dullen, second_dulle, schweine)


def _card_order(
    game_type: GameType, nines: bool, dullen: bool, second_dulle: str, schweine: bool
) -> CardOrder:
    """:func:`card_order` for options a :class:`~doppelkopf.Rules` value has already checked."""
    if schweine and type(game_type) is GameType and game_type not in _SCHWEINE_TYPES:
        schweine = False
    return _cached(game_type, nines, dullen, second_dulle, schweine)


_SCHWEINE_TYPES: Final = frozenset(
    {GameType.NORMAL, GameType.MARRIAGE, GameType.MARRIAGE_SOLO, GameType.SILENT_MARRIAGE}
)

_DEFAULT_ORDERS_BUILT: Final = {game: card_order(game) for game in GameType}
_register_default_orders(_DEFAULT_ORDERS_BUILT)
_set_display_order(_DEFAULT_ORDERS_BUILT[GameType.NORMAL].order)
