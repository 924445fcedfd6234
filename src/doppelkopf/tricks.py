"""Tricks, following suit and winning tricks (SPEC §5).

>>> from doppelkopf import GameType, Hand, Trick, legal_cards, trick_winner
>>> trick = Trick.parse("♠A", leader=0)
>>> legal_cards(Hand.parse("♠Q ♠K ♥9 ♦J"), trick, GameType.NORMAL)  # T01
(Card.parse('♠K'),)
>>> trick_winner(Trick.parse("♠A ♠Q ♠10 ♠K", leader=0), GameType.NORMAL)  # T02b
1
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator
from typing import Final, NoReturn

import attrs

from . import _checks
from ._order import CardOrder
from .cards import Card, Hand, _card_tokens
from .errors import (
    CardNotHeldError,
    DoppelkopfDeprecationWarning,
    InvalidNotationError,
    InvalidTypeError,
    InvalidValueError,
    MustFollowError,
    TrickCompleteError,
)
from .rules import _DEFAULT_ORDERS, Category, GameType, Rules, rule_set

_DDV: Final = Rules.DDV

__all__ = [
    "Trick",
    "can_play_card",
    "check_card",
    "is_legal_card",
    "legal_cards",
    "trick_winner",
]


def _check_seat(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= 3:
        _bad_leader(value, attribute.name)


def _bad_leader(value: object, name: str) -> NoReturn:
    if type(value) is not int:
        raise _checks.type_error(value, name, "int")
    raise InvalidValueError(f"{name} must be a seat 0-3, not {_checks.excerpt(value)}")


def _to_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    if type(cards) is tuple:
        return cards
    if isinstance(cards, (str, bytes, bytearray)) or not isinstance(cards, Iterable):
        raise _checks.type_error(cards, "cards", "iterable of Card", "Trick.parse")
    return tuple(cards)


def _not_a_card(card: object) -> InvalidTypeError:
    return InvalidTypeError(
        f"a trick holds Card objects, not {_checks.excerpt(card)}",
        name="card",
        expected="Card",
        value=_checks.excerpt(card),
    )


def _check_cards(
    instance: object, attribute: attrs.Attribute[tuple[Card, ...]], value: tuple[Card, ...]
) -> None:
    if len(value) > 4:
        raise TrickCompleteError(
            f"a trick holds four cards, not {len(value)}", action="build trick", rule="§5.1"
        )
    for card in value:
        if type(card) is not Card:
            raise _not_a_card(card)
        if value.count(card) > 2:
            raise InvalidValueError(f"a trick cannot hold a third {card} (SPEC §1.1)")


@attrs.frozen(repr=False)
class Trick:
    """Up to four cards in play order, led by seat ``leader`` (SPEC §5.1).

    The card at position ``i`` was played by seat ``(leader + i) % 4``.  A trick
    is a value: :meth:`play` returns a new trick.

    >>> trick = Trick(leader=3).play(Card.parse("♥A")).play(Card.parse("♥10"))
    >>> trick
    Trick.parse('♥A ♥10', leader=3)
    >>> trick.seats, trick.next_seat, trick.points, trick.is_complete
    ((3, 0), 1, 21, False)
    """

    leader: int = attrs.field(validator=_check_seat)
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_to_cards, validator=_check_cards)

    @classmethod
    def parse(cls, text: str, leader: int = 0) -> Trick:
        """Read the cards of a trick in play order (``"♠A ♠Q ♠10 ♠K"``).

        Reading stops at the fifth card or the first token longer than any card,
        so a huge text costs no more than its first few characters.

        >>> Trick.parse("♠A, ♠Q", leader=2).next_seat
        0

        Raises:
            InvalidNotationError: a token is not a card, or a third copy of a card.
            TrickCompleteError: more than four cards.
            InvalidTypeError: ``text`` is not a ``str`` or ``leader`` not an ``int``.
            InvalidValueError: ``leader`` is not a seat 0-3.
        """
        if type(leader) is not int or not 0 <= leader <= 3:
            _bad_leader(leader, "leader")
        tokens = _card_tokens(_checks.text(text), 4, "a trick", "§5.1", full=_full_trick)
        cards = tuple([Card.parse(token) for token in tokens])
        try:
            return cls(leader, cards)
        except InvalidValueError as error:
            raise InvalidNotationError(str(error), text=_checks.excerpt(text)) from None

    @staticmethod
    def _make(leader: int, cards: tuple[Card, ...]) -> Trick:
        """A trick from checked parts, without the constructor's validation."""
        trick: Trick = _new_object(Trick)
        _set_leader(trick, leader)
        _set_cards(trick, cards)
        return trick

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[tuple[int, Card]]:
        """Pairs ``(seat, card)`` in play order."""
        leader = self.leader
        return (((leader + i) & 3, card) for i, card in enumerate(self.cards))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)

    def __repr__(self) -> str:
        return f"Trick.parse({str(self)!r}, leader={self.leader})"

    def _repr_svg_(self) -> str:
        """The trick as an SVG picture, which a notebook shows (:func:`doppelkopf.svg.trick`).

        Seat 0 sits at the bottom; a trick knows no game type, so no winner is marked.
        """
        from . import _svg

        style = _svg.Style()
        names = _svg.seat_names(style)
        plays = [(seat, card.suit.value, card.rank.value) for seat, card in self]
        footer = f"{self.points} {style.word('points')}" if self.cards else ""
        return _svg.trick(
            plays, style, leader=self.leader, winner=None, bottom=0, names=names, footer=footer
        )

    @property
    def is_complete(self) -> bool:
        """Whether all four cards have been played."""
        return len(self.cards) == 4

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card, in play order."""
        leader = self.leader
        return tuple((leader + i) & 3 for i in range(len(self.cards)))

    @property
    def next_seat(self) -> int | None:
        """The seat to play next, or ``None`` once the trick is complete."""
        if len(self.cards) == 4:
            return None
        return (self.leader + len(self.cards)) & 3

    @property
    def points(self) -> int:
        """The card points in the trick (SPEC §1.2, §5.5)."""
        return sum(card.points for card in self.cards)

    def card_of(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick, or ``None`` if it has not played (SPEC §5.1).

        >>> Trick.parse("♠A ♠Q", leader=3).card_of(0), Trick.parse("♠A", leader=3).card_of(0)
        (Card.parse('♠Q'), None)

        Raises:
            InvalidTypeError: ``seat`` is not an ``int``.
            InvalidValueError: ``seat`` is not 0-3.
        """
        if type(seat) is not int or not 0 <= seat <= 3:
            _checks.seat(seat)
        position = (seat - self.leader) & 3
        return self.cards[position] if position < len(self.cards) else None

    def led_category(self, game_type: GameType, rules: Rules = _DDV) -> Category | None:
        """The category of the led card (SPEC §5.1), or ``None`` for an empty trick.

        >>> Trick.parse("♥10 ♥A").led_category(GameType.NORMAL, Rules(dullen=False))  # V04
        Category.HEARTS

        Raises:
            InvalidTypeError: ``game_type`` is not a GameType or ``rules`` not a Rules.
        """
        order = _order_of(game_type, rules)
        return order.category(self.cards[0]) if self.cards else None

    def play(self, card: Card) -> Trick:
        """A new trick with ``card`` added by :attr:`next_seat`.

        This checks only that the trick has room; whether the card may be
        played from a hand is :func:`check_card`'s job.

        Raises:
            TrickCompleteError: the trick already holds four cards.
            InvalidTypeError: ``card`` is not a :class:`~doppelkopf.Card`.
            InvalidValueError: the trick already holds both copies of ``card``.
        """
        if type(card) is not Card:
            raise _not_a_card(card)
        cards = self.cards
        if len(cards) == 4:
            raise TrickCompleteError(
                f"cannot play {card}: the trick is complete", action=f"play {card}", rule="§5.1"
            )
        if cards.count(card) == 2:
            raise InvalidValueError(f"a trick cannot hold a third {card} (SPEC §1.1)")
        return Trick._make(self.leader, (*cards, card))

    def winner(
        self,
        game_type: GameType,
        rules: Rules = _DDV,
        *,
        schweine: bool = False,
        last: bool = False,
    ) -> int:
        """Shorthand for :func:`trick_winner` (SPEC §5.3, V§2.2, V§2.3).

        >>> Trick.parse("♥10 ♣Q ♦A ♦10", leader=0).winner(
        ...     GameType.NORMAL, Rules(schweinchen=True), schweine=True)  # V10
        2
        """
        return trick_winner(self, game_type, rules, schweine=schweine, last=last)


_new_object: Final = object.__new__
# The slots' own setters skip the attribute lookup by name of object.__setattr__.
_set_leader: Final = vars(Trick)["leader"].__set__
_set_cards: Final = vars(Trick)["cards"].__set__


def _full_trick(text: str) -> TrickCompleteError:
    return TrickCompleteError(
        f"a trick holds four cards, and {_checks.excerpt(text)} holds more",
        action="parse trick",
        rule="§5.1",
    )


# --- legal cards -------------------------------------------------------------
#
# A hand is a packed int with two bits per distinct card (see Hand.bits).  The
# legal subset is one AND with the led category's mask of the card order
# (doppelkopf._order.CardOrder), which also turns the packed set into a tuple of
# cards in display order.


def _order_of(game_type: GameType, rules: Rules, schweine: bool = False) -> CardOrder:
    """The card order of ``game_type`` under ``rules``; the default rules' without a call.

    The arguments' types are checked only when the fast lookup fails.
    """
    if rules is _DDV and schweine is False:
        try:
            return _DEFAULT_ORDERS[game_type]
        except (KeyError, TypeError):
            pass
    if type(rules) is not Rules:
        rule_set(rules)
    if type(game_type) is not GameType:
        _checks.instance(game_type, GameType, "game_type")
    _checks.flag(schweine, "schweine")
    return rules.card_order(game_type, schweine=schweine)


_NO_CARD: Final = object()


def _check_arguments(hand: object, trick: object, card: object = _NO_CARD) -> None:
    """Raise the error for a hand, trick or card of the wrong type.

    Called where the fast path failed: a wrong type shows itself in a hot path as an
    ``AttributeError``, ``KeyError`` or ``TypeError``, which the caller re-raises
    when every argument has its type.
    """
    if not isinstance(hand, Hand):
        raise _checks.type_error(hand, "hand", "Hand", "Hand.parse")
    if not isinstance(trick, Trick):
        raise _checks.type_error(trick, "trick", "Trick", "Trick.parse")
    if card is not _NO_CARD and not isinstance(card, Card):
        raise _checks.type_error(card, "card", "Card", "Card.parse")


def legal_cards(
    hand: Hand, trick: Trick, game_type: GameType, rules: Rules = _DDV
) -> tuple[Card, ...]:
    """The distinct cards of ``hand`` that may be played to ``trick`` (SPEC §5.2).

    A player who holds a card of the led category must play one of those;
    otherwise any card is legal, and the leader may lead anything.  The cards
    come in ``game_type``'s display order under ``rules`` (trumps high to low,
    then ♣ ♠ ♥ ♦).  Which cards are trumps depends on the rules (V§2.1):

    >>> legal_cards(Hand.parse("♥10 ♦9 ♣A"), Trick.parse("♥A"), GameType.NORMAL,
    ...             Rules(dullen=False))  # V04
    (Card.parse('♥10'),)

    >>> from doppelkopf import GameType, Hand, Trick
    >>> legal_cards(Hand.parse("♠Q ♥9 ♣A"), Trick.parse("♠A"), GameType.NORMAL)  # T02
    (Card.parse('♠Q'), Card.parse('♣A'), Card.parse('♥9'))
    >>> legal_cards(Hand.parse("♥10 ♥Q ♠9"), Trick.parse("♥A"), GameType.QUEENS_SOLO)  # T08
    (Card.parse('♥10'),)

    Raises:
        TrickCompleteError: the trick already holds four cards.
        InvalidTypeError: an argument of the wrong type.
    """
    # The default rules' order without a call: this is the hottest question of a search.
    try:
        order = _DEFAULT_ORDERS[game_type] if rules is _DDV else _order_of(game_type, rules)
    except (KeyError, TypeError):
        order = _order_of(game_type, rules)
    try:
        bits = hand._bits
        cards = trick.cards
        if cards:
            if len(cards) == 4:
                raise TrickCompleteError(
                    "no card can be played to a complete trick", action="play", rule="§5.1"
                )
            following = bits & order.follow_bits[cards[0]]
            if following:
                bits = following
    except (AttributeError, KeyError, TypeError):
        _check_arguments(hand, trick)
        raise  # pragma: no cover - every argument has its type: a genuine error
    return order._distinct(bits)


def check_card(
    hand: Hand,
    trick: Trick,
    game_type: GameType,
    card: Card,
    rules: Rules = _DDV,
    *,
    seat: int | None = None,
) -> None:
    """Raise unless ``card`` may be played from ``hand`` to ``trick`` (SPEC §5.1, §5.2).

    >>> from doppelkopf import GameType, Hand, Trick
    >>> check_card(Hand.parse("♥10 ♥K ♦Q"), Trick.parse("♥A"), GameType.NORMAL,
    ...            Card.parse("♥10"))  # T10
    Traceback (most recent call last):
    ...
    doppelkopf.errors.MustFollowError: cannot play ♥10: it is trump and ♥ was led; play one of ...

    Raises:
        TrickCompleteError: the trick already holds four cards.
        CardNotHeldError: ``card`` is not in ``hand``.
        MustFollowError: ``hand`` holds the led category and ``card`` is not of it.
        InvalidTypeError: an argument of the wrong type.
    """
    if not (isinstance(card, Card) and isinstance(trick, Trick) and isinstance(hand, Hand)):
        _check_arguments(hand, trick, card)
    if seat is not None:
        seat = _checks.seat(seat)
    order = _order_of(game_type, rules)
    action = f"play {card}"
    if len(trick.cards) == 4:
        raise TrickCompleteError(
            f"cannot play {card}: the trick is complete", seat=seat, action=action, rule="§5.1"
        )
    if card not in hand:
        raise CardNotHeldError(
            f"cannot play {card}: it is not in the hand", seat=seat, action=action, rule="§5.2"
        )
    if trick.cards:
        led = order.cat_index[trick.cards[0]]
        if order.cat_index[card] != led and hand._bits & order.cat_bits[led]:
            options = " ".join(str(option) for option in legal_cards(hand, trick, game_type, rules))
            raise MustFollowError(
                f"cannot play {card}: it is {order.category(card)} and "
                f"{order.category(trick.cards[0])} was led; play one of {options}",
                seat=seat,
                action=action,
                rule="§5.2",
            )


def can_play_card(
    hand: Hand, trick: Trick, game_type: GameType, card: Card, rules: Rules = _DDV
) -> bool:
    """Whether :func:`check_card` would accept ``card`` (SPEC §5.1, §5.2).

    >>> from doppelkopf import GameType, Hand, Trick
    >>> can_play_card(Hand.parse("♥10 ♣A"), Trick.parse("♥A"), GameType.NORMAL,
    ...               Card.parse("♣A"))  # T10b
    True
    >>> can_play_card(Hand.parse("♥10 ♥K ♦Q"), Trick.parse("♥A"), GameType.NORMAL,
    ...               Card.parse("♥10"))  # T10
    False

    Raises:
        InvalidTypeError: an argument of the wrong type (a wrong type is never
            merely "not legal").
    """
    order = _order_of(game_type, rules)
    if not (isinstance(card, Card) and isinstance(trick, Trick) and isinstance(hand, Hand)):
        _check_arguments(hand, trick, card)
    cards = trick.cards
    if len(cards) == 4 or card not in hand:
        return False
    if not cards:
        return True
    led = order.cat_index[cards[0]]
    return order.cat_index[card] == led or not hand._bits & order.cat_bits[led]


def is_legal_card(
    hand: Hand, trick: Trick, game_type: GameType, card: Card, rules: Rules = _DDV
) -> bool:
    """Deprecated alias of :func:`can_play_card` (SPEC §5.2); it warns when called.

    .. deprecated:: 0.2
       Use :func:`can_play_card`.

    >>> import warnings
    >>> from doppelkopf import GameType, Hand, Trick
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     is_legal_card(Hand.parse("♣A"), Trick.parse("♥A"), GameType.NORMAL, Card.parse("♣A"))
    True
    """
    warnings.warn(
        "is_legal_card is deprecated; use can_play_card",
        DoppelkopfDeprecationWarning,
        stacklevel=2,
    )
    return can_play_card(hand, trick, game_type, card, rules)


def trick_winner(
    trick: Trick,
    game_type: GameType,
    rules: Rules = _DDV,
    *,
    schweine: bool = False,
    last: bool = False,
) -> int:
    """The seat whose card wins ``trick`` (SPEC §5.3, §5.4, V§2.2, V§2.3).

    The highest trump wins; without trumps the highest card of the led suit
    wins.  Of two identical cards the one played first ranks higher: a later
    card replaces the current winner only if it is strictly stronger — except
    the second 10♥ when ``rules.second_dulle`` says so (``last`` tells whether
    this is the deal's last trick).  ``schweine`` says whether a player holds
    the Schweine (V§2.3).  For an incomplete trick the answer is the seat
    winning so far.

    >>> from doppelkopf import GameType, Rules, Trick
    >>> trick_winner(Trick.parse("♥10 ♥10 ♣Q ♦A", leader=0), GameType.NORMAL)  # T03
    0
    >>> trick_winner(Trick.parse("♦9 ♣A ♦J ♦A", leader=2), GameType.NORMAL)  # T11
    0
    >>> trick_winner(Trick.parse("♥10 ♥10 ♣Q ♦A", leader=0), GameType.NORMAL,
    ...              Rules(second_dulle="always"))  # V07
    1

    Raises:
        InvalidValueError: the trick is empty.
        InvalidTypeError: an argument of the wrong type.
    """
    try:
        cards = trick.cards
        if not cards:
            raise InvalidValueError("an empty trick has no winner")
        if rules is _DDV and schweine is False:
            # The default rules' loop: no option can change the first-equal-copy rule here.
            keys = _DEFAULT_ORDERS[game_type].lead_keys[cards[0]]
            best = 0
            best_key = keys[cards[0]]
            for position in range(1, len(cards)):
                key = keys[cards[position]]
                if key > best_key:
                    best = position
                    best_key = key
            return (trick.leader + best) & 3
    except (AttributeError, KeyError, TypeError):
        if not isinstance(trick, Trick):
            raise _checks.type_error(trick, "trick", "Trick", "Trick.parse") from None
    order = _order_of(game_type, rules, schweine)
    _checks.flag(last, "last")
    return (trick.leader + order._winner_position(cards, last)) & 3
