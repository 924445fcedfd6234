"""Hypothesis strategies for property-based tests of code built on :mod:`doppelkopf`.

Importing this module needs `Hypothesis <https://hypothesis.readthedocs.io>`_;
the rest of the library does not.  Every strategy generates valid values only:
hands never hold a third copy of a card, deals partition the 48-card deck, and
the tricks and positions come from random *legal* play of a random deal, so a
bot can be tested on the situations it will really meet.

>>> from hypothesis import given, settings
>>> from doppelkopf import legal_cards
>>> from doppelkopf.strategies import positions
>>> @settings(max_examples=25, database=None)
... @given(positions())
... def test_first_legal_card_is_held(position):
...     game_type, hand, trick = position
...     assert legal_cards(hand, trick, game_type)[0] in hand
>>> test_first_legal_card_is_held()

:func:`hypothesis.find` with an always-true condition returns the simplest value
a strategy produces, which is where failing examples shrink to:

>>> from hypothesis import find
>>> find(cards(), lambda card: True, settings=settings(database=None))
Card.parse('♣9')
"""

from __future__ import annotations

from typing import NamedTuple

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from .cards import DECK, DISTINCT_CARDS, Card, Hand, Rank, Suit
from .rules import GameType
from .tricks import Trick, trick_winner

__all__ = [
    "Position",
    "cards",
    "deals_of_hands",
    "game_types",
    "hands",
    "positions",
    "ranks",
    "suits",
    "tricks",
]


def suits() -> st.SearchStrategy[Suit]:
    """Any of the four suits; shrinks towards ♣.

    >>> from hypothesis import find, settings
    >>> find(suits(), lambda suit: True, settings=settings(database=None))
    <Suit.CLUBS: 0>
    """
    return st.sampled_from(tuple(Suit))


def ranks() -> st.SearchStrategy[Rank]:
    """Any of the six ranks; shrinks towards the nine.

    >>> from hypothesis import find, settings
    >>> find(ranks(), lambda rank: True, settings=settings(database=None))
    <Rank.NINE: 0>
    """
    return st.sampled_from(tuple(Rank))


def cards() -> st.SearchStrategy[Card]:
    """Any of the 24 distinct cards (the interned :class:`~doppelkopf.Card` objects).

    >>> from hypothesis import given, settings
    >>> from doppelkopf import DISTINCT_CARDS
    >>> @settings(max_examples=10, database=None)
    ... @given(cards())
    ... def test_card(card):
    ...     assert DISTINCT_CARDS[card.index] is card
    >>> test_card()
    """
    return st.sampled_from(DISTINCT_CARDS)


def game_types() -> st.SearchStrategy[GameType]:
    """Any of the eleven game types of SPEC §3.1; shrinks towards ``NORMAL``.

    >>> from hypothesis import find, settings
    >>> find(game_types(), lambda game: True, settings=settings(database=None))
    GameType.NORMAL
    """
    return st.sampled_from(tuple(GameType))


def hands(min_size: int = 0, max_size: int = 12) -> st.SearchStrategy[Hand]:
    """Hands of ``min_size`` to ``max_size`` cards, holding at most two copies of any card.

    A hand is drawn as a set of distinct copies from the 48-card deck, so every
    hand that can occur in a game can be generated, and nothing else.

    >>> from hypothesis import find, settings
    >>> find(hands(min_size=3), lambda hand: True, settings=settings(database=None))
    Hand.parse('♣J ♣9 ♣9')

    Raises:
        hypothesis.errors.InvalidArgument: the sizes are not
            ``0 <= min_size <= max_size <= 48``.
    """
    for name, value in (("min_size", min_size), ("max_size", max_size)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidArgument(f"{name} must be an int, not {value!r}")
    if not 0 <= min_size <= max_size <= len(DECK):
        raise InvalidArgument(
            f"need 0 <= min_size <= max_size <= 48, not min_size={min_size}, max_size={max_size}"
        )
    copies = st.lists(
        st.integers(min_value=0, max_value=len(DECK) - 1),
        min_size=min_size,
        max_size=max_size,
        unique=True,
    )
    return copies.map(lambda indices: Hand(DECK[i] for i in indices))


def _split_deck(cards: list[Card]) -> tuple[Hand, Hand, Hand, Hand]:
    return (
        Hand(cards[0:12]),
        Hand(cards[12:24]),
        Hand(cards[24:36]),
        Hand(cards[36:48]),
    )


def deals_of_hands() -> st.SearchStrategy[tuple[Hand, Hand, Hand, Hand]]:
    """Four 12-card hands, for seats 0–3, that together hold the 48-card deck exactly.

    >>> from hypothesis import given, settings
    >>> from doppelkopf import DECK
    >>> @settings(max_examples=10, database=None)
    ... @given(deals_of_hands())
    ... def test_deal(deal):
    ...     assert [len(hand) for hand in deal] == [12, 12, 12, 12]
    ...     assert sorted(card for hand in deal for card in hand) == sorted(DECK)
    >>> test_deal()
    """
    return st.permutations(DECK).map(_split_deck)


class Position(NamedTuple):
    """A moment of a deal at which a card is due: the seat to play holds ``hand``.

    ``trick`` is the current, incomplete trick (empty when the seat leads), and
    its :attr:`~doppelkopf.Trick.next_seat` is the seat holding ``hand``.
    """

    game_type: GameType
    hand: Hand
    trick: Trick


def _options(hand: Hand, trick: Trick, game_type: GameType) -> list[Card]:
    """The cards the following rule allows (SPEC §5.2), without calling the checked code."""
    held = list(hand.distinct())
    if not trick.cards:
        return held
    led = game_type.category(trick.cards[0])
    following = [card for card in held if game_type.category(card) is led]
    return following or held


def _extend(
    draw: st.DrawFn, game_type: GameType, hands: list[Hand], trick: Trick, size: int
) -> Trick:
    """Play legal random cards to ``trick`` until it holds ``size`` cards."""
    while len(trick.cards) < size:
        seat = (trick.leader + len(trick.cards)) % 4
        card = draw(st.sampled_from(_options(hands[seat], trick, game_type)))
        hands[seat] = hands[seat].remove(card)
        trick = trick.play(card)
    return trick


class _Situation(NamedTuple):
    game_type: GameType
    hands: tuple[Hand, Hand, Hand, Hand]
    trick: Trick


@st.composite
def _situations(
    draw: st.DrawFn, game_type: GameType | None, min_size: int, max_size: int
) -> _Situation:
    """A random deal played legally up to a trick holding ``min_size``–``max_size`` cards."""
    game = draw(game_types()) if game_type is None else game_type
    hands = list(draw(deals_of_hands()))
    finished = draw(st.integers(min_value=0, max_value=11))
    leader = draw(st.integers(min_value=0, max_value=3))
    size = draw(st.integers(min_value=min_size, max_value=max_size))
    for _ in range(finished):
        done = _extend(draw, game, hands, Trick(leader), 4)
        leader = trick_winner(done, game)
    trick = _extend(draw, game, hands, Trick(leader), size)
    return _Situation(game, (hands[0], hands[1], hands[2], hands[3]), trick)


def _check_game_type(game_type: GameType | None) -> None:
    if game_type is not None and not isinstance(game_type, GameType):
        raise InvalidArgument(f"game_type must be a GameType or None, not {game_type!r}")


def tricks(
    game_type: GameType | None = None, *, min_size: int = 0, max_size: int = 4
) -> st.SearchStrategy[Trick]:
    """Tricks of ``min_size``–``max_size`` cards reached by legal play of a random deal.

    The earlier tricks of the deal are played out too, so late-game voids occur
    as they do in real play.  With ``game_type=None`` each trick comes from a
    random game type; pass one to get tricks that are legal in that game type.

    >>> from hypothesis import given, settings
    >>> from doppelkopf import GameType, trick_winner
    >>> @settings(max_examples=25, database=None)
    ... @given(tricks(GameType.FLESHLESS, min_size=4))
    ... def test_no_trump_game(trick):
    ...     winner = trick.card_of(trick_winner(trick, GameType.FLESHLESS))
    ...     assert winner is not None and winner.suit is trick.cards[0].suit
    >>> test_no_trump_game()

    Raises:
        hypothesis.errors.InvalidArgument: the sizes are not
            ``0 <= min_size <= max_size <= 4``.
    """
    _check_game_type(game_type)
    for name, value in (("min_size", min_size), ("max_size", max_size)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidArgument(f"{name} must be an int, not {value!r}")
    if not 0 <= min_size <= max_size <= 4:
        raise InvalidArgument(
            f"need 0 <= min_size <= max_size <= 4, not min_size={min_size}, max_size={max_size}"
        )
    return _situations(game_type, min_size, max_size).map(lambda situation: situation.trick)


def _position(situation: _Situation) -> Position:
    trick = situation.trick
    seat = (trick.leader + len(trick.cards)) % 4
    return Position(situation.game_type, situation.hands[seat], trick)


def positions(game_type: GameType | None = None) -> st.SearchStrategy[Position]:
    """Positions ``(game_type, hand, trick)`` in which the holder of ``hand`` must play.

    The deal is random and every card before the position was played legally, so
    ``legal_cards(hand, trick, game_type)`` is never empty.  The hand holds
    1–12 cards; the trick 0–3.

    >>> from hypothesis import given, settings
    >>> from doppelkopf import GameType, check_card, legal_cards
    >>> @settings(max_examples=25, database=None)
    ... @given(positions(GameType.QUEENS_SOLO))
    ... def test_every_legal_card_passes_the_check(position):
    ...     for card in legal_cards(position.hand, position.trick, position.game_type):
    ...         check_card(position.hand, position.trick, position.game_type, card)
    >>> test_every_legal_card_passes_the_check()
    """
    _check_game_type(game_type)
    return _situations(game_type, 0, 3).map(_position)
