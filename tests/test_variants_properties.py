"""Properties of deals under drawn rule sets (V§0–V§5), checked against VARIANTS.md.

Every property draws its rule set with :func:`doppelkopf.strategies.rules`, so
each option and each allowed combination is met.  The trick winners and the
following rule are recomputed from the text of SPEC §4–§5 and V§1–V§2 by
:func:`expected_winner` and :func:`category`, which share no code with the
library's card orders.
"""

from __future__ import annotations

import pickle
from collections import Counter
from typing import Final

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deal_helpers import EVERY_ACTION, snapshot, unchanged
from doppelkopf import (
    Announce,
    Card,
    Category,
    Deal,
    Declare,
    DoppelkopfError,
    GameType,
    Hand,
    Phase,
    PlayerView,
    Rank,
    Reservation,
    Rules,
    SpecialKind,
    Suit,
    Trick,
    can_play_card,
    legal_cards,
    special_events,
    trick_winner,
)
from doppelkopf.strategies import deals, deals_of_hands, positions, rules

card = Card.parse
DULLE: Final = card("♥10")
FOX: Final = card("♦A")
QUEENS: Final = [Card(suit, Rank.QUEEN) for suit in Suit]
JACKS: Final = [Card(suit, Rank.JACK) for suit in Suit]
# SPEC §4.6: a plain suit ranks A, 10, K, Q, J, 9.
PLAIN_RANKS: Final = [Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE]
SUIT_SOLOS: Final = {
    GameType.HEARTS_SOLO: Suit.HEARTS,
    GameType.SPADES_SOLO: Suit.SPADES,
    GameType.CLUBS_SOLO: Suit.CLUBS,
}
SCHWEINE_GAMES: Final = {
    GameType.NORMAL,
    GameType.MARRIAGE,
    GameType.MARRIAGE_SOLO,
    GameType.SILENT_MARRIAGE,
}
NORMAL_ORDER: Final = (
    GameType.NORMAL,
    GameType.MARRIAGE,
    GameType.MARRIAGE_SOLO,
    GameType.SILENT_MARRIAGE,
    GameType.DIAMONDS_SOLO,
)


def few(examples: int) -> settings:
    """Settings for a property over whole deals: at most ``examples`` of them."""
    return settings(
        max_examples=min(examples, settings().max_examples),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def trumps(game: GameType, rules: Rules, schweine: bool) -> list[Card]:
    """The trumps high to low, as SPEC §4.1–§4.5 and V§2.1, V§2.3 list them."""
    if game is GameType.QUEENS_SOLO:
        return list(QUEENS)
    if game is GameType.JACKS_SOLO:
        return list(JACKS)
    if game is GameType.FLESHLESS:
        return []
    suit = SUIT_SOLOS.get(game, Suit.DIAMONDS)
    low = [Card(suit, rank) for rank in (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE)]
    top = []
    if rules.dullen:  # the 10♥ heads the trumps, also in the hearts solo
        top.append(DULLE)
        low = [c for c in low if c is not DULLE]
    if rules.schweinchen and schweine and game in SCHWEINE_GAMES:
        top.insert(0, FOX)
        low.remove(FOX)
    return [*top, *QUEENS, *JACKS, *low]


def category(c: Card, trump_list: list[Card]) -> Suit | None:
    """``None`` for a trump, else the card's suit (SPEC §4.7)."""
    return None if c in trump_list else c.suit


def expected_winner(trick: Trick, game: GameType, rules: Rules, schweine: bool, last: bool) -> int:
    """The seat winning ``trick`` by SPEC §5.3–§5.4 and V§2.2."""
    trump_list = trumps(game, rules, schweine)
    led = category(trick.cards[0], trump_list)

    def rank(c: Card) -> tuple[int, int]:
        if c in trump_list:
            return (2, -trump_list.index(c))
        if c.suit is led and led is not None:
            return (1, -PLAIN_RANKS.index(c.rank))
        return (0, 0)  # neither trump nor of the led suit: never wins

    rises = DULLE in trump_list and (
        rules.second_dulle == "always" or (rules.second_dulle == "except_last_trick" and not last)
    )
    best = 0
    for position in range(1, 4):
        c, winning = trick.cards[position], trick.cards[best]
        if rank(c) > rank(winning) or (c is winning and c is DULLE and rises):
            best = position
    return (trick.leader + best) % 4


def in_play(deal: Deal) -> list[Card]:
    return [c for trick in (*deal.tricks, deal.current_trick) for c in trick.cards]


def replayed(deal: Deal, rules: Rules) -> Deal:
    """The same cards and calls under other rules that do not change the play."""
    return Deal.from_hands(deal.dealt, dealer=deal.dealer, rules=rules).replay(deal.history)


# --- every rule set ----------------------------------------------------------------------


@few(40)
@given(deals(rules()))
def test_the_deck_is_conserved(deal: Deal) -> None:
    table = deal.rules
    assert Counter(c for hand in deal.dealt for c in hand) == Counter(table.deck)
    assert [len(hand) for hand in deal.dealt] == [table.hand_size] * 4
    held = Counter(c for hand in deal.hands for c in hand)
    assert held + Counter(in_play(deal)) == Counter(table.deck)
    assert sum(deal.hand_size(seat) for seat in range(4)) + len(in_play(deal)) == len(table.deck)


@few(40)
@given(deals(rules(), finished=True))
def test_finished_deals_under_every_rule_set(deal: Deal) -> None:
    table = deal.rules
    outcome = deal.outcome
    assert deal.phase is Phase.FINISHED
    assert len(deal.tricks) == table.tricks == table.hand_size
    assert sum(outcome.seat_points) == 240
    assert outcome.rules is table
    assert outcome.schweine == deal.schweine
    assert all(len(hand) == 0 for hand in deal.hands)


@few(40)
@given(deals(rules(), finished=True))
def test_every_trick_is_won_as_the_variants_say(deal: Deal) -> None:
    outcome = deal.outcome
    schweine = deal.schweine is not None
    for number, trick in enumerate(deal.tricks, start=1):
        last = number == deal.rules.tricks
        expected = expected_winner(trick, outcome.game_type, deal.rules, schweine, last)
        assert outcome.winners[number - 1] == expected, (number, str(trick))


@few(40)
@given(deals(rules()))
def test_legal_cards_follow_the_variants_categories(deal: Deal) -> None:
    if deal.phase is not Phase.PLAY:
        return
    seat = deal.turn
    assert seat is not None
    game = deal.game_type
    assert game is not None
    trump_list = trumps(game, deal.rules, deal.schweine is not None)
    hand = deal.hands[seat].distinct()
    trick = deal.current_trick
    if trick.cards:
        led = category(trick.cards[0], trump_list)
        following = [c for c in hand if category(c, trump_list) is led]
        expected = set(following or hand)
    else:
        expected = set(hand)
    assert set(deal.legal_cards()) == expected
    order = deal.card_order
    assert order is not None
    assert list(order.trumps) == [c for c in trump_list if c in deal.rules.distinct_cards]


@few(30)
@given(deals(rules()))
def test_views_leak_nothing(deal: Deal) -> None:
    for seat in range(4):
        view = deal.view(seat)
        assert view.hand == deal.hands[seat]
        assert view.rules is deal.rules
        for field in attrs.fields(PlayerView):
            value = getattr(view, field.name)
            if field.name != "hand":
                assert not isinstance(value, Hand), field.name
                if isinstance(value, tuple):
                    assert not any(isinstance(item, Hand | Reservation) for item in value)
        assert all(action.seat == seat for action in view.legal_actions)
        assert view.hand_sizes == tuple(deal.hand_size(s) for s in range(4))
        assert view.schweine == (deal.schweine if deal.game_type is not None else None)


@few(25)
@given(deals(rules()))
def test_rejected_actions_leave_the_deal_unchanged(deal: Deal) -> None:
    before = snapshot(deal)
    digest = hash(deal)
    copy = pickle.loads(pickle.dumps(deal))
    for action in EVERY_ACTION:
        if deal.can_apply(action):
            continue
        try:
            deal.apply(action)
        except DoppelkopfError:
            pass
        else:
            # Legal but adding nothing: a repeated announcement returns the deal itself.
            assert isinstance(action, Announce)
            assert deal.apply(action) is deal
    assert unchanged(deal, before)
    assert deal == copy
    assert hash(deal) == digest


@few(30)
@given(deals(rules()))
def test_the_deal_pickles(deal: Deal) -> None:
    copy = pickle.loads(pickle.dumps(deal))
    assert copy == deal
    assert hash(copy) == hash(deal)
    assert copy.rules == deal.rules
    assert copy.card_order is deal.card_order
    assert copy.history == deal.history
    assert copy.legal_actions == deal.legal_actions
    if deal.is_finished:
        assert copy.outcome == deal.outcome


# --- each option alone -------------------------------------------------------------------


@few(30)
@given(deals(rules(nines=False)))
def test_without_nines_no_nine_is_dealt(deal: Deal) -> None:
    assert all(c.rank is not Rank.NINE for hand in deal.dealt for c in hand)
    assert all(c.rank is not Rank.NINE for c in deal.legal_cards())


@given(rules(nines=False), st.integers(min_value=0, max_value=2**32))
def test_without_nines_every_deadline_is_two_lower(table: Rules, seed: int) -> None:
    with_nines = attrs.evolve(table, nines=True)
    for level in range(5):
        for shift in range(3):
            assert table.deadline(level, shift) == with_nines.deadline(level, shift) - 2
            assert table.deadline(level, shift) == Rules.DDV.deadline(level, shift) - 2
    shuffled = Deal.shuffled(seed=seed, rules=table)
    assert all(c.rank is not Rank.NINE for hand in shuffled.dealt for c in hand)
    assert shuffled.cut in table.cuts


@st.composite
def schweine_deals(draw: st.DrawFn) -> Deal:
    """A finished deal under Schweinchen in which one seat was dealt both ♦A."""
    # Without Armut and Schmeißen, which have no Schweine (V§2.3) or no play (V§8).
    table = draw(rules(schweinchen=True, solos=False, armut=False, schmeissen=frozenset()))
    hands = [list(hand) for hand in draw(deals_of_hands(table))]
    holder = draw(st.integers(min_value=0, max_value=3))
    for seat in range(4):
        while seat != holder and FOX in hands[seat]:
            given_back = next(c for c in hands[holder] if c is not FOX)
            hands[holder].remove(given_back)
            hands[seat].remove(FOX)
            hands[holder].append(FOX)
            hands[seat].append(given_back)
    deal = Deal.from_hands([Hand(hand) for hand in hands], rules=table)
    while not deal.is_finished:
        actions = [action for action in deal.legal_actions if not isinstance(action, Announce)]
        deal = deal.apply(draw(st.sampled_from(actions)))
    return deal


@few(40)
@given(schweine_deals())
def test_schweine_beat_every_trump_and_no_fox_of_the_holder_is_caught(deal: Deal) -> None:
    holder = next(seat for seat in range(4) if deal.dealt[seat].count(FOX) == 2)
    # Without solos the contract is a normal game, a marriage or a silent marriage.
    assert deal.schweine == holder
    order = deal.card_order
    assert order is not None
    assert order.trumps[0] is FOX
    assert all(order.strength(FOX) > order.strength(c) for c in order.trumps[1:])
    outcome = deal.outcome
    for trick, winner in zip(deal.tricks, outcome.winners, strict=True):
        if trick.card_of(holder) is FOX:
            assert winner == holder
    assert not any(
        event.kind is SpecialKind.FOX_CAUGHT and event.victim == holder
        for event in outcome.special_events
    )
    assert all(deal.view(seat).schweine == holder for seat in range(4))


@few(60)
@given(st.data())
def test_without_dullen_the_ten_of_hearts_follows_hearts(data: st.DataObject) -> None:
    table = data.draw(rules(dullen=False))
    game = data.draw(st.sampled_from(NORMAL_ORDER))
    order = table.card_order(game)
    assert order.category(DULLE) is Category.HEARTS
    assert DULLE not in order.trumps
    hand, trick = data.draw(positions(game, rules=table))[1:]
    if DULLE not in hand or not trick.cards:
        return
    legal = legal_cards(hand, trick, game, table)
    led = trick.cards[0]
    if not order.is_trump(led) and led.suit is Suit.HEARTS:
        assert DULLE in legal
        assert all(c.suit is Suit.HEARTS and not order.is_trump(c) for c in legal)
    else:
        # Trump or another suit led: the 10♥ is legal only when the hand cannot follow.
        can_follow = any(order.category(c) is order.category(led) for c in hand)
        assert (DULLE in legal) is not can_follow


@few(40)
@given(deals(rules(solos=False)))
def test_without_solos_no_solo_is_ever_legal(deal: Deal) -> None:
    assert deal.game_type is None or not deal.game_type.is_declarable_solo
    if deal.phase is Phase.RESERVATIONS:
        seat = deal.turn
        assert seat is not None
        for reservation in Reservation:
            if reservation.is_solo:
                assert not deal.can_declare(seat, reservation)
                assert Declare(seat, reservation) not in deal.legal_actions
        assert deal.can_declare(seat, Reservation.HEALTHY)


@few(40)
@given(deals(rules(skip_levels=False)))
def test_without_skipping_one_level_at_a_time(deal: Deal) -> None:
    for seat in range(4):
        assert len(deal.legal_announcements(seat)) <= 1
    levels: dict[object, list[int]] = {}
    for event in deal.announcements:
        levels.setdefault(event.party, []).append(int(event.level))
    for made in levels.values():
        assert made == list(range(len(made)))


@few(30)
@given(deals(rules(specials=False), finished=True))
def test_without_special_points_no_special_events(deal: Deal) -> None:
    assert deal.outcome.special_events == ()
    counted = replayed(deal, attrs.evolve(deal.rules, specials=True))
    assert counted.tricks == deal.tricks


@few(30)
@given(deals(rules(karlchen=False), finished=True))
def test_without_karlchen_no_karlchen_events(deal: Deal) -> None:
    events = deal.outcome.special_events
    assert all(event.kind is not SpecialKind.KARLCHEN for event in events)
    counted = replayed(deal, attrs.evolve(deal.rules, karlchen=True)).outcome.special_events
    assert tuple(e for e in counted if e.kind is not SpecialKind.KARLCHEN) == events


# --- the second Dulle (V§2.2), where both 10♥ meet ------------------------------------


@few(100)
@given(st.data())
def test_tricks_with_both_dullen_are_won_as_the_variants_say(data: st.DataObject) -> None:
    table = data.draw(rules(dullen=True))
    game = data.draw(st.sampled_from(tuple(GameType)))
    rest = [c for c in table.deck if c is not DULLE]
    indices = data.draw(
        st.lists(st.sampled_from(range(len(rest))), min_size=2, max_size=2, unique=True)
    )
    cards = data.draw(st.permutations([DULLE, DULLE, rest[indices[0]], rest[indices[1]]]))
    leader = data.draw(st.integers(min_value=0, max_value=3))
    schweine = data.draw(st.booleans())
    last = data.draw(st.booleans())
    trick = Trick.parse(" ".join(str(c) for c in cards), leader=leader)
    expected = expected_winner(trick, game, table, schweine, last)
    assert trick_winner(trick, game, table, schweine=schweine, last=last) == expected


@st.composite
def dullen_deals(draw: st.DrawFn) -> Deal:
    """A deal after trick 1, in which A led a 10♥ and B played the other one."""
    table = draw(rules(dullen=True, armut=False, schmeissen=frozenset()))
    hands = [list(hand) for hand in draw(deals_of_hands(table))]
    for seat in (0, 1):
        if DULLE not in hands[seat]:
            holder = next(
                s
                for s in range(4)
                if s != seat
                and DULLE in hands[s]
                and (s not in (0, 1) or hands[s].count(DULLE) == 2)
            )
            given_back = next(c for c in hands[seat] if c is not DULLE)
            hands[holder].remove(DULLE)
            hands[seat].remove(given_back)
            hands[seat].append(DULLE)
            hands[holder].append(given_back)
    deal = Deal.from_hands([Hand(hand) for hand in hands], rules=table)
    while deal.phase is Phase.RESERVATIONS:
        declares = [a for a in deal.legal_actions if isinstance(a, Declare)]
        deal = deal.apply(draw(st.sampled_from(declares)))
    # A leads; whether the 10♥ is a trump or a plain heart, B follows with its own.
    deal = deal.play(0, DULLE).play(1, DULLE)
    for seat in (2, 3):
        deal = deal.play(seat, draw(st.sampled_from(deal.legal_cards())))
    return deal


@few(60)
@given(dullen_deals())
def test_a_deal_applies_the_second_dulle(deal: Deal) -> None:
    game = deal.game_type
    assert game is not None
    (trick,) = deal.tricks
    expected = expected_winner(trick, game, deal.rules, deal.schweine is not None, last=False)
    assert deal.current_trick.leader == expected


# --- the functional API agrees with the deal ---------------------------------------------


@few(30)
@given(deals(rules(), finished=True))
def test_special_events_of_the_tricks_are_the_deals(deal: Deal) -> None:
    outcome = deal.outcome
    events = special_events(
        deal.tricks,
        outcome.game_type,
        outcome.parties,
        deal.rules,
        schweine=deal.schweine is not None,
    )
    assert events == outcome.special_events
    if not deal.rules.specials:
        assert events == ()


@few(30)
@given(deals(rules()))
def test_the_functional_rules_agree_with_the_deal(deal: Deal) -> None:
    if deal.phase is not Phase.PLAY:
        return
    seat = deal.turn
    assert seat is not None
    game = deal.game_type
    assert game is not None
    hand, trick = deal.hands[seat], deal.current_trick
    functional = legal_cards(hand, trick, game, deal.rules)
    assert set(functional) == set(deal.legal_cards())
    for c in hand.distinct():
        assert can_play_card(hand, trick, game, c, deal.rules) is (c in functional)
        assert deal.can_play(seat, c) is (c in functional)
