"""Hypothesis strategies for property-based tests of code built on :mod:`doppelkopf`.

Importing this module needs `Hypothesis <https://hypothesis.readthedocs.io>`_;
the rest of the library does not.  Every strategy generates valid values only:
rule sets never combine options that exclude each other, hands never hold a
third copy of a card, deals partition the deck, and the tricks, positions and
deals come from random *legal* play of a random deal, so a bot can be tested on
the situations it will really meet.

Strategies that depend on the rule set take ``rules``: ``None`` (the default)
is :attr:`Rules.DDV <doppelkopf.Rules.DDV>`, the default rule set (:doc:`/rules/index`).

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

from typing import Final, NamedTuple, cast

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from ._order import CardOrder
from .cards import Card, Hand, Rank, Suit
from .deal import Action, Announce, AnswerPoverty, Deal, Declare, Phase, Play, Reservation
from .errors import InvalidRulesError
from .rules import BOCK_TRIGGERS, THROW_REASONS, GameType, Rules
from .tricks import Trick, trick_winner

__all__ = [
    "Position",
    "cards",
    "deals",
    "deals_of_hands",
    "game_types",
    "hands",
    "positions",
    "ranks",
    "rules",
    "suits",
    "tricks",
]

_DDV: Final = Rules.DDV


def _table(rules: object) -> Rules:
    """The rule set a strategy's ``rules`` argument names (``None`` is the default rules)."""
    if rules is None:
        return _DDV
    if not isinstance(rules, Rules):
        raise InvalidArgument(f"rules must be a Rules value or None, not {rules!r}")
    return rules


# The options in the order rules() draws them, each with its values, the
# default first so that every drawn rule set shrinks towards Rules.DDV.  The
# sets and numbers are a sample: each reason and trigger, both ends of each range.
_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "nines": (True, False),
    "dullen": (True, False),
    "second_dulle": ("never", "always", "except_last_trick"),
    "schweinchen": (False, True),
    "solos": (True, False),
    "skip_levels": (True, False),
    "specials": (True, False),
    "karlchen": (True, False),
    "karlchen_caught": (False, True),
    "fox_at_end": (False, True),
    "armut": (False, True),
    "armut_max_trumps": (3, 2, 1),
    "schmeissen": (
        frozenset(),
        frozenset({"nines5", "kings5"}),
        frozenset(THROW_REASONS),
        frozenset({"trumps1"}),
        frozenset({"full7"}),
        frozenset({"nines4_kings4"}),
    ),
    "compulsory_solo": (False, True),
    "players": (4, 5),
    "session_length": (None, 24, 5, 1),
    "bock": (frozenset(), frozenset({"tie"}), frozenset(BOCK_TRIGGERS), frozenset({"lost_solo"})),
    "bock_stacking": ("consecutive", "multiply"),
}
assert tuple(_CHOICES) == tuple(_DDV.as_dict()), "rules() must draw every option of Rules"
_NINE_REASONS: Final = frozenset({"nines5", "nines4_kings4"})


@st.composite
def _rule_sets(draw: st.DrawFn, fixed: dict[str, object]) -> Rules:
    # Every option is drawn, also one that is fixed or forced, so that every
    # rule set takes the same draws and the shrinker can move each freely.
    values = {name: draw(st.sampled_from(choices)) for name, choices in _CHOICES.items()}
    values.update(fixed)
    # Each exclusion of V§0.4 is resolved in favour of a fixed option.
    if fixed.get("second_dulle", "never") != "never":
        values["dullen"] = True
    if not values["dullen"]:
        values["second_dulle"] = "never"
    if fixed.get("karlchen_caught") or fixed.get("fox_at_end"):
        values["specials"] = True
    if not values["specials"]:
        values["karlchen_caught"] = values["fox_at_end"] = False
    if fixed.get("compulsory_solo"):
        values["solos"] = True
    if not values["solos"]:
        values["compulsory_solo"] = False
    reasons = frozenset(cast("frozenset[str]", values["schmeissen"]))
    if "schmeissen" in fixed and reasons & _NINE_REASONS:
        values["nines"] = True
    if not values["nines"]:
        values["schmeissen"] = reasons - _NINE_REASONS
    length = cast("int | None", values["session_length"])
    if values["compulsory_solo"] and length is not None and length < cast("int", values["players"]):
        if "compulsory_solo" in fixed:
            values["session_length"] = None
        else:
            values["compulsory_solo"] = False
    return Rules(**values)  # type: ignore[arg-type]


def rules(**fixed: object) -> st.SearchStrategy[Rules]:
    """Rule sets with every rule option (V§0) drawn, no excluded combination (V§0.4).

    Each option takes each of its values; combinations that exclude each other
    are never drawn.  Options given as keywords are fixed to that value
    (``rules(nines=False)``), the others drawn around them.  Drawn rule sets
    shrink towards :attr:`Rules.DDV <doppelkopf.Rules.DDV>`.

    >>> from hypothesis import find, given, settings
    >>> from doppelkopf import Rules
    >>> find(rules(), lambda table: True, settings=settings(database=None))
    Rules()
    >>> find(rules(dullen=False), lambda table: True, settings=settings(database=None))
    Rules(dullen=False)
    >>> @settings(max_examples=50, database=None)
    ... @given(rules())
    ... def test_text_form(table):
    ...     assert Rules.parse(str(table)) == table
    >>> test_text_form()

    Raises:
        hypothesis.errors.InvalidArgument: an unknown option, a bad value, or
            fixed options that exclude each other.
    """
    for name in fixed:
        if name not in _CHOICES:
            raise InvalidArgument(f"unknown option {name!r}; the options are {', '.join(_CHOICES)}")
    try:
        Rules(**fixed)  # type: ignore[arg-type]
    except InvalidRulesError as error:
        raise InvalidArgument(f"fixed options are not a rule set: {error}") from error
    return _rule_sets(dict(fixed))


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


def cards(rules: Rules | None = None) -> st.SearchStrategy[Card]:
    """Any distinct card of the deck of ``rules``: 24, or 20 without nines (V§1.1).

    The cards are the interned :class:`~doppelkopf.Card` objects.

    >>> from hypothesis import find, given, settings
    >>> from doppelkopf import DISTINCT_CARDS, Rules
    >>> @settings(max_examples=10, database=None)
    ... @given(cards())
    ... def test_card(card):
    ...     assert DISTINCT_CARDS[card.index] is card
    >>> test_card()
    >>> find(cards(Rules(nines=False)), lambda card: True, settings=settings(database=None))
    Card.parse('♣J')
    """
    return st.sampled_from(_table(rules).distinct_cards)


def game_types() -> st.SearchStrategy[GameType]:
    """Any of the eleven game types of SPEC §3.1; shrinks towards ``NORMAL``.

    >>> from hypothesis import find, settings
    >>> find(game_types(), lambda game: True, settings=settings(database=None))
    GameType.NORMAL
    """
    return st.sampled_from(tuple(GameType))


def hands(
    min_size: int = 0, max_size: int = 12, *, rules: Rules | None = None
) -> st.SearchStrategy[Hand]:
    """Hands of ``min_size`` to ``max_size`` cards, holding at most two copies of any card.

    A hand is drawn as a set of distinct copies from the deck of ``rules`` (48
    cards, or 40 without nines), so every hand that can occur in a game can be
    generated, and nothing else.

    >>> from hypothesis import find, settings
    >>> find(hands(min_size=3), lambda hand: True, settings=settings(database=None))
    Hand.parse('♣J ♣9 ♣9')

    Raises:
        hypothesis.errors.InvalidArgument: the sizes are not
            ``0 <= min_size <= max_size <= 48`` (40 without nines).
    """
    deck = _table(rules).deck
    for name, value in (("min_size", min_size), ("max_size", max_size)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidArgument(f"{name} must be an int, not {value!r}")
    if not 0 <= min_size <= max_size <= len(deck):
        raise InvalidArgument(
            f"need 0 <= min_size <= max_size <= {len(deck)}, "
            f"not min_size={min_size}, max_size={max_size}"
        )
    copies = st.lists(
        st.integers(min_value=0, max_value=len(deck) - 1),
        min_size=min_size,
        max_size=max_size,
        unique=True,
    )
    return copies.map(lambda indices: Hand(deck[i] for i in indices))


def _split_deck(cards: list[Card]) -> tuple[Hand, Hand, Hand, Hand]:
    size = len(cards) // 4
    return (
        Hand(cards[0:size]),
        Hand(cards[size : 2 * size]),
        Hand(cards[2 * size : 3 * size]),
        Hand(cards[3 * size :]),
    )


def deals_of_hands(rules: Rules | None = None) -> st.SearchStrategy[tuple[Hand, Hand, Hand, Hand]]:
    """Four hands, for seats 0–3, that together hold the deck of ``rules`` exactly.

    Twelve cards each from 48, or ten each from 40 without nines (V§1.2).

    >>> from hypothesis import given, settings
    >>> from doppelkopf import DECK, Rules
    >>> @settings(max_examples=10, database=None)
    ... @given(deals_of_hands())
    ... def test_deal(deal):
    ...     assert [len(hand) for hand in deal] == [12, 12, 12, 12]
    ...     assert sorted(card for hand in deal for card in hand) == sorted(DECK)
    >>> test_deal()
    >>> short = Rules(nines=False)
    >>> @settings(max_examples=10, database=None)
    ... @given(deals_of_hands(short))
    ... def test_short_deal(deal):
    ...     assert [len(hand) for hand in deal] == [10, 10, 10, 10]
    ...     assert sorted(card for hand in deal for card in hand) == sorted(short.deck)
    >>> test_short_deal()
    """
    return st.permutations(_table(rules).deck).map(_split_deck)


class Position(NamedTuple):
    """A moment of a deal at which a card is due: the seat to play holds ``hand``.

    ``trick`` is the current, incomplete trick (empty when the seat leads), and
    its :attr:`~doppelkopf.Trick.next_seat` is the seat holding ``hand``.
    """

    game_type: GameType
    hand: Hand
    trick: Trick


def _options(hand: Hand, trick: Trick, order: CardOrder) -> list[Card]:
    """The cards the following rule allows (SPEC §5.2), without calling the checked code."""
    held = list(hand.distinct())
    if not trick.cards:
        return held
    led = order.category(trick.cards[0])
    following = [card for card in held if order.category(card) is led]
    return following or held


def _extend(draw: st.DrawFn, order: CardOrder, hands: list[Hand], trick: Trick, size: int) -> Trick:
    """Play legal random cards to ``trick`` until it holds ``size`` cards."""
    while len(trick.cards) < size:
        seat = (trick.leader + len(trick.cards)) % 4
        card = draw(st.sampled_from(_options(hands[seat], trick, order)))
        hands[seat] = hands[seat].remove(card)
        trick = trick.play(card)
    return trick


class _Situation(NamedTuple):
    game_type: GameType
    hands: tuple[Hand, Hand, Hand, Hand]
    trick: Trick


_DIAMOND_ACE: Final = Card(Suit.DIAMONDS, Rank.ACE)


@st.composite
def _situations(
    draw: st.DrawFn, game_type: GameType | None, min_size: int, max_size: int, table: Rules
) -> _Situation:
    """A random deal played legally up to a trick holding ``min_size``–``max_size`` cards."""
    game = draw(game_types()) if game_type is None else game_type
    hands = list(draw(deals_of_hands(table)))
    # A seat dealt both ♦A holds the Schweine where the rules and game type have them (V§2.3).
    schweine = any(hand.count(_DIAMOND_ACE) == 2 for hand in hands)
    order = table.card_order(game, schweine=schweine)
    finished = draw(st.integers(min_value=0, max_value=table.tricks - 1))
    leader = draw(st.integers(min_value=0, max_value=3))
    size = draw(st.integers(min_value=min_size, max_value=max_size))
    for _ in range(finished):
        done = _extend(draw, order, hands, Trick(leader), 4)
        leader = trick_winner(done, game, table, schweine=schweine)
    trick = _extend(draw, order, hands, Trick(leader), size)
    return _Situation(game, (hands[0], hands[1], hands[2], hands[3]), trick)


def _check_game_type(game_type: GameType | None) -> None:
    if game_type is not None and not isinstance(game_type, GameType):
        raise InvalidArgument(f"game_type must be a GameType or None, not {game_type!r}")


def tricks(
    game_type: GameType | None = None,
    *,
    min_size: int = 0,
    max_size: int = 4,
    rules: Rules | None = None,
) -> st.SearchStrategy[Trick]:
    """Tricks of ``min_size``–``max_size`` cards reached by legal play of a random deal.

    The earlier tricks of the deal are played out too, so late-game voids occur
    as they do in real play.  With ``game_type=None`` each trick comes from a
    random game type; pass one to get tricks that are legal in that game type.
    The deal is one of the deck of ``rules``, played by their card order; a
    seat dealt both ♦A holds the Schweine if the rules and game type have them.

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
    table = _table(rules)
    for name, value in (("min_size", min_size), ("max_size", max_size)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidArgument(f"{name} must be an int, not {value!r}")
    if not 0 <= min_size <= max_size <= 4:
        raise InvalidArgument(
            f"need 0 <= min_size <= max_size <= 4, not min_size={min_size}, max_size={max_size}"
        )
    return _situations(game_type, min_size, max_size, table).map(lambda situation: situation.trick)


def _position(situation: _Situation) -> Position:
    trick = situation.trick
    seat = (trick.leader + len(trick.cards)) % 4
    return Position(situation.game_type, situation.hands[seat], trick)


def positions(
    game_type: GameType | None = None, *, rules: Rules | None = None
) -> st.SearchStrategy[Position]:
    """Positions ``(game_type, hand, trick)`` in which the holder of ``hand`` must play.

    The deal is random and every card before the position was played legally
    under ``rules``, so ``legal_cards(hand, trick, game_type, rules)`` is never
    empty.  The hand holds 1–12 cards (1–10 without nines); the trick 0–3.

    >>> from hypothesis import given, settings
    >>> from doppelkopf import GameType, Rules, check_card, legal_cards
    >>> @settings(max_examples=25, database=None)
    ... @given(positions(GameType.QUEENS_SOLO))
    ... def test_every_legal_card_passes_the_check(position):
    ...     for card in legal_cards(position.hand, position.trick, position.game_type):
    ...         check_card(position.hand, position.trick, position.game_type, card)
    >>> test_every_legal_card_passes_the_check()
    >>> short = Rules(nines=False, dullen=False)
    >>> @settings(max_examples=25, database=None)
    ... @given(positions(GameType.NORMAL, rules=short))
    ... def test_short_hands(position):
    ...     assert 1 <= len(position.hand) <= 10
    ...     assert legal_cards(position.hand, position.trick, GameType.NORMAL, short)
    >>> test_short_hands()
    """
    _check_game_type(game_type)
    return _situations(game_type, 0, 3, _table(rules)).map(_position)


# --- whole deals ---------------------------------------------------------------


@st.composite
def _deals(
    draw: st.DrawFn,
    tables: st.SearchStrategy[Rules],
    finished: bool,
    announcements: bool,
    void: bool,
) -> Deal:
    table = draw(tables)
    dealer = draw(st.integers(min_value=0, max_value=3))
    deal = Deal.from_hands(draw(deals_of_hands(table)), dealer=dealer, rules=table)
    # How far to go: the whole deal, or stop after a number of actions, counting
    # the four answers of the reservation round and every card.
    total = 4 + 4 * table.tricks
    stop = total if finished else draw(st.integers(min_value=0, max_value=total))
    steps = 0
    while steps < stop and not deal.is_void:
        phase = deal.phase
        if phase is Phase.RESERVATIONS:
            seat = deal.turn
            assert seat is not None
            # Three answers in four are healthy, so that normal games stay common.
            reserve = draw(st.integers(min_value=0, max_value=3)) == 3
            wishes = [
                action
                for action in deal.legal_actions
                if isinstance(action, Declare)
                and action.reservation is not Reservation.HEALTHY
                # The one-step form: the two-step round has its own tests.
                and action.reservation is not Reservation.VORBEHALT
                # Unless void deals are asked for, nobody throws in (V§7.2).
                and (void or action.reservation is not Reservation.THROW)
            ]
            if (reserve or deal.forced) and wishes:
                deal = deal.apply(draw(st.sampled_from(wishes)))
            else:
                deal = deal.declare(seat, Reservation.HEALTHY)
            steps += 1
            continue
        if phase in _EXCHANGE:
            # The steps of the Armut exchange (V§6.3) are not counted; unless
            # void deals are asked for, the last seat asked accepts.
            options: tuple[Action, ...] = deal.legal_actions
            poverty = deal.poverty
            if not void and phase is Phase.POVERTY_OFFER and poverty and len(poverty.answers) == 2:
                options = tuple(a for a in options if isinstance(a, AnswerPoverty) and a.accept)
            deal = deal.apply(draw(st.sampled_from(options)))
            continue
        if announcements and draw(st.integers(min_value=0, max_value=9)) == 9:
            calls = [
                action
                for seat in range(4)
                for action in (Announce(seat, level) for level in deal.legal_announcements(seat))
            ]
            if calls:
                deal = deal.apply(draw(st.sampled_from(calls)))
                continue
        seat = deal.turn
        assert seat is not None
        card = draw(st.sampled_from(deal.legal_cards()))
        deal = deal.apply(Play(seat, card))
        steps += 1
    return deal


_EXCHANGE: Final = frozenset({Phase.POVERTY_PASS, Phase.POVERTY_OFFER, Phase.POVERTY_RETURN})


def deals(
    rules: Rules | st.SearchStrategy[Rules] | None = None,
    *,
    finished: bool = False,
    announcements: bool = True,
    void: bool = False,
) -> st.SearchStrategy[Deal]:
    """Deals under ``rules``, played legally from a random deck to a random moment.

    ``rules`` is one rule set, a strategy drawing them (such as :func:`rules`)
    or ``None`` for the default rules.  The dealer is random; in the
    reservation round three answers in four are healthy and the others a
    random legal *Vorbehalt* (Armut and Schmeißen included where the rules
    have them, V§6, V§7), and the Armut exchange takes random legal steps; in
    play each card is a random legal one and, with ``announcements``, a random
    legal announcement comes now and then.  The deal stops at a random moment
    of the reservation round or of play, or at the end with ``finished=True``.
    Only with ``void=True`` (and not ``finished``) may a deal end void (V§8):
    otherwise nobody throws in and the last seat offered an Armut accepts.
    Deals shrink towards an early moment of a normal game without
    announcements.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, database=None)
    ... @given(deals(rules(), finished=True))
    ... def test_every_card_is_played(deal):
    ...     assert len(deal.tricks) == deal.rules.tricks
    ...     assert sum(deal.outcome.seat_points) == 240
    >>> test_every_card_is_played()

    Raises:
        hypothesis.errors.InvalidArgument: ``rules`` is neither a rule set, a
            strategy nor ``None``, or a flag is not a bool.
    """
    for name, value in (("finished", finished), ("announcements", announcements), ("void", void)):
        if type(value) is not bool:
            raise InvalidArgument(f"{name} must be a bool, not {value!r}")
    tables = rules if isinstance(rules, st.SearchStrategy) else st.just(_table(rules))
    return _deals(tables, finished, announcements, void and not finished)
