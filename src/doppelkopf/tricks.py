"""Tricks, following suit and winning tricks (SPEC §5).

>>> from doppelkopf import GameType, Hand, Trick, legal_cards, trick_winner
>>> trick = Trick.parse("♠A", leader=0)
>>> legal_cards(Hand.parse("♠Q ♠K ♥9 ♦J"), trick, GameType.NORMAL)  # T01
(Card.parse('♠K'),)
>>> trick_winner(Trick.parse("♠A ♠Q ♠10 ♠K", leader=0), GameType.NORMAL)  # T02b
1
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

import attrs

from ._order import CardOrder
from .cards import Card, Hand, _split_tokens
from .errors import (
    CardNotHeldError,
    InvalidNotationError,
    InvalidValueError,
    MustFollowError,
    TrickCompleteError,
)
from .rules import _DEFAULT_ORDERS, Category, GameType, Rules

_DDV: Final = Rules.DDV

__all__ = [
    "Trick",
    "check_card",
    "is_legal_card",
    "legal_cards",
    "trick_winner",
]


def _check_seat(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= 3:
        raise InvalidValueError(f"{attribute.name} must be a seat 0-3, not {value!r}")


def _to_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(cards)


def _check_cards(
    instance: object, attribute: attrs.Attribute[tuple[Card, ...]], value: tuple[Card, ...]
) -> None:
    if len(value) > 4:
        raise TrickCompleteError(
            f"a trick holds four cards, not {len(value)}", action="build trick", rule="§5.1"
        )
    for card in value:
        if not isinstance(card, Card):
            raise TypeError(f"a trick holds Card objects, not {card!r}")
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

        Raises:
            InvalidNotationError: a token is not a card.
            TrickCompleteError: more than four cards.
        """
        cards = tuple(Card.parse(token) for token in _split_tokens(text))
        try:
            return cls(leader, cards)
        except InvalidValueError as error:
            raise InvalidNotationError(str(error), text=text) from None

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
        """The card ``seat`` played to this trick, or ``None`` if it has not played."""
        if type(seat) is not int or not 0 <= seat <= 3:
            raise InvalidValueError(f"seat must be 0-3, not {seat!r}")
        position = (seat - self.leader) & 3
        return self.cards[position] if position < len(self.cards) else None

    def led_category(self, game_type: GameType, rules: Rules = _DDV) -> Category | None:
        """The category of the led card (SPEC §5.1), or ``None`` for an empty trick."""
        return _order_of(game_type, rules).category(self.cards[0]) if self.cards else None

    def play(self, card: Card) -> Trick:
        """A new trick with ``card`` added by :attr:`next_seat`.

        This checks only that the trick has room; whether the card may be
        played from a hand is :func:`check_card`'s job.

        Raises:
            TrickCompleteError: the trick already holds four cards.
        """
        cards = self.cards
        if len(cards) == 4:
            raise TrickCompleteError(
                f"cannot play {card}: the trick is complete", action=f"play {card}", rule="§5.1"
            )
        if not isinstance(card, Card):
            raise TypeError(f"a trick holds Card objects, not {card!r}")
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


# --- legal cards -------------------------------------------------------------
#
# A hand is a packed int with two bits per distinct card (see Hand.bits).  The
# legal subset is one AND with the led category's mask of the card order
# (doppelkopf._order.CardOrder), which also turns the packed set into a tuple of
# cards in display order.


def _order_of(game_type: GameType, rules: Rules, schweine: bool = False) -> CardOrder:
    """The card order of ``game_type`` under ``rules``; the default rules' without a call."""
    if rules is _DDV and not schweine:
        try:
            return _DEFAULT_ORDERS[game_type]
        except KeyError:
            pass
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    if not isinstance(game_type, GameType):
        raise TypeError(f"game_type must be a GameType, not {type(game_type).__name__}")
    return rules.card_order(game_type, schweine=schweine)


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
    """
    order = _order_of(game_type, rules)
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
    return order.distinct_in_order(bits)


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
    """
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
        order = _order_of(game_type, rules)
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


def is_legal_card(
    hand: Hand, trick: Trick, game_type: GameType, card: Card, rules: Rules = _DDV
) -> bool:
    """Whether :func:`check_card` would accept ``card`` (SPEC §5.2).

    >>> from doppelkopf import GameType, Hand, Trick
    >>> is_legal_card(Hand.parse("♥10 ♣A"), Trick.parse("♥A"), GameType.NORMAL,
    ...               Card.parse("♣A"))  # T10b
    True
    """
    cards = trick.cards
    if len(cards) == 4 or card not in hand:
        return False
    if not cards:
        return True
    order = _order_of(game_type, rules)
    led = order.cat_index[cards[0]]
    return order.cat_index[card] == led or not hand._bits & order.cat_bits[led]


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
        ValueError: the trick is empty.
    """
    cards = trick.cards
    if not cards:
        raise InvalidValueError("an empty trick has no winner")
    if rules is _DDV and not schweine:
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
    order = _order_of(game_type, rules, schweine)
    return (trick.leader + order.winner_position(cards, last=last)) & 3
